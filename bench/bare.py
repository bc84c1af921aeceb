"""The yardstick of the HTTP benchmarks: a WSGI app that answers every request with a constant.

``python -m bench`` serves :func:`app` under gunicorn with the production configuration
(``service.server.gunicorn_conf``: the same workers, threads, worker class, access log and
hooks as ``python -m service``), so that its rate is the most the stack itself allows on this
machine: any request of the service costs at least what this one does. The answer is the body
of a ``GET /v1/health`` answer with its Content-Type and Content-Length; not the three headers
the service adds to every answer (CORS's two and the request id), which are part of what
health's rate measures.

The cold workload has two more references under the same configuration: :func:`floor`, the
stack carrying its requests' and answers' bytes with no work, and :mod:`bench.alone`, the
game's engine answering them with no road.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

#: the answer's body: what /v1/health answers
BODY = b'{"status":"ok"}'
HEADERS = [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))]


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """200 with :data:`BODY`, whatever the request."""
    start_response("200 OK", HEADERS)
    return [BODY]


#: the request header that tells :func:`floor` how many bytes its answer's body must have
ANSWER_BYTES_HEADER = "X-Answer-Bytes"
#: the floor's answer: a JSON object whose one string is as long as the size asks
_PAD_OPEN, _PAD_CLOSE = b'{"pad":"', b'"}'


def floor(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """200 with a JSON body of as many bytes as the request's ``X-Answer-Bytes`` asks, after
    reading the request's body as the service does: what the stack costs to carry a request's
    bytes in and its answer's bytes out, with no work in between."""
    length = int(environ.get("CONTENT_LENGTH") or 0)
    if length:
        environ["wsgi.input"].read(length)
    size = int(environ.get("HTTP_X_ANSWER_BYTES") or len(BODY))
    body = _PAD_OPEN + b"." * max(0, size - len(_PAD_OPEN) - len(_PAD_CLOSE)) + _PAD_CLOSE
    start_response("200 OK", [("Content-Type", "application/json"),
                              ("Content-Length", str(len(body)))])
    return [body]

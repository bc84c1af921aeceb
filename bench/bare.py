"""The yardstick of the HTTP benchmarks: a WSGI app that answers every request with a constant.

``python -m bench`` serves :func:`app` under gunicorn with the production configuration
(``service.server.gunicorn_conf``: the same workers, threads, worker class, access log and
hooks as ``python -m service``), so that its rate is the most the stack itself allows on this
machine: any request of the service costs at least what this one does. The answer is the bytes
of a ``GET /v1/health`` answer (without the request id), so the client reads as much.
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

"""The request body limit, exact for every transfer coding.

A body sent with ``Content-Length`` over :data:`~service.http.limits.MAX_BODY_BYTES` is
refused by Werkzeug from the header alone (and gunicorn's ``pre_request`` hook closes the
connection). A chunked body has no length to check: Werkzeug's stream stops at the limit
*without* saying that more was sent, so reading it through Flask would hand a truncated prefix
to the JSON parser. :func:`read_body` therefore reads a chunked body itself, one byte past the
limit, and answers 413 ``body_too_large`` when that byte exists: no truncated body is ever
parsed.

Under gunicorn the connection of such a request is then closed, and the answer says so
(``Connection: close``): gunicorn would otherwise drain at most 64 KiB of the unread rest and
drop the connection after promising keep-alive. The ``pre_request`` hook hands the server's
request object to :func:`remember_server_request` so that this module can mark it.

A GET game operation carries its fields in the query string instead, bounded by the request
line (:data:`~service.http.limits.MAX_QUERY_BYTES`).
"""

from __future__ import annotations

import threading
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from .limits import MAX_BODY_BYTES

_current = threading.local()


def remember_server_request(req: Any) -> None:
    """Called by gunicorn's ``pre_request`` hook in the thread that will run the app (gthread
    serves a request in one thread): the server's request, whose ``must_close`` we may set."""
    _current.req = req


def forget_server_request() -> None:
    """Called by gunicorn's ``post_request`` hook: the request is over."""
    _current.req = None


def close_connection_after_response() -> None:
    """Ask gunicorn to answer ``Connection: close`` and close after this response (a no-op
    outside gunicorn)."""
    req = getattr(_current, "req", None)
    if req is not None:
        req.must_close = True


def read_body(limit: int = MAX_BODY_BYTES) -> bytes:
    """The whole request body; raises 413 (``RequestEntityTooLarge``) when it is over
    ``limit`` bytes, whether it came with a ``Content-Length`` or chunked."""
    if request.content_length is not None:
        # Werkzeug has already refused a declared length over MAX_CONTENT_LENGTH, and reads
        # exactly the declared bytes.
        return request.get_data(cache=False)
    environ = request.environ
    if not environ.get("wsgi.input_terminated"):
        return b""  # no length and a server that does not delimit the stream: no body
    data: bytes = environ["wsgi.input"].read(limit + 1)
    if len(data) > limit:
        close_connection_after_response()
        raise RequestEntityTooLarge()
    return data

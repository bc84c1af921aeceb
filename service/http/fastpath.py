"""The short road: game operations' requests served from the WSGI environ, without Flask.

Every request that goes through Flask pays its machinery (request context, URL map, request
and response objects), which for a small JSON body costs more than the rest of the request.
A game operation's request whose transport is plain (``POST /v1/games/<game>/<operation>``
with a ``Content-Length`` within the limit, no ``Transfer-Encoding``, and a JSON body or none;
or a ``GET`` of a game operation read from its query string, without a body)
is read here into an :class:`~service.http.request.Incoming` and served by
:func:`service.http.serving.serve`: the same admission concerns, the same answers, the same
problem documents as on Flask's road, which takes every other request (a chunked body,
another media type, another path or method) and reads it with Werkzeug before calling the
same function. A ``GET`` without a body of an operation that declares a page (a probe, the
game list, a document) is answered here too, by :func:`service.http.serving.serve_page`, which
Flask's view of it calls as well. So the short road skips machinery, never a concern.

:meth:`FastPath.answer` gives the answer, or None for a request Flask's road takes; the
outermost layer (:mod:`service.http.observe`) sends it, or calls Flask.
"""

from __future__ import annotations

import io
from typing import Any, Callable

from flask import Flask

from service.operations.operation import Operation, PageRequest

from .limits import MAX_BODY_BYTES
from .request import Incoming, services_of
from .router import Route
from .serving import Outgoing, serve, serve_page


class FastPath:
    """The short road (see the module)."""

    def __init__(self, app: Flask) -> None:
        self.app = app

    def answer(self, environ: dict[str, Any], found: Route) -> Outgoing | None:
        """The answer to the request of ``environ`` (routed to ``found``) when the short road
        takes it, else None: Flask's road then takes it."""
        if found.page is not None and _plain_get(environ):
            return serve_page(found.page, self.page_request(environ, found))
        route = self.route(environ, found)
        if route is None:
            return None
        operation, incoming = route
        return serve(operation, incoming, services_of(self.app))

    def page_request(self, environ: dict[str, Any], found: Route) -> PageRequest:
        """What a page's answer may depend on, read from ``environ``."""
        return PageRequest(found.game_id, found.game_class, environ.get("HTTP_ACCEPT"),
                           bool(self.app.config.get("ENGINES_READY")),
                           services_of(self.app).spec)

    def route(self, environ: dict[str, Any],
              found: Route) -> tuple[Operation, Incoming] | None:
        """The game operation ``found`` names and its request read from ``environ`` when its
        transport is plain, else None (Flask's road then takes it)."""
        method = environ.get("REQUEST_METHOD")
        if method not in ("POST", "GET") or "HTTP_TRANSFER_ENCODING" in environ:
            return None
        operation = found.declared
        if operation is None:
            return None
        length = environ.get("CONTENT_LENGTH") or "0"
        if not length.isdigit() or int(length) > MAX_BODY_BYTES:
            return None
        if method == "GET" and length != "0":
            return None   # a GET with a body: Flask's road refuses it
        mimetype = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
        if length != "0" and mimetype != "application/json":
            return None
        return operation, Incoming(found.game_id, found.game_class, mimetype,
                                   _reader(environ, int(length)),
                                   environ.get("HTTP_ACCEPT"),
                                   environ.get("QUERY_STRING", ""),
                                   environ.get("HTTP_IF_NONE_MATCH"))


def _plain_get(environ: dict[str, Any]) -> bool:
    """A GET without a body (nor a promise of one)."""
    return (environ.get("REQUEST_METHOD") == "GET" and "HTTP_TRANSFER_ENCODING" not in environ
            and (environ.get("CONTENT_LENGTH") or "0") == "0")


def _reader(environ: dict[str, Any], length: int) -> Callable[[], bytes]:
    """A function reading the ``length`` bytes of the body (and leaving them in the environ,
    for whoever reads it again)."""

    def read() -> bytes:
        data: bytes = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(data)
        return data

    return read

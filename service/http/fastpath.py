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
"""

from __future__ import annotations

import io
from typing import Any, Callable, Iterable

from flask import Flask
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import HTTP_STATUS_CODES, parse_accept_header

from service.operations.operation import Operation, PageRequest

from .limits import MAX_BODY_BYTES
from .request import Incoming, services_of
from .router import Route, Router, route_of
from .serving import LineStream, Outgoing, serve, serve_page


#: the status line of every status Werkzeug names
_STATUS_LINES = {code: f"{code} {name}" for code, name in HTTP_STATUS_CODES.items()}


def _status_line(status: int) -> str:
    return _STATUS_LINES.get(status) or f"{status} Unknown"


class FastPath:
    """WSGI middleware in front of the Flask app's own WSGI callable (see the module)."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Any],
                 operations: Iterable[Operation]) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        #: routes a request no outer layer has routed
        self.router = Router(operations)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        found = route_of(environ) or self.router.route(environ)
        if found.page is not None and _plain_get(environ):
            return _sent(serve_page(found.page, self.page_request(environ, found)),
                         start_response)
        route = self.route(environ, found)
        if route is None:
            return self.wsgi_app(environ, start_response)
        operation, incoming = route
        return _sent(serve(operation, incoming, services_of(self.app)), start_response)

    def page_request(self, environ: dict[str, Any], found: Route) -> PageRequest:
        """What a page's answer may depend on, read from ``environ``."""
        return PageRequest(found.game_id, found.game_class, lambda: _accepted(environ),
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
                                   lambda: _accepted(environ),
                                   environ.get("QUERY_STRING", ""),
                                   environ.get("HTTP_IF_NONE_MATCH"))


def _plain_get(environ: dict[str, Any]) -> bool:
    """A GET without a body (nor a promise of one)."""
    return (environ.get("REQUEST_METHOD") == "GET" and "HTTP_TRANSFER_ENCODING" not in environ
            and (environ.get("CONTENT_LENGTH") or "0") == "0")


def _sent(out: Outgoing, start_response: Callable[..., Any]) -> Any:
    """``out`` handed to the server: its status and headers, then its body."""
    if isinstance(out.body, LineStream):  # written as made: no length, closed by the server
        start_response(_status_line(out.status), out.headers)
        return out.body
    length = [] if out.status == 304 else [("Content-Length", str(len(out.body)))]
    start_response(_status_line(out.status), [*out.headers, *length])
    return [out.body]


def _reader(environ: dict[str, Any], length: int) -> Callable[[], bytes]:
    """A function reading the ``length`` bytes of the body (and leaving them in the environ,
    for whoever reads it again)."""

    def read() -> bytes:
        data: bytes = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(data)
        return data

    return read


def _accepted(environ: dict[str, Any]) -> MIMEAccept:
    return parse_accept_header(environ.get("HTTP_ACCEPT"), MIMEAccept)

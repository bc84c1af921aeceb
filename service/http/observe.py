"""The outermost WSGI layer, the request's road: every request routed, given its id, answered
by the CORS concern, the short road or Flask, counted and timed.

:class:`Observe` is the app's WSGI callable, so it sees every request the app answers: a game
operation on either road, a page, a probe, a CORS preflight, a 404 or 405 of Flask's. In order:

1. it routes the request (:mod:`service.http.router`, once for every part of the road) and
   names its operation from its path alone (so the label values are bounded: an operationId,
   ``preflight`` for a CORS preflight, ``static`` for the files of the pages, or ``unknown``),
   and its game (a registered game's id, ``unknown`` for another, empty for an operation
   without a game);
2. it gives the request its id (:mod:`service.http.requestid`): in the environ for the access
   log, in this thread's context for the problem documents, and in the answer's
   ``X-Request-ID`` header, whichever road answers;
3. it asks the CORS concern (:mod:`service.http.cors`) to answer a preflight, else the short
   road (:mod:`service.http.fastpath`) to answer the request, else calls Flask's WSGI callable;
   every answer gets the CORS concern's headers, then the id's;
4. it counts the request with its status and duration (:mod:`service.telemetry.metrics`) once
   the answer's status and headers are given (for an answer written as it is made, JSON
   lines, its duration is the time to them, not to its last line: the access log times the
   whole).

With traces on (:mod:`service.telemetry.tracing`, opt-in) it also makes the request's span.
The parts are called in one frame rather than wrapped as WSGI layers around each other: each
layer would wrap ``start_response`` again and copy the headers again, on every request.

What only the inside knows (a shed request, a limit hit, a signing refusal, suggest's
playouts) is counted where it happens, not here.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable

from service.operations.operation import Operation
from service.telemetry import metrics, tracing

from . import requestid
from .cors import Cors
from .fastpath import FastPath
from .router import Router
from .serving import sent

#: a WSGI callable
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Observe:
    """The app's WSGI callable: the request's road (see the module)."""

    def __init__(self, cors: Cors, short_road: FastPath | None, flask_wsgi: WSGIApp,
                 operations: Iterable[Operation]) -> None:
        self.cors, self.flask_wsgi = cors, flask_wsgi
        #: the short road (None: every request but a preflight goes through Flask)
        self.short_road = short_road
        self.router = Router(operations)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        started = time.perf_counter()
        route = self.router.route(environ)
        request_id = environ[requestid.ENVIRON_KEY] = requestid.for_request(environ)
        id_header = (requestid.HEADER, request_id)
        status = "500"
        token = requestid.bind(request_id)
        span = None if tracing.TRACER is None else \
            tracing.start(environ, route.operation, route.game, request_id)
        try:
            preflight = self.cors.preflight(environ, route)
            if preflight is not None:
                status = str(preflight.status)
                return sent(preflight, start_response, [id_header])
            added = [*self.cors.headers(environ), id_header]
            out = None if self.short_road is None else self.short_road.answer(environ, route)
            if out is not None:
                status = str(out.status)
                return sent(out, start_response, added)
            given = [status]

            def start(status_line: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
                given[0] = status_line[:3]
                return start_response(status_line, [*headers, *added], *exc_info)

            try:
                return self.flask_wsgi(environ, start)
            finally:
                status = given[0]
        finally:
            requestid.unbind(token)
            metrics.count_request(route.operation, route.game, status,
                                  time.perf_counter() - started)
            if span is not None:
                tracing.finish(span, status)

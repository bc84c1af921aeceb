"""The outermost WSGI layer: every request counted and timed, whichever road serves it.

:class:`Observe` wraps the whole app (the CORS layer, the short road, Flask), so it sees every
request the app answers: a game operation on either road, a page, a probe, a CORS preflight,
a 404 or 405 of Flask's. It routes the request (:mod:`service.http.router`, once for every
layer) and names its operation from its path alone (so the label values are bounded: an
operationId, ``preflight`` for a CORS preflight, ``static`` for the files of the pages, or
``unknown``), and its game (a registered game's id, ``unknown`` for another, empty for an
operation without a game). It reads the status from ``start_response`` and counts the request
with its duration (:mod:`service.telemetry.metrics`) once the app has answered: for an answer
written as it is made (JSON lines), once its status and headers are given, so its duration
is the time to them, not to its last line (the access log times the whole).

With traces on (:mod:`service.telemetry.tracing`, opt-in) it also makes the request's span.

It also gives the request its id (:mod:`service.http.requestid`): in the environ for the access
log, in this thread's context for the problem documents, and in the answer's
``X-Request-ID`` header, whichever road or layer answers.

What only the inside knows (a shed request, a limit hit, a signing refusal, suggest's
playouts) is counted where it happens, not here.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable


from service.operations.operation import Operation
from service.telemetry import metrics, tracing

from . import requestid
from .router import Router


class Observe:
    """WSGI middleware counting and timing every request and giving it its id (see the
    module)."""

    def __init__(self, wsgi_app: Callable[..., Any], operations: Iterable[Operation]) -> None:
        self.wsgi_app = wsgi_app
        self.router = Router(operations)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        started = time.perf_counter()
        route = self.router.route(environ)
        operation, game = route.operation, route.game
        request_id = environ[requestid.ENVIRON_KEY] = requestid.for_request(environ)
        id_header = (requestid.HEADER, request_id)
        status = ["500"]

        def start(status_line: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            status[0] = status_line[:3]
            return start_response(status_line, [*headers, id_header], *exc_info)

        token = requestid.bind(request_id)
        span = None if tracing.TRACER is None else \
            tracing.start(environ, operation, game, request_id)
        try:
            return self.wsgi_app(environ, start)
        finally:
            requestid.unbind(token)
            metrics.count_request(operation, game, status[0], time.perf_counter() - started)
            if span is not None:
                tracing.finish(span, status[0])

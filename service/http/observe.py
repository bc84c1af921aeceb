"""The outermost WSGI layer: every request counted and timed, whichever road serves it.

:class:`Observe` wraps the whole app (the CORS layer, the short road, Flask), so it sees every
request the app answers: a game operation on either road, a page, a probe, a CORS preflight,
a 404 or 405 of Flask's. It names the request's operation from its path alone, with a table
built once from :data:`service.operations.table.OPERATIONS` (so the label values are bounded: an
operationId, ``preflight`` for a CORS preflight, ``static`` for the files of the pages, or
``unknown``), and its game (a registered game's id, ``unknown`` for another, empty for an
operation without a game). It reads the status from ``start_response`` and counts the request
with its duration (:mod:`service.telemetry.metrics`) once the app has answered.

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

from rules import registry

from service.telemetry import metrics

from . import requestid

from service.telemetry import tracing
from .cors import is_preflight
from service.operations.operation import Operation

GAMES_PREFIX = "/v1/games/"
#: the pages' own files (Flask's static folder, Swagger UI's): counted together
STATIC_PREFIXES = ("/static/", "/docs/static/")
UNKNOWN = "unknown"
PREFLIGHT = "preflight"
STATIC = "static"


class Routes:
    """The operation a path belongs to, from the operations' paths (see the module)."""

    def __init__(self, operations: Iterable[Operation]) -> None:
        #: paths without a game -> operationId
        self.exact: dict[str, str] = {}
        #: a game operation's name (the path after the game) -> operationId
        self.by_name: dict[str, str] = {}
        #: the operation of ``/v1/games/{game}`` itself, if any
        self.game_itself = UNKNOWN
        for op in operations:
            if op.path == GAMES_PREFIX + "{game}":
                self.game_itself = op.operation_id
            elif op.path.startswith(GAMES_PREFIX + "{game}/"):
                self.by_name[op.name] = op.operation_id
            else:
                self.exact[op.path] = op.operation_id
                if op.also_with_slash:
                    self.exact[op.path + "/"] = op.operation_id

    def classify(self, path: str) -> tuple[str, str]:
        """The (operation, game) labels of a request for ``path``."""
        if path.startswith(GAMES_PREFIX):
            game_id, slash, name = path[len(GAMES_PREFIX):].partition("/")
            operation = self.by_name.get(name, UNKNOWN) if slash else self.game_itself
            if not game_id or operation == UNKNOWN:
                return UNKNOWN, ""
            return operation, game_id if registry.game_class(game_id) is not None else UNKNOWN
        page = self.exact.get(path)
        if page is not None:
            return page, ""
        if path.startswith(STATIC_PREFIXES):
            return STATIC, ""
        return UNKNOWN, ""


class Observe:
    """WSGI middleware counting and timing every request and giving it its id (see the
    module)."""

    def __init__(self, wsgi_app: Callable[..., Any], operations: Iterable[Operation]) -> None:
        self.wsgi_app = wsgi_app
        self.routes = Routes(operations)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        started = time.perf_counter()
        if is_preflight(environ):
            operation, game = PREFLIGHT, ""
        else:
            operation, game = self.routes.classify(environ.get("PATH_INFO", ""))
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

"""The router: a request's method and path read once, for every part of the road.

:class:`Observe <service.http.observe.Observe>`, the road, routes every request
(:meth:`Router.route`), hands the :class:`Route` to the CORS concern and the short road, and
leaves it in the environ (:func:`route_of`) for Flask's views: the operation's label and the
game's for the metrics and traces, whether it is a CORS preflight (:mod:`service.http.cors`),
for a game operation its declaration and its game's class, which the short road
(:mod:`service.http.fastpath`) and admission (the game is looked up once per request) read,
and for an operation that declares a page, that operation. The table is built once from the
operations' paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from rules import registry
from rules.core.game import Game
from service.operations.operation import Operation

#: the path prefix of the operations of one game
GAMES_PREFIX = "/v1/games/"
#: the pages' own files (Flask's static folder, Swagger UI's): counted together
STATIC_PREFIXES = ("/static/", "/docs/static/")
UNKNOWN = "unknown"
PREFLIGHT = "preflight"
STATIC = "static"
#: where the route of a request is kept in its environ
ENVIRON_KEY = "referee.route"


@dataclass(frozen=True)
class Route:
    """Where a request goes, as its method and path say."""

    #: the operation's label: an operationId, ``preflight``, ``static`` or ``unknown``
    operation: str
    #: the game's label: a registered game's id, ``unknown`` for another, empty for none
    game: str
    #: a CORS preflight: ``OPTIONS`` with ``Origin`` and ``Access-Control-Request-Method``
    preflight: bool = False
    #: the game operation the method and path name (None for any other request)
    declared: Operation | None = None
    #: the game the path names, as written ("" when it names none)
    game_id: str = ""
    #: the game the path names, when this service plays it
    game_class: type[Game[Any, Any]] | None = None
    #: the operation the path names when it declares a page (served on a GET)
    page: Operation | None = None


PREFLIGHT_ROUTE = Route(PREFLIGHT, "", preflight=True)
UNKNOWN_ROUTE = Route(UNKNOWN, "")
#: at most this many routes are kept (far more than the operations of every game and method)
MAX_KNOWN_ROUTES = 4096


def is_preflight(environ: Mapping[str, Any]) -> bool:
    """A CORS preflight: ``OPTIONS`` with ``Origin`` and ``Access-Control-Request-Method``."""
    return (environ.get("REQUEST_METHOD") == "OPTIONS" and "HTTP_ORIGIN" in environ
            and "HTTP_ACCESS_CONTROL_REQUEST_METHOD" in environ)


class Router:
    """The route of a request, from the operations' paths (see the module)."""

    def __init__(self, operations: Iterable[Operation]) -> None:
        #: paths without a game -> operationId
        self.exact: dict[str, str] = {}
        #: a game operation's name (the path after the game) -> operationId
        self.by_name: dict[str, str] = {}
        #: a game operation by its method and name
        self.by_method: dict[tuple[str, str], Operation] = {}
        #: the operation of ``/v1/games/{game}`` itself, if any
        self.game_itself = UNKNOWN
        #: that operation, when it declares a page
        self.game_page: Operation | None = None
        #: operations declaring a page, by path (without a game)
        self.pages: dict[str, Operation] = {}
        #: the routes read so far of a method and path that name an operation of this
        #: service (a page, or a game it plays: a bounded set), so each is read once
        self.known: dict[tuple[str, str], Route] = {}
        for op in operations:
            if op.path == GAMES_PREFIX + "{game}":
                self.game_itself = op.operation_id
                self.game_page = op if op.page is not None else None
            elif op.path.startswith(GAMES_PREFIX + "{game}/"):
                self.by_name[op.name] = op.operation_id
            else:
                paths = (op.path, op.path + "/") if op.also_with_slash else (op.path,)
                for path in paths:
                    self.exact[path] = op.operation_id
                    if op.page is not None:
                        self.pages[path] = op
            if op.for_a_game:
                self.by_method[op.method.upper(), op.name] = op

    def route(self, environ: dict[str, Any]) -> Route:
        """The route of the request of ``environ``, kept there for Flask's views."""
        found = self._route(environ)
        environ[ENVIRON_KEY] = found
        return found

    def _route(self, environ: Mapping[str, Any]) -> Route:
        if is_preflight(environ):
            return PREFLIGHT_ROUTE
        path = environ.get("PATH_INFO", "")
        method = environ.get("REQUEST_METHOD", "")
        known = self.known.get((method, path))
        if known is not None and known.game_class is registry.game_class(known.game_id):
            return known
        found = self._read(method, path)
        if found.game_class is not None or (found.page is not None and not found.game_id):
            if len(self.known) < MAX_KNOWN_ROUTES:
                self.known[method, path] = found
        return found

    def _read(self, method: str, path: str) -> Route:
        """The route of ``method`` on ``path``, read from the table."""
        if path.startswith(GAMES_PREFIX):
            game_id, slash, name = path[len(GAMES_PREFIX):].partition("/")
            operation = self.by_name.get(name, UNKNOWN) if slash else self.game_itself
            if not game_id or operation == UNKNOWN:
                return UNKNOWN_ROUTE
            cls = registry.game_class(game_id)
            declared = self.by_method.get((method, name)) if slash else None
            return Route(operation, game_id if cls is not None else UNKNOWN,
                         declared=declared, game_id=game_id, game_class=cls,
                         page=None if slash else self.game_page)
        exact = self.exact.get(path)
        if exact is not None:
            return Route(exact, "", page=self.pages.get(path))
        if path.startswith(STATIC_PREFIXES):
            return Route(STATIC, "")
        return UNKNOWN_ROUTE

    def classify(self, path: str) -> tuple[str, str]:
        """The (operation, game) labels of a request for ``path`` (any method)."""
        found = self._route({"PATH_INFO": path})
        return found.operation, found.game


def route_of(environ: Mapping[str, Any]) -> Route | None:
    """The route :class:`Router` left in ``environ`` (None outside the app's road)."""
    found: Route | None = environ.get(ENVIRON_KEY)
    return found


def routed_game(environ: Mapping[str, Any], game_id: str) -> type[Game[Any, Any]] | None:
    """The class of the game ``game_id`` that a Flask view names: the one the router found
    for this request (no second look-up), or the registry's outside the app's road."""
    found = route_of(environ)
    if found is not None and found.game_id == game_id:
        return found.game_class
    return registry.game_class(game_id)

"""The router reads each method and path once, and what it keeps follows the registry."""

from __future__ import annotations

from rules import registry
from service.http.router import UNKNOWN, Router
from service.operations.table import OPERATIONS
from tests.noughts.noughts_game import NoughtsAndCrosses


def _route(router: Router, method: str, path: str):
    return router.route({"REQUEST_METHOD": method, "PATH_INFO": path})


def test_a_kept_route_follows_a_game_registered_and_removed_later():
    router = Router(OPERATIONS)
    path = f"/v1/games/{NoughtsAndCrosses.id}/legal-moves"
    assert _route(router, "POST", path).game == UNKNOWN
    registry.register(NoughtsAndCrosses)
    try:
        first = _route(router, "POST", path)
        assert (first.game, first.game_class) == (NoughtsAndCrosses.id, NoughtsAndCrosses)
        assert first.declared is not None and first.declared.operation_id == "legalMoves"
        assert _route(router, "POST", path) is first   # read once, then kept
    finally:
        registry.unregister(NoughtsAndCrosses.id)
    gone = _route(router, "POST", path)
    assert (gone.game, gone.game_class) == (UNKNOWN, None)


def test_routes_are_kept_only_for_what_the_service_serves():
    router = Router(OPERATIONS)
    game_id = registry.game_ids()[0]
    for i in range(50):
        _route(router, "POST", f"/v1/games/no-such-game-{i}/legal-moves")
        _route(router, "GET", f"/nowhere/{i}")
        _route(router, "POST", f"/v1/games/{game_id}/no-such-operation-{i}")
    assert router.known == {}
    health = _route(router, "GET", "/v1/health")
    assert health.page is not None and health.operation == "health"
    assert list(router.known) == [("GET", "/v1/health")]
    preflight = router.route({"REQUEST_METHOD": "OPTIONS", "PATH_INFO": "/v1/health",
                              "HTTP_ORIGIN": "https://a.example",
                              "HTTP_ACCESS_CONTROL_REQUEST_METHOD": "GET"})
    assert preflight.preflight and preflight.page is None

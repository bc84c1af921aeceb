"""Load shedding: the cost each operation declares (from the request, through the generic Game
interface), the per-worker heavy slots, the 503 ``overloaded`` with its
Retry-After and problem document, the rest after a contended heavy request, the settings."""

from __future__ import annotations

import pytest
import yaml

from rules.core.game import SearchLimits
from service.http.request import services_of
from service.concerns import shedding
from service.http.app import create_app
from service.operations.table import OPERATIONS, operation
from service.spec.openapi import SPEC_PATH


class StubGame:
    """Only what the estimate may use: the Game interface's positions, moves and limits."""

    max_perft_depth = 4
    perft_budget = 20_000
    search_limits = SearchLimits(playouts=300, max_playouts=3000)

    def __init__(self, branching: int) -> None:
        self.branching = branching
        self.start_position = "start"

    def parse_position(self, text: str) -> str:
        return text

    def is_canonical(self, text: str, position: str) -> bool:
        return False

    def legal_moves(self, position: str) -> list[int]:
        return list(range(self.branching))


def test_tree_nodes_and_its_cap():
    assert shedding.tree_nodes(30, 0, 20_000) == 0
    assert shedding.tree_nodes(30, 1, 20_000) == 1
    assert shedding.tree_nodes(30, 3, 20_000) == 1 + 30 + 900
    assert shedding.tree_nodes(300, 3, 20_000) == 20_001        # the budget stops it
    assert shedding.tree_nodes(0, 3, 20_000) == 3


@pytest.mark.parametrize("branching, depth, heavy", [
    (40, 1, False), (40, 2, False), (40, 3, True), (3, 4, False), (400, 2, False),
    (2000, 2, True),
    (40, 5, False),         # over the game's max_perft_depth: refused at once, no work
])
def test_a_search_is_judged_by_depth_and_branching(branching, depth, heavy):
    cost = cost_of("perft", StubGame(branching), {"depth": depth, "position": "p"})
    assert (cost >= shedding.HEAVY_MS) is heavy, cost


def cost_of(operation_id: str, game: object, body: dict) -> float:
    """The estimate the operation declares for ``body`` (validated by its schema)."""
    op = operation(operation_id)
    assert op.cost is not None and op.request is not None
    return op.cost(game, op.request().load(body))  # type: ignore[arg-type]


@pytest.mark.parametrize("operation_id, body, heavy", [
    ("replay", {"moves": ["m"] * 10}, False), ("replay", {"moves": ["m"] * 1000}, True),
    ("exportRecord", {"moves": ["m"] * 10}, False),
    ("exportRecord", {"moves": ["m"] * 1000}, True),
    ("importRecord", {"record": "1. m m 2. m m *"}, False),
    ("importRecord", {"record": "1. m m " * 500 + "*"}, True),
    ("importRecord", {"record": "{}" * 30_000}, True),
    ("render", {"format": "png", "size": 480}, False),
    ("render", {"format": "png", "size": 2000}, True),
    ("render", {"format": "svg", "size": 2000}, False), ("render", {"position": None}, False),
])
def test_replays_and_pictures_are_judged_by_length_and_size(operation_id, body, heavy):
    assert (cost_of(operation_id, StubGame(40), body) >= shedding.HEAVY_MS) is heavy


def test_cheap_operations_declare_no_cost():
    assert {op.operation_id for op in OPERATIONS if op.cost is not None} == {
        "perft", "replay", "render", "renderPng", "replayPicture", "replayPicturePng",
        "replayPictureGif", "suggest", "importRecord", "exportRecord", "importRecords",
        "exportRecords"}


@pytest.mark.parametrize("body, heavy", [
    ({"level": "mcts"}, True),                              # the game's default budget
    ({"level": "mcts", "playouts": 20}, False),
    ({"level": "mcts", "playouts": 3000, "time_ms": 20}, False),   # the time cap bounds it
    ({"level": "greedy"}, False), ({"level": "random"}, False),
])
def test_a_suggestion_is_judged_by_its_playouts_and_time_cap(body, heavy):
    assert (cost_of("suggest", StubGame(40), body) >= shedding.HEAVY_MS) is heavy


def test_a_default_suggestion_is_heavy_work_and_shed_past_the_limit():
    app = app_with()
    client = app.test_client()
    held = services_of(app).shedding.try_enter()
    assert held is not None
    r = client.post("/v1/games/mastery/suggest", json={})
    assert r.status_code == 503 and r.get_json()["code"] == "overloaded"
    small = client.post("/v1/games/mastery/suggest", json={"playouts": 10})
    assert small.status_code == 200 and small.get_json()["playouts"] == 10
    services_of(app).shedding.leave(held)


def app_with(**settings):
    return create_app({"WARM_UP": False, **{k: str(v) for k, v in settings.items()}})


HEAVY = ("/v1/games/mastery/perft", {"depth": 3})          # ~2,500 nodes from the start
CHEAP = ("/v1/games/mastery/perft", {"depth": 1})          # same operation, one generation


def test_past_the_limit_a_heavy_request_is_503_at_once_and_a_cheap_one_is_served():
    app = app_with(REFEREE_RETRY_AFTER_S=2)
    gate = services_of(app).shedding
    client = app.test_client()
    held = gate.try_enter()                       # another thread runs a heavy request
    assert held is not None
    r = client.post(HEAVY[0], json=HEAVY[1])
    assert r.status_code == 503 and r.mimetype == "application/problem+json"
    assert r.headers["Retry-After"] == "2"
    body = r.get_json()
    assert body["code"] == "overloaded" and body["status"] == 503
    assert body["detail"].endswith(".") and "2 s" in body["detail"]
    for path, payload in (CHEAP, ("/v1/games/mastery/legal-moves", {}),
                          ("/v1/games/mastery/render", {"format": "svg", "size": 2000})):
        assert client.post(path, json=payload).status_code == 200, path
    gate.leave(held)
    gate._rest_until = 0.0                        # the test's own ticket saw other requests
    assert client.post(HEAVY[0], json=HEAVY[1]).status_code == 200


def test_the_slot_is_freed_after_success_and_after_an_error():
    app = app_with(REFEREE_HEAVY_REST_RATIO=0)
    client = app.test_client()
    gate = services_of(app).shedding
    assert client.post(HEAVY[0], json=HEAVY[1]).status_code == 200
    over_budget = client.post("/v1/games/mastery/perft", json={"depth": 4})
    assert over_budget.status_code == 422 and over_budget.get_json()["code"] == \
        "work_limit_exceeded"
    ticket = gate.try_enter()
    assert ticket is not None                     # both requests gave their slot back
    gate.leave(ticket)


def test_a_worker_rests_after_a_contended_heavy_request_only():
    app = app_with(REFEREE_HEAVY_REST_RATIO=1000)
    gate = services_of(app).shedding
    client = app.test_client()
    # alone: no rest, heavy requests run back to back
    assert client.post(HEAVY[0], json=HEAVY[1]).status_code == 200
    assert client.post(HEAVY[0], json=HEAVY[1]).status_code == 200
    # a heavy request during which another request was served: the worker rests
    ticket = gate.try_enter()
    assert client.post(*CHEAP[:1], json=CHEAP[1]).status_code == 200
    gate.leave(ticket)
    r = client.post(HEAVY[0], json=HEAVY[1])
    assert r.status_code == 503 and r.get_json()["code"] == "overloaded"
    assert client.post(CHEAP[0], json=CHEAP[1]).status_code == 200   # ordinary: served


def test_more_slots_per_worker():
    app = app_with(REFEREE_HEAVY_PER_WORKER=2, REFEREE_HEAVY_REST_RATIO=0)
    gate = services_of(app).shedding
    first = gate.try_enter()
    assert app.test_client().post(HEAVY[0], json=HEAVY[1]).status_code == 200
    second = gate.try_enter()
    assert second is not None and gate.try_enter() is None
    gate.leave(first)
    gate.leave(second)


def test_shedding_off_and_threshold_settings():
    assert services_of(app_with(REFEREE_LOAD_SHEDDING=0)).shedding is None
    app = app_with(REFEREE_HEAVY_MS=100_000)
    gate = services_of(app).shedding
    held = gate.try_enter()
    # nothing is heavy under that threshold: served although the slot is taken
    assert app.test_client().post(HEAVY[0], json=HEAVY[1]).status_code == 200
    gate.leave(held)
    default = services_of(create_app({"WARM_UP": False})).shedding
    assert (default.heavy_ms, default.slots, default.retry_after, default.rest_ratio) == (
        shedding.HEAVY_MS, shedding.HEAVY_PER_WORKER, shedding.RETRY_AFTER_S,
        shedding.HEAVY_REST_RATIO)


@pytest.mark.parametrize("name, value", [("REFEREE_HEAVY_MS", "lots"),
                                         ("REFEREE_HEAVY_PER_WORKER", "0"),
                                         ("REFEREE_RETRY_AFTER_S", "-1")])
def test_malformed_settings_stop_the_service(name, value):
    with pytest.raises(ValueError, match=name):
        app_with(**{name: value})


def test_the_spec_documents_the_503_with_retry_after_on_every_game_operation():
    spec = yaml.safe_load(SPEC_PATH.read_text())
    unavailable = spec["components"]["responses"]["Unavailable"]
    assert "overloaded" in unavailable["description"]
    assert "Retry-After" in unavailable["headers"]
    for path, ops in spec["paths"].items():
        if path.startswith("/v1/games/{game}/"):
            for op in ops.values():
                assert op["responses"]["503"] == {
                    "$ref": "#/components/responses/Unavailable"}, path

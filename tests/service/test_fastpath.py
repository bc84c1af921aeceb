"""Both roads through the service: the short WSGI road (service.http.fastpath) and Flask's views
answer every game request through the same admission pipeline and the same answers, byte for
byte; the short road takes every plain request, Flask's road the rest."""

from __future__ import annotations

import inspect
import io

import pytest
from marshmallow import ValidationError

from rules import registry
from rules.records import write
from service.http.request import services_of
from service.http.admission import Step
from service.http.request import Admission
from service.http.app import create_app
from service.operations.fields import PlainField
from service.operations.table import OPERATIONS
from service.operations.plain import plain_loader
from service.http.problems import Problem

KEYS = {"REFEREE_SIGNING_KEYS": "k1:a-secret-of-the-tests"}
GAME_OPERATIONS = [op for op in OPERATIONS if op.for_a_game]


def _flask_only(config: dict | None = None):
    """The app with its short road taken away: every request goes through Flask."""
    app = create_app(config)
    app.wsgi_app.short_road = None  # the road (Observe) then calls Flask for every request
    return app


@pytest.fixture(scope="module")
def apps():
    """(the app as served, the same app with Flask's road only), each request sent with the
    same X-Request-ID, so that their answers (problem documents included) compare byte for
    byte."""
    clients = create_app().test_client(), _flask_only().test_client()
    for client in clients:
        client.environ_base["HTTP_X_REQUEST_ID"] = "same-id-on-both-roads"
    return clients


class Roads:
    """The app with a record of which requests reached Flask's road."""

    def __init__(self, config: dict | None = None) -> None:
        self.app = create_app(config)
        self.client = self.app.test_client()
        self.reached: list[str] = []
        road = self.app.wsgi_app  # Observe: the short road, else Flask's WSGI callable
        flask_wsgi = road.flask_wsgi

        def flask_app(environ, start_response):
            self.reached.append(environ["PATH_INFO"])
            return flask_wsgi(environ, start_response)

        road.flask_wsgi = flask_app


BODIES = [
    {}, {"position": None}, {"position": "x"}, {"position": 3}, {"position": "a" * 2049},
    {"options": None}, {"options": {}}, {"options": {"x": 1}}, {"options": {"1": [1, 2]}},
    {"options": []}, {"options": {str(i): i for i in range(17)}}, {"token": "t"},
    {"moves_only": True}, {"moves_only": False}, {"moves_only": 1}, {"moves_only": None},
    {"position": " x\n"}, {"position": "  "}, {"position": ""}, {"move": " a1a2"},
    {"move": "a1a2"}, {"move": ""}, {"move": "a" * 65}, {"move": 5}, {"move": None},
    {"move": "a1a2", "seed": 0}, {"move": "a1a2", "seed": -1}, {"move": "a1a2", "seed": True},
    {"move": "a1a2", "seed": 2**63}, {"move": "a1a2", "seed": 1.0}, {"move": "a1a2", "dice": [1]},
    {"move": "a1a2", "dice": None}, {"unknown": 1}, {"position": "x", "extra": None},
    {"depth": 2}, {"depth": 2, "divide": True}, {"depth": True}, {"moves": ["a1a2"]},
    {"moves": [" a1a2 ", "b1b2"], "dice": [None, {"a": 1}]}, {"moves": ["a1a2", 3]},
    {"format": "png", "size": 480}, {"format": "gif"}, {"highlight": ["a1", "b2"]},
    {"highlight": ["a1", ""]}, {"last_move": False}, {"last_move": " e2e4 "},
    {"last_move": ""}, {"level": "greedy"}, {"level": "mcts", "playouts": 20, "seed": 3},
    {"playouts": 0}, {"time_ms": 10**6},
    {"record": "*"}, {"records": "*"}, {"records": '[Game "x"] * *'}, {"records": 3},
    {"games": [{"moves": []}]}, {"games": [{"moves": ["a1a2"], "tags": {"Event": "x"}}]},
    {"games": []}, {"games": [{"moves": [], "token": "t"}]},
    {"record": ' [Game "x"] 1. a1a2 *'}, {"record": 3}, {"record": None},
    {"moves": [], "tags": {"Event": "x"}}, {"moves": [], "tags": {"Event": 1}},
    {"moves": [], "tags": {"": "x"}}, {"moves": [], "comments": [{"after": 0, "text": "t"}]},
    {"moves": [], "comments": [{"after": -1, "text": "t"}]},
    {"moves": [], "asides": [{"after": 0, "kind": "draw_agreed"}]},
    {"moves": [], "asides": [{"after": 0, "kind": "resigns", "player": " w "}]},
    {"moves": [], "asides": [{"after": 0, "kind": "sulks"}]}, {"moves": [], "asides": [3]},
    {"moves": [], "result": " 1-0 "}, {"moves": [], "result": ""},
    {"time_control": {"base_seconds": 300, "increment_seconds": 2}},
    {"time_control": {"per_move_seconds": 86400}}, {"time_control": None},
    {"time_control": {"base_seconds": 0}}, {"time_control": {"minutes": 5}},
    {"time_control": [300]},
    {"token": "k.x.y"}, {"token": " k.x.y ", "game_id": "abc_-9", "ply": 3},
    {"token": "k.x.y", "game_id": None, "ply": None}, {"game_id": "a.b"}, {"ply": -1},
    {"ply": "3"}, {"token": ""},
]


@pytest.mark.parametrize("op", GAME_OPERATIONS, ids=lambda op: op.operation_id)
def test_plain_loading_gives_what_marshmallow_gives_or_nothing(op):
    schema = op.request()
    load = plain_loader(schema)
    accepted = 0
    for body in BODIES:
        plain = load(body)
        try:
            expected = schema.load(body)
        except ValidationError:
            assert plain is None, body
            continue
        if plain is not None:
            accepted += 1
            assert plain == expected, body
    assert accepted >= 2  # the common bodies do load plainly


@pytest.mark.parametrize("op", GAME_OPERATIONS, ids=lambda op: op.operation_id)
def test_every_request_field_says_itself_whether_a_value_is_plain(op):
    """So that every plain body can be loaded without marshmallow; and no request schema
    has a load hook, which plain loading would skip."""
    schema = op.request()
    assert all(isinstance(field, PlainField) for field in schema.load_fields.values())
    hooks = [name for name, member in inspect.getmembers(op.request)
             if hasattr(member, "__marshmallow_hook__")]
    assert hooks == []


def _requests(game_id: str):
    game = registry.configure(game_id)
    pos = game.start_position
    base = f"/v1/games/{game_id}/"
    played: list[str] = []
    rolled: list = []
    for _ in range(4):
        text = game.format_position(pos)
        moves = game.legal_moves(pos)
        move = game.format_move(pos, moves[len(moves) // 3])
        yield base + "legal-moves", {"position": text}
        yield base + "legal-moves", {"position": text, "moves_only": True}
        yield base + "status", {"position": text}
        yield base + "apply", {"position": text, "move": move, "seed": 7}
        yield base + "apply", {"position": text, "move": "zz9"}           # illegal: 422
        yield base + "status", {"position": text + " junk"}               # invalid: 422
        yield base + "legal-moves", {"position": f"\n{text} "}           # trimmed
        yield base + "apply", {"position": text, "move": f" {move}\n", "seed": 7}
        yield base + "replay", {"position": text, "moves": [move], "seed": 7, "history": True}
        _, applied = game.play(pos, move, seed=7)
        played.append(move)
        rolled.append(applied.dice)
        pos = applied.position
    yield base + "records/export", {"moves": played, "dice": rolled, "tags": {"Event": "x"},
                                    "comments": [{"after": 1, "text": "c"}]}
    yield base + "records/export", {"moves": [*played, "zz9"], "dice": rolled}  # 422 index
    yield base + "records/import", {"record": write(game, played, dice=rolled)}
    yield base + "records/import", {"record": '[Game "x" 1. *'}             # 422 line
    yield base + "records/import-many", {"records": write(game, played, dice=rolled) * 2}
    yield base + "setup", {}
    yield base + "setup", {"options": None}
    for spec in game.option_specs:                                       # each default, sent
        yield base + "setup", {"options": {spec.name: game.options[spec.name]}}
    yield base + "setup", {"options": {"no_such_option": 1}}              # 422
    yield base + "legal-moves", {"options": {"no_such_option": 1}}        # 422
    yield base + "status", {"moves_only": True}                           # 400
    yield base + "replay", {"moves": ["zz9"]}                             # 422 with index
    yield base + "perft", {"depth": 2, "divide": True}
    yield base + "render", {"highlight": ["zz99"]}                        # 422


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_answers_are_the_same_on_both_roads(apps, game_id):
    fast, flask_only = apps
    for url, body in _requests(game_id):
        a, b = fast.post(url, json=body), flask_only.post(url, json=body)
        assert (a.status_code, a.headers.get("Content-Type"), a.data) == \
            (b.status_code, b.headers.get("Content-Type"), b.data), (url, body)
        assert a.headers.get("Content-Length") == str(len(a.data))


def _usual_bodies(game_id: str, token_of) -> list[tuple[str, dict]]:
    """The usual bodies of every game operation: with and without whitespace, with the
    options, with a token."""
    game = registry.configure(game_id)
    start = game.start_position
    text = game.format_position(start)
    move = game.format_move(start, game.legal_moves(start)[0])
    options = dict(game.options)
    token = token_of(game_id)
    bodies = []
    for position in ({"position": text}, {"position": f" {text}\n"}, {}):
        for extra in ({}, {"options": options}, {"token": token} if position else {}):
            base = {**position, **extra}
            bodies += [("setup", {"options": options} if extra.get("options") else {}),
                       ("legal-moves", base), ("legal-moves", {**base, "moves_only": True}),
                       ("status", base), ("apply", {**base, "move": f" {move} "}),
                       ("apply", {**base, "move": move, "seed": 3}),
                       ("replay", {**base, "moves": [move]}),
                       ("replay", {**base, "moves": [move], "history": True}),
                       ("perft", {**base, "depth": 1}), ("render", base),
                       ("replay-picture", {**base, "moves": [move], "size": 100}),
                       ("suggest", {**base, "level": "greedy"}),
                       ("records/export", {**base, "moves": [move],
                                           "tags": {"Event": "Club night"},
                                           "comments": [{"after": 1, "text": "c"}]})]
    bodies.append(("records/import", {"record": f'[Game "{game_id}"]\n\n1. {move} *'}))
    bodies.append(("records/export-many", {"games": [{"moves": [move]}, {"moves": []}]}))
    bodies.append(("records/import-many", {"records": f'[Game "{game_id}"]\n\n1. {move} *\n'
                                                      f'[Game "{game_id}"] 1. zz9 *'}))
    bodies += [("tokens/inspect", {"token": token}),
               ("tokens/inspect", {"position": f" {text}\n", "token": token, "ply": 0})]
    return bodies


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_usual_bodies_of_every_game_operation_take_the_short_road(game_id):
    roads = Roads(KEYS)

    def token_of(game: str) -> str:
        return roads.client.post(f"/v1/games/{game}/setup", json={}).get_json()["token"]

    bodies = _usual_bodies(game_id, token_of)
    assert {name for name, _ in bodies} == {op.name for op in GAME_OPERATIONS
                                            if not op.in_query}
    for name, body in bodies:
        answer = roads.client.post(f"/v1/games/{game_id}/{name}", json=body)
        assert answer.status_code == 200, (name, body, answer.get_json())
        if "token" in body and name in ("apply", "replay"):
            assert "token" in answer.get_json()         # the token was judged and trusted
    for op in GAME_OPERATIONS:
        if op.in_query:
            answer = roads.client.get(f"/v1/games/{game_id}/{op.name}?{USUAL_QUERIES[op.name]}")
            assert answer.status_code == 200, (op.name, answer.get_json())
    assert roads.reached == []


#: a usual query of each GET game operation
USUAL_QUERIES = {"render.svg": "size=300", "render.png": "size=120&last_move=false",
                 "replay.png": "moves=&size=120", "replay.gif": "moves=&size=120"}


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_queries_are_answered_alike_on_both_roads(apps, game_id):
    fast, flask_only = apps
    for op in GAME_OPERATIONS:
        if not op.in_query:
            continue
        url = f"/v1/games/{game_id}/{op.name}"
        for query in (USUAL_QUERIES[op.name], "size=abc", "nope=1", "orientation=nobody"):
            a, b = fast.get(f"{url}?{query}"), flask_only.get(f"{url}?{query}")
            assert (a.status_code, a.headers.get("Content-Type"), a.headers.get("ETag"),
                    a.data) == (b.status_code, b.headers.get("Content-Type"),
                                b.headers.get("ETag"), b.data), (url, query)
        tag = fast.get(f"{url}?{USUAL_QUERIES[op.name]}").headers["ETag"]
        for client in (fast, flask_only):
            unchanged = client.get(f"{url}?{USUAL_QUERIES[op.name]}",
                                   headers={"If-None-Match": tag})
            assert (unchanged.status_code, unchanged.data) == (304, b"")
            assert unchanged.headers["ETag"] == tag
            assert "Content-Length" not in unchanged.headers or \
                unchanged.headers["Content-Length"] == "0"


def test_requests_whose_transport_is_not_plain_take_flasks_road():
    roads = Roads()
    game_id = registry.game_ids()[0]
    client = roads.client
    assert client.post(f"/v1/games/{game_id}/status", data=b"{}",
                       content_type="text/plain").status_code == 415
    chunked = client.post(f"/v1/games/{game_id}/status", input_stream=io.BytesIO(b"{}"),
                          headers={"Transfer-Encoding": "chunked",
                                   "Content-Type": "application/json"})
    assert chunked.status_code == 200
    assert client.head("/v1/health").status_code == 200
    assert client.get("/v1/health").status_code == 200
    assert client.post(f"/v1/games/{game_id}/status", json={}).status_code == 200
    assert client.post("/v1/games/nope/status", json={}).status_code == 404
    assert roads.reached == [f"/v1/games/{game_id}/status", f"/v1/games/{game_id}/status",
                             "/v1/health"]


PAGE_OPERATIONS = [op for op in OPERATIONS if op.page is not None]
#: Accept headers a page may answer differently
PAGE_ACCEPTS = [None, "*/*", "application/octet-stream", "text/yaml", "text/html",
                "application/json;q=0.1, text/yaml"]


def _page_paths() -> list[str]:
    """A path of every operation declaring a page (with a game for the game's own: one this
    service plays and one it does not), and the slash forms the table serves."""
    paths = []
    for op in PAGE_OPERATIONS:
        if "{game}" in op.path:
            paths += [op.path.replace("{game}", registry.game_ids()[0]),
                      op.path.replace("{game}", "nope")]
        else:
            paths += [op.path, *([op.path + "/"] if op.also_with_slash else [])]
    return paths


def test_every_page_takes_the_short_road_and_answers_as_flask_does(apps):
    """A GET of every operation that declares a page is answered without Flask, with every
    header and byte Flask's road gives it, for every Accept header; a HEAD takes Flask's."""
    fast, flask_only = apps
    assert {op.operation_id for op in PAGE_OPERATIONS} >= {
        "health", "ready", "metrics", "listGames", "getGame", "openapi", "docs"}
    roads = Roads()
    for path in _page_paths():
        for accept in PAGE_ACCEPTS:
            headers = {"Accept": accept} if accept else {}
            a, b = fast.get(path, headers=headers), flask_only.get(path, headers=headers)
            if path == "/metrics":  # its counts move between the two requests
                assert (a.status_code, a.headers["Content-Type"]) == \
                    (b.status_code, b.headers["Content-Type"]), path
                continue
            assert (a.status_code, a.headers.to_wsgi_list(), a.data) == \
                (b.status_code, b.headers.to_wsgi_list(), b.data), (path, accept)
        assert roads.client.get(path).status_code in (200, 404), path
        assert roads.client.head(path).status_code in (200, 404), path
    assert roads.reached == _page_paths()   # the HEADs, and nothing else


def test_a_concern_added_to_the_pipeline_applies_on_each_road():
    """A dummy concern (it refuses any request whose body asks for moves_only) applies to a
    request on the short road and to one on Flask's road alike, after the concerns before it."""
    roads = Roads()
    seen: list[str] = []

    def no_moves_only(a: Admission) -> None:
        seen.append(a.operation.operation_id)
        if a.body.get("moves_only"):
            raise Problem(422, "moves_only_refused", "This test's concern refuses moves_only.")

    services_of(roads.app).concerns.append(Step(no_moves_only))
    game_id = registry.game_ids()[0]
    url = f"/v1/games/{game_id}/legal-moves"
    short = roads.client.post(url, json={"moves_only": True})
    assert roads.reached == []
    flask = roads.client.post(url, data=b'{"moves_only": true}',
                              content_type="application/merge-patch+json")
    assert roads.reached == [url]
    for answer in (short, flask):
        assert answer.status_code == 422
        assert answer.get_json()["code"] == "moves_only_refused"
        assert answer.content_type == "application/problem+json"
    assert roads.client.post(url, json={}).status_code == 200
    assert seen == ["legalMoves"] * 3


def test_an_unexpected_error_on_the_short_road_is_a_logged_500(monkeypatch, caplog):
    roads = Roads()

    def broken(a: Admission) -> None:
        raise RuntimeError("a bug")

    services_of(roads.app).concerns.append(Step(broken))
    answer = roads.client.post(f"/v1/games/{registry.game_ids()[0]}/status", json={})
    assert answer.status_code == 500 and answer.get_json()["code"] == "internal_error"
    assert "a bug" not in answer.get_data(as_text=True)
    assert roads.reached == [] and "unexpected error" in caplog.text

"""service.fastpath: plain requests of the busiest operations answered without Flask, byte for
byte as the Flask app answers them; everything else still goes to the Flask app."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from rules import registry
from service import schemas as s
from service.app import create_app
from service.fastpath import FastPath, plain_loader


@pytest.fixture(scope="module")
def apps():
    """(the app as served, the same app without the fast path)."""
    served = create_app()
    flask_only = create_app()
    assert isinstance(flask_only.wsgi_app, FastPath)
    flask_only.wsgi_app = flask_only.wsgi_app.wsgi_app
    return served.test_client(), flask_only.test_client()


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
    {"depth": 2}, {"depth": 2, "divide": True}, {"moves": ["a1a2"]},
]


@pytest.mark.parametrize("schema_class", [s.GameRequestSchema, s.LegalMovesRequestSchema,
                                          s.ApplyRequestSchema, s.PerftRequestSchema,
                                          s.SetupRequestSchema])
def test_plain_loader_gives_what_marshmallow_gives_or_nothing(schema_class):
    schema = schema_class()
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
    assert accepted >= 2  # the common bodies do take the short road


def test_schemas_with_fields_it_does_not_know_always_go_to_marshmallow():
    load = plain_loader(s.ReplayRequestSchema())
    assert load({"moves": ["a1a2"]}) is None


def _requests(game_id: str):
    game = registry.configure(game_id)
    pos = game.start_position
    base = f"/v1/games/{game_id}/"
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
        _, applied = game.play(pos, move, seed=7)
        pos = applied.position
    yield base + "setup", {}
    yield base + "setup", {"options": None}
    for spec in game.option_specs:                                       # each default, sent
        yield base + "setup", {"options": {spec.name: game.options[spec.name]}}
    yield base + "setup", {"options": {"no_such_option": 1}}              # 422
    yield base + "legal-moves", {"options": {"no_such_option": 1}}        # 422
    yield base + "status", {"moves_only": True}                           # 400


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_answers_are_the_flask_apps_answers(apps, game_id):
    fast, flask_only = apps
    for url, body in _requests(game_id):
        a, b = fast.post(url, json=body), flask_only.post(url, json=body)
        assert (a.status_code, a.headers.get("Content-Type"), a.data) == \
            (b.status_code, b.headers.get("Content-Type"), b.data), (url, body)
        assert a.headers.get("Content-Length") == str(len(a.data))


def test_plain_requests_never_reach_flask_and_others_do(monkeypatch):
    app = create_app()
    client = app.test_client()
    middleware = app.wsgi_app
    flask_wsgi = middleware.wsgi_app
    reached: list[str] = []

    def flask_app(environ, start_response):
        reached.append(environ["PATH_INFO"])
        return flask_wsgi(environ, start_response)

    monkeypatch.setattr(middleware, "wsgi_app", flask_app)
    game_id = registry.game_ids()[0]
    game = registry.configure(game_id)
    start = game.start_position
    text = game.format_position(start)
    move = game.format_move(start, game.legal_moves(start)[0])
    assert client.post(f"/v1/games/{game_id}/legal-moves", json={}).status_code == 200
    assert client.post(f"/v1/games/{game_id}/status", json={}).status_code == 200
    assert client.post(f"/v1/games/{game_id}/legal-moves",
                       json={"position": text}).status_code == 200
    assert client.post(f"/v1/games/{game_id}/apply",
                       json={"position": text, "move": move}).status_code == 200
    assert reached == []
    assert client.post(f"/v1/games/{game_id}/legal-moves",
                       json={"position": text + "\n"}).status_code == 200  # trimmed by Flask
    assert reached == [f"/v1/games/{game_id}/legal-moves"]
    reached.clear()
    assert client.post(f"/v1/games/{game_id}/status", data=b"{}",
                       content_type="text/plain").status_code == 415
    assert client.post(f"/v1/games/{game_id}/setup", json={}).status_code == 200
    assert client.post(f"/v1/games/{game_id}/perft", json={"depth": 1}).status_code == 200
    assert client.post("/v1/games/nope/status", json={}).status_code == 404
    assert client.get("/v1/health").status_code == 200
    assert reached == [f"/v1/games/{game_id}/status", f"/v1/games/{game_id}/perft",
                       "/v1/games/nope/status", "/v1/health"]

"""A game's identity in its tokens, and the app's check: setup mints a game id, apply keeps it
and counts the ply, a replay or import from the initial position is a new game, a clocked game
never yields an unclocked token; a request stating game_id and ply is refused a token of
another game (token_wrong_game), of an earlier ply (token_superseded) or of a later one
(token_ahead); without them, answers are as before."""

from __future__ import annotations

import re

import pytest

from service.telemetry import metrics
from tests.clocked import BLITZ, MOVE, REPLY, Clock, clocked_client
from tests.service.test_clocks import payload_of

RECORD = '[Game "mastery"]\n\n1. d4d5 e5d4 *\n'


@pytest.fixture
def c(clock: Clock):
    return clocked_client(clock)


def post(c, op: str, body: dict, status: int = 200, game: str = "mastery") -> dict:
    r = c.post(f"/v1/games/{game}/{op}", json=body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def refused(c, op: str, body: dict, code: str, game: str = "mastery") -> dict:
    r = c.post(f"/v1/games/{game}/{op}", json=body)
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
    doc = r.get_json()
    assert doc["code"] == code and doc["detail"].endswith("."), doc
    return doc


def play(c, at: dict, move: str, **check) -> dict:
    return post(c, "apply", {"position": at["position"], "token": at["token"], "move": move,
                             **check})


def known(at: dict) -> dict:
    """The app's two values, as the answer ``at`` gives them."""
    return {"game_id": at["game_id"], "ply": at["ply"]}


# ---- the id and the ply ---------------------------------------------------------------------

def test_setup_mints_a_url_safe_id_of_128_bits_and_ply_zero(c):
    first, second = post(c, "setup", {}), post(c, "setup", {})
    for start in (first, second):
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", start["game_id"]) and start["ply"] == 0
        claims = payload_of(start["token"])
        assert (claims["g"], claims["n"]) == (start["game_id"], 0)
    assert first["game_id"] != second["game_id"]


def test_apply_keeps_the_id_and_counts_each_ply(c):
    at = post(c, "setup", {}, game="maestria")
    for ply in range(1, 6):     # placements: several plies (actions) in one turn
        moves = post(c, "legal-moves", {"position": at["position"], "moves_only": True},
                     game="maestria")["moves"]
        after = post(c, "apply", {"position": at["position"], "token": at["token"],
                                  "move": moves[0]}, game="maestria")
        assert (after["game_id"], after["ply"]) == (at["game_id"], ply)
        at = after


def test_replay_from_a_token_goes_on_and_from_the_start_is_a_new_game(c):
    start = post(c, "setup", {})
    on = post(c, "replay", {"position": start["position"], "token": start["token"],
                            "moves": [MOVE, REPLY]})
    assert (on["game_id"], on["ply"]) == (start["game_id"], 2)
    anew = post(c, "replay", {"moves": [MOVE, REPLY]})
    assert anew["game_id"] not in (start["game_id"], on["game_id"]) and anew["ply"] == 2
    assert anew["position"] == on["position"]


def test_an_import_is_a_new_game_at_its_last_ply(c):
    start = post(c, "setup", {})
    imported = post(c, "records/import", {"record": RECORD})
    assert imported["game_id"] != start["game_id"] and imported["ply"] == 2
    assert payload_of(imported["token"])["n"] == 2


def test_a_clocked_game_never_yields_an_unclocked_token(c, clock):
    start = post(c, "setup", {"time_control": BLITZ})
    clock.advance(1_000)
    after = play(c, start, MOVE)
    assert "tc" in payload_of(after["token"]) and after["game_id"] == start["game_id"]
    # the one operation that would sign it several plies on refuses it
    refused(c, "replay", {"position": after["position"], "token": after["token"],
                          "moves": [REPLY]}, "clock_running")
    # lost on time: the token saying so is of the same game and ply, and clocked
    clock.advance(10**6)
    lost = refused(c, "apply", {"position": after["position"], "token": after["token"],
                                "move": REPLY}, "game_over")
    assert (lost["game_id"], lost["ply"]) == (after["game_id"], 1)
    assert payload_of(lost["token"])["out"] == "light"


# ---- the app's check ------------------------------------------------------------------------

def test_the_stated_game_and_ply_pass_the_latest_token(c):
    start = post(c, "setup", {})
    after = play(c, start, MOVE, **known(start))
    reply = play(c, after, REPLY, **known(after))
    assert (reply["game_id"], reply["ply"]) == (start["game_id"], 2)
    body = {"position": reply["position"], "token": reply["token"], **known(reply)}
    for op, extra in (("legal-moves", {}), ("status", {}), ("perft", {"depth": 1}),
                      ("render", {}), ("suggest", {"level": "greedy"}),
                      ("replay", {"moves": ["d5d6"]}),
                      ("records/export", {"moves": ["d5d6"]})):
        r = c.post(f"/v1/games/mastery/{op}", json={**body, **extra})
        assert r.status_code == 200, (op, r.get_json())
    query = f"position={reply['position']}&token={reply['token']}&game_id={reply['game_id']}"
    assert c.get(f"/v1/games/mastery/render.svg?{query}&ply=2").status_code == 200
    assert c.get(f"/v1/games/mastery/render.svg?{query}&ply=1").status_code == 422


def test_a_token_of_another_game_is_token_wrong_game(c):
    ours, theirs = post(c, "setup", {}), post(c, "setup", {})
    doc = refused(c, "apply", {"position": theirs["position"], "token": theirs["token"],
                               "move": MOVE, **known(ours)}, "token_wrong_game")
    assert (doc["token_game_id"], doc["token_ply"]) == (theirs["game_id"], 0)
    assert ours["game_id"] in doc["detail"]


def test_an_earlier_token_is_superseded_and_a_later_one_ahead(c):
    start = post(c, "setup", {})
    after = play(c, start, MOVE)
    doc = refused(c, "apply", {"position": start["position"], "token": start["token"],
                               "move": MOVE, **known(after)}, "token_superseded")
    assert doc["token_ply"] == 0 and "ply 1" in doc["detail"]
    refused(c, "apply", {"position": after["position"], "token": after["token"],
                         "move": REPLY, **known(start)}, "token_ahead")
    # either value alone is checked
    refused(c, "status", {"position": start["position"], "token": start["token"], "ply": 1},
            "token_superseded")
    refused(c, "status", {"position": start["position"], "token": start["token"],
                          "game_id": "x" * 22}, "token_wrong_game")


def test_the_check_needs_a_position_with_a_valid_token(c):
    start = post(c, "setup", {})
    refused(c, "apply", {"move": MOVE, **known(start)}, "unsigned_position")
    refused(c, "apply", {"position": start["position"], "move": MOVE, **known(start)},
            "unsigned_position")
    refused(c, "apply", {"position": start["position"], "token": "kid1.x.y", "move": MOVE,
                         **known(start)}, "bad_signature")


def test_the_check_on_a_service_without_keys_is_signing_not_configured(clock):
    off = clocked_client(clock, keys=None)
    doc = refused(off, "apply", {"move": MOVE, "game_id": "abc", "ply": 0},
                  "signing_not_configured")
    assert "REFEREE_SIGNING_KEYS" in doc["detail"]


@pytest.mark.parametrize("check", [{"game_id": ""}, {"game_id": "a.b"}, {"game_id": "a" * 65},
                                   {"ply": -1}, {"ply": "3"}, {"ply": 1.5}])
def test_malformed_game_id_or_ply_names_its_field(c, check):
    doc = post(c, "status", check, 400)
    assert set(doc["errors"]) == set(check)


def test_refusals_of_the_check_are_counted_as_signing_refusals(c):
    start = post(c, "setup", {})
    after = play(c, start, MOVE)

    def count() -> float:
        return metrics.REGISTRY.get_sample_value("referee_signing_refusals_total",
                                                 {"code": "token_superseded"}) or 0.0
    before = count()
    refused(c, "status", {"position": start["position"], "token": start["token"],
                          **known(after)}, "token_superseded")
    assert count() == before + 1


def test_without_the_check_an_earlier_token_is_played_as_before(c):
    start = post(c, "setup", {})
    play(c, start, MOVE)
    again = play(c, start, MOVE)
    assert (again["game_id"], again["ply"]) == (start["game_id"], 1)


def test_a_pictures_etag_ignores_the_apps_check(c):
    start = post(c, "setup", {})
    query = f"position={start['position']}&token={start['token']}"
    plain = c.get(f"/v1/games/mastery/render.svg?{query}")
    checked = c.get(f"/v1/games/mastery/render.svg?{query}&game_id={start['game_id']}&ply=0")
    assert plain.status_code == checked.status_code == 200
    assert plain.headers["ETag"] == checked.headers["ETag"] and plain.data == checked.data

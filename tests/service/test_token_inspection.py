"""Token inspection (POST /v1/games/{game}/tokens/inspect): the claims of every kind of token
(unclocked, clocked, lost on time, replayed, imported, signed by an older key), forged and
edited ones answered valid false with the reason, the app's check, any signing mode, and a
service without keys."""

from __future__ import annotations

import pytest

from service.concerns import signing
from tests.clocked import BLITZ, MOVE, REPLY, T0, Clock, clocked_client
from tests.service.test_clocks import payload_of, with_payload

RECORD = '[Game "mastery"]\n\n1. d4d5 e5d4 *\n'


@pytest.fixture
def c(clock: Clock):
    return clocked_client(clock, required=True)


def post(c, op: str, body: dict, status: int = 200, game: str = "mastery") -> dict:
    r = c.post(f"/v1/games/{game}/{op}", json=body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def inspect(c, token: str, position: str | None = None, game: str = "mastery",
            **more) -> dict:
    body = {"token": token, **more}
    if position is not None:
        body["position"] = position
    return post(c, "tokens/inspect", body, game=game)


def claims_of(answer: dict) -> dict:
    return {key: answer[key] for key in ("game_id", "ply")}


def test_an_unclocked_token_shows_its_claims(c, clock):
    start = post(c, "setup", {})
    clock.advance(5_000)
    after = post(c, "apply", {"position": start["position"], "token": start["token"],
                              "move": MOVE})
    seen = inspect(c, after["token"], after["position"])
    assert seen == {"valid": True, "game": "mastery", "position": after["position"],
                    "options": after["options"], "key_id": "kid1", **claims_of(after),
                    "signed_at": T0 + 5_000}
    # the initial position needs no position sent
    assert inspect(c, start["token"])["valid"] is True


def test_a_clocked_token_shows_its_clocks_as_signed(c, clock):
    start = post(c, "setup", {"time_control": BLITZ})
    clock.advance(10_000)
    after = post(c, "apply", {"position": start["position"], "token": start["token"],
                              "move": MOVE})
    clock.advance(60_000)       # inspection charges nothing: the clocks as of the token
    seen = inspect(c, after["token"], after["position"])
    assert seen["valid"] and seen["clocks"] == after["clocks"]
    assert seen["signed_at"] == after["clocks"]["as_of"]


def test_a_token_lost_on_time_shows_who_ran_out(c, clock):
    start = post(c, "setup", {"time_control": BLITZ})
    clock.advance(300_000)
    lost = post(c, "apply", {"position": start["position"], "token": start["token"],
                             "move": MOVE}, 422)
    seen = inspect(c, lost["token"], start["position"])
    assert seen["valid"] and seen["clocks"]["out_of_time"] == "dark"
    assert claims_of(seen) == claims_of(lost) == {"game_id": start["game_id"], "ply": 0}


def test_replayed_and_imported_tokens_are_new_games(c):
    replayed = post(c, "replay", {"moves": [MOVE, REPLY]})
    imported = post(c, "records/import", {"record": RECORD})
    for answer in (replayed, imported):
        seen = inspect(c, answer["token"], answer["position"])
        assert seen["valid"] and claims_of(seen) == claims_of(answer)
    assert replayed["game_id"] != imported["game_id"]


def test_a_token_of_an_older_key_shows_its_key_id(clock):
    old = clocked_client(clock, keys="kid2:secret-two")
    start = post(old, "setup", {})
    rotated = clocked_client(clock)     # kid1 signs, kid2 still verifies
    assert inspect(rotated, start["token"])["key_id"] == "kid2"
    retired = clocked_client(clock, keys="kid1:secret-one")
    seen = inspect(retired, start["token"])
    assert seen["valid"] is False and seen["code"] == "bad_signature"
    assert "kid2" in seen["detail"] and "game_id" not in seen


@pytest.mark.parametrize("forge", ["edited_clock", "edited_ply", "edited_position",
                                   "other_options", "other_secret", "garbage", "two_parts"])
def test_forged_and_edited_tokens_are_not_valid_and_show_no_claims(c, forge):
    start = post(c, "setup", {"time_control": BLITZ})
    after = post(c, "apply", {"position": start["position"], "token": start["token"],
                              "move": MOVE})
    token, position, options = after["token"], after["position"], None
    claims = payload_of(token)
    if forge == "edited_clock":
        token = with_payload(token, {**claims, "ms": [300_000, 300_000]})
    elif forge == "edited_ply":
        token = with_payload(token, {**claims, "n": 7})
    elif forge == "edited_position":
        position = position.replace(" l ", " d ")
    elif forge == "other_options":
        options = {"draw_after_quiet_plies": 40}
    elif forge == "other_secret":
        forger = signing.Signer((("kid1", b"guessed"),))
        token = forger.token("mastery", after["options"], position,
                             signing.Claims.from_payload(token.split(".")[1]))
    elif forge == "garbage":
        token = "kid1.not-a-payload.x"
    else:
        token = "kid1." + token.rsplit(".", 1)[1]
    body = {"options": options} if options else {}
    seen = inspect(c, token, position, **body)
    assert seen["valid"] is False and seen["code"] == "bad_signature"
    assert seen["detail"].endswith(".")
    assert not {"game_id", "ply", "clocks", "signed_at"} & set(seen)


def test_the_apps_check_in_an_inspection(c):
    start = post(c, "setup", {})
    after = post(c, "apply", {"position": start["position"], "token": start["token"],
                              "move": MOVE})
    assert inspect(c, after["token"], after["position"], **claims_of(after))["valid"]
    for check, code in (({"game_id": "another-game"}, "token_wrong_game"),
                        ({"ply": 2}, "token_superseded"), ({"ply": 0}, "token_ahead")):
        seen = inspect(c, after["token"], after["position"], **check)
        assert (seen["valid"], seen["code"]) == (False, code)
        assert claims_of(seen) == claims_of(after)      # a genuine token: its claims shown


def test_inspection_works_in_either_mode_and_needs_keys(clock):
    optional = clocked_client(clock)
    start = post(optional, "setup", {})
    assert inspect(optional, start["token"])["valid"]
    off = clocked_client(clock, keys=None)
    doc = post(off, "tokens/inspect", {"token": start["token"]}, 422)
    assert doc["code"] == "signing_not_configured"
    missing = post(optional, "tokens/inspect", {}, 400)
    assert "token" in missing["errors"]


"""Clocks kept in signed tokens, driven by an injected clock (no test waits on real time):
setup with a time control, the charge and the increment, the increment once per turn, a time
per move, a loss on time, status at the time of asking, old, edited, forged and future
tokens, replay refused, the refusals of setup, and unclocked tokens unchanged."""

from __future__ import annotations

import base64
import hashlib
import hmac

import orjson
import pytest

from service.concerns import clocks, signing
from service.telemetry import metrics
from tests.clocked import BLITZ, MOVE, REPLY, T0, Clock, clocked_client


@pytest.fixture
def c(clock: Clock):
    return clocked_client(clock)


def post(c, game: str, op: str, body: dict, status: int = 200) -> dict:
    r = c.post(f"/v1/games/{game}/{op}", json=body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def problem(c, game: str, op: str, body: dict, code: str, status: int = 422) -> dict:
    doc = post(c, game, op, body, status)
    assert doc["code"] == code and doc["detail"].endswith("."), doc
    return doc


def setup(c, game: str = "mastery", time_control: dict | None = None, **body) -> dict:
    return post(c, game, "setup", {"time_control": time_control or BLITZ, **body})


def play(c, at: dict, move: str, game: str = "mastery") -> dict:
    return post(c, game, "apply", {"position": at["position"], "token": at["token"],
                                   "move": move, "options": at.get("options")})


def status(c, at: dict, game: str = "mastery") -> dict:
    return post(c, game, "status", {"position": at["position"], "token": at["token"]})


def payload_of(token: str) -> dict:
    _, payload, _ = token.split(".")
    return orjson.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def with_payload(token: str, payload: dict) -> str:
    kid, _, mac = token.split(".")
    text = base64.urlsafe_b64encode(orjson.dumps(payload)).rstrip(b"=").decode()
    return f"{kid}.{text}.{mac}"


# ---- setup --------------------------------------------------------------------------------------

def test_setup_with_a_time_control_starts_the_first_movers_clock(c):
    start = setup(c)
    assert start["clocks"] == {"time_control": BLITZ,
                               "remaining_ms": {"dark": 300_000, "light": 300_000},
                               "running": "dark", "as_of": T0}
    kid, payload, mac = start["token"].split(".")
    assert kid == "kid1" and payload and mac
    assert payload_of(start["token"]) == {"g": start["game_id"], "n": 0, "at": T0, "tc": BLITZ,
                                          "ms": [300_000, 300_000]}


def test_increment_defaults_to_zero(c):
    start = setup(c, time_control={"base_seconds": 60})
    assert start["clocks"]["time_control"] == {"base_seconds": 60, "increment_seconds": 0}


def test_time_control_without_signing_is_refused(clock):
    off = clocked_client(clock, keys=None)
    doc = problem(off, "mastery", "setup", {"time_control": BLITZ}, "clocks_need_signing")
    assert "REFEREE_SIGNING_KEYS" in doc["detail"]


def test_three_player_sceptre_refuses_a_time_control(c):
    doc = problem(c, "sceptre", "setup", {"time_control": BLITZ,
                                          "options": {"players": ["w", "b", "r"]}},
                  "invalid_time_control")
    assert "two players" in doc["detail"]
    assert "clocks" in setup(c, "sceptre")          # two players: clocked


@pytest.mark.parametrize("time_control", [
    {}, {"base_seconds": 300, "per_move_seconds": 60}, {"increment_seconds": 2},
    {"per_move_seconds": 60, "increment_seconds": 0},
])
def test_a_time_control_of_neither_kind_or_both_is_refused(c, time_control):
    problem(c, "mastery", "setup", {"time_control": time_control}, "invalid_time_control")


@pytest.mark.parametrize("time_control", [
    {"base_seconds": 0}, {"per_move_seconds": 30 * 86400 + 1}, {"base_seconds": "300"},
    {"base_seconds": 300, "increment_seconds": -1}, {"minutes": 5}, [300, 2], None,
])
def test_a_malformed_time_control_names_its_field(c, time_control):
    doc = problem(c, "mastery", "setup", {"time_control": time_control}, "malformed_request",
                  400)
    assert "time_control" in doc["errors"]


def test_setup_without_a_time_control_is_unclocked(c):
    start = post(c, "mastery", "setup", {})
    assert "clocks" not in start
    assert payload_of(start["token"]) == {"g": start["game_id"], "n": 0, "at": T0}


# ---- apply --------------------------------------------------------------------------------------

def test_apply_charges_the_time_since_the_answer_and_adds_the_increment(c, clock):
    start = setup(c)
    clock.advance(10_000)
    after = play(c, start, MOVE)
    assert after["clocks"] == {"time_control": BLITZ,
                               "remaining_ms": {"dark": 292_000, "light": 300_000},
                               "running": "light", "as_of": T0 + 10_000}
    clock.advance(4_500)
    reply = play(c, after, REPLY)
    assert reply["clocks"]["remaining_ms"] == {"dark": 292_000, "light": 297_500}
    assert reply["clocks"]["running"] == "dark"
    assert payload_of(reply["token"])["ms"] == [292_000, 297_500]


def test_the_increment_is_added_once_per_turn_of_several_actions(c, clock):
    at = setup(c, "maestria")
    first = at["clocks"]["running"]
    other = next(seat for seat in at["clocks"]["remaining_ms"] if seat != first)
    seen = []
    while True:
        clock.advance(1_000)
        moves = post(c, "maestria", "legal-moves", {"position": at["position"],
                                                    "moves_only": True})["moves"]
        at = play(c, at, moves[0], "maestria")
        seen.append(at["clocks"]["remaining_ms"][first])
        if at["clocks"]["running"] != first:
            break
    assert len(seen) >= 2, "a turn of several actions"
    assert seen[:-1] == [300_000 - 1_000 * n for n in range(1, len(seen))]
    assert seen[-1] == 300_000 - 1_000 * len(seen) + 2_000
    assert at["clocks"]["running"] == other and at["clocks"]["remaining_ms"][other] == 300_000


def test_a_time_per_move_resets_the_next_movers_clock(c, clock):
    start = setup(c, time_control={"per_move_seconds": 60})
    assert start["clocks"]["remaining_ms"] == {"dark": 60_000, "light": 60_000}
    clock.advance(10_000)
    after = play(c, start, MOVE)
    assert after["clocks"]["remaining_ms"] == {"dark": 50_000, "light": 60_000}
    clock.advance(20_000)
    reply = play(c, after, REPLY)
    assert reply["clocks"]["remaining_ms"] == {"dark": 60_000, "light": 40_000}
    clock.advance(60_000)
    problem(c, "mastery", "apply", {"position": reply["position"], "token": reply["token"],
                                    "move": "d5d6"}, "game_over")


def test_a_move_after_the_time_ran_out_is_a_loss_on_time(c, clock):
    start = setup(c)
    clock.advance(300_000)
    doc = problem(c, "mastery", "apply", {"position": start["position"],
                                          "token": start["token"], "move": MOVE}, "game_over")
    assert (doc["state"], doc["winner"], doc["game_reason"]) == ("win", "light", "out_of_time")
    assert doc["clocks"] == {"time_control": BLITZ,
                             "remaining_ms": {"dark": 0, "light": 300_000}, "running": None,
                             "as_of": T0 + 300_000, "out_of_time": "dark"}
    assert "time" in doc["detail"]
    # the problem's token proves the loss: status reports it, apply refuses again
    lost = {"position": start["position"], "token": doc["token"]}
    clock.advance(60_000)
    assert status(c, lost) == {"state": "win", "winner": "light", "reason": "out_of_time",
                               "to_move": None, "clocks": {**doc["clocks"],
                                                           "as_of": T0 + 360_000}}
    again = problem(c, "mastery", "apply", {**lost, "move": MOVE}, "game_over")
    assert again["game_reason"] == "out_of_time"


def test_one_millisecond_left_still_plays(c, clock):
    start = setup(c)
    clock.advance(299_999)
    after = play(c, start, MOVE)
    assert after["clocks"]["remaining_ms"]["dark"] == 1 + 2_000


def test_an_illegal_move_is_refused_and_the_clock_keeps_running(c, clock):
    start = setup(c)
    clock.advance(100_000)
    problem(c, "mastery", "apply", {"position": start["position"], "token": start["token"],
                                    "move": "a1a8"}, "illegal_move")
    clock.advance(100_000)
    assert play(c, start, MOVE)["clocks"]["remaining_ms"]["dark"] == 102_000


def test_an_older_token_is_charged_all_the_time_since(c, clock):
    start = setup(c)
    clock.advance(1_000)
    after = play(c, start, MOVE)
    clock.advance(1_000)
    play(c, after, REPLY)
    clock.advance(298_500)      # dark's newest token would still have time; the first has none
    doc = problem(c, "mastery", "apply", {"position": start["position"],
                                          "token": start["token"], "move": MOVE}, "game_over")
    assert doc["winner"] == "light"
    # and light, going back to the token of its turn, is charged from that token's date
    assert play(c, after, REPLY)["clocks"]["remaining_ms"]["light"] == \
        300_000 - 299_500 + 2_000


# ---- status -------------------------------------------------------------------------------------

def test_status_reports_the_clocks_at_the_time_of_asking(c, clock):
    start = setup(c)
    clock.advance(42_000)
    now = status(c, start)
    assert now["state"] == "ongoing" and now["to_move"] == "dark" and "token" not in now
    assert now["clocks"] == {"time_control": BLITZ,
                             "remaining_ms": {"dark": 258_000, "light": 300_000},
                             "running": "dark", "as_of": T0 + 42_000}
    clock.advance(258_000)
    out = status(c, start)
    assert (out["state"], out["winner"], out["reason"], out["to_move"]) == \
        ("win", "light", "out_of_time", None)
    assert out["clocks"]["remaining_ms"]["dark"] == 0 and out["clocks"]["running"] is None


def test_status_without_a_clock_is_unchanged(c):
    start = post(c, "mastery", "setup", {})
    assert "clocks" not in status(c, start)


# ---- forged, edited, future tokens --------------------------------------------------------------

@pytest.mark.parametrize("required", [False, True])
def test_a_token_with_its_clock_edited_is_a_bad_signature(clock, required):
    c = clocked_client(clock, required=required)
    start = setup(c)
    clock.advance(200_000)
    after = play(c, start, MOVE)
    richer = {**payload_of(after["token"]), "ms": [300_000, 300_000]}
    for token in (with_payload(after["token"], richer),
                  with_payload(after["token"], {**payload_of(after["token"]), "at": T0 + 10**9}),
                  after["token"].rsplit(".", 1)[0] + "." + start["token"].rsplit(".", 1)[1]):
        for op, extra in (("apply", {"move": REPLY}), ("status", {}),
                          ("legal-moves", {})):
            problem(c, "mastery", op, {"position": after["position"], "token": token, **extra},
                    "bad_signature")


def test_a_clock_forged_with_another_key_is_a_bad_signature(c, clock):
    start = setup(c)
    forger = signing.Signer((("kid1", b"not-the-secret"),))
    options = start["options"]
    clock_claims = clocks.Clocks(clocks.TimeControl(3600, 0), (("dark", 3_600_000),
                                                               ("light", 1)), T0,
                                 "dark").claims()
    forged = forger.token("mastery", options, start["position"],
                          signing.Claims(start["game_id"], 0, T0, clock_claims))
    problem(c, "mastery", "apply", {"position": start["position"], "token": forged,
                                    "move": MOVE}, "bad_signature")


def test_a_token_stripped_of_its_clock_does_not_verify(c):
    start = setup(c)
    kid, _, mac = start["token"].split(".")
    unclocked = {key: value for key, value in payload_of(start["token"]).items()
                 if key not in ("tc", "ms")}
    for token in (f"{kid}.{mac}", with_payload(start["token"], unclocked)):
        body = {"position": start["position"], "token": token, "move": MOVE}
        answer = post(c, "mastery", "apply", body)      # optional mode: served, unsigned
        assert "token" not in answer and "clocks" not in answer
        strict = clocked_client(Clock(), required=True)
        problem(strict, "mastery", "apply", body, "bad_signature")
        # the app that states its game refuses it in either mode
        problem(c, "mastery", "apply", {**body, "game_id": start["game_id"], "ply": 0},
                "bad_signature")


def test_a_token_from_the_future_beyond_the_tolerance_is_refused(c, clock):
    start = setup(c)
    clock.advance(-1_001)
    refusals = metrics.REGISTRY.get_sample_value("referee_signing_refusals_total",
                                                 {"code": "clock_skew"}) or 0.0
    doc = problem(c, "mastery", "apply", {"position": start["position"],
                                          "token": start["token"], "move": MOVE}, "clock_skew")
    assert doc["ahead_ms"] == 1_001 and "replicas" in doc["detail"]
    assert metrics.REGISTRY.get_sample_value("referee_signing_refusals_total",
                                             {"code": "clock_skew"}) == refusals + 1
    problem(c, "mastery", "status", {"position": start["position"], "token": start["token"]},
            "clock_skew")


def test_a_token_from_the_future_within_the_tolerance_is_charged_nothing(c, clock):
    start = setup(c)
    clock.advance(-1_000)
    after = play(c, start, MOVE)
    assert after["clocks"]["remaining_ms"]["dark"] == 302_000
    assert after["clocks"]["as_of"] == T0 - 1_000


def test_the_tolerance_is_a_setting(clock):
    c = clocked_client(clock, **{clocks.SKEW_SETTING: "5000"})
    start = setup(c)
    clock.advance(-4_000)
    play(c, start, MOVE)
    with pytest.raises(clocks.ClockConfigError):
        clocked_client(clock, **{clocks.SKEW_SETTING: "soon"})


# ---- other operations ---------------------------------------------------------------------------

def test_replay_from_a_clocked_token_is_refused_and_reading_is_as_usual(c, clock):
    start = setup(c)
    body = {"position": start["position"], "token": start["token"]}
    doc = problem(c, "mastery", "replay", {**body, "moves": [MOVE, REPLY]}, "clock_running")
    assert "apply" in doc["detail"]
    clock.advance(10**9)       # reading a position is not charged, however late
    assert post(c, "mastery", "legal-moves", body)["count"] > 0
    assert post(c, "mastery", "perft", {**body, "depth": 1})["nodes"] > 0
    assert c.post("/v1/games/mastery/render", json=body).status_code == 200
    # an unclocked game replays as before
    plain = post(c, "mastery", "setup", {})
    assert "token" in post(c, "mastery", "replay", {"position": plain["position"],
                                                    "token": plain["token"], "moves": [MOVE]})


def test_both_roads_keep_the_clocks_alike(c, clock):
    start = setup(c)
    clock.advance(7_000)
    body = orjson.dumps({"position": start["position"], "token": start["token"], "move": MOVE})
    short = c.post("/v1/games/mastery/apply", data=body, content_type="application/json")
    flask = c.post("/v1/games/mastery/apply", data=body, content_type="application/x+json")
    assert short.status_code == flask.status_code == 200
    assert short.data == flask.data


def test_a_game_ended_on_the_board_stops_the_clocks():
    running = clocks.Clocks(clocks.TimeControl(60, 5), (("a", 1_000), ("b", 2_000)), T0, "a")
    stopped = running.after_move(None)
    assert stopped.running is None and stopped.remaining == running.remaining


# ---- the token's MAC -----------------------------------------------------------------------

def test_a_token_is_the_mac_the_docs_describe(c):
    start = post(c, "mastery", "setup", {})
    kid, payload, mac = start["token"].split(".")
    message = orjson.dumps(["mastery", start["options"], start["position"], payload],
                           option=orjson.OPT_SORT_KEYS)
    expected = hmac.new(b"secret-one", b"boardgame-referee game token v3\x00" + message,
                        hashlib.sha256).digest()
    assert kid == "kid1" and mac == base64.urlsafe_b64encode(expected).rstrip(b"=").decode()
    after = post(c, "mastery", "apply", {"position": start["position"],
                                         "token": start["token"], "move": MOVE})
    assert "clocks" not in after and "tc" not in payload_of(after["token"])

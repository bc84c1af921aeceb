"""Clocked records over HTTP: export writes the TimeControl tag and each ply's [%clk] comment
from the clocks apply answered, import reads them back into each ply and refuses clocks no
game under the time control could show (at their line and column); a record's Token tag is
checked against its final position, options, last ply and GameId."""

from __future__ import annotations

import pytest

from tests.clocked import BLITZ, MOVE, REPLY, Clock, clocked_client

HEAD = '[Game "mastery"]\n[TimeControl "300+2"]\n\n'


@pytest.fixture
def c(clock: Clock):
    return clocked_client(clock)


def post(c, op: str, body: dict, status: int = 200) -> dict:
    r = c.post(f"/v1/games/mastery/{op}", json=body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def played(c, clock: Clock, moves=(MOVE, REPLY, "d5d6"), time_control=BLITZ) -> list[dict]:
    """The answers of a clocked game: setup's, then one per move, each after 1.25 s."""
    answers = [post(c, "setup", {"time_control": time_control})]
    for move in moves:
        clock.advance(1_250)
        at = answers[-1]
        answers.append(post(c, "apply", {"position": at["position"], "token": at["token"],
                                         "move": move}))
    return answers


def exported(c, answers: list[dict], moves=(MOVE, REPLY, "d5d6"), **more) -> str:
    return post(c, "records/export", {"moves": list(moves),
                                      "clocks": [a["clocks"] for a in answers[1:]],
                                      **more})["record"]


def test_a_clocked_game_exported_and_imported_keeps_every_plys_clocks(c, clock):
    answers = played(c, clock)
    record = exported(c, answers)
    assert '[TimeControl "300+2"]' in record
    assert "d4d5 {[%clk 0:05:00.750]}" in record           # 300 s - 1.25 s + 2 s
    imported = post(c, "records/import", {"record": record})
    movers = [ply["mover"] for ply in imported["plies"]]
    assert [ply["clock_ms"] for ply in imported["plies"]] == \
        [a["clocks"]["remaining_ms"][m] for a, m in zip(answers[1:], movers)]
    assert imported["comments"] == []                      # the clocks are no comments
    assert imported["tags"]["TimeControl"] == "300+2"


def test_a_time_per_move_is_written_as_one_move_in_its_time(c, clock):
    answers = played(c, clock, time_control={"per_move_seconds": 86_400})
    record = exported(c, answers)
    assert '[TimeControl "1/86400"]' in record
    imported = post(c, "records/import", {"record": record})
    assert imported["plies"][0]["clock_ms"] == 86_400_000 - 1_250


def test_a_record_without_clocks_has_none(c):
    imported = post(c, "records/import", {"record": '[Game "mastery"]\n\n1. d4d5 *\n'})
    assert "clock_ms" not in imported["plies"][0]


@pytest.mark.parametrize("movetext, column, words", [
    ("1. d4d5 {[%clk 0:05:02.001]} *", 9, "more than dark's previous clock (0:05:00)"),
    ("1. d4d5 {[%clk 0:04:00]} e5d4 {[%clk 0:04:00]} 2. d5d6 {[%clk 0:04:03]} *", 56,
     "more than dark's previous clock (0:04:00)"),
    ("1. d4d5 {[%clk -0:00:01]} *", 9, "below zero"),
    ("{[%clk 0:05:00]} 1. d4d5 *", 1, "before the first"),
])
def test_impossible_clocks_are_refused_at_their_line_and_column(c, movetext, column, words):
    doc = post(c, "records/import", {"record": HEAD + movetext + "\n"}, 422)
    assert doc["code"] == "invalid_record" and (doc["line"], doc["column"]) == (4, column)
    assert words in doc["detail"] and doc["detail"].startswith("Line 4, column")


def test_a_time_per_move_bounds_every_clock(c):
    record = '[Game "mastery"]\n[TimeControl "1/60"]\n\n1. d4d5 {[%clk 0:01:00.001]} *\n'
    doc = post(c, "records/import", {"record": record}, 422)
    assert (doc["code"], doc["line"], doc["column"]) == ("invalid_record", 4, 9)


def test_a_malformed_time_control_tag_is_invalid_tag(c):
    doc = post(c, "records/import", {"record": '[Game "mastery"]\n[TimeControl "5 min"]\n\n*\n'},
               422)
    assert (doc["code"], doc["tag"], doc["line"]) == ("invalid_tag", "TimeControl", 2)


def test_export_refuses_clocks_no_game_could_show(c, clock):
    answers = played(c, clock)
    richer = [a["clocks"] for a in answers[1:]]
    richer[2] = {**richer[2], "remaining_ms": {"dark": 400_000, "light": 0}}
    doc = post(c, "records/export", {"moves": [MOVE, REPLY, "d5d6"], "clocks": richer}, 422)
    assert doc["code"] == "invalid_record" and doc["index"] == 2


def test_the_final_token_verifies_for_the_records_game(c, clock):
    answers = played(c, clock)
    last = answers[-1]
    tags = {"Token": last["token"], "GameId": last["game_id"]}
    imported = post(c, "records/import", {"record": exported(c, answers, tags=tags)})
    check = imported["final_token"]
    assert check["valid"] and (check["game_id"], check["ply"]) == (last["game_id"], 3)
    assert check["clocks"] == last["clocks"]


def test_a_final_token_that_does_not_fit_the_record_is_reported(c, clock):
    answers = played(c, clock)
    last, before = answers[-1], answers[-2]
    cases = [
        # a record written by hand, one ply short, with the game's final token
        (exported(c, answers[:-1], moves=(MOVE, REPLY), tags={"Token": last["token"]}),
         "bad_signature"),
        # the token of an earlier ply of the same position's game cannot claim this one
        (exported(c, answers, tags={"Token": before["token"]}), "bad_signature"),
        # the right token, another game's id in the GameId tag
        (exported(c, answers, tags={"Token": last["token"], "GameId": "x" * 22}),
         "token_wrong_game"),
    ]
    for record, code in cases:
        check = post(c, "records/import", {"record": record})["final_token"]
        assert (check["valid"], check["code"]) == (False, code)
        assert check["detail"].endswith(".")


def test_no_token_tag_or_no_keys_no_check(c, clock):
    answers = played(c, clock)
    assert "final_token" not in post(c, "records/import", {"record": exported(c, answers)})
    off = clocked_client(clock, keys=None)
    record = exported(c, answers, tags={"Token": answers[-1]["token"]})
    assert "final_token" not in post(off, "records/import", {"record": record})

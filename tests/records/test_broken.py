"""Broken records: each fault gets its own code, says where it is, and says what to do."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RulesError
from rules.records import load, write_game
from rules import registry

THREE = '[Game "sceptre"] [Options "{\\"players\\":[\\"w\\",\\"r\\",\\"b\\"]}"]'
BROKEN = [
    # name, record, code, fields that must be present with these values
    ("a tag without quotes", '[Game "mastery"]\n[Event Club]\n*', "invalid_tag",
     {"line": 2, "column": 1}),
    ("a tag never closed", '[Game "mastery"]\n[Event "Club"\n*', "invalid_tag", {"line": 2}),
    ("a tag twice", '[Game "mastery"]\n[Game "mastery"]\n*', "invalid_tag",
     {"tag": "Game", "line": 2}),
    ("a bad date", '[Game "mastery"]\n[Date "27/11/2026"]\n*', "invalid_tag",
     {"tag": "Date", "line": 2}),
    ("options that are not an object", '[Game "mastery"]\n[Options "[1]"]\n*', "invalid_tag",
     {"tag": "Options", "line": 2}),
    ("a tag after the moves", '[Game "mastery"]\nd2c2 [Event "x"]', "invalid_tag",
     {"line": 2, "column": 6}),
    ("no game", "1. d2c2 *", "invalid_tag", {"tag": "Game"}),
    ("an unknown game", '[Game "chess"]\n1. e2e4 *', "game_mismatch", {"tag": "Game"}),
    ("options that do not configure the game",
     '[Game "sceptre"]\n[Options "{\\"players\\": [\\"w\\", \\"q\\"]}"]\n*', "invalid_options",
     {"tag": "Options", "line": 2, "option": "players"}),
    ("options that do not fit the start",
     f'{THREE}\n[Position "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1"]\n*',
     "invalid_position", {"tag": "Position", "line": 2}),
    ("a bad ply in the middle", '[Game "mastery"]\n1. d2c2 b6a5\n2. d3e4 d3d4 3. f2g2 *',
     "illegal_move", {"index": 3, "line": 3, "column": 9, "reason": "empty_square"}),
    ("a move in no notation", '[Game "mastery"]\n1. d2c2 b6a5 2. zz9 *', "illegal_move",
     {"index": 2, "reason": "malformed_move"}),
    ("dice the move does not take", '[Game "mastery"]\n1. d2c2 <attacker 5 defender 3> *',
     "invalid_dice", {"index": 0, "line": 2, "column": 4}),
    ("dice out of range", '[Game "kings-mate"] [Options "{\\"active_play\\":true}"]\n'
     "a2a3 b8b7 b2b3 c9c8 a3a4 b7b6 a4a5 b6a5 <attacker 9 defender 5>", "invalid_dice",
     {"index": 7}),
    ("dice not after a move", '[Game "mastery"]\n<attacker 5> d2c2', "invalid_record",
     {"line": 2, "column": 1}),
    ("dice that do not read", '[Game "mastery"]\nd2c2 <five>', "invalid_record", {"line": 2}),
    ("a comment never closed", '[Game "mastery"]\n1. d2c2 {oops\n*', "invalid_record",
     {"line": 2, "column": 9}),
    ("something after the result", '[Game "mastery"]\n1. d2c2 * d3d4', "invalid_record",
     {"line": 2, "column": 11}),
    ("a variation played from the wrong side", '[Game "mastery"]\n1. d2c2 (1... b6a5) *',
     "illegal_move", {"line": 2, "column": 15, "index": 0, "variation": [[0, 0]]}),
    ("an unclosed variation", '[Game "mastery"]\n1. d2c2 (d3e4', "invalid_record",
     {"line": 2, "column": 9}),
    ("a stray parenthesis", '[Game "mastery"]\n1. d2c2 ) *', "invalid_record",
     {"line": 2, "column": 9}),
    ("a variation before any move", '[Game "mastery"]\n(d2c2) 1. d3e4 *', "invalid_record",
     {"line": 2, "column": 1}),
    ("an event in a variation", '[Game "mastery"]\n1. d2c2 (d3e4 (dark resigns)) *',
     "invalid_record", {"line": 2, "column": 15}),
    ("a result for another number of seats", '[Game "mastery"]\nd2c2 1-0-0',
     "invalid_record", {"line": 2, "column": 6}),
    ("a win the board does not show", '[Game "mastery"]\n1. d2c2 1-0',
     "result_contradicts_board", {"line": 2, "result": "1-0"}),
    ("a draw the board does not show", '[Game "mastery"]\n[Result "1/2-1/2"]\n1. d2c2',
     "result_contradicts_board", {"tag": "Result", "line": 2}),
    ("the loser of a resignation as winner", '[Game "mastery"]\nd2c2 (light resigns) 0-1',
     "result_contradicts_board", {"result": "0-1"}),
    ("a termination that did not happen", '[Game "mastery"]\n[Termination "no_masters"]\n*',
     "result_contradicts_board", {"tag": "Termination"}),
    ("a termination that no game knows", '[Game "mastery"]\n[Termination "checkmate"]\n*',
     "invalid_tag", {"tag": "Termination"}),
    ("the Result tag and the moves disagree", '[Game "mastery"]\n[Result "1-0"]\nd2c2 *',
     "invalid_tag", {"tag": "Result"}),
    ("a move after a resignation", '[Game "mastery"]\nd2c2 (light resigns) b6a5 1-0',
     "game_over", {"index": 1}),
    ("a player who is not in the game", '[Game "mastery"]\nd2c2 (white resigns) *',
     "invalid_departure", {"player": "white", "line": 2, "column": 6}),
    ("a player who already left", f"{THREE}\nl2m3 (red leaves) (red leaves) *",
     "invalid_departure", {"player": "red"}),
    ("an empty record", "  \n ", "invalid_record", {"column": 1}),
]


@pytest.mark.parametrize("text,code,fields", [b[1:] for b in BROKEN],
                         ids=[b[0] for b in BROKEN])
def test_a_broken_record_gets_its_own_error(text: str, code: str,
                                            fields: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as caught:
        load(text)
    error = caught.value
    assert error.code == code, error.detail
    for name, value in fields.items():
        assert error.extra.get(name) == value, (name, error.extra)
    assert error.detail.endswith(".") and len(error.detail) > 30
    if "line" in fields:
        assert error.detail.startswith(f"Line {fields['line']}")


def test_the_game_asked_for_must_be_the_records() -> None:
    with pytest.raises(RulesError) as caught:
        load('[Game "mastery"] d2c2', "kings-mate")
    assert caught.value.code == "game_mismatch"
    assert "kings-mate" in caught.value.detail and "mastery" in caught.value.detail


def test_a_record_longer_than_the_limit_is_refused_before_it_is_played() -> None:
    with pytest.raises(RulesError) as caught:
        load('[Game "mastery"] ' + "zz " * 11, max_plies=10)
    assert caught.value.code == "work_limit_exceeded" and caught.value.extra["limit"] == 10


@pytest.mark.parametrize("given,code", [
    ({"tags": {"Game": "mastery"}}, "invalid_tag"),
    ({"tags": {"bad name": "x"}}, "invalid_tag"),
    ({"tags": {"Event": "two\nlines"}}, "invalid_tag"),
    ({"comments": [(3, "after the end")]}, "invalid_record"),
    ({"asides": [(0, "sneezes", "dark")]}, "invalid_record"),
    ({"result": "1-0"}, "result_contradicts_board"),
    ({"dice": [None, None, None]}, "invalid_dice"),
])
def test_the_writer_refuses_what_it_could_not_write_back(given: dict[str, Any],
                                                         code: str) -> None:
    with pytest.raises(RulesError) as caught:
        write_game(registry.configure("mastery"), ["d2c2", "b6a5"], **given)
    assert caught.value.code == code


def test_a_chance_move_without_its_dice_is_refused_not_rolled() -> None:
    text = ('[Game "kings-mate"] [Options "{\\"active_play\\":true}"]\n'
            "a2a3 b8b7 b2b3 c9c8 a3a4 b7b6 a4a5 b6a5 *")
    with pytest.raises(RulesError) as caught:
        load(text)
    assert caught.value.code == "invalid_dice" and caught.value.extra["index"] == 7
    assert "<...>" in caught.value.detail


def test_mangled_records_only_ever_get_the_records_errors() -> None:
    """Thousands of small random edits of the docs' examples: each loads, or fails with a
    rules error that has a code and a sentence (never another exception, which the service
    would answer with a 500)."""
    import random
    from tests.records.test_hand_written import examples

    rng = random.Random(32)
    pieces = [*'[]{}()<>;%"\\*-/.,:=@+ \n\t0123456789abgxzKW', "1-0", "1/2-1/2", "<attacker 5>",
              "(draw agreed)", "(white resigns)"]
    texts = examples()
    refused = 0
    for _ in range(3000):
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(chars))
            edit = rng.random()
            if edit < 0.4:
                chars.insert(at, rng.choice(pieces))
            elif edit < 0.8:
                del chars[at]
            else:
                chars[at] = rng.choice(pieces)
        try:
            load("".join(chars))
        except RulesError as error:
            assert error.code != "rules_error" and error.detail.strip()
            refused += 1
    assert refused > 1000

"""Records written by hand: comments, odd spacing, numbers or none, every kind of result; and
the examples of docs/records.md, docs/record-format.md and docs/record-examples.md, which must
load with the result they state."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, ContextManager

import pytest

from rules.records import format_record, load
from tests.noughts.noughts_game import NoughtsAndCrosses

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: the pages whose ``record`` blocks are examples; the last holds one of every game
PAGES = ("records.md", "record-format.md", "record-examples.md")


def examples(*pages: str) -> list[str]:
    """The ``record`` code blocks of these pages of the docs (every page of PAGES when none)."""
    return [text for page in pages or PAGES
            for text in re.findall(r"```record\n(.*?)```",
                                   (DOCS / page).read_text(encoding="utf-8"), re.S)]


@pytest.mark.parametrize("text", examples(), ids=lambda t: t.split('"')[1])
def test_every_example_of_the_docs_loads_as_it_says(text: str) -> None:
    loaded = load(text)
    written = re.search(r"(\S+)\s*$", text)
    assert written is not None and loaded.result == written.group(1)
    tag = re.search(r'\[Termination "(\w+)"\]', text)
    if tag:
        assert loaded.status is not None and loaded.status.reason == tag.group(1)
    assert [p.move for p in load(format_record(loaded)).plies] == [p.move for p in loaded.plies]


def test_every_game_has_an_example_in_the_docs() -> None:
    from rules import registry
    assert {load(text).game.id for text in examples("record-examples.md")} == \
        set(registry.game_ids())


ODD_SPACING = (
    '%this line is ignored\r\n[Game   "mastery"][Dark "Dee"]\r\n\t[Light "Lou"]\r\n'
    "{ a comment\r\n over two lines }1.d2c2   b6a5\r\n\r\n2.\td3e4 ; the rest of the line\r\n"
    "  c5b5    3...f2g2 {numbers are skipped} 17. e7g7 *\r\n")


def test_odd_spacing_line_breaks_and_glued_numbers_read_alike() -> None:
    loaded = load(ODD_SPACING)
    assert [p.move for p in loaded.plies] == ["d2c2", "b6a5", "d3e4", "c5b5", "f2g2", "e7g7"]
    assert loaded.tags == {"Game": "mastery", "Dark": "Dee", "Light": "Lou"}
    assert [(c.after, c.text) for c in loaded.comments] == [
        (0, "a comment\nover two lines"), (3, "the rest of the line"),
        (5, "numbers are skipped")]
    assert loaded.result == "*" and loaded.agreement == "unfinished"
    plain = load("[Game \"mastery\"] d2c2 b6a5 d3e4 c5b5 f2g2 e7g7")
    assert [p.position for p in plain.plies] == [p.position for p in loaded.plies]
    assert (loaded.plies[2].line, loaded.plies[2].column) == (7, 4)


def test_a_record_without_tags_is_read_for_the_game_asked() -> None:
    loaded = load("1. d2c2 b6a5", "mastery")
    assert loaded.game.id == "mastery" and len(loaded.plies) == 2


def test_dice_in_pairs_lists_of_one_and_json_read_alike() -> None:
    pairs = load('[Game "kings-mate"] [Options "{\\"active_play\\":true}"]\n'
                 "1. a2a3 b8b7 2. b2b3 c9c8 3. a3a4 b7b6 4. a4a5 b6a5 <attacker 2 defender 5>")
    as_json = load('[Game "kings-mate"] [Options "{\\"active_play\\":true}"]\n'
                   "a2a3 b8b7 b2b3 c9c8 a3a4 b7b6 a4a5 b6a5 "
                   '<{"attacker": 2, "defender": 5}>')
    assert [p.position for p in pairs.plies] == [p.position for p in as_json.plies]
    assert pairs.plies[-1].dice == as_json.plies[-1].dice == {"attacker": 2, "defender": 5}


# ---- every kind of result ----------------------------------------------------------------

MASTERY_WIN = ("1. d2c2 b6a5 2. d3e4 c5b5 3. f2g2 e7g7 4. d1d4 b5c5 5. d6d7+P@d5 c5d4+O@f2 "
               "6. f4e5 f2f1+P@g6 7. e4d4 e6e5 8. e1d1 f1d1+P@b6")
RESULTS = [
    ("won on the board", f'[Game "mastery"] {MASTERY_WIN} 0-1', "0-1", "board", "no_masters"),
    ("won on the board, result by tag",
     f'[Game "mastery"] [Result "0-1"] [Termination "normal"] {MASTERY_WIN}', "0-1", "board",
     "no_masters"),
    ("ended, result not recorded", f'[Game "mastery"] {MASTERY_WIN} *', "0-1", "unrecorded",
     "no_masters"),
    ("drawn on the board", '[Game "mastery"] [Options "{\\"draw_after_quiet_plies\\": 2}"] '
     "d2c2 b6a5 1/2-1/2", "1/2-1/2", "board", "quiet_plies"),
    ("resignation", '[Game "mastery"] d2c2 (light resigns) 1-0', "1-0", "off_board",
     "resignation"),
    ("resignation before any move", '[Game "mastery"] (dark resigns) 0-1', "0-1",
     "off_board", "resignation"),
    ("draw agreed", '[Game "kings-mate"] a2a3 (draw agreed) 1/2-1/2', "1/2-1/2", "off_board",
     "agreement"),
    ("loss on time", '[Game "maestria"] @a1 @c1 @e1 (white runs out of time) 1-0', "1-0",
     "off_board", "out_of_time"),
    ("a player leaves", '[Game "kings-mate"] (black leaves) 1-0', "1-0", "off_board",
     "abandoned"),
    ("three players, two leave", '[Game "sceptre"] [Options "{\\"players\\":[\\"w\\",\\"r\\",'
     '\\"b\\"]}"] l2m3 (red leaves) j24j21 m3n3 (black leaves) 1-0-0', "1-0-0", "off_board",
     "abandoned"),
    ("goes on", '[Game "sceptre"] b2c3', "*", "unfinished", None),
]


@pytest.mark.parametrize("text,result,agreement,reason", [r[1:] for r in RESULTS],
                         ids=[r[0] for r in RESULTS])
def test_every_kind_of_result(text: str, result: str, agreement: str,
                              reason: str | None) -> None:
    loaded = load(text)
    assert loaded.status is not None
    assert (loaded.result, loaded.agreement) == (result, agreement)
    assert (None if loaded.status.reason is None else loaded.status.reason.value) == reason


def test_a_player_who_leaves_a_game_of_three_is_out_and_play_goes_on() -> None:
    loaded = load('[Game "sceptre"] [Options "{\\"players\\":[\\"w\\",\\"r\\",\\"b\\"]}"] '
                  "l2m3 (red leaves) j24j21")
    assert loaded.status is not None
    assert loaded.status.extra["players_left"] == ["white", "black"]
    assert [p.mover for p in loaded.plies] == ["white", "black"]
    assert loaded.asides[0].after == 1 and loaded.asides[0].events[0]["player"] == "red"


def test_a_game_that_lives_only_in_the_tests_has_records(
        register_game: Callable[[type[Any]], ContextManager[None]]) -> None:
    with register_game(NoughtsAndCrosses):
        loaded = load('[Game "noughts"] [X "Xena"] [O "Otto"] 1. b2 a1 2. a2 c2 3. a3 c1 '
                      "4. b1 b3 5. c3 1/2-1/2")
        assert (loaded.result, loaded.agreement) == ("1/2-1/2", "board")
        assert format_record(loaded).startswith('[Game "noughts"]\n[X "Xena"]\n[O "Otto"]')
        wobbly = load('[Game "noughts"] [Options "{\\"wobbly_hands\\": true}"] '
                      "b2 <die 1> b2 <die 4> *")
        assert [p.dice for p in wobbly.plies] == [{"die": 1}, {"die": 4}]

"""PGN's habits: suffixes and glyphs read into each ply and written back, check and mate marks
verified against the position, tag names one tag whatever their case, the Termination's
place, comments keeping their lines, evaluations read as data."""

from __future__ import annotations

import pytest

from rules.core.errors import RulesError
from rules.records import format_record, load
from rules.records.errors import InvalidRecord, InvalidTag

ANNOTATED = '''[Game "kings-mate"]
[white "Ann"]
1. a2a3! $1 {good
on two lines} b8b7?! $6 $14 {[%eval -0.3] [%clk 0:04:00] a thought} 2. b2b3?? *
'''
#: a King's Mate game whose last move gives check (found by a seeded random game)
CHECKING = open(__file__.replace("test_annotations.py", "checking.txt")).read().split()


def test_suffixes_glyphs_and_evaluations_are_read_into_their_plies() -> None:
    loaded = load(ANNOTATED)
    assert [(p.move, p.suffix, p.nags) for p in loaded.plies] == [
        ("a2a3", "!", (1,)), ("b8b7", "?!", (6, 14)), ("b2b3", "??", ())]
    assert loaded.plies[1].eval == "-0.3" and loaded.plies[1].clock_ms == 240_000
    assert [(c.after, c.text) for c in loaded.comments] == [
        (1, "good\non two lines"), (2, "a thought")]
    answer = loaded.to_json()["plies"]
    assert answer[0]["suffix"] == "!" and answer[0]["nags"] == [1]
    assert answer[1]["eval"] == "-0.3" and "nags" not in answer[2]


def test_annotations_are_written_back_and_load_the_same() -> None:
    loaded = load(ANNOTATED)
    again = load(format_record(loaded))
    assert again.to_json()["plies"] == loaded.to_json()["plies"]
    assert again.comments == loaded.comments
    assert "{good\non two lines}" in format_record(loaded)


@pytest.mark.parametrize("text, fault", [
    ("1. $1 d2c2 *", "comes right after the move"),
    ("1. d2c2 $256 *", "from $0 to $255"),
    ("1. d2c2 {[%eval much]} *", "neither a score"),
    ("{[%eval 0.1]} 1. d2c2 *", "before the first"),
])
def test_misplaced_or_bad_annotations_are_refused_where_they_are(text: str, fault: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        load('[Game "mastery"]\n' + text)
    assert fault in caught.value.detail and caught.value.extra["line"] == 2


def test_check_marks_are_verified_against_the_position() -> None:
    head = '[Game "kings-mate"]\n' + " ".join(CHECKING[:-1])
    checked = load(f"{head} {CHECKING[-1]}+ *")
    assert checked.plies[-1].mark == "+" and "+ *" in format_record(checked)
    with pytest.raises(InvalidRecord) as mate:
        load(f"{head} {CHECKING[-1]}# *")
    column = len(head.splitlines()[1]) + 2 + len(CHECKING[-1])
    assert "only gives check" in mate.value.detail
    assert (mate.value.extra["line"], mate.value.extra["column"]) == (2, column)
    with pytest.raises(InvalidRecord) as none:
        load(" ".join([*head.split(" ")[:-1], CHECKING[-2] + "+", CHECKING[-1], "*"]))
    assert "gives no check" in none.value.detail and none.value.extra["index"] == len(
        CHECKING) - 2


def test_a_game_without_check_refuses_marks_clearly() -> None:
    with pytest.raises(InvalidRecord) as caught:
        load('[Game "mastery"]\n1. d4d5+ *')
    assert "Mastery has no check" in caught.value.detail
    assert (caught.value.extra["line"], caught.value.extra["column"]) == (2, 4)
    # a '+' inside a move's own notation (Mastery's resurrections) is still the move's
    assert load('[Game "mastery"]\n1. d2c2 b6a5 2. d3e4 c5b5 3. f2g2 e7g7 4. d1d4 b5c5 '
                '5. d6d7+P@d5 *').plies[-1].move == "d6d7+P@d5"


def test_tag_names_differing_in_case_are_one_tag() -> None:
    assert load('[Game "mastery"] [dark "Dee"] [LIGHT "Lou"] *').tags == {
        "Game": "mastery", "Dark": "Dee", "Light": "Lou"}
    assert load('[Game "mastery"] [round "3"] [myTag "x"] *').tags == {
        "Game": "mastery", "Round": "3", "myTag": "x"}
    for text in ('[Game "mastery"] [White "a"] [white "b"] *',
                 '[Game "mastery"] [Annotator "a"] [ANNOTATOR "b"] *',
                 '[Game "mastery"] [game "mastery"] *'):
        with pytest.raises(InvalidTag) as caught:
            load(text)
        assert "appears twice" in caught.value.detail and caught.value.extra["column"] > 1


def test_a_termination_that_contradicts_the_game_names_its_line_and_column() -> None:
    with pytest.raises(RulesError) as caught:
        load('[Game "mastery"]\n[Result "*"]\n [Termination "no_masters"]\n1. d4d5 *')
    assert caught.value.code == "result_contradicts_board"
    assert (caught.value.extra["line"], caught.value.extra["column"]) == (3, 2)
    assert caught.value.extra["tag"] == "Termination"


def test_move_numbers_take_any_number_of_dots() -> None:
    loaded = load('[Game "mastery"]\n1. d2c2 1.. b6a5 2... d3e4 *')
    assert [p.move for p in loaded.plies] == ["d2c2", "b6a5", "d3e4"]

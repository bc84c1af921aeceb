"""Files of many records: each game judged on its own, in order, a bad one reported alone with
the file's own line and column; a bound on games; the byte-order mark skipped."""

from __future__ import annotations

import pytest

from rules.records import load
from rules.records.collection import MAX_RECORDS, load_many, split
from rules.records.errors import TooManyRecords
from tests.records.test_hand_written import examples

BROKEN = '[Game "kings-mate"]\n[Result "1-0"]\n\n1. a2a3 b8b7 2. zz 1-0\n'


def collection() -> tuple[str, list[str]]:
    """The docs' examples (every game) with a broken King's Mate game third, and the
    games in order."""
    games = examples()
    games.insert(2, BROKEN)
    return "\n".join(games), games


def test_a_file_of_every_game_is_judged_game_by_game() -> None:
    text, games = collection()
    judged = list(load_many(text))
    assert len(judged) == len(games)
    for each, game in zip(judged, games):
        if game is BROKEN:
            assert each.loaded is None and each.error is not None
            assert each.error.code == "illegal_move"
        else:
            assert each.error is None and each.loaded is not None
            alone = load(game)
            assert [p.position for p in each.loaded.plies] == [p.position for p in alone.plies]
            assert each.loaded.result == alone.result
    assert [j.game.index for j in judged] == list(range(len(games)))
    assert {j.loaded.game.id for j in judged if j.loaded} >= {"mastery", "kings-mate",
                                                                 "maestria", "sceptre"}


def test_a_bad_games_place_is_the_files_own() -> None:
    text, games = collection()
    bad = next(j for j in load_many(text) if j.error is not None)
    line_of_zz = next(n for n, line in enumerate(text.splitlines(), 1) if " zz " in line)
    assert bad.error is not None
    assert (bad.error.extra["line"], bad.error.extra["column"]) == (
        line_of_zz, text.splitlines()[line_of_zz - 1].index("zz") + 1)
    assert bad.game.first_line == '[Game "kings-mate"]'
    assert text.splitlines()[bad.game.line - 1].startswith('[Game "kings-mate"]')


def test_games_end_at_their_result_or_where_tags_follow_moves() -> None:
    text = ('[Game "mastery"] 1. d2c2 b6a5 * {a comment after the result stays}\n'
            '[Game "mastery"] 1. d2c2\n[Game "mastery"] ; a game without a result\n'
            '1. d2c2 b6a5 1. d3e4')
    parts = list(split(text))
    assert [(p.line, p.column) for p in parts] == [(1, 1), (2, 1), (3, 1)]
    judged = list(load_many(text))
    assert [len(j.loaded.plies) for j in judged if j.loaded] == [2, 1, 3]
    assert judged[0].loaded is not None and judged[0].loaded.comments[0].text == (
        "a comment after the result stays")


def test_an_unclosed_comment_spoils_its_game_only() -> None:
    text = '[Game "mastery"] 1. d2c2 {never closed\n\n[Game "mastery"]\n1. d2c2 b6a5 *\n'
    judged = list(load_many(text))
    assert len(judged) == 2
    assert judged[0].error is not None and judged[0].error.code == "invalid_record"
    assert judged[0].error.extra["line"] == 1 and judged[1].loaded is not None


def test_a_record_without_a_game_tag_is_the_default_game_and_insisting_refuses_others() -> None:
    text = '1. d2c2 b6a5 *\n[Game "kings-mate"] 1. a2a3 *\n'
    games = [j.loaded.game.id for j in load_many(text, "mastery") if j.loaded]
    assert games == ["mastery", "kings-mate"]
    insisted = list(load_many(text, game_id="mastery"))
    assert insisted[1].error is not None and insisted[1].error.code == "game_mismatch"


def test_more_games_than_the_bound_are_refused_with_their_own_code() -> None:
    text = '[Game "mastery"] 1. d2c2 *\n' * (MAX_RECORDS + 1)
    judged = load_many(text)
    for _ in range(MAX_RECORDS):
        assert next(judged).loaded is not None
    with pytest.raises(TooManyRecords) as caught:
        next(judged)
    assert caught.value.code == "too_many_records"
    assert caught.value.extra["line"] == MAX_RECORDS + 1


def test_a_byte_order_mark_is_skipped() -> None:
    text = '\ufeff[Game "mastery"]\n1. d2c2 *\n'
    assert len(load(text).plies) == 1
    assert [j.loaded is not None for j in load_many(text)] == [True]
    broken = load_many('\ufeff[Game "mastery"]\n1. zz *\n')
    error = next(broken).error
    assert error is not None and (error.extra["line"], error.extra["column"]) == (2, 4)

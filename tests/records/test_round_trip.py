"""Every game's random games, under every option set worth telling apart, written as records
and read back: the same plies, dice, positions and statuses, and the same text again."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.records import random_game as bench_random_game
from rules import registry
from rules.records import format_record, load, write_game
from tests.core.test_search import IDS, OPTION_SETS

SEEDS = (1, 2, 3)
#: enough plies for most random games of the small boards to end, and for the others to
#: reach their middle game (chance moves included)
MAX_PLIES = 160


def random_game(game: Any, seed: int) -> tuple[list[str], list[Any]]:
    """Up to MAX_PLIES random legal moves from the start, dice rolled: moves and dice."""
    return bench_random_game(game, MAX_PLIES, seed)


@pytest.mark.parametrize("game_id,options", OPTION_SETS, ids=IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_round_trips(game_id: str, options: dict[str, Any], seed: int) -> None:
    game = registry.configure(game_id, options)
    moves, dice = random_game(game, seed)
    rng = random.Random(seed)
    comments = [(rng.randint(0, len(moves)), f"note {i}: {{braces}} and ; semicolons")
                for i in range(3)]
    seat = game.seats()[seed % len(game.seats())]
    written = write_game(game, moves, dice=dice, comments=comments,
                         tags={"Event": "Round trip", "Date": "2026.11.27",
                               seat[:1].upper() + seat[1:]: "Ann \"the\" \\ Player"})
    loaded = load(written.text)
    assert loaded.game is game
    assert [p.move for p in loaded.plies] == moves
    assert [p.dice for p in loaded.plies] == dice
    assert [p.position for p in loaded.plies] == [p.position for p in written.loaded.plies]
    assert [p.status for p in loaded.plies] == [p.status for p in written.loaded.plies]
    assert loaded.status == game.status(loaded.position)
    assert loaded.result == written.loaded.result
    assert loaded.agreement == ("board" if loaded.status.finished else "unfinished")
    assert sorted((c.after, c.text) for c in loaded.comments) == sorted(
        (after, " ".join(text.split())) for after, text in comments)
    assert loaded.tags[seat[:1].upper() + seat[1:]] == "Ann \"the\" \\ Player"
    assert format_record(loaded) == written.text


@pytest.mark.parametrize("game_id,options", OPTION_SETS, ids=IDS)
def test_a_record_from_a_later_start_round_trips(game_id: str, options: dict[str, Any]) -> None:
    game = registry.configure(game_id, options)
    moves, dice = random_game(game, 7)
    middle = len(moves) // 2
    start = write_game(game, moves[:middle], dice=dice[:middle]).loaded.position
    written = write_game(game, moves[middle:], dice=dice[middle:], start=start)
    assert ("[Position " in written.text) == (middle > 0)
    loaded = load(written.text)
    assert loaded.start == start and loaded.from_initial == (middle == 0)
    assert [p.move for p in loaded.plies] == moves[middle:]
    assert format_record(loaded) == written.text


def test_the_written_options_are_the_fewest_that_configure_the_game() -> None:
    three = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    assert '[Options "{\\"players\\":[\\"w\\",\\"r\\",\\"b\\"]}"]' in write_game(three, []).text
    assert "[Options" not in write_game(registry.configure("mastery"), []).text

"""Checks of the computer opponent (rules.search) shared by the games' tests."""

from __future__ import annotations

from typing import Any

import pytest

import rules.search
from rules import registry
from rules.search import mcts, suggest


class StepClock:
    """Stands in for the ``time`` module of the search: each reading of ``perf_counter``
    moves it on by ``step`` seconds, so a time cap is a number of readings (about one an
    iteration), the same on any machine, however busy."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.readings = 0

    def perf_counter(self) -> float:
        self.readings += 1
        return self.readings * self.step


def count_search_time_in_steps(monkeypatch: pytest.MonkeyPatch, step: float) -> StepClock:
    """Make the computer opponent read a :class:`StepClock` of ``step`` seconds a reading
    instead of the machine's clock, for the rest of the test."""
    clock = StepClock(step)
    monkeypatch.setattr(mcts, "time", clock)
    monkeypatch.setattr(rules.search, "time", clock)
    return clock


def assert_finds_the_win_in_one(game_id: str, options: dict[str, Any], text: str,
                                winning: set[str] | None, level: str) -> None:
    """``level`` plays a move that wins at once from the position ``text`` (one of ``winning``
    when given, which must then be every such move), valued 1, whatever the seed; the position
    must also offer moves that do not win."""
    game = registry.configure(game_id, options)
    position = game.parse_position(text)
    mover = game.status(position).to_move
    wins = {game.format_move(position, m) for m in game.legal_moves(position)
            if game.status(game.advance(position, m)).winner == mover}
    assert wins and len(wins) < len(game.legal_moves(position))
    if winning is not None:
        assert wins == winning
    for seed in range(3):
        found = suggest(game, position, level=level, playouts=50, seed=seed)
        assert game.format_move(position, found.move) in wins
        assert found.value == 1.0

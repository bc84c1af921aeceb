"""Mastery perft regression values, checked against an independent slow generator, and playouts.

How the perft values were convinced: ``mastery_reference.moves`` is written from
docs/rules/mastery.md alone (brute force over every (from, to) pair on a dict board) and agrees
with the engine at every node of the depth-2 trees of all four option sets, and along
random games of both rule sets (tests below). The ross-2002 imperial depth-3 count,
86,595, is also the figure the project's performance issue quotes independently.
"""

from __future__ import annotations

import random

import pytest

import rules
from tests.mastery.mastery_reference import moves as reference_moves

PERFT = {
    ("ross-2002", "imperial"): [40, 1817, 86595],
    ("ross-2002", "draume-crown"): [39, 1521, 62435],
    ("classic-1990", "imperial"): [40, 1614, 70643],
    ("classic-1990", "draume-crown"): [39, 1521, 62416],
}


@pytest.mark.parametrize("ruleset,setup", sorted(PERFT))
def test_perft_regression_values(ruleset, setup):
    game = rules.configure("mastery", {"ruleset": ruleset, "setup": setup})
    start = game.initial_position()
    assert [game.perft(start, depth) for depth in (1, 2, 3)] == PERFT[(ruleset, setup)]


def engine_moves(game, position) -> set[str]:
    return {game.format_move(position, m) for m in game.legal_moves(position)}


@pytest.mark.parametrize("ruleset,setup", sorted(PERFT))
def test_engine_agrees_with_reference_generator_over_depth_two(ruleset, setup):
    game = rules.configure("mastery", {"ruleset": ruleset, "setup": setup})
    start = game.initial_position()
    checked = 0
    for move in game.legal_moves(start):
        child = game.apply(start, move).position
        text = game.format_position(child)
        assert engine_moves(game, child) == reference_moves(text, ruleset), text
        checked += 1
    assert engine_moves(game, start) == reference_moves(game.format_position(start), ruleset)
    assert checked == PERFT[(ruleset, setup)][0]


def playout(game, rng: random.Random, max_plies: int = 400):
    """Play random legal moves through the validated entry point; yield every position."""
    position = game.initial_position()
    for _ in range(max_plies):
        yield position
        legal = game.legal_moves(position)
        if not legal:
            return
        move = rng.choice(legal)
        _, applied = game.play(position, game.format_move(position, move))
        position = applied.position
    yield position


@pytest.mark.parametrize("ruleset", ["ross-2002", "classic-1990"])
def test_random_games_agree_with_reference_and_round_trip(ruleset):
    rng = random.Random(20261122)
    finished = 0
    for setup in ("imperial", "draume-crown"):
        game = rules.configure("mastery", {"ruleset": ruleset, "setup": setup})
        for _ in range(3):
            last = None
            for i, position in enumerate(playout(game, rng)):
                text = game.format_position(position)
                assert game.parse_position(text) == position
                status = game.status(position)
                if not status.finished and i % 5 == 0:
                    assert engine_moves(game, position) == reference_moves(text, ruleset), text
                last = position
            status = game.status(last)
            if status.finished:
                finished += 1
                assert game.legal_moves(last) == ()
                assert status.winner in ("dark", "light")
    assert finished >= 1


def test_playouts_reach_the_end_of_the_game():
    rng = random.Random(7)
    game = rules.configure("mastery")
    reasons = set()
    for _ in range(10):
        *_, last = playout(game, rng, max_plies=2000)
        status = game.status(last)
        assert status.finished
        reasons.add(status.reason)
    assert reasons <= {"no_masters", "no_officers_or_pawns"}

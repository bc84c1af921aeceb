"""The computer opponent in Mastery: a win in one is found, greedy values material."""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.core.game import Game
from rules.search.simple import greedy_ranking
from tests.search_checks import assert_finds_the_win_in_one


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_a_win_in_one_is_found(level):
    # light's Master takes dark's last Master (any resurrection with it wins as well)
    assert_finds_the_win_in_one("mastery", {}, "o6p/8/3m4/8/3M4/8/8/O6P l - 0 1", None, level)


def test_greedy_prefers_material_and_ranks_every_move():
    game = registry.configure("mastery")
    # dark to move; d4c5 wins light's Pawn, most moves win nothing
    position = game.parse_position("2mmm3/2ooo3/1ppopp2/2p5/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1")
    ranking = greedy_ranking(game, position, random.Random(0))
    assert len(ranking) == len(game.legal_moves(position))
    best = ranking[0][1]
    assert best > 0.5 and ranking[-1][1] <= best
    assert game.move_fields(position, ranking[0][0])["kind"] == "capture"


@pytest.mark.parametrize("ruleset", ["ross-2002", "classic-1990"])
def test_the_winning_capture_is_the_first_winning_move(ruleset):
    # Mastery looks only at captures; on random play that finds what trying every move finds
    game = registry.configure("mastery", {"ruleset": ruleset})
    rng, found = random.Random(5), 0
    for _ in range(12):
        position = game.start_position
        while not game.status(position).finished:
            expected = Game.winning_move(game, position)
            assert game.winning_move(position) == expected
            found += expected is not None
            position = game.advance(position, rng.choice(game.legal_moves(position)))
    assert found >= 12

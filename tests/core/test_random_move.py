"""``Game.random_move``, the draw random playouts make each ply: always a legal move, None exactly
when the game is over, and every legal move equally likely (for the default and for any game
that overrides it with a sampler)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from rules import registry
from tests.core.test_search import IDS, OPTION_SETS


def walk(game, seed: int, plies: int):
    """The positions of one random game from the start, the finished one included if reached."""
    rng = random.Random(seed)
    position = game.start_position
    yield position
    for _ in range(plies):
        moves = game.legal_moves(position)
        if not moves:
            return
        move = rng.choice(list(moves))
        position = game.play(position, game.format_move(position, move), rng=rng)[1].position
        yield position


@pytest.mark.parametrize("game_id,options", OPTION_SETS, ids=IDS)
def test_a_random_move_is_legal_and_none_only_at_the_end(game_id, options):
    game = registry.configure(game_id, options)
    rng = random.Random(7)
    seen = 0
    # random games until more than 100 draws are checked: 3 long ones, or many short ones
    for seed in range(100):
        if seen > 100:
            break
        for position in walk(game, seed, 400):
            legal = set(game.legal_moves(position))
            for _ in range(3):
                move = game.random_move(position, rng)
                if game.status(position).finished:
                    assert move is None
                else:
                    assert move in legal
                    seen += 1
    assert seen > 100


def chi_square(counts: Counter, moves: tuple, draws: int) -> float:
    expected = draws / len(moves)
    return sum((counts[m] - expected) ** 2 / expected for m in moves)


@pytest.mark.parametrize("game_id,options", OPTION_SETS, ids=IDS)
def test_every_legal_move_is_equally_likely(game_id, options):
    game = registry.configure(game_id, options)
    rng = random.Random(11)
    positions = [p for p in walk(game, 5, 60) if not game.status(p).finished]
    for position in positions[::15]:
        moves = game.legal_moves(position)
        draws = 40 * len(moves)
        counts = Counter(game.random_move(position, rng) for _ in range(draws))
        assert set(counts) <= set(moves)
        assert all(counts[m] for m in moves), "a legal move was never drawn"
        # Chi-square with k-1 degrees of freedom: mean k-1, deviation sqrt(2(k-1)); a biased
        # sampler (one move twice as likely, say) lands far beyond six deviations.
        k = len(moves)
        if k > 1:
            assert chi_square(counts, moves, draws) < k - 1 + 6 * math.sqrt(2 * (k - 1))

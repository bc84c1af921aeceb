"""Mastery's ``random_move`` makes exactly the default's draw (``Game.random_move``): the same
move and the same generator state after it, on positions of both rule sets, both setups and
the quiet-plies house rule, resurrection captures included; None exactly when the game is over.
Searches and playouts therefore play the same games as with the default."""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.core.game import Game
from rules.mastery.game import Mastery

OPTION_SETS = [
    {},
    {"ruleset": "classic-1990"},
    {"setup": "draume-crown"},
    {"ruleset": "classic-1990", "setup": "draume-crown", "draw_after_quiet_plies": 12},
    {"draw_after_quiet_plies": 20},
]


def positions(game: Mastery, seed: int, count: int):
    """``count`` positions of random games from the start, finished ones included."""
    rng = random.Random(seed)
    position = game.start_position
    for _ in range(count):
        yield position
        moves = game.legal_moves(position)
        position = game.advance(position, rng.choice(moves)) if moves else game.start_position


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values()))
                         or "default")
def test_the_same_draw_as_the_default(options):
    game = registry.configure("mastery", options)
    assert isinstance(game, Mastery)
    resurrections = finished = 0
    for n, position in enumerate(positions(game, 17, 2500)):
        if n % 2:
            game.clear_analysis_cache()  # the override must not depend on a warm cache
        for seed in (n, n + 100_000, n + 200_000):
            ours, default = random.Random(seed), random.Random(seed)
            move = game.random_move(position, ours)
            assert move == Game.random_move(game, position, default)
            assert ours.getstate() == default.getstate()
            assert (move is None) == game.status(position).finished
            resurrections += move is not None and move.resurrect_kind != 0
        finished += game.status(position).finished
    assert resurrections > 100 and finished > 5


@pytest.mark.parametrize("ruleset", ["ross-2002", "classic-1990"])
def test_a_playout_plays_the_same_game_as_the_default(ruleset):
    game = registry.configure("mastery", {"ruleset": ruleset})
    ours, default = random.Random(3), random.Random(3)
    for _ in range(20):
        a = b = game.start_position
        while True:
            move = game.random_move(a, ours)
            assert move == Game.random_move(game, b, default)
            if move is None:
                assert game.status(a).finished
                break
            a, b = game.advance(a, move), game.advance(b, move)
    assert ours.getstate() == default.getstate()

"""The computer opponent in Maestria: the fight that kills the attacking General is taken."""

from __future__ import annotations

import pytest

from rules import registry
from rules.search import suggest
from rules.search.simple import move_value


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_fight_that_kills_the_attacking_general_is_taken(level):
    # No Maestria move wins for certain: a General falls only in a fight, decided by dice.
    # Black's General attacked alone from d1 (plain) onto white's two pawns on c2 (mountain):
    # white, fighting, rolls 2d6 + d4 against 1d6 and wins at once with probability ~0.97;
    # a retreat costs a pawn and wins nothing.
    game = registry.configure("maestria")
    position = game.parse_position(
        "-,-,w2,-,-,-,-,-,-,-,-,w1*/-,-,-,b1*,-,-,-,-,-,-,b3,- play b 4 d1c2:1* 0 8")
    fight = next(m for m in game.legal_moves(position) if game.is_chance(position, m))
    value, certain = move_value(game, position, fight, "white")
    assert 0.95 < value < 1 and not certain
    for seed in range(3):
        assert suggest(game, position, level=level, playouts=50, seed=seed).move == fight


def test_a_pending_attack_is_valued_by_the_exact_odds_of_its_fight():
    game = registry.configure("maestria")
    position = game.parse_position(
        "-,-,w2,-,-,-,-,-,-,-,-,w1*/-,-,-,b1*,-,-,-,-,-,-,b3,- play b 4 d1c2:1* 0 8")
    fight = next(m for m in game.legal_moves(position) if game.is_chance(position, m))
    # evaluate() of the pending attack is the fight's expectation, as if the defender fights
    assert game.evaluate(position, "white") == pytest.approx(
        move_value(game, position, fight, "white")[0], abs=0.05)
    assert game.evaluate(position, "white") + game.evaluate(position, "black") == \
        pytest.approx(1.0)

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


def test_a_general_left_within_reach_of_an_attack_is_valued_as_in_danger():
    # Black's General stands alone on e1, beside white's three pawns on e2; black has more
    # pawns. With white to act, white's attack of three on the lone General (2d6 against
    # 1d6, which cannot retreat) wins the game about 84 % of the time; with black to act,
    # black is ahead on pawns and nothing threatens yet.
    game = registry.configure("maestria")
    cells = "-,-,-,-,w3,-,-,-,-,-,-,w1*/b4,-,-,-,b1*,-,-,-,-,-,-,-"
    white_to_act = game.parse_position(f"{cells} play w 5 - 0 8")
    black_to_act = game.parse_position(f"{cells} play b 5 - 0 8")
    assert game.evaluate(white_to_act, "black") < 0.25
    assert game.evaluate(black_to_act, "black") > 0.5
    for position in (white_to_act, black_to_act):
        assert game.evaluate(position, "black") + game.evaluate(position, "white") == \
            pytest.approx(1.0)


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_general_is_not_left_alone_beside_the_enemy(level):
    # Black, to act with one point, has its General alone on e1 (forest) beside white's three
    # pawns on e2 (forest): left there, an attack of the three kills it 84 % of the time.
    # Every cell it can step to touches e2 too, but on d1 or d2 (plain, which beats forest)
    # it would roll the d4, and the attack would kill it 56 % of the time.
    game = registry.configure("maestria")
    position = game.parse_position(
        "-,-,-,-,w3,-,-,-,-,-,-,w1*/b4,-,-,-,b1*,-,-,-,-,-,-,- play b 1 - 0 8")
    for seed in range(3):
        move = suggest(game, position, level=level, playouts=200, seed=seed).move
        assert game.format_move(position, move) in ("e1d1:1*", "e1d2:1*")

"""The computer opponent in Sceptre: a mate in one is found; seats follow the players option."""

from __future__ import annotations

import pytest

from rules import registry
from search_checks import assert_finds_the_win_in_one


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_a_mate_in_one_is_found(level):
    # the Pawn promotes to a Queen with mate
    assert_finds_the_win_in_one(
        "sceptre", {}, "4bB2bK/4wP3/5wN2/6bBwP/wP7/8/1wPbR5/2wB5/5bP2/8/5bN2/8/8/4bRwB2/3wK4/8 "
                       "w ww,bb 23 191", {"e15f16=Q"}, level)


def test_seats_and_the_default_budget_follow_the_players():
    for players, seats, playouts in ((["w", "b"], ("white", "black"), 300),
                                     (["w", "r", "b"], ("white", "red", "black"), 200),
                                     (["b", "y", "w", "r"], ("white", "red", "black", "yellow"),
                                      150)):
        game = registry.configure("sceptre", {"players": players})
        assert game.seats() == seats
        assert game.search_limits.playouts == playouts
        assert game.search_limits.max_playouts == 3000

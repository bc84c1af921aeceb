"""The computer opponent in Sceptre: a mate in one is found, and so is the opponent's; seats
follow the players option."""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.core.game import Game
from rules.sceptre.pieces import COLOUR_NAMES, KING
from rules.sceptre.evaluation import confined
from rules.search import suggest
from tests.search_checks import assert_finds_the_win_in_one


#: White to move with two players: the Pawn promotes to a Queen with mate.
MATE_IN_ONE = ("4bB2bK/4wP3/5wN2/6bBwP/wP7/8/1wPbR5/2wB5/5bP2/8/5bN2/8/8/4bRwB2/3wK4/8 "
               "w ww,bb 23 191")


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_a_mate_in_one_is_found(level):
    assert_finds_the_win_in_one("sceptre", {}, MATE_IN_ONE, {"e15f16=Q"}, level)


def test_seats_and_the_default_budget_follow_the_players():
    for players, seats, playouts in ((["w", "b"], ("white", "black"), 300),
                                     (["w", "r", "b"], ("white", "red", "black"), 1000),
                                     (["b", "y", "w", "r"], ("white", "red", "black", "yellow"),
                                      1000)):
        game = registry.configure("sceptre", {"players": players})
        assert game.seats() == seats
        assert game.search_limits.playouts == playouts
        assert game.search_limits.max_playouts == 3000


MATE_OF_RED = (  # white to move with three players in; red's King is on c16
    "8bR1bK2bBbR1/9bB3rN2/8bP1bQbP4/11bP4/16/8bN2bPbPbP2/11rP4/16/2rK5rP7/7rP8/1wQ2wN7bP3/"
    "3rP12/7rP1bN6/10rP5/1rP14/16/16/8wP3wP3/16/9wP3wB2/8wPwB4wPwP/8wRwPwP3wR1/15wK/16 "
    "w ww,rr,bb 61 60")


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_a_mate_of_one_of_two_opponents_is_found(level):
    # With three players a mate wins nothing at once (the mated player passes until his King
    # is taken), so only the evaluation, which counts a mated player as out, can see it.
    # MCTS's random playouts can give the mate away again (a random move of the mating
    # piece), so a search does not always keep it on top: most seeds must.
    game = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    position = game.parse_position(MATE_OF_RED)
    seeds = range(10) if level == "mcts" else range(1)
    moves = [game.format_move(position, suggest(game, position, level=level, seed=seed).move)
             for seed in seeds]
    mating = [move for move in moves if move in {"b14c15", "e14f16"}]
    assert len(mating) >= 0.8 * len(moves), moves
    for move in set(mating):
        after = game.advance(position, game.parse_move(position, move))
        red = game.status(after)
        assert red.to_move == "red" and red.extra["in_check"]
        assert [game.format_move(after, m) for m in game.legal_moves(after)] == ["pass"]


#: Black to move with two players; most moves let White mate at once (a Knight fork of the
#: King's squares from e10), and in each MCTS once played one of them.
UNDER_MATE_THREAT = (
    "bR1bBbQbKbB1bR/bPbPbPbPbPbPbPbP/bN4bN2/8/8/8/4wN3/8/8/8/8/8/8/8/wPwPwPwPwPwPwPwP/"
    "wR1wBwQwKwBwNwR b ww,bb 5 3",
    "bR1bBbQbKbB1bR/bP1bPbPbP1bPbP/bP5bP1/6bN1/8/bN7/wN3wN3/8/8/8/8/8/8/8/wPwPwPwPwPwPwPwP/"
    "wR1wBwQwKwB1wR b ww,bb 11 6",
)


@pytest.mark.parametrize("text", UNDER_MATE_THREAT)
def test_mcts_does_not_let_the_opponent_mate_at_once(text):
    game = registry.configure("sceptre", {})
    position = game.parse_position(text)
    losing = {move for move in game.legal_moves(position)
              if game.winning_move(game.advance(position, move)) is not None}
    assert len(losing) > len(game.legal_moves(position)) // 2
    for seed in range(4):
        move = suggest(game, position, level="mcts", seed=seed).move
        assert move not in losing, game.format_move(position, move)


BLACK = COLOUR_NAMES.index("black")


def test_a_king_is_confined_by_his_own_pieces_and_by_attacked_squares():
    game = registry.configure("sceptre", {})

    def black_king_confined(text):
        position = game.parse_position(text)
        return confined(position, game.layout, BLACK, position.board.index(BLACK * 8 + KING))

    assert black_king_confined(game.format_position(game.start_position)) == 1.0
    assert black_king_confined("8/8/8/8/8/8/8/3bK4/8/8/8/8/8/8/8/3wK4 w ww,bb 0 1") == 0.0
    # on h16 he may step to g16, g15 and h15; the Queen on f14 attacks g15 only
    assert black_king_confined(
        "7bK/8/5wQ2/8/8/8/8/8/8/8/8/8/8/8/8/3wK4 b ww,bb 0 1") == pytest.approx(1 / 3)


#: White to move with three players in, from a game against two `greedy` players: after 61 of
#: his 82 moves red, who moves next, mates him; MCTS once played one of them (and lost).
UNDER_RED_MATE_THREAT = (
    "8bR1bBbQbKbB1bR/8bPbPbPbPbPbPbPbP/16/16/16/16/16/16/rRrPrP13/1rP14/rBrK14/1rP14/rQrP14/"
    "rBrP8bN5/1rP1wN12/rRrP14/16/16/10wN5/10rNbNwP3/8wP1rN4wP/12wP1wP1/9wP2wP1wP1/"
    "8wR1wBwQwKwB1wR w ww,rr,bb 36 13")


def test_the_next_players_mate_is_an_eliminating_move():
    game = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    position = game.parse_position(UNDER_RED_MATE_THREAT)
    moves = game.legal_moves(position)
    threatened = [m for m in moves
                  if game.eliminating_move(game.advance(position, m), "white") is not None]
    assert len(moves) == 82 and len(threatened) == 61
    after = game.advance(position, threatened[0])
    mate = game.eliminating_move(after, "white")
    assert game.status(after).to_move == "red"
    mated = game.advance(after, mate)
    # white, mated, can only pass when his turn comes
    white = mated._replace(side=COLOUR_NAMES.index("white"))
    assert game.status(white).extra["in_check"]
    assert [game.format_move(white, m) for m in game.legal_moves(white)] == ["pass"]
    # no such move against a player who is not threatened
    assert game.eliminating_move(game.advance(position, threatened[0]), "black") is None


def test_with_two_players_a_mate_is_a_win_not_an_eliminating_move():
    game = registry.configure("sceptre")
    position = game.parse_position(MATE_IN_ONE)
    assert game.format_move(position, game.winning_move(position)) == "e15f16=Q"
    assert game.eliminating_move(position, "black") is None


def test_mcts_does_not_let_the_next_player_mate_it():
    game = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    position = game.parse_position(UNDER_RED_MATE_THREAT)
    for seed in range(3):
        move = suggest(game, position, level="mcts", seed=seed).move
        after = game.advance(position, move)
        assert game.eliminating_move(after, "white") is None, game.format_move(position, move)


def test_winning_move_finds_what_trying_every_move_finds():
    for players in (["w", "b"], ["w", "r", "b"], ["w", "r", "b", "y"]):
        game = registry.configure("sceptre", {"players": players})
        rng = random.Random(len(players))
        for _ in range(3):
            position = game.start_position
            for ply in range(150):
                if game.status(position).finished:
                    break
                if ply % 10 == 0:
                    assert game.winning_move(position) == Game.winning_move(game, position)
                moves = list(game.legal_moves(position))
                captures = [m for m in moves if m[0] >= 0 and position.board[m[1]]]
                move = rng.choice(captures if captures and rng.random() < 0.7 else moves)
                position = game.advance(position, move)
    two = registry.configure("sceptre")
    position = two.parse_position(MATE_IN_ONE)
    assert two.format_move(position, two.winning_move(position)) == "e15f16=Q"
    # three players, red's armies handed to white: with two left a move can win again
    three = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    position = three.parse_position(TWO_OF_THREE_LEFT)
    move = three.winning_move(position)
    assert move is not None and move == Game.winning_move(three, position)
    assert three.status(three.advance(position, move)).winner == "white"


#: Three players, red out (his armies white's), white to move and able to win at once (found
#: in a game of greedy and random moves).
TWO_OF_THREE_LEFT = ("12bBbK2/16/13wB2/14rQ1/16/16/16/16/3rP12/16/7rPrP7/6rPrP8/2rB3rP1rP7/16/"
                     "16/16/16/14bB1/15wP/12wP3/10wP4wP/16/15wK/16 w ww,rw,bb 18 184")


def test_with_three_players_in_after_every_move_no_move_is_played_out_for_a_win():
    # nobody wins while three players are in, so the positions after the moves need no status
    game = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    position = game.start_position
    asked = []
    status = game.status
    game.status = lambda p: asked.append(p) or status(p)
    try:
        assert game.winning_move(position) is None
    finally:
        del game.status
    assert asked == [position]

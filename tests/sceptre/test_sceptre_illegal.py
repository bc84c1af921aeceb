"""Sceptre's reasons for refusing a move: every refusal names a rule of the game, on many
random illegal moves from positions of random games (docs/rules/sceptre.md lists the
reasons)."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.errors import IllegalMove
from rules.sceptre.pieces import PASS
from rules.sceptre.illegal import BOOK
from rules.sceptre.reasons import Illegal
from tests.illegal_moves import explain_random_illegal_moves

from tests.sceptre.test_sceptre_perft import CROWDED, DENSE

FILES = "abcdefghijklmnopqrstuvwx"
PROMOTIONS = ["", "", "", "=Q", "=R", "=B", "=N"]


def candidate_moves(rng: random.Random, game, position) -> list[str]:
    """Moves the side to move might try: mostly one of his pieces to a square near it,
    sometimes any square to any square, with a promotion suffix now and then, and a pass."""
    grid = game.layout.grid
    own = [sq for sq, code in enumerate(position.board)
           if code and position.control[code >> 3] == position.side]
    texts = ["pass"]
    for _ in range(8):
        src = grid.names[rng.choice(own) if rng.random() < 0.7 else rng.choice(grid.squares)]
        dst = grid.names[rng.choice(grid.squares)]
        f, r = FILES.index(src[0]) + rng.randint(-3, 3), int(src[1:]) + rng.randint(-3, 3)
        if rng.random() < 0.5 and 0 <= f < len(FILES) and f"{FILES[f]}{r}" in grid.index:
            dst = f"{FILES[f]}{r}"
        texts.append(src + dst + rng.choice(PROMOTIONS))
    return texts


def capture_first(game, position, legal, rng):
    """The position after a random legal move, a capture most of the time: Kings fall and
    mated players pass in such games."""
    moves = game.legal_moves(position)
    captures = [m for m in moves if m != PASS and position.board[m.dst]]
    return game.advance(position, rng.choice(captures if captures and rng.random() < 0.7
                                             else moves))


@pytest.mark.parametrize("options", [{}, {"players": ["w", "r", "b", "y"]}, DENSE, CROWDED],
                         ids=["2p", "4p", "dense", "crowded"])
def test_random_illegal_moves_name_a_rule_of_the_book(options):
    game = rules.configure("sceptre", options)

    def candidates(rng, legal, position):
        return candidate_moves(rng, game, position)

    seen, tried = explain_random_illegal_moves(
        game, BOOK, candidates, starts=[game.initial_position()] * 2, plies=150, seed=13,
        next_position=capture_first)
    assert tried > 1000
    # The common rules are all met on the way (the rarest have their own tests).
    assert {Illegal.EMPTY_SQUARE, Illegal.NOT_YOUR_PIECE, Illegal.PIECE_MOVEMENT,
            Illegal.PATH_BLOCKED, Illegal.OWN_PIECE, Illegal.PROMOTION_NOT_ALLOWED,
            Illegal.PASS_NOT_ALLOWED} <= seen, seen


def test_the_book_lists_every_reason_but_the_move_reader_s_and_its_fallback():
    # off_board is both the reader's (a square not on this board) and the book's (a way
    # that leaves the board).
    assert set(BOOK.reasons) == set(Illegal) - {Illegal.MALFORMED_MOVE, BOOK.fallback}
    assert rules.game_class("sceptre").reasons()["illegal_move"] == Illegal.catalogue()
    game = rules.configure("sceptre")
    position = game.initial_position()
    for text, reason in (("e2-e4", Illegal.MALFORMED_MOVE), ("y1y2", Illegal.MALFORMED_MOVE),
                         ("i1i2", Illegal.OFF_BOARD), ("e2e17", Illegal.OFF_BOARD)):
        with pytest.raises(IllegalMove) as refused:
            game.parse_move(position, text)
        assert refused.value.reason is reason, text

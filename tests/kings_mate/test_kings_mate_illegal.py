"""Every illegal King's Mate move is explained by a rule of the book, never by its fallback,
and every finished game by a reason of the game."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.reasons import OffBoard
from rules.kings_mate.illegal import BOOK
from rules.kings_mate.reasons import Illegal
from tests.illegal_moves import explain_random_illegal_moves

SQUARES = [f"{f}{r}" for r in range(1, 10) for f in "abcdefg"]
SUFFIXES = ["", "", "", "=W", "=P", "=E"]
#: Where the playouts start: the initial position; Defense of the Crown ready and a Fool on its
#: own King Square; both Kings defenseless, so that check has moves to refuse.
STARTS = [
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1",
    "w2f2w/2ks3/1f2s2/F6/7/3F3/5S1/4S2/W2K2W w K - 0 12",
    "3k3/F6/2w4/7/1E1W3/7/2p4/4f2/3K3 w - - 3 30",
]
OPTION_SETS = {
    "default": {},
    "all_on": {"fools_gambit": True, "defense_of_the_crown": True, "active_play": True,
               "stalemate": "loss", "draw_after_quiet_plies": 80},
}


def candidate_moves(rng: random.Random, legal: list[str]) -> list[str]:
    """Move texts to try: random square pairs, some with a promotion suffix; legal moves with
    another suffix; legal moves' pieces sent to a random square."""
    texts = [rng.choice(SQUARES) + rng.choice(SQUARES) + rng.choice(SUFFIXES) for _ in range(30)]
    for move in legal:
        texts.append(move[:4] + rng.choice(SUFFIXES))
        texts.append(move[:2] + rng.choice(SQUARES) + rng.choice(SUFFIXES))
    return texts


@pytest.mark.parametrize("options_name", sorted(OPTION_SETS))
def test_random_illegal_moves_are_explained_by_a_rule_of_the_book(options_name):
    game = rules.configure("kings-mate", OPTION_SETS[options_name])

    def candidates(rng, legal, position):
        return candidate_moves(rng, legal)

    def play(game, position, legal, rng):
        # play, not advance, so that capture attempts can fail under active play
        return game.play(position, rng.choice(legal), rng=rng)[1].position

    seen, tried = explain_random_illegal_moves(
        game, BOOK, candidates, starts=[game.parse_position(s) for s in STARTS * 2],
        plies=100, seed=29, next_position=play)
    assert tried > 10_000
    # The common rules are all met on the way (the rarest have their own tests).
    assert {Illegal.EMPTY_SQUARE, Illegal.NOT_YOUR_PIECE, Illegal.OWN_PIECE,
            Illegal.PIECE_MOVEMENT, Illegal.PATH_BLOCKED, Illegal.RAISED_SQUARE,
            Illegal.PROMOTION_NOT_ALLOWED, Illegal.SWORDMASTER_FORMATION,
            Illegal.KING_IN_CHECK} <= seen


def test_the_book_tries_every_reason_but_the_parser_s_and_its_fallback():
    assert set(BOOK.reasons) == set(Illegal) - {Illegal.MALFORMED_MOVE, BOOK.fallback}


def test_the_game_lists_its_reasons_with_a_sentence_each():
    reasons = rules.game_class("kings-mate").reasons()
    assert set(reasons["illegal_move"]) == {r.value for r in Illegal}
    assert set(reasons["end"]) == {"checkmate", "stalemate", "fools_gambit", "quiet_plies",
                                   *OffBoard.catalogue()}
    assert all(sentence.endswith(".") for group in reasons.values() for sentence in group.values())

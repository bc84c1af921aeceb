"""Every illegal Mastery move is explained by a rule of the book, never by its fallback, and
every end of a game by a member of End."""

from __future__ import annotations

import random

import pytest

import rules
from rules.mastery.illegal import BOOK
from rules.mastery.reasons import Illegal
from tests.illegal_moves import explain_random_illegal_moves

FILES = "abcdefgh"
SQUARES = [f"{f}{r}" for r in range(1, 9) for f in FILES]


def candidate_moves(rng: random.Random, legal: list[str], last: str) -> list[str]:
    """Move texts to try: random square pairs, some with a resurrection suffix, legal moves
    with a wrong suffix, and the previous ply played straight back."""
    texts = []
    for _ in range(60):
        text = rng.choice(SQUARES) + rng.choice(SQUARES)
        if rng.random() < 0.3:
            text += f"+{rng.choice('MOP')}@{rng.choice(SQUARES)}"
        texts.append(text)
    for move in rng.sample(legal, min(10, len(legal))):
        texts.append(f"{move[:4]}+{rng.choice('MOP')}@{rng.choice(SQUARES)}")
    if last != "-":
        texts.append(last[3:5] + last[0:2])
    return texts


@pytest.mark.parametrize("ruleset", ["ross-2002", "classic-1990"])
def test_random_illegal_moves_name_a_rule_of_the_book(ruleset):
    game = rules.configure("mastery", {"ruleset": ruleset})

    def candidates(rng, legal, position):
        return candidate_moves(rng, legal, game.format_position(position).split()[2])

    seen, tried = explain_random_illegal_moves(
        game, BOOK, candidates, starts=[game.initial_position()] * 3, plies=150, seed=13)
    assert tried > 10_000
    # The common rules are all met on the way (the rarest have their own tests).
    assert {Illegal.EMPTY_SQUARE, Illegal.NOT_YOUR_PIECE, Illegal.NOT_IN_ZONE_OF_CONTROL,
            Illegal.PIECE_MOVEMENT, Illegal.PATH_BLOCKED, Illegal.OWN_PIECE,
            Illegal.RESURRECTION_NOT_ALLOWED, Illegal.SQUARE_OCCUPIED} <= seen


def test_the_book_lists_every_reason_but_the_parser_s_and_its_fallback():
    assert set(BOOK.reasons) == set(Illegal) - {Illegal.MALFORMED_MOVE, BOOK.fallback}

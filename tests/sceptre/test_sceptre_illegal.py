"""Sceptre's reasons for refusing a move: every refusal names a rule of the game, on many
random illegal moves from positions of random games (docs/rules/sceptre.md lists the
reasons)."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.errors import IllegalMove
from rules.sceptre.board import PASS
from rules.sceptre.illegal import BOOK
from rules.sceptre.reasons import Illegal

from test_sceptre_perft import CROWDED, DENSE

FILES = "abcdefghijklmnopqrstuvwx"


def random_move_text(rng: random.Random, game, position) -> str:
    """A move the side to move might try: mostly one of his pieces to a square near it,
    sometimes any square to any square, with a promotion suffix or as a pass now and then."""
    grid = game.layout.grid
    if rng.random() < 0.02:
        return "pass"
    own = [sq for sq, code in enumerate(position.board)
           if code and position.control[code >> 3] == position.side]
    src = grid.names[rng.choice(own) if rng.random() < 0.7 else rng.choice(grid.squares)]
    dst = grid.names[rng.choice(grid.squares)]
    if rng.random() < 0.5:
        f, r = FILES.index(src[0]) + rng.randint(-3, 3), int(src[1:]) + rng.randint(-3, 3)
        if 0 <= f < len(FILES) and 1 <= r <= len(FILES):
            dst = f"{FILES[f]}{r}"
    return src + dst + rng.choice(["", "", "", "=Q", "=R", "=B", "=N"])


@pytest.mark.parametrize("options", [{}, {"players": ["w", "r", "b", "y"]}, DENSE, CROWDED],
                         ids=["2p", "4p", "dense", "crowded"])
def test_random_illegal_moves_name_a_rule_of_the_game(options):
    game = rules.configure("sceptre", options)
    rng = random.Random(13)
    seen: dict[str, int] = {}
    tried = 0
    for _ in range(2):
        position = game.initial_position()
        for _ in range(150):
            legal = game.legal_moves(position)
            if not legal:
                break
            texts = {game.format_move(position, m) for m in legal}
            for _ in range(8):
                text = random_move_text(rng, game, position)
                if text in texts:
                    continue
                with pytest.raises(IllegalMove) as refused:
                    game.play(position, text)
                reason = refused.value.reason
                assert reason in set(Illegal), (text, reason)
                assert reason is not BOOK.fallback, (game.format_position(position), text)
                assert refused.value.detail.endswith("."), refused.value.detail
                seen[reason] = seen.get(reason, 0) + 1
                tried += 1
            captures = [m for m in legal if m != PASS and position.board[m.dst]]
            move = rng.choice(captures if captures and rng.random() < 0.7 else legal)
            position = game.apply(position, move).position
    assert tried > 1000
    # The common refusals all turn up; the rarer ones have their own tests.
    assert {Illegal.EMPTY_SQUARE, Illegal.NOT_YOUR_PIECE, Illegal.PIECE_MOVEMENT,
            Illegal.PATH_BLOCKED, Illegal.OWN_PIECE, Illegal.PROMOTION_NOT_ALLOWED,
            Illegal.PASS_NOT_ALLOWED} <= set(seen), seen


def test_every_reason_is_reported_by_a_check_or_by_the_move_reader():
    game = rules.configure("sceptre")
    readers = {Illegal.MALFORMED_MOVE, Illegal.OFF_BOARD}
    assert set(BOOK.reasons) | readers | {BOOK.fallback} == set(Illegal)
    assert game.reasons()["illegal_move"] == Illegal.catalogue()
    position = game.initial_position()
    for text, reason in (("e2-e4", Illegal.MALFORMED_MOVE), ("y1y2", Illegal.MALFORMED_MOVE),
                         ("i1i2", Illegal.OFF_BOARD), ("e2e17", Illegal.OFF_BOARD)):
        with pytest.raises(IllegalMove) as refused:
            game.parse_move(position, text)
        assert refused.value.reason is reason, text

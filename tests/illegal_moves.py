"""Random illegal moves through a game's rule book: shared by the games' tests.

:func:`explain_random_illegal_moves` plays random games and, at every position, asks the
game why each candidate move text that parses but is not legal is refused; it checks that
the answer is a member of the game's ``illegal_reasons`` other than the book's fallback,
with a sentence, and that every status reason is a member of ``end_reasons``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from rules.core.checks import RuleBook
from rules.core.errors import IllegalMove
from rules.core.game import Game
from rules.core.reasons import Reason

#: ``candidates(rng, legal texts, position)``: the move texts to try at one position
Candidates = Callable[[random.Random, list[str], Any], Iterable[str]]


def explain_random_illegal_moves(
    game: Game[Any, Any], book: RuleBook[Any, Any, Any], candidates: Candidates, *,
    starts: Iterable[Any], plies: int, seed: int,
    next_position: Callable[[Game[Any, Any], Any, list[str], random.Random], Any] | None = None,
) -> tuple[set[Reason], int]:
    """The reasons met and the number of illegal moves tried, over one random game from each
    start position (at most ``plies`` plies each). ``next_position`` picks the next position
    (default: ``advance`` by a random legal move)."""
    rng = random.Random(seed)
    seen: set[Reason] = set()
    tried = 0
    for start in starts:
        position = start
        for _ in range(plies):
            status = game.status(position)
            assert status.reason is None or status.reason in game.end_reasons
            legal_moves = game.legal_moves(position)
            if not legal_moves:
                break
            legal = [game.format_move(position, m) for m in legal_moves]
            for text in candidates(rng, legal, position):
                move = game.parse_move(position, text)
                if move in legal_moves:
                    continue
                error = game.explain_illegal(position, move)
                assert isinstance(error, IllegalMove)
                assert error.reason in game.illegal_reasons, (game.format_position(position), text)
                assert error.reason is not book.fallback, (game.format_position(position), text)
                assert error.detail.endswith("."), error.detail
                seen.add(error.reason)
                tried += 1
            if next_position is None:
                position = game.advance(position, rng.choice(legal_moves))
            else:
                position = next_position(game, position, legal, rng)
    return seen, tried

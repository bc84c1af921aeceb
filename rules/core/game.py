"""The interface every game implements, so the service never needs to know which game it serves.

Modelled on OpenSpiel's game interface: whose turn, legal actions, apply, terminal?, outcome,
and chance outcomes with their probabilities. A :class:`Game` instance is one game
*configured* by its resolved options; it is immutable and shared between requests.

``Game[P, M]`` is generic in the game's position type ``P`` and move type ``M``, both
immutable and hashable (a game's move is a small named type, such as a NamedTuple). The
service only ever sees them through this interface and the notation strings.

The interface comes in three parts, each in a module of its own:

- the questions every game must answer (:mod:`rules.core.questions`: the class attributes
  that describe it and the abstract methods: its players, its positions and their notation,
  the analysis of a position, its moves' notation, why a move is illegal, what a move does);
- the optional hooks, each with a default answer (:mod:`rules.core.hooks`: entry fields and
  seats, chance, pictures, speed, the computer opponent), which a game overrides only when it
  has something better to say;
- the validated entry points the service calls (:class:`Game`, here: :meth:`Game.play`,
  :meth:`Game.perft`, :meth:`Game.divide`), built on the other two once for every game.
"""

from __future__ import annotations

import random
from typing import Any

from .errors import GameOver, InvalidDice, WorkLimitExceeded
from .hooks import PictureHooks, SearchHooks
from .values import (
    DRAW, ONGOING, WIN, Analysis, Applied, Dice, M, P, SearchLimits, Status,
)

__all__ = ["Game", "Analysis", "Applied", "Dice", "SearchLimits", "Status", "ONGOING", "WIN",
           "DRAW"]


class Game(SearchHooks[P, M], PictureHooks[P, M]):
    """One game under one set of options: the questions it answers
    (:class:`~rules.core.questions.GameQuestions`, the abstract methods a game must write),
    the optional hooks (:mod:`rules.core.hooks`), and the validated entry points the service
    calls, built on them once for every game.

    :meth:`parse_position` must be strict: anything malformed or impossible raises
    :class:`~rules.core.errors.InvalidPosition` naming the problem. :meth:`analyse` gives
    no moves for a finished position.
    """

    def play(
        self,
        position: P,
        text: str,
        dice: Any = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> tuple[M, Applied[P]]:
        """Validate and apply the move written ``text``.

        Raises GameOver on a finished position, IllegalMove naming the rule that forbids the
        move, InvalidDice for dice the move cannot take. Dice are rolled (reproducibly when
        ``seed`` is given) when a chance move comes without them.
        """
        status = self.status(position)
        if status.finished:
            raise GameOver.of(status, "no move can be played.")
        move = self.parse_move(position, text)
        if move not in self.legal_moves(position):  # a scan beats building a set here
            raise self.explain_illegal(position, move)
        if self.is_chance(position, move):
            if dice is None:
                if rng is None:
                    rng = random.Random(seed) if seed is not None else random.SystemRandom()
                dice = self.roll(position, move, rng)
            else:
                dice = self.check_dice(position, move, dice)
        elif dice is not None:
            raise InvalidDice(
                f"The move {self.format_move(position, move)} is not decided by dice; "
                "send no dice with it."
            )
        return move, self.apply(position, move, dice)

    def perft(self, position: P, depth: int, budget: int | None = None) -> int:
        """Count the leaves of the legal-move tree ``depth`` plies deep.

        Chance moves count once each (their dice are not expanded). Raises
        WorkLimitExceeded when ``depth`` is over :attr:`max_perft_depth` or more than
        ``budget`` positions would have to be generated (default :attr:`perft_budget`), so
        one call stays bounded whatever the position.
        """
        return self._perft(position, depth, self._perft_counter(depth, budget))

    def divide(self, position: P, depth: int, budget: int | None = None) -> dict[str, int]:
        """perft split by first move: ``{notation: leaves}``; the same limits as perft."""
        counter = self._perft_counter(depth, budget)
        return {
            self.format_move(position, move):
                self._perft(self.advance(position, move), depth - 1, counter)
            for move in self.legal_moves(position)
        }

    def _perft_counter(self, depth: int, budget: int | None) -> list[int]:
        """The work budget of one perft call, after refusing a depth over the game's cap."""
        if depth > self.max_perft_depth:
            raise WorkLimitExceeded(
                f"perft depth {depth} is over this game's limit of {self.max_perft_depth}.",
                limit=self.max_perft_depth,
            )
        return [self.perft_budget if budget is None else budget]

    def _perft(self, position: P, depth: int, counter: list[int]) -> int:
        counter[0] -= 1
        if counter[0] < 0:
            raise WorkLimitExceeded(
                "perft would generate too many positions for one call; ask for a smaller depth."
            )
        moves = self.perft_moves(position)
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        advance = self.advance
        total = 0
        for move in moves:
            total += self._perft(advance(position, move), depth - 1, counter)
        return total

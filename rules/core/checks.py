"""Why a move is illegal, as an ordered list of small checks, each named after its reason.

A game lists the rules a move can break, in the order they are tried, in a
:class:`RuleBook`; each check is a small function named after the reason code it reports,
that answers the sentence saying what is wrong, or None when the move does not break that
rule::

    book: RuleBook[MyGame, Position, Move] = RuleBook(Illegal.NOT_LEGAL_HERE)

    @book.rule(Illegal.EMPTY_SQUARE)
    def empty_square(game: MyGame, pos: Position, move: Move) -> str | None:
        if pos.board[move.src]:
            return None
        return f"There is no piece on {GRID.names[move.src]} to move."

    book.explain(game, pos, move)   # the IllegalMove of the first check that fires

A game's :meth:`~rules.core.game.Game.explain_illegal` is then one line.
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

from .errors import IllegalMove
from .reasons import Reason

G = TypeVar("G")
P = TypeVar("P")
M = TypeVar("M")

#: ``check(game, position, move)``: the sentence saying how the move breaks the rule, or None
Check = Callable[[G, P, M], "str | None"]


class RuleBook(Generic[G, P, M]):
    """The rules an illegal move can break, tried in the order they were declared."""

    def __init__(self, fallback: Reason) -> None:
        #: reported when no check fires, which a complete book never lets happen
        self.fallback = fallback
        self._checks: list[tuple[Reason, Callable[[G, P, M], str | None]]] = []

    def rule(self, reason: Reason) -> Callable[[Callable[[G, P, M], str | None]],
                                                 Callable[[G, P, M], str | None]]:
        """Decorator: the check reports ``reason``; it runs after those declared before it."""

        def add(check: Callable[[G, P, M], str | None]) -> Callable[[G, P, M], str | None]:
            self._checks.append((reason, check))
            return check

        return add

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The reason of each check, in order (a reason may have several checks)."""
        return tuple(reason for reason, _ in self._checks)

    def explain(self, game: G, position: P, move: M) -> IllegalMove:
        """The IllegalMove of the first check that fires.

        The move is known to be illegal, so one of the checks should fire; should none, the
        answer is the book's fallback reason (the tests of every game check that it is never
        reached on the moves they try).
        """
        for reason, check in self._checks:
            detail = check(game, position, move)
            if detail is not None:
                return IllegalMove(reason, detail)
        return IllegalMove(self.fallback, "This move is not legal in this position.")

"""The interface every game implements, so the service never needs to know which game it serves.

Modelled on OpenSpiel's game interface: whose turn, legal actions, apply,
terminal?, outcome, and chance outcomes with their probabilities. A
:class:`Game` instance is one game *configured* by its resolved options; it
is immutable and shared between requests. Positions and moves are the game's
own immutable, hashable values; the service only ever sees them through
this interface and the notation strings.

The public entry points that validate input (:meth:`Game.play`,
:meth:`Game.legal_move_entries`, :meth:`Game.perft`) are concrete here; a game
implements the abstract primitives below them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Hashable, Mapping, Sequence

from .errors import GameOver, IllegalMove, InvalidDice, WorkLimitExceeded
from .options import OptionSpec, resolve_options

Position = Hashable
Move = Hashable
Dice = Any

ONGOING, WIN, DRAW = "ongoing", "win", "draw"


@dataclass(frozen=True)
class Status:
    """Whether the game goes on, and if not who won and why.

    ``to_move`` is the side that acts next (None once the game is over);
    ``extra`` holds game-specific fields such as ``in_check`` or the odds of
    a pending fight, serialised beside the standard ones.
    """

    state: str
    winner: str | None = None
    reason: str | None = None
    to_move: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.state != ONGOING

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "winner": self.winner,
            "reason": self.reason,
            "to_move": self.to_move,
            **self.extra,
        }


@dataclass(frozen=True)
class Applied:
    """The result of applying one move: the new position, what happened, the dice used."""

    position: Position
    events: tuple[dict[str, Any], ...] = ()
    dice: Dice | None = None


class Game(ABC):
    """One game under one set of options.

    Subclasses set the class attributes and implement the abstract methods.
    ``parse_position`` must be strict: anything malformed or impossible raises
    :class:`~rules.core.errors.InvalidPosition` naming the problem.
    ``legal_moves`` returns no moves for a finished position.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: perft deeper than this is refused; chosen so the busiest legal position stays bounded
    max_perft_depth: ClassVar[int] = 3

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = resolve_options(self.option_specs, options)

    # ---- what the game is ------------------------------------------------------------------

    @classmethod
    @abstractmethod
    def players(cls) -> tuple[str, ...]:
        """Every side or player code that can appear in ``to_move`` or ``winner``."""

    @classmethod
    @abstractmethod
    def describe(cls) -> dict[str, Any]:
        """Details for ``GET /v1/games/{id}``: ``pieces``, ``setups``, ``notation``, ``rules``."""

    # ---- positions ---------------------------------------------------------------------------

    @abstractmethod
    def initial_position(self) -> Position:
        """The starting position under these options."""

    @abstractmethod
    def parse_position(self, text: str) -> Position:
        """Parse compact notation; raise InvalidPosition naming the field and the problem."""

    @abstractmethod
    def format_position(self, position: Position) -> str:
        """Compact notation of ``position``; ``parse_position`` of it gives it back."""

    # ---- moves -----------------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, position: Position) -> Sequence[Move]:
        """Every legal move, each once; empty when the game is over."""

    @abstractmethod
    def format_move(self, position: Position, move: Move) -> str:
        """The canonical notation of ``move`` played from ``position``."""

    @abstractmethod
    def parse_move(self, position: Position, text: str) -> Move:
        """Parse move notation without judging legality.

        Raises IllegalMove with reason ``malformed_move`` when ``text`` is not
        a move in this game's notation at all.
        """

    @abstractmethod
    def explain_illegal(self, position: Position, move: Move) -> IllegalMove:
        """Why ``move`` (parsed, but not among the legal moves) is illegal.

        Returns the IllegalMove to raise: a ``reason`` code naming the rule and
        a ``detail`` sentence such as "Officers move orthogonally; d4 to e5 is
        diagonal".
        """

    @abstractmethod
    def apply(self, position: Position, move: Move, dice: Dice | None = None) -> Applied:
        """Play a legal ``move``. For a chance move ``dice`` is already checked and given."""

    def move_fields(self, position: Position, move: Move) -> dict[str, Any]:
        """Structured fields of a move for ``legal-moves`` (``from``, ``to``, ``kind``...)."""
        return {}

    # ---- the state of the game -------------------------------------------------------------

    @abstractmethod
    def status(self, position: Position) -> Status:
        """Whose turn, or who won or drew and why."""

    # ---- chance ------------------------------------------------------------------------------

    def is_chance(self, position: Position, move: Move) -> bool:
        """Whether ``move`` needs dice to resolve."""
        return False

    def chance_outcomes(self, position: Position, move: Move) -> list[tuple[Dice, Fraction]]:
        """Every dice outcome of a chance move with its exact probability."""
        return []

    def roll(self, position: Position, move: Move, rng: random.Random) -> Dice:
        """Roll the dice a chance move needs."""
        raise NotImplementedError

    def check_dice(self, position: Position, move: Move, dice: Any) -> Dice:
        """Validate client-supplied dice for a chance move; raise InvalidDice saying why."""
        raise InvalidDice("This game uses no dice.")

    # ---- validated entry points used by the service ----------------------------------------

    def play(
        self,
        position: Position,
        text: str,
        dice: Any = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> tuple[Move, Applied]:
        """Validate and apply the move written ``text``.

        Raises GameOver on a finished position, IllegalMove naming the rule
        that forbids the move, InvalidDice for dice the move cannot take.
        Dice are rolled (reproducibly when ``seed`` is given) when a chance
        move comes without them.
        """
        status = self.status(position)
        if status.finished:
            raise GameOver(
                f"The game is over ({status.state}, {status.reason}); no move can be played.",
                state=status.state,
                winner=status.winner,
                game_reason=status.reason,
            )
        move = self.parse_move(position, text)
        if move not in set(self.legal_moves(position)):
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

    def legal_move_entries(self, position: Position) -> list[dict[str, Any]]:
        """Every legal move as ``{"move": notation, ...structured fields}``."""
        entries = []
        for move in self.legal_moves(position):
            entry = {"move": self.format_move(position, move)}
            entry.update(self.move_fields(position, move))
            if self.is_chance(position, move):
                entry["chance"] = True
            entries.append(entry)
        return entries

    def perft(self, position: Position, depth: int, budget: int = 200_000) -> int:
        """Count the leaves of the legal-move tree ``depth`` plies deep.

        Chance moves count once each (their dice are not expanded). Raises
        WorkLimitExceeded when more than ``budget`` positions would have to be
        generated, so one call stays bounded whatever the position.
        """
        if depth > self.max_perft_depth:
            raise WorkLimitExceeded(
                f"perft depth {depth} is over this game's limit of {self.max_perft_depth}.",
                limit=self.max_perft_depth,
            )
        counter = [budget]
        return self._perft(position, depth, counter)

    def _perft(self, position: Position, depth: int, counter: list[int]) -> int:
        counter[0] -= 1
        if counter[0] < 0:
            raise WorkLimitExceeded(
                "perft would generate too many positions for one call; ask for a smaller depth."
            )
        moves = self.legal_moves(position)
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for move in moves:
            total += self._perft(self.advance(position, move), depth - 1, counter)
        return total

    def advance(self, position: Position, move: Move) -> Position:
        """The position after a legal move, for search: chance moves take their first outcome."""
        dice = None
        if self.is_chance(position, move):
            dice = self.chance_outcomes(position, move)[0][0]
        return self.apply(position, move, dice).position

    def divide(self, position: Position, depth: int, budget: int = 200_000) -> dict[str, int]:
        """perft split by first move: ``{notation: leaves}``."""
        if depth > self.max_perft_depth:
            raise WorkLimitExceeded(
                f"perft depth {depth} is over this game's limit of {self.max_perft_depth}.",
                limit=self.max_perft_depth,
            )
        counter = [budget]
        out = {}
        for move in self.legal_moves(position):
            out[self.format_move(position, move)] = self._perft(
                self.advance(position, move), depth - 1, counter
            )
        return out

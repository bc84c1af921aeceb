"""The values a game's answers are made of: a status, an analysis, applied moves, search limits.

They are immutable, shared between requests, and know nothing of any one game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Hashable, Mapping, NamedTuple, TypeVar

from .reasons import Reason, State

P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)
Dice = Any

ONGOING, WIN, DRAW = State.ONGOING, State.WIN, State.DRAW


@dataclass(frozen=True)
class Status:
    """Whether the game goes on, and if not who won and why.

    ``to_move`` is the side that acts next (None once the game is over); ``reason`` is a
    member of the game's :attr:`Game.end_reasons` (None while the game goes on); ``extra``
    holds game-specific fields such as ``in_check`` or the odds of a pending fight,
    serialised beside the standard ones.
    """

    state: State
    winner: str | None = None
    reason: Reason | None = None
    to_move: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Statuses are cached with their positions and shared between requests: a read-only
        # view keeps one caller's edit from leaking into every later answer.
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    @property
    def finished(self) -> bool:
        return self.state is not State.ONGOING

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state.value,
            "winner": self.winner,
            "reason": None if self.reason is None else self.reason.value,
            "to_move": self.to_move,
            **self.extra,
        }


class Analysis(NamedTuple, Generic[M]):
    """A position's status and legal moves, computed together (a request usually asks for
    both, and applying a move checks its legality against the same list)."""

    status: Status
    moves: tuple[M, ...]


@dataclass(frozen=True)
class SearchLimits:
    """How the computer opponent (:mod:`rules.search`) searches one game.

    ``playouts`` is the default budget of a suggestion, ``max_playouts`` the most a caller may
    ask for, and ``playout_plies`` the length after which a random playout stops and the
    position it reached is scored by :meth:`Game.evaluate` (0: the new leaf is scored at once).
    ``exploration`` is UCT's exploration constant for rewards between 0 and 1: a game whose
    leaves are scored exactly (no random plies) searches deeper with a smaller one.
    ``prior_breaks_ties``: whether root moves searched about equally often are told apart by
    their priors (their exact one-ply values) before their visits and mean values, for a game
    whose quiet moves differ by less than the noise of its playouts.
    ``prior_depth``: the deepest ply below the root at which a node orders its moves by
    their priors (None: any depth). Each prior costs a move and an evaluation, so a game whose
    evaluation is slow and whose positions have many moves keeps them for the replies near
    the root and leaves deeper lines to the playouts.
    """

    playouts: int = 300
    max_playouts: int = 5000
    playout_plies: int = 40
    exploration: float = 0.7
    prior_breaks_ties: bool = False
    prior_depth: int | None = None


@dataclass(frozen=True)
class Applied(Generic[P]):
    """The result of applying one move: the new position, what happened, the dice used."""

    position: P
    events: tuple[dict[str, Any], ...] = ()
    dice: Dice | None = None

"""The interface every game implements, so the service never needs to know which game it serves.

Modelled on OpenSpiel's game interface: whose turn, legal actions, apply, terminal?, outcome,
and chance outcomes with their probabilities. A :class:`Game` instance is one game
*configured* by its resolved options; it is immutable and shared between requests.

``Game[P, M]`` is generic in the game's position type ``P`` and move type ``M``, both
immutable and hashable (a game's move is a small named type, such as a NamedTuple). The
service only ever sees them through this interface and the notation strings.

A game implements the abstract primitives (:meth:`Game.analyse`, :meth:`Game.apply`, the
notation, :meth:`Game.explain_illegal`...); the validated entry points built on them
(:meth:`Game.play`, :meth:`Game.legal_move_entries`, :meth:`Game.perft`) and the analysis
cache live here, once for every game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import (
    TYPE_CHECKING, Any, Callable, ClassVar, Generic, Hashable, Mapping, NamedTuple, Sequence,
    TypeVar,
)

from .errors import GameOver, IllegalMove, InvalidDice, WorkLimitExceeded
from .options import OptionSpec, resolve_options
from .reasons import Reason, State

if TYPE_CHECKING:
    from .view import BoardView

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


class Game(ABC, Generic[P, M]):
    """One game under one set of options.

    Subclasses set the class attributes and implement the abstract methods.
    :meth:`parse_position` must be strict: anything malformed or impossible raises
    :class:`~rules.core.errors.InvalidPosition` naming the problem. :meth:`analyse` gives
    no moves for a finished position.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: every ``reason`` an illegal move of this game can carry
    illegal_reasons: ClassVar[type[Reason]]
    #: every ``reason`` a finished game of this game can carry
    end_reasons: ClassVar[type[Reason]]
    #: JSON Schema of the dice a chance move takes (None: the game uses no dice); requests
    #: are checked against it and the API spec shows it
    dice_schema: ClassVar[Mapping[str, Any] | None] = None
    #: every event type :meth:`apply` reports, each declared with
    #: :func:`rules.core.events.event` (its meaning and fields), for the API spec
    event_schemas: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: every ``kind`` of this game's legal-moves entries, each declared with
    #: :func:`rules.core.entries.entry` (its meaning and fields), for the API spec
    entry_kinds: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: perft deeper than this is refused; chosen so the busiest legal position stays bounded
    max_perft_depth: ClassVar[int] = 3
    #: at most this many positions are generated by one perft call (about a second of work)
    perft_budget: ClassVar[int] = 20_000
    #: positions whose analysis is kept, for all configurations of the game together
    analysis_cache_size: ClassVar[int] = 4096
    #: budgets of the computer opponent (see :mod:`rules.search`); an instance may narrow
    #: them for its options (never above the class's ``max_playouts``)
    search_limits: SearchLimits = SearchLimits()
    _analysis: ClassVar[Callable[[Any, Any], Analysis[Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "analyse" in cls.__dict__:
            # One cache per game, keyed on (configured game, position): configured games are
            # shared and hashed by identity, positions are immutable values.
            cls._analysis = lru_cache(maxsize=cls.analysis_cache_size)(cls.__dict__["analyse"])

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
        """Details for ``GET /v1/games/{id}``: ``pieces``, ``setups``, ``notation``, and any
        other key the game documents."""

    @classmethod
    def reasons(cls) -> dict[str, dict[str, str]]:
        """Every reason code the game can answer, with its sentence: ``illegal_move`` (why a
        move is refused) and ``end`` (why a game ended)."""
        return {"illegal_move": cls.illegal_reasons.catalogue(),
                "end": cls.end_reasons.catalogue()}

    def seats(self) -> tuple[str, ...]:
        """The players taking part under these options, in turn order (all of
        :meth:`players` unless the options choose fewer)."""
        return self.players()

    # ---- positions ---------------------------------------------------------------------------

    @abstractmethod
    def initial_position(self) -> P:
        """The starting position under these options."""

    @cached_property
    def start_position(self) -> P:
        """:meth:`initial_position`, built once per configured game (positions are
        immutable, and every request that omits ``position`` starts from it)."""
        return self.initial_position()

    @abstractmethod
    def parse_position(self, text: str) -> P:
        """Parse compact notation; raise InvalidPosition naming the field and the problem."""

    @abstractmethod
    def format_position(self, position: P) -> str:
        """Compact notation of ``position``; ``parse_position`` of it gives it back."""

    # ---- the state of the game and its moves ------------------------------------------------

    @abstractmethod
    def analyse(self, position: P) -> Analysis[M]:
        """The status and the legal moves of ``position``, each legal move once; no moves
        when the game is over. Uncached: use :meth:`legal_moves` and :meth:`status`."""

    def legal_moves(self, position: P) -> tuple[M, ...]:
        """Every legal move, each once; empty when the game is over (cached)."""
        return self._analysis(position).moves

    def status(self, position: P) -> Status:
        """Whose turn, or who won or drew and why (cached)."""
        return self._analysis(position).status

    def random_move(self, position: P, rng: random.Random) -> M | None:
        """A legal move of ``position`` drawn uniformly at random with ``rng``, or None when
        the game is over. Random playouts (the computer opponent's, the benchmark's) call it
        once per ply; a game may override it with a sampler that finds one legal move without
        generating them all, as long as every legal move stays equally likely and None still
        means exactly that :meth:`status` is finished."""
        moves: tuple[M, ...] = self._analysis(position).moves
        if not moves:
            return None
        return moves[int(rng.random() * len(moves))]

    @classmethod
    def clear_analysis_cache(cls) -> None:
        """Forget every cached analysis of this game (for tests and benchmarks)."""
        cls._analysis.cache_clear()  # type: ignore[attr-defined]

    @abstractmethod
    def format_move(self, position: P, move: M) -> str:
        """The canonical notation of ``move`` played from ``position``."""

    @abstractmethod
    def parse_move(self, position: P, text: str) -> M:
        """Parse move notation without judging legality.

        Raises IllegalMove with reason ``malformed_move`` when ``text`` is not a move in
        this game's notation at all.
        """

    @abstractmethod
    def explain_illegal(self, position: P, move: M) -> IllegalMove:
        """Why ``move`` (parsed, but not among the legal moves) is illegal: an IllegalMove
        whose ``reason`` is a member of :attr:`illegal_reasons` naming the rule, and whose
        ``detail`` says what is wrong, e.g. "This piece moves along ranks and files; d4 to e5 is
        diagonal"."""

    @abstractmethod
    def apply(self, position: P, move: M, dice: Dice | None = None) -> Applied[P]:
        """Play a legal ``move``. For a chance move ``dice`` is already checked and given."""

    def advance(self, position: P, move: M) -> P:
        """The position after a legal move, for search: a chance move takes its first
        outcome. Games override it with a version that builds no events."""
        dice = None
        if self.is_chance(position, move):
            dice = self.chance_outcomes(position, move)[0][0]
        return self.apply(position, move, dice).position

    def move_fields(self, position: P, move: M) -> dict[str, Any]:
        """Structured fields of a move for ``legal-moves`` (``from``, ``to``, ``kind``...)."""
        return {}

    def move_squares(self, move: M) -> tuple[str, ...]:
        """The names of the squares ``move`` leaves and reaches, for a picture that shows it
        as the previous move (none for a move that touches no square, such as a pass). It
        needs no position: the position before the move is gone once it was played."""
        return ()

    # ---- the computer opponent's view of a position --------------------------------------

    def evaluate(self, position: P, player: str) -> float:
        """An estimate, from 0 to 1, of the chance that ``player`` wins from ``position``.

        The computer opponent (:mod:`rules.search`) calls it many times per move, on positions
        it has not asked :meth:`status` about (which would generate their moves), and scores
        finished games itself: it need not detect the end of the game, and should be cheap.
        This default knows nothing and gives every seat an equal share; a game overrides it
        with what it knows (material, safety) so that the greedy opponent, the order in which
        the search tries moves, and the playouts it cuts short can tell good positions from
        bad ones.
        """
        return 1.0 / len(self.seats())

    def winning_move(self, position: P) -> M | None:
        """A legal move without dice that wins the game at once for the player to act in
        ``position`` (a game going on), or None when none is found.

        The computer opponent asks it about the positions its candidate moves lead to, to see
        a reply that wins at once. This default tries every legal move in order (a move and a
        :meth:`status` each); a game may override it with a cheaper test that looks only at
        the moves that can win (captures, say), as long as what it returns wins.
        """
        player = self.status(position).to_move
        for move in self.legal_moves(position):
            if (not self.is_chance(position, move)
                    and self.status(self.advance(position, move)).winner == player):
                return move
        return None

    def eliminating_move(self, position: P, player: str) -> M | None:
        """A legal move without dice, of the player to act in ``position``, that leaves
        ``player`` (another one) unable to win though the game goes on, or None when none is
        found.

        With two players such a move wins, and :meth:`winning_move` finds it. With three or
        more a player can be put out, or left with nothing to do but wait to be put out,
        while the others play on; the computer opponent asks this about the positions its
        candidate moves lead to, to see the next player's reply that would do that to it. This
        default finds none; a game of three or more players overrides it.
        """
        return None

    # ---- chance ------------------------------------------------------------------------------

    def is_chance(self, position: P, move: M) -> bool:
        """Whether ``move`` needs dice to resolve."""
        return False

    def chance_outcomes(self, position: P, move: M) -> list[tuple[Dice, Fraction]]:
        """Every dice outcome of a chance move with its exact probability."""
        return []

    def roll(self, position: P, move: M, rng: random.Random) -> Dice:
        """Roll the dice a chance move needs."""
        raise NotImplementedError(f"{self.name} has no chance moves to roll dice for.")

    def check_dice(self, position: P, move: M, dice: Any) -> Dice:
        """Validate client-supplied dice for a chance move; raise InvalidDice saying why."""
        raise InvalidDice("This game uses no dice.")

    # ---- pictures ----------------------------------------------------------------------------

    def board_view(self, position: P) -> BoardView:
        """What a renderer draws for ``position``; raises
        :class:`~rules.core.view.NoBoardView` for a game that has no picture."""
        from .view import NoBoardView

        raise NoBoardView(self.id)

    # ---- validated entry points used by the service ----------------------------------------

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
            raise GameOver(
                f"The game is over ({status.state.value}, {status.reason}); no move can be "
                "played.",
                state=status.state.value,
                winner=status.winner,
                game_reason=None if status.reason is None else status.reason.value,
            )
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

    def legal_move_entries(self, position: P) -> list[dict[str, Any]]:
        """Every legal move as ``{"move": notation, ...structured fields}``, with
        ``"chance": true`` last for a chance move."""
        text, fields = self.format_move, self.move_fields
        if type(self).is_chance is Game.is_chance:  # no chance moves: one dict display each
            return [{"move": text(position, move), **fields(position, move)}
                    for move in self.legal_moves(position)]
        entries = []
        for move in self.legal_moves(position):
            entry: dict[str, Any] = {"move": text(position, move), **fields(position, move)}
            if self.is_chance(position, move):
                entry["chance"] = True
            entries.append(entry)
        return entries

    def legal_move_texts(self, position: P) -> list[str]:
        """The canonical notation of every legal move, in :meth:`legal_moves` order."""
        return [self.format_move(position, move) for move in self.legal_moves(position)]

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

    def perft_moves(self, position: P) -> Sequence[M]:
        """The legal moves perft expands: uncached by default, since perft visits almost
        every position once and caching them would evict the positions requests come back
        for. A game may override it (with the same moves) when caching pays."""
        return self.analyse(position).moves

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

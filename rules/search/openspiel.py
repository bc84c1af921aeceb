"""Any registered game, under its options, as an OpenSpiel game (needs the ``openspiel`` extra).

    from rules.search.openspiel import load
    game = load(game_id, options)      # a pyspiel.Game, e.g. load("<id>", {"<option>": 1})
    state = game.new_initial_state()

so that OpenSpiel's algorithms (``MCTSBot``, minimax...) run on our games. Every game id is
also registered with pyspiel as ``referee_<id>`` (``-`` written ``_``), with the parameters
``options`` (the options as a JSON object) and ``max_plies``, so
``pyspiel.load_game("referee_<id>", {"options": '{"<option>": 1}'})`` works too.

How the game maps onto OpenSpiel's model:

- players are the game's seats (:meth:`~rules.core.game.Game.seats`) in turn order, numbered
  from 0; the player to move is ``status(position).to_move``;
- a decision's actions are the indices of the legal moves in the order ``legal_moves`` lists
  them (so an action number means a move only in its state; ``action_to_string`` names it);
- a chance move (``is_chance``) is a decision followed by a chance node whose outcomes are the
  indices of ``chance_outcomes``, with their exact probabilities;
- returns are zero-sum: +1 for the winner and -1/(players - 1) for each other player, 0 for
  everyone in a draw; after ``max_plies`` decisions the game stops as a draw, since OpenSpiel
  needs games of bounded length.
"""

from __future__ import annotations

import json
from functools import cached_property
from typing import Any, Mapping

import pyspiel

from .. import registry
from ..core.game import WIN, Game

#: Bound on the number of legal moves of a position (OpenSpiel's num_distinct_actions).
MAX_ACTIONS = 10_000
#: Bound on the number of dice outcomes of a chance move (OpenSpiel's max_chance_outcomes).
MAX_CHANCE_OUTCOMES = 10_000
#: Decisions after which a game stops as a draw, unless ``max_plies`` says otherwise.
DEFAULT_MAX_PLIES = 1000


def short_name(game_id: str) -> str:
    """The pyspiel name of a game: ``referee_a_b`` for the game id ``a-b``."""
    return "referee_" + game_id.replace("-", "_")


def game_type(game: Game[Any, Any] | type[Game[Any, Any]],
              num_players: int | None = None) -> pyspiel.GameType:
    """OpenSpiel's description of a game: sequential, perfect information, explicit chance,
    zero-sum, rewards at the end of the game."""
    players = num_players or len(game.players())
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"{game.name} (board game referee)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players if num_players else len(game.players()),
        min_num_players=players if num_players else 2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"options": "{}", "max_plies": DEFAULT_MAX_PLIES},
    )


class _Snapshot:
    """Where a state stands: the position, the chance move awaiting its outcome (or None),
    the decisions so far. Immutable and shared between clones (OpenSpiel deep-copies a
    Python state's attributes to clone it)."""

    def __init__(self, game: "RefereeGame", position: Any, pending: Any, plies: int) -> None:
        self.game, self.position, self.pending, self.plies = game, position, pending, plies

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Snapshot":
        return self

    @cached_property
    def moves(self) -> tuple[Any, ...]:
        return tuple(self.game.referee.legal_moves(self.position))

    @cached_property
    def outcomes(self) -> list[tuple[Any, Any]]:
        return self.game.referee.chance_outcomes(self.position, self.pending)


class RefereeState(pyspiel.State):  # type: ignore[misc]
    """A position of the game as an OpenSpiel state."""

    def __init__(self, game: "RefereeGame") -> None:
        super().__init__(game)
        self._at = _Snapshot(game, game.referee.start_position, None, 0)

    @property
    def position(self) -> Any:
        """The game's own position (between a chance move and its outcome: before the move)."""
        return self._at.position

    def _finished(self) -> bool:
        at = self._at
        return at.plies >= at.game.max_plies or at.game.referee.status(at.position).finished

    def current_player(self) -> int:
        at = self._at
        if at.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        status = at.game.referee.status(at.position)
        if at.plies >= at.game.max_plies or status.to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return at.game.seat_of[status.to_move]

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._at.moves)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, float(p)) for i, (_, p) in enumerate(self._at.outcomes)]

    def _apply_action(self, action: int) -> None:
        at = self._at
        referee = at.game.referee
        if at.pending is not None:
            dice = at.outcomes[action][0]
            after = referee.apply(at.position, at.pending, dice).position
            self._at = _Snapshot(at.game, after, None, at.plies)
            return
        move = at.moves[action]
        if referee.is_chance(at.position, move):
            self._at = _Snapshot(at.game, at.position, move, at.plies + 1)
        else:
            self._at = _Snapshot(at.game, referee.advance(at.position, move), None,
                                 at.plies + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        at = self._at
        if player == pyspiel.PlayerId.CHANCE:
            return "dice " + json.dumps(at.outcomes[action][0], sort_keys=True)
        return at.game.referee.format_move(at.position, at.moves[action])

    def is_terminal(self) -> bool:
        return self._at.pending is None and self._finished()

    def returns(self) -> list[float]:
        at = self._at
        seats = at.game.referee.seats()
        status = at.game.referee.status(at.position)
        if at.pending is not None or status.state != WIN:
            return [0.0] * len(seats)
        loss = -1.0 / (len(seats) - 1)
        return [1.0 if seat == status.winner else loss for seat in seats]

    def __str__(self) -> str:
        at = self._at
        text = at.game.referee.format_position(at.position)
        if at.pending is not None:
            text += " (awaiting the dice of " + at.game.referee.format_move(
                at.position, at.pending) + ")"
        return text


class RefereeGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games under its options, as a pyspiel.Game; :func:`game_class` makes the
    subclass of each game id."""

    game_id: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        options = params.get("options", "{}")
        self.referee: Game[Any, Any] = registry.configure(
            self.game_id, json.loads(options) if isinstance(options, str) else options)
        self.max_plies = int(params.get("max_plies", DEFAULT_MAX_PLIES))
        seats = self.referee.seats()
        self.seat_of = {seat: i for i, seat in enumerate(seats)}
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=len(seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=2 * self.max_plies,
        )
        super().__init__(game_type(self.referee, len(seats)), info,
                         {"options": json.dumps(self.referee.options, sort_keys=True),
                          "max_plies": self.max_plies})

    def new_initial_state(self, *args: Any) -> RefereeState:
        return RefereeState(self)

    def state_at(self, position: Any, plies: int = 0) -> RefereeState:
        """A state at ``position`` (one of the game's own positions), ``plies`` decisions into
        the game."""
        state = RefereeState(self)
        state._at = _Snapshot(self, position, None, plies)
        return state

    def move_of(self, state: RefereeState, action: int) -> Any:
        """The game's own move that a decision's action number stands for."""
        return state._at.moves[action]


_CLASSES: dict[str, type[RefereeGame]] = {}


def game_class(game_id: str) -> type[RefereeGame]:
    """The pyspiel.Game class of ``game_id`` (KeyError for a game the registry lacks).

    pyspiel is given classes, not closures: a Python function kept in its registry crashes
    the interpreter on exit."""
    if registry.game_class(game_id) is None:
        raise KeyError(game_id)
    if game_id not in _CLASSES:
        _CLASSES[game_id] = type(f"RefereeGame_{short_name(game_id)}", (RefereeGame,),
                                 {"game_id": game_id})
    return _CLASSES[game_id]


def load(game_id: str, options: Mapping[str, Any] | None = None,
         max_plies: int = DEFAULT_MAX_PLIES) -> RefereeGame:
    """The game ``game_id`` under ``options`` as an OpenSpiel game (KeyError for an unknown
    id, InvalidOptions for bad options)."""
    return game_class(game_id)({"options": json.dumps(dict(options or {})),
                                "max_plies": max_plies})


def register_all() -> None:
    """Register every game of the registry with pyspiel (``referee_<id>``); idempotent."""
    known = set(pyspiel.registered_names())
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        if cls is not None and short_name(game_id) not in known:
            pyspiel.register_game(game_type(cls), game_class(game_id))


register_all()

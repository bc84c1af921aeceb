"""Clocks (opt-in, with signing): each seat's time, kept inside the position's token.

The service stores nothing, so a clock travels with its position: ``setup`` given a
``time_control`` answers a clocked token (:mod:`service.concerns.signing`) whose claims hold, beside
the game's id, the ply and the service's time of the answer (epoch milliseconds), the time
control, each seat's remaining milliseconds and, once a clock has run out, whose; the MAC
covers them with the game, the options and the position, so a client cannot edit its time,
and the time control belongs to the game's id: every token of a clocked game is clocked.
Each answer to a clocked request is a fresh token dated by the service:

- ``apply`` charges the player to move the time since the token's date (an old token is
  charged all the time since); at zero or below the move is not played, and the answer is a
  422 ``game_over`` lost on time, with the clocks and a token saying so. Otherwise the move
  is played; when the turn passes to another seat the mover gets the increment (once per
  turn, however many actions it holds), or, for a time per move, the next mover's clock is
  set to the time per move. A game that ends on the board stops the clocks;
- ``status`` reports the clocks at the time of asking, and a loss on time;
- an operation that signs a position more than one ply on (``replay``) refuses a clocked
  token (422 ``clock_running``); the operations that only read a position read it as usual.

Clocks are for two players: a game configured with more seats refuses a time control. The
time comes from the app's :class:`Timekeeping` (epoch milliseconds; the system's unless
:func:`service.http.app.create_app` is given another), and a token dated more than
``REFEREE_CLOCK_SKEW_MS`` (default 1000) after it is refused (422 ``clock_skew``): the
replicas' clocks disagree.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Callable, Mapping


from rules.core.departure import depart
from rules.core.errors import GameOver
from rules.core.game import Game
from rules.core.reasons import OffBoard
from rules.core.values import Status

from service.operations.positions import position_for
from service.http.problems import Problem
from .signing import Claims, Signer, sign

SKEW_SETTING = "REFEREE_CLOCK_SKEW_MS"
DEFAULT_SKEW_MS = 1000
#: epoch milliseconds, read when an answer is made
Clock = Callable[[], int]


class ClockUse(Enum):
    """What an operation does with a clocked position (an operation that declares none reads
    it as usual, unless it signs a position, which a clock forbids)."""

    #: setup: a time control starts the clocks
    START = "start"
    #: apply: one ply; the mover is charged, the turn may pass
    MOVE = "move"
    #: status: the clocks at the time of asking
    REPORT = "report"


def system_clock() -> int:
    """The system's time in epoch milliseconds."""
    return time.time_ns() // 1_000_000


class ClockConfigError(ValueError):
    """The clock settings are malformed; the service refuses to start with them."""


@dataclass(frozen=True)
class Timekeeping:
    """The app's clock and its tolerance of tokens dated ahead of it."""

    clock: Clock
    #: how far ahead of ``clock`` a token may be dated (milliseconds) before 422 clock_skew
    skew_ms: int = DEFAULT_SKEW_MS

    def now(self) -> int:
        """The service's time (epoch milliseconds)."""
        return self.clock()


def timekeeping_for(config: Mapping[str, Any], clock: Clock | None = None) -> Timekeeping:
    """The app's clock (``clock``, else the system's) and its tolerance of tokens dated in
    the future (``REFEREE_CLOCK_SKEW_MS`` from the app's config, else the environment)."""
    text = str(config.get(SKEW_SETTING, os.environ.get(SKEW_SETTING)) or "").strip()
    if text and not text.isdigit():
        raise ClockConfigError(f"{SKEW_SETTING}: a whole number of milliseconds (0 or more), "
                               f"not {text!r}.")
    return Timekeeping(clock or system_clock, int(text) if text else DEFAULT_SKEW_MS)


# ---- time controls ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TimeControl:
    """Base time and increment per turn (``300+2``), or a fixed time per move (correspondence
    play); in seconds, as a request gives them."""

    base_seconds: int | None = None
    increment_seconds: int = 0
    per_move_seconds: int | None = None

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> TimeControl:
        """The time control a request gives (its fields typed and bounded by the schema);
        422 ``invalid_time_control`` for one of neither kind or of both."""
        base, per_move = value.get("base_seconds"), value.get("per_move_seconds")
        if per_move is not None and base is None and "increment_seconds" not in value:
            return cls(per_move_seconds=per_move)
        if base is not None and per_move is None:
            return cls(base_seconds=base, increment_seconds=value.get("increment_seconds", 0))
        raise Problem(422, "invalid_time_control",
                      "A time control is either base_seconds with increment_seconds (such "
                      "as 300 and 2), or per_move_seconds alone (such as 86400); send one "
                      "of the two.")

    def to_json(self) -> dict[str, int]:
        """The time control as a request gives it."""
        if self.per_move_seconds is not None:
            return {"per_move_seconds": self.per_move_seconds}
        assert self.base_seconds is not None
        return {"base_seconds": self.base_seconds, "increment_seconds": self.increment_seconds}

    @property
    def initial_ms(self) -> int:
        """Each seat's time at the start, in milliseconds."""
        seconds = self.per_move_seconds if self.per_move_seconds is not None else self.base_seconds
        assert seconds is not None
        return seconds * 1000


# ---- clocks ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Clocks:
    """Each seat's remaining milliseconds (in seat order) as of ``as_of`` (epoch ms), the
    seat whose clock runs (None once the game is over), and the seat whose time ran out."""

    time_control: TimeControl
    remaining: tuple[tuple[str, int], ...]
    as_of: int
    running: str | None
    out: str | None = None

    def left(self, seat: str) -> int:
        """``seat``'s remaining milliseconds."""
        return dict(self.remaining)[seat]

    def _with(self, seat: str, ms: int) -> tuple[tuple[str, int], ...]:
        return tuple((s, ms if s == seat else left) for s, left in self.remaining)

    def charged(self, now: int) -> Clocks:
        """The clocks at ``now``: the running clock charged the time since ``as_of`` (none
        for a token dated later, within the tolerance); at zero or below, out of time."""
        if self.running is None:
            return replace(self, as_of=now)
        left = self.left(self.running) - max(0, now - self.as_of)
        if left > 0:
            return replace(self, remaining=self._with(self.running, left), as_of=now)
        return replace(self, remaining=self._with(self.running, 0), as_of=now, running=None,
                       out=self.running)

    def after_move(self, to_move: str | None) -> Clocks:
        """The clocks once the running seat's move is played, ``to_move`` acting next (None:
        the game is over, and the clocks stop); when the turn passes, the increment to the
        mover, or the time per move to the next mover; unchanged within a turn of several
        actions."""
        mover = self.running
        if to_move is None:
            return replace(self, running=None)
        if mover is None or to_move == mover:
            return self
        control = self.time_control
        if control.per_move_seconds is not None:
            remaining = self._with(to_move, control.initial_ms)
        else:
            remaining = self._with(mover, self.left(mover) + control.increment_seconds * 1000)
        return replace(self, remaining=remaining, running=to_move)

    def to_json(self) -> dict[str, Any]:
        """The clocks as answers carry them."""
        out: dict[str, Any] = {"time_control": self.time_control.to_json(),
                               "remaining_ms": dict(self.remaining), "running": self.running,
                               "as_of": self.as_of}
        if self.out is not None:
            out["out_of_time"] = self.out
        return out

    def claims(self) -> dict[str, Any]:
        """What a token of these clocks claims beside its date (``as_of``, the token's
        ``at``): the time control (``tc``), the remaining milliseconds in seat order (``ms``)
        and the seat out of time (``out``)."""
        data: dict[str, Any] = {"tc": self.time_control.to_json(),
                                "ms": [ms for _, ms in self.remaining]}
        if self.out is not None:
            data["out"] = self.out
        return data


def started(control: TimeControl, game: Game[Any, Any], now: int) -> Clocks:
    """Every seat's clock at the start, the first mover's running from ``now``."""
    status = game.status(game.start_position)
    return Clocks(control, tuple((seat, control.initial_ms) for seat in game.seats()), now,
                  status.to_move if not status.finished else None)


def from_claims(claims: Claims, game: Game[Any, Any], position: Any) -> Clocks:
    """The clocks a verified token's ``claims`` hold for ``position`` (its mover's running
    unless the game is over); ValueError for a clock this service did not write."""
    clock = claims.clock or {}
    try:
        control = TimeControl.from_json(clock["tc"])
        seats = game.seats()
        remaining = tuple(zip(seats, (int(ms) for ms in clock["ms"]), strict=True))
        out = clock.get("out")
    except (KeyError, TypeError, ValueError, Problem) as exc:
        raise ValueError(f"not a clock: {exc}") from None
    status = game.status(position)
    running = None if out is not None or status.finished else status.to_move
    return Clocks(control, remaining, claims.at, running, out)


# ---- admission and answers -----------------------------------------------------------------

def admitted(use: ClockUse | None, signs: bool, game_id: str, game: Game[Any, Any],
             body: Mapping[str, Any], signer: Signer | None, timekeeping: Timekeeping,
             claims: Claims | None) -> Clocks | None:
    """The clocks of a request, charged up to now: started by setup's ``time_control``, or
    read from the verified token's ``claims``; None for a request without clocks. Refuses a
    time control without signing or for more than two seats, a token dated too far in the
    future (``clock_skew``), a signing operation other than apply from a clocked position
    (``clock_running``), and a move whose mover's time has run out (``game_over``)."""
    time_control = body.get("time_control")
    if time_control is not None:
        return started(_control_for(game, time_control, signer), game, timekeeping.now())
    if claims is None or claims.clock is None:
        return None
    if use is None:
        if signs:
            raise Problem(422, "clock_running",
                          "This position is clocked: play it one move at a time with apply, "
                          "which charges each move to its player's clock.")
        return None
    position = position_for(game, body.get("position"))
    try:
        clocks = from_claims(claims, game, position)
    except ValueError:
        raise _bad_signature() from None
    clocks = clocks.charged(_not_before(clocks.as_of, timekeeping))
    if use is ClockUse.MOVE and clocks.out is not None:
        assert signer is not None, "a clocked token was verified by the signer"
        raise _out_of_time(clocks, claims, game_id, game, body, signer)
    return clocks


def settled(answer: dict[str, Any], game: Game[Any, Any], clocks: Clocks,
            use: ClockUse | None, body: Mapping[str, Any]) -> Clocks:
    """Add ``clocks`` to the answer of a clocked request, as they stand once it is answered
    (after apply's move, whose answer says who acts next; a status lost on time says so);
    the clocks its token carries."""
    if use is ClockUse.MOVE:
        clocks = clocks.after_move(answer["status"]["to_move"])
    elif use is ClockUse.REPORT and clocks.out is not None:
        answer.update(_lost_on_time(clocks, game, body).to_json())
    answer["clocks"] = clocks.to_json()
    return clocks


def _lost_on_time(clocks: Clocks, game: Game[Any, Any], body: Mapping[str, Any]) -> Status:
    """How the game stands once ``clocks.out`` has run out of time at the body's position:
    the rules' departure (:func:`rules.core.departure.depart`), which the other seat wins."""
    assert clocks.out is not None
    position = position_for(game, body.get("position"))
    return depart(game, position, clocks.out, OffBoard.OUT_OF_TIME).status


def _control_for(game: Game[Any, Any], value: Mapping[str, Any],
                 signer: Signer | None) -> TimeControl:
    """The time control of setup's request, for a game of two seats on a signing service."""
    if signer is None:
        raise Problem(422, "clocks_need_signing",
                      "Clocks are kept inside signed tokens: configure REFEREE_SIGNING_KEYS "
                      "on the service to use a time_control, or set up without one.")
    seats = game.seats()
    if len(seats) != 2:
        raise Problem(422, "invalid_time_control",
                      f"Clocks are for games of two players; this game seats {len(seats)} "
                      f"({', '.join(seats)}). Set it up without a time_control, or with "
                      "options for two players.")
    return TimeControl.from_json(value)


def _not_before(as_of: int, timekeeping: Timekeeping) -> int:
    """Now, for a token dated ``as_of``: refused (422 ``clock_skew``) when that is more than
    the tolerance ahead of this service's clock."""
    time = timekeeping.now()
    skew = timekeeping.skew_ms
    if as_of - time > skew:
        raise Problem(422, "clock_skew",
                      f"This token is dated {as_of - time} ms after this service's clock, "
                      f"more than the {skew} ms it tolerates: the service's replicas' clocks "
                      "likely disagree; synchronise them (NTP) or raise "
                      f"{SKEW_SETTING}.", ahead_ms=as_of - time)
    return time


def _out_of_time(clocks: Clocks, claims: Claims, game_id: str, game: Game[Any, Any],
                 body: Mapping[str, Any], signer: Signer) -> GameOver:
    """The ``game_over`` of a move whose mover's time ran out, with the clocks and the token
    of the position lost on time (the same game, at the same ply)."""
    refusal = GameOver.of(_lost_on_time(clocks, game, body),
                          f"{clocks.out}'s time has run out, so the move is not played.")
    refusal.extra["clocks"] = clocks.to_json()
    lost = {"position": body.get("position")}
    sign(lost, signer, game_id, game,
         Claims(claims.id, claims.ply, clocks.as_of, clocks.claims()))
    refusal.extra.update({key: lost[key] for key in ("token", "game_id", "ply")})
    return refusal


def _bad_signature() -> Problem:
    return Problem(422, "bad_signature",
                   "The token's clock cannot be read; send the position exactly as the "
                   "service returned it, with its token.")

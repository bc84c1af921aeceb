"""Result tokens: a game's outcome written as one score per seat, in seat order.

``*`` is a game that goes on (or whose end is not recorded). A win gives the winner 1 and
every other seat 0: ``1-0``, ``0-1``, ``0-0-1``, ``0-1-0-0``. A draw is shared by every seat:
``1/2-1/2``, ``1/3-1/3-1/3``, ``1/4-1/4-1/4-1/4``. The seats are the game's
(:meth:`~rules.core.hooks.AnswerHooks.seats`), so the same token means the same for every
game.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.reasons import State
from ..core.values import Status

UNFINISHED = "*"


class Outcome(NamedTuple):
    """What a result token says: the state, and the winner of a win."""

    state: State
    winner: str | None = None


def result_token(status: Status, seats: tuple[str, ...]) -> str:
    """The token of ``status`` for a game of ``seats``."""
    if status.state is State.WIN:
        return "-".join("1" if seat == status.winner else "0" for seat in seats)
    if status.state is State.DRAW:
        return "-".join(f"1/{len(seats)}" for _ in seats)
    return UNFINISHED


def outcome(token: str, seats: tuple[str, ...]) -> Outcome | str:
    """What ``token`` says for a game of ``seats``, or a sentence saying why it says nothing
    (another number of seats, two winners, a share that is not the seats' own)."""
    if token == UNFINISHED:
        return Outcome(State.ONGOING)
    scores = token.split("-")
    example = f"{'-'.join(['1'] + ['0'] * (len(seats) - 1))} or " \
              f"{'-'.join([f'1/{len(seats)}'] * len(seats))}"
    if len(scores) != len(seats):
        return (f"the result {token} gives {len(scores)} scores; this game has "
                f"{len(seats)} seats ({', '.join(seats)}): write one score each, like "
                f"{example}, or *.")
    if all(score == f"1/{len(seats)}" for score in scores):
        return Outcome(State.DRAW)
    if sorted(scores) == ["0"] * (len(seats) - 1) + ["1"]:
        return Outcome(State.WIN, seats[scores.index("1")])
    return (f"the result {token} is neither a win (one 1, the others 0) nor a draw shared by "
            f"every seat; write it like {example}, or *.")


def describe(token: str, seats: tuple[str, ...]) -> str:
    """``token`` in words, for error sentences: ``1-0 (white wins)``."""
    said = outcome(token, seats)
    if isinstance(said, str):
        return token
    if said.state is State.WIN:
        return f"{token} ({said.winner} wins)"
    return f"{token} (a draw)" if said.state is State.DRAW else f"{token} (no result)"

"""The two simple opponents: ``random`` (uniform over the legal moves) and ``greedy``.

``greedy`` plays a move that wins at once whatever the dice, if there is one, and otherwise
the move whose resulting position is best for the mover by the game's one-ply evaluation
(:meth:`~rules.core.game.Game.evaluate`), a chance move scoring the exact expectation over
its outcomes. Ties are broken by the seeded random generator.
"""

from __future__ import annotations

import random
from typing import Hashable, TypeVar

from ..core.game import WIN, Game

P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)

#: Values closer than this count as equal, so that float noise never decides between moves.
TIE = 1e-9


def to_move(game: Game[P, M], position: P) -> str:
    """The player to act in ``position``, a game still going on."""
    player = game.status(position).to_move
    assert player is not None, "a finished game has no player to move"
    return player


def outcome_positions(game: Game[P, M], position: P, move: M) -> list[tuple[P, float]]:
    """The positions ``move`` can lead to, each once, with the exact probability of reaching it
    (one position with probability 1 for a move without chance)."""
    if not game.is_chance(position, move):
        return [(game.advance(position, move), 1.0)]
    reached: dict[P, float] = {}
    for dice, probability in game.chance_outcomes(position, move):
        after = game.apply(position, move, dice).position
        reached[after] = reached.get(after, 0.0) + float(probability)
    return list(reached.items())


def position_value(game: Game[P, M], position: P, player: str) -> float:
    """``player``'s chance of winning from ``position``: exact once the game is over (1, 0, or
    an equal share of a draw), else the game's evaluation."""
    status = game.status(position)
    if status.state == WIN:
        return 1.0 if status.winner == player else 0.0
    if status.finished:
        return 1.0 / len(game.seats())
    return game.evaluate(position, player)


def move_value(game: Game[P, M], position: P, move: M, player: str) -> tuple[float, bool]:
    """The expected one-ply value of ``move`` for ``player``, and whether it wins for certain."""
    total, certain = 0.0, True
    for after, probability in outcome_positions(game, position, move):
        total += probability * position_value(game, after, player)
        certain = certain and game.status(after).winner == player
    return total, certain


def random_move(game: Game[P, M], position: P, rng: random.Random) -> M:
    """A legal move, uniformly at random."""
    return rng.choice(list(game.legal_moves(position)))


def greedy_ranking(game: Game[P, M], position: P, rng: random.Random
                   ) -> list[tuple[M, float]]:
    """Every legal move with its one-ply value, the one greedy plays first.

    Moves that win for certain come first (in the order the game lists them), then the rest
    by value, equal values in a seeded random order.
    """
    player = to_move(game, position)
    scored: list[tuple[bool, int, float, M, float]] = []
    for order, move in enumerate(game.legal_moves(position)):
        value, certain = move_value(game, position, move, player)
        scored.append((not certain, -round(value / TIE), order if certain else rng.random(),
                       move, 1.0 if certain else value))
    scored.sort(key=lambda entry: entry[:3])
    return [(entry[3], entry[4]) for entry in scored]


def greedy_move(game: Game[P, M], position: P, rng: random.Random) -> M:
    """The move greedy plays: the first of :func:`greedy_ranking`."""
    return greedy_ranking(game, position, rng)[0][0]

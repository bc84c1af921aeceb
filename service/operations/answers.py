"""The answers of the game operations, as data: what each one computes from the configured
game and the validated body, through the :class:`~rules.core.game.Game` interface only.

Admission (the body, the game, its options, dice, signing, shedding) has happened before any
of these is called, and the wire format is written after (:mod:`service.http.serving`); an error
is raised as the :class:`~rules.core.errors.RulesError` or
:class:`~service.http.problems.Problem` it is.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, NamedTuple

from rules.core.errors import InvalidDice, RulesError
from rules.core.game import Game

from .positions import canonical, position_and_canonical, position_for
from service.concerns.shedding import REPLAY_MS_PER_MOVE, SEARCH_MS_PER_NODE, tree_nodes

Body = dict[str, Any]


def setup_answer(g: Game[Any, Any], body: Body) -> Body:
    """The initial position under the body's options, with every option resolved."""
    return {"position": canonical(g, g.start_position), "options": g.options}


def legal_moves_answer(g: Game[Any, Any], body: Body) -> Body:
    """Whose turn, and every legal move: an entry each, or with ``moves_only`` its notation;
    then the position and the resolved options they were asked of, so that the next call
    (apply) can be made from this answer alone."""
    pos, text = position_and_canonical(g, body.get("position"))
    moves: list[Any] = (g.legal_move_texts(pos) if body.get("moves_only")
                        else g.legal_move_entries(pos))
    return {"to_move": g.status(pos).to_move, "count": len(moves), "moves": moves,
            "position": text, "options": g.options}


def apply_answer(g: Game[Any, Any], body: Body) -> Body:
    """The move played: the new position, the move in canonical notation, what happened, the
    status, the dice of a chance move; and the resolved options."""
    pos = position_for(g, body.get("position"))
    move, applied = g.play(pos, body["move"], dice=body.get("dice"), seed=body.get("seed"))
    out = {
        "position": canonical(g, applied.position),
        "move": g.format_move(pos, move),
        "events": list(applied.events),
        "status": g.status(applied.position).to_json(),
    }
    if applied.dice is not None:
        out["dice"] = applied.dice
    out["options"] = g.options
    return out


def one_ply(answer: Mapping[str, Any]) -> int:
    """How many plies an apply answer played: one."""
    return 1


def replayed_plies(answer: Mapping[str, Any]) -> int:
    """How many plies a replay answer played: its ``plies``."""
    return int(answer["plies"])


def status_answer(g: Game[Any, Any], body: Body) -> Body:
    """Ongoing, won or drawn; the winner and the reason; whose turn it is."""
    return g.status(position_for(g, body.get("position"))).to_json()


class Replayed(NamedTuple):
    """A replay's plies: every position from the first (``positions[i]`` is the one
    ``moves[i]`` was played from, the last one the final position), the moves played,
    their canonical notation, their dice (None for a move that took none) and their
    events."""

    positions: list[Any]
    moves: list[Any]
    texts: list[str]
    dice: list[Any]
    events: list[list[dict[str, Any]]]


def replayed(g: Game[Any, Any], body: Mapping[str, Any]) -> Replayed:
    """The body's ``moves`` played in order from its position, with its ``dice`` and
    ``seed``; the first move that fails raises its error with its ``index`` and the position
    it was played from."""
    pos = position_for(g, body.get("position"))
    texts = body["moves"]
    dice = body.get("dice") or []
    if len(dice) > len(texts):
        raise InvalidDice(f"dice has {len(dice)} entries for {len(texts)} moves; give at most "
                          "one per move.")
    seed = body.get("seed")
    rng = random.Random(seed) if seed is not None else None
    out = Replayed([pos], [], [], [], [])
    for index, text in enumerate(texts):
        try:
            move, applied = g.play(pos, text, dice=dice[index] if index < len(dice) else None,
                                   rng=rng)
        except RulesError as exc:
            exc.extra = {**exc.extra, "index": index, "position": canonical(g, pos)}
            exc.detail = f"Move {index} ({text!r}): {exc.detail}"
            raise
        out.moves.append(move)
        out.texts.append(g.format_move(pos, move))
        out.dice.append(applied.dice)
        out.events.append(list(applied.events))
        pos = applied.position
        out.positions.append(pos)
    return out


def replay_answer(g: Game[Any, Any], body: Body) -> Body:
    """The moves played in order: the final position, the canonical moves and their dice,
    the status, and with ``history`` every ply (:func:`history`); the first move that fails
    raises its error with its ``index`` and the position it was played from."""
    plies = replayed(g, body)
    pos = plies.positions[-1]
    out = {"position": canonical(g, pos), "plies": len(plies.texts), "moves": plies.texts,
           "dice": plies.dice, "status": g.status(pos).to_json()}
    if body.get("history"):
        out["history"] = history(g, plies)
    return out


def history(g: Game[Any, Any], plies: Replayed) -> list[Body]:
    """Every ply of ``plies``, for a game viewer: the move (canonical), its dice (None when
    it took none), its events, the player who played it, and the position and status after
    it, as apply answers them."""
    return [{"move": text, "dice": plies.dice[index], "events": plies.events[index],
             "mover": g.status(plies.positions[index]).to_move,
             "position": canonical(g, plies.positions[index + 1]),
             "status": g.status(plies.positions[index + 1]).to_json()}
            for index, text in enumerate(plies.texts)]


def replay_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """Estimated milliseconds of playing the body's ``moves``: per move."""
    return len(body["moves"]) * REPLAY_MS_PER_MOVE


def perft_answer(g: Game[Any, Any], body: Body) -> Body:
    """The leaves of the legal-move tree ``depth`` plies deep, split by first move with
    ``divide``."""
    pos = position_for(g, body.get("position"))
    depth = body["depth"]
    if body.get("divide") and depth >= 1:
        divide = g.divide(pos, depth)
        return {"depth": depth, "nodes": sum(divide.values()), "divide": divide}
    return {"depth": depth, "nodes": g.perft(pos, depth)}


def perft_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """Estimated milliseconds of a perft: the nodes of a tree as deep as asked whose
    branching is the number of legal moves of the position, capped by the game's work
    budget; nothing for a depth of at most 1 or over the game's cap (refused at once)."""
    depth = body["depth"]
    if depth <= 1 or depth > g.max_perft_depth:
        return 0.0
    branching = len(g.legal_moves(position_for(g, body.get("position"))))
    return tree_nodes(branching, depth, g.perft_budget) * SEARCH_MS_PER_NODE

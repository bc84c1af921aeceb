"""The computer opponent over HTTP: ``POST /v1/games/{game}/suggest`` answers a move to play.

The search is :mod:`rules.search`, which works through the game interface only, so this
module knows no game. The budget that makes an answer reproducible is ``playouts`` (each
game's default, at most its cap); ``time_ms`` caps the search on top of it, at most
:data:`~rules.search.MAX_TIME_MS`. The same position, options, level, seed and playouts give
the same move whenever the time cap is not reached.
"""

from __future__ import annotations

from typing import Any, Mapping

from marshmallow import Schema, fields, validate

from rules import registry
from rules.core.game import Game
from rules.search import DEFAULT_LEVEL, LEVELS, MAX_TIME_MS, BudgetError, suggest as search

from service.telemetry import metrics

from . import schemas as s
from service.spec.components import component_field
from .fields import StrictInteger, Text
from .positions import canonical, position_for
from service.http.problems import Problem
from service.concerns.shedding import PLAYOUT_MS, SEARCH_MS_PER_NODE

#: What the spec says of ``playouts`` before each game's default and cap (see
#: :func:`document_playouts`, which the spec calls so a game registered later is listed too).
PLAYOUTS_DESCRIPTION = ("mcts: the number of playouts, the budget that makes the answer "
                        "reproducible. Each game has its own default and cap (a game's default may "
                        "change with the number of players); past a game's cap the answer is "
                        "a 400 naming playouts.")


def playout_caps() -> dict[str, tuple[int, int]]:
    """Each registered game's (default, most) playouts per suggestion, under its default
    options."""
    caps = {}
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        assert cls is not None
        limits = cls.search_limits
        caps[game_id] = (limits.playouts, limits.max_playouts)
    return caps


def document_playouts(spec: dict[str, Any]) -> None:
    """``playouts`` in the spec: the largest cap as its maximum, each game's default and cap
    in its description and in ``x-playouts-per-game``."""
    caps = playout_caps()
    prop = spec["components"]["schemas"]["SuggestRequest"]["properties"]["playouts"]
    prop["maximum"] = max(most for _, most in caps.values())
    prop["description"] = PLAYOUTS_DESCRIPTION + " Default and cap per game: " + ", ".join(
        f"{game_id} {default} (at most {most})" for game_id, (default, most) in caps.items()
    ) + "."
    prop["x-playouts-per-game"] = {game_id: {"default": default, "maximum": most}
                                   for game_id, (default, most) in caps.items()}


class SuggestRequestSchema(s.GameRequestSchema):
    level = Text(
        load_default=DEFAULT_LEVEL, validate=validate.OneOf(LEVELS),
        metadata={"description": "random (uniform over the legal moves), greedy (a win in one, "
                                 "else the best move by the game's one-ply evaluation) or mcts "
                                 "(Monte Carlo tree search, the default)."})
    playouts = StrictInteger(
        allow_none=True, validate=validate.Range(min=1),
        metadata={"nullable": True, "description": PLAYOUTS_DESCRIPTION})
    time_ms = StrictInteger(
        allow_none=True, validate=validate.Range(min=1, max=MAX_TIME_MS),
        metadata={"nullable": True,
                  "description": f"The most milliseconds the search may take (at most and by "
                                 f"default {MAX_TIME_MS}). A search stopped by it has done "
                                 "fewer playouts than asked, which the answer says, and may "
                                 "differ from run to run."})
    seed = StrictInteger(
        allow_none=True, validate=validate.Range(min=0, max=s.MAX_SEED),
        metadata={"nullable": True,
                  "description": "Seed of the search's random choices (0 when omitted): the "
                                 "same seed and budget give the same move."})


class AlternativeSchema(Schema):
    move = fields.String(required=True)
    visits = fields.Integer(required=True, metadata={"description": "mcts: playouts through "
                                                                    "the move; 0 otherwise."})
    value = fields.Float(required=True, metadata={"description": "The mover's estimated "
                                                                "chance of winning after it."})


class SuggestResponseSchema(Schema):
    move = fields.String(required=True, metadata={"description": "The move to play, as "
                                                                 "legal-moves lists it."})
    entry = fields.Raw(required=True, metadata={
        **component_field("entry"), "description": "The move's legal-moves entry."})
    level = fields.String(required=True, metadata={"enum": list(LEVELS)})
    playouts = fields.Integer(required=True,
                              metadata={"description": "Playouts done (0 outside mcts)."})
    time_ms = fields.Float(required=True, metadata={"description": "Milliseconds searched."})
    value = fields.Float(required=True, metadata={
        "description": "The mover's estimated chance of winning after the move, 0 to 1."})
    alternatives = fields.List(fields.Nested(AlternativeSchema), required=True, metadata={
        "description": "The best few moves, the suggestion first, with their visits and "
                       "values."})
    position = s.asked_position_field()
    options = s.resolved_options_field()


def suggest_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The suggested move and how it was found, then the position and resolved options it
    was found for; a budget past its cap is a 400 naming it."""
    pos = position_for(g, body.get("position"))
    seed = body.get("seed")
    try:
        found = search(g, pos, level=body["level"], playouts=body.get("playouts"),
                       time_ms=body.get("time_ms"), seed=0 if seed is None else seed)
    except BudgetError as exc:
        raise Problem(400, "malformed_request", exc.detail, errors={exc.field: [exc.detail]})
    metrics.count_suggestion(g.id, found.level, found.playouts, found.seconds)
    text = g.format_move(pos, found.move)
    entry = next(e for e in g.legal_move_entries(pos) if e["move"] == text)
    return {
        "move": text,
        "entry": entry,
        "level": found.level,
        "playouts": found.playouts,
        "time_ms": round(found.seconds * 1000, 1),
        "value": round(found.value, 4),
        "alternatives": [{"move": g.format_move(pos, a.move), "visits": a.visits,
                          "value": round(a.value, 4)} for a in found.alternatives],
        "position": canonical(g, pos),
        "options": g.options,
    }


def suggest_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """Estimated milliseconds of a suggestion: a tree search of ``playouts`` (the game's
    default when none is given), at most its ``time_ms`` (the most allowed when none is
    given); a one-ply ``level`` (greedy) evaluates each legal move once; random costs
    nothing."""
    level = body["level"]
    if level == "greedy":
        return len(g.legal_moves(position_for(g, body.get("position")))) * SEARCH_MS_PER_NODE
    if level != "mcts":
        return 0.0
    playouts = body.get("playouts") or g.search_limits.playouts
    time_ms = body.get("time_ms") or MAX_TIME_MS
    return float(min(playouts * PLAYOUT_MS, time_ms))


#: what the spec says of the suggest operation
DESCRIPTION = ("The computer's move for the side to act: random, greedy, or Monte Carlo tree "
               "search (the default) with short random playouts scored by the game's "
               "evaluation, chance moves weighted by their exact odds and, with three or four "
               "players, each player maximising its own result. Every budget is capped: "
               f"playouts per game, time_ms at most {MAX_TIME_MS}; past a cap the answer is a "
               "400. A finished game is a 422 game_over. The same seed and playouts give the "
               "same move.")

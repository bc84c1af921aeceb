"""The HTTP operations, game-agnostic: each works through the rules.core Game interface.

Every operation is declared once in :data:`OPERATIONS`, which both routes it
and documents it in the OpenAPI spec.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

import orjson
from flask import Response, current_app, request
from marshmallow import Schema

from rules import registry
from rules.core.errors import InvalidDice, RulesError
from rules.core.game import Game

from . import schemas as s
from . import shedding, signing
from .dice import check_dice_shape
from .limits import read_body
from .problems import Problem


def json_response(body: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(body), status=status, mimetype="application/json")


def load_body(schema: Schema) -> dict[str, Any]:
    """The request body validated by ``schema``; an empty body counts as ``{}``; a body over
    the limit, chunked or not, is a 413 and never parsed."""
    data = read_body()
    if not data:
        body: Any = {}
    else:
        mimetype = request.mimetype
        if mimetype != "application/json" and not mimetype.endswith("+json"):
            raise Problem(415, "unsupported_media_type",
                          "Send the request body as JSON with 'Content-Type: application/json'.")
        try:
            body = orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            raise Problem(400, "malformed_request", f"The request body is not valid JSON: {exc}.")
    if not isinstance(body, dict):
        raise Problem(400, "malformed_request", "The request body must be a JSON object.")
    return schema.load(body)


def require_game(game_id: str) -> None:
    """404 for a game this service does not play (checked before the body, so a request to
    an unknown game is told so whatever its body holds)."""
    if registry.game_class(game_id) is None:
        raise Problem(404, "unknown_game",
                      f"There is no game {game_id!r}; this service plays: "
                      f"{', '.join(registry.game_ids())}.")


def game_request(game_id: str, schema: Schema) -> tuple[Game[Any, Any], dict[str, Any]]:
    """The configured game and the validated body of a request to one game's operation,
    admitted: the dice, when the body has any, checked against the game's dice schema; a
    signed start checked; heavy work within this worker's limit."""
    require_game(game_id)
    body = load_body(schema)
    game = registry.configure(game_id, body.get("options"))
    if "dice" in body:
        check_dice_shape(game, body["dice"], many=isinstance(schema, s.ReplayRequestSchema))
    signing.check_request(game_id, game, body)
    shedding.admit(game, body)
    return game, body


#: positions parsed lately, per configured game and text: a client playing a game sends each
#: position two to four times in a row (legal-moves, apply; status, the next legal-moves), on
#: one keep-alive connection, so one worker sees them. Positions are immutable values; at most
#: 256 texts of at most MAX_POSITION_LENGTH characters each with its position are kept.
PARSED_POSITIONS = 256


@lru_cache(maxsize=PARSED_POSITIONS)
def _parsed(game: Game[Any, Any], text: str) -> Any:
    return game.parse_position(text)


def position_for(game: Game[Any, Any], text: str | None) -> Any:
    """The position ``text`` describes (parsed, or recalled from a recent parse), or the
    game's initial position for None; raises InvalidPosition as ``parse_position`` does."""
    return game.start_position if text is None else _parsed(game, text)


def summary(game_id: str) -> dict[str, Any]:
    cls = registry.game_class(game_id)
    assert cls is not None
    return {
        "id": cls.id,
        "name": cls.name,
        "players": list(cls.players()),
        "options": [spec.to_json() for spec in cls.option_specs],
    }


# ---- views ------------------------------------------------------------------------------------

def list_games():
    return json_response({"games": [summary(g) for g in registry.game_ids()]})


def show_game(game: str):
    require_game(game)
    cls = registry.game_class(game)
    assert cls is not None
    described = dict(cls.describe())
    detail = summary(game)
    for key in ("pieces", "setups", "notation"):
        detail[key] = described.pop(key, [] if key == "pieces" else {})
    detail["max_perft_depth"] = cls.max_perft_depth
    detail["reasons"] = cls.reasons()
    detail["dice"] = cls.dice_schema
    if described:
        detail["details"] = described
    return json_response(detail)


def setup_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The answer of setup (the game configured from the body's options), without a token."""
    return {"position": g.format_position(g.start_position), "options": g.options}


def setup(game: str):
    g, body = game_request(game, _SETUP)
    return json_response(signing.add_token(setup_answer(g, body), game, g))


def legal_moves_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The answer of legal-moves to the validated ``body``."""
    pos = position_for(g, body.get("position"))
    count, moves = (_texts(g, pos) if body.get("moves_only") else _entries(g, pos))
    return {"to_move": g.status(pos).to_move, "count": count, "moves": moves}


def _texts(g: Game[Any, Any], pos: Any) -> tuple[int, list[str]]:
    """How many legal moves ``pos`` has, and their notations."""
    texts = g.legal_move_texts(pos)
    return len(texts), texts


def _entries(g: Game[Any, Any], pos: Any) -> tuple[int, Any]:
    """How many legal moves ``pos`` has, and their entries: as the game writes them in JSON
    (put into the answer's JSON as they are), or the list to serialise."""
    written = g.legal_move_entries_json(pos)
    if written is not None:
        return len(g.legal_moves(pos)), orjson.Fragment(written)
    entries = g.legal_move_entries(pos)
    return len(entries), entries


def legal_moves(game: str):
    g, body = game_request(game, _LEGAL)
    return json_response(legal_moves_answer(g, body))


def apply_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The answer of apply to the validated ``body``, without a token."""
    pos = position_for(g, body.get("position"))
    move, applied = g.play(pos, body["move"], dice=body.get("dice"), seed=body.get("seed"))
    out = {
        "position": g.format_position(applied.position),
        "move": g.format_move(pos, move),
        "events": list(applied.events),
        "status": g.status(applied.position).to_json(),
    }
    if applied.dice is not None:
        out["dice"] = applied.dice
    return out


def apply(game: str):
    g, body = game_request(game, _APPLY)
    return json_response(signing.add_token(apply_answer(g, body), game, g))


def status_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The answer of status to the validated ``body``."""
    return g.status(position_for(g, body.get("position"))).to_json()


def status(game: str):
    g, body = game_request(game, _GAME)
    return json_response(status_answer(g, body))


def replay(game: str):
    g, body = game_request(game, _REPLAY)
    pos = position_for(g, body.get("position"))
    texts = body["moves"]
    dice = body.get("dice") or []
    if len(dice) > len(texts):
        raise InvalidDice(f"dice has {len(dice)} entries for {len(texts)} moves; give at most "
                          "one per move.")
    seed = body.get("seed")
    rng = random.Random(seed) if seed is not None else None
    played, used = [], []
    for index, text in enumerate(texts):
        try:
            move, applied = g.play(pos, text, dice=dice[index] if index < len(dice) else None,
                                   rng=rng)
        except RulesError as exc:
            exc.extra = {**exc.extra, "index": index,
                         "position": g.format_position(pos)}
            exc.detail = f"Move {index} ({text!r}): {exc.detail}"
            raise
        played.append(g.format_move(pos, move))
        used.append(applied.dice)
        pos = applied.position
    return json_response(signing.add_token({
        "position": g.format_position(pos), "plies": len(played), "moves": played,
        "dice": used, "status": g.status(pos).to_json(),
    }, game, g))


def perft(game: str):
    g, body = game_request(game, _PERFT)
    pos = position_for(g, body.get("position"))
    depth = body["depth"]
    if body.get("divide") and depth >= 1:
        divide = g.divide(pos, depth)
        return json_response({"depth": depth, "nodes": sum(divide.values()), "divide": divide})
    return json_response({"depth": depth, "nodes": g.perft(pos, depth)})


def health():
    return json_response({"status": "ok"})


def ready():
    if not current_app.config.get("ENGINES_READY"):
        raise Problem(503, "not_ready", "The rules engines are still loading; retry shortly.")
    return json_response({"status": "ready"})


_SETUP = s.SetupRequestSchema()
_GAME = s.GameRequestSchema()
_LEGAL = s.LegalMovesRequestSchema()
_APPLY = s.ApplyRequestSchema()
_REPLAY = s.ReplayRequestSchema()
_PERFT = s.PerftRequestSchema()


@dataclass(frozen=True)
class Operation:
    """One HTTP operation: how it is routed and how the spec documents it."""

    method: str
    path: str
    view: Callable[..., Response]
    operation_id: str
    summary: str
    description: str
    response: type[Schema] | None
    request: type[Schema] | None = None
    errors: tuple[int, ...] = ()
    tag: str = "games"
    #: for answers that are not JSON: media type -> OpenAPI schema (used when response is None)
    media: dict[str, Any] = field(default_factory=dict)
    #: the 200 answer from the configured game and the validated body, for operations that
    #: :mod:`service.fastpath` may serve without Flask (plain requests only)
    answer: Callable[[Game[Any, Any], dict[str, Any]], dict[str, Any]] | None = None


GAME_ERRORS = (400, 404, 413, 415, 422, 503)

OPERATIONS: tuple[Operation, ...] = (
    Operation("get", "/v1/games", list_games, "listGames", "List the games",
              "Every game with its players and options (names, defaults, allowed values).",
              s.GameListSchema),
    Operation("get", "/v1/games/{game}", show_game, "getGame", "Describe one game",
              "Pieces, setups, options and a summary of the notation.", s.GameDetailSchema,
              errors=(404,)),
    Operation("post", "/v1/games/{game}/setup", setup, "setup", "Initial position",
              "The initial position under the options, with every option resolved.",
              s.SetupResponseSchema, s.SetupRequestSchema, GAME_ERRORS, answer=setup_answer),
    Operation("post", "/v1/games/{game}/legal-moves", legal_moves, "legalMoves", "Legal moves",
              "Every legal move of the position, each with its canonical notation and "
              "structured fields; none when the game is over.",
              s.LegalMovesResponseSchema, s.LegalMovesRequestSchema, GAME_ERRORS,
              answer=legal_moves_answer),
    Operation("post", "/v1/games/{game}/apply", apply, "apply", "Apply a move",
              "Validates and plays one move, returning the new position, what happened and the "
              "status. A chance move uses the dice given or rolls them (with seed, "
              "reproducibly). An illegal move is a 422 whose reason names the rule.",
              s.ApplyResponseSchema, s.ApplyRequestSchema, GAME_ERRORS, answer=apply_answer),
    Operation("post", "/v1/games/{game}/status", status, "status", "Game status",
              "Ongoing, won or drawn; the winner and the reason; whose turn it is.",
              s.StatusSchema, s.GameRequestSchema, GAME_ERRORS, answer=status_answer),
    Operation("post", "/v1/games/{game}/replay", replay, "replay", "Replay a game",
              "Plays the moves in order; the final position and status, or a 422 naming the "
              "index of the first move that fails.",
              s.ReplayResponseSchema, s.ReplayRequestSchema, GAME_ERRORS),
    Operation("post", "/v1/games/{game}/perft", perft, "perft", "Count move-tree leaves",
              "perft: the number of leaves of the legal-move tree at the given depth; depth and "
              "total work are capped per game so one call stays bounded (422 "
              "work_limit_exceeded beyond).",
              s.PerftResponseSchema, s.PerftRequestSchema, GAME_ERRORS),
    Operation("get", "/v1/health", health, "health", "Liveness",
              "200 while the process serves requests.", s.HealthSchema, tag="operations"),
    Operation("get", "/v1/ready", ready, "ready", "Readiness",
              "200 once the rules engines are loaded and their tables built, 503 before.",
              s.HealthSchema, errors=(503,), tag="operations"),
)

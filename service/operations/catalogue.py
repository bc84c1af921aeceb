"""What the service plays: the list of games and the description of one, from the registry."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response, request

from rules import registry
from rules.core.game import Game
from service.http.admission import unknown_game
from service.http.router import routed_game

def json_response(body: Any, status: int = 200) -> Response:
    """A Flask response carrying ``body`` as JSON."""
    return Response(orjson.dumps(body), status=status, mimetype="application/json")


def summary(cls: type[Game[Any, Any]]) -> dict[str, Any]:
    """A game's id, name, players and options (with defaults and allowed values)."""
    return {
        "id": cls.id,
        "name": cls.name,
        "players": list(cls.players()),
        "options": [spec.to_json() for spec in cls.option_specs],
    }


def list_games() -> Response:
    """Every game this service plays."""
    classes = [registry.game_class(game_id) for game_id in registry.game_ids()]
    return json_response({"games": [summary(cls) for cls in classes if cls is not None]})


def show_game(game: str) -> Response:
    """One game: its summary, pieces, setups, notation, perft cap, reasons, dice and any
    other detail it documents; 404 for a game this service does not play."""
    cls = routed_game(request.environ, game)
    if cls is None:
        raise unknown_game(game)
    described = dict(cls.describe())
    detail = summary(cls)
    for key in ("pieces", "setups", "notation"):
        detail[key] = described.pop(key, [] if key == "pieces" else {})
    detail["max_perft_depth"] = cls.max_perft_depth
    detail["reasons"] = cls.reasons()
    detail["dice"] = cls.dice_schema
    if described:
        detail["details"] = described
    return json_response(detail)

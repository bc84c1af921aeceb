"""What the service plays: the list of games and the description of one, from the registry."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response

from rules import registry

from service.http.admission import require_game


def json_response(body: Any, status: int = 200) -> Response:
    """A Flask response carrying ``body`` as JSON."""
    return Response(orjson.dumps(body), status=status, mimetype="application/json")


def summary(game_id: str) -> dict[str, Any]:
    """A game's id, name, players and options (with defaults and allowed values)."""
    cls = registry.game_class(game_id)
    assert cls is not None
    return {
        "id": cls.id,
        "name": cls.name,
        "players": list(cls.players()),
        "options": [spec.to_json() for spec in cls.option_specs],
    }


def list_games() -> Response:
    """Every game this service plays."""
    return json_response({"games": [summary(g) for g in registry.game_ids()]})


def show_game(game: str) -> Response:
    """One game: its summary, pieces, setups, notation, perft cap, reasons, dice and any
    other detail it documents; 404 for a game this service does not play."""
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

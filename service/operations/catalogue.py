"""What the service plays: the list of games and the description of one, from the registry."""

from __future__ import annotations

from typing import Any

import orjson

from rules import registry
from rules.core.game import Game
from rules.core.memo import memo
from service.http.admission import unknown_game

from .operation import Page, PageRequest

JSON = "application/json"


def summary(cls: type[Game[Any, Any]]) -> dict[str, Any]:
    """A game's id, name, players and options (with defaults and allowed values)."""
    return {
        "id": cls.id,
        "name": cls.name,
        "players": list(cls.players()),
        "options": [spec.to_json() for spec in cls.option_specs],
    }


def list_games(request: PageRequest) -> Page:
    """Every game this service plays."""
    classes = (registry.game_class(game_id) for game_id in registry.game_ids())
    return Page(game_list(tuple(cls for cls in classes if cls is not None)), JSON)


@memo(entry_bytes=8_600, most=1)
def game_list(classes: tuple[type[Game[Any, Any]], ...]) -> bytes:
    """The JSON of :func:`list_games` for these registered game classes."""
    return orjson.dumps({"games": [summary(cls) for cls in classes]})


def show_game(request: PageRequest) -> Page:
    """One game: its summary, pieces, setups, notation, perft cap, reasons, dice and any
    other detail it documents; 404 for a game this service does not play."""
    if request.game_class is None:
        raise unknown_game(request.game_id)
    return Page(game_detail(request.game_class), JSON)


@memo(entry_bytes=8_400, most=32)
def game_detail(cls: type[Game[Any, Any]]) -> bytes:
    """The JSON of :func:`show_game` for one registered game class."""
    described = dict(cls.describe())
    detail = summary(cls)
    for key in ("pieces", "setups", "notation"):
        detail[key] = described.pop(key, [] if key == "pieces" else {})
    detail["max_perft_depth"] = cls.max_perft_depth
    detail["reasons"] = cls.reasons()
    detail["dice"] = cls.dice_schema
    if described:
        detail["details"] = described
    return orjson.dumps(detail)

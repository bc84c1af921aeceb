"""The render operation: its request, its answer (a picture) and its cost.

``POST /v1/games/{game}/render`` answers an SVG or PNG of any position, drawn by
:mod:`service.render`.
"""

from __future__ import annotations

from typing import Any, Mapping, cast

from marshmallow import ValidationError, validate

from rules.core.game import Game
from rules.core.view import NoBoardView, UnknownSeat

from . import schemas as s
from .fields import NOT_PLAIN, PlainField, PlainList, StrictInteger, Text
from .media import OCTETS
from .operation import Picture
from .positions import position_for
from .problems import Problem
from .render import (
    DEFAULT_CELL_PX, DEFAULT_MAX_SIZE, DEFAULT_SIZE, MAX_HIGHLIGHTS, MAX_SIZE, MIN_SIZE,
    InvalidLastMove, UnknownSquares, default_size_for, picture,
)
from .shedding import PNG_MS, PNG_MS_PER_MEGAPIXEL

MEDIA = {"svg": "image/svg+xml", "png": "image/png"}


class LastMoveField(PlainField):
    """``last_move``: true or false, or a move in the game's notation (whitespace around it
    ignored)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={
            "oneOf": [{"type": "boolean"},
                      {"type": "string", "minLength": 1, "maxLength": s.MAX_MOVE_LENGTH}],
            "description": "true: highlight the previous move where the position's notation "
                           "records it; false: none; a "
                           "move in the game's notation (e.g. \"e2e4\"): highlight its "
                           "squares, for games whose positions do not record the last move. "
                           "422 invalid_last_move for a string that is not a move on this "
                           "board."}, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool | str:
        loaded = self.plain_type(value)
        if loaded is NOT_PLAIN:
            raise ValidationError("Give true, false, or a move in the game's notation (at most "
                                  f"{s.MAX_MOVE_LENGTH} characters).")
        return cast("bool | str", loaded)

    def plain_type(self, value: Any) -> Any:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and 0 < len(value.strip()) <= s.MAX_MOVE_LENGTH:
            return value.strip()
        return NOT_PLAIN


class RenderRequestSchema(s.GameRequestSchema):
    format = Text(load_default="svg", validate=validate.OneOf(["svg", "png"]),
                  metadata={"description": "svg (image/svg+xml) or png (image/png)."})
    size = StrictInteger(load_default=None, allow_none=True,
                         validate=validate.Range(min=MIN_SIZE, max=MAX_SIZE),
                         metadata={"nullable": True,
                                   "description": "Pixels of the picture's longer side; "
                                   "omitted or null: chosen from the board's dimensions, "
                                   f"squares of about {DEFAULT_CELL_PX} px (at least "
                                   f"{DEFAULT_SIZE}, at most {DEFAULT_MAX_SIZE})."})
    highlight = PlainList(
        Text(validate=validate.Length(min=1, max=8)),
        load_default=list, validate=validate.Length(max=MAX_HIGHLIGHTS),
        metadata={"description": "Squares to highlight (e.g. a piece's legal destinations)."})
    last_move = LastMoveField(load_default=True)
    orientation = Text(
        load_default=None, allow_none=True, validate=validate.Length(min=1, max=32),
        metadata={"nullable": True,
                  "description": "The player the board is seen from: one of the players "
                                 "taking part (the game's `players` in GET /v1/games/{game}, "
                                 "as the options seat them); the board is turned by quarter "
                                 "turns so that this player's side is at the bottom (the "
                                 "coordinates and each square's group turn with it). Omitted "
                                 "or null: the board as the game draws it, the first player "
                                 "at the bottom. 422 invalid_orientation for anyone else."})


def render_answer(g: Game[Any, Any], body: dict[str, Any]) -> Picture:
    """The picture the body asks for; 422 for a game without pictures, a highlight off the
    board or a last move that is not one."""
    pos = position_for(g, body.get("position"))
    try:
        data = picture(g, pos, format=body["format"], size=body["size"],
                       highlight=body["highlight"], last_move=body["last_move"],
                       orientation=body.get("orientation"))
    except NoBoardView:
        raise Problem(422, "render_unavailable",
                      f"The game {g.id!r} has no board picture yet; its other operations work.")
    except UnknownSquares as exc:
        raise Problem(422, "invalid_highlight",
                      f"These highlight squares are not on the {g.id} board: {exc}.")
    except InvalidLastMove as exc:
        raise Problem(422, "invalid_last_move", str(exc))
    except UnknownSeat:
        raise Problem(422, "invalid_orientation", unknown_seat(g, body["orientation"]))
    return Picture(data, MEDIA[body["format"]], OCTETS)


def unknown_seat(g: Game[Any, Any], player: str) -> str:
    """Why a picture cannot be seen from ``player``, and whom it can be seen from."""
    seats = ", ".join(g.seat_edges())
    if player in g.players():
        return (f"The orientation {player!r} is a player of {g.name} who does not take part "
                f"under these options; give one of: {seats}.")
    return f"The orientation {player!r} is not a player of {g.name}; give one of: {seats}."


def render_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """Estimated milliseconds of rasterising a PNG of ``size`` pixels on its longer side (an
    SVG costs next to nothing)."""
    if body["format"] != "png":
        return 0.0
    size: int = default_size_for(g) if body["size"] is None else body["size"]
    return PNG_MS + PNG_MS_PER_MEGAPIXEL * size * size / 1e6

"""The render operation: its request, its answer (a picture) and its cost.

``POST /v1/games/{game}/render`` answers an SVG or PNG of any position, drawn by
:mod:`service.pictures.drawing`; ``GET /v1/games/{game}/render.svg`` and ``render.png`` answer the
same
pictures by URL (the body's fields in the query string), with a strong ETag and a year-long
Cache-Control, since a picture is a pure function of its query.
"""

from __future__ import annotations

import hashlib
from typing import Any, Mapping, cast

import orjson
from marshmallow import ValidationError, validate

from rules import registry
from rules.core.errors import RulesError
from rules.core.game import Game
from rules.core.memo import memo
from rules.core.view import NoBoardView, UnknownSeat

from service.operations import schemas as s
from service.operations.fields import NOT_PLAIN, PlainField, PlainList, StrictInteger, Text
from service.http.media import OCTETS
from service.operations.operation import Answer, Cost, EntityTag, Picture
from service.operations.positions import position_for
from service.http.problems import Problem
from .drawing import (
    DEFAULT_CELL_PX, DEFAULT_MAX_SIZE, DEFAULT_SIZE, MAX_HIGHLIGHTS, MAX_SIZE, MIN_SIZE,
    InvalidLastMove, UnknownSquares, default_size_for, picture,
)
from service.concerns.shedding import PNG_MS, PNG_MS_PER_MEGAPIXEL

MEDIA = {"svg": "image/svg+xml", "png": "image/png"}


#: a pattern (ECMA-262, as JSON Schema reads it) that a string matches when it holds a
#: character Python's ``str.strip`` keeps: ECMA's ``\s`` knows neither U+001C-U+001F nor U+0085
#: as white space, and counts U+FEFF, which ``strip`` keeps
NOT_BLANK = ("[^\\t\\n\\u000b\\u000c\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a"
             "\\u2028\\u2029\\u202f\\u205f\\u3000]")


class LastMoveField(PlainField):
    """``last_move``: true or false, or a move in the game's notation (whitespace around it
    ignored)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={
            "oneOf": [{"type": "boolean"},
                      {"type": "string", "minLength": 1, "maxLength": s.MAX_MOVE_LENGTH,
                       "pattern": NOT_BLANK}],
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

    def from_query(self, text: str) -> Any:
        """``true``, ``false``, or a move."""
        return text == "true" if text in ("true", "false") else text

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


class RenderQuerySchema(RenderRequestSchema):
    """The query string of ``GET .../render.svg`` and ``render.png``: the render body's
    fields but the format, which the path gives."""

    class Meta:
        exclude = ("format",)


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


# ---- pictures by URL ------------------------------------------------------------------------

def render_as(format: str) -> Answer:
    """The answer of ``GET .../render.<format>``: the POST's picture in that format, in its
    own media type (or as plain bytes to a client whose Accept header prefers them)."""

    def answer(g: Game[Any, Any], body: dict[str, Any]) -> Picture:
        return render_answer(g, {**body, "format": format})

    return answer


def render_cost_as(format: str) -> Cost:
    """The shedding estimate of ``GET .../render.<format>``: the POST's."""
    return lambda g, body: render_cost(g, {**body, "format": format})


#: the request fields a picture's ETag leaves out: the options (keyed resolved) and those of
#: signing, which change no pixel
UNDRAWN = ("options", "token", "game_id", "ply")


def picture_etag(operation_id: str) -> EntityTag:
    """The ETag of a picture by URL: a digest of the operation, the game, its resolved
    options, the validated request (the token, game_id and ply aside: they change no
    pixel) and :func:`renderer_version`. It is computed without drawing, and the same in every
    worker and replica running the same code and libraries; the same tag always means the same
    bytes, since the picture is a pure function of these."""

    def etag(g: Game[Any, Any], body: Mapping[str, Any]) -> str:
        request = {key: value for key, value in body.items() if key not in UNDRAWN}
        key = orjson.dumps([renderer_version(), operation_id, g.id, g.options, request],
                           option=orjson.OPT_SORT_KEYS)
        return f'"{hashlib.sha256(key).hexdigest()[:40]}"'

    return etag


@memo(entry_bytes=300, most=1)
def renderer_version() -> str:
    """A digest of what this renderer draws: the rasteriser's and cairo's versions, and the
    SVG and a small PNG of every registered game's start position (computed once per
    process, at warm-up). A change to the drawing code, to a game's view or to the
    libraries changes it, and with it every picture's ETag, so that no cache keeps an old
    picture under a tag that now means another."""
    import cairocffi
    import cairosvg

    digest = hashlib.sha256(f"{cairosvg.__version__} {cairocffi.cairo_version_string()}"
                            .encode())
    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        try:
            for format in ("svg", "png"):
                digest.update(picture(game, game.start_position, format=format,
                                      size=MIN_SIZE))
        except (NoBoardView, RulesError):
            digest.update(f"{game_id} draws nothing".encode())
    return digest.hexdigest()[:16]


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

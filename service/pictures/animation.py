"""The animated picture of a game: a replay's plies as an animated PNG or GIF.

``POST /v1/games/{game}/replay-picture`` takes a replay's body (position, options, moves,
dice, seed) and the picture's size, orientation, format and frame length; ``GET
/v1/games/{game}/replay.png`` (APNG) and ``replay.gif`` take the same fields in the query
string (``moves`` comma-separated, ``dice`` as JSON text), for a bot to post a finished game
by URL, cached like the pictures by URL (:mod:`service.pictures.render`). One frame per position:
the
start, then each ply with its move highlighted. Bounded in plies (:data:`MAX_PLIES`) and size
(:data:`MAX_ANIMATION_SIZE`), with a cost for load shedding that counts every frame.
"""

from __future__ import annotations

from typing import Any, Mapping

from marshmallow import validate

from rules.core.game import Game
from rules.core.view import NoBoardView, UnknownSeat, quarter_turns

from service.operations import schemas as s
from service.operations.answers import replay_cost, replayed
from service.operations.fields import (DiceField, JsonList, PlainList, StrictInteger, Text,
                                       TrimmedString)
from service.http.media import OCTETS
from service.operations.operation import Answer, Cost, EntityTag, Picture
from .render import RenderRequestSchema, picture_etag, unknown_seat
from service.http.problems import Problem
from .drawing import ANIMATED, MIN_SIZE, animation, default_size_for
from service.concerns.shedding import PNG_MS, PNG_MS_PER_MEGAPIXEL

#: at most this many plies in one animated picture (frames: one more)
MAX_PLIES = 200
#: the longest side of an animated picture, and its default (smaller when the board's own
#: default is)
MAX_ANIMATION_SIZE, DEFAULT_ANIMATION_SIZE = 800, 360
MIN_FRAME_MS, MAX_FRAME_MS, DEFAULT_FRAME_MS = 100, 10000, 1000


class ReplayPictureQuerySchema(s.GameRequestSchema):
    """The fields of an animated picture read from a query string (the GET forms)."""

    moves = PlainList(
        TrimmedString(validate=validate.Length(min=1, max=s.MAX_MOVE_LENGTH)),
        required=True, validate=validate.Length(max=MAX_PLIES),
        metadata={"description": f"The plies to show, in order from the position (at most "
                                 f"{MAX_PLIES}): one frame each after the start's."})
    dice = JsonList(
        DiceField(metadata={"description": "One move's dice, shaped as the game's `dice` "
                                           "schema, or null."}),
        validate=validate.Length(max=MAX_PLIES),
        metadata={"description": "Dice per move, aligned with moves (null where the service "
                                 "should roll or the move takes none), as for replay; in a "
                                 "query string, JSON text."})
    seed = StrictInteger(allow_none=True, validate=validate.Range(min=0, max=s.MAX_SEED),
                         metadata={"description": "Seed for every roll of the replay."})
    size = StrictInteger(load_default=None, allow_none=True,
                         validate=validate.Range(min=MIN_SIZE, max=MAX_ANIMATION_SIZE),
                         metadata={"nullable": True, "description": "Pixels of each frame's "
                                   f"longer side (at most {MAX_ANIMATION_SIZE}); omitted or "
                                   f"null: {DEFAULT_ANIMATION_SIZE}, or the board's own "
                                   "default size when smaller."})
    orientation = RenderRequestSchema._declared_fields["orientation"]
    frame_ms = StrictInteger(load_default=DEFAULT_FRAME_MS,
                             validate=validate.Range(min=MIN_FRAME_MS, max=MAX_FRAME_MS),
                             metadata={"description": "How long each frame shows, in ms."})


class ReplayPictureRequestSchema(ReplayPictureQuerySchema):
    """The body of ``POST .../replay-picture``: the query's fields and the format."""

    format = Text(load_default="gif", validate=validate.OneOf(list(ANIMATED)),
                  metadata={"description": "gif (image/gif) or apng (an animated PNG, "
                                           "image/png)."})


def frame_size(g: Game[Any, Any], body: Mapping[str, Any]) -> int:
    """The longer side of each frame: the body's size, or the default."""
    size: int | None = body["size"]
    return min(DEFAULT_ANIMATION_SIZE, default_size_for(g)) if size is None else size


def replay_picture_answer(g: Game[Any, Any], body: dict[str, Any]) -> Picture:
    """The animated picture the body asks for: 422 for a player who does not take part, a
    game without pictures, or (with its ``index``, as replay) a ply that cannot be played."""
    try:
        quarter_turns(g, body.get("orientation"))  # before the replay's work
    except UnknownSeat:
        raise Problem(422, "invalid_orientation", unknown_seat(g, body["orientation"]))
    plies = replayed(g, body)
    try:
        data = animation(g, plies.positions, plies.moves, format=body["format"],
                         size=frame_size(g, body), orientation=body.get("orientation"),
                         frame_ms=body["frame_ms"])
    except NoBoardView:
        raise Problem(422, "render_unavailable",
                      f"The game {g.id!r} has no board picture yet; its other operations work.")
    return Picture(data, ANIMATED[body["format"]][1], OCTETS)


def replay_picture_cost(g: Game[Any, Any], body: Mapping[str, Any]) -> float:
    """Estimated milliseconds of an animated picture: the replay, and a PNG per frame."""
    size = frame_size(g, body)
    frames = len(body["moves"]) + 1
    return replay_cost(g, body) + frames * (PNG_MS + PNG_MS_PER_MEGAPIXEL * size * size / 1e6)


# ---- by URL ----------------------------------------------------------------------------------

def _by_url(body: Mapping[str, Any], format: str) -> dict[str, Any]:
    """A query's fields as the POST's body: the path's format, and the seed 0 when none is
    given, so that rolled dice (and the picture) are a pure function of the URL."""
    seed = body.get("seed")
    return {**body, "format": format, "seed": 0 if seed is None else seed}


def replay_picture_as(format: str) -> Answer:
    """The answer of ``GET .../replay.<png|gif>``: the POST's picture, in its own type (or
    as plain bytes to a client whose Accept header prefers them)."""

    def answer(g: Game[Any, Any], body: dict[str, Any]) -> Picture:
        return replay_picture_answer(g, _by_url(body, format))

    return answer


def replay_picture_cost_as(format: str) -> Cost:
    """The shedding estimate of a GET form: the POST's."""
    return lambda g, body: replay_picture_cost(g, _by_url(body, format))


def replay_picture_etag(format: str) -> EntityTag:
    """The ETag of a GET form, as for the pictures by URL (the seed resolved)."""
    etag = picture_etag(f"replay.{format}")
    return lambda g, body: etag(g, _by_url(body, format))

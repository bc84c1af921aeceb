"""Marshmallow schemas: request validation and the documented shape of every response.

Requests are loaded through these schemas (a violation is a 400
``malformed_request`` listing the fields). Responses are built as plain
dicts for speed; their schemas here document them in ``openapi.yaml`` and
schemathesis checks that the real answers conform.
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, fields, validate

from service.spec.components import component_field
from .fields import (
    DiceField, OptionsField, PlainList, StrictBoolean, StrictInteger, Text, TrimmedString,
)
from .plain import PlainObject
from service.http.limits import MAX_BODY_BYTES as MAX_BODY_BYTES
from service.http.problems import TITLES
from service.concerns.signing import GAME_ID

#: Bounds on what one request may carry; each appears in the spec as maxLength/maxItems/maximum.
MAX_POSITION_LENGTH = 2048
MAX_MOVE_LENGTH = 64
MAX_REPLAY_MOVES = 1000
MAX_PERFT_DEPTH = 6
MAX_SEED = 2**63 - 1
MAX_TOKEN_LENGTH = 512
#: the highest ply a request may state
MAX_PLY = 10**9
#: the longest time a time control gives (30 days), in seconds
MAX_CLOCK_SECONDS = 30 * 24 * 3600


class StrictSchema(Schema):
    """Request bodies: unknown fields are an error, so a typo never goes unnoticed."""

    class Meta:
        unknown = RAISE


class OpenSchema(Schema):
    """Responses whose games add fields of their own (documented as open objects)."""

    class Meta:
        unknown = INCLUDE


def _integer(**kwargs: Any) -> StrictInteger:
    return StrictInteger(**kwargs)


def _nullable_text(max_length: int, description: str) -> TrimmedString:
    """A string field of at most ``max_length`` characters that may be null or omitted."""
    return TrimmedString(allow_none=True, validate=validate.Length(max=max_length),
                         metadata={"description": description, "nullable": True})


def _position_field() -> TrimmedString:
    return _nullable_text(MAX_POSITION_LENGTH,
                          "The position in the game's compact notation (see "
                          "GET /v1/games/{game}); the initial position when omitted or null. "
                          "Whitespace around it is ignored.")


def _options_field() -> OptionsField:
    return OptionsField(
        allow_none=True,
        validate=validate.Length(max=16),
        metadata={"description": "The game's options (see GET /v1/games); defaults fill in "
                                 "what is omitted (null: all defaults), unknown names are "
                                 "refused.", "nullable": True,
                  **component_field("options")},
    )


def _token_field() -> TrimmedString:
    return _nullable_text(MAX_TOKEN_LENGTH,
                          "The token the service returned with this position, when the "
                          "service signs positions (it then proves the service produced the "
                          "position by legal play). Required with every position when the "
                          "service requires signed positions (422 unsigned_position or "
                          "bad_signature otherwise); ignored without a position, and when "
                          "signing is off.")


def _token_response_field() -> fields.String:
    return fields.String(metadata={
        "description": "Present only when the service signs positions and this position was "
                       "reached by legal play from the initial position or from a position "
                       "sent with a valid token: send it back beside the position."})


def game_id_response_field() -> fields.String:
    return fields.String(metadata={
        "description": "With token: the id of the game the token belongs to (128 random "
                       "bits, URL-safe), minted when a game starts from its initial position "
                       "(setup, or replay and records/import without a token) and kept by "
                       "every position played on from it. An app keeps it, with ply, and "
                       "states both in the game's next request."})


def ply_response_field() -> fields.Integer:
    return fields.Integer(metadata={
        "description": "With token: the plies played since the game's start (0 at setup), "
                       "as the token claims."})


def asked_position_field() -> fields.String:
    return fields.String(required=True, metadata={
        "description": "The position the answer is about, in canonical notation (the initial "
                       "position when the request gave none): send it with the next call."})


def resolved_options_field() -> fields.Dict:
    return fields.Dict(required=True, metadata={
        "description": "Every option, resolved (defaults filled in): send them with the next "
                       "call.", **component_field("options")})


def game_id_request_field() -> Text:
    return Text(allow_none=True, validate=validate.Regexp(GAME_ID.pattern), metadata={
        "nullable": True,
        "description": "The app's check: the id of the game this request belongs to, as the "
                       "game's signed answers gave it (game_id). The position must then come "
                       "with a valid token of that game (422 token_wrong_game for another "
                       "game's, unsigned_position or bad_signature for none or a bad one), "
                       "whatever the signing mode; 422 signing_not_configured on a service "
                       "without signing keys."})


def ply_request_field() -> StrictInteger:
    return StrictInteger(allow_none=True, validate=validate.Range(min=0, max=MAX_PLY), metadata={
        "nullable": True,
        "description": "The app's check: the latest ply of the game the app knows (the ply "
                       "of the game's latest signed answer). The token must be of that ply: "
                       "422 token_superseded for an earlier one (a take-back), token_ahead for "
                       "a later one (played without the app)."})


class GameRequestSchema(StrictSchema):
    position = _position_field()
    options = _options_field()
    token = _token_field()
    game_id = game_id_request_field()
    ply = ply_request_field()


class LegalMovesRequestSchema(GameRequestSchema):
    moves_only = StrictBoolean(load_default=False, metadata={
        "description": "true: answer each move as its notation string only, instead of an "
                       "entry with its structured fields (smaller and faster, for clients "
                       "that need only what apply accepts)."})


class TimeControlSchema(StrictSchema):
    base_seconds = _integer(validate=validate.Range(min=1, max=MAX_CLOCK_SECONDS), metadata={
        "description": "Each player's time at the start, in seconds (with increment_seconds)."})
    increment_seconds = _integer(validate=validate.Range(min=0, max=MAX_CLOCK_SECONDS),
                                 metadata={"description": "Seconds added to the mover's clock "
                                                          "each time his turn ends (with "
                                                          "base_seconds; 0 when omitted)."})
    per_move_seconds = _integer(validate=validate.Range(min=1, max=MAX_CLOCK_SECONDS),
                                metadata={"description": "Instead of the other two: the time "
                                                         "for each turn, in seconds (86400 for "
                                                         "a day per move)."})


class SetupRequestSchema(StrictSchema):
    options = _options_field()
    time_control = PlainObject(TimeControlSchema, metadata={
        "description": "Clocks, for a game of two players on a service that signs positions "
                       "(422 clocks_need_signing otherwise): base_seconds and "
                       "increment_seconds (300 and 2: five minutes, two seconds added per "
                       "turn), or per_move_seconds alone (86400: a day per move). Every "
                       "answer of the game then carries the clocks, kept in its token; "
                       "neither kind, or both, is a 422 invalid_time_control."})


class ClocksSchema(Schema):
    time_control = fields.Nested(TimeControlSchema, required=True)
    remaining_ms = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                               metadata={"description": "Each seat's remaining time in "
                                                        "milliseconds, as of as_of."})
    running = fields.String(required=True, allow_none=True, metadata={
        "nullable": True, "description": "The seat whose clock runs (null once the game is "
                                         "over)."})
    as_of = fields.Integer(required=True, metadata={
        "description": "The service's time of this answer, in epoch milliseconds."})
    out_of_time = fields.String(metadata={"description": "The seat whose time ran out, once "
                                                         "one has."})


def _clocks_field() -> fields.Nested:
    return fields.Nested(ClocksSchema, metadata={
        "description": "Present when the game was set up with a time_control: each seat's "
                       "clock as of this answer (see docs/clocks.md)."})


class ApplyRequestSchema(GameRequestSchema):
    move = TrimmedString(required=True, validate=validate.Length(min=1, max=MAX_MOVE_LENGTH),
                         metadata={"description": "The move in the game's notation, as listed "
                                                  "by legal-moves (whitespace around it is "
                                                  "ignored)."})
    dice = DiceField(metadata={
        "description": "Dice for a chance move (a referee's physical dice), shaped as the "
                       "game's `dice` schema (GET /v1/games/{game}); rolled by the service "
                       "when omitted or null. Refused for a move that takes no dice."})
    seed = _integer(allow_none=True, validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": "Seed for the service's dice, for "
                                                   "reproducible rolls."})


def moves_field() -> PlainList:
    """The moves of a whole game (replay, export): at most MAX_REPLAY_MOVES."""
    return PlainList(
        TrimmedString(validate=validate.Length(min=1, max=MAX_MOVE_LENGTH)),
        required=True, validate=validate.Length(max=MAX_REPLAY_MOVES),
        metadata={"description": "Moves to play in order from the position."})


def dice_list_field() -> PlainList:
    """The dice of each move of a whole game, aligned with its moves."""
    return PlainList(
        DiceField(metadata={"description": "One move's dice, shaped as the game's `dice` "
                                           "schema, or null."}),
        validate=validate.Length(max=MAX_REPLAY_MOVES),
        metadata={"description": "Dice per move, aligned with moves (null where the service "
                                 "should roll or the move takes none)."})


class ReplayRequestSchema(GameRequestSchema):
    moves = moves_field()
    dice = dice_list_field()
    seed = _integer(allow_none=True, validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": "Seed for every roll of the replay."})
    history = StrictBoolean(load_default=False, metadata={
        "description": "true: also answer `history`, every ply's move, dice, events, mover, "
                       "and the position and status after it (for a game viewer to step "
                       "through the game). Without it the answer has no `history`."})


class PerftRequestSchema(GameRequestSchema):
    depth = _integer(required=True, validate=validate.Range(min=0, max=MAX_PERFT_DEPTH),
                           metadata={"description": "Plies to search; each game has its own "
                                                    "lower cap (max_perft_depth)."})
    divide = StrictBoolean(load_default=False,
                            metadata={"description": "Also count leaves per first move."})


# ---- responses --------------------------------------------------------------------------------

class OptionDocSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True, metadata={"enum": ["choice", "bool", "int", "json"]})
    default = fields.Raw(required=True,
                         metadata={"description": "The default value (any JSON value, null "
                                                  "included)."})
    description = fields.String(required=True)
    choices = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()
    nullable = fields.Boolean()


class GameSummarySchema(Schema):
    id = fields.String(required=True, metadata=component_field("game-id"))
    name = fields.String(required=True)
    players = fields.List(fields.String(), required=True,
                          metadata={"description": "Side or player names, in turn order."})
    options = fields.List(fields.Nested(OptionDocSchema), required=True)


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema), required=True)


class GameDetailSchema(GameSummarySchema):
    pieces = fields.List(fields.Dict(), required=True)
    setups = fields.Dict(required=True, metadata={"description": "Named initial positions."})
    notation = fields.Dict(required=True, metadata={"description": "Position and move notation."})
    max_perft_depth = _integer(required=True)
    details = fields.Dict(metadata={"description": "Anything else the game documents."})
    reasons = fields.Dict(required=True, metadata={
        "description": "Every reason code the game answers, each with a sentence: "
                       "illegal_move (why a move is refused: the `reason` of a 422 "
                       "illegal_move) and end (why a game ended: the status `reason`)."})
    dice = fields.Dict(required=True, allow_none=True, metadata={
        "nullable": True,
        "description": "JSON Schema of the dice the game's chance moves take (the `dice` of "
                       "apply and replay); null for a game without dice."})


class SetupResponseSchema(Schema):
    position = fields.String(required=True)
    options = fields.Dict(required=True, metadata={"description": "Every option, resolved.",
                                                   **component_field("options")})
    token = _token_response_field()
    game_id = game_id_response_field()
    ply = ply_response_field()
    clocks = _clocks_field()


class LegalMovesResponseSchema(Schema):
    to_move = fields.String(required=True, allow_none=True, metadata={"nullable": True})
    count = fields.Integer(required=True)
    moves = fields.List(fields.Raw(metadata={"oneOf": [
        component_field("entry"),
        {"type": "string", "description": "With moves_only: the move's canonical notation."}]}),
        required=True, metadata={"description": "Every legal move, each once: an entry each, "
                                                "or with moves_only its notation string."})
    position = asked_position_field()
    options = resolved_options_field()


class StatusSchema(OpenSchema):
    state = fields.String(required=True, metadata={"enum": ["ongoing", "win", "draw"]})
    winner = fields.String(required=True, allow_none=True, metadata={"nullable": True})
    reason = fields.String(required=True, allow_none=True, metadata={
        "nullable": True,
        "description": "Why the game ended (null while it goes on): one of the game's end "
                       "reasons, listed with a sentence each by GET /v1/games/{game}."})
    to_move = fields.String(required=True, allow_none=True, metadata={"nullable": True})
    in_check = fields.Boolean(metadata={"description": "Games with check: the side to move "
                                                       "is in check."})
    clocks = fields.Nested(ClocksSchema, metadata={
        "description": "The answer of status for a clocked position (set up with a "
                       "time_control): the clocks at the time of asking; a clock run out is a "
                       "win of the other seat, reason out_of_time. Never inside another "
                       "answer's status."})


class ApplyResponseSchema(Schema):
    position = fields.String(required=True)
    move = fields.String(required=True, metadata={"description": "The move, canonical."})
    events = fields.List(fields.Raw(metadata=component_field("event")), required=True,
                         metadata={"description": "What the move did, in order."})
    dice = DiceField(metadata={"description": "The dice used, if any."})
    status = fields.Nested(StatusSchema, required=True)
    options = resolved_options_field()
    token = _token_response_field()
    game_id = game_id_response_field()
    ply = ply_response_field()
    clocks = _clocks_field()


class PlySchema(Schema):
    """One ply of a replay's ``history``: what apply would have answered for it."""

    move = fields.String(required=True, metadata={"description": "The move, canonical."})
    dice = DiceField(required=True, metadata={"description": "The dice the move took, or "
                                                             "null for a move without."})
    events = fields.List(fields.Raw(metadata=component_field("event")), required=True,
                         metadata={"description": "What the move did, in order."})
    mover = fields.String(required=True, metadata={
        "description": "The player who played the move."})
    position = fields.String(required=True, metadata={
        "description": "The position after the move, canonical."})
    status = fields.Nested(StatusSchema, required=True,
                           metadata={"description": "The status after the move."})
    clock_ms = fields.Integer(metadata={
        "description": "records/import: the mover's clock after the ply, in milliseconds, "
                       "when the record gives it (a [%clk h:mm:ss] comment)."})
    suffix = fields.String(metadata={
        "enum": ["!", "?", "!!", "??", "!?", "?!"],
        "description": "records/import: the move's annotation suffix, when the record gives "
                       "it."})
    nags = fields.List(fields.Integer(validate=validate.Range(min=0, max=255)), metadata={
        "description": "records/import: the move's numeric annotation glyphs ($1 is 1), in "
                       "order, when the record gives any."})
    mark = fields.String(metadata={
        "enum": ["+", "#"],
        "description": "records/import: the check (+) or mate (#) mark the record wrote "
                       "after the move (verified against the position), in a game with "
                       "check."})
    eval = fields.String(metadata={
        "description": "records/import: the evaluation after the ply as written in a "
                       "[%eval ...] comment: a score in pawns (0.25, -1.5) or a mate (#3, "
                       "#-2)."})


class ReplayResponseSchema(Schema):
    position = fields.String(required=True)
    plies = fields.Integer(required=True)
    moves = fields.List(fields.String(), required=True,
                        metadata={"description": "The moves played, canonical."})
    dice = fields.List(DiceField(metadata={"description": "One move's dice, or null."}),
                       required=True, metadata={"description": "The dice of each move, null "
                                                               "for a move that took none."})
    status = fields.Nested(StatusSchema, required=True)
    token = _token_response_field()
    game_id = game_id_response_field()
    ply = ply_response_field()
    history = fields.List(fields.Nested(PlySchema), metadata={
        "description": "Only when the request asked for `history`: every ply in order, with "
                       "its move, dice, events, mover, and the position and status after "
                       "it."})


class PerftResponseSchema(Schema):
    depth = _integer(required=True)
    nodes = fields.Integer(required=True)
    divide = fields.Dict(keys=fields.String(), values=fields.Integer())


class HealthSchema(Schema):
    status = fields.String(required=True)


class ProblemSchema(OpenSchema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, validate=validate.OneOf(list(TITLES)), metadata={
        "description": "Stable machine-readable code, one of these; `title` names it for people."})
    request_id = fields.String(metadata={
        "description": "The id of the request this answers, as in its X-Request-ID header: the "
                       "client's own when sane (1 to 128 letters, digits, '.', '_', ':', '-'), "
                       "else one the service made. Quote it when reporting a problem."})
    reason = fields.String(metadata={"description": "illegal_move: the rule that forbids it, "
                                                    "one of the game's illegal_move reasons "
                                                    "(GET /v1/games/{game})."})
    errors = fields.Dict(metadata={"description": "malformed_request: the offending fields."})
    index = fields.Integer(metadata={"description": "replay, records: index of the first "
                                                    "failing move (from 0)."})
    line = fields.Integer(metadata={"description": "records/import: the line of the record "
                                                   "at fault (from 1); too_many_records: "
                                                   "where the first game past the limit "
                                                   "starts."})
    column = fields.Integer(metadata={"description": "records/import: the column of the "
                                                     "record at fault (from 1); "
                                                     "too_many_records: where the first game "
                                                     "past the limit starts."})
    limit = fields.Integer(metadata={"description": "work_limit_exceeded: the bound the "
                                                    "request went past (the most plies, the "
                                                    "deepest perft); too_many_records: the "
                                                    "most games one text may hold."})
    variation = fields.List(fields.List(fields.Integer(), validate=validate.Length(
        equal=2)), metadata={"description": "records: an illegal move inside a variation: "
                                            "the path to that variation from the main line, "
                                            "one [index, n] pair per level (the index of the "
                                            "ply it replaces, counted in the game, and which "
                                            "of that ply's variations it is, from 0)."})
    game = fields.Integer(metadata={"description": "records/export-many: the index (from 0) "
                                                   "of the game at fault."})
    tag = fields.String(metadata={"description": "invalid_tag, and an error in a tag's value "
                                                 "(invalid_options, invalid_position, a "
                                                 "result): the tag at fault."})
    field = fields.String(metadata={"description": "invalid_position: the field at fault."})
    option = fields.String(metadata={"description": "invalid_options: the option at fault."})
    clocks = fields.Nested(ClocksSchema, metadata={
        "description": "game_over on time: the clocks, the mover's run out."})
    token_game_id = fields.String(metadata={
        "description": "token_wrong_game, token_superseded, token_ahead: the game id the "
                       "token claims."})
    token_ply = fields.Integer(metadata={
        "description": "token_wrong_game, token_superseded, token_ahead: the ply the token "
                       "claims."})
    game_id = fields.String(metadata={
        "description": "game_over on time: the game id of the token."})
    ply = fields.Integer(metadata={"description": "game_over on time: the ply of the token."})
    token = fields.String(metadata={
        "description": "game_over on time: the token of the position lost on time (status "
                       "with it reports the loss)."})

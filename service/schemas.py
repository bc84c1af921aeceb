"""Marshmallow schemas: request validation and the documented shape of every response.

Requests are loaded through these schemas (a violation is a 400
``malformed_request`` listing the fields). Responses are built as plain
dicts for speed; their schemas here document them in ``openapi.yaml`` and
schemathesis checks that the real answers conform.
"""

from __future__ import annotations

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate

#: Bounds on what one request may carry; each appears in the spec as maxLength/maxItems/maximum.
MAX_POSITION_LENGTH = 2048
MAX_MOVE_LENGTH = 64
MAX_REPLAY_MOVES = 1000
MAX_PERFT_DEPTH = 6
MAX_SEED = 2**63 - 1
MAX_BODY_BYTES = 64 * 1024
MAX_TOKEN_LENGTH = 128

DICE_VALUE = {
    "oneOf": [
        {"type": "integer", "minimum": 1, "maximum": 6},
        {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6},
         "maxItems": 3},
    ]
}


class StrictSchema(Schema):
    """Request bodies: unknown fields are an error, so a typo never goes unnoticed."""

    class Meta:
        unknown = RAISE


class OpenSchema(Schema):
    """Responses whose games add fields of their own (documented as open objects)."""

    class Meta:
        unknown = INCLUDE


class StrictBoolean(fields.Boolean):
    """Only JSON true and false: 0, 1 and "yes" are refused."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("Not a boolean: use true or false.")
        return value


def _integer(**kwargs) -> fields.Integer:
    return fields.Integer(strict=True, **kwargs)


def _nullable_text(max_length: int, description: str) -> fields.String:
    """A string field of at most ``max_length`` characters that may be null or omitted."""
    return fields.String(allow_none=True, validate=validate.Length(max=max_length),
                         metadata={"description": description, "nullable": True})


def _position_field() -> fields.String:
    return _nullable_text(MAX_POSITION_LENGTH,
                          "The position in the game's compact notation (see "
                          "GET /v1/games/{game}); the initial position when omitted or null.")


def _options_field() -> fields.Dict:
    return fields.Dict(
        allow_none=True,
        keys=fields.String(),
        validate=validate.Length(max=16),
        metadata={"description": "The game's options (see GET /v1/games); defaults fill in "
                                 "what is omitted (null: all defaults), unknown names are "
                                 "refused.", "nullable": True,
                  "maxProperties": 16},
    )


class DiceSchema(StrictSchema):
    attacker = fields.Raw(required=True)
    defender = fields.Raw(required=True)


_DICE_SCHEMA = DiceSchema()

#: How dice appear in the spec: an object of two rolls, or null where the service should roll.
DICE_DOC = {
    "type": "object",
    "nullable": True,
    "properties": {
        "attacker": {"description": "The attacker's roll: one d6 (King's Mate) or a list of d6 "
                                    "values then the d4 if entitled (Maestria).", **DICE_VALUE},
        "defender": {"description": "The defender's roll, shaped as the attacker's.",
                     **DICE_VALUE},
    },
    "required": ["attacker", "defender"],
    "additionalProperties": False,
}


class DiceField(fields.Raw):
    """``{"attacker": ..., "defender": ...}`` or null; each game checks the rolls themselves."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ValidationError("Dice must be an object {attacker, defender} or null.")
        return _DICE_SCHEMA.load(value)


def _token_field() -> fields.String:
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


class GameRequestSchema(StrictSchema):
    position = _position_field()
    options = _options_field()
    token = _token_field()


class SetupRequestSchema(StrictSchema):
    options = _options_field()


class ApplyRequestSchema(GameRequestSchema):
    move = fields.String(required=True, validate=validate.Length(min=1, max=MAX_MOVE_LENGTH),
                         metadata={"description": "The move in the game's notation, as listed "
                                                  "by legal-moves."})
    dice = DiceField(allow_none=True, metadata={
        **DICE_DOC,
        "description": "Dice for a chance move (a referee's physical dice); rolled by the "
                       "service when omitted or null. Refused for a move that takes no dice."})
    seed = _integer(allow_none=True, validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": "Seed for the service's dice, for "
                                                   "reproducible rolls."})


class ReplayRequestSchema(GameRequestSchema):
    moves = fields.List(
        fields.String(validate=validate.Length(min=1, max=MAX_MOVE_LENGTH)),
        required=True, validate=validate.Length(max=MAX_REPLAY_MOVES),
        metadata={"description": "Moves to play in order from the position."})
    dice = fields.List(
        DiceField(allow_none=True, metadata=DICE_DOC), validate=validate.Length(max=MAX_REPLAY_MOVES),
        metadata={"description": "Dice per move, aligned with moves (null where the service "
                                 "should roll or the move takes none)."})
    seed = _integer(allow_none=True, validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": "Seed for every roll of the replay."})


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
    default = fields.Raw(required=True, allow_none=True, metadata={"nullable": True})
    description = fields.String(required=True)
    choices = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()
    nullable = fields.Boolean()


class GameSummarySchema(Schema):
    id = fields.String(required=True)
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


class SetupResponseSchema(Schema):
    position = fields.String(required=True)
    options = fields.Dict(required=True, metadata={"description": "Every option, resolved."})
    token = _token_response_field()


class MoveEntrySchema(OpenSchema):
    move = fields.String(required=True, metadata={"description": "Canonical notation; apply "
                                                                 "accepts exactly this string."})
    kind = fields.String(metadata={"description": "move, capture, devour, promotion, place, step, "
                                                  "end, fight, retreat, pass..."})
    from_ = fields.String(data_key="from")
    to = fields.String()
    piece = fields.String()
    captured = fields.String()
    control = fields.Boolean(metadata={"description": "Mastery: the moved piece is the enemy's."})
    resurrect = fields.Dict(metadata={"description": "Mastery: {piece, square} brought back."})
    promotion = fields.String()
    count = fields.Integer()
    general = fields.Boolean()
    chance = fields.Boolean(metadata={"description": "The move is decided by dice."})
    probability = fields.Float(metadata={"description": "Chance of success of the attempt."})
    odds = fields.Dict(metadata={"description": "Exact odds of a fight's outcomes."})


class LegalMovesResponseSchema(Schema):
    to_move = fields.String(required=True, allow_none=True, metadata={"nullable": True})
    count = fields.Integer(required=True)
    moves = fields.List(fields.Nested(MoveEntrySchema), required=True)


class StatusSchema(OpenSchema):
    state = fields.String(required=True, metadata={"enum": ["ongoing", "win", "draw"]})
    winner = fields.String(required=True, allow_none=True, metadata={"nullable": True})
    reason = fields.String(required=True, allow_none=True, metadata={
        "nullable": True,
        "description": "Why the game ended: no_masters, no_officers_or_pawns, no_legal_moves, "
                       "checkmate, stalemate, fools_gambit, general_eliminated, "
                       "last_king_standing, quiet_plies..."})
    to_move = fields.String(required=True, allow_none=True, metadata={"nullable": True})
    in_check = fields.Boolean(metadata={"description": "King's Mate and Sceptre: the side to "
                                                       "move is in check."})


class EventSchema(OpenSchema):
    type = fields.String(required=True)


class ApplyResponseSchema(Schema):
    position = fields.String(required=True)
    move = fields.String(required=True, metadata={"description": "The move, canonical."})
    events = fields.List(fields.Nested(EventSchema), required=True)
    dice = fields.Raw(allow_none=True, metadata={"nullable": True, "type": "object",
                                                 "description": "The dice used, if any."})
    status = fields.Nested(StatusSchema, required=True)
    token = _token_response_field()


class ReplayResponseSchema(Schema):
    position = fields.String(required=True)
    plies = fields.Integer(required=True)
    moves = fields.List(fields.String(), required=True,
                        metadata={"description": "The moves played, canonical."})
    dice = fields.List(fields.Raw(allow_none=True, metadata={"nullable": True}), required=True)
    status = fields.Nested(StatusSchema, required=True)
    token = _token_response_field()


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
    code = fields.String(required=True, metadata={"description": "Stable machine-readable code."})
    reason = fields.String(metadata={"description": "illegal_move: the rule that forbids it."})
    errors = fields.Dict(metadata={"description": "malformed_request: the offending fields."})
    index = fields.Integer(metadata={"description": "replay: index of the first failing move."})
    field = fields.String(metadata={"description": "invalid_position: the field at fault."})
    option = fields.String(metadata={"description": "invalid_options: the option at fault."})

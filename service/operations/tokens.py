"""Token inspection: ``POST /v1/games/{game}/tokens/inspect`` says what a token proves, for
whoever holds no key (a bot shown a position, an organiser shown a result).

The request gives the token with the position and options it claims to sign (the initial
position when none is given) and, optionally, the game id and ply the asker expects (the
app's check of :mod:`service.concerns.signing`). The answer is 200 whatever the token: ``valid``
says
whether it verifies (and agrees with the stated game id and ply); a token that does not is
``valid: false`` with the ``code`` and ``detail`` a request carrying it would be refused
with. The claims (game id, ply, date, key id, clocks) are shown only for a token whose MAC
verifies: an unverified token's claims prove nothing. Nothing is refused for the signing mode:
inspection reads tokens, it does not play them; a service without keys answers 422
``signing_not_configured``.
"""

from __future__ import annotations

from typing import Any, Mapping

from marshmallow import Schema, fields, validate

from rules.core.game import Game

from . import schemas as s
from service.concerns.clocks import from_claims
from .fields import TrimmedString
from .positions import canonical, position_for
from service.concerns.signing import Signer, Verdict, app_check

#: the codes of an invalid token, as a request carrying it would be refused
INVALID_CODES = ("bad_signature", "token_wrong_game", "token_superseded", "token_ahead")


class TokenInspectionRequestSchema(s.GameRequestSchema):
    token = TrimmedString(required=True, validate=validate.Length(min=1, max=s.MAX_TOKEN_LENGTH),
                          metadata={"description": "The token to inspect, as an answer of "
                                                   "the service gave it."})


class TokenVerdictSchema(Schema):
    valid = fields.Boolean(required=True, metadata={
        "description": "Whether this service made the token for this position, game and "
                       "options (and, when the request states them, for that game_id and "
                       "ply)."})
    code = fields.String(metadata={
        "enum": list(INVALID_CODES),
        "description": "When not valid: the code a request carrying this token would be "
                       "refused with."})
    detail = fields.String(metadata={"description": "When not valid: why, in a sentence."})
    key_id = fields.String(metadata={"description": "The id of the key the token names "
                                                    "(when it verifies)."})
    game_id = fields.String(metadata={"description": "When the token verifies: the id of "
                                                     "its game."})
    ply = fields.Integer(metadata={"description": "When the token verifies: the plies played "
                                                  "since its game's start."})
    signed_at = fields.Integer(metadata={"description": "When the token verifies: the "
                                                        "service's time of the answer that "
                                                        "gave it, epoch milliseconds."})
    clocks = fields.Nested(s.ClocksSchema, metadata={
        "description": "When the token verifies and its game has a clock: the clocks as of "
                       "signed_at (status charges them up to now)."})


class TokenInspectionSchema(TokenVerdictSchema):
    game = fields.String(required=True, metadata={"description": "The game (its id in "
                                                                 "the path)."})
    position = fields.String(required=True, metadata={
        "description": "The position the token was checked against, as sent (the initial "
                       "position, canonical, when none was sent)."})
    options = s.resolved_options_field()


def inspect_answer(g: Game[Any, Any], body: dict[str, Any]) -> dict[str, Any]:
    """The game, the position the token is checked against and the resolved options; the
    verdict itself is admission's (:func:`inspected`), added to this answer."""
    return {"game": g.id, "position": checked_position(g, body), "options": g.options}


def checked_position(g: Game[Any, Any], body: Mapping[str, Any]) -> str:
    """The text a token is checked against: the position sent, else the initial one."""
    position = body.get("position")
    return position if position is not None else canonical(g, g.start_position)


def inspected(signer: Signer, game_id: str, g: Game[Any, Any],
              body: Mapping[str, Any]) -> dict[str, Any]:
    """What the body's token proves for its position (the initial one when none is sent)
    and resolved options: ``valid``, and the claims of a token that verifies; for one that
    is not valid, the ``code`` and ``detail`` a request carrying it would be refused with."""
    position = checked_position(g, body)
    verdict = signer.verified(body["token"], game_id, g.options, position)
    if not verdict.valid or verdict.claims is None:
        return {"valid": False, "code": "bad_signature", "detail": _why_not(signer, verdict)}
    claims = verdict.claims
    out: dict[str, Any] = {"valid": True, "key_id": verdict.key_id, "game_id": claims.id,
                           "ply": claims.ply, "signed_at": claims.at}
    if claims.clock is not None:
        try:
            out["clocks"] = from_claims(claims, g, position_for(g, position)).to_json()
        except ValueError:
            return {"valid": False, "code": "bad_signature",
                    "detail": "The token's clock cannot be read by this service."}
    refusal = app_check(claims, body)
    if refusal is not None:
        out.update(valid=False, code=refusal.code, detail=refusal.detail)
    return out


def _why_not(signer: Signer, verdict: Verdict) -> str:
    """Why a token does not verify, in a sentence its holder can act on."""
    if verdict.key_id is None:
        return ("This is not a token of this service (one is kid.PAYLOAD.MAC, as an answer "
                "gave it); send the token exactly as the service returned it.")
    if verdict.key_id not in dict(signer.keys):
        return (f"The token names the key {verdict.key_id!r}, which this service does not "
                "hold (a retired key, or another service's): it proves nothing here.")
    return ("The token does not match this position, game and options: the position, the "
            "options or the token was changed, or the token belongs to another position; "
            "send the position and options exactly as the service returned them with it.")

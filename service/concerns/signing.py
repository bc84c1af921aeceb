"""Signed positions (opt-in): a token that proves this service produced a position by legal play
in one game, at one ply.

The service is stateless, so a third-party app that lets untrusted clients carry the game state
cannot tell a position the service returned from one a client edited, nor one game from another.
With signing keys configured, every position the service returns from setup, apply, replay and
records/import carries a ``token`` ``kid.PAYLOAD.MAC``: PAYLOAD (base64url of compact JSON) holds
the token's claims: the game's id (``g``, random, minted when a game starts), the ply (``n``,
plies played since the game's start), the service's time of the answer (``at``) and, for a
clocked game, its clock (:mod:`service.concerns.clocks`); the MAC is HMAC-SHA256 (standard library)
over the game, its resolved options, the position text and PAYLOAD, under the first key. A request
may send the token beside its ``position``; it verifies under any configured key (constant-time
comparison), so keys can rotate.

Settings (environment, or the same names in the Flask config, which win):

``REFEREE_SIGNING_KEYS``  ``kid1:secret1,kid2:secret2``: the first key signs, all verify.
                          Unset or empty: signing is off and costs nothing.
``REFEREE_REQUIRE_SIGNED``  ``1``: a request whose ``position`` comes without a valid token is
                          refused, 422 ``unsigned_position`` (no token) or ``bad_signature``
                          (a token that does not verify for that game, those options and that
                          position). Needs keys.

Only positions reached by legal moves from a trusted start are signed: the initial position
(no ``position`` sent: a new game, with a new id) or a position sent with a valid token (the
same game, its ply counted on). When signing is configured but not required, a request whose
position is unsigned, or whose token does not verify, is served as before and its result
carries no token; a token that claims a clock and does not verify is refused all the same.

The app's check: a request may state the ``game_id`` and the ``ply`` it knows as the latest;
its position must then come with a valid token of that game at that ply, whatever the mode:
``token_wrong_game`` for another game's, ``token_superseded`` for an earlier ply's (a take-back),
``token_ahead`` for a later one's (played where the app did not see it).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import re
import secrets
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

import orjson

from service.http.problems import Problem

KEYS_SETTING = "REFEREE_SIGNING_KEYS"
REQUIRE_SETTING = "REFEREE_REQUIRE_SIGNED"
#: key ids: short and without the separators of the setting and of the token
KEY_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: what the MAC covers is prefixed by this, so a token can never be mistaken for another MAC
DOMAIN = b"boardgame-referee game token v3\x00"
#: random bytes of a game's id (128 bits: 22 base64url characters)
GAME_ID_BYTES = 16
#: what a game id a request states looks like
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
#: the payload members a clock adds (:meth:`service.concerns.clocks.Clocks.claims`)
CLOCK_MEMBERS = ("tc", "ms", "out")
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("", "0", "false", "no", "off")


class SigningConfigError(ValueError):
    """The signing settings are malformed; the service refuses to start with them."""


@dataclass(frozen=True)
class Claims:
    """What a token says beside its position: the game's id, the ply (plies played since the
    game's start), the service's time of the answer (epoch ms) and, for a clocked game, the
    clock's members (``tc``, ``ms`` and ``out`` of
    :meth:`service.concerns.clocks.Clocks.claims`)."""

    id: str
    ply: int
    at: int
    clock: Mapping[str, Any] | None = None

    def payload(self) -> str:
        """PAYLOAD: base64url (unpadded) of the compact JSON of the claims."""
        data: dict[str, Any] = {"g": self.id, "n": self.ply, "at": self.at, **(self.clock or {})}
        return _b64(orjson.dumps(data))

    @classmethod
    def from_payload(cls, text: str) -> Claims:
        """The claims a PAYLOAD holds; ValueError for one this service did not write."""
        try:
            data = orjson.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
            game, ply, at = data["g"], data["n"], data["at"]
            clock = {name: data[name] for name in CLOCK_MEMBERS if name in data}
        except (binascii.Error, orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a token payload: {exc}") from None
        if not (isinstance(game, str) and type(ply) is int and type(at) is int):
            raise ValueError("not a token payload: g, n and at have the wrong types")
        return cls(game, ply, at, clock or None)


def new_game_id() -> str:
    """A fresh game id: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


class Verdict(NamedTuple):
    """What a token proves: whether it verifies, the key id it names (None: it is not
    shaped as this service's tokens), its claims once it verifies (None otherwise), and
    whether it claims a clock (read without trusting it)."""

    valid: bool
    key_id: str | None = None
    claims: Claims | None = None
    claims_clock: bool = False


@dataclass(frozen=True)
class Signer:
    """The configured keys (the first signs) and whether every position must be signed."""

    keys: tuple[tuple[str, bytes], ...]
    required: bool = False

    def token(self, game_id: str, options: Mapping[str, Any], position: str,
              claims: Claims) -> str:
        """The token of ``position`` of ``game_id`` under the resolved ``options``, with its
        ``claims``: ``kid.PAYLOAD.MAC``."""
        kid, secret = self.keys[0]
        payload = claims.payload()
        return f"{kid}.{payload}.{_b64(_mac(secret, game_id, options, position, payload))}"

    def verified(self, token: str, game_id: str, options: Mapping[str, Any],
                 position: str) -> Verdict:
        """Whether ``token`` was made by one of the keys for exactly this game, these resolved
        options and this position text (compared in constant time), with its claims."""
        parts = token.split(".")
        if len(parts) != 3:
            return Verdict(False)
        kid, payload, mac = parts
        try:
            claims = Claims.from_payload(payload)
        except ValueError:
            return Verdict(False)
        claims_clock = claims.clock is not None
        secret = dict(self.keys).get(kid)
        if secret is None:
            return Verdict(False, kid, None, claims_clock)
        expected = _b64(_mac(secret, game_id, options, position, payload))
        valid = hmac.compare_digest(expected.encode(), mac.encode("utf-8", "replace"))
        return Verdict(valid, kid, claims if valid else None, claims_clock)


def _mac(secret: bytes, game_id: str, options: Mapping[str, Any], position: str,
         payload: str) -> bytes:
    message = orjson.dumps([game_id, options, position, payload], option=orjson.OPT_SORT_KEYS)
    return hmac.new(secret, DOMAIN + message, hashlib.sha256).digest()


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def parse_keys(text: str) -> tuple[tuple[str, bytes], ...]:
    """``kid1:secret1,kid2:secret2`` as ((kid, secret bytes), ...), in order; raises
    SigningConfigError naming what is wrong."""
    keys: list[tuple[str, bytes]] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        kid, colon, secret = item.partition(":")
        if not colon or not KEY_ID.fullmatch(kid):
            raise SigningConfigError(
                f"{KEYS_SETTING}: each key is 'kid:secret' with a kid of 1-32 letters, digits, "
                f"'-' or '_'; got {kid!r}.")
        if not secret:
            raise SigningConfigError(f"{KEYS_SETTING}: the key {kid!r} has an empty secret.")
        if kid in dict(keys):
            raise SigningConfigError(f"{KEYS_SETTING}: the key id {kid!r} appears twice.")
        keys.append((kid, secret.encode("utf-8")))
    return tuple(keys)


def parse_flag(text: str) -> bool:
    value = text.strip().lower()
    if value not in _TRUE + _FALSE:
        raise SigningConfigError(f"{REQUIRE_SETTING}: use 1 or 0, not {text!r}.")
    return value in _TRUE


def signer_from(settings: Mapping[str, Any]) -> Signer | None:
    """The signer the settings configure, or None when signing is off."""
    keys = parse_keys(str(settings.get(KEYS_SETTING) or ""))
    required = parse_flag(str(settings.get(REQUIRE_SETTING) or ""))
    if required and not keys:
        raise SigningConfigError(f"{REQUIRE_SETTING} is set but {KEYS_SETTING} holds no key.")
    return Signer(keys, required) if keys else None


def signer_for(config: Mapping[str, Any]) -> Signer | None:
    """The signer the app's config sets, falling back on the environment (None: signing
    off)."""
    return signer_from({name: config.get(name, os.environ.get(name))
                        for name in (KEYS_SETTING, REQUIRE_SETTING)})


# ---- what admission and answers call --------------------------------------------------------

class Start(NamedTuple):
    """Whether a request starts from a trusted position (so that its results are signed),
    and the claims of its verified token (None: the initial position, a new game)."""

    trusted: bool
    claims: Claims | None = None


def stated(body: Mapping[str, Any]) -> bool:
    """Whether the request states the game id or the ply its app knows (the app's check)."""
    return body.get("game_id") is not None or body.get("ply") is not None


def not_configured() -> Problem:
    """The refusal of a request that needs signing keys the service does not hold."""
    return Problem(422, "signing_not_configured",
                   "This service holds no signing keys, so it has no tokens to check or "
                   "read: configure REFEREE_SIGNING_KEYS on the service, or leave out "
                   "game_id and ply.")


def trusted_start(signer: Signer, game_id: str, game: Any, body: Mapping[str, Any]) -> Start:
    """Whether the request starts from a trusted position (the initial position, or a
    position with a valid token), whose results are then signed, with its token's claims.
    Refused (422): with signing required, a position without a valid token
    (``unsigned_position``, ``bad_signature``); whatever the mode, a token claiming a clock
    that does not verify (a clock is never dropped silently), and a request that states its
    game id or ply (:func:`stated`) without a valid token of that game at that ply."""
    position, token = body.get("position"), body.get("token")
    checked = stated(body)
    if position is None and not checked:
        return Start(True)
    if position is None or token is None:
        if signer.required or checked:
            raise _unsigned(checked)
        return Start(False)
    verdict = signer.verified(token, game_id, game.options, position)
    if not verdict.valid and (signer.required or verdict.claims_clock or checked):
        raise _bad_signature()
    if checked:
        assert verdict.claims is not None, "a valid token has its claims"
        refusal = app_check(verdict.claims, body)
        if refusal is not None:
            raise refusal
    return Start(verdict.valid, verdict.claims)


def app_check(claims: Claims, body: Mapping[str, Any]) -> Problem | None:
    """The refusal of a valid token whose claims differ from the game id and ply the request
    states (None when they agree, or when the request states neither)."""
    game, ply = body.get("game_id"), body.get("ply")
    extra = {"token_game_id": claims.id, "token_ply": claims.ply}
    if game is not None and game != claims.id:
        return Problem(422, "token_wrong_game",
                       f"This token belongs to game {claims.id}, not to game {game}: send "
                       f"the latest position and token of game {game} (a game set up, "
                       "replayed or imported anew is another game).", **extra)
    if ply is not None and claims.ply < ply:
        return Problem(422, "token_superseded",
                       f"This token is of ply {claims.ply}, but the game has reached ply "
                       f"{ply}: an earlier position cannot be played again; send the token "
                       f"of ply {ply}.", **extra)
    if ply is not None and claims.ply > ply:
        return Problem(422, "token_ahead",
                       f"This token is of ply {claims.ply}, past ply {ply}, the latest this "
                       "game's app knows: it was played without the app; send the token of "
                       f"ply {ply}.", **extra)
    return None


def _unsigned(checked: bool) -> Problem:
    if checked:
        return Problem(422, "unsigned_position",
                       "This request states a game_id or ply, so it must carry that game's "
                       "latest position with the token the service returned with it.")
    return Problem(422, "unsigned_position",
                   "This service only accepts signed positions: send the position with the "
                   "token the service returned with it, or omit the position to start from "
                   "the initial one.")


def _bad_signature() -> Problem:
    return Problem(422, "bad_signature",
                   "The token does not match this position, game and options (or its key is "
                   "no longer configured); send the position exactly as the service returned "
                   "it, with its token.")


def sign(out: dict[str, Any], signer: Signer, game_id: str, game: Any, claims: Claims) -> None:
    """Add to ``out`` (an answer reached from a trusted start) the ``token`` of its
    ``position`` with ``claims``, under the options the answer states (an imported record's
    own), else the game's; and the ``game_id`` and ``ply`` it claims."""
    out["token"] = signer.token(game_id, out.get("options", game.options), out["position"],
                                claims)
    out["game_id"], out["ply"] = claims.id, claims.ply


def claims_after(start: Claims | None, plies: int, at: int,
                 clock: Mapping[str, Any] | None) -> Claims:
    """The claims of a position ``plies`` plies after a trusted start: the start token's game
    and ply counted on, or for the initial position a new game; dated ``at``, with ``clock``
    (the game's clock, if it has one)."""
    if start is None:
        return Claims(new_game_id(), plies, at, clock)
    return Claims(start.id, start.ply + plies, at, clock)

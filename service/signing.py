"""Signed positions (opt-in): a token that proves this service produced a position by legal play.

The service is stateless, so a third-party app that lets untrusted clients carry the game state
cannot tell a position the service returned from one a client edited. With signing keys
configured, every position the service returns from setup, apply and replay carries a
``token``: an HMAC-SHA256 (standard library) over the game id, its resolved options and the
position text, under the first key. A request may send the token beside its ``position``; the
token verifies under any configured key (constant-time comparison), so keys can rotate.

Settings (environment, or the same names in the Flask config, which win):

``REFEREE_SIGNING_KEYS``  ``kid1:secret1,kid2:secret2``: the first key signs, all verify.
                          Unset or empty: signing is off and costs nothing.
``REFEREE_REQUIRE_SIGNED``  ``1``: a request whose ``position`` comes without a valid token is
                          refused, 422 ``unsigned_position`` (no token) or ``bad_signature``
                          (a token that does not verify for that game, those options and that
                          position). Needs keys.

Only positions reached by legal moves from a trusted start are signed: the initial position
(no ``position`` sent) or a position sent with a valid token. When signing is configured but
not required, a request whose position is unsigned, or whose token does not verify, is served
as before and its result carries no token.

What a token proves: this service, holding one of the keys, produced this exact position text
for this game under these resolved options, by legal moves from the initial position. What it
does not prove: who played the moves, that dice were rolled by the service (a request may give
its own dice), or that the position is the latest of its game (an older token stays valid).

A clocked position (:mod:`service.clocks`) has a token of three parts, ``kid.PAYLOAD.MAC``: the
MAC, under its own domain string, covers the clock PAYLOAD too. A clocked token that does not
verify is refused (``bad_signature``) even where signing is not required, so that a clock is
never dropped without a word.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

import orjson
from flask import Flask

from .problems import Problem

KEYS_SETTING = "REFEREE_SIGNING_KEYS"
REQUIRE_SETTING = "REFEREE_REQUIRE_SIGNED"
#: key ids: short and without the separators of the setting and of the token
KEY_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: what the MAC covers is prefixed by this, so a token can never be mistaken for another MAC
DOMAIN = b"boardgame-referee position token v1\x00"
#: the same for a clocked token (``kid.PAYLOAD.MAC``), so that neither MAC verifies as the other
CLOCKED_DOMAIN = b"boardgame-referee clocked position token v2\x00"
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("", "0", "false", "no", "off")


class SigningConfigError(ValueError):
    """The signing settings are malformed; the service refuses to start with them."""


@dataclass(frozen=True)
class Signer:
    """The configured keys (the first signs) and whether every position must be signed."""

    keys: tuple[tuple[str, bytes], ...]
    required: bool = False

    def token(self, game_id: str, options: Mapping[str, Any], position: str,
              payload: str | None = None) -> str:
        """The token of ``position`` of ``game_id`` under the resolved ``options``:
        ``kid.MAC``, or with a clock's ``payload`` (:mod:`service.clocks`) ``kid.PAYLOAD.MAC``,
        whose MAC covers the payload too."""
        kid, secret = self.keys[0]
        mac = _b64(_mac(secret, game_id, options, position, payload))
        return f"{kid}.{mac}" if payload is None else f"{kid}.{payload}.{mac}"

    def verified(self, token: str, game_id: str, options: Mapping[str, Any],
                 position: str) -> Verdict:
        """Whether ``token`` was made by one of the keys for exactly this game, these resolved
        options and this position text (compared in constant time), and the clock payload it
        carries (None for an unclocked token)."""
        kid, dot, rest = token.partition(".")
        payload, dot2, mac = rest.rpartition(".")
        clocked = bool(dot2)
        secret = dict(self.keys).get(kid)
        if not dot or secret is None or (clocked and not payload):
            return Verdict(False, clocked)
        expected = _b64(_mac(secret, game_id, options, position, payload if clocked else None))
        valid = hmac.compare_digest(expected.encode(), mac.encode("utf-8", "replace"))
        return Verdict(valid, clocked, payload if valid and clocked else None)


class Verdict(NamedTuple):
    """What a token proves: whether it verifies, whether it is a clocked token (three
    parts), and the clock payload of a valid clocked token."""

    valid: bool
    clocked: bool
    payload: str | None = None


def _mac(secret: bytes, game_id: str, options: Mapping[str, Any], position: str,
         payload: str | None = None) -> bytes:
    if payload is None:
        message = orjson.dumps([game_id, options, position], option=orjson.OPT_SORT_KEYS)
        return hmac.new(secret, DOMAIN + message, hashlib.sha256).digest()
    message = orjson.dumps([game_id, options, position, payload], option=orjson.OPT_SORT_KEYS)
    return hmac.new(secret, CLOCKED_DOMAIN + message, hashlib.sha256).digest()


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


def install(app: Flask) -> None:
    """Configure signing from the app's config, falling back on the environment."""
    settings = {name: app.config.get(name, os.environ.get(name))
                for name in (KEYS_SETTING, REQUIRE_SETTING)}
    app.extensions["signing"] = signer_from(settings)


# ---- what admission and answers call --------------------------------------------------------

class Start(NamedTuple):
    """Whether a request starts from a trusted position (so that its results are signed),
    and the clock payload of its token, if clocked."""

    trusted: bool
    payload: str | None = None


def trusted_start(signer: Signer, game_id: str, game: Any, body: Mapping[str, Any]) -> Start:
    """Whether the request starts from a trusted position (the initial position, or a
    position with a valid token), whose results are then signed, with its token's clock; with
    signing required, any other position is refused (422 ``unsigned_position`` or
    ``bad_signature``), and so is a clocked token that does not verify, whatever the mode
    (a clock is never dropped silently)."""
    position, token = body.get("position"), body.get("token")
    if position is None:
        return Start(True)
    if token is None:
        if signer.required:
            raise Problem(422, "unsigned_position",
                          "This service only accepts signed positions: send the position with "
                          "the token the service returned with it, or omit the position to "
                          "start from the initial one.")
        return Start(False)
    verdict = signer.verified(token, game_id, game.options, position)
    if not verdict.valid and (signer.required or verdict.clocked):
        raise Problem(422, "bad_signature",
                      "The token does not match this position, game and options (or its "
                      "key is no longer configured); send the position exactly as the "
                      "service returned it, with its token.")
    return Start(verdict.valid, verdict.payload)


def add_token(out: dict[str, Any], signer: Signer, game_id: str, game: Any,
              payload: str | None = None) -> None:
    """Add the ``token`` of ``out["position"]`` (an answer reached from a trusted start),
    under the options the answer states (an imported record's own), else the game's,
    carrying the clock ``payload`` if any."""
    out["token"] = signer.token(game_id, out.get("options", game.options), out["position"],
                                payload)

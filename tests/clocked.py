"""A signed service on a clock the test moves by hand: no clock test waits on real time.

The ``clock`` fixture (tests/conftest.py) is a :class:`Clock` at :data:`T0`."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from service.concerns import signing
from service.http.app import create_app

KEYS = "kid1:secret-one,kid2:secret-two"
T0 = 1_800_000_000_000          # the injected clock's start, epoch ms
BLITZ = {"base_seconds": 300, "increment_seconds": 2}
MOVE, REPLY = "d4d5", "e5d4"     # Mastery: dark's first move, light's answer


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms


def clocked_client(clock: Clock, keys: str | None = KEYS, required: bool = False,
                   **config: Any) -> FlaskClient:
    """A test client of the service on ``clock``, signing with ``keys`` (none: no signing),
    tokens required or optional, with any other ``config``."""
    settings = {"WARM_UP": False, signing.KEYS_SETTING: keys or "",
                signing.REQUIRE_SETTING: "1" if required else "0", **config}
    return create_app(settings, clock=clock).test_client()

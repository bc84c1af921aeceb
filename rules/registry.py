"""The game registry: which games exist, and configured instances of them.

The service serves whatever this registry holds. A game module registers
its :class:`~rules.core.game.Game` subclass with :func:`register`, and is
listed in ``GAME_MODULES`` so that importing :mod:`rules` loads it.
"""

from __future__ import annotations

import importlib
import json
from functools import lru_cache
from typing import Any, Mapping

from .core.errors import InvalidOptions
from .core.game import Game

#: Modules that define games, imported in this order (the order of ``GET /v1/games``).
GAME_MODULES = (
    "rules.mastery",
    "rules.kings_mate",
    "rules.maestria",
    "rules.sceptre",
)

_GAMES: dict[str, type[Game]] = {}
_loaded = False


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make ``cls`` available under ``cls.id``."""
    _GAMES[cls.id] = cls
    return cls


def load_all() -> None:
    """Import every game module (building its tables) so the registry is complete.

    Cheap after the first call: requests look games up through it, and
    ``import_module`` costs microseconds each time even when the module is loaded.
    """
    global _loaded
    if _loaded:
        return
    for name in GAME_MODULES:
        importlib.import_module(name)
    _loaded = True


def game_ids() -> list[str]:
    load_all()
    return list(_GAMES)


def game_class(game_id: str) -> type[Game] | None:
    """The class registered as ``game_id``, or None."""
    load_all()
    return _GAMES.get(game_id)


def configure(game_id: str, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``game_id`` under ``options`` (validated; cached by value).

    Raises KeyError for an unknown game and InvalidOptions for bad options.
    """
    cls = game_class(game_id)
    if cls is None:
        raise KeyError(game_id)
    if not options:
        if options is None or isinstance(options, Mapping):
            return _configure(game_id, "{}")    # the common case: no key to serialise
    if not isinstance(options, Mapping):
        raise InvalidOptions("Options must be a JSON object of option names to values.")
    try:
        key = json.dumps(options, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        raise InvalidOptions("Options must be plain JSON values.") from None
    return _configure(game_id, key)


@lru_cache(maxsize=256)
def _configure(game_id: str, key: str) -> Game:
    return _GAMES[game_id](json.loads(key))

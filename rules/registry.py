"""The game registry: which games exist, and configured instances of them.

A game is registered in one place: the :func:`register` decorator on its
:class:`~rules.core.game.Game` subclass. Every package directly under :mod:`rules` is
imported on first use (:func:`load_all`), so a new game's package is found without being
listed anywhere; games are listed by id. Tests register a game of their own with
:func:`register` and remove it with :func:`unregister`.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from typing import Any, Mapping, Sequence

from .core import memo
from .core.errors import InvalidOptions
from .core.game import Game
from .core.measuring import Measuring

#: Packages under ``rules`` that hold no game.
NOT_GAMES = frozenset({"core", "records", "search"})

_GAMES: dict[str, type[Game[Any, Any]]] = {}
_loaded = False


def register(cls: type[Game[Any, Any]]) -> type[Game[Any, Any]]:
    """Class decorator: make ``cls`` available under ``cls.id``."""
    _GAMES[cls.id] = cls
    _configure.cache_clear()
    return cls


def unregister(game_id: str) -> None:
    """Remove the game ``game_id`` (a test's own game, once the test is over)."""
    _GAMES.pop(game_id, None)
    _configure.cache_clear()


def load_all() -> None:
    """Import every game package under :mod:`rules` (building its tables), so the registry
    is complete, then share the cache budget among every cache now declared
    (:func:`rules.core.memo.rebalance`). Cheap after the first call."""
    global _loaded
    if _loaded:
        return
    package = importlib.import_module(__package__ or "rules")
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg and module.name not in NOT_GAMES:
            importlib.import_module(f"{package.__name__}.{module.name}")
    memo.rebalance()
    _loaded = True


def game_ids() -> list[str]:
    """The id of every registered game, sorted."""
    load_all()
    return sorted(_GAMES)


def chosen(asked: Sequence[str] | None) -> list[str]:
    """The game ids a command line asked for, in order, or every registered game for none;
    ValueError naming the unknown ones and the registered ones."""
    known = game_ids()
    unknown = [game_id for game_id in asked or () if game_id not in known]
    if unknown:
        raise ValueError(f"unknown game(s): {', '.join(unknown)}; registered: {', '.join(known)}")
    return list(asked or known)


def game_class(game_id: str) -> type[Game[Any, Any]] | None:
    """The class registered as ``game_id``, or None."""
    load_all()
    return _GAMES.get(game_id)


def measuring(game_id: str) -> Measuring:
    """What the benchmarks, the limits run and the load test measure of the game ``game_id``
    beyond its defaults: its own declaration. Raises KeyError for an unknown game."""
    cls = game_class(game_id)
    if cls is None:
        raise KeyError(game_id)
    return cls.measuring


def configure(game_id: str, options: Mapping[str, Any] | None = None) -> Game[Any, Any]:
    """The game ``game_id`` under ``options`` (validated; cached by value).

    Raises KeyError for an unknown game and InvalidOptions for bad options.
    """
    cls = game_class(game_id)
    if cls is None:
        raise KeyError(game_id)
    return configured(cls, options)


def configured(cls: type[Game[Any, Any]],
               options: Mapping[str, Any] | None = None) -> Game[Any, Any]:
    """The game of class ``cls`` (a registered one) under ``options`` (validated; cached by
    value): :func:`configure` for a caller that has already found the class.

    Raises InvalidOptions for bad options.
    """
    if not options:
        if options is None or isinstance(options, Mapping):
            return _configure(cls, "{}")    # the common case: no key to serialise
    if not isinstance(options, Mapping):
        raise InvalidOptions("Options must be a JSON object of option names to values.")
    try:
        key = json.dumps(options, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        raise InvalidOptions("Options must be plain JSON values.") from None
    return _configure(cls, key)


@memo.memo(entry_bytes=160, most=256)
def _configure(cls: type[Game[Any, Any]], key: str) -> Game[Any, Any]:
    return cls(json.loads(key))

"""The memo caches of the engines and the service, counted: for the benchmark's hit rates.

Every cache in :mod:`rules` and :mod:`service` is a :func:`functools.lru_cache` (the core's
analysis cache per game class, the registry's configured games, the notation memos, a game's
own tables, the service's recently parsed positions), so they are found by looking, not
listed: any module-level function of a loaded ``rules`` or ``service`` module, and any class
attribute of a registered game class, that has ``cache_info``. Nothing here names a game.

With ``REFEREE_CACHE_STATS_DIR`` set, the gunicorn configuration takes a :func:`snapshot` in each
worker after the fork and, when the worker exits, writes what the worker added since
(:func:`since`) as ``<dir>/<pid>.json``; ``python -m bench`` reads those files.
"""

from __future__ import annotations

import sys
from typing import Any, Iterator

from rules import registry


def _is_cache(value: Any) -> bool:
    """An lru-cached function (asked of its type: a module's proxies, such as Flask's
    ``request``, must not be touched outside a request)."""
    return hasattr(type(value), "cache_info")


def _caches() -> Iterator[tuple[str, Any]]:
    """``(name, cached function)`` for every lru cache of the loaded rules modules and game
    classes, each once."""
    seen: set[int] = set()
    for module_name, module in sorted(sys.modules.items()):
        if module_name.partition(".")[0] not in ("rules", "service") or module is None:
            continue
        for attr, value in sorted(vars(module).items()):
            if _is_cache(value) and id(value) not in seen:
                seen.add(id(value))
                yield f"{module_name}.{attr}", value
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        for klass in cls.__mro__ if cls is not None else ():
            for attr, value in sorted(vars(klass).items()):
                if _is_cache(value) and id(value) not in seen:
                    seen.add(id(value))
                    yield f"{klass.__module__}.{klass.__qualname__}.{attr}", value


def snapshot() -> dict[str, dict[str, int | None]]:
    """Every cache's hits, misses, maxsize (None: unbounded) and current size."""
    out: dict[str, dict[str, int | None]] = {}
    for name, fn in _caches():
        info = fn.cache_info()
        out[name] = {"hits": info.hits, "misses": info.misses, "maxsize": info.maxsize,
                     "currsize": info.currsize}
    return out


def since(before: dict[str, dict[str, int | None]]) -> dict[str, dict[str, int | None]]:
    """:func:`snapshot`, with hits and misses counted from ``before`` (a cache first seen
    later counts from zero)."""
    now = snapshot()
    for name, info in now.items():
        old = before.get(name, {})
        for key in ("hits", "misses"):
            info[key] = int(info[key] or 0) - int(old.get(key) or 0)
    return now

"""The memo caches of the engines and the service, counted: for the benchmark's hit rates.

Every cache in :mod:`rules` and :mod:`service` is declared with :func:`rules.core.memo.memo`
(the core's analysis cache per game class, the registry's configured games, the notation
memos, a game's own tables, the service's recently parsed positions, pictures and
documents), so they are listed by :func:`rules.core.memo.memos`, each under the module and
name of the function it memoises. Nothing here names a game.

With ``REFEREE_CACHE_STATS_DIR`` set, the gunicorn configuration takes a :func:`snapshot` in each
worker after the fork and, when the worker exits, writes what the worker added since
(:func:`since`) as ``<dir>/<pid>.json``; ``python -m bench`` reads those files.
"""

from __future__ import annotations

from typing import Any, Iterator

from rules import registry
from rules.core import memo


def _caches() -> Iterator[tuple[str, Any]]:
    """``(name, cache)`` for every memo cache declared, every game loaded first."""
    registry.load_all()
    for made in memo.memos():
        yield made.name, made


def snapshot() -> dict[str, dict[str, int | None]]:
    """Every cache's hits, misses, maxsize and current size."""
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

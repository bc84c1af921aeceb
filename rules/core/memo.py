"""Memo caches bounded in bytes: one budget for the whole process, shared by every cache.

Every memo of the engines and the service is declared with :func:`memo`: a least-recently-used
cache keyed on the function's arguments, like :func:`functools.lru_cache`, that says what one
of its entries holds in bytes (``entry_bytes``, measured: ``python -m bench.memory`` fills
every cache with real entries and reads ``tracemalloc``; ``tests/service/test_cache_budget.py``
checks the figures and the total), its share of the budget beside the others (``weight``)
and, for a cache whose keys come from a small fixed set (a table per board, a picture per
renderer), how many entries it can ever need (``most``).

The budget (:func:`set_budget`, :data:`DEFAULT_BUDGET`, 32 MiB, until then; the service reads
``REFEREE_CACHE_MIB``) is split among the caches in proportion to their weights, a cache that
needs less than its part (``most`` entries) leaving the rest to the others; each cache then
keeps at most ``its part // entry_bytes`` entries, and at least one. Sizes are recomputed,
and the caches emptied, when the budget changes and when :func:`rebalance` is called once
every game is loaded (:func:`rules.registry.load_all` does); a cache declared later starts
with its part of the budget as the caches declared so far share it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache, update_wrapper
from types import MethodType
from typing import Any, Callable, Generic, ParamSpec, TypeVar, overload

_P = ParamSpec("_P")
_R = TypeVar("_R")

MIB = 1 << 20
#: the budget of every cache of a process together, until :func:`set_budget` says otherwise
DEFAULT_BUDGET = 32 * MIB


@dataclass(frozen=True)
class Size:
    """What :func:`sizes` gives one cache: its part of the budget and the entries it keeps."""

    name: str
    entry_bytes: int
    weight: float
    most: int | None
    part: int
    maxsize: int


class Memo(Generic[_P, _R]):
    """A function memoised in a least-recently-used cache of :attr:`maxsize` entries (see the
    module). Called like the function; ``cache_info()`` and ``cache_clear()`` as
    :func:`functools.lru_cache`'s. Its arguments must be hashable, and what it returns is
    shared between callers. As a class attribute it binds like a method."""

    def __init__(self, fn: Callable[_P, _R], entry_bytes: int, weight: float,
                 most: int | None) -> None:
        if entry_bytes < 1 or weight <= 0 or (most is not None and most < 1):
            raise ValueError("a memo's entry_bytes, weight and most must be positive")
        update_wrapper(self, fn)
        self.fn = fn
        self.name = f"{fn.__module__}.{fn.__qualname__}"
        self.entry_bytes, self.weight, self.most = entry_bytes, weight, most
        self.maxsize = 0
        self._cached: Callable[..., _R] = fn

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        return self._cached(*args, **kwargs)

    @property
    def lookup(self) -> Callable[_P, _R]:
        """The memoised function itself, the cache in force (as this object calls it): a
        loop that calls it many times is spared this wrapper's frame each time. It stays the
        cache in force until the next :meth:`resize`, so fetch it for each use."""
        return self._cached

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Memo[_P, _R]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> Callable[..., _R]: ...

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        """As a class attribute: itself from the class, bound to ``obj`` from an instance."""
        return self if obj is None else MethodType(self._cached, obj)

    def resize(self, maxsize: int) -> None:
        """Keep at most ``maxsize`` entries from now on (emptying the cache if that changes
        its size)."""
        if maxsize != self.maxsize:
            self.maxsize = maxsize
            self._cached = lru_cache(maxsize=maxsize)(self.fn)

    def cache_info(self) -> Any:
        """:func:`functools.lru_cache`'s ``cache_info()``: hits, misses, maxsize, currsize."""
        return self._cached.cache_info()  # type: ignore[attr-defined]

    def cache_clear(self) -> None:
        """Forget every entry."""
        self._cached.cache_clear()  # type: ignore[attr-defined]


_memos: list[Memo[Any, Any]] = []
_budget = DEFAULT_BUDGET
_lock = threading.Lock()


def memo(entry_bytes: int, weight: float = 1.0, most: int | None = None
         ) -> Callable[[Callable[_P, _R]], Memo[_P, _R]]:
    """Decorator: memoise the function in a cache of the process's budget (see the module).
    ``entry_bytes``: one entry's measured bytes; ``weight``: its share beside the others';
    ``most``: the entries it can ever need, when its keys come from a small fixed set."""

    def decorate(fn: Callable[_P, _R]) -> Memo[_P, _R]:
        made = Memo(fn, entry_bytes, weight, most)
        with _lock:
            _memos.append(made)
            size = {s.name: s for s in sizes(_budget)}[made.name]
            made.resize(size.maxsize)
        return made

    return decorate


def memos() -> list[Memo[Any, Any]]:
    """Every cache declared so far, in the order of declaration."""
    return list(_memos)


def budget() -> int:
    """The budget in force, in bytes."""
    return _budget


def sizes(total: int) -> list[Size]:
    """How ``total`` bytes are shared among the caches declared so far: each cache's part
    in proportion to its weight, except that a cache that can never hold more than ``most``
    entries gets no more than their bytes, the rest going to the others in proportion to
    theirs; each keeps ``part // entry_bytes`` entries (at most ``most``), and at least one."""
    parts: dict[int, int] = {}
    open_ = list(range(len(_memos)))
    left = total
    while open_:
        weights = sum(_memos[i].weight for i in open_)
        capped = [i for i in open_ if _memos[i].most is not None
                  and _memos[i].most * _memos[i].entry_bytes  # type: ignore[operator]
                  <= left * _memos[i].weight / weights]
        if not capped:
            for i in open_:
                parts[i] = int(left * _memos[i].weight / weights)
            break
        for i in capped:
            parts[i] = _memos[i].most * _memos[i].entry_bytes  # type: ignore[operator]
            left -= parts[i]
            open_.remove(i)
    out = []
    for i, m in enumerate(_memos):
        keep = max(1, parts[i] // m.entry_bytes)
        out.append(Size(m.name, m.entry_bytes, m.weight, m.most, parts[i],
                        keep if m.most is None else min(keep, m.most)))
    return out


def rebalance() -> None:
    """Size every cache declared so far by the budget in force (a cache whose size changes
    is emptied)."""
    with _lock:
        for made, size in zip(_memos, sizes(_budget)):
            made.resize(size.maxsize)


def set_budget(total: int) -> None:
    """Bound every cache of the process together to ``total`` bytes (see the module)."""
    global _budget
    if total < 1:
        raise ValueError("the cache budget must be a positive number of bytes")
    _budget = total
    rebalance()

"""The memo caches together hold no more than the budget (``REFEREE_CACHE_MIB``), measured.

Every cache is filled far past its part of the budget with real entries (the requests of
seeded random playouts of every game through the app, see :mod:`bench.memory`), then emptied
one by one while :mod:`tracemalloc` reads what each frees. Counting bytes, never time.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Iterator

import pytest

from bench import memory
from rules import registry
from rules.core import memo
from service.concerns import cache_budget

MIB = memo.MIB
#: what the caches may hold beyond the budget: entries' sizes vary around the measured
#: figures the caches declare
TOLERANCE = 0.05
#: playouts per game: each some 100 plies, some 1,000 analyses per game for 8 MiB
PLAYOUTS = 16


@pytest.fixture(scope="module")
def measured() -> Iterator[dict[int, list[memory.Held]]]:
    """The caches' figures under budgets of 4 and 8 MiB, the default budget restored after
    (the playouts computed once, before tracing starts: only the requests are traced)."""
    plays = memory.plays_of(registry.game_ids(), PLAYOUTS)
    # what the test session holds so far is out of the collector's sight, so that the
    # collections of each measure walk the caches' entries, not every earlier test's objects
    gc.collect()
    gc.freeze()
    tracemalloc.start()
    try:
        yield {budget: memory.measure(budget, PLAYOUTS, plays=plays)
               for budget in (4 * MIB, 8 * MIB)}
    finally:
        tracemalloc.stop()
        gc.unfreeze()
        memo.set_budget(cache_budget.DEFAULT_MIB * MIB)


@pytest.mark.parametrize("budget", [4 * MIB, 8 * MIB])
def test_the_caches_hold_no_more_than_the_budget(measured, budget):
    rows = measured[budget]
    total = sum(r.freed for r in rows)
    assert total <= budget * (1 + TOLERANCE), memory.table(rows, budget)
    # far past it: the analysis caches were full
    analyses = [r for r in rows if r.name.endswith(".analyse") and r.entries]
    assert len(analyses) >= 4
    assert all(r.entries == r.maxsize for r in analyses), memory.table(rows, budget)


def test_a_larger_budget_holds_more(measured):
    small, large = (sum(r.freed for r in measured[b]) for b in (4 * MIB, 8 * MIB))
    assert large > 1.5 * small


def test_each_cache_declares_what_its_entries_hold(measured):
    """The declared bytes per entry are the measured ones, within a factor of 2: entries
    differ, and what two caches share (a position is a key of several) is counted with the
    one emptied last."""
    for r in measured[8 * MIB]:
        if r.entries >= 64:
            assert 0.5 * r.per_entry <= r.declared <= 2 * r.per_entry, memory.table(
                measured[8 * MIB], 8 * MIB)


def test_the_setting_is_read_and_checked():
    assert cache_budget.budget_from(None) == cache_budget.DEFAULT_MIB * MIB == 32 * MIB
    assert cache_budget.budget_from(" 32 ") == 32 * MIB
    for bad in ("lots", "0", "-8", "3", "nan"):
        with pytest.raises(cache_budget.CacheBudgetError, match="REFEREE_CACHE_MIB"):
            cache_budget.budget_from(bad)

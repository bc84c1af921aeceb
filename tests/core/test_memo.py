"""rules.core.memo: the caches share one budget in bytes, by weight, capped by what they need."""

from __future__ import annotations

import pytest

import rules
from rules.core import memo


@pytest.fixture
def budget():
    """The budget in force, restored after the test."""
    before = memo.budget()
    yield
    memo.set_budget(before)


def test_the_parts_add_up_to_the_budget_and_capped_caches_get_what_they_need(budget):
    rules.game_ids()    # every game's caches declared
    for total in (4 * memo.MIB, 32 * memo.MIB, 256 * memo.MIB):
        sizes = memo.sizes(total)
        assert sum(s.part for s in sizes) <= total
        for s in sizes:
            assert s.maxsize >= 1
            if s.most is not None:
                assert s.maxsize <= s.most
            elif s.part >= s.entry_bytes:
                assert s.maxsize == s.part // s.entry_bytes
    by_name = {s.name: s for s in memo.sizes(32 * memo.MIB)}
    analyses = [s for s in by_name.values() if s.name.endswith(".analyse") and s.weight == 16]
    assert len(analyses) >= 4 and len({s.part for s in analyses}) == 1   # equal weights
    # capped: all 9 fights fit (at a budget where they do whatever other caches the tests
    # have declared), the rest going to the others
    fights = {s.name: s for s in memo.sizes(256 * memo.MIB)}["rules.maestria.combat.outcomes"]
    assert (fights.maxsize, fights.part) == (9, 9 * fights.entry_bytes)


def test_a_new_budget_resizes_and_empties_the_caches(budget):
    game = rules.configure(rules.game_ids()[0])
    cached = type(game)._analysis
    game.legal_moves(game.start_position)
    assert cached.cache_info().currsize >= 1
    memo.set_budget(8 * memo.MIB)
    small = cached.maxsize
    memo.set_budget(16 * memo.MIB)
    assert cached.maxsize > small and cached.cache_info().currsize == 0
    assert cached.cache_info().maxsize == cached.maxsize


def test_a_memo_keeps_its_function_and_binds_as_a_method():
    calls = []

    class Thing:
        @memo.memo(entry_bytes=100, most=4)
        def double(self, x: int) -> int:
            calls.append(x)
            return 2 * x

    thing = Thing()
    assert thing.double(3) == thing.double(3) == 6 and calls == [3]
    assert Thing.double.__name__ == "double" and Thing.double.maxsize <= 4
    with pytest.raises(ValueError):
        memo.memo(entry_bytes=0)(len)

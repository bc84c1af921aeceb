"""service.server.malloc: glibc's arenas and mmap threshold, unless glibc's variables say."""

from __future__ import annotations

import platform

from service.server import malloc

BOTH = {"MALLOC_ARENA_MAX": malloc.ARENA_MAX, "MALLOC_MMAP_THRESHOLD_": malloc.MMAP_THRESHOLD}


def test_both_are_set_on_glibc():
    expected = BOTH if platform.libc_ver()[0] == "glibc" else {}
    assert malloc.bound({}) == expected


def test_a_glibc_variable_set_by_the_operator_wins():
    if platform.libc_ver()[0] != "glibc":
        assert malloc.bound({"MALLOC_ARENA_MAX": "4"}) == {}
        return
    assert malloc.bound({"MALLOC_ARENA_MAX": "4"}) == {"MALLOC_MMAP_THRESHOLD_": 131072}
    assert malloc.bound({"MALLOC_ARENA_MAX": "4", "MALLOC_MMAP_THRESHOLD_": "65536"}) == {}


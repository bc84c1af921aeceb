"""glibc's allocator, bounded for a threaded worker (the gunicorn configuration calls
:func:`bound` in the master, before the app is loaded and the workers fork).

By default glibc gives each thread that meets contention an arena of its own, up to 8 per
core, and raises its mmap threshold to the size of each large block freed (up to 32 MiB), so
that later large blocks (a 2000-pixel picture's 16 MB surface, 64 KiB bodies, long answers)
come from those arenas, which keep the freed space. In the soak, a worker's 8 thread arenas
held 30-68 MiB after 4 minutes and grew in jumps; with 2 arenas and a fixed threshold of
128 KiB they held 7-11 MiB (docs/deploy.md, Memory). The same settings as glibc's variables
``MALLOC_ARENA_MAX`` and ``MALLOC_MMAP_THRESHOLD_``, which take precedence when set.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Mapping

#: ``mallopt`` parameters (glibc's malloc.h)
M_MMAP_THRESHOLD, M_ARENA_MAX = -3, -8
#: arenas for all the threads of a worker
ARENA_MAX = 2
#: blocks of this many bytes or more are mapped for themselves and unmapped when freed
MMAP_THRESHOLD = 128 * 1024


def bound(environ: Mapping[str, str] = os.environ) -> dict[str, int]:
    """Set glibc's arena count and mmap threshold (each unless its glibc variable is set);
    what was set, by variable name (nothing on a C library without ``mallopt``)."""
    path = ctypes.util.find_library("c")
    libc = ctypes.CDLL(path) if path else None
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is None:
        return {}
    done = {}
    for name, param, value in (("MALLOC_ARENA_MAX", M_ARENA_MAX, ARENA_MAX),
                               ("MALLOC_MMAP_THRESHOLD_", M_MMAP_THRESHOLD, MMAP_THRESHOLD)):
        if not environ.get(name, "").strip() and mallopt(param, value) == 1:
            done[name] = value
    return done

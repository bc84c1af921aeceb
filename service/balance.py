"""gunicorn's threaded worker, with keep-alive connections spread evenly over the workers.

Every worker waits on the one listening socket, and a new connection goes to whichever worker
the kernel schedules first. A client that opens a few keep-alive connections at once (a bot's
or a frontend server's connection pool) often finds them all, or all but one, in one worker:
measured here with 8 connections over 2 workers, 20 tries, the split was 4/4 twice, 5/3 11
times, 6/2 3 times and 7/1 4 times. With the work of those connections on one worker's
interpreter (one core, since the GIL lets one thread run at a time) the other core idles, and
the service answers about half of what it could, at twice the latency.

:class:`BalancedThreadWorker` publishes how many connections it holds in memory shared by all
workers (allocated in the master before it forks them); a worker that holds more than another
live worker lets the new connection go to it: it waits :data:`YIELD_SECONDS` before its own
``accept``, which then finds nothing if the other worker took the connection meanwhile. The
wait releases the GIL (the worker's threads go on serving) and is bounded, so a stuck or busy
sibling delays a connection by at most that long and never refuses one.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import time
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

#: Most workers a server can have at once (more share the last slot's count, harmlessly).
SLOTS = 256
#: How long a worker holding more connections than another waits before it accepts one.
YIELD_SECONDS = 0.0005

# Shared by every worker forked after this module is imported (gunicorn imports the worker
# class in the master): per slot, the pid of the worker holding it (0: free) and how many
# connections it holds.
_owner = multiprocessing.RawArray("i", SLOTS)
_held = multiprocessing.RawArray("i", SLOTS)
_claim = multiprocessing.Lock()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (a worker that died leaves its slot behind)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else: not ours, but not free either
        return True
    return True


def claim_slot(pid: int) -> int:
    """A slot for worker ``pid``: a free one, or one whose worker is gone."""
    with _claim:
        for slot in range(SLOTS):
            owner = _owner[slot]
            if owner == 0 or owner == pid or not _alive(owner):
                _owner[slot], _held[slot] = pid, 0
                return slot
    return SLOTS - 1


def release_slot(slot: int, pid: int) -> None:
    """Give back ``slot`` if worker ``pid`` still holds it."""
    with _claim:
        if _owner[slot] == pid:
            _owner[slot], _held[slot] = 0, 0


def fewest_held_elsewhere(slot: int) -> int | None:
    """The fewest connections any other worker holds, or None if there is no other worker."""
    fewest = None
    for other in range(SLOTS):
        if other != slot and _owner[other]:
            held = _held[other]
            if fewest is None or held < fewest:
                fewest = held
    return fewest


class BalancedThreadWorker(ThreadWorker):  # type: ignore[misc]
    """gunicorn's ``gthread`` worker that leaves a new connection to a worker holding fewer."""

    slot = SLOTS - 1

    def init_process(self) -> None:
        self.slot = claim_slot(os.getpid())
        super().init_process()

    def accept(self, listener: socket.socket) -> None:
        """Accept a waiting connection, after a short wait if another worker holds fewer
        connections than this one (it takes the connection first; ours finds none)."""
        fewest = fewest_held_elsewhere(self.slot)
        if fewest is not None and self.nr_conns > fewest:
            time.sleep(YIELD_SECONDS)
        super().accept(listener)
        _held[self.slot] = self.nr_conns

    def wait_for_and_dispatch_events(self, timeout: Any) -> None:
        """One turn of the event loop, then publish the connections held after it."""
        super().wait_for_and_dispatch_events(timeout)
        _held[self.slot] = self.nr_conns

    def run(self) -> None:
        try:
            super().run()
        finally:
            release_slot(self.slot, os.getpid())

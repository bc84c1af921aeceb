"""gunicorn's threaded worker, with keep-alive connections spread evenly over the workers.

Every worker waits on the one listening socket, and a new connection goes to whichever worker
the kernel schedules first. A client that opens a few keep-alive connections at once (a bot's
or a frontend server's connection pool) often finds them all, or all but one, in one worker:
measured here with 8 connections over 2 workers, 20 tries, the split was 4/4 twice, 5/3 11
times, 6/2 3 times and 7/1 4 times. With the work of those connections on one worker's
interpreter (one core, since the GIL lets one thread run at a time) the other core idles, and
the service answers about half of what it could, at twice the latency.

:class:`BalancedThreadWorker` does two things about it, through counts of the connections
each worker holds, published in memory shared by all workers (allocated in the master before
it forks them):

* **At accept:** a worker that holds more connections than another live worker lets the new
  connection go to it: it waits :data:`YIELD_SECONDS` before its own ``accept``, which then
  finds nothing if the other worker took the connection meanwhile. The wait releases the GIL
  (the worker's threads go on serving) and is bounded, so a stuck or busy sibling delays a
  connection by at most that long and never refuses one.
* **While serving:** a worker that holds :data:`SHED_MARGIN` or more connections beyond
  another's answers one request with ``Connection: close`` (at most one every
  :data:`SHED_PAUSE_SECONDS`), and the client's next connection goes, by the rule above, to
  the worker holding fewer. This mends a split the accept could not prevent, and above all the
  one every recycled worker leaves behind (``max_requests``): its clients reconnect while its
  replacement is still starting, so they all land on the other worker and would stay there
  for as long as they keep their connections. A stopping worker gives up its count at once,
  so that nobody sheds connections towards it.
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
#: A worker holding this many connections more than another closes one after its answer.
SHED_MARGIN = 2
#: The least time between two such closes by one worker, so that the counts catch up
#: (the reconnection is accepted and published) before it decides again.
SHED_PAUSE_SECONDS = 0.01

# Shared by every worker forked after this module is imported (gunicorn imports the worker
# class in the master): per slot, the pid of the worker holding it (0: free) and how many
# connections it holds.
_owner = multiprocessing.RawArray("i", SLOTS)
_held = multiprocessing.RawArray("i", SLOTS)
_claim = multiprocessing.Lock()
# One past the highest slot ever claimed: the slots worth reading.
_used = multiprocessing.RawValue("i", 0)


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
                _used.value = max(_used.value, slot + 1)
                return slot
    return SLOTS - 1


def release_slot(slot: int, pid: int) -> None:
    """Give back ``slot`` if worker ``pid`` still holds it."""
    with _claim:
        if _owner[slot] == pid:
            _owner[slot], _held[slot] = 0, 0


def fewest_held_elsewhere(slot: int) -> int | None:
    """The fewest connections any other worker holds, or None if there is no other worker."""
    return _fewest_elsewhere(slot)[0]


def _fewest_elsewhere(slot: int) -> tuple[int | None, int]:
    """The fewest connections any other worker holds (None if there is no other worker) and
    that worker's pid (0 if none)."""
    fewest, whose = None, 0
    for other in range(_used.value):
        owner = _owner[other]
        if other != slot and owner:
            held = _held[other]
            if fewest is None or held < fewest:
                fewest, whose = held, owner
    return fewest, whose


def should_shed(held: int, fewest: int | None) -> bool:
    """Whether a worker holding ``held`` connections should close one so that it goes to
    the worker holding ``fewest`` (None: there is no other worker)."""
    return fewest is not None and held >= fewest + SHED_MARGIN


class BalancedThreadWorker(ThreadWorker):  # type: ignore[misc]
    """gunicorn's ``gthread`` worker that leaves a new connection to a worker holding fewer,
    and hands one of its own over when it holds too many (see the module's docstring)."""

    slot = SLOTS - 1
    next_shed = 0.0

    def init_process(self) -> None:
        self.slot = claim_slot(os.getpid())
        super().init_process()

    def publish(self) -> None:
        """Publish how many connections this worker holds; a stopping worker gives its slot
        up instead, so that no other worker hands it connections it will not take."""
        pid = os.getpid()
        if _owner[self.slot] != pid:
            return
        if self.alive:
            _held[self.slot] = self.nr_conns
        else:
            release_slot(self.slot, pid)

    def sheds_this_connection(self) -> bool:
        """Whether this request's answer should close its connection so that the client's
        next one goes to a worker holding fewer (at most one per ``SHED_PAUSE_SECONDS``)."""
        if not self.alive:
            return False
        now = time.monotonic()
        if now < self.next_shed:
            return False
        fewest, whose = _fewest_elsewhere(self.slot)
        if not should_shed(self.nr_conns, fewest) or not _alive(whose):
            return False
        self.next_shed = now + SHED_PAUSE_SECONDS
        return True

    def handle_request(self, req: Any, conn: Any) -> bool:
        """Serve the request; its answer says ``Connection: close`` if this worker is shedding
        a connection."""
        if self.sheds_this_connection():
            req.must_close = True
        result: bool = super().handle_request(req, conn)
        return result

    def accept(self, listener: socket.socket) -> None:
        """Accept a waiting connection, after a short wait if another worker holds fewer
        connections than this one (it takes the connection first; ours finds none)."""
        fewest = fewest_held_elsewhere(self.slot)
        if fewest is not None and self.nr_conns > fewest:
            time.sleep(YIELD_SECONDS)
        super().accept(listener)
        self.publish()

    def wait_for_and_dispatch_events(self, timeout: Any) -> None:
        """One turn of the event loop, then publish the connections held after it."""
        super().wait_for_and_dispatch_events(timeout)
        self.publish()

    def run(self) -> None:
        try:
            super().run()
        finally:
            release_slot(self.slot, os.getpid())

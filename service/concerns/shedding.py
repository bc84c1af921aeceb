"""Load shedding: a per-worker limit on concurrent heavy requests, judged by estimated cost.

Every request to a game is bounded on its own (body size, perft depth and budget, replay length,
render size), but a few clients sending expensive allowed requests at once can still hold every
thread of every worker and slow ordinary requests tenfold (docs/load.md). So before any work,
admission asks the operation for the cost of the request (its declared ``cost``, a function
of the configured game and the validated body that works through the generic Game interface:
perft by the nodes of its tree, replay by its moves, suggest by its playouts and time cap, a
PNG by its pixels, a record's import by its text and plies; the unit costs below are shared by
all of them).

A request whose estimate reaches ``REFEREE_HEAVY_MS`` is heavy. A worker runs at most
``REFEREE_HEAVY_PER_WORKER`` heavy requests at once; one more is answered at once with 503
``overloaded``, a ``Retry-After`` header and a problem document, without doing any of its work.
A heavy request shares its worker's one interpreter lock with the ordinary requests served
beside it, and takes about half of it; so when other requests were served while it ran, the
worker then rests from heavy work for ``REFEREE_HEAVY_REST_RATIO`` times as long as it took
(heavy requests in that time get the same 503): with the default of 2, heavy work takes at
most a third of a busy worker's time (docs/load.md has the runs that chose it). A worker with
nothing else to do runs heavy requests back to back.
Ordinary requests are never shed. A new operation with a costly input declares its cost.

The costs are milliseconds of CPU on the development machine (the per-unit figures below come
from ``python -m limits`` and docs/limits.md: perft at about 20-55 us per node, replay at 60-150
ms per 1000 plies, PNG at 25-50 ms at 480 px and 60-160 ms at 2000 px); they only have to rank
requests, not predict them.

==============================  =========================================  =======
variable                        meaning                                    default
==============================  =========================================  =======
``REFEREE_LOAD_SHEDDING``       ``0`` turns shedding off                   on
``REFEREE_HEAVY_MS``            estimate (ms) from which a request is      50
                                heavy
``REFEREE_HEAVY_PER_WORKER``    heavy requests a worker runs at once       1
``REFEREE_HEAVY_REST_RATIO``    rest after a contended heavy request, as   2
                                a multiple of its duration
``REFEREE_RETRY_AFTER_S``       the ``Retry-After`` of a 503 (seconds)     1
==============================  =========================================  =======
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import Any, Mapping


from service.telemetry import metrics
from service.http.problems import Problem

#: estimated milliseconds per node of a search tree (a generation of legal moves and an apply)
SEARCH_MS_PER_NODE = 0.05
#: estimated milliseconds per move of a replay (parse, legality, apply, status)
REPLAY_MS_PER_MOVE = 0.15
#: estimated milliseconds per KiB of a record's text read (1.2 for a usual record; 9 for the
#: worst measured, 60 KiB of empty comments)
RECORD_MS_PER_KIB = 9.0
#: estimated milliseconds per playout of the computer opponent's tree search (0.1 to 3 ms in
#: two-player games, up to 10 with four players)
PLAYOUT_MS = 1.0
#: a PNG: rasteriser set-up, then milliseconds per million pixels
PNG_MS = 25.0
PNG_MS_PER_MEGAPIXEL = 30.0

HEAVY_MS, HEAVY_PER_WORKER, HEAVY_REST_RATIO, RETRY_AFTER_S = 50.0, 1, 2.0, 1


class Overloaded(Problem):
    """503 ``overloaded``: this worker already runs as many heavy requests as it may."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(503, "overloaded",
                         "The service is busy with other expensive requests; retry this one "
                         f"after {retry_after} s, or ask for less work (a smaller depth, "
                         "fewer moves, a smaller picture).")
        self.headers = {"Retry-After": str(retry_after)}


def tree_nodes(branching: int, depth: int, cap: int) -> int:
    """Nodes that generate moves in a search ``depth`` plies deep: 1 + b + ... + b^(depth-1),
    at most ``cap`` + 1 (the work budget stops it there)."""
    nodes, level = 0, 1
    for _ in range(depth):
        nodes += level
        if nodes > cap:
            return cap + 1
        level *= max(branching, 1)
    return nodes


# ---- the gate -----------------------------------------------------------------------------------

@dataclass
class Gate:
    """One worker's heavy-request slots and rest (a process's own: the app is built before
    gunicorn forks, and each worker gets its own copy, free)."""

    heavy_ms: float
    slots: int
    retry_after: int
    rest_ratio: float = HEAVY_REST_RATIO

    def __post_init__(self) -> None:
        self._free = threading.BoundedSemaphore(self.slots)
        #: game requests admitted so far (a lost increment between threads does not matter:
        #: only whether it moved while a heavy request ran)
        self.admitted = 0
        self._rest_until = 0.0

    def try_enter(self) -> "Ticket | None":
        """A ticket for one heavy request, or None when the slots are taken or the worker
        rests."""
        if time.monotonic() < self._rest_until or not self._free.acquire(blocking=False):
            return None
        metrics.HEAVY_IN_FLIGHT.inc()
        return Ticket(self, time.monotonic(), self.admitted)

    def admit(self, cost_ms: float) -> "Ticket | None":
        """Count a request as admitted and let it run: None for one that is not heavy, a
        ticket for a heavy one that got a slot (hand it back to :meth:`leave` when the
        request ends, whatever happened); raise Overloaded for a heavy one that did not."""
        self.admitted += 1
        if cost_ms < self.heavy_ms:
            return None
        ticket = self.try_enter()
        if ticket is None:
            raise Overloaded(self.retry_after)
        return ticket

    def leave(self, ticket: "Ticket") -> None:
        """Free the slot; rest if other requests were served while the heavy one ran."""
        now = time.monotonic()
        if self.admitted > ticket.admitted_before and self.rest_ratio > 0:
            self._rest_until = max(self._rest_until,
                                   now + (now - ticket.started) * self.rest_ratio)
        metrics.HEAVY_IN_FLIGHT.dec()
        self._free.release()


@dataclass(frozen=True)
class Ticket:
    """A heavy request's hold on a slot: when it started and what had been admitted then."""

    gate: Gate
    started: float
    admitted_before: int


def _number(settings: Mapping[str, Any], name: str, default: float, minimum: float) -> float:
    raw = settings.get(name)
    if raw is None or str(raw).strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {raw!r}.") from None
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum:g}, not {raw!r}.")
    return value


def gate_from(settings: Mapping[str, Any]) -> Gate | None:
    """The gate the settings configure, or None when shedding is off."""
    if str(settings.get("REFEREE_LOAD_SHEDDING") or "1").strip().lower() in ("0", "false",
                                                                             "no", "off"):
        return None
    return Gate(heavy_ms=_number(settings, "REFEREE_HEAVY_MS", HEAVY_MS, 0),
                slots=int(_number(settings, "REFEREE_HEAVY_PER_WORKER", HEAVY_PER_WORKER, 1)),
                rest_ratio=_number(settings, "REFEREE_HEAVY_REST_RATIO", HEAVY_REST_RATIO, 0),
                retry_after=int(_number(settings, "REFEREE_RETRY_AFTER_S", RETRY_AFTER_S, 1)))


SETTINGS = ("REFEREE_LOAD_SHEDDING", "REFEREE_HEAVY_MS", "REFEREE_HEAVY_PER_WORKER",
            "REFEREE_HEAVY_REST_RATIO", "REFEREE_RETRY_AFTER_S")


def gate_for(config: Mapping[str, Any]) -> Gate | None:
    """The gate the app's config sets, falling back on the environment (None: shedding
    off)."""
    return gate_from({name: config.get(name, os.environ.get(name)) for name in SETTINGS})

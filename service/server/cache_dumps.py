"""The workers' cache counts, for the benchmark's hit rates: with ``REFEREE_CACHE_STATS_DIR``
set, each worker notes its counts when it forks and writes what it counted since to
``<dir>/<pid>.json`` when it exits (:mod:`service.telemetry.caches` counts)."""

from __future__ import annotations

import json
import os
from typing import Any

#: where workers write their cache counts when they exit; unset: never
CACHE_STATS_DIR = "REFEREE_CACHE_STATS_DIR"


def note_baseline(worker: Any) -> None:
    """In a worker just forked: its cache counts so far, when counts are asked for."""
    if os.environ.get(CACHE_STATS_DIR):
        from service.telemetry import caches

        worker.cache_baseline = caches.snapshot()


def dump_counts(worker: Any) -> None:
    """In a worker exiting: its cache counts since :func:`note_baseline`, written to
    ``<dir>/<pid>.json`` when counts are asked for."""
    directory = os.environ.get(CACHE_STATS_DIR)
    baseline = getattr(worker, "cache_baseline", None)
    if directory and baseline is not None:
        from service.telemetry import caches

        with open(os.path.join(directory, f"{os.getpid()}.json"), "w") as f:
            json.dump(caches.since(baseline), f)

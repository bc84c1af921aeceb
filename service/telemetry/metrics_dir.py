"""The directory of the workers' metric files (prometheus-client's multiprocess mode): the one
place that reads ``PROMETHEUS_MULTIPROC_DIR``.

The master chooses the directory and empties it when it starts, *before* it loads the app:
prometheus-client chooses its mode when it is imported, so this module imports it only inside
:func:`forget_worker`, which runs in the master once workers exist.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import MutableMapping

#: the environment variable naming the metric files' directory (prometheus-client's)
METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR"
#: the directory this master created for them, when the environment named none
_made: list[str] = []


def configured() -> str:
    """The directory the environment names for the metric files ("" without one: a single
    process keeps its metrics in memory)."""
    return os.environ.get(METRICS_DIR, "").strip()


def prepare(environ: MutableMapping[str, str] = os.environ) -> str:
    """In the master, before the app is loaded: the directory named by
    ``PROMETHEUS_MULTIPROC_DIR``, emptied (created if missing), or, when the variable is unset,
    a new temporary directory (in ``/dev/shm`` when it is writable), which the variable then
    names for the app and every worker."""
    named = environ.get(METRICS_DIR, "").strip()
    if not named:
        parent = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
        made = tempfile.mkdtemp(prefix="referee-metrics-", dir=parent)
        _made.append(made)
        environ[METRICS_DIR] = made
        return made
    os.makedirs(named, exist_ok=True)
    for name in os.listdir(named):  # a previous run's files would be summed in
        path = os.path.join(named, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    return named


def forget_worker(pid: int) -> None:
    """In the master, when a worker has exited: its live gauges (heavy requests in flight,
    readiness) no longer count; its counters and histograms stay in the sums."""
    if configured():
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def remove_made() -> None:
    """Remove the directory this master created (never one the operator named)."""
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)

"""Production gunicorn settings: the one configuration of ``python -m service``, the container
and the tests (``gunicorn -c python:service.server.gunicorn_conf "service.http.app:create_app()"``).

Rules adjudication is CPU-bound pure Python, so the worker count follows the CPUs this process
may actually use (its CPU affinity and, in a container, the cgroup CPU quota), one process per
core; a few threads per worker let a cheap request share the CPU with an expensive one (perft at
the cap) instead of queueing behind it, and a 1 ms GIL switch interval (Python's default is
5 ms) hands the CPU to the cheap request sooner (docs/load.md has the measurements). Every
value can be overridden from the environment:

============================  =====================================  ==========================
variable                      setting                                default
============================  =====================================  ==========================
``HOST``, ``PORT``            ``bind``                               ``127.0.0.1``, ``8000``
``WEB_CONCURRENCY``           ``workers``                            usable CPUs
``GUNICORN_WORKER_CLASS``     ``worker_class``                       gthread, balanced (below)
``GUNICORN_THREADS``          ``threads`` per worker                 8
``GIL_SWITCH_INTERVAL_MS``    ``sys.setswitchinterval`` in workers   1 ms
``GC_FULL_EVERY``             gen-1 collections per full collection  100 (Python's default: 10)
``MALLOC_ARENA_MAX``          glibc's malloc arenas (all threads)    2 (glibc's: 8 per core)
``MALLOC_MMAP_THRESHOLD_``    blocks mapped for themselves, bytes    131072, fixed (glibc's
                                                                     rises to 32 MiB)
``GUNICORN_TIMEOUT``          ``timeout`` (silent worker killed)     30 s
``GUNICORN_GRACEFUL_TIMEOUT`` ``graceful_timeout`` (drain on TERM)   20 s
``GUNICORN_KEEPALIVE``        ``keepalive``                          5 s
``GUNICORN_MAX_REQUESTS``     ``max_requests`` (+ jitter)            200000 (+ up to 20000)
``GUNICORN_WORKER_TMP_DIR``   ``worker_tmp_dir`` (heartbeat files)   ``/dev/shm`` if writable
``GUNICORN_PRELOAD``          ``preload_app``                        1 (on)
``GUNICORN_ACCESSLOG``        ``accesslog`` (``-`` = stdout)         ``-``
``GUNICORN_LOGLEVEL``         ``loglevel``                           ``info``
``PROMETHEUS_MULTIPROC_DIR``  the workers' metric files (emptied at  a new temporary directory
                              start)                                 (``/dev/shm`` if writable)
============================  =====================================  ==========================

Balanced: the worker class is gunicorn's ``gthread`` worker, except that a worker holding more
connections than another leaves a new one to it (:mod:`service.server.balance`), so that a client's
few keep-alive connections land on every core; ``GUNICORN_WORKER_CLASS=gthread`` restores
gunicorn's own.

The modules beside this one do the work its hooks call: :mod:`service.server.cpus` (the
worker count), :mod:`service.server.access_log` (the JSON access log),
:mod:`service.server.refusals` (gunicorn's own refusals as problem documents),
:mod:`service.server.malloc` (glibc's allocator, bounded for threaded workers),
:mod:`service.server.cache_dumps` (the benchmark's cache counts) and
:mod:`service.telemetry.metrics_dir` (the metric files' directory). The limits are
:mod:`service.http.limits`'s.

Readiness: with ``preload_app`` the master builds the app, which warms every rules engine
(:func:`service.http.app.warm_up`), *before* it binds the port; nothing answers (connections are
refused) until the engines are loaded, and every worker forked afterwards starts warm, so a
worker that dies is replaced in milliseconds.

Metrics (:mod:`service.telemetry.metrics`): prometheus-client's multiprocess mode, so that ``GET
/metrics`` sums every worker's figures. The master chooses the directory of the workers'
files and empties it when it starts, *before* it loads the app (the mode is chosen when
prometheus-client is imported, and with ``preload_app`` the app is loaded before
``on_starting`` runs), so in :func:`nworkers_changed`, the one hook that runs then; gunicorn
marks each worker that exits dead (:func:`child_exit`), which drops its live gauges and keeps
its counts; a directory the master made itself is removed when it exits
(:mod:`service.telemetry.metrics_dir`).
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

from service.http.limits import (MAX_BODY_BYTES, MAX_HEADER_FIELD_BYTES, MAX_HEADER_FIELDS,
                                 MAX_REQUEST_LINE)
from service.server import malloc
from service.server.cpus import usable_cpus
from service.telemetry import metrics_dir


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    return default if not value else value not in ("0", "false", "no", "off")


def _worker_tmp_dir() -> str | None:
    configured = os.environ.get("GUNICORN_WORKER_TMP_DIR", "").strip()
    if configured:
        return configured
    # The heartbeat file is touched by every worker every second: keep it in memory, and off a
    # read-only root filesystem (Kubernetes mounts an emptyDir and sets the variable).
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


#: the default worker class: gunicorn's gthread worker that spreads connections evenly
BALANCED_WORKER = "service.server.balance.BalancedThreadWorker"

# glibc's allocator: 2 arenas and a fixed mmap threshold, set here in the master before the app
# is loaded, so that every worker forked from it has them (service/server/malloc.py)
malloc.bound()

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = _env_int("WEB_CONCURRENCY", usable_cpus())
# gthread, with new connections left to the worker holding the fewest (service/server/balance.py)
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "").strip() or BALANCED_WORKER
threads = _env_int("GUNICORN_THREADS", 8)
preload_app = _env_flag("GUNICORN_PRELOAD", True)
worker_tmp_dir = _worker_tmp_dir()

# A worker silent for `timeout` seconds is killed and replaced; on SIGTERM workers stop accepting
# and finish in-flight requests for up to `graceful_timeout` seconds (keep Kubernetes'
# terminationGracePeriodSeconds above it).
timeout = _env_int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _env_int("GUNICORN_GRACEFUL_TIMEOUT", 20)
keepalive = _env_int("GUNICORN_KEEPALIVE", 5)

# Recycle workers now and then (staggered by the jitter) so that no slow leak grows unbounded.
# Rarely: a recycled worker's replacement is forked from the master and copies the pages it
# touches, which slows the service for a few hundred milliseconds (docs/performance.md), and
# a worker's memory is bounded without it (its caches by REFEREE_CACHE_MIB, docs/deploy.md).
max_requests = _env_int("GUNICORN_MAX_REQUESTS", 200000)
max_requests_jitter = _env_int("GUNICORN_MAX_REQUESTS_JITTER", 20000)

# Request line and headers are bounded here; bodies by the app (413 beyond MAX_BODY_BYTES).
limit_request_line = MAX_REQUEST_LINE
limit_request_fields = MAX_HEADER_FIELDS
limit_request_field_size = MAX_HEADER_FIELD_BYTES


def nworkers_changed(server: Any, new_value: int, old_value: int | None) -> None:
    """The first call (``old_value`` None) comes as the master starts, before it loads the
    app: the metrics directory is prepared then (:func:`service.telemetry.metrics_dir.prepare`).
    A master re-executed by USR2 (``GUNICORN_PID`` set) shares its parent's directory and keeps
    it."""
    if old_value is None and "GUNICORN_PID" not in os.environ:
        metrics_dir.prepare()


def child_exit(server: Any, worker: Any) -> None:
    """In the master, when a worker has exited (however): its live gauges no longer count."""
    metrics_dir.forget_worker(worker.pid)


def on_exit(server: Any) -> None:
    """Remove the metrics directory this master created (never one the operator named)."""
    metrics_dir.remove_made()


def post_fork(server: Any, worker: Any) -> None:
    """In each worker: a shorter GIL switch interval, so that a thread serving a cheap request
    does not wait 5 ms per turn behind threads computing perft; traces set up when asked."""
    interval_ms = float(os.environ.get("GIL_SWITCH_INTERVAL_MS", "").strip() or 1)
    sys.setswitchinterval(interval_ms / 1000)
    # Traces, when the OTEL_* variables ask for them: set up here, in the worker, since the
    # exporter's thread would not survive the fork (service/telemetry/tracing.py)
    from service.telemetry import tracing

    from .cache_dumps import note_baseline

    tracing.setup()
    note_baseline(worker)


def when_ready(server: Any) -> None:
    """In the master, once the app is loaded (with ``preload_app``) and before any worker
    forks: collect what loading left behind, then freeze the rest, so that workers share
    the frozen pages and start with nothing for the collector to walk."""
    gc.collect()
    gc.freeze()


def post_worker_init(worker: Any) -> None:
    """Once the worker has the app (loaded and warmed up, before or after the fork): move
    everything it holds so far out of the garbage collector's sight (``gc.freeze``). The
    engines' tables are tens of thousands of long-lived objects without cycles that every
    full collection would otherwise walk again, pausing a request for tens of milliseconds.

    Then make full collections rare (one per ``GC_FULL_EVERY`` collections of the middle
    generation instead of 10): what reaches the old generation while serving is mostly the
    analysis caches' entries, which are acyclic and freed by reference counting when evicted,
    and a full collection walks all of them while every thread of the worker waits
    (milliseconds: docs/performance.md). Cyclic garbage (a few objects per request answered by
    Flask) is still collected young; what little reaches the old generation waits for a full
    collection, about one per 100,000 requests."""
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _env_int("GC_FULL_EVERY", 100))
    app = getattr(worker, "wsgi", None)
    config = getattr(app, "config", None)
    if config is not None:   # this worker's own readiness gauge (its files are its own)
        from service.telemetry import metrics

        metrics.set_ready(bool(config.get("ENGINES_READY")))


def worker_exit(server: Any, worker: Any) -> None:
    """Export the spans still waiting (traces on); write this worker's cache counts when the
    benchmark asks (:mod:`service.server.cache_dumps`)."""
    from service.telemetry import tracing

    from .cache_dumps import dump_counts

    tracing.shutdown()
    dump_counts(worker)


def pre_request(worker: Any, req: Any) -> None:
    """Close, and say so, a connection whose request body is over the app's limit.

    The app answers such a request 413 without reading the body, and gunicorn drains at most
    64 KiB of an unread body before it closes the connection, after an answer that promised
    ``Connection: keep-alive``: the client's next request on it would be lost. Marking the
    request makes gunicorn answer ``Connection: close`` instead. (A chunked body has no length
    to check: the app reads it one byte past the limit and, when that byte exists, marks the
    request through :func:`service.http.body.remember_server_request`.)
    """
    from service.http.body import remember_server_request

    remember_server_request(req)

    for name, value in req.headers:
        if name == "CONTENT-LENGTH":
            try:
                too_large = int(value) > MAX_BODY_BYTES
            except ValueError:
                too_large = False
            if too_large:
                req.must_close = True
            break


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    """Drop the reference :func:`pre_request` left for the app."""
    from service.http.body import forget_server_request

    forget_server_request()


def on_starting(server: Any) -> None:
    """Before workers fork: gunicorn's own error answers become problem documents
    (:mod:`service.server.refusals`)."""
    from .refusals import patch_gunicorn

    patch_gunicorn()


# Logs: JSON access log on stdout, the error log on stderr.
logger_class = "service.server.access_log.JsonLogger"
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-")
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")

# No control socket: it would be written under $HOME (read-only in the container), and two
# servers on one machine would fight over the same path.
control_socket_disable = True
proc_name = "boardgame-referee"


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
its counts; a directory the master made itself is removed when it exits.
"""

from __future__ import annotations

import gc
import json
import math
import os
import shutil
import sys
import tempfile
import time
from typing import Any, MutableMapping

from gunicorn.glogging import Logger

from service.http.requestid import ENVIRON_KEY as REQUEST_ID_KEY


def usable_cpus() -> int:
    """CPUs this process may use: its affinity mask, capped by a cgroup v2/v1 CPU quota."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    quota = _cgroup_quota()
    if quota is not None:
        cpus = min(cpus, max(1, math.ceil(quota)))
    return max(1, cpus)


def _cgroup_quota() -> float | None:
    """The CPU quota in CPUs (``limits.cpu`` of a Kubernetes container), or None if unlimited."""
    try:
        with open("/sys/fs/cgroup/cpu.max") as f:  # cgroup v2: "<quota> <period>" or "max ..."
            quota, period = f.read().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:  # cgroup v1
        with open("/sys/fs/cgroup/cpu/cpu.cfs_quota_us") as f:
            quota_us = int(f.read())
        with open("/sys/fs/cgroup/cpu/cpu.cfs_period_us") as f:
            period_us = int(f.read())
        return None if quota_us <= 0 else quota_us / period_us
    except (OSError, ValueError):
        return None


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


def _response_header(resp: Any, name: str) -> str | None:
    """The value of the response header ``name`` (lower case), if any."""
    for key, value in getattr(resp, "headers", None) or ():
        if key.lower() == name:
            return str(value)
    return None


class JsonLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's logger with one JSON object per access-log line (values properly escaped)."""

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        if not self.access_log_enabled:
            return
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        record = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "remote": environ.get("REMOTE_ADDR", "-"),
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "query": environ.get("QUERY_STRING") or None,
            "protocol": environ.get("SERVER_PROTOCOL"),
            "status": int(status) if str(status).isdigit() else status,
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "agent": environ.get("HTTP_USER_AGENT"),
            "request_id": environ.get(REQUEST_ID_KEY) or _response_header(resp, "x-request-id"),
            "pid": os.getpid(),
        }
        try:
            self.access_log.info(json.dumps(record, separators=(",", ":")))
        except Exception:  # pragma: no cover - logging must never fail a request
            self.exception("access log")


#: the default worker class: gunicorn's gthread worker that spreads connections evenly
BALANCED_WORKER = "service.server.balance.BalancedThreadWorker"

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
# touches, which slows the service for a few hundred milliseconds (docs/performance.md),
# while a worker's memory grows by about 3 MB per 64,000 requests once its caches are full.
max_requests = _env_int("GUNICORN_MAX_REQUESTS", 200000)
max_requests_jitter = _env_int("GUNICORN_MAX_REQUESTS_JITTER", 20000)

# Request line and headers are bounded here; bodies by the app (64 KiB, 413 beyond).
limit_request_line = 4094
limit_request_fields = 64
limit_request_field_size = 8190


#: where workers write their cache counts when they exit (see service/telemetry/caches.py); unset:
#: never
CACHE_STATS_DIR = "REFEREE_CACHE_STATS_DIR"


#: the environment variable naming the metric files' directory (prometheus-client's)
METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR"
#: the directory this master created for them, when the environment named none
_made_metrics_dir: list[str] = []


def prepare_metrics_dir(environ: MutableMapping[str, str] = os.environ) -> str:
    """In the master, before the app is loaded: the directory named by
    ``PROMETHEUS_MULTIPROC_DIR``, emptied (created if missing), or, when the variable is unset,
    a new temporary directory (in ``/dev/shm`` when it is writable), which the variable then
    names for the app and every worker."""
    configured = environ.get(METRICS_DIR, "").strip()
    if not configured:
        parent = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
        made = tempfile.mkdtemp(prefix="referee-metrics-", dir=parent)
        _made_metrics_dir.append(made)
        environ[METRICS_DIR] = made
        return made
    os.makedirs(configured, exist_ok=True)
    for name in os.listdir(configured):  # a previous run's files would be summed in
        path = os.path.join(configured, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    return configured


def nworkers_changed(server: Any, new_value: int, old_value: int | None) -> None:
    """The first call (``old_value`` None) comes as the master starts, before it loads the
    app: the metrics directory is prepared then (:func:`prepare_metrics_dir`). A master
    re-executed by USR2 (``GUNICORN_PID`` set) shares its parent's directory and keeps it."""
    if old_value is None and "GUNICORN_PID" not in os.environ:
        prepare_metrics_dir()


def child_exit(server: Any, worker: Any) -> None:
    """In the master, when a worker has exited (however): its live gauges (heavy requests in
    flight, readiness) no longer count; its counters and histograms stay in the sums."""
    if os.environ.get(METRICS_DIR):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: Any) -> None:
    """Remove the metrics directory this master created (never one the operator named)."""
    while _made_metrics_dir:
        shutil.rmtree(_made_metrics_dir.pop(), ignore_errors=True)


def post_fork(server: Any, worker: Any) -> None:
    """In each worker: a shorter GIL switch interval, so that a thread serving a cheap request
    does not wait 5 ms per turn behind threads computing perft; traces set up when asked."""
    interval_ms = float(os.environ.get("GIL_SWITCH_INTERVAL_MS", "").strip() or 1)
    sys.setswitchinterval(interval_ms / 1000)
    # Traces, when the OTEL_* variables ask for them: set up here, in the worker, since the
    # exporter's thread would not survive the fork (service/telemetry/tracing.py)
    from service.telemetry import tracing

    tracing.setup()
    if os.environ.get(CACHE_STATS_DIR):
        from service.telemetry import caches

        worker.cache_baseline = caches.snapshot()


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
    """Export the spans still waiting (traces on). With ``REFEREE_CACHE_STATS_DIR`` set (the
    benchmark sets it), write this worker's cache counts since its fork to
    ``<dir>/<pid>.json``."""
    from service.telemetry import tracing

    tracing.shutdown()
    directory = os.environ.get(CACHE_STATS_DIR)
    baseline = getattr(worker, "cache_baseline", None)
    if directory and baseline is not None:
        from service.telemetry import caches

        with open(os.path.join(directory, f"{os.getpid()}.json"), "w") as f:
            json.dump(caches.since(baseline), f)


def pre_request(worker: Any, req: Any) -> None:
    """Close, and say so, a connection whose request body is over the app's limit.

    The app answers such a request 413 without reading the body, and gunicorn drains at most
    64 KiB of an unread body before it closes the connection, after an answer that promised
    ``Connection: keep-alive``: the client's next request on it would be lost. Marking the
    request makes gunicorn answer ``Connection: close`` instead. (A chunked body has no length
    to check: the app reads it one byte past the limit and, when that byte exists, marks the
    request through :func:`service.http.limits.remember_server_request`.)
    """
    from service.http.limits import remember_server_request
    from service.operations.schemas import MAX_BODY_BYTES

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
    from service.http.limits import forget_server_request

    forget_server_request()


# Requests gunicorn refuses before the app sees them (a request line over the limit, too many
# or too long headers, a malformed request line or chunk) get a problem document like every
# other error, instead of gunicorn's HTML page.
_GUNICORN_ERRORS = {
    400: ("malformed_request", "The HTTP request is malformed ({mesg}); send a valid "
                               "HTTP/1.1 request."),
    414: ("request_line_too_long", "The request line is longer than 4094 bytes; send the "
                                   "data in a JSON body instead."),
    431: ("headers_too_large", "The request has too many or too long headers (at most 64, "
                               "each under 8190 bytes); send fewer."),
    501: ("unsupported_transfer_coding", "The transfer coding is not supported ({mesg}); "
                                         "send the body with Content-Length or chunked."),
}


def write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """Drop-in for ``gunicorn.util.write_error``: the same answer as problem+json."""
    import orjson
    from gunicorn import util

    from service.http import requestid
    from service.telemetry import metrics
    from service.http.problems import PROBLEM_MEDIA_TYPE, problem_document

    metrics.count_unread_request(str(status_int))
    code, template = _GUNICORN_ERRORS.get(
        status_int, ("internal_error" if status_int >= 500 else "malformed_request",
                     "The server could not handle this request ({mesg})."))
    detail = template.format(mesg=mesg.strip() or reason)
    request_id = requestid.new()   # the request was not read: no id of the client's to trust
    body = orjson.dumps(problem_document(status_int, code, detail, request_id=request_id))
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n"
            f"{requestid.HEADER}: {request_id}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin1") + body)


def on_starting(server: Any) -> None:
    """Before workers fork: gunicorn's own error answers become problem documents (the
    worker looks ``util.write_error`` up at each error, so every worker inherits this)."""
    from gunicorn import util

    util.write_error = write_problem


# Logs: JSON access log on stdout, the error log on stderr.
logger_class = "service.server.gunicorn_conf.JsonLogger"
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-")
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")

# No control socket: it would be written under $HOME (read-only in the container), and two
# servers on one machine would fight over the same path.
control_socket_disable = True
proc_name = "boardgame-referee"


"""The service's Prometheus metrics, and their exposition at ``GET /metrics``.

Every series is declared here, and counted where what it counts happens: requests and their
duration by the WSGI layer every request passes (:mod:`service.http.observe`), heavy requests in
flight and shed by the shedding gate and admission, limit hits and signing refusals where a
problem document is written (:func:`count_problem`, by its code), suggest's playouts and search
time by its answer, readiness by the warm-up. This module has no Flask dependency.

Under gunicorn the metrics are in prometheus-client's multiprocess mode: the master sets
``PROMETHEUS_MULTIPROC_DIR`` before the app is loaded (:mod:`service.telemetry.metrics_dir`), each
worker writes its values to its own memory-mapped files there, and a scrape, answered by any
worker, sums every worker's files, those of dead workers included (counters survive a worker;
the live gauges of a dead one are removed when gunicorn reaps it). The exposition only reads
files: it takes no lock a request takes. A single process without that variable (the Flask
test client, a script) keeps the values in memory, in a registry of its own.

The names are a contract with the alert rules and dashboards: ``docs/operations.md`` lists them.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import multiprocess

from . import metrics_dir

#: the media type of the text exposition format
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: request-duration buckets (seconds), for a service whose p50 is a few milliseconds
BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: suggest's search-time buckets (seconds): its time cap is a few seconds
SUGGEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: problem codes that say a request went past a limit of the service's
LIMIT_CODES = frozenset({"body_too_large", "work_limit_exceeded", "request_line_too_long",
                         "headers_too_large"})
#: problem codes that refuse a position for its signature
SIGNING_CODES = frozenset({"unsigned_position", "bad_signature", "clock_skew",
                           "token_wrong_game", "token_superseded", "token_ahead"})

#: where this process's metrics are registered; exposed as it is only without multiprocess
#: mode (with it, a fresh registry reads every process's files at each scrape)
REGISTRY = CollectorRegistry(auto_describe=True)

REQUESTS = Counter(
    "referee_requests", "Requests answered, by operation (operationId; 'unknown' for a path "
    "no operation has, 'preflight' for a CORS preflight), game and HTTP status.",
    ["operation", "game", "status"], registry=REGISTRY)
DURATION = Histogram(
    "referee_request_duration_seconds", "Time from the request reaching the app to its "
    "answer, by operation and game.", ["operation", "game"], buckets=BUCKETS,
    registry=REGISTRY)
HEAVY_IN_FLIGHT = Gauge(
    "referee_heavy_in_flight", "Heavy requests admitted and running now.",
    multiprocess_mode="livesum", registry=REGISTRY)
SHED = Counter(
    "referee_shed", "Heavy requests answered 503 overloaded, by operation and game.",
    ["operation", "game"], registry=REGISTRY)
SUGGEST_PLAYOUTS = Counter(
    "referee_suggest_playouts", "Playouts run by suggest, by game and level.",
    ["game", "level"], registry=REGISTRY)
SUGGEST_SECONDS = Histogram(
    "referee_suggest_seconds", "Search time of suggest, by game and level.",
    ["game", "level"], buckets=SUGGEST_BUCKETS, registry=REGISTRY)
LIMIT_HITS = Counter(
    "referee_limit_hits", "Requests refused for going past a limit, by the problem code.",
    ["limit"], registry=REGISTRY)
SIGNING_REFUSALS = Counter(
    "referee_signing_refusals", "Positions refused for their signature, by the problem code.",
    ["code"], registry=REGISTRY)
READY = Gauge(
    "referee_ready", "1 once the rules engines are warm, 0 before.",
    multiprocess_mode="livemax", registry=REGISTRY)

#: label values -> where a request with them is counted: the counter child's value, and the
#: histogram child's sum and buckets with their upper bounds (labels() and the children's own
#: inc and observe cost more than these look-ups; a lost race only builds the same twice)
_request_children: dict[tuple[str, str, str], tuple[Any, Any, Any, Any]] = {}


def multiprocess_mode() -> bool:
    """Whether values go to the files of ``PROMETHEUS_MULTIPROC_DIR`` (under gunicorn)."""
    return bool(metrics_dir.configured())


def _request_values(operation: str, game: str, status: str) -> tuple[Any, Any, Any, Any]:
    """The values a request with these labels adds to: prometheus-client's own value objects
    (in memory, or in this worker's files), which its ``inc`` and ``observe`` reach after
    checks that cost more than the writes (tests/service/test_request_counts.py keeps the
    series identical to theirs, in both modes)."""
    counted = REQUESTS.labels(operation, game, status)
    timed = DURATION.labels(operation, game)
    return counted._value, timed._sum, timed._buckets, timed._upper_bounds


def count_request(operation: str, game: str, status: str, seconds: float) -> None:
    """Count one answered request and its duration."""
    key = (operation, game, status)
    values = _request_children.get(key)
    if values is None:
        values = _request_children[key] = _request_values(operation, game, status)
    count, total, buckets, bounds = values
    count.inc(1)
    total.inc(seconds)
    buckets[bisect_left(bounds, seconds)].inc(1)


def count_unread_request(status: str) -> None:
    """Count a request the server refused before any path was read (no duration)."""
    REQUESTS.labels("unknown", "", status).inc()


def count_problem(code: str) -> None:
    """Count what a problem document with ``code`` says: a limit hit, a signing refusal."""
    if code in LIMIT_CODES:
        LIMIT_HITS.labels(code).inc()
    elif code in SIGNING_CODES:
        SIGNING_REFUSALS.labels(code).inc()


def count_shed(operation: str, game: str) -> None:
    """Count a request answered 503 overloaded."""
    SHED.labels(operation, game).inc()


def count_suggestion(game: str, level: str, playouts: int, seconds: float) -> None:
    """Count one suggestion's playouts and search time."""
    SUGGEST_PLAYOUTS.labels(game, level).inc(playouts)
    SUGGEST_SECONDS.labels(game, level).observe(seconds)


def set_ready(ready: bool) -> None:
    """Say whether this process's engines are warm."""
    READY.set(1 if ready else 0)


def exposition() -> bytes:
    """Every series in the text format: the sum over every process's files in multiprocess
    mode (read afresh, without a lock any request takes), this process's values otherwise."""
    if multiprocess_mode():
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)

"""A request's count and duration (service/telemetry/metrics.py, count_request) are written to
the children's values directly, without prometheus-client's per-call checks: the series must
be exactly what the library's own ``inc`` and ``observe`` make, in one process and in the
multiprocess mode gunicorn's workers use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from prometheus_client import CollectorRegistry, Counter, Histogram

from service.telemetry import metrics

ROOT = Path(__file__).resolve().parents[2]
#: every bucket bound, just under and just over it, zero and past the last bound
DURATIONS = sorted({0.0, 20.0, *metrics.BUCKETS,
                    *(b * 0.999 for b in metrics.BUCKETS), *(b * 1.001 for b in metrics.BUCKETS)})


def series(registry: CollectorRegistry, operation: str) -> dict[str, float]:
    """Every sample of the request series with ``operation``, by name and labels."""
    found = {}
    for family in registry.collect():
        for s in family.samples:
            if s.labels.get("operation") == operation and not s.name.endswith("_created"):
                found[f"{s.name}{sorted(s.labels.items())}"] = s.value
    return found


def library_series(operation: str) -> dict[str, float]:
    """The series the library's own inc and observe make of :data:`DURATIONS`."""
    registry = CollectorRegistry()
    requests = Counter("referee_requests", "", ["operation", "game", "status"],
                       registry=registry)
    duration = Histogram("referee_request_duration_seconds", "", ["operation", "game"],
                         buckets=metrics.BUCKETS, registry=registry)
    for seconds in DURATIONS:
        requests.labels(operation, "g", "200").inc()
        duration.labels(operation, "g").observe(seconds)
    return series(registry, operation)


def test_counted_requests_are_what_the_library_counts_in_one_process():
    operation = "counted-in-one-process"
    for seconds in DURATIONS:
        metrics.count_request(operation, "g", "200", seconds)
    assert series(metrics.REGISTRY, operation) == library_series(operation)


MULTIPROCESS = """
import json, sys
from prometheus_client import CollectorRegistry, multiprocess
from service.telemetry import metrics
assert metrics.multiprocess_mode()
for seconds in json.loads(sys.argv[1]):
    metrics.count_request("counted-in-files", "g", "200", seconds)
registry = CollectorRegistry()
multiprocess.MultiProcessCollector(registry)
print(json.dumps({f"{s.name}{sorted(s.labels.items())}": s.value
                  for family in registry.collect() for s in family.samples
                  if s.labels.get("operation") == "counted-in-files"}))
"""


def test_counted_requests_are_what_the_library_counts_in_the_workers_files(tmp_path):
    out = subprocess.run([sys.executable, "-c", MULTIPROCESS, json.dumps(DURATIONS)],
                         cwd=ROOT, capture_output=True, text=True, check=True,
                         env={"PATH": "", "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)})
    files = json.loads(out.stdout)
    expected = library_series("counted-in-files")
    assert files.keys() == expected.keys()
    for name, value in expected.items():
        assert abs(files[name] - value) < 1e-9, name

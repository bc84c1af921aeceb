"""Short load and fault runs against gunicorn with the production configuration (a few seconds
each): mixed traffic over every game the registry holds with zero 5xx and zero dropped
connections, abusive requests that do not starve ordinary ones, a worker SIGKILLed mid-load
and replaced, SIGTERM draining in-flight requests. The longer runs: ``loadtest/run.py``
(results in docs/load.md). The load client shares the machine's cores with the server.

Each run is counted in requests, not seconds: it sends REQUESTS counted requests however
long they take (GUARD_S only stops a run that hangs), so a busy machine sends the same
load, more slowly. Faults come on observed events, not after a time: the worker is killed once
a quarter of the requests are done; SIGTERM comes once every request is accepted by a worker,
with one whose body is still being sent, so that it is in flight. No assertion compares
timings.
"""

from __future__ import annotations

import http.client
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loadtest import client, faults  # noqa: E402
from loadtest.client import Sample  # noqa: E402
from loadtest.server import Server  # noqa: E402

pytestmark = pytest.mark.timeout(120)

THREADS = 4
#: counted requests (ordinary and invalid) of each run
REQUESTS = 4000
#: a run still going after this long has hung
GUARD_S = 90


@pytest.fixture(scope="module")
def server():
    with Server(workers=2) as s:
        yield s


@pytest.fixture(scope="module")
def plan(server):
    return client.prepare(server.url, seed=7, plies=10)


def assert_clean(summary):
    assert summary["server_errors"] == 0, summary["failures"]
    assert summary["shed"]["ordinary"] == summary["shed"]["invalid"] == 0, summary["shed"]
    assert summary["dropped"] == 0, summary["failures"]
    assert summary["unexpected"] == 0, summary["failures"]


def test_mixed_load_over_every_game(server, plan):
    games = [g["id"] for g in server.get("/v1/games")[1]["games"]]
    assert plan.games == games
    report = client.run(server.url, plan, threads=THREADS, requests=REQUESTS, duration=GUARD_S,
                        seed=7)
    summary = report.summary()
    assert_clean(summary)
    assert summary["games_covered"] == sorted(games)
    assert summary["invalid"]["n"] > 0
    # every kind of invalid request was sent and answered with its 4xx problem document
    assert {k for k in summary["kinds"] if k.startswith("invalid:")} == \
        {r.kind for r in plan.invalid}
    assert all(int(st) < 500 for st in summary["statuses"])
    assert summary["requests"] == REQUESTS


def end(sample: Sample) -> float:
    return sample.start + sample.latency


def answered_within(samples: list[Sample], outer: Sample) -> list[Sample]:
    """The ordinary requests of ``samples`` sent after ``outer`` was and answered before it
    was: served while it was being computed."""
    return [s for s in samples if s.group == "ordinary" and s.outcome == "ok"
            and outer.start < s.start and end(s) < end(outer)]


def test_abusive_requests_do_not_starve_ordinary_ones(server, plan):
    report = client.run(server.url, plan, threads=THREADS, abuse_threads=4, requests=REQUESTS,
                        duration=GUARD_S, seed=8)
    summary = report.summary()
    assert_clean(summary)
    assert summary["requests"] == REQUESTS and summary["abuse"]["n"] >= 2
    # the only 503s are documented sheddings (overloaded, Retry-After) of abusive requests
    assert summary["statuses"].get("503", 0) == summary["shed"]["abuse"]
    assert summary["ordinary"]["n"] >= 100
    # The longest abusive request computed while the ordinary load ran (perft over the
    # budget costs about a second of CPU): ordinary requests sent after it were answered
    # before it, instead of queueing behind it.
    ordinary = report.of("ordinary")
    first, last = min(s.start for s in ordinary), max(end(s) for s in ordinary)
    computed = [s for s in report.of("abuse") if s.outcome == "ok"
                and first <= s.start and end(s) <= last]
    assert computed, "no abusive request was computed while the ordinary load ran"
    longest = max(computed, key=lambda s: s.latency)
    assert answered_within(report.samples, longest), (longest, summary)


def test_over_size_body_closes_the_connection_announced(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request("POST", "/v1/games/mastery/legal-moves", body=b"{}" + b" " * 65535,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        assert resp.status == 413
        assert resp.getheader("Connection") == "close"
        conn.request("GET", "/v1/health")   # http.client reconnects: nothing is lost
        assert conn.getresponse().status == 200
    finally:
        conn.close()


def test_worker_killed_mid_load_is_replaced():
    with Server(workers=2) as s:
        plan = client.prepare(s.url, seed=9, plies=6)
        result = faults.kill_worker_under_load(
            s, plan, threads=THREADS, requests=REQUESTS, duration=GUARD_S,
            kill_when=faults.after_requests(REQUESTS // 4, GUARD_S))
        summary = result.summary()
        assert summary["failed_5xx"] == 0, summary
        assert summary["load"]["unexpected"] == 0, summary
        # Only requests on connections the dead worker held fail: at most one per client
        # connection (measured runs show them within 5 ms of the kill).
        assert summary["failed_requests"] <= THREADS, summary
        assert result.killed_pid not in result.workers_after
        assert len(result.workers_after) == 2
        assert summary["load"]["requests"] == REQUESTS
        # the load went on after the kill: every request not done nor in flight at the kill
        assert result.done_at_kill >= REQUESTS // 4
        assert result.started_after_kill() >= REQUESTS - result.done_at_kill - THREADS, summary
        # and the service still answers
        assert s.get("/v1/ready")[0] == 200


def test_sigterm_drains_in_flight_requests():
    # load shedding off: every slow request is to be in flight when SIGTERM comes
    # and a drain as long as a busy machine needs (production's graceful_timeout is a bound
    # for production's machines)
    env = {"REFEREE_LOAD_SHEDDING": "0", "GUNICORN_GRACEFUL_TIMEOUT": str(GUARD_S)}
    with Server(workers=2, env=env) as s:
        plan = client.prepare(s.url, seed=10, plies=8)
        result = faults.sigterm_drain(s, plan, per_game=8, graceful_timeout=GUARD_S,
                                      wait_s=GUARD_S)
        summary = result.summary()
        assert summary["accept_queue_at_sigterm"] == 0, summary
        assert summary["in_flight_at_sigterm"] >= 1, summary
        assert summary["failed"] == [], summary
        assert summary["answered_200"] == summary["slow_requests"] >= 8
        # every worker stopped accepting, and only then was the held request's body finished:
        # a worker answered it while draining
        assert summary["workers_stopped_accepting"], summary
        assert summary["held_request"]["status"] == 200, summary
        assert summary["master_exit_code"] == 0
        # a connection opened during the drain was never answered
        assert summary["new_connection_refused_after_sigterm"]


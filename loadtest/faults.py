"""Fault scenarios against a running :class:`loadtest.server.Server`.

* :func:`kill_worker_under_load`: SIGKILL one worker while mixed traffic runs; the master must
  replace it, no request may get a 5xx, and only requests on connections the dead worker held
  may fail (they are counted).
* :func:`sigterm_drain`: slow requests (perft depth 3 on positions of every game) in flight when
  the master gets SIGTERM must all complete with 200; the master must exit 0 within the
  graceful timeout and refuse new connections meanwhile. "In flight" means accepted by a
  worker: SIGTERM is sent once the kernel's accept queue is empty. A connection still in that
  queue when the listening socket closes is reset by the kernel, which is why Kubernetes gets
  a preStop pause (the pod leaves the Service endpoints before its SIGTERM).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from . import client
from .server import Server


@dataclass
class KillResult:
    report: client.Report
    killed_pid: int
    kill_at: float                 # seconds into the run
    replaced_after: float          # seconds from the kill to a full set of workers again
    workers_before: list[int]
    workers_after: list[int]

    def failures(self) -> list[client.Sample]:
        return [s for s in self.report.samples if s.outcome != "ok"]

    def summary(self) -> dict[str, Any]:
        fails = self.failures()
        return {
            "load": self.report.summary(),
            "killed_pid": self.killed_pid,
            "kill_at_s": round(self.kill_at, 3),
            "replaced_after_ms": round(self.replaced_after * 1000, 1),
            "workers_before": self.workers_before,
            "workers_after": self.workers_after,
            "failed_requests": len(fails),
            "failed_5xx": sum(1 for s in fails if s.outcome == "server_error"),
            "failed_started_s_after_kill": [round(s.start - self.kill_at, 3) for s in fails],
            "failed_after_replacement": sum(
                1 for s in fails if s.start > self.kill_at + self.replaced_after),
            "failed_more_than_1s_after_kill": sum(1 for s in fails if s.start > self.kill_at + 1),
        }


def kill_worker_under_load(server: Server, plan: client.Plan, *, threads: int = 4,
                           duration: float = 4.0, kill_at: float = 1.5,
                           requests: int = 10**6) -> KillResult:
    info: dict[str, Any] = {}

    def during(rec: client.Recorder) -> None:
        time.sleep(kill_at)
        before = server.worker_pids()
        victim = before[0]
        info["before"] = before
        info["at"] = time.monotonic() - rec.t0
        os.kill(victim, signal.SIGKILL)
        info["pid"] = victim
        t = time.monotonic()
        info["after"] = server.wait_workers(exclude={victim}, timeout=duration + 30)
        info["replaced"] = time.monotonic() - t

    report = client.run(server.url, plan, threads=threads, requests=requests, duration=duration,
                        during=during)
    return KillResult(report, info["pid"], info["at"], info["replaced"], info["before"],
                      info["after"])


@dataclass
class DrainResult:
    answers: list[tuple[str, int | None, str]]     # (request, status or None, error/nodes)
    finished_after_term: list[float]               # seconds after SIGTERM each answer came
    exit_code: int
    exit_after: float
    refused_after_term: bool
    graceful_timeout: int
    sent: int = 0
    details: dict[str, Any] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        return {
            "slow_requests": self.sent,
            "answered_200": sum(1 for _, st, _ in self.answers if st == 200),
            "failed": [a for a in self.answers if a[1] != 200],
            "answered_after_sigterm": sum(1 for t in self.finished_after_term if t > 0),
            "last_answer_s_after_sigterm": round(max(self.finished_after_term), 3),
            "master_exit_code": self.exit_code,
            "master_exit_s_after_sigterm": round(self.exit_after, 3),
            "graceful_timeout_s": self.graceful_timeout,
            "new_connection_refused_after_sigterm": self.refused_after_term,
            **self.details,
        }


def slow_requests(plan: client.Plan, per_game: int = 4, depth: int = 3) -> list[tuple[str, bytes]]:
    """perft ``depth`` on the first ``per_game`` collected positions of every game."""
    out = []
    for gid, positions in plan.positions.items():
        for pos in positions[:per_game]:
            out.append((f"/v1/games/{gid}/perft",
                        json.dumps({"position": pos, "depth": depth}).encode()))
    return out


def sigterm_drain(server: Server, plan: client.Plan, *, per_game: int = 4,
                  term_after: float = 0.4, graceful_timeout: int = 20) -> DrainResult:
    reqs = slow_requests(plan, per_game)
    answers: list[tuple[str, int | None, str] | None] = [None] * len(reqs)
    done_at: list[float] = [0.0] * len(reqs)
    sent = threading.Barrier(len(reqs) + 1)

    def one(i: int, path: str, body: bytes) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        try:
            conn.connect()
            conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            sent.wait()
            resp = conn.getresponse()
            data = resp.read()
            detail = str(json.loads(data).get("nodes")) if resp.status == 200 else data[:200]
            answers[i] = (path, resp.status, str(detail))
        except Exception as exc:  # noqa: BLE001 - every failure is reported
            answers[i] = (path, None, repr(exc))
            try:
                sent.wait(timeout=0)
            except threading.BrokenBarrierError:
                pass
        finally:
            done_at[i] = time.monotonic()
            conn.close()

    pool = [threading.Thread(target=one, args=(i, p, b), daemon=True)
            for i, (p, b) in enumerate(reqs)]
    for t in pool:
        t.start()
    sent.wait(timeout=30)             # every request is written to its socket,
    server.wait_accepted()            # accepted by a worker (none left in the kernel's queue)
    time.sleep(term_after)            # ... and being computed
    queued_at_term = server.accept_queue()
    term = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    time.sleep(0.2)
    try:                              # the listening socket is closed at once
        socket_probe = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
        socket_probe.request("GET", "/v1/health")
        socket_probe.getresponse().read()
        refused = False
    except OSError:
        refused = True
    code = server.proc.wait(graceful_timeout + 10)
    exit_after = time.monotonic() - term
    for t in pool:
        t.join(10)
    return DrainResult([a or ("?", None, "no answer") for a in answers],
                       [d - term for d in done_at], code, exit_after, refused,
                       graceful_timeout, sent=len(reqs),
                       details={"accept_queue_at_sigterm": queued_at_term})

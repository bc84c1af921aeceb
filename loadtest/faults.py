"""Fault scenarios against a running :class:`loadtest.server.Server`.

* :func:`kill_worker_under_load`: SIGKILL one worker while mixed traffic runs, at a moment a
  trigger chooses (:func:`after_seconds` into the run, or :func:`after_requests` once that
  many requests are done); the master must replace it, no request may get a 5xx, and only
  requests on connections the dead worker held may fail (they are counted).
* :func:`sigterm_drain`: slow requests (perft depth 3 on positions of every game) in flight when
  the master gets SIGTERM must all complete with 200, and so must a request whose body is
  still being sent (:class:`HeldRequest`): in flight by construction, its body finished only
  once every worker has stopped accepting connections, so that a worker answers it while
  draining. The master must exit 0 within the graceful timeout, and a connection opened during
  the drain is never answered. "In flight" means accepted by a worker: SIGTERM is sent once
  the kernel's accept queue is empty. A connection still in that queue when the listening
  socket closes is reset by the kernel, which is why Kubernetes gets a preStop pause (the pod
  leaves the Service endpoints before its SIGTERM).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import client
from .server import Server


#: waits, in the calling thread of a run, for the moment to inject a fault
Trigger = Callable[[client.Recorder], None]


def after_seconds(seconds: float) -> Trigger:
    """A trigger that fires ``seconds`` into the run (or when the run stops, if sooner)."""
    def wait(rec: client.Recorder) -> None:
        rec.stop.wait(max(0.0, rec.t0 + seconds - time.monotonic()))
    return wait


def after_requests(count: int, timeout: float) -> Trigger:
    """A trigger that fires once ``count`` counted requests of the run are done; RuntimeError
    if they are not within ``timeout`` seconds."""
    def wait(rec: client.Recorder) -> None:
        if not rec.wait_done(count, timeout):
            raise RuntimeError(f"{rec.done} requests done in {timeout} s, not {count}")
    return wait


@dataclass
class KillResult:
    report: client.Report
    killed_pid: int
    kill_at: float                 # seconds into the run
    replaced_after: float          # seconds from the kill to a full set of workers again
    workers_before: list[int]
    workers_after: list[int]
    done_at_kill: int = 0          # counted requests done when the worker was killed

    def started_after_kill(self) -> int:
        """Counted requests sent after the kill."""
        return sum(1 for s in self.report.samples
                   if s.group != "abuse" and s.start > self.kill_at)

    def failures(self) -> list[client.Sample]:
        return [s for s in self.report.samples if s.outcome != "ok"]

    def summary(self) -> dict[str, Any]:
        fails = self.failures()
        return {
            "load": self.report.summary(),
            "killed_pid": self.killed_pid,
            "kill_at_s": round(self.kill_at, 3),
            "requests_done_at_kill": self.done_at_kill,
            "requests_started_after_kill": self.started_after_kill(),
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
                           duration: float = 4.0, kill_when: Trigger = after_seconds(1.5),
                           requests: int = 10**6) -> KillResult:
    """Mixed traffic of ``requests`` counted requests (for at most ``duration`` seconds) from
    ``threads`` threads; one worker SIGKILLed when ``kill_when`` fires, and its replacement
    waited for."""
    info: dict[str, Any] = {}

    def during(rec: client.Recorder) -> None:
        kill_when(rec)
        before = server.worker_pids()
        victim = before[0]
        info["before"] = before
        info["at"] = time.monotonic() - rec.t0
        info["done"] = rec.done
        os.kill(victim, signal.SIGKILL)
        info["pid"] = victim
        t = time.monotonic()
        info["after"] = server.wait_workers(exclude={victim}, timeout=duration + 30)
        info["replaced"] = time.monotonic() - t

    report = client.run(server.url, plan, threads=threads, requests=requests, duration=duration,
                        during=during)
    return KillResult(report, info["pid"], info["at"], info["replaced"], info["before"],
                      info["after"], info["done"])


@dataclass
class DrainResult:
    answers: list[tuple[str, int | None, str]]     # (request, status or None, error/nodes)
    finished_after_term: list[float]               # seconds after SIGTERM each answer came
    exit_code: int
    exit_after: float
    refused_after_term: bool
    graceful_timeout: int
    sent: int = 0
    held: HeldAnswer | None = None
    stopped_accepting: bool = False
    details: dict[str, Any] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        held = self.held or HeldAnswer(None, 0.0)
        return {
            "slow_requests": self.sent,
            "answered_200": sum(1 for _, st, _ in self.answers if st == 200),
            "failed": [a for a in self.answers if a[1] != 200],
            "answered_after_sigterm": sum(1 for t in self.finished_after_term if t > 0),
            "last_answer_s_after_sigterm": round(max(self.finished_after_term), 3),
            "held_request": {"status": held.status,
                             "answered_s_after_sigterm": round(held.after_term, 3)},
            "workers_stopped_accepting": self.stopped_accepting,
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


@dataclass(frozen=True)
class HeldAnswer:
    """The answer to a :class:`HeldRequest`: its status (None if none came), and when it came,
    in seconds after the SIGTERM."""

    status: int | None
    after_term: float


class HeldRequest:
    """A POST whose headers and first half of body are sent at once and the rest only when
    :meth:`finish` is called: the worker that accepted it cannot answer before then, so it is
    in flight for as long as the caller holds it."""

    def __init__(self, port: int, path: str, body: bytes, timeout: float = 60.0) -> None:
        self.body = body
        self.half = len(body) // 2
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          f"Content-Type: application/json\r\n"
                          f"Content-Length: {len(body)}\r\n\r\n".encode() + body[:self.half])

    def finish(self, term: float) -> HeldAnswer:
        """Send the rest of the body and read the answer (``term``: when SIGTERM was sent,
        on :func:`time.monotonic`'s clock)."""
        try:
            self.sock.sendall(self.body[self.half:])
            response = http.client.HTTPResponse(self.sock)
            response.begin()
            response.read()
            return HeldAnswer(response.status, time.monotonic() - term)
        except (OSError, http.client.HTTPException):
            return HeldAnswer(None, time.monotonic() - term)
        finally:
            self.sock.close()


def wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    """Poll ``condition`` until it holds, for at most ``timeout`` seconds; whether it did."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def probe(port: int) -> socket.socket | None:
    """A connection that asks ``GET /v1/health``, or None if the connection is refused."""
    try:
        conn = socket.create_connection(("127.0.0.1", port), timeout=5)
        conn.sendall(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return conn
    except OSError:
        return None


def answered(conn: socket.socket | None) -> bool:
    """Whether a :func:`probe`'s connection got any answer (read once the server is gone, so
    it is final: a connection nobody accepted was reset or closed without one)."""
    if conn is None:
        return False
    try:
        conn.settimeout(5)
        return conn.recv(16).startswith(b"HTTP/")
    except OSError:
        return False
    finally:
        conn.close()


def sigterm_drain(server: Server, plan: client.Plan, *, per_game: int = 4,
                  term_after: float = 0.0, graceful_timeout: int = 20,
                  wait_s: float = 60.0) -> DrainResult:
    """SIGTERM to the master with slow requests and a :class:`HeldRequest` in flight (see the
    module): sent once every request is accepted by a worker, ``term_after`` seconds later;
    the held request finished once every worker has stopped accepting (waited for at most
    ``wait_s`` seconds), and a new connection opened then."""
    reqs = slow_requests(plan, per_game)
    path, body = reqs[0]
    held = HeldRequest(server.port or 0, path, body)
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
    sent.wait(timeout=wait_s)         # every request is written to its socket,
    server.wait_accepted(wait_s)      # accepted by a worker (none left in the kernel's queue)
    time.sleep(term_after)            # ... and being computed
    queued_at_term = server.accept_queue()
    in_flight = 1 + sum(1 for a in answers if a is None)
    listener = server.listening_inode()
    assert server.proc is not None and listener is not None, "the server runs"
    term = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    stopped = wait_until(lambda: not server.accepting_workers(listener), wait_s)
    late = probe(server.port or 0)    # during the drain: must never be answered
    held_answer = held.finish(term)
    code = server.proc.wait(graceful_timeout + 10)
    exit_after = time.monotonic() - term
    refused = not answered(late)
    for t in pool:
        t.join(10)
    return DrainResult([a or ("?", None, "no answer") for a in answers],
                       [d - term for d in done_at], code, exit_after, refused,
                       graceful_timeout, sent=len(reqs), held=held_answer,
                       stopped_accepting=stopped,
                       details={"accept_queue_at_sigterm": queued_at_term,
                                "in_flight_at_sigterm": in_flight})

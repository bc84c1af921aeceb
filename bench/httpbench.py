"""HTTP throughput and latency under gunicorn with the production configuration.

The server is ``python -m service`` (``service/server/gunicorn_conf.py``: one worker per usable CPU,
gthread, 8 threads, JSON access log, which goes to /dev/null here) on 127.0.0.1 and a free
port. The load generator is this module: ``procs`` client processes (multiprocessing, fork)
with ``connections / procs`` threads each, every thread holding one keep-alive HTTP/1.1
connection over a raw socket (pre-built request bytes; the response is read by its
Content-Length), sending the next request as soon as the answer is in (closed loop). Client
and server share the same cores, so the client's own CPU use is reported beside the figures.

For every game and every endpoint (legal-moves, apply, status, on the game's busiest midgame
position from ``bench/positions``; and legal-moves on the initial position, for scale), runs of
two yardsticks alternate with the endpoint's runs (5 alternations by default, ``seconds / 5``
each after a 0.1 s warm-up), so that all three see the same machine load: the bare app
(:mod:`bench.bare`, a constant answer under the same gunicorn configuration: the stack's
ceiling) and ``GET /v1/health`` (the service's own cheapest request). Each ratio is the median
of the per-alternation ratios of req/s; p99/bare compares the p99 over all alternations.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from multiprocessing.connection import Connection as PipeEnd
from typing import Any, TextIO

import orjson

import rules

from . import positions as P

ROOT = Path(__file__).resolve().parent.parent


# ---- the server ---------------------------------------------------------------------------------

def free_port() -> int:
    """A TCP port free on 127.0.0.1 a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


#: the yardstick's WSGI app (:mod:`bench.bare`), served with the production configuration
BARE_APP = "bench.bare:app"


class Server:
    """``python -m service`` on 127.0.0.1 and a free port, stopped with SIGTERM; with ``app``,
    that WSGI app instead of the service's, under the same gunicorn configuration."""

    def __init__(self, env: dict[str, str] | None = None, app: str | None = None) -> None:
        from service.__main__ import CONFIG, gunicorn_argv

        self.port = free_port()
        self.log = tempfile.TemporaryFile()
        environment = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port), **(env or {})}
        argv = gunicorn_argv() if app is None else ["gunicorn", "-c", CONFIG, app]
        self.proc = subprocess.Popen([sys.executable, "-m", *argv], cwd=ROOT,
                                     env=environment, stdout=subprocess.DEVNULL,
                                     stderr=self.log)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.stderr()}")
            try:
                status, _ = Connection(self.port).request(b"GET /v1/ready HTTP/1.1\r\n"
                                                          b"Host: 127.0.0.1\r\n\r\n")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError("the server did not become ready in 120 s")

    def stderr(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]

    def workers(self) -> int:
        """The number of worker processes, once gunicorn has booted them all (or after 5 s)."""
        from service.server.cpus import usable_cpus

        expected = int(os.environ.get("WEB_CONCURRENCY", "").strip() or usable_cpus())
        count = -1
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True,
                                     text=True).stdout
            except OSError:
                return -1
            count = len(out.split())
            if count >= expected:
                break
            time.sleep(0.1)
        return count

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ---- the client ---------------------------------------------------------------------------------

class Connection:
    """One keep-alive HTTP/1.1 connection; reads each answer by its Content-Length. An answer
    that says ``Connection: close`` closes it, and the next request opens a new one (inside
    that request's time), as an HTTP client's connection pool does."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sock: socket.socket | None = None
        self.buf = b""
        self.connect()

    def connect(self) -> None:
        self.sock = socket.create_connection(("127.0.0.1", self.port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def request(self, data: bytes) -> tuple[int, bytes]:
        if self.sock is None:
            self.connect()
        sock = self.sock
        assert sock is not None
        sock.sendall(data)
        buf = self.buf
        while True:
            end = buf.find(b"\r\n\r\n")
            if end >= 0:
                break
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the server")
            buf += chunk
        head = buf[:end].decode("latin-1")
        status = int(head[9:12])
        length = 0
        closing = False
        for line in head.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection":
                closing = value.strip().lower() == "close"
        start = end + 4
        while len(buf) < start + length:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the server")
            buf += chunk
        self.buf = buf[start + length:]
        if closing:
            self.close()
        return status, buf[start:start + length]

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


def build(method: str, path: str, body: Any = None) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if body is None:
        return (head + "\r\n").encode()
    data = orjson.dumps(body)
    return (head + f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
            ).encode() + data


def per_request(connection: Connection, data: bytes, requests: int, status: int = 200) -> float:
    """Seconds per request of ``requests`` sends of ``data`` on ``connection``, one after the
    other, each answered ``status``."""
    start = time.perf_counter()
    for _ in range(requests):
        got, body = connection.request(data)
        assert got == status, (got, body[:300])
    return (time.perf_counter() - start) / requests


def _client_process(port: int, request: bytes, threads: int, go_at: float, start_at: float,
                    stop_at: float, out: PipeEnd) -> None:
    """Threads, one keep-alive connection each, sending ``request`` from ``go_at`` (warm-up)
    until ``stop_at``; latencies of requests that end inside [start_at, stop_at] are kept."""
    latencies: list[list[float]] = [[] for _ in range(threads)]
    errors = [0] * threads
    reasons: dict[str, int] = {}

    def loop(i: int) -> None:
        conn = Connection(port)
        lat = latencies[i]
        perf, now = time.perf_counter, time.time
        while now() < go_at:
            time.sleep(0.0005)
        while True:
            t0 = perf()
            try:
                status, _ = conn.request(request)
            except OSError as exc:  # a recycled worker (max_requests) closed the connection
                reasons[type(exc).__name__] = reasons.get(type(exc).__name__, 0) + 1
                conn.close()
                conn = Connection(port)
                continue
            t1 = perf()
            end = now()
            if end > stop_at:
                break
            if status != 200:
                errors[i] += 1
            if end >= start_at:
                lat.append(t1 - t0)
        conn.close()

    cpu = run_threads(loop, threads)
    out.send(([x for lat in latencies for x in lat], sum(errors), cpu, reasons))
    out.close()


def run_threads(loop: Any, threads: int) -> float:
    """Run ``loop(i)`` in ``threads`` threads until all return; the process's CPU seconds."""
    cpu0 = time.process_time()
    pool = [threading.Thread(target=loop, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return time.process_time() - cpu0


@dataclass
class Run:
    label: str
    requests: int
    errors: int
    seconds: float
    p50_ms: float
    p99_ms: float
    client_cpu: float       # client CPU seconds per wall second (1.0 = one core)
    response_bytes: int
    reasons: dict[str, int]
    latencies: list[float]

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "requests": self.requests, "errors": self.errors,
                "seconds": self.seconds, "rps": self.rps, "p50_ms": self.p50_ms,
                "p99_ms": self.p99_ms, "client_cpu_cores": self.client_cpu,
                "response_bytes": self.response_bytes, "errors_by_reason": self.reasons}


def load(port: int, label: str, request: bytes, seconds: float, connections: int = 8,
         procs: int = 2, warmup: float = 0.1) -> Run:
    """A closed-loop run of ``connections`` keep-alive connections for ``seconds``."""
    status, body = Connection(port).request(request)
    if status != 200:
        raise RuntimeError(f"{label}: HTTP {status}: {body[:300]!r}")
    ctx = multiprocessing.get_context("fork")
    go_at = time.time() + 0.15
    start_at = go_at + warmup
    stop_at = start_at + seconds
    per = [connections // procs + (i < connections % procs) for i in range(procs)]
    children, pipes = [], []
    for threads in per:
        recv, send = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_client_process,
                        args=(port, request, threads, go_at, start_at, stop_at, send))
        p.start()
        children.append(p)
        pipes.append(recv)
    lat: list[float] = []
    errors = 0
    cpu = 0.0
    reasons: dict[str, int] = {}
    for recv in pipes:
        got, err, used, why = recv.recv()
        lat.extend(got)
        errors += err
        cpu += used
        for k, v in why.items():
            reasons[k] = reasons.get(k, 0) + v
    for p in children:
        p.join()
    lat.sort()
    n = len(lat)
    return Run(label, n, errors, seconds, 1000 * lat[n // 2],
               1000 * lat[min(n - 1, int(n * 0.99))], cpu / (seconds + warmup), len(body),
               reasons, lat)


def combine(runs: list[Run]) -> Run:
    lat = sorted(x for r in runs for x in r.latencies)
    n = len(lat)
    seconds = sum(r.seconds for r in runs)
    reasons: dict[str, int] = {}
    for r in runs:
        for k, v in r.reasons.items():
            reasons[k] = reasons.get(k, 0) + v
    return Run(runs[0].label, n, sum(r.errors for r in runs), seconds,
               1000 * lat[n // 2], 1000 * lat[min(n - 1, int(n * 0.99))],
               sum(r.client_cpu * r.seconds for r in runs) / seconds, runs[0].response_bytes,
               reasons, lat)


@dataclass
class Alternated:
    """An endpoint's runs alternated with the yardsticks' (the bare app's and /v1/health's),
    each side combined, with the medians of the per-alternation ratios of req/s."""

    bare: Run
    health: Run
    run: Run
    #: median of req/s / health's req/s
    vs_health: float
    #: median of req/s / the bare app's req/s
    vs_bare: float
    #: the cold workload's references (``bench.workloads.REFERENCES``), when measured: each one's
    #: runs and the median of its req/s / the bare app's req/s
    references: dict[str, tuple[Run, float]] = field(default_factory=dict)

    @property
    def p99_vs_bare(self) -> float:
        """The endpoint's p99 over the bare app's (each over all its alternations)."""
        return self.run.p99_ms / self.bare.p99_ms

    @property
    def p99_vs_health(self) -> float:
        return self.run.p99_ms / self.health.p99_ms

    def to_json(self) -> dict[str, Any]:
        references = {k: v for name, (run, to_bare) in self.references.items()
                      for k, v in ((name, run.to_json()), (f"{name}_to_bare", to_bare))}
        return {"run": self.run.to_json(), "health": self.health.to_json(),
                "bare": self.bare.to_json(), "ratio": self.vs_health,
                "ratio_to_bare": self.vs_bare, "p99_over_health": self.p99_vs_health,
                "p99_over_bare": self.p99_vs_bare, **references}


@dataclass(frozen=True)
class Ports:
    """Where the two yardsticks and the service listen (the service serves /v1/health)."""

    service: int
    bare: int


def yardsticks(ports: Ports, seconds: float, connections: int,
               procs: int) -> tuple[Run, Run]:
    """One run of the bare app, then one of /v1/health, ``seconds`` each."""
    health = build("GET", "/v1/health")
    return (load(ports.bare, "bare", health, seconds, connections, procs),
            load(ports.service, "health", health, seconds, connections, procs))


def alternated(bares: list[Run], healths: list[Run], runs: list[Run],
               references: dict[str, list[Run]] | None = None) -> Alternated:
    """The runs of each alternation put together (and each reference's, by name)."""
    return Alternated(combine(bares), combine(healths), combine(runs),
                      statistics.median(r.rps / h.rps for h, r in zip(healths, runs)),
                      statistics.median(r.rps / b.rps for b, r in zip(bares, runs)),
                      {name: (combine(refs), statistics.median(f.rps / b.rps
                                                               for b, f in zip(bares, refs)))
                       for name, refs in (references or {}).items() if refs})


def alternate(ports: Ports, label: str, request: bytes, seconds: float,
              connections: int, procs: int, pairs: int) -> Alternated:
    """``pairs`` alternations of the bare app, /v1/health and ``request``, ``seconds / pairs``
    each."""
    bares, hs, rs = [], [], []
    for _ in range(pairs):
        b, h = yardsticks(ports, seconds / pairs, connections, procs)
        bares.append(b)
        hs.append(h)
        rs.append(load(ports.service, label, request, seconds / pairs, connections, procs))
    return alternated(bares, hs, rs)


# ---- the benchmark ------------------------------------------------------------------------------

def busiest_midgame(game_id: str) -> str | None:
    loaded = P.load(game_id)
    if loaded is None:
        return None
    game = rules.configure(game_id)
    texts = loaded["midgame"] or loaded["opening"]
    return max(texts, key=lambda t: len(game.legal_moves(game.parse_position(t))))


def run(game_ids: list[str], seconds: float = 3.0, connections: int = 8, procs: int = 2,
        pairs: int = 5, out: TextIO = sys.stdout) -> list[dict[str, Any]]:
    server, bare = Server(), Server(app=BARE_APP)
    ports = Ports(server.port, bare.port)
    results: list[dict[str, Any]] = []
    try:
        print(f"gunicorn (python -m service, production config) on 127.0.0.1:{server.port}: "
              f"{server.workers()} workers x 8 threads; the bare app ({BARE_APP}) under the "
              f"same configuration on port {bare.port}; load generator: {procs} processes x "
              f"{connections // procs} threads = {connections} keep-alive connections, closed "
              f"loop; per endpoint {pairs} alternations of the bare app, /v1/health and the "
              f"endpoint, {seconds / pairs:.1f} s each ({seconds:.1f} s per side), sharing the "
              f"machine's {os.cpu_count()} cores with the server", file=out)
        print("  (each run repeats one position, so after its first request the server's analysis "
              "cache answers moves and status; parsing, move entries and JSON are done per "
              "request; /bare and /health = median over the alternations of req/s over the "
              "bare app's and health's; p99/bare = p99 over the bare app's)", file=out)
        health = build("GET", "/v1/health")
        load(server.port, "warm-up", health, 1.0, connections, procs, warmup=0)
        load(bare.port, "warm-up", health, 1.0, connections, procs, warmup=0)
        print(f"  {'game':<11} {'endpoint':<17} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
              f"{'bytes':>6} {'bare req/s':>10} {'p99 ms':>7} {'health':>7} {'/bare':>6} "
              f"{'/health':>7} {'p99/bare':>8} {'client cpu':>10}", file=out, flush=True)
        for game_id in game_ids:
            text = busiest_midgame(game_id)
            if text is None:
                print(f"  {game_id:<11} skipped: no bench/positions/{game_id}.txt", file=out)
                continue
            game = rules.configure(game_id)
            pos = game.parse_position(text)
            move = game.format_move(pos, game.legal_moves(pos)[0])
            base = f"/v1/games/{game_id}/"
            requests = {
                "legal-moves": build("POST", base + "legal-moves", {"position": text}),
                "apply": build("POST", base + "apply", {"position": text, "move": move,
                                                         "seed": 1}),
                "status": build("POST", base + "status", {"position": text}),
                # for scale: the initial position (no position field), where lists are short
                "legal-moves@start": build("POST", base + "legal-moves", {}),
            }
            for endpoint, request in requests.items():
                a = alternate(ports, f"{game_id} {endpoint}", request, seconds, connections,
                              procs, pairs)
                r, h, b = a.run, a.health, a.bare
                print(f"  {game_id:<11} {endpoint:<17} {r.rps:>8.0f} {r.p50_ms:>7.2f} "
                      f"{r.p99_ms:>7.2f} {r.response_bytes:>6} {b.rps:>10.0f} {b.p99_ms:>7.2f} "
                      f"{h.rps:>7.0f} {a.vs_bare:>6.0%} {a.vs_health:>7.0%} "
                      f"{a.p99_vs_bare:>7.2f}x {r.client_cpu:>6.2f} cores"
                      + (f"  non-200: {r.errors}+{h.errors}" if r.errors or h.errors else "")
                      + (f"  reconnects: {r.reasons} / health {h.reasons}"
                         if r.reasons or h.reasons else ""),
                      file=out, flush=True)
                results.append({"game": game_id, "endpoint": endpoint, "position": text,
                                **a.to_json()})
    finally:
        server.stop()
        bare.stop()
    return results

"""HTTP workloads shaped like real clients, each against its own production gunicorn server.

Where :mod:`bench.httpbench` repeats one position, these send a new position almost every time:

* *cold*: legal-moves on ``cold_positions`` distinct positions per game (the initial position
  excluded), collected from seeded random playouts, each requested exactly once, so neither
  worker's analysis cache can answer any of them;
* *frontend*: whole games as a web frontend plays them: setup, then per ply legal-moves, apply
  (a move from that list, chosen at random, dice rolled by the service with a seed), and the
  status of the new position;
* *bot*: whole games as a bot plays them: legal-moves and apply alternating;
* *bot-moves*: the bot again, asking legal-moves for the move strings only (``moves_only``).

Games are seeded random playouts (a different seed range per workload, so that no workload
meets positions an earlier one left in the caches), stopped at ``max_plies`` plies when the
rules have not ended them by then (the output says how many ended by the rules). The request
bytes are built before the run from the same engine, with the same seeds, so the client only
sends and reads (every answer must be a 200; anything else is counted and printed).

Load: ``connections`` keep-alive connections in ``procs`` client processes (as in
:mod:`bench.httpbench`), each connection taking the next unit of work (one request for cold,
one whole game otherwise) from its process's queue and sending its requests in order, each as
soon as the previous answer is in. A workload's figures are taken over the window in which
every connection still had work (from the start to the moment the first connection found its
queue empty), so the tail where fewer connections are busy does not count. Each workload is
split into ``pairs`` parts alternating with runs of the two yardsticks (:mod:`bench.bare`, a
constant answer under the same gunicorn configuration, and ``/v1/health``) of ``seconds /
pairs`` each; each ratio is the median of the per-alternation ratios. Each part of cold is
followed by the same requests sent to its two references, under the same configuration: its
floor (:func:`bench.bare.floor`: each request read and answered with as many bytes as the
service's answer to it, with no work; :func:`floor_units`), which shows what the stack alone
leaves for requests and answers of cold's size; and the engine alone
(:mod:`bench.alone`: the service's own answers, made by the engine with no road),
which shows what the service's road and concerns take on top of the engine.

Every workload runs on a fresh server started with ``REFEREE_CACHE_STATS_DIR``: its workers
write their cache counts when they stop (:mod:`service.telemetry.caches`), and the hit rate of every
cache that was used is printed per workload.
"""

from __future__ import annotations

import collections
import json
import multiprocessing
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from multiprocessing.connection import Connection as PipeEnd
from typing import Any, NamedTuple, TextIO

import rules

from .httpbench import (BARE_APP, Alternated, Connection, Ports, Run, Server,
                        alternated, build, load, run_threads, yardsticks)

WORKLOADS = ("cold", "frontend", "bot", "bot-moves")
#: seeds of each workload's playouts start here (apart, so that no two workloads share a game)
SEED_BASE = {"cold": 17_000_000, "frontend": 17_100_000, "bot": 17_200_000,
             "bot-moves": 17_200_000}
#: the legal-moves body field that asks for the move strings only
MOVES_ONLY = {"moves_only": True}
#: cold's distinct positions per game: 3,000 an alternation (of the default 3), which take
#: about as long as the alternation of /v1/health beside them (1 s); with 1,000 an alternation
#: (0.25 s) the start of each (client processes forked, 8 connections opened and balanced)
#: weighed four times more in cold's figures than in health's
COLD_POSITIONS = 9000


class Reference(NamedTuple):
    """One of cold's references: the WSGI app served under the same configuration, and how
    the bench's output names it."""

    app: str
    label: str


#: cold's references by name: the floor (:func:`bench.bare.floor`, the stack carrying a
#: request's bytes in and its answer's bytes out with no work) and the engine alone
#: (:mod:`bench.alone`, the game's answer with no road)
REFERENCES = {
    "floor": Reference("bench.bare:floor", "floor (the same bytes in and out, no work)"),
    "engine": Reference("bench.alone:app", "engine alone (the same answers, no road)"),
}


# ---- the requests -------------------------------------------------------------------------------

@dataclass
class Plan:
    """What one workload sends for one game: units of work, each a list of requests sent in
    order on one connection."""

    game_id: str
    workload: str
    units: list[list[bytes]]
    note: str
    #: the units each of cold's references (:data:`REFERENCES`) gets, by name: the floor's
    #: (:func:`floor_units`) and the engine's (the same as the service's); none for the others
    references: dict[str, list[list[bytes]]] = field(default_factory=dict)
    requests: int = field(init=False)

    def __post_init__(self) -> None:
        self.requests = sum(len(u) for u in self.units)


def playout(game_id: str, seed: int, max_plies: int) -> tuple[list[tuple[str, str, str]], bool]:
    """A seeded random game: per ply (position, move played, position after), and whether
    the rules ended it within ``max_plies``."""
    game = rules.configure(game_id)
    rng = random.Random(seed)
    pos = game.start_position
    plies: list[tuple[str, str, str]] = []
    for ply in range(max_plies):
        moves = game.legal_moves(pos)
        if not moves:
            return plies, True
        text = game.format_move(pos, moves[rng.randrange(len(moves))])
        _, applied = game.play(pos, text, seed=seed + ply)
        before = game.format_position(pos)
        pos = applied.position
        plies.append((before, text, game.format_position(pos)))
    return plies, not game.legal_moves(pos)


def cold_plan(game_id: str, count: int, max_plies: int) -> Plan:
    """legal-moves on ``count`` distinct positions (never the initial one), one request each."""
    game = rules.configure(game_id)
    start = game.format_position(game.start_position)
    seen = {start}
    texts: list[str] = []
    seed = SEED_BASE["cold"]
    while len(texts) < count:
        plies, _ = playout(game_id, seed, max_plies)
        seed += 1
        for _, _, after in plies:
            if after not in seen and len(texts) < count:
                seen.add(after)
                texts.append(after)
    path = f"/v1/games/{game_id}/legal-moves"
    units = [[build("POST", path, {"position": t})] for t in texts]
    return Plan(game_id, "cold", units,
                f"{count} distinct positions from {seed - SEED_BASE['cold']} playouts",
                {"floor": floor_units(units), "engine": units})


def floor_units(units: list[list[bytes]]) -> list[list[bytes]]:
    """``units`` as the floor (:func:`bench.bare.floor`) gets them: each request with an
    ``X-Answer-Bytes`` header asking for as many bytes as the body of the service's answer
    to it (the app called in this process), so that the floor carries the same bytes in and
    out as the service, and does no work."""
    from service.http.app import create_app

    from .bare import ANSWER_BYTES_HEADER
    from .environ import environ_for

    app = create_app()
    sizes: list[int] = []

    def sized(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        sizes.append(int(dict(headers)["Content-Length"]))
        return lambda data: None

    out = []
    for unit in units:
        sent = []
        for request in unit:
            head, _, body = request.partition(b"\r\n\r\n")
            method, path, _ = head.split(b" ", 2)
            for _ in app(environ_for(method.decode(), path.decode(), body), sized):
                pass
            line, _, rest = request.partition(b"\r\n")
            sent.append(line + f"\r\n{ANSWER_BYTES_HEADER}: {sizes[-1]}".encode() + b"\r\n"
                        + rest)
        out.append(sent)
    return out


def game_plan(game_id: str, workload: str, games: int, max_plies: int) -> Plan:
    """Whole games as the ``workload`` client (frontend, bot or bot-moves) plays them."""
    base = f"/v1/games/{game_id}/"
    extra = MOVES_ONLY if workload == "bot-moves" else {}
    units: list[list[bytes]] = []
    ended, plies_total = 0, 0
    for i in range(games):
        seed = SEED_BASE[workload] + i
        plies, over = playout(game_id, seed, max_plies)
        ended += over
        plies_total += len(plies)
        unit = [build("POST", base + "setup", {})] if workload == "frontend" else []
        for ply, (before, move, after) in enumerate(plies):
            unit.append(build("POST", base + "legal-moves", {"position": before, **extra}))
            unit.append(build("POST", base + "apply",
                              {"position": before, "move": move, "seed": seed + ply}))
            if workload == "frontend":
                unit.append(build("POST", base + "status", {"position": after}))
        units.append(unit)
    return Plan(game_id, workload, units,
                f"{games} games, {plies_total / games:.0f} plies on average, {ended} ended by "
                f"the rules, {games - ended} stopped at {max_plies} plies")


# ---- the load -----------------------------------------------------------------------------------

def _unit_process(port: int, units: list[list[bytes]], threads: int, go_at: float,
                  out: PipeEnd) -> None:
    """``threads`` connections taking units from one queue from ``go_at`` on; sends back each
    request's (end time, latency), the time the first thread found the queue empty, errors."""
    queue = collections.deque(units)
    done: list[list[tuple[float, float]]] = [[] for _ in range(threads)]
    idle: list[float] = []
    errors: list[str] = []
    non_200 = [0] * threads

    def loop(i: int) -> None:
        conn = Connection(port)
        record = done[i].append
        perf = time.perf_counter
        while time.time() < go_at:
            time.sleep(0.0005)
        while True:
            try:
                unit = queue.popleft()
            except IndexError:
                idle.append(time.time())
                break
            for request in unit:
                while True:
                    t0 = perf()
                    try:
                        status, body = conn.request(request)
                    except OSError:  # a recycled worker closed the connection: send it again
                        conn.close()
                        conn = Connection(port)
                        continue
                    break
                record((time.time(), perf() - t0))
                if status != 200:
                    non_200[i] += 1
                if status != 200 and len(errors) < 5:
                    errors.append(f"{status} {request.split(b' ', 2)[1].decode()}: "
                                  f"{body[:200]!r}")
        conn.close()

    cpu = run_threads(loop, threads)
    out.send(([x for d in done for x in d], min(idle), errors, sum(non_200), cpu))
    out.close()


def run_units(port: int, label: str, units: list[list[bytes]], connections: int,
              procs: int) -> tuple[Run, list[str]]:
    """Send ``units`` over ``connections`` connections; figures over the window in which every
    connection was busy (see the module's docstring)."""
    ctx = multiprocessing.get_context("fork")
    go_at = time.time() + 0.15
    per = [connections // procs + (i < connections % procs) for i in range(procs)]
    children, pipes = [], []
    for k, threads in enumerate(per):
        recv, send = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_unit_process,
                        args=(port, units[k::procs], threads, go_at, send))
        p.start()
        children.append(p)
        pipes.append(recv)
    done: list[tuple[float, float]] = []
    first_idle = float("inf")
    errors: list[str] = []
    non_200 = 0
    cpu = 0.0
    for recv in pipes:
        got, idle, errs, bad, used = recv.recv()
        done.extend(got)
        first_idle = min(first_idle, idle)
        errors.extend(errs)
        non_200 += bad
        cpu += used
    for p in children:
        p.join()
    window = sorted(lat for end, lat in done if end <= first_idle)
    n = len(window)
    seconds = first_idle - go_at
    return Run(label, n, non_200, seconds, 1000 * window[n // 2],
               1000 * window[min(n - 1, int(n * 0.99))], cpu / max(seconds, 1e-9), 0, {},
               window), errors


def alternate_units(ports: Ports, plan: Plan, seconds: float, connections: int, procs: int,
                    pairs: int, reference_ports: dict[str, int] | None = None
                    ) -> tuple[Alternated, list[str]]:
    """``pairs`` alternations of the yardsticks (the bare app, /v1/health: ``seconds / pairs``
    each) and a share of the plan's units (then the same share of each reference's units sent
    to that reference, on its port in ``reference_ports``); each side combined, with the
    per-alternation ratios' medians."""
    bares: list[Run] = []
    hs: list[Run] = []
    rs: list[Run] = []
    errors: list[str] = []
    ports_of = reference_ports or {}
    refs: dict[str, list[Run]] = {name: [] for name in plan.references if name in ports_of}
    for k in range(pairs):
        b, h = yardsticks(ports, seconds / pairs, connections, procs)
        bares.append(b)
        hs.append(h)
        r, errs = run_units(ports.service, plan.workload, plan.units[k::pairs], connections,
                            procs)
        rs.append(r)
        errors += errs
        for name, runs in refs.items():
            f, errs = run_units(ports_of[name], name, plan.references[name][k::pairs],
                                connections, procs)
            runs.append(f)
            errors += errs
    return alternated(bares, hs, rs, refs), errors


# ---- cache counts -------------------------------------------------------------------------------

def cache_counts(directory: str) -> dict[str, dict[str, int]]:
    """The workers' cache counts (:mod:`service.telemetry.caches`), summed over the files
    they wrote."""
    total: dict[str, dict[str, int]] = {}
    for path in Path(directory).glob("*.json"):
        for name, info in json.loads(path.read_text()).items():
            t = total.setdefault(name, {"hits": 0, "misses": 0, "maxsize": info["maxsize"],
                                        "currsize": 0})
            t["hits"] += info["hits"]
            t["misses"] += info["misses"]
            t["currsize"] = max(t["currsize"], info["currsize"])
    return total


def print_caches(counts: dict[str, dict[str, int]], out: TextIO) -> list[dict[str, Any]]:
    rows = []
    for name, c in sorted(counts.items()):
        calls = c["hits"] + c["misses"]
        if not calls:
            continue
        bound = "unbounded" if c["maxsize"] is None else f"at most {c['maxsize']} entries"
        print(f"    cache {name}: {c['hits'] / calls:.1%} hits of {calls} calls (per worker "
              f"{bound}, largest held {c['currsize']})", file=out)
        rows.append({"cache": name, **c, "hit_rate": c["hits"] / calls})
    return rows


# ---- the benchmark ------------------------------------------------------------------------------

def plans_for(workload: str, game_ids: list[str], cold_positions: int, games: int,
              max_plies: int) -> list[Plan]:
    if workload == "cold":
        return [cold_plan(g, cold_positions, max_plies) for g in game_ids]
    return [game_plan(g, workload, games, max_plies) for g in game_ids]


def run(game_ids: list[str], workloads: tuple[str, ...] = WORKLOADS, seconds: float = 3.0,
        connections: int = 8, procs: int = 2, pairs: int = 3,
        cold_positions: int = COLD_POSITIONS,
        games: int | None = None, max_plies: int = 100,
        out: TextIO = sys.stdout) -> list[dict[str, Any]]:
    games = games or 2 * connections * pairs
    results: list[dict[str, Any]] = []
    health = build("GET", "/v1/health")
    print(f"workloads: {', '.join(workloads)}; {connections} connections in {procs} client "
          f"processes; {pairs} alternations with the bare app ({BARE_APP}, the same gunicorn "
          f"configuration) and /v1/health ({seconds / pairs:.1f} s each); games stopped at "
          f"{max_plies} plies; every workload on a fresh server", file=out)
    print(f"  {'game':<11} {'workload':<10} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'bare req/s':>10} {'p99 ms':>7} {'health':>7} {'/bare':>6} {'/health':>7} "
          f"{'p99/bare':>8} {'p99/health':>10} {'client cpu':>10}", file=out, flush=True)
    bare = Server(app=BARE_APP)
    references: dict[str, Server] = {}
    try:
        if "cold" in workloads:
            for name, reference in REFERENCES.items():
                references[name] = Server(app=reference.app)
        load(bare.port, "warm-up", health, 0.5, connections, procs, warmup=0)
        for workload in workloads:
            results += run_workload(workload, bare.port, game_ids, seconds, connections, procs,
                                    pairs, cold_positions, games, max_plies, out,
                                    {name: r.port for name, r in references.items()})
    finally:
        for server in (bare, *references.values()):
            server.stop()
    return results


def run_workload(workload: str, bare_port: int, game_ids: list[str], seconds: float,
                 connections: int, procs: int, pairs: int, cold_positions: int, games: int,
                 max_plies: int, out: TextIO,
                 reference_ports: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """One workload of every game, on a fresh server, alternated with the yardsticks (and,
    for cold, with its references, on their ports in ``reference_ports``)."""
    results: list[dict[str, Any]] = []
    health = build("GET", "/v1/health")
    started = time.time()
    plans = plans_for(workload, game_ids, cold_positions, games, max_plies)
    built = time.time() - started
    with tempfile.TemporaryDirectory() as stats_dir:
        server = Server({"REFEREE_CACHE_STATS_DIR": stats_dir})
        ports = Ports(server.port, bare_port)
        try:
            load(server.port, "warm-up", health, 0.5, connections, procs, warmup=0)
            for plan in plans:
                a, errors = alternate_units(ports, plan, seconds, connections, procs, pairs,
                                            reference_ports)
                r, h, b = a.run, a.health, a.bare
                print(f"  {plan.game_id:<11} {workload:<10} {r.rps:>7.0f} {r.p50_ms:>7.2f} "
                      f"{r.p99_ms:>7.2f} {b.rps:>10.0f} {b.p99_ms:>7.2f} {h.rps:>7.0f} "
                      f"{a.vs_bare:>6.0%} {a.vs_health:>7.0%} {a.p99_vs_bare:>7.2f}x "
                      f"{a.p99_vs_health:>9.2f}x {r.client_cpu:>6.2f} cores   "
                      f"({plan.requests} requests: {plan.note})", file=out, flush=True)
                for name, (ref, to_bare) in a.references.items():
                    print(f"    {REFERENCES[name].label}: {ref.rps:.0f} req/s, {to_bare:.0%} of "
                          f"the bare app, p99 {ref.p99_ms / b.p99_ms:.2f}x its; {workload} "
                          f"reaches {a.vs_bare / to_bare:.0%} of it", file=out)
                for e in errors[:3]:
                    print(f"    non-200 ({r.errors} in the window): {e}", file=out)
                results.append({"game": plan.game_id, "workload": workload, "note": plan.note,
                                "planned_requests": plan.requests, **a.to_json(),
                                "errors": errors})
        finally:
            server.stop()
        counts = cache_counts(stats_dir)
    print(f"  {workload}: requests built in {built:.1f} s; the workers' caches over the "
          "whole workload (every game):", file=out)
    results.append({"workload": workload, "caches": print_caches(counts, out)})
    return results


def client_ceiling(seconds: float, connections: int, procs: int,
                   out: TextIO = sys.stdout) -> float:
    """The load generator's own ceiling: req/s against a server that answers every request
    with the bytes of a /v1/health answer at once (one thread, select loop, no app)."""
    import selectors
    import socket

    answer = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\n"
              b"\r\n{\"status\":\"ok\"}")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    port = listener.getsockname()[1]
    ctx = multiprocessing.get_context("fork")

    def serve() -> None:
        sel = selectors.DefaultSelector()
        sel.register(listener, selectors.EVENT_READ)
        pending: dict[socket.socket, bytes] = {}
        while True:
            for key, _ in sel.select():
                sock: socket.socket | None = key.data  # None for the listener
                if sock is None:
                    conn, _ = listener.accept()
                    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    sel.register(conn, selectors.EVENT_READ, conn)
                    pending[conn] = b""
                    continue
                data = sock.recv(65536)
                if not data:
                    sel.unregister(sock)
                    sock.close()
                    continue
                buf = pending[sock] + data
                count = buf.count(b"\r\n\r\n")
                pending[sock] = buf[buf.rfind(b"\r\n\r\n") + 4:] if count else buf
                if count:
                    sock.sendall(answer * count)

    server = ctx.Process(target=serve, daemon=True)
    server.start()
    try:
        r = load(port, "ceiling", build("GET", "/v1/health"), seconds, connections, procs)
    finally:
        server.terminate()
        server.join()
        listener.close()
    print(f"load generator's ceiling (a canned answer, no app): {r.rps:.0f} req/s, p50 "
          f"{r.p50_ms:.2f} ms, p99 {r.p99_ms:.2f} ms, client {r.client_cpu:.2f} cores",
          file=out, flush=True)
    return r.rps

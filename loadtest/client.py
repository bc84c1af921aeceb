"""A small, bounded HTTP load client (the standard library's http.client and threads, and the
games' own declarations of what to load them with, from :mod:`rules.registry`).

It first asks the service which games it holds (``GET /v1/games``) and plays a few random plies
of each through the API to collect positions and listed moves; then threads send a mix of

* ordinary requests: setup, legal-moves, apply (a move the service listed), status, game list
  and game detail, across every game, on the positions collected;
* invalid requests, which must get a 4xx RFC 9457 problem document (``application/problem+json``
  with a ``code``): unknown game, malformed JSON, wrong media type, invalid position, invalid
  options, illegal move, over-size body (413), wrong method (405);
* optionally abusive requests (other threads): perft at each game's deepest allowed depth on
  varied positions, replays of the longest random game collected for each game (up to
  ``replay_plies``), PNG pictures at 2000 px, 64 KiB bodies, and the requests each game
  declares for the load test (its ``measuring.load_cases``, :mod:`rules.core.measuring`:
  perft from the start, perft one past the work budget, a 422 ``work_limit_exceeded`` after
  the budget is spent). An abusive client honours ``Retry-After`` (waits that long after a 503
  ``overloaded``) unless told to ignore it.

Every run is bounded by a request count and a wall-clock duration, and talks to loopback only.
Each response is classified: ``ok`` (the expected status), ``shed`` (503 ``overloaded`` with a
``Retry-After`` header and a problem document: the service's documented load shedding),
``limited`` (429 ``rate_limited`` with a ``Retry-After`` header and a problem document: a
front's per-client limits, ``loadtest.front``),
``unexpected`` (another 2xx-4xx, or a 4xx that is not a problem document), ``server_error``
(any other 5xx) or ``dropped`` (connection reset, closed without an answer, or timed out).

    python -m loadtest.client --url http://127.0.0.1:8000 --threads 4 --requests 5000 --duration 20
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable
from urllib.parse import urlsplit

from rules import registry

JSON = "application/json"
PROBLEM = "application/problem+json"
MAX_BODY = 64 * 1024


@dataclass(frozen=True)
class Req:
    group: str          # "ordinary", "invalid" or "abuse"
    kind: str           # e.g. "legal-moves", "invalid:unknown_game"
    method: str
    path: str
    body: bytes | None = None
    expect: tuple[int, ...] = (200,)
    content_type: str = JSON


@dataclass
class Sample:
    group: str
    kind: str
    outcome: str        # ok | shed | limited | unexpected | server_error | dropped
    status: int | None
    start: float        # seconds since the run started
    latency: float      # seconds
    detail: str = ""


def _body(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


class Client:
    """One keep-alive connection, deliberately naive: it reuses the connection until the server
    answers ``Connection: close`` (then http.client reconnects) and never retries, so a
    connection the server closes without saying so shows up as a dropped request."""

    def __init__(self, base: str, timeout: float = 30.0, source: str | None = None):
        parts = urlsplit(base)
        if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError("the load client talks to loopback only")
        if source is not None and not source.startswith("127."):
            raise ValueError("the load client sends from loopback addresses only")
        self.host, self.port, self.timeout = parts.hostname, parts.port or 80, timeout
        # a client of its own address (any of 127.0.0.0/8 on Linux), as a front tells clients
        self.conn = http.client.HTTPConnection(
            self.host, self.port, timeout=timeout,
            source_address=None if source is None else (source, 0))

    def send(self, req: Req) -> tuple[int, dict[str, str], bytes]:
        headers = {"Content-Type": req.content_type} if req.body is not None else {}
        try:
            self.conn.request(req.method, req.path, body=req.body, headers=headers)
            resp = self.conn.getresponse()
            data = resp.read()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data
        except BaseException:
            self.conn.close()
            raise

    def json(self, method: str, path: str, obj: Any = None) -> Any:
        req = Req("prep", "prep", method, path, None if obj is None else _body(obj))
        status, _, data = self.send(req)
        if status != 200:
            raise RuntimeError(f"{method} {path} answered {status}: {data[:300]!r}")
        return json.loads(data)

    def close(self) -> None:
        self.conn.close()


# ---- the request mix ----------------------------------------------------------------------------

@dataclass
class Plan:
    games: list[str]
    ordinary: list[Req] = field(default_factory=list)
    invalid: list[Req] = field(default_factory=list)
    abuse: list[Req] = field(default_factory=list)
    positions: dict[str, list[str]] = field(default_factory=dict)


def prepare(base: str, seed: int = 1, plies: int = 12, replay_plies: int = 0) -> Plan:
    """Build the request mix from what the running service holds; with ``replay_plies``, the
    abusive mix also replays a random game of up to that many plies of each game."""
    rng = random.Random(seed)
    c = Client(base)
    try:
        games = c.json("GET", "/v1/games")["games"]
        plan = Plan([g["id"] for g in games])
        plan.ordinary.append(Req("ordinary", "games", "GET", "/v1/games"))
        for g in games:
            gid = g["id"]
            detail = c.json("GET", f"/v1/games/{gid}")
            base_path = f"/v1/games/{gid}"
            plan.ordinary += [Req("ordinary", f"game:{gid}", "GET", base_path),
                              Req("ordinary", f"setup:{gid}", "POST", base_path + "/setup",
                                  b"{}")]
            position = c.json("POST", base_path + "/setup", {})["position"]
            positions = []
            for ply in range(plies):
                moves = c.json("POST", base_path + "/legal-moves", {"position": position})["moves"]
                if not moves:
                    break
                positions.append(position)
                move = rng.choice(moves)["move"]
                pos_body = {"position": position}
                plan.ordinary += [
                    Req("ordinary", f"legal-moves:{gid}", "POST", base_path + "/legal-moves",
                        _body(pos_body)),
                    Req("ordinary", f"status:{gid}", "POST", base_path + "/status",
                        _body(pos_body)),
                    Req("ordinary", f"apply:{gid}", "POST", base_path + "/apply",
                        _body({**pos_body, "move": move, "seed": ply})),
                ]
                applied = c.json("POST", base_path + "/apply",
                                 {"position": position, "move": move, "seed": ply})
                position = applied["position"]
                if applied["status"]["state"] != "ongoing":
                    break
            plan.positions[gid] = positions
            plan.invalid += invalid_requests(gid, positions[0] if positions else None)
            depth = detail["max_perft_depth"]
            for pos in positions[1:]:
                plan.abuse.append(Req("abuse", f"perft-max:{gid}", "POST", base_path + "/perft",
                                      _body({"position": pos, "depth": depth}), (200, 422)))
            if positions:
                plan.abuse.append(Req("abuse", f"render-png-2000:{gid}", "POST",
                                      base_path + "/render", _body(
                                          {"position": positions[-1], "format": "png",
                                           "size": 2000})))
            if replay_plies:
                moves = random_game(c, base_path, rng, replay_plies)
                # The game was played with a seed per ply; the replay's one seed rolls other
                # dice, so in a game of chance a later move may no longer be legal (422
                # illegal_move, after replaying the moves before it).
                plan.abuse.append(Req("abuse", f"replay-{len(moves)}:{gid}", "POST",
                                      base_path + "/replay", _body({"moves": moves, "seed": 1}),
                                      (200, 422)))
        plan.abuse += abusive_requests(plan)
        return plan
    finally:
        c.close()


def random_game(c: Client, base_path: str, rng: random.Random, plies: int) -> list[str]:
    """The moves of a random game from the initial position, at most ``plies`` long."""
    position: str | None = None
    moves: list[str] = []
    while len(moves) < plies:
        listed = c.json("POST", base_path + "/legal-moves", {"position": position})["moves"]
        if not listed:
            break
        move = rng.choice(listed)["move"]
        applied = c.json("POST", base_path + "/apply",
                         {"position": position, "move": move, "seed": len(moves)})
        moves.append(move)
        position = applied["position"]
    return moves


def invalid_requests(gid: str, position: str | None) -> list[Req]:
    p = f"/v1/games/{gid}"
    out = [
        Req("invalid", "unknown_game", "POST", "/v1/games/no-such-game/legal-moves", b"{}", (404,)),
        Req("invalid", "malformed_json", "POST", p + "/legal-moves", b'{"position": ', (400,)),
        # (on a cheap operation: a front allows each client far fewer expensive ones, perft's)
        Req("invalid", "malformed_request", "POST", p + "/apply", _body({"move": 5}), (400,)),
        Req("invalid", "media_type", "POST", p + "/status", b"{}", (415,), "text/plain"),
        Req("invalid", "invalid_position", "POST", p + "/legal-moves",
            _body({"position": "this is not a position"}), (422,)),
        Req("invalid", "invalid_options", "POST", p + "/setup",
            _body({"options": {"no_such_option": 1}}), (400, 422)),
        Req("invalid", "illegal_move", "POST", p + "/apply",
            _body({"position": position, "move": "zz99zz99"}), (400, 422)),
        Req("invalid", "body_too_large", "POST", p + "/legal-moves",
            b"{}" + b" " * (MAX_BODY - 1), (413,)),
        Req("invalid", "method", "GET", p + "/apply", None, (405,)),
    ]
    return [Req(r.group, f"invalid:{r.kind}", r.method, r.path, r.body, r.expect, r.content_type)
            for r in out]


def declared_requests(gid: str) -> list[Req]:
    """The abusive requests the game ``gid`` declares for the load test (its
    ``measuring.load_cases``); none for a game the service holds but the registry does not."""
    if registry.game_class(gid) is None:
        return []
    return [Req("abuse", f"{case.kind}:{gid}", "POST", f"/v1/games/{gid}/{case.operation}",
                _body(dict(case.body)), case.statuses)
            for case in registry.measuring(gid).load_cases]


def abusive_requests(plan: Plan) -> list[Req]:
    """The abusive requests sent once per plan: those the games declare, then the largest
    body accepted for each game, and a body as large that is refused."""
    out = [req for gid in plan.games for req in declared_requests(gid)]
    first = plan.games[0]
    for gid in plan.games:
        # The largest body accepted: a real request padded with whitespace to exactly 64 KiB.
        out.append(Req("abuse", f"max-body:{gid}", "POST", f"/v1/games/{gid}/legal-moves",
                       b"{}" + b" " * (MAX_BODY - 2)))
    out.append(Req("abuse", f"max-body-rejected:{first}", "POST", f"/v1/games/{first}/status",
                   _body({"position": "x" * (MAX_BODY - 20)}), (400, 422)))
    return out


# ---- running it ---------------------------------------------------------------------------------

def is_refusal(answer: tuple[int, dict[str, str], bytes], status: int, code: str) -> bool:
    """Whether ``answer`` is a ``status`` problem document of ``code`` with a Retry-After."""
    got, headers, data = answer
    if got != status or not headers.get("retry-after", "").isdigit():
        return False
    if not headers.get("content-type", "").startswith(PROBLEM):
        return False
    try:
        return bool(json.loads(data).get("code") == code)
    except ValueError:
        return False


def is_shed(status: int, headers: dict[str, str], data: bytes) -> bool:
    """A documented 503 ``overloaded``: a problem document and a Retry-After header."""
    return is_refusal((status, headers, data), 503, "overloaded")


def is_limited(status: int, headers: dict[str, str], data: bytes) -> bool:
    """A front's 429 ``rate_limited``: a problem document and a Retry-After header."""
    return is_refusal((status, headers, data), 429, "rate_limited")


def classify(req: Req, status: int, headers: dict[str, str], data: bytes) -> tuple[str, str]:
    if is_shed(status, headers, data):
        return "shed", ""
    if is_limited(status, headers, data):
        return "limited", ""
    if status >= 500:
        return "server_error", data[:200].decode(errors="replace")
    if status not in req.expect:
        return "unexpected", f"{status}: {data[:200].decode(errors='replace')}"
    if status >= 400:
        ctype = headers.get("content-type", "")
        try:
            code = json.loads(data).get("code")
        except ValueError:
            code = None
        if not ctype.startswith(PROBLEM) or not code:
            return "unexpected", f"{status} without a problem document ({ctype})"
    return "ok", ""


class Recorder:
    """What a run shares between its threads: the budget of counted requests, the samples,
    and the stop signal."""

    def __init__(self, budget: int, deadline: float, t0: float):
        self.lock = threading.Lock()
        self.recorded = threading.Condition(self.lock)
        self.budget, self.deadline, self.t0 = budget, deadline, t0
        self.samples: list[Sample] = []
        #: counted requests (ordinary and invalid) done so far, answered or failed
        self.done = 0
        self.stop = threading.Event()

    def take(self, counted: bool = True) -> bool:
        """Claim one request of the budget; False once the run is over."""
        if self.stop.is_set() or time.monotonic() >= self.deadline:
            return False
        if not counted:
            return True
        with self.lock:
            if self.budget <= 0:
                return False
            self.budget -= 1
            return True

    def add(self, sample: Sample) -> None:
        with self.lock:
            self.samples.append(sample)
            if sample.group != "abuse":
                self.done += 1
                self.recorded.notify_all()

    def wait_done(self, count: int, timeout: float) -> bool:
        """Wait until ``count`` counted requests are done (answered or failed), for at most
        ``timeout`` seconds; whether they were."""
        with self.recorded:
            return self.recorded.wait_for(lambda: self.done >= count, timeout)


def worker(base: str, reqs: list[Req], rec: Recorder, seed: int, counted: bool,
           timeout: float, honour_retry_after: bool = True, source: str | None = None) -> None:
    rng = random.Random(seed)
    client = Client(base, timeout=timeout, source=source)
    try:
        while rec.take(counted):
            req = rng.choice(reqs)
            start = time.monotonic()
            try:
                status, headers, data = client.send(req)
            except (OSError, http.client.HTTPException, socket.timeout) as exc:
                rec.add(Sample(req.group, req.kind, "dropped", None, start - rec.t0,
                               time.monotonic() - start, repr(exc)))
                continue
            outcome, detail = classify(req, status, headers, data)
            rec.add(Sample(req.group, req.kind, outcome, status, start - rec.t0,
                           time.monotonic() - start, detail))
            if outcome in ("shed", "limited") and honour_retry_after:
                rec.stop.wait(max(0.0, min(float(headers["retry-after"]),
                                           rec.deadline - time.monotonic())))
    finally:
        client.close()


def run(base: str, plan: Plan, *, threads: int = 4, requests: int = 2000, duration: float = 10.0,
        invalid_share: float = 0.15, abuse_threads: int = 0, seed: int = 1,
        timeout: float = 30.0, during: Callable[[Recorder], None] | None = None,
        honour_retry_after: bool = True,
        sources: list[str] | None = None) -> "Report":
    """Send at most ``requests`` ordinary+invalid requests for at most ``duration`` seconds
    from ``threads`` threads; ``abuse_threads`` more threads send abusive requests meanwhile
    (not counted in ``requests``), waiting as a 503's Retry-After says unless
    ``honour_retry_after`` is false. ``during(recorder)``, if given, runs in the calling thread
    while the load runs (the fault-injection tests use it). ``sources``, if given, are the
    addresses the threads send from, one each: the counted threads' first, then the
    abusers'."""
    n_invalid = max(1, round(len(plan.ordinary) * invalid_share / (1 - invalid_share)))
    rng = random.Random(seed)
    mixed = plan.ordinary + [rng.choice(plan.invalid) for _ in range(n_invalid)] + plan.invalid
    t0 = time.monotonic()
    rec = Recorder(requests, t0 + duration, t0)
    if sources is not None and len(sources) < threads + abuse_threads:
        raise ValueError("one source address per thread")
    src = list(sources or []) + [None] * (threads + abuse_threads)
    pool = [threading.Thread(target=worker, args=(base, mixed, rec, seed * 1000 + i, True,
                                                  timeout, True, src[i]), daemon=True)
            for i in range(threads)]
    pool += [threading.Thread(target=worker, args=(base, plan.abuse, rec, seed * 2000 + i, False,
                                                   timeout, honour_retry_after,
                                                   src[threads + i]), daemon=True)
             for i in range(abuse_threads)]
    for t in pool:
        t.start()
    if during is not None:
        try:
            during(rec)
        except BaseException:
            rec.stop.set()
            raise
    ordinary_threads = pool[:threads]
    for t in ordinary_threads:
        t.join()
    rec.stop.set()          # the abusers stop when the counted load is done
    for t in pool[threads:]:
        t.join()
    return Report(rec.samples, time.monotonic() - t0, threads, abuse_threads, plan.games)


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


@dataclass
class Report:
    samples: list[Sample]
    elapsed: float
    threads: int
    abuse_threads: int
    games: list[str]

    def of(self, *groups: str) -> list[Sample]:
        return [s for s in self.samples if s.group in groups]

    def count(self, outcome: str, *groups: str) -> int:
        pool = self.of(*groups) if groups else self.samples
        return sum(1 for s in pool if s.outcome == outcome)

    def latency(self, *groups: str) -> dict[str, float | None]:
        lat = [s.latency for s in self.of(*groups) if s.outcome != "dropped"]

        def ms(v: float | None) -> float | None:
            return None if v is None else round(v * 1000, 1)

        return {"p50_ms": ms(percentile(lat, 50)), "p90_ms": ms(percentile(lat, 90)),
                "p99_ms": ms(percentile(lat, 99)), "max_ms": ms(max(lat) if lat else None)}

    def games_covered(self) -> set[str]:
        """Games that got every ordinary operation (setup, legal-moves, apply, status) answered."""
        done: dict[str, set[str]] = {}
        for s in self.of("ordinary"):
            if ":" in s.kind and s.outcome == "ok":
                op, gid = s.kind.split(":", 1)
                done.setdefault(gid, set()).add(op)
        return {g for g, ops in done.items() if {"setup", "legal-moves", "apply", "status"} <= ops}

    def summary(self) -> dict[str, Any]:
        counted = self.of("ordinary", "invalid")
        statuses: dict[str, int] = {}
        for s in self.samples:
            key = str(s.status) if s.status is not None else "dropped"
            statuses[key] = statuses.get(key, 0) + 1
        kinds: dict[str, int] = {}
        for s in self.samples:
            kinds[s.kind] = kinds.get(s.kind, 0) + 1
        return {
            "elapsed_s": round(self.elapsed, 2),
            "threads": self.threads,
            "abuse_threads": self.abuse_threads,
            "games": self.games,
            "games_covered": sorted(self.games_covered()),
            "requests": len(counted),
            "throughput_rps": round(len(counted) / self.elapsed, 1) if self.elapsed else None,
            "ordinary_rps": (round(len(self.of("ordinary")) / self.elapsed, 1)
                             if self.elapsed else None),
            "ordinary": {"n": len(self.of("ordinary")), **self.latency("ordinary")},
            "invalid": {"n": len(self.of("invalid")), **self.latency("invalid")},
            "abuse": {"n": len(self.of("abuse")), **self.latency("abuse")},
            "server_errors": self.count("server_error"),
            "shed": {group: self.count("shed", group)
                     for group in ("ordinary", "invalid", "abuse")},
            "limited": {group: self.count("limited", group)
                        for group in ("ordinary", "invalid", "abuse")},
            "dropped": self.count("dropped"),
            "unexpected": self.count("unexpected"),
            "statuses": dict(sorted(statuses.items())),
            "kinds": dict(sorted(kinds.items())),
            "failures": [f"{s.kind} {s.status} {s.detail}" for s in self.samples
                         if s.outcome != "ok"][:20],
        }


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--abuse-threads", type=int, default=0)
    ap.add_argument("--requests", type=int, default=5000)
    ap.add_argument("--duration", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(list(argv) if argv is not None else None)
    plan = prepare(args.url, args.seed)
    report = run(args.url, plan, threads=args.threads, requests=args.requests,
                 duration=args.duration, abuse_threads=args.abuse_threads, seed=args.seed)
    summary = report.summary()
    json.dump(summary, sys.stdout, indent=2)
    print()
    return 0 if not (summary["server_errors"] or summary["dropped"] or summary["unexpected"]
                     or summary["shed"]["ordinary"]) else 1


if __name__ == "__main__":
    sys.exit(main())

"""A soak run: the frontend, bot and abusive mixes for minutes, watching each worker.

    python -m loadtest.soak --minutes 30                  # the run docs/load.md reports
    python -m loadtest.soak --seconds 20 --interval 5     # a short look

It starts gunicorn with the production configuration (``loadtest.server``, 2 workers), except
that workers are not recycled (``GUNICORN_MAX_REQUESTS=0``, unless ``--recycle``), so that each
worker's memory is followed for the whole run; then, all at once until the end:

* *frontend* clients: ``loadtest.client``'s mix of ordinary requests (setup, legal-moves, apply
  and status on the positions it collected, game list and detail) and invalid ones (each must
  get its 4xx problem document);
* *bot* clients: whole random games through the API, legal-moves then apply with a listed move,
  so that the positions are new all along and the engines' caches fill and evict as a real
  bot's games make them;
* *abusive* clients: ``loadtest.client``'s abusive mix (perft at the cap, replays, 2000-pixel
  PNGs, 64 KiB bodies), honouring the ``Retry-After`` of the service's 503 ``overloaded``.

Every ``--interval`` seconds it records each worker's resident memory (``VmRSS`` of
``/proc/<pid>/status``, the workers being the master's children) and open file descriptors
(``/proc/<pid>/fd``), the interval's answers by outcome and status, and the service's
``GET /metrics`` (its requests by status, requests shed, heavy requests in flight), or that it
has none (404). At the end: each worker's memory growth from the end of the warm-up (the first
sixth of the run, at most 5 minutes) to the end, judged against 5 % (and, for the record, its
growth over the second half of the run), and its largest resident memory at any sample, judged
against MAX_WORKER_MIB (``--max-worker-mib``); the 5xx other than the documented 503s and the
dropped requests (both must be 0); and whether the requests counted by ``/metrics`` over the
run equal, status by status, what the clients counted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, TextIO

from . import client
from .server import Server

ROOT = Path(__file__).resolve().parents[1]
#: the largest growth of a worker's resident memory after the warm-up
MAX_GROWTH = 0.05
#: the warm-up: this share of the run, at most WARMUP_MAX_S (the memory target is judged
#: from minute 5 of a 30-minute run to its end)
WARMUP_SHARE, WARMUP_MAX_S = 1 / 6, 300.0
#: the largest resident memory of a worker at the default cache budget (REFEREE_CACHE_MIB),
#: in MiB: what the Deployment's memory request and limit are made of (docs/deploy.md)
MAX_WORKER_MIB = 160.0
#: operations the soak itself sends to the service beside the load (its scrapes)
OWN_OPERATIONS = frozenset({"metrics"})


# ---- what the clients got -----------------------------------------------------------------------

class Tally(client.Recorder):
    """A recorder that keeps counts, not samples (a soak answers millions of requests):
    answers by group, outcome and status over the whole run, and the latencies of the
    current interval, which :meth:`interval` hands over and forgets."""

    def __init__(self, deadline: float, t0: float):
        super().__init__(budget=10**12, deadline=deadline, t0=t0)
        self.total: Counter[tuple[str, str, str]] = Counter()
        self.current: Counter[tuple[str, str, str]] = Counter()
        self.latencies: dict[str, list[float]] = {}
        self.failures: list[str] = []

    def add(self, sample: client.Sample) -> None:
        key = (sample.group, sample.outcome,
               str(sample.status) if sample.status is not None else "dropped")
        with self.lock:
            self.total[key] += 1
            self.current[key] += 1
            if sample.outcome != "dropped":
                self.latencies.setdefault(sample.group, []).append(sample.latency)
            if sample.outcome not in ("ok", "shed") and len(self.failures) < 50:
                self.failures.append(f"{sample.kind} {sample.status} {sample.detail}"[:300])

    def interval(self) -> tuple[Counter[tuple[str, str, str]], dict[str, list[float]]]:
        with self.lock:
            counts, lat = self.current, self.latencies
            self.current, self.latencies = Counter(), {}
        return counts, lat


def bot(base: str, games: list[str], rec: Tally, seed: int, max_plies: int = 200) -> None:
    """Random games through the API until the run ends: legal-moves, then apply one of the
    moves listed, from the initial position to the end of the game (or ``max_plies``)."""
    rng = random.Random(seed)
    conn = client.Client(base, timeout=30.0)

    def send(req: client.Req) -> Any:
        start = time.monotonic()
        try:
            status, headers, data = conn.send(req)
        except (OSError, http.client.HTTPException, socket.timeout) as exc:
            rec.add(client.Sample("bot", req.kind, "dropped", None, start - rec.t0,
                                  time.monotonic() - start, repr(exc)))
            return None
        outcome, detail = client.classify(req, status, headers, data)
        rec.add(client.Sample("bot", req.kind, outcome, status, start - rec.t0,
                              time.monotonic() - start, detail))
        return json.loads(data) if outcome == "ok" else None

    try:
        while rec.take(False):
            game = rng.choice(games)
            path = f"/v1/games/{game}"
            position: str | None = None
            for ply in range(max_plies):
                if not rec.take(False):
                    break
                listed = send(client.Req("bot", f"legal-moves:{game}", "POST",
                                         path + "/legal-moves",
                                         client._body({"position": position})))
                if not listed or not listed["moves"]:
                    break
                move = rng.choice(listed["moves"])["move"]
                applied = send(client.Req("bot", f"apply:{game}", "POST", path + "/apply",
                                          client._body({"position": position, "move": move,
                                                        "seed": ply})))
                if not applied or applied["status"]["state"] != "ongoing":
                    break
                position = applied["position"]
    finally:
        conn.close()


# ---- what the service and the machine say -----------------------------------------------------

def rss_kib(pid: int) -> int | None:
    """Resident memory of ``pid`` in KiB (VmRSS), or None if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def open_fds(pid: int) -> int | None:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def scrape(url: str) -> str | None:
    """The service's ``GET /metrics`` text, or None when it has no metrics (404)."""
    conn = http.client.HTTPConnection(url.split("//", 1)[1].split(":")[0],
                                      int(url.rsplit(":", 1)[1]), timeout=30)
    try:
        conn.request("GET", "/metrics")
        resp = conn.getresponse()
        text = resp.read().decode()
        if resp.status == 404:
            return None
        if resp.status != 200:
            raise RuntimeError(f"GET /metrics answered {resp.status}: {text[:300]}")
        return text
    finally:
        conn.close()


def settled_scrape(url: str, tries: int = 20) -> str | None:
    """``/metrics`` once the request counts stop moving (a worker counts a request as it
    finishes answering it, a moment after the client has read the answer)."""
    text = scrape(url)
    for _ in range(tries):
        if text is None:
            return None
        time.sleep(0.1)
        again = scrape(url)
        if again is not None and (metric_figures(again)["requests_by_status"]
                                  == metric_figures(text)["requests_by_status"]):
            return again
        text = again
    return text


def metric_figures(text: str) -> dict[str, Any]:
    """From a Prometheus exposition: ``referee_requests_total`` summed per status (the soak's
    own scrapes left out), requests shed, and heavy requests in flight."""
    from prometheus_client.parser import text_string_to_metric_families

    by_status: Counter[str] = Counter()
    shed = 0.0
    in_flight = 0.0
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == "referee_requests_total":
                if s.labels.get("operation") not in OWN_OPERATIONS:
                    by_status[s.labels["status"]] += int(s.value)
            elif s.name == "referee_shed_total":
                shed += s.value
            elif s.name == "referee_heavy_in_flight":
                in_flight += s.value
    return {"requests_by_status": dict(sorted(by_status.items())), "shed": int(shed),
            "heavy_in_flight": int(in_flight)}


def counted_by_status(total: Iterable[tuple[tuple[str, str, str], int]]) -> dict[str, int]:
    """The clients' answers per status (dropped requests, which have none, left out)."""
    out: Counter[str] = Counter()
    for (_, _, status), n in total:
        if status != "dropped":
            out[status] += n
    return dict(sorted(out.items()))


def agreement(counted: dict[str, int], before: dict[str, int] | None,
              after: dict[str, int] | None) -> dict[str, Any]:
    """Whether the requests ``/metrics`` counted between two scrapes (``before``, ``after``:
    requests per status) equal what the clients counted, status by status."""
    if before is None or after is None:
        return {"checked": False, "agree": None, "reason": "the service has no /metrics"}
    served = {status: after.get(status, 0) - before.get(status, 0)
              for status in set(after) | set(before)}
    served = {k: v for k, v in sorted(served.items()) if v}
    differences = {status: {"metrics": served.get(status, 0), "clients": counted.get(status, 0)}
                   for status in sorted(set(served) | set(counted))
                   if served.get(status, 0) != counted.get(status, 0)}
    return {"checked": True, "agree": not differences, "metrics": served, "clients": counted,
            "differences": differences}


def memory_growth(samples: list[dict[str, Any]], warmup_s: float,
                  limit: float = MAX_GROWTH) -> dict[str, Any]:
    """Each worker's resident memory at its first sample once it has run ``warmup_s`` (from
    the start, or from its first sample for a worker that replaced another) and at its last,
    its largest at any sample (``max_mib``), and the growth between the first two, judged
    against ``limit`` (a worker seen only in its warm-up,
    or only once after it, is listed without a verdict)."""
    born: dict[str, float] = {}
    seen: dict[str, list[tuple[float, int]]] = {}
    largest: dict[str, int] = {}
    for i, sample in enumerate(samples):
        for pid, w in sample["workers"].items():
            born.setdefault(pid, 0.0 if i == 0 else sample["t_s"])
            largest[pid] = max(largest.get(pid, 0), w["rss_kib"] or 0)
            if w["rss_kib"] is not None and sample["t_s"] >= born[pid] + warmup_s:
                seen.setdefault(pid, []).append((sample["t_s"], w["rss_kib"]))
    out: dict[str, Any] = {}
    for pid, points in seen.items():
        (t0, first), (t1, last) = points[0], points[-1]
        growth = (last - first) / first if len(points) > 1 else None
        out[pid] = {"from_s": t0, "to_s": t1, "rss_mib": [round(first / 1024, 1),
                                                         round(last / 1024, 1)],
                    "max_mib": round(largest[pid] / 1024, 1),
                    "growth": None if growth is None else round(growth, 4),
                    "passed": None if growth is None else growth < limit}
    judged = [w["passed"] for w in out.values() if w["passed"] is not None]
    return {"warmup_s": warmup_s, "limit": limit, "workers": out,
            "passed": bool(judged) and all(judged)}


def percentile_ms(values: list[float], q: float) -> float | None:
    v = client.percentile(values, q)
    return None if v is None else round(v * 1000, 1)


def interval_sample(t: float, server: Server, counts: Counter[tuple[str, str, str]],
                    lat: dict[str, list[float]], seconds: float,
                    metrics: dict[str, Any] | None) -> dict[str, Any]:
    groups = sorted({g for g, _, _ in counts})
    return {
        "t_s": round(t, 1),
        "master": {"pid": server.proc.pid if server.proc else None,
                   "rss_kib": rss_kib(server.proc.pid) if server.proc else None,
                   "fds": open_fds(server.proc.pid) if server.proc else None},
        "workers": {str(pid): {"rss_kib": rss_kib(pid), "fds": open_fds(pid)}
                    for pid in server.worker_pids()},
        "rps": round(sum(counts.values()) / seconds, 1) if seconds else None,
        "answers": {g: dict(sorted(Counter({f"{o} {s}": n for (gg, o, s), n in counts.items()
                                            if gg == g}).items())) for g in groups},
        "server_errors": sum(n for (_, o, _), n in counts.items() if o == "server_error"),
        "dropped": sum(n for (_, o, _), n in counts.items() if o == "dropped"),
        "unexpected": sum(n for (_, o, _), n in counts.items() if o == "unexpected"),
        "p50_p99_ms": {g: [percentile_ms(v, 50), percentile_ms(v, 99)] for g, v in lat.items()},
        "metrics": metrics,
    }


# ---- the run ------------------------------------------------------------------------------------

def soak(seconds: float, interval: float, *, workers: int = 2, frontend: int = 2, bots: int = 2,
         abusive: int = 2, seed: int = 1, recycle: bool = False, replay_plies: int = 1000,
         env: dict[str, str] | None = None, max_worker_mib: float = MAX_WORKER_MIB,
         log: TextIO = sys.stderr) -> dict[str, Any]:
    """The whole soak (see the module); its report."""
    server_env = {} if recycle else {"GUNICORN_MAX_REQUESTS": "0"}
    server_env.update(env or {})
    warmup_s = min(WARMUP_SHARE * seconds, WARMUP_MAX_S)
    with Server(workers=workers, env=server_env) as server:
        plan = client.prepare(server.url, seed=seed, replay_plies=replay_plies)
        n_invalid = max(1, round(len(plan.ordinary) * 0.15 / 0.85))
        rng = random.Random(seed)
        mixed = plan.ordinary + [rng.choice(plan.invalid) for _ in range(n_invalid)] + plan.invalid
        first = scrape(server.url)
        before = metric_figures(first)["requests_by_status"] if first is not None else None
        t0 = time.monotonic()
        rec = Tally(t0 + seconds, t0)
        pool = [threading.Thread(target=client.worker, args=(server.url, mixed, rec,
                                                             seed * 1000 + i, False, 30.0))
                for i in range(frontend)]
        pool += [threading.Thread(target=bot, args=(server.url, plan.games, rec, seed * 4000 + i))
                 for i in range(bots)]
        pool += [threading.Thread(target=client.worker, args=(server.url, plan.abuse, rec,
                                                              seed * 2000 + i, False, 30.0, True))
                 for i in range(abusive)]
        for t in pool:
            t.start()
        samples = []
        last = t0
        while True:
            now = time.monotonic()
            wait = min(interval - (now - last), t0 + seconds - now)
            if wait > 0:
                rec.stop.wait(wait)
            now = time.monotonic()
            counts, lat = rec.interval()
            text = scrape(server.url)
            samples.append(interval_sample(now - t0, server, counts, lat, now - last,
                                           metric_figures(text) if text is not None else None))
            last = now
            s = samples[-1]
            print(f"{s['t_s']:7.1f} s  {s['rps']:7.1f} req/s  workers "
                  + ", ".join(f"{pid}: {w['rss_kib'] and round(w['rss_kib'] / 1024, 1)} MiB "
                              f"{w['fds']} fds" for pid, w in s["workers"].items())
                  + f"  5xx {s['server_errors']} dropped {s['dropped']}"
                  + ("" if text is not None else "  (no /metrics)"), file=log, flush=True)
            if now >= t0 + seconds:
                break
        rec.stop.set()
        for t in pool:
            t.join()
        counts, lat = rec.interval()      # answers that came in after the last sample
        end = time.monotonic()
        final = settled_scrape(server.url)
        after = metric_figures(final)["requests_by_status"] if final is not None else None
        if counts:
            samples.append(interval_sample(end - t0, server, counts, lat, end - last,
                                           metric_figures(final) if final else None))
    return report(rec, samples, seconds, warmup_s, before, after, first is not None,
                  {"workers": workers, "frontend": frontend, "bots": bots, "abusive": abusive,
                   "interval_s": interval, "recycle": recycle, "server_env": server_env},
                  max_worker_mib)


def report(rec: Tally, samples: list[dict[str, Any]], seconds: float, warmup_s: float,
           before: dict[str, int] | None, after: dict[str, int] | None, has_metrics: bool,
           settings: dict[str, Any], max_worker_mib: float = MAX_WORKER_MIB) -> dict[str, Any]:
    """The soak's verdicts from what was recorded (see the module)."""
    total = rec.total
    outcomes: Counter[str] = Counter()
    for (_, outcome, _), n in total.items():
        outcomes[outcome] += n
    counted = counted_by_status(total.items())
    memory = memory_growth(samples, warmup_s)
    # for the record, not a verdict: bounded caches that are still filling grow a worker long
    # after the warm-up, then stop; a leak keeps growing in the second half too
    memory["second_half"] = {pid: w["growth"] for pid, w in
                             memory_growth(samples, seconds / 2)["workers"].items()}
    fds = {pid: [w["fds"] for w in (s["workers"].get(pid) for s in samples) if w]
           for pid in memory["workers"]}
    agree = agreement(counted, before, after)
    checks = {
        "memory_growth_under_5_percent": memory["passed"],
        f"worker_memory_under_{max_worker_mib:g}_mib": bool(memory["workers"]) and all(
            w["max_mib"] <= max_worker_mib for w in memory["workers"].values()),
        "no_5xx_but_documented_503": outcomes["server_error"] == 0,
        "nothing_dropped": outcomes["dropped"] == 0,
        "nothing_unexpected": outcomes["unexpected"] == 0,
        "metrics_agree": agree["agree"],
    }
    return {
        "seconds": seconds,
        "settings": settings,
        "metrics_endpoint": has_metrics,
        "requests": sum(total.values()),
        "outcomes": dict(sorted(outcomes.items())),
        "by_group": {g: dict(sorted(Counter({f"{o} {s}": n for (gg, o, s), n in total.items()
                                             if gg == g}).items()))
                     for g in sorted({g for g, _, _ in total})},
        "memory": memory,
        "fds": {pid: {"min": min(v), "max": max(v)} for pid, v in fds.items() if v},
        "metrics_agreement": agree,
        "checks": checks,
        "passed": all(v is not False for v in checks.values()),
        "failures": rec.failures,
        "samples": samples,
    }


def markdown(r: dict[str, Any]) -> str:
    lines = [f"Soak of {r['seconds'] / 60:g} min: {r['requests']:,} requests "
             f"({', '.join(f'{k} {v:,}' for k, v in r['outcomes'].items())}); /metrics "
             f"{'present' if r['metrics_endpoint'] else 'absent (404)'}.", "",
             "| worker | RSS after warm-up -> end MiB | growth | growth in the second half | "
             "largest MiB | open fds min-max | verdict |",
             "|---|---|---|---|---|---|---|"]
    for pid, w in r["memory"]["workers"].items():
        fd = r["fds"].get(pid, {})
        growth = "-" if w["growth"] is None else f"{w['growth']:+.1%}"
        verdict = {True: "under 5 %", False: "OVER 5 %", None: "-"}[w["passed"]]
        half = r["memory"].get("second_half", {}).get(pid)
        lines.append(f"| {pid} | {w['rss_mib'][0]} -> {w['rss_mib'][1]} | {growth} | "
                     f"{'-' if half is None else format(half, '+.1%')} | {w['max_mib']} | "
                     f"{fd.get('min')}-{fd.get('max')} | {verdict} |")
    lines.append("")
    for name, ok in r["checks"].items():
        lines.append(f"- {name.replace('_', ' ')}: "
                     f"{ {True: 'yes', False: 'NO', None: 'not checked'}[ok]}")
    agree = r["metrics_agreement"]
    if agree["checked"] and agree["differences"]:
        lines.append(f"  - differences (metrics vs clients): {agree['differences']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    length = ap.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, default=None)
    length.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--interval", type=float, default=None,
                    help="seconds between samples (default: 30, or a tenth of a short run)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--frontend", type=int, default=2, help="frontend client threads")
    ap.add_argument("--bots", type=int, default=2, help="bot client threads")
    ap.add_argument("--abusive", type=int, default=2, help="abusive client threads")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--recycle", action="store_true",
                    help="keep gunicorn's worker recycling (max_requests) on")
    ap.add_argument("--server-env", nargs="*", default=[], metavar="NAME=VALUE")
    ap.add_argument("--max-worker-mib", type=float, default=MAX_WORKER_MIB,
                    help="the largest resident memory a worker may reach (MiB)")
    ap.add_argument("--out", default=str(ROOT / "loadtest" / "results-soak.json"))
    args = ap.parse_args(argv)
    seconds = (args.seconds if args.seconds is not None
               else 60 * (args.minutes if args.minutes is not None else 30))
    interval = args.interval or min(30.0, max(1.0, seconds / 10))
    r = soak(seconds, interval, workers=args.workers, frontend=args.frontend, bots=args.bots,
             abusive=args.abusive, seed=args.seed, recycle=args.recycle,
             env=dict(item.split("=", 1) for item in args.server_env),
             max_worker_mib=args.max_worker_mib)
    r["command"] = "python -m loadtest.soak " + " ".join(
        argv if argv is not None else sys.argv[1:])
    Path(args.out).write_text(json.dumps(r, indent=2) + "\n")
    print(markdown(r))
    print(f"\nfull report: {args.out}")
    return 0 if r["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())

"""The longer load and fault runs whose figures are in docs/load.md.

    .venv/bin/python -m loadtest.run                 # all scenarios, about 3 minutes
    .venv/bin/python -m loadtest.run --quick         # 5-second versions
    .venv/bin/python -m loadtest.run --only mixed abuse

Each scenario starts its own gunicorn with the production configuration (``loadtest.server``,
2 workers unless ``--workers``) on a free loopback port; the load client runs in this process
on the same machine, so it competes with the server for the same cores. Results go to
``loadtest/results.json`` (``--out``) and a Markdown summary to stdout.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any, Callable

from . import client, faults
from .server import Server

HERE = Path(__file__).resolve().parent


def rss_mib(pids: list[int]) -> dict[str, float]:
    """The resident memory of each process of ``pids``, in MiB, by pid."""
    out = {}
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out[str(pid)] = round(int(line.split()[1]) / 1024, 1)
        except OSError:
            pass
    return out


def cpu_seconds() -> float:
    """CPU seconds this process has used, user and system."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


SERVER_ENV: dict[str, str] = {}


def with_server(workers: int, fn: Callable[[Server], dict[str, Any]],
                env: dict[str, str] | None = None) -> dict[str, Any]:
    with Server(workers=workers, env={**SERVER_ENV, **(env or {})}) as server:
        c0 = cpu_seconds()
        out = fn(server)
        out["client_cpu_s"] = round(cpu_seconds() - c0, 1)
        if server.proc is not None and server.proc.poll() is None:
            out["server_rss_mib"] = rss_mib([server.proc.pid] + server.worker_pids())
        return out


#: one scenario: run it, get its results
Scenario = Callable[[], dict[str, Any]]


def scenarios(args: argparse.Namespace) -> dict[str, Scenario]:
    """Every scenario, by name, under the command line's settings."""
    d = args.duration
    w = args.workers

    def load(abuse_threads: int = 0, env: dict[str, str] | None = None,
             honour_retry_after: bool = True) -> Scenario:
        def fn(server: Server) -> dict[str, Any]:
            plan = client.prepare(server.url, seed=args.seed,
                                  replay_plies=args.replay_plies if abuse_threads else 0)
            report = client.run(server.url, plan, threads=args.threads, requests=args.requests,
                                duration=d, abuse_threads=abuse_threads, seed=args.seed,
                                honour_retry_after=honour_retry_after)
            out = report.summary()
            out["worker_pids_at_end"] = server.worker_pids()
            return out
        return lambda: with_server(w, fn, env)

    def kill() -> Scenario:
        def fn(server: Server) -> dict[str, Any]:
            plan = client.prepare(server.url, seed=args.seed)
            runs = []
            for i in range(args.repeat):
                result = faults.kill_worker_under_load(
                    server, plan, threads=args.threads, duration=min(d, 10.0),
                    kill_when=faults.after_seconds(2.0))
                summary = result.summary()
                summary["load"] = {k: summary["load"][k] for k in (
                    "requests", "throughput_rps", "server_errors", "dropped", "unexpected",
                    "ordinary", "failures")}
                runs.append(summary)
            return {"runs": runs}
        return lambda: with_server(w, fn)

    def drain() -> dict[str, Any]:
        runs = []
        for i in range(args.repeat):
            def fn(server: Server) -> dict[str, Any]:
                plan = client.prepare(server.url, seed=args.seed + i)
                return faults.sigterm_drain(server, plan, per_game=8, term_after=0.2).summary()
            # load shedding off: every slow request is to be in flight when SIGTERM comes
            runs.append(with_server(w, fn, {"REFEREE_LOAD_SHEDDING": "0"}))
        return {"runs": runs}

    return {
        "mixed": load(),
        "abuse": load(abuse_threads=args.threads),
        "abuse-saturating": load(abuse_threads=2 * args.threads),
        # the same without load shedding, for comparison
        "abuse-saturating-unshed": load(abuse_threads=2 * args.threads,
                                        env={"REFEREE_LOAD_SHEDDING": "0"}),
        # abusive clients that ignore Retry-After and resend at once
        "abuse-flood": load(abuse_threads=2 * args.threads, honour_retry_after=False),
        "recycling": load(env={"GUNICORN_MAX_REQUESTS": "500",
                               "GUNICORN_MAX_REQUESTS_JITTER": "50"}),
        "worker-kill": kill(),
        "sigterm-drain": drain,
    }


def markdown(results: dict[str, Any]) -> str:
    lines = ["| scenario | requests | req/s | ordinary req/s | ordinary p50 / p99 / max ms | "
             "5xx | dropped | unexpected | abusive requests (p50 ms) | shed 503 |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in results["scenarios"].items():
        if "ordinary" not in r:
            continue
        o, a = r["ordinary"], r["abuse"]
        lines.append(f"| {name} | {r['requests']} | {r['throughput_rps']} | "
                     f"{r['ordinary_rps']} | {o['p50_ms']} / "
                     f"{o['p99_ms']} / {o['max_ms']} | {r['server_errors']} | {r['dropped']} | "
                     f"{r['unexpected']} | {a['n']} ({a['p50_ms']}) | "
                     f"{sum(r['shed'].values())} |")
    lines += ["", *target_lines(results["scenarios"])]
    return "\n".join(lines)


#: with abusive clients, ordinary requests keep p99 <= 3x and throughput >= 50 % of mixed
TARGET_P99_RATIO, TARGET_THROUGHPUT_SHARE = 3.0, 0.5


def target_lines(scenarios: dict[str, Any]) -> list[str]:
    """The load-shedding target, judged against the mixed run of the same invocation."""
    mixed = scenarios.get("mixed")
    if not mixed:
        return []
    out = []
    for name, r in scenarios.items():
        if not name.startswith("abuse"):
            continue
        p99 = r["ordinary"]["p99_ms"] / mixed["ordinary"]["p99_ms"]
        share = r["ordinary_rps"] / mixed["ordinary_rps"]
        clean = (r["server_errors"] == 0 and r["dropped"] == 0 and r["unexpected"] == 0
                 and r["shed"]["ordinary"] == 0)
        met = p99 <= TARGET_P99_RATIO and share >= TARGET_THROUGHPUT_SHARE and clean
        out.append(f"- {name}: ordinary p99 {p99:.2f}x mixed (target <= {TARGET_P99_RATIO:g}x), "
                   f"throughput {share:.0%} of mixed (target >= {TARGET_THROUGHPUT_SHARE:.0%}), "
                   f"{'clean' if clean else 'NOT clean'}: {'met' if met else 'MISSED'}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Longer load and fault runs (see docs/load.md).")
    ap.add_argument("--duration", type=float, default=30.0)
    ap.add_argument("--requests", type=int, default=200_000)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--replay-plies", type=int, default=1000,
                    help="length of the random games the abusive clients replay")
    ap.add_argument("--quick", action="store_true", help="5-second runs, one repeat")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--server-env", nargs="*", default=[], metavar="NAME=VALUE",
                    help="settings for the server, e.g. GUNICORN_THREADS=4")
    ap.add_argument("--out", default=str(HERE / "results.json"))
    args = ap.parse_args(argv)
    if args.quick:
        args.duration, args.repeat = 5.0, 1
    SERVER_ENV.update(item.split("=", 1) for item in args.server_env)
    chosen = scenarios(args)
    results: dict[str, Any] = {
        "command": "python -m loadtest.run " + " ".join(argv if argv is not None else sys.argv[1:]),
        "machine": {"cpus": len(__import__("os").sched_getaffinity(0)),
                    "python": platform.python_version(), "platform": platform.platform(),
                    "note": "load client and server share these CPUs"},
        "settings": {"duration_s": args.duration, "threads": args.threads,
                     "workers": args.workers, "requests_cap": args.requests,
                     "server_env": SERVER_ENV},
        "scenarios": {},
    }
    for name, fn in chosen.items():
        if args.only and name not in args.only:
            continue
        t0 = time.monotonic()
        results["scenarios"][name] = fn()
        results["scenarios"][name]["wall_s"] = round(time.monotonic() - t0, 1)
        print(f"{name}: done in {results['scenarios'][name]['wall_s']} s", file=sys.stderr)
    Path(args.out).write_text(json.dumps(results, indent=2) + "\n")
    print(markdown(results))
    print(f"\nfull results: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

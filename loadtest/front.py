"""The nginx front (``deploy/nginx/nginx.conf``) under a flood, measured with a real nginx.

    python -m loadtest.front                          # 20-second runs, 2 ordinary, 8 abusive
    python -m loadtest.front --duration 5 --no-direct
    python -m loadtest.front --runs 4 --no-direct     # the target's four invocations in a row

:class:`Front` runs the shipped configuration by hand (never as a system service): the same file
with only its ``listen`` port and its upstream's address replaced, in a temporary prefix
directory (``nginx -p``), in the foreground, stopped at the end. Every client sends from its own
loopback address (127.0.0.2, 127.0.0.3, ...: Linux routes all of 127.0.0.0/8 to loopback), so
the front's per-address limits see ten clients.

The front sends expensive requests and pictures to an instance of their own, as shipped: a
second gunicorn (``--expensive-workers``, 1) at a lower CPU priority (``--expensive-nice``,
10), the other requests to the main one (2 workers).

One invocation runs, each against the same gunicorn (``loadtest.server``, 2 workers) and for
``--duration`` seconds: the ordinary clients alone through the front, then the same with the
abusive clients flooding it; and (unless ``--no-direct``) both again straight to gunicorn, the
service with no front. The ordinary clients (``loadtest.client``'s mix of ordinary and invalid
requests, one keep-alive connection each, honouring ``Retry-After``) run in this process; the
abusive clients (its abusive mix: perft at the cap, replays, 2000-pixel PNGs, 64 KiB bodies)
run in a process of their own, so that their threads never take this one's interpreter lock,
and resend at once on every refusal (a 503 ``overloaded`` or a 429 ``rate_limited``),
ignoring ``Retry-After``: the front answers them late rather than refusing them (its
``delay``), so each is slowed to its allowance. The target (issue 31): flooded, the ordinary
clients keep at least 50 % of their throughput alone and a p99 at most 3x their p99 alone,
with no 5xx but documented 503s, nothing dropped, nothing unexpected, and no ordinary request
refused.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from . import client
from .server import Server, children

ROOT = Path(__file__).resolve().parents[1]
NGINX_CONF = ROOT / "deploy" / "nginx" / "nginx.conf"
#: the lines of the shipped configuration a test run replaces (each appears exactly once)
UPSTREAM_LINE = "server 127.0.0.1:8000;"
EXPENSIVE_LINE = "server 127.0.0.1:8001;"
BACKUP_LINE = "server 127.0.0.1:8000 backup;"
LISTEN_LINE = "listen 8080;"
#: the instance for expensive requests: its workers and CPU priority (``nice``), as
#: docs/operations.md runs it
EXPENSIVE_WORKERS, EXPENSIVE_NICE = 1, 10
#: the per-client limits' refusal
LIMITED = 429

#: the target: flooded, the ordinary clients keep p99 <= 3x and throughput >= 50 % of alone
TARGET_P99_RATIO, TARGET_THROUGHPUT_SHARE = 3.0, 0.5


def nginx_binary() -> str | None:
    """The nginx executable (Debian installs it in /usr/sbin, often not on a user's PATH)."""
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None)


def render_config(upstreams: list[str], port: int, text: str | None = None,
                  expensive: list[str] | None = None) -> str:
    """The shipped configuration listening on 127.0.0.1:``port`` and proxying to
    ``upstreams`` (``host:port`` each), its expensive requests to ``expensive`` (with
    ``upstreams`` as the backup), or to ``upstreams`` too when None; nothing else changes."""
    text = NGINX_CONF.read_text() if text is None else text
    for line in (UPSTREAM_LINE, EXPENSIVE_LINE, BACKUP_LINE, LISTEN_LINE):
        if text.count(line) != 1:
            raise ValueError(f"{NGINX_CONF} should hold {line!r} exactly once")

    def servers(addresses: list[str], flag: str = "") -> str:
        return "\n        ".join(f"server {a}{flag};" for a in addresses)

    backup = servers(upstreams, " backup") if expensive else ""
    return (text.replace(UPSTREAM_LINE, servers(upstreams))
            .replace(EXPENSIVE_LINE, servers(expensive or upstreams))
            .replace(BACKUP_LINE, backup)
            .replace(LISTEN_LINE, f"listen 127.0.0.1:{port};"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Front:
    """nginx with the shipped configuration in a temporary prefix, in the foreground."""

    def __init__(self, upstreams: list[str], nginx: str | None = None,
                 directory: str | None = None, expensive: list[str] | None = None):
        found = nginx or nginx_binary()
        if found is None:
            raise RuntimeError("nginx is not installed (Debian: apt-get install nginx)")
        self.nginx, self.upstreams = found, upstreams
        self.dir = Path(directory or tempfile.mkdtemp(prefix="nginx-front-"))
        # nginx's workers drop root for `nobody`, who must reach the temporary files' directories
        self.dir.chmod(0o755)
        self.conf = self.dir / "nginx.conf"
        self.port = free_port()
        self.conf.write_text(render_config(upstreams, self.port, expensive=expensive))
        self.proc: subprocess.Popen[bytes] | None = None

    def command(self, *extra: str) -> list[str]:
        return [self.nginx, "-p", str(self.dir), "-c", str(self.conf),
                "-g", f"daemon off; pid {self.dir / 'nginx.pid'};", *extra]

    def test_config(self) -> subprocess.CompletedProcess[str]:
        """``nginx -t`` on the rendered configuration."""
        return subprocess.run(self.command("-t"), capture_output=True, text=True, timeout=60)

    def start(self, timeout: float = 30.0) -> "Front":
        self.access = open(self.dir / "access.log", "wb")
        self.error = open(self.dir / "error.log", "wb")
        self.proc = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL,
                                     stdout=self.access, stderr=self.error)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited with {self.proc.returncode}:\n{self.errors()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"nginx did not listen in {timeout} s:\n{self.errors()}")

    def stop(self) -> None:
        """Stop nginx gracefully (SIGQUIT), killing it if it lingers."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (getattr(self, "access", None), getattr(self, "error", None)):
            if f is not None:
                f.close()

    def __enter__(self) -> "Front":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def worker_pids(self) -> list[int]:
        return children(self.proc.pid) if self.proc is not None else []

    def errors(self) -> str:
        return (self.dir / "error.log").read_text(errors="replace")


# ---- the flood --------------------------------------------------------------------------------

def addresses(first: int, n: int) -> list[str]:
    """``n`` loopback addresses from 127.0.0.``first`` on."""
    return [f"127.0.0.{first + i}" for i in range(n)]


def _flood(url: str, plan: client.Plan, sources: list[str], seed: int, stop: Any,
           results: Any) -> None:
    """In the abusers' process: one thread per address sending the abusive mix, resending at
    once on every refusal, until ``stop`` is set; then what they got."""
    t0 = time.monotonic()
    rec = client.Recorder(0, t0 + 3600, t0)
    pool = [threading.Thread(target=client.worker,
                             args=(url, plan.abuse, rec, seed * 3000 + i, False, 30.0, False, src),
                             daemon=True)
            for i, src in enumerate(sources)]
    for t in pool:
        t.start()
    stop.wait()
    rec.stop.set()
    for t in pool:
        t.join()
    elapsed = time.monotonic() - t0
    outcomes: dict[str, int] = {}
    statuses: dict[str, int] = {}
    for s in rec.samples:
        outcomes[s.outcome] = outcomes.get(s.outcome, 0) + 1
        key = str(s.status) if s.status is not None else "dropped"
        statuses[key] = statuses.get(key, 0) + 1
    usage = resource.getrusage(resource.RUSAGE_SELF)
    results.put({"requests": len(rec.samples), "elapsed_s": round(elapsed, 2),
                 "rps": round(len(rec.samples) / elapsed, 1), "outcomes": outcomes,
                 "statuses": dict(sorted(statuses.items())),
                 "cpu_s": round(usage.ru_utime + usage.ru_stime, 1)})


class Flood:
    """The abusive clients, in a process of their own, while the ``with`` block runs."""

    def __init__(self, url: str, plan: client.Plan, sources: list[str], seed: int = 1):
        ctx = multiprocessing.get_context("fork")
        self.stop, self.results = ctx.Event(), ctx.Queue()
        self.proc = ctx.Process(target=_flood, args=(url, plan, sources, seed, self.stop,
                                                     self.results), daemon=True)
        self.summary: dict[str, Any] = {}

    def __enter__(self) -> "Flood":
        self.proc.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.summary = self.results.get(timeout=120)
        self.proc.join(30)


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds the processes ``pids`` have used so far."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        total += int(fields[11]) + int(fields[12])
    return total / tick


def ordinary_run(url: str, plan: client.Plan, args: argparse.Namespace,
                 flood_url: str | None, server: Server, front: Front | None,
                 expensive: Server | None = None) -> dict[str, Any]:
    """The ordinary clients for ``args.duration`` seconds, with the flood sent to
    ``flood_url`` meanwhile when given; their summary, the flood's and the CPU each side used."""
    servers = [server.proc.pid, *server.worker_pids()] if server.proc else []
    others = ([expensive.proc.pid, *expensive.worker_pids()]
              if expensive is not None and expensive.proc else [])
    nginx = front.worker_pids() if front is not None else []
    c_server, c_others, c_nginx = cpu_seconds(servers), cpu_seconds(others), cpu_seconds(nginx)
    ordinary = addresses(2, args.ordinary)

    def run() -> dict[str, Any]:
        report = client.run(url, plan, threads=args.ordinary, requests=args.requests,
                            duration=args.duration, seed=args.seed, sources=ordinary)
        return report.summary()

    if flood_url is None:
        out = run()
    else:
        with Flood(flood_url, plan, addresses(10, args.abusive), args.seed) as flood:
            time.sleep(args.settle)          # the flood is under way before we measure
            out = run()
        out["flood"] = flood.summary
    out["cpu_s"] = {"service": round(cpu_seconds(servers) - c_server, 1),
                    "expensive": round(cpu_seconds(others) - c_others, 1),
                    "nginx": round(cpu_seconds(nginx) - c_nginx, 1)}
    return out


def judge(alone: dict[str, Any], flooded: dict[str, Any]) -> dict[str, Any]:
    """The target, flooded against alone (see the module)."""
    p99 = flooded["ordinary"]["p99_ms"] / alone["ordinary"]["p99_ms"]
    share = flooded["ordinary_rps"] / alone["ordinary_rps"]
    refused = sum(flooded[k]["ordinary"] + flooded[k]["invalid"] for k in ("shed", "limited"))
    clean = (flooded["server_errors"] == 0 and flooded["dropped"] == 0
             and flooded["unexpected"] == 0 and refused == 0)
    return {"p99_ratio": round(p99, 2), "throughput_share": round(share, 3), "clean": clean,
            "met": p99 <= TARGET_P99_RATIO and share >= TARGET_THROUGHPUT_SHARE and clean}


def niced(server: Server, increment: int) -> None:
    """Lower the CPU priority of ``server``'s master and workers (the workers it forks later
    inherit the master's)."""
    assert server.proc is not None
    for pid in (server.proc.pid, *server.worker_pids()):
        os.setpriority(os.PRIO_PROCESS, pid, increment)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"runs": {}, "judged": {}}
    env = dict(item.split("=", 1) for item in args.server_env)
    with Server(workers=args.workers, env=env) as server, \
            Server(workers=args.expensive_workers, env=env) as expensive:
        niced(expensive, args.expensive_nice)
        plan = client.prepare(server.url, seed=args.seed, replay_plies=args.replay_plies)
        with Front([f"127.0.0.1:{server.port}"],
                   expensive=[f"127.0.0.1:{expensive.port}"]) as front:
            for name, flood in (("front, alone", False), ("front, flooded", True)):
                results["runs"][name] = ordinary_run(front.url, plan, args,
                                                     front.url if flood else None, server, front,
                                                     expensive)
                print(f"{name}: done", file=sys.stderr)
            results["nginx_errors"] = front.errors()[-2000:]
        results["judged"]["front"] = judge(results["runs"]["front, alone"],
                                           results["runs"]["front, flooded"])
        if args.direct:
            for name, flood in (("no front, alone", False), ("no front, flooded", True)):
                results["runs"][name] = ordinary_run(server.url, plan, args,
                                                     server.url if flood else None, server, None)
                print(f"{name}: done", file=sys.stderr)
            results["judged"]["no front"] = judge(results["runs"]["no front, alone"],
                                                  results["runs"]["no front, flooded"])
    return results


def markdown(results: dict[str, Any]) -> str:
    lines = ["| run | ordinary req/s | ordinary p50 / p90 / p99 / max ms | 5xx | dropped | "
             "unexpected | ordinary refused | abusive req/s | abusive answers | CPU s: "
             "service (+ its expensive instance) / nginx / abusers |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in results["runs"].items():
        o, f = r["ordinary"], r.get("flood")
        refused = sum(r[k]["ordinary"] + r[k]["invalid"] for k in ("shed", "limited"))
        answers = (", ".join(f"{k}: {v:,}" for k, v in f["statuses"].items()) if f else "")
        lines.append(
            f"| {name} | {r['ordinary_rps']:,} | {o['p50_ms']} / {o['p90_ms']} / {o['p99_ms']} / "
            f"{o['max_ms']} | {r['server_errors']} | {r['dropped']} | {r['unexpected']} | "
            f"{refused} | {format(f['rps'], ',') if f else '-'} | {answers or '-'} | "
            f"{r['cpu_s']['service']}"
            f"{' + ' + str(r['cpu_s']['expensive']) if 'front' == name[:5] else ''} / "
            f"{r['cpu_s']['nginx'] if 'front' == name[:5] else '-'} / "
            f"{f['cpu_s'] if f else '-'} |")
    lines.append("")
    for name, j in results["judged"].items():
        lines.append(f"- {name}: flooded ordinary p99 {j['p99_ratio']:.2f}x alone (target <= "
                     f"{TARGET_P99_RATIO:g}x), throughput {j['throughput_share']:.0%} of alone "
                     f"(target >= {TARGET_THROUGHPUT_SHARE:.0%}), "
                     f"{'clean' if j['clean'] else 'NOT clean'}: "
                     f"{'met' if j['met'] else 'MISSED'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--duration", type=float, default=20.0, help="seconds of each run")
    ap.add_argument("--ordinary", type=int, default=2, help="ordinary clients")
    ap.add_argument("--abusive", type=int, default=8, help="abusive clients")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--expensive-workers", type=int, default=EXPENSIVE_WORKERS,
                    help="workers of the instance for expensive requests")
    ap.add_argument("--expensive-nice", type=int, default=EXPENSIVE_NICE,
                    help="its CPU priority (nice)")
    ap.add_argument("--requests", type=int, default=1_000_000,
                    help="cap on the ordinary clients' requests per run")
    ap.add_argument("--settle", type=float, default=1.0,
                    help="seconds the flood runs before the ordinary clients start")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--replay-plies", type=int, default=1000)
    ap.add_argument("--server-env", nargs="*", default=[], metavar="NAME=VALUE",
                    help="settings for the service, e.g. REFEREE_HEAVY_REST_RATIO=4")
    ap.add_argument("--no-direct", dest="direct", action="store_false",
                    help="skip the runs straight to gunicorn")
    ap.add_argument("--runs", type=int, default=1,
                    help="invocations in a row, each on a fresh server (the target asks 4)")
    ap.add_argument("--out", default=str(ROOT / "loadtest" / "results-front.json"))
    args = ap.parse_args(argv)
    every = []
    for run in range(1, args.runs + 1):
        results = measure(args)
        results["command"] = "python -m loadtest.front " + " ".join(
            argv if argv is not None else sys.argv[1:])
        results["settings"] = {k: v for k, v in vars(args).items() if k != "out"}
        every.append(results)
        print(f"\n== invocation {run} of {args.runs} ==\n{markdown(results)}", flush=True)
    Path(args.out).write_text(json.dumps(every if args.runs > 1 else every[0], indent=2) + "\n")
    met = sum(r["judged"]["front"]["met"] for r in every)
    print(f"\nwith the front: the target met in {met} of {args.runs} invocations")
    print(f"full results: {args.out}")
    return 0 if met == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())

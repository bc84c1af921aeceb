"""Profiles of the hot paths, for docs/performance.md.

    python -m bench.profile movegen ID                # legal-move generation, caches cleared
    python -m bench.profile perft ID                  # perft from the initial position
    python -m bench.profile http ID legal-moves       # one endpoint through the WSGI app
    python -m bench.profile movegen ID --pyinstrument # call tree instead of the table
    python -m bench.profile wsgi all                  # us per request: app, rules, orjson, rest
    python -m bench.profile workload ID frontend      # a workload of bench.workloads, in process
    python -m bench.profile workload-us all           # us per request of every workload, in process

The default output is cProfile's top entries by own CPU time (``tottime``) with cumulative time,
and, for ``http``, the split of own time by package (flask, werkzeug, marshmallow, rules,
service, ...). ``http`` calls the Flask app's WSGI callable directly with a prepared environ
(the same app ``python -m service`` serves, without gunicorn's socket handling, which the
HTTP benchmark includes), so the split shows what the app spends per request.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time
from collections import defaultdict
from typing import Any, Callable
from wsgiref.types import WSGIApplication

import orjson

import rules

from . import engine, httpbench
from .environ import environ_for
from . import positions as P

#: one unit of profiled work: returns how many units it did
Body = Callable[[], int]
#: one request: method, path, body
Request = tuple[str, str, bytes]


def workload(kind: str, game_id: str, endpoint: str | None) -> tuple[Body, str]:
    """The work ``kind`` profiles for ``game_id`` (``endpoint`` for http and workload), and
    its title."""
    if kind in ("movegen", "apply", "perft", "parse", "format"):
        loaded = P.load(game_id)
        if loaded is None:
            raise SystemExit(f"no bench/positions/{game_id}.txt")
        w = engine.Workload(game_id, [t for s in P.SECTIONS for t in loaded[s]])
        if kind == "perft":
            depth = w.perft_depth()[0]
            return w.perft(depth), f"perft depth {depth}"
        return getattr(w, kind), kind
    # http: the WSGI app called directly
    from service.http.app import create_app

    app = create_app()
    if kind == "workload":
        return workload_requests(app, game_id, endpoint or "cold")
    endpoint = endpoint or "legal-moves"
    text = httpbench.busiest_midgame(game_id)
    if text is None:
        raise SystemExit(f"no bench/positions/{game_id}.txt")
    game = rules.configure(game_id)
    pos = game.parse_position(text)
    if endpoint == "health":
        method, path, body = "GET", "/v1/health", b""
    else:
        payload: dict[str, Any] = {"position": text}
        if endpoint == "apply":
            payload.update(move=game.format_move(pos, game.legal_moves(pos)[0]), seed=1)
        method, path, body = "POST", f"/v1/games/{game_id}/{endpoint}", orjson.dumps(payload)

    def one() -> int:
        for _ in app(environ_for(method, path, body), _ok):
            pass
        return 1

    return one, f"{method} {path} (WSGI app called directly)"


def _plan_requests(game_id: str, name: str) -> list[Request]:
    """The requests of one of :mod:`bench.workloads`' workloads for one game, in order."""
    from . import workloads

    plan = workloads.plans_for(name, [game_id], 3000, 48, 100)[0]
    requests: list[Request] = []
    for unit in plan.units:
        for raw in unit:
            head, _, body = raw.partition(b"\r\n\r\n")
            method, path, _ = head.split(b" ", 2)
            requests.append((method.decode(), path.decode(), body))
    return requests


def _clear_analysis_caches() -> None:
    """As on a fresh server: no position analysed yet."""
    for g in rules.game_ids():
        rules.configure(g).clear_analysis_cache()


def _ok(status: str, headers: list[tuple[str, str]],
        exc_info: Any = None) -> Callable[[bytes], object]:
    """A WSGI start_response that accepts a 200 only, raising RuntimeError on anything else;
    what the app writes through the callable it returns is dropped."""
    if not status.startswith("200"):
        raise RuntimeError(status)
    return lambda data: None


def workload_table(game_ids: list[str]) -> None:
    """CPU microseconds per request of each workload through the WSGI app (one pass over its
    requests, the analysis caches cleared first as on a fresh server), beside health's."""
    from service.http.app import create_app

    from . import workloads

    app = create_app()

    def per_request(requests: list[Request]) -> float:
        start = time.process_time()  # CPU time: other jobs on the machine do not count
        for method, path, body in requests:
            for _ in app(environ_for(method, path, body), _ok):
                pass
        return 1e6 * (time.process_time() - start) / len(requests)

    health = [("GET", "/v1/health", b"")] * 5000
    per_request(health)
    print(f"GET /v1/health: {per_request(health):.0f} us of CPU per request (WSGI app called "
          "directly)")
    for game_id in game_ids:
        for name in workloads.WORKLOADS:
            requests = _plan_requests(game_id, name)
            _clear_analysis_caches()
            print(f"{game_id:<11} {name:<10} {per_request(requests):>6.0f} us per request "
                  f"({len(requests)} requests)", flush=True)


def workload_requests(app: WSGIApplication, game_id: str, name: str) -> tuple[Body, str]:
    """One of :mod:`bench.workloads`' workloads through the WSGI app: each call sends the next
    request (and starts over at the end, when the caches are warm; use a short time)."""
    requests = _plan_requests(game_id, name)
    _clear_analysis_caches()  # building the plan analysed its positions in this process
    state = {"i": 0}

    def one() -> int:
        method, path, body = requests[state["i"] % len(requests)]
        state["i"] += 1
        for _ in app(environ_for(method, path, body), _ok):
            pass
        return 1

    return one, f"workload {name}: {len(requests)} requests (WSGI app called directly)"


def wsgi_table(game_ids: list[str], seconds: float = 0.5) -> None:
    """Microseconds per request through the WSGI app (no profiler, no socket), beside the rules
    work the view does (parse, generate or apply, format, with the analysis cache warm as in
    the HTTP benchmark) and orjson: what is left is Flask, werkzeug, marshmallow and the
    service's own code."""
    from service.http.app import create_app

    app = create_app()

    def per_call(fn: Callable[[], object]) -> float:
        fn()
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            fn()
            n += 1
        return 1e6 * (time.perf_counter() - start) / n

    def wsgi(method: str, path: str, body: bytes = b"") -> Callable[[], None]:
        def call() -> None:
            for _ in app(environ_for(method, path, body), _ok):
                pass
        return call

    health = per_call(wsgi("GET", "/v1/health"))
    print(f"GET /v1/health through the WSGI app: {health:.0f} us per request (the framework's "
          "floor: routing, request and response objects)")
    print(f"{'game':<11} {'endpoint':<12} {'app us':>7} {'rules us':>8} {'orjson us':>9} "
          f"{'rest us':>7}  (rest = Flask + werkzeug + marshmallow + service)")
    for game_id in game_ids:
        text = httpbench.busiest_midgame(game_id)
        if text is None:
            continue
        g = rules.configure(game_id)
        pos = g.parse_position(text)
        move_text = g.format_move(pos, g.legal_moves(pos)[0])
        base = f"/v1/games/{game_id}/"
        entries = g.legal_move_entries(pos)
        _, applied = g.play(pos, move_text, seed=1)

        def apply_work() -> tuple[str, str, dict[str, Any]]:
            """What apply's view asks of the rules: parse, play, format, status."""
            before = g.parse_position(text)
            move, after = g.play(before, move_text, seed=1)
            return (g.format_position(after.position), g.format_move(before, move),
                    g.status(after.position).to_json())

        rows: dict[str, tuple[dict[str, Any], Callable[[], object], Callable[[], bytes]]] = {
            "legal-moves": (
                {"position": text},
                lambda: (g.legal_move_entries(g.parse_position(text)), g.status(pos)),
                lambda: orjson.dumps({"to_move": "x", "count": len(entries), "moves": entries})),
            "apply": (
                {"position": text, "move": move_text, "seed": 1},
                apply_work,
                lambda: orjson.dumps({"position": text, "events": list(applied.events)})),
            "status": (
                {"position": text},
                lambda: g.status(g.parse_position(text)).to_json(),
                lambda: orjson.dumps(g.status(pos).to_json())),
        }
        for endpoint, (body, rules_work, dump) in rows.items():
            app_us = per_call(wsgi("POST", base + endpoint, orjson.dumps(body)))
            rules_us = per_call(rules_work)
            dump_us = per_call(dump)
            print(f"{game_id:<11} {endpoint:<12} {app_us:>7.0f} {rules_us:>8.0f} {dump_us:>9.0f} "
                  f"{app_us - rules_us - dump_us:>7.0f}")


BUCKETS = ("flask", "werkzeug", "marshmallow", "rules", "service", "orjson", "json", "chess")


def bucket(filename: str, funcname: str) -> str:
    """The package of :data:`BUCKETS` a profiled function's own time is counted in."""
    if filename == "~":
        # built-ins: attribute orjson's C functions to it, the rest to "builtins"
        return "orjson" if "orjson" in funcname else "builtins"
    path = filename.replace("\\", "/")
    for name in BUCKETS:
        if f"/{name}/" in path or path.endswith(f"/{name}.py"):
            return name
    return "other (stdlib)"


def profile(body: Body, seconds: float, top: int, title: str, split: bool) -> str:
    """cProfile's table of ``body`` called for ``seconds`` (its ``top`` entries by own CPU
    time), with the split of own time by package when ``split``."""
    body()  # warm
    prof = cProfile.Profile(time.process_time)  # CPU time: other jobs on the machine do not count
    calls = 0
    start = time.perf_counter()
    prof.enable()
    while time.perf_counter() - start < seconds:
        calls += body()
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    total: float = stats.total_tt  # type: ignore[attr-defined]  # set by Stats; not in typeshed
    print(f"{title}: {calls} units of work, cProfile total {total:.3f} s "
          f"(profiler overhead included)", file=out)
    if split:
        share: dict[str, float] = defaultdict(float)
        entries = stats.stats.items()  # type: ignore[attr-defined]  # as total_tt
        for (filename, _, funcname), (_, _, tt, _, _) in entries:
            share[bucket(filename, funcname)] += tt
        print("own time by package: " + ", ".join(
            f"{k} {v / total:.0%}" for k, v in sorted(share.items(), key=lambda kv: -kv[1])),
            file=out)
    stats.sort_stats("tottime").print_stats(top)
    text = out.getvalue()
    # keep the table, drop pstats' preamble about ordering
    return "\n".join(line for line in text.splitlines() if line.strip()
                     and not line.strip().startswith(("Ordered by", "List reduced")))


def main(argv: list[str] | None = None) -> None:
    """Profile what the command line asks for and print the table (or the call tree)."""
    parser = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=("movegen", "apply", "parse", "format", "perft", "http",
                                         "wsgi", "workload", "workload-us"))
    parser.add_argument("game", help="a registered game id, or all (wsgi, workload-us)")
    parser.add_argument("endpoint", nargs="?", default=None,
                        choices=("legal-moves", "apply", "status", "health", "cold", "frontend",
                                 "bot", "bot-moves"),
                        help="http: the endpoint (default legal-moves); workload: which one "
                             "(default cold)")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--pyinstrument", action="store_true",
                        help="print pyinstrument's call tree instead of the cProfile table")
    args = parser.parse_args(argv)
    known = rules.game_ids()
    if args.game not in known and not (args.game == "all"
                                       and args.kind in ("wsgi", "workload-us")):
        parser.error(f"unknown game {args.game!r}; registered: {', '.join(known)}"
                     + (" (or all)" if args.kind in ("wsgi", "workload-us") else ""))
    if args.kind == "workload-us":
        workload_table(rules.game_ids() if args.game == "all" else [args.game])
        return
    if args.kind == "wsgi":
        wsgi_table(rules.game_ids() if args.game == "all" else [args.game])
        return
    body, title = workload(args.kind, args.game, args.endpoint)
    if args.pyinstrument:
        from pyinstrument import Profiler

        body()
        profiler = Profiler(interval=0.0002)
        start = time.perf_counter()
        with profiler:
            while time.perf_counter() - start < args.seconds:
                body()
        print(f"{args.game} {title}")
        print(profiler.output_text(unicode=False, color=False, show_all=False))
        return
    print(f"{args.game} " + profile(body, args.seconds, args.top, title,
                                    args.kind in ("http", "workload")))


if __name__ == "__main__":
    main()

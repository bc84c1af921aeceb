"""What the memo caches hold, in bytes, measured: the figures :mod:`rules.core.memo` declares.

    python -m bench.memory                  # every cache filled, its bytes per entry measured
    python -m bench.memory --budget-mib 8   # the same under another budget
    python -m bench.memory --hits           # hit rates of bench.workloads' plans in process

It bounds every cache by the budget, fills them with real entries through the WSGI app (the
requests of seeded random playouts of every game: legal-moves, apply and status at each ply,
suggestions, pictures and replays, the pages and documents), then empties them one by one,
reading with :mod:`tracemalloc` the bytes each frees: its bytes per entry (beside the figure
it declares) and what all of them held together (beside the budget). Tracing starts before the
app is built, so nothing a cache holds escapes it. Counting requests and bytes, never time.
"""

from __future__ import annotations

import argparse
import gc
import io
import sys
import tracemalloc
from dataclasses import dataclass
from typing import Any, Callable, Iterable

#: the seeds of the playouts (distinct from the other benchmarks')
SEED = 40_000


@dataclass(frozen=True)
class Held:
    """What one cache held once filled: its entries, the bytes emptying it freed, and the
    bytes per entry it declares."""

    name: str
    entries: int
    maxsize: int
    freed: int
    declared: int

    @property
    def per_entry(self) -> float | None:
        return self.freed / self.entries if self.entries else None


Call = Callable[[str, str, bytes], tuple[int, bytes]]


def wsgi_caller(app: Any) -> Call:
    """``call(method, path, body) -> (status, body)`` through the WSGI callable ``app``."""

    def call(method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        status: list[int] = []

        def start_response(line: str, headers: list[tuple[str, str]],
                           exc_info: Any = None) -> Callable[[bytes], object]:
            status.append(int(line[:3]))
            return lambda data: None

        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
            "CONTENT_TYPE": "application/json" if body else "",
            "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr, "wsgi.multithread": True,
            "wsgi.multiprocess": True, "wsgi.run_once": False, "REMOTE_ADDR": "127.0.0.1",
        }
        answer = app(environ, start_response)
        try:
            data = b"".join(answer)
        finally:
            getattr(answer, "close", lambda: None)()
        return status[0], data

    return call


#: per game, its playouts: each a list of (position, move played, position after)
Plays = dict[str, list[list[tuple[str, str, str]]]]


def plays_of(game_ids: Iterable[str], playouts: int, max_plies: int = 120) -> Plays:
    """The seeded playouts whose requests :func:`fill` sends (computed once, they can be
    sent again under another budget, and computed before :mod:`tracemalloc` starts)."""
    from .workloads import playout

    return {game_id: [playout(game_id, SEED + i, max_plies)[0] for i in range(playouts)]
            for game_id in game_ids}


def fill(call: Call, game_ids: Iterable[str], playouts: int, max_plies: int = 120,
         plays: Plays | None = None) -> int:
    """Send the requests that fill the caches (see the module), of ``plays`` when given
    (else of playouts computed here); how many were sent."""
    import orjson

    game_ids = list(game_ids)
    plays = plays if plays is not None else plays_of(game_ids, playouts, max_plies)
    sent = 0

    def post(path: str, obj: dict[str, Any]) -> None:
        nonlocal sent
        call("POST", path, orjson.dumps(obj))
        sent += 1

    for path in ("/v1/games", "/openapi.yaml", "/docs", "/play", "/favicon.ico",
                 "/v1/elements/referee-board.js"):
        call("GET", path, b"")
        sent += 1
    for game_id in game_ids:
        base = f"/v1/games/{game_id}"
        call("GET", base, b"")
        for i, plies in enumerate(plays[game_id][:playouts]):
            for ply, (before, move, after) in enumerate(plies):
                post(base + "/legal-moves", {"position": before})
                post(base + "/apply", {"position": before, "move": move, "seed": ply})
                post(base + "/status", {"position": after})
                if ply % 10 == 5:   # the evaluation's tables: a one-ply search
                    post(base + "/suggest", {"position": before, "level": "greedy", "seed": 1})
                if i < 2 and ply % 40 == 20:   # the costlier requests: a few suffice
                    post(base + "/suggest", {"position": before, "level": "mcts",
                                             "playouts": 16, "seed": ply})
                    post(base + "/render", {"position": before, "format": "svg"})
                    post(base + "/render", {"position": before, "format": "png", "size": 300})
            if plies:
                post(base + "/replay", {"moves": [m for _, m, _ in plies[:40]], "seed": 1})
    return sent


def held() -> list[Held]:
    """Empty every cache in turn (the largest last, so that what caches share is counted
    with the one that keeps it longest), reading the bytes each frees."""
    from rules.core import memo

    out = []
    for made in sorted(memo.memos(), key=lambda m: m.cache_info().currsize * m.entry_bytes):
        entries = made.cache_info().currsize
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        made.cache_clear()
        gc.collect()
        out.append(Held(made.name, entries, made.maxsize,
                        before - tracemalloc.get_traced_memory()[0], made.entry_bytes))
    return out


def measure(budget: int, playouts: int, game_ids: list[str] | None = None,
            plays: Plays | None = None) -> list[Held]:
    """Under a ``budget`` of bytes: every cache emptied, filled by :func:`fill` through the
    app with ``playouts`` playouts per game (of ``plays`` when given), then :func:`held`.
    Starts :mod:`tracemalloc` if it is not running (what was allocated before it is not
    seen)."""
    import rules
    from rules.core import memo
    from service.http.app import create_app

    if not tracemalloc.is_tracing():
        tracemalloc.start()
    memo.set_budget(budget)
    for made in memo.memos():
        made.cache_clear()
    # built after the caches were emptied: the documents and pictures it prepares are counted
    app = create_app({"REFEREE_CACHE_MIB": budget / memo.MIB, "REFEREE_LOAD_SHEDDING": "0"})
    fill(wsgi_caller(app), game_ids or rules.game_ids(), playouts, plays=plays)
    return held()


def hit_rates(budget: int) -> dict[str, dict[str, tuple[int, int]]]:
    """``{workload: {cache: (hits, calls)}}``: each of :mod:`bench.workloads`' workloads sent
    through one app in process (every game's plan, the analysis caches emptied before each,
    as on a fresh server), under a ``budget`` of bytes; one worker's view of the bench."""
    import rules
    from rules.core import memo
    from service.http.app import create_app

    from . import workloads
    from .profile import _clear_analysis_caches, _plan_requests

    memo.set_budget(budget)
    call = wsgi_caller(create_app({"REFEREE_CACHE_MIB": budget / memo.MIB,
                                   "REFEREE_LOAD_SHEDDING": "0"}))
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for name in workloads.WORKLOADS:
        counts: dict[str, tuple[int, int]] = {}
        for game_id in rules.game_ids():
            requests = _plan_requests(game_id, name)
            _clear_analysis_caches()
            before = {m.name: m.cache_info() for m in memo.memos()}
            for method, path, body in requests:
                call(method, path, body)
            for made in memo.memos():
                info, old = made.cache_info(), before.get(made.name)
                hits = info.hits - (old.hits if old else 0)
                calls = hits + info.misses - (old.misses if old else 0)
                h, c = counts.get(made.name, (0, 0))
                counts[made.name] = (h + hits, c + calls)
        out[name] = {k: v for k, v in counts.items() if v[1]}
    return out


def table(rows: list[Held], budget: int) -> str:
    """The figures as a Markdown table, and the total beside the budget."""
    lines = ["| cache | entries (most) | bytes freed | bytes per entry | declared |",
             "|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: -r.freed):
        per = "-" if r.per_entry is None else f"{r.per_entry:,.0f}"
        lines.append(f"| {r.name} | {r.entries:,} ({r.maxsize:,}) | {r.freed:,} | {per} | "
                     f"{r.declared:,} |")
    total = sum(r.freed for r in rows)
    lines.append("")
    lines.append(f"All caches: {total:,} bytes ({total / 2**20:.1f} MiB), "
                 f"{total / budget:.1%} of the budget of {budget / 2**20:g} MiB.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget-mib", type=float, default=32.0)
    ap.add_argument("--playouts", type=int, default=0,
                    help="playouts per game (default: enough to fill the budget twice)")
    ap.add_argument("--hits", action="store_true",
                    help="hit rates of the benchmark's workloads instead of bytes")
    args = ap.parse_args(argv)
    budget = int(args.budget_mib * 2**20)
    if args.hits:
        for name, counts in hit_rates(budget).items():
            for cache, (hits, calls) in sorted(counts.items()):
                print(f"{name:<10} {cache:<50} {hits / calls:6.1%} of {calls:,}")
        return 0
    tracemalloc.start()
    # an analysis entry is 1 to 2.5 KiB, a playout some 100 plies: twice the budget's worth
    playouts = args.playouts or max(4, int(2 * budget / 1024 / 100 / 4))
    rows = measure(budget, playouts)
    print(table(rows, budget))
    return 0


if __name__ == "__main__":
    sys.exit(main())

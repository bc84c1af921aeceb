"""``python -m bench``: engine speed per game against python-chess, then HTTP against /v1/health:
one position per endpoint, then client-shaped workloads (cold, frontend, bot).

    .venv/bin/python -m bench                      # everything, about 6 minutes
    .venv/bin/python -m bench --only workloads     # the workloads only (bench.workloads)
    .venv/bin/python -m bench --only engine        # in-process measures only
    .venv/bin/python -m bench --only playout       # engine: random playouts only
    .venv/bin/python -m bench --only movegen       # engine: legal-move generation only
    .venv/bin/python -m bench --only http --seconds 2
    .venv/bin/python -m bench --games ID --json bench-results.json

Every game of ``rules.registry.game_ids()`` is measured; a game without
``bench/positions/<game-id>.txt`` is skipped with a note (``python -m bench.positions <id>``
writes one). See :mod:`bench.engine` and :mod:`bench.httpbench` for what each figure is.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from typing import Any

import orjson

from . import engine, httpbench, workloads
from .configs import choose_games


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; ``games`` is the list of game ids to measure (every registered game
    by default). An unknown id is an error (exit status 2, naming the registered ones)."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=("engine", "http", "workloads", "movegen", "playout"),
                        help="run one part only (movegen, playout: one engine measure)")
    parser.add_argument("--games", nargs="+", metavar="ID",
                        help="these games (default: every registered game)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="engine: interleaved rounds per measure (default 5)")
    parser.add_argument("--round-time", type=float, default=0.2,
                        help="engine: seconds per side per round (default 0.2)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="http: seconds per endpoint, split over the alternations, and as "
                             "long for /v1/health (default 3)")
    parser.add_argument("--pairs", type=int, default=5,
                        help="http: alternations of /v1/health and the endpoint (default 5)")
    parser.add_argument("--connections", type=int, default=8, help="http: connections (default 8)")
    parser.add_argument("--client-procs", type=int, default=2,
                        help="http: client processes sharing the connections (default 2)")
    parser.add_argument("--workloads", nargs="+", choices=workloads.WORKLOADS,
                        default=list(workloads.WORKLOADS),
                        help="workloads: which ones (default: all)")
    parser.add_argument("--workload-pairs", type=int, default=3,
                        help="workloads: alternations with /v1/health (default 3)")
    parser.add_argument("--cold-positions", type=int, default=workloads.COLD_POSITIONS,
                        help="workloads: distinct positions per game for cold (default "
                             f"{workloads.COLD_POSITIONS})")
    parser.add_argument("--max-plies", type=int, default=100,
                        help="workloads: plies after which a game stops (default 100)")
    parser.add_argument("--json", metavar="PATH", help="also write every figure as JSON here")
    args = parser.parse_args(argv)
    args.games = choose_games(parser, args.games)
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    ids = args.games
    started = time.time()
    print(f"bench: {time.strftime('%Y-%m-%d %H:%M:%S')}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"games: {', '.join(ids)}", flush=True)
    report: dict[str, Any] = {"started": started, "games": ids, "loadavg_start": os.getloadavg()}
    if args.only in (None, "engine", "movegen", "playout"):
        print("\n== Engine speed, in process ==", flush=True)
        measures = args.only if args.only in ("movegen", "playout") else "all"
        report["engine"] = [r.to_json() for r in engine.run(ids, args.rounds, args.round_time,
                                                            measures=measures)]
    if args.only in (None, "http"):
        print("\n== HTTP, gunicorn on loopback ==", flush=True)
        report["http"] = httpbench.run(ids, args.seconds, args.connections, args.client_procs,
                                       args.pairs)
    if args.only in (None, "http", "workloads"):
        print("\n== HTTP workloads, gunicorn on loopback ==", flush=True)
        workloads.client_ceiling(args.seconds / args.pairs, args.connections, args.client_procs)
        report["workloads"] = workloads.run(
            ids, tuple(args.workloads), args.seconds, args.connections, args.client_procs,
            args.workload_pairs, args.cold_positions, max_plies=args.max_plies)
    report["loadavg_end"] = os.getloadavg()
    print(f"\ndone in {time.time() - started:.0f} s; load average now "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.json:
        with open(args.json, "wb") as f:
            f.write(orjson.dumps(report, option=orjson.OPT_INDENT_2))
        print(f"wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()

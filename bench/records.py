"""Whole games over HTTP: what judging a record costs beside replaying the same plies.

``python -m bench.records`` starts ``python -m service`` (the production configuration, one
worker) and, per game, plays a random game of up to ``--plies`` plies (dice rolled, seeded) in
process, writes its record, then over one keep-alive connection alternates runs of
``replay`` with ``history`` (the same plies, every position and status answered: the
reference) with runs of ``records/import`` of the record, then ``records/export`` of the
plies; ``--pairs`` pairs of ``--requests`` requests. The ratios are the medians of the
per-pair ratios, so both sides of a ratio see the same machine load. Target: an import costs
at most 1.5 times the replay with history of its plies (reading the text and checking the
result are the only work it adds).
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from rules import registry
from rules.core.game import Game
from rules.records import write_game

from .httpbench import Connection, Server, build, per_request

TARGET = 1.5


def random_game(game: Game[Any, Any], plies: int, seed: int) -> tuple[list[str], list[Any]]:
    """Up to ``plies`` random legal moves of ``game`` from the start, dice rolled (seeded):
    the moves and their dice."""
    rng = random.Random(seed)
    position = game.start_position
    moves: list[str] = []
    dice: list[Any] = []
    while len(moves) < plies:
        legal = game.legal_moves(position)
        if not legal:
            break
        text = game.format_move(position, rng.choice(legal))
        _, applied = game.play(position, text, rng=rng)
        moves.append(text)
        dice.append(applied.dice)
        position = applied.position
    return moves, dice


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.records", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=200, help="the most plies of each game")
    parser.add_argument("--requests", type=int, default=20, help="requests a run")
    parser.add_argument("--pairs", type=int, default=5, help="pairs of runs")
    args = parser.parse_args(argv)
    server = Server({"WEB_CONCURRENCY": "1", "GUNICORN_ACCESSLOG": "/dev/null"})
    worst = 0.0
    try:
        connection = Connection(server.port)
        for game_id in registry.game_ids():
            moves, dice = random_game(registry.configure(game_id), args.plies, seed=1)
            text = write_game(registry.configure(game_id), moves, dice=dice).text
            base = f"/v1/games/{game_id}"
            replay = build("POST", f"{base}/replay",
                           {"moves": moves, "dice": dice, "history": True})
            imported = build("POST", f"{base}/records/import", {"record": text})
            exported = build("POST", f"{base}/records/export", {"moves": moves, "dice": dice})
            for data in (replay, imported, exported):
                per_request(connection, data, 2)
            times: dict[str, list[float]] = {"replay": [], "import": [], "export": []}
            ratios: dict[str, list[float]] = {"import": [], "export": []}
            for _ in range(args.pairs):
                r = per_request(connection, replay, args.requests)
                i = per_request(connection, imported, args.requests)
                e = per_request(connection, exported, args.requests)
                for name, value in (("replay", r), ("import", i), ("export", e)):
                    times[name].append(value)
                ratios["import"].append(i / r)
                ratios["export"].append(e / r)
            ratio = statistics.median(ratios["import"])
            worst = max(worst, ratio)
            print(f"{game_id}: {len(moves)} plies, record {len(text)} bytes; replay with "
                  f"history {statistics.median(times['replay']) * 1e3:.1f} ms, import "
                  f"{statistics.median(times['import']) * 1e3:.1f} ms (x{ratio:.2f}), export "
                  f"{statistics.median(times['export']) * 1e3:.1f} ms "
                  f"(x{statistics.median(ratios['export']):.2f})")
    finally:
        server.stop()
    print(f"worst import/replay ratio {worst:.2f}: target at most {TARGET} "
          f"{'met' if worst <= TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()

"""``python -m limits``: measure the worst case we can construct for each endpoint and game.

It prints a Markdown table for docs/limits.md. Every registered game is measured under its
default options, and under the largest configuration its options allow where that differs (the
``largest`` of the game's ``measuring``, :mod:`rules.core.measuring`). For each configuration
it finds the busiest position it can (most legal moves) among seeded random playouts, then
times, through the real app (in process, no network), each endpoint on the worst input the
service accepts: the busiest position, the deepest perft the game allows, the longest replay, a
2000-pixel render, and garbage at the maximum length; last, a body over the size limit.

    .venv/bin/python -m limits                       # every registered game, about 30 s
    .venv/bin/python -m limits --games ID [ID ...]   # these games only
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any, Mapping, Sequence

from flask.testing import FlaskClient

import rules
from bench.configs import choose_games
from rules import registry
from rules.core.game import Game
from service.http.app import create_app
from service.pictures.drawing import MAX_SIZE
from service.http.limits import MAX_BODY_BYTES
from service.operations.schemas import MAX_POSITION_LENGTH, MAX_REPLAY_MOVES


def configs(game_ids: Sequence[str]) -> list[tuple[str, dict[str, Any]]]:
    """The configurations measured for ``game_ids``: each game under its defaults, then under
    the largest configuration its options allow, when it declares one."""
    out: list[tuple[str, dict[str, Any]]] = []
    for game_id in game_ids:
        out.append((game_id, {}))
        largest = registry.measuring(game_id).largest
        if largest is not None:
            out.append((game_id, dict(largest)))
    return out


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line; ``games`` is the list of game ids to measure (every registered game
    by default). An unknown id is an error (exit status 2, naming the registered ones)."""
    parser = argparse.ArgumentParser(prog="python -m limits", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", metavar="ID",
                        help="these games (default: every registered game)")
    args = parser.parse_args(argv)
    args.games = choose_games(parser, args.games)
    return args


#: a game's moves in notation and the dice each used (None for a move without dice)
GameRecord = tuple[list[str], list[Any]]


def busiest(game: Game[Any, Any], seeds: int = 20,
            plies: int = MAX_REPLAY_MOVES) -> tuple[Any, int, GameRecord]:
    """The position with the most legal moves seen in ``seeds`` random playouts, its number of
    legal moves, and the longest game seen (its moves and the dice each used, so replay
    reproduces it)."""
    best, best_count = game.initial_position(), 0
    longest: GameRecord = ([], [])
    for seed in range(seeds):
        rng = random.Random(seed)
        position = game.initial_position()
        moves: list[str] = []
        dice: list[Any] = []
        for _ in range(plies):
            legal = game.legal_moves(position)
            if len(legal) > best_count:
                best, best_count = position, len(legal)
            if not legal:
                break
            move = rng.choice(legal)
            text = game.format_move(position, move)
            _, applied = game.play(position, text, rng=rng)
            moves.append(text)
            dice.append(applied.dice)
            position = applied.position
        if len(moves) > len(longest[0]):
            longest = (moves, dice)
    return best, best_count, longest


def clear_engine_caches() -> None:
    """Empty every lru_cache in the rules engines, so no timing is a cache hit."""
    for name, module in list(sys.modules.items()):
        if name.startswith("rules") and module is not None:
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def timed(client: FlaskClient, path: str, body: Mapping[str, Any],
          repeat: int = 3) -> tuple[float, int]:
    """Worst wall time of ``repeat`` uncached calls, in milliseconds, and the last status."""
    worst, status = 0.0, 0
    for _ in range(repeat):
        clear_engine_caches()
        start = time.perf_counter()
        answer = client.post(path, json=body)
        worst = max(worst, (time.perf_counter() - start) * 1000)
        status = answer.status_code
    return worst, status


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table: every endpoint of every configuration on its worst input."""
    args = parse_args(argv)
    client = create_app().test_client()
    print("| game | options | endpoint | worst input | status | worst time (ms) |")
    print("|---|---|---|---|---|---|")
    for game_id, options in configs(args.games):
        game = rules.configure(game_id, options)
        position, count, longest = busiest(game)
        text = game.format_position(position)
        base = f"/v1/games/{game_id}/"
        last = game.format_move(position, game.legal_moves(position)[-1])
        rows: list[tuple[str, str, dict[str, Any]]] = [
            ("legal-moves", f"busiest position found ({count} moves)", {"position": text}),
            ("status", "busiest position found", {"position": text}),
            ("apply", "busiest position, last listed move", {"position": text, "move": last}),
            ("perft", f"depth {game.max_perft_depth} from the busiest position",
             {"position": text, "depth": game.max_perft_depth}),
            ("perft", f"depth {game.max_perft_depth} from the start",
             {"depth": game.max_perft_depth}),
            ("replay", f"longest random game found ({len(longest[0])} plies)",
             {"moves": longest[0][:MAX_REPLAY_MOVES], "dice": longest[1][:MAX_REPLAY_MOVES]}),
            ("render", f"busiest position, PNG at {MAX_SIZE} px",
             {"position": text, "format": "png", "size": MAX_SIZE}),
            ("render", f"busiest position, SVG at {MAX_SIZE} px",
             {"position": text, "format": "svg", "size": MAX_SIZE}),
            ("legal-moves", f"garbage position of {MAX_POSITION_LENGTH} characters",
             {"position": "x/" * (MAX_POSITION_LENGTH // 2)}),
        ]
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        for endpoint, what, body in rows:
            if options:
                body = {**body, "options": options}
            ms, status = timed(client, base + endpoint, body)
            print(f"| {game_id} | {label} | {endpoint} | {what} | {status} | {ms:.1f} |",
                  flush=True)
    oversize = b'{"position": "' + b"x" * MAX_BODY_BYTES + b'"}'
    start = time.perf_counter()
    status = client.post(f"/v1/games/{args.games[0]}/legal-moves", data=oversize,
                         content_type="application/json").status_code
    ms = (time.perf_counter() - start) * 1000
    print(f"| any | | legal-moves | body over {MAX_BODY_BYTES} bytes | {status} | {ms:.1f} |")


if __name__ == "__main__":
    main()

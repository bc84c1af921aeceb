"""Measure the worst case we can construct for each endpoint and game.

``python -m limits`` prints a Markdown table for docs/limits.md. For each game it
finds the busiest position it can (most legal moves) among seeded random playouts,
then times, through the real app (in process, no network), each endpoint on the
worst input the service accepts: the longest body, the busiest position, the deepest
perft the game allows, the longest replay, and garbage at the maximum length.
"""

from __future__ import annotations

import random
import sys
import time

import rules
from service.app import create_app
from service.schemas import MAX_POSITION_LENGTH, MAX_REPLAY_MOVES


def busiest(game, seeds: int = 40, plies: int = 300):
    """The position with the most legal moves seen in ``seeds`` random playouts, and the
    longest game seen (as a move list)."""
    best, best_count, longest = game.initial_position(), 0, []
    for seed in range(seeds):
        rng = random.Random(seed)
        position = game.initial_position()
        moves = []
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
            position = applied.position
        if len(moves) > len(longest):
            longest = moves
    return best, best_count, longest


def clear_engine_caches() -> None:
    """Empty every lru_cache in the rules engines, so no timing is a cache hit."""
    for name, module in list(sys.modules.items()):
        if name.startswith("rules") and module is not None:
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def timed(client, path: str, body: dict, repeat: int = 3) -> tuple[float, int]:
    """Worst wall time of ``repeat`` uncached calls, in milliseconds, and the last status."""
    worst, status = 0.0, 0
    for _ in range(repeat):
        clear_engine_caches()
        start = time.perf_counter()
        answer = client.post(path, json=body)
        worst = max(worst, (time.perf_counter() - start) * 1000)
        status = answer.status_code
    return worst, status


def main() -> None:
    client = create_app().test_client()
    print("| game | endpoint | worst input | status | worst time (ms) |")
    print("|---|---|---|---|---|")
    for game_id in rules.game_ids():
        game = rules.configure(game_id)
        position, count, longest = busiest(game)
        text = game.format_position(position)
        base = f"/v1/games/{game_id}/"
        rows = [
            ("legal-moves", f"busiest position found ({count} moves)", {"position": text}),
            ("status", "busiest position found", {"position": text}),
            ("apply", "busiest position, last listed move",
             {"position": text, "move": game.format_move(position, game.legal_moves(position)[-1])}),
            ("perft", f"depth {game.max_perft_depth} from the busiest position",
             {"position": text, "depth": game.max_perft_depth}),
            ("perft", f"depth {game.max_perft_depth} from the start",
             {"depth": game.max_perft_depth}),
            ("replay", f"longest random game found ({len(longest)} plies)",
             {"moves": longest[:MAX_REPLAY_MOVES]}),
            ("legal-moves", f"garbage position of {MAX_POSITION_LENGTH} characters",
             {"position": "x/" * (MAX_POSITION_LENGTH // 2)}),
        ]
        for endpoint, label, body in rows:
            ms, status = timed(client, base + endpoint, body)
            print(f"| {game_id} | {endpoint} | {label} | {status} | {ms:.1f} |")


if __name__ == "__main__":
    main()

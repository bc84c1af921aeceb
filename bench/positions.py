"""The fixed benchmark positions: ``bench/positions/<game-id>.txt``.

One position per line in the game's own notation, under ``# opening``, ``# midgame`` and
``# endgame`` headers (other ``#`` lines are comments). The files are generated once per game
by seeded random playouts through the :class:`~rules.core.game.Game` interface and then kept
fixed, so that figures stay comparable from run to run::

    python -m bench.positions ID                  # writes bench/positions/ID.txt
    python -m bench.positions --all --force       # (re)writes every registered game's file

Opening: early plies of several games. Busy midgame: the positions with the most legal moves
between ply 10 and 80. Endgame: ongoing positions late in a game with at most half the
pieces that game had at its fullest.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Iterable

import rules

DIR = Path(__file__).resolve().parent / "positions"
SECTIONS = ("opening", "midgame", "endgame")


def path_for(game_id: str) -> Path:
    return DIR / f"{game_id}.txt"


def load(game_id: str) -> dict[str, list[str]] | None:
    """``{section: [notation, ...]}`` from the game's file, or None when it has none."""
    path = path_for(game_id)
    if not path.exists():
        return None
    out: dict[str, list[str]] = {s: [] for s in SECTIONS}
    section = "opening"
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            word = line[1:].strip().split(" ")[0].lower()
            if word in SECTIONS:
                section = word
            continue
        out[section].append(line)
    return out


def _pieces(text: str) -> int:
    """A rough piece count: letters in the board field (the first field of the notation)."""
    return sum(c.isalpha() for c in text.split(" ")[0])


#: one position seen in a playout: ``(game, ply, legal move count, piece count, max pieces so
#: far, notation)``
Seen = tuple[int, int, int, int, int, str]


def playouts(game_id: str, games: int = 40, max_plies: int = 160,
             seed: int = 20261122) -> list[Seen]:
    """Every position of ``games`` seeded random playouts of ``game_id``, as :data:`Seen`."""
    game = rules.configure(game_id)
    records: list[Seen] = []
    for g in range(games):
        rng = random.Random(seed + g)
        pos = game.initial_position()
        most = 0
        for ply in range(max_plies):
            moves = game.legal_moves(pos)
            if not moves:
                break
            text = game.format_position(pos)
            pieces = _pieces(text)
            most = max(most, pieces)
            records.append((g, ply, len(moves), pieces, most, text))
            move = moves[rng.randrange(len(moves))]
            _, applied = game.play(pos, game.format_move(pos, move), rng=rng)
            pos = applied.position
    return records


def choose(records: list[Seen], per_section: int = 8) -> dict[str, list[str]]:
    """The notation of at most ``per_section`` distinct positions of each section, chosen
    among ``records``: early plies, the busiest midgame, late positions with few pieces."""
    seen: set[str] = set()

    def take(candidates: Iterable[Seen]) -> list[str]:
        out: list[str] = []
        for rec in candidates:
            if rec[5] not in seen and len(out) < per_section:
                seen.add(rec[5])
                out.append(rec[5])
        return out

    opening = take(r for r in records if r[1] in (0, 3, 6) and r[0] < 6)
    busiest_first = sorted((r for r in records if 10 <= r[1] <= 80),
                           key=lambda r: (-r[2], r[0], r[1]))
    midgame = take(busiest_first)
    late = [r for r in records if r[1] >= 20 and r[3] * 2 <= r[4]]
    if len(late) < per_section:  # games that keep their pieces: take their last positions
        late += sorted((r for r in records if r[1] >= 20), key=lambda r: (r[3], -r[1]))
    # one position per game where possible, the latest of each
    last: dict[int, Seen] = {}
    for r in late:
        if r[0] not in last or r[1] > last[r[0]][1]:
            last[r[0]] = r
    endgame = take(list(last.values()) + late)
    return {"opening": opening, "midgame": midgame, "endgame": endgame}


def write(game_id: str, force: bool = False) -> Path:
    path = path_for(game_id)
    if path.exists() and not force:
        raise SystemExit(f"{path} exists; pass --force to regenerate it.")
    chosen = choose(playouts(game_id))
    lines = [f"# {game_id}: benchmark positions (default options), from seeded random playouts",
             "# (python -m bench.positions); keep fixed so that figures stay comparable."]
    for section in SECTIONS:
        lines.append(f"# {section}")
        lines.extend(chosen[section])
    DIR.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.positions", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default with --all: every registered)")
    parser.add_argument("--all", action="store_true", help="every registered game without a file")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    args = parser.parse_args(argv)
    ids = args.games or (rules.game_ids() if args.all else [])
    if not ids:
        parser.error("name a game id or pass --all")
    for game_id in ids:
        if game_id not in rules.game_ids():
            parser.error(f"unknown game {game_id!r}")
        if args.all and not args.force and path_for(game_id).exists():
            continue
        path = write(game_id, args.force)
        counts = {s: len(v) for s, v in (load(game_id) or {}).items()}
        print(f"wrote {path}: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()

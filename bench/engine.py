"""In-process engine speed of every registered game, interleaved with python-chess.

Every measure runs in rounds; each round times our engine for about ``round_time`` seconds and
then python-chess for as long, so that both see the same machine load (the machine is shared)
and the per-round ratio is fair. The figures are medians over rounds; the ratio is the median
of the per-round ratios (ours / python-chess, higher is better for ours).

Measures, per game, over the positions of ``bench/positions/<game-id>.txt``:

* legal moves per second: ``game.legal_moves(pos)`` with the game's position-keyed analysis
  cache(s) cleared before every call, so the moves are really generated (and the status
  computed with them, as a request pays on a cache miss). python-chess: ``list(board.
  generate_legal_moves())`` on Kiwipete (the target) and on the start position.
* apply: ``game.apply(pos, move)`` for every legal move of every position. python-chess:
  ``board.push(move); board.pop()`` for every legal move of Kiwipete (its cheapest make/unmake;
  ours builds a new immutable position and the event list a response carries).
* position parse and format: ``game.parse_position(text)``, ``game.format_position(pos)``.
  python-chess: ``chess.Board(fen)``, ``board.fen()`` for start and Kiwipete. The positions
  repeat, so the core's memo of board ranks (``rules.core.notation._plain_row``), which
  ``parse_board`` reads through, is warm after the first round; "parse position, rank memo
  cleared" clears it before every parse, as a request for a position whose ranks this worker
  has never seen pays (the same figure for a game whose boards are read by
  ``notation.BoardCodes`` plainly, without that memo).
* move notation: ``game.format_move`` then ``game.parse_move`` of every legal move.
  python-chess: ``move.uci()`` then ``chess.Move.from_uci``.
* random playout: plies per second of whole games played by picking a uniformly random legal
  move and making it, from the initial position to the end of the game (or ``PLAYOUT_CAP``
  plies), through the ``Game`` interface as a search's playouts do: ``random_move`` (a
  uniformly random legal move, or none when the game is over), then ``advance`` (``apply`` with
  dice rolled by the seeded generator for a chance move); the analysis cache is left on, as in
  a search. Every game under its defaults and under each option set that changes the work that
  the game declares (:func:`bench.configs.option_sets`). python-chess: ``board.push`` of a
  random legal move from the start position until ``board.is_game_over()``. Both sides draw
  from their own seeded generator that goes on from game to game, so each round plays new
  games.
* perft: leaf counting (``game.perft``, caches cleared before each run, so only transpositions
  within the run hit them) from the initial position at a depth that takes about 0.1-1 s (the
  same recursion is called directly past the service's depth limit); and again with the
  position-keyed caches replaced by their plain functions for the run. python-chess:
  leaf-counting perft (``board.legal_moves.count()`` at depth 1) from its start position to
  depth 4 (197,281 leaves).
"""

from __future__ import annotations

import inspect
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, TextIO

import chess

import rules
from rules.core import notation
from rules.core.game import Game

from . import positions as P
from .configs import option_sets

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPP1PPP/R3K2R w KQkq - 0 1"
START = chess.STARTING_FEN
perf = time.perf_counter

#: At most this many plies per random game (a random game of some games can go on for
#: thousands of plies; python-chess's random games end by ~500 plies, by its 75-move rule).
PLAYOUT_CAP = 500
PLAYOUT_SEED = 20261123


# ---- timing ------------------------------------------------------------------------------------

def timed(body: Callable[[], int], min_time: float) -> tuple[int, float]:
    """Call ``body`` (which returns units of work done) until ``min_time`` has passed."""
    units = 0
    start = perf()
    while True:
        units += body()
        elapsed = perf() - start
        if elapsed >= min_time:
            return units, elapsed


@dataclass
class Result:
    game: str
    measure: str
    unit: str
    ours: float                  # units per second, median over rounds
    chess: float | None          # python-chess units per second, median over rounds
    ratio: float | None          # median of per-round ours/chess
    note: str = ""
    rounds: list[tuple[float, float | None]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "measure": self.measure, "unit": self.unit, "ours": self.ours,
                "python_chess": self.chess, "ratio": self.ratio, "note": self.note,
                "rounds": self.rounds}


def rate(body: Callable[[], int], round_time: float) -> float:
    """Units of work per second of ``body`` over one round of ``round_time`` seconds."""
    units, seconds = timed(body, round_time)
    return units / seconds


def interleave(game_id: str, measure: str, unit: str, ours: Callable[[], int],
               theirs: Callable[[], int] | None, rounds: int, round_time: float,
               note: str = "") -> Result:
    """Alternate ``ours`` and ``theirs`` for ``rounds`` rounds of ``round_time`` seconds each."""
    if theirs is None:
        alone: list[tuple[float, float | None]] = [
            (rate(ours, round_time), None) for _ in range(rounds)]
        ours_rate = statistics.median(mine for mine, _ in alone)
        return Result(game_id, measure, unit, ours_rate, None, None, note, alone)
    pairs: list[tuple[float, float]] = [(rate(ours, round_time), rate(theirs, round_time))
                                        for _ in range(rounds)]
    ours_rate = statistics.median(mine for mine, _ in pairs)
    chess_rate = statistics.median(other for _, other in pairs)
    ratio = statistics.median(mine / other for mine, other in pairs)
    return Result(game_id, measure, unit, ours_rate, chess_rate, ratio, note, list(pairs))


# ---- python-chess reference workloads ----------------------------------------------------------

def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


class Chess:
    """python-chess workloads on its standard positions (start and Kiwipete)."""

    def __init__(self) -> None:
        self.kiwipete = chess.Board(KIWIPETE)
        self.start = chess.Board(START)
        self.kiwi_moves = list(self.kiwipete.generate_legal_moves())
        self.all_moves = self.kiwi_moves + list(self.start.generate_legal_moves())
        self.ucis = [m.uci() for m in self.all_moves]
        self.rng = random.Random(PLAYOUT_SEED)

    def movegen_kiwipete(self) -> int:
        return len(list(self.kiwipete.generate_legal_moves()))

    def movegen_start(self) -> int:
        return len(list(self.start.generate_legal_moves()))

    def apply(self) -> int:
        board = self.kiwipete
        for move in self.kiwi_moves:
            board.push(move)
            board.pop()
        return len(self.kiwi_moves)

    def parse(self) -> int:
        chess.Board(START)
        chess.Board(KIWIPETE)
        return 2

    def format(self) -> int:
        self.start.fen()
        self.kiwipete.fen()
        return 2

    def move_notation(self) -> int:
        from_uci = chess.Move.from_uci
        for move in self.all_moves:
            from_uci(move.uci())
        return len(self.all_moves)

    def perft4(self) -> int:
        return chess_perft(chess.Board(START), 4)

    def playout(self) -> int:
        """One random game from the start position to its end; the plies played."""
        board, choice = chess.Board(), self.rng.choice
        while not board.is_game_over():
            board.push(choice(list(board.legal_moves)))
        return board.ply()


# ---- our games --------------------------------------------------------------------------------

def position_caches(game: Game[Any, Any]) -> list[tuple[object, str, Any]]:
    """The caches keyed by position, as ``(owner, attribute, cache)``: the core's analysis
    cache of the game's class, and the lru_caches of the game's modules whose first
    parameter is a position."""
    found: list[tuple[object, str, Any]] = [(type(game), "_analysis", type(game)._analysis)]
    package = type(game).__module__.rpartition(".")[0]
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith(package + ".") or module is None:
            continue
        for name, obj in sorted(vars(module).items()):
            wrapped = getattr(obj, "__wrapped__", None)
            if wrapped is None or not hasattr(obj, "cache_clear"):
                continue
            try:
                params = list(inspect.signature(wrapped).parameters)
            except (TypeError, ValueError):
                continue
            if params and params[0] in ("pos", "position"):
                found.append((module, name, obj))
    return found


class Workload:
    """Our game's workloads over its benchmark positions (default options)."""

    def __init__(self, game_id: str, texts: list[str]) -> None:
        self.game = game = rules.configure(game_id)
        self.texts = texts
        self.positions = [game.parse_position(t) for t in texts]
        self.caches = position_caches(game)
        self.clears = tuple(c.cache_clear for _, _, c in self.caches)
        self.moves = [(p, m) for p in self.positions for m in game.legal_moves(p)]
        self.move_texts = [(p, game.format_move(p, m)) for p, m in self.moves]

    def clear(self) -> None:
        for clear in self.clears:
            clear()

    def movegen(self) -> int:
        legal, clears, n = self.game.legal_moves, self.clears, 0
        for pos in self.positions:
            for clear in clears:
                clear()
            n += len(legal(pos))
        return n

    def clears_only(self) -> int:
        clears = self.clears
        for _ in self.positions:
            for clear in clears:
                clear()
        return len(self.positions)

    def apply(self) -> int:
        apply = self.game.apply
        for pos, move in self.moves:
            apply(pos, move)
        return len(self.moves)

    def parse(self) -> int:
        parse = self.game.parse_position
        for text in self.texts:
            parse(text)
        return len(self.texts)

    def parse_cold(self) -> int:
        parse, clear = self.game.parse_position, notation._plain_row.cache_clear
        for text in self.texts:
            clear()
            parse(text)
        return len(self.texts)

    def format(self) -> int:
        fmt = self.game.format_position
        for pos in self.positions:
            fmt(pos)
        return len(self.positions)

    def move_notation(self) -> int:
        fmt, parse = self.game.format_move, self.game.parse_move
        for pos, move in self.moves:
            parse(pos, fmt(pos, move))
        return len(self.moves)

    def leaves(self, depth: int) -> int:
        """Leaf-counting perft from the initial position, caches cleared first. Beyond the
        service's depth limit (``max_perft_depth``) the same recursion is called directly."""
        game, pos = self.game, self.game.initial_position()
        self.clear()
        if depth <= game.max_perft_depth:
            return game.perft(pos, depth, budget=10**12)
        return game._perft(pos, depth, [10**12])

    def perft_depth(self, low: float = 0.1, high: float = 1.0) -> tuple[int, int, float]:
        """The first depth whose perft takes at least ``low`` s, or the deepest whose next
        depth would take over ``high`` s; ``(depth, leaves, seconds)``."""
        best, previous = (0, 0, 0.0), 1
        for depth in range(1, 9):
            start = perf()
            leaves = self.leaves(depth)
            elapsed = perf() - start
            best = (depth, leaves, elapsed)
            if elapsed >= low:
                break
            if depth > 1:  # the next depth costs about a branching factor more
                branching = leaves / max(previous, 1)
                if elapsed * branching > high:
                    break
            previous = leaves
        return best

    def perft(self, depth: int) -> Callable[[], int]:
        return lambda: self.leaves(depth)

    def perft_uncached(self, depth: int) -> Callable[[], int]:
        """perft with the position-keyed caches replaced by their plain functions for the run,
        so transpositions are generated again (as python-chess does)."""
        def run() -> int:
            for owner, attr, cache in self.caches:
                setattr(owner, attr, cache.__wrapped__)
            try:
                return self.leaves(depth)
            finally:
                for owner, attr, cache in self.caches:
                    setattr(owner, attr, cache)

        return run


class Playout:
    """Random playouts of one game under one option set, through the ``Game`` interface."""

    def __init__(self, game_id: str, options: Mapping[str, Any], cap: int = PLAYOUT_CAP) -> None:
        self.game = rules.configure(game_id, options)
        self.cap = cap
        self.rng = random.Random(PLAYOUT_SEED)
        self.games = 0
        self.capped = 0

    def play(self) -> int:
        """One game from the initial position to its end or the cap; the plies played."""
        game, rng, cap = self.game, self.rng, self.cap
        random_move, advance = game.random_move, game.advance
        is_chance, roll, apply = game.is_chance, game.roll, game.apply
        pos = game.initial_position()
        plies = 0
        while plies < cap:
            move = random_move(pos, rng)
            if move is None:
                break
            if is_chance(pos, move):
                pos = apply(pos, move, roll(pos, move, rng)).position
            else:
                pos = advance(pos, move)
            plies += 1
        self.games += 1
        self.capped += plies >= cap
        return plies


def playout_label(game_id: str, options: Mapping[str, Any]) -> str:
    """``<id> players=w,r,b`` (the game's id, then its options) for the table."""
    opts = " ".join(f"{k}={','.join(v) if isinstance(v, list) else v}"
                    for k, v in options.items())
    return f"{game_id} {opts}".strip()


def fmt_rate(x: float | None) -> str:
    if x is None:
        return "-"
    for limit, suffix in ((1e6, "M"), (1e3, "k")):
        if x >= limit:
            return f"{x / limit:.2f}{suffix}"
    return f"{x:.0f}"


def run(game_ids: list[str], rounds: int = 5, round_time: float = 0.2,
        out: TextIO = sys.stdout, measures: str = "all") -> list[Result]:
    """Every measure of every game in ``game_ids``; ``measures`` "movegen" or "playout" runs
    only legal-move generation or only the random playouts."""
    ref = Chess()
    results: list[Result] = []

    def show(r: Result) -> None:
        ratio = "-" if r.ratio is None else f"{r.ratio:.2f}x"
        print(f"  {r.measure:<34} {fmt_rate(r.ours):>9} {r.unit:<9} "
              f"{fmt_rate(r.chess):>9}   {ratio:>6}  {r.note}", file=out, flush=True)
        results.append(r)

    print(f"python-chess {chess.__version__}; {rounds} rounds of {round_time:.2f} s per side, "
          "ours and python-chess alternating; medians; ratio = ours / python-chess",
          file=out)
    for game_id in game_ids:
        loaded = P.load(game_id)
        if loaded is None:
            print(f"\n[{game_id}] skipped: no bench/positions/{game_id}.txt "
                  f"(write one with: python -m bench.positions {game_id})", file=out)
            continue
        texts = [t for section in P.SECTIONS for t in loaded[section]]
        w = Workload(game_id, texts)
        caches = ", ".join(f"{getattr(owner, '__name__', owner)}.{attr}"
                           for owner, attr, _ in w.caches) or "none found"
        sections = ", ".join(f"{len(v)} {k}" for k, v in loaded.items())
        print(f"\n[{game_id}] {len(texts)} positions ({sections}), "
              f"{len(w.moves)} legal moves in all", file=out)
        print(f"  {'measure':<34} {'ours':>9} {'unit':<9} {'py-chess':>9}   {'ratio':>6}", file=out)
        clear_us = 0.0
        if w.clears:
            u, t = timed(w.clears_only, 0.05)
            clear_us = 1e6 * t / u
        if measures == "playout":
            playouts(game_id, ref, rounds, round_time, show)
            continue
        show(interleave(game_id, "legal moves (cache cleared per call)", "moves/s", w.movegen,
                        ref.movegen_kiwipete, rounds, round_time,
                        f"vs Kiwipete; cleared: {caches}"))
        parts = []
        for section in P.SECTIONS:
            sub = Workload.__new__(Workload)
            sub.game, sub.clears = w.game, w.clears
            sub.positions = [w.game.parse_position(t) for t in loaded[section]]
            if not sub.positions:
                continue
            u, t = timed(sub.movegen, round_time)
            per_pos = sum(len(w.game.legal_moves(p)) for p in sub.positions) / len(sub.positions)
            parts.append(f"{section} {per_pos:.0f} moves/pos {fmt_rate(u / t)} moves/s "
                         f"{1e6 * t * per_pos / u:.1f} us/pos")
        print(f"    (alone: {'; '.join(parts)}; python-chess start position "
              f"{fmt_rate(timed(ref.movegen_start, round_time)[0] / round_time)} moves/s; "
              f"cache clearing {clear_us:.2f} us per position, included)", file=out)
        if measures == "movegen":
            continue
        show(interleave(game_id, "apply", "applies/s", w.apply, ref.apply, rounds, round_time,
                        "python-chess: push+pop"))
        show(interleave(game_id, "parse position", "parses/s", w.parse, ref.parse, rounds,
                        round_time, "python-chess: Board(fen)"))
        show(interleave(game_id, "parse position, rank memo cleared", "parses/s", w.parse_cold,
                        ref.parse, rounds, round_time, "python-chess: Board(fen)"))
        show(interleave(game_id, "format position", "formats/s", w.format, ref.format, rounds,
                        round_time, "python-chess: board.fen()"))
        show(interleave(game_id, "move notation (format+parse)", "moves/s", w.move_notation,
                        ref.move_notation, rounds, round_time, "python-chess: uci/from_uci"))
        depth, leaves, _ = w.perft_depth()
        beyond = depth > w.game.max_perft_depth
        show(interleave(game_id, f"perft depth {depth} ({leaves:,} leaves)", "nodes/s",
                        w.perft(depth), ref.perft4, max(3, rounds - 2), 0.05,
                        "vs python-chess start depth 4 (197,281)"
                        + (f"; deeper than the service's limit {w.game.max_perft_depth}"
                           if beyond else "")))
        if w.caches:
            show(interleave(game_id, f"perft depth {depth}, no analysis cache", "nodes/s",
                            w.perft_uncached(depth), ref.perft4, max(3, rounds - 2), 0.05,
                            "transpositions generated again, as python-chess does"))
        playouts(game_id, ref, rounds, round_time, show)
    return results


def playouts(game_id: str, ref: Chess, rounds: int, round_time: float,
             show: Callable[[Result], None]) -> None:
    """The random-playout measure of the game under each of its option sets
    (:func:`bench.configs.option_sets`)."""
    for options in option_sets(game_id):
        p = Playout(game_id, options)
        r = interleave(game_id, f"random playout {playout_label('', options) or '(default)'}",
                       "plies/s", p.play, ref.playout, rounds, round_time)
        r.note = (f"{p.games} games, {p.capped} capped at {p.cap} plies; "
                  "python-chess: push to is_game_over()")
        show(r)

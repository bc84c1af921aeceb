"""``python -m bench.strength``: how strong the computer opponent is, game by game.

    .venv/bin/python -m bench.strength                          # every pairing, 40 games each
    .venv/bin/python -m bench.strength --games 4 --pairings mcts-random greedy-random
    .venv/bin/python -m bench.strength --configs <id> "<id> 3 players" --markdown table.md

Pairings (the first bot is the one measured): ``mcts-random``, ``mcts-greedy`` (our MCTS at
each game's default budget), ``greedy-random`` and ``mcts-openspiel``, the anchor: OpenSpiel's
own ``MCTSBot`` (UCT constant 2 for its rewards of -1..1, MCTS-Solver on, random-rollout
evaluator: one uniformly random rollout per simulation, cut after ``OPENSPIEL_ROLLOUT_PLIES``
plies and then scored as a draw) through :mod:`rules.search.openspiel`, both bots with
``--anchor-playouts`` simulations per move.

Speed, for the anchor: in the same run, each configuration also times both searches doing the
same work per simulation (random rollouts of ``OPENSPIEL_ROLLOUT_PLIES`` plies scored as a
draw when unfinished, ``SPEED_SIMULATIONS`` simulations) from the same ``SPEED_POSITIONS``
positions, taking turns, ``SPEED_ROUNDS`` times over, and reports simulations per second of
each over all of them.

Every configuration plays every pairing: each registered game under its defaults and under the
option sets it declares worth measuring (:func:`bench.configs.variants`), labelled as
``--configs`` selects them (``<id> 2 players``, ``<id> <variant name>``); a ``--configs``
prefix that starts no label is an error. Game ``i`` of a pairing puts the measured bot in seat
``i mod players`` and the other bot in every other seat (with three players: one against two),
so seats alternate. A game still going on after ``--max-plies`` decisions per two seats (450
with three players) is a draw; a draw scores 1/2, a win 1. Game ``i`` uses seed ``--seed + i``
for its dice and for every bot's moves. Each MCTS search runs its whole budget of playouts
however long it takes, so a run is reproducible on any machine at any load; ``--time-cap``
stops each at the service's cap instead (2000 ms: a loaded machine can make a default-budget
search reach it, and then the moves vary). Games run on ``--procs`` processes (default 2).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any, Mapping, Sequence

from rules import registry
from rules.core.game import WIN, Game
from rules.search import MAX_TIME_MS, mcts, suggest

from .configs import Config, select, unmatched
from .configs import configs as game_configs

#: pairing -> (measured bot, opponent, target score)
PAIRINGS: dict[str, tuple[str, str, float]] = {
    "mcts-random": ("mcts", "random", 0.95),
    "mcts-greedy": ("mcts", "greedy", 0.75),
    "greedy-random": ("greedy", "random", 0.70),
    "mcts-openspiel": ("mcts", "openspiel", 0.55),
}
#: The anchor's speed target: our simulations per second over OpenSpiel's MCTSBot's.
SPEED_TARGET = 1.5
#: Longest random rollout of OpenSpiel's evaluator, in plies (chance outcomes included).
OPENSPIEL_ROLLOUT_PLIES = 20
#: Simulations per search, positions (seeded random walks) per configuration, and rounds
#: over those positions, of the equal-work speed measure: one round takes a second or two,
#: and a burst of other work on the machine during it moves the ratio by a tenth or more.
SPEED_SIMULATIONS = 100
SPEED_POSITIONS = 4
SPEED_ROUNDS = 3


def configs() -> list[Config]:
    """The configurations the games are played in: every registered game under its defaults
    and under the variants it declares (:func:`bench.configs.variants`)."""
    return game_configs()


def latency_configs() -> list[Config]:
    """The configurations timed by --latency: those of :func:`configs`, and the ones each
    game declares for latency besides (:func:`bench.configs.variants` with ``latency``)."""
    return game_configs(latency=True)


@dataclass
class Side:
    """What one bot did in one game: moves chosen, simulations run and the seconds they took."""

    moves: int = 0
    sims: int = 0
    seconds: float = 0.0


@dataclass
class Result:
    pairing: str
    config: str
    index: int
    score: float
    plies: int
    reason: str
    sides: dict[str, Side] = field(default_factory=dict)


class OpenSpielMCTS:
    """OpenSpiel's MCTSBot over the adapter, one game's worth."""

    def __init__(self, game_id: str, options: Mapping[str, Any], max_plies: int) -> None:
        from rules.search import openspiel

        self.adapter = openspiel.load(game_id, options, max_plies=max_plies)

    def choose(self, position: Any, plies: int, simulations: int, seed: int,
               rollout_plies: int = OPENSPIEL_ROLLOUT_PLIES) -> Any:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed),
                                                max_length=rollout_plies)
        bot = mcts.MCTSBot(self.adapter, 2.0, simulations, evaluator,
                           random_state=np.random.RandomState(seed + 1))
        state = self.adapter.state_at(position, plies)
        return self.adapter.move_of(state, bot.step(state))


def play(task: tuple[str, Config, int, int, int, int | None, int, dict[str, Any]]) -> Result:
    """One game of a pairing in one configuration."""
    (pairing, config, index, base_seed, plies_per_two_seats, playouts, anchor_playouts,
     settings) = task
    search_settings = dict(settings)
    time_cap = search_settings.pop("time_ms", None)
    label, game_id, options = config.label, config.game_id, config.options
    measured, opponent, _ = PAIRINGS[pairing]
    game: Game[Any, Any] = registry.configure(game_id, options)
    seats = game.seats()
    max_plies = plies_per_two_seats * len(seats) // 2
    seat_bot = {seat: measured if i == index % len(seats) else opponent
                for i, seat in enumerate(seats)}
    seed = base_seed + index
    dice = random.Random(seed)
    budget = (anchor_playouts if opponent == "openspiel"
              else playouts or game.search_limits.playouts)
    openspiel = (OpenSpielMCTS(game_id, options, max_plies)
                 if "openspiel" in (measured, opponent) else None)
    sides = {measured: Side(), opponent: Side()}
    position = game.start_position
    plies = 0
    while plies < max_plies:
        status = game.status(position)
        if status.finished:
            break
        assert status.to_move is not None, "a game going on has a player to move"
        bot = seat_bot[status.to_move]
        move_seed = seed * 10_000 + plies
        started = time.perf_counter()
        if bot == "openspiel":
            assert openspiel is not None, "made above for a pairing with the anchor"
            move = openspiel.choose(position, plies, budget, move_seed)
            sims = budget
        elif bot == "mcts" and time_cap is None:
            result = mcts.search(game, position, budget, None, move_seed, **search_settings)
            move, sims = result.ranked[0].move, result.playouts
        else:
            suggestion = suggest(game, position, level=bot, seed=move_seed,
                                 **({"playouts": budget, "time_ms": time_cap,
                                     **search_settings} if bot == "mcts" else {}))
            move, sims = suggestion.move, suggestion.playouts
        side = sides[bot]
        side.moves += 1
        side.sims += sims
        side.seconds += time.perf_counter() - started
        text = game.format_move(position, move)
        position = game.play(position, text, rng=dice)[1].position
        plies += 1
    status = game.status(position)
    mine = [seat for seat, bot in seat_bot.items() if bot == measured][0]
    reason = "ply_limit" if status.reason is None else status.reason.value
    if status.state == WIN:
        score = 1.0 if status.winner == mine else 0.0
    else:
        score = 0.5
    return Result(pairing, label, index, score, plies, reason, sides)


def random_walk(game: Game[Any, Any], seed: int, plies: int) -> Any:
    """A position up to ``plies`` random moves from the start, the game still going on."""
    rng = random.Random(seed)
    position = game.start_position
    for _ in range(plies):
        move = rng.choice(list(game.legal_moves(position)))
        after = game.play(position, game.format_move(position, move), rng=rng)[1].position
        if game.status(after).finished:
            break
        position = after
    return position


def speed(task: tuple[Config, int]) -> tuple[str, float, float]:
    """Simulations per second of our MCTS and of OpenSpiel's MCTSBot doing the same work per
    simulation, from the same positions, taking turns: (label, ours, theirs)."""
    from rules.search import mcts

    config, seed = task
    game = registry.configure(config.game_id, config.options)
    openspiel = OpenSpielMCTS(config.game_id, config.options, 10_000)
    positions = [random_walk(game, seed + i, 15 * i) for i in range(SPEED_POSITIONS)]
    ours = theirs = 0.0
    for _ in range(SPEED_ROUNDS):
        for i, position in enumerate(positions):
            started = time.perf_counter()
            mcts.search(game, position, SPEED_SIMULATIONS, None, seed + i,
                        playout_plies=OPENSPIEL_ROLLOUT_PLIES, evaluate_cutoff=False)
            ours += time.perf_counter() - started
            started = time.perf_counter()
            openspiel.choose(position, 0, SPEED_SIMULATIONS, seed + i)
            theirs += time.perf_counter() - started
    sims = SPEED_SIMULATIONS * SPEED_POSITIONS * SPEED_ROUNDS
    return config.label, sims / ours, sims / theirs


@dataclass
class Row:
    pairing: str
    config: str
    results: list[Result] = field(default_factory=list)
    #: equal-work simulations per second (ours, OpenSpiel's), for the anchor
    equal_work: tuple[float, float] | None = None

    @property
    def target(self) -> float:
        return PAIRINGS[self.pairing][2]

    @property
    def score(self) -> float:
        return sum(r.score for r in self.results) / len(self.results)

    def tally(self) -> str:
        wins = sum(r.score == 1.0 for r in self.results)
        draws = sum(r.score == 0.5 for r in self.results)
        return f"{wins}-{draws}-{len(self.results) - wins - draws}"

    def side(self, bot: str) -> Side:
        total = Side()
        for r in self.results:
            s = r.sides.get(bot, Side())
            total.moves += s.moves
            total.sims += s.sims
            total.seconds += s.seconds
        return total

    def speed(self) -> tuple[float, float] | None:
        """Simulations per second of our MCTS and of OpenSpiel's, for the anchor."""
        if "openspiel" not in self.pairing:
            return None
        ours, theirs = self.side("mcts"), self.side("openspiel")
        if not ours.seconds or not theirs.seconds:
            return None
        return ours.sims / ours.seconds, theirs.sims / theirs.seconds

    def line(self) -> str:
        measured = PAIRINGS[self.pairing][0]
        me = self.side(measured)
        ms = 1000 * me.seconds / me.moves if me.moves else 0.0
        plies = sum(r.plies for r in self.results) / len(self.results)
        verdict = "met" if self.score >= self.target else "MISSED"
        cells = [self.pairing, self.config, str(len(self.results)), self.tally(),
                 f"{100 * self.score:.1f} %", f"{100 * self.target:.0f} %", verdict,
                 f"{plies:.0f}", f"{ms:.0f}"]
        for speed in (self.speed(), self.equal_work):
            if speed:
                ratio = speed[0] / speed[1]
                cells.append(f"{speed[0]:.0f} / {speed[1]:.0f} = {ratio:.2f}x "
                             f"({'met' if ratio >= SPEED_TARGET else 'MISSED'})")
            else:
                cells.append("")
        return "| " + " | ".join(cells) + " |"


def latency(task: tuple[Config, int, int]) -> tuple[Config, list[float], int]:
    """Seconds of one default-budget MCTS suggestion from each of ``count`` random-walk
    positions (0 to 150 plies in), and how many stopped short of their playouts."""
    config, count, seed = task
    game = registry.configure(config.game_id, config.options)
    rng = random.Random(seed)
    times, short = [], 0
    for i in range(count):
        position = random_walk(game, seed * 1000 + i, rng.randint(0, 150))
        started = time.perf_counter()
        found = suggest(game, position, seed=i)
        times.append(time.perf_counter() - started)
        short += found.playouts < game.search_limits.playouts
    return config, times, short


def latency_table(pool: Any, chosen: Sequence[Config], count: int, seed: int) -> str:
    lines = ["| configuration | default playouts | positions | mean ms | 95th percentile ms | "
             "most ms | stopped by the time cap |", "|---|---|---|---|---|---|---|"]
    for config, times, short in pool.imap(latency, [(c, count, seed) for c in chosen]):
        times.sort()
        ms = [1000 * t for t in times]
        playouts = registry.configure(config.game_id, config.options).search_limits.playouts
        lines.append(f"| {config.label} | {playouts}"
                     f" | {len(ms)} | {sum(ms) / len(ms):.0f} | "
                     f"{ms[min(len(ms) - 1, int(0.95 * len(ms)))]:.0f} | {ms[-1]:.0f} | "
                     f"{short} |")
        print(lines[-1], flush=True)
    return "\n".join(lines)


HEADER = ("| pairing | configuration | games | won-drawn-lost | score | target | verdict | "
          "mean plies | ms per move (measured bot) | sims/s in these games, ours / OpenSpiel | "
          "sims/s at equal work, ours / OpenSpiel |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument("--pairings", nargs="+", choices=sorted(PAIRINGS),
                        default=list(PAIRINGS), help="pairings to play (default: all)")
    parser.add_argument("--configs", nargs="+", metavar="LABEL-PREFIX",
                        help="configurations whose label starts with one of these (default: "
                             "all; the labels are listed when a prefix matches none)")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 0 (default 1)")
    parser.add_argument("--max-plies", type=int, default=300,
                        help="decisions per two seats after which a game is a draw "
                             "(default 300: 450 with three players)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="MCTS playouts per move (default: each game's default budget)")
    parser.add_argument("--anchor-playouts", type=int, default=100,
                        help="simulations per move of both bots in mcts-openspiel (default 100)")
    parser.add_argument("--playout-plies", type=int, default=None,
                        help="MCTS playout length (default: each game's playout_plies)")
    parser.add_argument("--draw-cutoff", action="store_true",
                        help="score a playout cut short as a draw instead of by the game's "
                             "evaluation")
    parser.add_argument("--set", nargs="+", default=[], metavar="NAME=VALUE",
                        help="other MCTS settings (exploration, prior_weight, untried_visits, "
                             "prior_depth)")
    parser.add_argument("--time-cap", action="store_true",
                        help=f"stop each MCTS search at the service's cap ({MAX_TIME_MS} ms), "
                             "as suggest does; by default every search runs its whole budget")
    parser.add_argument("--procs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--markdown", metavar="PATH", help="also write the table here")
    parser.add_argument("--latency", type=int, metavar="N",
                        help="instead of games: time one default-budget suggestion from N "
                             "random positions of each configuration (with those the games "
                             "declare for latency; --configs chooses among them)")
    args = parser.parse_args(argv)
    candidates = latency_configs() if args.latency else configs()
    missing = unmatched(args.configs or (), candidates)
    if missing:
        parser.error(f"no configuration starts with {', '.join(map(repr, missing))}; the "
                     f"configurations: {', '.join(c.label for c in candidates)}")
    chosen = select(candidates, args.configs)
    if args.latency:
        print(f"bench.strength --latency {args.latency}: {time.strftime('%Y-%m-%d %H:%M:%S')}, "
              f"{args.procs} processes, load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        with Pool(args.procs) as pool:
            table = latency_table(pool, chosen, args.latency, args.seed)
        print(f"load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        if args.markdown:
            with open(args.markdown, "w") as fh:
                fh.write(table + "\n")
        return

    settings: dict[str, Any] = {}
    if args.playout_plies is not None:
        settings["playout_plies"] = args.playout_plies
    if args.draw_cutoff:
        settings["evaluate_cutoff"] = False
    if args.time_cap:
        settings["time_ms"] = MAX_TIME_MS
    for item in args.set:
        name, _, value = item.partition("=")
        settings[name] = float(value)
    tasks = [(pairing, config, index, args.seed, args.max_plies, args.playouts,
              args.anchor_playouts, settings)
             for index in range(args.games) for pairing in args.pairings for config in chosen]
    started = time.time()
    command = "python -m bench.strength " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"bench.strength: {time.strftime('%Y-%m-%d %H:%M:%S')}, Python "
          f"{platform.python_version()}, {os.cpu_count()} CPUs, {args.procs} processes, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {len(tasks)} games",
          flush=True)
    rows = {(p, c.label): Row(p, c.label) for p in args.pairings for c in chosen}
    with Pool(args.procs) as pool:
        if "mcts-openspiel" in args.pairings:
            for label, ours, theirs in pool.imap_unordered(
                    speed, [(config, args.seed) for config in chosen]):
                rows["mcts-openspiel", label].equal_work = (ours, theirs)
                print(f"[speed] {label}: {ours:.0f} / {theirs:.0f} simulations per second = "
                      f"{ours / theirs:.2f}x", flush=True)
        for n, result in enumerate(pool.imap_unordered(play, tasks), 1):
            rows[result.pairing, result.config].results.append(result)
            print(f"[{n}/{len(tasks)} {time.time() - started:.0f} s] {result.pairing} "
                  f"{result.config} game {result.index}: {result.score} ({result.reason}, "
                  f"{result.plies} plies)", flush=True)
            if args.markdown:  # the table so far, so that a run cut short still leaves one
                write_table(args, rows, command, n, len(tasks), started)
    print("\n" + write_table(args, rows, command, len(tasks), len(tasks), started))


def write_table(args: argparse.Namespace, rows: dict[tuple[str, str], Row], command: str,
                done: int, total: int, started: float) -> str:
    """The table of the games played so far, with the run's settings; written to
    ``--markdown`` if given."""
    table = "\n".join([HEADER] + [row.line() for row in rows.values() if row.results])
    footer = (f"\n{command.strip()}: {done} of {total} games in "
              f"{time.time() - started:.0f} s, seeds {args.seed}..{args.seed + args.games - 1}, "
              f"games drawn after {args.max_plies} plies per two seats, MCTS playouts per "
              f"move: {args.playouts or 'each game default'} ({args.anchor_playouts} for both "
              f"bots against OpenSpiel); load average now "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.markdown:
        with open(args.markdown, "w") as fh:
            fh.write(table + "\n" + footer + "\n")
    return table + footer


if __name__ == "__main__":
    main()

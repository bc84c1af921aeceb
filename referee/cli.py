"""``referee``: the rules engines on the command line, no HTTP involved.

    referee games                                  the games and their options
    referee show mastery [-p POSITION] [-o JSON]   the position as a text board and its status
    referee moves mastery [-p POSITION]            the legal moves
    referee apply mastery d4d5 e5d4 ...            play moves; print the board and new position
    referee perft mastery 3 [--divide]             count the move tree
    referee render mastery -f png -O board.png     an SVG/PNG picture, as the service draws it
    referee play mastery [--random light]          play in the terminal (moves read from stdin)
    referee play mastery --vs computer [--as light] [--level mcts]   against the computer
    referee play mastery --save game.rec [--player dark=Ann]      and keep the game as a record
    referee record check games.rec [--game mastery]  validate records (``-``: stdin), offline

Errors print the same sentence the service would answer and exit with status 2 (bad input)
or 1 (refused by the rules). ``record check`` prints a faulty record's first fault as
``FILE:LINE:COLUMN: code: detail`` and exits with status 1; a file of several records gets
one line a game (``game N:`` before the code) and a summary, and status 1 if any is faulty.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, TextIO

from rules import records, registry
from rules.records.collection import load_many, split
from rules.core.departure import depart
from rules.core.errors import RulesError
from rules.core.game import Game
from rules.core.reasons import OffBoard
from rules.core.values import Status
from rules.core.view import NoBoardView, text_board, view_for
from rules.search import DEFAULT_LEVEL, LEVELS, BudgetError, suggest


class UsageError(Exception):
    """Bad input on the command line: printed, and the exit status is 2."""


def _game(args: argparse.Namespace) -> Game[Any, Any]:
    """The game ``args.game`` under ``--options``; a UsageError for an unknown game or options
    that are not JSON."""
    if registry.game_class(args.game) is None:
        raise UsageError(f"There is no game {args.game!r}; choose one of: "
                         f"{', '.join(registry.game_ids())}.")
    options: Any = None
    if args.options:
        try:
            options = json.loads(args.options)
        except ValueError as exc:
            raise UsageError(f"--options is not JSON: {exc}.") from None
    return registry.configure(args.game, options)


def _position(game: Game[Any, Any], args: argparse.Namespace) -> Any:
    """The position of ``--position``, or the game's initial position."""
    if args.position is None:
        return game.initial_position()
    return game.parse_position(args.position.strip())


def _board(game: Game[Any, Any], position: Any) -> str:
    try:
        return text_board(view_for(game, position))
    except NoBoardView:
        return f"(no board view for {game.id} yet)"


def _status_line(game: Game[Any, Any], position: Any) -> str:
    st = game.status(position)
    if not st.finished:
        extra = "".join(f", {k}: {v}" for k, v in st.extra.items() if v not in (None, False))
        return f"{st.to_move} to move{extra}"
    return f"game over: {st.state}" + (f", {st.winner} wins" if st.winner else "") + \
        (f" ({st.reason})" if st.reason else "")


def show(game: Game[Any, Any], position: Any, out: TextIO) -> None:
    print(_board(game, position), file=out)
    print(game.format_position(position), file=out)
    print(_status_line(game, position), file=out)


# ---- commands ----------------------------------------------------------------------------------

def cmd_games(args: argparse.Namespace, out: TextIO) -> None:
    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        print(f"{game_id:12} {game.name} ({', '.join(game.players())})", file=out)
        for spec in game.option_specs:
            doc = spec.to_json()
            choices = f" one of {doc['choices']}" if doc.get("choices") else ""
            print(f"    {doc['name']} = {json.dumps(doc['default'])}{choices}", file=out)


def cmd_show(args: argparse.Namespace, out: TextIO) -> None:
    game = _game(args)
    show(game, _position(game, args), out)


def cmd_moves(args: argparse.Namespace, out: TextIO) -> None:
    game = _game(args)
    entries = game.legal_move_entries(_position(game, args))
    if args.json:
        print(json.dumps(entries, indent=1), file=out)
        return
    print(f"{len(entries)} legal moves", file=out)
    for entry in entries:
        rest = ", ".join(f"{k}={v}" for k, v in entry.items() if k != "move")
        print(f"  {entry['move']:14} {rest}", file=out)


def cmd_apply(args: argparse.Namespace, out: TextIO) -> None:
    game = _game(args)
    pos = _position(game, args)
    rng = random.Random(args.seed) if args.seed is not None else None
    for text in args.moves:
        _, applied = game.play(pos, text, rng=rng)
        if applied.dice is not None:
            print(f"{text}: dice {json.dumps(applied.dice)}", file=out)
        pos = applied.position
    show(game, pos, out)


def cmd_perft(args: argparse.Namespace, out: TextIO) -> None:
    game = _game(args)
    pos = _position(game, args)
    if args.divide:
        divide = game.divide(pos, args.depth, budget=args.budget)
        for move, count in divide.items():
            print(f"{move}: {count}", file=out)
        print(f"nodes {sum(divide.values())}", file=out)
    else:
        print(f"nodes {game.perft(pos, args.depth, budget=args.budget)}", file=out)


def cmd_render(args: argparse.Namespace, out: TextIO) -> None:
    from service.pictures.drawing import picture

    game = _game(args)
    try:
        data = picture(game, _position(game, args), format=args.format, size=args.size,
                       highlight=args.highlight or ())
    except NoBoardView:
        raise UsageError(f"The game {game.id!r} has no board picture yet.") from None
    except ValueError as exc:
        raise UsageError(f"These highlight squares are not on the board: {exc}.") from None
    if args.output in (None, "-"):
        sys.stdout.buffer.write(data)
    else:
        with open(args.output, "wb") as fh:
            fh.write(data)
        print(f"wrote {args.output} ({len(data)} bytes)", file=out)


def _computer_seats(game: Game[Any, Any], args: argparse.Namespace) -> set[str]:
    """The seats the computer plays under ``--vs computer``: every one but ``--as``'s."""
    if args.vs != "computer":
        if args.as_player is not None:
            raise UsageError("--as chooses your side against the computer; add --vs computer.")
        return set()
    mine = args.as_player or game.seats()[0]
    if mine not in game.seats():
        raise UsageError(f"--as names no player of this game: {mine}; the players are "
                         f"{', '.join(game.seats())}.")
    return set(game.seats()) - {mine}


def _computer_move(game: Game[Any, Any], pos: Any, args: argparse.Namespace,
                   plies: int) -> tuple[str, str]:
    """The computer's move (notation) and a note on how it was chosen."""
    seed = (args.seed or 0) + plies
    try:
        found = suggest(game, pos, level=args.level, playouts=args.playouts, seed=seed)
    except BudgetError as exc:
        raise UsageError(exc.detail) from None
    note = f"{found.level}, {found.playouts} playouts, " if found.level == "mcts" else ""
    return game.format_move(pos, found.move), f" [{note}value {found.value:.2f}]"


@dataclass
class Transcript:
    """The game ``play`` played, for ``--save``: where it started (None: the initial
    position), the moves in canonical notation with their dice, the off-board events
    (``(after plies, kind, player)``), and whether it stopped unfinished (a quit)."""

    start: Any
    moves: list[str] = field(default_factory=list)
    dice: list[Any] = field(default_factory=list)
    asides: list[tuple[int, str, str]] = field(default_factory=list)
    stopped: bool = False

    def played(self, move: str, dice: Any) -> None:
        self.moves.append(move)
        self.dice.append(dice)


def cmd_play(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    """Two people at one terminal, people against a random mover or against the computer;
    moves come from stdin. With ``--save FILE`` the game, finished or not, is written to
    FILE as a record when it ends or the user quits."""
    game = _game(args)
    pos = _position(game, args)
    robots = set(args.random or ())
    unknown = robots - set(game.players())
    if unknown:
        raise UsageError(f"--random names no player of {game.id}: {', '.join(sorted(unknown))}; "
                         f"the players are {', '.join(game.players())}.")
    computer = _computer_seats(game, args) - robots
    names = _player_names(game, args, robots, computer)
    if args.save is not None:
        _check_writable(args.save)
    transcript = Transcript(None if args.position is None else pos)
    _play_out(game, pos, args, robots, computer, out, stdin, transcript)
    if args.save is not None:
        _save(game, transcript, names, args.save, out)
    return 0


def _play_out(game: Game[Any, Any], pos: Any, args: argparse.Namespace, robots: set[str],
              computer: set[str], out: TextIO, stdin: TextIO, transcript: Transcript) -> None:
    """The game from ``pos`` until it ends, the user quits or ``--max-plies``; every ply and
    resignation goes into ``transcript``."""
    rng = random.Random(args.seed)
    print("Type a move, 'moves' for the legal moves, 'board' to redraw, 'resign' to resign, "
          "'quit' to stop.", file=out)
    show(game, pos, out)
    plies = 0
    while not game.status(pos).finished:
        if args.max_plies is not None and plies >= args.max_plies:
            print(f"stopped after {plies} plies", file=out)
            transcript.stopped = True
            return
        side = game.status(pos).to_move
        note = ""
        if side in robots:
            move = rng.choice(list(game.legal_moves(pos)))
            text = game.format_move(pos, move)
            _, applied = game.play(pos, text, rng=rng)
        elif side in computer:
            text, note = _computer_move(game, pos, args, plies)
            _, applied = game.play(pos, text, rng=rng)
        else:
            print(f"{side}> ", end="", file=out, flush=True)
            line = stdin.readline()
            if not line:
                print("\nend of input", file=out)
                transcript.stopped = True
                return
            text = line.strip()
            if not stdin.isatty():  # piped input: echo it, so the transcript reads as a game
                print(text, file=out)
            if not text:
                continue
            if text == "quit":
                transcript.stopped = True
                return
            if text == "moves":
                print(" ".join(e["move"] for e in game.legal_move_entries(pos)), file=out)
                continue
            if text == "board":
                show(game, pos, out)
                continue
            if text == "resign" and side is not None:
                departed = depart(game, pos, side, OffBoard.RESIGNATION)
                transcript.asides.append((len(transcript.moves), "resigns", side))
                print(f"{side} resigns", file=out)
                if departed.status.finished:
                    print(_ending_line(departed.status), file=out)
                    return
                pos = departed.position
                show(game, pos, out)
                continue
            try:
                move, applied = game.play(pos, text, rng=rng)
            except RulesError as exc:
                reason = exc.extra.get("reason")
                print(f"illegal: {exc.detail}" + (f" [{reason}]" if reason else ""), file=out)
                continue
            text = game.format_move(pos, move)
        dice = f" (dice {json.dumps(applied.dice)})" if applied.dice is not None else ""
        print(f"{side} plays {text}{dice}{note}", file=out)
        transcript.played(text, applied.dice)
        pos = applied.position
        plies += 1
        show(game, pos, out)


def _player_names(game: Game[Any, Any], args: argparse.Namespace, robots: set[str],
                  computer: set[str]) -> dict[str, str]:
    """Who plays each seat, for the record's seat tags: ``--player SEAT=NAME``, else the
    random mover, the computer and its level, or ``?`` (unknown) for a person."""
    names = {seat: "random mover" if seat in robots else
             f"computer ({args.level})" if seat in computer else "?" for seat in game.seats()}
    for given in args.player or ():
        seat, equals, name = given.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"--player takes SEAT=NAME, e.g. {game.seats()[0]}=Ann; got "
                             f"{given!r}.")
        if seat not in names:
            raise UsageError(f"--player names no seat of this game: {seat}; the seats are "
                             f"{', '.join(game.seats())}.")
        names[seat] = name.strip()
    return names


def _check_writable(path: str) -> None:
    """A UsageError now, before the game, for a --save file that could not be written."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"--save: there is no folder {folder} to write {path} in.")
    if os.path.isdir(path):
        raise UsageError(f"--save: {path} is a folder; name a file.")


def _save(game: Game[Any, Any], transcript: Transcript, names: dict[str, str], path: str,
          out: TextIO) -> None:
    """Writes the game of ``transcript`` to ``path`` as a record: today's date, the players
    per seat, and the result (``*`` for a game stopped before its end)."""
    tags = {"Date": datetime.date.today().strftime("%Y.%m.%d"),
            **{seat.capitalize(): name for seat, name in names.items()}}
    dice = None if all(d is None for d in transcript.dice) else transcript.dice
    text = records.write(game, transcript.moves, start=transcript.start, dice=dice, tags=tags,
                         asides=transcript.asides,
                         result="*" if transcript.stopped else None)
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise UsageError(f"--save: cannot write {path}: {exc.strerror}.") from None
    print(f"saved {len(transcript.moves)} plies to {path}", file=out)


def _ending_line(status: Status) -> str:
    """How a game ended off the board, as ``play`` says it."""
    who = f", {status.winner} wins" if status.winner else ""
    return f"game over: {status.state}{who} ({status.reason})"


# ---- records -----------------------------------------------------------------------------------

def cmd_record_check(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    """Validates a record with the rules, offline: 0 and a summary line, or 1 and its first
    fault as ``FILE:LINE:COLUMN: code: detail``."""
    if args.game is not None and registry.game_class(args.game) is None:
        raise UsageError(f"There is no game {args.game!r}; choose one of: "
                         f"{', '.join(registry.game_ids())}.")
    name, text = _record_text(args.file, stdin)
    if text is None:
        print(f"{name}: invalid_record: the file is not UTF-8 text.", file=out)
        return 1
    games = split(text)
    next(games)
    if next(games, None) is None:
        return _check_one(name, text, args.game, out)
    return _check_many(name, text, args.game, out)


def _check_one(name: str, text: str, game: str | None, out: TextIO) -> int:
    """A file of one record: its summary line (0) or its fault line (1)."""
    try:
        loaded = records.load(text, game)
    except RulesError as exc:
        print(fault_line(name, exc), file=out)
        return 1
    print(f"{name}: {summary(loaded)}", file=out)
    return 0


def _check_many(name: str, text: str, game: str | None, out: TextIO) -> int:
    """A file of several records: one line a game, in order (``FILE:LINE: game N: summary``
    for a valid one, its fault line with ``game N:`` for one at fault), then a summary line;
    1 if any is at fault."""
    count = failed = 0
    try:
        for judged in load_many(text, game_id=game):
            count += 1
            where = judged.game
            if judged.error is not None:
                failed += 1
                print(fault_line(name, judged.error, f"game {where.index + 1}: "), file=out)
            else:
                print(f"{name}:{where.line}: game {where.index + 1}: {summary(judged.loaded)}",
                      file=out)
    except RulesError as exc:  # too many games
        failed += 1
        print(fault_line(name, exc), file=out)
    print(f"{name}: {count} games, {count - failed} valid, {failed} at fault", file=out)
    return 1 if failed else 0


def _record_text(path: str, stdin: TextIO) -> tuple[str, str | None]:
    """The name to quote and the text of the record at ``path`` (``-``: stdin); None for
    bytes that are not UTF-8. A UsageError for a file that cannot be read."""
    if path == "-":
        return "<stdin>", stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:
            return path, fh.read()
    except UnicodeDecodeError:
        return path, None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}.") from None


#: the place a record's error sentence starts with, which the fault line says before it
PLACE = re.compile(r"Line \d+(?:, column \d+)?[,:] ")


def fault_line(name: str, exc: RulesError, game: str = "") -> str:
    """A record's fault as one line: ``FILE:LINE:COLUMN: code: detail``, the place when the
    error carries it (said once), the ply's index for a bad ply, the rule's reason; ``game``
    (``game 2: ``) before the code names the game of a file of many."""
    extra = exc.extra
    place = "".join(f":{extra[key]}" for key in ("line", "column") if extra.get(key))
    detail = PLACE.sub("", exc.detail, count=1) if place else exc.detail
    index = extra.get("index")
    if isinstance(index, int) and f"move {index} " not in detail:
        detail = f"move {index}: {detail}"
    reason = extra.get("reason")
    return f"{name}{place}: {game}{exc.code}: {detail}" + (f" [{reason}]" if reason else "")


#: what each agreement of a record's result with its board means, for the summary line
AGREEMENT = {
    "board": "the board agrees",
    "off_board": "ended off the board",
    "unfinished": "unfinished",
    "unrecorded": "no result recorded",
}


def summary(loaded: Any) -> str:
    """A valid record in one line: its game, plies, result and how the result agrees with
    the board (with the game's final status)."""
    status = loaded.status
    assert status is not None  # a loaded record has its final status
    agreement = AGREEMENT.get(loaded.agreement, loaded.agreement)
    if status.finished:
        agreement += ": " + _status_words(status)
    plies = len(loaded.plies)
    return (f"{loaded.game.id}, {plies} {'ply' if plies == 1 else 'plies'}, "
            f"result {loaded.result} ({agreement})")


def _status_words(status: Status) -> str:
    """A finished status in words: ``light wins (capture)``, ``draw (agreement)``."""
    head = f"{status.winner} wins" if status.winner else str(status.state)
    return head + (f" ({status.reason})" if status.reason else "")


# ---- entry point -------------------------------------------------------------------------------

def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="referee", description="Board game rules on the command line.")
    sub = p.add_subparsers(dest="command", required=True)

    def game_command(name: str, help: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help)
        c.add_argument("game", help="game id (see 'referee games')")
        c.add_argument("-p", "--position",
                       help="position in the game's notation (default: initial)")
        c.add_argument("-o", "--options", help="the game's options as a JSON object")
        return c

    sub.add_parser("games", help="list the games and their options")
    game_command("show", "show a position as a text board with its status")
    c = game_command("moves", "list the legal moves")
    c.add_argument("--json", action="store_true", help="the moves with their fields, as JSON")
    c = game_command("apply", "apply moves in order and show the result")
    c.add_argument("moves", nargs="+")
    c.add_argument("--seed", type=int, help="seed for the dice of chance moves")
    c = game_command("perft", "count the leaves of the move tree")
    c.add_argument("depth", type=int)
    c.add_argument("--divide", action="store_true", help="counts per first move")
    c.add_argument("--budget", type=int, default=None, help="most positions to generate")
    c = game_command("render", "draw the position as SVG or PNG")
    c.add_argument("-f", "--format", choices=("svg", "png"), default="svg")
    c.add_argument("-s", "--size", type=int, default=480, help="pixels of the longer side")
    c.add_argument("-O", "--output", help="file to write (default: stdout)")
    c.add_argument("--highlight", nargs="*", help="squares to highlight")
    c = game_command("play", "play in the terminal, moves read from stdin")
    c.add_argument("--random", nargs="*", metavar="PLAYER",
                   help="players moved by a random mover (e.g. --random light)")
    c.add_argument("--vs", choices=("human", "computer"), default="human",
                   help="computer: the computer plays every side but yours")
    c.add_argument("--as", dest="as_player", metavar="PLAYER",
                   help="your side against the computer (default: the first to move)")
    c.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                   help=f"the computer's level (default {DEFAULT_LEVEL})")
    c.add_argument("--playouts", type=int, default=None,
                   help="the computer's playouts per move (default: the game's budget)")
    c.add_argument("--seed", type=int, default=None,
                   help="seed for the random mover, the computer and dice")
    c.add_argument("--max-plies", type=int, default=None, help="stop after this many plies")
    c.add_argument("--save", metavar="FILE",
                   help="write the game to FILE as a record when it ends or you quit")
    c.add_argument("--player", action="append", metavar="SEAT=NAME",
                   help="a seat's player for the record's tags (e.g. --player dark=Ann)")
    record = sub.add_parser("record", help="game records").add_subparsers(
        dest="record_command", required=True)
    c = record.add_parser("check", help="validate records offline: a line a game, its "
                          "first fault or a summary")
    c.add_argument("file", help="the file of one or more records ('-': stdin)")
    c.add_argument("--game", help="insist on this game (a record of another is a fault)")
    return p


COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], None]] = {
    "games": cmd_games, "show": cmd_show, "moves": cmd_moves, "apply": cmd_apply,
    "perft": cmd_perft, "render": cmd_render}


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    args = parser().parse_args(argv)
    out = stdout or sys.stdout
    try:
        if args.command == "play":
            return cmd_play(args, out, stdin or sys.stdin)
        if args.command == "record":
            return cmd_record_check(args, out, stdin or sys.stdin)
        COMMANDS[args.command](args, out)
        return 0
    except UsageError as exc:
        print(f"referee: {exc}", file=sys.stderr)
        return 2
    except RulesError as exc:
        reason = exc.extra.get("reason")
        print(f"referee: {exc.code}: {exc.detail}" + (f" [{reason}]" if reason else ""),
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

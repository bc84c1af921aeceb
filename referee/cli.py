"""``referee``: the rules engines on the command line, no HTTP involved.

    referee games                                  the games and their options
    referee show mastery [-p POSITION] [-o JSON]   the position as a text board and its status
    referee moves mastery [-p POSITION]            the legal moves
    referee apply mastery d4d5 e5d4 ...            play moves; print the board and new position
    referee perft mastery 3 [--divide]             count the move tree
    referee render mastery -f png -O board.png     an SVG/PNG picture, as the service draws it
    referee play mastery [--random light]          play in the terminal (moves read from stdin)
    referee play mastery --vs computer [--as light] [--level mcts]   against the computer

Errors print the same sentence the service would answer and exit with status 2 (bad input)
or 1 (refused by the rules).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any, Callable, Sequence, TextIO

from rules import registry
from rules.core.errors import RulesError
from rules.core.game import Game
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
    return game.initial_position() if args.position is None else game.parse_position(args.position.strip())


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
    from service.render import picture

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


def cmd_play(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    """Two people at one terminal, people against a random mover or against the computer;
    moves come from stdin."""
    game = _game(args)
    pos = _position(game, args)
    rng = random.Random(args.seed)
    robots = set(args.random or ())
    unknown = robots - set(game.players())
    if unknown:
        raise UsageError(f"--random names no player of {game.id}: {', '.join(sorted(unknown))}; "
                         f"the players are {', '.join(game.players())}.")
    computer = _computer_seats(game, args) - robots
    print("Type a move, 'moves' for the legal moves, 'board' to redraw, 'quit' to stop.",
          file=out)
    show(game, pos, out)
    plies = 0
    while not game.status(pos).finished:
        if args.max_plies is not None and plies >= args.max_plies:
            print(f"stopped after {plies} plies", file=out)
            return 0
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
                return 0
            text = line.strip()
            if not stdin.isatty():  # piped input: echo it, so the transcript reads as a game
                print(text, file=out)
            if not text:
                continue
            if text == "quit":
                return 0
            if text == "moves":
                print(" ".join(e["move"] for e in game.legal_move_entries(pos)), file=out)
                continue
            if text == "board":
                show(game, pos, out)
                continue
            try:
                _, applied = game.play(pos, text, rng=rng)
            except RulesError as exc:
                reason = exc.extra.get("reason")
                print(f"illegal: {exc.detail}" + (f" [{reason}]" if reason else ""), file=out)
                continue
        dice = f" (dice {json.dumps(applied.dice)})" if applied.dice is not None else ""
        print(f"{side} plays {text}{dice}{note}", file=out)
        pos = applied.position
        plies += 1
        show(game, pos, out)
    return 0


# ---- entry point -------------------------------------------------------------------------------

def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="referee", description="Board game rules on the command line.")
    sub = p.add_subparsers(dest="command", required=True)

    def game_command(name: str, help: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help)
        c.add_argument("game", help="game id (see 'referee games')")
        c.add_argument("-p", "--position", help="position in the game's notation (default: initial)")
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

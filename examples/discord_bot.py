"""A minimal Discord-style bot command handler built on the referee's Python client.

It keeps one game per channel (the service itself stores nothing) and understands:

    !new <game> [options-json]   start a game, reply with the board picture
    !move <move>                 validate and play a move; the board, or why it is illegal
    !moves                       the legal moves
    !board                       the current board
    !computer [level]            the computer plays the side to move (level: random, greedy
                                 or mcts, the default), e.g. after your !move

It is written against the shape of discord.py (``message.content``,
``message.channel.id``, ``await message.channel.send(content, file=...)``) but imports
nothing from it: ``make_file`` turns PNG bytes into whatever the chat library attaches
(``lambda data, name: discord.File(io.BytesIO(data), filename=name)`` with discord.py).
Wire it up with::

    @bot.event
    async def on_message(message):
        await handler.handle(message)
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, Callable

from referee.client import IllegalMoveError, Referee, RefereeError, UnknownGameError


@dataclass(frozen=True)
class Attachment:
    """What ``make_file`` returns when no chat library is around."""

    data: bytes
    filename: str


@dataclass
class Table:
    game: str
    options: dict[str, Any]
    position: str


class BotHandler:
    def __init__(self, referee: Referee,
                 make_file: Callable[[bytes, str], Any] = Attachment) -> None:
        self.referee = referee
        self.make_file = make_file
        self.tables: dict[Any, Table] = {}

    async def handle(self, message) -> None:
        """React to one chat message; anything not starting with ``!`` is ignored."""
        text = message.content.strip()
        if not text.startswith("!"):
            return
        command, _, rest = text[1:].partition(" ")
        action = {"new": self.new, "move": self.move, "moves": self.moves,
                  "board": self.board, "computer": self.computer}.get(command)
        if action is None:
            return
        # the client blocks on HTTP: keep the chat library's event loop free
        content, png = await asyncio.to_thread(action, message.channel.id, rest.strip())
        file = None if png is None else self.make_file(png, "board.png")
        await message.channel.send(content, file=file)

    # Each command returns (text, png or None); it runs in a worker thread.

    def new(self, channel: Any, args: str) -> tuple[str, bytes | None]:
        game, _, options_text = args.partition(" ")
        if not game:
            ids = ", ".join(g["id"] for g in self.referee.games())
            return f"Usage: !new <game> [options]. Games: {ids}.", None
        try:
            options = json.loads(options_text) if options_text else None
            setup = self.referee.setup(game, options)
        except ValueError:
            return "Options must be a JSON object, e.g. {\"setup\": \"draume-crown\"}.", None
        except UnknownGameError as exc:
            return exc.detail, None
        except RefereeError as exc:
            return f"Cannot start: {exc.detail}", None
        self.tables[channel] = Table(game, setup.options, setup.position)
        status = self.referee.status(game, setup.position, setup.options)
        return f"New {game} game. {status.to_move} to move.", self._png(self.tables[channel])

    def move(self, channel: Any, move: str) -> tuple[str, bytes | None]:
        table = self.tables.get(channel)
        if table is None:
            return "No game here yet: start one with !new <game>.", None
        if not move:
            return "Usage: !move <move>, e.g. !move d4d5.", None
        return self._play(table, move)

    def computer(self, channel: Any, level: str) -> tuple[str, bytes | None]:
        """The computer chooses the move of the side to act, and plays it."""
        table = self.tables.get(channel)
        if table is None:
            return "No game here yet: start one with !new <game>.", None
        try:
            suggestion = self.referee.suggest(table.game, table.position, table.options,
                                              level=level or None)
        except RefereeError as exc:
            return f"The computer cannot move: {exc.detail}", None
        text, png = self._play(table, suggestion.move)
        return f"The computer ({suggestion.level}) plays. {text}", png

    def _play(self, table: Table, move: str) -> tuple[str, bytes | None]:
        try:
            applied = self.referee.apply(table.game, move, table.position, table.options)
        except IllegalMoveError as exc:
            return f"Illegal move {move}: {exc.detail} ({exc.reason})", None
        except RefereeError as exc:
            return f"Cannot play {move}: {exc.detail}", None
        table.position = applied.position
        status = applied.status
        dice = f" Dice: {json.dumps(applied.dice)}." if applied.dice is not None else ""
        if status.finished:
            result = (f"{status.winner} wins" if status.winner else "Draw") + f" ({status.reason})."
            return f"{applied.move} played.{dice} Game over: {result}", self._png(table)
        return f"{applied.move} played.{dice} {status.to_move} to move.", self._png(table)

    def moves(self, channel: Any, _: str) -> tuple[str, bytes | None]:
        table = self.tables.get(channel)
        if table is None:
            return "No game here yet: start one with !new <game>.", None
        legal = self.referee.legal_moves(table.game, table.position, table.options)
        shown = " ".join(legal.notations[:60])
        more = f" (and {legal.count - 60} more)" if legal.count > 60 else ""
        return f"{legal.count} legal moves: {shown}{more}", None

    def board(self, channel: Any, _: str) -> tuple[str, bytes | None]:
        table = self.tables.get(channel)
        if table is None:
            return "No game here yet: start one with !new <game>.", None
        return f"`{table.position}`", self._png(table)

    def _png(self, table: Table) -> bytes | None:
        try:
            return self.referee.render(table.game, table.position, table.options,
                                       format="png", size=480)
        except RefereeError:  # a game without pictures yet still plays, as text
            return None


if __name__ == "__main__":  # a console stand-in for the chat: one channel, lines from stdin
    import os
    import sys

    class _Channel:
        id = "console"

        async def send(self, content, file=None):
            print(content)
            if file is not None:
                with open(file.filename, "wb") as fh:
                    fh.write(file.data)
                print(f"[attached {file.filename}]")

    class _Message:
        def __init__(self, content):
            self.content, self.channel = content, _Channel()

    handler = BotHandler(Referee(os.environ.get("REFEREE_URL", "http://127.0.0.1:8000")))
    for line in sys.stdin:
        asyncio.run(handler.handle(_Message(line)))

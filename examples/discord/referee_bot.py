"""A Discord bot that referees board games in channels, on discord.py 2.x slash commands.

Commands (one game per channel, held by the bot in memory: the service keeps nothing):

    /game start game:<id> [options:<JSON object>]   a new game; the board as a picture
    /game move move:<notation>                      play a move (autocompleted from the legal ones)
    /game moves                                     the legal moves: a menu when there are at
                                                    most 25, a list to type from otherwise
    /game board                                     the board again
    /game resign                                    the side to move resigns; the game is over
    /game computer [level] [seed]                   the computer answers for the side to move
    /game export                                    the game so far as a record file
    /game load [record:<file>] [text:<record>] [game:<id>]   a game from a record, at its end

Every move is answered with the board as a picture and, when the side to move has at most 25
legal moves, a select menu of them. The picture is an embed whose image is the service's picture
URL (``GET /v1/games/{game}/render.png?...``) when ``REFEREE_PUBLIC_URL`` gives the address at
which Discord reaches the service (Discord fetches and caches it: the bot sends no bytes), and a
PNG attachment otherwise. A finished game is posted as an animated GIF of its plies, the same
way. A refused move, bad options or a move out of turn
is answered privately (an ephemeral reply) with the service's own sentence for the rule.

Records: ``/game export`` attaches the channel's game as a record file (``<game>-<date>.rec``,
the text the service's ``POST /v1/games/{game}/records/export`` writes), finished or not;
``/game load`` reads one (an attached file, or pasted text) through
``POST /v1/games/{game}/records/import`` and sets the table to its end: its moves, dice and
final position, so the game goes on from there (or stays over, when the record ends it).

Run it:
``DISCORD_TOKEN=... REFEREE_URL=http://127.0.0.1:8000 python examples/discord/referee_bot.py``
(add ``REFEREE_PUBLIC_URL=https://referee.example`` for pictures by URL)
(see this folder's README for the application, its permissions and syncing the commands).

The game logic (:class:`Desk`) is plain Python over :mod:`referee.client`; the Discord side
(:func:`build_bot`) only turns its :class:`Reply` objects into interaction responses.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import logging
import os
import re
from dataclasses import dataclass, field
from typing import Any, Literal

import discord
from discord import app_commands

from referee.client import (Aside, ImportedRecord, NotFoundError, Referee, RefereeError,
                            Status)

log = logging.getLogger("referee_bot")

#: Discord shows at most 25 options in a select menu, and 25 autocomplete choices.
MENU_LIMIT = 25
#: A message holds at most 2000 characters; longer move lists are cut there.
MESSAGE_LIMIT = 2000
#: The computer's thinking time, in ms: Discord wants an answer within 3 seconds, and the
#: move is then applied and drawn.
COMPUTER_TIME_MS = 1500
#: the longest image URL an embed takes; a longer picture URL is sent as an attachment
EMBED_URL_LIMIT = 2048
#: the most plies the service animates in one picture: a longer game shows its last ones
ANIMATED_PLIES = 200
#: the longest record /game load takes: the service's limit on a request body
RECORD_LIMIT = 64 * 1024
#: the ``[Game "..."]`` tag pair of a record, which names the game to load it as
GAME_TAG = re.compile(r'\[\s*Game\s+"((?:[^"\\]|\\.)*)"\s*\]')
NO_GAME = "No game in this channel yet: start one with /game start."


# ---- the game logic, without Discord ---------------------------------------------------------

@dataclass
class Table:
    """The game of one channel: what every request to the stateless service carries."""

    game: str
    options: dict[str, Any]
    position: str
    token: str | None = None
    #: the move that led to ``position``, drawn on the board picture
    last_move: str | None = None
    #: every ply so far, for the animated picture of the finished game and the record
    plies: list["Ply"] = field(default_factory=list)
    #: the position the game started from when it is not the initial one (a record's
    #: ``Position`` tag), with its token; None: the initial position of the options
    start: str | None = None
    start_token: str | None = None
    #: how the game ended off the board (a resignation...): the final status; None while
    #: the board decides
    ended: Status | None = None
    #: the off-board events (a resignation...), and the tags of the game (a loaded
    #: record's own: Event, the players...)
    asides: list[Aside] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Ply:
    """A move played, with the position (and its token) it was played from and its dice."""

    before: str
    token: str | None
    move: str
    dice: Any = None


@dataclass(frozen=True)
class Picture:
    """A picture to post: its ``url`` (an embed's image) or its ``data`` (an attachment
    named ``name``)."""

    name: str
    url: str | None = None
    data: bytes | None = None


@dataclass(frozen=True)
class Document:
    """A file to attach that is not a picture: a game's record."""

    name: str
    data: bytes


@dataclass
class Reply:
    """What the bot answers: ``text``, maybe ``pictures`` (the board, a finished game's
    animation), maybe a menu of ``moves`` (legal-moves entries), maybe ``documents`` (a
    record), privately (``ephemeral``) for errors."""

    text: str
    pictures: list[Picture] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    ephemeral: bool = False
    documents: list[Document] = field(default_factory=list)


def problem(exc: RefereeError, doing: str) -> Reply:
    """The service's refusal as a private reply: its own sentence, and the rule's code for an
    illegal move."""
    reason = exc.problem.get("reason")
    suffix = f" ({reason})" if reason else ""
    return Reply(f"{doing}: {exc.detail}{suffix}", ephemeral=True)


class Desk:
    """Every channel's table and the commands on them; each method does blocking HTTP (run it
    in a thread) and answers a :class:`Reply`."""

    def __init__(self, referee: Referee, public_url: str | None = None) -> None:
        self.referee = referee
        #: the service as Discord reaches it, for picture URLs; None: pictures are attached
        self.public = Referee(public_url) if public_url else None
        self.tables: dict[int, Table] = {}

    def run(self, command: Any, channel: int, *args: Any) -> Reply:
        """``command(channel, *args)``, with any failure to reach or read the service said
        privately rather than left unanswered."""
        try:
            reply: Reply = command(channel, *args)
        except RefereeError as exc:
            return problem(exc, "The rules service failed")
        return reply

    # -- commands --

    def start(self, channel: int, game: str, options_text: str | None = None) -> Reply:
        try:
            options = json.loads(options_text) if options_text and options_text.strip() else None
        except ValueError as exc:
            return Reply(f"The options must be a JSON object, e.g. {{\"players\": [\"w\", \"b\"]}}"
                         f" ({exc}).", ephemeral=True)
        if options is not None and not isinstance(options, dict):
            return Reply("The options must be a JSON object, e.g. {\"players\": [\"w\", \"b\"]}.",
                         ephemeral=True)
        try:
            setup = self.referee.setup(game, options)
        except RefereeError as exc:
            return problem(exc, f"Cannot start {game}")
        table = Table(game, setup.options, setup.position, setup.token,
                      tags={"Site": "Discord", "Date": _today()})
        self.tables[channel] = table
        return self._board_reply(table, f"New {game} game.")

    def play(self, channel: int, move: str) -> Reply:
        table = self.tables.get(channel)
        if table is None:
            return Reply(NO_GAME, ephemeral=True)
        if table.ended is not None:
            return Reply(_over(table.ended), ephemeral=True)
        try:
            applied = self.referee.apply(table.game, move, table.position, table.options,
                                         token=table.token)
        except RefereeError as exc:
            return problem(exc, f"{move.strip()} is refused")
        dice = f" Dice: {json.dumps(applied.dice)}." if applied.dice is not None else ""
        table.plies.append(Ply(table.position, table.token, applied.move, applied.dice))
        return self._advance(table, applied.position, applied.token, applied.move,
                             f"{applied.move} played.{dice}")

    def computer(self, channel: int, level: str | None = None, seed: int | None = None) -> Reply:
        table = self.tables.get(channel)
        if table is None:
            return Reply(NO_GAME, ephemeral=True)
        if table.ended is not None:
            return Reply(_over(table.ended), ephemeral=True)
        try:
            answer = self.referee.suggest(table.game, table.position, table.options,
                                          level=level, time_ms=COMPUTER_TIME_MS, seed=seed,
                                          token=table.token)
        except NotFoundError:
            return Reply("The service has no computer opponent (it does not offer "
                         f"POST /v1/games/{table.game}/suggest).", ephemeral=True)
        except RefereeError as exc:
            return problem(exc, "The computer cannot answer")
        reply = self.play(channel, answer.move)
        if reply.ephemeral:
            return reply
        reply.text = f"The computer (level {answer.level}) plays {reply.text}"
        return reply

    def moves(self, channel: int) -> Reply:
        table = self.tables.get(channel)
        if table is None:
            return Reply(NO_GAME, ephemeral=True)
        try:
            legal = self.referee.legal_moves(table.game, table.position, table.options,
                                             token=table.token)
        except RefereeError as exc:
            return problem(exc, "Cannot list the moves")
        if legal.count == 0:
            return Reply("No legal moves: the game is over.")
        if legal.count <= MENU_LIMIT:
            return Reply(f"{legal.to_move} to move: {legal.count} legal moves; pick one.",
                         moves=legal.moves)
        head = f"{legal.to_move} to move: {legal.count} legal moves; type one with /game move: "
        listed, shown = [], len(head)
        for notation in legal.notations:
            if shown + len(notation) + 1 > MESSAGE_LIMIT - 20:
                listed.append("...")
                break
            listed.append(notation)
            shown += len(notation) + 1
        return Reply(head + " ".join(listed))

    def board(self, channel: int) -> Reply:
        table = self.tables.get(channel)
        if table is None:
            return Reply(NO_GAME, ephemeral=True)
        return self._board_reply(table, f"`{table.position}`")

    def resign(self, channel: int) -> Reply:
        """The side to move resigns. The service's record import says what follows: with two
        players in, the game is over (the table stays, for /game export); with more, it goes
        on without him."""
        table = self.tables.get(channel)
        if table is None:
            return Reply(NO_GAME, ephemeral=True)
        if table.ended is not None:
            return Reply(_over(table.ended), ephemeral=True)
        status = self.referee.status(table.game, table.position, table.options, token=table.token)
        if status.finished:
            return Reply("The game is already over; /game start begins another game.")
        aside = Aside(len(table.plies), "resigns", status.to_move)
        try:
            loaded = self.referee.import_record(
                table.game, self._record(table, [*table.asides, aside]))
        except RefereeError as exc:
            return problem(exc, f"{status.to_move} cannot resign")
        table.asides.append(aside)
        self._take_end(table, loaded)
        return self._board_reply(table, f"{status.to_move} resigns.")

    def export(self, channel: int) -> Reply:
        """The channel's game so far as a record file, finished or not."""
        table = self.tables.get(channel)
        if table is None:
            return Reply(NO_GAME, ephemeral=True)
        try:
            text = self._record(table, table.asides)
        except RefereeError as exc:
            return problem(exc, "Cannot write the record")
        plies = len(table.plies)
        return Reply(f"The {table.game} game, {plies} {'ply' if plies == 1 else 'plies'}, as a "
                     "record; /game load plays on from it.",
                     documents=[Document(record_name(table), text.encode("utf-8"))])

    def load(self, channel: int, text: str, game: str | None = None) -> Reply:
        """A game from a record's text (its ``Game`` tag names the game, unless ``game`` is
        given): the table is set to the record's end, its moves, dice and final position."""
        found = GAME_TAG.search(text)
        game = (game or "").strip() or (_unescape(found.group(1)) if found else "")
        if not game:
            return Reply("The record names no game ([Game \"...\"]); say which with game:.",
                         ephemeral=True)
        try:
            loaded = self.referee.import_record(game, text)
        except RefereeError as exc:
            return record_problem(exc)
        table = table_of(game, loaded)
        self.tables[channel] = table
        plies = len(table.plies)
        return self._board_reply(table, f"Loaded a {game} game of {plies} "
                                        f"{'ply' if plies == 1 else 'plies'} "
                                        f"(result {loaded.result}).")

    def legal_notations(self, channel: int) -> list[str]:
        """The legal moves of the channel's game (for autocompletion); none without a game."""
        table = self.tables.get(channel)
        if table is None:
            return []
        try:
            return self.referee.legal_moves(table.game, table.position, table.options,
                                            token=table.token).notations
        except RefereeError:
            return []

    # -- helpers --

    def _record(self, table: Table, asides: list[Aside]) -> str:
        """The record text of ``table``'s game, with ``asides`` (off-board events)."""
        dice = [p.dice for p in table.plies]
        return self.referee.export_record(
            table.game, [p.move for p in table.plies], position=table.start,
            token=table.start_token, options=table.options,
            dice=None if all(d is None for d in dice) else dice,
            tags=table.tags, asides=asides)

    @staticmethod
    def _take_end(table: Table, loaded: ImportedRecord) -> None:
        """The table at the end of an imported record: its final position (and token) and,
        when the record ended the game off the board, that ending."""
        table.position, table.token = loaded.position, loaded.token
        off_board = loaded.status.finished and not loaded.board_status.finished
        table.ended = loaded.status if off_board else None

    def _advance(self, table: Table, position: str, token: str | None, move: str,
                 said: str) -> Reply:
        table.position, table.token, table.last_move = position, token, move
        return self._board_reply(table, said)

    def _board_reply(self, table: Table, said: str) -> Reply:
        """The board picture, what happens next, and the menu of moves when it is short; a
        finished game's animated picture too."""
        if table.ended is not None:
            return Reply(f"{said} {_over(table.ended)}",
                         [*self._board(table), *self._animation(table)])
        status = self.referee.status(table.game, table.position, table.options, token=table.token)
        if status.finished:
            result = (f"{status.winner} wins" if status.winner else "a draw")
            return Reply(f"{said} Game over: {result} ({status.reason}).",
                         [*self._board(table), *self._animation(table)])
        legal = self.referee.legal_moves(table.game, table.position, table.options,
                                         token=table.token)
        text = f"{said} {status.to_move} to move{_status_notes(status.extra)}."
        return Reply(text, self._board(table), legal.moves if legal.count <= MENU_LIMIT else [])

    def _board(self, table: Table) -> list[Picture]:
        """The board, its last move shown: by URL when Discord can fetch it, else its PNG."""
        picture = dict(position=table.position, options=table.options, format="png",
                       last_move=table.last_move or False, token=table.token)
        return self._picture("board.png", picture, self.referee.render,
                             None if self.public is None else self.public.picture_url,
                             table.game)

    def _animation(self, table: Table) -> list[Picture]:
        """The finished game's plies (its last ANIMATED_PLIES) as an animated GIF."""
        plies = table.plies[-ANIMATED_PLIES:]
        if not plies:
            return []
        animation = dict(position=plies[0].before, options=table.options, token=plies[0].token,
                         moves=[p.move for p in plies],
                         dice=None if all(p.dice is None for p in plies)
                         else [p.dice for p in plies])
        return self._picture("game.gif", animation, self.referee.replay_picture,
                             None if self.public is None else self.public.replay_picture_url,
                             table.game)

    @staticmethod
    def _picture(name: str, fields: dict[str, Any], draw: Any, url_of: Any,
                 game: str) -> list[Picture]:
        """The picture ``draw(game, **fields)`` answers, by the URL ``url_of`` gives when
        there is one short enough for an embed; none when the service cannot draw it (a game
        without pictures still plays, as text)."""
        if url_of is not None:
            url: str = url_of(game, **fields)
            if len(url) <= EMBED_URL_LIMIT:
                return [Picture(name, url=url)]
        try:
            return [Picture(name, data=draw(game, **fields))]
        except RefereeError:
            return []


def _over(status: Status) -> str:
    """A game ended off the board (a resignation...), in words."""
    result = f"{status.winner} wins" if status.winner else "a draw"
    return (f"Game over: {result} ({status.reason}). /game export posts the record; "
            "/game start begins another game.")


#: tags of a loaded record that its export writes again from the game itself
WRITTEN_TAGS = frozenset({"Game", "Options", "Position", "Result", "Termination"})


def table_of(game: str, loaded: ImportedRecord) -> Table:
    """The table at the end of an imported record: its moves with their dice and the
    positions they were played from, its start when it is not the initial position, its
    off-board events and its own tags."""
    tags = {k: v for k, v in loaded.tags.items() if k not in WRITTEN_TAGS}
    befores = [loaded.start, *(p.position for p in loaded.plies)]
    plies = [Ply(before, None, p.move, p.dice) for before, p in zip(befores, loaded.plies)]
    table = Table(game, loaded.options, loaded.position, plies=plies,
                  start=None if loaded.from_initial else loaded.start,
                  last_move=plies[-1].move if plies else None,
                  asides=[Aside(a.after, a.kind, a.player) for a in loaded.asides], tags=tags)
    Desk._take_end(table, loaded)
    return table


def record_name(table: Table) -> str:
    """The record's file name: ``<game>-<date>.rec``, the date the game's (today when it
    has none)."""
    date = table.tags.get("Date", "")
    if not re.fullmatch(r"\d{4}\.\d\d\.\d\d", date):
        date = _today()
    return f"{table.game}-{date.replace('.', '-')}.rec"


def _today() -> str:
    """Today's date (UTC) as a record writes it: ``2026.11.27``."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y.%m.%d")


def _unescape(value: str) -> str:
    """A tag value as written between its quotes, its ``\\"`` and ``\\\\`` undone."""
    return re.sub(r"\\(.)", r"\1", value)


def record_problem(exc: RefereeError) -> Reply:
    """A record the service refused, privately: its sentence, which says where (the line and
    column, the move), and the rule's code for an illegal move."""
    return problem(exc, "Cannot load the record")


def _status_notes(extra: dict[str, Any]) -> str:
    """The game-specific status fields worth a word: check, a pending fight's odds, the
    phase."""
    notes = []
    if extra.get("in_check"):
        notes.append("in check")
    for key in ("phase", "budget"):
        if key in extra:
            notes.append(f"{key} {extra[key]}")
    fight = extra.get("fight")
    if isinstance(fight, dict):
        odds = fight.get("odds", {})
        notes.append(f"a fight is pending on {fight['defender']['cell']}: the attacker wins "
                     f"{odds['attacker_wins']['exact']}, the defender "
                     f"{odds['defender_wins']['exact']}, a tie {odds['tie']['exact']}")
    return f" ({', '.join(notes)})" if notes else ""


# ---- Discord ---------------------------------------------------------------------------------

def menu_option(entry: dict[str, Any]) -> discord.SelectOption:
    """A legal-moves entry as a select option: the notation, with what it does."""
    words = [str(entry[k]) for k in ("kind", "piece") if entry.get(k)]
    if entry.get("chance"):
        words.append("decided by dice")
    return discord.SelectOption(label=entry["move"][:100], value=entry["move"][:100],
                                description=", ".join(words)[:100] or None)


class MoveMenu(discord.ui.View):
    """The legal moves (at most 25) as a select menu under the board; choosing one plays it."""

    def __init__(self, desk: Desk, channel: int, moves: list[dict[str, Any]]) -> None:
        super().__init__(timeout=15 * 60)
        self.desk, self.channel = desk, channel
        self.select: discord.ui.Select[MoveMenu] = discord.ui.Select(
            placeholder="Play a move...", options=[menu_option(m) for m in moves[:MENU_LIMIT]])
        self.select.callback = self.chosen  # type: ignore[method-assign]
        self.add_item(self.select)

    async def chosen(self, interaction: discord.Interaction) -> None:
        self.stop()  # one move per menu: the answer brings a menu for the next one
        reply = await asyncio.to_thread(self.desk.run, self.desk.play, self.channel,
                                        self.select.values[0])
        await respond(interaction, reply, self.desk)

    async def on_error(self, interaction: discord.Interaction, error: Exception,
                       item: discord.ui.Item[Any]) -> None:
        log.exception("move menu failed", exc_info=error)


async def respond(interaction: discord.Interaction, reply: Reply, desk: Desk) -> None:
    """Send ``reply`` as the interaction's response: each picture as an embed's image (by
    URL) or an attachment, the menu of moves when there is one, privately when it is an
    error."""
    kwargs: dict[str, Any] = {"ephemeral": reply.ephemeral}
    files = [discord.File(_bytes_io(p.data), filename=p.name)
             for p in reply.pictures if p.data is not None]
    files += [discord.File(_bytes_io(d.data), filename=d.name) for d in reply.documents]
    embeds = [discord.Embed().set_image(url=p.url) for p in reply.pictures if p.url is not None]
    if files:
        kwargs["files"] = files
    if embeds:
        kwargs["embeds"] = embeds
    if reply.moves and interaction.channel_id is not None:
        kwargs["view"] = MoveMenu(desk, interaction.channel_id, reply.moves)
    await interaction.response.send_message(reply.text[:MESSAGE_LIMIT], **kwargs)


def _bytes_io(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


class GameCommands(app_commands.Group):
    """``/game ...``: every command of the bot."""

    def __init__(self, desk: Desk) -> None:
        super().__init__(name="game", description="Board games refereed by the rules service")
        self.desk = desk
        self._game_ids: list[str] | None = None

    async def _run(self, interaction: discord.Interaction, method: Any, *args: Any) -> None:
        channel = interaction.channel_id or 0
        reply = await asyncio.to_thread(self.desk.run, method, channel, *args)
        await respond(interaction, reply, self.desk)

    @app_commands.command(name="start", description="Start a game in this channel")
    @app_commands.describe(game="Which game: an id the service lists, e.g. mastery",
                           options='The game\'s options as JSON, e.g. {"players": ["w","r","b"]}')
    async def start(self, interaction: discord.Interaction, game: str,
                    options: str | None = None) -> None:
        await self._run(interaction, self.desk.start, game.strip(), options)

    @start.autocomplete("game")
    async def _games(self, interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
        if self._game_ids is None:
            games = await asyncio.to_thread(self.desk.referee.games)
            self._game_ids = [g["id"] for g in games]
        return [app_commands.Choice(name=g, value=g) for g in self._game_ids
                if current.lower() in g][:MENU_LIMIT]

    @app_commands.command(name="move", description="Play a move in this channel's game")
    @app_commands.describe(move="The move in the game's notation, e.g. d4d5")
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        await self._run(interaction, self.desk.play, move)

    @move.autocomplete("move")
    async def _legal(self, interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
        notations = await asyncio.to_thread(self.desk.legal_notations,
                                            interaction.channel_id or 0)
        return [app_commands.Choice(name=m, value=m) for m in notations
                if m.startswith(current.strip())][:MENU_LIMIT]

    @app_commands.command(name="moves", description="The legal moves (a menu when few)")
    async def moves(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.desk.moves)

    @app_commands.command(name="board", description="Show this channel's board")
    async def board(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.desk.board)

    @app_commands.command(name="resign", description="The side to move resigns")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.desk.resign)

    @app_commands.command(name="export", description="This channel's game as a record file")
    async def export(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, self.desk.export)

    @app_commands.command(name="load", description="Start a game from a record, at its end")
    @app_commands.describe(record="The record file (as /game export attaches it)",
                           text="Or the record's text, pasted",
                           game="The game, when the record has no [Game \"...\"] tag")
    async def load(self, interaction: discord.Interaction,
                   record: discord.Attachment | None = None, text: str | None = None,
                   game: str | None = None) -> None:
        found = await read_record(record, text)
        if isinstance(found, Reply):
            await respond(interaction, found, self.desk)
        else:
            await self._run(interaction, self.desk.load, found, game)

    @app_commands.command(name="computer", description="Let the computer play the next move")
    @app_commands.describe(level="mcts (the default, strongest), greedy or random",
                           seed="Seed, for a reproducible answer")
    async def computer(self, interaction: discord.Interaction,
                       level: Literal["mcts", "greedy", "random"] | None = None,
                       seed: app_commands.Range[int, 0] | None = None) -> None:
        await self._run(interaction, self.desk.computer, level, seed)


async def read_record(record: discord.Attachment | None, text: str | None) -> str | Reply:
    """The record's text, from the attached file or the pasted text; a private Reply saying
    what is wrong instead (neither given, too big, not UTF-8 text)."""
    if record is None:
        if text is None or not text.strip():
            return Reply("Attach a record file (record:) or paste its text (text:).",
                         ephemeral=True)
        return text
    if record.size > RECORD_LIMIT:
        return Reply(f"{record.filename} is {record.size} bytes; a record may have at most "
                     f"{RECORD_LIMIT}.", ephemeral=True)
    try:
        return (await record.read()).decode("utf-8")
    except UnicodeDecodeError:
        return Reply(f"{record.filename} is not UTF-8 text: is it a record?", ephemeral=True)
    except discord.HTTPException as exc:
        return Reply(f"Cannot read {record.filename} from Discord: {exc.text or exc.status}.",
                     ephemeral=True)


class RefereeBot(discord.Client):
    """The bot: the default intents, no privileged one (slash commands need none); commands
    synced at start,
    to one guild at once when ``guild`` is given, else globally."""

    def __init__(self, desk: Desk, guild: int | None = None) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.commands = GameCommands(desk)
        self.tree.add_command(self.commands)
        self.guild_id = guild

    async def setup_hook(self) -> None:
        if self.guild_id is not None:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()


def build_bot(referee_url: str, guild: int | None = None,
              public_url: str | None = None) -> RefereeBot:
    """The bot over the service at ``referee_url``; ``public_url``: the same service as
    Discord reaches it, for pictures by URL (None: pictures are attached)."""
    return RefereeBot(Desk(Referee(referee_url), public_url), guild)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        raise SystemExit("Set DISCORD_TOKEN to the bot's token (see examples/discord/README.md).")
    guild = os.environ.get("DISCORD_GUILD_ID")
    bot = build_bot(os.environ.get("REFEREE_URL", "http://127.0.0.1:8000"),
                    int(guild) if guild else None, os.environ.get("REFEREE_PUBLIC_URL") or None)
    bot.run(token, log_handler=None)


if __name__ == "__main__":
    main()

"""examples/discord/referee_bot.py on discord.py, against the live service, without Discord.

Interactions are real :class:`discord.Interaction` objects built from payloads shaped as
Discord sends them (application commands, autocompletion, select-menu components); they go
through the bot's own :class:`discord.app_commands.CommandTree` (or, for a menu, its view),
and the answers the bot gives are caught where discord.py would POST them to Discord: its
webhook adapter, replaced here by one that records them.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import struct
import urllib.request
from typing import Any

import discord
import pytest
from discord.webhook import async_ as webhook_async
from PIL import Image

from referee.client import NotFoundError, Referee
from tests.example_modules import load_example
from tests.live_service import running_service

GUILD, APPLICATION, COMMAND = 210000000000000001, 110000000000000001, 310000000000000001
EPHEMERAL = 64
_ids = itertools.count(900000000000000001)


# ---- payloads as Discord sends them -----------------------------------------------------------

def interaction_payload(kind: int, channel: int, data: dict[str, Any]) -> dict[str, Any]:
    """An INTERACTION_CREATE payload from a guild text channel (kind 2: command, 3: component,
    4: autocomplete)."""
    return {
        "id": str(next(_ids)), "application_id": str(APPLICATION), "type": kind,
        "token": "interaction-token", "version": 1, "guild_id": str(GUILD),
        "channel_id": str(channel),
        "channel": {"id": str(channel), "type": 0, "guild_id": str(GUILD), "name": "games",
                    "position": 0, "permission_overwrites": [], "nsfw": False,
                    "parent_id": None},
        "member": {"user": {"id": "400000000000000001", "username": "ada", "discriminator": "0",
                            "global_name": "Ada", "avatar": None},
                   "roles": [], "joined_at": "2025-01-01T00:00:00.000000+00:00", "deaf": False,
                   "mute": False, "flags": 0, "permissions": "2248473465835073"},
        "app_permissions": "2248473465835073", "locale": "en-GB", "guild_locale": "en-US",
        "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD)},
        "context": 0, "attachment_size_limit": 10485760, "data": data,
    }


def command_data(sub: str, **options: Any) -> dict[str, Any]:
    """``/game <sub> option:value ...`` (strings type 3, integers type 4, a file type 11: an
    :class:`Upload`, resolved as Discord resolves attachments)."""
    given = [{"name": k, "type": 11 if isinstance(v, Upload) else
              4 if isinstance(v, int) else 3, "value": v.id if isinstance(v, Upload) else v}
             for k, v in options.items()]
    data: dict[str, Any] = {"id": str(COMMAND), "name": "game", "type": 1,
                            "options": [{"name": sub, "type": 1, "options": given}]}
    uploads = {v.id: v.payload() for v in options.values() if isinstance(v, Upload)}
    if uploads:
        data["resolved"] = {"attachments": uploads}
    return data


class Upload:
    """A file attached to a command, as Discord describes it; its bytes are served from
    :attr:`UPLOADED` where discord.py would fetch them from Discord's CDN."""

    def __init__(self, filename: str, data: bytes) -> None:
        self.id, self.filename, self.data = str(next(_ids)), filename, data
        self.url = f"https://cdn.discordapp.com/attachments/1/{self.id}/{filename}"

    def payload(self) -> dict[str, Any]:
        return {"id": self.id, "filename": self.filename, "size": len(self.data),
                "url": self.url, "proxy_url": self.url, "content_type": "text/plain"}


# ---- the recording adapter ---------------------------------------------------------------------

class Recorded:
    """One interaction response the bot sent: its JSON and its attachments."""

    def __init__(self, params: Any) -> None:
        if params.files:
            body = json.loads(params.multipart[0]["value"])
            self.files = {f.filename: f.fp.read() for f in params.files}
        else:
            body, self.files = params.payload, {}
        self.type: int = body["type"]
        self.data: dict[str, Any] = body.get("data") or {}

    @property
    def image_urls(self) -> list[str]:
        """The image URL of each embed the reply carries."""
        return [e["image"]["url"] for e in self.data.get("embeds", []) if "image" in e]

    @property
    def content(self) -> str:
        return self.data.get("content", "")

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & EPHEMERAL)

    @property
    def menu(self) -> list[str]:
        """The values of the select menu the reply carries (empty without one)."""
        return [o["value"] for row in self.data.get("components", [])
                for c in row["components"] if c["type"] == 3 for o in c["options"]]


class RecordingAdapter:
    """Stands where discord.py's webhook adapter would send interaction responses to Discord."""

    def __init__(self) -> None:
        self.sent: list[Recorded] = []

    async def create_interaction_response(self, interaction_id: int, token: str, *,
                                          session: Any, proxy: Any = None,
                                          proxy_auth: Any = None, params: Any) -> Any:
        self.sent.append(Recorded(params))
        return {"interaction": {"id": str(interaction_id), "type": 2,
                                "response_message_id": str(next(_ids))}}


# ---- the harness --------------------------------------------------------------------------------

class Harness:
    """The bot with its desk on the live service; ``command`` and ``choose`` play the user."""

    def __init__(self, module: Any, url: str, public_url: str | None = None) -> None:
        self.module = module
        self.bot = module.RefereeBot(module.Desk(Referee(url), public_url))
        self.desk = self.bot.commands.desk
        # logged in: the bot's own user, as Discord's READY event gives it
        state = self.bot._connection
        state.user = discord.ClientUser(state=state, data={
            "id": str(APPLICATION), "username": "referee", "discriminator": "0",
            "avatar": None, "bot": True, "verified": True, "mfa_enabled": False, "flags": 0})
        self.errors: list[BaseException] = []
        self.views: dict[int, Any] = {}

        @self.bot.tree.error
        async def _failed(interaction: discord.Interaction, error: Exception) -> None:
            self.errors.append(error)

    def run(self, coroutine_factory: Any) -> Recorded:
        adapter = RecordingAdapter()

        async def scenario() -> None:
            webhook_async.async_context.set(adapter)
            await coroutine_factory()

        asyncio.run(scenario())
        assert not self.errors, self.errors
        assert len(adapter.sent) == 1, adapter.sent
        return adapter.sent[0]

    def command(self, channel: int, sub: str, **options: Any) -> Recorded:
        return self._through_tree(2, channel, command_data(sub, **options))

    def autocomplete(self, channel: int, sub: str, option: str, typed: str) -> list[str]:
        data = command_data(sub, **{option: typed})
        data["options"][0]["options"][0]["focused"] = True
        answer = self._through_tree(4, channel, data)
        assert answer.type == 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
        return [c["value"] for c in answer.data["choices"]]

    def _through_tree(self, kind: int, channel: int, data: dict[str, Any]) -> Recorded:
        state = self.bot._connection

        async def go() -> None:
            interaction = discord.Interaction(data=interaction_payload(kind, channel, data),
                                              state=state)
            await self.bot.tree._call(interaction)

        return self.run(go)

    def choose(self, reply: Recorded, channel: int, move: str) -> Recorded:
        """Pick ``move`` in the select menu ``reply`` carried, as a component interaction."""
        assert move in reply.menu
        custom_id = next(c["custom_id"] for row in reply.data["components"]
                         for c in row["components"] if c["type"] == 3)
        entries = [{"move": m} for m in reply.menu]

        async def go() -> None:
            # the menu as the bot built it for that reply, with the custom id Discord echoes
            view = self.module.MoveMenu(self.desk, channel, entries)
            view.select.custom_id = custom_id
            payload = interaction_payload(3, channel, {"custom_id": custom_id,
                                                       "component_type": 3, "values": [move]})
            interaction = discord.Interaction(data=payload, state=self.bot._connection)
            await view._scheduled_task(view.select, interaction)

        return self.run(go)


#: the bytes of every :class:`Upload`, by URL
UPLOADED: dict[str, bytes] = {}


@pytest.fixture(autouse=True)
def uploads(monkeypatch):
    """Attachments read from :data:`UPLOADED`, not from Discord's CDN."""
    async def read(self, *, use_cached: bool = False) -> bytes:
        return UPLOADED[self.url]

    monkeypatch.setattr(discord.Attachment, "read", read)


def upload(filename: str, data: bytes) -> Upload:
    found = Upload(filename, data)
    UPLOADED[found.url] = data
    return found


@pytest.fixture(scope="module")
def harness():
    module = load_example("discord/referee_bot.py", "referee_bot")
    with running_service() as url:
        yield Harness(module, url)


@pytest.fixture(scope="module")
def by_url(harness):
    """The bot of ``harness`` told that Discord reaches the service at its own address, as
    the ``REFEREE_PUBLIC_URL`` setting does."""
    return Harness(harness.module, harness.desk.referee.base_url,
                   public_url=harness.desk.referee.base_url)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


# ---- the commands -------------------------------------------------------------------------------

def test_a_game_with_the_board_after_every_move_and_the_rules_sentence_privately(harness):
    channel = 501
    started = harness.command(channel, "start", game="mastery")
    assert started.content == "New mastery game. dark to move." and not started.ephemeral
    assert png_size(started.files["board.png"]) == (480, 480)
    assert started.menu == []  # 50-odd moves: typed, not a menu

    played = harness.command(channel, "move", move="d4d5")
    assert played.content == "d4d5 played. light to move."
    assert "board.png" in played.files and not played.ephemeral
    harness.command(channel, "move", move=" e5d4\n")   # pasted with spaces: still a move

    refused = harness.command(channel, "move", move="e3f4")
    assert refused.ephemeral and refused.files == {}
    assert refused.content == ("e3f4 is refused: Officers move 1-2 squares orthogonally; e3 to "
                               "f4 is diagonal. (piece_movement)")

    listed = harness.command(channel, "moves")
    assert "legal moves; type one with /game move:" in listed.content and "d1d2" in listed.content
    board = harness.command(channel, "board")
    assert board.content == ("`2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2` "
                             "dark to move.")
    assert "board.png" in board.files


def test_few_legal_moves_come_as_a_select_menu_that_plays_the_choice(harness):
    channel = 502
    started = harness.command(channel, "start", game="maestria")
    assert len(started.menu) == 12 and "@c1*" in started.menu
    listed = harness.command(channel, "moves")
    assert listed.menu == started.menu and listed.content.startswith("black to move: 12")

    chosen = harness.choose(started, channel, "@c1*")
    assert chosen.content.startswith("@c1* played. black to move (phase setup, budget 2)")
    assert "board.png" in chosen.files and "@c1*" not in chosen.menu
    assert harness.desk.tables[channel].position.startswith("-,-,-,-,-,-,-,-,-,-,-,-/-,-,b1*")


def test_the_move_option_is_autocompleted_from_the_legal_moves(harness):
    channel = 503
    harness.command(channel, "start", game="kings-mate")
    offered = harness.autocomplete(channel, "move", "move", "d2")
    assert offered and all(m.startswith("d2") for m in offered) and "d2d3" in offered
    assert harness.autocomplete(504, "move", "move", "") == []    # no game in that channel
    assert "sceptre" in harness.autocomplete(channel, "start", "game", "sc")


def test_options_travel_with_the_game_and_bad_ones_are_refused_privately(harness):
    channel = 505
    started = harness.command(channel, "start", game="sceptre",
                              options='{"players": ["w", "r", "b", "y"]}')
    assert started.content.startswith("New sceptre game. white to move")
    assert png_size(started.files["board.png"]) == (1194, 1194)
    assert harness.command(channel, "move", move="l2l5").content.startswith("l2l5 played.")

    bad_json = harness.command(channel, "start", game="sceptre", options="{players: 4}")
    assert bad_json.ephemeral and bad_json.content.startswith("The options must be a JSON object")
    bad_value = harness.command(channel, "start", game="kings-mate",
                                options='{"stalemate": true}')
    assert bad_value.ephemeral
    assert bad_value.content == ("Cannot start kings-mate: Option 'stalemate' must be one of "
                                 '"draw", "loss"; got true.')
    unknown = harness.command(channel, "start", game="chess")
    assert unknown.ephemeral and "There is no game 'chess'" in unknown.content
    # the refused starts left the running game alone
    assert harness.desk.tables[channel].game == "sceptre"


def test_commands_without_a_game_and_resigning(harness):
    channel = 506
    for sub, options in (("move", {"move": "d4d5"}), ("moves", {}), ("board", {}),
                         ("resign", {}), ("computer", {})):
        answer = harness.command(channel, sub, **options)
        assert answer.ephemeral and answer.content == harness.module.NO_GAME
    harness.command(channel, "start", game="mastery")
    resigned = harness.command(channel, "resign")
    assert resigned.content.startswith("dark resigns. Game over: light wins (resignation).")
    assert "board.png" in resigned.files
    # the game is over, and kept for /game export
    refused = harness.command(channel, "move", move="d4d5")
    assert refused.ephemeral and refused.content.startswith("Game over: light wins")
    assert harness.command(channel, "resign").ephemeral


def test_the_computer_plays_the_suggested_move(harness, monkeypatch):
    channel = 507
    harness.command(channel, "start", game="mastery")
    asked: list[dict[str, Any]] = []
    real = Referee._json

    def fake_suggest(self, method, path, body=None):
        if path.endswith("/suggest"):
            asked.append(body)
            return {"move": "d4d5", "entry": {"move": "d4d5"}, "level": "greedy", "playouts": 0,
                    "time_ms": 12.5, "value": 0.5, "alternatives": []}
        return real(self, method, path, body)

    monkeypatch.setattr(Referee, "_json", fake_suggest)
    answer = harness.command(channel, "computer", level="greedy", seed=7)
    assert answer.content.startswith(
        "The computer (level greedy) plays d4d5 played. light to move")
    assert "board.png" in answer.files
    assert asked == [{"position": "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1",
                      "options": harness.desk.tables[channel].options, "level": "greedy",
                      "seed": 7, "time_ms": harness.module.COMPUTER_TIME_MS}]


def every_call_fails(monkeypatch, error: Exception) -> None:
    """From now on every JSON call of the client raises ``error``."""
    def failing(self, method, path, body=None):
        raise error

    monkeypatch.setattr(Referee, "_json", failing)


def test_a_service_without_a_computer_opponent_says_so(harness, monkeypatch):
    channel = 508
    harness.command(channel, "start", game="mastery")
    every_call_fails(monkeypatch, NotFoundError({"status": 404, "code": "not_found",
                                                 "detail": "There is no such path."}))
    answer = harness.command(channel, "computer")
    assert answer.ephemeral and answer.content.startswith(
        "The service has no computer opponent")


def test_the_computer_against_this_service(harness):
    """The service's own suggest operation answers; the computer's move is played."""
    channel = 509
    harness.command(channel, "start", game="maestria")
    before = harness.desk.tables[channel].position
    answer = harness.command(channel, "computer", level="greedy", seed=1)
    assert not answer.ephemeral, answer.content
    assert answer.content.startswith("The computer (level greedy) plays")
    assert "board.png" in answer.files
    assert harness.desk.tables[channel].position != before


def test_a_service_that_fails_mid_command_is_said_privately(harness, monkeypatch):
    from referee.client import TransportError

    channel = 510
    harness.command(channel, "start", game="mastery")
    every_call_fails(monkeypatch, TransportError({
        "status": 0, "code": "unreachable",
        "detail": "Cannot reach the service: connection refused."}))
    answer = harness.command(channel, "resign")
    assert answer.ephemeral and answer.content == (
        "The rules service failed: Cannot reach the service: connection refused.")


# ---- pictures by URL, and the finished game's animation ---------------------------------------

def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as answer:
        assert answer.status == 200
        return answer.read()


def quiet_game(harness: Harness, channel: int) -> Recorded:
    """A Mastery game drawn after two quiet plies, played to its end; the last reply."""
    harness.command(channel, "start", game="mastery", options='{"draw_after_quiet_plies": 2}')
    harness.command(channel, "move", move="d1c1")
    table = harness.desk.tables[channel]
    legal = harness.desk.referee.legal_moves("mastery", table.position, table.options)
    quiet = next(m["move"] for m in legal.moves if m["kind"] == "move")
    return harness.command(channel, "move", move=quiet)


def test_with_a_public_address_the_board_is_an_embed_of_the_picture_url(by_url):
    channel = 520
    started = by_url.command(channel, "start", game="mastery")
    assert started.files == {}
    [url] = started.image_urls
    assert url.startswith(f"{by_url.desk.referee.base_url}/v1/games/mastery/render.png?")
    assert fetch(url) == by_url.desk.referee.render("mastery", last_move=False)
    played = by_url.command(channel, "move", move="d4d5")
    [url] = played.image_urls
    table = by_url.desk.tables[channel]
    assert fetch(url) == by_url.desk.referee.render("mastery", table.position, table.options,
                                                    last_move="d4d5")


def test_a_picture_url_too_long_for_an_embed_is_attached(by_url, monkeypatch):
    monkeypatch.setattr(by_url.module, "EMBED_URL_LIMIT", 20)
    started = by_url.command(521, "start", game="mastery")
    assert started.image_urls == [] and png_size(started.files["board.png"]) == (480, 480)


def test_a_finished_game_is_posted_as_an_animated_gif_of_its_plies(harness):
    over = quiet_game(harness, 522)
    assert "Game over: a draw (quiet_plies)." in over.content, over.content
    gif = over.files["game.gif"]
    assert gif[:6] == b"GIF89a" and "board.png" in over.files
    with Image.open(io.BytesIO(gif)) as picture:
        assert picture.n_frames == 3        # the start and two plies


def test_a_finished_game_by_url_is_an_embed_of_the_animation_url(by_url):
    over = quiet_game(by_url, 523)
    board, animation = over.image_urls
    assert "/render.png?" in board and "/replay.gif?" in animation
    with Image.open(io.BytesIO(fetch(animation))) as picture:
        assert picture.n_frames == 3


# ---- records: /game export and /game load --------------------------------------------------------

def exported(harness: Harness, channel: int) -> tuple[str, str]:
    """/game export in ``channel``: the attached record's file name and text."""
    answer = harness.command(channel, "export")
    assert not answer.ephemeral, answer.content
    [(name, data)] = answer.files.items()
    return name, data.decode("utf-8")


def test_export_attaches_the_game_as_a_record_that_load_plays_on_from(harness):
    import datetime

    channel = 530
    harness.command(channel, "start", game="mastery")
    harness.command(channel, "move", move="d4d5")
    harness.command(channel, "move", move="e5d4")
    name, text = exported(harness, channel)
    today = datetime.datetime.now(datetime.timezone.utc)
    assert name == f"mastery-{today:%Y-%m-%d}.rec"
    assert '[Game "mastery"]' in text and '[Site "Discord"]' in text
    assert f'[Date "{today:%Y.%m.%d}"]' in text and '[Result "*"]' in text
    assert "d4d5" in text and "e5d4" in text

    loaded = harness.command(531, "load", record=upload(name, text.encode()))
    assert loaded.content == "Loaded a mastery game of 2 plies (result *). dark to move."
    assert "board.png" in loaded.files and not loaded.ephemeral
    before, after = harness.desk.tables[channel], harness.desk.tables[531]
    assert after.position == before.position and after.last_move == "e5d4"
    assert [(p.before, p.move) for p in after.plies] == [(p.before, p.move) for p in before.plies]
    played = harness.command(531, "move", move="d1d2")
    assert played.content.startswith("d1d2 played.") or played.ephemeral
    assert exported(harness, 531)[1].count("[Site ") == 1   # its own tags, once


def test_a_record_with_dice_round_trips_through_the_bot(harness):
    from rules import records, registry

    game = registry.configure("maestria")
    import random

    rng, pos, moves, dice = random.Random(5), game.initial_position(), [], []
    while len(moves) < 40 and not game.status(pos).finished:
        text = game.format_move(pos, rng.choice(list(game.legal_moves(pos))))
        _, applied = game.play(pos, text, rng=rng)
        moves.append(text)
        dice.append(applied.dice)
        pos = applied.position
    assert any(d is not None for d in dice)
    text = records.write(game, moves, dice=dice, tags={"Event": "Club night"})
    loaded = harness.command(532, "load", text=text)
    assert loaded.content.startswith(f"Loaded a maestria game of {len(moves)} plies")
    table = harness.desk.tables[532]
    assert [(p.move, p.dice) for p in table.plies] == list(zip(moves, dice))
    assert table.position == game.format_position(pos)
    again = records.load(exported(harness, 532)[1])
    assert [(p.move, p.dice) for p in again.plies] == list(zip(moves, dice))
    assert again.tags["Event"] == "Club night"


def test_a_resigned_game_is_exported_and_loads_as_over(harness):
    channel = 533
    harness.command(channel, "start", game="kings-mate")
    harness.command(channel, "move", move="d2d3")
    harness.command(channel, "resign")
    name, text = exported(harness, channel)
    assert "resigns" in text and '[Termination "resignation"]' in text
    # pasted into a command's text option, which Discord keeps on one line
    loaded = harness.command(534, "load", text=" ".join(text.split()))
    assert "Game over: white wins (resignation)." in loaded.content, loaded.content
    assert harness.command(534, "move", move="d7d6").ephemeral
    assert exported(harness, 534)[1].count("resigns") == 1


def test_broken_records_are_refused_privately_with_their_place(harness):
    channel = 535
    harness.command(channel, "start", game="mastery")
    broken = '[Game "mastery"]\n\n1. d4d5 e5d4 2. e3f4 *\n'
    answer = harness.command(channel, "load", text=broken)
    assert answer.ephemeral and answer.content.startswith(
        "Cannot load the record: Line 3, column 17, move 2 ('e3f4'): ")
    assert answer.content.endswith("(piece_movement)")
    unnamed = harness.command(channel, "load", text="1. d4d5 *")
    assert unnamed.ephemeral and "names no game" in unnamed.content
    unknown = harness.command(channel, "load", text='[Game "chess"]\n\n*\n')
    assert unknown.ephemeral and "There is no game 'chess'" in unknown.content
    nothing = harness.command(channel, "load")
    assert nothing.ephemeral and nothing.content.startswith("Attach a record file")
    binary = harness.command(channel, "load", record=upload("game.rec", b"\xff\xfe"))
    assert binary.ephemeral and "not UTF-8 text" in binary.content
    big = harness.command(channel, "load",
                          record=upload("big.rec", b" " * (harness.module.RECORD_LIMIT + 1)))
    assert big.ephemeral and "at most" in big.content
    # the refused loads left the running game alone
    assert harness.desk.tables[channel].game == "mastery"
    assert harness.command(536, "export").content == harness.module.NO_GAME

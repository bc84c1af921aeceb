"""examples/discord_bot.py against the real service; the chat side is faked at its boundary
(messages with ``content`` and ``channel``, ``await channel.send(content, file=...)``)."""

from __future__ import annotations

import asyncio
import struct

import pytest

from referee.client import Referee
from tests.example_modules import load_example
from tests.live_service import running_service


class FakeChannel:
    def __init__(self, id):
        self.id, self.sent = id, []

    async def send(self, content, file=None):
        self.sent.append((content, file))


class FakeMessage:
    def __init__(self, content, channel):
        self.content, self.channel = content, channel


@pytest.fixture(scope="module")
def bot():
    module = load_example("discord_bot.py", "discord_bot")
    with running_service() as url:
        yield module, module.BotHandler(Referee(url))


def say(handler, channel, text):
    asyncio.run(handler.handle(FakeMessage(text, channel)))
    return channel.sent[-1] if channel.sent else None


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_a_game_in_a_channel_with_board_pictures(bot):
    module, handler = bot
    channel = FakeChannel(1)
    content, file = say(handler, channel, "!new mastery")
    assert content == "New mastery game. dark to move."
    assert isinstance(file, module.Attachment) and file.filename == "board.png"
    assert png_size(file.data) == (480, 480)

    content, file = say(handler, channel, "!move d4d5")
    assert content == "d4d5 played. light to move." and png_size(file.data) == (480, 480)
    say(handler, channel, "!move e5d4")
    content, file = say(handler, channel, "!move e3f4")
    assert content == ("Illegal move e3f4: Officers move 1-2 squares orthogonally; e3 to f4 is "
                       "diagonal. (piece_movement)")
    assert file is None
    content, _ = say(handler, channel, "!moves")
    assert content.split(":")[0].endswith("legal moves") and "d1d2" in content
    content, file = say(handler, channel, "!board")
    assert content == "`2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2`"
    assert file is not None


def test_channels_are_separate_and_errors_are_sentences(bot):
    _, handler = bot
    quiet = FakeChannel(2)
    assert say(handler, quiet, "hello") is None  # not a command
    assert say(handler, quiet, "!move d4d5")[0] == ("No game here yet: start one with "
                                                     "!new <game>.")
    content, file = say(handler, quiet, "!new chess")
    assert content.startswith("There is no game 'chess'") and file is None
    content, _ = say(handler, quiet, '!new mastery {"setup": "nope"}')
    assert content.startswith("Cannot start:")
    content, _ = say(handler, quiet, "!new")
    assert content.startswith("Usage: !new <game>") and "mastery" in content


def test_a_custom_attachment_factory(bot):
    module, handler = bot
    made = []
    custom = module.BotHandler(handler.referee,
                               make_file=lambda data, name: made.append(name) or name)
    channel = FakeChannel(3)
    assert say(custom, channel, '!new mastery {"setup": "draume-crown"}') == (
        "New mastery game. dark to move.", "board.png")
    assert made == ["board.png"]


def test_the_computer_answers_in_a_channel(bot):
    _, handler = bot
    channel = FakeChannel(4)
    say(handler, channel, "!new mastery")
    content, file = say(handler, channel, "!move d4d5")
    assert content == "d4d5 played. light to move."
    content, file = say(handler, channel, "!computer greedy")
    assert content.startswith("The computer (greedy) plays. ") and "dark to move." in content
    assert png_size(file.data) == (480, 480)
    played = content.split(". ")[1].split()[0]
    after_d4d5 = "2mmm3/2ooo3/1ppopp2/2pPp3/5P2/2PPOPP1/3OOO2/3MMM2 l d4-d5 1 1"
    assert played in handler.referee.legal_moves("mastery", after_d4d5).notations
    content, _ = say(handler, channel, "!computer")
    assert content.startswith("The computer (mcts) plays. ") and "light to move." in content
    content, _ = say(handler, channel, "!computer expert")
    assert content.startswith("The computer cannot move:") and "level" in content
    assert say(handler, FakeChannel(5), "!computer")[0] == ("No game here yet: start one with "
                                                            "!new <game>.")

"""Positions built and read through the registry and the Game interface, for any game.

A position is handled here as the game's notation (the text a client sends), a move as its
notation too; ``game`` is a configured game (``registry.configure(id, options)``).
"""

from __future__ import annotations

import random
from typing import Any, Mapping

import pytest

from rules import registry
from rules.core.errors import IllegalMove
from rules.core.game import Game


def start(game_id: str, options: Mapping[str, Any] | None = None) -> str:
    """The notation of the start position of ``game_id`` under ``options``."""
    game = registry.configure(game_id, options)
    return game.format_position(game.start_position)


def opening(game_id: str, options: Mapping[str, Any] | None = None) -> str:
    """The notation of the first legal move from the start position."""
    game = registry.configure(game_id, options)
    position = game.start_position
    return game.format_move(position, game.legal_moves(position)[0])


def random_position(game_id: str, plies: int, seed: int,
                    options: Mapping[str, Any] | None = None, *,
                    going_on: bool = False) -> tuple[Game[Any, Any], Any]:
    """The game and a position ``plies`` random plies into it (a chance move takes its first
    outcome); fewer if the game ends first, and with ``going_on`` the last position before
    its end (one with a legal move, for a short game such as Hexapawn)."""
    game = registry.configure(game_id, options)
    rng = random.Random(seed)
    position = game.initial_position()
    for _ in range(plies):
        moves = game.legal_moves(position)
        if not moves:
            break
        after = game.advance(position, rng.choice(moves))
        if going_on and game.status(after).finished:
            break
        position = after
    return game, position


def legal_texts(game: Game[Any, Any], text: str) -> set[str]:
    """The notation of every legal move of the position written ``text``."""
    position = game.parse_position(text)
    return {game.format_move(position, move) for move in game.legal_moves(position)}


def played(game: Game[Any, Any], text: str, *moves: str, dice: Any = None) -> str:
    """The notation of the position after playing ``moves`` (each with ``dice``) from
    ``text``; any illegal one raises."""
    position = game.parse_position(text)
    for move in moves:
        position = game.play(position, move, dice=dice)[1].position
    return game.format_position(position)


def refusal(game: Game[Any, Any], text: str, move: str, dice: Any = None) -> IllegalMove:
    """The IllegalMove that playing ``move`` from ``text`` raises (the test fails if none)."""
    with pytest.raises(IllegalMove) as info:
        game.play(game.parse_position(text), move, dice=dice)
    return info.value

"""Sceptre writes its legal-moves entries as JSON itself: byte for byte what orjson writes of
the entries, for every kind of entry."""

from __future__ import annotations

import random
from collections import Counter

import orjson

import rules
from rules.core.game import Game

from tests.sceptre.test_sceptre_audit import one_section, position


def _positions():
    """(game, position) from random play with 2, 3 and 4 players, and a mated player's pass."""
    for players in (["w", "b"], ["w", "r", "b"], ["w", "r", "b", "y"]):
        game = rules.configure("sceptre", {"players": players})
        for seed in range(3):
            rng, pos = random.Random(seed), game.start_position
            for ply in range(300):
                if ply % 4 == 0:
                    yield game, pos
                move = game.random_move(pos, rng)
                if move is None:
                    break
                pos = game.advance(pos, move)
    game = rules.configure("sceptre", one_section(players=("w", "r", "b")))
    yield game, game.parse_position(position(
        {"a1": "wK", "d4": "wP", "b2": "bQ", "c3": "bK", "h8": "rK", "h1": "rR"},
        armies="ww,rr,bb"))


def test_entries_written_as_json_are_what_orjson_writes_of_the_entries():
    kinds: Counter[str] = Counter()
    for game, pos in _positions():
        entries = game.legal_move_entries(pos)
        assert game.legal_move_entries_json(pos) == orjson.dumps(entries).decode(), \
            game.format_position(pos)
        kinds.update(entry["kind"] for entry in entries)
    assert {"move", "capture", "promotion", "pass"} <= set(kinds)


def test_a_game_that_writes_no_json_leaves_it_to_the_caller():
    game = rules.configure("mastery")
    assert type(game).legal_move_entries_json is Game.legal_move_entries_json
    assert game.legal_move_entries_json(game.start_position) is None

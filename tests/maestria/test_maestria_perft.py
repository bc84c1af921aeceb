"""Maestria perft regression values, an independent slow reference engine, and random playouts.

How the perft values were convinced: the reference below is written from docs/rules/maestria.md
alone and shares no code with ``rules.maestria``: cells are ``(file, row)`` pairs in a dict,
every candidate action is enumerated by brute force (every cell, every destination, every
count 1-5, with and without the General) and kept when a direct reading of each rule allows
it, and it applies actions itself. Its own perft (a fight taking the all-ones dice, as
``Game.advance`` does) equals the engine's at depths 1-3 for every position below, and its
action sets equal the engine's at every node of the depth-2 trees and along random games.
The setup figures are also checked by hand: 6 cells x (soldier, General) = 12 first
placements; after the General 6 follow, after a soldier 12, so 6*6 + 6*12 = 108.
"""

from __future__ import annotations

import random

import pytest

import rules

FILES = "abcdefghijkl"
BLACK_ROW, WHITE_ROW = 1, 2


# ---- the reference engine ---------------------------------------------------------------------

def ref_parse(text: str) -> dict:
    cells_text, phase, side, budget, pending, quiet, n = text.split(" ")
    cells = {}
    for row_text, row in zip(cells_text.split("/"), (2, 1)):
        for f, token in enumerate(row_text.split(",")):
            if token != "-":
                cells[(f, row)] = [token[0], int(token[1:].rstrip("*")), token.endswith("*")]
    pend = None
    if pending != "-":
        a, b, rest = pending[:2], pending[2:4], pending[5:]
        pend = (cell(a), cell(b), int(rest.rstrip("*")), rest.endswith("*"))
    return {"cells": cells, "phase": phase, "side": side, "budget": int(budget),
            "pending": pend, "quiet": int(quiet), "n": int(n)}


def ref_format(st: dict) -> str:
    rows = []
    for row in (2, 1):
        tokens = []
        for f in range(12):
            c = st["cells"].get((f, row))
            tokens.append("-" if c is None else f"{c[0]}{c[1]}{'*' if c[2] else ''}")
        rows.append(",".join(tokens))
    p = st["pending"]
    pend = "-" if p is None else f"{name(p[0])}{name(p[1])}:{p[2]}{'*' if p[3] else ''}"
    return (f"{'/'.join(rows)} {st['phase']} {st['side']} {st['budget']} {pend} {st['quiet']} "
            f"{st['n']}")


def cell(text: str) -> tuple[int, int]:
    return (FILES.index(text[0]), int(text[1]))


def name(c: tuple[int, int]) -> str:
    return f"{FILES[c[0]]}{c[1]}"


ALL_CELLS = [(f, r) for r in (1, 2) for f in range(12)]


def adjacent(a, b) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def colour(c) -> str:
    return "b" if (c[0] + 1 + c[1]) % 2 == 0 else "w"


def other(side: str) -> str:
    return "w" if side == "b" else "b"


def has_general(st, side) -> bool:
    return any(c[0] == side and c[2] for c in st["cells"].values())


def placed(st, side) -> int:
    return sum(c[1] for c in st["cells"].values() if c[0] == side)


def ref_over(st, quiet_limit=None) -> bool:
    if st["phase"] != "play":
        return False
    if not has_general(st, "b") or not has_general(st, "w"):
        return True
    return quiet_limit is not None and st["quiet"] >= quiet_limit


def ref_moves(st: dict, quiet_limit=None) -> set[str]:
    if ref_over(st, quiet_limit):
        return set()
    cells, side = st["cells"], st["side"]
    out = set()
    if st["pending"] is not None:
        src, dst, k, g = st["pending"]
        defender = cells[dst]
        out.add("fight")
        for c in ALL_CELLS:
            there = cells.get(c)
            if not adjacent(c, dst):
                continue
            if there is not None and there[0] != defender[0]:
                continue  # no retreat among enemy pawns
            if (there[1] if there else 0) + defender[1] > 5:
                continue
            if defender[1] == 1 and defender[2]:
                continue  # the General alone cannot pay a soldier
            out.add(f"retreat:{name(c)}")
        return out
    if st["phase"] == "setup":
        camp = BLACK_ROW if side == "b" else WHITE_ROW
        for c in ALL_CELLS:
            if c[1] != camp or colour(c) != side:
                continue
            here = cells.get(c)
            if here is not None and here[1] >= 5:
                continue
            gen = has_general(st, side)
            soldiers = placed(st, side) - gen
            if soldiers < 14:
                out.add(f"@{name(c)}")
            if not gen:
                out.add(f"@{name(c)}*")
        return out
    for a in ALL_CELLS:
        here = cells.get(a)
        if here is None or here[0] != side:
            continue
        for b in ALL_CELLS:
            if not adjacent(a, b):
                continue
            there = cells.get(b)
            for k in range(1, 6):
                for g in (False, True):
                    if k > here[1] or k > st["budget"]:
                        continue
                    if g and not here[2]:
                        continue
                    if not g and k > here[1] - (1 if here[2] else 0):
                        continue
                    if there is not None and there[0] == side and there[1] + k > 5:
                        continue
                    out.add(f"{name(a)}{name(b)}:{k}{'*' if g else ''}")
    out.add("end")
    return out


D4_BEATS = {"M": "P", "P": "F", "F": "M"}


def ref_dice_counts(st, terrain) -> tuple[tuple[int, int], tuple[int, int]]:
    """((attacker d6, d4), (defender d6, d4)) for the pending fight."""
    src, dst, k, g = st["pending"]
    d = st["cells"][dst][1]
    ta, td = terrain[src], terrain[dst]
    return ((1 + (k > d), int(D4_BEATS[ta] == td)), (1 + (d > k), int(D4_BEATS[td] == ta)))


def ref_terrain(option: str) -> dict:
    row2, row1 = option.split("/")
    out = {}
    for f in range(12):
        out[(f, 2)] = row2[f]
        out[(f, 1)] = row1[f]
    return out


def ref_apply(st: dict, move: str, terrain: dict, dice=None) -> dict:
    st = {**st, "cells": {c: list(v) for c, v in st["cells"].items()}}
    cells, side = st["cells"], st["side"]

    def take(c, k, general):
        v = cells[c]
        v[1] -= k
        if general:
            v[2] = False
        if v[1] == 0:
            del cells[c]

    def put(c, who, k, general):
        v = cells.setdefault(c, [who, 0, False])
        v[1] += k
        v[2] = v[2] or general

    def next_turn():
        if st["side"] == "w":
            st["n"] += 1
        if st["phase"] == "setup":
            st["budget"] = 3
            if st["side"] == "w" and placed(st, "w") == 15:
                st["phase"], st["budget"] = "play", 5
        else:
            st["budget"] = 5
            st["quiet"] += 1
        st["side"] = other(st["side"])

    if move.startswith("@"):
        put(cell(move[1:3]), side, 1, move.endswith("*"))
        st["budget"] -= 1
        if st["budget"] == 0:
            next_turn()
        return st
    if move == "end":
        next_turn()
        return st
    if move == "fight" or move.startswith("retreat:"):
        src, dst, k, g = st["pending"]
        st["pending"] = None
        defender = cells[dst]
        if move == "fight":
            if dice is None:
                (a6, a4), (d6, d4) = ref_dice_counts({**st, "pending": (src, dst, k, g)}, terrain)
                dice = {"attacker": [1] * (a6 + a4), "defender": [1] * (d6 + d4)}
            ta, td = sum(dice["attacker"]), sum(dice["defender"])
            if ta == td:
                pass
            else:
                lost = min(k, defender[1])
                if ta > td:
                    gen_falls = defender[2] and lost == defender[1]
                    take(dst, lost, gen_falls)
                    if dst not in cells:
                        take(src, k, g)
                        put(dst, side, k, g)
                else:
                    gen_falls = g and lost == k
                    take(src, lost, gen_falls)
                st["quiet"] = 0
                if gen_falls:
                    return st
        else:
            to = cell(move[8:10])
            who, size, gen = defender
            del cells[dst]
            if size > 1:  # the retreat costs one soldier; a lone soldier is lost
                put(to, who, size - 1, gen)
            take(src, k, g)
            put(dst, side, k, g)
            st["quiet"] = 0
        if st["budget"] == 0:
            next_turn()
        return st
    a, b, k = cell(move[0:2]), cell(move[2:4]), int(move[5:].rstrip("*"))
    g = move.endswith("*")
    st["budget"] -= k
    there = cells.get(b)
    if there is not None and there[0] != side:
        st["pending"] = (a, b, k, g)
        return st
    take(a, k, g)
    put(b, side, k, g)
    if st["budget"] == 0:
        next_turn()
    return st


def ref_perft(text: str, depth: int, terrain_option: str, quiet_limit=None) -> int:
    terrain = ref_terrain(terrain_option)

    def walk(st, d):
        moves = ref_moves(st, quiet_limit)
        if d == 1:
            return len(moves)
        return sum(walk(ref_apply(st, m, terrain), d - 1) for m in moves)

    return walk(ref_parse(text), depth)


# ---- perft regression values ------------------------------------------------------------------

DEFAULT = "PFMPFMMFPMFP/PFMPFMMFPMFP"
ODD_TERRAIN = "PPPPPPPPPPPP/MMMMMMMMMMMM"
INITIAL = "-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1"
# Black's 14 pawns are down without the General, so its last placement must be the General.
SETUP_LATE = ("w3,-,w3,-,w3,-,w3,-,-,-,-,-/b3,-,b3,-,b3,-,b3,-,b2,-,-,- setup b 1 - 0 5")
# White's last placement starts the play phase.
SETUP_LAST = ("w3*,-,w3,-,w3,-,w3,-,w2,-,-,-/b3*,-,b3,-,b3,-,b3,-,b3,-,-,- setup w 1 - 0 5")
SKIRMISH = "-,-,w2*,w1,-,-,-,-,-,-,-,-/-,-,b1,b2*,b1,-,-,-,-,-,-,- play b 5 - 0 6"
PENDING = "-,-,w3*,w1,-,-,-,-,-,-,-,-/-,-,b1,b2*,b1,-,-,-,-,-,-,- play b 3 d1c2:2* 0 6"
BUSY = "w3*,-,w3,-,w3,-,w3,-,w3,-,-,-/-,b3*,-,b3,-,b3,-,b3,-,b3,-,- play b 5 - 0 6"
QUIET = "-,-,w2*,-,-,-,-,-,-,-,-,-/-,-,-,b1,b1*,-,-,-,-,-,-,- play w 2 - 9 12"

PERFT = {
    ("setup-initial", INITIAL, DEFAULT, None): [12, 108, 864],
    ("setup-late", SETUP_LATE, DEFAULT, None): [6, 72, 648],
    ("setup-last", SETUP_LAST, DEFAULT, None): [6, 456, 24919],
    ("skirmish", SKIRMISH, DEFAULT, None): [26, 468, 8186],
    ("skirmish-odd-terrain", SKIRMISH, ODD_TERRAIN, None): [26, 468, 8222],
    ("pending", PENDING, DEFAULT, None): [4, 78, 1347],
    ("pending-odd-terrain", PENDING, ODD_TERRAIN, None): [4, 104, 1780],
    ("busy", BUSY, DEFAULT, None): [86, 4327, 180428],
    ("quiet-limit", QUIET, DEFAULT, 10): [16, 103, 194],
}


def configure(terrain, quiet_limit):
    return rules.configure("maestria", {"terrain": terrain, "draw_after_quiet_plies": quiet_limit})


@pytest.mark.parametrize("key", sorted(PERFT), ids=lambda k: k[0])
def test_perft_regression_values(key):
    _, text, terrain, quiet_limit = key
    game = configure(terrain, quiet_limit)
    start = game.parse_position(text)
    assert [game.perft(start, depth) for depth in (1, 2, 3)] == PERFT[key]


@pytest.mark.parametrize("key", sorted(PERFT), ids=lambda k: k[0])
def test_reference_perft_agrees(key):
    _, text, terrain, quiet_limit = key
    assert [ref_perft(text, depth, terrain, quiet_limit) for depth in (1, 2, 3)] == PERFT[key]


def engine_moves(game, position) -> set[str]:
    return {game.format_move(position, m) for m in game.legal_moves(position)}


@pytest.mark.parametrize("key", sorted(PERFT), ids=lambda k: k[0])
def test_engine_and_reference_agree_at_every_node_of_depth_two(key):
    _, text, terrain, quiet_limit = key
    game = configure(terrain, quiet_limit)
    ref_terr = ref_terrain(terrain)
    start = game.parse_position(text)
    st = ref_parse(text)
    assert engine_moves(game, start) == ref_moves(st, quiet_limit)
    for move in game.legal_moves(start):
        notation = game.format_move(start, move)
        child = game.advance(start, move)
        ref_child = ref_apply(st, notation, ref_terr)
        assert game.format_position(child) == ref_format(ref_child), notation
        assert engine_moves(game, child) == ref_moves(ref_child, quiet_limit), notation


def test_busiest_position_perft_is_bounded():
    game = rules.configure("maestria")
    assert game.max_perft_depth == 3
    # Depth 3 of the busy position stays inside the default per-call work budget.
    assert game.perft(game.parse_position(BUSY), 3) == 180428


# ---- random playouts ---------------------------------------------------------------------------

def playout(game, rng: random.Random, max_actions: int = 3000):
    """A game through the validated entry point, the service rolling the dice from ``rng``.

    Attacks and fights are preferred so that games end; every position is yielded.
    """
    position = game.initial_position()
    for _ in range(max_actions):
        yield position, None
        legal = game.legal_moves(position)
        if not legal:
            return
        texts = [game.format_move(position, m) for m in legal]
        fields = [game.move_fields(position, m) for m in legal]
        attacks = [t for t, f in zip(texts, fields) if f.get("attack")]
        if "fight" in texts and rng.random() < 0.7:
            text = "fight"
        elif attacks and rng.random() < 0.6:
            text = rng.choice(attacks)
        elif "end" in texts and rng.random() < 0.05:
            text = "end"
        else:
            text = rng.choice(texts)
        _, applied = game.play(position, text, rng=rng)
        yield position, (text, applied)
        position = applied.position
    yield position, None


@pytest.mark.parametrize("terrain", [DEFAULT, ODD_TERRAIN])
def test_random_games_reach_the_end_round_trip_and_agree_with_the_reference(terrain):
    game = configure(terrain, None)
    ref_terr = ref_terrain(terrain)
    rng = random.Random(20260312)
    finished = 0
    for _ in range(6):
        last = None
        for i, (position, played) in enumerate(playout(game, rng)):
            text = game.format_position(position)
            assert game.parse_position(text) == position
            if played is None:
                if i % 9 == 0:
                    assert engine_moves(game, position) == ref_moves(ref_parse(text)), text
                last = position
                continue
            move, applied = played
            if move == "fight":
                assert applied.dice is not None
                game.check_dice(position, game.parse_move(position, "fight"), applied.dice)
            expected = ref_apply(ref_parse(text), move, ref_terr, applied.dice)
            assert game.format_position(applied.position) == ref_format(expected), (text, move)
        status = game.status(last)
        if status.finished:
            finished += 1
            assert status.reason == "general_eliminated"
            assert status.winner in ("black", "white") and status.to_move is None
            assert game.legal_moves(last) == ()
    assert finished >= 5


def test_seeded_dice_are_reproducible():
    game = rules.configure("maestria")
    position = game.parse_position(PENDING)
    first = game.play(position, "fight", seed=42)[1]
    second = game.play(position, "fight", seed=42)[1]
    assert first == second and first.dice is not None

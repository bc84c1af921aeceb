"""Sceptre's terrain: the letters and names of the six terrains, and what each does to each
kind of piece (:func:`effect`)."""

from __future__ import annotations

from .pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK

OPEN, FOREST, RIVER, POND, BRIDGE, CASTLE = ".", "F", "R", "P", "B", "C"
TERRAIN_LETTERS = ".FRPBC"
TERRAIN_NAMES = {OPEN: "open ground", FOREST: "forest", RIVER: "river", POND: "pond",
                 BRIDGE: "bridge", CASTLE: "castle ruin"}

# What a terrain does to a piece (the terrain table of docs/rules/sceptre.md). BLOCKED: cannot
# enter or cross; SLOW: entered only by a 1-square move, and a move starting there is 1 square
# long; FORD: the Pawn's river rule (the move ends on the first river square; from a river
# square the Pawn moves 1 square, and may also step 1 square straight back).
NORMAL, BLOCKED, SLOW, FORD = "normal", "blocked", "slow", "ford"
TERRAIN_EFFECT: dict[int, dict[str, str]] = {
    KING: {FOREST: NORMAL, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: BLOCKED},
    QUEEN: {FOREST: NORMAL, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: BLOCKED},
    ROOK: {FOREST: BLOCKED, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: SLOW},
    BISHOP: {FOREST: SLOW, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: BLOCKED},
    KNIGHT: {FOREST: NORMAL, RIVER: NORMAL, POND: NORMAL, BRIDGE: NORMAL, CASTLE: BLOCKED},
    PAWN: {FOREST: NORMAL, RIVER: FORD, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: SLOW},
}
for _effects in TERRAIN_EFFECT.values():
    _effects[OPEN] = NORMAL


def effect(kind: int, terrain: str) -> str:
    """What ``terrain`` does to a piece of ``kind`` (NORMAL, BLOCKED, SLOW or FORD)."""
    return TERRAIN_EFFECT[kind][terrain]

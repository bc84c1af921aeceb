"""Promotion: a piece that reaches its promotion square becomes one of the kinds it may.

Shared by every game where a piece promotes to a kind its army has lost: the move
generators list one move per kind to choose from, or the plain move when there is none.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

M = TypeVar("M")


def promotion_moves(
    make: Callable[[int, int, int], M], src: int, dst: int, kinds: Sequence[int]
) -> list[M]:
    """The moves of a piece from ``src`` reaching its promotion square ``dst``: one
    ``make(src, dst, kind)`` for each kind it may become, or ``make(src, dst, 0)`` (no
    promotion) when ``kinds`` is empty."""
    if not kinds:
        return [make(src, dst, 0)]
    return [make(src, dst, kind) for kind in kinds]

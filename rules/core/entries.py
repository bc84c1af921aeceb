"""What a game declares about its legal-moves entries.

Every entry of :meth:`~rules.core.game.Game.legal_move_entries` has the move's notation
(``move``), its ``kind`` in the game's terms (``move``, ``capture``, ``pass``...), ``chance``
when dice decide it, and fields that depend on the kind. A game declares each kind it lists
in :attr:`~rules.core.game.Game.entry_kinds`, built with :func:`entry` (see
:mod:`rules.core.tagged`).
"""

from __future__ import annotations

from typing import Any, Mapping

from .tagged import PIECE, SQUARE, declare, tagged_schema

__all__ = ["PIECE", "SQUARE", "entry", "entry_schema", "COMMON", "CAPTURED", "PROMOTION",
           "STEP"]

entry = declare

#: The fields every entry may have, whatever its kind.
COMMON = declare("Every entry.", {
    "move": {"type": "string",
             "description": "Canonical notation; apply accepts exactly this string."},
    "chance": {"type": "boolean", "description": "The move is decided by dice."},
}, optional=("chance",))


def entry_schema(kind: str, declaration: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a whole entry of ``kind`` (``kind``, ``move`` and ``chance``
    included, no other field than those declared) from its declaration."""
    return tagged_schema("kind", kind, declaration, COMMON)


#: Fields several games list in the same words.
STEP: Mapping[str, Mapping[str, Any]] = {
    "from": {**SQUARE, "description": "The square it leaves."},
    "to": {**SQUARE, "description": "The square it reaches."},
    "piece": {**PIECE, "description": "The piece moved."},
}
CAPTURED: Mapping[str, Any] = {**PIECE, "description": "The piece taken."}
PROMOTION: Mapping[str, Any] = {"type": "string", "description": "The kind the piece becomes."}

"""What a game declares about the events :meth:`~rules.core.game.Game.apply` reports.

Every event is a JSON object with a ``type`` naming what happened (``move``, ``capture``...)
and fields of its own. A game declares each type it reports in
:attr:`~rules.core.game.Game.event_schemas`, built with :func:`event` (see
:mod:`rules.core.tagged`).
"""

from __future__ import annotations

from typing import Any, Mapping

from .tagged import DETAIL, PIECE, SQUARE, declare, tagged_schema

__all__ = ["DETAIL", "PIECE", "SQUARE", "event", "event_schema",
           "MOVED", "CAPTURED", "PROMOTED"]

event = declare


def event_schema(event_type: str, declaration: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a whole event of ``event_type`` (``type`` included, no other
    field than those declared) from its declaration."""
    return tagged_schema("type", event_type, declaration)


#: Events several games report in the same words.
MOVED = event("A piece moves from one square to another.",
              {"from": SQUARE, "to": SQUARE, "piece": PIECE})
CAPTURED = event("A piece is taken off its square.", {"square": SQUARE, "piece": PIECE})
PROMOTED = event("A piece is promoted on its square; piece is what it becomes.",
                 {"square": SQUARE, "piece": PIECE})

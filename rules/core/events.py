"""What a game declares about the events :meth:`~rules.core.game.Game.apply` reports.

Every event is a JSON object with a ``type`` naming what happened (``move``, ``capture``...)
and fields of its own. A game declares each type it reports in
:attr:`~rules.core.game.Game.event_schemas`, built with :func:`event`; the API spec documents
the events as a union discriminated by ``type``, and a test plays every game checking each
event it reports against its declaration.
"""

from __future__ import annotations

from typing import Any, Mapping

#: Field schemas several games share, so the same field reads the same everywhere.
SQUARE: Mapping[str, Any] = {"type": "string", "description": "A square in the game's notation."}
PIECE: Mapping[str, Any] = {"type": "string", "description": "A piece in the game's notation."}
DETAIL: Mapping[str, Any] = {"type": "string", "description": "What happened, in a sentence."}


def text(description: str) -> dict[str, Any]:
    """A string field saying ``description``."""
    return {"type": "string", "description": description}


def event(description: str, fields: Mapping[str, Mapping[str, Any]],
          optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The declaration of one event type: what it means and its fields besides ``type``
    (each a JSON Schema), every field present unless listed in ``optional``."""
    return {
        "description": description,
        "properties": {name: dict(schema) for name, schema in fields.items()},
        "required": [name for name in fields if name not in optional],
    }


def event_schema(event_type: str, declaration: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a whole event of ``event_type`` (``type`` included, no other
    field than those declared) from its declaration."""
    return {
        "type": "object",
        "description": declaration["description"],
        "properties": {"type": {"type": "string", "enum": [event_type]},
                       **declaration["properties"]},
        "required": ["type", *declaration["required"]],
        "additionalProperties": False,
    }


#: Events several games report in the same words.
MOVED = event("A piece moves from one square to another.",
              {"from": SQUARE, "to": SQUARE, "piece": PIECE})
CAPTURED = event("A piece is taken off its square.", {"square": SQUARE, "piece": PIECE})
PROMOTED = event("A piece is promoted on its square; piece is what it becomes.",
                 {"square": SQUARE, "piece": PIECE})

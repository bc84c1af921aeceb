"""Declarations of JSON objects told apart by a tag field: the events
:meth:`~rules.core.game.Game.apply` reports (tagged by ``type``) and the legal-moves entries
(tagged by ``kind``).

A game declares each tag it uses with :func:`declare`: what it means and its fields besides
the tag. The API spec documents each family as a union discriminated by its tag, and tests
play every game checking each object against the declaration of its tag.
"""

from __future__ import annotations

from typing import Any, Mapping

#: Field schemas several games share, so the same field reads the same everywhere.
SQUARE: Mapping[str, Any] = {"type": "string", "description": "A square in the game's notation."}
PIECE: Mapping[str, Any] = {"type": "string", "description": "A piece in the game's notation."}
DETAIL: Mapping[str, Any] = {"type": "string", "description": "What happened, in a sentence."}


def declare(description: str, fields: Mapping[str, Mapping[str, Any]],
            optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The declaration of one tag: what it means and the fields besides the tag (each a
    JSON Schema), every field present unless listed in ``optional``."""
    return {
        "description": description,
        "properties": {name: dict(schema) for name, schema in fields.items()},
        "required": [name for name in fields if name not in optional],
    }


def tagged_schema(tag_field: str, tag: str, declaration: Mapping[str, Any],
                  common: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON Schema of a whole object whose ``tag_field`` is ``tag``: the tag, the
    fields of ``common`` (a declaration every tag of the family shares) and of
    ``declaration``, no other field."""
    shared = common or {"properties": {}, "required": []}
    return {
        "type": "object",
        "description": declaration["description"],
        "properties": {tag_field: {"type": "string", "enum": [tag]},
                       **shared["properties"], **declaration["properties"]},
        "required": [tag_field, *shared["required"], *declaration["required"]],
        "additionalProperties": False,
    }

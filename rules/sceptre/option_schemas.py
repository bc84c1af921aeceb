"""The JSON Schemas of Sceptre's json options, for the API spec: the shapes
:mod:`rules.sceptre.option_checks` accepts (its validators judge the values further)."""

from __future__ import annotations

from typing import Any, Mapping

from .pieces import COLOURS
from .sections import FORWARD_DIRECTION, LIBRARY, MAX_SECTIONS, SECTION
from .terrain import TERRAIN_LETTERS

COLOUR: Mapping[str, Any] = {"type": "string", "enum": list(COLOURS)}

PLAYERS_SCHEMA: Mapping[str, Any] = {
    "type": "array", "items": COLOUR, "minItems": 2, "maxItems": len(COLOURS),
    "uniqueItems": True,
}

SECTION_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "origin": {"type": "string", "pattern": "^[a-z][1-9][0-9]?$",
                   "description": "The section's bottom-left square."},
        "name": {"type": "string", "enum": list(LIBRARY),
                 "description": "A section of the library (give name or terrain)."},
        "terrain": {"type": "array", "minItems": SECTION, "maxItems": SECTION,
                    "items": {"type": "string", "pattern": f"^[{TERRAIN_LETTERS}]{{{SECTION}}}$"},
                    "description": "Rows of terrain letters, top row first."},
        "home": {**COLOUR, "description": "The player whose army starts here."},
    },
    "required": ["origin"],
    "additionalProperties": False,
}

SECTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "array", "items": SECTION_SCHEMA, "minItems": 1, "maxItems": MAX_SECTIONS,
}

FORWARD_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {colour: {"type": "string", "enum": list(FORWARD_DIRECTION)}
                   for colour in COLOURS},
    "additionalProperties": False,
}

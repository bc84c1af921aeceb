"""The JSON Schema of Maestria's ``terrain`` option, for the API spec: the shapes
:func:`rules.maestria.position.parse_terrain` accepts (it judges the rows further)."""

from __future__ import annotations

from typing import Any, Mapping

from .position import GRID, TERRAIN_LETTERS

ROW = f"[{TERRAIN_LETTERS}]{{{GRID.files}}}"

TERRAIN_SCHEMA: Mapping[str, Any] = {
    "anyOf": [
        {"type": "string", "pattern": f"^{ROW}/{ROW}$",
         "description": "Row 2, a slash, row 1."},
        {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2,
         "description": "The rows as strings, row 2 first."},
    ],
}

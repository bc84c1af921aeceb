"""Sceptre's option checks: the ``players``, ``sections`` and ``forward`` options, each judged
on its own (how the sections fit together is checked when the layout is compiled:
:func:`rules.sceptre.layout.compile_layout`)."""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidOptions, as_json
from .pieces import COLOURS
from .sections import FORWARD_DIRECTION, LIBRARY, MAX_SECTIONS, ORIGIN, SECTION
from .terrain import TERRAIN_LETTERS


def validate_players(value: Any) -> list[str]:
    """The ``players`` option: 2-4 distinct colour letters, returned in seat order."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidOptions(
            "Option 'players' must be a list of colour letters such as [\"w\", \"b\"].",
            option="players")
    if not 2 <= len(value) <= 4:
        raise InvalidOptions(
            f"Option 'players' must name 2 to 4 players; got {len(value)}.", option="players")
    for v in value:
        if v not in COLOURS:
            raise InvalidOptions(
                f"Option 'players' has {as_json(v)}; players are \"w\", \"r\", \"b\" and \"y\".",
                option="players")
    if len(set(value)) != len(value):
        raise InvalidOptions("Option 'players' names a colour twice.", option="players")
    return sorted(value, key=COLOURS.index)


def validate_sections(value: Any) -> list[dict[str, Any]] | None:
    """The ``sections`` option: a list of sections, each checked on its own."""
    if value is None:
        return None
    if not isinstance(value, list) or not value:
        raise InvalidOptions(
            "Option 'sections' must be a non-empty list of sections "
            "({\"origin\": \"a1\", \"name\": ...} or {\"origin\": \"a1\", \"terrain\": [...]}).",
            option="sections")
    if len(value) > MAX_SECTIONS:
        raise InvalidOptions(
            f"Option 'sections' has {len(value)} sections; a board has at most {MAX_SECTIONS}.",
            option="sections")
    return [_validate_section(i, s) for i, s in enumerate(value)]


def _validate_section(i: int, section: Any) -> dict[str, Any]:
    where = f"Section {i + 1} of option 'sections'"
    if not isinstance(section, dict):
        raise InvalidOptions(f"{where} must be an object.", option="sections")
    unknown = sorted(set(section) - {"origin", "name", "terrain", "home"})
    if unknown:
        raise InvalidOptions(
            f"{where} has the unknown key {unknown[0]!r}; a section has origin, name or "
            "terrain, and optionally home.", option="sections")
    origin = section.get("origin")
    m = ORIGIN.fullmatch(origin) if isinstance(origin, str) else None
    if not m:
        raise InvalidOptions(
            f"{where} needs an 'origin' square such as \"a1\" (its bottom-left square); "
            f"got {as_json(origin)}.", option="sections")
    out: dict[str, Any] = {"origin": origin}
    if ("name" in section) == ("terrain" in section):
        raise InvalidOptions(
            f"{where} needs exactly one of 'name' (a library section) or 'terrain' "
            "(8 rows of 8 terrain letters).", option="sections")
    if "name" in section:
        name = section["name"]
        if not isinstance(name, str) or name not in LIBRARY:
            raise InvalidOptions(
                f"{where} names {as_json(name)}, which is not in the library "
                f"({', '.join(LIBRARY)}).", option="sections")
        out["name"] = name
    else:
        rows = section["terrain"]
        if not isinstance(rows, list) or len(rows) != SECTION or not all(
                isinstance(r, str) for r in rows):
            raise InvalidOptions(
                f"{where}: 'terrain' must be a list of 8 strings, top row first.",
                option="sections")
        for r, row in enumerate(rows):
            if len(row) != SECTION or any(c not in TERRAIN_LETTERS for c in row):
                raise InvalidOptions(
                    f"{where}: terrain row {r + 1} (from the top), {row!r}, must be 8 of the "
                    "letters . F R P B C.", option="sections")
        out["terrain"] = list(rows)
    if "home" in section:
        home = section["home"]
        if not isinstance(home, str) or home not in COLOURS:
            raise InvalidOptions(
                f"{where}: 'home' must be a colour letter w, r, b or y; got {as_json(home)}.",
                option="sections")
        out["home"] = home
    return out


def validate_forward(value: Any) -> dict[str, str] | None:
    """The ``forward`` option: colour letter -> north|east|south|west."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InvalidOptions(
            "Option 'forward' must be an object such as {\"w\": \"north\", \"b\": \"south\"}.",
            option="forward")
    for colour, direction in value.items():
        if colour not in COLOURS:
            raise InvalidOptions(
                f"Option 'forward' has the key {colour!r}; keys are colour letters w, r, b, y.",
                option="forward")
        if not isinstance(direction, str) or direction not in FORWARD_DIRECTION:
            raise InvalidOptions(
                f"Option 'forward' gives {colour!r} the direction {as_json(direction)}; directions "
                "are north, east, south and west.", option="forward")
    return dict(value)

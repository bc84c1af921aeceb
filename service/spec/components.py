"""The shared components of the OpenAPI document, generated from the registered games.

Client generators turn each named schema into one type, so everything the games declare
through the :class:`~rules.core.game.Game` interface is named once and referenced by ``$ref``:

- ``GameId``: the id of every registered game, and (``x-game-components``) the names of
  each game's own components below, which a client generator reads to type requests and
  answers game by game;
- ``<Game>Options``: each game's options, from its option declarations;
- ``<Game>Dice``: the dice each game's chance moves take;
- ``<Type>Event`` and ``Event``: every event type the games report, as a union
  discriminated by ``type`` (a type reported by several games is one schema, with the
  fields of each).

A marshmallow field asks for one of these with :func:`component_field` metadata; the spec
replaces the field's schema with the reference (or the union of references) when it builds
the document. The games' declarations are JSON Schema; :func:`openapi_schema` writes them
in the OpenAPI 3.0 dialect the document uses.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

from rules import registry
from rules.core.entries import entry_schema
from rules.core.events import event_schema

#: the metadata key a marshmallow field carries to be documented by a shared component
COMPONENT_KEY = "x-referee-component"
SCHEMAS = "#/components/schemas/"


def component_field(kind: str) -> dict[str, str]:
    """Field metadata: document this field by the shared component(s) of ``kind``
    (``game-id``, ``options``, ``dice`` or ``event``)."""
    return {COMPONENT_KEY: kind}


def camel(*words: str) -> str:
    """A component name from ids and words: ``camel("red-queen", "options")`` is
    ``RedQueenOptions``."""
    return "".join(part[:1].upper() + part[1:] for word in words
                   for part in re.split(r"[^A-Za-z0-9]+", word) if part)


def ref(name: str) -> dict[str, str]:
    return {"$ref": SCHEMAS + name}


# ---- JSON Schema to OpenAPI 3.0 ---------------------------------------------------------------

_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf")


def null_schema() -> dict[str, Any]:
    """The OpenAPI 3.0 schema of null alone: an alternative beside the others of an
    ``anyOf``, which client generators read as "or None". Its ``type`` is moot (only null
    is allowed) but 3.0 needs one beside ``nullable``; string is the one generators read
    as None whatever the other alternatives are."""
    return {"type": "string", "nullable": True, "enum": [None]}


def nullable_enum(schema: Mapping[str, Any], description: str | None = None) -> dict[str, Any]:
    """An enum (``schema``, null not among its values) or null, in OpenAPI 3.0 terms."""
    return {**({"description": description} if description else {}),
            "anyOf": [dict(schema), null_schema()]}


def openapi_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` (JSON Schema as the games declare it) in the OpenAPI 3.0 dialect: a
    ``type`` list with ``null`` becomes ``nullable`` (an enum that may be null, an
    ``anyOf`` of the enum and null), ``const`` an ``enum``; sub-schemas are converted too."""
    if isinstance(schema.get("type"), list) and "enum" in schema and "null" in schema["type"]:
        (json_type,) = [t for t in schema["type"] if t != "null"]
        bare = {key: value for key, value in schema.items() if key != "description"}
        enum = openapi_schema({**bare, "type": json_type,
                               "enum": [v for v in schema["enum"] if v is not None]})
        return nullable_enum(enum, schema.get("description"))
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "type" and isinstance(value, list):
            types = [t for t in value if t != "null"]
            if len(types) != 1:
                raise ValueError(f"OpenAPI 3.0 cannot say type {value}")
            out["type"] = types[0]
            if "null" in value:
                out["nullable"] = True
        elif key == "const":
            out["enum"] = [value]
        elif key == "properties":
            out[key] = {name: openapi_schema(sub) for name, sub in value.items()}
        elif key in ("items", "additionalProperties", "not") and isinstance(value, Mapping):
            out[key] = openapi_schema(value)
        elif key in _SUBSCHEMA_LISTS:
            out[key] = [openapi_schema(sub) for sub in value]
        elif key not in ("$schema", "$id"):
            out[key] = value
    return out


# ---- the components ---------------------------------------------------------------------------

#: the GameId extension naming each game's own components (see :func:`game_links`)
GAME_LINKS_KEY = "x-game-components"


def game_id_schema() -> dict[str, Any]:
    return {"type": "string", "enum": registry.game_ids(),
            "description": ("The id of a game this service plays. Its `x-game-components` "
                            "name each game's own components: its `options`, its `dice` "
                            "(absent for a game without dice), the `entries` its legal moves "
                            "are answered as and the `events` its moves report."),
            GAME_LINKS_KEY: game_links()}


def game_links() -> dict[str, dict[str, Any]]:
    """For every registered game, the component names of its options, its dice (none for a
    game without dice), each entry kind it declares and each event type it declares, in the
    order it declares them."""
    links: dict[str, dict[str, Any]] = {}
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        assert cls is not None
        links[game_id] = {
            "options": camel(game_id, "options"),
            **({"dice": camel(game_id, "dice")} if cls.dice_schema is not None else {}),
            "entries": [camel(kind, "entry") for kind in cls.entry_kinds],
            "events": [camel(kind, "event") for kind in cls.event_schemas],
        }
    return links


def options_schema(game_id: str) -> dict[str, Any]:
    """The options of one game: every option it declares, none other."""
    cls = registry.game_class(game_id)
    assert cls is not None
    return {
        "type": "object",
        "description": f"The options of {cls.name}; defaults fill in what is omitted.",
        "properties": {spec.name: openapi_schema(spec.value_schema())
                       for spec in cls.option_specs},
        "additionalProperties": False,
    }


def _merge_property(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """One field two games both declare for an event type: the first's schema when the
    two agree but for their wording, both as alternatives otherwise."""
    def bare(schema: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in schema.items() if k != "description"}

    if bare(first) == bare(second):
        return first
    alternatives = first["anyOf"] if "anyOf" in first else [first]
    return {"anyOf": [*alternatives, second]}


@dataclass(frozen=True)
class TaggedFamily:
    """Objects the games declare by a tag (see :mod:`rules.core.tagged`), documented as
    one schema per tag (``<Tag><suffix>``) and a union of them discriminated by the tag."""

    union: str
    description: str
    tag_field: str
    suffix: str
    #: the Game class attribute holding each game's declarations, by tag
    attribute: str
    #: the whole object's JSON Schema from a tag and its declaration
    schema: Callable[[str, Mapping[str, Any]], dict[str, Any]]

    def declared(self) -> dict[str, list[tuple[str, Mapping[str, Any]]]]:
        """Every tag any game declares: (game name, declaration) of each game using it."""
        found: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
        for game_id in registry.game_ids():
            cls = registry.game_class(game_id)
            assert cls is not None
            for tag, declaration in getattr(cls, self.attribute).items():
                found.setdefault(tag, []).append((cls.name, declaration))
        return found

    def merged(self, tag: str, declared: list[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
        """The schema of ``tag`` from the declarations of every game using it: every
        game's fields, required when every game sends them."""
        schemas = [openapi_schema(self.schema(tag, declaration)) for _, declaration in declared]
        merged = schemas[0]
        for schema in schemas[1:]:
            for name, prop in schema["properties"].items():
                have = merged["properties"].get(name)
                merged["properties"][name] = prop if have is None else _merge_property(have, prop)
            merged["required"] = [name for name in merged["required"]
                                  if name in schema["required"]]
        descriptions = {declaration["description"] for _, declaration in declared}
        if len(descriptions) > 1:
            merged["description"] = " ".join(f"{game}: {declaration['description']}"
                                             for game, declaration in declared)
        return merged

    def components(self) -> dict[str, dict[str, Any]]:
        """The schema of every tag, and the union (none when no game declares a tag)."""
        schemas: dict[str, dict[str, Any]] = {}
        for tag, declared in self.declared().items():
            schemas[camel(tag, self.suffix)] = self.merged(tag, declared)
        return schemas

    def union_schema(self) -> dict[str, Any]:
        mapping = {tag: SCHEMAS + camel(tag, self.suffix) for tag in self.declared()}
        return {"description": self.description,
                "oneOf": [{"$ref": target} for target in mapping.values()],
                "discriminator": {"propertyName": self.tag_field, "mapping": mapping}}


FAMILIES = (
    TaggedFamily("Event", "What a move did, one of the event types below by its `type`.",
                 "type", "event", "event_schemas", event_schema),
    TaggedFamily("LegalMoveEntry", "One legal move: its notation, its `kind` (one of the "
                 "kinds below) and the fields of that kind.",
                 "kind", "entry", "entry_kinds", entry_schema),
)


def _games_with_dice() -> Iterator[tuple[str, Mapping[str, Any]]]:
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        if cls is not None and cls.dice_schema is not None:
            yield game_id, cls.dice_schema


def game_components() -> dict[str, dict[str, Any]]:
    """Every shared schema, by component name (see the module)."""
    schemas: dict[str, dict[str, Any]] = {"GameId": game_id_schema()}
    for game_id in registry.game_ids():
        schemas[camel(game_id, "options")] = options_schema(game_id)
    for game_id, dice in _games_with_dice():
        schemas[camel(game_id, "dice")] = openapi_schema(dice)
    for family in FAMILIES:
        schemas.update(family.components())
    _name_shared(schemas)
    for family in FAMILIES:
        if family.declared():
            schemas[family.union] = family.union_schema()
    return schemas


def _shape(schema: Mapping[str, Any]) -> str:
    return json.dumps(schema, sort_keys=True)


def _repeated_objects(schemas: Mapping[str, Any]) -> set[str]:
    """The shapes of the object schemas that appear more than once inside ``schemas``."""
    seen: Counter[str] = Counter()

    def count(node: dict[str, Any]) -> None:
        if node.get("type") == "object" and "properties" in node:
            seen[_shape(node)] += 1

    for schema in schemas.values():
        for sub in schema.get("properties", {}).values():
            walk_schemas(sub, count)
    return {shape for shape, times in seen.items() if times > 1}


def _name_shared(schemas: dict[str, dict[str, Any]]) -> None:
    """Give every enum inside the game components, and every object schema found there more
    than once, a component of its own (named ``<Parent><Field>`` where first found): one
    for each distinct list of values (each one-value tag its own) or shape, so generators
    make one type of each instead of numbered or identical copies."""
    named: dict[Any, str] = {}
    repeated = _repeated_objects(schemas)

    def component(key: Any, name: str, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if key not in named:
            named[key] = name
            schemas[name] = build()
        return ref(named[key])

    def name_of(schema: dict[str, Any], name: str) -> dict[str, Any]:
        if "enum" in schema and schema.get("type") == "string" and None not in schema["enum"]:
            values = tuple(schema["enum"]) if len(schema["enum"]) > 1 else (name,)
            return component(values, name, lambda: schema)
        shape = _shape(schema)
        if shape in repeated:
            return component(shape, name, lambda: inner(schema, name))
        return inner(schema, name)

    def inner(schema: dict[str, Any], name: str) -> dict[str, Any]:
        for key in ("anyOf", "oneOf"):
            if key in schema:
                schema[key] = [name_of(alternative, name) for alternative in schema[key]]
        if "items" in schema:
            schema["items"] = name_of(schema["items"], camel(name, "item"))
        for field, sub in schema.get("properties", {}).items():
            schema["properties"][field] = name_of(sub, camel(name, field))
        return schema

    for name in list(schemas):
        if name != "GameId":
            inner(schemas[name], name)


def _union(names: list[str], field: Mapping[str, Any]) -> dict[str, Any]:
    """A field documented as any one of the components ``names``, or
    null when the field is nullable: the reference alone for one component, else the
    field's own description and bounds beside the references."""
    if len(names) == 1 and not field.get("nullable"):
        return ref(names[0])  # OpenAPI 3.0 ignores whatever stands beside a $ref
    kept = {key: value for key, value in field.items()
            if key not in ("type", "nullable", "additionalProperties", COMPONENT_KEY)}
    nullable = [null_schema()] if field.get("nullable") else []
    return {**kept, "anyOf": [*(ref(name) for name in names), *nullable]}


def _referenced(kind: str) -> list[str]:
    """The component names a field of ``kind`` may be."""
    if kind == "game-id":
        return ["GameId"]
    if kind == "options":
        return [camel(game_id, "options") for game_id in registry.game_ids()]
    if kind == "dice":
        return [camel(game_id, "dice") for game_id, _ in _games_with_dice()]
    for family in FAMILIES:
        if kind == family.suffix and family.declared():
            return [family.union]
    raise ValueError(f"no shared component of kind {kind!r}")


def reference_components(node: Any) -> Any:
    """``node`` (a part of the document) with every field asking for a shared component
    (:func:`component_field`) documented by its reference or union of references."""
    if isinstance(node, list):
        return [reference_components(item) for item in node]
    if not isinstance(node, dict):
        return node
    if COMPONENT_KEY in node:
        return _union(_referenced(node[COMPONENT_KEY]), node)
    return {key: reference_components(value) for key, value in node.items()}


def walk_schemas(node: Any, visit: Callable[[dict[str, Any]], None]) -> None:
    """Call ``visit`` on every mapping inside ``node`` (every schema among them)."""
    if isinstance(node, dict):
        visit(node)
        for value in node.values():
            walk_schemas(value, visit)
    elif isinstance(node, list):
        for item in node:
            walk_schemas(item, visit)

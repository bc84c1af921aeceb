"""Loading a request body without marshmallow's machinery when every field of it is plain.

Marshmallow's ``load`` costs more than the rest of a small request. Most bodies are plain:
every field is one the schema knows, of the right type, within bounds (see
:mod:`service.operations.fields`). :func:`plain_loader` loads those by asking each field, and gives
None for any other body, which then goes to marshmallow, so that what marshmallow accepts,
refuses and says stays the one contract.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from marshmallow import Schema, fields, missing

from .fields import NOT_PLAIN, PlainField

#: a validated body, or None for a body marshmallow must judge
Loader = Callable[[Mapping[str, Any]], "dict[str, Any] | None"]


def plain_loader(schema: Schema) -> Loader:
    """A function giving what ``schema.load(body)`` gives for a plain body, and None for
    any other. A schema with a field that is not a :class:`~service.operations.fields.PlainField`
    never
    loads plainly. (Request schemas have no load hooks: a test checks it, since a hook would
    be skipped here.)"""
    known: dict[str, tuple[str, PlainField]] = {}
    required: set[str] = set()
    defaults: dict[str, Any] = {}
    #: defaults made anew for each body (``load_default=list``), so no two bodies share one
    made: dict[str, Callable[[], Any]] = {}
    for name, field in schema.load_fields.items():
        if not isinstance(field, PlainField):
            return lambda body: None
        key = field.data_key or name
        known[key] = (field.attribute or name, field)
        if field.required:
            required.add(key)
        elif callable(field.load_default):
            made[field.attribute or name] = field.load_default
        elif field.load_default is not missing:
            defaults[field.attribute or name] = field.load_default

    def load(body: Mapping[str, Any]) -> dict[str, Any] | None:
        if not required.issubset(body):
            return None
        out = dict(defaults)
        for name, make in made.items():
            out[name] = make()
        for key, value in body.items():
            found = known.get(key)
            if found is None:
                return None
            loaded = found[1].plain(value)
            if loaded is NOT_PLAIN:
                return None
            out[found[0]] = loaded
        return out

    return load


class PlainObject(PlainField, fields.Nested):
    """A JSON object loaded by a nested schema: plain when :func:`plain_loader` loads it
    plainly for that schema (every member plain for its field)."""

    def plain_type(self, value: Any) -> Any:
        if not isinstance(value, dict):
            return NOT_PLAIN
        load: Loader | None = getattr(self, "_plain_load", None)
        if load is None:
            load = self._plain_load = plain_loader(self.schema)
        loaded = load(value)
        return NOT_PLAIN if loaded is None else loaded

"""The fields of request bodies, each able to say whether a value is plain.

A value is *plain* for a field when the field would load it without a question: the right
JSON type, within the field's validators, needing no message. :meth:`PlainField.plain` then
gives what marshmallow would load, and :func:`service.operations.plain.plain_loader` builds a whole
body from such answers without marshmallow's machinery; any value that is not plain goes to
marshmallow, which loads it or words the error. So each field decides for itself, and a
field that does not derive from :class:`PlainField` sends every body of its schema to
marshmallow.
"""

from __future__ import annotations

from typing import Any, Mapping

import orjson
from marshmallow import ValidationError, fields

from service.spec.components import component_field

class _NotPlain:
    """The answer of :meth:`PlainField.plain` for a value marshmallow must judge."""

    def __repr__(self) -> str:
        return "NOT_PLAIN"


NOT_PLAIN: Any = _NotPlain()


class PlainField(fields.Field[Any]):
    """A field that can load a plain value by itself (see the module)."""

    def plain(self, value: Any) -> Any:
        """What loading ``value`` gives when it is plain, else :data:`NOT_PLAIN`: null where
        the field allows it, a value :meth:`plain_type` accepts that passes the validators."""
        if value is None:
            return None if self.allow_none else NOT_PLAIN
        loaded = self.plain_type(value)
        if loaded is NOT_PLAIN:
            return NOT_PLAIN
        try:
            for validator in self.validators:
                validator(loaded)
        except ValidationError:
            return NOT_PLAIN
        return loaded

    def plain_type(self, value: Any) -> Any:
        """``value`` as the field loads it when it is of the field's type (before the
        validators), else :data:`NOT_PLAIN`. Each field class says it."""
        return NOT_PLAIN

    def from_query(self, text: str) -> Any:
        """The JSON value a query-string parameter's ``text`` stands for, which the field
        then loads as it loads a body's (a string by default); raises ValidationError, in
        the field's words, for text that stands for no value of its type."""
        return text


class Text(PlainField, fields.String):
    """A string, loaded as it is."""

    def plain_type(self, value: Any) -> Any:
        return value if isinstance(value, str) else NOT_PLAIN


class TrimmedString(Text):
    """A string read without the whitespace around it (a pasted newline, a trailing
    space), so that positions and moves copied by hand are accepted; the length bounds
    apply to what is left, and answers always carry the canonical form. Nothing but
    whitespace is kept as sent, so the game refuses it in its own words (an empty
    position, a malformed move) as the spec's bounds promise."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        return (text.strip() or text) if isinstance(text, str) else text

    def plain_type(self, value: Any) -> Any:
        return (value.strip() or value) if isinstance(value, str) else NOT_PLAIN


class StrictBoolean(PlainField, fields.Boolean):
    """Only JSON true and false: 0, 1 and "yes" are refused."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("Not a boolean: use true or false.")
        return value

    def plain_type(self, value: Any) -> Any:
        return value if isinstance(value, bool) else NOT_PLAIN

    def from_query(self, text: str) -> Any:
        return boolean_text(text)


class StrictInteger(PlainField, fields.Integer):
    """A JSON integer (a number with a fraction, or a string of digits, is refused)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def plain_type(self, value: Any) -> Any:
        return value if type(value) is int else NOT_PLAIN

    def from_query(self, text: str) -> Any:
        digits = text[1:] if text[:1] == "-" else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
            raise ValidationError("Not an integer: write digits, such as 480.")
        return int(text)


class OptionsField(PlainField, fields.Dict):
    """A JSON object with string keys and any values: a game's options."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(keys=fields.String(), **kwargs)

    def plain_type(self, value: Any) -> Any:
        if isinstance(value, dict) and all(isinstance(key, str) for key in value):
            return dict(value)
        return NOT_PLAIN

    def from_query(self, text: str) -> Any:
        return json_text(text)


class DiceField(PlainField, fields.Raw):
    """The dice of one chance move, or null where the service should roll. Their shape is
    each game's (``GET /v1/games/{game}`` publishes it as ``dice``); admission checks it
    against the game's schema once the game is known (see :mod:`service.concerns.dice`), so any JSON
    value is plain here."""

    def __init__(self, **kwargs: Any) -> None:
        metadata: Mapping[str, Any] = {**kwargs.pop("metadata", {}), "nullable": True,
                                       **component_field("dice")}
        super().__init__(allow_none=True, metadata=metadata, **kwargs)

    def plain_type(self, value: Any) -> Any:
        return value

    def from_query(self, text: str) -> Any:
        return json_text(text)


class PlainList(PlainField, fields.List[Any]):
    """A JSON array whose items are plain for the item field (itself a :class:`PlainField`)."""

    def plain_type(self, value: Any) -> Any:
        inner = self.inner
        if not isinstance(value, list) or not isinstance(inner, PlainField):
            return NOT_PLAIN
        items = [inner.plain(item) for item in value]
        return NOT_PLAIN if any(item is NOT_PLAIN for item in items) else items

    def from_query(self, text: str) -> Any:
        """A comma-separated list of the items' texts (``a1,h8``); the empty list for no
        text."""
        inner = self.inner
        if not isinstance(inner, PlainField):
            raise ValidationError("This list cannot be given in a query string.")
        return [inner.from_query(item) for item in text.split(",")] if text else []


class TextMap(PlainField, fields.Dict):
    """A JSON object of strings (a record's tags: name -> value), each key and value within
    the validators of the ``keys`` and ``values`` fields (themselves :class:`Text`)."""

    def plain_type(self, value: Any) -> Any:
        keys, values = self.key_field, self.value_field
        if not isinstance(value, dict) or not isinstance(keys, PlainField) or \
                not isinstance(values, PlainField):
            return NOT_PLAIN
        if any(keys.plain(k) is NOT_PLAIN or values.plain(v) is NOT_PLAIN
               for k, v in value.items()):
            return NOT_PLAIN
        return dict(value)


class JsonList(PlainList):
    """A list whose items are JSON values (dice): in a query string, the whole list is
    written as JSON text (``[null, {"attacker": [3]}]``), since its items may hold
    commas."""

    def from_query(self, text: str) -> Any:
        return json_text(text)


def boolean_text(text: str) -> bool:
    """``true`` or ``false`` in a query string."""
    if text in ("true", "false"):
        return text == "true"
    raise ValidationError("Not a boolean: write true or false.")


def json_text(text: str) -> Any:
    """The JSON value written in a query string (an object of options, say)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise ValidationError(f"Not valid JSON ({exc}); write a JSON value, URL-encoded.") \
            from None

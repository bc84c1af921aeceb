"""A shorter road through the WSGI app for the plain requests of the busiest operations.

Every request pays Flask's machinery (request context, URL map, request and response objects)
and marshmallow's, which for a small JSON body cost more than reading it (docs/performance.md
has the profiles). An operation that declares ``answer`` (a function of the configured game
and the validated body, returning the JSON object of a 200) is served here when its request
is plain: ``POST /v1/games/<game>/<operation>`` for a registered game, ``Content-Type:
application/json``, a ``Content-Length`` within the limit, a JSON object whose fields are
plainly valid for the operation's request schema (:func:`plain_loader`), no dice, signing
off, not heavy, and the answer computed without error. Anything else, including every error,
goes to the Flask app with the body put back, which answers it exactly as before (the work is
then done again: errors are rare and cheap). ``/v1/health`` and every other route are
untouched.
"""

from __future__ import annotations

import io
import re
from typing import Any, Callable, Mapping

import orjson
from flask import Flask
from marshmallow import Schema, fields, validate

from rules import registry
from rules.core.game import Game

from . import shedding
from .schemas import MAX_BODY_BYTES, DiceField, StrictBoolean, TrimmedString

Answer = Callable[[Game[Any, Any], dict[str, Any]], dict[str, Any]]
#: whether one value is plainly valid
Check = Callable[[Any], bool]

_PATH = re.compile(r"/v1/games/([^/]+)/([^/]+)")
_HEADERS = [("Content-Type", "application/json")]


# ---- plain bodies -------------------------------------------------------------------------------

def _within(low: Any, high: Any, size: Callable[[Any], Any]) -> Check:
    """A check that ``low <= size(x) <= high`` (either bound may be None)."""
    if low is None and high is None:
        return lambda x: True
    if low is None:
        return lambda x: size(x) <= high
    if high is None:
        return lambda x: size(x) >= low
    return lambda x: low <= size(x) <= high


def _validators_check(validators: list[Any]) -> Check | None:
    """A check of the field's validators when they are all Length or inclusive Range (None:
    other validators, which this module does not know)."""
    checks: list[Check] = []
    for v in validators:
        if isinstance(v, validate.Length) and v.equal is None:
            checks.append(_within(v.min, v.max, len))
        elif isinstance(v, validate.Range) and v.min_inclusive and v.max_inclusive:
            checks.append(_within(v.min, v.max, lambda x: x))
        else:
            return None
    if len(checks) == 1:  # the common case, checked without a loop
        return checks[0]
    return lambda x: all(check(x) for check in checks)


def _type_check(field: fields.Field) -> Check | None:
    """Whether a value is plainly of the field's type, deserialised unchanged."""
    kind = type(field)
    if kind is fields.String:
        return lambda x: isinstance(x, str)
    if kind is TrimmedString:  # plain when there is no whitespace around it to drop
        return lambda x: isinstance(x, str) and x == x.strip()
    if kind is fields.Integer and field.strict:  # type: ignore[attr-defined]
        return lambda x: isinstance(x, int) and not isinstance(x, bool)
    if kind is StrictBoolean:
        return lambda x: isinstance(x, bool)
    if kind is DiceField:
        return lambda x: True
    if isinstance(field, fields.Dict) and kind is fields.Dict \
            and type(field.key_field) is fields.String and not field.key_field.validators \
            and field.value_field is None:
        return lambda x: isinstance(x, dict) and all(isinstance(k, str) for k in x)
    return None


def _field_check(field: fields.Field) -> Check | None:
    typed = _type_check(field)
    bounds = _validators_check(list(field.validators))
    if typed is None or bounds is None:
        return None
    allow_none = field.allow_none
    return lambda x: (x is None and allow_none) or (x is not None and typed(x) and bounds(x))


def plain_loader(schema: Schema) -> Callable[[Mapping[str, Any]], dict[str, Any] | None]:
    """A function giving what ``schema.load(body)`` gives for a body whose every field is
    plainly valid (a known field type whose value needs no conversion), and None for any other
    body, which the caller then hands to marshmallow. Schemas with hooks, and fields this
    module does not know, always give None."""
    checks: dict[str, tuple[str, Check]] = {}
    required: set[str] = set()
    defaults: dict[str, Any] = {}
    usable = not any(schema._hooks.values())  # type: ignore[attr-defined]
    for name, field in schema.load_fields.items():
        check = _field_check(field)
        if check is None:
            usable = False
            break
        key = field.data_key or name
        checks[key] = (field.attribute or name, check)
        if field.required:
            required.add(key)
        elif field.load_default is not fields.missing_ and not callable(field.load_default):
            defaults[field.attribute or name] = field.load_default

    def load(body: Mapping[str, Any]) -> dict[str, Any] | None:
        if not usable or not required.issubset(body):
            return None
        out = dict(defaults)
        for key, value in body.items():
            known = checks.get(key)
            if known is None or not known[1](value):
                return None
            out[known[0]] = dict(value) if isinstance(value, dict) else value
        return out

    return load


# ---- the middleware -----------------------------------------------------------------------------

class FastPath:
    """WSGI middleware in front of the Flask app's own WSGI callable (see the module)."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Any],
                 operations: Mapping[str, tuple[Schema, Answer]]) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.routes = {name: (plain_loader(schema), answer)
                       for name, (schema, answer) in operations.items()}

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if environ.get("REQUEST_METHOD") == "POST":
            answer = self.answer(environ)
            if answer is not None:
                start_response("200 OK", [*_HEADERS, ("Content-Length", str(len(answer)))])
                return [answer]
        return self.wsgi_app(environ, start_response)

    def answer(self, environ: dict[str, Any]) -> bytes | None:
        """The body of the 200 answer, or None to let the Flask app answer (with the request
        body put back in ``environ``)."""
        matched = _PATH.fullmatch(environ.get("PATH_INFO", ""))
        if matched is None:
            return None
        game_id, route = matched[1], self.routes.get(matched[2])
        if route is None or registry.game_class(game_id) is None:
            return None
        if environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower() \
                != "application/json" or "HTTP_TRANSFER_ENCODING" in environ:
            return None
        length = environ.get("CONTENT_LENGTH", "")
        if not length.isdigit() or not 0 < int(length) <= MAX_BODY_BYTES:
            return None
        data = environ["wsgi.input"].read(int(length))
        environ["wsgi.input"] = io.BytesIO(data)
        try:
            return self.compute(game_id, route, data)
        except Exception:  # every error is answered by the Flask app, as before
            return None

    def compute(self, game_id: str, route: tuple[Any, Answer], data: bytes) -> bytes | None:
        load, answer = route
        body = orjson.loads(data)
        valid = load(body) if isinstance(body, dict) else None
        if valid is None or "dice" in valid or self.app.extensions.get("signing") is not None:
            return None
        game = registry.configure(game_id, valid.get("options"))
        if not shedding.admit_light(self.app, game, valid):
            return None
        return orjson.dumps(answer(game, valid))

"""A game operation read from a query string (``GET /v1/games/{game}/render.png?size=300``).

A GET game operation declares the same kind of request schema as a POST's body, and its query
string is turned into the JSON object such a body would be: each parameter's text is read by
its field (:meth:`service.operations.fields.PlainField.from_query`: an integer's digits, ``true`` or
``false``, a JSON object of options, a comma-separated list), then the object is validated by
the schema like any body. So a parameter has the bounds and the problem documents of the
body's field of the same name, and nothing is written twice. An empty value is read as the
empty text (the empty list, for a list; a refusal where the field wants more); a parameter
the schema lacks, or one given twice, is refused.
"""

from __future__ import annotations

from typing import Any, Mapping
from urllib.parse import parse_qsl

from marshmallow import Schema, ValidationError

from service.operations.fields import PlainField
from .limits import MAX_QUERY_BYTES
from .problems import Problem, field_problem

#: the detail of the 414 refusing a query string over :data:`MAX_QUERY_BYTES`
QUERY_TOO_LONG = (f"The query string is longer than {MAX_QUERY_BYTES} bytes; send the same "
                  "fields as a JSON body to the POST form of this operation.")

def query_object(schema: Schema, query_string: str) -> dict[str, Any]:
    """The JSON object the ``query_string`` stands for under ``schema``'s fields; a 414
    problem past :data:`~service.http.limits.MAX_QUERY_BYTES`, a 400 naming each parameter that
    cannot be read."""
    if len(query_string) > MAX_QUERY_BYTES:
        raise Problem(414, "request_line_too_long", QUERY_TOO_LONG)
    fields: Mapping[str, PlainField] = {
        field.data_key or name: field for name, field in schema.load_fields.items()
        if isinstance(field, PlainField)}
    raw: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    seen: set[str] = set()
    for key, text in parse_qsl(query_string, keep_blank_values=True):
        field = fields.get(key)
        if field is None:
            errors[key] = [f"Unknown parameter; this operation takes: {', '.join(fields)}."]
        elif key in seen:
            errors[key] = ["Given more than once; give it once (a list is comma-separated)."]
        seen.add(key)
        if field is None or key in errors:
            continue
        try:
            raw[key] = field.from_query(text)
        except ValidationError as exc:
            errors[key] = [str(message) for message in exc.messages]
    if errors:
        raise field_problem(errors, "query string")
    return raw

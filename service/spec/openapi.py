"""The OpenAPI document, generated from the schemas and the operations table.

``python -m service.spec`` rewrites ``openapi.yaml`` at the project root; a
test fails when the committed file differs from what this module generates.
Examples are computed from each game's engine, one per game, so each is valid for the game
it is shown with; reason codes and dice come from the games too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from rules import registry
from rules.core.errors import RulesError
from rules.core.memo import memo
from rules.records import write

from service.operations import schemas as s
from .components import (
    game_components, null_schema, reference_components, ref, walk_schemas,
)
from service.operations.answers import apply_answer
from service.operations.fields import JsonList
from service.operations.operation import Operation
from service.operations.table import OPERATIONS
from service.http.admission import CONCERNS
from service.http.etags import REVALIDATED_HEADERS, conditional
from service.http.limits import BODY_LIMIT, MAX_REQUEST_LINE
from service.http.media import NDJSON
from service.http.problems import PROBLEM_MEDIA_TYPE, TOO_LARGE
from service.http.query import QUERY_TOO_LONG
from service.operations.suggest import document_playouts

VERSION = "0.1.0"

ERROR_RESPONSES = {
    400: ("MalformedRequest", "The body is not JSON or breaks the schema (code "
                              "malformed_request); `errors` lists the offending fields.",
          "malformed_request", "The request body does not match the schema; fix move: "
                               "Missing data for required field."),
    404: ("UnknownGame", "No such game (code unknown_game).", "unknown_game",
          "There is no game 'chess'; this service plays: {games}."),
    413: ("BodyTooLarge", f"The body is over {BODY_LIMIT} (code body_too_large).",
          "body_too_large", TOO_LARGE),
    415: ("UnsupportedMediaType", "The body is not sent as application/json (code "
                                  "unsupported_media_type).", "unsupported_media_type",
          "Send the request body as JSON with 'Content-Type: application/json'."),
    422: ("Unprocessable", "Well-formed but refused by the rules: invalid_position, "
                           "invalid_options, illegal_move (with `reason`), invalid_dice, "
                           "game_over, work_limit_exceeded; unsigned_position and "
                           "bad_signature when the service requires signed positions.",
          "illegal_move",
          "{illegal}"),
    414: ("RequestLineTooLong", "The request line, or a GET operation's query string, is "
                                f"over {MAX_REQUEST_LINE} bytes (code request_line_too_long): "
                                "send the same fields as a JSON body to the POST form.",
          "request_line_too_long", QUERY_TOO_LONG),
    503: ("Unavailable", "Not now: the rules engines are still loading (code not_ready), or "
                         "this worker already runs as many expensive requests as it may (code "
                         "overloaded: a perft, search, replay or PNG whose estimated cost is "
                         "over the heavy threshold, answered at once without doing its work; "
                         "retry after Retry-After seconds or ask for less).", "overloaded",
          "The service is busy with other expensive requests; retry this one after 1 s, or "
          "ask for less work (a smaller depth, fewer moves, a smaller picture)."),
}

#: headers an error response documents
ERROR_HEADERS = {
    503: {"Retry-After": {"description": "overloaded: seconds to wait before retrying.",
                          "schema": {"type": "integer", "minimum": 1}}},
}


def game_examples(game_id: str) -> dict[str, Any]:
    """Request and response examples of one game, computed from its engine: its initial
    position and first legal move, so every example is valid for the game it is shown with."""
    game = registry.configure(game_id)
    start = game.start_position
    start_text = game.format_position(start)
    first = game.legal_moves(start)[0]
    move_text = game.format_move(start, first)
    dice = game.chance_outcomes(start, first)[0][0] if game.is_chance(start, first) else None
    return {
        "setup": {"options": game.options},
        "position": {"position": start_text},
        "apply": {"position": start_text, "move": move_text},
        "replay": {"position": start_text, "moves": [move_text]},
        "perft": {"position": start_text, "depth": 1},
        "suggest": {"position": start_text, "level": "mcts", "playouts": 200, "seed": 7},
        "export": {"moves": [move_text], **({} if dice is None else {"dice": [dice]}),
                   "tags": {"Event": "Club night", "Date": "2026.11.27"},
                   "comments": [{"after": 1, "text": "A quiet start."}]},
        "import": {"record": write(game, [move_text], dice=[dice],
                                   tags={"Event": "Club night", "Date": "2026.11.27"},
                                   comments=[(1, "A quiet start.")])},
        "apply_response": apply_answer(game, {"position": start_text, "move": move_text,
                                              "dice": dice}),
    }


def _named_examples(key: str) -> dict[str, Any]:
    """OpenAPI ``examples``: one per game, named by its id."""
    return {game_id: {"summary": registry.configure(game_id).name,
                      "value": game_examples(game_id)[key]}
            for game_id in registry.game_ids()}


def _first_illegal_move_detail() -> str:
    """A real illegal-move sentence for the 422 example: the first registered game's answer
    to a move from its initial position that is parsed but not legal."""
    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        start = game.start_position
        legal = set(game.legal_moves(start))
        for move in game.legal_moves(start):
            text = game.format_move(start, move)
            for candidate in (text[:2] + text[:2], text[2:4] + text[:2]):
                try:
                    parsed = game.parse_move(start, candidate)
                except RulesError:
                    continue
                if parsed not in legal:
                    return game.explain_illegal(start, parsed).detail
    return "This move is not legal in this position."


def _document_reasons(spec: dict[str, Any]) -> None:
    """Every reason code of every game, as the enums EndReason (the status ``reason``,
    null while the game goes on) and IllegalMoveReason (the problem ``reason``)."""
    schemas = spec["components"]["schemas"]
    ends: list[str] = []
    illegal: list[str] = []
    for game_id in registry.game_ids():
        reasons = registry.configure(game_id).reasons()
        ends += [code for code in reasons["end"] if code not in ends]
        illegal += [code for code in reasons["illegal_move"] if code not in illegal]
    schemas["EndReason"] = {"type": "string", "enum": ends, "description": (
        "Why a game ended: one of the games' end reasons (GET /v1/games/{game} lists each "
        "game's with a sentence).")}
    schemas["IllegalMoveReason"] = {"type": "string", "enum": illegal, "description": (
        "The rule that forbids a move: one of the games' illegal_move reasons "
        "(GET /v1/games/{game} lists each game's with a sentence).")}
    status = schemas["Status"]["properties"]
    status["reason"] = {"description": status["reason"]["description"],
                        "anyOf": [ref("EndReason"), null_schema()]}
    schemas["Problem"]["properties"]["reason"] = ref("IllegalMoveReason")


#: Relative to where the document is served from, so /docs tries requests on that service.
SERVERS = [{"url": "/", "description": "The service that serves this document."}]

GAME = {"game": "$request.path.game"}


def _links(op: Operation) -> dict[str, Any]:
    """The OpenAPI links of ``op``'s 200 answer (to the same game)."""
    return {name: {"operationId": link.operation_id, "parameters": GAME,
                   "requestBody": dict(link.body)}
            for name, link in op.links.items()}


@memo(entry_bytes=460_000, weight=2, most=1)
def build_spec() -> dict[str, Any]:
    """The whole OpenAPI 3.0 document as a dict."""
    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="Board game referee",
        version=VERSION,
        openapi_version="3.0.3",
        plugins=[plugin],
        info={
            "description": (
                "A stateless rules-adjudication service for board games. Every request carries "
                "the whole position (compact notation) and the game's options; the service "
                "answers legal moves, applies moves, and reports win/draw status. Errors are "
                "RFC 9457 problem documents with a stable `code`.\n\n"
                "Request ids: every answer carries an `X-Request-ID` header, the request's own "
                "when it is sane (1 to 128 letters, digits, `.`, `_`, `:` or `-`), else one the "
                "service made; a problem document repeats it as `request_id`, and the access "
                "log records it.\n\n"
                "Cross-origin use: every answer carries CORS headers "
                "(`Access-Control-Allow-Origin: *` unless the operator narrows the origins; "
                "`ETag`, `Retry-After`, `Link` and `X-Request-ID` are exposed), and a preflight "
                "`OPTIONS` request with `Origin` and `Access-Control-Request-Method` is "
                "answered 204 on every path (403 `origin_not_allowed` for an origin the "
                "operator has not allowed). The service uses no cookies or credentials."
            ),
        },
        servers=SERVERS,
        security=[],
        tags=[{"name": "games", "description": "Rules adjudication"},
              {"name": "operations", "description": "Probes and documentation"}],
    )
    spec.components.schema("Problem", schema=s.ProblemSchema)
    filled = {"games": ", ".join(registry.game_ids()), "illegal": _first_illegal_move_detail()}
    for status, (name, description, code, detail) in ERROR_RESPONSES.items():
        detail = detail.format(**filled)
        spec.components.response(name, {
            "description": description,
            **({"headers": ERROR_HEADERS[status]} if status in ERROR_HEADERS else {}),
            "content": {PROBLEM_MEDIA_TYPE: {
                "schema": "Problem",
                "example": {"type": f"urn:boardgame-referee:problem:{code}",
                            "title": code.replace("_", " ").capitalize(), "status": status,
                            "detail": detail, "code": code},
            }},
        })
    game_param = {
        "name": "game", "in": "path", "required": True,
        "description": "The game's id.",
        "schema": ref("GameId"),
    }
    paths: dict[str, dict[str, Any]] = {}
    for op in OPERATIONS:
        paths.setdefault(op.path, {})[op.method] = _operation(op, game_param, plugin.converter)
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    document = spec.to_dict()
    _document_reasons(document)
    document_playouts(document)
    document["components"]["schemas"].update(game_components())
    walk_schemas(document, _count_object_members)
    document = reference_components(document)
    return _in_reading_order(document)


def _query_parameters(op: Operation, converter: Any) -> list[dict[str, Any]]:
    """The query parameters of a GET game operation, from its request schema's fields as
    :mod:`service.http.query` reads them: no null, options and dice as JSON text, any other list
    comma-separated."""
    assert op.request is not None, "a GET game operation declares its request"
    fields = op.request().fields
    parameters = []
    for parameter in converter.schema2parameters(op.request, location="query"):
        schema = parameter.pop("schema")
        schema.pop("nullable", None)
        if schema.get("default", 0) is None:
            del schema["default"]
        if schema.get("type") == "object" or isinstance(fields[parameter["name"]], JsonList):
            parameter["content"] = {"application/json": {"schema": schema}}
            parameter.pop("style", None)
            parameter.pop("explode", None)
        else:
            parameter["schema"] = schema
        if "schema" in parameter and schema.get("type") == "array":
            # a comma-separated list: an item holds no comma
            parameter.update(style="form", explode=False)
            schema["items"] = {**schema["items"], "pattern": "^[^,]+$"}
        parameters.append(parameter)
    return parameters


def _operation(op: Operation, game_param: dict[str, Any], converter: Any) -> dict[str, Any]:
    """The OpenAPI operation object of ``op``."""
    operation: dict[str, Any] = {
        "operationId": op.operation_id,
        "summary": op.summary,
        "description": op.description,
        "tags": [op.tag],
        "responses": {"200": {
            "description": op.answer_description,
            "content": ({"application/json": {"schema": op.response}} if op.response
                        else {media: {"schema": schema} for media, schema in op.media.items()}),
        }},
    }
    if op.response_example is not None:
        operation["responses"]["200"]["content"]["application/json"]["examples"] = (
            _named_examples(op.response_example))
    if op.line_schema is not None:  # one JSON line per item, each of this schema
        operation["responses"]["200"]["content"][NDJSON] = {"schema": op.line_schema}
    if op.links:
        operation["responses"]["200"]["links"] = _links(op)
    if "{game}" in op.path:
        operation["parameters"] = [game_param]
    if op.in_query:
        operation["parameters"] += _query_parameters(op, converter)
    elif op.request is not None:
        content: dict[str, Any] = {"schema": op.request}
        if op.request_example is not None:
            content["examples"] = _named_examples(op.request_example)
        operation["requestBody"] = {"required": op.body_required,
                                    "content": {"application/json": content}}
    for concern in CONCERNS if op.for_a_game else ():
        concern.document(op, operation)
    if op.conditional:
        conditional(operation, REVALIDATED_HEADERS)
    for status in op.errors:
        operation["responses"][str(status)] = ERROR_RESPONSES[status][0]
    return operation


def _count_object_members(schema: dict[str, Any]) -> None:
    """An object's size bounds are maxProperties and minProperties (marshmallow's Length
    on a dict is written as a string's)."""
    if schema.get("type") == "object":
        for length, members in (("maxLength", "maxProperties"), ("minLength", "minProperties")):
            if length in schema:
                schema[members] = schema.pop(length)


#: the top-level keys of the document, in the order a reader (and a linter) expects them
READING_ORDER = ("openapi", "info", "servers", "security", "tags", "paths", "components")


def _in_reading_order(document: dict[str, Any]) -> dict[str, Any]:
    ordered = {key: document[key] for key in READING_ORDER if key in document}
    info = document["info"]
    ordered["info"] = {"title": info["title"], "version": info["version"], **info}
    return {**ordered, **document}


class _NoAliasDumper(yaml.SafeDumper):
    """Writes repeated sub-schemas out in full: YAML anchors confuse some OpenAPI tools."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def spec_yaml() -> str:
    return yaml.dump(build_spec(), Dumper=_NoAliasDumper, sort_keys=False, allow_unicode=True,
                     width=100)


SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"


def main(argv: list[str]) -> int:
    """Rewrite ``openapi.yaml``; with ``--check``, only say (by the exit status) whether it
    is current."""
    if argv == ["--check"]:
        return 0 if SPEC_PATH.read_text() == spec_yaml() else 1
    SPEC_PATH.write_text(spec_yaml())
    print(f"wrote {SPEC_PATH}")
    return 0

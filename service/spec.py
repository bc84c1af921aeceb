"""The OpenAPI document, generated from the schemas and the operations table.

``python -m service.spec`` rewrites ``openapi.yaml`` at the project root; a
test fails when the committed file differs from what this module generates.
Examples are computed from the real engines, so they are always valid.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from rules import registry

from . import schemas as s
from .problems import PROBLEM_MEDIA_TYPE
from .operations import all_operations

VERSION = "0.1.0"

ERROR_RESPONSES = {
    400: ("MalformedRequest", "The body is not JSON or breaks the schema (code "
                              "malformed_request); `errors` lists the offending fields.",
          "malformed_request", "The request body does not match the schema; fix move: "
                               "Missing data for required field."),
    404: ("UnknownGame", "No such game (code unknown_game).", "unknown_game",
          "There is no game 'chess'; this service plays: mastery."),
    413: ("BodyTooLarge", "The body is over 64 KiB (code body_too_large).", "body_too_large",
          "The request body is larger than the service accepts; send less than 64 KiB."),
    415: ("UnsupportedMediaType", "The body is not sent as application/json (code "
                                  "unsupported_media_type).", "unsupported_media_type",
          "Send the request body as JSON with 'Content-Type: application/json'."),
    422: ("Unprocessable", "Well-formed but refused by the rules: invalid_position, "
                           "invalid_options, illegal_move (with `reason`), invalid_dice, "
                           "game_over, work_limit_exceeded; unsigned_position and "
                           "bad_signature when the service requires signed positions.",
          "illegal_move",
          "Officers move 1-2 squares orthogonally; d2 to e3 is diagonal."),
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


def _examples() -> dict[str, Any]:
    """Request and response examples taken from real Mastery positions."""
    game = registry.configure("mastery")
    start = game.initial_position()
    start_text = game.format_position(start)
    first = game.legal_moves(start)[0]
    move_text = game.format_move(start, first)
    after = game.apply(start, first).position
    return {
        "setup": {"options": {"ruleset": "ross-2002", "setup": "imperial"}},
        "position": {"position": start_text, "options": {"ruleset": "ross-2002"}},
        "apply": {"position": start_text, "move": move_text},
        "replay": {"position": start_text, "moves": [move_text]},
        "perft": {"position": start_text, "depth": 2},
        "apply_response": {
            "position": game.format_position(after), "move": move_text,
            "events": [{"type": "move", "from": move_text[:2], "to": move_text[2:4],
                        "piece": "P"}],
            "status": game.status(after).to_json(),
        },
    }


GAME = {"game": "$request.path.game"}

#: OpenAPI links: how a client (and schemathesis' stateful phase) chains calls into a real game:
#: setup -> legal-moves -> apply (the first listed move) -> legal-moves -> apply ...
LINKS = {
    "setup": {
        "LegalMoves": {"operationId": "legalMoves", "parameters": GAME, "requestBody": {
            "position": "$response.body#/position", "options": "$response.body#/options"}},
        "Status": {"operationId": "status", "parameters": GAME, "requestBody": {
            "position": "$response.body#/position", "options": "$response.body#/options"}},
    },
    "legalMoves": {
        "ApplyFirstMove": {"operationId": "apply", "parameters": GAME, "requestBody": {
            "position": "$request.body#/position", "options": "$request.body#/options",
            "move": "$response.body#/moves/0/move"}},
        "ApplyLastMove": {"operationId": "apply", "parameters": GAME, "requestBody": {
            "position": "$request.body#/position", "options": "$request.body#/options",
            "move": "$response.body#/moves/-1/move"}},
    },
    "apply": {
        "LegalMoves": {"operationId": "legalMoves", "parameters": GAME, "requestBody": {
            "position": "$response.body#/position", "options": "$request.body#/options"}},
        "Status": {"operationId": "status", "parameters": GAME, "requestBody": {
            "position": "$response.body#/position", "options": "$request.body#/options"}},
    },
}

REQUEST_EXAMPLES = {
    "setup": "setup", "legalMoves": "position", "status": "position", "apply": "apply",
    "replay": "replay", "perft": "perft",
}


@lru_cache(maxsize=1)
def build_spec() -> dict[str, Any]:
    """The whole OpenAPI 3.0 document as a dict."""
    spec = APISpec(
        title="Board game referee",
        version=VERSION,
        openapi_version="3.0.3",
        plugins=[MarshmallowPlugin()],
        info={
            "description": (
                "A stateless rules-adjudication service for board games. Every request carries "
                "the whole position (compact notation) and the game's options; the service "
                "answers legal moves, applies moves, and reports win/draw status. Errors are "
                "RFC 9457 problem documents with a stable `code`."
            ),
        },
        tags=[{"name": "games", "description": "Rules adjudication"},
              {"name": "operations", "description": "Probes and documentation"}],
    )
    spec.components.schema("Problem", schema=s.ProblemSchema)
    for status, (name, description, code, detail) in ERROR_RESPONSES.items():
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
    examples = _examples()
    game_param = {
        "name": "game", "in": "path", "required": True,
        "description": "The game's id.",
        "schema": {"type": "string", "enum": registry.game_ids()},
    }
    paths: dict[str, dict[str, Any]] = {}
    for op in all_operations():
        operation: dict[str, Any] = {
            "operationId": op.operation_id,
            "summary": op.summary,
            "description": op.description,
            "tags": [op.tag],
            "responses": {"200": {
                "description": "Success.",
                "content": ({"application/json": {"schema": op.response}} if op.response
                            else {media: {"schema": schema} for media, schema in op.media.items()}),
            }},
        }
        if op.operation_id == "apply":
            operation["responses"]["200"]["content"]["application/json"]["example"] = (
                examples["apply_response"])
        if op.operation_id in LINKS:
            operation["responses"]["200"]["links"] = LINKS[op.operation_id]
        if "{game}" in op.path:
            operation["parameters"] = [game_param]
        if op.request is not None:
            content: dict[str, Any] = {"schema": op.request}
            if op.operation_id in REQUEST_EXAMPLES:
                content["example"] = examples[REQUEST_EXAMPLES[op.operation_id]]
            operation["requestBody"] = {
                "required": op.operation_id in ("apply", "replay", "perft"),
                "content": {"application/json": content},
            }
        for status in op.errors:
            operation["responses"][str(status)] = ERROR_RESPONSES[status][0]
        paths.setdefault(op.path, {})[op.method] = operation
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    spec.path(path="/openapi.yaml", operations={"get": {
        "operationId": "openapi", "summary": "This document", "tags": ["operations"],
        "responses": {"200": {"description": "The OpenAPI document.",
                              "content": {"application/yaml": {"schema": {"type": "string"}}}}},
    }})
    spec.path(path="/docs", operations={"get": {
        "operationId": "docs", "summary": "Interactive documentation (Swagger UI)",
        "tags": ["operations"],
        "responses": {"200": {"description": "An HTML page.",
                              "content": {"text/html": {"schema": {"type": "string"}}}}},
    }})
    return spec.to_dict()


class _NoAliasDumper(yaml.SafeDumper):
    """Writes repeated sub-schemas out in full: YAML anchors confuse some OpenAPI tools."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def spec_yaml() -> str:
    return yaml.dump(build_spec(), Dumper=_NoAliasDumper, sort_keys=False, allow_unicode=True,
                     width=100)


SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"

if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if SPEC_PATH.read_text() == spec_yaml() else 1)
    SPEC_PATH.write_text(spec_yaml())
    print(f"wrote {SPEC_PATH}")

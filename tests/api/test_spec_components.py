"""The spec's shared components against what the service really does: every request
example valid for the game it is shown with, every event the games report declared, the
document shaped as linters and generators expect, and the alternative media types the spec
documents really served."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from rules import registry
from rules.core.entries import entry_schema
from rules.core.events import event_schema
from service.spec.components import camel, walk_schemas
from service.spec.openapi import build_spec, game_examples

PLAYS, PLIES = 6, 60


def json_schema(node: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema: ``nullable`` read as "or null"."""
    if isinstance(node, list):
        return [json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: json_schema(value) for key, value in node.items()
           if key not in ("nullable", "discriminator", "example", "examples")}
    return {"anyOf": [out, {"type": "null"}]} if node.get("nullable") else out


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return build_spec()


def validator(document: dict[str, Any], name: str) -> Draft202012Validator:
    """A validator of the component ``name``, its references resolved in the document."""
    root = {"$ref": f"#/components/schemas/{name}",
            "components": {"schemas": json_schema(document["components"]["schemas"])}}
    return Draft202012Validator(root)


def errors(check: Draft202012Validator, value: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in check.iter_errors(value)]


def request_examples(document: dict[str, Any]) -> list[tuple[str, str, str, Any]]:
    """(operation, request schema name, game id, example body) for every request example."""
    found = []
    for operations in document["paths"].values():
        for operation in operations.values():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if content and "examples" in content:
                name = content["schema"]["$ref"].rsplit("/", 1)[-1]
                for game_id, example in content["examples"].items():
                    found.append((operation["operationId"], name, game_id, example["value"]))
    return found


def test_every_request_example_is_valid_for_its_game(document: dict[str, Any],
                                                     client: FlaskClient) -> None:
    examples = request_examples(document)
    assert {game_id for _, _, game_id, _ in examples} == set(registry.game_ids())
    for operation, name, game_id, body in examples:
        assert errors(validator(document, name), body) == [], (operation, game_id)
        if body.get("options") is not None:
            options = validator(document, camel(game_id, "options"))
            assert errors(options, body["options"]) == [], (operation, game_id)
        path = next(p for p, ops in document["paths"].items()
                    if any(op["operationId"] == operation for op in ops.values()))
        response = client.post(path.replace("{game}", game_id), json=body)
        assert response.status_code == 200, (operation, game_id, response.get_json())


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_apply_example_answer_fits_the_response_schema(document: dict[str, Any],
                                                           game_id: str) -> None:
    answer = game_examples(game_id)["apply_response"]
    assert errors(validator(document, "ApplyResponse"), answer) == []


def option_sets(game_id: str) -> list[dict[str, bool]]:
    """The default options, and every yes/no option of the game turned on."""
    cls = registry.game_class(game_id)
    assert cls is not None
    return [{}, {spec.name: True for spec in cls.option_specs if spec.kind == "bool"}]


def declared(declarations: Any, schema: Any) -> dict[str, Draft202012Validator]:
    return {tag: Draft202012Validator(schema(tag, declaration))
            for tag, declaration in declarations.items()}


def check_tagged(objects: Any, tag_field: str, validators: dict[str, Any],
                 seen: set[str]) -> None:
    """Each object's tag is declared and the object fits the declaration of its tag."""
    for obj in objects:
        assert obj[tag_field] in validators, obj
        assert errors(validators[obj[tag_field]], obj) == [], obj
        seen.add(obj[tag_field])


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_event_and_entry_kind_a_game_answers_is_declared(game_id: str) -> None:
    """Random play, under the default options and with every yes/no option on, checks each
    legal-moves entry and each event against the game's declaration of its kind or type."""
    events: set[str] = set()
    kinds: set[str] = set()
    rng = random.Random(16)
    for options in option_sets(game_id):
        game = registry.configure(game_id, options)
        event_checks = declared(game.event_schemas, event_schema)
        entry_checks = declared(game.entry_kinds, entry_schema)
        for _ in range(PLAYS):
            position = game.start_position
            for _ in range(PLIES):
                moves = game.legal_moves(position)
                if not moves:
                    break
                check_tagged(game.legal_move_entries(position), "kind", entry_checks, kinds)
                text = game.format_move(position, rng.choice(moves))
                _, applied = game.play(position, text, rng=rng)
                check_tagged(applied.events, "type", event_checks, events)
                position = applied.position
    assert events and kinds


def test_nullable_only_beside_a_type_and_lengths_only_on_strings(document: dict[str, Any]) -> None:
    found: list[dict[str, Any]] = []

    def check(schema: dict[str, Any]) -> None:
        if schema.get("nullable") and "type" not in schema:
            found.append(schema)
        if schema.get("type") != "string" and ({"maxLength", "minLength"} & set(schema)):
            found.append(schema)

    walk_schemas(document, check)
    assert found == []


def test_openapi_and_info_come_first(document: dict[str, Any]) -> None:
    assert list(document)[:3] == ["openapi", "info", "servers"]
    assert document["servers"][0]["url"] == "/"


def test_no_link_uses_a_negative_index(document: dict[str, Any]) -> None:
    found: list[str] = []
    walk_schemas(document, lambda node: found.extend(
        value for value in node.values() if isinstance(value, str) and "/-" in value
        and value.startswith("$")))
    assert found == []


def test_the_alternative_media_types_are_served_on_request(client: FlaskClient) -> None:
    game_id = registry.game_ids()[0]
    picture = client.post(f"/v1/games/{game_id}/render", json={"format": "png"},
                          headers={"Accept": "application/octet-stream"})
    assert picture.mimetype == "application/octet-stream" and picture.data[:4] == b"\x89PNG"
    assert client.post(f"/v1/games/{game_id}/render", json={}).mimetype == "image/svg+xml"
    assert client.get("/openapi.yaml", headers={"Accept": "text/yaml"}).mimetype == "text/yaml"
    assert client.get("/openapi.yaml").mimetype == "application/yaml"


def test_each_game_names_its_own_components(document: dict[str, Any]) -> None:
    """The GameId schema's ``x-game-components`` (what the TypeScript client types each game
    by) names, for every game, components of the document: its options, its dice exactly
    when it has dice, and the schemas of the entry kinds and event types it declares."""
    schemas = document["components"]["schemas"]
    links = schemas["GameId"]["x-game-components"]
    assert list(links) == registry.game_ids()
    for game_id, link in links.items():
        cls = registry.game_class(game_id)
        assert cls is not None
        assert link["options"] == camel(game_id, "options")
        assert link.get("dice") == (camel(game_id, "dice") if cls.dice_schema else None)
        assert link["entries"] == [camel(kind, "entry") for kind in cls.entry_kinds]
        assert link["events"] == [camel(kind, "event") for kind in cls.event_schemas]
        named = [link["options"], *link["entries"], *link["events"]] + (
            [link["dice"]] if "dice" in link else [])
        assert all(name in schemas for name in named), game_id

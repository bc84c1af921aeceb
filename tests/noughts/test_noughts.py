"""The proof that a game plugs in without touching anything outside its own package:
Noughts and Crosses, defined in this folder only, registered by a fixture, served end to end
(setup, legal-moves, apply with and without dice, status, replay, perft, render, the game's
description with its reasons and dice, the API spec and schemathesis)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from rules import registry
from tests.http_helpers import Post

ROOT = Path(__file__).resolve().parents[2]
GAME = "/v1/games/noughts"


def call(post: Post, operation: str, body: dict[str, Any]) -> Any:
    """The status and the JSON of the answer to ``operation`` of the game with ``body``."""
    response = post("noughts", operation, body)
    return response.status_code, response.get_json(force=True, silent=True)


def test_listed_and_described_with_its_reasons_and_dice(client: FlaskClient) -> None:
    listed = client.get("/v1/games").get_json()
    assert "noughts" in [g["id"] for g in listed["games"]]
    detail = client.get(GAME).get_json()
    assert detail["reasons"]["illegal_move"] == {
        "malformed_move": "The move is not a square name such as b2.",
        "occupied": "Only an empty square can be marked."}
    assert set(detail["reasons"]["end"]) == {"three_in_a_row", "board_full", "resignation",
                                              "abandoned", "out_of_time", "agreement"}
    assert detail["dice"]["required"] == ["die"]


def test_a_whole_game_setup_legal_moves_apply_status(post: Post) -> None:
    status, body = call(post, "setup", {})
    assert status == 200 and body["position"] == ".../.../... x"
    position = body["position"]
    for square in ("a1", "a2", "b1", "b2", "c1"):
        status, moves = call(post, "legal-moves", {"position": position})
        assert status == 200 and square in [m["move"] for m in moves["moves"]]
        status, applied = call(post, "apply", {"position": position, "move": square})
        assert status == 200, applied
        position = applied["position"]
    assert position == ".../oo./xxx o"
    status, result = call(post, "status", {"position": position})
    assert result == {"state": "win", "winner": "x", "reason": "three_in_a_row",
                      "to_move": None}
    status, moves = call(post, "legal-moves", {"position": position})
    assert moves["count"] == 0


def test_illegal_and_malformed_moves_name_their_rule(post: Post) -> None:
    status, body = call(post, "apply", {"position": "x../.../... o", "move": "a3"})
    assert status == 422 and body["reason"] == "occupied"
    assert body["detail"] == "a3 already holds x; mark an empty square."
    status, body = call(post, "apply", {"move": "d4"})
    assert status == 422 and body["reason"] == "malformed_move"
    status, body = call(post, "apply", {"position": "xxx/oo./... o", "move": "c2"})
    assert status == 422 and body["code"] == "game_over"


def test_chance_moves_take_the_games_own_dice(post: Post) -> None:
    wobbly = {"wobbly_hands": True}
    status, body = call(post, "apply", {"options": wobbly, "move": "b2", "dice": {"die": 1}})
    assert status == 200 and body["position"] == ".../.../... o"
    assert body["events"] == [{"type": "slip", "square": "b2"}]
    status, body = call(post, "apply", {"options": wobbly, "move": "b2", "dice": {"die": 4}})
    assert body["position"] == ".../.x./... o" and body["dice"] == {"die": 4}
    status, body = call(post, "apply", {"options": wobbly, "move": "b2", "dice": {"die": 9}})
    assert status == 422 and body["code"] == "invalid_dice"
    status, body = call(post, "apply", {"options": wobbly, "move": "b2", "dice": 3})
    assert status == 400 and body["code"] == "malformed_request" and "dice" in body["errors"]
    status, body = call(post, "apply", {"options": wobbly, "move": "b2", "seed": 5})
    again = call(post, "apply", {"options": wobbly, "move": "b2", "seed": 5})[1]
    assert status == 200 and body == again
    moves = call(post, "legal-moves", {"options": wobbly})[1]["moves"]
    assert all(m["chance"] for m in moves)
    status, body = call(post, "apply", {"move": "b2", "dice": {"die": 4}})
    assert status == 422 and body["code"] == "invalid_dice"


def test_dice_of_another_game_are_refused_as_not_this_games(post: Post) -> None:
    wobbly = {"wobbly_hands": True}
    others = [registry.game_class(g).dice_schema for g in registry.game_ids()]
    other = next(schema for schema in others if schema and "die" not in schema["properties"])
    roll = {key: 1 for key in other["required"]}
    status, body = call(post, "apply", {"options": wobbly, "move": "b2", "dice": roll})
    assert status == 422 and body["code"] == "invalid_dice"
    assert "not dice of Noughts and Crosses" in body["detail"]


def test_replay_and_perft(post: Post) -> None:
    status, body = call(post, "replay", {"moves": ["a1", "a2", "b1", "b2", "c1"]})
    assert status == 200 and body["status"]["winner"] == "x" and body["plies"] == 5
    status, body = call(post, "replay", {"moves": ["a1", "a1"]})
    assert status == 422 and body["index"] == 1 and body["reason"] == "occupied"
    assert call(post, "perft", {"depth": 2})[1]["nodes"] == 72
    status, body = call(post, "perft", {"depth": 3, "divide": True})
    assert body["nodes"] == 504 and body["divide"]["b2"] == 56
    assert call(post, "perft", {"depth": 5})[1]["code"] == "work_limit_exceeded"


def test_render_svg_png_and_marks(post: Post) -> None:
    response = post("noughts", "render", {"position": "xxx/oo./... o"})
    svg = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert svg.count('class="cell"') == 9 and svg.count("<title>line</title>") == 3
    response = post("noughts", "render", {"format": "png", "size": 120})
    assert response.status_code == 200 and response.data[:4] == b"\x89PNG"


def test_the_spec_documents_it_with_valid_examples(client: FlaskClient, post: Post) -> None:
    spec = yaml.safe_load(client.get("/openapi.yaml").get_data(as_text=True))
    schemas = spec["components"]["schemas"]
    post_apply = spec["paths"]["/v1/games/{game}/apply"]["post"]
    assert post_apply["parameters"][0]["schema"] == {"$ref": "#/components/schemas/GameId"}
    assert "noughts" in schemas["GameId"]["enum"]
    example = post_apply["requestBody"]["content"]["application/json"]["examples"]["noughts"]
    status, _ = call(post, "apply", example["value"])
    assert status == 200
    assert "three_in_a_row" in schemas["EndReason"]["enum"]
    assert "occupied" in schemas["IllegalMoveReason"]["enum"]


def test_the_spec_names_its_options_dice_and_events(client: FlaskClient) -> None:
    spec = yaml.safe_load(client.get("/openapi.yaml").get_data(as_text=True))
    schemas = spec["components"]["schemas"]
    assert schemas["NoughtsOptions"]["properties"]["wobbly_hands"]["type"] == "boolean"
    assert schemas["NoughtsDice"]["required"] == ["die"]
    dice = schemas["ApplyRequest"]["properties"]["dice"]["anyOf"]
    assert {"$ref": "#/components/schemas/NoughtsDice"} in dice
    assert schemas["SlipEvent"]["required"] == ["type", "square"]
    assert schemas["Event"]["discriminator"]["mapping"]["slip"] == \
        "#/components/schemas/SlipEvent"
    # "place" is reported by another game too, with other fields: one schema has both's
    assert {"square", "piece"} <= set(schemas["PlaceEvent"]["properties"])


def test_schemathesis_on_every_operation_of_the_game(noughts_app: Flask) -> None:
    spec = yaml.safe_load(noughts_app.test_client().get("/openapi.yaml").get_data(as_text=True))
    spec["paths"] = {path: ops for path, ops in spec["paths"].items() if "{game}" in path}
    for operations in spec["paths"].values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "game":
                    parameter["schema"]["enum"] = ["noughts"]
    schema = schemathesis.openapi.from_dict(spec)
    schema.app = noughts_app
    failures = []
    for result in schema.get_all_operations():
        operation = result.ok()

        @settings(max_examples=15, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def check(case: Any) -> None:
            case.call_and_validate()

        from hypothesis import given
        try:
            given(operation.as_strategy())(check)()
        except Exception as exc:  # collected so every operation is tried
            failures.append(f"{operation.label}: {exc}")
    assert not failures, "\n".join(failures)


def test_no_file_outside_tests_names_the_game() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    code = [p for p in tracked if not p.startswith(("tests/", "docs/"))
            and p.endswith((".py", ".yaml", ".toml", ".js", ".html", ".cfg", ".txt"))]
    naming = [p for p in code if "noughts" in (ROOT / p).read_text(errors="ignore").lower()]
    assert naming == []


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_computer_opponent_comes_free_and_finds_a_win_in_one(post: Post,
                                                                  level: str) -> None:
    # x to move holds a1 and b1 (the bottom row): c1 wins at once, whatever the seed
    position = ".../oo./xx. x"
    for seed in range(3):
        status, answer = call(post, "suggest", {"position": position, "level": level,
                                                "playouts": 50, "seed": seed})
        assert status == 200, answer
        assert answer["move"] == "c1" and answer["entry"]["move"] == "c1"
        assert answer["value"] == 1.0 and answer["level"] == level
    status, applied = call(post, "apply", {"position": position, "move": "c1"})
    assert applied["status"]["winner"] == "x"
    status, problem = call(post, "suggest", {"position": applied["position"]})
    assert status == 422 and problem["code"] == "game_over"

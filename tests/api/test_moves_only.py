"""legal-moves' opt-in ``moves_only``: the move strings alone; the default answer unchanged."""

from __future__ import annotations

import pytest
import yaml

from rules import registry
from service.spec.openapi import SPEC_PATH


def _positions(game_id: str) -> list[str]:
    """The initial position and a few plies of each game's first moves: lists of every size."""
    game = registry.configure(game_id)
    pos, texts = game.start_position, []
    for _ in range(6):
        texts.append(game.format_position(pos))
        moves = game.legal_moves(pos)
        if not moves:
            break
        _, applied = game.play(pos, game.format_move(pos, moves[len(moves) // 2]), seed=1)
        pos = applied.position
    return texts


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_moves_only_answers_the_entries_move_strings_in_order(client, game_id):
    for text in _positions(game_id):
        url = f"/v1/games/{game_id}/legal-moves"
        full = client.post(url, json={"position": text}).get_json()
        short = client.post(url, json={"position": text, "moves_only": True}).get_json()
        assert short == {"to_move": full["to_move"], "count": full["count"],
                         "moves": [entry["move"] for entry in full["moves"]],
                         "position": full["position"], "options": full["options"]}
        assert all(isinstance(m, str) for m in short["moves"])


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_default_and_false_answer_full_entries(client, game_id):
    url = f"/v1/games/{game_id}/legal-moves"
    default = client.post(url, json={}).get_json()
    explicit = client.post(url, json={"moves_only": False}).get_json()
    assert default == explicit
    assert default["moves"] and all(isinstance(e, dict) and "move" in e
                                    for e in default["moves"])
    game = registry.configure(game_id)
    assert default["moves"] == game.legal_move_entries(game.start_position)


@pytest.mark.parametrize("value", [1, 0, "true", None, [True]])
def test_moves_only_takes_a_json_boolean_only(client, value):
    game_id = registry.game_ids()[0]
    response = client.post(f"/v1/games/{game_id}/legal-moves", json={"moves_only": value})
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_request"
    assert "moves_only" in response.get_json()["errors"]


def test_moves_only_is_refused_by_the_other_operations(client):
    game_id = registry.game_ids()[0]
    response = client.post(f"/v1/games/{game_id}/status", json={"moves_only": True})
    assert response.status_code == 400
    assert "moves_only" in response.get_json()["errors"]


def test_spec_declares_moves_only_and_both_shapes_of_moves():
    spec = yaml.safe_load(SPEC_PATH.read_text())
    request = spec["components"]["schemas"]["LegalMovesRequest"]["properties"]
    assert request["moves_only"]["type"] == "boolean"
    assert request["moves_only"]["default"] is False
    items = spec["components"]["schemas"]["LegalMovesResponse"]["properties"]["moves"]["items"]
    assert {"$ref": "#/components/schemas/LegalMoveEntry"} in items["oneOf"]
    assert any(alt.get("type") == "string" for alt in items["oneOf"])

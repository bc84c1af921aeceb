"""Maestria over HTTP, as a client that knows only the API spec (openapi.yaml) and
docs/rules/maestria.md would use it."""

from __future__ import annotations

import pytest

INITIAL = "-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1"
# Black's 3 on c1 (Mountain) attack the 2 white pawns on d2 (Plain).
PENDING = ("w1*,-,-,w2,-,-,-,-,-,-,-,-/-,-,b3,-,-,-,-,-,-,-,-,b1* play b 2 c1d2:3 0 6")
GAME = "maestria"


def test_setup_gives_the_empty_board_and_resolved_options(post):
    assert post(GAME, "setup").get_json() == {
        "position": INITIAL,
        "options": {"terrain": "PFMPFMMFPMFP/PFMPFMMFPMFP", "draw_after_quiet_plies": None}}
    custom = post(GAME, "setup", options={"terrain": "MMMMMMMMMMMM/PPPPPPPPPPPP"})
    assert custom.get_json()["options"]["terrain"] == "MMMMMMMMMMMM/PPPPPPPPPPPP"


def test_bad_terrain_is_invalid_options(post):
    answer = post(GAME, "setup", options={"terrain": "PFM/PFM"})
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_options"


def test_setup_placements_then_the_turn_passes(post):
    listed = post(GAME, "legal-moves").get_json()
    assert listed["to_move"] == "black" and listed["count"] == 12
    assert {"move": "@c1*", "kind": "place", "to": "c1", "count": 1, "general": True} in (
        listed["moves"])
    position = INITIAL
    for move in ("@a1*", "@a1", "@c1"):
        answer = post(GAME, "apply", position=position, move=move).get_json()
        position = answer["position"]
    assert position == "-,-,-,-,-,-,-,-,-,-,-,-/b2*,-,b1,-,-,-,-,-,-,-,-,- setup w 3 - 0 1"
    assert answer["status"]["to_move"] == "white" and answer["status"]["phase"] == "setup"


def test_a_pending_fight_offers_the_defenders_choices_and_exact_odds(post):
    listed = post(GAME, "legal-moves", position=PENDING).get_json()
    assert listed["to_move"] == "white"
    fight = next(m for m in listed["moves"] if m["move"] == "fight")
    assert fight["chance"] is True
    assert set(fight["odds"]) >= {"attacker_wins", "defender_wins", "tie"}
    assert "/" in fight["odds"]["attacker_wins"]["exact"]
    assert {m["move"] for m in listed["moves"]} == {"fight", "retreat:c2", "retreat:e2",
                                                    "retreat:e1", "retreat:d1"}
    status = post(GAME, "status", position=PENDING).get_json()
    assert status["to_move"] == "white" and status["fight"]["attacker"]["dice"] == [
        "d6", "d6", "d4"]


def test_fight_with_given_dice_and_with_service_dice(post):
    given = post(GAME, "apply", position=PENDING, move="fight",
                 dice={"attacker": [6, 6, 4], "defender": [1]}).get_json()
    assert given["dice"] == {"attacker": [6, 6, 4], "defender": [1]}
    assert given["position"] == (
        "w1*,-,-,b3,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,b1* play b 2 - 0 6")
    rolled = post(GAME, "apply", position=PENDING, move="fight", seed=7).get_json()
    again = post(GAME, "apply", position=PENDING, move="fight", seed=7).get_json()
    assert rolled == again and len(rolled["dice"]["attacker"]) == 3


def test_wrong_dice_are_invalid_dice(post):
    answer = post(GAME, "apply", position=PENDING, move="fight",
                  dice={"attacker": [6, 6], "defender": [1]})
    body = answer.get_json()
    assert answer.status_code == 422 and body["code"] == "invalid_dice"
    assert "d4" in body["detail"]


@pytest.mark.parametrize("position,move,reason", [
    (INITIAL, "@b1", "wrong_cell_colour"),
    (INITIAL, "@a2", "not_own_camp"),
    (PENDING, "end", "fight_pending"),
    (PENDING, "retreat:c1", "retreat_blocked"),
    ("w1*,-,-,-,-,-,-,-,-,-,-,-/-,-,b3,-,-,-,-,-,-,-,-,b1* play b 2 - 0 6", "c1d1:3",
     "no_action_points"),
    ("w1*,-,-,-,-,-,-,-,-,-,-,-/-,-,b3,-,-,-,-,-,-,-,-,b1* play b 2 - 0 6", "c1e1:1",
     "not_adjacent"),
    (INITIAL, "c1 d1", "malformed_move"),
])
def test_illegal_actions_name_the_rule(post, position, move, reason):
    answer = post(GAME, "apply", position=position, move=move)
    body = answer.get_json()
    assert answer.status_code == 422 and body["code"] == "illegal_move"
    assert body["reason"] == reason, body


def test_invalid_position_names_the_problem(post):
    answer = post(GAME, "status", position=INITIAL.replace("setup b 3", "setup b 4"))
    body = answer.get_json()
    assert answer.status_code == 422 and body["code"] == "invalid_position"
    assert "budget" in body["detail"]


def test_the_generals_fall_ends_the_game(post):
    position = "w1*,-,-,-,-,-,-,-,-,-,-,-/b2,-,-,-,-,-,-,-,-,-,-,b1* play b 3 a1a2:2 0 6"
    answer = post(GAME, "apply", position=position, move="fight",
                  dice={"attacker": [6, 6], "defender": [1]}).get_json()
    assert answer["status"] == {"state": "win", "winner": "black",
                                "reason": "general_eliminated", "to_move": None,
                                "phase": "play"}
    over = post(GAME, "apply", position=answer["position"], move="end")
    assert over.status_code == 422 and over.get_json()["code"] == "game_over"


def test_perft_and_its_depth_limit(post):
    assert post(GAME, "perft", depth=3).get_json() == {"depth": 3, "nodes": 864}
    too_deep = post(GAME, "perft", depth=4)
    assert too_deep.status_code == 422


def test_game_detail_documents_notation_and_terrain(client):
    detail = client.get("/v1/games/maestria").get_json()
    assert detail["setups"]["default"] == INITIAL
    assert "retreat" in detail["notation"]["move"]

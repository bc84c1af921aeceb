"""Sceptre over HTTP, as a client that knows only the documented API would use it."""

from __future__ import annotations

GAME = "sceptre"
INITIAL = ("bRbNbBbQbKbBbNbR/bPbPbPbPbPbPbPbP/8/8/8/8/8/8/8/8/8/8/8/8/wPwPwPwPwPwPwPwP/"
           "wRwNwBwQwKwBwNwR w ww,bb 0 1")


def test_setup_with_no_options_is_the_two_player_game(post):
    answer = post(GAME, "setup").get_json()
    assert answer["position"] == INITIAL
    assert answer["options"]["players"] == ["w", "b"]
    assert [s["name"] for s in answer["options"]["sections"]] == ["southern-march",
                                                                 "northern-march"]


def test_setup_for_four_players(post):
    answer = post(GAME, "setup", options={"players": ["w", "r", "b", "y"]}).get_json()
    assert answer["position"].endswith(" w ww,rr,bb,yy 0 1")


def test_legal_moves_and_apply(post):
    listed = post(GAME, "legal-moves", position=INITIAL).get_json()
    assert listed["to_move"] == "white" and listed["count"] == len(listed["moves"]) == 66
    entry = next(m for m in listed["moves"] if m["move"] == "e2e5")
    assert entry == {"move": "e2e5", "from": "e2", "to": "e5", "piece": "wP", "kind": "move"}
    applied = post(GAME, "apply", position=INITIAL, move="e2e5").get_json()
    assert applied["position"].split(" ")[1:] == ["b", "ww,bb", "1", "1"]
    assert applied["status"]["to_move"] == "black"


def test_illegal_move_is_422_with_the_rule(post):
    response = post(GAME, "apply", position=INITIAL, move="e2e6")
    body = response.get_json()
    assert response.status_code == 422 and body["code"] == "illegal_move"
    assert body["reason"] == "piece_movement"


def test_terrain_reason_over_http(post):
    # The white Rook on a1 cannot cross the river on a5 of the southern-march section.
    position = "4bK3/8/8/8/8/8/8/8/8/8/8/8/8/8/8/wRwK6 w ww,bb 0 1"
    response = post(GAME, "apply", position=position, move="a1a8")
    assert response.status_code == 422 and response.get_json()["reason"] == "terrain"


def test_invalid_position_is_422(post):
    response = post(GAME, "legal-moves", position="bK7/8 w ww,bb 0 1")
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_position"


def test_invalid_layout_is_422(post):
    response = post(GAME, "setup", options={"sections": [{"origin": "a1", "name": "nowhere"}]})
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_options"


def test_perft(post):
    answer = post(GAME, "perft", position=INITIAL, depth=2).get_json()
    assert answer["nodes"] == 3762

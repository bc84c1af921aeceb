"""King's Mate over HTTP, as a client that knows only the HTTP contract (``openapi.yaml``) would
use it."""

from __future__ import annotations

import pytest

START = "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1"
GAME = "kings-mate"
ACTIVE = {"active_play": True}
ATTEMPT = "6k/7/7/1f5/7/7/7/1W5/K5F w - - 0 1"


def test_setup_gives_the_initial_position_and_every_option(post):
    assert post(GAME, "setup").get_json() == {
        "position": START,
        "options": {"stalemate": "draw", "fools_gambit": False, "defense_of_the_crown": False,
                    "active_play": False, "draw_after_quiet_plies": None}}


def test_game_is_listed_with_its_options(client):
    games = {g["id"]: g for g in client.get("/v1/games").get_json()["games"]}
    assert games["kings-mate"]["players"] == ["white", "black"]
    assert {o["name"] for o in games["kings-mate"]["options"]} == {
        "stalemate", "fools_gambit", "defense_of_the_crown", "active_play",
        "draw_after_quiet_plies"}
    detail = client.get("/v1/games/kings-mate").get_json()
    assert {p["letter"] for p in detail["pieces"]} == set("KSPEWF")


def test_legal_moves_and_apply(post):
    listed = post(GAME, "legal-moves", position=START).get_json()
    assert listed["to_move"] == "white" and listed["count"] == len(listed["moves"]) == 11
    for entry in listed["moves"]:
        answer = post(GAME, "apply", position=START, move=entry["move"])
        assert answer.status_code == 200 and answer.get_json()["move"] == entry["move"]
    answer = post(GAME, "apply", position=START, move="d2d3").get_json()
    assert answer["position"] == "wpsksew/ff1f1ff/7/7/7/7/3F3/FF3FF/WPSKSEW b Kk - 1 1"
    assert answer["status"] == {"state": "ongoing", "winner": None, "reason": None,
                                "to_move": "black", "in_check": False}


def test_illegal_move_names_the_rule(post):
    answer = post(GAME, "apply", position=START, move="c1c3")
    problem = answer.get_json()
    assert answer.status_code == 422 and problem["code"] == "illegal_move"
    assert problem["reason"] == "swordmaster_formation" and problem["detail"]
    problem = post(GAME, "apply", position="6k/7/7/7/7/7/7/3W3/K6 w - - 0 1",
                   move="d2d7").get_json()
    assert problem["reason"] == "raised_square"


def test_invalid_position_is_refused(post):
    answer = post(GAME, "legal-moves", position="wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF w Kk - 0 1")
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_position"
    answer = post(GAME, "status", position=START.replace(" w ", " x "))
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_position"


def test_status_reports_check_and_checkmate(post):
    answer = post(GAME, "status", position="6k/7/w6/7/7/7/7/7/K6 w - - 0 1").get_json()
    assert answer["in_check"] is True and answer["state"] == "ongoing"
    answer = post(GAME, "status", position="6k/6s/ww5/7/7/7/6F/7/K6 w - - 0 40").get_json()
    assert (answer["state"], answer["winner"], answer["reason"]) == ("win", "black", "checkmate")


def test_capture_attempts_take_dice_or_are_rolled(post):
    listed = post(GAME, "legal-moves", position=ATTEMPT, options=ACTIVE).get_json()
    entry = next(m for m in listed["moves"] if m["move"] == "b2b6")
    assert entry["chance"] is True and entry["probability"] == pytest.approx(15 / 36)
    answer = post(GAME, "apply", position=ATTEMPT, options=ACTIVE, move="b2b6",
                  dice={"attacker": 5, "defender": 3}).get_json()
    assert answer["position"] == "6k/7/7/1W5/7/7/7/7/K5F b - - 0 1"
    assert answer["dice"] == {"attacker": 5, "defender": 3}
    answer = post(GAME, "apply", position=ATTEMPT, options=ACTIVE, move="b2b6",
                  dice={"attacker": 2, "defender": 4}).get_json()
    assert answer["position"] == "6k/7/7/1f5/7/7/7/1W5/K5F w - b2 0 1"
    first = post(GAME, "apply", position=ATTEMPT, options=ACTIVE, move="b2b6", seed=7)
    second = post(GAME, "apply", position=ATTEMPT, options=ACTIVE, move="b2b6", seed=7)
    assert first.get_json() == second.get_json() and "dice" in first.get_json()
    bad = post(GAME, "apply", position=ATTEMPT, options=ACTIVE, move="b2b6",
               dice={"attacker": 9, "defender": 1})
    assert bad.status_code == 422 and bad.get_json()["code"] == "invalid_dice"


def test_perft(post):
    answer = post(GAME, "perft", position=START, depth=3).get_json()
    assert answer == {"depth": 3, "nodes": 1485}


def test_unknown_option_is_refused(post):
    answer = post(GAME, "setup", options={"fools_gambyt": True})
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_options"

"""Mastery over HTTP, as a client that knows only the API description (openapi.yaml) and
docs/rules/mastery.md would use it."""

from __future__ import annotations

import pytest

IMPERIAL = "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1"
DRAUME = "1momom2/1ppopp2/p2o2p1/8/8/1P2O2P/2PPOPP1/2MOMOM1 d - 0 1"
GAME = "mastery"


def test_setup_gives_both_initial_positions(post):
    assert post(GAME, "setup").get_json() == {
        "position": IMPERIAL,
        "options": {"ruleset": "ross-2002", "setup": "imperial", "draw_after_quiet_plies": None}}
    assert post(GAME, "setup", options={"setup": "draume-crown"}).get_json()["position"] == DRAUME


def test_game_detail_documents_pieces_setups_and_notation(client):
    detail = client.get("/v1/games/mastery").get_json()
    assert {p["letter"] for p in detail["pieces"]} == {"M", "O", "P"}
    assert detail["setups"]["imperial"] == IMPERIAL
    assert "resurrect" in detail["notation"]["move"] or "+" in detail["notation"]["move"]


def test_legal_moves_every_move_applies(post):
    listed = post(GAME, "legal-moves", position=IMPERIAL).get_json()
    assert listed["to_move"] == "dark" and listed["count"] == len(listed["moves"]) == 40
    for entry in listed["moves"][:10]:
        applied = post(GAME, "apply", position=IMPERIAL, move=entry["move"])
        assert applied.status_code == 200 and applied.get_json()["move"] == entry["move"]


def test_a_few_moves_of_a_game(post):
    position = IMPERIAL
    for move in ("d4d5", "e5d4", "e3e4"):
        answer = post(GAME, "apply", position=position, move=move).get_json()
        position = answer["position"]
    assert position == "2mmm3/2ooo3/1ppopp2/2pP4/3pOP2/2PP1PP1/3OOO2/3MMM2 l e3-e4 3 2"
    assert answer["status"] == {"state": "ongoing", "winner": None, "reason": None,
                                "to_move": "light"}


def test_control_capture_with_resurrection(post):
    # Dark's Master on d4 controls the light Pawn on e5, which captures the light Officer on e7.
    position = "7m/4o3/7p/4p3/3M4/P7/1O6/M7 d - 0 1"
    moves = {m["move"]: m for m in post(GAME, "legal-moves", position=position).get_json()["moves"]}
    assert moves["e5e7+P@g1"]["control"] is True
    assert moves["e5e7+P@g1"]["resurrect"] == {"piece": "P", "square": "g1"}
    answer = post(GAME, "apply", position=position, move="e5e7+P@g1").get_json()
    assert [e["type"] for e in answer["events"]] == ["control", "capture", "resurrection"]
    assert answer["position"] == "7m/4p3/7p/8/3M4/P7/1O6/M5P1 l e5xe7 0 1"


def test_master_blind_spot_and_reason(post):
    position = "7m/8/7p/8/3Mp3/P7/1O6/M7 d - 0 1"
    answer = post(GAME, "apply", position=position, move="e4e5")
    assert answer.status_code == 422
    assert answer.get_json()["reason"] == "not_in_zone_of_control"


@pytest.mark.parametrize("position,move,reason", [
    ("7m/8/7p/3M4/8/P7/1O6/M7 d d4-d5 0 1", "d5d4", "reflection_rule"),
    ("7m/8/7p/8/3M4/P7/1O6/M7 d - 0 1", "d4e5", "piece_movement"),
    ("7m/8/7p/8/3M4/8/1O6/M7 d - 0 1", "h6h5", "lost_power"),
    ("7m/8/7p/8/3M4/P7/1O6/M7 d - 0 1", "h8h7", "not_your_piece"),
    ("7m/8/7p/3P4/3M4/P7/1O6/M7 d - 0 1", "d4d6", "path_blocked"),
    ("7m/8/7p/8/3M4/P7/1O6/M7 d - 0 1", "h6h5", "not_in_zone_of_control"),
])
def test_illegal_moves_name_the_rule(post, position, move, reason):
    answer = post(GAME, "apply", position=position, move=move)
    body = answer.get_json()
    assert answer.status_code == 422 and body["code"] == "illegal_move"
    assert body["reason"] == reason, body


def test_ko_rule_under_classic(post):
    position = "7m/8/7p/4p3/3M4/P7/1O6/M7 d e6-e5 0 1"
    answer = post(GAME, "apply", position=position, move="e5e6",
                  options={"ruleset": "classic-1990"})
    assert answer.get_json()["reason"] == "ko_rule"
    assert post(GAME, "apply", position=position, move="e5e6").get_json()["reason"] == (
        "reflection_rule")


def test_terminal_positions_report_winner_and_reason(post):
    status = post(GAME, "status", position="7m/8/7p/8/8/8/1O6/8 l - 0 9").get_json()
    assert status == {"state": "win", "winner": "light", "reason": "no_masters", "to_move": None}
    listed = post(GAME, "legal-moves", position="7m/8/7p/8/8/8/1O6/8 l - 0 9").get_json()
    assert listed["count"] == 0 and listed["to_move"] is None
    over = post(GAME, "apply", position="7m/8/7p/8/8/8/1O6/8 l - 0 9", move="h6h5")
    assert over.status_code == 422 and over.get_json()["code"] == "game_over"


def test_invalid_position_names_the_problem(post):
    answer = post(GAME, "legal-moves", position="2mmm3/2ooo3 d - 0 1")
    body = answer.get_json()
    assert answer.status_code == 422 and body["code"] == "invalid_position"
    assert "ranks" in body["detail"]


def test_replay_reports_the_first_illegal_move(post):
    ok = post(GAME, "replay", moves=["d4d5", "e5d4", "e3e4"]).get_json()
    assert ok["plies"] == 3 and ok["status"]["to_move"] == "light"
    bad = post(GAME, "replay", moves=["d4d5", "e5d4", "e3f4"])
    body = bad.get_json()
    assert bad.status_code == 422 and body["index"] == 2 and body["code"] == "illegal_move"


def test_perft_depth_three_and_divide(post):
    assert post(GAME, "perft", depth=3).get_json() == {"depth": 3, "nodes": 86595}
    divided = post(GAME, "perft", depth=2, divide=True).get_json()
    assert divided["nodes"] == 1817 and len(divided["divide"]) == 40


def test_quiet_plies_draw_is_opt_in(post):
    position = "7m/8/7p/8/3M4/P7/1O6/M7 d - 50 30"
    assert post(GAME, "status", position=position).get_json()["state"] == "ongoing"
    drawn = post(GAME, "status", position=position,
                 options={"draw_after_quiet_plies": 50}).get_json()
    assert (drawn["state"], drawn["reason"]) == ("draw", "quiet_plies")

"""POST /v1/games/{game}/suggest: a legal move with its legal-moves entry, reproducible by seed
and playouts, budgets capped (400 past a cap), finished games refused (422 game_over)."""

from __future__ import annotations

import pytest

from rules import registry
from rules.search import MAX_TIME_MS
from tests.http_helpers import assert_problem
from tests.search_checks import count_search_time_in_steps


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("level", ["random", "greedy", "mcts"])
def test_the_answer_is_a_legal_move_with_its_entry(post, monkeypatch, game_id, level):
    count_search_time_in_steps(monkeypatch, 0.001)   # 40 playouts end far below the time cap
    response = post(game_id, "suggest", level=level, playouts=40, seed=3)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    entries = post(game_id, "legal-moves").get_json()["moves"]
    assert answer["entry"] in entries and answer["entry"]["move"] == answer["move"]
    assert answer["level"] == level and 0 <= answer["value"] <= 1
    assert answer["playouts"] == (40 if level == "mcts" else 0)
    assert answer["alternatives"][0]["move"] == answer["move"]
    assert {a["move"] for a in answer["alternatives"]} <= {e["move"] for e in entries}
    assert 0 <= answer["time_ms"] < MAX_TIME_MS


def test_mcts_is_the_default_level_and_the_same_request_gives_the_same_answer(post):
    position = "2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2"
    first = post("mastery", "suggest", position=position, playouts=80).get_json()
    again = post("mastery", "suggest", position=position, playouts=80, seed=0).get_json()
    assert first["level"] == "mcts" and first["playouts"] == 80
    for answer in (first, again):
        answer.pop("time_ms")
    assert first == again


def test_the_game_default_budget_is_used_when_none_is_given(post, monkeypatch):
    # a clock far too slow to reach the time cap: the budget alone stops the search
    count_search_time_in_steps(monkeypatch, 1e-9)
    game = registry.configure("maestria")  # its playouts are the cheapest
    answer = post("maestria", "suggest").get_json()
    assert answer["playouts"] == game.search_limits.playouts


def test_chance_moves_and_options_are_searched(post):
    options = {"active_play": True}
    answer = post("kings-mate", "suggest", options=options, playouts=30).get_json()
    applied = post("kings-mate", "apply", move=answer["move"], options=options, seed=1)
    assert applied.status_code == 200


@pytest.mark.parametrize("body,field", [
    ({"playouts": 0}, "playouts"),
    ({"playouts": 10**6}, "playouts"),
    ({"time_ms": MAX_TIME_MS + 1}, "time_ms"),
    ({"time_ms": 0}, "time_ms"),
    ({"level": "expert"}, "level"),
    ({"seed": -1}, "seed"),
    ({"playouts": "many"}, "playouts"),
])
def test_budgets_past_their_caps_are_400(post, body, field):
    problem = assert_problem(post("mastery", "suggest", **body), 400, "malformed_request")
    assert field in problem["errors"]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_each_game_s_playout_cap_is_400_past_it_with_the_cap_named(post, game_id):
    cap = registry.game_class(game_id).search_limits.max_playouts
    problem = assert_problem(post(game_id, "suggest", playouts=cap + 1, time_ms=1), 400,
                             "malformed_request")
    assert str(cap) in problem["detail"] and "playouts" in problem["errors"]


def test_a_finished_game_is_422_game_over(post):
    problem = assert_problem(
        post("mastery", "suggest", position="o6p/8/8/8/3m4/8/8/O6P d d6xd4 0 2"), 422,
        "game_over")
    assert problem["winner"] == "light"


def test_bad_positions_and_games_are_refused_as_elsewhere(post):
    assert_problem(post("mastery", "suggest", position="nonsense"), 422, "invalid_position")
    assert_problem(post("chess", "suggest"), 404, "unknown_game")
    assert_problem(post("mastery", "suggest", options={"ruleset": "x"}), 422, "invalid_options")


def test_the_caps_are_in_the_spec():
    import yaml

    from service.spec.openapi import spec_yaml

    spec = yaml.safe_load(spec_yaml())
    schema = spec["components"]["schemas"]["SuggestRequest"]["properties"]
    assert schema["time_ms"]["maximum"] == MAX_TIME_MS
    per_game = schema["playouts"]["x-playouts-per-game"]
    for game_id in registry.game_ids():
        limits = registry.game_class(game_id).search_limits
        assert f"{game_id} {limits.playouts} (at most {limits.max_playouts})" in (
            schema["playouts"]["description"])
        assert per_game[game_id] == {"default": limits.playouts, "maximum": limits.max_playouts}
    assert schema["playouts"]["maximum"] == max(cap["maximum"] for cap in per_game.values())

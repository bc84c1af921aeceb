"""Replay's ``history``, for game viewers: every ply's move, dice, events, mover, and the
position and status after it, equal to what apply answers ply by ply; and a replay that does
not ask for it answered exactly as before."""

from __future__ import annotations

import pytest

from rules import registry
from tests.http_helpers import PLAYER_SETS, assert_problem, played_through_apply

#: the most plies of each random game
PLIES = 60

@pytest.mark.parametrize("game_id, options", PLAYER_SETS, ids=lambda v: str(v))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_ply_of_the_history_is_what_apply_answered(post, game_id, options, seed):
    setup, answers = played_through_apply(post, game_id, options, seed, PLIES)
    moves = [a["move"] for a in answers]
    dice = [a.get("dice") for a in answers]
    replay = post(game_id, "replay", options=setup["options"], moves=moves, dice=dice,
                  history=True)
    assert replay.status_code == 200, replay.get_json()
    history = replay.get_json()["history"]
    assert len(history) == len(answers) == replay.get_json()["plies"]
    before = post(game_id, "status", options=setup["options"]).get_json()
    for entry, applied in zip(history, answers):
        assert entry == {"move": applied["move"], "dice": applied.get("dice"),
                         "events": applied["events"], "mover": before["to_move"],
                         "position": applied["position"], "status": applied["status"]}
        before = applied["status"]
    assert history[-1]["position"] == replay.get_json()["position"]
    assert history[-1]["status"] == replay.get_json()["status"]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_replay_without_history_is_answered_as_before(client, game_id):
    game = registry.configure(game_id)
    start = game.start_position
    move = game.format_move(start, game.legal_moves(start)[0])
    url = f"/v1/games/{game_id}/replay"
    plain = client.post(url, json={"moves": [move], "seed": 4})
    asked_not = client.post(url, json={"moves": [move], "seed": 4, "history": False})
    assert plain.data == asked_not.data
    assert set(plain.get_json()) == {"position", "plies", "moves", "dice", "status"}
    with_history = client.post(url, json={"moves": [move], "seed": 4, "history": True})
    assert {k: v for k, v in with_history.get_json().items() if k != "history"} == \
        plain.get_json()


def test_an_empty_replay_has_an_empty_history(post):
    assert post("mastery", "replay", moves=[], history=True).get_json()["history"] == []


def test_history_is_a_boolean(post):
    problem = assert_problem(post("mastery", "replay", moves=[], history="yes"), 400,
                             "malformed_request")
    assert "history" in problem["errors"]


def test_a_failing_ply_fails_the_replay_with_history_as_without(post):
    game = registry.configure("kings-mate")
    start = game.start_position
    move = game.format_move(start, game.legal_moves(start)[0])
    without = post("kings-mate", "replay", moves=[move, "a1a9"]).get_json()
    problem = assert_problem(post("kings-mate", "replay", moves=[move, "a1a9"], history=True),
                             422, without["code"])
    assert problem["index"] == 1 == without["index"]

"""Sceptre's boards seen from each of its three or four players, who sit on every side of the
board (each behind his forward direction), including a forward direction given in the
options."""

from __future__ import annotations

import pytest

from rules import registry
from tests.service.test_orientation import check_seen_from


@pytest.mark.parametrize("options", [
    {"players": ["w", "r", "b"]},
    {"players": ["w", "r", "b", "y"]},
    {"players": ["w", "b"], "forward": {"w": "north", "b": "south"}},
])
def test_every_seat_of_a_many_player_board_sees_it_from_its_side(client, options):
    check_seen_from(client, "sceptre", options, 8)


def test_each_player_sits_behind_his_forward_direction():
    game = registry.configure("sceptre", {"players": ["w", "r", "b", "y"]})
    assert game.seat_edges() == {"white": "south", "red": "west", "black": "north",
                                 "yellow": "east"}


def test_a_colour_that_does_not_play_is_no_orientation(client):
    response = client.post("/v1/games/sceptre/render", json={"orientation": "red"})
    problem = response.get_json()
    assert response.status_code == 422 and problem["code"] == "invalid_orientation"
    assert "does not take part" in problem["detail"] and "white, black" in problem["detail"]

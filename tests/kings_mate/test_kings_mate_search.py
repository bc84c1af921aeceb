"""The computer opponent in King's Mate: a mate in one is found, with and without active play."""

from __future__ import annotations

import pytest

from search_checks import assert_finds_the_win_in_one

WINS_IN_ONE = [
    # the Swordmaster takes the black Swordmaster with mate, the white King guarding it
    ({}, "3ks1S/5K1/7/P6/7/e6/7/2f4/7 w - - 60 191", {"g9e9"}),
    # under active play a capture is only an attempt: the Swordmaster mates without one
    ({"active_play": True}, "7/7/7/7/4p2/7/4K2/6s/5k1 b - - 253 400", {"g2e2"}),
]


@pytest.mark.parametrize("options,text,winning", WINS_IN_ONE, ids=["plain", "active_play"])
@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_a_mate_in_one_is_found(options, text, winning, level):
    assert_finds_the_win_in_one("kings-mate", options, text, winning, level)

"""Forgiving input, exact output, and errors that say what to do (every game, over HTTP).

Whitespace around a position or a move is ignored wherever one is read; answers always carry
the canonical form. Error details quote client values as JSON; an empty position says it is
empty. Every registered game is checked, and so is a game a test brings (Noughts and
Crosses): a new game needs nothing added here.
"""

from __future__ import annotations

import pytest

from rules import registry
from rules.core.view import has_view
from service.http.app import create_app
from tests.http_helpers import Post, poster
from tests.noughts.noughts_game import NoughtsAndCrosses
from tests.positions import opening

PADDINGS = [("", "\n"), (" ", " "), ("\t", "\r\n")]
EMPTIES = ["", "  ", "\n"]


def start(post: Post, game: str) -> str:
    return post(game, "setup").get_json()["position"]


def check_whitespace_around_positions_and_moves_is_ignored(post: Post, game: str,
                                                          padding: tuple[str, str]) -> None:
    """Apply, replay, legal-moves, status, perft and render read a position and a move
    padded with whitespace as the exact ones, and answer the canonical forms."""
    before, after = padding
    position, move = start(post, game), opening(game)
    sloppy, sloppy_move = before + position + after, before + move + after
    # a seed, in case the game's first move is decided by dice
    exact = post(game, "apply", position=position, move=move, seed=1).get_json()

    applied = post(game, "apply", position=sloppy, move=sloppy_move, seed=1)
    assert applied.status_code == 200, applied.get_json()
    assert applied.get_json() == exact       # canonical position and move in the answer
    replayed = post(game, "replay", position=sloppy, moves=[sloppy_move], seed=1).get_json()
    assert replayed["position"] == exact["position"] and replayed["moves"] == [move]
    for operation in ("legal-moves", "status"):
        answer = post(game, operation, position=sloppy)
        assert answer.status_code == 200, (operation, answer.get_json())
        assert answer.get_json() == post(game, operation, position=position).get_json()
    perft = post(game, "perft", position=sloppy, depth=1).get_json()
    assert perft == post(game, "perft", position=position, depth=1).get_json()
    picture = post(game, "render", position=sloppy, last_move=move + after)
    if has_view(registry.configure(game)):
        assert picture.status_code == 200 and picture.data.startswith(b"<svg")
    else:
        assert picture.get_json()["code"] == "render_unavailable"


def check_a_move_of_nothing_but_whitespace_is_still_refused(post: Post, game: str) -> None:
    answer = post(game, "apply", move=" \n").get_json()
    assert (answer["code"], answer["reason"]) == ("illegal_move", "malformed_move")


def check_an_empty_position_says_it_is_empty(post: Post, game: str, empty: str) -> None:
    problem = post(game, "status", position=empty).get_json()
    assert problem["code"] == "invalid_position"
    assert problem["detail"].startswith("The position is empty;")
    assert "omit it" in problem["detail"]


@pytest.mark.parametrize("game", registry.game_ids())
@pytest.mark.parametrize("padding", PADDINGS)
def test_whitespace_around_positions_and_moves_is_ignored(post, game, padding):
    check_whitespace_around_positions_and_moves_is_ignored(post, game, padding)


@pytest.mark.parametrize("game", registry.game_ids())
def test_a_move_of_nothing_but_whitespace_is_still_refused(post, game):
    check_a_move_of_nothing_but_whitespace_is_still_refused(post, game)


@pytest.mark.parametrize("game", registry.game_ids())
@pytest.mark.parametrize("empty", EMPTIES)
def test_an_empty_position_says_it_is_empty(post, game, empty):
    check_an_empty_position_says_it_is_empty(post, game, empty)


def test_a_game_brought_by_a_test_is_read_as_forgivingly(register_game):
    with register_game(NoughtsAndCrosses):
        post = poster(create_app().test_client())
        for padding in PADDINGS:
            check_whitespace_around_positions_and_moves_is_ignored(post, "noughts", padding)
        check_a_move_of_nothing_but_whitespace_is_still_refused(post, "noughts")
        for empty in EMPTIES:
            check_an_empty_position_says_it_is_empty(post, "noughts", empty)


@pytest.mark.parametrize("game, options, quoted", [
    ("kings-mate", {"fools_gambit": "yes"}, 'got "yes"'),
    ("kings-mate", {"stalemate": True}, "got true"),
    ("kings-mate", {"fools_gambit": None}, "got null"),
    ("mastery", {"draw_after_quiet_plies": False}, "got false"),
    ("mastery", {"setup": None}, "got null"),
    ("sceptre", {"players": ["w", "q"]}, 'has "q"'),
    ("sceptre", {"sections": [{"origin": None, "name": "crossroads"}]}, "got null"),
    ("sceptre", {"forward": {"w": True}}, "direction true"),
])
def test_values_in_error_details_are_spelled_as_json(post, game, options, quoted):
    problem = post(game, "setup", options=options).get_json()
    assert problem["code"] == "invalid_options"
    assert quoted in problem["detail"], problem["detail"]
    assert "True" not in problem["detail"] and "None" not in problem["detail"]


def test_dice_values_in_error_details_are_spelled_as_json(post):
    options = {"active_play": True}
    position = "6k/7/7/1f5/7/7/7/1W5/K5F w - - 0 1"   # the Keeper on b2 may attempt b6
    problem = post("kings-mate", "apply", position=position, options=options,
                   move="b2b6", dice={"attacker": True, "defender": 3}).get_json()
    assert problem["code"] == "invalid_dice" and "got true" in problem["detail"]


QUIET_DRAW = "draw_after_quiet_plies"


def test_the_quiet_draw_option_speaks_each_games_own_terms(client):
    """Every game offering the house rule describes its counter in its own words (declared
    with its options), never in a wording another game shares."""
    served, declared = {}, {}
    for game in registry.game_ids():
        specs = {spec.name: spec for spec in registry.game_class(game).option_specs}
        if QUIET_DRAW in specs:
            declared[game] = specs[QUIET_DRAW].description
            options = client.get(f"/v1/games/{game}").get_json()["options"]
            served[game] = next(o for o in options if o["name"] == QUIET_DRAW)["description"]
    assert served == declared and len(served) >= 2
    assert len(set(served.values())) == len(served), served

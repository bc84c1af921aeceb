"""Forgiving input, exact output, and errors that say what to do (every game, over HTTP).

Whitespace around a position or a move is ignored wherever one is read; answers always carry
the canonical form. Error details quote client values as JSON; an empty position says it is
empty; a Sceptre position whose shape does not fit the options says which options it fits.
"""

from __future__ import annotations

import pytest

from rules import registry

OPENINGS = {"mastery": "d4d5", "kings-mate": "d2d3", "maestria": "@c1", "sceptre": "e2e5"}


def start(post, game: str) -> str:
    return post(game, "setup").get_json()["position"]


def test_every_game_has_an_opening_here():
    assert sorted(OPENINGS) == sorted(registry.game_ids())


@pytest.mark.parametrize("game", sorted(OPENINGS))
@pytest.mark.parametrize("padding", [("", "\n"), (" ", " "), ("\t", "\r\n")])
def test_whitespace_around_positions_and_moves_is_ignored(post, game, padding):
    before, after = padding
    position, move = start(post, game), OPENINGS[game]
    sloppy, sloppy_move = before + position + after, before + move + after
    exact = post(game, "apply", position=position, move=move).get_json()

    applied = post(game, "apply", position=sloppy, move=sloppy_move)
    assert applied.status_code == 200, applied.get_json()
    assert applied.get_json() == exact       # canonical position and move in the answer
    replayed = post(game, "replay", position=sloppy, moves=[sloppy_move]).get_json()
    assert replayed["position"] == exact["position"] and replayed["moves"] == [move]
    for operation in ("legal-moves", "status"):
        answer = post(game, operation, position=sloppy)
        assert answer.status_code == 200, (operation, answer.get_json())
        assert answer.get_json() == post(game, operation, position=position).get_json()
    perft = post(game, "perft", position=sloppy, depth=1).get_json()
    assert perft == post(game, "perft", position=position, depth=1).get_json()
    picture = post(game, "render", position=sloppy, last_move=move + after)
    assert picture.status_code == 200 and picture.data.startswith(b"<svg")


def test_a_move_of_nothing_but_whitespace_is_still_refused(post):
    answer = post("mastery", "apply", move=" \n").get_json()
    assert (answer["code"], answer["reason"]) == ("illegal_move", "malformed_move")


@pytest.mark.parametrize("game", sorted(OPENINGS))
@pytest.mark.parametrize("empty", ["", "  ", "\n"])
def test_an_empty_position_says_it_is_empty(post, game, empty):
    problem = post(game, "status", position=empty).get_json()
    assert problem["code"] == "invalid_position"
    assert problem["detail"].startswith("The position is empty;")
    assert "omit it" in problem["detail"]


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


# ---- Sceptre: positions travel with their options --------------------------------------------

def sceptre_start(post, players: list[str]) -> str:
    return post("sceptre", "setup", options={"players": players}).get_json()["position"]


def test_a_four_player_position_without_its_options_names_the_options_it_fits(post):
    position = sceptre_start(post, ["w", "r", "b", "y"])
    problem = post("sceptre", "legal-moves", position=position).get_json()
    assert problem["code"] == "invalid_position"
    detail = problem["detail"]
    assert "24 files x 24 ranks" in detail and "8 files x 16 ranks" in detail
    assert '{"players": ["w", "r", "b", "y"]}' in detail
    assert "send the options the position was made with beside it in every request" in detail
    # with the options it names, the same position is read
    fitted = post("sceptre", "legal-moves", position=position,
                  options={"players": ["w", "r", "b", "y"]})
    assert fitted.status_code == 200


def test_a_position_for_other_players_on_the_same_board_names_players_and_sections(post):
    two = sceptre_start(post, ["w", "b"]).replace("ww,bb", "ww,rr,bb")
    problem = post("sceptre", "status", position=two,
                   options={"players": ["w", "b"]}).get_json()
    detail = problem["detail"]
    assert problem["field"] == "armies"
    assert '"players": ["w", "r", "b"]' in detail and '"sections" spanning 8x16' in detail
    assert "the default board for 3 players is 16x24" in detail


def test_a_position_that_fits_its_options_keeps_its_own_error(post):
    position = sceptre_start(post, ["w", "b"]).replace(" w ww,bb", " r ww,bb")
    detail = post("sceptre", "status", position=position).get_json()["detail"]
    assert detail.startswith("The side field must be")


def test_a_bare_dash_is_an_inert_army_and_the_answer_writes_it_r_dash(post):
    options = {"players": ["w", "r", "b"],
               "sections": [{"origin": "a1", "terrain": ["........"] * 8}]}
    board = "rK7/8/8/8/8/2bK5/8/wK7"
    canonical = f"{board} w ww,r-,bb 0 1"
    bare = post("sceptre", "legal-moves", position=f"{board} w ww,-,bb 0 1",
                options=options)
    assert bare.status_code == 200, bare.get_json()
    assert bare.get_json() == post("sceptre", "legal-moves", position=canonical,
                                   options=options).get_json()
    applied = post("sceptre", "apply", position=f"{board} w ww,-,bb 0 1",
                   options=options, move="a1a2").get_json()
    assert applied["position"].split(" ")[2] == "ww,r-,bb"


@pytest.mark.parametrize("game", sorted(OPENINGS))
def test_the_quiet_draw_option_speaks_each_games_own_terms(client, game):
    option = next(o for o in client.get(f"/v1/games/{game}").get_json()["options"]
                  if o["name"] == "draw_after_quiet_plies")
    words = option["description"]
    own = {"mastery": "devour", "kings-mate": "capture", "maestria": "lost",
           "sceptre": "capture"}[game]
    assert own in words
    if game != "mastery":
        assert "devour" not in words and "resurrection" not in words
    if game == "maestria":
        assert "capture" not in words and "turn changes" in words

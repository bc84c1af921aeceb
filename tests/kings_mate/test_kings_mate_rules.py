"""King's Mate, rule by rule (docs/rules/kings-mate.md).

Positions are built from notation strings. Board rows run rank 9 down to rank 1; uppercase is
white, lowercase black; K King, S Swordmaster, P Priest, E Priestess, W Keeper, F Fool.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from jsonschema import Draft202012Validator

import rules
from rules.core.errors import GameOver, InvalidDice, InvalidOptions, InvalidPosition
from rules.core.view import Mark, text_board
from rules.kings_mate.moves import formation_ok
from rules.kings_mate.position import GRID, LETTER_TO_CODE, make_position
from tests.positions import legal_texts, played, refusal

START = "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1"
ACTIVE = {"active_play": True}


def game(**options):
    return rules.configure("kings-mate", options)


def moves(text, **options):
    return legal_texts(game(**options), text)


def from_square(text, square, **options):
    return {m for m in moves(text, **options) if m.startswith(square)}


def reason(text, move, **options):
    problem = refusal(game(**options), text, move)
    assert problem.detail
    return problem.reason


def play(text, *move_texts, dice=None, **options):
    return played(game(**options), text, *move_texts, dice=dice)


def status(text, **options):
    g = game(**options)
    return g.status(g.parse_position(text))


# ---- setup --------------------------------------------------------------------------------------


def test_initial_position_and_white_moves_first():
    g = game()
    assert g.format_position(g.initial_position()) == START
    assert g.status(g.initial_position()).to_move == "white"
    assert moves(START) == {"a2a3", "b2b3", "d2d3", "f2f3", "g2g3", "b1c2", "b1d3", "f1e2",
                            "f1d3", "e1e2", "c1c2"}


# ---- movement -----------------------------------------------------------------------------------

# Both Kings defenseless and far from everything, so only movement rules act.
OPEN = "6k/7/7/7/7/7/7/7/K6 w - - 0 1"


def with_piece(letter, square, base=OPEN):
    g = game()
    p = g.parse_position(base)
    board = list(p.board)
    board[GRID.index[square]] = LETTER_TO_CODE[letter]
    return g.format_position(
        make_position(tuple(board), p.side, p.unmoved, p.failed, p.quiet, p.n))


def test_king_moves_one_square_in_any_direction():
    assert from_square("6k/7/7/7/7/7/1K5/7/7 w - - 0 1", "b3") == {
        "b3a2", "b3b2", "b3c2", "b3a3", "b3c3", "b3a4", "b3b4", "b3c4"}


def test_keeper_moves_like_a_rook():
    assert from_square(with_piece("W", "b2"), "b2") == {
        "b2b1", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2", "b2a2", "b2b3", "b2b4", "b2b5",
        "b2b6", "b2b7", "b2b8", "b2b9"}


def test_priest_and_priestess_move_like_bishops():
    for letter in "PE":
        assert from_square(with_piece(letter, "f2"), "f2") == {
            "f2g1", "f2e1", "f2g3", "f2e3", "f2d4", "f2c5", "f2b6", "f2a7"}


def test_swordmaster_moves_like_a_queen_even_over_raised_squares():
    # No move can bring the lone Swordmaster back beside the King, so the formation ruling
    # leaves every move legal (see the formation tests).
    assert from_square("k6/7/7/7/6S/7/7/7/K6 w - - 0 1", "g5") == {
        "g5g6", "g5g7", "g5g8", "g5g9", "g5g4", "g5g3", "g5g2", "g5g1",
        "g5f5", "g5e5", "g5d5", "g5c5", "g5b5", "g5a5",
        "g5f6", "g5e7", "g5d8", "g5c9", "g5f4", "g5e3", "g5d2", "g5c1"}


def test_sliders_never_jump():
    text = with_piece("F", "b4", with_piece("W", "b2"))
    assert "b2b5" not in moves(text)
    assert reason(text, "b2b5") == "path_blocked"


def test_fool_moves_straight_forward_or_backward_without_capturing():
    assert from_square(with_piece("F", "b3"), "b3") == {"b3b4", "b3b2"}
    assert from_square(with_piece("f", "b7", OPEN.replace(" w ", " b ")), "b7") == {"b7b6", "b7b8"}
    text = with_piece("f", "b4", with_piece("F", "b3"))
    assert from_square(text, "b3") == {"b3b2"}
    assert reason(text, "b3b4") == "piece_movement"


def test_fool_captures_one_square_diagonally_in_all_four_directions():
    text = OPEN
    for sq in ("a2", "c2", "a4", "c4"):
        text = with_piece("f", sq, text)
    text = with_piece("F", "b3", text)
    # c4 is a raised square: capturing onto it needs permission the white Fool lacks.
    assert from_square(text, "b3") == {"b3a2", "b3c2", "b3a4", "b3b4", "b3b2"}
    assert reason(text, "b3c4") == "raised_square"
    assert reason(with_piece("F", "b3"), "b3a4") == "piece_movement"


def test_capture_removes_the_enemy_piece_for_good():
    text = with_piece("f", "b6", with_piece("W", "b2"))
    assert play(text, "b2b6") == "6k/7/7/1W5/7/7/7/7/K6 b - - 0 1"


# ---- raised squares -----------------------------------------------------------------------------


def test_only_king_or_swordmaster_may_pass_over_or_stop_on_raised_squares():
    text = with_piece("W", "d2")
    assert from_square(text, "d2") >= {"d2d3", "d2d4"}
    assert "d2d5" not in moves(text) and "d2d7" not in moves(text)
    assert reason(text, "d2d5") == "raised_square"
    assert reason(text, "d2d7") == "raised_square"
    priest = with_piece("P", "b1")
    assert from_square(priest, "b1") == {"b1c2", "b1d3", "b1a2"}
    assert reason(priest, "b1e4") == "raised_square"  # stops on e4
    assert reason(priest, "b1f5") == "raised_square"  # passes over e4


def test_a_king_on_the_central_x_opens_every_raised_square_to_his_pieces():
    text = "6k/7/7/7/7/2K4/7/3W3/7 w - - 0 1"
    assert {"d2d5", "d2d9", "d2d4"} <= moves(text)
    assert {"b1d3", "b1e4", "b1f5"} <= moves(with_piece("P", "b1", text))


def test_a_king_on_his_own_king_square_grants_nothing():
    text = "6k/7/7/7/W6/7/7/7/3K3 w - - 0 1"
    assert from_square(text, "a5") >= {"a5b5", "a5c5"}
    assert "a5d5" not in moves(text) and "a5e5" not in moves(text)
    assert reason(text, "a5e5") == "raised_square"


def test_when_the_king_leaves_the_x_pieces_may_stay_and_move_off_but_not_onto_another():
    text = "6k/7/7/7/7/1KW4/7/7/7 w - - 0 1"  # Keeper on c4 (raised), King b4 off the X
    assert from_square(text, "c4") == {"c4c5", "c4d4", "c4c3", "c4c2", "c4c1"}
    assert reason(text, "c4c6") == "raised_square"
    assert reason(text, "c4e4") == "raised_square"


def test_capturing_onto_a_raised_square_needs_the_same_permission():
    text = with_piece("f", "d5", with_piece("W", "d2"))
    assert reason(text, "d2d5") == "raised_square"
    central = "6k/7/7/7/3f3/2K4/7/3W3/7 w - - 0 1"
    assert "d2d5" in moves(central)


# ---- Swordmaster formation ----------------------------------------------------------------------


def test_formation_validity():
    sq = GRID.index
    assert formation_ok(sq["d1"], [])
    assert formation_ok(sq["d1"], [sq["e2"]])
    assert not formation_ok(sq["d1"], [sq["f3"]])
    assert formation_ok(sq["d1"], [sq["c1"], sq["e1"]])
    assert formation_ok(sq["d1"], [sq["e2"], sq["f3"]])  # chain King - S - S
    assert not formation_ok(sq["d1"], [sq["f3"], sq["g4"]])
    assert not formation_ok(sq["d1"], [sq["e2"], sq["g4"]])


def test_moves_that_break_the_formation_are_illegal_while_others_keep_it():
    assert "c1c3" not in moves(START)
    assert reason(START, "c1c3") == "swordmaster_formation"
    assert "c1c2" in moves(START)


def test_the_king_carries_his_swordmasters():
    text = "6k/7/7/7/7/3K3/3S3/7/7 w - - 0 1"
    king = from_square(text, "d4")
    assert king == {"d4c4", "d4e4", "d4c3", "d4e3"}  # all touch d3 (c5, d5, e5 do not)
    assert reason(text, "d4d5") == "swordmaster_formation"


def test_when_no_move_keeps_the_formation_every_other_move_is_legal():
    text = "6S/7/7/1k5/7/7/7/7/K6 w - - 0 1"  # lone Swordmaster g9, King a1: no way back
    got = moves(text)
    assert {"g9g5", "a1b2", "a1a2"} <= got


# ---- the King, check and mate -------------------------------------------------------------------


def test_a_defended_king_cannot_be_captured():
    text = "6k/7/7/7/1w5/7/2S4/1K5/7 b - - 0 1"
    assert "b5b2" not in moves(text)
    assert reason(text, "b5b2") == "defended_king"


def test_check_is_reported_for_a_defenseless_king_and_must_be_countered():
    text = "6k/7/w6/7/7/7/7/7/K2S3 w - - 0 1"
    assert status(text).extra == {"in_check": False}  # he still has a Swordmaster
    text = "6k/7/w6/7/7/7/7/7/K6 w - - 0 1"
    assert status(text).extra == {"in_check": True}
    assert moves(text) == {"a1b1", "a1b2"}
    assert reason(text, "a1a2") == "king_in_check"


def test_a_player_may_not_expose_his_defenseless_king():
    text = "6k/7/w6/7/7/7/W6/7/K6 w - - 0 1"  # own Keeper a3 shields the King
    assert "a3b3" not in moves(text) and "a3a5" in moves(text)
    assert reason(text, "a3b3") == "king_in_check"


def test_a_raised_square_shelters_the_king_from_a_piece_without_permission():
    text = "6k/3w3/7/7/7/7/7/7/3K3 w - - 0 1"  # Keeper d8 would pass d5 and stop on d1
    assert status(text).extra == {"in_check": False}


def test_fools_and_kings_give_check_too():
    assert status("6k/7/7/7/7/7/7/1f5/K6 w - - 0 1").extra["in_check"]
    # A defended King may step beside a defenseless one; here that is mate.
    result = status("7/7/7/7/7/7/6S/1K5/k6 b - - 0 1")
    assert result.extra["in_check"] and result.reason == "checkmate"
    # A black Fool on c2 cannot step onto the raised d1 without black's permission...
    assert not status("6k/7/7/7/7/7/7/2f4/3K3 w - - 0 1").extra["in_check"]
    # ...which the black King on the central X gives.
    assert status("7/7/7/7/7/4k2/7/2f4/3K3 w - - 0 1").extra["in_check"]


def test_checkmate_loses():
    text = "6k/6s/ww5/7/7/7/6F/7/K6 w - - 0 40"
    result = status(text)
    assert (result.state, result.winner, result.reason, result.to_move) == (
        "win", "black", "checkmate", None)
    assert game().legal_moves(game().parse_position(text)) == ()


def test_stalemate_is_a_draw_by_default_and_a_loss_under_the_option():
    text = "6k/6s/1w5/7/7/7/7/6w/K6 w - - 0 40"
    result = status(text)
    assert (result.state, result.winner, result.reason) == ("draw", None, "stalemate")
    result = status(text, stalemate="loss")
    assert (result.state, result.winner, result.reason) == ("win", "black", "stalemate")


def test_a_finished_game_refuses_moves():
    g = game()
    with pytest.raises(GameOver):
        g.play(g.parse_position("6k/6s/ww5/7/7/7/6F/7/K6 w - - 0 40"), "g3g4")


# ---- promotion ----------------------------------------------------------------------------------


def test_a_fool_promotes_only_to_a_lost_type_chosen_in_the_move():
    text = "6k/F6/7/7/7/7/7/7/KP5 w - - 0 1"  # white has lost both Keepers and the Priestess
    assert from_square(text, "a8") == {"a8a9=W", "a8a9=E", "a8a7"}
    assert reason(text, "a8a9=P") == "promotion_not_allowed"
    assert reason(text, "a8a9") == "promotion_required"
    assert play(text, "a8a9=E").startswith("E5k/")


def test_a_fool_with_no_lost_type_stays_a_fool():
    text = "6k/F6/7/7/7/7/7/7/KWPEW2 w - - 0 1"
    assert from_square(text, "a8") == {"a8a9", "a8a7"}
    assert reason(text, "a8a9=W") == "promotion_not_allowed"


def test_promotion_letter_is_uppercase_for_black():
    text = "6k/7/7/7/7/7/7/f6/6K b - - 0 1"
    assert "a2a1=P" in moves(text)
    assert play(text, "a2a1=P").startswith("6k/7/7/7/7/7/7/7/p5K ")


def test_moving_back_to_ones_own_home_rank_is_no_promotion():
    assert "a2a1" in moves("6k/7/7/7/7/7/7/F6/6K w - - 0 1")


# ---- Fool's Gambit ------------------------------------------------------------------------------

GAMBIT = "6k/3F3/7/7/7/7/2F4/7/K2F3 w - - 0 1"  # white Fool on d1, his own King Square


def test_fools_gambit_opens_raised_squares_to_the_other_fools():
    assert "c3c4" not in moves(GAMBIT)
    assert "c3c4" in moves(GAMBIT, fools_gambit=True)
    assert reason(GAMBIT, "c3c4") == "raised_square"


def test_fools_gambit_a_fool_on_the_enemy_king_square_wins_before_promotion():
    g = game(fools_gambit=True)
    p = g.parse_position(GAMBIT)
    assert "d8d9" in moves(GAMBIT, fools_gambit=True)
    assert not {m for m in moves(GAMBIT, fools_gambit=True) if m.startswith("d8d9=")}
    after = g.play(p, "d8d9")[1].position
    result = g.status(after)
    assert (result.state, result.winner, result.reason) == ("win", "white", "fools_gambit")
    assert reason(GAMBIT, "d8d9=W", fools_gambit=True) == "promotion_not_allowed"
    assert reason(GAMBIT, "d8d9") == "raised_square"  # without the option


def test_the_winning_fool_needs_raised_square_permission():
    text = "6k/3F3/7/7/7/7/7/7/K6 w - - 0 1"  # no Fool on d1, King not on the X
    assert reason(text, "d8d9", fools_gambit=True) == "raised_square"


# ---- Defense of the Crown -----------------------------------------------------------------------

CROWN = "6k/7/7/7/7/7/5S1/4S2/3K3 w K - 0 1"


def test_defense_of_the_crown_jumps_over_the_two_swordmasters():
    assert "d1g4" in moves(CROWN, defense_of_the_crown=True)
    assert play(CROWN, "d1g4", defense_of_the_crown=True) == (
        "6k/7/7/7/7/6K/5S1/4S2/7 b - - 1 1")
    entry = [e for e in game(defense_of_the_crown=True).legal_move_entries(
        game().parse_position(CROWN)) if e["move"] == "d1g4"]
    assert entry[0]["kind"] == "crown"


def test_defense_of_the_crown_is_off_by_default():
    assert "d1g4" not in moves(CROWN)
    assert reason(CROWN, "d1g4") == "piece_movement"


def test_defense_of_the_crown_needs_a_king_that_never_moved_and_an_empty_square():
    moved = CROWN.replace(" K ", " - ")
    assert reason(moved, "d1g4", defense_of_the_crown=True) == "defense_of_the_crown"
    blocked = "6k/7/7/7/7/6f/5S1/4S2/3K3 w K - 0 1"
    assert reason(blocked, "d1g4", defense_of_the_crown=True) == "defense_of_the_crown"


def test_unmoved_is_cleared_by_any_king_move():
    assert play(START, "a2a3", "a8a7").split(" ")[2] == "Kk"
    assert play("6k/7/7/7/7/7/7/7/3K3 w K - 0 1", "d1d2").split(" ")[2] == "-"


# ---- Active Play --------------------------------------------------------------------------------

ATTEMPT = "6k/7/7/1f5/7/7/7/1W5/K5F w - - 0 1"  # Keeper b2 may attempt b6


def test_active_play_capture_is_an_attempt_with_success_probability_15_in_36():
    g = game(**ACTIVE)
    p = g.parse_position(ATTEMPT)
    move = g.parse_move(p, "b2b6")
    assert g.is_chance(p, move)
    outcomes = g.chance_outcomes(p, move)
    assert sum(prob for _, prob in outcomes) == 1 and len(outcomes) == 36
    wins = sum(prob for dice, prob in outcomes if dice["attacker"] > dice["defender"])
    assert wins == Fraction(15, 36)
    entry = next(e for e in g.legal_move_entries(p) if e["move"] == "b2b6")
    assert entry["probability"] == pytest.approx(15 / 36) and entry["chance"] is True
    assert not g.is_chance(p, g.parse_move(p, "b2b3"))


def test_a_successful_attempt_captures():
    assert play(ATTEMPT, "b2b6", dice={"attacker": 5, "defender": 3}, **ACTIVE) == (
        "6k/7/7/1W5/7/7/7/7/K5F b - - 0 1")


def test_a_failed_attempt_keeps_the_turn_and_bars_the_piece():
    after = play(ATTEMPT, "b2b6", dice={"attacker": 3, "defender": 3}, **ACTIVE)
    assert after == "6k/7/7/1f5/7/7/7/1W5/K5F w - b2 0 1"
    assert not from_square(after, "b2", **ACTIVE)
    assert reason(after, "b2b3", **ACTIVE) == "failed_attempt"
    assert play(after, "g1g2", **ACTIVE) == "6k/7/7/1f5/7/7/7/1W4F/K6 b - - 1 1"


def test_a_failed_attempt_ends_the_ply_when_no_other_piece_can_move():
    # The white King a1 has no safe square; the Keeper g5 is the only piece that can move.
    text = "4k2/4s2/6w/7/6W/7/ff5/2f4/K6 w - - 0 1"
    assert moves(text, **ACTIVE) - from_square(text, "g5", **ACTIVE) == set()
    after = play(text, "g5g7", dice={"attacker": 1, "defender": 6}, **ACTIVE)
    assert after == "4k2/4s2/6w/7/6W/7/ff5/2f4/K6 b - - 1 1"
    with pytest.raises(InvalidPosition) as info:
        game(**ACTIVE).parse_position(text.replace(" - - ", " - g5 "))
    assert info.value.extra["field"] == "failed"


def test_checkmate_counts_capture_attempts_and_a_failed_one_can_seal_it():
    # White's only move is the attempt b7a7 on the checking Keeper.
    text = "4k2/4s2/wW5/7/7/7/2f4/2f4/K6 w - - 0 1"
    assert moves(text, **ACTIVE) == {"b7a7"}
    assert status(text, **ACTIVE).state == "ongoing"
    after = play(text, "b7a7", dice={"attacker": 2, "defender": 2}, **ACTIVE)
    assert after == "4k2/4s2/wW5/7/7/7/2f4/2f4/K6 w - b7 0 1"
    result = status(after, **ACTIVE)
    assert (result.state, result.winner, result.reason) == ("win", "black", "checkmate")


def test_dice_are_checked():
    g = game(**ACTIVE)
    p = g.parse_position(ATTEMPT)
    for bad in ({"attacker": 7, "defender": 1}, {"attacker": 1}, {"attacker": True, "defender": 2},
                {"attacker": 2, "defender": 2, "extra": 1}, [3, 4]):
        with pytest.raises(InvalidDice):
            g.play(p, "b2b6", dice=bad)
    with pytest.raises(InvalidDice):
        g.play(p, "b2b3", dice={"attacker": 2, "defender": 1})


def test_the_service_rolls_reproducibly_with_a_seed():
    g = game(**ACTIVE)
    p = g.parse_position(ATTEMPT)
    assert g.play(p, "b2b6", seed=3)[1] == g.play(p, "b2b6", seed=3)[1]


def test_the_dice_schema_takes_exactly_the_dice_of_a_capture_attempt():
    g = game(**ACTIVE)
    Draft202012Validator.check_schema(g.dice_schema)
    schema = Draft202012Validator(g.dice_schema)
    p = g.parse_position(ATTEMPT)
    for dice, _ in g.chance_outcomes(p, g.parse_move(p, "b2b6")):
        assert schema.is_valid(dice)
    for bad in ({"attacker": 7, "defender": 1}, {"attacker": 1}, {"attacker": 2.5, "defender": 2},
                {"attacker": 2, "defender": 2, "extra": 1}, [3, 4]):
        assert not schema.is_valid(bad)


# ---- counters and the quiet-plies draw ----------------------------------------------------------


def test_n_increases_after_black_and_quiet_resets_on_capture():
    assert play(START, "a2a3").endswith(" b Kk - 1 1")
    assert play(START, "a2a3", "a8a7").endswith(" w Kk - 2 2")
    assert play(with_piece("f", "b6", with_piece("W", "b2")).replace(" 0 1", " 7 3"),
                "b2b6").endswith(" 0 3")


def test_draw_after_quiet_plies_is_off_by_default():
    text = START.replace(" 0 1", " 500 300")
    assert status(text).state == "ongoing"
    result = status(text, draw_after_quiet_plies=50)
    assert (result.state, result.reason) == ("draw", "quiet_plies")


def test_options_are_validated():
    for bad in ({"stalemate": "win"}, {"fools_gambit": "yes"}, {"no_such_rule": True}):
        with pytest.raises(InvalidOptions):
            rules.configure("kings-mate", bad)


# ---- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    START,
    "6k/7/w6/7/7/7/7/7/K6 w - - 0 1",
    "6k/3F3/7/7/7/7/2F4/7/K2F3 b - - 12 40",
])
def test_positions_round_trip(text):
    g = game()
    assert g.format_position(g.parse_position(text)) == text


@pytest.mark.parametrize("text,move", [
    ("7/7/7/7/7/1k1s3/2S4/2SK3/7 b - - 0 32", "b4c3"),    # the King takes a Swordmaster
    ("7/7/7/7/7/1k1s3/2S4/2SK3/7 b - - 0 32", "d4c3"),    # a Swordmaster takes one
    ("7/7/7/7/7/1k1s3/2S4/2SK3/7 w - - 0 32", "c3a1"),    # and goes before the other
    ("7/7/7/7/7/1k1s3/2S4/2SK3/7 w - - 0 32", "d2e3"),    # the King moves
    ("7/7/7/7/7/1k1s3/2S4/2SK3/7 w - - 0 32", "c3d4"),    # the last black Swordmaster taken
])
def test_the_king_and_swordmaster_squares_a_position_keeps_follow_its_moves(text, move):
    g = game()
    before = g.parse_position(text)
    after = g.apply(before, g.parse_move(before, move)).position
    assert after == g.parse_position(g.format_position(after))
    board = after.board
    assert after.kings == (board.index(1), board.index(9))
    assert after.swordmasters == tuple(
        tuple(sq for sq, code in enumerate(board) if code == side * 8 + 2) for side in (0, 1))


def test_failed_field_round_trips_under_active_play():
    g = game(**ACTIVE)
    text = "6k/7/7/1f5/7/7/7/1W5/K5F w - b2 0 1"
    assert g.format_position(g.parse_position(text)) == text


def test_failed_squares_out_of_square_order_are_read_but_not_canonical():
    g = game(**ACTIVE)
    ordered, unordered = ("6k/7/7/1f5/7/7/7/1W5/K5F w - g1,b2 0 1",
                          "6k/7/7/1f5/7/7/7/1W5/K5F w - b2,g1 0 1")
    position = g.parse_position(unordered)
    assert position == g.parse_position(ordered)
    assert g.format_position(position) == ordered
    assert g.is_canonical(ordered, position) and not g.is_canonical(unordered, position)


@pytest.mark.parametrize("text,field", [
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0", None),           # field count
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW  w Kk - 0 1", None),         # extra space
    ("wpsksew/ff1f1ff/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1", "board"),         # 8 ranks
    ("wpsksew/ff1f1ff/8/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1", "board"),       # rank too long
    ("wpsksew/ff1f1ff/6/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1", "board"),       # rank too short
    ("wpsksew/ff1f1ff/7/3x3/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1", "board"),     # unknown letter
    ("wpsksew/ff1f1ff/7/3F3/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1", "board"),     # six Fools
    ("wpsksew/ff1f1ff/7/3S3/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1", "board"),     # three Swordmasters
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPS1SEW w k - 0 1", "board"),        # no white King
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW x Kk - 0 1", "side"),
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w kK - 0 1", "unmoved"),
    ("wpsksew/ff1f1ff/7/7/7/7/3K3/FF1F1FF/WPS1SEW w Kk - 0 1", "unmoved"),  # King not on d1
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 01 1", "quiet"),
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 0", "n"),
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - -1 1", "quiet"),
    ("wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk a1 0 1", "failed"),     # not active play
    ("6k/7/w6/7/7/7/7/7/K6 b - - 0 1", "board"),                            # black could take K
])
def test_invalid_positions_are_refused_naming_the_field(text, field):
    with pytest.raises(InvalidPosition) as info:
        game().parse_position(text)
    assert info.value.detail
    assert info.value.extra.get("field") == field


@pytest.mark.parametrize("failed", ["z1", "b2,b2", "a9", "b2;a1", "b6", "B2"])
def test_invalid_failed_fields_are_refused(failed):
    text = f"6k/7/7/1f5/7/7/7/1W5/K5F w - {failed} 0 1"
    with pytest.raises(InvalidPosition) as info:
        game(**ACTIVE).parse_position(text)
    assert info.value.extra.get("field") == "failed"


def test_both_gambit_winners_at_once_is_invalid():
    with pytest.raises(InvalidPosition):
        game(fools_gambit=True).parse_position("K2F3/7/7/7/7/7/7/7/3f2k w - - 0 1")


@pytest.mark.parametrize("text", ["d2", "d2-d3", "D2D3", "d2d3=Q", "d2d3=w", "h1h2", "d2d10",
                                  " d2d3", "d2d3 "])
def test_malformed_moves(text):
    assert reason(START, text) == "malformed_move"


def test_illegal_move_reasons_for_basic_mistakes():
    assert reason(START, "d3d4") == "empty_square"
    assert reason(START, "a8a7") == "not_your_piece"
    assert reason(START, "a1a2") == "own_piece"
    assert reason(START, "b1b3") == "piece_movement"
    assert reason(START, "a1a3") == "path_blocked"


def test_move_fields():
    g = game()
    p = g.parse_position(with_piece("f", "b6", with_piece("W", "b2")))
    entries = {e["move"]: e for e in g.legal_move_entries(p)}
    assert entries["b2b6"] == {"move": "b2b6", "from": "b2", "to": "b6", "piece": "W",
                               "kind": "capture", "captured": "f"}
    assert entries["b2b3"]["kind"] == "move"
    p = g.parse_position("6k/F6/7/7/7/7/7/7/KP5 w - - 0 1")
    entry = next(e for e in g.legal_move_entries(p) if e["move"] == "a8a9=W")
    assert entry["kind"] == "promotion" and entry["promotion"] == "W"


@pytest.mark.parametrize("options", [{}, {"fools_gambit": True, "defense_of_the_crown": True,
                                          "active_play": True}], ids=["default", "all_on"])
def test_listed_entries_are_the_generic_entries_in_the_same_key_order(options):
    # King's Mate builds its plain entries in one display; every entry must be what the
    # generic format_move + move_fields (+ chance) gives, along random games.
    from rules.core.game import Game

    g, rng = game(**options), random.Random(5)
    for seed in range(6):
        p = g.start_position
        for _ in range(150):
            moves = g.legal_moves(p)
            if not moves:
                break
            ours = [list(entry.items()) for entry in g.legal_move_entries(p)]
            assert ours == [list(entry.items()) for entry in Game.legal_move_entries(g, p)]
            p = g.advance(p, rng.choice(moves))
    # and where random games seldom go: promotions, a gambit (with it on), a crown
    kinds = set()
    for text in ("6k/F6/7/7/7/7/7/7/KP5 w - - 0 1", GAMBIT, CROWN):
        p = g.parse_position(text)
        ours = [list(entry.items()) for entry in g.legal_move_entries(p)]
        assert ours == [list(entry.items()) for entry in Game.legal_move_entries(g, p)]
        kinds |= {entry["kind"] for entry in g.legal_move_entries(p)}
    assert {"promotion", "move"} <= kinds
    assert ("gambit" in kinds) == bool(options) and ("crown" in kinds) == bool(options)


# ---- pictures -----------------------------------------------------------------------------------


def test_the_picture_frames_the_raised_squares_and_dots_the_failed_attackers():
    g = game(**ACTIVE)
    view = g.board_view(g.parse_position("6k/7/7/1f5/7/7/7/1W5/K5F w - b2 0 1"))
    marks = {cell.name: cell.marks for cell in view.cells}
    raised = Mark("raised", style="frame", colour="#6b4a1f", symbol="^")
    assert {name for name, m in marks.items() if m} == {"d1", "d9", "d5", "c4", "e4", "c6", "e6",
                                                        "b2"}
    assert all(marks[name] == (raised,) for name in ("d1", "d9", "d5", "c4", "e4", "c6", "e6"))
    assert marks["b2"] == (Mark("failed", style="dot"),)
    assert view.to_move == "white" and (view.files, view.ranks) == (7, 9)
    assert text_board(view).splitlines()[0] == "9  . . . ^ . . k"


# ---- random playouts ----------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"draw_after_quiet_plies": 60},
    {"draw_after_quiet_plies": 60, "fools_gambit": True, "defense_of_the_crown": True,
     "active_play": True, "stalemate": "loss"},
])
def test_random_playouts_reach_the_end(options):
    g = rules.configure("kings-mate", options)
    rng = random.Random(11)
    for _ in range(6):
        position = g.initial_position()
        for _ in range(1500):
            text = g.format_position(position)
            assert g.parse_position(text) == position
            legal = g.legal_moves(position)
            if not legal:
                break
            _, applied = g.play(position, g.format_move(position, rng.choice(legal)), rng=rng)
            position = applied.position
        result = g.status(position)
        assert result.finished and g.legal_moves(position) == ()
        assert result.reason in ("checkmate", "stalemate", "quiet_plies", "fools_gambit")

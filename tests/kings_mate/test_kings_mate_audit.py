"""Conformance audit of King's Mate over HTTP, against the rules and the HTTP contract alone.

Every case is a black-box request to the service, as an outside checker holding only
``docs/rules/kings-mate.md`` and ``openapi.yaml`` would write it: positions in the compact
notation (built by ``position`` from a list of pieces so the boards stay readable), expected
answers worked out by hand from the rules. The sections follow the rules: board and set-up,
movement, raised squares, formation, the defended King, check, mate and stalemate, promotion,
the three optional rules, the quiet-plies draw, then illegal moves and impossible positions.
"""

from __future__ import annotations

import pytest

from tests.http_helpers import option_description

GAME = "kings-mate"
START = "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1"
ACTIVE = {"active_play": True}
GAMBIT = {"fools_gambit": True}
CROWN = {"defense_of_the_crown": True}


def position(pieces: str, side: str = "w", unmoved: str = "-", failed: str = "-",
             quiet: int = 0, n: int = 1) -> str:
    """The compact notation of a board given as ``"Kd1 Se2 kd9"`` (letter then square; uppercase
    letters are white pieces, lowercase black)."""
    board = {}
    for token in pieces.split():
        board[token[1:]] = token[0]
    rows = []
    for rank in range(9, 0, -1):
        row, run = "", 0
        for file in "abcdefg":
            letter = board.pop(f"{file}{rank}", None)
            if letter is None:
                run += 1
                continue
            row += (str(run) if run else "") + letter
            run = 0
        rows.append(row + (str(run) if run else ""))
    assert not board, f"squares off the board: {board}"
    return f"{'/'.join(rows)} {side} {unmoved} {failed} {quiet} {n}"


def legal(post, pos: str, options: dict | None = None) -> dict:
    answer = post(GAME, "legal-moves", position=pos, options=options or {})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def moves(post, pos: str, options: dict | None = None) -> set[str]:
    return {entry["move"] for entry in legal(post, pos, options)["moves"]}


def moves_from(post, pos: str, square: str, options: dict | None = None) -> set[str]:
    return {m for m in moves(post, pos, options) if m.startswith(square)}


def status(post, pos: str, options: dict | None = None) -> dict:
    answer = post(GAME, "status", position=pos, options=options or {})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def play(post, pos: str, move: str, options: dict | None = None, **extra) -> dict:
    answer = post(GAME, "apply", position=pos, move=move, options=options or {}, **extra)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def refusal(post, pos: str, move: str, options: dict | None = None, **extra) -> dict:
    """The 422 problem for an illegal move; it must name a rule and say something."""
    answer = post(GAME, "apply", position=pos, move=move, options=options or {}, **extra)
    problem = answer.get_json()
    assert answer.status_code == 422, problem
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    assert problem["detail"] and problem["status"] == 422
    return problem


def reason(post, pos: str, move: str, options: dict | None = None) -> str:
    problem = refusal(post, pos, move, options)
    assert problem["code"] == "illegal_move"
    return problem["reason"]


def outcome(answer: dict) -> tuple:
    return answer["state"], answer["winner"], answer["reason"]


# ---- board, pieces, set-up ---------------------------------------------------------------------


def test_setup_is_the_documented_initial_position(post):
    answer = post(GAME, "setup").get_json()
    assert answer["position"] == START
    assert answer["options"] == {"stalemate": "draw", "fools_gambit": False,
                                 "defense_of_the_crown": False, "active_play": False,
                                 "draw_after_quiet_plies": None}
    assert answer["position"] == position(
        "Wa1 Pb1 Sc1 Kd1 Se1 Ef1 Wg1 Fa2 Fb2 Fd2 Ff2 Fg2 "
        "wa9 pb9 sc9 kd9 se9 ef9 wg9 fa8 fb8 fd8 ff8 fg8", unmoved="Kk")
    assert status(post, START) == {"state": "ongoing", "winner": None, "reason": None,
                                   "to_move": "white", "in_check": False}


def test_white_moves_first_with_exactly_these_eleven_moves(post):
    # Fools one step forward (rank 1 behind them is full); each Swordmaster only to the square
    # in front of it (further would leave it touching neither King nor the other Swordmaster);
    # Priest and Priestess diagonally up to the raised c4 / e4 they may not enter; the King and
    # Keepers are boxed in or would break the formation.
    assert moves(post, START) == {
        "a2a3", "b2b3", "d2d3", "f2f3", "g2g3", "c1c2", "e1e2", "b1c2", "b1d3", "f1e2", "f1d3"}
    assert legal(post, START)["to_move"] == "white"
    for move in moves(post, START):
        assert play(post, START, move)["move"] == move      # each applies, echoed


def test_black_answers_from_ranks_8_and_9(post):
    after = play(post, START, "d2d3")
    assert after["position"] == "wpsksew/ff1f1ff/7/7/7/7/3F3/FF3FF/WPSKSEW b Kk - 1 1"
    assert moves(post, after["position"]) == {
        "a8a7", "b8b7", "d8d7", "f8f7", "g8g7", "c9c8", "e9e8", "b9c8", "b9d7", "f9e8", "f9d7"}
    assert after["status"] == {"state": "ongoing", "winner": None, "reason": None,
                               "to_move": "black", "in_check": False}


# ---- movement of the six piece types -----------------------------------------------------------


def test_king_steps_one_square_in_any_direction(post):
    pos = position("Kb3 kg9")
    assert moves_from(post, pos, "b3") == {
        "b3a2", "b3a3", "b3a4", "b3b2", "b3b4", "b3c2", "b3c3", "b3c4"}
    assert reason(post, pos, "b3b5") == "piece_movement"
    corner = position("Ka1 kg9")
    assert moves(post, corner) == {"a1a2", "a1b1", "a1b2"}


def test_keeper_slides_orthogonally_stops_at_pieces_and_captures(post):
    pos = position("Ka1 Wb7 Fe7 fb4 kg9 sf9")
    assert moves(post, pos) == {
        "b7a7", "b7c7", "b7d7", "b7b8", "b7b9", "b7b6", "b7b5", "b7b4",
        "a1a2", "a1b1", "a1b2", "e7e8"}
    assert reason(post, pos, "b7c8") == "piece_movement"
    assert reason(post, pos, "b7b3") == "path_blocked"
    assert reason(post, pos, "b7f7") == "path_blocked"


def test_priest_and_priestess_slide_diagonally(post):
    pos = position("Ka1 Pb6 Eg6 kg9 sf9")
    assert moves_from(post, pos, "b6") == {
        "b6a7", "b6c7", "b6d8", "b6e9", "b6a5", "b6c5", "b6d4", "b6e3", "b6f2", "b6g1"}
    # The Priestess stops short of the raised d9 and e4.
    assert moves_from(post, pos, "g6") == {"g6f7", "g6e8", "g6f5"}
    assert reason(post, pos, "b6b7") == "piece_movement"
    assert reason(post, pos, "g6g7") == "piece_movement"


def test_swordmaster_slides_like_a_queen_over_and_onto_raised_squares(post):
    # A lone Swordmaster no move can bring back into formation: every move is legal.
    pos = position("Ka1 Sd7 kg9 sf9")
    assert moves(post, pos) == {
        "d7d8", "d7d9", "d7d6", "d7d5", "d7d4", "d7d3", "d7d2", "d7d1",
        "d7a7", "d7b7", "d7c7", "d7e7", "d7f7", "d7g7",
        "d7c8", "d7b9", "d7e8", "d7f9", "d7c6", "d7b5", "d7a4", "d7e6", "d7f5", "d7g4",
        "a1a2", "a1b1", "a1b2"}
    assert reason(post, pos, "d7e9") == "piece_movement"


def test_white_fool_steps_straight_either_way_and_captures_on_all_four_diagonals(post):
    pos = position("Kg5 Fb2 fa3 fc3 fa1 fc1 fb3 kg9")
    assert moves_from(post, pos, "b2") == {"b2b1", "b2a3", "b2c3", "b2a1", "b2c1"}
    assert reason(post, pos, "b2b3") == "piece_movement"      # no straight capture
    open_board = position("Kg5 Fb2 kg9")
    assert moves_from(post, open_board, "b2") == {"b2b3", "b2b1"}
    assert reason(post, open_board, "b2c3") == "piece_movement"  # diagonal only to capture
    assert reason(post, open_board, "b2b4") == "piece_movement"
    assert reason(post, open_board, "b2c2") == "piece_movement"


def test_black_fool_moves_the_same_way_from_its_side(post):
    pos = position("Ka1 Fa8 Fc8 Fa6 kg5 fb7", side="b")
    # c6 is raised and empty: neither a move nor a capture.
    assert moves_from(post, pos, "b7") == {"b7b6", "b7b8", "b7a8", "b7c8", "b7a6"}


def test_a_capture_removes_the_piece(post):
    pos = position("Ka1 Wb7 Fe7 fb4 kg9 sf9")
    after = play(post, pos, "b7b4")
    assert after["position"] == position("Ka1 Wb4 Fe7 kg9 sf9", side="b", quiet=0)
    assert {"type": "capture", "square": "b4", "piece": "f"} in after["events"]


# ---- raised squares ----------------------------------------------------------------------------


def test_the_seven_raised_squares_are_listed(client):
    detail = client.get("/v1/games/kings-mate").get_json()
    raised = detail["details"]["raised_squares"]
    assert sorted(raised) == sorted(["d1", "d9", "d5", "c4", "e4", "c6", "e6"])


def test_other_pieces_may_neither_pass_over_nor_stop_on_a_raised_square(post):
    pos = position("Ka1 Wa5 kg9 sf9")
    assert moves_from(post, pos, "a5") == {
        "a5b5", "a5c5", "a5a6", "a5a7", "a5a8", "a5a9", "a5a4", "a5a3", "a5a2"}
    stop = refusal(post, pos, "a5d5")
    assert stop["reason"] == "raised_square" and "d5" in stop["detail"]
    over = refusal(post, pos, "a5e5")
    assert over["reason"] == "raised_square" and "d5" in over["detail"]
    fool = position("Ka1 Fc3 Fd4 kg9 sf9")
    assert reason(post, fool, "c3c4") == "raised_square"
    assert reason(post, fool, "d4d5") == "raised_square"
    # The King Squares are raised squares too, whoever's they are.
    home = position("Ka2 Wa1 Fd2 Fd8 kg9")
    assert moves_from(post, home, "a1") == {"a1b1", "a1c1"}
    assert reason(post, home, "a1e1") == "raised_square"
    assert reason(post, home, "d2d1") == "raised_square"
    assert moves_from(post, home, "d8") == {"d8d7"}
    # ... which also shelters a King: a Keeper on a9 does not threaten g9 across d9.
    assert status(post, position("Kg9 wa9 kg1"))["in_check"] is False


def test_king_and_swordmasters_may_always_use_raised_squares(post):
    assert "b3c4" in moves(post, position("Kb3 kg9"))
    assert {"d7d5", "d7d1", "d7e6"} <= moves(post, position("Ka1 Sd7 kg9 sf9"))


def test_a_king_on_the_central_x_opens_every_raised_square_to_all_his_pieces(post):
    on_x = position("Kd5 Wa4 Fc3 Pb1 kg9 sf9")
    assert moves_from(post, on_x, "a4") >= {"a4b4", "a4c4", "a4d4", "a4e4", "a4f4", "a4g4"}
    assert "c3c4" in moves(post, on_x)
    # The Priest may now go on through e4 to f5 and g6.
    assert {"b1c2", "b1d3", "b1e4", "b1f5", "b1g6"} <= moves_from(post, on_x, "b1")
    # Every central square counts.
    for king in ("c4", "e4", "c6", "e6"):
        pos = position(f"K{king} Wa5 kf9 sg9")
        assert "a5d5" in moves(post, pos), king


def test_a_king_on_his_own_king_square_grants_nothing(post):
    pos = position("Kd1 Wa4 Fc3 kg9 sf9")
    assert moves_from(post, pos, "a4") == {
        "a4b4", "a4a5", "a4a6", "a4a7", "a4a8", "a4a9", "a4a3", "a4a2", "a4a1"}
    assert reason(post, pos, "c3c4") == "raised_square"


def test_when_the_king_leaves_the_x_pieces_stay_and_move_off_but_not_onto_another(post):
    on_x = position("Kd5 We4 Pc4 kg9 sf9 fa7")
    assert {"e4c4", "e4e9", "e4a4"} & moves(post, on_x) == {"e4e9"}  # c4 is his own Priest
    assert "e4e9" in moves(post, on_x)
    left = play(post, on_x, "d5d6")["position"]
    back = play(post, left, "a7a6")["position"]
    assert moves_from(post, back, "e4") == {
        "e4d4", "e4f4", "e4g4", "e4e5", "e4e3", "e4e2", "e4e1"}
    assert moves_from(post, back, "c4") == {
        "c4b5", "c4a6", "c4b3", "c4a2", "c4d3", "c4e2", "c4f1"}
    assert reason(post, back, "e4e9") == "raised_square"       # would pass over e6
    assert reason(post, back, "c4d5") == "raised_square"       # would stop on d5
    # Both may also simply stay: another piece's move is legal.
    assert "d6c5" in moves(post, back)


def test_capturing_onto_a_raised_square_needs_the_same_permission(post):
    closed = position("Kd3 Wa4 wc4 kg9 sf9")
    assert reason(post, closed, "a4c4") == "raised_square"
    opened = position("Kd5 Wa4 wc4 kg9 sf9")
    assert "a4c4" in moves(post, opened)
    fool_closed = position("Kg1 Fb3 fc4 kg9 sf9")
    assert reason(post, fool_closed, "b3c4") == "raised_square"
    fool_opened = position("Ke6 Fb3 fc4 kg9 sf9")
    assert "b3c4" in moves(post, fool_opened)


# ---- the Swordmaster formation ------------------------------------------------------------------


def test_with_two_swordmasters_both_touching_the_king_only_formation_keeping_moves(post):
    pos = position("Kd3 Sc2 Se2 Fa2 kg9 sf9")
    listed = moves(post, pos)
    assert "a2a3" in listed                       # a move that does not touch the formation
    assert {"e2e3", "e2d2", "c2c3", "c2d2"} <= listed
    for move in ("e2f1", "e2f2", "e2e1", "c2b1", "c2c1", "c2a4"):
        assert move not in listed
        assert reason(post, pos, move) == "swordmaster_formation"


def test_the_second_swordmaster_may_touch_only_the_first(post):
    pos = position("Kd3 Sc2 Sb1 Fa3 kg9 sf9")
    listed = moves(post, pos)
    assert {"b1b2", "b1c1", "a3a4"} <= listed     # b2, c1 touch c2; a3a4 changes nothing
    assert "b1a1" not in listed                   # a1 touches neither d3 nor c2
    assert reason(post, pos, "b1a1") == "swordmaster_formation"
    # c2 is the link: only c2 itself touches both d3 and b1, so it may not move at all, and
    # the King may only step where he still touches c2.
    assert moves_from(post, pos, "c2") == set()
    assert reason(post, pos, "c2c3") == "swordmaster_formation"
    assert moves_from(post, pos, "d3") == {"d3c3", "d3d2"}


def test_one_swordmaster_must_keep_touching_the_king(post):
    pos = position("Kd3 Sc2 Fa3 kg9 sf9")
    listed = moves(post, pos)
    assert "a3a4" in listed
    assert moves_from(post, pos, "c2") == {"c2c3", "c2c4", "c2d2", "c2e2"}


def test_the_king_carries_his_swordmasters(post):
    pos = position("Kd3 Sc2 Se2 Fa2 kg9 sf9")
    king = moves_from(post, pos, "d3")
    assert king == {"d3d2"}   # d4, c3, e3, c4, e4 leave one Swordmaster touching nothing
    assert reason(post, pos, "d3d4") == "swordmaster_formation"
    assert reason(post, pos, "d3c3") == "swordmaster_formation"


def test_when_no_move_keeps_the_formation_every_other_move_is_legal(post):
    # The Swordmaster on d7 touches nothing and nothing can bring it back: all moves count.
    assert len(moves(post, position("Ka1 Sd7 kg9 sf9"))) == 27
    # Formation broken, but one move restores it: only that move is legal.
    pos = position("Ka1 Sc3 Fg2 kg9 sf9")
    assert moves(post, pos) == {"c3b2", "a1b2"}


def test_formation_binds_captures_too(post):
    pos = position("Kd3 Sc2 Se2 Fa2 kg9 sf9 fe5")
    assert "e2e5" not in moves(post, pos)       # e5 touches neither d3 nor c2
    assert reason(post, pos, "e2e5") == "swordmaster_formation"


# ---- the defended King -------------------------------------------------------------------------


def test_a_defended_king_cannot_be_captured(post):
    pos = position("Kg2 Wb1 Fa4 kb5 sb6")
    assert moves_from(post, pos, "b1") == {"b1a1", "b1c1", "b1b2", "b1b3", "b1b4"}
    assert reason(post, pos, "b1b5") == "defended_king"
    assert reason(post, pos, "a4b5") == "defended_king"


def test_a_king_with_one_swordmaster_is_defended(post):
    pos = position("Kg2 Wb1 kb5 se9")
    assert reason(post, pos, "b1b5") == "defended_king"
    assert status(post, position("Kg2 Wb1 kb5 se9", side="b"))["in_check"] is False


def test_a_capturable_defenseless_king_makes_the_position_impossible(post):
    answer = post(GAME, "status", position=position("Kg2 Wb1 kb5"))
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_position"


# ---- check: counter or succumb -----------------------------------------------------------------


def test_check_is_reported_and_only_counters_are_legal(post):
    pos = position("Ka1 Wg3 Pe5 wa9 kf9")
    assert status(post, pos) == {"state": "ongoing", "winner": None, "reason": None,
                                 "to_move": "white", "in_check": True}
    # Step out of the file, interpose on a3, or take the Keeper.
    assert moves(post, pos) == {"a1b1", "a1b2", "g3a3", "e5a9"}
    assert reason(post, pos, "a1a2") == "king_in_check"
    assert reason(post, pos, "g3g4") == "king_in_check"


def test_a_king_with_a_swordmaster_is_never_in_check(post):
    assert status(post, position("Ka1 Sg1 wa9 kf9"))["in_check"] is False


def test_a_player_may_not_expose_his_defenseless_king(post):
    pos = position("Ka1 Wa3 wa8 kg9")
    assert status(post, pos)["in_check"] is False
    assert {"a3a2", "a3a4", "a3a7", "a3a8"} <= moves(post, pos)
    assert reason(post, pos, "a3b3") == "king_in_check"


def test_a_raised_square_shelters_the_king_from_a_piece_without_permission(post):
    over = position("Kd1 wd8 kg9")           # the Keeper would pass over d5 and stop on d1
    assert status(post, over)["in_check"] is False
    assert "d1d2" in moves(post, over)
    stop = position("Kc4 wa4 kg9")           # it would stop on the raised c4
    assert status(post, stop)["in_check"] is False
    # With the black King on the X, the same Keeper gives check.
    opened = position("Kd1 wd8 kc6")
    assert status(post, opened)["in_check"] is True
    assert "d1d2" not in moves(post, opened)
    assert reason(post, opened, "d1d2") == "king_in_check"


def test_fools_check_on_all_four_diagonals_and_never_straight(post):
    assert status(post, position("Kc3 fb4 kg9"))["in_check"] is True   # black's forward
    assert status(post, position("Kc3 fb2 kg9"))["in_check"] is True   # black's backward
    assert status(post, position("Kc3 fd2 kg9"))["in_check"] is True
    assert status(post, position("Kc3 fc2 kg9"))["in_check"] is False  # straight behind
    assert status(post, position("Kb3 fb4 kg9"))["in_check"] is False  # straight ahead


def test_a_defended_king_gives_check_by_standing_next_to_a_defenseless_one(post):
    pos = position("Kd4 kc5 sb6")
    assert status(post, pos)["in_check"] is True
    assert reason(post, pos, "d4c5") == "defended_king"
    assert "d4e4" in moves(post, pos) and "d4d5" not in moves(post, pos)


def test_the_attackers_own_formation_does_not_matter_for_check(post):
    # Taking a8 would pull f8 away and leave e7 touching nothing, yet the threat counts.
    pos = position("Ka8 kg9 sf8 se7")
    assert status(post, pos)["in_check"] is True


# ---- checkmate and stalemate --------------------------------------------------------------------


def test_checkmate_loses(post):
    pos = position("Ka1 wa9 wb8 kg9")
    assert status(post, pos) == {"state": "win", "winner": "black", "reason": "checkmate",
                                 "to_move": None, "in_check": True}
    assert legal(post, pos)["count"] == 0 and legal(post, pos)["moves"] == []
    over = refusal(post, pos, "a1b1")
    assert over["code"] == "game_over"


def test_a_move_that_mates_reports_it(post):
    pos = position("Ka1 wb8 wc9 kg9", side="b")
    after = play(post, pos, "c9a9")
    assert outcome(after["status"]) == ("win", "black", "checkmate")


def test_stalemate_is_a_draw_by_default(post):
    pos = position("Ka1 wb8 wg2 kg9")
    assert status(post, pos) == {"state": "draw", "winner": None, "reason": "stalemate",
                                 "to_move": None, "in_check": False}
    assert legal(post, pos)["count"] == 0


def test_stalemate_is_a_loss_under_the_option(post):
    pos = position("Ka1 wb8 wg2 kg9")
    assert outcome(status(post, pos, {"stalemate": "loss"})) == ("win", "black", "stalemate")
    assert outcome(status(post, pos, {"stalemate": "draw"})) == ("draw", None, "stalemate")
    answer = post(GAME, "status", position=pos, options={"stalemate": "win"})
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_options"


# ---- promotion ---------------------------------------------------------------------------------


def test_a_fool_promotes_only_to_a_lost_type_named_in_the_move(post):
    # White has one Keeper and the Priestess on the board: a Keeper and the Priest are lost.
    pos = position("Ka1 Wa2 Eg3 Fc8 kg5")
    assert moves_from(post, pos, "c8") == {"c8c9=W", "c8c9=P", "c8c7"}
    assert reason(post, pos, "c8c9") == "promotion_required"
    assert reason(post, pos, "c8c9=E") == "promotion_not_allowed"
    after = play(post, pos, "c8c9=P")
    assert after["position"] == position("Ka1 Wa2 Eg3 Pc9 kg5", side="b", quiet=1)
    assert {"type": "promotion", "square": "c9", "piece": "P"} in after["events"]


def test_a_capturing_fool_promotes_too(post):
    pos = position("Ka1 Wa2 Eg3 Fc8 wb9 kg5")
    assert {"c8b9=W", "c8b9=P"} <= moves(post, pos)
    after = play(post, pos, "c8b9=W")
    assert after["position"] == position("Ka1 Wa2 Eg3 Wb9 kg5", side="b")


def test_with_no_lost_type_the_fool_stays_a_fool(post):
    pos = position("Ka1 Wa2 Wb2 Pb1 Eg3 Fc8 kg5")
    assert "c8c9" in moves(post, pos)
    assert reason(post, pos, "c8c9=W") == "promotion_not_allowed"
    assert play(post, pos, "c8c9")["position"].startswith("2F4/")


def test_black_promotes_on_rank_1_with_an_uppercase_letter(post):
    pos = position("Ka9 ke5 we6 wg6 pf6 fe2", side="b")
    assert moves_from(post, pos, "e2") == {"e2e1=E", "e2e3"}
    after = play(post, pos, "e2e1=E")
    assert after["position"].split()[0].endswith("/4e2")
    assert refusal(post, pos, "e2e1=e")["reason"] == "malformed_move"


def test_only_a_fool_reaching_the_enemy_home_rank_promotes(post):
    back_home = position("Ka9 Fc2 kg5")        # white has lost everything it could regain
    assert moves_from(post, back_home, "c2") == {"c2c3", "c2c1"}
    assert reason(post, back_home, "c2c1=W") == "promotion_not_allowed"
    assert reason(post, position("Ka1 Wb7 kg5"), "b7b9=W") == "promotion_not_allowed"
    for bad in ("c8c9=S", "c8c9=K", "c8c9=F", "c8c9=Q"):
        assert refusal(post, position("Ka1 Fc8 kg5"), bad)["reason"] == "malformed_move"


# ---- Fool's Gambit ------------------------------------------------------------------------------


def test_fools_gambit_is_off_by_default(post):
    pos = position("Ka1 Fd1 Fc3 kg9 sf9")
    assert reason(post, pos, "c3c4") == "raised_square"
    assert "c3c4" in moves(post, pos, GAMBIT)


def test_a_fool_on_its_own_king_square_opens_raised_squares_to_the_other_fools_only(post):
    pos = position("Ka1 Fd1 Fc3 Wa4 kg9 sf9")
    listed = moves(post, pos, GAMBIT)
    assert {"c3c4", "d1d2"} <= listed
    assert "a4c4" not in listed
    assert reason(post, pos, "a4c4", GAMBIT) == "raised_square"


def test_a_fool_moved_onto_the_enemy_king_square_wins_before_promotion(post):
    pos = position("Ka1 Fd1 Fd8 ka9")
    entry = next(m for m in legal(post, pos, GAMBIT)["moves"] if m["move"].startswith("d8d9"))
    assert entry["move"] == "d8d9"
    after = play(post, pos, "d8d9", GAMBIT)
    assert outcome(after["status"]) == ("win", "white", "fools_gambit")
    assert after["position"].startswith("k2F3/")
    assert reason(post, pos, "d8d9=W", GAMBIT) == "promotion_not_allowed"
    finished = after["position"]
    assert legal(post, finished, GAMBIT)["count"] == 0
    assert outcome(status(post, finished, GAMBIT)) == ("win", "white", "fools_gambit")


def test_regression_a_gambit_win_status_still_reports_in_check(post):
    # The status of a game won by Fool's Gambit lacked in_check, which every other status has.
    finished = position("Ka1 Fd9 ka9", side="b")
    assert status(post, finished, GAMBIT) == {
        "state": "win", "winner": "white", "reason": "fools_gambit", "to_move": None,
        "in_check": False}
    # The loser's defenseless King may well be attacked by then: the field says so.
    attacked = position("Ka1 Fd9 Wb1 ka9", side="b")
    assert status(post, attacked, GAMBIT)["in_check"] is False   # b1-b9 is not a9's file
    attacked = position("Ka1 Fd9 Wa2 kb9 sg9", side="b")
    assert status(post, attacked, GAMBIT)["in_check"] is False   # a black Swordmaster
    attacked = position("Kg1 Fd9 Wa2 ka9", side="b")
    assert status(post, attacked, GAMBIT)["in_check"] is True


def test_the_winning_fool_needs_raised_square_permission(post):
    no_permission = position("Ka1 Fd8 ka9")
    assert reason(post, no_permission, "d8d9", GAMBIT) == "raised_square"
    king_on_x = position("Kc4 Fd8 ka9")
    assert outcome(play(post, king_on_x, "d8d9", GAMBIT)["status"]) == (
        "win", "white", "fools_gambit")


def test_a_diagonal_capture_onto_the_enemy_king_square_wins_too(post):
    pos = position("Ka1 Fd1 Fc8 pd9 ka9")
    assert outcome(play(post, pos, "c8d9", GAMBIT)["status"]) == ("win", "white", "fools_gambit")


def test_black_wins_by_gambit_on_d1(post):
    pos = position("Kg9 fd9 fd2 kc6", side="b")   # the black King also stands on the X
    assert outcome(play(post, pos, "d2d1", GAMBIT)["status"]) == ("win", "black", "fools_gambit")


def test_the_winning_fool_move_obeys_check_and_the_formation_ruling_like_any_move(post):
    # Judgement call (docs/rules/kings-mate.md): "wins at once" does not lift the other rules.
    in_check = position("Ka1 Fd1 Fd8 wa8 kg9")
    assert "d8d9" not in moves(post, in_check, GAMBIT)
    assert reason(post, in_check, "d8d9", GAMBIT) == "king_in_check"
    broken = position("Ka1 Sc3 Fd1 Fd8 ka9")     # c3b2 or a1b2 restores the formation
    assert moves(post, broken, GAMBIT) == {"a1b2", "c3b2"}
    assert reason(post, broken, "d8d9", GAMBIT) == "swordmaster_formation"


def test_without_the_option_a_fool_on_the_king_square_just_promotes(post):
    pos = position("Kc4 Fd8 ka9")
    assert {"d8d9=W", "d8d9=P", "d8d9=E"} <= moves(post, pos)
    after = play(post, pos, "d8d9=E")
    assert after["status"]["state"] == "ongoing"


# ---- Defense of the Crown -----------------------------------------------------------------------


def test_defense_of_the_crown_jumps_the_king_over_his_swordmasters(post):
    pos = position("Kd1 Se2 Sf3 kd9 sc9", unmoved="Kk")
    assert "d1g4" not in moves(post, pos)
    assert reason(post, pos, "d1g4") == "piece_movement"
    entry = next(m for m in legal(post, pos, CROWN)["moves"] if m["move"] == "d1g4")
    assert entry["kind"] == "crown"
    after = play(post, pos, "d1g4", CROWN)
    assert after["position"] == position("Kg4 Se2 Sf3 kd9 sc9", side="b", unmoved="k", quiet=1)


def test_defense_of_the_crown_along_a_file_for_black(post):
    pos = position("Ka1 kd9 sd8 sd7", side="b", unmoved="k")
    after = play(post, pos, "d9d6", CROWN)
    assert after["position"] == position("Ka1 kd6 sd8 sd7", side="w", unmoved="-", quiet=1,
                                         n=2)


def test_defense_of_the_crown_conditions(post):
    moved = position("Kd1 Se2 Sf3 kd9 sc9", unmoved="k")
    assert reason(post, moved, "d1g4", CROWN) == "defense_of_the_crown"
    blocked = position("Kd1 Se2 Sf3 fg4 kd9 sc9", unmoved="Kk")
    assert "d1g4" not in moves(post, blocked, CROWN)
    assert reason(post, blocked, "d1g4", CROWN) == "defense_of_the_crown"
    own = position("Kd1 Se2 Sf3 Fg4 kd9 sc9", unmoved="Kk")
    assert reason(post, own, "d1g4", CROWN) == "own_piece"
    not_in_line = position("Kd1 Se2 Sc2 kd9 sc9", unmoved="Kk")
    assert reason(post, not_in_line, "d1g4", CROWN) == "defense_of_the_crown"
    one = position("Kd1 Se2 Fa2 kd9 sc9", unmoved="Kk")
    assert reason(post, one, "d1g4", CROWN) == "defense_of_the_crown"


def test_unmoved_is_cleared_by_any_king_move_and_only_the_kings_own(post):
    pos = position("Kd1 Se2 Sf3 kd9 sc9", unmoved="Kk")
    after = play(post, pos, "d1e1", CROWN)["position"]
    assert after.split()[2] == "k"
    other = play(post, pos, "f3f2", CROWN)["position"]    # a Swordmaster move keeps it
    assert other.split()[2] == "Kk"


def test_unmoved_names_only_kings_on_their_king_squares(post):
    answer = post(GAME, "status", position=position("Ke1 Se2 kd9 sc9", unmoved="Kk"))
    assert answer.status_code == 422
    assert answer.get_json()["code"] == "invalid_position"
    assert "unmoved" in answer.get_json()["detail"]


# ---- Active Play -------------------------------------------------------------------------------


ATTEMPTS = position("Ka1 Fa2 Fb2 Fb1 fa3 fb3 kg9")   # white's only moves are two captures


def test_captures_are_chance_moves_with_probability_15_in_36(post):
    pos = position("Ka1 Wb2 fb6 kg9")
    entries = {m["move"]: m for m in legal(post, pos, ACTIVE)["moves"]}
    assert entries["b2b6"]["chance"] is True
    assert entries["b2b6"]["probability"] == pytest.approx(15 / 36)
    assert "chance" not in entries["b2b5"] and "probability" not in entries["b2b5"]
    plain = {m["move"]: m for m in legal(post, pos)["moves"]}
    assert "chance" not in plain["b2b6"] and set(plain) == set(entries)


def test_a_successful_attempt_captures(post):
    pos = position("Ka1 Wb2 fb6 kg9", quiet=4)
    after = play(post, pos, "b2b6", ACTIVE, dice={"attacker": 5, "defender": 4})
    assert after["dice"] == {"attacker": 5, "defender": 4}
    assert after["position"] == position("Ka1 Wb6 kg9", side="b", quiet=0)


@pytest.mark.parametrize("attacker,defender", [(3, 3), (2, 5), (1, 6), (6, 6)])
def test_a_failed_attempt_moves_nothing_keeps_the_turn_and_records_the_piece(
        post, attacker, defender):
    pos = position("Ka1 Wb2 Fg2 fb6 kg9", quiet=4, n=3)
    after = play(post, pos, "b2b6", ACTIVE, dice={"attacker": attacker, "defender": defender})
    assert after["position"] == position("Ka1 Wb2 Fg2 fb6 kg9", failed="b2", quiet=4, n=3)
    assert after["status"]["to_move"] == "white"
    failed = after["position"]
    listed = moves(post, failed, ACTIVE)
    assert listed and not any(m.startswith("b2") for m in listed)
    problem = refusal(post, failed, "b2b3", ACTIVE)
    assert problem["reason"] == "failed_attempt"


def test_failed_pieces_accumulate_and_the_ply_ends_when_none_can_move(post):
    first = play(post, ATTEMPTS, "a2b3", ACTIVE, dice={"attacker": 1, "defender": 2})
    assert first["position"] == position("Ka1 Fa2 Fb2 Fb1 fa3 fb3 kg9", failed="a2")
    second = play(post, first["position"], "b2a3", ACTIVE, dice={"attacker": 2, "defender": 2})
    assert second["position"] == position("Ka1 Fa2 Fb2 Fb1 fa3 fb3 kg9", side="b", quiet=1)
    assert any(e["type"] == "ply_ends" for e in second["events"])
    both = position("Ka1 Fa2 Fb2 Fb1 fa3 fb3 kg9", failed="b2,a2")
    answer = post(GAME, "status", position=both, options=ACTIVE)
    assert answer.status_code == 422     # that ply would already have ended


def test_the_ply_ending_after_blacks_failures_advances_n(post):
    pieces = "ka9 fa8 fb8 fb9 Fa7 Fb7 Kg1"          # ATTEMPTS, mirrored for black
    pos = position(pieces, side="b", failed="a8", quiet=2, n=5)
    assert moves(post, pos, ACTIVE) == {"b8a7"}
    after = play(post, pos, "b8a7", ACTIVE, dice={"attacker": 4, "defender": 5})
    assert after["position"] == position(pieces, side="w", quiet=3, n=6)


def test_dice_are_rolled_reproducibly_with_a_seed(post):
    pos = position("Ka1 Wb2 fb6 kg9")
    first = play(post, pos, "b2b6", ACTIVE, seed=12345)
    second = play(post, pos, "b2b6", ACTIVE, seed=12345)
    assert first == second
    dice = first["dice"]
    assert set(dice) == {"attacker", "defender"}
    assert all(1 <= dice[k] <= 6 for k in dice)
    captured = dice["attacker"] > dice["defender"]
    assert (first["position"].split()[1] == "b") == captured
    unseeded = play(post, pos, "b2b6", ACTIVE)
    assert set(unseeded["dice"]) == {"attacker", "defender"}


def test_dice_are_checked(post):
    pos = position("Ka1 Wb2 fb6 kg9")
    for dice in ({"attacker": 7, "defender": 1}, {"attacker": 0, "defender": 1},
                 {"attacker": 3}, {"attacker": 3, "defender": 2, "extra": 1},
                 {"attacker": True, "defender": 2}):
        answer = post(GAME, "apply", position=pos, move="b2b6", options=ACTIVE, dice=dice)
        assert answer.status_code in (400, 422), dice
        assert answer.get_json()["code"] in ("invalid_dice", "malformed_request"), dice
    quiet_move = post(GAME, "apply", position=pos, move="b2b5", options=ACTIVE,
                      dice={"attacker": 3, "defender": 2})
    assert quiet_move.status_code == 422 and quiet_move.get_json()["code"] == "invalid_dice"
    off = post(GAME, "apply", position=pos, move="b2b6", dice={"attacker": 3, "defender": 2})
    assert off.status_code == 422 and off.get_json()["code"] == "invalid_dice"


def test_the_failed_field_needs_active_play_and_the_movers_pieces(post):
    with_failed = position("Ka1 Wb2 Fg2 fb6 kg9", failed="b2")
    assert status(post, with_failed, ACTIVE)["to_move"] == "white"
    answer = post(GAME, "status", position=with_failed)
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_position"
    for failed in ("b6", "c3", "b2,b2", "B2", "b2;g2"):
        bad = position("Ka1 Wb2 Fg2 fb6 kg9", failed=failed)
        answer = post(GAME, "status", position=bad, options=ACTIVE)
        assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_position"


def test_legal_moves_answer_failed_squares_in_square_order_however_they_came(post):
    ordered = position("Ka1 Wb2 Fg2 fb6 kg9", failed="b2,g2")
    unordered = position("Ka1 Wb2 Fg2 fb6 kg9", failed="g2,b2")
    for sent in (unordered, ordered, unordered):  # read, then recalled from recent reads
        answer = legal(post, sent, ACTIVE)
        assert answer["position"] == ordered
        assert answer["moves"] == legal(post, ordered, ACTIVE)["moves"]


def test_checkmate_counts_capture_attempts_as_available(post):
    # The only counter to the check on the a-file is taking the Keeper on a8.
    pos = position("Ka1 Wg8 wa8 wb9 ke9")
    assert moves(post, pos) == {"g8a8"}
    entry = legal(post, pos, ACTIVE)["moves"][0]
    assert entry["move"] == "g8a8" and entry["chance"] is True
    assert status(post, pos, ACTIVE)["state"] == "ongoing"
    # When the attempt fails nothing else can counter: the King is mated.
    after = play(post, pos, "g8a8", ACTIVE, dice={"attacker": 2, "defender": 3})
    assert outcome(after["status"]) == ("win", "black", "checkmate")


def test_a_kings_failed_attempt_leaves_unmoved(post):
    pos = position("Kd1 we2 Fa2 kd9 sc9", unmoved="Kk")
    after = play(post, pos, "d1e2", ACTIVE, dice={"attacker": 1, "defender": 1})
    assert after["position"].split()[2:4] == ["Kk", "d1"]


def test_replay_takes_one_dice_entry_per_move(post):
    pos = position("Ka1 Wb2 Fg2 fb6 kg9")
    answer = post(GAME, "replay", position=pos, options=ACTIVE, moves=["b2b6", "g2g3"],
                  dice=[{"attacker": 1, "defender": 6}, None])
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["position"] == position("Ka1 Wb2 Fg3 fb6 kg9", side="b", quiet=1)


# ---- draw after quiet plies, counters ----------------------------------------------------------


def test_quiet_and_n_count_plies(post):
    pos = position("Ka1 Wb2 fb6 fg8 kg9", quiet=7, n=3)
    white = play(post, pos, "b2b3")["position"]
    assert white.split()[-2:] == ["8", "3"]
    black = play(post, white, "g8g7")["position"]
    assert black.split()[-2:] == ["9", "4"]
    capture = play(post, pos, "b2b6")["position"]
    assert capture.split()[-2:] == ["0", "3"]


def test_draw_after_quiet_plies(post):
    options = {"draw_after_quiet_plies": 10}
    pos = position("Ka1 Wb2 fb6 kg9", quiet=9)
    assert status(post, pos, options)["state"] == "ongoing"
    after = play(post, pos, "b2b3", options)
    assert outcome(after["status"]) == ("draw", None, "quiet_plies")
    assert legal(post, after["position"], options)["count"] == 0
    assert refusal(post, after["position"], "g9g8", options)["code"] == "game_over"
    # A capture on the last allowed ply resets the counter instead.
    assert play(post, pos, "b2b6", options)["status"]["state"] == "ongoing"


def test_draw_after_quiet_plies_is_off_by_default_and_validated(post):
    assert status(post, position("Ka1 Wb2 fb6 kg9", quiet=9999))["state"] == "ongoing"
    for bad in (0, -1, "ten", True):
        answer = post(GAME, "setup", options={"draw_after_quiet_plies": bad})
        assert answer.status_code in (400, 422), bad


def test_the_quiet_draw_option_is_described_in_king_s_mates_terms(client):
    words = option_description(client, GAME, "draw_after_quiet_plies")
    assert "since the last capture" in words and "successful capture attempt" in words
    assert not {"devour", "resurrection", "passes"} & set(words.replace(",", " ").split())


def test_checkmate_comes_before_the_quiet_draw(post):
    pos = position("Ka1 wa9 wb8 kg9", quiet=50)
    assert outcome(status(post, pos, {"draw_after_quiet_plies": 50})) == (
        "win", "black", "checkmate")


# ---- illegal moves and impossible positions ----------------------------------------------------


@pytest.mark.parametrize("pos,move,expected", [
    (START, "c3c4", "empty_square"),
    (START, "a8a7", "not_your_piece"),
    (START, "a1a2", "own_piece"),
    (START, "a1a3", "path_blocked"),
    (START, "b1d3x", "malformed_move"),
    (START, "d2", "malformed_move"),
    (START, "D2D3", "malformed_move"),
    (START, "h2h3", "malformed_move"),
    (START, "d2d4", "piece_movement"),
    (START, "d2e3", "piece_movement"),
    (START, "d1d2", "own_piece"),
    (START, "c1c3", "swordmaster_formation"),
    (START, "b1e4", "raised_square"),
    (START, "a1a1", "piece_movement"),
    (START, "d1d3", "piece_movement"),
])
def test_illegal_moves_name_the_rule(post, pos, move, expected):
    assert reason(post, pos, move) == expected


def test_illegal_move_details_say_what_is_wrong(post):
    problem = refusal(post, START, "a8a7")
    assert "a8" in problem["detail"]
    problem = refusal(post, START, "c1c3")
    assert "formation" in problem["detail"]


@pytest.mark.parametrize("text", [
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF w Kk - 0 1",               # 8 ranks
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW x Kk - 0 1",       # side
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w KQ - 0 1",       # unmoved
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 0",       # n starts at 1
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - -1 1",      # quiet
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0",         # a field missing
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEQ w Kk - 0 1",       # unknown letter
    "wpsksew/ff1f1ff/8/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1",       # 8 files
    "wpsksew/fffffff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1",       # 7 Fools
    "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSSSEW w Kk - 0 1",       # 3 Swordmasters, no King
    "wpsksew/ff1f1ff/7/7/3K3/7/7/FF1F1FF/WPSKSEW w k - 0 1",      # two white Kings
    "wps1sew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w K - 0 1",        # no black King
])
def test_impossible_or_malformed_positions_are_refused(post, text):
    answer = post(GAME, "legal-moves", position=text)
    problem = answer.get_json()
    assert answer.status_code == 422 and problem["code"] == "invalid_position", text
    assert problem["detail"]


def test_a_position_where_the_mover_could_capture_the_enemy_king_is_impossible(post):
    for pos in (position("Kd3 Wg3 kg9"), position("Kc3 kd4 sg1", side="b"),
                position("Kb2 kc3")):
        answer = post(GAME, "legal-moves", position=pos)
        assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_position", pos


# ---- the game's description and perft ----------------------------------------------------------


def test_the_game_is_listed_with_its_players_options_and_pieces(client):
    games = {g["id"]: g for g in client.get("/v1/games").get_json()["games"]}
    assert games[GAME]["players"] == ["white", "black"]
    assert {o["name"] for o in games[GAME]["options"]} == {
        "stalemate", "fools_gambit", "defense_of_the_crown", "active_play",
        "draw_after_quiet_plies"}
    detail = client.get(f"/v1/games/{GAME}").get_json()
    assert {p["letter"] for p in detail["pieces"]} == set("KSPEWF")


def test_perft_from_the_start(post):
    answer = post(GAME, "perft", position=START, depth=3).get_json()
    assert answer == {"depth": 3, "nodes": 1485}

"""Sceptre rule by rule (docs/rules/sceptre.md), from notation strings."""

from __future__ import annotations

import pytest

import rules
from rules.core.departure import CannotDepart, depart
from rules.core.errors import GameOver, IllegalMove, InvalidOptions, InvalidPosition
from rules.core.notation import format_board
from rules.core.reasons import OffBoard
from rules.sceptre.layout import compile_layout
from rules.sceptre.sections import LIBRARY

OPEN = ["........"] * 8
OPEN_8X8 = {"sections": [{"origin": "a1", "terrain": OPEN}]}
# Three players on three open sections in an L; the hole is i1-p8.
OPEN3 = {"players": ["w", "r", "b"], "sections": [
    {"origin": "a1", "terrain": OPEN, "home": "w"}, {"origin": "a9", "terrain": OPEN, "home": "r"},
    {"origin": "i9", "terrain": OPEN, "home": "b"}]}


def game_with(terrain_rows=None, **options):
    if terrain_rows is not None:
        options["sections"] = [{"origin": "a1", "terrain": list(terrain_rows)}]
    return rules.configure("sceptre", options)


def notation(game, pieces: dict[str, str], side="w", armies=None, quiet=0, n=1) -> str:
    grid = game.layout.grid
    cells = [None] * grid.size
    for name, piece in pieces.items():
        cells[grid.index[name]] = piece
    if armies is None:
        armies = ",".join(c + c for c in game.options["players"])
    return f"{format_board(cells, grid)} {side} {armies} {quiet} {n}"


def position(game, pieces, **kw):
    return game.parse_position(notation(game, pieces, **kw))


def moves(game, pos) -> set[str]:
    return {game.format_move(pos, m) for m in game.legal_moves(pos)}


def reason(game, pos, text) -> str:
    with pytest.raises(IllegalMove) as err:
        game.play(pos, text)
    return err.value.reason


def terrain_at(**squares) -> list[str]:
    """An 8x8 terrain (top row first) with the named squares of ranks 3-6 set."""
    rows = [list("........") for _ in range(8)]
    for name, letter in squares.items():
        rows[8 - int(name[1:])]["abcdefgh".index(name[0])] = letter
    return ["".join(r) for r in rows]


KINGS = {"a1": "wK", "g8": "bK"}

# ---- setup, layouts and options ------------------------------------------------------------


def test_no_options_is_a_two_player_game_on_the_default_layout():
    game = rules.configure("sceptre")
    pos = game.initial_position()
    assert game.options["players"] == ["w", "b"]
    assert game.format_position(pos) == (
        "bRbNbBbQbKbBbNbR/bPbPbPbPbPbPbPbP/8/8/8/8/8/8/8/8/8/8/8/8/wPwPwPwPwPwPwPwP/"
        "wRwNwBwQwKwBwNwR w ww,bb 0 1")
    assert game.status(pos).to_move == "white"


def test_default_layouts_for_three_and_four_players():
    three = rules.configure("sceptre", {"players": ["w", "r", "b"]})
    four = rules.configure("sceptre", {"players": ["y", "b", "r", "w"]})
    assert (three.layout.grid.files, three.layout.grid.ranks) == (16, 24)
    assert (four.layout.grid.files, four.layout.grid.ranks) == (24, 24)
    assert four.options["players"] == ["w", "r", "b", "y"]  # seat order
    assert four.options["forward"] == {"w": "north", "r": "east", "b": "south", "y": "west"}
    text = four.format_position(four.initial_position())
    assert text.endswith(" w ww,rr,bb,yy 0 1")
    # the plus-shaped board has holes in its corners
    assert "a1" not in four.layout.grid.index and "i1" in four.layout.grid.index


def test_armies_start_in_the_orthodox_array_with_queens_facing():
    four = rules.configure("sceptre", {"players": ["w", "r", "b", "y"]})
    board, names = four.initial_position().board, four.layout.grid.names
    where = {names[sq]: code for sq, code in enumerate(board) if code}
    from rules.sceptre.position import piece_letters
    got = {sq: piece_letters(c) for sq, c in where.items()}
    assert got["l1"] == "wQ" and got["m1"] == "wK" and got["l24"] == "bQ"
    assert got["a12"] == "rQ" and got["a13"] == "rK" and got["x12"] == "yQ"
    assert got["b9"] == "rP" and got["w16"] == "yP"


def test_the_library_has_nine_distinct_sections_and_open_home_rows():
    assert len(LIBRARY) == 9
    mixes = {tuple(sorted("".join(rows).replace(".", ""))) for rows in LIBRARY.values()}
    assert len(mixes) == 9
    assert LIBRARY["southern-march"][6:] == ("........",) * 2
    assert LIBRARY["northern-march"][:2] == ("........",) * 2
    assert all(row[:2] == ".." for row in LIBRARY["western-march"])
    assert all(row[6:] == ".." for row in LIBRARY["eastern-march"])
    for rows in LIBRARY.values():
        assert len(rows) == 8 and all(len(r) == 8 and set(r) <= set(".FRPBC") for r in rows)


def test_compiled_layouts_are_cached_by_option_value():
    assert compile_layout(["w", "b"], None, None) is compile_layout(["w", "b"], None, None)
    assert rules.configure("sceptre", {}) is rules.configure("sceptre", {})


def test_section_origins_are_tightened_to_the_bounding_box():
    game = rules.configure("sceptre", {"sections": [
        {"origin": "c3", "name": "southern-march"}, {"origin": "c11", "name": "northern-march"}]})
    assert [s["origin"] for s in game.options["sections"]] == ["a1", "a9"]


@pytest.mark.parametrize("options, words", [
    ({"sections": [{"origin": "a1", "terrain": OPEN}, {"origin": "e5", "terrain": OPEN}]},
     "overlaps"),
    ({"sections": [{"origin": "a1", "terrain": OPEN}, {"origin": "i9", "terrain": OPEN}]},
     "edge-connected"),
    ({"sections": [{"origin": f"a{1 + 8 * i}", "terrain": OPEN} for i in range(4)]}, "24x24"),
    ({"sections": [{"origin": "a1", "terrain": OPEN}] * 10}, "at most 9"),
    ({"sections": [{"origin": "a1", "terrain": ["........"] * 7 + ["...X...."]}]}, "letters"),
    ({"sections": [{"origin": "a1", "name": "atlantis"}]}, "library"),
    ({"sections": [{"origin": "a1", "terrain": OPEN, "colour": "w"}]}, "unknown key"),
    ({"sections": [{"origin": "1a", "terrain": OPEN}]}, "origin"),
    ({"forward": {"w": "up"}}, "directions"),
    ({"forward": {"r": "east"}}, "not playing"),
    ({"players": ["w"]}, "2 to 4"),
    ({"players": ["w", "w"]}, "twice"),
    ({"players": ["w", "g"]}, '"g"'),
    # a colour is one letter: neither "wr" nor "" passes as one (they are substrings of "wrby")
    ({"players": ["wr", "b"]}, '"wr"'),
    ({"players": ["", "b"]}, '""'),
    ({"forward": {"wr": "north"}}, "keys are colour letters"),
    ({"forward": {"": "north"}}, "keys are colour letters"),
    # a direction that is not a string is refused, not a 500 (found by schemathesis)
    ({"forward": {"w": ["north"]}}, "directions"),
    ({"forward": {"w": {"to": "north"}}}, "directions"),
])
def test_invalid_layouts_are_refused(options, words):
    with pytest.raises(InvalidOptions) as err:
        rules.configure("sceptre", options)
    assert words in err.value.detail


@pytest.mark.parametrize("options, words", [
    ({"sections": [{"origin": "a1", "name": "old-forest"}]}, "open ground"),
    ({"sections": [{"origin": "a1", "terrain": OPEN}], "forward": {"b": "north"}}, "both start"),
])
def test_a_board_whose_armies_cannot_start_has_no_initial_position_but_plays_positions(
        options, words):
    # Regression: such boards were refused outright, so a client could not play a position
    # of its own on, say, one 8x8 section with terrain on its first or last two ranks.
    game = rules.configure("sceptre", options)
    with pytest.raises(InvalidOptions) as err:
        game.initial_position()
    assert words in err.value.detail
    pos = position(game, {"a1": "wK", "e4": "wQ", "a6": "bK"}, side="w")
    assert "e4e5" in moves(game, pos)


def test_custom_forward_direction_changes_the_home_section():
    game = rules.configure("sceptre", {"forward": {"w": "south", "b": "north"}})
    pos = game.initial_position()
    assert game.format_position(pos).startswith("wRwNwBwQwKwBwNwR/wPwP")

# ---- movement on open ground -----------------------------------------------------------


def test_orthodox_queen_rook_bishop_king_on_open_ground():
    game = game_with(OPEN)
    pos = position(game, {**KINGS, "d4": "wQ", "d6": "bP", "f4": "wB"})
    got = moves(game, pos)
    assert {"d4d5", "d4d6", "d4a4", "d4e4", "d4g7", "d4d1"} <= got
    assert "d4d7" not in got and "d4f4" not in got and "d4h4" not in got
    assert {"f4g5", "f4h6", "f4e3", "f4c1"} <= got and "f4f5" not in got
    assert {"a1a2", "a1b1", "a1b2"} <= got


def test_no_castling_and_no_en_passant():
    game = game_with(OPEN)
    pos = position(game, {"e1": "wK", "h1": "wR", "a1": "wR", "e8": "bK", "d4": "bP", "e2": "wP"})
    assert not {"e1g1", "e1c1"} & moves(game, pos)
    after = game.play(pos, "e2e4")[1].position
    # d4e3 is only a Pawn's diagonal step here: the white Pawn on e4 stays on the board.
    after = game.play(after, "d4e3")[1].position
    assert game.format_position(after).split(" ")[0].split("/")[4] == "4wP3"


def test_knight_leaps_orthodox_and_three_three_and_zero_three():
    game = game_with(OPEN)
    pos = position(game, {**KINGS, "d4": "wN"})
    knight = {m[2:] for m in moves(game, pos) if m.startswith("d4")}
    assert knight == {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5",  # orthodox
                      "g7", "a7", "g1",                              # (3,3); a1 is own King
                      "d1", "d7", "a4", "g4"}                        # (0,3)


def test_knight_jumps_over_pieces():
    game = game_with(OPEN)
    pos = position(game, {**KINGS, "d4": "wN", "d5": "wP", "d6": "wP", "e5": "bP"})
    assert {"d4d7", "d4g7"} <= moves(game, pos)


def test_pawn_moves_one_to_three_squares_forward_diagonally_forward_or_sideways():
    game = game_with(OPEN)
    pos = position(game, {**KINGS, "d4": "wP"})
    pawn = {m[2:] for m in moves(game, pos) if m.startswith("d4")}
    assert pawn == {"d5", "d6", "d7", "e5", "f6", "g7", "c5", "b6", "a7",
                    "e4", "f4", "g4", "c4", "b4", "a4"}


def test_pawn_moves_are_blocked_and_never_capture_straight():
    game = game_with(OPEN)
    pos = position(game, {**KINGS, "d4": "wP", "d6": "bN", "f4": "bN"})
    pawn = {m[2:] for m in moves(game, pos) if m.startswith("d4")}
    assert "d5" in pawn and "d6" not in pawn and "d7" not in pawn
    assert "e4" in pawn and "f4" not in pawn and "g4" not in pawn
    assert reason(game, pos, "d4d6") == "pawn_capture"


def test_pawn_captures_one_square_diagonally_forward_only():
    game = game_with(OPEN)
    pos = position(game, {**KINGS, "d4": "wP", "e5": "bN", "c3": "bN", "f6": "bB"})
    got = moves(game, pos)
    assert "d4e5" in got and "d4c3" not in got and "d4f6" not in got


def test_pawns_move_in_their_army_direction():
    game = game_with(OPEN)
    pos = position(game, {**KINGS, "d5": "bP", "a4": "wP"}, side="b")
    pawn = {m[2:] for m in moves(game, pos) if m.startswith("d5")}
    assert {"d4", "d2", "a2", "g2", "c5"} <= pawn and "d6" not in pawn
    red = rules.configure("sceptre", OPEN3)
    pos = position(red, {"a1": "wK", "a16": "rK", "p16": "bK", "c12": "rP"}, side="r")
    pawn = {m[3:] for m in moves(red, pos) if m.startswith("c12")}
    assert {"d12", "f12", "f15", "c11", "c9"} <= pawn and "b12" not in pawn

# ---- terrain: every cell of the terrain table -------------------------------------------

# (kind, terrain) -> normal | blocked | slow | ford, as in the rules' terrain table.
TABLE = {
    ("K", "F"): "normal", ("K", "R"): "blocked", ("K", "P"): "blocked", ("K", "B"): "normal",
    ("K", "C"): "blocked",
    ("Q", "F"): "normal", ("Q", "R"): "blocked", ("Q", "P"): "blocked", ("Q", "B"): "normal",
    ("Q", "C"): "blocked",
    ("R", "F"): "blocked", ("R", "R"): "blocked", ("R", "P"): "blocked", ("R", "B"): "normal",
    ("R", "C"): "slow",
    ("B", "F"): "slow", ("B", "R"): "blocked", ("B", "P"): "blocked", ("B", "B"): "normal",
    ("B", "C"): "blocked",
    ("N", "F"): "normal", ("N", "R"): "normal", ("N", "P"): "normal", ("N", "B"): "normal",
    ("N", "C"): "blocked",
    ("P", "F"): "normal", ("P", "R"): "ford", ("P", "P"): "blocked", ("P", "B"): "normal",
    ("P", "C"): "slow",
}
# The line each piece moves along in these tests: squares at distance 1, 2, 3 from its start.
LINE = {"K": ("d3", "d4"), "Q": ("d3", "d4", "d5", "d6"), "R": ("d3", "d4", "d5", "d6"),
        "B": ("c3", "d4", "e5", "f6"), "P": ("d3", "d4", "d5", "d6")}


@pytest.mark.parametrize("kind, letter", sorted(TABLE), ids=lambda v: v)
def test_terrain_table_cell(kind, letter):
    rule = TABLE[(kind, letter)]
    if kind == "N":
        # entering by a leap; leaping over terrain is always allowed
        game = game_with(terrain_at(e5=letter))
        pos = position(game, {**KINGS, "d3": "wN"})
        assert ("d3e5" in moves(game, pos)) == (rule != "blocked")
        game = game_with(terrain_at(d4=letter, d5=letter))
        pos = position(game, {**KINGS, "d3": "wN"})
        assert "d3d6" in moves(game, pos)
        return
    start, one, two = LINE[kind][0], LINE[kind][1], LINE[kind][2] if kind != "K" else None
    # entering by a 1-square move
    game = game_with(terrain_at(**{one: letter}))
    pos = position(game, {"g8": "bK", start: "wK"} if kind == "K" else {**KINGS, start: "w" + kind})
    assert (start + one in moves(game, pos)) == (rule != "blocked")
    if kind == "K":
        return
    # entering by a longer move
    game = game_with(terrain_at(**{two: letter}))
    pos = position(game, {**KINGS, start: "w" + kind})
    # (a Pawn may enter a river by a longer move: its move ends there)
    assert (start + two in moves(game, pos)) == (rule in ("normal", "ford"))
    # crossing
    game = game_with(terrain_at(**{one: letter}))
    pos = position(game, {**KINGS, start: "w" + kind})
    assert (start + two in moves(game, pos)) == (rule == "normal")
    if rule != "normal":
        assert reason(game, pos, start + two) == "terrain"
    # a move starting on the terrain
    if rule != "blocked":
        game = game_with(terrain_at(**{one: letter}))
        pos = position(game, {**KINGS, one: "w" + kind})
        got = moves(game, pos)
        assert one + two in got
        assert (one + LINE[kind][3] in got) == (rule == "normal")


def test_capturing_is_entering():
    game = game_with(terrain_at(d5="F", e4="P"))
    pos = position(game, {**KINGS, "d2": "wR", "d5": "bQ", "f3": "wB", "e4": "bN"})
    got = moves(game, pos)
    assert "d2d5" not in got       # a Rook cannot enter forest, even to capture
    assert "f3e4" not in got       # nor a Bishop a pond
    assert reason(game, pos, "d2d5") == "terrain"


def test_attack_and_check_follow_terrain():
    # The black Rook on d8 cannot reach d4 through the river on d6: no check.
    game = game_with(terrain_at(d6="R"))
    pos = position(game, {"d4": "wK", "d8": "bR", "h8": "bK"})
    assert game.status(pos).extra["in_check"] is False
    # A King in forest is safe from Rooks.
    game = game_with(terrain_at(d4="F"))
    pos = position(game, {"d4": "wK", "d8": "bR", "h8": "bK"})
    assert game.status(pos).extra["in_check"] is False
    pos = position(game, {"d5": "wK", "d8": "bR", "h8": "bK"})
    assert game.status(pos).extra["in_check"] is True


def test_pawn_move_ends_on_the_first_river_square():
    game = game_with(terrain_at(d5="R", d6="R", e5="R"))
    pos = position(game, {**KINGS, "d4": "wP"})
    pawn = {m[2:] for m in moves(game, pos) if m.startswith("d4")}
    assert "d5" in pawn and "d6" not in pawn and "e5" in pawn and "f6" not in pawn
    assert reason(game, pos, "d4d6") == "terrain"


def test_pawn_on_a_river_moves_one_square_along_it_or_straight_back():
    game = game_with(terrain_at(d5="R", e5="R", c5="R"))
    pos = position(game, {**KINGS, "d5": "wP"})
    pawn = {m[2:] for m in moves(game, pos) if m.startswith("d5")}
    assert pawn == {"d6", "c6", "e6", "c5", "e5", "d4"}
    assert reason(game, pos, "d5c4") == "piece_movement"     # back, but not diagonally
    assert reason(game, pos, "d5b5") == "terrain"            # along the river: 1 square


def test_pawn_cannot_enter_or_cross_a_pond_and_is_slow_in_ruins():
    game = game_with(terrain_at(d5="P", e4="C"))
    pos = position(game, {**KINGS, "d4": "wP"})
    pawn = {m[2:] for m in moves(game, pos) if m.startswith("d4")}
    assert "d5" not in pawn and "d6" not in pawn and "e4" in pawn and "f4" not in pawn


def test_pieces_may_not_stand_on_terrain_they_cannot_enter():
    game = game_with(terrain_at(d4="F", e4="C", f4="P"))
    for square, piece in (("d4", "wR"), ("e4", "wK"), ("e4", "wN"), ("e4", "wB"), ("f4", "wQ"),
                          ("f4", "wP")):
        with pytest.raises(InvalidPosition) as err:
            position(game, {**KINGS, square: piece})
        assert "may not enter" in err.value.detail
    position(game, {**KINGS, "d4": "wB", "e4": "wR", "f4": "wN"})

# ---- check, capture of Kings, elimination -----------------------------------------------


def test_a_move_leaving_ones_own_king_attacked_is_refused():
    game = game_with(OPEN)
    pos = position(game, {"e1": "wK", "e2": "wR", "e8": "bR", "a8": "bK"})
    assert "e2d2" not in moves(game, pos) and "e2e5" in moves(game, pos)
    assert reason(game, pos, "e2d2") == "king_in_check"
    assert "e1f1" in moves(game, pos)


def test_a_king_may_not_step_next_to_another_king():
    game = game_with(OPEN)
    pos = position(game, {"e1": "wK", "e3": "bK"}, side="w")
    assert not {"e1d2", "e1e2", "e1f2"} & moves(game, pos)


def test_two_player_checkmate_ends_the_game_at_once():
    game = game_with(OPEN)
    pos = position(game, {"h8": "bK", "g6": "wK", "a1": "wR"})
    after = game.play(pos, "a1a8")[1].position
    status = game.status(after)
    assert (status.state, status.winner, status.reason) == ("win", "white", "checkmate")
    assert game.legal_moves(after) == ()
    with pytest.raises(GameOver):
        game.play(after, "h8h7")


def test_two_player_stalemate_loses_at_once():
    game = game_with(OPEN)
    pos = position(game, {"h8": "bK", "f7": "wK", "g1": "wQ"})
    after = game.play(pos, "g1g6")[1].position
    status = game.status(after)
    assert (status.state, status.winner, status.reason) == ("win", "white", "stalemate")


def test_inert_armies_give_no_check_and_can_be_captured():
    game = rules.configure("sceptre", OPEN3)
    pos = position(game, {"d4": "wK", "d6": "rQ", "a16": "rK", "p16": "bK"},
                   armies="ww,r-,bb")
    assert game.status(pos).extra["in_check"] is False
    assert {"d4d5", "d4e5"} <= moves(game, pos)
    assert reason(game, position(game, {"d4": "wK", "d6": "rQ", "a16": "rK", "p16": "bK"},
                                 armies="ww,r-,bb", side="b"), "d6d5") == "not_your_piece"


def test_capturing_a_king_hands_over_every_army_its_owner_controlled():
    game = rules.configure("sceptre", OPEN3)
    # Black controls red's army (he captured red's King earlier); white now takes black's.
    pos = position(game, {"a1": "wK", "d4": "wQ", "d8": "bK", "c12": "rP", "e9": "rN"},
                   armies="ww,rb,bb", side="w")
    _, applied = game.play(pos, "d4d8")
    after = applied.position
    assert game.format_position(after).split(" ")[2] == "ww,rw,bw"
    assert any(e["type"] == "king_captured" for e in applied.events)
    status = game.status(after)
    assert (status.state, status.winner, status.reason) == ("win", "white", "last_king_standing")


def test_captured_armies_move_on_the_capturers_turn_and_pawns_keep_direction():
    game = rules.configure("sceptre", OPEN3)
    pos = position(game, {"a1": "wK", "c12": "rP", "p16": "bK", "h3": "wP"},
                   armies="ww,rw,bb", side="w")
    got = moves(game, pos)
    assert {"c12d12", "c12f12"} <= got and "c12c13" in got  # red pawn: forward is east
    after = game.play(pos, "c12d12")[1].position
    assert after.side == 2  # black: red is out, so the turn skips his seat


def test_king_safety_is_judged_after_the_hand_over():
    game = rules.configure("sceptre", OPEN3)
    # The white Rook on e2 is pinned by the red Rook on e8, but capturing red's King with it
    # makes the red Rook white's own piece.
    pos = position(game, {"e1": "wK", "e2": "wR", "e8": "rR", "b2": "rK", "p16": "bK"},
                   side="w")
    assert "e2b2" in moves(game, pos)
    assert "e2d2" not in moves(game, pos)


def test_mated_player_passes_with_three_players_left():
    game = rules.configure("sceptre", OPEN3)
    pos = position(game, {"a1": "wK", "b3": "bQ", "c1": "bR", "a16": "rK", "p16": "bK"},
                   side="w")
    assert game.legal_moves(pos) == (((-1, -1, 0)),)
    assert moves(game, pos) == {"pass"}
    assert reason(game, pos, "a1a2") == "king_in_check"
    _, applied = game.play(pos, "pass")
    assert applied.position.side == 1 and applied.position.quiet == 1
    other = position(game, {"a1": "wK", "a16": "rK", "p16": "bK"})
    assert reason(game, other, "pass") == "pass_not_allowed"


def test_stalemated_player_is_removed_and_his_army_is_inert():
    game = rules.configure("sceptre", OPEN3)
    # Once white takes red's Knight, red's King (a16, boxed in by the black Queen on c15)
    # has no legal move and is not in check.
    pos = position(game, {"h1": "wK", "a16": "rK", "h12": "rN", "c15": "bQ", "p16": "bK",
                          "h5": "wR"}, side="w")
    _, applied = game.play(pos, "h5h12")
    after = applied.position
    assert any(e["type"] == "removed" and e["player"] == "red" for e in applied.events)
    assert game.format_position(after).split(" ")[1:3] == ["b", "ww,r-,bb"]
    assert game.status(after).extra["players_left"] == ["white", "black"]


def test_turn_order_and_move_counter():
    game = rules.configure("sceptre", {"players": ["w", "r", "b", "y"]})
    pos = game.initial_position()
    texts = []
    for move in ("l2l3", "b12c12", "l23l22", "w12v12"):
        pos = game.play(pos, move)[1].position
        texts.append(game.format_position(pos).split(" ")[1::3])
    assert [t[0] for t in texts] == ["r", "b", "y", "w"]
    assert [int(t[1]) for t in texts] == [1, 1, 1, 2]  # n grows when play wraps to white


def test_last_king_standing_wins():
    game = rules.configure("sceptre", OPEN3)
    pos = position(game, {"a1": "wK", "p16": "bQ"}, armies="ww,rw,bw")
    status = game.status(pos)
    assert (status.state, status.winner, status.reason, status.to_move) == (
        "win", "white", "last_king_standing", None)
    assert game.legal_moves(pos) == ()

# ---- promotion ---------------------------------------------------------------------------


def test_promotion_only_to_lost_kinds():
    game = game_with(OPEN)
    pos = position(game, {"a1": "wK", "h8": "bK", "d7": "wP", "a2": "wQ", "b2": "wR",
                          "c2": "wB", "d2": "wB", "e2": "wN", "f2": "wN"})
    assert {m for m in moves(game, pos) if m.startswith("d7d8")} == {"d7d8=R"}
    assert reason(game, pos, "d7d8") == "promotion_required"
    assert reason(game, pos, "d7d8=Q") == "promotion_not_allowed"
    after = game.play(pos, "d7d8=R")[1].position
    assert game.format_position(after).startswith("3wR3bK/")


def test_promotion_with_nothing_lost_leaves_a_pawn():
    game = game_with(OPEN)
    pos = position(game, {"a1": "wK", "g6": "bK", "d7": "wP", "a2": "wQ", "b2": "wR",
                          "c2": "wR", "d2": "wB", "e2": "wB", "f2": "wN", "g2": "wN"})
    assert "d7d8" in moves(game, pos)
    assert reason(game, pos, "d7d8=Q") == "promotion_not_allowed"
    after = game.play(pos, "d7d8")[1].position
    assert game.format_position(after).startswith("3wP4/")
    # the Pawn on the last rank may later promote by a sideways move
    after = game.play(after, "g6g7")[1].position
    assert "d8e8" in moves(game, after)


def test_promotion_by_capture_and_by_sideways_moves_and_every_lost_kind():
    game = game_with(OPEN)
    pos = position(game, {"a1": "wK", "h6": "bK", "d7": "wP", "e8": "bN"})
    got = moves(game, pos)
    assert {"d7e8=Q", "d7e8=R", "d7e8=B", "d7e8=N", "d7c8=Q", "d7d8=N"} <= got


def test_no_promotion_on_a_last_rank_square_that_is_not_open_ground():
    rows = ["...F...."] + ["........"] * 7
    game = rules.configure("sceptre", {"forward": {"b": "north"}, "sections": [
        {"origin": "a1", "terrain": OPEN, "home": "w"},
        {"origin": "a9", "terrain": rows, "home": "b"}]})
    pos = position(game, {"a1": "wK", "h12": "bK", "d15": "wP"})
    got = moves(game, pos)
    assert "d15d16" in got and not any(m.startswith("d15d16=") for m in got)
    assert "d15c16=Q" in got


def test_red_promotes_on_the_last_file():
    game = rules.configure("sceptre", OPEN3)
    pos = position(game, {"a1": "wK", "a16": "rK", "o12": "rP", "p16": "bK"}, side="r")
    assert "o12p12=Q" in moves(game, pos)

# ---- counters and the quiet-plies draw ---------------------------------------------------


def test_quiet_counter_and_draw_after_quiet_plies():
    game = rules.configure("sceptre", {**OPEN_8X8, "draw_after_quiet_plies": 3})
    pos = position(game, {"a1": "wK", "h7": "bK", "d4": "wQ", "d6": "bN"}, quiet=1)
    after = game.play(pos, "d4d5")[1].position
    assert after.quiet == 2 and game.status(after).state == "ongoing"
    after = game.play(after, "h7h8")[1].position
    status = game.status(after)
    assert (status.state, status.reason) == ("draw", "quiet_plies")
    captured = game.play(pos, "d4d6")[1].position
    assert captured.quiet == 0

# ---- notation and parsing ----------------------------------------------------------------


def test_positions_round_trip():
    for options in ({}, {"players": ["w", "r", "b", "y"]}, OPEN3):
        game = rules.configure("sceptre", options)
        pos = game.initial_position()
        assert game.parse_position(game.format_position(pos)) == pos
    game = rules.configure("sceptre", OPEN3)
    text = notation(game, {"a1": "wK", "p16": "bK", "c12": "rP"}, armies="ww,rw,bb", side="b",
                    quiet=7, n=12)
    assert game.format_position(game.parse_position(text)) == text


@pytest.mark.parametrize("text, field", [
    ("8/8/8/8/8/8/8/4wK2 w ww,bb 0 1", "board"),                   # short rank
    ("4bK3/8/8/8/8/8/8/4gK3 w ww,bb 0 1", "board"),                # unknown colour
    ("4bK3/8/8/8/8/8/8/4wX3 w ww,bb 0 1", "board"),                # unknown piece
    ("4bK3/8/8/8/8/8/8/3wKwK3 w ww,bb 0 1", "board"),              # two Kings
    ("4bK3/8/8/8/8/8/8/8 w ww,bb 0 1", "board"),                   # no King in play
    ("4bK3/8/8/8/8/8/wQwQ6/4wK3 w ww,bb 0 1", "board"),            # two Queens
    ("4bK3/8/8/8/8/8/wNwNwN5/4wK3 w ww,bb 0 1", "board"),          # three Knights
    ("4bK3/8/8/wP7/wPwPwPwPwPwPwPwP/8/8/4wK3 w ww,bb 0 1", "board"),  # nine Pawns
    ("4yK3/8/8/8/8/8/8/4wK3 w ww,bb 0 1", "board"),                # yellow is not playing
    ("4bK3/8/8/8/8/8/8/4wK3 r ww,bb 0 1", "side"),                 # red is not playing
    ("4bK3/8/8/8/8/8/8/4wK3 w ww 0 1", "armies"),
    ("4bK3/8/8/8/8/8/8/4wK3 w bb,ww 0 1", "armies"),
    ("4bK3/8/8/8/8/8/8/4wK3 w ww,by 0 1", "armies"),
    # Two players: nobody is ever out (checkmate and stalemate end the game at once).
    ("8/8/8/8/8/8/8/4wK3 w ww,bw 0 1", "armies"),
    ("4bK3/8/8/8/8/8/8/4wK3 w ww,bw 0 1", "armies"),               # captured King on board
    ("4bK3/8/8/8/8/8/8/4wK3 w ww,b- 0 1", "armies"),               # ... nor removed
    ("4bK3/8/8/8/8/8/8/4wK3 b ww,b- 0 1", "side"),                 # inert side to move
    ("4bK3/8/8/8/8/8/8/4wK3 w ww,bb 01 1", "quiet"),
    ("4bK3/8/8/8/8/8/8/4wK3 w ww,bb 0 0", "n"),
    ("4bK3/8/8/8/8/8/8/4wQwK2 b ww,bb 0 1", None),                 # black in check, to move
    ("4bK3/8/8/8/8/8/8/4wQwK2 w ww,bb 0 1", "side"),               # black in check, white moves
    ("4bK3/8/8/8/8/8/8/4wK3 w ww,bb 0 1 ", None),                  # fields
])
def test_parsing_is_strict(text, field):
    game = rules.configure("sceptre", OPEN_8X8)
    if field is None and text.endswith(" "):
        with pytest.raises(InvalidPosition):
            game.parse_position(text)
        return
    if field is None:
        game.parse_position(text)
        return
    with pytest.raises(InvalidPosition) as err:
        game.parse_position(text)
    assert err.value.extra.get("field") == field, err.value.detail


def test_controller_must_be_in_the_game_with_his_king():
    game = rules.configure("sceptre", OPEN3)
    text = notation(game, {"a1": "wK", "p16": "bK"}, armies="ww,rb,bw")
    with pytest.raises(InvalidPosition) as err:
        game.parse_position(text)
    assert "controlled by black, who is out" in err.value.detail


def test_a_stalemated_side_to_move_with_three_players_left_is_invalid():
    game = rules.configure("sceptre", OPEN3)
    text = notation(game, {"h1": "wK", "a16": "rK", "c15": "bQ", "p16": "bK"}, side="r")
    with pytest.raises(InvalidPosition) as err:
        game.parse_position(text)
    assert "removed" in err.value.detail

# ---- move notation and reasons -----------------------------------------------------------


def test_move_notation_and_illegal_move_reasons():
    game = game_with(terrain_at(d5="F"))
    pos = position(game, {"a1": "wK", "h8": "bK", "d4": "wR", "c3": "wB", "b2": "bP",
                          "e3": "wN", "g7": "bR"})
    assert reason(game, pos, "d4-d5") == "malformed_move"
    assert reason(game, pos, "z9z9") == "malformed_move"
    assert reason(game, pos, "e4e5") == "empty_square"
    assert reason(game, pos, "g7g6") == "not_your_piece"
    assert reason(game, pos, "d4e5") == "piece_movement"
    assert reason(game, pos, "c3d4") == "own_piece"
    assert reason(game, pos, "c3a1") == "path_blocked"
    assert reason(game, pos, "d4d5") == "terrain"
    assert reason(game, pos, "c3a5") == "king_in_check"  # the b2 Pawn checks a1
    pos2 = position(game, {"a1": "wK", "h8": "bK", "a4": "wR", "c4": "bP"})
    assert reason(game, pos2, "a4e4") == "path_blocked"
    assert reason(game, pos2, "a4a4") == "piece_movement"


def test_move_fields():
    game = game_with(OPEN)
    pos = position(game, {"a1": "wK", "h8": "bK", "d7": "wP", "e8": "bN"})
    entries = {e["move"]: e for e in game.legal_move_entries(pos)}
    assert entries["d7e8=Q"] == {"move": "d7e8=Q", "from": "d7", "to": "e8", "piece": "wP",
                                 "kind": "promotion", "captured": "bN", "promotion": "Q"}
    assert entries["a1a2"]["kind"] == "move"


def test_describe_lists_pieces_library_and_setups():
    detail = rules.game_class("sceptre").describe()
    assert {p["letter"] for p in detail["pieces"]} == set("KQRBNP")
    assert len(detail["library"]) == 9 and set(detail["setups"]) == {
        "2 players", "3 players", "4 players"}


# ---- a player who leaves (resigns, abandons, runs out of time) ------------------------------

def _three_kings(side="w", n=1):
    game = rules.configure("sceptre", OPEN3)
    return game, position(game, {"a1": "wK", "b2": "wP", "h16": "rK", "p9": "bK"}, side=side,
                          n=n)


def test_a_player_who_leaves_on_another_players_turn_has_his_army_made_inert():
    game, pos = _three_kings(side="w")
    left = depart(game, pos, "red", OffBoard.RESIGNATION)
    assert game.format_position(left.position).split()[1:3] == ["w", "ww,r-,bb"]
    assert left.events == ({"type": "removed", "player": "red",
                            "detail": "left the game: his armies are inert"},)
    assert left.status.to_move == "white"
    assert left.status.extra["players_left"] == ["white", "black"]


def test_a_player_who_leaves_on_his_own_turn_passes_it_on_in_seat_order():
    game, pos = _three_kings(side="w", n=4)
    after_white = depart(game, pos, "white", OffBoard.ABANDONED)
    assert game.format_position(after_white.position).split()[1:] == ["r", "w-,rr,bb", "0", "4"]
    game, pos = _three_kings(side="b", n=4)
    after_black = depart(game, pos, "black", OffBoard.OUT_OF_TIME)
    assert game.format_position(after_black.position).split()[1:] == ["w", "ww,rr,b-", "0", "5"]


def test_with_two_players_left_a_departure_ends_the_game_and_the_other_wins():
    game, pos = _three_kings(side="w")
    two_left = depart(game, pos, "red", OffBoard.ABANDONED).position
    ended = depart(game, two_left, "white", OffBoard.RESIGNATION)
    assert ended.position == two_left
    assert ended.status.to_json() == {"state": "win", "winner": "black",
                                      "reason": "resignation", "to_move": None}
    with pytest.raises(CannotDepart):
        depart(game, two_left, "red", OffBoard.RESIGNATION)

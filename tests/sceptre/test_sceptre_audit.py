"""Sceptre audited over HTTP against docs/rules/sceptre.md, as an outside checker would.

Every case builds its own board in the documented notation (options ``players``, ``sections``,
``forward``; positions ``<board> <side> <armies> <quiet> <n>``), asks the service through the
Flask test client, and compares with what the rule text says. The expectations are written by
hand from the rules, not computed by any generator.
"""

from __future__ import annotations

import struct

import pytest

from tests.http_helpers import option_description

GAME = "sceptre"
FILES = "abcdefghijklmnopqrstuvwx"
INITIAL = ("bRbNbBbQbKbBbNbR/bPbPbPbPbPbPbPbP/8/8/8/8/8/8/8/8/8/8/8/8/wPwPwPwPwPwPwPwP/"
           "wRwNwBwQwKwBwNwR w ww,bb 0 1")
OPEN = ["........"] * 8


def board(pieces: dict[str, str], files: int = 8, ranks: int = 8) -> str:
    """FEN-style board over files x ranks from {square: piece}."""
    rows = []
    for rank in range(ranks, 0, -1):
        row, run = "", 0
        for f in range(files):
            piece = pieces.get(f"{FILES[f]}{rank}")
            if piece:
                row += (str(run) if run else "") + piece
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows)


def position(pieces, side="w", armies="ww,bb", quiet=0, n=1, files=8, ranks=8) -> str:
    return f"{board(pieces, files, ranks)} {side} {armies} {quiet} {n}"


def one_section(terrain: dict[str, str] | None = None, players=("w", "b"), **extra):
    """Options for one 8x8 section with the given squares' terrain letters."""
    rows = [list("........") for _ in range(8)]
    for name, letter in (terrain or {}).items():
        rows[8 - int(name[1:])][FILES.index(name[0])] = letter
    return {"players": list(players), "sections": [
        {"origin": "a1", "terrain": ["".join(r) for r in rows]}], **extra}


def call(post, op, **body):
    response = post(GAME, op, body)
    return response.status_code, response.get_json()


def targets(post, options, pos, square) -> set[str]:
    status, body = call(post, "legal-moves", options=options, position=pos)
    assert status == 200, body
    return {m["move"][len(square):] for m in body["moves"]
            if m["move"].startswith(square) and not m["move"][len(square)].isdigit()}


def refusal(post, options, pos, move) -> tuple[int, str | None, str | None]:
    status, body = call(post, "apply", options=options, position=pos, move=move)
    return status, body.get("code"), body.get("reason")


KINGS = {"h1": "wK", "a8": "bK"}

# ---- boards and setups ----------------------------------------------------------------------


def test_setup_without_options_is_two_players_and_every_default_layout_starts(post):
    status, body = call(post, "setup")
    assert status == 200 and body["options"]["players"] == ["w", "b"]
    assert [s["name"] for s in body["options"]["sections"]] == ["southern-march",
                                                               "northern-march"]
    assert body["position"] == INITIAL
    for players, armies, king_squares in (
            (["w", "r", "b"], "ww,rr,bb", {"m1", "a13", "m24"}),
            (["w", "r", "b", "y"], "ww,rr,bb,yy", {"m1", "a13", "m24", "x13"})):
        status, body = call(post, "setup", options={"players": players})
        assert status == 200 and body["position"].split(" ")[2] == armies
        status, listed = call(post, "legal-moves", options=body["options"],
                              position=body["position"])
        assert status == 200 and listed["count"] > 0
        rows = body["position"].split(" ")[0].split("/")
        assert len(rows) == 24
        # Kings where the orthodox array puts them (Queens facing across the board).
        found = set()
        for i, row in enumerate(rows):
            f = 0
            for token in __import__("re").findall(r"\d+|[wrby][KQRBNP]", row):
                if token.isdigit():
                    f += int(token)
                    continue
                if token[1] == "K":
                    found.add(f"{FILES[f]}{24 - i}")
                f += 1
        assert found == king_squares


def test_the_library_has_nine_sections_that_set_up_in_any_slot(client, post):
    status, body = client.get("/v1/games/sceptre").status_code, client.get(
        "/v1/games/sceptre").get_json()
    library = body["details"]["library"] if "details" in body and "library" in body[
        "details"] else body["library"]
    assert len(library) == 9 and len({tuple(rows) for rows in library.values()}) == 9
    for name in library:
        # A library section in the middle of a 3-section column is a valid board.
        status, answer = call(post, "setup", options={"sections": [
            {"origin": "a1", "name": "southern-march"}, {"origin": "a9", "name": name},
            {"origin": "a17", "name": "northern-march"}]})
        assert status == 200, answer


def test_an_unknown_section_name_is_invalid_options(post):
    status, body = call(post, "setup", options={"sections": [{"origin": "a1", "name": "nowhere"}]})
    assert status == 422 and body["code"] == "invalid_options"


@pytest.mark.parametrize("sections, status", [
    ([{"origin": "a1", "terrain": OPEN}, {"origin": "h1", "terrain": OPEN}], 422),  # overlap
    ([{"origin": "a1", "terrain": OPEN}, {"origin": "i9", "terrain": OPEN}], 422),  # corner
    ([{"origin": "a1", "terrain": OPEN}, {"origin": "i8", "terrain": OPEN}], 200),  # 1 edge
    ([{"origin": f"{f}1", "terrain": OPEN} for f in "aiq"], 200),                   # 24 wide
    ([{"origin": f"{f}{r}", "terrain": OPEN} for f in "aiq" for r in (1, 9, 17)], 200),
    ([{"origin": "a1", "terrain": OPEN}, {"origin": "i1", "terrain": OPEN},
      {"origin": "q1", "terrain": OPEN}, {"origin": "r9", "terrain": OPEN}], 422),  # 25 wide
    ([{"origin": "a1", "terrain": OPEN}] * 10, 422),
    ([{"origin": "a1", "terrain": OPEN[:7]}], 422),
    ([{"origin": "a1", "terrain": OPEN[:7] + ["...X...."]}], 422),
])
def test_board_validation(post, sections, status):
    got, body = call(post, "setup", options={"sections": sections})
    assert got == status, body
    if status == 422:
        assert body["code"] == "invalid_options"


def test_the_option_name_board_is_accepted_beside_sections(post):
    # Regression: the rules name the board option `board`, the API `sections`; the service
    # refused `board` as an unknown option.
    sections = [{"origin": "a1", "name": "southern-march"}, {"origin": "a9", "name": "twin-ponds"},
                {"origin": "a17", "name": "northern-march"}]
    by_board = call(post, "setup", options={"board": sections})
    by_sections = call(post, "setup", options={"sections": sections})
    assert by_board[0] == by_sections[0] == 200
    assert by_board[1] == by_sections[1]
    assert by_board[1]["options"]["board"] == by_board[1]["options"]["sections"]
    # The echoed options can be sent back as they are.
    assert call(post, "legal-moves", options=by_board[1]["options"])[0] == 200
    status, body = call(post, "setup", options={"board": sections, "sections": sections[:2]})
    assert status == 422 and body["code"] == "invalid_options"


def test_a_board_without_an_initial_position_still_plays_given_positions(post):
    # Regression: a board with terrain on an army's home rows was refused outright, so a
    # position on (say) one 8x8 section with a forest on h8 could not be asked about.
    options = one_section({"h8": "F", "a1": "C"})
    status, body = call(post, "setup", options=options)
    assert status == 422 and body["code"] == "invalid_options" and "a1" in body["detail"]
    pos = position({"e1": "wK", "e8": "bK", "g4": "wB"})
    assert "h5" in targets(post, options, pos, "g4")
    # Three players on one section (their arrays would overlap) likewise.
    options = one_section(players=("w", "r", "b"))
    assert call(post, "setup", options=options)[0] == 422
    pos = position({"e1": "wK", "e8": "bK", "a4": "rK"}, armies="ww,rr,bb")
    assert call(post, "status", options=options, position=pos)[0] == 200


def test_the_quiet_draw_option_is_described_in_sceptres_terms(client):
    words = option_description(client, GAME, "draw_after_quiet_plies")
    assert "capture of any piece" in words and "passes included" in words
    for other_games_word in ("devour", "resurrection", "attempt"):
        assert other_games_word not in words


def test_the_default_picture_of_the_four_player_board_has_readable_squares(post):
    # 24x24 squares: the default picture grows to about 50 pixels a square, 1194 in all
    options = {"players": ["w", "r", "b", "y"]}
    picture = post(GAME, "render", format="png", options=options)
    assert picture.status_code == 200 and picture.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", picture.data[16:24]) == (1194, 1194)


# ---- movement on open ground ------------------------------------------------------------------


def test_orthodox_pieces_and_the_extended_knight_on_open_ground(post):
    options = one_section()
    assert targets(post, options, position({"d4": "wR", **KINGS}), "d4") == {
        "d1", "d2", "d3", "d5", "d6", "d7", "d8", "a4", "b4", "c4", "e4", "f4", "g4", "h4"}
    assert targets(post, options, position({"d4": "wB", **KINGS}), "d4") == {
        "a1", "b2", "c3", "e5", "f6", "g7", "h8", "c5", "b6", "a7", "e3", "f2", "g1"}
    assert targets(post, options, position({"d4": "wN", **KINGS}), "d4") == {
        "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5",       # (1,2)
        "a1", "a7", "g1", "g7", "d1", "d7", "a4", "g4"}        # (3,3) and (0,3)
    assert targets(post, options, position({"b2": "wK", "a8": "bK"}), "b2") == {
        "a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"}


@pytest.mark.parametrize("colour, forward, expected", [
    ("w", "north", "d5 d6 d7 c5 b6 a7 e5 f6 g7 c4 b4 a4 e4 f4 g4"),
    ("r", "east", "e4 f4 g4 e5 f6 g7 e3 f2 g1 d5 d6 d7 d3 d2"),
    ("b", "south", "d3 d2 c3 b2 e3 f2 g1 c4 b4 a4 e4 f4 g4"),
    ("y", "west", "c4 b4 a4 c5 b6 a7 c3 b2 d5 d6 d7 d3 d2"),
])
def test_pawn_moves_by_army_direction(post, colour, forward, expected):
    options = one_section(players=("w", "r", "b", "y"),
                          forward={"w": "north", "r": "east", "b": "south", "y": "west"})
    # Kings on a1, d1 (red), h8, h6; every army has all its pieces but the ones shown
    # missing, so no promotion sneaks in: the targets stay off the last lines.
    pieces = {"a1": "wK", "d1": "rK", "h8": "bK", "a8": "yK", "d4": colour + "P"}
    pos = position(pieces, side=colour, armies="ww,rr,bb,yy")
    got = targets(post, options, pos, "d4")
    assert {t.split("=")[0] for t in got} >= set(expected.split())
    assert not {t.split("=")[0] for t in got} - set(expected.split()) - {"d1", "a1", "g1",
                                                                         "a7", "h4", "d8"}


def test_pawn_captures_only_one_square_diagonally_forward_and_is_blocked(post):
    options = one_section()
    pos = position({"d4": "wP", "e5": "bN", "c5": "bB", "d5": "bR", "c4": "bN", "d3": "bB",
                    "f4": "wN", **KINGS})
    got = targets(post, options, pos, "d4")
    assert {"e5", "c5"} <= got
    assert not {"d5", "d6", "c4", "b4", "d3", "f4", "g4"} & got
    assert "e4" in got
    assert refusal(post, options, pos, "d4d5")[2] == "pawn_capture"


def test_no_castling_and_no_en_passant_over_http(post):
    options = one_section()
    pos = position({"e1": "wK", "a1": "wR", "h1": "wR", "e8": "bK", "a8": "bR", "h8": "bR"})
    got = targets(post, options, pos, "e1")
    assert "g1" not in got and "c1" not in got
    assert refusal(post, options, pos, "e1g1")[2] == "piece_movement"
    # Black's Pawn passes d3 next to the white Pawn on e4... no capture "in passing" exists.
    pos = position({"e1": "wK", "e8": "bK", "d6": "bP", "e4": "wP"}, side="b")
    status, body = call(post, "apply", options=options, position=pos, move="d6d3")
    assert status == 200
    assert targets(post, options, body["position"], "e4") & {"d3"} == set()


def test_the_opening_over_http(post):
    status, listed = call(post, "legal-moves", position=INITIAL)
    assert listed["to_move"] == "white" and listed["count"] == len(listed["moves"]) == 66
    entry = next(m for m in listed["moves"] if m["move"] == "e2e5")
    assert entry == {"move": "e2e5", "from": "e2", "to": "e5", "piece": "wP", "kind": "move"}
    status, applied = call(post, "apply", position=INITIAL, move="e2e5")
    assert applied["position"].split(" ")[1:] == ["b", "ww,bb", "1", "1"]
    assert applied["status"]["to_move"] == "black"
    status, body = call(post, "apply", position=INITIAL, move="e2e6")   # four squares
    assert status == 422 and (body["code"], body["reason"]) == ("illegal_move", "piece_movement")


# ---- the terrain table, cell by cell -----------------------------------------------------------

TABLE = {  # the terrain table: normal, no (cannot enter or cross), slow, ford (Pawn and river)
    "K": {"F": "normal", "R": "no", "P": "no", "B": "normal", "C": "no"},
    "Q": {"F": "normal", "R": "no", "P": "no", "B": "normal", "C": "no"},
    "R": {"F": "no", "R": "no", "P": "no", "B": "normal", "C": "slow"},
    "B": {"F": "slow", "R": "no", "P": "no", "B": "normal", "C": "no"},
    "N": {"F": "normal", "R": "normal", "P": "normal", "B": "normal", "C": "no"},
    "P": {"F": "normal", "R": "ford", "P": "no", "B": "normal", "C": "slow"},
}
LINE = {"Q": ("d5", "d6", "d7"), "R": ("d5", "d6", "d7"), "B": ("e5", "f6", "g7"),
        "P": ("d5", "d6", "d7")}
CELLS = [(k, t) for k in "KQRBNP" for t in "FRPBC"]


@pytest.mark.parametrize("kind, letter", CELLS, ids=[f"{k}-{t}" for k, t in CELLS])
def test_terrain_table_cell(post, kind, letter):
    rule = TABLE[kind][letter]
    kings = {"a8": "bK"} if kind == "K" else KINGS
    piece = {"d4": "w" + kind, **kings}
    if kind == "N":
        for target in ("e6", "g7", "d7", "a4"):
            assert (target in targets(post, one_section({target: letter}), position(piece),
                                      "d4")) == (rule != "no")
        # Leaps over any terrain.
        over = one_section({"d5": letter, "d6": letter, "e5": letter, "f6": letter})
        assert {"d7", "g7"} <= targets(post, over, position(piece), "d4")
    elif kind == "K":
        assert ("d5" in targets(post, one_section({"d5": letter}), position(piece),
                                "d4")) == (rule != "no")
    else:
        near, two, three = LINE[kind]
        got = targets(post, one_section({near: letter}), position(piece), "d4")
        assert (near in got) == (rule != "no"), "enter by a 1-square move"
        assert (two in got) == (rule == "normal"), "cross"
        got = targets(post, one_section({two: letter}), position(piece), "d4")
        assert (two in got) == (rule in ("normal", "ford")), "enter by a 2-square move"
        assert (three in got) == (rule == "normal"), "beyond"
    # Standing on it: impossible where it cannot enter; 1-square moves where slow or ford.
    status, body = call(post, "legal-moves", options=one_section({"d4": letter}),
                        position=position(piece))
    if rule == "no":
        assert status == 422 and body["code"] == "invalid_position"
    else:
        assert status == 200
        got = targets(post, one_section({"d4": letter}), position(piece), "d4")
        near, two = LINE.get(kind, ("d5", "d6"))[:2] if kind != "N" else ("e6", "g7")
        assert near in got
        if kind != "K":
            assert (two in got) == (rule == "normal" or kind == "N")
    # Capturing is entering.
    victim_square = "e5" if kind in "PBK" else ("e6" if kind == "N" else "d5")
    victim = "bP" if letter == "C" else "bN"
    got = targets(post, one_section({victim_square: letter}),
                  position({**piece, victim_square: victim}), "d4")
    assert (victim_square in got) == (rule != "no")


def test_a_move_the_terrain_forbids_names_the_terrain(post):
    # The white Rook on a1 cannot cross the river on a5 of the southern-march section.
    position_text = "4bK3/8/8/8/8/8/8/8/8/8/8/8/8/8/8/wRwK6 w ww,bb 0 1"
    status, body = call(post, "apply", position=position_text, move="a1a8")
    assert status == 422 and body["reason"] == "terrain"


def test_pawn_ford_rule(post):
    pieces = {"d4": "wP", **KINGS}
    got = targets(post, one_section({"d6": "R", "f6": "R"}), position(pieces), "d4")
    assert {"d5", "d6", "e5", "f6"} <= got and not {"d7", "g7"} & got
    got = targets(post, one_section({"d4": "R"}), position(pieces), "d4")
    assert got == {"d5", "c5", "e5", "c4", "e4", "d3"}
    # The step back never captures and is not diagonal.
    got = targets(post, one_section({"d4": "R"}),
                  position({**pieces, "d3": "bN", "c3": "bB"}), "d4")
    assert not {"d3", "c3", "e3"} & got


def test_check_follows_the_terrain_table(post):
    pos = position({"e1": "wK", "e8": "bR", "a8": "bK", "h2": "wP"})

    def in_check(options: dict) -> bool:
        return call(post, "status", options=options, position=pos)[1]["in_check"]

    assert in_check(one_section()) is True
    assert in_check(one_section({"e5": "F"})) is False      # Rooks cannot cross forest
    assert in_check(one_section({"e5": "C"})) is False      # nor castle ruins (slow)
    assert in_check(one_section({"e5": "B"})) is True       # bridges are normal
    # A Bishop 2 squares from a King on forest does not attack it (slow); adjacent it does.
    far = position({"d4": "wK", "f6": "bB", "a8": "bK"})
    near = position({"d4": "wK", "e5": "bB", "a8": "bK"})
    assert call(post, "status", options=one_section({"d4": "F"}), position=far)[1][
        "in_check"] is False
    assert call(post, "status", options=one_section({"d4": "F"}), position=near)[1][
        "in_check"] is True


# ---- check, King capture, pass, removal, turn order -------------------------------------------

THREE = {"players": ["w", "r", "b"]}


def test_check_from_every_other_player_and_refusal_to_stay_in_check(post):
    options = one_section(players=("w", "r", "b"))
    for attacker in "rb":
        pos = position({"a1": "wK", "a8": attacker + "R", "h8": "rK", "h6": "bK"},
                       armies="ww,rr,bb")
        assert call(post, "status", options=options, position=pos)[1]["in_check"] is True
        assert refusal(post, options, pos, "a1a2") == (422, "illegal_move", "king_in_check")


def test_mated_player_passes_then_his_king_is_captured_and_his_army_changes_hands(post):
    options = one_section(players=("w", "r", "b"))
    pos = position({"a1": "wK", "d4": "wP", "b2": "bQ", "c3": "bK", "h8": "rK", "h1": "rR"},
                   armies="ww,rr,bb")
    status, listed = call(post, "legal-moves", options=options, position=pos)
    assert [m["move"] for m in listed["moves"]] == ["pass"]
    assert refusal(post, options, pos, "d4d5") == (422, "illegal_move", "king_in_check")
    status, body = call(post, "apply", options=options, position=pos, move="pass")
    assert status == 200 and body["position"].split(" ")[1:] == ["r", "ww,rr,bb", "1", "1"]
    status, body = call(post, "apply", options=options, position=body["position"],
                        move="h1a1")
    assert body["position"].split(" ")[1:3] == ["b", "wr,rr,bb"]
    assert {"type": "king_captured", "player": "white", "armies": ["white"],
            "to": "red"} in body["events"]
    # Black moves; then red moves white's Pawn, which still goes north.
    status, body = call(post, "apply", options=options, position=body["position"],
                        move="b2b1")
    assert body["status"]["to_move"] == "red"
    got = targets(post, options, body["position"], "d4")
    assert {"d5", "d6", "d7", "c4", "e4"} <= got and "d3" not in got


def test_pass_is_refused_with_a_legal_move(post):
    options = one_section(players=("w", "r", "b"))
    pos = position({"a1": "wK", "h8": "rK", "h6": "bK"}, armies="ww,rr,bb")
    assert refusal(post, options, pos, "pass") == (422, "illegal_move", "pass_not_allowed")


def test_stalemated_player_is_removed_and_his_army_is_inert(post):
    options = one_section(players=("w", "r", "b"))
    pos = position({"a8": "bK", "c7": "wQ", "e1": "wK", "h1": "rK", "h3": "rR"}, side="r",
                   armies="ww,rr,bb")
    status, body = call(post, "apply", options=options, position=pos, move="h3h4")
    assert status == 200
    assert body["position"].split(" ")[1:] == ["w", "ww,rr,b-", "1", "2"]
    assert any(e["type"] == "removed" and e["player"] == "black" for e in body["events"])
    # The inert King is captured without consequence; inert pieces give no check.
    status, body = call(post, "apply", options=options, position=body["position"],
                        move="c7a7")
    assert body["position"].split(" ")[2] == "ww,rr,b-"
    pos = position({"a1": "wK", "a8": "bR", "h8": "bK", "h1": "rK"}, armies="ww,rr,b-")
    assert call(post, "status", options=options, position=pos)[1]["in_check"] is False
    assert targets(post, options, pos, "a1") >= {"a2", "b1"}


def test_turn_order_skips_players_out_and_n_counts_rounds(post):
    options = one_section(players=("w", "r", "b", "y"))
    pieces = {"a1": "wK", "c1": "rK", "e1": "bK", "g1": "yK", "a5": "wR", "c5": "rR",
              "e5": "bR", "g5": "yR"}
    order = []
    pos = position(pieces, armies="ww,rr,bb,yy", n=3)
    for move in ("a5a6", "c5c6", "e5e6", "g5g6"):
        status, body = call(post, "apply", options=options, position=pos, move=move)
        pos = body["position"]
        order.append(pos.split(" ")[1] + pos.split(" ")[4])
    assert order == ["r3", "b3", "y3", "w4"]
    pieces.pop("c1")
    pos = position(pieces, armies="ww,rw,bb,yy", n=3)
    status, body = call(post, "apply", options=options, position=pos, move="a5a6")
    assert body["position"].split(" ")[1] == "b"


def test_king_capture_hands_over_every_army_and_king_safety_is_judged_after(post):
    options = one_section(players=("w", "r", "b", "y"))
    pos = position({"a4": "wR", "h8": "rK", "g8": "yR", "h1": "yK", "e4": "bK"}, side="y",
                   armies="wr,rr,bb,yy")
    status, body = call(post, "apply", options=options, position=pos, move="g8h8")
    assert body["position"].split(" ")[2] == "wy,ry,bb,yy"
    # A Bishop pinned by red's Rook may capture red's King: red's army becomes white's.
    pos = position({"e1": "wK", "e2": "wB", "e8": "rR", "d3": "rK", "h8": "bK", "a8": "yK"},
                   armies="ww,rr,bb,yy")
    assert targets(post, options, pos, "e2") == {"d3"}


def test_two_players_checkmate_and_stalemate_end_at_once(post):
    options = one_section()
    status, body = call(post, "apply", options=options,
                        position=position({"a1": "wK", "b4": "bQ", "c3": "bK"}, side="b"),
                        move="b4b2")
    assert (body["status"]["state"], body["status"]["winner"], body["status"]["reason"]) == (
        "win", "black", "checkmate")
    mated = body["position"]
    assert call(post, "legal-moves", options=options, position=mated)[1]["count"] == 0
    assert refusal(post, options, mated, "pass")[1] == "game_over"
    status, body = call(post, "status", options=options,
                        position=position({"a1": "wK", "b3": "bQ", "c3": "bK"}))
    assert (body["state"], body["winner"], body["reason"]) == ("win", "black", "stalemate")


def test_last_king_standing_after_a_pass_and_a_removal(post):
    # White is mated and passes; red, due next with no move and not in check, is removed;
    # black, one of two players left, captures the mated King and is the last one standing.
    options = one_section(players=("w", "r", "b"))
    pos = position({"a1": "wK", "g1": "wR", "a7": "wR", "b2": "bQ", "c3": "bK", "h8": "rK"},
                   armies="ww,rr,bb")
    status, body = call(post, "apply", options=options, position=pos, move="pass")
    assert body["position"].split(" ")[1:3] == ["b", "ww,r-,bb"]
    assert body["status"]["players_left"] == ["white", "black"]
    status, body = call(post, "apply", options=options, position=body["position"],
                        move="b2a1")
    assert body["position"].split(" ")[2] == "wb,r-,bb"
    assert (body["status"]["state"], body["status"]["winner"], body["status"]["reason"]) == (
        "win", "black", "last_king_standing")


def test_last_king_standing(post):
    options = one_section(players=("w", "r", "b"))
    pos = position({"d4": "wR", "d8": "rK", "h4": "bK"}, side="r", armies="wr,rr,bb")
    status, body = call(post, "apply", options=options, position=pos, move="d4h4")
    assert (body["status"]["state"], body["status"]["winner"], body["status"]["reason"]) == (
        "win", "red", "last_king_standing")


# ---- promotion ------------------------------------------------------------------------------

BACK = {"a1": "wR", "b1": "wN", "c1": "wB", "d1": "wQ", "e1": "wK", "f1": "wB", "g1": "wN",
        "h1": "wR"}


def test_promotion_to_a_lost_kind_only(post):
    options = one_section()
    pos = position({**BACK, "d7": "wP", "b6": "bK"})
    assert "d8" in targets(post, options, pos, "d7")
    assert refusal(post, options, pos, "d7d8=Q")[2] == "promotion_not_allowed"
    lost = {k: v for k, v in BACK.items() if k not in ("d1", "g1")}
    pos = position({**lost, "d7": "wP", "c8": "bR", "b6": "bK"})
    got = targets(post, options, pos, "d7")
    assert {t for t in got if t[:2] in ("d8", "c8")} == {"d8=Q", "d8=N", "c8=Q", "c8=N"}
    assert refusal(post, options, pos, "d7d8")[2] == "promotion_required"
    assert refusal(post, options, pos, "d7d8=R")[2] == "promotion_not_allowed"
    # Only a Pawn promotes (regression: the refusal spoke of "the Pawn's forward direction").
    status, body = call(post, "apply", options=options, position=pos, move="a1a7=Q")
    assert (status, body["reason"]) == (422, "promotion_not_allowed")
    assert "Only a Pawn promotes" in body["detail"]
    # Not on a last-rank square that is not open ground.
    assert "d8" in targets(post, one_section({"d8": "F"}), pos, "d7")


# ---- unreachable positions ------------------------------------------------------------------

@pytest.mark.parametrize("pos, field", [
    (position({"e1": "wK", "e8": "bK", "a2": "wQ", "a3": "wQ"}), "board"),
    (position({"e1": "wK"}), "board"),
    (position({"e1": "wK", "e8": "bK", "h8": "bK"}), "board"),
    (position({"e1": "wK", "e8": "bK"}, armies="ww,bw"), "armies"),
    # Regression: with two players nobody is ever out (mate and stalemate end the game at
    # once), yet these were accepted as finished games.
    (position({"e1": "wK"}, armies="ww,bw"), "armies"),
    (position({"e1": "wK", "e8": "bK"}, armies="ww,b-"), "armies"),
    (position({"e1": "wK", "e2": "wR", "e8": "bK"}), "side"),          # black in check
    (position({"e1": "wK", "e8": "bK"}, side="r"), "side"),
    (position({"e1": "wK", "e8": "bK", "d1": "wP"}), "board"),         # behind its start
    (position({"e1": "wK", "e8": "bK", "d8": "bP"}, side="b"), "board"),
])
def test_unreachable_positions_are_refused_naming_the_problem(post, pos, field):
    status, body = call(post, "status", options=one_section(), position=pos)
    assert status == 422 and body["code"] == "invalid_position" and body["field"] == field


def test_pawn_behind_its_start_is_refused_on_the_default_boards(post):
    # Regression: a white Pawn on rank 1 (it never moves back but off a river) was accepted.
    pos = "4bK3/8/8/8/8/8/8/8/8/8/8/8/8/8/8/wPwK6 w ww,bb 0 1"
    status, body = call(post, "status", position=pos)
    assert status == 422 and body["field"] == "board" and "a1" in body["detail"]
    # A Pawn off a river may stand behind where it could first reach.
    options = one_section({"d3": "R", "d2": "R"})
    status, body = call(post, "apply", options=options,
                        position=position({"e1": "wK", "e8": "bK", "d3": "wP"}), move="d3d2")
    assert status == 200
    assert call(post, "status", options=options, position=body["position"])[0] == 200


@pytest.mark.parametrize("armies, side, field", [
    ("ww,rb,bb", "w", "armies"),   # red's King on the board but his army controlled
    ("ww,rb,b-", "w", "armies"),   # a controller out of the game
    ("ww,r-,bb", "r", "side"),     # the side to move is out
    ("ww,rx,bb", "w", "armies"),
])
def test_army_controllers_are_checked(post, armies, side, field):
    options = one_section(players=("w", "r", "b"))
    pos = position({"e1": "wK", "e8": "bK", "h4": "rK"}, side=side, armies=armies)
    status, body = call(post, "status", options=options, position=pos)
    assert status == 422 and body["code"] == "invalid_position" and body["field"] == field


# ---- a four-player game to its end ---------------------------------------------------------

def test_a_four_player_game_passes_captures_a_king_removes_a_player_and_ends_in_mate(post):
    # Random playouts of the default 4-player game end only by the quiet-plies limit: random
    # play trades material off and almost never mates, and the game needs two players out
    # and then a mate. The rules do end it: this constructed game (one 8x8 section, Kings
    # and heavy pieces only) goes through every kind of elimination in 14 plies.
    options = one_section(players=("w", "r", "b", "y"))
    start = position({"a1": "wK", "h1": "rK", "h8": "bK", "a8": "yK", "d1": "wQ", "h4": "rQ",
                      "e8": "bQ", "a5": "yQ", "c1": "wR", "h3": "rR", "f8": "bR", "a6": "yR"},
                     armies="ww,rr,bb,yy")
    moves = ["a1b2", "h1g2", "h8g8", "a8b7", "d1d7", "h4b4", "e8d7",
             "pass",            # yellow is mated by the black Queen on d7 and passes
             "b2c2", "b4b7",    # red captures yellow's King: yellow's army is red's
             "d7h3", "c1g1", "g2g1",
             "f8f1"]            # white, due next with no move and not in check, is removed
    status, body = call(post, "replay", options=options, position=start, moves=moves)
    assert status == 200, body
    assert body["position"].split(" ")[1:] == ["r", "w-,rr,bb,yr", "1", "5"]
    # Two players left, red to move is mated: black wins at once.
    assert (body["status"]["state"], body["status"]["winner"], body["status"]["reason"]) == (
        "win", "black", "checkmate")
    events = []
    pos = start
    for move in moves:
        status, applied = call(post, "apply", options=options, position=pos, move=move)
        events += [(e["type"], e.get("player")) for e in applied["events"]
                   if e["type"] in ("pass", "king_captured", "removed")]
        pos = applied["position"]
    assert events == [("pass", "yellow"), ("king_captured", "yellow"), ("removed", "white")]


# ---- positions travel with their options ----------------------------------------------------

def sceptre_start(post, players: list[str]) -> str:
    return post(GAME, "setup", options={"players": players}).get_json()["position"]


def test_a_four_player_position_without_its_options_names_the_options_it_fits(post):
    position = sceptre_start(post, ["w", "r", "b", "y"])
    problem = post(GAME, "legal-moves", position=position).get_json()
    assert problem["code"] == "invalid_position"
    detail = problem["detail"]
    assert "24 files x 24 ranks" in detail and "8 files x 16 ranks" in detail
    assert '{"players": ["w", "r", "b", "y"]}' in detail
    assert "send the options the position was made with beside it in every request" in detail
    # with the options it names, the same position is read
    fitted = post(GAME, "legal-moves", position=position,
                  options={"players": ["w", "r", "b", "y"]})
    assert fitted.status_code == 200


def test_a_position_for_other_players_on_the_same_board_names_players_and_sections(post):
    two = sceptre_start(post, ["w", "b"]).replace("ww,bb", "ww,rr,bb")
    problem = post(GAME, "status", position=two,
                   options={"players": ["w", "b"]}).get_json()
    detail = problem["detail"]
    assert problem["field"] == "armies"
    assert '"players": ["w", "r", "b"]' in detail and '"sections" spanning 8x16' in detail
    assert "the default board for 3 players is 16x24" in detail


def test_a_position_that_fits_its_options_keeps_its_own_error(post):
    position = sceptre_start(post, ["w", "b"]).replace(" w ww,bb", " r ww,bb")
    detail = post(GAME, "status", position=position).get_json()["detail"]
    assert detail.startswith("The side field must be")


def test_a_bare_dash_is_an_inert_army_and_the_answer_writes_it_r_dash(post):
    options = {"players": ["w", "r", "b"],
               "sections": [{"origin": "a1", "terrain": ["........"] * 8}]}
    board = "rK7/8/8/8/8/2bK5/8/wK7"
    canonical = f"{board} w ww,r-,bb 0 1"
    bare = post(GAME, "legal-moves", position=f"{board} w ww,-,bb 0 1",
                options=options)
    assert bare.status_code == 200, bare.get_json()
    assert bare.get_json() == post(GAME, "legal-moves", position=canonical,
                                   options=options).get_json()
    applied = post(GAME, "apply", position=f"{board} w ww,-,bb 0 1",
                   options=options, move="a1a2").get_json()
    assert applied["position"].split(" ")[2] == "ww,r-,bb"
    # read again (from the service's memo of recent reads), still answered canonical
    again = post(GAME, "legal-moves", position=f"{board} w ww,-,bb 0 1", options=options)
    assert again.get_json()["position"] == canonical


# ---- perft ----------------------------------------------------------------------------------

def test_perft_from_the_start(post):
    assert call(post, "perft", position=INITIAL, depth=2)[1]["nodes"] == 3762

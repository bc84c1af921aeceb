"""Mastery audited over HTTP against docs/rules/mastery.md and the API description
(openapi.yaml), as an outside checker would.

Every case is a request to the test client with a position written in the game's notation and a
check of what the service answers: the legal moves listed, the result of ``apply``, ``status``,
and the 422 answers (``code``, and for an illegal move the ``reason`` naming the rule). Nothing
here imports the engine: positions are written from a dict of squares by ``fen`` below.
"""

from __future__ import annotations

import pytest

from tests.http_helpers import option_description

GAME = "mastery"
IMPERIAL = "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1"
DRAUME = "1momom2/1ppopp2/p2o2p1/8/8/1P2O2P/2PPOPP1/2MOMOM1 d - 0 1"
CLASSIC = {"ruleset": "classic-1990"}
FILES = "abcdefgh"

# Far-away pieces so that neither side has lost and both keep the power of control:
# dark a Master, an Officer and a Pawn in the a1 corner, light the same in the h8 corner.
FILLER = {"a1": "M", "b1": "O", "a2": "P", "h8": "m", "g8": "o", "h7": "p"}


def fen(pieces: dict[str, str], side: str = "d", last: str = "-", quiet: int = 0, n: int = 1,
        filler: bool = True) -> str:
    """The position with ``pieces`` (dark uppercase, light lowercase), in the game's notation."""
    squares = {**(FILLER if filler else {}), **pieces}
    ranks = []
    for rank in range(8, 0, -1):
        text, run = "", 0
        for file in FILES:
            letter = squares.get(f"{file}{rank}")
            if letter is None:
                run += 1
                continue
            text += (str(run) if run else "") + letter
            run = 0
        ranks.append(text + (str(run) if run else ""))
    return f"{'/'.join(ranks)} {side} {last} {quiet} {n}"


def call(post, op: str, **body):
    answer = post(GAME, op, body)
    return answer.status_code, answer.get_json()


def listed(post, position: str, options: dict | None = None) -> dict[str, dict]:
    status, body = call(post, "legal-moves", position=position, options=options or {})
    assert status == 200, body
    assert body["count"] == len(body["moves"])
    return {entry["move"]: entry for entry in body["moves"]}


def targets(post, position: str, square: str, options: dict | None = None) -> set[str]:
    """Destinations listed for the piece on ``square``, resurrection variants folded."""
    return {m[2:4] for m in listed(post, position, options) if m[:2] == square}


def apply(post, position: str, move: str, options: dict | None = None) -> dict:
    status, body = call(post, "apply", position=position, move=move, options=options or {})
    assert status == 200, body
    return body


def refused(post, position: str, move: str, options: dict | None = None) -> dict:
    status, body = call(post, "apply", position=position, move=move, options=options or {})
    assert status == 422 and body["code"] == "illegal_move", body
    assert body["detail"].endswith("."), body
    return body


def reason(post, position: str, move: str, options: dict | None = None) -> str:
    return refused(post, position, move, options)["reason"]


# ---- setups -------------------------------------------------------------------------------------

@pytest.mark.parametrize("options,position,count", [
    ({}, IMPERIAL, 40), (CLASSIC, IMPERIAL, 40),
    ({"setup": "draume-crown"}, DRAUME, 39), ({**CLASSIC, "setup": "draume-crown"}, DRAUME, 39),
])
def test_both_setups_under_both_rule_sets(post, options, position, count):
    # Counts checked by hand, piece by piece, from the layouts in docs/rules/mastery.md.
    status, body = call(post, "setup", options=options)
    assert status == 200 and body["position"] == position
    assert body["options"] == {"ruleset": "ross-2002", "setup": "imperial",
                               "draw_after_quiet_plies": None, **options}
    status, body = call(post, "legal-moves", options=options)
    assert body["to_move"] == "dark" and body["count"] == count


def test_imperial_first_moves_by_hand(post):
    assert set(listed(post, IMPERIAL)) == {
        "d1a1", "d1b1", "d1c1", "d1d2", "e1e2", "f1f2", "f1g1", "f1h1",  # Masters (d1d2 devours)
        "d2c2", "d2b2", "f2g2", "f2h2", "e3e4", "e3e5",  # Officers; e3e5 captures
        "c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "d3c2", "d3c4", "d3e4",
        "d4c4", "d4c5", "d4d5", "d4e4", "d4e5", "f3e4", "f3g2", "f3g4",
        "f4e4", "f4e5", "f4f5", "f4g4", "f4g5", "g3g2", "g3g4", "g3h2", "g3h3", "g3h4",
    }


# ---- movement -----------------------------------------------------------------------------------

def test_master_officer_and_pawn_reach(post):
    position = fen({"d4": "M", "e6": "O", "f3": "P"})
    assert targets(post, position, "d4") == {
        "d1", "d2", "d3", "d5", "d6", "d7", "a4", "b4", "c4", "e4", "f4", "g4"}
    assert targets(post, position, "e6") == {"e4", "e5", "e7", "e8", "c6", "d6", "f6", "g6"}
    assert targets(post, position, "f3") == {"e2", "e3", "e4", "f2", "f4", "g2", "g3", "g4"}
    assert reason(post, position, "d4e5") == "piece_movement"
    assert reason(post, position, "d4d8") == "piece_movement"
    assert reason(post, position, "e6e3") == "piece_movement"
    assert reason(post, position, "f3f5") == "piece_movement"


def test_no_jumping(post):
    position = fen({"d4": "M", "d5": "P", "c4": "p"})
    assert reason(post, position, "d4d6") == "path_blocked"
    assert reason(post, position, "d4b4") == "path_blocked"


def test_capture_removes_the_enemy_piece(post):
    body = apply(post, fen({"d4": "O", "d6": "o"}), "d4d6")
    assert body["position"] == fen({"d6": "O"}, side="l", last="d4xd6")
    assert [e["type"] for e in body["events"]] == ["move", "capture"]


def test_devouring_an_ally_officer_or_pawn(post):
    position = fen({"d4": "M", "d5": "P", "e4": "O", "c4": "M", "d3": "O"})
    moves = listed(post, position)
    assert moves["d4d5"]["kind"] == "devour" and moves["d4e4"]["kind"] == "devour"
    assert reason(post, position, "d4c4") == "own_piece"  # never a Master
    assert reason(post, position, "d3d5") == "path_blocked"
    assert reason(post, fen({"d4": "O", "d5": "P"}), "d4d5") == "own_piece"  # only Masters
    body = apply(post, position, "d4d5")
    assert [e["type"] for e in body["events"]] == ["move", "devour"]
    assert body["position"].split()[2:4] == ["d4xd5", "0"]


def test_devouring_never_resurrects_but_the_devoured_piece_can_return(post):
    army = {"b1": "O", "c1": "O", "e1": "O", "b2": "P", "c2": "P", "d2": "P", "e2": "P",
            "f2": "P", "g2": "P"}
    position = fen({"d4": "M", "d5": "O", **army, "h8": "m", "h7": "p"}, filler=False)
    # Dark has all 4 Officers and 6 Pawns: a devour is no capture and brings nothing back.
    assert listed(post, position)["d4d5"]["kind"] == "devour"
    assert not [m for m in listed(post, position) if m.startswith("d4d5+")]
    assert reason(post, position, "d4d5+P@h1") == "resurrection_not_allowed"
    assert "devour" in refused(post, position, "d4d5+P@h1")["detail"]
    assert apply(post, position, "d4d5")["position"] == fen(
        {"d5": "M", **army, "h8": "m", "h7": "p"}, side="l", last="d4xd5", filler=False)
    # The devoured Officer is now lost: capturing a light Master can bring it back.
    later = fen({"d5": "M", **army, "d6": "m", "h8": "m", "h7": "p"}, filler=False)
    assert "d5d6+O@d5" in listed(post, later)


# ---- control ------------------------------------------------------------------------------------

def test_master_zone_is_manhattan_distance_two_not_the_neighbours(post):
    ring = {"d6": "p", "d2": "p", "b4": "o", "f4": "o", "c5": "p", "e5": "o", "c3": "p", "e3": "p"}
    neighbours = {"d5": "p", "c4": "o"}
    position = fen({"d4": "M", **ring, **neighbours, "b1": "P", "a3": "O", "h8": "m"},
                   filler=False)
    moves = listed(post, position)
    assert {m[:2] for m, entry in moves.items() if entry["control"]} == set(ring)
    assert reason(post, position, "d5e6") == "not_in_zone_of_control"
    assert reason(post, position, "c4b5") == "not_in_zone_of_control"


def test_officer_controls_adjacent_pawns_only_and_pawns_control_nothing(post):
    position = fen({"d4": "O", "e5": "p", "c5": "o", "d6": "p", "f2": "P", "g3": "p"})
    assert targets(post, position, "e5")  # adjacent Pawn
    assert reason(post, position, "c5c6") == "not_in_zone_of_control"  # adjacent Officer
    assert reason(post, position, "d6d7") == "not_in_zone_of_control"  # two squares away
    assert reason(post, position, "g3g4") == "not_in_zone_of_control"  # next to a Pawn only


def test_masters_are_never_controlled(post):
    position = fen({"d4": "M", "d6": "m"})
    assert reason(post, position, "d6d7") == "not_your_piece"


def test_a_treacherous_piece_captures_for_its_controller(post):
    # Dark's Master d4 controls the light Officer on d6 (distance 2).
    position = fen({"d4": "M", "d6": "o", "d8": "p", "f6": "P", "b6": "m"})
    moves = listed(post, position)
    assert moves["d6d8"]["control"] and moves["d6d8"]["kind"] == "capture"  # its owner's Pawn
    assert moves["d6b6+O@c3"]["captured"] == "m"  # even its owner's Master
    assert reason(post, position, "d6f6") == "own_piece"  # never the controller's
    body = apply(post, position, "d6d8")
    assert body["events"][0] == {"type": "control", "from": "d6", "to": "d8", "piece": "o"}
    assert body["position"] == fen({"d4": "M", "d8": "o", "f6": "P", "b6": "m"}, side="l",
                                   last="d6xd8")


def test_treacherous_officer_and_pawn_movement(post):
    position = fen({"d4": "M", "d6": "o", "e4": "O", "f5": "p", "f3": "p", "h1": "p"})
    assert targets(post, position, "d6") == {"d7", "d8", "d5", "c6", "b6", "e6", "f6"}
    # The Pawn on f5 is beside the Officer e4: it slides 1-3 squares in the 8 directions.
    assert targets(post, position, "f5") == {
        "f6", "f7", "f8", "f4", "f3", "g5", "h5", "e5", "d5", "c5", "g6", "h7", "e6", "d7",
        "c8", "g4", "h3"}  # f3 and h7 are its owner's Pawns, e4 the controller's Officer
    assert reason(post, position, "f5f1") == "piece_movement"
    assert reason(post, position, "f5b5") == "piece_movement"
    assert reason(post, position, "f5e4") == "own_piece"


def test_lost_power_without_pawns_or_without_officers(post):
    no_pawns = fen({"a1": "M", "b1": "O", "d4": "M", "d6": "o", "h8": "m", "h7": "p"},
                   filler=False)
    assert reason(post, no_pawns, "d6d7") == "lost_power"
    assert not [e for e in listed(post, no_pawns).values() if e["control"]]
    no_officers = fen({"a1": "M", "a2": "P", "d4": "M", "d6": "o", "h8": "m", "h7": "p"},
                      filler=False)
    assert reason(post, no_officers, "d6d7") == "lost_power"


def test_power_returns_with_a_resurrected_pawn(post):
    position = fen({"a1": "M", "b1": "O", "d4": "O", "f5": "M", "d5": "o", "g6": "p",
                    "h8": "m", "h7": "p"}, filler=False)
    assert reason(post, position, "g6g5") == "lost_power"  # g6 is in f5's zone
    after = apply(post, position, "d4d5+P@a2")["position"]
    board = after.split()[0]
    assert listed(post, f"{board} d - 1 2")["g6g5"]["control"] is True


# ---- resurrection -------------------------------------------------------------------------------

def test_what_each_capture_brings_back(post):
    # Dark has lost Officers and Pawns (filler has one of each).
    master = fen({"d4": "M", "d5": "m"})
    assert {"d4d5+O@c3", "d4d5+P@c3", "d4d5"} <= set(listed(post, master))
    officer = fen({"d4": "M", "d5": "o"})
    assert "d4d5+P@c3" in listed(post, officer)
    assert reason(post, officer, "d4d5+O@c3") == "resurrection_not_allowed"
    pawn = fen({"d4": "M", "d5": "p"})
    assert not [m for m in listed(post, pawn) if "+" in m]
    assert reason(post, pawn, "d4d5+P@c3") == "resurrection_not_allowed"
    assert reason(post, master, "d4d5+M@c3") == "resurrection_not_allowed"
    assert reason(post, master, "d4d3+P@c3") == "resurrection_not_allowed"


def test_resurrection_squares_and_refusals(post):
    position = fen({"d4": "M", "d5": "m"})
    moves = [m for m in listed(post, position) if m.startswith("d4d5+P@")]
    # Every empty square after the move: 64 - 6 filler - the capturer on d5 (d4 is free now).
    assert len(moves) == 57 and "d4d5+P@d4" in moves
    assert reason(post, position, "d4d5+P@d5") == "square_occupied"
    assert reason(post, position, "d4d5+P@a1") == "square_occupied"
    body = apply(post, position, "d4d5+O@d4")
    assert body["events"][-1] == {"type": "resurrection", "square": "d4", "piece": "O"}
    assert body["position"] == fen({"d5": "M", "d4": "O"}, side="l", last="d4xd5")


def test_resurrection_needs_a_lost_piece_of_that_kind(post):
    full = {"b1": "O", "c1": "O", "d1": "O", "e1": "O",
            "a2": "P", "b2": "P", "c2": "P", "d2": "P", "e2": "P", "f2": "P"}
    position = fen({"a1": "M", **full, "d4": "M", "d5": "m", "h8": "m", "h7": "p"}, filler=False)
    assert not [m for m in listed(post, position) if "+" in m]
    assert reason(post, position, "d4d5+O@h1") == "no_lost_piece"
    assert reason(post, position, "d4d5+P@h1") == "no_lost_piece"
    light = fen({"a1": "M", "a2": "P", "d4": "m", "d5": "M", "h8": "m", "h7": "p"},
                side="l", filler=False)
    # Light has lost all 4 Officers and 5 Pawns; the letter is uppercase for light too.
    assert {"d4d5+O@h1", "d4d5+P@h1"} <= set(listed(post, light))
    assert reason(post, light, "d4d5+o@h1") == "malformed_move"
    body = apply(post, light, "d4d5+O@h1")
    assert body["events"][-1] == {"type": "resurrection", "square": "h1", "piece": "o"}


def test_a_control_capture_resurrects_for_the_controller(post):
    position = fen({"d4": "M", "d6": "o", "d8": "o"})
    entry = listed(post, position)["d6d8+P@h1"]
    assert entry["control"] is True and entry["resurrect"] == {"piece": "P", "square": "h1"}
    body = apply(post, position, "d6d8+P@h1")
    assert [e["type"] for e in body["events"]] == ["control", "capture", "resurrection"]
    assert body["position"] == fen({"d4": "M", "d8": "o", "h1": "P"}, side="l", last="d6xd8")


def test_a_game_ending_capture_still_offers_resurrection(post):
    position = fen({"a1": "M", "a2": "P", "d4": "M", "d5": "m", "h7": "p"}, filler=False)
    assert "d4d5+O@h1" in listed(post, position)
    body = apply(post, position, "d4d5+O@h1")
    assert body["status"] == {"state": "win", "winner": "dark", "reason": "no_masters",
                              "to_move": None}


# ---- rule sets ----------------------------------------------------------------------------------

def test_ross_any_piece_captures_any_piece(post):
    position = fen({"d4": "P", "d5": "m", "c5": "o"})
    assert {"d4d5", "d4c5"} <= set(listed(post, position))


def test_classic_rank_limited_capture_own_and_treacherous(post):
    position = fen({"d4": "P", "d5": "m", "c5": "o", "f4": "O", "f5": "m", "e3": "p"})
    assert reason(post, position, "d4d5", CLASSIC) == "rank_capture"
    assert reason(post, position, "d4c5", CLASSIC) == "rank_capture"
    assert reason(post, position, "f4f5", CLASSIC) == "rank_capture"
    assert "an Officer" in refused(post, position, "d4c5", CLASSIC)["detail"]
    # The light Pawn e3 is beside dark's Officer f4: treacherous, it captures Pawns only.
    treacherous = fen({"f4": "O", "e3": "p", "e5": "o", "g1": "p"})
    assert reason(post, treacherous, "e3e5", CLASSIC) == "rank_capture"
    assert "e3g1" in listed(post, treacherous, CLASSIC)
    assert "e3e5+P@h1" in listed(post, treacherous)  # ross-2002: it may
    master = fen({"d4": "M", "d5": "m"})
    assert "d4d5+O@c3" in listed(post, master, CLASSIC)


def test_reflection_rule(post):
    # Dark's Officer went d4-d5; light's Master d7 controls it and may not send it back.
    control = fen({"d5": "O", "d7": "m"}, side="l", last="d4-d5", quiet=1)
    assert reason(post, control, "d5d4") == "reflection_rule"
    assert targets(post, control, "d5") == {"d3", "d6", "c5", "b5", "e5", "f5"}
    # Light's Pawn went e6-e5; dark's Master e3 controls it and may not send it back.
    assert reason(post, fen({"e5": "p", "e3": "M"}, last="e6-e5", quiet=1),
                  "e5e6") == "reflection_rule"
    # Light moved dark's Pawn d4-d5 by control; dark may not move it straight back either.
    own = fen({"d5": "P", "d7": "m"}, last="d4-d5", quiet=1)
    assert reason(post, own, "d5d4") == "reflection_rule"
    assert "d5d4" in listed(post, own, CLASSIC)  # KO never restricts own moves
    assert "d5d4" in listed(post, own.replace("d4-d5", "-"))  # only the last ply counts


def test_reflection_rule_bars_a_capture_back(post):
    # Dark's Officer took d5 and brought a Pawn back on d4; light controls the Officer.
    position = fen({"d5": "O", "d4": "P", "d7": "m"}, side="l", last="d4xd5")
    assert reason(post, position, "d5d4") == "reflection_rule"
    assert "d5d4" in listed(post, position, CLASSIC)  # KO does not follow a capture


def test_ko_rule_only_bars_a_control_move_undoing_a_plain_move(post):
    control = fen({"d5": "P", "d7": "m"}, side="l", last="d4-d5", quiet=1)
    assert reason(post, control, "d5d4", CLASSIC) == "ko_rule"
    assert "d5d3" in listed(post, control, CLASSIC)
    # Dark controlled light's Pawn e6-e5; light may move its own Pawn back under classic.
    own = fen({"e5": "p", "e3": "M"}, side="l", last="e6-e5", quiet=1)
    assert "e5e6" in listed(post, own, CLASSIC)
    assert reason(post, own, "e5e6") == "reflection_rule"


# ---- end of game --------------------------------------------------------------------------------

@pytest.mark.parametrize("pieces,side,winner,why", [
    ({"a1": "M", "a2": "P", "h7": "p", "g8": "o"}, "d", "dark", "no_masters"),
    ({"a1": "M", "h8": "m", "h7": "p"}, "d", "light", "no_officers_or_pawns"),
    ({"a1": "M", "h8": "m", "h7": "p"}, "l", "light", "no_officers_or_pawns"),
])
def test_win_conditions(post, pieces, side, winner, why):
    position = fen(pieces, side=side, filler=False)
    status, body = call(post, "status", position=position)
    assert body == {"state": "win", "winner": winner, "reason": why, "to_move": None}
    _, moves = call(post, "legal-moves", position=position)
    assert moves["count"] == 0 and moves["to_move"] is None
    status, body = call(post, "apply", position=position, move="a1a2")
    assert status == 422 and body["code"] == "game_over"


def test_a_side_can_lose_on_its_own_ply_by_devouring(post):
    position = fen({"a1": "M", "a2": "P", "h8": "m", "h7": "p"}, filler=False)
    assert apply(post, position, "a1a2")["status"] == {
        "state": "win", "winner": "light", "reason": "no_officers_or_pawns", "to_move": None}


def test_draw_after_quiet_plies(post):
    position = fen({"d4": "M", "d6": "p"}, quiet=4, n=3)
    assert apply(post, position, "d4d3")["status"]["state"] == "ongoing"  # off by default
    drawn = apply(post, position, "d4d3", {"draw_after_quiet_plies": 5})
    assert drawn["position"].split()[3] == "5"
    assert drawn["status"] == {"state": "draw", "winner": None, "reason": "quiet_plies",
                               "to_move": None}
    assert apply(post, position, "d4d6", {"draw_after_quiet_plies": 5})["status"]["state"] == (
        "ongoing")  # the capture resets the count
    status, body = call(post, "apply", position=drawn["position"], move="h7h6",
                        options={"draw_after_quiet_plies": 5})
    assert status == 422 and body["code"] == "game_over"


def test_the_quiet_draw_option_is_described_in_masterys_terms(client):
    words = option_description(client, GAME, "draw_after_quiet_plies")
    assert "devour" in words
    assert "resurrection" in words


def test_counters(post):
    position = fen({"d4": "M", "d6": "p", "e4": "P"}, quiet=7, n=4)
    after = apply(post, position, "d4d3")["position"].split()
    assert after[1:] == ["l", "d4-d3", "8", "4"]
    light = apply(post, " ".join(after), "h7h6")["position"].split()
    assert light[1:] == ["d", "h7-h6", "9", "5"]
    assert apply(post, position, "d4e4")["position"].split()[2:] == ["d4xe4", "0", "4"]


# ---- notation and validation --------------------------------------------------------------------

@pytest.mark.parametrize("position,field", [
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM3 d - 0 1", "board"),  # 9 squares
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MM2 d - 0 1", "board"),  # 7 squares
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2 d - 0 1", "board"),  # 7 ranks
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/2MMMM2 d - 0 1", "board"),  # 4 Masters
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MKM2 d - 0 1", "board"),  # unknown letter
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1".replace("3OOO2", "OOOOO3"),
     "board"),  # 5 Officers
    ("8/8/8/8/8/8/8/M6m d - 0 1", "board"),  # both sides have lost
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d d4-d5 1 1", "last"),  # empty d5
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 l d3-d4 1 1", "last"),  # d3 occupied
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 l a1-h5 1 1", "last"),
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 l d4d5 1 1", "last"),
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 l c3xd4 3 1", "quiet"),
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 w - 0 1", "side"),
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - -1 1", "quiet"),
    ("2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 0", "n"),
])
def test_invalid_positions_name_the_field(post, position, field):
    for op in ("status", "legal-moves"):
        status, body = call(post, op, position=position)
        assert status == 422 and body["code"] == "invalid_position", body
        assert body.get("field") == field, body


@pytest.mark.parametrize("position", [
    "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d -  0 1",
    "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0",
    "",
])
def test_badly_split_positions(post, position):
    status, body = call(post, "status", position=position)
    assert status == 422 and body["code"] == "invalid_position"


@pytest.mark.parametrize("move", ["d4", "d4-d5", "D4D5", "d4 d5", "d4d9", "d4d5+O@",
                                  "d4d5+p@h1", "d4d5+P@h1x"])
def test_malformed_moves(post, move):
    assert reason(post, IMPERIAL, move) == "malformed_move"


def test_an_empty_move_breaks_the_schema(post):
    status, body = call(post, "apply", position=IMPERIAL, move="")
    assert status == 400 and body["code"] == "malformed_request"


def test_standing_still_and_empty_squares(post):
    assert reason(post, IMPERIAL, "d4d4") == "piece_movement"
    assert "no move" in refused(post, IMPERIAL, "d4d4")["detail"]
    assert reason(post, IMPERIAL, "a1a2") == "empty_square"


def test_every_listed_move_applies_and_is_echoed(post):
    position = fen({"d4": "M", "d5": "m", "e6": "o", "f4": "O", "e3": "p"})
    for move in listed(post, position):
        body = apply(post, position, move)
        assert body["move"] == move


def test_a_board_short_of_ranks_is_named_in_the_detail(post):
    status, body = call(post, "legal-moves", position="2mmm3/2ooo3 d - 0 1")
    assert status == 422 and body["code"] == "invalid_position"
    assert "ranks" in body["detail"]


# ---- the game's description, a game, replay and perft -------------------------------------------

def test_game_detail_documents_pieces_setups_and_notation(client):
    detail = client.get(f"/v1/games/{GAME}").get_json()
    assert {p["letter"] for p in detail["pieces"]} == {"M", "O", "P"}
    assert detail["setups"]["imperial"] == IMPERIAL
    assert "resurrect" in detail["notation"]["move"] or "+" in detail["notation"]["move"]


def test_a_few_moves_of_a_game(post):
    position = IMPERIAL
    for move in ("d4d5", "e5d4", "e3e4"):
        body = apply(post, position, move)
        position = body["position"]
    assert position == "2mmm3/2ooo3/1ppopp2/2pP4/3pOP2/2PP1PP1/3OOO2/3MMM2 l e3-e4 3 2"
    assert body["status"] == {"state": "ongoing", "winner": None, "reason": None,
                              "to_move": "light"}


def test_replay_reports_the_first_illegal_move(post):
    status, body = call(post, "replay", moves=["d4d5", "e5d4", "e3e4"])
    assert body["plies"] == 3 and body["status"]["to_move"] == "light"
    status, body = call(post, "replay", moves=["d4d5", "e5d4", "e3f4"])
    assert status == 422 and body["index"] == 2 and body["code"] == "illegal_move"


def test_perft_depth_three_and_divide(post):
    assert call(post, "perft", depth=3)[1] == {"depth": 3, "nodes": 86595}
    status, divided = call(post, "perft", depth=2, divide=True)
    assert divided["nodes"] == 1817 and len(divided["divide"]) == 40

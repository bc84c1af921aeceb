"""Maestria audited over HTTP against docs/rules/maestria.md and the API spec (openapi.yaml), as
an outside checker would.

Everything a case expects is derived here, independently of ``rules.maestria``: cell colours,
camps and neighbours from the ruling's formulas, positions written by hand in the notation of
docs/rules/maestria.md, and the odds of every fight by brute-force enumeration of every face of
every die. Only the service's HTTP answers are compared with them.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

GAME = "maestria"
FILES = "abcdefghijkl"
CELLS = [f"{f}{r}" for r in (1, 2) for f in FILES]
DEFAULT_TERRAIN = "PFMPFMMFPMFP/PFMPFMMFPMFP"
EMPTY_ROW = ",".join(["-"] * 12)
INITIAL = f"{EMPTY_ROW}/{EMPTY_ROW} setup b 3 - 0 1"
BEATS = {"M": "P", "P": "F", "F": "M"}  # Mountain beats Plain beats Forest beats Mountain


def ok(post, op, **body):
    answer = post(GAME, op, **body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def refused(post, op, code, **body):
    answer = post(GAME, op, **body)
    problem = answer.get_json()
    assert answer.status_code == 422, problem
    assert answer.content_type == "application/problem+json"
    assert problem["code"] == code, problem
    assert problem["status"] == 422 and problem["detail"]
    return problem


# ---- the board, derived from the ruling ---------------------------------------------------------

def colour(cell: str) -> str:
    """Black when (file number + row number) is even, a = 1."""
    return "black" if (FILES.index(cell[0]) + 1 + int(cell[1])) % 2 == 0 else "white"


def neighbours(cell: str) -> set[str]:
    f, r = FILES.index(cell[0]), int(cell[1])
    return {f"{FILES[f + df]}{r + dr}" for df in (-1, 0, 1) for dr in (-1, 0, 1)
            if (df or dr) and 0 <= f + df < 12 and 1 <= r + dr <= 2}


def terrain_of(cell: str, terrain: str = DEFAULT_TERRAIN) -> str:
    row2, row1 = terrain.split("/")
    return (row1 if cell[1] == "1" else row2)[FILES.index(cell[0])]


def position(cells: dict[str, str], phase="play", side="b", budget=5, pending="-", quiet=0,
             n=6) -> str:
    rows = [",".join(cells.get(f"{f}{r}", "-") for f in FILES) for r in (2, 1)]
    return f"{'/'.join(rows)} {phase} {side} {budget} {pending} {quiet} {n}"


OWN_SETUP_CELLS = {
    "black": {c for c in CELLS if c[1] == "1" and colour(c) == "black"},
    "white": {c for c in CELLS if c[1] == "2" and colour(c) == "white"},
}


# ---- the dice, derived from the ruling ----------------------------------------------------------

def entitled(k: int, d: int, attacker_terrain: str, defender_terrain: str):
    """(attacker dice, defender dice) as lists of face counts: d6s first, then the d4."""
    attacker = [6] * (1 + (k > d)) + ([4] if BEATS[attacker_terrain] == defender_terrain else [])
    defender = [6] * (1 + (d > k)) + ([4] if BEATS[defender_terrain] == attacker_terrain else [])
    return attacker, defender


def brute_force(k: int, kg: bool, d: int, dg: bool, ta: str, td: str) -> dict:
    """Every face of every die: win/lose/tie, each side's losses, each General's fall."""
    a_dice, d_dice = entitled(k, d, ta, td)
    a_rolls = list(itertools.product(*[range(1, f + 1) for f in a_dice]))
    d_rolls = list(itertools.product(*[range(1, f + 1) for f in d_dice]))
    p = Fraction(1, len(a_rolls) * len(d_rolls))
    win = lose = tie = Fraction(0)
    a_loss: dict[int, Fraction] = {}
    d_loss: dict[int, Fraction] = {}
    a_general = d_general = Fraction(0)
    for a in a_rolls:
        for b in d_rolls:
            lost = min(k, d)
            if sum(a) > sum(b):
                win += p
                a_lost, d_lost = 0, lost
            elif sum(b) > sum(a):
                lose += p
                a_lost, d_lost = lost, 0
            else:
                tie += p
                a_lost = d_lost = 0
            a_loss[a_lost] = a_loss.get(a_lost, 0) + p
            d_loss[d_lost] = d_loss.get(d_lost, 0) + p
            # soldiers first: a General falls only when its whole fighting group does
            if kg and a_lost == k:
                a_general += p
            if dg and d_lost == d:
                d_general += p
    return {"attacker_wins": win, "defender_wins": lose, "tie": tie,
            "attacker_losses": {n: q for n, q in a_loss.items() if q},
            "defender_losses": {n: q for n, q in d_loss.items() if q},
            "attacker_general_falls": a_general, "defender_general_falls": d_general,
            "dice": (a_dice, d_dice)}


def exact(entry: dict) -> Fraction:
    value = Fraction(entry["exact"])
    assert entry["probability"] == pytest.approx(float(value), abs=1e-12)
    return value


def odds_as_fractions(odds: dict) -> dict:
    return {
        "attacker_wins": exact(odds["attacker_wins"]),
        "defender_wins": exact(odds["defender_wins"]),
        "tie": exact(odds["tie"]),
        "attacker_losses": {e["pawns"]: exact(e) for e in odds["attacker_losses"]},
        "defender_losses": {e["pawns"]: exact(e) for e in odds["defender_losses"]},
        "attacker_general_falls": exact(odds["attacker_general_falls"]),
        "defender_general_falls": exact(odds["defender_general_falls"]),
    }


def dice_names(faces: list[int]) -> list[str]:
    return [f"d{f}" for f in faces]


def moves_of(post, pos, options=None) -> dict[str, dict]:
    body = ok(post, "legal-moves", position=pos, options=options)
    assert body["count"] == len(body["moves"])
    return {m["move"]: m for m in body["moves"]}


# ---- board and options ---------------------------------------------------------------------------

def test_game_list_names_maestria_its_players_and_options_with_defaults(client):
    games = {g["id"]: g for g in client.get("/v1/games").get_json()["games"]}
    text = repr(games["maestria"])
    assert "terrain" in text and DEFAULT_TERRAIN in text and "draw_after_quiet_plies" in text


def test_setup_answers_the_empty_two_by_twelve_board_black_to_place_three(post):
    body = ok(post, "setup")
    assert body["position"] == INITIAL
    assert body["options"] == {"terrain": DEFAULT_TERRAIN, "draw_after_quiet_plies": None}


@pytest.mark.parametrize("terrain", [
    "PFMPFMMFPMFX/PFMPFMMFPMFP",      # a letter that is no terrain
    "PFMPFMMFPMF/PFMPFMMFPMFP",       # 11 cells in row 2
    "PFMPFMMFPMFPP/PFMPFMMFPMFP",     # 13 cells in row 2
    "PFMPFMMFPMFP/PFMPFMMFPMF",       # 11 cells in row 1
    "PFMPFMMFPMFPPFMPFMMFPMFP",       # 24 letters but not two rows
    "PFMPFMMFPMFP/PFMPFMMFPMFP/PFMPFMMFPMFP",
    "pfmpfmmfpmfp/pfmpfmmfpmfp",      # lower case
    "PFMPFMMFPMFP/PFMPFMMFPMF ",
    "",
    42,
    ["PFMPFMMFPMFP"],
])
def test_terrain_must_be_24_cells_of_p_f_m(post, terrain):
    problem = refused(post, "setup", "invalid_options", options={"terrain": terrain})
    assert "terrain" in problem["detail"]
    refused(post, "legal-moves", "invalid_options", options={"terrain": terrain})


def test_unknown_option_is_refused(post):
    refused(post, "setup", "invalid_options", options={"board": "x"})


def test_a_custom_terrain_is_accepted_and_echoed(post):
    terrain = "MMMMMMMMMMMM/FFFFFFFFFFFF"
    assert ok(post, "setup", options={"terrain": terrain})["options"]["terrain"] == terrain


def test_black_places_on_black_cells_of_row_one_white_on_white_cells_of_row_two(post):
    black = moves_of(post, INITIAL)
    assert OWN_SETUP_CELLS["black"] == {"a1", "c1", "e1", "g1", "i1", "k1"}
    assert set(black) == {f"@{c}" for c in OWN_SETUP_CELLS["black"]} | {
        f"@{c}*" for c in OWN_SETUP_CELLS["black"]}
    assert black["@c1*"] == {"move": "@c1*", "kind": "place", "to": "c1", "count": 1,
                             "general": True}
    after = INITIAL
    for move in ("@a1", "@a1", "@a1"):
        after = ok(post, "apply", position=after, move=move)["position"]
    white = moves_of(post, after)
    assert OWN_SETUP_CELLS["white"] == {"a2", "c2", "e2", "g2", "i2", "k2"}
    assert set(white) == {f"@{c}" for c in OWN_SETUP_CELLS["white"]} | {
        f"@{c}*" for c in OWN_SETUP_CELLS["white"]}


@pytest.mark.parametrize("cell", CELLS)
def test_every_cell_outside_the_own_camp_colour_is_refused_in_setup(post, cell):
    for side_to_place, pos in (("black", INITIAL), ("white", position(
            {"a1": "b3"}, phase="setup", side="w", budget=3, n=1))):
        if cell in OWN_SETUP_CELLS[side_to_place]:
            continue
        problem = refused(post, "apply", "illegal_move", position=pos, move=f"@{cell}")
        camp_row = "1" if side_to_place == "black" else "2"
        expected = "not_own_camp" if cell[1] != camp_row else "wrong_cell_colour"
        assert problem["reason"] == expected, (side_to_place, cell, problem)


@pytest.mark.parametrize("cell", CELLS)
def test_steps_go_to_exactly_the_eight_neighbours(post, cell):
    general = "l2" if cell not in ("l2",) else "a2"
    pos = position({cell: "b1*", general: "w1*"})
    listed = moves_of(post, pos)
    destinations = {m["to"] for m in listed.values() if m.get("kind") == "step"}
    assert destinations == neighbours(cell)
    assert set(listed) == {f"{cell}{t}:1*" for t in neighbours(cell)} | {"end"}


def test_no_cell_ever_holds_more_than_five(post):
    # a sixth pawn placed
    pos = position({"a1": "b5", "a2": "w3"}, phase="setup", side="b", budget=1, n=2)
    problem = refused(post, "apply", "illegal_move", position=pos, move="@a1")
    assert problem["reason"] == "cell_full"
    assert "@a1" not in moves_of(post, pos)
    # a step onto one's own stack
    pos = position({"a1": "b4*", "b1": "b2", "l2": "w1*"})
    assert "b1a1:1" in moves_of(post, pos)
    problem = refused(post, "apply", "illegal_move", position=pos, move="b1a1:2")
    assert problem["reason"] == "cell_full"
    # a stack of six written in a position
    problem = refused(post, "status", "invalid_position",
                      position=position({"a1": "b6*", "l2": "w1*"}))
    assert "6" in problem["detail"] and "5" in problem["detail"]


# ---- setup ---------------------------------------------------------------------------------------

def test_setup_three_per_turn_alternating_black_first_until_play(post):
    pos = INITIAL
    plan = {"b": ["a1", "c1", "e1", "g1", "i1"], "w": ["a2", "c2", "e2", "g2", "i2"]}
    for turn in range(1, 6):
        for side in "bw":
            for placed in range(3):
                status = ok(post, "status", position=pos)
                assert status["to_move"] == ("black" if side == "b" else "white")
                assert status["state"] == "ongoing" and status["phase"] == "setup"
                assert pos.split()[1:] == ["setup", side, str(3 - placed), "-", "0", str(turn)]
                general = turn == 5 and placed == 2
                pos = ok(post, "apply", position=pos,
                         move=f"@{plan[side][turn - 1]}{'*' if general else ''}")["position"]
    expected = position({"a1": "b3", "c1": "b3", "e1": "b3", "g1": "b3", "i1": "b3*",
                         "a2": "w3", "c2": "w3", "e2": "w3", "g2": "w3", "i2": "w3*"})
    assert pos == expected
    status = ok(post, "status", position=pos)
    assert status["to_move"] == "black" and status["phase"] == "play" and status["budget"] == 5


def test_the_general_is_placed_exactly_once_per_side(post):
    pos = position({"a1": "b1*"}, phase="setup", side="b", budget=2, n=1)
    problem = refused(post, "apply", "illegal_move", position=pos, move="@c1*")
    assert problem["reason"] == "general_already_placed"
    assert not any(m.endswith("*") for m in moves_of(post, pos))
    # fourteen soldiers and no General: only the General may come
    cells = {"a1": "b5", "c1": "b5", "e1": "b5*", "a2": "w5", "c2": "w5", "e2": "w4"}
    pos = position(cells, phase="setup", side="w", budget=1, n=5)
    problem = refused(post, "apply", "illegal_move", position=pos, move="@e2")
    assert problem["reason"] == "general_required"
    assert all(m.endswith("*") for m in moves_of(post, pos))
    after = ok(post, "apply", position=pos, move="@g2*")
    assert after["position"] == position({**cells, "g2": "w1*"})
    # a finished setup without a General is no position at all
    cells = {"a1": "b5", "c1": "b5", "e1": "b5*", "a2": "w5", "c2": "w5", "e2": "w5"}
    refused(post, "status", "invalid_position", position=position(cells))  # play: no w General
    problem = refused(post, "status", "invalid_position", position=position(
        {"a1": "b5", "c1": "b5", "e1": "b5", "a2": "w3", "c2": "w3", "e2": "w3", "g2": "w3"},
        phase="setup", side="w", budget=3, n=5))
    assert "General" in problem["detail"]


def test_two_generals_of_one_side_are_refused(post):
    problem = refused(post, "status", "invalid_position", position=position(
        {"a1": "b1*", "c1": "b1*"}, phase="setup", side="b", budget=1, n=1))
    assert "General" in problem["detail"]
    problem = refused(post, "status", "invalid_position",
                      position=position({"a1": "b1*", "c1": "b1*", "l2": "w1*"}))
    assert "General" in problem["detail"]


@pytest.mark.parametrize("pos,word", [
    (position({"b1": "b1"}, phase="setup", side="b", budget=2, n=1), "b1"),   # wrong colour
    (position({"a2": "b1"}, phase="setup", side="b", budget=2, n=1), "a2"),   # enemy camp
    (position({"a1": "b2"}, phase="setup", side="b", budget=2, n=1), "placed"),  # count
    (position({}, phase="setup", side="b", budget=0, n=1), "budget"),
    (position({}, phase="setup", side="b", budget=4, n=1), "budget"),
    (position({}, phase="setup", side="b", budget=3, quiet=1, n=1), "quiet"),
    (position({}, phase="setup", side="b", budget=3, n=6), "6"),
    (position({"a1": "b1", "b2": "w1"}, phase="setup", side="b", budget=3, pending="a1b2:1",
              n=1), "pending"),
    (INITIAL.replace("setup", "prep"), "phase"),
    (INITIAL.replace("setup b", "setup x"), "side"),
    (INITIAL.replace(" 0 1", " 0"), ""),
    (INITIAL.replace(EMPTY_ROW + "/", EMPTY_ROW + ",-/", 1), "cells"),
])
def test_impossible_setup_positions_are_refused(post, pos, word):
    problem = refused(post, "status", "invalid_position", position=pos)
    assert word in problem["detail"], problem


# ---- play: action points and turns --------------------------------------------------------------

def test_steps_cost_their_pawns_in_points_and_the_turn_passes_at_zero(post):
    pos = position({"a1": "b5*", "l2": "w1*"})
    listed = moves_of(post, pos)
    assert listed["a1b1:3"]["cost"] == 3 and listed["a1b1:3*"]["general"] is True
    assert "a1b1:5*" in listed and "a1b1:5" not in listed  # a whole stack takes its General
    after = ok(post, "apply", position=pos, move="a1b1:3")["position"]
    assert after == position({"a1": "b2*", "b1": "b3", "l2": "w1*"}, budget=2)
    problem = refused(post, "apply", "illegal_move", position=after, move="b1c1:3")
    assert problem["reason"] == "no_action_points"
    assert not any(m.endswith(":3") for m in moves_of(post, after))
    after = ok(post, "apply", position=after, move="b1c1:2")["position"]
    # no point left: white's turn with 5, n unchanged, one quiet turn
    assert after == position({"a1": "b2*", "b1": "b1", "c1": "b2", "l2": "w1*"}, side="w",
                             budget=5, quiet=1)
    after = ok(post, "apply", position=after, move="end")["position"]
    assert after == position({"a1": "b2*", "b1": "b1", "c1": "b2", "l2": "w1*"}, side="b",
                             budget=5, quiet=2, n=7)


def test_end_is_legal_at_any_budget_and_unused_points_are_lost(post):
    for budget in range(1, 6):
        pos = position({"a1": "b1*", "l2": "w1*"}, side="w", budget=budget, quiet=1)
        assert "end" in moves_of(post, pos)
        after = ok(post, "apply", position=pos, move="end")["position"]
        assert after == position({"a1": "b1*", "l2": "w1*"}, side="b", budget=5, quiet=2, n=7)


def test_a_step_from_an_enemy_or_empty_cell_or_of_too_many_pawns_is_refused(post):
    pos = position({"a1": "b2*", "l2": "w1*"})
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="l2k2:1*")["reason"] == "not_your_stack"
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="c1d1:1")["reason"] == "not_your_stack"
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="a1b1:3*")["reason"] == "not_enough_pawns"
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="a1c1:1")["reason"] == "not_adjacent"
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="@a1")["reason"] == "wrong_phase"
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="fight")["reason"] == "wrong_phase"
    assert refused(post, "apply", "illegal_move", position=INITIAL,
                   move="end")["reason"] == "wrong_phase"
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="a1b1")["reason"] == "malformed_move"


# ---- attacks, the defender's choice --------------------------------------------------------------

def test_an_attack_waits_for_the_defender_who_is_to_move(post):
    pos = position({"c1": "b3", "l1": "b1*", "d2": "w2", "a2": "w1*"}, budget=4)
    listed = moves_of(post, pos)
    assert listed["c1d2:3"]["attack"] is True
    answer = ok(post, "apply", position=pos, move="c1d2:3")
    pending = position({"c1": "b3", "l1": "b1*", "d2": "w2", "a2": "w1*"}, budget=1,
                       pending="c1d2:3")
    assert answer["position"] == pending
    assert answer["status"]["to_move"] == "white"
    body = ok(post, "legal-moves", position=pending)
    assert body["to_move"] == "white"
    free = {c for c in neighbours("d2") if c != "c1"}  # c1 still holds the attackers
    assert {m["move"] for m in body["moves"]} == {"fight"} | {f"retreat:{c}" for c in free}
    status = ok(post, "status", position=pending)
    assert status["to_move"] == "white" and status["state"] == "ongoing"
    assert status["budget"] == 1  # the attacker's, the step already paid


def test_nothing_else_may_be_played_while_a_fight_is_pending(post):
    pending = position({"c1": "b3", "l1": "b1*", "d2": "w2", "a2": "w1*"}, budget=1,
                       pending="c1d2:3")
    for move in ("end", "l1k1:1*", "a2b2:1*", "c1d1:1", "@a1"):
        problem = refused(post, "apply", "illegal_move", position=pending, move=move)
        assert problem["reason"] == "fight_pending", (move, problem)


def test_retreat_rules(post):
    cells = {"c1": "b3", "l1": "b1*", "d2": "w2", "e2": "b1", "c2": "w4*"}
    pending = position(cells, budget=2, pending="c1d2:3")
    listed = moves_of(post, pending)
    # c1 and e2 hold black; c2 has 4 + 2 > 5; d1, e1 are free
    assert set(listed) == {"fight", "retreat:d1", "retreat:e1"}
    assert refused(post, "apply", "illegal_move", position=pending,
                   move="retreat:e2")["reason"] == "retreat_blocked"
    assert refused(post, "apply", "illegal_move", position=pending,
                   move="retreat:c1")["reason"] == "retreat_blocked"
    assert refused(post, "apply", "illegal_move", position=pending,
                   move="retreat:c2")["reason"] == "cell_full"
    assert refused(post, "apply", "illegal_move", position=pending,
                   move="retreat:f1")["reason"] == "not_adjacent"
    answer = ok(post, "apply", position=pending, move="retreat:d1")
    assert answer["position"] == position(
        {"l1": "b1*", "d2": "b3", "e2": "b1", "c2": "w4*", "d1": "w1"}, budget=2)
    assert "dice" not in answer or answer["dice"] is None
    # onto its own stack when the whole stack fits, before its loss
    cells = {"c1": "b3", "l1": "b1*", "d2": "w2", "c2": "w3*"}
    answer = ok(post, "apply", position=position(cells, budget=2, pending="c1d2:3"),
                move="retreat:c2")
    assert answer["position"] == position({"l1": "b1*", "d2": "b3", "c2": "w4*"}, budget=2)


def test_the_general_alone_cannot_retreat_but_with_soldiers_it_loses_a_soldier(post):
    pending = position({"c1": "b2*", "d2": "w1*"}, budget=3, pending="c1d2:1")
    assert set(moves_of(post, pending)) == {"fight"}
    assert refused(post, "apply", "illegal_move", position=pending,
                   move="retreat:e2")["reason"] == "general_alone"
    pending = position({"c1": "b2*", "d2": "w2*"}, budget=3, pending="c1d2:1")
    answer = ok(post, "apply", position=pending, move="retreat:e2")
    assert answer["position"] == position({"c1": "b1*", "d2": "b1", "e2": "w1*"}, budget=3)


def test_a_lone_soldier_may_retreat_and_is_lost_and_the_attackers_enter(post):
    pending = position({"c1": "b2*", "d2": "w1", "l2": "w1*"}, budget=0, pending="c1d2:2*")
    answer = ok(post, "apply", position=pending, move="retreat:e1")
    # the last point was spent: white's turn, and the loss reset quiet before the pass
    assert answer["position"] == position({"d2": "b2*", "l2": "w1*"}, side="w", budget=5,
                                          quiet=1)


# ---- combat --------------------------------------------------------------------------------------

def fight_position(k, kg, d, dg, ta="P", td="P", extra_att=0, side="b"):
    """k attackers (the General among them when kg) on a1 attack d defenders on a2."""
    terrain = f"{td}{'P' * 11}/{ta}{'P' * 11}"
    me, foe = side, "w" if side == "b" else "b"
    cells = {"a1": f"{me}{k + extra_att}{'*' if kg else ''}",
             "a2": f"{foe}{d}{'*' if dg else ''}"}
    if not kg:
        cells["l1"] = f"{me}1*"
    if not dg:
        cells["l2"] = f"{foe}1*"
    pending = f"a1a2:{k}{'*' if kg else ''}"
    return position(cells, side=side, budget=5 - k, pending=pending), {"terrain": terrain}


TERRAIN_PAIRS = [(a, b) for a in "PFM" for b in "PFM"]


@pytest.mark.parametrize("ta,td", TERRAIN_PAIRS)
@pytest.mark.parametrize("k,d", [(1, 1), (2, 1), (1, 2), (3, 3), (5, 4), (2, 5), (4, 5)])
def test_exact_odds_match_brute_force(post, k, d, ta, td):
    kg, dg = (k + d) % 2 == 0, k % 2 == 1
    pos, options = fight_position(k, kg, d, dg, ta, td)
    expected = brute_force(k, kg, d, dg, ta, td)
    a_dice, d_dice = expected.pop("dice")
    listed = moves_of(post, pos, options)
    assert listed["fight"]["chance"] is True
    assert odds_as_fractions(listed["fight"]["odds"]) == expected
    status = ok(post, "status", position=pos, options=options)
    assert odds_as_fractions(status["fight"]["odds"]) == expected
    assert status["fight"]["attacker"]["dice"] == dice_names(a_dice)
    assert status["fight"]["defender"]["dice"] == dice_names(d_dice)
    assert expected["attacker_wins"] + expected["defender_wins"] + expected["tie"] == 1


def test_odds_of_the_rule_texts_example_four_against_three_defender_on_better_terrain(post):
    # white (4) attacks black (3) from a Mountain onto a Forest: 2d6 against d6 + d4
    pos, options = fight_position(4, False, 3, False, "M", "F", side="w")
    status = ok(post, "status", position=pos, options=options)
    assert status["fight"]["attacker"]["dice"] == ["d6", "d6"]
    assert status["fight"]["defender"]["dice"] == ["d6", "d4"]
    answer = ok(post, "apply", position=pos, options=options, move="fight",
                dice={"attacker": [4, 6], "defender": [5, 2]})  # 10 against 7
    assert answer["position"] == position({"a2": "w4", "l1": "w1*", "l2": "b1*"}, side="w",
                                          budget=1)


def test_the_attackers_terrain_is_the_cell_it_attacks_from(post):
    # a1 (Mountain) attacks b2 (Plain) while the attackers' target's own row differs
    terrain = "PPPPPPPPPPPP/MPPPPPPPPPPP"
    pos = position({"a1": "b1", "b2": "w1", "l1": "b1*", "l2": "w1*"}, budget=4,
                   pending="a1b2:1")
    status = ok(post, "status", position=pos, options={"terrain": terrain})
    assert status["fight"]["attacker"]["terrain"] == "Mountain"
    assert status["fight"]["defender"]["terrain"] == "Plain"
    assert status["fight"]["attacker"]["dice"] == ["d6", "d4"]
    assert status["fight"]["defender"]["dice"] == ["d6"]


@pytest.mark.parametrize("dice", [
    {"attacker": [6], "defender": [1]},              # attacker lacks its d4
    {"attacker": [6, 4, 1], "defender": [1]},        # one die too many
    {"attacker": [6, 4], "defender": [1, 1]},        # the defender has one d6 only
    {"attacker": [6, 5], "defender": [1]},           # a d4 showing 5
    {"attacker": [7, 4], "defender": [1]},           # a d6 showing 7
    {"attacker": [0, 4], "defender": [1]},
    {"attacker": [6, 4], "defender": [0]},
    {"attacker": [6, 4], "defender": []},
    {"attacker": [6, 4], "defender": 3},
    {"attacker": [6, 4.5], "defender": [1]},
    {"attacker": [6, "4"], "defender": [1]},
    {"attacker": [6, True], "defender": [1]},
])
def test_dice_must_be_exactly_what_each_side_is_entitled_to(post, dice):
    pos, options = fight_position(1, False, 1, False, "M", "P")  # attacker d6 + d4, defender d6
    answer = post(GAME, "apply", position=pos, options=options, move="fight", dice=dice)
    assert answer.status_code in (400, 422)
    body = answer.get_json()
    assert body["code"] in ("invalid_dice", "malformed_request"), body
    # a well-formed object of two lists of whole numbers is the service's to judge: 422
    if isinstance(dice["defender"], list) and all(
            type(v) is int for v in dice["attacker"] + dice["defender"]):
        assert answer.status_code == 422 and body["code"] == "invalid_dice"


def test_a_refusal_names_the_die_that_is_missing(post):
    pos, options = fight_position(1, False, 1, False, "M", "P")  # attacker d6 + d4, defender d6
    problem = refused(post, "apply", "invalid_dice", position=pos, options=options,
                      move="fight", dice={"attacker": [6, 6], "defender": [1]})
    assert "d4" in problem["detail"]


def test_the_dice_entitled_to_are_accepted_and_reported(post):
    pos, options = fight_position(1, False, 1, False, "M", "P")
    answer = ok(post, "apply", position=pos, options=options, move="fight",
                dice={"attacker": [1, 1], "defender": [3]})  # 2 against 3
    assert answer["dice"] == {"attacker": [1, 1], "defender": [3]}
    assert answer["position"] == position({"l1": "b1*", "a2": "w1", "l2": "w1*"}, budget=4)


def test_dice_with_anything_but_fight_are_refused(post):
    dice = {"attacker": [1], "defender": [1]}
    pending = position({"c1": "b2*", "d2": "w2*"}, budget=3, pending="c1d2:1")
    refused(post, "apply", "invalid_dice", position=pending, move="retreat:e2", dice=dice)
    refused(post, "apply", "invalid_dice", position=position({"a1": "b1*", "l2": "w1*"}),
            move="end", dice=dice)
    refused(post, "apply", "invalid_dice", position=INITIAL, move="@a1", dice=dice)


def test_the_loser_loses_min_of_both_and_attackers_enter_only_an_emptied_cell(post):
    # 2 attack 4: the defender wins and the attackers lose both; the rest of a1 stays
    pos = position({"a1": "b4*", "a2": "w4*"}, budget=3, pending="a1a2:2")
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [1], "defender": [2, 2]})
    assert answer["position"] == position({"a1": "b2*", "a2": "w4*"}, budget=3)
    # 2 attack 4 and win: the defender loses 2, the cell still holds 2, attackers stay
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [6], "defender": [2, 2]})
    assert answer["position"] == position({"a1": "b4*", "a2": "w2*"}, budget=3)
    # 4 (General among them) attack 2 and lose: the 2 lost are soldiers
    pos = position({"a1": "b4*", "a2": "w2*"}, budget=1, pending="a1a2:4*")
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [1, 1], "defender": [6]})
    assert answer["position"] == position({"a1": "b2*", "a2": "w2*"}, budget=1)
    # 4 attack 2 and win: both defenders, the General among them, fall: the game ends
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [6, 6], "defender": [1]})
    assert answer["position"] == position({"a2": "b4*"}, budget=1)
    assert answer["status"]["state"] == "win" and answer["status"]["winner"] == "black"
    assert answer["status"]["reason"] == "general_eliminated"


def test_the_attackers_general_falls_only_if_it_stepped_and_after_its_soldiers(post):
    # the General stays on a1 while 2 soldiers attack and lose both
    pos = position({"a1": "b3*", "a2": "w3*"}, budget=3, pending="a1a2:2")
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [1], "defender": [6, 6]})
    assert answer["position"] == position({"a1": "b1*", "a2": "w3*"}, budget=3)
    assert answer["status"]["state"] == "ongoing"
    # the General and a soldier attack 3 and lose 2: the General falls with its group
    pos = position({"a1": "b3*", "a2": "w3*"}, budget=3, pending="a1a2:2*")
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [1], "defender": [6, 6]})
    assert answer["position"] == position({"a1": "b1", "a2": "w3*"}, budget=3)
    assert answer["status"]["winner"] == "white"
    assert answer["status"]["reason"] == "general_eliminated"


def test_a_tie_wastes_the_points_and_nothing_else_happens(post):
    pos = position({"a1": "b3*", "a2": "w3*"}, budget=2, pending="a1a2:3*")
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [4], "defender": [4]})
    assert answer["position"] == position({"a1": "b3*", "a2": "w3*"}, budget=2)
    pos = position({"a1": "b3*", "a2": "w3*"}, budget=0, pending="a1a2:3*", quiet=3, n=8)
    answer = ok(post, "apply", position=pos, move="fight",
                dice={"attacker": [4], "defender": [4]})
    # no point left: the turn passes; a tie is no loss, so quiet goes on counting
    assert answer["position"] == position({"a1": "b3*", "a2": "w3*"}, side="w", quiet=4, n=8)


@pytest.mark.parametrize("k,d,ta,td", [(1, 1, "P", "P"), (3, 1, "M", "P"), (1, 4, "P", "F"),
                                       (2, 2, "F", "M"), (5, 5, "F", "P")])
def test_the_service_rolls_seeded_dice_it_reports_and_applies(post, k, d, ta, td):
    pos, options = fight_position(k, False, d, False, ta, td)
    a_dice, d_dice = entitled(k, d, ta, td)
    for seed in range(12):
        answer = ok(post, "apply", position=pos, options=options, move="fight", seed=seed)
        assert answer == ok(post, "apply", position=pos, options=options, move="fight",
                            seed=seed)
        rolled = answer["dice"]
        assert [len(rolled["attacker"]), len(rolled["defender"])] == [len(a_dice), len(d_dice)]
        for values, faces in ((rolled["attacker"], a_dice), (rolled["defender"], d_dice)):
            assert all(1 <= v <= f for v, f in zip(values, faces))
        # the same dice given by a client give the same result
        again = ok(post, "apply", position=pos, options=options, move="fight", dice=rolled)
        assert again["position"] == answer["position"]
    unseeded = ok(post, "apply", position=pos, options=options, move="fight")
    assert len(unseeded["dice"]["attacker"]) == len(a_dice)


def test_a_finished_game_has_no_moves_and_refuses_any(post):
    final = position({"a2": "b4*"}, budget=1)
    body = ok(post, "legal-moves", position=final)
    assert body["count"] == 0 and body["moves"] == [] and body["to_move"] is None
    assert refused(post, "apply", "game_over", position=final, move="end")


# ---- invalid play positions ----------------------------------------------------------------------

@pytest.mark.parametrize("pos,word", [
    (position({"a1": "b1*", "l2": "w1*"}, budget=0), "budget"),          # AP 0, nothing pending
    (position({"a1": "b1*", "l2": "w1*"}, budget=6), "budget"),
    (position({"a1": "b1*", "l2": "w1*"}, n=5), "6"),                    # play before turn 6
    (position({"a1": "b0*", "l2": "w1*"}), "a1"),
    (position({"a1": "b1*", "c1": "b1*", "l2": "w1*"}), "General"),
    (position({"a1": "b1", "l2": "w1"}), "General"),                      # both Generals gone
    (position({"a1": "b5*", "b1": "b5", "c1": "b5", "d1": "b1", "l2": "w1*"}), "16"),
    (position({"a1": "b1*", "l2": "w1*"}, quiet=3, n=6), "quiet"),
    # a pending attack that cannot be
    (position({"a1": "b2*", "c2": "w1*"}, budget=3, pending="a1c2:1"), "adjacent"),
    (position({"a1": "b2*", "a2": "w1*"}, budget=3, pending="b1a2:1"), "b1"),
    (position({"a1": "b2*", "b1": "w1", "a2": "w1*"}, budget=3, pending="b1a2:1"), "b1"),
    (position({"a1": "b2*", "l2": "w1*"}, budget=3, pending="a1a2:1"), "a2"),
    (position({"a1": "b2*", "a2": "b1", "l2": "w1*"}, budget=3, pending="a1a2:1"), "a2"),
    (position({"a1": "b2*", "a2": "w1*"}, budget=2, pending="a1a2:3*"), "a1"),
    (position({"a1": "b2", "l1": "b1*", "a2": "w1*"}, budget=3, pending="a1a2:2*"), "General"),
    (position({"a1": "b2*", "a2": "w1*"}, budget=4, pending="a1a2:2*"), "budget"),
    (position({"a1": "b2*", "a2": "w1*"}, budget=3, pending="a1a2:2"), "a1"),
    (position({"a1": "b2*", "a2": "w1*"}, budget=3, pending="a1a2:0"), "pending"),
    (position({"a1": "b2*", "a2": "w1*"}, side="w", budget=3, pending="a1a2:1"), "a1"),
    # a finished game with a fight still pending
    (position({"a1": "b2*", "a2": "w1"}, budget=3, pending="a1a2:1"), "pending"),
])
def test_impossible_play_positions_are_refused_naming_the_problem(post, pos, word):
    problem = refused(post, "status", "invalid_position", position=pos)
    assert word in problem["detail"] or word == problem.get("field"), problem
    refused(post, "legal-moves", "invalid_position", position=pos)


def test_a_pending_attack_may_exceed_five_on_the_target_and_have_zero_points_left(post):
    pos = position({"a1": "b5*", "a2": "w4*"}, budget=0, pending="a1a2:5*")
    status = ok(post, "status", position=pos)
    assert status["to_move"] == "white"
    assert status["fight"]["attacker"]["dice"] == ["d6", "d6"]


# ---- a whole game ------------------------------------------------------------------------------

def test_a_whole_game_from_the_empty_board_to_a_generals_fall(post):
    pos = ok(post, "setup")["position"]
    assert pos == INITIAL
    played: list[str] = []
    dice_list: list = []

    def play(move, expected=None, dice=None, to_move=None):
        nonlocal pos
        answer = ok(post, "apply", position=pos, move=move, dice=dice)
        played.append(move)
        dice_list.append(dice)
        pos = answer["position"]
        if expected is not None:
            assert pos == expected, (move, pos)
        if to_move is not None:
            assert answer["status"]["to_move"] == to_move
        if dice is not None:
            assert answer["dice"] == dice
        return answer

    # setup: black's General first, white's last
    plan = {"b": ["c1", "a1", "e1", "g1", "i1"], "w": ["c2", "a2", "e2", "g2", "k2"]}
    for turn in range(5):
        for side in "bw":
            for i in range(3):
                move = f"@{plan[side][turn]}"
                if side == "b" and turn == 0 and i == 0:
                    move += "*"
                if side == "b" and turn == 1 and i == 0:
                    problem = refused(post, "apply", "illegal_move", position=pos,
                                      move="@a1*")
                    assert problem["reason"] == "general_already_placed"
                if side == "w" and turn == 4 and i == 2:
                    problem = refused(post, "apply", "illegal_move", position=pos, move=move)
                    assert problem["reason"] == "general_required"
                    move += "*"
                play(move)
    start = "w3,-,w3,-,w3,-,w3,-,-,-,w3*,-/b3,-,b3*,-,b3,-,b3,-,b3,-,-,- play b 5 - 0 6"
    assert pos == start
    assert ok(post, "status", position=pos)["to_move"] == "black"

    # turn 6, black: march, then attack e2, which retreats
    play("i1j1:3", "w3,-,w3,-,w3,-,w3,-,-,-,w3*,-/b3,-,b3*,-,b3,-,b3,-,-,b3,-,- play b 2 - 0 6")
    play("e1e2:2", "w3,-,w3,-,w3,-,w3,-,-,-,w3*,-/b3,-,b3*,-,b3,-,b3,-,-,b3,-,- "
                   "play b 0 e1e2:2 0 6", to_move="white")
    assert set(moves_of(post, pos)) == {"fight", "retreat:d2", "retreat:f2", "retreat:d1",
                                        "retreat:f1"}
    play("retreat:f2", "w3,-,w3,-,b2,w2,w3,-,-,-,w3*,-/b3,-,b3*,-,b1,-,b3,-,-,b3,-,- "
                       "play w 5 - 1 6", to_move="white")

    # turn 6, white: attack e2 from the Mountain f2 onto the Forest e2 (black's d4): a tie
    play("f2e2:2", "w3,-,w3,-,b2,w2,w3,-,-,-,w3*,-/b3,-,b3*,-,b1,-,b3,-,-,b3,-,- "
                   "play w 3 f2e2:2 1 6", to_move="black")
    fight = moves_of(post, pos)["fight"]
    expected = brute_force(2, False, 2, False, "M", "F")
    expected.pop("dice")
    assert odds_as_fractions(fight["odds"]) == expected
    refused(post, "apply", "invalid_dice", position=pos, move="fight",
            dice={"attacker": [3, 1], "defender": [2, 1]})
    refused(post, "apply", "invalid_dice", position=pos, move="fight",
            dice={"attacker": [3], "defender": [2, 5]})
    play("fight", "w3,-,w3,-,b2,w2,w3,-,-,-,w3*,-/b3,-,b3*,-,b1,-,b3,-,-,b3,-,- "
                  "play w 3 - 1 6", dice={"attacker": [3], "defender": [2, 1]}, to_move="white")
    # then a2 attacks a1 with its last 3 points and loses all three
    play("a2a1:3", to_move="black")
    play("fight", "-,-,w3,-,b2,w2,w3,-,-,-,w3*,-/b3,-,b3*,-,b1,-,b3,-,-,b3,-,- play b 5 - 1 7",
         dice={"attacker": [2], "defender": [5]}, to_move="black")

    # turn 7, black: j1 attacks white's General on k2, which fights and falls
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="j1k2:6")["reason"] == "not_enough_pawns"
    play("j1k2:3", "-,-,w3,-,b2,w2,w3,-,-,-,w3*,-/b3,-,b3*,-,b1,-,b3,-,-,b3,-,- "
                   "play b 2 j1k2:3 1 7", to_move="white")
    assert set(moves_of(post, pos)) == {"fight", "retreat:j2", "retreat:l2", "retreat:k1",
                                        "retreat:l1"}
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="retreat:j1")["reason"] == "retreat_blocked"
    assert refused(post, "apply", "illegal_move", position=pos,
                   move="c1d1:1*")["reason"] == "fight_pending"
    answer = play("fight", "-,-,w3,-,b2,w2,w3,-,-,-,b3,-/b3,-,b3*,-,b1,-,b3,-,-,-,-,- "
                           "play b 2 - 0 7", dice={"attacker": [5], "defender": [1, 2]})
    assert answer["status"] == {"state": "win", "winner": "black",
                                "reason": "general_eliminated", "to_move": None,
                                "phase": "play"}
    assert {"type": "general_eliminated", "side": "white", "winner": "black"} in (
        answer["events"])
    assert ok(post, "legal-moves", position=pos)["count"] == 0
    refused(post, "apply", "game_over", position=pos, move="end")

    # the same game replayed in one request with the same dice
    replay = ok(post, "replay", moves=played, dice=dice_list)
    assert replay["position"] == pos
    assert replay["status"]["reason"] == "general_eliminated"


def test_odds_count_only_the_pawns_that_stepped_and_a_general_that_stayed_cannot_fall(post):
    # 2 soldiers step from b4* (the General stays), onto 3 on a Forest from a Plain
    options = {"terrain": "FPPPPPPPPPPP/PPPPPPPPPPPP"}
    pos = position({"a1": "b4*", "a2": "w3*"}, budget=3, pending="a1a2:2")
    expected = brute_force(2, False, 3, True, "P", "F")
    expected.pop("dice")
    fight = moves_of(post, pos, options)["fight"]
    assert odds_as_fractions(fight["odds"]) == expected
    assert expected["attacker_general_falls"] == 0 and set(expected["attacker_losses"]) == {0, 2}


def test_an_attacking_steps_entry_carries_the_odds_of_the_fight_it_would_offer(post):
    options = {"terrain": "PPPPPPPPPPPP/MPPPPPPPPPPP"}
    pos = position({"a1": "b3*", "a2": "w2", "l2": "w1*"})
    listed = moves_of(post, pos, options)
    for k in (1, 2, 3):
        entry = listed[f"a1a2:{k}*"]
        assert entry["attack"] is True
        expected = brute_force(k, True, 2, False, "M", "P")
        expected.pop("dice")
        assert odds_as_fractions(entry["odds"]) == expected
    assert "odds" not in listed["a1b1:1"]


def test_replay_names_the_first_illegal_action(post):
    answer = post(GAME, "replay", moves=["@a1*", "@a1", "@b1"])
    problem = answer.get_json()
    assert answer.status_code == 422 and problem["code"] == "illegal_move"
    assert problem["index"] == 2 and problem["reason"] == "wrong_cell_colour"


def test_draw_after_quiet_plies_counts_turn_changes_without_a_loss(post):
    options = {"draw_after_quiet_plies": 2}
    pos = position({"a1": "b1*", "l2": "w1*"}, side="w", quiet=1)
    answer = ok(post, "apply", position=pos, options=options, move="end")
    assert answer["status"]["state"] == "draw" and answer["status"]["reason"] == "quiet_plies"
    assert ok(post, "status", position=pos)["state"] == "ongoing"  # off by default


def test_regression_dice_of_the_wrong_type_are_named_as_not_whole_numbers(post):
    pos, options = fight_position(1, False, 1, False, "M", "P")
    for value in ("4", 4.5, 1.0, True):
        problem = refused(post, "apply", "invalid_dice", position=pos, options=options,
                          move="fight", dice={"attacker": [6, value], "defender": [1]})
        assert "whole number" in problem["detail"] and "attacker" in problem["detail"]


def test_regression_the_quiet_draw_option_is_described_in_maestrias_terms(client):
    detail = client.get("/v1/games/maestria").get_json()
    option = next(o for o in detail["options"] if o["name"] == "draw_after_quiet_plies")
    words = option["description"]
    assert "loss" in words or "lost" in words
    assert "turn changes" in words
    for other_games_word in ("capture", "devour", "resurrection"):
        assert other_games_word not in words
    assert option["default"] is None and option["minimum"] == 1 and option["nullable"] is True


# ---- the game's description and perft ------------------------------------------------------------

def test_game_detail_documents_notation_and_terrain(client):
    detail = client.get(f"/v1/games/{GAME}").get_json()
    assert detail["setups"]["default"] == INITIAL
    assert "retreat" in detail["notation"]["move"]


def test_perft_and_its_depth_limit(post):
    assert ok(post, "perft", depth=3) == {"depth": 3, "nodes": 864}
    refused(post, "perft", "work_limit_exceeded", depth=4)

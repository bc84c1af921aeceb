"""Maestria, rule by rule (docs/rules/maestria.md): one named test per rule and per ruling.

Positions are built from notation strings; ``pos({...})`` writes the cells from a dict
of cell names to stack tokens such as ``"b3*"``. Default terrain by file (both rows):
a P, b F, c M, d P, e F, f M, g M, h F, i P, j M, k F, l P.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import rules
from rules.core.errors import GameOver, IllegalMove, InvalidDice, InvalidOptions, InvalidPosition
from rules.maestria.position import GRID, MOUNTAIN, PLAIN, SETUP_CELLS, cell_colour
from tests.positions import legal_texts, played, refusal

GAME = rules.configure("maestria")
FILES = "abcdefghijkl"
INITIAL = "-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1"


def pos(stacks: dict[str, str], phase: str = "play", side: str = "b", budget: int = 5,
        pending: str = "-", quiet: int = 0, n: int = 6) -> str:
    rows = []
    for row in "21":
        rows.append(",".join(stacks.get(f + row, "-") for f in FILES))
    return f"{'/'.join(rows)} {phase} {side} {budget} {pending} {quiet} {n}"


# Generals far away on l1/l2 unless a test places them itself.
GENERALS = {"l1": "b1*", "l2": "w1*"}


def play_pos(stacks, **kw) -> str:
    return pos({**GENERALS, **stacks}, **kw)


def moves(text: str, game=GAME) -> set[str]:
    return legal_texts(game, text)


def illegal(text: str, move: str, game=GAME) -> IllegalMove:
    return refusal(game, text, move)


def play(text: str, move: str, dice=None, game=GAME) -> str:
    return played(game, text, move, dice=dice)


def applied(text: str, move: str, dice=None, game=GAME):
    return game.play(game.parse_position(text), move, dice=dice)[1]


# ---- board ---------------------------------------------------------------------------------------

def test_board_is_two_rows_of_twelve_files_a_to_l():
    assert GRID.files == 12 and GRID.ranks == 2
    assert GRID.names[0] == "a1" and GRID.names[11] == "l1" and GRID.names[23] == "l2"


def test_cell_colours_alternate_with_a1_black_and_a2_white():
    black = [n for n in GRID.names if cell_colour(GRID.index[n]) == 0]
    assert {"a1", "c1", "e1", "b2", "d2"} <= set(black)
    assert not {"b1", "a2", "c2"} & set(black)


def test_each_camp_has_six_cells_of_its_colour_where_setup_goes():
    assert [GRID.names[s] for s in SETUP_CELLS[0]] == ["a1", "c1", "e1", "g1", "i1", "k1"]
    assert [GRID.names[s] for s in SETUP_CELLS[1]] == ["a2", "c2", "e2", "g2", "i2", "k2"]


def test_adjacency_is_the_eight_neighbours():
    destinations = {m[2:4] for m in moves(play_pos({"b1": "b1"})) if m.startswith("b1")}
    assert destinations == {"a1", "c1", "a2", "b2", "c2"}


def test_default_terrain_gives_each_side_two_cells_of_each_terrain():
    assert GAME.options["terrain"] == "PFMPFMMFPMFP/PFMPFMMFPMFP"
    for side in (0, 1):
        letters = sorted("PFM"[GAME.terrain[sq]] for sq in SETUP_CELLS[side])
        assert letters == ["F", "F", "M", "M", "P", "P"]


def test_terrain_option_is_two_rows_of_twelve_letters_row_two_first():
    game = rules.configure("maestria", {"terrain": "MMMMMMMMMMMM/PPPPPPPPPPPP"})
    assert game.terrain[GRID.index["a1"]] == PLAIN
    assert game.terrain[GRID.index["l2"]] == MOUNTAIN
    listed = rules.configure("maestria", {"terrain": ["MMMMMMMMMMMM", "PPPPPPPPPPPP"]})
    assert listed.options["terrain"] == "MMMMMMMMMMMM/PPPPPPPPPPPP"


@pytest.mark.parametrize("bad", ["PFMPFMMFPMFP", "PFMPFMMFPMF/PFMPFMMFPMFP",
                                 "PFMPFMMFPMFX/PFMPFMMFPMFP", "pfmpfmmfpmfp/PFMPFMMFPMFP", 12,
                                 None, "A/B/C"])
def test_terrain_option_is_validated(bad):
    with pytest.raises(InvalidOptions):
        rules.configure("maestria", {"terrain": bad})


def test_unknown_options_are_refused():
    with pytest.raises(InvalidOptions):
        rules.configure("maestria", {"terrian": "PFMPFMMFPMFP/PFMPFMMFPMFP"})


def test_a_cell_holds_at_most_five_pawns():
    with pytest.raises(InvalidPosition, match="at most 5"):
        GAME.parse_position(play_pos({"c1": "b6"}))


# ---- setup phase ---------------------------------------------------------------------------------

def test_black_places_first_three_pawns_per_turn():
    start = GAME.initial_position()
    assert GAME.format_position(start) == INITIAL
    status = GAME.status(start)
    assert status.to_move == "black" and status.extra["phase"] == "setup"
    text = INITIAL
    for move in ("@a1", "@c1*", "@c1"):
        assert GAME.status(GAME.parse_position(text)).to_move == "black"
        text = play(text, move)
    assert text == "-,-,-,-,-,-,-,-,-,-,-,-/b1,-,b2*,-,-,-,-,-,-,-,-,- setup w 3 - 0 1"


def test_placement_outside_own_camp_is_refused():
    assert illegal(INITIAL, "@a2").reason == "not_own_camp"
    white = "-,-,-,-,-,-,-,-,-,-,-,-/b3,-,-,-,-,-,-,-,-,-,-,- setup w 3 - 0 1"
    assert illegal(white, "@c1").reason == "not_own_camp"


def test_placement_on_a_cell_of_the_other_colour_is_refused():
    assert illegal(INITIAL, "@b1").reason == "wrong_cell_colour"
    white = "-,-,-,-,-,-,-,-,-,-,-,-/b3,-,-,-,-,-,-,-,-,-,-,- setup w 3 - 0 1"
    assert illegal(white, "@b2").reason == "wrong_cell_colour"
    assert moves(white) == {f"@{f}2{g}" for f in "acegik" for g in ("", "*")}


def test_placement_on_a_full_cell_is_refused():
    text = "w3,-,w3,-,w3,-,-,-,-,-,-,-/b5,-,b4,-,-,-,-,-,-,-,-,- setup b 3 - 0 4"
    assert illegal(text, "@a1").reason == "cell_full"
    assert "@a1" not in moves(text) and "@c1" in moves(text)


def test_the_general_is_placed_exactly_once():
    text = "-,-,-,-,-,-,-,-,-,-,-,-/b1*,-,-,-,-,-,-,-,-,-,-,- setup b 2 - 0 1"
    assert illegal(text, "@c1*").reason == "general_already_placed"
    assert not [m for m in moves(text) if m.endswith("*")]


def test_the_fifteenth_placement_must_be_the_general():
    text = "w3,-,w3,-,w3,-,w3,-,-,-,-,-/b3,-,b3,-,b3,-,b3,-,b2,-,-,- setup b 1 - 0 5"
    assert illegal(text, "@k1").reason == "general_required"
    assert moves(text) == {f"@{f}1*" for f in "acegik"}


def test_after_whites_fifteenth_placement_play_begins_with_black_and_five_points():
    text = "w3*,-,w3,-,w3,-,w3,-,w2,-,-,-/b3*,-,b3,-,b3,-,b3,-,b3,-,-,- setup w 1 - 0 5"
    after = applied(text, "@k2")
    assert GAME.format_position(after.position) == (
        "w3*,-,w3,-,w3,-,w3,-,w2,-,w1,-/b3*,-,b3,-,b3,-,b3,-,b3,-,-,- play b 5 - 0 6")
    assert {"type": "phase", "phase": "play"} in after.events


def test_n_counts_setup_turns_and_grows_after_whites_turn():
    text = "-,-,-,-,-,-,-,-,-,-,-,-/b3,-,-,-,-,-,-,-,-,-,-,- setup w 1 - 0 1"
    text = text.replace("-,-,-,-,-,-,-,-,-,-,-,-/", "w2,-,-,-,-,-,-,-,-,-,-,-/", 1)
    assert play(text, "@a2").endswith("setup b 3 - 0 2")


def test_play_actions_are_refused_during_setup_and_placements_during_play():
    assert illegal(INITIAL, "a1b1:1").reason == "wrong_phase"
    assert illegal(INITIAL, "end").reason == "wrong_phase"
    assert illegal(play_pos({"c1": "b2"}), "@c1").reason == "wrong_phase"


# ---- play phase: steps and action points ---------------------------------------------------------

def test_a_step_of_k_pawns_costs_k_action_points():
    after = play(play_pos({"c1": "b4"}), "c1d1:3")
    assert after == play_pos({"c1": "b1", "d1": "b3"}, budget=2)


def test_the_general_steps_with_the_stack_or_stays_at_the_players_choice():
    text = play_pos({"c1": "b3*"}, side="b")
    text = text.replace("b1*", "b1")  # the General is the one on c1
    listed = {m for m in moves(text) if m.startswith("c1d1")}
    assert listed == {"c1d1:1", "c1d1:1*", "c1d1:2", "c1d1:2*", "c1d1:3*"}
    assert illegal(text, "c1d1:3").reason == "general_must_move"
    assert illegal(text, "l1k1:1*").reason == "no_general_here"


def test_a_step_needs_enough_action_points():
    text = play_pos({"c1": "b4"}, budget=2)
    assert illegal(text, "c1d1:3").reason == "no_action_points"


def test_a_step_needs_enough_pawns_on_the_cell():
    assert illegal(play_pos({"c1": "b2"}), "c1d1:3").reason == "not_enough_pawns"


def test_a_step_goes_to_an_adjacent_cell():
    assert illegal(play_pos({"c1": "b2"}), "c1e1:1").reason == "not_adjacent"
    assert illegal(play_pos({"c1": "b2"}), "c1c1:1").reason == "not_adjacent"


def test_only_ones_own_stack_steps():
    text = play_pos({"c1": "b2", "e2": "w2"})
    assert illegal(text, "e2e1:1").reason == "not_your_stack"
    assert illegal(text, "d1e1:1").reason == "not_your_stack"


def test_a_step_onto_ones_own_stack_needs_room():
    text = play_pos({"c1": "b2", "d1": "b4"})
    assert illegal(text, "c1d1:2").reason == "cell_full"
    assert "c1d1:1" in moves(text)


def test_end_is_legal_at_any_time_even_with_all_points_and_unused_points_are_lost():
    text = play_pos({"c1": "b2"})
    assert "end" in moves(text)
    assert play(text, "end") == play_pos({"c1": "b2"}, side="w", quiet=1)


def test_the_turn_passes_by_itself_when_action_points_reach_zero():
    text = play_pos({"c1": "b2"}, budget=2)
    assert play(text, "c1d1:2") == play_pos({"d1": "b2"}, side="w", quiet=1)


def test_n_grows_after_whites_turn_in_play():
    text = play_pos({"c2": "w2"}, side="w", n=7, quiet=1)
    assert play(text, "end") == play_pos({"c2": "w2"}, side="b", n=8, quiet=2)


# ---- attacks -------------------------------------------------------------------------------------

ATTACK = play_pos({"c1": "b3", "c2": "w2"})  # c1 is Mountain, c2 Mountain


def test_a_step_onto_enemy_pawns_is_an_attack_left_pending_for_the_defender():
    after = play(ATTACK, "c1c2:3")
    assert after == play_pos({"c1": "b3", "c2": "w2"}, budget=2, pending="c1c2:3")
    status = GAME.status(GAME.parse_position(after))
    assert status.to_move == "white" and status.state == "ongoing"
    assert status.extra["budget"] == 2 and status.extra["fight"]["attacker"]["side"] == "black"
    assert moves(after) == {"fight", "retreat:b2", "retreat:d2", "retreat:b1", "retreat:d1"}


def test_an_attack_needs_no_capacity_check():
    text = play_pos({"c1": "b3", "c2": "w5"})
    assert "c1c2:3" in moves(text)


def test_nothing_but_the_defenders_answer_while_a_fight_is_pending():
    pending = play(ATTACK, "c1c2:3")
    assert illegal(pending, "end").reason == "fight_pending"
    assert illegal(pending, "l1k1:1*").reason == "fight_pending"


def test_fight_or_retreat_without_a_pending_attack_is_refused():
    assert illegal(ATTACK, "fight").reason == "wrong_phase"
    assert illegal(ATTACK, "retreat:b2").reason == "wrong_phase"


def test_retreat_moves_the_whole_stack_loses_a_soldier_and_the_attackers_enter():
    pending = play(ATTACK, "c1c2:3")
    after = applied(pending, "retreat:d2")
    assert GAME.format_position(after.position) == play_pos(
        {"c2": "b3", "d2": "w1"}, budget=2)
    assert [e["type"] for e in after.events] == ["retreat", "loss", "enter"]


def test_retreat_into_a_cell_with_enemy_pawns_is_refused():
    pending = play(ATTACK, "c1c2:3")
    assert illegal(pending, "retreat:c1").reason == "retreat_blocked"


def test_retreat_must_fit_whole_in_the_destination():
    pending = play_pos({"c1": "b3", "c2": "w2", "d2": "w4"}, budget=2, pending="c1c2:3")
    assert illegal(pending, "retreat:d2").reason == "cell_full"
    fits = play_pos({"c1": "b3", "c2": "w2", "d2": "w3"}, budget=2, pending="c1c2:3")
    assert "retreat:d2" in moves(fits)


def test_retreat_goes_to_an_adjacent_cell():
    pending = play(ATTACK, "c1c2:3")
    assert illegal(pending, "retreat:f2").reason == "not_adjacent"


def test_the_general_alone_cannot_retreat():
    text = pos({"c1": "b3", "c2": "w1*", "l1": "b1*"}, budget=2, pending="c1c2:3")
    assert moves(text) == {"fight"}
    assert illegal(text, "retreat:d2").reason == "general_alone"


def test_a_general_with_soldiers_retreats_losing_a_soldier():
    text = pos({"c1": "b3", "c2": "w2*", "l1": "b1*"}, budget=2, pending="c1c2:3")
    assert play(text, "retreat:b2") == pos({"b2": "w1*", "c2": "b3", "l1": "b1*"}, budget=2)


def test_a_lone_soldier_may_retreat_and_is_lost():
    text = play_pos({"c1": "b1", "c2": "w1"}, budget=4, pending="c1c2:1")
    assert play(text, "retreat:b2") == play_pos({"c2": "b1"}, budget=4)


# ---- fights --------------------------------------------------------------------------------------

def entitled(text: str) -> dict[str, list[str]]:
    fight = GAME.status(GAME.parse_position(text)).extra["fight"]
    return {"attacker": fight["attacker"]["dice"], "defender": fight["defender"]["dice"]}


def test_each_side_rolls_one_d6_and_same_terrain_gives_no_d4():
    # c1 and c2 are both Mountain; 2 against 2.
    text = play_pos({"c1": "b2", "c2": "w2"}, budget=3, pending="c1c2:2")
    assert entitled(text) == {"attacker": ["d6"], "defender": ["d6"]}


def test_the_side_with_more_pawns_rolls_an_extra_d6():
    text = play_pos({"c1": "b3", "c2": "w2"}, budget=2, pending="c1c2:3")
    assert entitled(text) == {"attacker": ["d6", "d6"], "defender": ["d6"]}
    text = play_pos({"c1": "b3", "c2": "w4"}, budget=3, pending="c1c2:2")
    assert entitled(text) == {"attacker": ["d6"], "defender": ["d6", "d6"]}
    # Only the pawns that stepped count: 2 of the 5 on c1 attack 3.
    text = play_pos({"c1": "b5", "c2": "w3"}, budget=3, pending="c1c2:2")
    assert entitled(text) == {"attacker": ["d6"], "defender": ["d6", "d6"]}


@pytest.mark.parametrize("src,dst,advantage", [
    ("c1", "d2", "attacker"),  # Mountain attacks Plain: mountain beats plain
    ("d1", "e2", "attacker"),  # Plain attacks Forest
    ("b1", "c2", "attacker"),  # Forest attacks Mountain
    ("d1", "c2", "defender"),  # Plain attacks Mountain
    ("e1", "d2", "defender"),  # Forest attacks Plain
    ("c1", "b2", "defender"),  # Mountain attacks Forest
])
def test_terrain_advantage_gives_the_d4_mountain_beats_plain_beats_forest_beats_mountain(
        src, dst, advantage):
    text = play_pos({src: "b1", dst: "w1"}, budget=4, pending=f"{src}{dst}:1")
    dice = entitled(text)
    assert dice[advantage] == ["d6", "d4"]
    assert dice["attacker" if advantage == "defender" else "defender"] == ["d6"]


def test_the_rule_texts_example_four_against_three_with_the_defender_on_better_terrain():
    # White's 4 attack from c2 (Mountain) the black 3 on b1 (Forest beats Mountain).
    text = pos({"c2": "w4", "b1": "b3", "l1": "b1*", "l2": "w1*"}, side="w", budget=1,
               pending="c2b1:4", n=7, quiet=3)
    assert entitled(text) == {"attacker": ["d6", "d6"], "defender": ["d6", "d4"]}
    result = applied(text, "fight", {"attacker": [4, 6], "defender": [5, 2]})
    assert GAME.format_position(result.position) == pos(
        {"b1": "w4", "l1": "b1*", "l2": "w1*"}, side="w", budget=1, n=7, quiet=0)
    assert [e["type"] for e in result.events] == ["fight", "loss", "enter"]
    assert result.events[1]["pawns"] == 3 and result.dice == {"attacker": [4, 6],
                                                               "defender": [5, 2]}


def test_the_loser_loses_as_many_as_the_winner_has_and_attackers_stay_if_the_cell_holds():
    # 2 attackers beat 4 defenders: the defenders lose 2, 2 remain, the attackers stay.
    text = play_pos({"c1": "b2", "c2": "w4"}, budget=3, pending="c1c2:2")
    after = play(text, "fight", {"attacker": [6], "defender": [1, 1]})
    assert after == play_pos({"c1": "b2", "c2": "w2"}, budget=3)


def test_the_attacker_loses_only_from_the_pawns_that_stepped():
    text = play_pos({"c1": "b5", "c2": "w1"}, budget=3, pending="c1c2:2")
    after = play(text, "fight", {"attacker": [1, 1], "defender": [6]})
    assert after == play_pos({"c1": "b4", "c2": "w1"}, budget=3)


def test_soldiers_fall_before_the_general():
    text = pos({"c1": "b2", "c2": "w3*", "l1": "b1*"}, budget=3, pending="c1c2:2")
    after = play(text, "fight", {"attacker": [6], "defender": [1, 1]})
    assert after == pos({"c1": "b2", "c2": "w1*", "l1": "b1*"}, budget=3)


def test_the_attackers_general_can_fall_only_if_it_stepped():
    # Black's General stays on c1 while one soldier attacks and dies.
    text = pos({"c1": "b2*", "c2": "w2*"}, budget=4, pending="c1c2:1")
    after = play(text, "fight", {"attacker": [1], "defender": [6, 6]})
    assert after == pos({"c1": "b1*", "c2": "w2*"}, budget=4)
    with_general = pos({"c1": "b2*", "c2": "w2*"}, budget=3, pending="c1c2:2*")
    lost = applied(with_general, "fight", {"attacker": [1], "defender": [6]})
    assert GAME.status(lost.position).winner == "white"


def test_a_tie_changes_nothing_and_the_points_stay_spent():
    text = play_pos({"c1": "b2", "c2": "w2"}, budget=3, pending="c1c2:2")
    result = applied(text, "fight", {"attacker": [4], "defender": [4]})
    assert GAME.format_position(result.position) == play_pos({"c1": "b2", "c2": "w2"}, budget=3)
    assert result.events[-1]["type"] == "tie"


def test_the_turn_passes_after_a_fight_that_used_the_last_points():
    text = play_pos({"c1": "b2", "c2": "w2"}, budget=0, pending="c1c2:2", n=7, quiet=2)
    assert play(text, "fight", {"attacker": [3], "defender": [3]}) == play_pos(
        {"c1": "b2", "c2": "w2"}, side="w", budget=5, n=7, quiet=3)


def test_the_generals_fall_ends_the_game_at_once():
    text = pos({"c1": "b3", "c2": "w1*", "l1": "b1*"}, budget=0, pending="c1c2:3", quiet=4, n=9)
    result = applied(text, "fight", {"attacker": [1, 1], "defender": [1]})
    after = result.position
    assert GAME.format_position(after) == pos({"c2": "b3", "l1": "b1*"}, budget=0, n=9)
    status = GAME.status(after)
    assert (status.state, status.winner, status.reason, status.to_move) == (
        "win", "black", "general_eliminated", None)
    assert GAME.legal_moves(after) == ()
    assert result.events[-1] == {"type": "general_eliminated", "side": "white",
                                 "winner": "black"}
    with pytest.raises(GameOver):
        GAME.play(after, "end")


# ---- counters and the quiet-turns draw -----------------------------------------------------------

def test_quiet_counts_turns_and_resets_on_any_loss():
    text = play_pos({"c1": "b2", "c2": "w1"}, budget=4, pending="c1c2:1", quiet=5, n=9)
    assert play(text, "retreat:b2").split()[-2] == "0"
    assert play(play_pos({"c1": "b2"}, quiet=5, n=9), "end").split()[-2] == "6"
    tie = play(text, "fight", {"attacker": [2], "defender": [2]})
    assert tie.split()[-2] == "5"


def test_there_is_no_draw_unless_draw_after_quiet_plies_is_set():
    text = play_pos({"c1": "b2"}, quiet=40, n=40)
    assert GAME.status(GAME.parse_position(text)).state == "ongoing"
    game = rules.configure("maestria", {"draw_after_quiet_plies": 40})
    status = game.status(game.parse_position(text))
    assert (status.state, status.reason, status.winner) == ("draw", "quiet_plies", None)
    assert game.legal_moves(game.parse_position(text)) == ()


# ---- dice ----------------------------------------------------------------------------------------

PENDING = play_pos({"c1": "b3", "d2": "w2"}, budget=2, pending="c1d2:3")  # M attacks P


def test_fight_is_the_chance_move_and_the_service_rolls_and_reports_the_dice():
    p = GAME.parse_position(PENDING)
    fight = GAME.parse_move(p, "fight")
    assert GAME.is_chance(p, fight)
    assert not GAME.is_chance(p, GAME.parse_move(p, "retreat:e2"))
    entry = next(e for e in GAME.legal_move_entries(p) if e["move"] == "fight")
    assert entry["chance"] is True and entry["kind"] == "fight"
    result = GAME.play(p, "fight", seed=3)[1]
    assert len(result.dice["attacker"]) == 3 and len(result.dice["defender"]) == 1
    assert 1 <= result.dice["attacker"][2] <= 4
    assert result.events[0]["dice"] == result.dice


@pytest.mark.parametrize("dice", [
    {"attacker": [3, 4], "defender": [2]},            # the attacker's d4 is missing
    {"attacker": [3, 4, 2], "defender": [2, 2]},      # the defender has one d6 only
    {"attacker": [3, 7, 2], "defender": [2]},         # a d6 shows 7
    {"attacker": [3, 4, 5], "defender": [2]},         # the d4 shows 5
    {"attacker": [3, 4, 0], "defender": [2]},
    {"attacker": [3, True, 2], "defender": [2]},
    {"attacker": "3,4,2", "defender": [2]},
    {"attacker": [3, 4, 2]},
    [3, 4, 2],
])
def test_client_dice_must_match_what_each_side_is_entitled_to(dice):
    with pytest.raises(InvalidDice):
        GAME.play(GAME.parse_position(PENDING), "fight", dice=dice)


def test_dice_with_any_other_action_are_refused():
    with pytest.raises(InvalidDice):
        GAME.play(GAME.parse_position(PENDING), "retreat:e2", dice={"attacker": [1, 1, 1],
                                                                    "defender": [1]})
    with pytest.raises(InvalidDice):
        GAME.play(GAME.parse_position(ATTACK), "end", dice={"attacker": [1], "defender": [1]})


def brute_force(a6: int, a4: int, d6: int, d4: int):
    """Count every equally likely dice combination directly."""
    win = lose = tie = 0
    dice = [range(1, 7)] * a6 + [range(1, 5)] * a4 + [range(1, 7)] * d6 + [range(1, 5)] * d4
    total = 0
    for roll in itertools.product(*dice):
        a = sum(roll[:a6 + a4])
        d = sum(roll[a6 + a4:])
        win += a > d
        lose += d > a
        tie += a == d
        total += 1
    return Fraction(win, total), Fraction(lose, total), Fraction(tie, total)


@pytest.mark.parametrize("stacks,pending", [
    ({"c1": "b3", "d2": "w2"}, "c1d2:3"),   # 2d6+d4 against d6
    ({"c1": "b2", "c2": "w2"}, "c1c2:2"),   # d6 against d6
    ({"d1": "b1", "c2": "w4"}, "d1c2:1"),   # d6 against 2d6+d4
    ({"c1": "b5", "b2": "w2"}, "c1b2:4"),   # 2d6 against d6+d4
    ({"e1": "b1", "d2": "w3"}, "e1d2:1"),   # d6 against 2d6+d4 (plain beats forest)
])
def test_exact_odds_equal_a_brute_force_count_of_all_dice(stacks, pending):
    text = play_pos(stacks, budget=5 - int(pending[5]), pending=pending)
    p = GAME.parse_position(text)
    fight = GAME.status(p).extra["fight"]
    a6, d6 = fight["attacker"]["dice"].count("d6"), fight["defender"]["dice"].count("d6")
    a4, d4 = fight["attacker"]["dice"].count("d4"), fight["defender"]["dice"].count("d4")
    win, lose, tie = brute_force(a6, a4, d6, d4)
    odds = fight["odds"]
    for key, value in (("attacker_wins", win), ("defender_wins", lose), ("tie", tie)):
        assert odds[key]["exact"] == f"{value.numerator}/{value.denominator}"
        assert odds[key]["probability"] == pytest.approx(float(value))
    # The chance outcomes list every combination once, with exact equal probabilities.
    outcomes = GAME.chance_outcomes(p, GAME.parse_move(p, "fight"))
    assert len(outcomes) == 6 ** (a6 + d6) * 4 ** (a4 + d4)
    assert sum(prob for _, prob in outcomes) == 1
    assert sum(prob for dice, prob in outcomes
               if sum(dice["attacker"]) > sum(dice["defender"])) == win


def test_odds_give_the_distribution_of_losses_and_the_generals_fall():
    # 4 black soldiers against the white General with 1 soldier on b2.
    text = play_pos({"c1": "b5", "b2": "w2*"}, budget=1, pending="c1b2:4")
    text = text.replace("w1*", "w1")
    odds = GAME.status(GAME.parse_position(text)).extra["fight"]["odds"]
    win, lose, tie = brute_force(2, 0, 1, 1)
    keep = 1 - win
    assert odds["defender_losses"] == [
        {"pawns": 0, "probability": float(keep), "exact": f"{keep.numerator}/{keep.denominator}"},
        {"pawns": 2, "probability": float(win), "exact": f"{win.numerator}/{win.denominator}"}]
    assert odds["attacker_losses"][-1]["pawns"] == 2
    assert odds["defender_general_falls"]["exact"] == f"{win.numerator}/{win.denominator}"
    assert odds["attacker_general_falls"]["exact"] == "0/1"


def test_odds_are_offered_with_the_fight_action_and_with_attacking_steps():
    p = GAME.parse_position(PENDING)
    entry = next(e for e in GAME.legal_move_entries(p) if e["move"] == "fight")
    assert entry["odds"] == GAME.status(p).extra["fight"]["odds"]
    before = GAME.parse_position(play_pos({"c1": "b3", "d2": "w2"}))
    step = next(e for e in GAME.legal_move_entries(before) if e["move"] == "c1d2:3")
    assert step["attack"] is True and step["odds"] == entry["odds"]
    assert step["kind"] == "step" and step["count"] == 3 and step["general"] is False


# ---- notation and validation ---------------------------------------------------------------------

def test_positions_round_trip_through_notation():
    for text in (INITIAL, ATTACK, PENDING,
                 "w3*,-,w3,-,w3,-,w3,-,w2,-,w1,-/b3*,-,b3,-,b3,-,b3,-,b3,-,-,- play b 5 - 0 6",
                 pos({"c2": "b3", "l1": "b1*"}, budget=0, n=9)):
        assert GAME.format_position(GAME.parse_position(text)) == text


@pytest.mark.parametrize("text,field", [
    ("-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1", "cells"),
    ("-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1", "cells"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/x1,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1", "cells"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/b0,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1", "cells"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- start b 3 - 0 1", "phase"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup x 3 - 0 1", "side"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 4 - 0 1", "budget"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 0 - 0 1", "budget"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 1 1", "quiet"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 6", "n"),
    ("-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 a1a2:1 0 1", "pending"),
])
def test_malformed_or_impossible_fields_are_refused(text, field):
    with pytest.raises(InvalidPosition) as info:
        GAME.parse_position(text)
    assert info.value.extra.get("field") == field or field == "cells", info.value.detail


def test_setup_pawns_stand_only_on_own_colour_cells_of_own_camp():
    with pytest.raises(InvalidPosition, match="b1"):
        GAME.parse_position("-,-,-,-,-,-,-,-,-,-,-,-/-,b1,-,-,-,-,-,-,-,-,-,- setup b 2 - 0 1")
    with pytest.raises(InvalidPosition, match="a2"):
        GAME.parse_position("b1,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 2 - 0 1")


def test_setup_counts_must_match_the_turn_and_budget():
    with pytest.raises(InvalidPosition, match="placed 1 pawns"):
        GAME.parse_position("-,-,-,-,-,-,-,-,-,-,-,-/b2,-,-,-,-,-,-,-,-,-,-,- setup b 2 - 0 1")
    with pytest.raises(InvalidPosition, match="white has placed 0"):
        GAME.parse_position("w1,-,-,-,-,-,-,-,-,-,-,-/b3,-,-,-,-,-,-,-,-,-,-,- setup w 3 - 0 1")


def test_a_side_has_at_most_one_general():
    with pytest.raises(InvalidPosition, match="Generals"):
        GAME.parse_position("-,-,-,-,-,-,-,-,-,-,-,-/b1*,-,b1*,-,-,-,-,-,-,-,-,- setup b 1 - 0 1")
    with pytest.raises(InvalidPosition, match="Generals"):
        GAME.parse_position(pos({"a1": "b1*", "c1": "b1*", "a2": "w1*"}))


def test_a_side_that_placed_all_fifteen_has_its_general():
    with pytest.raises(InvalidPosition, match="without its General"):
        GAME.parse_position(
            "w3,-,w3,-,w3,-,w3,-,-,-,-,-/b3,-,b3,-,b3,-,b3,-,b3,-,-,- setup w 3 - 0 5")


def test_play_positions_hold_at_most_fifteen_pawns_per_side():
    with pytest.raises(InvalidPosition, match="at most 15"):
        GAME.parse_position(play_pos({"a1": "b5", "b1": "b5", "c1": "b5"}))


def test_play_begins_at_turn_six_and_quiet_cannot_exceed_the_turns_played():
    with pytest.raises(InvalidPosition, match="turn 6"):
        GAME.parse_position(play_pos({}, n=5))
    with pytest.raises(InvalidPosition, match="quiet"):
        GAME.parse_position(play_pos({}, n=6, quiet=1))
    assert GAME.parse_position(play_pos({}, side="w", n=6, quiet=1))


def test_play_budget_is_one_to_five_without_a_pending_fight():
    with pytest.raises(InvalidPosition, match="action points"):
        GAME.parse_position(play_pos({}, budget=0))


def test_both_generals_gone_is_impossible():
    with pytest.raises(InvalidPosition, match="Both Generals"):
        GAME.parse_position(pos({"a1": "b2", "a2": "w2"}))


def test_a_finished_position_has_no_pending_fight_zero_quiet_and_a_spent_point():
    with pytest.raises(InvalidPosition):
        GAME.parse_position(pos({"c1": "b2*", "c2": "w1"}, budget=2, pending="c1c2:1"))
    with pytest.raises(InvalidPosition, match="quiet"):
        GAME.parse_position(pos({"c1": "b2*"}, budget=2, quiet=3, n=9))
    with pytest.raises(InvalidPosition, match="budget"):
        GAME.parse_position(pos({"c1": "b2*"}, budget=5))


@pytest.mark.parametrize("stacks,pending,budget,match", [
    ({"c1": "b3", "e2": "w2"}, "c1e2:3", 2, "adjacent"),
    ({"c1": "b3", "c2": "w2"}, "d1c2:1", 4, "attacking"),
    ({"c1": "b3", "d2": "w2"}, "c1c2:1", 4, "enemy pawns"),
    ({"c1": "b3", "c2": "w2"}, "c1c2:1*", 4, "General"),
    ({"c1": "b2", "c2": "w2"}, "c1c2:3", 2, "needs 3"),
    ({"c1": "b3", "c2": "w2"}, "c1c2:3", 3, "budget|action points"),
])
def test_a_pending_attack_must_be_consistent(stacks, pending, budget, match):
    with pytest.raises(InvalidPosition, match=match):
        GAME.parse_position(play_pos(stacks, budget=budget, pending=pending))


@pytest.mark.parametrize("move", ["", "a1", "@a3", "@m1", "a1b1", "a1b1:0", "a1b1:", "retreat",
                                  "retreat:", "Fight", "end ", "@A1", "a1-b1:1"])
def test_malformed_actions_are_refused(move):
    assert illegal(play_pos({"c1": "b2"}), move).reason == "malformed_move"

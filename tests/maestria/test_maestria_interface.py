"""Maestria behind the typed game interface: its reasons, the rule book that explains illegal
actions, the dice schema and the board view."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

import rules
from rules.core.errors import IllegalMove, InvalidDice
from rules.core.reasons import OffBoard
from rules.core.view import Badge
from rules.maestria import Action, Maestria, Move
from rules.maestria import illegal
from rules.maestria.illegal import BOOK
from rules.maestria.reasons import End, Illegal

GAME = rules.configure("maestria")
CELLS = [f"{f}{r}" for r in (1, 2) for f in "abcdefghijkl"]
GAME_INDEX = {name: i for i, name in enumerate(CELLS)}


def random_action_text(rng: random.Random) -> str:
    """Any action in the notation, legal or not: every kind, any cells, 1 to 6 pawns."""
    kind = rng.choice(["place", "step", "step", "step", "end", "fight", "retreat"])
    star = rng.choice(["", "*"])
    if kind == "place":
        return f"@{rng.choice(CELLS)}{star}"
    if kind == "step":
        return f"{rng.choice(CELLS)}{rng.choice(CELLS)}:{rng.randint(1, 6)}{star}"
    if kind == "retreat":
        return f"retreat:{rng.choice(CELLS)}"
    return kind


def playout_positions(rng: random.Random, games: int):
    """The positions of seeded games. Setup piles soldiers on few cells, placing the General
    first in every other game and last in the others, so full cells, a second General and
    the compulsory General come up; play prefers attacks."""
    for game_number in range(games):
        position = GAME.initial_position()
        for _ in range(600):
            legal = GAME.legal_moves(position)
            if not legal:
                break
            yield position
            generals = [m for m in legal if m.kind == "place" and m.with_general]
            soldiers = [m for m in legal if m.kind == "place" and not m.with_general]
            attacks = [m for m in legal if GAME.move_fields(position, m).get("attack")]
            if generals and game_number % 2:
                move = rng.choice(generals)
            elif soldiers:
                move = soldiers[0] if rng.random() < 0.8 else rng.choice(soldiers)
            elif attacks and rng.random() < 0.5:
                move = rng.choice(attacks)
            else:
                move = rng.choice(legal)
            position = GAME.apply(position, move, GAME.roll(position, move, rng)
                                  if GAME.is_chance(position, move) else None).position


def test_every_random_illegal_action_is_explained_by_a_rule_never_the_fallback():
    rng = random.Random(20261123)
    seen: set[Illegal] = set()
    tried = 0
    for position in playout_positions(rng, games=8):
        legal = set(GAME.legal_moves(position))
        for move in legal:
            assert GAME.parse_move(position, GAME.format_move(position, move)) == move
        for _ in range(25):
            move = GAME.parse_move(position, random_action_text(rng))
            if move in legal:
                continue
            error = GAME.explain_illegal(position, move)
            assert isinstance(error.reason, Illegal)
            assert error.reason is not BOOK.fallback, (GAME.format_position(position), move)
            assert error.detail and error.extra["reason"] == error.reason.value
            seen.add(error.reason)
            tried += 1
    assert tried > 10_000
    # Every rule of the book was the answer to some of them.
    assert seen == set(BOOK.reasons)


def test_the_rule_book_lists_every_illegal_reason_but_the_notation_and_the_fallback():
    assert BOOK.fallback is Illegal.ILLEGAL_MOVE
    assert set(BOOK.reasons) == set(Illegal) - {Illegal.MALFORMED_MOVE, Illegal.ILLEGAL_MOVE}
    # each check is the function of the illegal module named after the reason it reports
    assert all(callable(getattr(illegal, reason.value)) for reason in BOOK.reasons)


def test_reasons_are_the_games_codes_each_with_a_sentence():
    assert Maestria.illegal_reasons is Illegal and Maestria.end_reasons is End
    reasons = Maestria.reasons()
    assert set(reasons["end"]) == {"general_eliminated", "quiet_plies", *OffBoard.catalogue()}
    assert "malformed_move" in reasons["illegal_move"]
    for sentences in reasons.values():
        assert all(s.endswith(".") for s in sentences.values())
    with pytest.raises(IllegalMove) as info:
        GAME.parse_move(GAME.initial_position(), "c1-d1")
    assert info.value.reason is Illegal.MALFORMED_MOVE


def test_the_move_type_is_the_action_tuple_with_typed_kinds():
    assert Move is Action
    position = GAME.parse_position(
        "-,-,w2*,w1,-,-,-,-,-,-,-,-/-,-,b1,b2*,b1,-,-,-,-,-,-,- play b 5 - 0 6")
    step = GAME.parse_move(position, "d1c2:2*")
    assert step == Action("step", src=GAME_INDEX["d1"], dst=GAME_INDEX["c2"], pawns=2,
                          with_general=True)
    assert isinstance(step, tuple) and hash(step) == hash(tuple(step))
    assert GAME.parse_move(position, "@c1").dst == GAME_INDEX["c1"]
    assert GAME.parse_move(position, "retreat:b2").dst == GAME_INDEX["b2"]
    assert {m.kind for m in GAME.legal_moves(position)} == {"step", "end"}


# ---- dice ------------------------------------------------------------------------------------

PENDING = {  # one fight of each shape of dice: M attacks P (2 d6 + d4 against d6), ...
    "2d6+d4 v d6": "w1*,-,-,w2,-,-,-,-,-,-,-,-/-,-,b3,-,-,-,-,-,-,-,-,b1* play b 2 c1d2:3 0 6",
    "d6 v 2d6+d4": "w1*,-,w4,-,-,-,-,-,-,-,-,-/-,-,-,b1,-,-,-,-,-,-,-,b1* play b 4 d1c2:1 0 6",
    "d6 v d6": "w1*,-,w2,-,-,-,-,-,-,-,-,-/-,-,b2,-,-,-,-,-,-,-,-,b1* play b 3 c1c2:2 0 6",
}
ALLOWED_KEYWORDS = {"type", "properties", "required", "additionalProperties", "items",
                    "minItems", "maxItems", "minimum", "maximum", "description", "oneOf"}


def keywords(schema: dict) -> set[str]:
    found = set(schema)
    for sub in schema.get("properties", {}).values():
        found |= keywords(sub)
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            found |= keywords(schema[key])
    for sub in schema.get("oneOf", []):
        found |= keywords(sub)
    return found


def test_the_dice_schema_is_json_schema_in_the_common_keywords():
    schema = Maestria.dice_schema
    assert schema is not None
    Draft202012Validator.check_schema(schema)
    assert keywords(dict(schema)) <= ALLOWED_KEYWORDS
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == set(schema["properties"]) == {"attacker", "defender"}


@pytest.mark.parametrize("text", PENDING.values(), ids=list(PENDING))
def test_every_dice_outcome_of_a_fight_fits_the_dice_schema(text):
    validator = Draft202012Validator(Maestria.dice_schema)
    position = GAME.parse_position(text)
    fight = GAME.parse_move(position, "fight")
    outcomes = GAME.chance_outcomes(position, fight)
    assert outcomes
    for dice, _ in outcomes:
        assert not list(validator.iter_errors(dice)), dice
        assert GAME.check_dice(position, fight, dice) == dice


@pytest.mark.parametrize("dice", [
    [3, 4, 2], "3,4,2", None, 7,
    {}, {"attacker": [3, 4, 2]}, {"defender": [2]},
    {"attacker": [3, 4, 2], "defender": [2], "referee": [1]},
    {"attacker": [3, 4, 2], "defender": [2]},          # entitled: fits everywhere
    {"attacker": [3, 4], "defender": [2]},             # values: for check_dice alone
    {"attacker": "3,4,2", "defender": [2]},
    {"attacker": [3, 4, 9], "defender": [2]},
])
def test_the_schema_top_level_refuses_exactly_what_check_dice_refuses_there(dice):
    """The service answers 400 for what the schema refuses at the top level of the dice, and
    leaves the rest to check_dice (422, with a sentence naming the side)."""
    validator = Draft202012Validator(Maestria.dice_schema)
    top_level_errors = [e for e in validator.iter_errors(dice) if not e.absolute_path]
    position = GAME.parse_position(PENDING["2d6+d4 v d6"])
    fight = GAME.parse_move(position, "fight")
    try:
        GAME.check_dice(position, fight, dice)
    except InvalidDice as error:
        refused_at_top = error.detail.startswith('Dice for a fight are {"attacker"')
    else:
        refused_at_top = False
    assert bool(top_level_errors) == refused_at_top


# ---- the board view --------------------------------------------------------------------------

def test_the_board_view_shows_terrain_stacks_the_general_and_the_pending_attack():
    position = GAME.parse_position(PENDING["2d6+d4 v d6"])
    view = GAME.board_view(position)
    cells = {c.name: c for c in view.cells}
    assert (view.files, view.ranks, len(cells)) == (12, 2, 24)
    assert view.to_move == "white" and view.last_move == ("c1", "d2")
    assert cells["c1"].terrain == "Mountain" and cells["d2"].terrain == "Plain"
    assert cells["a1"].shade == 1 and cells["b1"].shade == 0 and cells["a2"].shade == 0
    stack = cells["c1"].piece
    assert stack is not None and (stack.owner, stack.count, stack.text) == ("black", 3, "b3")
    assert stack.badges == () and stack.name == "black stack of 3"
    general = cells["l1"].piece
    assert general is not None and general.text == "b1*"
    assert general.badges == (Badge(label="G", title="with the General", ring=True),)
    assert cells["e1"].piece is None


def test_the_board_view_follows_the_terrain_option():
    game = rules.configure("maestria", {"terrain": "MMMMMMMMMMMM/PPPPPPPPPPPP"})
    cells = {c.name: c for c in game.board_view(game.initial_position()).cells}
    assert cells["a1"].terrain == "Plain" and cells["a2"].terrain == "Mountain"


def test_clearing_the_analysis_cache_keeps_the_answers():
    position = GAME.parse_position(PENDING["d6 v d6"])
    before = (GAME.status(position), GAME.legal_moves(position))
    Maestria.clear_analysis_cache()
    assert (GAME.status(position), GAME.legal_moves(position)) == before

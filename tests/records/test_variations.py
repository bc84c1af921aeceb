"""Variations: lines in parentheses after a move, each played from the position before the
move it replaces, nested to a stated depth, kept as a tree with every ply's position, written
back by export; the main line's judgement untouched; dice in a variation its own."""

from __future__ import annotations

import pytest

from rules import registry
from rules.core.errors import RulesError
from rules.records import format_record, load
from rules.records.errors import InvalidRecord
from rules.records.syntax import MAX_VARIATION_DEPTH
from rules.records.writing import Annotation, GivenVariation, write_game

LESSON = ('[Game "mastery"]\n[Result "*"]\n'
          '1. d2c2 (1. d3e4! {the other try} b6a5 (c5b5 2. d2c2) 2. f2g2) b6a5 2. d3e4 *\n')


def test_variations_are_kept_as_a_tree_with_each_plys_position() -> None:
    loaded = load(LESSON)
    game = loaded.game
    assert [p.move for p in loaded.plies] == ["d2c2", "b6a5", "d3e4"]
    (first,) = loaded.plies[0].variations
    assert [p.move for p in first.plies] == ["d3e4", "b6a5", "f2g2"]
    assert [p.index for p in first.plies] == [0, 1, 2]
    assert first.plies[0].suffix == "!" and first.comments[0].text == "the other try"
    (inner,) = first.plies[1].variations
    assert [p.move for p in inner.plies] == ["c5b5", "d2c2"]
    position = game.start_position
    for move in ["d3e4", "c5b5", "d2c2"]:
        position = game.apply(position, game.parse_move(position, move)).position
    assert inner.plies[-1].position == position


def test_the_main_lines_judgement_is_unchanged_by_variations() -> None:
    plain = load('[Game "mastery"]\n[Result "*"]\n1. d2c2 b6a5 2. d3e4 *\n')
    loaded = load(LESSON)
    assert (loaded.result, loaded.agreement, loaded.position) == (
        plain.result, plain.agreement, plain.position)
    assert [p.position for p in loaded.plies] == [p.position for p in plain.plies]


def test_an_illegal_move_in_a_variation_names_the_variation_and_its_place() -> None:
    text = LESSON.replace("(c5b5 2. d2c2)", "(c5b5 2. zz)")
    with pytest.raises(RulesError) as caught:
        load(text)
    error = caught.value
    assert error.code == "illegal_move"
    extra = error.extra
    assert extra["variation"] == [[0, 0], [1, 0]] and extra["index"] == 2
    assert (extra["line"], extra["column"]) == (3, text.splitlines()[2].index("zz") + 1)
    assert error.detail.startswith("Line 3, column ")
    assert "in variation 1 of move 0 / variation 1 of move 1, move 2 ('zz')" in error.detail


def test_variations_nest_to_the_stated_depth() -> None:
    deep = "1. d2c2 " + "(d3e4 " * MAX_VARIATION_DEPTH + ")" * MAX_VARIATION_DEPTH + " *"
    assert load('[Game "mastery"]\n' + deep).plies[0].variations
    deeper = "1. d2c2 " + "(d3e4 " * (MAX_VARIATION_DEPTH + 1) + ")" * (
        MAX_VARIATION_DEPTH + 1) + " *"
    with pytest.raises(InvalidRecord) as caught:
        load('[Game "mastery"]\n' + deeper)
    assert f"at most {MAX_VARIATION_DEPTH} deep" in caught.value.detail


def test_dice_in_a_variation_are_the_variations_own() -> None:
    game = registry.configure("maestria")
    main = load(MAESTRIA)
    fights = [p for p in main.plies if p.dice is not None]
    with_variation = MAESTRIA.replace(
        "fight <attacker 5 defender 4>", "fight <attacker 5 defender 4> "
        "(fight <attacker 1 defender 6>)")
    loaded = load(with_variation)
    last = loaded.plies[-1]
    (variation,) = last.variations
    assert variation.plies[0].dice == {"attacker": [1], "defender": [6]}
    assert last.dice == fights[-1].dice and loaded.result == main.result
    assert variation.plies[0].position != last.position
    assert game.id == loaded.game.id


def test_export_then_import_gives_back_the_same_tree() -> None:
    game = registry.configure("mastery")
    written = write_game(
        game, ["d2c2", "b6a5", "d3e4"],
        annotations=[Annotation("!", [1]), Annotation(nags=[14]), Annotation(eval="0.5")],
        variations=[GivenVariation(1, ["c5b5", "d3e4"], comments=[(1, "line\nbreak")],
                                   annotations=[Annotation("?!")],
                                   variations=[GivenVariation(1, ["f2g2"])])])
    again = load(written.text)
    assert again.to_json()["plies"] == written.loaded.to_json()["plies"]
    assert format_record(again) == written.text
    assert load(format_record(load(LESSON))).to_json()["plies"] == load(LESSON).to_json()[
        "plies"]


MAESTRIA = '''[Game "maestria"]
1. @g1 @g1 @a1 @e2 @i2
@g2* 2. @g1 @e1 @g1* @e2 @i2 @c2 3. @i1 @c1 @e1 @c2 @a2 @i2 4. @e1 @i1 @k1 @i2
@c2 @e2 5. @a1 @k1 @a1 @k2 @e2 @g2 6.
i1h1:2 c1b1:1 g1g2:1* retreat:f2 7. h1i1:1 e2e1:1 8. retreat:d2 i2h1:2 9.
retreat:g2 a2b1:1 10. fight <attacker 5,1 defender 1> f2g2:1* 11.
fight <attacker 5 defender 4> 0-1
'''

"""rules.search.openspiel: our games as OpenSpiel games, played by OpenSpiel's own MCTSBot."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from rules import registry
from rules.search import openspiel as adapter

#: The quiet-plies draw, where a game offers it, ends the game after this many quiet plies:
#: random-ish games can run long.
QUIET_PLIES = 80


def meets_chance_moves(game_id: str, options: dict[str, Any], plies: int = 300) -> bool:
    """Whether a seeded random game of ``game_id`` under ``options`` meets a chance move."""
    game = registry.configure(game_id, options)
    rng = random.Random(1)
    position = game.start_position
    for _ in range(plies):
        moves = game.legal_moves(position)
        if not moves:
            return False
        if any(game.is_chance(position, move) for move in moves):
            return True
        position = game.advance(position, rng.choice(moves))
    return False


def whole_game_options(game_id: str) -> dict[str, Any]:
    """The quiet-plies draw at :data:`QUIET_PLIES` where the game offers it, and, for a game
    whose moves are decided by dice only under an optional rule, the first such rule on."""
    specs = registry.game_class(game_id).option_specs
    options: dict[str, Any] = {}
    if any(spec.name == "draw_after_quiet_plies" for spec in specs):
        options["draw_after_quiet_plies"] = QUIET_PLIES
    if not meets_chance_moves(game_id, options):
        for spec in specs:
            if spec.kind == "bool" and meets_chance_moves(game_id, {**options, spec.name: True}):
                return {**options, spec.name: True}
    return options


#: A whole game of every registered game, with chance moves where the game has them.
WHOLE_GAMES = [(game_id, whole_game_options(game_id)) for game_id in registry.game_ids()]


def mcts_bot(game, seed: int) -> mcts.MCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed), max_length=6)
    return mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(seed))


@pytest.mark.parametrize("game_id,options", WHOLE_GAMES, ids=[g for g, _ in WHOLE_GAMES])
def test_openspiel_mctsbot_plays_a_whole_game(game_id, options):
    os_game = adapter.load(game_id, options, max_plies=2000)
    ours = registry.configure(game_id, options)
    assert os_game.num_players() == len(ours.seats())
    bots = [mcts_bot(os_game, seed) for seed in range(os_game.num_players())]
    chance = np.random.RandomState(7)
    state = os_game.new_initial_state()
    position = ours.start_position
    pending = None  # the move whose dice the next chance node decides
    chance_nodes = 0
    deciders = set()   # the seats whose bot chose a move
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            expected = ours.chance_outcomes(position, pending)
            assert [p for _, p in outcomes] == [float(p) for _, p in expected]
            assert sum(Fraction(p) for _, p in expected) == 1
            action = chance.choice([a for a, _ in outcomes], p=[p for _, p in outcomes])
            dice = expected[action][0]
            assert state.action_to_string(action) == "dice " + json.dumps(dice, sort_keys=True)
            state.apply_action(action)
            position = ours.apply(position, pending, dice).position
            chance_nodes += 1
        else:
            player = state.current_player()
            assert ours.seats()[player] == ours.status(position).to_move
            action = bots[player].step(state)
            move = list(ours.legal_moves(position))[action]
            assert state.action_to_string(player, action) == ours.format_move(position, move)
            state.apply_action(action)
            if ours.is_chance(position, move):
                pending = move
            else:
                position = ours.advance(position, move)
            deciders.add(player)
        assert str(state).startswith(ours.format_position(position))
    status = ours.status(position)
    assert status.finished, "the game ended by its own rules, not the adapter's ply limit"
    returns = state.returns()
    assert sum(returns) == pytest.approx(0)
    if status.winner:
        assert returns[ours.seats().index(status.winner)] == 1.0
    else:
        assert returns == [0.0] * len(returns)
    # every bot played: a short game (Hexapawn) may end after a few plies
    assert deciders == set(range(os_game.num_players()))
    if meets_chance_moves(game_id, options):
        assert chance_nodes > 0


def test_every_game_is_registered_with_pyspiel_and_loads_by_name():
    names = set(pyspiel.registered_names())
    for game_id in registry.game_ids():
        assert adapter.short_name(game_id) in names
    game = pyspiel.load_game("referee_sceptre", {"options": '{"players": ["w", "r", "b"]}'})
    assert game.num_players() == 3
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.current_player() == 0 and len(state.legal_actions()) == len(
        registry.configure("sceptre", {"players": ["w", "r", "b"]}).legal_moves(
            registry.configure("sceptre", {"players": ["w", "r", "b"]}).start_position))


def test_clones_are_independent_and_the_ply_limit_ends_a_game_as_a_draw():
    game = adapter.load("mastery", max_plies=3)
    state = game.new_initial_state()
    clone = state.clone()
    clone.apply_action(0)
    assert str(state) != str(clone)
    while not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
    assert clone.returns() == [0.0, 0.0] and len(clone.history()) == 3

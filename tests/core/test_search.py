"""The computer opponent (rules.search) through the Game interface: every suggestion is a legal
move, a seed and budget fix the answer, budgets are capped; the evaluation helpers. Each game's
own positions (wins in one...) are in tests/<game>/test_<game>_search.py."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from unittest.mock import ANY

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rules import registry
from rules.core.errors import GameOver
from rules.core.evaluation import HUNT, closeness, cornered, hunt, material_chance, with_shares
from rules.core.geometry import Grid
from rules.search import LEVELS, MAX_TIME_MS, BudgetError, mcts, suggest
from tests.search_checks import count_search_time_in_steps

#: Option sets worth telling apart besides each game's defaults (other rule sets, chance,
#: more players).
VARIANTS = [
    ("mastery", {"ruleset": "classic-1990"}),
    ("mastery", {"setup": "draume-crown", "draw_after_quiet_plies": 12}),
    ("kings-mate", {"active_play": True}),
    ("kings-mate", {"fools_gambit": True, "defense_of_the_crown": True, "stalemate": "loss"}),
    ("maestria", {"terrain": "MMMMMMPPPPPP/FFFFFFMMMMMM", "draw_after_quiet_plies": 6}),
    ("sceptre", {"players": ["w", "r", "b"]}),
    ("sceptre", {"players": ["w", "r", "b", "y"]}),
]
#: Every registered game under its defaults, then the variants.
OPTION_SETS = sorted([(game_id, {}) for game_id in registry.game_ids()] + VARIANTS,
                     key=lambda case: case[0])
IDS = [f"{g}-{i}" for i, (g, _) in enumerate(OPTION_SETS)]


def random_position(game, seed: int, plies: int):
    """The position after up to ``plies`` random moves (dice rolled) from the start, stopping
    one short of the end so the game is still going on."""
    rng = random.Random(seed)
    position = game.start_position
    for _ in range(plies):
        moves = game.legal_moves(position)
        move = rng.choice(list(moves))
        after = game.play(position, game.format_move(position, move), rng=rng)[1].position
        if game.status(after).finished:
            break
        position = after
    return position


@pytest.mark.parametrize("game_id,options", OPTION_SETS, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 160), search_seed=st.integers(0, 99))
def test_every_suggestion_is_a_legal_move(game_id, options, seed, plies, search_seed):
    game = registry.configure(game_id, options)
    position = random_position(game, seed, plies)
    legal = set(game.legal_moves(position))
    for level in LEVELS:
        found = suggest(game, position, level=level, playouts=24, seed=search_seed)
        assert found.move in legal, (level, game.format_position(position))
        assert 0.0 <= found.value <= 1.0
        assert found.alternatives[0].move == found.move
        assert all(a.move in legal for a in found.alternatives)
        # fewer playouts only if the time cap stopped the search (a busy machine)
        assert (1 <= found.playouts <= 24) if level == "mcts" else found.playouts == 0


@pytest.mark.parametrize("game_id,options", OPTION_SETS, ids=IDS)
def test_same_seed_and_budget_same_move(game_id, options):
    game = registry.configure(game_id, options)
    position = random_position(game, 7, 60)
    # the search itself, without the time cap that a busy machine could reach
    first = mcts.search(game, position, 60, None, 11)
    again = mcts.search(game, position, 60, None, 11)
    assert first.playouts == again.playouts == 60
    assert first.ranked == again.ranked
    for level in ("random", "greedy"):
        assert suggest(game, position, level=level, seed=11) == replace(
            suggest(game, position, level=level, seed=11), seconds=ANY)


def test_different_seeds_explore_differently():
    game = registry.configure("kings-mate")
    answers = {suggest(game, game.start_position, level="random", seed=s).move
               for s in range(8)}
    assert len(answers) > 1


# ---- the evaluation helpers every game shares ------------------------------------------------

def test_material_chance_is_a_share_that_grows_with_the_lead():
    assert material_chance([10, 10], 0, 4.0) == 0.5
    assert material_chance([14, 10], 0, 4.0) == pytest.approx(1 / (1 + math.exp(-1)))
    shares = [material_chance([9, 5, 3], i, 4.0) for i in range(3)]
    assert sum(shares) == pytest.approx(1.0) and shares == sorted(shares, reverse=True)


def test_closeness_cornered_and_shares():
    grid = Grid(7, 9)
    assert closeness([(3, 3)], [(3, 4)], 8) == 1.0          # next to the King
    assert closeness([(0, 0)], [(6, 8)], 8) == 0.0          # as far as can be
    assert closeness([], [(3, 4)], 8) == 0.0
    assert cornered(grid, (3, 4)) == 0.0 and cornered(grid, (0, 4)) == 1.0
    assert hunt(0.5, []) == 0.5 and hunt(0.5, [1.0]) == 0.75
    assert with_shares(1.0, 1.0) == 1.0 and with_shares(1.0, 0.0) == pytest.approx(1 - HUNT)
    assert with_shares(0.5, 1.0, 0.0) == pytest.approx(0.5 * (1 - HUNT))


# ---- budgets and finished games ---------------------------------------------------------------

def test_budgets_past_their_caps_are_refused():
    game = registry.configure("mastery")
    cap = game.search_limits.max_playouts
    with pytest.raises(BudgetError) as exc:
        suggest(game, game.start_position, playouts=cap + 1)
    assert exc.value.field == "playouts" and str(cap) in exc.value.detail
    with pytest.raises(BudgetError) as exc:
        suggest(game, game.start_position, time_ms=MAX_TIME_MS + 1)
    assert exc.value.field == "time_ms"
    with pytest.raises(BudgetError):
        suggest(game, game.start_position, playouts=0)


def test_a_time_cap_stops_the_search_early(monkeypatch):
    # a millisecond a reading of the clock (about one an iteration): the 50 ms cap comes
    # after at most 50 iterations, on any machine
    count_search_time_in_steps(monkeypatch, 0.001)
    game = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    found = suggest(game, game.start_position, playouts=game.search_limits.max_playouts,
                    time_ms=50)
    assert 1 <= found.playouts <= 50
    assert found.seconds == pytest.approx(0.05, abs=0.0015)  # stopped at the first reading past


def test_a_finished_game_has_no_suggestion():
    game = registry.configure("mastery")
    over = game.parse_position("o6p/8/8/8/3m4/8/8/O6P d d6xd4 0 2")
    assert game.status(over).finished
    for level in LEVELS:
        with pytest.raises(GameOver):
            suggest(game, over, level=level)


@pytest.mark.parametrize("game_id,options", OPTION_SETS, ids=IDS)
def test_every_game_declares_consistent_search_budgets(game_id, options):
    limits = registry.configure(game_id, options).search_limits
    cap = registry.game_class(game_id).search_limits.max_playouts
    assert 1 <= limits.playouts <= limits.max_playouts == cap
    assert limits.playout_plies >= 0  # 0: the leaf is scored by evaluate() alone
    assert 0 < limits.exploration <= 1


def test_the_search_takes_the_games_exploration_constant_unless_told_otherwise():
    maestria, mastery = registry.configure("maestria"), registry.configure("mastery")
    assert mcts.Search(maestria).exploration == maestria.search_limits.exploration == 0.15
    assert mcts.Search(mastery).exploration == 0.7  # the default of SearchLimits
    assert mcts.Search(maestria, exploration=0.5).exploration == 0.5
    # and it decides: the same budget and seed search differently with another constant
    position = maestria.start_position
    ours = mcts.search(maestria, position, 200, None, 3)
    wider = mcts.search(maestria, position, 200, None, 3, exploration=0.7)
    assert [v.visits for v in ours.ranked] != [v.visits for v in wider.ranked]


def test_ties_in_visits_go_to_the_better_prior_where_the_game_says_so():
    three = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    two = registry.configure("sceptre")
    assert three.search_limits.prior_breaks_ties and not two.search_limits.prior_breaks_ties
    assert mcts.Search(three).prior_breaks_ties
    assert not mcts.Search(three, prior_breaks_ties=False).prior_breaks_ties
    # A root whose two moves were searched equally often: one has the better mean value,
    # the other the better prior.
    root = mcts._Node(None, -1, 0.0)
    for move, prior, value in (("by-value", 0.2, 6.0), ("by-prior", 0.3, 5.0)):
        child = mcts._Node(None, 0, prior)
        child.visits, child.value = 10, value
        root.edges.append((move, child))
    assert [v.move for v in mcts.rank(root)] == ["by-value", "by-prior"]
    assert [v.move for v in mcts.rank(root, prior_breaks_ties=True)] == ["by-prior", "by-value"]
    # one visit more, by chance, is still a tie; clearly more visits still come first
    root.edges[0][1].visits = 11
    assert mcts.rank(root, prior_breaks_ties=True)[0].move == "by-prior"
    assert mcts.rank(root)[0].move == "by-value"
    root.edges[0][1].visits = 12
    assert mcts.rank(root, prior_breaks_ties=True)[0].move == "by-value"


def test_nodes_order_their_moves_by_prior_no_deeper_than_the_games_prior_depth():
    three = registry.configure("sceptre", {"players": ["w", "r", "b"]})
    four = registry.configure("sceptre", {"players": ["w", "r", "b", "y"]})
    two = registry.configure("sceptre")
    # with three or four players: one round of replies, each other player's answer
    assert three.search_limits.prior_depth == 2 and four.search_limits.prior_depth == 3
    assert two.search_limits.prior_depth is None
    node = mcts._Node(None, 0, 0.0)
    node.untried = list(range(40))
    search, anywhere = mcts.Search(three), mcts.Search(three, prior_depth=99)
    node.visits = 4  # fewer than one visit per PRIOR_SHARE (8) of its 40 moves
    assert not search.due_for_priors(node, 1)
    node.visits = 5
    assert search.due_for_priors(node, 1) and search.due_for_priors(node, 2)
    assert not search.due_for_priors(node, 3) and anywhere.due_for_priors(node, 3)
    assert mcts.Search(two).due_for_priors(node, 30)
    node.untried, node.visits = [1, 2], 1  # few moves: still not before the second visit
    assert not anywhere.due_for_priors(node, 1)
    # and a search asks with the depth of each node: deeper ones order nothing
    position = random_position(three, 1, 30)
    ordered = {2: 0, 99: 0}
    for depth in ordered:
        search = mcts.Search(three, 3, prior_depth=depth)
        order_moves = search.order_moves

        def counted(node, exact, depth=depth, order_moves=order_moves):
            ordered[depth] += 1
            order_moves(node, exact)

        search.order_moves = counted
        search.run(position, 800)
    assert 1 < ordered[2] < ordered[99]


def test_a_search_whose_time_is_up_before_it_starts_still_answers_a_move():
    """The time cap is judged after each playout: a cap already past (a loaded machine, a
    1 ms cap) still gives one playout and a legal move, never an empty ranking."""
    from rules import registry
    from rules.search import mcts

    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        result = mcts.search(game, game.start_position, 5, seconds=0.0, seed=1)
        assert result.playouts == 1
        assert result.ranked[0].move in game.legal_moves(game.start_position)

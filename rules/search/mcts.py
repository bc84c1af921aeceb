"""Monte Carlo tree search (UCT) over the :class:`~rules.core.game.Game` interface.

Each iteration walks down the tree by UCT, adds one node, plays a random playout from it and
backs the result up; a node tries its moves in the order of their priors (the game's
evaluation one ply on), and a new one only when its prior is competitive with the moves
tried. The tree knows only what the interface says:

- a decision node belongs to the player ``status(position).to_move``; a game whose same
  player acts several times in a row (action points, a setup phase) or passes needs nothing
  special;
- a chance move (``is_chance``) leads to a chance node: each visit samples one of
  ``chance_outcomes`` with its exact probability, and the positions it reaches are the chance
  node's children;
- rewards are a vector, one entry per seat: 1 for the winner and 0 for the others, an equal
  share in a draw, so with three or four players each one maximises its own (max^n);
- a playout picks uniformly among the legal moves, rolls the game's own dice for chance moves
  (``roll``, which follows the same exact probabilities) and stops after the game's
  ``search_limits.playout_plies``; the position it stops on is scored by ``evaluate``, which
  is a draw for a game that supplies no evaluation.

The root values every move exactly first (a win in one scores 1, so it is tried first), and
a node whose mover has a move that wins at once plays it from then on: a win in one is found
with any budget. One ply deeper, a node the search comes back to looks through all its moves
for a win in one of its mover (a mate the reply gives, say), so that a move which lets the
opponent win at once is seen to lose whatever order the replies would be tried in. With three
or more players it also looks for a move that leaves the root's player unable to win while the
game goes on (the game's ``eliminating_move``: a mate of him, say), and scores the
position it leads to by the evaluation.

Everything random draws from one ``random.Random(seed)``, and the tree is walked in
insertion order, so a given seed and number of playouts gives the same answer every time;
a time limit stops the search early, which only a time limit can make vary.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Generic, Sequence, Union

from ..core.game import WIN, Game, Status
from .simple import M, P, move_value

#: How many playouts a move's prior (its one-ply evaluation) counts for in its value.
PRIOR_WEIGHT = 2.0
#: The playouts the exploration bonus of a move not tried yet assumes: a node tries a new
#: move only when its prior comes near the value of the best move tried, so the search looks
#: at the replies to its best moves rather than at every move once.
UNTRIED_VISITS = 10.0
#: A node orders its untried moves by their priors once it has been visited PRIOR_VISITS
#: times and once for every PRIOR_SHARE of its legal moves (before, they come in a seeded
#: random order, each valued as the moves tried so far). A prior costs a move and an
#: evaluation per legal move, which can cost more than the playouts (a move of a game of
#: three or four players may check whether the next player is out); this way the priors cost
#: at most about PRIOR_SHARE moves per visit.
PRIOR_VISITS = 2
PRIOR_SHARE = 8
#: Rolls averaged for the prior of a chance move below the root.
CHANCE_SAMPLES = 4
#: The visits after which a node one ply below the root looks for a win in one of its
#: mover: nodes the search comes back to, which the moves it will play lead to.
WIN_SCAN_VISITS = 1
WIN_SCAN_DEPTH = 1
#: With ``prior_breaks_ties``, the share of the most visited root move's visits from which a
#: move counts as searched as often (:func:`rank`).
NEAR_TIE = 0.9


@dataclass(frozen=True)
class Visited:
    """One root move after a search: how often it was tried and its mean value for the mover."""

    move: Any
    visits: int
    value: float


@dataclass(frozen=True)
class SearchResult:
    """The root moves, best first (see :func:`rank`: the first is the one to play), and the
    work done."""

    ranked: tuple[Visited, ...]
    playouts: int
    seconds: float


class _Node:
    """A position reached by a decision or an outcome of chance.

    ``chooser`` is the seat whose choice led here (whose rewards ``value`` sums); ``seat`` the
    seat to move here, or -1 once the game is over. ``reward``, when set, holds the rewards
    every visit takes without searching on: the final ones of a finished game, or the
    evaluation of a position the scan for an eliminating move reached.
    """

    __slots__ = ("position", "chooser", "seat", "untried", "priors", "edges", "visits",
                 "value", "prior", "reward", "winning", "scanned")

    def __init__(self, position: Any, chooser: int, prior: float) -> None:
        self.position = position
        self.chooser = chooser
        self.prior = prior
        self.visits = 0
        self.value = 0.0
        self.edges: list[tuple[Any, _Child]] = []
        #: moves not tried yet, the most promising last (they are popped); their priors alike
        self.untried: list[Any] = []
        self.priors: list[float] | None = None
        self.reward: Sequence[float] | None = None
        self.seat = -1
        self.winning: _Node | None = None
        #: whether every move was looked through for a win in one (:meth:`Search.scan_for_win`)
        self.scanned = False


class _Chance:
    """A chance move: the outcomes with their cumulative exact probabilities, and the
    positions they have led to so far."""

    __slots__ = ("position", "move", "chooser", "dice", "cumulative", "children", "visits",
                 "value", "prior")

    def __init__(self, position: Any, move: Any, chooser: int, prior: float,
                 outcomes: Sequence[tuple[Any, Any]]) -> None:
        self.position = position
        self.move = move
        self.chooser = chooser
        self.prior = prior
        self.dice = [dice for dice, _ in outcomes]
        self.cumulative = list(accumulate(float(p) for _, p in outcomes))
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0


#: A node's child: the node a decision leads to, or the chance node of a chance move.
_Child = Union[_Node, _Chance]


class Search(Generic[P, M]):
    """One search from one position of one configured game.

    Settings: ``exploration`` (UCT's constant; default: the game's), ``prior_weight`` (how
    many playouts a move's prior counts for in its value), ``untried_visits`` (how many
    playouts the exploration bonus of a move not tried yet assumes: the larger, the fewer
    moves are tried), ``playout_plies`` (default: the game's), ``evaluate_cutoff`` (False: a
    playout cut short is a draw), ``prior_breaks_ties`` (default: the game's; see
    :func:`rank`), ``prior_depth`` (default: the game's; see :meth:`due_for_priors`).
    """

    def __init__(self, game: Game[P, M], seed: int = 0, *, evaluate_cutoff: bool = True,
                 exploration: float | None = None, prior_weight: float = PRIOR_WEIGHT,
                 untried_visits: float = UNTRIED_VISITS,
                 playout_plies: int | None = None,
                 prior_breaks_ties: bool | None = None,
                 prior_depth: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.seats = game.seats()
        self.seat_of = {name: i for i, name in enumerate(self.seats)}
        self.plies = (game.search_limits.playout_plies if playout_plies is None
                      else playout_plies)
        self.evaluate_cutoff = evaluate_cutoff
        self.exploration = (game.search_limits.exploration if exploration is None
                            else exploration)
        self.prior_breaks_ties = (game.search_limits.prior_breaks_ties
                                  if prior_breaks_ties is None else bool(prior_breaks_ties))
        self.prior_depth = (game.search_limits.prior_depth if prior_depth is None
                            else int(prior_depth))
        self.prior_weight = prior_weight
        self.untried_visits = untried_visits
        #: the seat to move at the root (set by :meth:`run`)
        self.root_seat = -1
        self._draw = (1.0 / len(self.seats),) * len(self.seats)
        self._wins = {name: tuple(1.0 if i == seat else 0.0 for i in range(len(self.seats)))
                      for name, seat in self.seat_of.items()}

    # ---- rewards ---------------------------------------------------------------------------

    def final_reward(self, status: Status) -> Sequence[float]:
        """The reward of each seat in a finished game."""
        if status.state == WIN and status.winner is not None:
            return self._wins[status.winner]
        return self._draw

    def cutoff_reward(self, position: P) -> Sequence[float]:
        """The reward of each seat where a playout stops with the game still going on."""
        if not self.evaluate_cutoff:
            return self._draw
        evaluate = self.game.evaluate
        return [evaluate(position, seat) for seat in self.seats]

    # ---- priors: the order in which a node's moves are tried ------------------------------

    def cheap_prior(self, position: P, move: M, player: str) -> float:
        """The game's evaluation after ``move`` (after a few rolls of its dice, for a chance
        move), not checking whether the game ends."""
        game = self.game
        if not game.is_chance(position, move):
            return game.evaluate(game.advance(position, move), player)
        total = 0.0
        for _ in range(CHANCE_SAMPLES):
            dice = game.roll(position, move, self.rng)
            total += game.evaluate(game.apply(position, move, dice).position, player)
        return total / CHANCE_SAMPLES

    def order_moves(self, node: _Node, exact: bool) -> None:
        """Sort the node's untried moves so the best by prior is popped first (the moves tried
        already keep the priors they were given). At the root
        (``exact``) a prior is the move's exact one-ply value (wins in one score 1); deeper, the
        cheaper estimate of :meth:`cheap_prior`."""
        position, player = node.position, self.seats[node.seat]
        moves = node.untried
        if exact:
            priors = [move_value(self.game, position, move, player)[0] for move in moves]
        else:
            priors = [self.cheap_prior(position, move, player) for move in moves]
        order = sorted(range(len(moves)), key=priors.__getitem__)
        node.untried = [moves[i] for i in order]
        node.priors = [priors[i] for i in order]

    def due_for_priors(self, node: _Node, depth: int) -> bool:
        """Whether a node ``depth`` plies below the root is to order its moves by prior now:
        it lies no deeper than ``prior_depth`` and has been visited :data:`PRIOR_VISITS`
        times and once per :data:`PRIOR_SHARE` of its legal moves."""
        if self.prior_depth is not None and depth > self.prior_depth:
            return False
        visits = node.visits
        return visits >= PRIOR_VISITS and visits * PRIOR_SHARE >= len(node.untried) + len(
            node.edges)

    # ---- the tree --------------------------------------------------------------------------

    def node(self, position: P, chooser: int, prior: float) -> _Node:
        """A new node for ``position``, its moves in a seeded random order (sorted by prior
        once the node has been visited enough, see PRIOR_VISITS)."""
        node = _Node(position, chooser, prior)
        status = self.game.status(position)
        if status.finished:
            node.reward = self.final_reward(status)
            return node
        assert status.to_move is not None, "a game going on has a player to move"
        node.seat = self.seat_of[status.to_move]
        untried = list(self.game.legal_moves(position))
        self.rng.shuffle(untried)
        node.untried = untried
        return node

    def expand(self, parent: _Node) -> _Child:
        """Try the parent's most promising untried move: a new child."""
        game, position = self.game, parent.position
        move = parent.untried.pop()
        prior = parent.priors.pop() if parent.priors is not None else self.fpu(parent)
        child: _Child
        if game.is_chance(position, move):
            child = _Chance(position, move, parent.seat, prior,
                                 game.chance_outcomes(position, move))
        else:
            child = self.node(game.advance(position, move), parent.seat, prior)
            if child.reward is not None and child.reward[parent.seat] == 1.0:
                parent.winning = child
        parent.edges.append((move, child))
        return child

    def scan_for_win(self, node: _Node) -> None:
        """Look through all the node's moves for one without dice that wins at once for its
        mover, and if there is one, make it the move the node plays from then on.

        With three or more players, failing that, look for one that leaves the root's player
        unable to win (:meth:`Game.eliminating_move`: mated, say) and play it likewise; the
        position it leads to is not searched further but scored by the game's evaluation,
        since below it the tree's first tries for the other players are still in a random
        order, and one that happened to let the root's player off would hide the threat."""
        node.scanned = True
        move = self.game.winning_move(node.position)
        final = False
        if move is None and len(self.seats) > 2 and node.seat != self.root_seat:
            move = self.game.eliminating_move(node.position, self.seats[self.root_seat])
            final = True
        if move is None:
            return
        child: _Child | None = next((c for tried, c in node.edges if tried == move), None)
        if child is None:
            index = node.untried.index(move)
            del node.untried[index]
            prior = node.priors.pop(index) if node.priors is not None else 1.0
            child = self.node(self.game.advance(node.position, move), node.seat, prior)
            node.edges.append((move, child))
        assert isinstance(child, _Node), "a move without dice leads to a node"
        if final and child.reward is None:
            evaluate = self.game.evaluate
            child.reward = tuple(evaluate(child.position, seat) for seat in self.seats)
        node.winning = child

    def outcome(self, chance: _Chance) -> _Node:
        """One outcome of a chance node, drawn with its exact probability."""
        cumulative = chance.cumulative
        i = min(bisect_right(cumulative, self.rng.random() * cumulative[-1]),
                len(cumulative) - 1)
        position = self.game.apply(chance.position, chance.move, chance.dice[i]).position
        child = chance.children.get(position)
        if child is None:
            child = chance.children[position] = self.node(position, chance.chooser,
                                                          chance.prior)
        return child

    def fpu(self, node: _Node) -> float:
        """The prior of a move of a node whose moves have no priors yet: the mean value of the
        moves tried so far for the node's mover (an equal share before any)."""
        visits = sum(child.visits for _, child in node.edges)
        if not visits:
            return 1.0 / len(self.seats)
        return sum(child.value for _, child in node.edges) / visits

    def choose(self, node: _Node) -> _Child | None:
        """The tried child UCT prefers for the node's mover, or None when the most promising
        untried move deserves a try first. A move's value counts its prior as
        ``prior_weight`` playouts; a move not tried yet scores its prior plus the exploration
        bonus of ``untried_visits`` playouts."""
        if node.winning is not None:
            return node.winning
        log_n, c, w = math.log(node.visits), self.exploration, self.prior_weight
        best: _Child | None = None
        best_score = -1.0
        for _, child in node.edges:
            visits = child.visits
            score = ((child.value + w * child.prior) / (visits + w)
                     + c * math.sqrt(log_n / visits))
            if score > best_score:
                best, best_score = child, score
        if node.untried:
            prior = node.priors[-1] if node.priors is not None else self.fpu(node)
            if prior + c * math.sqrt(log_n / self.untried_visits) > best_score:
                return None
        return best

    def playout(self, position: P) -> Sequence[float]:
        """Uniformly random moves until the game ends or the ply limit; the seats' rewards.
        ``position`` is not finished (a finished node's reward is known without a playout)."""
        game, rng = self.game, self.rng
        random_move, advance, is_chance = game.random_move, game.advance, game.is_chance
        for _ in range(self.plies):
            move = random_move(position, rng)
            if move is None:
                return self.final_reward(game.status(position))
            if is_chance(position, move):
                position = game.apply(position, move, game.roll(position, move, rng)).position
            else:
                position = advance(position, move)
        if self.plies:
            status = game.status(position)
            if status.finished:
                return self.final_reward(status)
        return self.cutoff_reward(position)

    def iterate(self, root: _Node) -> None:
        """One iteration: descend, add a node, play out, back up."""
        path: list[_Child] = []
        node = root
        depth = 0
        while True:
            if node.reward is not None:
                reward = node.reward
                break
            if 0 < depth <= WIN_SCAN_DEPTH and not node.scanned and node.visits >= WIN_SCAN_VISITS:
                self.scan_for_win(node)
            if node.priors is None and (node is root or self.due_for_priors(node, depth)):
                self.order_moves(node, node is root)
            child = self.choose(node) if node.edges else None
            if child is None:
                child = self.expand(node)
                path.append(child)
                if isinstance(child, _Chance):
                    child = self.outcome(child)
                    path.append(child)
                reward = child.reward if child.reward is not None else self.playout(
                    child.position)
                break
            path.append(child)
            if isinstance(child, _Chance):
                child = self.outcome(child)
                path.append(child)
            node = child
            depth += 1
        root.visits += 1
        for step in path:
            step.visits += 1
            step.value += reward[step.chooser]

    def run(self, position: P, playouts: int, seconds: float | None = None
            ) -> SearchResult:
        """Search ``playouts`` iterations, or until ``seconds`` have passed if sooner; at least
        one, so that the root has a move to rank however short the time."""
        started = time.perf_counter()
        deadline = None if seconds is None else started + seconds
        root = self.node(position, -1, 0.0)
        self.root_seat = root.seat
        done = 0
        clock = time.perf_counter
        while done < playouts:
            if done and deadline is not None and clock() >= deadline:
                break
            self.iterate(root)
            done += 1
        ranked = rank(root, self.prior_breaks_ties)
        return SearchResult(ranked, done, clock() - started)


def rank(root: _Node, prior_breaks_ties: bool = False) -> tuple[Visited, ...]:
    """The root's moves, best first: a winning move, then most visits, then best value,
    then the order they were tried in; with ``prior_breaks_ties``, the moves searched about as
    often as the most visited one (at least :data:`NEAR_TIE` of its visits) come first, best
    prior (the exact one-ply value) first, then the rest as above with the best prior before
    the best value.

    Where a game's quiet moves differ by less than its playouts' noise, the search gives the
    moves it tries about the same number of visits (one or two more go to a move by chance),
    and their mean values differ by that noise alone, while their priors still tell which one
    brings the game on (a piece a step nearer its quarry, say): tie-breaking by prior then
    plays the best quiet move that the search found no reason to avoid."""
    most = max((child.visits for _, child in root.edges), default=0)
    entries = []
    for order, (move, child) in enumerate(root.edges):
        value = child.value / child.visits if child.visits else 0.0
        prior = child.prior if prior_breaks_ties else 0.0
        tied = prior_breaks_ties and child.visits >= NEAR_TIE * most
        entries.append((child is not root.winning, not tied, -prior if tied else 0.0,
                        -child.visits, -prior, -value, order,
                        Visited(move, child.visits, 1.0 if child is root.winning else value)))
    entries.sort(key=lambda e: e[:7])
    return tuple(e[7] for e in entries)


def search(game: Game[P, M], position: P, playouts: int, seconds: float | None = None,
           seed: int = 0, **settings: Any) -> SearchResult:
    """MCTS from ``position`` (a game still going on) with at least one iteration."""
    return Search(game, seed, **settings).run(position, max(1, playouts), seconds)

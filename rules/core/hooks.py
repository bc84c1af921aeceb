"""The optional hooks of a game: questions with a default answer that a game may override.

:class:`~rules.core.game.Game` derives from each group, so a game's author overrides a hook
by defining it in the game's class; the required questions are the abstract methods of
:class:`~rules.core.questions.GameQuestions`, from which every group derives. Each group says
who asks its questions.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from .errors import InvalidDice
from .values import Applied, Dice, M, P, SearchLimits

from .questions import GameQuestions

if TYPE_CHECKING:
    from .view import BoardView


class AnswerHooks(GameQuestions[P, M]):
    """What the answers say beyond the required questions: the seats taking part under the
    options, and the structured fields of a legal-moves entry."""

    def seats(self) -> tuple[str, ...]:
        """The players taking part under these options, in turn order (all of
        :meth:`players` unless the options choose fewer)."""
        return self.players()

    def move_fields(self, position: P, move: M) -> dict[str, Any]:
        """Structured fields of a move for ``legal-moves`` (``from``, ``to``, ``kind``...)."""
        return {}

    def players_in(self, position: P) -> tuple[str, ...]:
        """The players still in the game at ``position``, in turn order (every seat unless
        the game removes players as it goes)."""
        return self.seats()

    def remove_player(self, position: P, player: str) -> Applied[P] | None:
        """The game going on without ``player`` (in the game, with two others or more), who
        resigned, left or ran out of time: the position it goes on from and what happened.
        None (the default) when the game cannot go on without him: it then ends
        (:func:`rules.core.departure.depart`)."""
        return None


class ChanceHooks(GameQuestions[P, M]):
    """Dice: for a game whose moves may need them (declare ``dice_schema`` too). A game
    without dice overrides none of these."""

    def is_chance(self, position: P, move: M) -> bool:
        """Whether ``move`` needs dice to resolve."""
        return False

    def chance_outcomes(self, position: P, move: M) -> list[tuple[Dice, Fraction]]:
        """Every dice outcome of a chance move with its exact probability."""
        return []

    def roll(self, position: P, move: M, rng: random.Random) -> Dice:
        """Roll the dice a chance move needs."""
        raise NotImplementedError(f"{self.name} has no chance moves to roll dice for.")

    def check_dice(self, position: P, move: M, dice: Any) -> Dice:
        """Validate client-supplied dice for a chance move; raise InvalidDice saying why."""
        raise InvalidDice("This game uses no dice.")


class PictureHooks(AnswerHooks[P, M]):
    """Pictures (the render operation): what a renderer draws, and the squares a move
    touches. A game without them has every other operation."""

    def board_view(self, position: P) -> BoardView:
        """What a renderer draws for ``position``; raises
        :class:`~rules.core.view.NoBoardView` for a game that has no picture."""
        from .view import NoBoardView

        raise NoBoardView(self.id)

    def seat_edges(self) -> dict[str, str]:
        """Where each player taking part (:meth:`seats`) sits around the board picture: one
        of :data:`~rules.core.view.EDGES` (``south`` is the bottom of the picture as
        :meth:`board_view` draws it, ``north`` the top, ``west`` the left, ``east`` the
        right). A picture seen from a player turns the board so that the player's edge is at
        the bottom. By default the first player sits at the south edge and every other one
        at the north edge; a game whose players sit elsewhere (on the sides of the board, as
        in a four-player game) overrides it."""
        return {player: "south" if i == 0 else "north" for i, player in enumerate(self.seats())}

    def move_squares(self, move: M) -> tuple[str, ...]:
        """The names of the squares ``move`` leaves and reaches, for a picture that shows it
        as the previous move (none for a move that touches no square, such as a pass). It
        needs no position: the position before the move is gone once it was played."""
        return ()


class SpeedHooks(ChanceHooks[P, M], AnswerHooks[P, M]):
    """Faster versions of what the core derives from the required questions. Each default
    is correct; override one only with the same answers, faster."""

    def advance(self, position: P, move: M) -> P:
        """The position after a legal move, for search: a chance move takes its first
        outcome. Games override it with a version that builds no events."""
        dice = None
        if self.is_chance(position, move):
            dice = self.chance_outcomes(position, move)[0][0]
        return self.apply(position, move, dice).position

    def random_move(self, position: P, rng: random.Random) -> M | None:
        """A legal move of ``position`` drawn uniformly at random with ``rng``, or None when
        the game is over. Random playouts (the computer opponent's, the benchmark's) call it
        once per ply; a game may override it with a sampler that finds one legal move without
        generating them all, as long as every legal move stays equally likely and None still
        means exactly that :meth:`status` is finished."""
        moves: tuple[M, ...] = self._analysis(position).moves
        if not moves:
            return None
        return moves[int(rng.random() * len(moves))]

    def perft_moves(self, position: P) -> Sequence[M]:
        """The legal moves perft expands: uncached by default, since perft visits almost
        every position once and caching them would evict the positions requests come back
        for. A game may override it (with the same moves) when caching pays."""
        return self.analyse(position).moves

    def is_canonical(self, text: str, position: P) -> bool:
        """Whether ``text``, which :meth:`parse_position` read as ``position``, is exactly
        :meth:`format_position` of it, judged without writing the position: an answer then
        echoes ``text`` as the canonical notation. False (the default) is always correct:
        the service then writes the position. A game whose ``parse_position`` accepts only
        canonical notation (one way to write each field) answers True; one that accepts a
        few other ways (squares in any order, say) looks for them."""
        return False

    def legal_move_entries(self, position: P) -> list[dict[str, Any]]:
        """Every legal move as ``{"move": notation, ...structured fields}``, with
        ``"chance": true`` last for a chance move."""
        text, fields = self.format_move, self.move_fields
        if type(self).is_chance is ChanceHooks.is_chance:  # no chance moves: one dict display each
            return [{"move": text(position, move), **fields(position, move)}
                    for move in self.legal_moves(position)]
        entries = []
        for move in self.legal_moves(position):
            entry: dict[str, Any] = {"move": text(position, move), **fields(position, move)}
            if self.is_chance(position, move):
                entry["chance"] = True
            entries.append(entry)
        return entries

    def legal_move_texts(self, position: P) -> list[str]:
        """The canonical notation of every legal move, in :meth:`legal_moves` order."""
        return [self.format_move(position, move) for move in self.legal_moves(position)]


class SearchHooks(SpeedHooks[P, M]):
    """The computer opponent (:mod:`rules.search`): how good a position is, and the moves
    that win or put a player out at once; ``search_limits`` sets its budgets. The defaults
    work for any game; the computer plays better with a game's own ``evaluate``."""

    #: budgets of the computer opponent (see :mod:`rules.search`); an instance may narrow
    #: them for its options (never above the class's ``max_playouts``)
    search_limits: SearchLimits = SearchLimits()

    def evaluate(self, position: P, player: str) -> float:
        """An estimate, from 0 to 1, of the chance that ``player`` wins from ``position``.

        The computer opponent (:mod:`rules.search`) calls it many times per move, on positions
        it has not asked :meth:`status` about (which would generate their moves), and scores
        finished games itself: it need not detect the end of the game, and should be cheap.
        This default knows nothing and gives every seat an equal share; a game overrides it
        with what it knows (material, safety) so that the greedy opponent, the order in which
        the search tries moves, and the playouts it cuts short can tell good positions from
        bad ones.
        """
        return 1.0 / len(self.seats())

    def winning_move(self, position: P) -> M | None:
        """A legal move without dice that wins the game at once for the player to act in
        ``position`` (a game going on), or None when none is found.

        The computer opponent asks it about the positions its candidate moves lead to, to see
        a reply that wins at once. This default tries every legal move in order (a move and a
        :meth:`status` each); a game may override it with a cheaper test that looks only at
        the moves that can win (captures, say), as long as what it returns wins.
        """
        player = self.status(position).to_move
        for move in self.legal_moves(position):
            if (not self.is_chance(position, move)
                    and self.status(self.advance(position, move)).winner == player):
                return move
        return None

    def eliminating_move(self, position: P, player: str) -> M | None:
        """A legal move without dice, of the player to act in ``position``, that leaves
        ``player`` (another one) unable to win though the game goes on, or None when none is
        found.

        With two players such a move wins, and :meth:`winning_move` finds it. With three or
        more a player can be put out, or left with nothing to do but wait to be put out,
        while the others play on; the computer opponent asks this about the positions its
        candidate moves lead to, to see the next player's reply that would do that to it. This
        default finds none; a game of three or more players overrides it.
        """
        return None

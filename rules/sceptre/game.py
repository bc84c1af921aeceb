"""Sceptre (Horizon Games) behind the common game interface."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, Mapping, Sequence

from ..core.errors import IllegalMove, InvalidOptions, InvalidPosition
from ..core.game import (
    DRAW, ONGOING, WIN, Analysis, Applied, Dice, Game, SearchLimits, Status,
)
from ..core.geometry import Grid
from ..core.notation import SquareMoveReader
from ..core.measuring import Measuring
from ..core.options import OptionSpec, draw_after_quiet_plies
from ..core.view import BoardView
from ..registry import register
from . import evaluation
from . import moves as mv
from .entries import KINDS
from .events import EVENTS
from .illegal import BOOK
from .layout import Layout, compile_layout
from .option_checks import validate_forward, validate_players, validate_sections
from .option_schemas import FORWARD_SCHEMA, PLAYERS_SCHEMA, SECTIONS_SCHEMA
from .pieces import COLOUR_NAMES, COLOURS, KIND_LETTERS, KING, PASS, Move
from .position import (
    FIELDS, INERT, PIECE_LETTERS, Control, Position, active_players, armies_players,
    board_shape, format_position, initial_position, is_canonical, make_position, parse_position,
    reassign,
)
from .reasons import End, Illegal
from .sections import DEFAULT_LAYOUTS, LIBRARY, MAX_SPAN, default_board_size
from .view import board_view, seat_edges

#: Moves name squares of the largest board any layout spans (up to x24), so that a square
#: of a bigger layout is reported as off this board, not as a malformed move.
_MOVES = SquareMoveReader(Grid(MAX_SPAN, MAX_SPAN), r"(?:=([QRBN]))?")

#: How many slots :meth:`Sceptre.random_move` draws before it falls back on the full list of
#: legal moves (a random midgame position keeps about one draw in three to six).
DRAWS = 48

#: Events and their fields, as ``apply`` reports them.
Event = dict[str, Any]


def _entry_fields(move: Move, board: bytes, names: Sequence[str]) -> dict[str, Any]:
    """The structured fields of a move other than the pass (see :meth:`Sceptre.move_fields`):
    from, to, piece, kind, and captured and promotion when they apply."""
    src, dst, promotion = move
    target = board[dst]
    fields: dict[str, Any] = {"from": names[src], "to": names[dst],
                              "piece": PIECE_LETTERS[board[src]],
                              "kind": "capture" if target else "move"}
    if target:
        fields["captured"] = PIECE_LETTERS[target]
    if promotion:
        fields["kind"] = "promotion"
        fields["promotion"] = KIND_LETTERS[promotion]
    return fields


#: The computer opponent's default playouts with three or four players. A mate there ends
#: nothing: the game turns on who takes the first King (and the armies that go with it), a
#: race the search sees only with more playouts than two players need: 1000, since moves are
#: ordered by prior only in the first round of replies (800 were enough when every node was
#: ordered; see ``search_limits``).
MANY_PLAYERS_PLAYOUTS = 1000


@register
class Sceptre(Game[Position, Move]):
    id = "sceptre"
    #: one analysed position in the analysis cache, as ``python -m bench.memory`` measures it
    analysis_entry_bytes = 1_740
    name = "Sceptre"
    illegal_reasons = Illegal
    end_reasons = End
    max_perft_depth = 3
    perft_budget = 20_000
    event_schemas = EVENTS
    entry_kinds = KINDS
    #: The computer opponent's budget: 300 playouts of 2 random plies by default with two
    #: players, and :data:`MANY_PLAYERS_PLAYOUTS` with more (see __init__); the cap stays.
    #: With more, too, the search breaks near-ties in visits by prior: it spreads its playouts
    #: about evenly over many of its eighty-odd moves, and only the priors tell the quiet
    #: moves apart. And it orders moves by prior only in the first round of replies (the
    #: other players' answers to its move, ``prior_depth``): the evaluation checks every
    #: player for a mate, and with long random rollouts (as when timed against OpenSpiel's
    #: MCTS doing equal work, docs/strength.md) ordering the nodes below cost more than the
    #: rest of the search. With the game's own short playouts it does not (an ordered node
    #: tries fewer new moves), so the deeper lines are left to more playouts.
    search_limits = SearchLimits(playouts=300, max_playouts=3000, playout_plies=2)
    #: measured with three players too, its suggestion latency with four; at its largest with
    #: four players on the 24x24 board
    measuring = Measuring(
        variants={"3 players": {"players": ["w", "r", "b"]}},
        latency_variants={"4 players": {"players": ["w", "r", "b", "y"]}},
        largest={"players": ["w", "r", "b", "y"]},
    )
    option_specs = (
        OptionSpec(
            "players", "json", ["w", "b"],
            "The players, 2 to 4 colour letters among w (white), r (red), b (black), y (yellow); "
            "turn order is always white, red, black, yellow.",
            validate=validate_players, schema=PLAYERS_SCHEMA,
        ),
        OptionSpec(
            "sections", "json", None,
            "The board: a list of 8x8 sections, each {\"origin\": \"a1\", \"name\": <library "
            "section>} or {\"origin\": \"a1\", \"terrain\": [8 strings of 8 letters . F R P B "
            "C, top row first]}, optionally with \"home\": <colour>. null: the default layout "
            "for the number of players.",
            validate=validate_sections, schema=SECTIONS_SCHEMA,
        ),
        OptionSpec(
            "board", "json", None,
            "Another name for 'sections'; give one of the two, or both with the same value. "
            "The resolved options carry both.",
            validate=validate_sections, schema=SECTIONS_SCHEMA,
        ),
        OptionSpec(
            "forward", "json", None,
            "Each player's forward direction, e.g. {\"w\": \"north\", \"b\": \"south\"}; "
            "players left out take the default for their seat.",
            validate=validate_forward, schema=FORWARD_SCHEMA,
        ),
        draw_after_quiet_plies("plies since the last capture of any piece, passes included"),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        sections, board = self.options["sections"], self.options["board"]
        if sections is not None and board is not None and sections != board:
            raise InvalidOptions(
                "Options 'sections' and 'board' name the same option (the board's sections) "
                "but differ; give one of them.", option="board")
        #: whether the sections came in the options (not the default board for the players)
        self.options_sent_sections = sections is not None or board is not None
        self.layout: Layout = compile_layout(
            self.options["players"], sections if sections is not None else board,
            self.options["forward"])
        self.quiet_limit: int | None = self.options["draw_after_quiet_plies"]
        seats = len(self.layout.players)
        if seats > 2:
            self.search_limits = replace(
                Sceptre.search_limits, playouts=MANY_PLAYERS_PLAYOUTS, prior_breaks_ties=True,
                prior_depth=seats - 1)
        # Echo the layout actually played, so a client sees the board it got.
        self.options.update(self.layout.option_value())
        self.options["board"] = self.options["sections"]

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return COLOUR_NAMES

    @classmethod
    def describe(cls) -> dict[str, Any]:
        two_players = compile_layout(["w", "b"], None, None)
        return {
            "pieces": [
                {"letter": "K", "name": "King", "moves": "1 square any direction"},
                {"letter": "Q", "name": "Queen", "moves": "any distance in a straight line"},
                {"letter": "R", "name": "Rook", "moves": "any distance orthogonally"},
                {"letter": "B", "name": "Bishop", "moves": "any distance diagonally"},
                {"letter": "N", "name": "Knight",
                 "moves": "leaps (1,2), (3,3) or (0,3) in any direction"},
                {"letter": "P", "name": "Pawn",
                 "moves": "1-3 squares forward, diagonally forward or sideways without "
                          "capturing; captures 1 square diagonally forward"},
            ],
            "players": {c: n for c, n in zip(COLOURS, COLOUR_NAMES)},
            "terrain": {".": "open ground", "F": "forest", "R": "river", "P": "pond",
                        "B": "bridge", "C": "castle ruin"},
            "library": {name: list(rows) for name, rows in LIBRARY.items()},
            "setups": {
                f"{n} players": [{"origin": o, "name": s} for o, s in layout]
                for n, layout in DEFAULT_LAYOUTS.items()
            },
            "notation": {
                "position": "<board> <side w|r|b|y> <armies e.g. ww,rw,bb,y-> <quiet> <n>",
                "move": "<from><to>[=Q|R|B|N] e.g. e2e5, d15d16=Q; pass (a mated player)",
                "example": format_position(initial_position(two_players), two_players),
            },
        }

    def seats(self) -> tuple[str, ...]:
        """The colours playing under the ``players`` option, in turn order."""
        return tuple(COLOUR_NAMES[c] for c in self.layout.players)

    # ---- positions ---------------------------------------------------------------------------

    def initial_position(self) -> Position:
        return initial_position(self.layout)

    def parse_position(self, text: str) -> Position:
        try:
            pos = parse_position(text, self.layout)
        except InvalidPosition as exc:
            misfit = self._options_misfit(text)
            if misfit is None:
                raise
            raise InvalidPosition(misfit, **exc.extra) from None
        return self._check_reachable(pos)

    def _options_misfit(self, text: str) -> str | None:
        """When the position's board or armies have another shape than these options give,
        a sentence saying so, which options the position would fit, and that the options
        must come with the position in every request; None when the shapes agree."""
        parts = text.split(" ")
        if len(parts) != len(FIELDS):
            return None
        shape = board_shape(parts[0])
        players = armies_players(parts[2])
        grid, ours = self.layout.grid, [COLOURS[p] for p in self.layout.players]
        if shape in (None, (grid.files, grid.ranks)) and players in (None, ours):
            return None
        wanted = players or ours
        described = (f"{shape[0]} files x {shape[1]} ranks" if shape else "a board")
        default = default_board_size(len(wanted))
        fit = (f'the options {{"players": {json.dumps(wanted)}}} (the default board for '
               f'{len(wanted)} players)')
        if shape is not None and shape != default:
            fit = (f'options with "players": {json.dumps(wanted)} and "sections" spanning '
                   f'{shape[0]}x{shape[1]} squares (the default board for {len(wanted)} '
                   f'players is {default[0]}x{default[1]})')
        return (
            f"This position does not fit the options it came with: it has {described} and "
            f"armies for {', '.join(COLOUR_NAMES[COLOURS.index(c)] for c in wanted)}, but "
            f"the options (players {json.dumps(ours)}, "
            f"{'the sections sent' if self.options_sent_sections else 'the default board'}) "
            f"give {grid.files} files x {grid.ranks} ranks and armies for "
            f"{', '.join(COLOUR_NAMES[p] for p in self.layout.players)}. It would fit "
            f"{fit}. The service keeps nothing between requests: "
            "send the options the position was made with beside it in every request.")

    def _check_reachable(self, pos: Position) -> Position:
        """``pos`` after the checks that need the whole position parsed."""
        active = active_players(pos.control)
        if len(self.layout.players) == 2 and len(active) < 2:
            out = next(p for p in self.layout.players if p not in active)
            raise InvalidPosition(
                f"In a two-player game {COLOUR_NAMES[out]} cannot be out with his army "
                f"{'inert' if pos.control[out] == INERT else 'handed over'}: checkmate or "
                "stalemate ends the game at once, so no King is ever captured and nobody is "
                "removed; write the armies as "
                f"{','.join(COLOURS[p] * 2 for p in self.layout.players)!r}.", field="armies")
        if len(self.layout.players) == 2 and len(active) == 2:
            other = active[0] if active[1] == pos.side else active[1]
            king = pos.board.index(other * 8 + KING)
            if mv.attacked(pos.board, king, mv.hostile_armies(pos.control, other), self.layout):
                raise InvalidPosition(
                    f"{COLOUR_NAMES[other].capitalize()}'s King is attacked although it is "
                    f"{COLOUR_NAMES[pos.side]}'s turn; no move may leave one's own King "
                    "attacked.", field="side")
        if len(active) >= 3 and not self._stays_in(pos):
            raise InvalidPosition(
                f"{COLOUR_NAMES[pos.side].capitalize()} has no legal move and is not in "
                "check; with three or more players left he would already have been removed "
                "(his army inert).", field="side")
        return pos

    def format_position(self, position: Position) -> str:
        return format_position(position, self.layout)

    def is_canonical(self, text: str, position: Position) -> bool:
        return is_canonical(text, position, self.layout)

    # ---- the state of the game ---------------------------------------------------------------

    def analyse(self, position: Position) -> Analysis[Move]:
        """Status and legal moves of ``position``.

        A side to move with no legal move, not in check, while three or more players are in
        the game, never has the turn: the hand-over removes him first (and parse_position
        refuses such a position). Asked about him, the analysis offers the pass.
        """
        active = active_players(position.control)
        if len(active) == 1:
            winner = COLOUR_NAMES[active[0]]
            return Analysis(Status(WIN, winner, End.LAST_KING_STANDING,
                                   extra={"in_check": False, "players_left": [winner]}), ())
        moves, check = mv.generate(position, self.layout)
        extra = {"in_check": check, "players_left": [COLOUR_NAMES[p] for p in active]}
        if not moves:
            if len(active) == 2:
                other = active[0] if active[1] == position.side else active[1]
                return Analysis(Status(WIN, COLOUR_NAMES[other],
                                       End.CHECKMATE if check else End.STALEMATE, extra=extra),
                                ())
            # With three or more players left a stalemated player is removed before his turn,
            # so only the mated player's pass remains.
            moves = [PASS]
        if self.quiet_limit is not None and position.quiet >= self.quiet_limit:
            return Analysis(Status(DRAW, None, End.QUIET_PLIES, extra=extra), ())
        return Analysis(Status(ONGOING, None, None, COLOUR_NAMES[position.side], extra),
                        tuple(moves))

    def random_move(self, position: Position, rng: random.Random) -> Move | None:
        """A uniformly random legal move drawn without generating them all (see
        :func:`rules.sceptre.moves.draw`); after :data:`DRAWS` draws that found none (few
        legal moves, or none: mate, stalemate), one drawn from the full list, as the analysis
        gives it (the pass of a mated player among three or more, None when it ends the
        game)."""
        if self.quiet_limit is not None and position.quiet >= self.quiet_limit:
            return None
        if len(active_players(position.control)) < 2:
            return None  # one player left: he has won
        move = mv.draw(position, self.layout, rng.random, DRAWS)
        if move is not None:
            return move
        moves = self._analysis(position).moves
        return moves[int(rng.random() * len(moves))] if moves else None

    def _stays_in(self, position: Position) -> bool:
        """Whether the side to move has a legal move or is in check: a player with neither is
        removed before his turn while three or more players are in the game."""
        return mv.stays_in(position, self.layout)

    # ---- moves -------------------------------------------------------------------------------

    def format_move(self, position: Position, move: Move) -> str:
        return mv.format_move(move, self.layout)

    def parse_move(self, position: Position, text: str) -> Move:
        if text == "pass":
            return PASS
        plain = self.layout.plain_move_by_text.get(text) if isinstance(text, str) else None
        if plain is not None:
            return plain
        read = _MOVES.read(text)
        if read is None:
            raise IllegalMove(
                Illegal.MALFORMED_MOVE,
                f"{text!r} is not a Sceptre move; write <from><to>, e.g. e2e5, with =Q, =R, =B "
                "or =N for a promotion, e.g. d15d16=Q, or pass.")
        src_name, dst_name, (promotion,) = read
        index = self.layout.grid.index
        src, dst = index.get(src_name), index.get(dst_name)
        if src is None or dst is None:
            raise IllegalMove(Illegal.OFF_BOARD, f"{src_name if src is None else dst_name} is "
                                                 "not a square of this board.")
        # tuple.__new__ skips the NamedTuple constructor's argument handling: this is on the
        # path of every move a request names.
        return tuple.__new__(Move, (src, dst, KIND_LETTERS.index(promotion) if promotion else 0))

    def move_squares(self, move: Move) -> tuple[str, ...]:
        if move == PASS:
            return ()
        return self.layout.grid.names[move.src], self.layout.grid.names[move.dst]

    def explain_illegal(self, position: Position, move: Move) -> IllegalMove:
        return BOOK.explain(self, position, move)

    def move_fields(self, position: Position, move: Move) -> dict[str, Any]:
        if move == PASS:
            return {"kind": "pass"}
        return _entry_fields(move, position.board, self.layout.grid.names)

    def legal_move_entries(self, position: Position) -> list[dict[str, Any]]:
        """As the core builds them (``move`` then :meth:`move_fields`), in one pass with the
        board and square names at hand."""
        board, names = position.board, self.layout.grid.names
        entries: list[dict[str, Any]] = []
        append = entries.append
        for move in self.legal_moves(position):
            src, dst, promotion = move
            if board[dst] or promotion or src < 0:
                append(self._entry(move, board, names))
                continue
            # the most common entry (a plain move to an empty square), in one display
            start, end = names[src], names[dst]
            append({"move": start + end, "from": start, "to": end,
                    "piece": PIECE_LETTERS[board[src]], "kind": "move"})
        return entries

    @staticmethod
    def _entry(move: Move, board: bytes, names: Sequence[str]) -> dict[str, Any]:
        """The legal-moves entry of the pass, a capture or a promotion."""
        if move[0] < 0:
            return {"move": "pass", "kind": "pass"}
        src, dst, promotion = move
        text = names[src] + names[dst]
        if promotion:
            text += "=" + KIND_LETTERS[promotion]
        return {"move": text, **_entry_fields(move, board, names)}

    def apply(self, position: Position, move: Move, dice: Dice | None = None) -> Applied[Position]:
        side = position.side
        events: list[Event]
        if move[0] < 0:  # the pass
            events = [{"type": "pass", "player": COLOUR_NAMES[side]}]
            board, control, captured = position.board, position.control, 0
        else:
            new_board, control = mv.after(position, move)
            board = bytes(new_board)
            src, dst, promotion = move
            captured = position.board[dst]
            names = self.layout.grid.names
            events = [{"type": "move", "from": names[src], "to": names[dst],
                       "piece": PIECE_LETTERS[position.board[src]]}]
            if captured:
                events.append({"type": "capture", "square": names[dst],
                               "piece": PIECE_LETTERS[captured]})
            if promotion:
                events.append({"type": "promotion", "square": names[dst],
                               "piece": PIECE_LETTERS[board[dst]]})
            if control != position.control:
                handed = [COLOUR_NAMES[a] for a in range(4)
                          if control[a] != position.control[a]]
                events.append({"type": "king_captured", "player": COLOUR_NAMES[captured >> 3],
                               "armies": handed, "to": COLOUR_NAMES[side]})
        quiet = 0 if captured else position.quiet + 1
        new = self._hand_over(board, control, side, quiet, position.n, events)
        return Applied(new, tuple(events))

    def advance(self, position: Position, move: Move) -> Position:
        """The position ``apply`` gives, without building its events (for search)."""
        if move[0] < 0:  # the pass
            board, control, quiet = position.board, position.control, position.quiet + 1
        else:
            new_board, control = mv.after(position, move)
            board = bytes(new_board)
            quiet = 0 if position.board[move[1]] else position.quiet + 1
        return self._hand_over(board, control, position.side, quiet, position.n, [])

    def _hand_over(self, board: bytes, control: Control, mover: int, quiet: int,
                   n: int, events: list[Event]) -> Position:
        """The position once the turn has passed from ``mover`` in seat order.

        A player due to move who has no legal move and is not in check is removed at once while
        three or more players are left (every army he controls becomes inert, reported in
        ``events``) and the turn passes on; ``n`` grows each time play wraps from the last seat
        to the first.
        """
        seats = self.layout.players
        i = seats.index(mover)
        while True:
            active = active_players(control)
            if len(active) == 1:
                return make_position(board, active[0], control, quiet, n)
            i = (i + 1) % len(seats)
            if i == 0:
                n += 1
            player = seats[i]
            if control[player] != player:
                continue
            candidate = make_position(board, player, control, quiet, n)
            if len(active) == 2 or self._stays_in(candidate):
                return candidate
            control = reassign(control, player, INERT)
            events.append({"type": "removed", "player": COLOUR_NAMES[player],
                           "detail": "no legal move and not in check: his armies are inert"})

    def players_in(self, position: Position) -> tuple[str, ...]:
        """The players who still control their own army, in seat order."""
        return tuple(COLOUR_NAMES[p] for p in active_players(position.control))

    def remove_player(self, position: Position, player: str) -> Applied[Position]:
        """Sceptre without ``player`` (three or more players in): every army he controls
        becomes inert, as for a player removed by the rules, and the turn passes on if it was
        his; a player then due to move with no legal move and not in check is removed too."""
        leaver = COLOUR_NAMES.index(player)
        control = reassign(position.control, leaver, INERT)
        events: list[Event] = [{"type": "removed", "player": player,
                                "detail": "left the game: his armies are inert"}]
        if position.side == leaver:
            new = self._hand_over(position.board, control, leaver, position.quiet, position.n,
                                  events)
            return Applied(new, tuple(events))
        candidate = make_position(position.board, position.side, control, position.quiet,
                                  position.n)
        if len(active_players(control)) >= 3 and not self._stays_in(candidate):
            side = position.side
            events.append({"type": "removed", "player": COLOUR_NAMES[side],
                           "detail": "no legal move and not in check: his armies are inert"})
            candidate = self._hand_over(position.board, reassign(control, side, INERT), side,
                                        position.quiet, position.n, events)
        return Applied(candidate, tuple(events))

    def winning_move(self, position: Position) -> Move | None:
        """The first legal move, in the order of the legal moves, after which the player to
        act has won, or None. A move that leaves three or more players in wins nothing (a
        player left without a move then passes or is removed), so only the moves that leave
        one or two are judged by the position's status: with three players most moves are
        set aside without generating the next player's moves."""
        player = self.status(position).to_move
        for move in self.legal_moves(position):
            after = self.advance(position, move)
            if (len(active_players(after.control)) <= 2
                    and self.status(after).winner == player):
                return move
        return None

    def eliminating_move(self, position: Position, player: str) -> Move | None:
        """A move that takes the King of ``player`` or mates him, with three or more players
        still in (with two a mate ends the game, and :meth:`winning_move` finds it): the
        moves after which a piece attacks his King are played out, and the first that puts
        him out or leaves him no legal move is the one
        (:func:`rules.sceptre.evaluation.mated`)."""
        colour = COLOUR_NAMES.index(player)
        control = position.control
        if control[colour] != colour or len(active_players(control)) < 3:
            return None
        king = position.board.index(colour * 8 + KING)
        for move in self.legal_moves(position):
            if move[0] < 0:  # the pass
                continue
            if move[1] == king:
                return move
            board, after_control = mv.after(position, move)
            if mv.attacked(board, king, mv.hostile_armies(after_control, colour), self.layout):
                after = self.advance(position, move)
                if (after.control[colour] != colour
                        or evaluation.mated(after, self.layout, colour)):
                    return move
        return None

    def evaluate(self, position: Position, player: str) -> float:
        """Material, the hunt of enemy Kings and the players out (see
        :func:`rules.sceptre.evaluation.evaluate`)."""
        return evaluation.evaluate(position, player, self.layout)

    # ---- pictures ----------------------------------------------------------------------------

    def board_view(self, position: Position) -> BoardView:
        return board_view(self, position)

    def seat_edges(self) -> dict[str, str]:
        """Each player sits at the edge behind him: opposite his forward direction (the
        ``forward`` option), so a player moving west sits at the east edge."""
        return seat_edges(self.layout)

"""What the computer opponent knows about a Sceptre position: the material of every army a
player controls, how near his pieces stand to the enemy Kings and how cornered they are, and
with three or four players how many of the others are out.

With three or four players a bot wins only by mating every other player, so there the hunt
is a chase of one King at a time (the weakest player's), its distances are counted in moves
around the terrain, and a piece left hanging counts as half lost: see :func:`chase` and
:func:`hanging`."""

from __future__ import annotations

import re
from typing import Sequence

from ..core.memo import memo
from ..core.evaluation import cornered, hunt, material_chance, with_shares
from ..core.geometry import UNREACHABLE, move_sources, moves_needed
from . import moves as mv
from .layout import Layout
from .pieces import BISHOP, COLOUR_NAMES, KING, KNIGHT, PAWN, QUEEN, ROOK
from .position import Control, Position, active_players

#: A match at each 1 of a board translated by :func:`hunter_table`.
_ONES = re.compile(b"\x01").finditer

#: The lead that makes a player about 73 % to win against one other.
MATERIAL_SCALE = 4.0
#: What each piece but the King is worth.
PIECE_VALUES = {QUEEN: 9, ROOK: 5, BISHOP: 3, KNIGHT: 3, PAWN: 1}
#: With three or four players, the share of a hanging piece's value (attacked by another
#: player, defended by none of its own side) that counts as lost already.
HANGING_SHARE = 0.5
#: With three or four players, the moves from an enemy King at which a hunter counts as
#: nowhere near him (:func:`path_closeness`).
PATH_REACH = 16
#: With three or four players, how much of a player out a mated player counts for while his
#: King is still on the board: less than one taken, so that taking it is worth a move. At a
#: full share nothing gained by taking it, and a bot left the mated King standing for many
#: moves, where another player could take it (and his armies) first.
MATED_OUT_SHARE = 0.5


def material(board: bytes, control: Sequence[int]) -> list[float]:
    """Each player's material, over every army he controls (pieces counted in C, at the
    values of :data:`PIECE_VALUES`, written out: every evaluation counts them)."""
    scores = [0.0] * 4
    count = board.count
    for army, owner in enumerate(control):
        if owner >= 0:
            base = army * 8
            scores[owner] += (9 * count(base + QUEEN) + 5 * count(base + ROOK)
                              + 3 * (count(base + BISHOP) + count(base + KNIGHT))
                              + count(base + PAWN))
    return scores


@memo(entry_bytes=480, most=256)
def army_bits(control: Control) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per player (indexed by colour), the armies he moves and the armies whose pieces attack
    his (:func:`rules.sceptre.moves.hostile_armies`), one bit each (``1 << army``), as
    :class:`Attacks` gives the attackers of a square."""
    players = range(len(control))
    own = tuple(sum(1 << army for army, owner in enumerate(control) if owner == player)
                for player in players)
    hostile = tuple(sum(1 << army for army, marked in enumerate(mv.hostile_armies(control, p))
                        if marked) for p in players)
    return own, hostile


class Attacks(dict[int, int]):
    """Per square of one board, the armies whose pieces could capture there, one bit each
    (:func:`rules.sceptre.moves.attackers`), each found when first asked for.

    Built on the attacks found on another board (``earlier``), it starts with those of its
    squares whose attack test looks at none of the squares where the two boards differ
    (:attr:`~rules.sceptre.layout.Layout.attack_windows`): the search scores the positions
    after each move of one position in a row, and these differ in a few squares."""

    __slots__ = ("board", "layout", "number")

    def __init__(self, board: bytes, layout: Layout, earlier: Attacks | None) -> None:
        super().__init__()
        self.board, self.layout = board, layout
        #: the board as one number, to find the squares where another board differs
        self.number = int.from_bytes(board, "little")
        if earlier is not None and earlier.layout is layout:
            diff = self.number ^ earlier.number
            windows = layout.attack_windows
            # list() copies the items in one step: another thread may be adding to
            # ``earlier`` meanwhile, and a dict must not change size while it is iterated.
            self.update({sq: armies for sq, armies in list(earlier.items())
                         if not diff & windows[sq]})

    def __missing__(self, sq: int) -> int:
        armies = self[sq] = mv.attackers(self.board, sq, self.layout)
        return armies


class _Latest:
    """The attacks of the board asked for last (:func:`board_attacks`): one board's, so the
    memory they hold is bounded. Another thread may replace them at any time; whichever
    attacks a caller gets are those of its board, as each holds only answers for its own."""

    attacks: Attacks | None = None


def board_attacks(board: bytes, layout: Layout) -> Attacks:
    """The attacks on ``board`` (:class:`Attacks`): those of the board asked for last when it
    is this one (the evaluations of each player of a position share them), else new ones,
    built on those."""
    latest = _Latest.attacks
    if latest is not None and latest.board == board and latest.layout is layout:
        return latest
    attacks = _Latest.attacks = Attacks(board, layout, latest)
    return attacks


def hanging(position: Position, layout: Layout, player: int) -> float:
    """The value of ``player``'s pieces (but Kings and Pawns: a Pawn is worth little, and
    looking at them would double the cost) that another player's piece attacks and none of
    his own defends."""
    board, control = position.board, position.control
    own, hostile = army_bits(control)
    return exposed_value(board, hunters(board, control, player), board_attacks(board, layout),
                         own[player], hostile[player])


def exposed_value(board: bytes, squares: Sequence[int], attacks: Attacks, own: int,
                  hostile: int) -> float:
    """The value of the pieces on ``squares`` (in their order) that pieces of the armies
    ``hostile`` attack and none of the armies ``own`` defends (:func:`hanging`)."""
    total = 0.0
    for sq in squares:
        armies = attacks[sq]
        if armies & hostile and not armies & own:
            total += PIECE_VALUES[board[sq] & 7]
    return total


def nearness(position: Position, layout: Layout, player: int) -> float:
    """``player``'s hunt (:func:`rules.core.evaluation.hunt`): how near his pieces (but Kings
    and Pawns) stand to the nearest King of another player still in (as
    :func:`rules.core.evaluation.closeness`, from tables), and how cornered those Kings are:
    near the edge of the board, and with few squares to step to."""
    board, control = position.board, position.control
    grid = layout.grid
    kings = [(army, board.index(army * 8 + KING)) for army, owner in enumerate(control)
             if owner == army and army != player]
    squares = hunters(board, control, player)
    reach = max(grid.files, grid.ranks)
    if not squares:
        near = 0.0
    else:
        tables = [distances(layout, sq) for _, sq in kings]
        if len(tables) == 1:
            total = reach * len(squares) - sum(map(tables[0].__getitem__, squares))
        else:
            total = sum(reach - min(table[sq] for table in tables) for sq in squares)
        near = total / ((reach - 1) * len(squares))
    coords = grid.coords
    return hunt(near, [(cornered(grid, coords[sq]) + confined(position, layout, army, sq)) / 2
                       for army, sq in kings])


def hunters(board: bytes, control: Control, player: int) -> list[int]:
    """The squares of the pieces ``player`` moves but Kings and Pawns, in board order (found
    in C, by :func:`hunter_table`)."""
    return [m.start() for m in _ONES(board.translate(hunter_table(control, player)))]


@memo(entry_bytes=500, most=256)
def hunter_table(control: Control, player: int) -> bytes:
    """The translation table that marks (1) the pieces ``player`` moves but Kings and Pawns."""
    moved = mv.moved_by(control, player)
    return bytes(moved[code] and code & 7 not in (KING, PAWN) for code in range(32)) + bytes(224)


@memo(entry_bytes=320, most=4096)
def distances(layout: Layout, target: int) -> bytes:
    """Per square of ``layout``, its distance to ``target`` in King steps, at most the
    board's longer side (the reach of :func:`rules.core.evaluation.closeness`)."""
    grid = layout.grid
    reach = max(grid.files, grid.ranks)
    tf, tr = grid.coords[target]
    return bytes(min(reach, max(abs(f - tf), abs(r - tr))) for f, r in grid.coords)


def confined(position: Position, layout: Layout, army: int, king: int) -> float:
    """How few of the squares next to the King of ``army`` (on ``king``) he could step to: 1
    when none (he is boxed in), 0 when every one is free of his own pieces and of attack as
    the board stands."""
    board, control = position.board, position.control
    return boxed_in(board, layout, board_attacks(board, layout), control, control[army], king)


def boxed_in(board: bytes, layout: Layout, attacks: Attacks, control: Control, player: int,
             king: int) -> float:
    """:func:`confined` of ``player``'s King on ``king``, from the ``attacks`` on ``board``."""
    steps = layout.reach_set[KING][king]
    if not steps:
        return 1.0
    friends = mv.moved_by(control, player)
    hostile = army_bits(control)[1][player]
    free = 0
    for sq in steps:
        if not friends[board[sq]] and not attacks[sq] & hostile:
            free += 1
    return 1.0 - free / len(steps)


@memo(entry_bytes=4000, most=64)
def sources(layout: Layout, kind: int) -> tuple[tuple[int, ...], ...]:
    """Per square, the squares from which a piece of ``kind`` moves there (empty board)."""
    return move_sources(layout.reach_set[kind])


@memo(entry_bytes=400, most=4096)
def moves_to(layout: Layout, kind: int, target: int) -> bytes:
    """Per square, the fewest moves a piece of ``kind`` needs to reach ``target`` on an empty
    board, around the terrain it may not cross (:data:`UNREACHABLE` if it never can)."""
    return moves_needed(sources(layout, kind), target)


@memo(entry_bytes=400, most=4096)
def moves_near(layout: Layout, kind: int, king: int) -> bytes:
    """Per square, the fewest moves a piece of ``kind`` needs to reach the square ``king`` or
    one next to it that a King may enter (:func:`moves_to`; a Bishop can always reach one
    of these, whatever the colour of ``king``)."""
    zone = (king, *layout.reach_set[KING][king])
    return bytes(map(min, *(moves_to(layout, kind, sq) for sq in zone)))


def path_closeness(board: bytes, squares: Sequence[int], layout: Layout, king: int) -> float:
    """How near the pieces on ``squares`` (a player's but Kings and Pawns, in board order)
    stand to the King on ``king``, counted in their own moves around the terrain to his
    square or one next to it (:func:`moves_near`): a piece that is there or gets there in one
    move counts 1, one that needs :data:`PATH_REACH` moves or more (or never gets there) 0;
    the mean over those pieces (0 without any)."""
    if not squares:
        return 0.0
    scores = path_scores(layout, king)
    total = 0.0
    for sq in squares:
        total += scores[board[sq] & 7][sq]
    return total / len(squares)


@memo(entry_bytes=4000, most=1024)
def path_scores(layout: Layout, king: int) -> tuple[tuple[float, ...], ...]:
    """Per kind (indexed by kind; empty for Kings and Pawns), per square, what a piece of that
    kind there counts for in :func:`path_closeness` of the King on ``king``."""
    return tuple(
        tuple(0.0 if needed == UNREACHABLE else max(0.0, 1.0 - max(0, needed - 1) / PATH_REACH)
              for needed in moves_near(layout, kind, king))
        if kind in PIECE_VALUES and kind != PAWN else ()
        for kind in range(8))


def attacked_around(attacks: Attacks, layout: Layout, own: int, king: int) -> float:
    """The share of the King's square and the squares he could step to (``king`` and its
    neighbours he may enter) that pieces of the armies ``own`` attack (on the board of
    ``attacks``)."""
    squares = (king, *layout.reach_set[KING][king])
    return sum(1 for sq in squares if attacks[sq] & own) / len(squares)


def chase(position: Position, layout: Layout, player: int, enemies: Sequence[int],
          scores: Sequence[float], attacks: Attacks, squares: Sequence[int]) -> float:
    """``player``'s hunt with three or four players: of one King, the weakest enemy's (least
    material, the earlier seat on a tie), so that his pieces (but Kings and Pawns, on
    ``squares``) close in on one King together instead of spreading over all of them. The
    mean of how near they stand in moves (:func:`path_closeness`), of how much of the King's
    squares they attack (:func:`attacked_around`) and of how boxed in the King is
    (:func:`confined`); 1 when no enemy is left."""
    if not enemies:
        return 1.0
    quarry = min(enemies, key=lambda p: (scores[p], p))
    board, control = position.board, position.control
    king = board.index(quarry * 8 + KING)
    return (path_closeness(board, squares, layout, king)
            + attacked_around(attacks, layout, army_bits(control)[0][player], king)
            + boxed_in(board, layout, attacks, control, quarry, king)) / 3


def mated(position: Position, layout: Layout, player: int) -> bool:
    """Whether ``player``'s King is attacked and he would have no legal move if it were his
    turn: with three or more players in, such a player can only pass, and his King waits for
    whoever takes it (and his armies with it). Cheap unless his King is attacked."""
    return checked_without_move(position, layout, board_attacks(position.board, layout),
                                player)


def checked_without_move(position: Position, layout: Layout, attacks: Attacks,
                         player: int) -> bool:
    """:func:`mated`, from the ``attacks`` on the position's board."""
    king = position.board.index(player * 8 + KING)
    if not attacks[king] & army_bits(position.control)[1][player]:
        return False
    return not mv.generate(position._replace(side=player), layout)[0]


def hand_over_material(position: Position, layout: Layout, loser: int,
                       active: Sequence[int], material: list[float]) -> None:
    """Move the material of ``loser`` (a mated player) to the player in ``active`` who will
    take his King: the first, in turn order from the player to move, whose pieces attack it."""
    board = position.board
    armies = board_attacks(board, layout)[board.index(loser * 8 + KING)]
    own = army_bits(position.control)[0]
    for p in sorted(active, key=lambda p: (p - position.side) % 4):
        if armies & own[p]:
            material[p] += material[loser]
            break
    material[loser] = 0.0


def evaluate(position: Position, player: str, layout: Layout) -> float:
    """Material (Queen 9, Rook 5, Bishop and Knight 3, Pawn 1) of every army a player
    controls, as a share of winning among the players still in (0 for one who is out); a fifth
    of it is kept for his hunt of the enemy Kings, and with three or four players another fifth
    for how many of the others are out: with a large lead the share is 1 only when these are
    too, and they lead him on to take Kings.

    With two players the hunt is :func:`nearness`. With three or four it is :func:`chase`, the
    player's own hanging pieces count half lost (:func:`hanging`: one ply on, the others have
    not moved yet), and a mated player counts as out and his material as already in the hands
    of the first player in turn who checks him (:func:`hand_over_material`): he can only
    pass, and his King (with every army he controls) falls to that player. Without that, a
    mate would be worth nothing to the player who gives it until the King is taken, plies
    later. He counts as out only in part (:data:`MATED_OUT_SHARE`) until his King is taken,
    so that taking it is worth more than leaving it."""
    colour = COLOUR_NAMES.index(player)
    control = position.control
    if control[colour] != colour:
        return 0.0
    active = active_players(control)
    seats = len(layout.players)
    scores = material(position.board, control)
    if seats == 2:
        chance = material_chance([scores[p] for p in active], active.index(colour),
                                 MATERIAL_SCALE)
        return with_shares(chance, nearness(position, layout, colour))
    board = position.board
    attacks = board_attacks(board, layout)
    squares = hunters(board, control, colour)
    own, hostile = army_bits(control)
    scores[colour] -= HANGING_SHARE * exposed_value(board, squares, attacks, own[colour],
                                                    hostile[colour])
    out = float(seats - len(active))
    if len(active) > 2:
        doomed = [p for p in active if checked_without_move(position, layout, attacks, p)]
        if colour in doomed:
            return 0.0
        if doomed:
            active = tuple(p for p in active if p not in doomed)
            for p in doomed:
                hand_over_material(position, layout, p, active, scores)
            out += MATED_OUT_SHARE * len(doomed)
    chance = material_chance([scores[p] for p in active], active.index(colour), MATERIAL_SCALE)
    hunting = chase(position, layout, colour, [p for p in active if p != colour], scores,
                    attacks, squares)
    return with_shares(chance, hunting, out / (seats - 1))

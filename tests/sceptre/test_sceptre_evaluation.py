"""What the computer opponent sees in a Sceptre position of three players: distances in moves
around the terrain, the chase of the weakest player's King, and pieces left hanging."""

from __future__ import annotations

import pytest

from rules import registry
from rules.sceptre.pieces import BISHOP, COLOUR_NAMES, KING, KNIGHT, PAWN, QUEEN, ROOK
from rules.sceptre.evaluation import evaluate, hanging, moves_near, moves_to
from rules.sceptre.position import Position

GAME = registry.configure("sceptre", {"players": ["w", "r", "b"]})
LAYOUT = GAME.layout
NAMES = LAYOUT.grid.names
WHITE, RED, BLACK = (COLOUR_NAMES.index(c) for c in ("white", "red", "black"))
KINGS = {WHITE: "m1", RED: "a13", BLACK: "m24"}  # where the armies' Kings start


def square(name: str) -> int:
    return NAMES.index(name)


def board_with(pieces: dict[str, tuple[int, int]]) -> Position:
    """White to move, the three Kings on their start squares and ``pieces`` (square: (army,
    kind)) on an otherwise empty board."""
    board = bytearray(len(NAMES))
    for army, name in KINGS.items():
        board[square(name)] = army * 8 + KING
    for name, (army, kind) in pieces.items():
        assert LAYOUT.can_stand(kind, square(name)), name
        board[square(name)] = army * 8 + kind
    return GAME.start_position._replace(board=bytes(board))


def test_distances_in_moves_go_around_the_terrain():
    start = GAME.start_position.board
    red_king = start.index(RED * 8 + KING)
    # The Queen on l1 is walled in by rivers that only bridges cross: on an open board two
    # moves reach any square, here she needs four to stand next to red's King.
    assert start[square("l1")] == WHITE * 8 + QUEEN
    assert moves_near(LAYOUT, QUEEN, red_king)[square("l1")] == 4
    # The Bishop on n1 is on the other colour: he can never reach the King's square, but he
    # can reach a square next to it.
    assert moves_to(LAYOUT, BISHOP, red_king)[square("n1")] == 255
    assert moves_near(LAYOUT, BISHOP, red_king)[square("n1")] == 5
    # From a square next to the King, and from the King's own square, no move is needed.
    for sq in (red_king, *LAYOUT.reach_set[KING][red_king]):
        assert moves_near(LAYOUT, ROOK, red_king)[sq] == 0


def test_an_attacked_piece_hangs_until_one_of_its_own_defends_it():
    attacked = {"a12": (WHITE, ROOK), "a10": (BLACK, QUEEN)}
    assert hanging(board_with(attacked), LAYOUT, WHITE) == 5
    defended = {**attacked, "c11": (WHITE, KNIGHT)}  # the Knight guards a12
    assert hanging(board_with(defended), LAYOUT, WHITE) == 0
    # a hanging piece lowers its owner's evaluation
    assert evaluate(board_with(attacked), "white", LAYOUT) < evaluate(
        board_with({**attacked, "a12": (WHITE, ROOK), "a10": (BLACK, PAWN)}), "white", LAYOUT)


@pytest.mark.parametrize("weaker", [RED, BLACK])
def test_the_hunt_chases_the_weakest_players_king(weaker):
    # Red's King is on a13, black's on m24; a white Knight stands next to one of them. The
    # player with less material (a Pawn less) is the one whose King white should chase.
    stronger = BLACK if weaker == RED else RED
    pawns = {"e12": (stronger, PAWN), "o11": (WHITE, PAWN)}
    near_red = board_with({**pawns, "c14": (WHITE, KNIGHT)})
    near_black = board_with({**pawns, "k23": (WHITE, KNIGHT)})
    by_red, by_black = (evaluate(p, "white", LAYOUT) for p in (near_red, near_black))
    assert (by_red > by_black) == (weaker == RED)


def test_material_counts_the_piece_values():
    from rules.sceptre.evaluation import PIECE_VALUES, material

    start = GAME.start_position
    army = sum(PIECE_VALUES[code & 7] for code in start.board if code and code >> 3 == WHITE
               and code & 7 != KING)
    assert army == 39
    assert material(start.board, start.control)[:3] == [39.0, 39.0, 39.0]


def test_taking_a_mated_players_king_is_worth_more_than_leaving_it():
    from rules.sceptre.evaluation import mated
    from rules.sceptre.position import reassign

    # White's Queen on b13, guarded by his Rook on c13, mates red's King on a13.
    standing = board_with({"b13": (WHITE, QUEEN), "c13": (WHITE, ROOK)})
    assert mated(standing, LAYOUT, RED)
    # The same board with red's King taken: his army (the King alone) is white's.
    board = bytearray(standing.board)
    board[square("a13")] = 0
    taken = standing._replace(board=bytes(board), control=reassign(standing.control, RED, WHITE))
    assert evaluate(taken, "white", LAYOUT) > evaluate(standing, "white", LAYOUT)


@pytest.mark.parametrize("players", [["w", "b"], ["w", "r", "b"], ["w", "r", "b", "y"]])
def test_attacks_carried_over_from_the_board_before_equal_those_found_anew(players):
    """The evaluation reuses the attacks of the board it scored last where the move changed
    nothing they look at: scoring the positions after each move in a row (as the search
    does) gives exactly what scoring each on its own gives."""
    import random

    from rules.sceptre import evaluation

    game = registry.configure("sceptre", {"players": players})
    rng = random.Random(7)
    position = game.start_position
    compared = 0
    for ply in range(160):
        if game.status(position).finished:
            break
        if ply % 20 == 19:
            children = [game.advance(position, move) for move in game.legal_moves(position)]
            in_a_row = [[game.evaluate(child, seat) for seat in game.seats()]
                        for child in children]
            anew = []
            for child in children:
                evaluation._Latest.attacks = None
                anew.append([game.evaluate(child, seat) for seat in game.seats()])
            assert in_a_row == anew
            compared += len(children)
        position = game.advance(position, rng.choice(list(game.legal_moves(position))))
    assert compared > 100

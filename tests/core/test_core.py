"""The shared core's promises that every game and the service rely on."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from rules import registry
from rules.core.errors import InvalidOptions
from rules.core.game import Status
from rules.core.reasons import State


def test_status_extra_is_read_only_so_cached_statuses_cannot_be_corrupted():
    extra = {"in_check": True}
    status = Status(State.ONGOING, to_move="white", extra=extra)
    with pytest.raises(TypeError):
        status.extra["in_check"] = False
    extra["in_check"] = False           # the caller's dict is copied, not shared
    assert status.to_json()["in_check"] is True


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_start_position_is_the_initial_position_built_once(game_id):
    game = registry.configure(game_id)
    assert game.start_position is game.start_position
    assert game.format_position(game.start_position) == \
        game.format_position(game.initial_position())


def test_no_options_and_empty_options_are_the_same_configured_game():
    assert registry.configure("mastery", None) is registry.configure("mastery", {})
    assert registry.configure("mastery", {"ruleset": "classic-1990"}) is not \
        registry.configure("mastery", {})
    with pytest.raises(InvalidOptions):
        registry.configure("mastery", [])
    with pytest.raises(KeyError):
        registry.configure("no-such-game")


def test_registry_lists_every_game_once_sorted_by_id():
    ids = registry.game_ids()
    registry.load_all()
    assert registry.game_ids() == ids == sorted(set(ids))
    assert all(registry.game_class(game_id).id == game_id for game_id in ids)


def test_counter_too_long_to_read_is_reported_out_of_range_not_malformed():
    from rules.core.errors import InvalidPosition
    from rules.core.notation import parse_counter

    with pytest.raises(InvalidPosition, match="between 0 and 1000000000; got 9{23}"):
        parse_counter("9" * 23, "quiet")
    with pytest.raises(InvalidPosition, match="without sign or leading zeros"):
        parse_counter("007", "quiet")
    assert parse_counter("12", "quiet") == 12


def test_counters_read_without_a_regular_expression_as_with_one():
    import re

    from rules.core.errors import InvalidPosition
    from rules.core.notation import parse_counter

    texts = ["0", "1", "12", "00", "01", "007", "-1", "+1", "1.0", "", " 1", "1 ", "1\n", "1a",
             "\u0662", "\uff12", "\u00b2", "9" * 9, "9" * 10, "9" * 11, "1" + "0" * 9,
             "1" + "0" * 8 + "1", "1" + "0" * 10]
    for text in texts:
        for minimum, maximum in ((0, 10**9), (1, 10**9), (1, 5)):
            try:
                got: object = parse_counter(text, "n", minimum, maximum)
            except InvalidPosition as exc:
                got = str(exc)
            plain = re.fullmatch(r"0|[1-9][0-9]{0,9}", text)
            if plain and minimum <= int(text) <= maximum:
                assert got == int(text), text
            else:
                assert isinstance(got, str) and got.startswith("The n field must be"), text


def test_army_sizes_refuse_more_pieces_of_a_kind_than_a_whole_army_and_name_them():
    from rules.core.errors import InvalidPosition
    from rules.core.notation import check_army_sizes

    full, sides, kinds = {1: 3, 2: 4}, ("dark", "light"), {1: "Master", 2: "Officer"}
    check_army_sizes(([0, 3, 4], [0, 0, 0]), full, sides, kinds)  # a full army and an empty one
    with pytest.raises(InvalidPosition, match="Light has 5 Officers; a side has at most 4"):
        check_army_sizes(([0, 3, 4], [0, 1, 5]), full, sides, kinds)


def _strict_only(text, grid, piece_pattern):
    """parse_board as the strict reader alone would answer (no memoised fast path)."""
    from rules.core import notation

    rows = text.split("/")
    if len(rows) != grid.ranks:
        return notation.parse_board(text, grid, piece_pattern)  # the rank count error
    cells, placed = [None] * grid.size, []
    token = notation._row_patterns(piece_pattern)[1]
    for i, row in enumerate(rows):
        notation._parse_row_strictly(row, grid.ranks - i, grid, token, cells, placed)
    notation._check_on_board(cells, placed, grid)
    return cells


def board_readers():
    """Every game whose boards are read by the core's parse_board: its position module names
    the piece pattern (PIECE_PATTERN) and the grid (GRID, or its layout's grid)."""
    import importlib

    found = []
    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        package = type(game).__module__.rpartition(".")[0]
        module = importlib.import_module(f"{package}.position")
        grid = getattr(getattr(game, "layout", None), "grid", None) or getattr(module, "GRID", None)
        if hasattr(module, "PIECE_PATTERN") and grid is not None:
            found.append(pytest.param(game, grid, module.PIECE_PATTERN, id=game_id))
    return found


def mutated_boards(board: str, rng: Any, count: int, replacements: str) -> Iterator[str]:
    """``count`` copies of ``board`` with up to two characters replaced (from
    ``replacements``), inserted or deleted, drawn with ``rng``."""
    for _ in range(count):
        chars = list(board)
        for _ in range(rng.randint(0, 2)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[i] = rng.choice(replacements)
            elif op < 0.7:
                chars.insert(i, rng.choice("0123456789MOPKSwrbyQ"))
            else:
                del chars[i]
        yield "".join(chars)


@pytest.mark.parametrize("game,grid,pattern", board_readers())
def test_memoised_board_reading_answers_as_the_strict_reader_on_mutated_boards(game, grid, pattern):
    import random

    from rules.core.errors import InvalidPosition
    from rules.core.notation import parse_board

    board = game.format_position(game.start_position).split(" ")[0]
    valid = 0
    for text in mutated_boards(board, random.Random(7), 1500, "0123456789/MOPKSwrbyQx "):

        def answer(parse):
            try:
                return parse(text, grid, pattern)
            except InvalidPosition as exc:
                return str(exc)

        expected = answer(_strict_only)
        valid += isinstance(expected, list)
        assert answer(parse_board) == expected, text
    assert valid > 100  # the mutations keep enough boards valid to test the fast path too


def board_code_readers():
    """Every game whose position module reads its boards into codes with the core: its
    grid, piece pattern and codes (``_CELL_CODES``), and the board of its start position."""
    import importlib

    found = []
    for param in board_readers():
        game, grid, pattern = param.values
        module = importlib.import_module(f"{type(game).__module__.rpartition('.')[0]}.position")
        if hasattr(module, "_CELL_CODES") and None in module._CELL_CODES:
            board = game.format_position(game.start_position).split(" ")[0]
            found.append(pytest.param(grid, pattern, module._CELL_CODES, board, id=param.id))
    return found


@pytest.mark.parametrize("grid,pattern,codes,board", board_code_readers())
def test_board_codes_read_as_parse_board_codes_on_mutated_boards(grid, pattern, codes, board):
    import random

    from rules.core.errors import InvalidPosition
    from rules.core.notation import BoardCodes, parse_board_codes

    reader = BoardCodes(grid, pattern, codes)
    plain = 0
    for text in mutated_boards(board, random.Random(8), 2000, "0123456789/MOPKSwrbyQx é"):

        def answer(read):
            try:
                return read(text)
            except InvalidPosition as exc:
                return str(exc)

        expected = answer(lambda t: parse_board_codes(t, grid, pattern, codes))
        assert answer(reader.read) == expected, text
        plain += reader._plain(text) is not None
    # single-character pieces on a board at most 9 wide are read plainly when valid
    assert (plain > 200) == (grid.files <= 9 and all(len(t) == 1 for t in codes if t))


def test_moves_needed_walks_around_what_a_piece_cannot_cross():
    from rules.core.geometry import UNREACHABLE, move_sources, moves_needed

    # Six squares in a row; a piece steps one square either way, except that it may not
    # enter square 2, and from square 5 it may jump back to 0.
    reach = [[1], [0], [], [4], [3, 5], [4, 0]]
    needed = moves_needed(move_sources(reach), 0)
    assert list(needed) == [0, 1, UNREACHABLE, 3, 2, 1]
    # reversed tables: the squares a piece reaches 4 from are 3 and 5
    assert move_sources(reach)[4] == (3, 5)

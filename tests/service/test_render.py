"""Board pictures: every game's initial and a midgame position as SVG and PNG, the text board,
highlights, size bounds and the problem documents of the render endpoint. Every registered game
is drawn, and so is a game a test brings (Noughts and Crosses): a new game needs nothing added
here."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET

import pytest

from rules import registry
from rules.core.view import has_view, text_board, view_for
from service.http.app import create_app
from tests.noughts.noughts_game import NoughtsAndCrosses
from tests.positions import random_position

SVG_NS = "{http://www.w3.org/2000/svg}"


def midgame(game_id: str, plies: int = 12, seed: int = 7):
    """A position some random plies into a game (chance moves take their first outcome)."""
    return random_position(game_id, plies, seed)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def rendered_games():
    return [g for g in registry.game_ids() if has_view(registry.configure(g))]


def test_every_game_has_a_view():
    assert rendered_games() == registry.game_ids()


def check_svg_and_png(client, game_id: str, plies: int) -> None:
    """The SVG of a position ``plies`` random plies into the game has every square and piece
    of its view; a PNG of a given size keeps the board's proportions."""
    game, pos = midgame(game_id, plies=plies)
    text = game.format_position(pos)
    body = {"position": text, "format": "svg"}
    response = client.post(f"/v1/games/{game_id}/render", json=body)
    if not has_view(game):
        assert response.status_code == 422
        assert response.get_json(force=True)["code"] == "render_unavailable"
        return
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "image/svg+xml"
    root = ET.fromstring(response.data)
    assert root.tag == f"{SVG_NS}svg"
    view = view_for(game, pos)
    squares = {g.get("data-square") for g in root.iter(f"{SVG_NS}g") if g.get("data-square")}
    assert squares == view.names
    pieces = [c for c in view.cells if c.piece is not None]
    assert len([g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "piece"]) == len(pieces)

    response = client.post(f"/v1/games/{game_id}/render",
                           json={**body, "format": "png", "size": 300})
    assert response.status_code == 200 and response.mimetype == "image/png"
    width, height = png_size(response.data)
    assert max(width, height) == 300
    ratio = (view.files * 60 + 52) / (view.ranks * 60 + 52)
    assert abs(width / height - ratio) < 0.02


def check_text_board(game_id: str) -> None:
    """The text board of a midgame position has a line per rank (a board of points also has
    the lines drawn between its ranks) and shows every piece."""
    game, pos = midgame(game_id)
    view = view_for(game, pos)
    board = text_board(view)
    lines = board.splitlines()
    between = view.ranks - 1 if view.layout == "points" else 0
    assert len(lines) == view.ranks + between + 1
    assert sum(line.split()[0] in view.rank_labels for line in lines) == view.ranks
    assert lines[0].lstrip().startswith(view.rank_labels[-1])
    for cell in view.cells:
        if cell.piece is not None:
            assert (cell.piece.text or cell.piece.glyph) in board


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("when", ["initial", "midgame"])
def test_svg_and_png_of_every_game(client, game_id, when):
    check_svg_and_png(client, game_id, plies=0 if when == "initial" else 12)


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_text_board_has_every_rank_and_piece(game_id):
    check_text_board(game_id)


def test_highlight_and_last_move_are_drawn(client):
    game = registry.configure("mastery")
    start = game.initial_position()
    after = game.apply(start, game.parse_move(start, "d4d5")).position
    text = game.format_position(after)
    root = ET.fromstring(client.post("/v1/games/mastery/render", json={
        "position": text, "highlight": ["a1", "h8"]}).data)

    def classes(square):
        group = next(g for g in root.iter(f"{SVG_NS}g") if g.get("data-square") == square)
        return {child.get("class") for child in group}

    assert "highlight" in classes("a1") and "highlight" in classes("h8")
    assert "last-move" in classes("d4") and "last-move" in classes("d5")
    root = ET.fromstring(client.post("/v1/games/mastery/render", json={
        "position": text, "last_move": False}).data)
    assert "last-move" not in classes("d4")


def test_size_bounds_and_default(client):
    for size in (100, 2000):
        response = client.post("/v1/games/mastery/render", json={"format": "png", "size": size})
        assert response.status_code == 200 and png_size(response.data) == (size, size)
    root = ET.fromstring(client.post("/v1/games/mastery/render", json={}).data)
    assert root.get("width") == "480"
    for size in (99, 2001, "300", 300.5):
        response = client.post("/v1/games/mastery/render", json={"size": size})
        assert response.status_code == 400
        assert response.get_json()["errors"].keys() == {"size"}


@pytest.mark.parametrize("body, status, code", [
    ({"format": "gif"}, 400, "malformed_request"),
    ({"highlight": "a1"}, 400, "malformed_request"),
    ({"highlight": ["z9"]}, 422, "invalid_highlight"),
    ({"last_move": 1}, 400, "malformed_request"),
    ({"position": "8/8 d - 0 1"}, 422, "invalid_position"),
    ({"options": {"setup": "nope"}}, 422, "invalid_options"),
    ({"colour": "red"}, 400, "malformed_request"),
])
def test_render_problems(client, body, status, code):
    response = client.post("/v1/games/mastery/render", json=body)
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == code


def test_render_problems_unknown_game_and_media_type(client):
    assert client.post("/v1/games/chess/render", json={}).status_code == 404
    response = client.post("/v1/games/mastery/render", data="x", content_type="text/plain")
    assert response.status_code == 415


def test_game_without_a_view_is_a_422_not_a_500(client, monkeypatch):
    from rules.core.game import Game

    game = registry.configure("mastery")
    monkeypatch.setattr(type(game), "board_view", Game.board_view)
    response = client.post("/v1/games/mastery/render", json={})
    assert response.status_code == 422
    body = response.get_json()
    assert body["code"] == "render_unavailable" and "mastery" in body["detail"]
    assert not has_view(game)


def test_committed_pictures_are_pngs_for_every_game():
    from pathlib import Path

    images = Path(__file__).resolve().parents[2] / "docs" / "images"
    for game_id in rendered_games():
        width, height = png_size((images / f"{game_id}.png").read_bytes())
        assert 100 <= max(width, height) <= 2000


# ---- last_move as a move, and a readable default size per board ---------------------------

def last_move_squares(root) -> set[str]:
    return {g.get("data-square") for g in root.iter(f"{SVG_NS}g")
            if any(r.get("class") == "last-move" for r in g)}


def a_move_with_squares(game_id: str) -> tuple[str, set[str]]:
    """A legal move from the start position, in the game's notation, and the squares it
    names (``move_squares``): one that names some if any does (a game may name none, and
    then no square is marked)."""
    game = registry.configure(game_id)
    start = game.start_position
    moves = game.legal_moves(start)
    move = next((m for m in moves if game.move_squares(m)), moves[0])
    return game.format_move(start, move), set(game.move_squares(move))


def check_last_move_in_the_games_notation_is_highlighted(client, game_id: str) -> None:
    move, squares = a_move_with_squares(game_id)
    for sent in (move, f" {move}\n"):
        response = client.post(f"/v1/games/{game_id}/render", json={"last_move": sent})
        assert response.status_code == 200, response.get_json()
        assert last_move_squares(ET.fromstring(response.data)) == squares


@pytest.mark.parametrize("game_id", rendered_games())
def test_last_move_in_the_games_notation_is_highlighted(client, game_id):
    check_last_move_in_the_games_notation_is_highlighted(client, game_id)


def test_a_game_brought_by_a_test_is_pictured_alike(register_game):
    with register_game(NoughtsAndCrosses):
        client = create_app().test_client()
        for plies in (0, 12):
            check_svg_and_png(client, "noughts", plies)
        check_text_board("noughts")
        check_last_move_in_the_games_notation_is_highlighted(client, "noughts")


def test_last_move_true_still_shows_what_the_notation_records(client):
    text = "2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2"
    shown = client.post("/v1/games/mastery/render", json={"position": text, "last_move": True})
    assert last_move_squares(ET.fromstring(shown.data)) == {"e5", "d4"}
    other = client.post("/v1/games/mastery/render", json={"position": text, "last_move": "d1d2"})
    assert last_move_squares(ET.fromstring(other.data)) == {"d1", "d2"}


@pytest.mark.parametrize("game_id, body, words", [
    ("kings-mate", {"last_move": "castle"}, "is not a King's Mate move"),
    ("sceptre", {"last_move": "e2e5", "options": {"players": ["w", "r", "b", "y"]}},
     "e2 is not a square of this board"),
    ("mastery", {"last_move": "d4d5+K@a1"}, "is not a Mastery move"),
])
def test_a_last_move_that_is_no_move_here_is_a_422(client, game_id, body, words):
    response = client.post(f"/v1/games/{game_id}/render", json=body)
    problem = response.get_json()
    assert response.status_code == 422 and problem["code"] == "invalid_last_move"
    assert problem["detail"].startswith(f'last_move "{body["last_move"]}"')
    assert words in problem["detail"]


@pytest.mark.parametrize("value", ["", "  ", 1, None, ["d4d5"], "x" * 65])
def test_a_last_move_neither_flag_nor_move_is_a_400(client, value):
    response = client.post("/v1/games/mastery/render", json={"last_move": value})
    assert response.status_code == 400 and response.get_json()["errors"].keys() == {"last_move"}


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_default_png_gives_every_board_readable_squares(client, game_id):
    response = client.post(f"/v1/games/{game_id}/render", json={"format": "png"})
    assert response.status_code == 200
    width, height = png_size(response.data)
    svg = ET.fromstring(client.post(f"/v1/games/{game_id}/render", json={}).data)
    assert (width, height) == (int(svg.get("width")), int(svg.get("height")))
    files, ranks = int(svg.get("data-files")), int(svg.get("data-ranks"))
    assert width / files > 44 and height / ranks > 44     # pixels a square, margins included


def test_the_shedding_estimate_counts_the_default_size(client):
    from service.pictures.render import render_cost

    sizes = sorted((render_cost(registry.configure(game_id), {"format": "png", "size": None}),
                    game_id) for game_id in registry.game_ids())
    largest = registry.configure(sizes[-1][1])
    assert sizes[-1][0] > sizes[0][0] > render_cost(largest, {"format": "svg", "size": None})


# ---- a board of points joined by lines -----------------------------------------------------

def test_a_view_refuses_lines_it_cannot_draw():
    from rules.core.view import BoardView, Cell

    cells = (Cell("p", 0, 0), Cell("q", 1, 0))
    assert BoardView("g", 2, 1, cells, {}, layout="points", lines=(("p", "q"),)).lines
    with pytest.raises(ValueError, match="only a points board has lines"):
        BoardView("g", 2, 1, cells, {}, lines=(("p", "q"),))
    with pytest.raises(ValueError, match="the board does not have: r"):
        BoardView("g", 2, 1, cells, {}, layout="points", lines=(("p", "r"),))
    with pytest.raises(ValueError, match="not one of cells, points"):
        BoardView("g", 2, 1, cells, {}, layout="hexes")  # type: ignore[arg-type]


def test_a_points_text_board_draws_long_lines_and_leaves_holes_blank():
    from rules.core.view import BoardView, Cell, Piece

    # a 5x3 strip: the corners and the middle, joined round the rim and across the middle
    names = {"a1": (0, 0), "e1": (4, 0), "c2": (2, 1), "a3": (0, 2), "e3": (4, 2)}
    cells = tuple(Cell(n, f, r, piece=Piece("K", "w", text="wK") if n == "c2" else None)
                  for n, (f, r) in names.items())
    lines = (("a1", "e1"), ("a3", "e3"), ("a1", "a3"), ("e1", "e3"), ("a1", "c2"),
             ("c2", "e3"))
    view = BoardView("g", 5, 3, cells, {}, layout="points", lines=lines)
    assert text_board(view) == "\n".join([
        "3   .-------------------.",
        "    |              /    |",
        "2   |         wK        |",
        "    |    /              |",
        "1   .-------------------.",
        "    a    b    c    d    e",
    ])


def test_a_blank_last_move_is_what_the_spec_calls_blank():
    """The spec's pattern for a ``last_move`` string admits exactly the strings the service
    does not strip to nothing, one character at a time over the whole BMP (schemathesis once
    sent U+001F, which ECMA's ``\\s`` does not count as white space)."""
    import re

    from service.pictures.render import NOT_BLANK

    pattern = re.compile(NOT_BLANK)
    for code in range(0x10000):
        char = chr(code)
        assert bool(pattern.search(char)) == bool(char.strip()), hex(code)

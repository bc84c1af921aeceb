"""Pictures seen from any player, and what an SVG says to a screen reader.

Every registered game (and Noughts and Crosses, brought by a test) is drawn from every player
taking part: each square's group must land where a board turned to put that player's edge at
the bottom puts it, and the coordinates below and left of the board must follow the turn. The
description of every picture must list every piece by square.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from rules import registry
from rules.core.view import EDGES, view_for
from service.http.app import create_app
from service.pictures.drawing import CELL, MARGIN
from tests.http_helpers import assert_problem
from tests.noughts.noughts_game import NoughtsAndCrosses
from tests.positions import random_position

SVG_NS = "{http://www.w3.org/2000/svg}"

#: how the drawn x and y of a square change with its file and its rank, in cells, for the
#: player's edge at the bottom: (dx/dfile, dx/drank, dy/dfile, dy/drank); y grows downwards
AXES = {"south": (1, 0, 0, -1), "north": (-1, 0, 0, 1),
        "west": (0, -1, -1, 0), "east": (0, 1, 1, 0)}


def square_corners(root: ET.Element) -> dict[str, tuple[float, float]]:
    """The top-left corner of each square's rectangle, by the square's name."""
    corners = {}
    for group in root.iter(f"{SVG_NS}g"):
        if group.get("class") == "cell":
            rect = next(r for r in group if r.get("class") == "square")
            corners[group.get("data-square")] = (float(rect.get("x")), float(rect.get("y")))
    return corners


def label_texts(root: ET.Element) -> tuple[dict[float, str], dict[float, str]]:
    """The coordinates written around the board (paths of class ``coordinate``, each placed
    by its transform at its anchor on the baseline): below it (by x) and left of it (by y)."""
    height = float(root.get("viewBox").split()[3])
    below, left = {}, {}
    for path in root.iter(f"{SVG_NS}path"):
        if path.get("class") != "coordinate":
            continue
        x, y = map(float, path.get("transform").removeprefix("translate(").rstrip(")").split())
        if y == height - 8:
            below[x] = path.get("data-text")
        else:
            left[y] = path.get("data-text")
    return below, left


def check_seen_from(client, game_id: str, options: dict[str, Any] | None, plies: int) -> None:
    """Each player's picture puts the squares where their edge at the bottom puts them, and
    the labels under each column and beside each row name that column's or row's squares."""
    game, pos = random_position(game_id, plies, 3, options)
    view = view_for(game, pos)
    cells = {c.name: c for c in view.cells}
    text = game.format_position(pos)
    edges = game.seat_edges()
    assert set(edges) == set(game.seats()) and set(edges.values()) <= set(EDGES)
    for player, edge in edges.items():
        response = client.post(f"/v1/games/{game_id}/render", json={
            "position": text, "options": options, "orientation": player})
        assert response.status_code == 200, response.get_json()
        root = ET.fromstring(response.data)
        corners = square_corners(root)
        assert set(corners) == set(cells)
        a, b, c, d = AXES[edge]
        origin = min(cells.values(), key=lambda cell: (cell.file, cell.rank))
        x0, y0 = corners[origin.name]
        for name, (x, y) in corners.items():
            df, dr = cells[name].file - origin.file, cells[name].rank - origin.rank
            assert (x - x0, y - y0) == (CELL * (a * df + b * dr), CELL * (c * df + d * dr)), \
                (game_id, player, name)
        assert min(x for x, _ in corners.values()) >= MARGIN
        assert min(y for _, y in corners.values()) >= MARGIN
        # the player's own edge of the board is the bottom row of the picture
        own = {"south": lambda cell: cell.rank == 0,
               "north": lambda cell: cell.rank == view.ranks - 1,
               "west": lambda cell: cell.file == 0,
               "east": lambda cell: cell.file == view.files - 1}
        bottom = max(y for _, y in corners.values())
        assert all(corners[cell.name][1] == bottom for cell in cells.values() if own[edge](cell))
        below, left = label_texts(root)
        sideways = edge in ("west", "east")
        for name, (x, y) in corners.items():
            cell = cells[name]
            files_label, ranks_label = view.file_labels[cell.file], view.rank_labels[cell.rank]
            assert below[x + CELL / 2] == (ranks_label if sideways else files_label)
            assert left[y + CELL / 2 + 5] == (files_label if sideways else ranks_label)


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("plies", [0, 12])
def test_every_player_sees_the_board_from_their_side(client, game_id, plies):
    check_seen_from(client, game_id, None, plies)


def test_a_game_brought_by_a_test_is_seen_from_its_players(register_game):
    with register_game(NoughtsAndCrosses):
        check_seen_from(create_app().test_client(), "noughts", None, 3)


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_first_player_sees_the_default_picture_and_the_second_its_half_turn(client,
                                                                              game_id):
    """The first player's home corner (the bottom-left square) is bottom-left by default and
    top-right when the board is seen from the player opposite."""
    game = registry.configure(game_id)
    first, second = game.seats()[:2]
    default = client.post(f"/v1/games/{game_id}/render", json={})
    assert client.post(f"/v1/games/{game_id}/render",
                       json={"orientation": first}).data == default.data
    view = view_for(game, game.start_position)
    home = min(view.cells, key=lambda cell: (cell.rank, cell.file)).name
    assert game.seat_edges()[second] == "north"
    for orientation, bottom_left in ((None, True), (second, False)):
        corners = square_corners(ET.fromstring(client.post(
            f"/v1/games/{game_id}/render", json={"orientation": orientation}).data))
        x, y = corners[home]
        xs, ys = [x for x, _ in corners.values()], [y for _, y in corners.values()]
        assert (x, y) == ((min(xs), max(ys)) if bottom_left else (max(xs), min(ys)))


@pytest.mark.parametrize("orientation, words", [
    ("purple", "is not a player of"), ("White", "is not a player of")])
def test_an_unknown_orientation_is_a_422(client, orientation, words):
    body = assert_problem(client.post("/v1/games/kings-mate/render",
                                      json={"orientation": orientation}),
                          422, "invalid_orientation")
    assert words in body["detail"] and "white, black" in body["detail"]
    assert body["title"] == "Invalid orientation"


@pytest.mark.parametrize("value", ["", 3, ["white"], "x" * 33])
def test_an_orientation_that_is_no_name_is_a_400(client, value):
    response = client.post("/v1/games/mastery/render", json={"orientation": value})
    assert assert_problem(response, 400, "malformed_request")["errors"].keys() == {"orientation"}


# ---- what a screen reader is told --------------------------------------------------------

def described(root: ET.Element) -> tuple[str, str]:
    """The title and the description the SVG's ARIA attributes point to."""
    by_id = {element.get("id"): element.text for element in root.iter() if element.get("id")}
    assert root.get("role") == "img"
    return by_id[root.get("aria-labelledby")], by_id[root.get("aria-describedby")]


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("plies", [0, 12, 40])
def test_every_svg_is_titled_and_lists_every_piece_by_square(client, game_id, plies):
    game, pos = random_position(game_id, plies, 11)
    response = client.post(f"/v1/games/{game_id}/render",
                           json={"position": game.format_position(pos)})
    assert response.data == client.post(f"/v1/games/{game_id}/render",
                                        json={"position": game.format_position(pos)}).data
    root = ET.fromstring(response.data)
    title, desc = described(root)
    assert root.find(f"{SVG_NS}title").text == title and root.find(f"{SVG_NS}desc").text == desc
    view = view_for(game, pos)
    assert title.startswith(game.name)
    if view.to_move:
        assert title == f"{game.name}, {view.to_move} to move"
    owners: dict[str, set[str]] = {}
    for cell in view.cells:
        if cell.piece is not None:
            owners.setdefault(cell.piece.owner.lower(), set()).add(cell.name)
    if not owners:
        assert desc.startswith("No pieces on the board.")
        return
    listed: dict[str, set[str]] = {}
    for part in desc.split(". ")[0].rstrip(".").split("; "):
        owner, _, pieces = part.partition(": ")
        listed[owner.lower()] = {piece.rsplit(" ", 1)[1] for piece in pieces.split(", ")}
    assert listed == owners


def test_the_title_says_whom_a_turned_board_is_seen_by(client):
    root = ET.fromstring(client.post("/v1/games/kings-mate/render",
                                     json={"orientation": "black"}).data)
    assert described(root)[0] == "King's Mate, white to move, seen by black"
    marked = ET.fromstring(client.post("/v1/games/kings-mate/render",
                                       json={"highlight": ["a1", "c2"],
                                             "last_move": "b2b3"}).data)
    desc = described(marked)[1]
    assert desc.endswith("Previous move: b2, b3. Highlighted: a1, c2.")


def test_a_stack_is_named_once_with_its_height(client):
    """A piece's tooltip gives a stack's height once: Maestria names it (``white stack of
    4``), so no ``x4`` is added; a name that does not give it gets one."""
    position = "w1,-,w3,-,w3,-,w1*,-,w4,-,w1,-/b3,-,b1,-,b3,-,b4*,-,b2,-,b2,- setup w 2 - 0 5"
    root = ET.fromstring(client.post("/v1/games/maestria/render",
                                     json={"position": position}).data)
    titles = [g.find(f"{SVG_NS}title").text for g in root.iter(f"{SVG_NS}g")
              if g.get("class") == "piece"]
    assert "white stack of 4" in titles and "black stack of 3" in titles
    assert not [t for t in titles if " x" in t], titles

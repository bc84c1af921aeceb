"""Three Men's Morris served end to end (setup, legal moves, apply, status, its refusals) and
drawn as a board of points joined by lines: the SVG's lines and points, the PNG, the text
board, and the animation."""

from __future__ import annotations

import io
import itertools
import xml.etree.ElementTree as ET
from typing import Any

from flask.testing import FlaskClient
from PIL import Image

from rules import registry
from rules.core.view import text_board, view_for
from tests.http_helpers import Post
from tests.morris.morris_game import LINES, SEGMENTS, Position, line_of

SVG_NS = "{http://www.w3.org/2000/svg}"
#: a game: three placements each, then steps until x has the top row
GAME = ["b3", "c2", "b2", "c1", "c3", "a3", "b2-a2", "a3-b2", "a2-a3"]
PLACED = "oxx/.xo/..o x"


def call(post: Post, operation: str, body: dict[str, Any]) -> tuple[int, Any]:
    response = post("morris", operation, body)
    return response.status_code, response.get_json(force=True, silent=True)


def test_placements_then_steps_along_lines(post: Post) -> None:
    status, body = call(post, "legal-moves", {})
    assert status == 200 and {m["move"] for m in body["moves"]} == {
        f"{f}{r}" for f in "abc" for r in "123"}
    assert body["moves"][0] == {"move": "a1", "to": "a1", "kind": "place", "piece": "x"}
    status, body = call(post, "replay", {"moves": GAME[:6]})
    assert status == 200 and body["position"] == PLACED
    status, body = call(post, "legal-moves", {"position": PLACED})
    steps = {m["move"]: m for m in body["moves"]}
    # only b2 can step (b3 and c3 are hemmed in), to its empty neighbours along the lines
    assert set(steps) == {"b2-a1", "b2-a2", "b2-b1"}
    assert steps["b2-a1"] == {"move": "b2-a1", "from": "b2", "to": "a1", "kind": "step",
                              "piece": "x"}


def test_three_in_a_line_wins_placing_or_stepping(post: Post) -> None:
    status, body = call(post, "replay", {"moves": ["a1", "a2", "b2", "a3", "c3"]})
    assert status == 200
    assert body["status"] == {"state": "win", "winner": "x", "reason": "three_in_a_line",
                              "to_move": None}
    status, body = call(post, "replay", {"moves": GAME})
    assert status == 200 and body["position"] == "xxx/.oo/..o o"
    assert body["status"]["winner"] == "x"
    status, body = call(post, "replay", {"moves": GAME[:-1]})
    assert body["status"]["state"] == "ongoing"


def test_refusals_name_their_rule(post: Post) -> None:
    for move, reason in [("b3-a2", "not_joined"), ("c2-b1", "not_yours"),
                         ("a1", "placement_over"), ("b2-c2", "occupied"),
                         ("zz", "malformed_move")]:
        status, body = call(post, "apply", {"position": PLACED, "move": move})
        assert status == 422 and body["reason"] == reason, (move, body)
    status, body = call(post, "apply", {"position": ".../.x./... o", "move": "b2-c2"})
    assert status == 422 and body["reason"] == "still_placing"


def test_no_placed_position_leaves_a_player_without_a_step() -> None:
    game = registry.configure("morris")
    checked = 0
    for crosses in itertools.combinations(range(9), 3):
        for noughts in itertools.combinations(sorted(set(range(9)) - set(crosses)), 3):
            points = ["x" if i in crosses else "o" if i in noughts else "." for i in range(9)]
            for to_move in ("x", "o"):
                position = Position(tuple(points), to_move)
                if line_of(position.points) is None:
                    assert game.legal_moves(position), game.format_position(position)
                    checked += 1
    assert checked > 1000


def test_the_picture_is_points_joined_by_the_lines(client: FlaskClient) -> None:
    response = client.post("/v1/games/morris/render", json={
        "position": "oxx/x.o/..o o", "last_move": "b2-a2", "highlight": ["b2"]})
    assert response.status_code == 200
    root = ET.fromstring(response.data)
    assert root.get("data-layout") == "points"
    drawn = {frozenset((line.get("data-from"), line.get("data-to")))
             for line in root.iter(f"{SVG_NS}line")}
    assert drawn == {frozenset(pair) for pair in SEGMENTS} and len(SEGMENTS) == 16
    # every line of three is drawn whole: its two segments
    assert all({frozenset(line[:2]), frozenset(line[1:])} <= drawn for line in LINES)
    cells = {g.get("data-square"): g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "cell"}
    assert set(cells) == {f"{f}{r}" for f in "abc" for r in "123"}
    for name, group in cells.items():
        area = next(e for e in group if e.get("class") == "square")
        point = next(e for e in group if e.get("class") == "point")
        # the area a pointer hits is a cell wide, centred on the point
        assert area.get("pointer-events") == "all" and float(area.get("width")) == 60
        assert float(area.get("x")) + 30 == float(point.get("cx"))
        assert float(area.get("y")) + 30 == float(point.get("cy"))
    # each line runs from one point's centre to the other's
    for line in root.iter(f"{SVG_NS}line"):
        for end, (x, y) in (("data-from", ("x1", "y1")), ("data-to", ("x2", "y2"))):
            point = next(e for e in cells[line.get(end)] if e.get("class") == "point")
            assert (line.get(x), line.get(y)) == (point.get("cx"), point.get("cy"))
    framed = {name for name, group in cells.items()
              if any(e.get("class") == "last-move" for e in group)}
    assert framed == {"b2", "a2"}
    assert [e.get("class") for e in cells["b2"] if e.get("class") == "highlight"] == [
        "highlight", "highlight"]
    pieces = {name: next(e for e in group if e.get("class") == "piece").get("data-owner")
              for name, group in cells.items()
              if any(e.get("class") == "piece" for e in group)}
    assert pieces == {"a3": "o", "c2": "o", "c1": "o", "b3": "x", "c3": "x", "a2": "x"}


def test_the_png_and_the_animation(client: FlaskClient) -> None:
    response = client.post("/v1/games/morris/render", json={"format": "png", "size": 240})
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.data)).size == (240, 240)
    response = client.post("/v1/games/morris/replay-picture", json={
        "moves": GAME, "size": 200, "format": "gif"})
    assert response.status_code == 200, response.get_json(silent=True)
    gif = Image.open(io.BytesIO(response.data))
    assert gif.n_frames == len(GAME) + 1 and gif.size == (200, 200)


def test_the_text_board_draws_the_lines() -> None:
    game = registry.configure("morris")
    view = view_for(game, game.parse_position("oxx/x.o/..o o"))
    assert text_board(view) == "\n".join([
        "3  o---x---x",
        "   | \\ | / |",
        "2  x---.---o",
        "   | / | \\ |",
        "1  .---.---o",
        "   a   b   c",
    ])

"""The animated picture of a game: ``POST /v1/games/{game}/replay-picture`` and its GET forms
``replay.png`` (APNG) and ``replay.gif``.

N plies give N + 1 frames (the start first), every game alike; the GET forms answer the POST's
bytes and are cached like the pictures by URL; plies, size and frame length are bounded, an
illegal ply is replay's 422 with its index, and the cost counts every frame.
"""

from __future__ import annotations

import io
from urllib.parse import urlencode

import orjson
import pytest
from PIL import Image

from rules import registry
from service.pictures.animation import MAX_ANIMATION_SIZE, MAX_PLIES, replay_picture_cost
from service.concerns.shedding import HEAVY_MS
from tests.http_helpers import assert_problem


def game_moves(game_id: str, plies: int) -> list[str]:
    """``plies`` legal moves of a game from its start (chance moves: their first outcome, the
    one a seed of 0 need not give, so the dice are sent), in the game's notation, and their
    dice."""
    game = registry.configure(game_id)
    pos = game.start_position
    moves, dice = [], []
    for index in range(plies):
        legal = game.legal_moves(pos)
        if not legal:
            break
        move = legal[(index * 7) % len(legal)]
        roll = game.chance_outcomes(pos, move)[0][0] if game.is_chance(pos, move) else None
        moves.append(game.format_move(pos, move))
        dice.append(roll)
        pos = game.apply(pos, move, roll).position
    return moves, dice


def frames(data: bytes) -> int:
    return Image.open(io.BytesIO(data)).n_frames


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("format, media", [("gif", "image/gif"), ("apng", "image/png")])
def test_n_plies_give_n_plus_one_frames_by_post_and_by_url(client, game_id, format, media):
    moves, dice = game_moves(game_id, 5)
    game = registry.configure(game_id)
    body = {"moves": moves, "dice": dice, "size": 120, "orientation": game.seats()[-1],
            "frame_ms": 300}
    posted = client.post(f"/v1/games/{game_id}/replay-picture", json={**body, "format": format})
    assert posted.status_code == 200, posted.get_json()
    assert posted.mimetype == media
    assert frames(posted.data) == len(moves) + 1
    image = Image.open(io.BytesIO(posted.data))
    assert max(image.size) == 120 and image.info.get("duration") == 300
    query = urlencode({"moves": ",".join(moves), "dice": orjson.dumps(dice).decode(),
                       "size": 120, "orientation": game.seats()[-1], "frame_ms": 300})
    suffix = "gif" if format == "gif" else "png"
    got = client.get(f"/v1/games/{game_id}/replay.{suffix}?{query}")
    assert got.status_code == 200 and got.mimetype == media
    assert got.data == posted.data
    tag = got.headers["ETag"]
    assert got.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    unchanged = client.get(f"/v1/games/{game_id}/replay.{suffix}?{query}",
                           headers={"If-None-Match": tag})
    assert (unchanged.status_code, unchanged.data) == (304, b"")


def test_frames_differ_ply_by_ply_and_no_plies_is_one_frame(client):
    moves, _ = game_moves("mastery", 3)
    data = client.post("/v1/games/mastery/replay-picture",
                       json={"moves": moves, "format": "apng", "size": 100}).data
    image = Image.open(io.BytesIO(data))
    pictures = []
    for index in range(image.n_frames):
        image.seek(index)
        pictures.append(image.convert("RGB").tobytes())
    assert len(set(pictures)) == len(moves) + 1
    single = client.get("/v1/games/mastery/replay.gif?moves=&size=100")
    assert single.status_code == 200 and frames(single.data) == 1


def test_an_illegal_ply_is_replays_422_with_its_index(client):
    moves, _ = game_moves("kings-mate", 2)
    replay = client.post("/v1/games/kings-mate/replay", json={"moves": [*moves, "a1a9"]})
    for response in (client.post("/v1/games/kings-mate/replay-picture",
                                 json={"moves": [*moves, "a1a9"]}),
                     client.get(f"/v1/games/kings-mate/replay.gif?moves={','.join(moves)},a1a9")):
        problem = assert_problem(response, 422, replay.get_json()["code"])
        assert problem["index"] == 2 == replay.get_json()["index"]
        assert problem["detail"] == replay.get_json()["detail"]


@pytest.mark.parametrize("body, status, code, field", [
    ({"moves": ["d4d5"] * (MAX_PLIES + 1)}, 400, "malformed_request", "moves"),
    ({"moves": [], "size": MAX_ANIMATION_SIZE + 1}, 400, "malformed_request", "size"),
    ({"moves": [], "size": 99}, 400, "malformed_request", "size"),
    ({"moves": [], "frame_ms": 99}, 400, "malformed_request", "frame_ms"),
    ({"moves": [], "format": "svg"}, 400, "malformed_request", "format"),
    ({}, 400, "malformed_request", "moves"),
    ({"moves": [], "orientation": "purple"}, 422, "invalid_orientation", None),
    ({"moves": [], "options": {"nope": 1}}, 422, "invalid_options", None),
])
def test_bounds_and_bad_bodies_get_their_problems(client, body, status, code, field):
    problem = assert_problem(client.post("/v1/games/mastery/replay-picture", json=body),
                             status, code)
    if field is not None:
        assert field in problem["errors"]


@pytest.mark.parametrize("query, status, code, parameter", [
    ("moves=" + ",".join(["d4d5"] * (MAX_PLIES + 1)), 400, "malformed_request", "moves"),
    ("moves=d4d5&size=abc", 400, "malformed_request", "size"),
    ("moves=d4d5&dice=%5Bnope", 400, "malformed_request", "dice"),
    ("moves=d4d5&format=gif", 400, "malformed_request", "format"),
    ("size=200", 400, "malformed_request", "moves"),
    ("moves=d4d5&orientation=purple", 422, "invalid_orientation", None),
])
def test_every_bad_query_gets_its_problem(client, query, status, code, parameter):
    problem = assert_problem(client.get(f"/v1/games/mastery/replay.png?{query}"), status, code)
    if parameter is not None:
        assert parameter in problem["errors"]


def test_the_cost_counts_every_frame_and_a_long_game_is_heavy():
    game = registry.configure("mastery")
    small = replay_picture_cost(game, {"moves": ["d4d5"], "size": 100})
    longer = replay_picture_cost(game, {"moves": ["d4d5"] * 10, "size": 100})
    larger = replay_picture_cost(game, {"moves": ["d4d5"] * 10, "size": 800})
    assert small < longer < larger
    assert replay_picture_cost(game, {"moves": ["d4d5"] * MAX_PLIES, "size": None}) > HEAVY_MS


def test_without_a_seed_the_url_rolls_with_seed_zero(client):
    """Rolled dice make the picture a function of the seed; by URL it is 0 unless given, so
    the same URL is the same picture."""
    moves, _ = game_moves("maestria", 40)
    query = urlencode({"moves": ",".join(moves), "size": 100})
    by_url = client.get(f"/v1/games/maestria/replay.gif?{query}")
    seeded = client.post("/v1/games/maestria/replay-picture",
                         json={"moves": moves, "size": 100, "seed": 0})
    assert by_url.status_code == seeded.status_code
    if by_url.status_code == 200:
        assert by_url.data == seeded.data

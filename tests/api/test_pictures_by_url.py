"""Pictures by URL: ``GET /v1/games/{game}/render.svg`` and ``render.png``.

The GET answers the POST's picture for the same fields, byte for byte; carries a strong ETag
and a year's immutable Cache-Control; answers 304 to an If-None-Match that names its tag; and
refuses every bad query with the problem document of the body field of the same name (or a
400 naming the parameter it cannot read). The ETag is the same in two separate service
processes, and an over-long URL is a problem document from the real server too.
"""

from __future__ import annotations

import contextlib
import urllib.error
import urllib.request
from urllib.parse import urlencode

import orjson
import pytest

from rules import registry
from tests.http_helpers import assert_problem
from tests.live_service import running_service
from tests.positions import random_position

IMMUTABLE = "public, max-age=31536000, immutable"


def query_of(body: dict) -> str:
    """The query string standing for a render ``body`` (format aside)."""
    params = {}
    for key, value in body.items():
        if key == "options":
            params[key] = orjson.dumps(value).decode()
        elif key == "highlight":
            params[key] = ",".join(value)
        elif isinstance(value, bool):
            params[key] = "true" if value else "false"
        else:
            params[key] = str(value)
    return urlencode(params)


def bodies(game_id: str) -> list[dict]:
    """Render bodies of ``game_id``: the start, a midgame position seen by the last seat with
    a highlight and no last move, and one with its options sent and a size."""
    game, pos = random_position(game_id, 10, 5)
    view = game.board_view(pos)
    return [
        {},
        {"position": game.format_position(pos), "orientation": game.seats()[-1],
         "highlight": [view.cells[0].name, view.cells[-1].name], "last_move": False},
        {"options": dict(game.options), "size": 333},
    ]


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("format", ["svg", "png"])
def test_the_url_gives_the_posts_picture(client, game_id, format):
    for body in bodies(game_id):
        posted = client.post(f"/v1/games/{game_id}/render", json={**body, "format": format})
        got = client.get(f"/v1/games/{game_id}/render.{format}?{query_of(body)}")
        assert posted.status_code == got.status_code == 200, got.get_json()
        assert got.data == posted.data
        assert got.content_type == posted.content_type
        assert got.headers["Cache-Control"] == IMMUTABLE
        tag = got.headers["ETag"]
        assert tag.startswith('"') and tag.endswith('"') and len(tag) > 20   # strong
        again = client.get(f"/v1/games/{game_id}/render.{format}?{query_of(body)}")
        assert again.headers["ETag"] == tag and again.data == got.data


def test_the_url_answers_its_own_type_unless_accept_prefers_plain_bytes(client):
    """As the POST does, for generated clients that read binary answers as octets; the
    plain bytes are another representation, with their own tag."""
    url = "/v1/games/mastery/render.png"
    for accept in (None, "*/*", "image/*", "image/avif,image/webp,image/apng,*/*;q=0.8"):
        got = client.get(url, headers={"Accept": accept} if accept else {})
        assert got.status_code == 200 and got.content_type == "image/png", accept
        assert got.headers["Vary"] == "Accept"
    own = client.get(url)
    octets = client.get(url, headers={"Accept": "application/octet-stream"})
    assert octets.content_type == "application/octet-stream" and octets.data == own.data
    assert octets.headers["ETag"] != own.headers["ETag"]
    assert client.get(url, headers={"Accept": "application/octet-stream",
                                    "If-None-Match": octets.headers["ETag"]}).status_code == 304
    assert client.get(url, headers={"Accept": "application/octet-stream",
                                    "If-None-Match": own.headers["ETag"]}).status_code == 200


def test_different_pictures_have_different_tags(client):
    urls = ["/v1/games/mastery/render.svg", "/v1/games/mastery/render.png",
            "/v1/games/mastery/render.svg?size=300",
            "/v1/games/mastery/render.svg?orientation=light",
            "/v1/games/kings-mate/render.svg", "/v1/games/mastery/render.svg?highlight=a1"]
    tags = [client.get(url).headers["ETag"] for url in urls]
    assert len(set(tags)) == len(tags)
    # what the options resolve to counts, not how they were written
    mastery = registry.configure("mastery")
    spelled = urlencode({"options": orjson.dumps(dict(mastery.options)).decode()})
    assert client.get(f"/v1/games/mastery/render.svg?{spelled}").headers["ETag"] == tags[0]


@pytest.mark.parametrize("format", ["svg", "png"])
def test_if_none_match_naming_the_tag_is_a_304_without_a_body(client, format):
    url = f"/v1/games/kings-mate/render.{format}?size=200&orientation=black"
    tag = client.get(url).headers["ETag"]
    for header in (tag, f"W/{tag}", f'"other", {tag}', "*"):
        unchanged = client.get(url, headers={"If-None-Match": header})
        assert unchanged.status_code == 304, header
        assert unchanged.data == b""
        assert unchanged.headers["ETag"] == tag
        assert unchanged.headers["Cache-Control"] == IMMUTABLE
        assert "Content-Type" not in unchanged.headers
    for header in ('"other"', tag[:-2] + '"', "W/\"x\", \"y\""):
        changed = client.get(url, headers={"If-None-Match": header})
        assert changed.status_code == 200 and changed.headers["ETag"] == tag
        assert changed.data == client.get(url).data


def test_a_304_is_judged_after_admission(client):
    """A tag does not let a bad query through: the problem comes first; and * is a 304 only
    for a query that has a picture."""
    tag = client.get("/v1/games/mastery/render.svg").headers["ETag"]
    assert_problem(client.get("/v1/games/mastery/render.svg?size=5",
                              headers={"If-None-Match": "*"}), 400, "malformed_request")
    assert_problem(client.get("/v1/games/mastery/render.svg?highlight=z9",
                              headers={"If-None-Match": "*"}), 422, "invalid_highlight")
    assert_problem(client.get("/v1/games/mastery/replay.gif?moves=zz",
                              headers={"If-None-Match": "*"}), 422, "illegal_move")
    assert client.get("/v1/games/mastery/render.svg",
                      headers={"If-None-Match": tag}).status_code == 304


@pytest.mark.parametrize("query, status, code, parameter", [
    ("size=abc", 400, "malformed_request", "size"),
    ("size=300.5", 400, "malformed_request", "size"),
    ("size=99", 400, "malformed_request", "size"),
    ("size=2001", 400, "malformed_request", "size"),
    ("options=%7Bnot%20json", 400, "malformed_request", "options"),
    ("options=%5B1%5D", 400, "malformed_request", "options"),
    ("colour=red", 400, "malformed_request", "colour"),
    ("format=png", 400, "malformed_request", "format"),
    ("highlight=a1&highlight=b2", 400, "malformed_request", "highlight"),
    ("highlight=a1,,b2", 400, "malformed_request", "highlight"),
    ("highlight=" + ",".join(["a1"] * 65), 400, "malformed_request", "highlight"),
    ("orientation=" + "x" * 33, 400, "malformed_request", "orientation"),
    ("position=" + "x" * 2049, 400, "malformed_request", "position"),
    ("highlight=z9", 422, "invalid_highlight", None),
    ("last_move=d4d5%2BK%40a1", 422, "invalid_last_move", None),
    ("orientation=purple", 422, "invalid_orientation", None),
    ("position=8/8%20d%20-%200%201", 422, "invalid_position", None),
    ("options=%7B%22setup%22%3A%22nope%22%7D", 422, "invalid_options", None),
    ("position=" + "%E2%99%9A" * 1400, 414, "request_line_too_long", None),
])
@pytest.mark.parametrize("format", ["svg", "png"])
def test_every_bad_query_gets_its_problem(client, query, status, code, parameter, format):
    problem = assert_problem(client.get(f"/v1/games/mastery/render.{format}?{query}"),
                             status, code)
    if parameter is not None:
        assert problem["errors"].keys() == {parameter}
        assert f"fix {parameter}" in problem["detail"]
        assert problem["detail"].startswith("The query string does not match")


def test_an_unknown_game_and_a_body_on_a_get_are_problems(client):
    assert_problem(client.get("/v1/games/chess/render.png"), 404, "unknown_game")
    with_body = client.get("/v1/games/mastery/render.png", data=b"{}",
                           content_type="application/json")
    assert "query string" in assert_problem(with_body, 400, "malformed_request")["detail"]


def test_an_empty_value_is_read_as_empty_text(client):
    plain = client.get("/v1/games/mastery/render.svg")
    no_highlight = client.get("/v1/games/mastery/render.svg?highlight=")
    assert no_highlight.status_code == 200 and no_highlight.data == plain.data
    assert no_highlight.headers["ETag"] == plain.headers["ETag"]
    for parameter, status in (("size", 400), ("orientation", 400), ("last_move", 400),
                              ("options", 400), ("position", 422)):
        response = client.get(f"/v1/games/mastery/render.svg?{parameter}=")
        assert response.status_code == status, parameter


# ---- over HTTP, against two separate service processes -----------------------------------

def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of a GET of ``url`` (an error status is returned, not
    raised)."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_etag_holds_across_two_service_processes():
    paths = ["/v1/games/sceptre/render.png?size=240&orientation=black",
             "/v1/games/mastery/render.png?highlight=d2,d3",
             "/v1/games/kings-mate/render.svg?orientation=black"]
    with contextlib.ExitStack() as stack:
        first, second = (stack.enter_context(running_service(workers=2)) for _ in range(2))
        # each draws something else first
        fetch(first + "/v1/games/mastery/render.png?size=700")
        fetch(second + "/v1/games/maestria/render.png?size=500")
        for path in paths:
            a, b = fetch(first + path), fetch(second + path)
            assert a[0] == b[0] == 200
            assert a[1]["ETag"] == b[1]["ETag"] and a[2] == b[2], path
            status, headers, body = fetch(second + path, {"If-None-Match": a[1]["ETag"]})
            assert (status, body, headers["ETag"]) == (304, b"", a[1]["ETag"])
            assert headers["Cache-Control"] == IMMUTABLE
        # an over-long URL is the server's problem document, never a 500
        status, headers, body = fetch(first + "/v1/games/mastery/render.png?position="
                                      + "x" * 5000)
        assert status == 414
        assert orjson.loads(body)["code"] == "request_line_too_long"


def test_the_query_limit_is_the_servers_request_line_limit():
    from service.http import limits
    from service.server import gunicorn_conf

    assert limits.MAX_QUERY_BYTES == limits.MAX_REQUEST_LINE == gunicorn_conf.limit_request_line

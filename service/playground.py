"""The playground: a web page at ``/play`` over the service's own API (``/`` leads to it).

The page, its script and its style are plain files in ``service/static/`` served from the
package (no CDN): it fetches the SVG board from the render operation, inlines it, and maps
clicks on its ``data-square`` groups to the moves from ``legal-moves``.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

from flask import Response

from .media import OCTETS, preferred_type
from .views import Operation

HTML = {"text/html": {"type": "string"}}
SVG = "image/svg+xml"

HOME_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Board game referee</title>
<meta http-equiv="refresh" content="0; url=/play"></head>
<body><p>The playground is at <a href="/play">/play</a>; the API is documented at
<a href="/docs">/docs</a> and <a href="/openapi.yaml">/openapi.yaml</a>.</p>
<script>location.replace("/play" + location.search);</script></body></html>
"""


@lru_cache(maxsize=1)
def page() -> str:
    return files("service").joinpath("static", "playground.html").read_text(encoding="utf-8")


def play():
    return Response(page(), mimetype="text/html")


def home():
    return Response(HOME_PAGE, mimetype="text/html")


@lru_cache(maxsize=1)
def favicon_svg() -> bytes:
    return files("service").joinpath("static", "favicon.svg").read_bytes()


def favicon():
    """The site icon, an SVG, where browsers look for it (so no page logs a 404); as
    application/octet-stream to a client whose Accept header prefers that."""
    return Response(favicon_svg(), mimetype=preferred_type(SVG, OCTETS),
                    headers={"Cache-Control": "public, max-age=86400"})


OPERATIONS: tuple[Operation, ...] = (
    Operation("get", "/play", play, "playground", "Playground",
              "A web page to try the games: choose a game and options, click a piece to see "
              "its legal moves, play them, see the status. Plain HTML and JavaScript served "
              "by the service (script and style under /static/), over this API.",
              None, tag="operations", media=HTML),
    Operation("get", "/favicon.ico", favicon, "favicon", "Site icon",
              "The icon browsers show for the playground and the API docs (an SVG).",
              None, tag="operations",
              media={SVG: {"type": "string"}, OCTETS: {"type": "string", "format": "binary"}}),
    Operation("get", "/", home, "home", "Home",
              "Sends a browser on to the playground at /play (an HTML page that redirects), "
              "with links to the API documentation.",
              None, tag="operations", media=HTML),
)

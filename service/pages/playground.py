"""The playground: a web page at ``/play`` over the service's own API (``/`` leads to it).

The page, its script and its style are plain files in ``service/static/`` served from the
package (no CDN): a page of options (game, options, position, undo, the computer's sides and
level, the moves played) around the ``<referee-board>`` element (:mod:`service.pages.elements`),
which draws the board and takes the moves.
"""

from __future__ import annotations

from importlib.resources import files

from rules.core.memo import memo

from service.http.media import OCTETS, preferred_type
from service.operations.operation import Page, PageRequest

HTML = {"text/html": {"type": "string"}}
SVG = "image/svg+xml"

HOME_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Board game referee</title>
<meta http-equiv="refresh" content="0; url=/play"></head>
<body><p>The playground is at <a href="/play">/play</a>; the API is documented at
<a href="/docs">/docs</a> and <a href="/openapi.yaml">/openapi.yaml</a>.</p>
<script>location.replace("/play" + location.search);</script></body></html>
"""


HOME_BYTES = HOME_PAGE.encode()


@memo(entry_bytes=3_500, most=1)
def page() -> bytes:
    """The playground's HTML, as shipped in the package."""
    return files("service").joinpath("static", "playground.html").read_bytes()


def play(request: PageRequest) -> Page:
    """The playground."""
    return Page(page(), "text/html")


def home(request: PageRequest) -> Page:
    """A page sending the browser on to the playground."""
    return Page(HOME_BYTES, "text/html")


@memo(entry_bytes=720, most=1)
def favicon_svg() -> bytes:
    return files("service").joinpath("static", "favicon.svg").read_bytes()


def favicon(request: PageRequest) -> Page:
    """The site icon, an SVG, where browsers look for it (so no page logs a 404); as
    application/octet-stream to a client whose Accept header prefers that."""
    return Page(favicon_svg(), preferred_type(request.accept, SVG, OCTETS),
                (("Cache-Control", "public, max-age=86400"),))

"""The playground: a web page at ``/play`` over the service's own API (``/`` leads to it).

The page, its script and its style are plain files in ``service/static/`` served from the
package (no CDN): a page of options (game, options, position, undo, the computer's sides and
level, the moves played) around the ``<referee-board>`` element (:mod:`service.pages.elements`),
which draws the board and takes the moves.
"""

from __future__ import annotations

from importlib.resources import files

from flask import Response, request

from rules.core.memo import memo

from service.http.media import OCTETS, preferred_type

HTML = {"text/html": {"type": "string"}}
SVG = "image/svg+xml"

HOME_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Board game referee</title>
<meta http-equiv="refresh" content="0; url=/play"></head>
<body><p>The playground is at <a href="/play">/play</a>; the API is documented at
<a href="/docs">/docs</a> and <a href="/openapi.yaml">/openapi.yaml</a>.</p>
<script>location.replace("/play" + location.search);</script></body></html>
"""


@memo(entry_bytes=6_800, most=1)
def page() -> str:
    return files("service").joinpath("static", "playground.html").read_text(encoding="utf-8")


def play() -> Response:
    return Response(page(), mimetype="text/html")


def home() -> Response:
    return Response(HOME_PAGE, mimetype="text/html")


@memo(entry_bytes=720, most=1)
def favicon_svg() -> bytes:
    return files("service").joinpath("static", "favicon.svg").read_bytes()


def favicon() -> Response:
    """The site icon, an SVG, where browsers look for it (so no page logs a 404); as
    application/octet-stream to a client whose Accept header prefers that."""
    return Response(favicon_svg(), mimetype=preferred_type(request.accept_mimetypes, SVG, OCTETS),
                    headers={"Cache-Control": "public, max-age=86400"})

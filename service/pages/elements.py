"""The board element, ``<referee-board>``: a plain ES module any page imports from the service.

The module is a file in ``service/static/`` shipped with the package. It is served at a
stable, versioned URL with a strong ``ETag`` (a digest of its bytes) and a ``Cache-Control``
that lets a browser keep it for a while, then revalidate: a request whose ``If-None-Match``
names the current tag is answered ``304 Not Modified`` without the body.
"""

from __future__ import annotations

import hashlib
from importlib.resources import files

from flask import Response, request

from rules.core.memo import memo

JAVASCRIPT = "text/javascript"
#: how long a browser may use its copy before asking again (it then gets a 304 if unchanged)
CACHE_CONTROL = "public, max-age=3600"


@memo(entry_bytes=72_000, most=1)
def board_element_source() -> bytes:
    """The bytes of the element's module, as shipped in the package."""
    return files("service").joinpath("static", "referee-board.js").read_bytes()


@memo(entry_bytes=300, most=1)
def board_element_etag() -> str:
    """The strong entity tag of the module: a digest of its bytes, the same in every worker
    and replica running the same package."""
    return hashlib.sha256(board_element_source()).hexdigest()[:32]


def board_element() -> Response:
    """The element's module as ``text/javascript``, or 304 when the request's
    ``If-None-Match`` names its current tag."""
    headers = {"Cache-Control": CACHE_CONTROL}
    response = Response(board_element_source(), mimetype=JAVASCRIPT, headers=headers)
    response.set_etag(board_element_etag())
    response.make_conditional(request)  # turns it into a 304 in place when the tag matches
    return response

"""Which media type to answer in, for answers that come in two."""

from __future__ import annotations

from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from rules.core.memo import memo

#: The media type of every answer that is one JSON document.
JSON = "application/json"
#: The media type a generated client reads any binary answer as.
OCTETS = "application/octet-stream"
#: One JSON document a line, each ended by a newline: an answer given item by item.
NDJSON = "application/x-ndjson"


#: the longest Accept header whose reading is kept: a longer one is read again each time, so
#: that no client can make the cache hold more than it declares
LONGEST_KEPT = 256


def preferred_type(accept: str | None, own: str, alternative: str) -> str:
    """``own``, or ``alternative`` when the types of ``accept`` (the request's Accept header,
    None when it sends none) prefer it (a client that sends no Accept header, or ``*/*``,
    gets ``own``)."""
    if accept is not None and len(accept) > LONGEST_KEPT:
        return _preferred.fn(accept, own, alternative)
    return _preferred(accept, own, alternative)


@memo(entry_bytes=320, most=256)
def _preferred(accept: str | None, own: str, alternative: str) -> str:
    """:func:`preferred_type`, kept for the headers seen lately: clients send the same few,
    and reading one costs more than the rest of a small request's road."""
    accepted = parse_accept_header(accept, MIMEAccept)
    return alternative if accepted.quality(alternative) > accepted.quality(own) else own

"""Which media type to answer in, for answers that come in two."""

from __future__ import annotations

from werkzeug.datastructures import MIMEAccept

#: The media type of every answer that is one JSON document.
JSON = "application/json"
#: The media type a generated client reads any binary answer as.
OCTETS = "application/octet-stream"
#: One JSON document a line, each ended by a newline: an answer given item by item.
NDJSON = "application/x-ndjson"


def preferred_type(accepted: MIMEAccept, own: str, alternative: str) -> str:
    """``own``, or ``alternative`` when the ``accepted`` types (the request's Accept header)
    prefer it (a client that sends no Accept header, or ``*/*``, gets ``own``)."""
    return alternative if accepted.quality(alternative) > accepted.quality(own) else own

"""Which media type to answer in, for answers that come in two."""

from __future__ import annotations

from flask import request

#: The media type a generated client reads any binary answer as.
OCTETS = "application/octet-stream"


def preferred_type(own: str, alternative: str) -> str:
    """``own``, or ``alternative`` when the request's Accept header prefers it (a client
    that sends no Accept header, or ``*/*``, gets ``own``)."""
    accepted = request.accept_mimetypes
    return alternative if accepted.quality(alternative) > accepted.quality(own) else own

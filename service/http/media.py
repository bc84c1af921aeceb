"""Which media type to answer in, for answers that come in two."""

from __future__ import annotations

from werkzeug.datastructures import MIMEAccept

#: The media type a generated client reads any binary answer as.
OCTETS = "application/octet-stream"


def preferred_type(accepted: MIMEAccept, own: str, alternative: str) -> str:
    """``own``, or ``alternative`` when the ``accepted`` types (the request's Accept header)
    prefer it (a client that sends no Accept header, or ``*/*``, gets ``own``)."""
    return alternative if accepted.quality(alternative) > accepted.quality(own) else own

"""Every limit of the HTTP transport, each written once: gunicorn's settings
(:mod:`service.server.gunicorn_conf`), the roads and the app that check them, the problem
documents that refuse a request past one, and the spec's sentences all read them from here.

The limits of the games' own inputs (positions, replays, perft) are the request schemas'
(:mod:`service.operations.schemas`).
"""

from __future__ import annotations

#: the largest request body, in bytes, however it is sent (413 ``body_too_large`` beyond)
MAX_BODY_BYTES = 64 * 1024
#: the longest request line gunicorn reads (its ``limit_request_line``; 414
#: ``request_line_too_long`` beyond, written by the server) ...
MAX_REQUEST_LINE = 4094
#: ... and so the longest query string of a GET game operation (a picture by URL); the app
#: refuses a longer one alike on any server, before reading it
MAX_QUERY_BYTES = MAX_REQUEST_LINE
#: the most header fields a request may have (gunicorn's ``limit_request_fields``; 431 beyond)
MAX_HEADER_FIELDS = 64
#: the longest header field, in bytes (gunicorn's ``limit_request_field_size``; 431 beyond)
MAX_HEADER_FIELD_BYTES = 8190


def kib(size: int) -> str:
    """``size`` bytes as the sentences say it (``64 KiB``)."""
    return f"{size // 1024} KiB"


#: the body limit as the sentences say it
BODY_LIMIT = kib(MAX_BODY_BYTES)

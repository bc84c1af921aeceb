"""A request's WSGI environ as gunicorn builds it, for the measures that call the app's WSGI
callable in process (:mod:`bench.parts`, :mod:`bench.profile`, the floor's answer sizes in
:mod:`bench.workloads`)."""

from __future__ import annotations

import io
import sys
from typing import Any


def environ_for(method: str, path: str, body: bytes = b"",
                headers: dict[str, str] | None = None) -> dict[str, Any]:
    """The environ of one request: ``body`` sent as JSON when there is one, and each of
    ``headers`` as its ``HTTP_`` key."""
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
        "CONTENT_TYPE": "application/json" if body else "", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_USER_AGENT": "bench"}
    for name, value in (headers or {}).items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    return environ

"""gunicorn's access log as JSON: one object per request, values properly escaped."""

from __future__ import annotations

import os
import time
from typing import Any

import orjson
from gunicorn.glogging import Logger

from service.http.requestid import ENVIRON_KEY as REQUEST_ID_KEY


def _response_header(resp: Any, name: str) -> str | None:
    """The value of the response header ``name`` (lower case), if any."""
    for key, value in getattr(resp, "headers", None) or ():
        if key.lower() == name:
            return str(value)
    return None


class JsonLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's logger with one JSON object per access-log line (values properly escaped)."""

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        if not self.access_log_enabled:
            return
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        record = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "remote": environ.get("REMOTE_ADDR", "-"),
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "query": environ.get("QUERY_STRING") or None,
            "protocol": environ.get("SERVER_PROTOCOL"),
            "status": int(status) if str(status).isdigit() else status,
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "agent": environ.get("HTTP_USER_AGENT"),
            "request_id": environ.get(REQUEST_ID_KEY) or _response_header(resp, "x-request-id"),
            "pid": os.getpid(),
        }
        try:
            self.access_log.info(orjson.dumps(record).decode())
        except Exception:  # pragma: no cover - logging must never fail a request
            self.exception("access log")

"""Production gunicorn settings, used by ``python -m service`` and by the container.

Rules adjudication is CPU-bound, so the worker count follows the CPU count
(one process per core: more processes would only contend for the cores);
every value can be overridden from the environment.
"""

from __future__ import annotations

import json
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 1))
# A couple of threads per worker keep keep-alive connections from pinning a worker while idle.
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Recycle workers now and then so that no slow leak can grow without bound.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "20000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "2000"))
limit_request_line = 4094
limit_request_fields = 64
limit_request_field_size = 8190
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-")
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
access_log_format = json.dumps({
    "time": "%(t)s", "remote": "%(h)s", "method": "%(m)s", "path": "%(U)s",
    "status": "%(s)s", "bytes": "%(B)s", "duration_us": "%(D)s", "agent": "%(a)s",
})

"""What each part of a request's road costs: CPU microseconds per request, in process.

    python -m bench.parts

Every part every request passes outside the operation itself is timed alone, as a worker
runs it (prometheus-client in multiprocess mode, with its files in a temporary directory;
the access log formatted and written to ``/dev/null`` through gunicorn's logger), then the
layers together and whole requests through the app's WSGI callable. Each figure is the least,
over 5 rounds, of the CPU time of ``--requests`` calls divided by their number, so that other
work on the machine weighs as little as it can.

What no part of this includes: gunicorn's own work (reading the request, writing the answer,
the worker's threads), which the bare app of :mod:`bench.bare` measures in
``python -m bench``'s HTTP runs.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from datetime import timedelta
from typing import Any, Callable

import orjson

from .environ import environ_for

#: one part: a function doing one request's share of it
Part = Callable[[], object]


def per_call(part: Part, calls: int, rounds: int = 5) -> float:
    """The least CPU microseconds per call of ``part`` over ``rounds`` rounds."""
    for _ in range(min(calls, 500)):
        part()
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        for _ in range(calls):
            part()
        best = min(best, (time.process_time() - started) / calls)
    return best * 1e6


def _start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> None:
    return None


def request(app: Callable[..., Any], method: str, path: str, body: bytes = b"",
            headers: dict[str, str] | None = None) -> Part:
    """One request through the WSGI callable ``app``, its body read to the end."""

    def call() -> None:
        for _ in app(environ_for(method, path, body, headers), _start):
            pass

    return call


class _Response:
    """What gunicorn's access log reads of an answer."""

    status = "200 OK"
    sent = 15
    headers = [("Content-Type", "application/json"), ("X-Request-ID", "0" * 32)]


def access_log_part() -> Part:
    """One line of the production access log (:mod:`service.server.access_log`), through
    gunicorn's logger, written to /dev/null."""
    from gunicorn.config import Config

    from service.server.access_log import JsonLogger

    config = Config()
    config.set("accesslog", os.devnull)
    logger = JsonLogger(config)
    environ = environ_for("GET", "/v1/health")
    environ["referee.request_id"] = "0" * 32
    took = timedelta(microseconds=250)
    return lambda: logger.access(_Response(), None, environ, took)


def parts(calls: int) -> list[tuple[str, float]]:
    """Each part's microseconds per request (see the module)."""
    os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="bench-parts-"))
    from bench.bare import app as bare
    from rules import registry
    from service.http import cors, requestid
    from service.http.app import create_app
    from service.http.observe import Observe
    from service.http.router import Router
    from service.operations.table import OPERATIONS
    from service.telemetry import metrics

    app = create_app()
    game_id = registry.game_ids()[0]
    legal = orjson.dumps({})
    router = Router(OPERATIONS)
    concern = cors.for_app(app)
    plain = environ_for("GET", "/v1/health")
    from_page = environ_for("GET", "/v1/health", headers={"Origin": "https://a.b"})
    rows: list[tuple[str, Part]] = [
        ("the bare app (the WSGI call itself)", request(bare, "GET", "/v1/health")),
        ("a request id made", requestid.new),
        ("a client's request id checked",
         lambda: requestid.for_request({"HTTP_X_REQUEST_ID": "a-client-id-0123"})),
        ("the request counted and timed (metrics)",
         lambda: metrics.count_request("health", "", "200", 0.00025)),
        ("the route read", lambda: router.route(environ_for("GET", "/v1/health"))),
        ("an answer's CORS headers", lambda: concern.headers(plain)),
        ("an answer's CORS headers, with an Origin", lambda: concern.headers(from_page)),
        ("the road around the bare app (the above, context, span)",
         request(Observe(concern, None, bare, OPERATIONS), "GET", "/v1/health")),
        ("the access log line", access_log_part()),
        ("GET /v1/health through the app", request(app.wsgi_app, "GET", "/v1/health")),
        ("GET /v1/ready through the app", request(app.wsgi_app, "GET", "/v1/ready")),
        ("GET /v1/games through the app", request(app.wsgi_app, "GET", "/v1/games")),
        (f"GET /v1/games/{game_id} through the app",
         request(app.wsgi_app, "GET", f"/v1/games/{game_id}")),
        (f"POST /v1/games/{game_id}/legal-moves (start) through the app",
         request(app.wsgi_app, "POST", f"/v1/games/{game_id}/legal-moves", legal)),
    ]
    return [(label, per_call(part, calls)) for label, part in rows]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.parts", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=20000,
                        help="calls per round (default 20000)")
    args = parser.parse_args(argv)
    for label, us in parts(args.requests):
        print(f"  {label:<58} {us:7.1f} us")


if __name__ == "__main__":
    main()

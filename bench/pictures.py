"""Pictures by URL over HTTP: what a cached picture's 304 costs beside ``GET /v1/health``, and
what a first picture costs per game.

``python -m bench.pictures`` starts ``python -m service`` (the production configuration) and,
over one keep-alive connection, alternates runs of ``GET /v1/health`` with runs of a picture
URL (:func:`timed_picture`) sent with the ``If-None-Match`` of its ETag (answered 304 without
drawing), ``--requests`` requests a run, ``--pairs`` pairs; the ratio is the median of the
per-pair ratios, so both see the same machine load. Then, per game, the first ``render.png`` of
its start position (drawn) and its 304. Figures are per request, measured in one run;
docs/pictures.md keeps them.
"""

from __future__ import annotations

import argparse
import statistics

from rules import registry

from .httpbench import Connection, Server, per_request


def request(path: str, tag: str | None = None) -> bytes:
    """A GET of ``path`` as raw HTTP/1.1 bytes, with ``If-None-Match: tag`` if given."""
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if tag is not None:
        head += f"If-None-Match: {tag}\r\n"
    return (head + "\r\n").encode()


def etag_of(port: int, path: str) -> str:
    """The ETag the service answers ``path`` with."""
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as response:
        return str(response.headers["ETag"])


def timed_picture() -> str:
    """The picture URL whose cached answer is timed: that of the first registered game that
    declares one (its ``measuring.picture_query``). Raises LookupError when none does."""
    for game_id in registry.game_ids():
        query = registry.measuring(game_id).picture_query
        if query is not None:
            return f"/v1/games/{game_id}/render.png?{query}"
    raise LookupError("no registered game declares a picture to time (measuring.picture_query)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=500, help="requests a run")
    parser.add_argument("--pairs", type=int, default=5, help="pairs of runs")
    args = parser.parse_args(argv)
    server = Server({"WEB_CONCURRENCY": "1", "GUNICORN_ACCESSLOG": "/dev/null"})
    try:
        connection = Connection(server.port)
        path = timed_picture()
        tag = etag_of(server.port, path)
        health, cached = request("/v1/health"), request(path, tag)
        per_request(connection, health, 50, 200)
        per_request(connection, cached, 50, 304)
        ratios, health_s, cached_s = [], [], []
        for _ in range(args.pairs):
            h = per_request(connection, health, args.requests, 200)
            c = per_request(connection, cached, args.requests, 304)
            health_s.append(h)
            cached_s.append(c)
            ratios.append(c / h)
        print(f"GET /v1/health: {statistics.median(health_s) * 1e6:.0f} us/request; "
              f"a cached picture's 304: {statistics.median(cached_s) * 1e6:.0f} us/request; "
              f"ratio 304/health {statistics.median(ratios):.2f} "
              f"(median of {args.pairs} pairs of {args.requests} requests)")
        for game_id in registry.game_ids():
            path = f"/v1/games/{game_id}/render.png"
            first = per_request(connection, request(path), 1, 200)
            again = per_request(connection, request(path, etag_of(server.port, path)), 1, 304)
            print(f"{game_id}: first render.png {first * 1e3:.1f} ms, its 304 "
                  f"{again * 1e3:.2f} ms")
    finally:
        server.stop()


if __name__ == "__main__":
    main()

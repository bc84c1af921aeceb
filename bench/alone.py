"""The engine alone: the cold workload's second reference (beside :func:`bench.bare.floor`),
served by ``python -m bench`` under the same gunicorn configuration as the service.

It answers cold's requests with the service's own bytes and nothing else, so that the bench
shows what the service's road and concerns take of the rate the engines alone allow.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import orjson

from rules import registry
from service.http.app import warm_engines
from service.operations.answers import legal_moves_answer

from .bare import BODY, HEADERS


#: the one request :func:`app` answers with the engine (the cold workload's)
ENGINE_PATH_END = "/legal-moves"


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """A ``POST /v1/games/{game}/legal-moves`` read (its body, then its JSON), answered by
    the game under its default options (:func:`service.operations.answers.legal_moves_answer`,
    the service's own answer) and written with ``orjson``: the bytes the service answers, with
    no concern, no validation, no request id, metrics or CORS, no problem documents (a request
    it cannot answer fails). What the cold workload would reach if the service's road cost
    nothing. Its games are warmed as the service's are, when this module is loaded (before
    gunicorn forks the workers). Any other request (the readiness probe) gets
    :data:`~bench.bare.BODY`."""
    path = environ.get("PATH_INFO", "")
    if not path.endswith(ENGINE_PATH_END):
        start_response("200 OK", HEADERS)
        return [BODY]
    game = registry.configure(path.split("/")[3])
    request = orjson.loads(environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0)))
    body = orjson.dumps(legal_moves_answer(game, request))
    start_response("200 OK", [("Content-Type", "application/json"),
                              ("Content-Length", str(len(body)))])
    return [body]


warm_engines()  # as the service does when gunicorn loads it: no request pays a game's loading

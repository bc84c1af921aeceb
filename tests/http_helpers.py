"""Talking to the service in a test: the ``post`` fixture's type, and the problem documents
(RFC 9457) every error answer is."""

from __future__ import annotations

import random
from typing import Any, Mapping, Protocol

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from rules import registry


class Post(Protocol):
    """The ``post`` fixture of ``tests/conftest.py``: the response to a POST of ``body``, with
    ``fields`` added, as JSON to ``/v1/games/{game}/{operation}``."""

    def __call__(self, game: str, operation: str, body: Mapping[str, Any] | None = None,
                 **fields: Any) -> TestResponse: ...


def poster(client: FlaskClient) -> Post:
    """The ``post`` of ``client`` (the fixture's, for a client of another app)."""
    def post(game: str, operation: str, body: Mapping[str, Any] | None = None,
             **fields: Any) -> TestResponse:
        return client.post(f"/v1/games/{game}/{operation}", json={**(body or {}), **fields})

    return post



def assert_problem(response: TestResponse, status: int, code: str) -> Any:
    """Check that ``response`` is the problem document of ``status`` and ``code``, complete
    (type, title, a detail that is a sentence, the request id of its X-Request-ID header) and
    without a traceback; its body."""
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert body["status"] == status and body["code"] == code
    assert body["type"] and body["title"] and body["detail"].endswith(".")
    assert body["request_id"] == response.headers["X-Request-ID"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def option_description(client: FlaskClient, game: str, name: str) -> str:
    """What ``GET /v1/games/{game}`` says of the option ``name``."""
    detail = client.get(f"/v1/games/{game}").get_json()
    return str(next(o["description"] for o in detail["options"] if o["name"] == name))


#: every game under its defaults, and the option sets that change who plays
PLAYER_SETS: list[tuple[str, dict[str, Any] | None]] = [
    *((game_id, None) for game_id in registry.game_ids()),
    ("sceptre", {"players": ["w", "r", "b"]}),
    ("sceptre", {"players": ["w", "r", "b", "y"]}),
]


def played_through_apply(post: Any, game_id: str, options: dict[str, Any] | None, seed: int,
                         plies: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A random game of at most ``plies`` played with apply, one request per ply: the setup
    answer and each apply answer (the service rolls the dice, with the seed)."""
    rng = random.Random(seed)
    setup = post(game_id, "setup", options=options).get_json()
    at, answers = setup, []
    for ply in range(plies):
        listed = post(game_id, "legal-moves", position=at["position"], options=at["options"],
                      moves_only=True).get_json()
        if not listed["moves"]:
            break
        applied = post(game_id, "apply", position=at["position"], options=at["options"],
                       move=rng.choice(listed["moves"]), seed=seed * 1000 + ply)
        assert applied.status_code == 200, applied.get_json()
        at = applied.get_json()
        answers.append(at)
    return setup, answers

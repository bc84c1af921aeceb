"""Talking to the service in a test: the ``post`` fixture's type, and the problem documents
(RFC 9457) every error answer is."""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from flask.testing import FlaskClient
from werkzeug.test import TestResponse


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

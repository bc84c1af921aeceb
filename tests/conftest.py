"""Shared test settings and fixtures.

Under CI (``CI=true``) hypothesis and schemathesis run derandomized, so a CI run is
reproducible and a submission never fails on a draw the developer never saw; locally they
explore new examples on every run.

Fixtures every test may ask for:

- ``client``: a Flask test client of a fresh app, one per test module;
- ``post``: ``post(game, operation, body=None, **fields)`` sends ``body`` (with ``fields``
  added) as JSON to ``/v1/games/{game}/{operation}`` through that client and gives the
  response;
- ``register_game``: registers a game of the test's own for the length of a ``with`` block.

Positions are built and read through the registry with :mod:`tests.positions`; problem
documents are checked with :func:`tests.http_helpers.assert_problem`.
"""

import os
from contextlib import contextmanager
from typing import Any, Callable, ContextManager, Iterator

import pytest
from flask.testing import FlaskClient
from hypothesis import settings

from rules import registry
from rules.core.game import Game
from tests.clocked import Clock
from tests.http_helpers import Post, poster

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    """A test client of a fresh app (a module's tests share it; no module sees another's)."""
    from service.http.app import create_app

    return create_app().test_client()


@pytest.fixture(scope="module")
def post(client: FlaskClient) -> Post:
    """``post(game, operation, body=None, **fields)``: the response of the ``client`` to a
    POST of ``body`` with ``fields`` added, as JSON, to ``/v1/games/{game}/{operation}``."""
    return poster(client)


@contextmanager
def registered(game_class: type[Game[Any, Any]]) -> Iterator[None]:
    """Register ``game_class`` for the duration of the block, with the API spec rebuilt to
    include it, then remove it again (so no other test sees it)."""
    from service.spec.openapi import build_spec

    registry.register(game_class)
    build_spec.cache_clear()
    try:
        yield
    finally:
        registry.unregister(game_class.id)
        build_spec.cache_clear()


@pytest.fixture(scope="session")
def register_game() -> Callable[[type[Game[Any, Any]]], ContextManager[None]]:
    """:func:`registered`, for tests that bring a game of their own."""
    return registered


@pytest.fixture
def clock() -> Clock:
    """A clock the test moves by hand, for :func:`tests.clocked.clocked_client`."""
    return Clock()

"""Noughts and Crosses, registered for the tests of this folder only; the ``client`` (and so
the ``post``) of these tests is the service with it."""

from typing import Any, Callable, ContextManager, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from rules.core.game import Game
from service.http.app import create_app
from tests.noughts.noughts_game import NoughtsAndCrosses


@pytest.fixture(scope="module")
def noughts_app(
    register_game: Callable[[type[Game[Any, Any]]], ContextManager[None]],
) -> Iterator[Flask]:
    """The service with Noughts and Crosses registered beside the real games."""
    with register_game(NoughtsAndCrosses):
        yield create_app()


@pytest.fixture(scope="module")
def client(noughts_app: Flask) -> FlaskClient:
    """A test client of the service with Noughts and Crosses."""
    return noughts_app.test_client()

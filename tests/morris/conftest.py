"""Three Men's Morris, registered for the tests of this folder only; the ``client`` (and so
the ``post``) of these tests is the service with it."""

from typing import Any, Callable, ContextManager, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from rules.core.game import Game
from service.http.app import create_app
from tests.client.test_board_element import browser, page, page_url  # noqa: F401
from tests.morris.morris_game import ThreeMensMorris

# browser, page and page_url: the element's page of tests/client/test_board_element.py, for
# test_morris_element.py (whose own service_url serves them the service with this game)


@pytest.fixture(scope="module")
def morris_app(
    register_game: Callable[[type[Game[Any, Any]]], ContextManager[None]],
) -> Iterator[Flask]:
    """The service with Three Men's Morris registered beside the real games."""
    with register_game(ThreeMensMorris):
        yield create_app()


@pytest.fixture(scope="module")
def client(morris_app: Flask) -> FlaskClient:
    """A test client of the service with Three Men's Morris."""
    return morris_app.test_client()

"""Noughts and Crosses, registered for the tests of this folder only."""

from typing import Any, Callable, ContextManager, Iterator

import pytest
from flask import Flask
from tests.noughts.noughts_game import NoughtsAndCrosses

from rules.core.game import Game
from service.app import create_app


@pytest.fixture(scope="module")
def noughts_app(
    register_game: Callable[[type[Game[Any, Any]]], ContextManager[None]],
) -> Iterator[Flask]:
    """The service with Noughts and Crosses registered beside the real games."""
    with register_game(NoughtsAndCrosses):
        yield create_app()

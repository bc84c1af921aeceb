"""Shared test settings and helpers.

Under CI (``CI=true``) hypothesis and schemathesis run derandomized, so a CI run is
reproducible and a submission never fails on a draw the developer never saw; locally they
explore new examples on every run.
"""

import os
from contextlib import contextmanager
from typing import Any, Callable, ContextManager, Iterator

import pytest

from hypothesis import settings

from rules import registry
from rules.core.game import Game

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@contextmanager
def registered(game_class: type[Game[Any, Any]]) -> Iterator[None]:
    """Register ``game_class`` for the duration of the block, with the API spec rebuilt to
    include it, then remove it again (so no other test sees it)."""
    from service.spec import build_spec

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

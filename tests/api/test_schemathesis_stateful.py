"""Schemathesis' stateful phase: chains of calls that follow the spec's OpenAPI links.

setup -> legal-moves -> apply (a listed move) -> legal-moves -> apply ... so the fuzzer
plays real games. A WSGI wrapper records what the app answered, and the test checks that
the chains really went deep into games and that nothing answered a 5xx.

The run is counted in steps, not seconds: a fixed number of derandomized scenarios of a
fixed number of steps, with schema-valid data only (a chain is a game played; data that
breaks the schema is the stateless test's, tests/api/test_schemathesis.py), and the
computer opponent's time cap read from a clock that counts steps, so that the moves it
suggests, and so the games the chains play, are the same on a busy machine as on an idle
one.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Iterator

import pytest

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis.internal.conjecture import providers
from hypothesis.stateful import run_state_machine_as_test
from schemathesis.generation.modes import GenerationMode

from service.http.app import create_app
from tests.search_checks import count_search_time_in_steps

SERVED: Counter = Counter()
PLIES: Counter = Counter()


def recording(app):
    def wrapper(environ, start_response):
        status_holder = {}

        def capture(status, headers, exc_info=None):
            status_holder["status"] = int(status.split()[0])
            return start_response(status, headers, exc_info)

        body = b"".join(app(environ, capture))
        path = environ["PATH_INFO"]
        status = status_holder["status"]
        SERVED[(path.rsplit("/", 1)[-1], status)] += 1
        if path.endswith("/apply") and status == 200:
            PLIES[path.split("/")[3]] += 1
        return [body]

    return wrapper


app = create_app()
app.wsgi_app = recording(app.wsgi_app)
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app)
schema.config.generation.update(modes=[GenerationMode.POSITIVE])

#: request fields that only a signing service reads: this app signs nothing, so a body that
#: states them is refused (422 signing_not_configured, which tests/api/test_schemathesis.py
#: and tests/service/test_game_identity.py cover), and a chain through it plays no move
SIGNING_ONLY = ("game_id", "ply")


@schema.hook
def map_body(context, body):
    """The generated body without the fields only a signing service reads."""
    if isinstance(body, dict):
        return {key: value for key, value in body.items() if key not in SIGNING_ONLY}
    return body

#: applied moves the chains must reach (about half of what they reach)
MIN_MOVES_APPLIED = 20


@pytest.fixture
def no_local_constants(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Hypothesis without the constants of the project's modules: it draws some values from
    those of every module imported so far (hypothesis 6.170.15, pinned), so the chains would
    change with whatever else the session imported (a new game's tests, say); without them
    they depend on the spec and the seed alone. The constants' cache is emptied before and
    after, so that neither the tests before nor those after see the other's."""
    monkeypatch.setattr(providers, "_get_local_constants", providers.Constants)
    providers.CONSTANTS_CACHE.cache.clear()
    yield
    providers.CONSTANTS_CACHE.cache.clear()


def test_stateful_chains_play_real_games_without_server_errors(monkeypatch, no_local_constants):
    count_search_time_in_steps(monkeypatch, 0.01)   # a 2 s cap is 200 readings of the clock
    machine = schema.as_state_machine()
    run_state_machine_as_test(
        machine, settings=settings(max_examples=150, stateful_step_count=30, deadline=None,
                                  derandomize=True, suppress_health_check=[HealthCheck.too_slow]))
    assert not [key for key in SERVED if key[1] >= 500], SERVED
    print(json.dumps({"served": {f"{k[0]} {k[1]}": v for k, v in SERVED.items()},
                      "applied_per_game": PLIES}, default=str))
    assert sum(PLIES.values()) >= MIN_MOVES_APPLIED, (
        f"too few moves applied through links: {dict(PLIES)}")

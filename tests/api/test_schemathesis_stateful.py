"""Schemathesis' stateful phase: chains of calls that follow the spec's OpenAPI links.

setup -> legal-moves -> apply (a listed move) -> legal-moves -> apply ... so the fuzzer
plays real games. A WSGI wrapper records what the app answered, and the test checks that
the chains really went deep into games and that nothing answered a 5xx.
"""

from __future__ import annotations

import json
from collections import Counter

import schemathesis
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from service.app import create_app

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


def test_stateful_chains_play_real_games_without_server_errors():
    machine = schema.as_state_machine()
    run_state_machine_as_test(
        machine, settings=settings(max_examples=150, stateful_step_count=30, deadline=None,
                                  derandomize=True))
    assert not [key for key in SERVED if key[1] >= 500], SERVED
    print(json.dumps({"served": {f"{k[0]} {k[1]}": v for k, v in SERVED.items()},
                      "applied_per_game": PLIES}, default=str))
    assert sum(PLIES.values()) >= 20, f"too few moves applied through links: {dict(PLIES)}"

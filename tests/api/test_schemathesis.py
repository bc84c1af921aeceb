"""Schemathesis over every operation of the committed spec, against the app in process.

Settings (generation modes, examples per operation, which statuses count as
accepting valid data) live in ``schemathesis.toml`` at the project root; every
check is on. Positive and negative data both: no 5xx, every response conforms
to the spec, schema-violating bodies are refused, schema-valid ones accepted
(200, or a documented 422 when the rules refuse them).
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings

from service.http.app import create_app

schema = schemathesis.openapi.from_wsgi("/openapi.yaml", create_app())


# no verdict by the clock: neither a deadline nor Hypothesis's check of slow generation
@schema.parametrize()
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_operation_conforms_to_the_spec(case):
    case.call_and_validate()

"""Traces (service/telemetry/tracing.py) in one process, with OpenTelemetry's in-memory exporter: a
span
per request named after its operation, with its game, status and request id, the child of the
caller's traceparent; and off (nothing imported) unless the OTEL_* variables ask. The same
over OTLP/HTTP from two gunicorn workers: tests/deploy/test_observability.py."""

from __future__ import annotations

import subprocess
import sys

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from rules import registry
from service.http.request import services_of
from service.http.admission import Step
from service.telemetry import tracing
from service.http.request import Admission
from service.http.app import create_app
from tests.live_service import ROOT

GAME = registry.game_ids()[0]
TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_ID = "00f067aa0ba902b7"
TRACEPARENT = f"00-{TRACE_ID}-{PARENT_ID}-01"


@pytest.fixture
def spans():
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracing.use(provider)
    try:
        yield exporter
    finally:
        tracing.use(None)


def _broken(a: Admission) -> None:
    raise RuntimeError("a bug")


def test_a_span_per_request_child_of_the_callers_traceparent(spans):
    app = create_app({"WARM_UP": False})
    client = app.test_client()
    headers = {"traceparent": TRACEPARENT, "X-Request-ID": "trace-me"}
    assert client.post(f"/v1/games/{GAME}/legal-moves", json={}, headers=headers
                       ).status_code == 200
    assert client.post("/v1/games/chess/apply", json={}).status_code == 404
    assert client.get("/v1/health", headers={"traceparent": "garbage"}).status_code == 200
    services_of(app).concerns.append(Step(_broken))
    assert client.post(f"/v1/games/{GAME}/status", json={}).status_code == 500
    legal, unknown, health, broken = spans.get_finished_spans()

    assert legal.name == "legalMoves" and legal.kind is SpanKind.SERVER
    assert format(legal.context.trace_id, "032x") == TRACE_ID
    assert legal.parent is not None and format(legal.parent.span_id, "016x") == PARENT_ID
    assert dict(legal.attributes) == {
        "referee.operation": "legalMoves", "referee.game": GAME,
        "referee.request_id": "trace-me", "http.request.method": "POST",
        "http.response.status_code": 200}
    assert unknown.name == "apply" and unknown.attributes["referee.game"] == "unknown"
    assert unknown.attributes["http.response.status_code"] == 404 and unknown.parent is None
    assert format(unknown.context.trace_id, "032x") != TRACE_ID     # a trace of its own
    assert health.parent is None and "referee.game" not in health.attributes
    assert broken.status.status_code is StatusCode.ERROR
    assert broken.attributes["http.response.status_code"] == 500


@pytest.mark.parametrize("environ, on", [
    ({}, False),
    ({"OTEL_SERVICE_NAME": "x"}, False),
    ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"}, True),
    ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://collector:4318/v1/traces"}, True),
    ({"OTEL_TRACES_EXPORTER": "console"}, True),
    ({"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}, False),
    ({"OTEL_SDK_DISABLED": "true", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}, False),
])
def test_traces_are_on_only_when_the_otel_variables_ask(environ, on):
    assert tracing.wanted(environ) is on


def test_off_nothing_of_opentelemetry_is_imported_and_no_span_is_made():
    script = ("import sys\n"
              "from service.http.app import create_app\n"
              "from service.telemetry import tracing\n"
              "assert tracing.setup({}) is False\n"
              "c = create_app().test_client()\n"
              "assert c.post('/v1/games/" + GAME + "/legal-moves', json={}).status_code == 200\n"
              "assert tracing.TRACER is None\n"
              "print(sorted(m for m in sys.modules if m.startswith('opentelemetry')))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"

"""Traces, opt-in: one OpenTelemetry span per request, exported over OTLP/HTTP.

Off unless the environment asks for traces the standard way (``OTEL_EXPORTER_OTLP_ENDPOINT``,
``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`` or ``OTEL_TRACES_EXPORTER``; ``OTEL_SDK_DISABLED=true``
or ``OTEL_TRACES_EXPORTER=none`` keep them off) and the ``otel`` extra is installed
(``pip install 'boardgame-referee[otel]'``). Off, nothing of OpenTelemetry is imported and a
request pays one attribute read.

On, each gunicorn worker sets it up after the fork (the ``post_fork`` hook): the batch
exporter's thread would not survive a fork, so the master never does. Every request then gets
a SERVER span named after its operation (the operationId; ``preflight``, ``static`` or
``unknown`` otherwise) with the attributes ``referee.operation``, ``referee.game``,
``referee.request_id``, ``http.request.method`` and ``http.response.status_code``; a
request's W3C ``traceparent`` (and ``tracestate``) makes it a child of the caller's span. The
exporter (endpoint, headers, timeout, compression), the batch processor, the sampler and the
resource (``OTEL_SERVICE_NAME``, default ``boardgame-referee``; ``OTEL_RESOURCE_ATTRIBUTES``)
read their usual ``OTEL_*`` variables. ``OTEL_TRACES_EXPORTER`` may name ``otlp`` (the
default; OTLP over HTTP with protobuf) and ``console``.
"""

from __future__ import annotations

import logging
import os
from typing import Any, Mapping

log = logging.getLogger(__name__)

SERVICE_NAME = "boardgame-referee"
#: this worker's tracer once traces are set up; None while they are off
TRACER: Any = None
_provider: Any = None
_propagator: Any = None
_server_kind: Any = None
_error_status: Any = None


def wanted(environ: Mapping[str, str]) -> bool:
    """Whether the ``OTEL_*`` variables of ``environ`` ask for traces (see the module)."""
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    exporters = environ.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if exporters == "none":
        return False
    return bool(exporters or environ.get("OTEL_EXPORTER_OTLP_ENDPOINT", "").strip()
                or environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "").strip())


def setup(environ: Mapping[str, str] = os.environ) -> bool:
    """In a worker, after the fork: export this process's spans as ``environ`` asks; whether
    traces are now on (never when not asked for, or the ``otel`` extra is missing, which is
    logged)."""
    if not wanted(environ):
        return False
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        log.warning("OTEL_* variables ask for traces but OpenTelemetry is not installed "
                    "(pip install 'boardgame-referee[otel]'): traces are off.")
        return False
    named = "OTEL_SERVICE_NAME" in environ or \
        "service.name=" in environ.get("OTEL_RESOURCE_ATTRIBUTES", "")
    provider = TracerProvider(resource=Resource.create({} if named else
                                                       {"service.name": SERVICE_NAME}))
    for exporter in _exporters(environ.get("OTEL_TRACES_EXPORTER", "") or "otlp"):
        provider.add_span_processor(BatchSpanProcessor(exporter))
    use(provider)
    return True


def _exporters(names: str) -> list[Any]:
    """The span exporters ``OTEL_TRACES_EXPORTER`` names (an unknown name is logged)."""
    exporters: list[Any] = []
    for name in (part.strip().lower() for part in names.split(",") if part.strip()):
        if name == "otlp":
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

            exporters.append(OTLPSpanExporter())
        elif name == "console":
            from opentelemetry.sdk.trace.export import ConsoleSpanExporter

            exporters.append(ConsoleSpanExporter())
        elif name != "none":
            log.warning("OTEL_TRACES_EXPORTER names %r, which this service does not ship "
                        "(otlp, console): ignored.", name)
    return exporters


def use(provider: Any) -> None:
    """Make spans with ``provider`` (an OpenTelemetry SDK TracerProvider; tests give one with
    an in-memory exporter), or stop making them with None."""
    global TRACER, _provider, _propagator, _server_kind, _error_status
    if provider is None:
        TRACER = _provider = None
        return
    from opentelemetry.trace import SpanKind, StatusCode
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    _propagator, _server_kind, _error_status = (TraceContextTextMapPropagator(), SpanKind.SERVER,
                                                StatusCode.ERROR)
    _provider, TRACER = provider, provider.get_tracer("service.http.observe")


def shutdown() -> None:
    """Export the spans still waiting and stop (a worker exiting)."""
    if _provider is not None:
        _provider.shutdown()


def start(environ: Mapping[str, Any], operation: str, game: str, request_id: str) -> Any:
    """The span of the request of ``environ`` (traces on), a child of its ``traceparent``."""
    carrier = {name: environ[key] for name, key in (("traceparent", "HTTP_TRACEPARENT"),
                                                    ("tracestate", "HTTP_TRACESTATE"))
               if key in environ}
    attributes = {"referee.operation": operation, "referee.request_id": request_id,
                  "http.request.method": environ.get("REQUEST_METHOD", "")}
    if game:
        attributes["referee.game"] = game
    return TRACER.start_span(operation, context=_propagator.extract(carrier),
                             kind=_server_kind, attributes=attributes)


def finish(span: Any, status: str) -> None:
    """End ``span`` with the answer's status (an error status for a 5xx)."""
    code = int(status) if status.isdigit() else 0
    span.set_attribute("http.response.status_code", code)
    if code >= 500:
        span.set_status(_error_status)
    span.end()

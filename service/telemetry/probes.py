"""What an orchestrator asks: liveness, readiness, and the metrics a scraper reads."""

from __future__ import annotations

from flask import Response, current_app

from . import metrics
from service.operations.catalogue import json_response
from service.http.problems import Problem


def health() -> Response:
    """200 while the process serves requests."""
    return json_response({"status": "ok"})


def ready() -> Response:
    """200 once the engines are loaded and their tables built (see
    :func:`service.http.app.warm_up`), 503 ``not_ready`` before."""
    if not current_app.config.get("ENGINES_READY"):
        raise Problem(503, "not_ready", "The rules engines are still loading; retry shortly.")
    return json_response({"status": "ready"})


def metrics_view() -> Response:
    """Every metric in Prometheus' text format (:mod:`service.telemetry.metrics`): under gunicorn
    the
    sum over every worker, whichever answers."""
    return Response(metrics.exposition(), content_type=metrics.CONTENT_TYPE)

"""What an orchestrator asks: liveness, readiness, and the metrics a scraper reads."""

from __future__ import annotations

from service.http.problems import Problem
from service.operations.operation import Page, PageRequest

from . import metrics

JSON = "application/json"


def health(request: PageRequest) -> Page:
    """200 while the process serves requests."""
    return Page(b'{"status":"ok"}', JSON)


def ready(request: PageRequest) -> Page:
    """200 once the engines are loaded and their tables built (see
    :func:`service.http.app.warm_up`), 503 ``not_ready`` before."""
    if not request.ready:
        raise Problem(503, "not_ready", "The rules engines are still loading; retry shortly.")
    return Page(b'{"status":"ready"}', JSON)


def metrics_page(request: PageRequest) -> Page:
    """Every metric in Prometheus' text format (:mod:`service.telemetry.metrics`): under
    gunicorn the sum over every worker, whichever answers."""
    return Page(metrics.exposition(), metrics.CONTENT_TYPE)

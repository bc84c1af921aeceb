"""What the monitoring files (alerting rules, dashboard) are checked against: the metrics the
service exposes on ``GET /metrics``, and the metric names a PromQL expression reads."""

from __future__ import annotations

import re

from service.telemetry import metrics

def _exposed() -> dict[str, str]:
    """Every metric the service registers, by the name a scrape shows (a counter's with
    ``_total``), with its type: read from the service's own registry, so the rules and the
    dashboard are checked against what ``GET /metrics`` really carries."""
    return {family.name + ("_total" if family.type == "counter" else ""): family.type
            for family in metrics.REGISTRY.collect()}


#: every metric of /metrics and its type (docs/operations.md, "Metrics")
METRICS = _exposed()

#: series Prometheus itself writes for every target
PROMETHEUS_SERIES = {"up"}

#: the PromQL functions, aggregations and keywords the files use; anything else that reads
#: like a name is a metric
PROMQL_WORDS = {
    "sum", "min", "max", "avg", "count", "topk", "bottomk", "quantile", "count_values",
    "by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless",
    "offset", "bool", "rate", "irate", "increase", "delta", "histogram_quantile", "absent",
    "clamp_min", "clamp_max", "vector", "scalar", "time", "sum_over_time", "max_over_time",
    "min_over_time", "avg_over_time", "label_replace", "inf", "nan",
}


def series_names() -> set[str]:
    """Every series name /metrics may carry: a histogram's _bucket, _count and _sum."""
    names = set()
    for name, kind in METRICS.items():
        names |= {name + s for s in ("_bucket", "_count", "_sum")} if kind == "histogram" \
            else {name}
    return names


def metric_of(series: str) -> str:
    """The metric a series name belongs to (a histogram's _bucket is its histogram's)."""
    for name in METRICS:
        if series == name or series in (name + "_bucket", name + "_count", name + "_sum"):
            return name
    raise KeyError(series)


def names_in(expr: str) -> set[str]:
    """The metric names an expression reads: what is left of it once label matchers,
    strings, grouping clauses, ranges, numbers, template variables and PromQL's own words
    are taken out."""
    text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', expr)            # strings
    text = re.sub(r"\{[^{}]*\}", "", text)                       # label matchers
    text = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)",
                  r"\1", text)                                    # grouping labels
    text = re.sub(r"\[[^\]]*\]", "", text)                       # ranges, subqueries
    text = re.sub(r"\$\w+", "", text)                            # Grafana variables
    text = re.sub(r"\b\d+(\.\d+)?(e[+-]?\d+)?[smhdwy]?\b", "", text)   # numbers, durations
    words = set(re.findall(r"[A-Za-z_:][A-Za-z0-9_:]*", text))
    return words - PROMQL_WORDS

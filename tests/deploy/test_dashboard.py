"""The Grafana dashboard (docs/operations.md, "Monitoring"): importable JSON whose data source is
an input chosen at import, filtered by namespace and game, whose panels read only metrics of
/metrics and together show every one of them, each query valid PromQL (promtool checks them
as recording rules)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deploy.monitoring import METRICS, metric_of, names_in, series_names

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = ROOT / "deploy" / "grafana" / "referee.json"
DATASOURCE = {"type": "prometheus", "uid": "${DS_PROMETHEUS}"}
#: the metrics that carry a game label (the contract's), which the game variable filters
WITH_GAME = {"referee_requests_total", "referee_request_duration_seconds",
             "referee_shed_total", "referee_suggest_playouts_total", "referee_suggest_seconds"}
#: what Grafana substitutes, to check the queries as Prometheus would receive them
GRAFANA_VARIABLES = {"$__rate_interval": "1m", "$namespace": ".*", "$game": ".*"}


def dashboard() -> dict[str, Any]:
    """The dashboard, parsed."""
    parsed: dict[str, Any] = json.loads(DASHBOARD.read_text())
    return parsed


def panels() -> list[dict[str, Any]]:
    """Every panel that shows data (rows aside, and the panels of collapsed rows included)."""
    out = []
    for panel in dashboard()["panels"]:
        if panel["type"] == "row":
            out += panel.get("panels", [])
        else:
            out.append(panel)
    return out


def exprs() -> list[tuple[str, str]]:
    """(panel title, expression) for every query of every panel."""
    return [(p["title"], t["expr"]) for p in panels() for t in p["targets"]]


def test_dashboard_is_importable_json_with_a_datasource_input():
    d = dashboard()
    assert d["id"] is None and d["uid"] and d["title"]
    (ds,) = d["__inputs"]
    assert ds["name"] == "DS_PROMETHEUS" and ds["type"] == "datasource"
    assert ds["pluginId"] == "prometheus"
    for panel in panels():
        assert panel["datasource"] == DATASOURCE, panel["title"]
        assert panel["targets"], panel["title"]
        for target in panel["targets"]:
            assert target["datasource"] == DATASOURCE, panel["title"]
    ids = [p["id"] for p in d["panels"]] + \
        [p["id"] for row in d["panels"] if row["type"] == "row" for p in row.get("panels", [])]
    assert len(ids) == len(set(ids))
    for panel in d["panels"]:
        grid = panel["gridPos"]
        assert grid["x"] + grid["w"] <= 24, panel["title"]


def test_templating_by_game_and_namespace():
    variables = {v["name"]: v for v in dashboard()["templating"]["list"]}
    assert set(variables) == {"game", "namespace"}
    for name, v in variables.items():
        assert v["datasource"] == DATASOURCE
        assert v["query"]["query"] == f"label_values(referee_requests_total, {name})"
        assert v["includeAll"] and v["multi"] and v["allValue"] == ".*"
    for title, expr in exprs():
        assert 'namespace=~"$namespace"' in expr, title
        for series in names_in(expr):
            if metric_of(series) in WITH_GAME:
                assert re.search(series + r'\{[^}]*game=~"\$game"', expr), (title, expr)


def test_panels_read_only_contract_metrics_and_show_every_one():
    known, shown = series_names(), set()
    for title, expr in exprs():
        names = names_in(expr)
        assert names, title
        assert names <= known, f"{title} reads {sorted(names - known)}"
        shown |= {metric_of(n) for n in names}
    assert shown == set(METRICS)


def test_panels_show_what_an_operator_asks_first():
    text = "\n".join(e for _, e in exprs())
    for quantile in ("0.5", "0.95", "0.99"):
        assert f"histogram_quantile({quantile}, sum by (operation, le) " \
               "(rate(referee_request_duration_seconds_bucket" in text
    for grouping in ("by (operation)", "by (game)", "by (status)"):
        assert f"sum {grouping} (rate(referee_requests_total" in text


def test_every_query_is_valid_promql(tmp_path):
    exe = shutil.which("promtool")
    if exe is None:
        pytest.fail("promtool is not installed: apt-get install -y prometheus")
    recording = []
    for i, (_, expr) in enumerate(exprs()):
        for variable, value in GRAFANA_VARIABLES.items():
            expr = expr.replace(variable, value)
        assert "$" not in expr, expr
        recording.append({"record": f"dashboard:query_{i}", "expr": expr})
    (tmp_path / "queries.yaml").write_text(
        yaml.safe_dump({"groups": [{"name": "dashboard", "rules": recording}]}))
    done = subprocess.run([exe, "check", "rules", "queries.yaml"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"SUCCESS: {len(recording)} rules found" in done.stdout

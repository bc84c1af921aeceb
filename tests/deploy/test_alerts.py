"""The alerting rules and the Prometheus Operator component (docs/operations.md, "Monitoring").

* ``promtool check rules`` accepts deploy/prometheus/alerts.yaml and ``promtool test rules``
  passes its unit tests, in which every alert both fires and stays quiet; promtool missing is a
  failure, not a skip (Debian's ``prometheus`` package has it);
* the rules read only metrics of /metrics (and Prometheus's ``up``), carry a ``for``, a
  severity, a summary and a description, and the costed operations of their p99 thresholds are
  those declared with a cost;
* the PrometheusRule of k8s/components/service-monitor is the rules file, regenerated;
* the ServiceMonitor scrapes the Service's port where the scrape annotations say, the component
  is a kustomize Component that the default kustomization leaves out and that turns the
  annotation scrape off, and (with kubectl) it builds onto the base.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from service.operations.table import OPERATIONS
from tests.deploy.monitoring import PROMETHEUS_SERIES, names_in, series_names

ROOT = Path(__file__).resolve().parents[2]
PROMETHEUS = ROOT / "deploy" / "prometheus"
RULES = PROMETHEUS / "alerts.yaml"
RULES_TEST = PROMETHEUS / "alerts_test.yaml"
K8S = ROOT / "k8s"
COMPONENT = K8S / "components" / "service-monitor"
INSTALL = "apt-get install -y prometheus   (Debian's package ships promtool)"
SEVERITIES = {"warning", "critical"}


def promtool(*args: str) -> subprocess.CompletedProcess[str]:
    """``promtool args`` run in deploy/prometheus; fails the test when promtool is missing."""
    exe = shutil.which("promtool")
    if exe is None:
        pytest.fail(f"promtool is not installed: {INSTALL}")
    return subprocess.run([exe, *args], cwd=PROMETHEUS, capture_output=True, text=True,
                          timeout=120)


def rules() -> list[dict[str, Any]]:
    """Every alerting rule of the rules file."""
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return [r for g in groups for r in g["rules"]]


def load_generator() -> ModuleType:
    """deploy/prometheus/prometheus_rule.py, imported from its path."""
    spec = importlib.util.spec_from_file_location("prometheus_rule",
                                                  PROMETHEUS / "prometheus_rule.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def component_docs() -> dict[str, dict[str, Any]]:
    """The component's manifests by kind."""
    kust = yaml.safe_load((COMPONENT / "kustomization.yaml").read_text())
    docs = [yaml.safe_load((COMPONENT / name).read_text()) for name in kust["resources"]]
    return {d["kind"]: d for d in docs}


def base(kind: str) -> dict[str, Any]:
    """The one manifest of ``kind`` in k8s/."""
    found = [d for p in sorted(K8S.glob("*.yaml")) for d in yaml.safe_load_all(p.read_text())
             if d and d.get("kind") == kind]
    assert len(found) == 1, kind
    return found[0]


# ---- promtool -----------------------------------------------------------------------------------

def test_promtool_accepts_the_rules():
    done = promtool("check", "rules", RULES.name)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"SUCCESS: {len(rules())} rules found" in done.stdout


def test_rules_pass_their_promtool_unit_tests():
    done = promtool("test", "rules", RULES_TEST.name)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS" in done.stdout


def test_every_alert_is_unit_tested_firing_and_quiet():
    cases = [c for t in yaml.safe_load(RULES_TEST.read_text())["tests"]
             for c in t["alert_rule_test"]]
    assert yaml.safe_load(RULES_TEST.read_text())["rule_files"] == [RULES.name]
    for rule in rules():
        mine = [c for c in cases if c["alertname"] == rule["alert"]]
        assert any(c["exp_alerts"] for c in mine), f"{rule['alert']} never fires in a test"
        assert any(not c["exp_alerts"] for c in mine), f"{rule['alert']} is never quiet"


# ---- the rules ----------------------------------------------------------------------------------

def test_rules_read_only_metrics_the_service_exposes():
    known = series_names() | PROMETHEUS_SERIES
    for rule in rules():
        names = names_in(rule["expr"])
        assert names, rule["alert"]
        assert names <= known, f"{rule['alert']} reads {sorted(names - known)}"


def test_every_alert_waits_and_says_what_to_do():
    for rule in rules():
        assert re.fullmatch(r"\d+m", rule["for"]), rule["alert"]
        assert rule["labels"]["severity"] in SEVERITIES, rule["alert"]
        assert set(rule["annotations"]) == {"summary", "description"}, rule["alert"]
        # a runbook sentence: what to look at or do
        assert re.search(r"\b(check|read|find|look up|rate-limit)\b",
                         rule["annotations"]["description"], re.IGNORECASE), rule["alert"]


def test_the_alerts_cover_errors_latency_shedding_and_readiness():
    exprs = {r["alert"]: r["expr"] for r in rules()}
    assert any('status=~"5.."' in e and 'status!="503"' in e for e in exprs.values())
    assert any("histogram_quantile(0.99" in e and "by (namespace, operation, le)" in e
               for e in exprs.values())
    assert any("referee_shed_total" in e for e in exprs.values())
    assert any("referee_ready == 0" in e for e in exprs.values())
    assert any(e.startswith("up{") for e in exprs.values())


def test_costed_operations_are_those_declared_with_a_cost():
    costed = {op.operation_id for op in OPERATIONS if op.cost is not None}
    matchers = [(rule["alert"], match.group(1), set(match.group(2).split("|")))
                for rule in rules()
                for match in re.finditer(r'operation(=~|!~)"([^"]*)"', rule["expr"])]
    # the p99 thresholds: one for the costed operations, one for every other operation
    assert {kind for _, kind, _ in matchers} == {"=~", "!~"}, matchers
    for alert, _, operations in matchers:
        assert operations == costed, alert


# ---- the Prometheus Operator component ---------------------------------------------------------

def test_prometheus_rule_is_the_rules_file():
    generator = load_generator()
    text = (COMPONENT / "prometheus-rule.yaml").read_text()
    assert text == generator.prometheus_rule(RULES.read_text()), \
        "out of date: run python3 deploy/prometheus/prometheus_rule.py"
    assert generator.main(["--check"]) == 0
    resource = yaml.safe_load(text)
    assert resource["apiVersion"] == "monitoring.coreos.com/v1"
    assert resource["kind"] == "PrometheusRule"
    assert resource["spec"] == yaml.safe_load(RULES.read_text())


def test_component_is_optional():
    kust = yaml.safe_load((COMPONENT / "kustomization.yaml").read_text())
    assert kust["apiVersion"] == "kustomize.config.k8s.io/v1alpha1"
    assert kust["kind"] == "Component"
    assert set(component_docs()) == {"ServiceMonitor", "PrometheusRule"}
    default = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert "components" not in default
    assert not any("components" in r for r in default["resources"])
    assert "components:\n  - components/service-monitor" in \
        (ROOT / "docs" / "operations.md").read_text()


def test_component_turns_the_annotation_scrape_off():
    # one scrape per pod: a Prometheus reading both would double every sum
    kust = yaml.safe_load((COMPONENT / "kustomization.yaml").read_text())
    (patch,) = kust["patches"]
    doc = yaml.safe_load((COMPONENT / patch["path"]).read_text())
    deployment = base("Deployment")
    assert (doc["apiVersion"], doc["kind"], doc["metadata"]["name"]) == \
        (deployment["apiVersion"], "Deployment", deployment["metadata"]["name"])
    assert doc["spec"] == {"template": {"metadata": {"annotations": {
        "prometheus.io/scrape": "false"}}}}


def test_service_monitor_scrapes_the_service_where_the_annotations_say():
    monitor = component_docs()["ServiceMonitor"]
    service, deployment = base("Service"), base("Deployment")
    assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
    assert monitor["spec"]["selector"]["matchLabels"].items() <= \
        service["metadata"]["labels"].items()
    (endpoint,) = monitor["spec"]["endpoints"]
    (port,) = service["spec"]["ports"]
    assert endpoint["port"] == port["name"]
    template = deployment["spec"]["template"]
    (container_port,) = template["spec"]["containers"][0]["ports"]
    assert port["targetPort"] == container_port["name"]
    notes = template["metadata"]["annotations"]
    assert notes["prometheus.io/scrape"] == "true"
    assert notes["prometheus.io/port"] == str(container_port["containerPort"])
    assert notes["prometheus.io/path"] == endpoint["path"] == "/metrics"
    # the rules find the targets by the pod label the ServiceMonitor copies onto them
    (label,) = monitor["spec"]["podTargetLabels"]
    assert label in template["metadata"]["labels"]
    target_label = re.sub(r"[^A-Za-z0-9_]", "_", label)
    selector = f'{target_label}="{template["metadata"]["labels"][label]}"'
    assert all(selector in r["expr"] for r in rules() if "up{" in r["expr"])
    # rate() over 5 minutes needs several scrapes
    assert int(endpoint["interval"].rstrip("s")) * 4 <= 300


def test_component_builds_onto_the_base_with_kustomize(tmp_path):
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl is not installed: the component's structure is checked above")
    rel = os.path.relpath(K8S, tmp_path)          # kustomize refuses absolute roots
    (tmp_path / "kustomization.yaml").write_text(
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n"
        f"namespace: games\nresources:\n  - {rel}\ncomponents:\n"
        f"  - {rel}/components/service-monitor\n")
    done = subprocess.run([kubectl, "kustomize", str(tmp_path)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    built = [d for d in yaml.safe_load_all(done.stdout) if d]
    kinds = {d["kind"] for d in built}
    assert {"Deployment", "Service", "ServiceMonitor", "PrometheusRule"} <= kinds
    assert all(d["metadata"]["namespace"] == "games" for d in built)
    (rule,) = [d for d in built if d["kind"] == "PrometheusRule"]
    assert rule["spec"] == yaml.safe_load(RULES.read_text())
    (deployment,) = [d for d in built if d["kind"] == "Deployment"]
    notes = deployment["spec"]["template"]["metadata"]["annotations"]
    assert notes["prometheus.io/scrape"] == "false"
    assert deployment["spec"]["template"]["spec"] == base("Deployment")["spec"]["template"]["spec"]

"""Writes the Prometheus Operator's PrometheusRule from the alerting rules file, so that the
rules exist once: deploy/prometheus/alerts.yaml (checked and unit-tested by promtool) is the
source, and k8s/components/service-monitor/prometheus-rule.yaml embeds it as its ``spec``.

    python3 deploy/prometheus/prometheus_rule.py            # rewrite the PrometheusRule
    python3 deploy/prometheus/prometheus_rule.py --check    # exit 1 if it is out of date

A rules file and a PrometheusRule's spec have the same shape (``groups:``), so the file's text
is copied, comments included, indented under ``spec:``. tests/deploy/test_alerts.py checks that
the committed PrometheusRule is what this writes.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "deploy" / "prometheus" / "alerts.yaml"
RESOURCE = ROOT / "k8s" / "components" / "service-monitor" / "prometheus-rule.yaml"

HEADER = """\
# GENERATED from deploy/prometheus/alerts.yaml by deploy/prometheus/prometheus_rule.py: edit
# that file and rerun the script. The Prometheus Operator loads these rules (docs/operations.md,
# "Monitoring"); a Prometheus selects PrometheusRules by label (ruleSelector): add its label
# in your overlay if it asks for one.
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: boardgame-referee
  labels:
    app.kubernetes.io/name: boardgame-referee
spec:
"""


def prometheus_rule(rules_text: str) -> str:
    """The PrometheusRule manifest whose spec is ``rules_text`` (a rules file's text)."""
    return HEADER + textwrap.indent(rules_text, "  ", lambda line: bool(line.strip()))


def main(argv: list[str]) -> int:
    """Rewrite the PrometheusRule, or with ``--check`` report whether it is up to date."""
    wanted = prometheus_rule(RULES.read_text())
    if argv == ["--check"]:
        if RESOURCE.read_text() != wanted:
            print(f"{RESOURCE.relative_to(ROOT)} is out of date: run {sys.argv[0]}")
            return 1
        return 0
    if argv:
        print(__doc__)
        return 2
    RESOURCE.write_text(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

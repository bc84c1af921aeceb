"""The soak run (``python -m loadtest.soak``): its verdicts from synthetic figures (memory growth
per worker after the warm-up, the agreement of /metrics with the clients' counts, the parsing of
an exposition), and a run of a few seconds for the report's shape. The 30-minute figures are in
docs/load.md; nothing here depends on timings.
"""

from __future__ import annotations

import io
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loadtest import soak  # noqa: E402

EXPOSITION = """\
# HELP referee_requests_total Requests answered.
# TYPE referee_requests_total counter
referee_requests_total{game="mastery",operation="legalMoves",status="200"} 10.0
referee_requests_total{game="sceptre",operation="apply",status="200"} 5.0
referee_requests_total{game="mastery",operation="apply",status="422"} 3.0
referee_requests_total{game="",operation="metrics",status="200"} 7.0
# HELP referee_shed_total Shed.
# TYPE referee_shed_total counter
referee_shed_total{game="mastery",operation="perft"} 2.0
# HELP referee_heavy_in_flight Heavy requests running.
# TYPE referee_heavy_in_flight gauge
referee_heavy_in_flight 1.0
"""


def test_metric_figures_sum_requests_per_status_leaving_out_the_soaks_scrapes():
    figures = soak.metric_figures(EXPOSITION)
    assert figures == {"requests_by_status": {"200": 15, "422": 3}, "shed": 2,
                       "heavy_in_flight": 1}


def test_metrics_agree_when_every_status_counts_the_same():
    counted = {"200": 100, "503": 4}
    result = soak.agreement(counted, before={"200": 20, "404": 1},
                            after={"200": 120, "404": 1, "503": 4})
    assert result["checked"] and result["agree"] and result["differences"] == {}
    assert result["metrics"] == {"200": 100, "503": 4}


def test_metrics_disagree_on_any_status_whose_counts_differ():
    result = soak.agreement({"200": 100, "413": 2}, before={"200": 0},
                            after={"200": 101, "400": 1})
    assert result["agree"] is False
    assert result["differences"] == {"200": {"metrics": 101, "clients": 100},
                                     "400": {"metrics": 1, "clients": 0},
                                     "413": {"metrics": 0, "clients": 2}}


def test_without_metrics_the_agreement_is_not_checked():
    result = soak.agreement({"200": 1}, None, None)
    assert result["checked"] is False and result["agree"] is None


def test_the_clients_counts_leave_out_dropped_requests():
    total = Counter({("frontend", "ok", "200"): 3, ("bot", "ok", "200"): 2,
                     ("abuse", "shed", "503"): 4, ("bot", "dropped", "dropped"): 1})
    assert soak.counted_by_status(total.items()) == {"200": 5, "503": 4}


def sample(t: float, workers: dict[str, int]) -> dict:
    return {"t_s": t, "workers": {pid: {"rss_kib": kib, "fds": 10} for pid, kib in
                                  workers.items()}}


def test_memory_growth_is_judged_per_worker_after_the_warm_up():
    samples = [sample(0, {"1": 50_000, "2": 50_000}),       # warm-up: not counted
               sample(10, {"1": 100_000, "2": 100_000}),
               sample(20, {"1": 102_000, "2": 103_000}),
               sample(30, {"1": 104_900, "2": 105_000, "3": 90_000}),
               sample(40, {"1": 104_900, "3": 91_000, "4": 80_000})]   # 2 replaced by 4
    growth = soak.memory_growth(samples, warmup_s=5)
    w = growth["workers"]
    assert w["1"]["growth"] == 0.049 and w["1"]["passed"] is True
    assert w["2"]["growth"] == 0.05 and w["2"]["passed"] is False      # 5 % is not under 5 %
    assert w["3"]["passed"] is None                 # seen once after its warm-up: no verdict
    assert w["1"]["max_mib"] == round(104_900 / 1024, 1)   # the largest, warm-up included
    assert w["3"]["max_mib"] == round(91_000 / 1024, 1)
    assert "4" not in w                             # still in its own warm-up
    assert growth["passed"] is False
    assert soak.memory_growth(samples[:3], warmup_s=5)["passed"] is True


def test_memory_growth_needs_a_worker_seen_twice_after_the_warm_up():
    assert soak.memory_growth([sample(0, {"1": 1}), sample(1, {"1": 2})], warmup_s=5)[
        "passed"] is False


@pytest.mark.timeout(300)
def test_a_short_soak_reports_every_figure():
    log = io.StringIO()
    r = soak.soak(4.0, 1.0, frontend=1, bots=1, abusive=1, replay_plies=20, log=log)
    assert r["requests"] > 0
    assert set(r["by_group"]) >= {"ordinary", "bot"}
    assert r["outcomes"].get("server_error", 0) == 0 and r["outcomes"].get("dropped", 0) == 0
    assert r["checks"]["no_5xx_but_documented_503"] and r["checks"]["nothing_dropped"]
    assert f"worker_memory_under_{soak.MAX_WORKER_MIB:g}_mib" in r["checks"]
    assert len(r["samples"]) >= 2
    for s in r["samples"]:
        assert len(s["workers"]) == 2
        for w in s["workers"].values():
            assert w["rss_kib"] > 0 and w["fds"] > 0
        assert {"t_s", "rps", "answers", "server_errors", "dropped", "p50_p99_ms",
                "metrics"} <= set(s)
    assert set(r["memory"]["workers"]) == set(r["fds"])
    agree = r["metrics_agreement"]
    assert agree["checked"] is r["metrics_endpoint"]
    if r["metrics_endpoint"]:
        # counts, not timings: every answer the clients got was counted by the service
        assert agree["agree"], agree["differences"]
        assert all(s["metrics"] for s in r["samples"])
    else:
        assert "(no /metrics)" in log.getvalue()
    assert "worker" in soak.markdown(r)

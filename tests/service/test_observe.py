"""The outermost layer (service/http/observe.py) in one process: every request counted by operation,
game and status whichever road serves it, what only the inside knows counted where it
happens (service/telemetry/metrics.py), and every answer and problem document carrying the
request's id
(service/http/requestid.py). The same over several gunicorn workers:
tests/deploy/test_observability.py."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from prometheus_client.parser import text_string_to_metric_families

from rules import registry
from service.http.request import services_of
from service.http.admission import Step
from service.concerns import signing
from service.http import requestid
from service.telemetry import metrics
from service.http.request import Admission
from service.http.app import create_app
from service.http.limits import MAX_BODY_BYTES, MAX_QUERY_BYTES
from service.http.router import Router
from service.operations.table import OPERATIONS
from tests.http_helpers import assert_problem

GAME = registry.game_ids()[0]
PAGE = "https://page.example"
PREFLIGHT = {"Origin": PAGE, "Access-Control-Request-Method": "POST"}
GENERATED = re.compile(r"[0-9a-f]{32}")


def requests_counted(client) -> Counter[tuple[str, str, str]]:
    """referee_requests_total by (operation, game, status), read from GET /metrics."""
    text = client.get("/metrics").get_data(as_text=True)
    counts: Counter[tuple[str, str, str]] = Counter()
    for family in text_string_to_metric_families(text):
        if family.name == "referee_requests":
            for sample in family.samples:
                if sample.name == "referee_requests_total":
                    labels = sample.labels
                    counts[labels["operation"], labels["game"], labels["status"]] += \
                        int(sample.value)
    return counts


def chunked_post(client, url: str, body: bytes, **headers: str):
    """A POST of ``body`` without a length, as a server that delimits a chunked body passes
    it on (``wsgi.input_terminated``): it takes Flask's road."""
    return client.post(url, input_stream=io.BytesIO(body),
                       environ_overrides={"wsgi.input_terminated": True},
                       headers={"Transfer-Encoding": "chunked",
                                "Content-Type": "application/json", **headers})


def sample(name: str, **labels: str) -> float:
    return metrics.REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.fixture(scope="module")
def app():
    return create_app({"REFEREE_CORS_ORIGINS": PAGE})


def test_every_operation_is_named_from_its_path_alone():
    routes = Router(OPERATIONS)
    for op in OPERATIONS:
        path = op.path.replace("{game}", GAME)
        assert routes.classify(path) == (op.operation_id, GAME if "{game}" in op.path else "")
        if "{game}" in op.path:
            assert routes.classify(op.path.replace("{game}", "chess")) == \
                (op.operation_id, "unknown")
    for path in ("/nope", "/v1/games/", f"/v1/games/{GAME}/nope", f"/v1/games/{GAME}/apply/x",
                 "/v1/gamesx", "/metricsx"):
        assert routes.classify(path) == ("unknown", ""), path
    assert routes.classify("/docs/") == ("docs", "")
    assert routes.classify("/static/playground.js") == ("static", "")
    assert routes.classify("/docs/static/swagger-ui.css") == ("static", "")


def test_every_request_is_counted_once_by_operation_game_and_status_on_both_roads(app):
    client = app.test_client()
    before = requests_counted(client)
    sent: Counter[tuple[str, str, str]] = Counter({("metrics", "", "200"): 1})  # `before`

    def expect(response, operation: str, game: str = "") -> None:
        sent[operation, game, str(response.status_code)] += 1

    base = f"/v1/games/{GAME}"
    expect(client.post(f"{base}/legal-moves", json={}), "legalMoves", GAME)       # short road
    expect(chunked_post(client, f"{base}/status", b"{}"), "status", GAME)         # Flask's
    expect(client.post(f"{base}/apply", json={"move": "zz"}), "apply", GAME)      # 422
    expect(client.post(f"{base}/apply", data=b"{", content_type="application/json"),
           "apply", GAME)                                                         # 400
    expect(client.get(f"{base}/apply"), "apply", GAME)                            # 405
    expect(client.post("/v1/games/chess/apply", json={}), "apply", "unknown")     # 404
    expect(client.get("/nope"), "unknown")                                        # 404
    expect(client.get("/v1/games"), "listGames")
    expect(client.get(f"/v1/games/{GAME}"), "getGame", GAME)
    expect(client.get("/v1/health"), "health")
    expect(client.get("/static/playground.js"), "static")
    expect(client.options("/v1/games", headers=PREFLIGHT), "preflight")
    expect(client.options("/v1/games", headers={**PREFLIGHT, "Origin": "https://x.example"}),
           "preflight")                                                           # 403
    for _ in range(3):
        expect(client.get(f"{base}/render.svg?size=120"), "renderSvg", GAME)
    assert requests_counted(client) - before == sent
    assert sample("referee_request_duration_seconds_count", operation="renderSvg",
                  game=GAME) >= 3


def test_the_metrics_are_the_text_format_and_say_the_engines_are_ready(app):
    answer = app.test_client().get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    names = {family.name for family in
             text_string_to_metric_families(answer.get_data(as_text=True))}
    assert {"referee_requests", "referee_request_duration_seconds", "referee_heavy_in_flight",
            "referee_ready"} <= names
    assert sample("referee_ready") == 1
    buckets = [s.labels["le"] for f in text_string_to_metric_families(
        answer.get_data(as_text=True)) if f.name == "referee_request_duration_seconds"
        for s in f.samples if s.name.endswith("_bucket")]
    assert buckets[:3] == ["0.0005", "0.001", "0.002"] and "+Inf" in buckets


def test_shedding_heavy_work_in_flight_and_limits_are_counted_where_they_happen():
    app = create_app({"WARM_UP": False, "REFEREE_HEAVY_REST_RATIO": "0"})
    client, gate = app.test_client(), services_of(app).shedding
    shed = sample("referee_shed_total", operation="suggest", game=GAME)
    held = gate.try_enter()
    assert held is not None and sample("referee_heavy_in_flight") == 1
    assert client.post(f"/v1/games/{GAME}/suggest", json={}).status_code == 503  # heavy
    assert sample("referee_shed_total", operation="suggest", game=GAME) == shed + 1
    gate.leave(held)
    assert sample("referee_heavy_in_flight") == 0

    too_large = sample("referee_limit_hits_total", limit="body_too_large")
    work = sample("referee_limit_hits_total", limit="work_limit_exceeded")
    assert client.post(f"/v1/games/{GAME}/status", data=b"x" * (MAX_BODY_BYTES + 1),
                       content_type="application/json").status_code == 413
    assert chunked_post(client, f"/v1/games/{GAME}/status",
                        b"x" * (MAX_BODY_BYTES + 1)).status_code == 413
    assert client.post("/v1/games/mastery/perft", json={"depth": 4}).status_code == 422
    assert sample("referee_limit_hits_total", limit="body_too_large") == too_large + 2
    assert sample("referee_limit_hits_total", limit="work_limit_exceeded") == work + 1


def test_signing_refusals_and_suggestions_are_counted():
    strict = create_app({"WARM_UP": False, signing.KEYS_SETTING: "k1:secret",
                         signing.REQUIRE_SETTING: "1"}).test_client()
    unsigned = sample("referee_signing_refusals_total", code="unsigned_position")
    bad = sample("referee_signing_refusals_total", code="bad_signature")
    start = strict.post(f"/v1/games/{GAME}/setup", json={}).get_json()
    position = start["position"]
    assert strict.post(f"/v1/games/{GAME}/status", json={"position": position}
                       ).status_code == 422
    assert strict.post(f"/v1/games/{GAME}/status", json={"position": position,
                                                          "token": "k1.x"}).status_code == 422
    assert sample("referee_signing_refusals_total", code="unsigned_position") == unsigned + 1
    assert sample("referee_signing_refusals_total", code="bad_signature") == bad + 1

    playouts = sample("referee_suggest_playouts_total", game=GAME, level="mcts")
    found = strict.post(f"/v1/games/{GAME}/suggest", json={"playouts": 12})
    assert found.status_code == 200 and found.get_json()["playouts"] == 12
    assert sample("referee_suggest_playouts_total", game=GAME, level="mcts") == playouts + 12
    assert sample("referee_suggest_seconds_count", game=GAME, level="mcts") >= 1


# ---- request ids ----------------------------------------------------------------------------

@pytest.mark.parametrize("sent", ["abc", "A.b_c:d-1", "0" * 128,
                                  "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"])
def test_a_sane_request_id_is_echoed_on_every_kind_of_answer(app, sent):
    client = app.test_client()
    header = {"X-Request-ID": sent}
    for answer in (client.post(f"/v1/games/{GAME}/legal-moves", json={}, headers=header),
                   client.get(f"/v1/games/{GAME}/render.svg?size=120", headers=header),
                   client.get("/v1/health", headers=header),
                   client.get("/metrics", headers=header),
                   client.options("/v1/games", headers={**PREFLIGHT, **header}),
                   client.get("/nope", headers=header)):
        assert answer.headers["X-Request-ID"] == sent


@pytest.mark.parametrize("sent", ["", "a b", "a" * 129, "a/b", "é", "a\"b", "<script>",
                                  "a,b", "a;b"])
def test_an_insane_request_id_is_replaced_by_a_new_one(app, sent):
    answer = app.test_client().post(f"/v1/games/{GAME}/legal-moves", json={},
                                    headers={"X-Request-ID": sent})
    assert answer.status_code == 200
    assert GENERATED.fullmatch(answer.headers["X-Request-ID"])


def test_without_a_request_id_each_request_gets_its_own(app):
    client = app.test_client()
    ids = {client.get("/v1/health").headers["X-Request-ID"] for _ in range(20)}
    assert len(ids) == 20 and all(GENERATED.fullmatch(i) for i in ids)
    assert requestid.current() is None           # no id is left behind once answered


def _broken(a: Admission) -> None:
    raise RuntimeError("a bug")


def test_every_kind_of_problem_carries_the_request_id(app, caplog):
    """Every problem the app writes (the server's own are in tests/deploy): the short road's,
    Flask's, the HTTP errors of Flask, the CORS layer's, the probes', a 500."""
    client = app.test_client()
    not_ready = create_app({"WARM_UP": False}).test_client()
    broken = create_app({"WARM_UP": False})
    services_of(broken).concerns.append(Step(_broken))
    shed = create_app({"WARM_UP": False})
    held = services_of(shed).shedding.try_enter()
    base = f"/v1/games/{GAME}"
    cases = [
        (client.post(f"{base}/apply", data=b"{", content_type="application/json"),
         400, "malformed_request"),
        (chunked_post(client, f"{base}/status", b"[1]"), 400, "malformed_request"),
        (client.get(f"{base}/render.svg?size=abc"), 400, "malformed_request"),
        (client.options("/v1/games", headers={**PREFLIGHT, "Origin": "https://x.example"}),
         403, "origin_not_allowed"),
        (client.get("/nope"), 404, "not_found"),
        (client.post("/v1/games/chess/apply", json={}), 404, "unknown_game"),
        (client.get("/v1/games/chess"), 404, "unknown_game"),
        (client.get(f"{base}/apply"), 405, "method_not_allowed"),
        (client.post(f"{base}/status", data=b"x" * (MAX_BODY_BYTES + 1),
                     content_type="application/json"), 413, "body_too_large"),
        (chunked_post(client, f"{base}/status", b"x" * (MAX_BODY_BYTES + 1)),
         413, "body_too_large"),
        (client.get(f"{base}/render.svg?size=120&x={'a' * MAX_QUERY_BYTES}"),
         414, "request_line_too_long"),
        (client.post(f"{base}/status", data=b"{}", content_type="text/plain"),
         415, "unsupported_media_type"),
        (client.post(f"{base}/apply", json={"move": "zz"}), 422, "illegal_move"),
        (client.post(f"{base}/setup", json={"options": {"nope": 1}}), 422, "invalid_options"),
        (client.post("/v1/games/mastery/perft", json={"depth": 4}), 422,
         "work_limit_exceeded"),
        (not_ready.get("/v1/ready"), 503, "not_ready"),
        (shed.test_client().post(f"{base}/suggest", json={}), 503, "overloaded"),
        (broken.test_client().post(f"{base}/status", json={}), 500, "internal_error"),
        (chunked_post(broken.test_client(), f"{base}/status", b"{}"), 500, "internal_error"),
    ]
    services_of(shed).shedding.leave(held)
    for answer, status, code in cases:
        body = assert_problem(answer, status, code)
        assert GENERATED.fullmatch(body["request_id"]), (status, code)
    statuses = {status for _, status, _ in cases}
    assert statuses >= {400, 403, 404, 405, 413, 414, 415, 422, 500, 503}
    sent = {"X-Request-ID": "report-me"}
    for answer in (client.get("/nope", headers=sent),
                   client.post(f"{base}/apply", json={"move": "zz"}, headers=sent),
                   client.options("/v1/games", headers={**PREFLIGHT, **sent,
                                                         "Origin": "https://x.example"}),
                   broken.test_client().post(f"{base}/status", json={}, headers=sent)):
        assert answer.get_json()["request_id"] == "report-me"


def test_new_ids_are_distinct_across_threads_and_a_fork():
    import os
    import threading

    made: list[str] = [requestid.new()]   # this thread now holds ids made ahead
    threads = [threading.Thread(target=lambda: made.extend(requestid.new() for _ in range(600)))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: its ids must not be the ones the parent made ahead
        os.write(write, "".join(requestid.new() for _ in range(300)).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        child = pipe.read()
    os.waitpid(pid, 0)
    made += [child[i:i + 32] for i in range(0, len(child), 32)]
    made += [requestid.new() for _ in range(300)]
    assert len(made) == 1 + 4 * 600 + 300 + 300
    assert all(GENERATED.fullmatch(i) for i in made)
    assert len(set(made)) == len(made)

"""Metrics and request ids against the real service with two gunicorn workers: the counts in
``GET /metrics`` are the requests we sent, per operation, game and status, summed over both
workers whatever road served them; the multiprocess directory is emptied at start and a killed
worker's counts survive it; request ids are echoed or made, in the answers, the problem
documents (the server's own refusals too) and the JSON access log."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import pytest
from prometheus_client.parser import text_string_to_metric_families

from rules import registry
from service.http.limits import MAX_BODY_BYTES
from tests.live_service import raw_exchange, running_service, wait_until

GAME = registry.game_ids()[0]
GENERATED = re.compile(r"[0-9a-f]{32}")
Key = tuple[str, str, str]


@pytest.fixture(scope="module")
def service(tmp_path_factory) -> Iterator[tuple[str, Path, Path]]:
    """(base URL, metrics directory, access log) of a two-worker service whose metrics
    directory held a stale file of an earlier run."""
    tmp = tmp_path_factory.mktemp("observe")
    directory, log = tmp / "metrics", tmp / "access.log"
    directory.mkdir()
    (directory / "counter_1.db").write_bytes(b"stale: an earlier run's counts")
    env = {"PROMETHEUS_MULTIPROC_DIR": str(directory), "GUNICORN_ACCESSLOG": str(log)}
    with running_service(workers=2, env=env) as url:
        yield url, directory, log


def scrape(url: str) -> dict[str, list[Any]]:
    """The samples of ``GET /metrics`` by sample name, read with prometheus-client's parser."""
    host, port = url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", "/metrics")
    answer = conn.getresponse()
    assert answer.status == 200
    assert answer.getheader("Content-Type") == "text/plain; version=0.0.4; charset=utf-8"
    text = answer.read().decode()
    conn.close()
    samples: dict[str, list[Any]] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples.setdefault(sample.name, []).append(sample)
    return samples


def requests_by_key(samples: dict[str, list[Any]]) -> Counter[Key]:
    return Counter({(s.labels["operation"], s.labels["game"], s.labels["status"]): int(s.value)
                    for s in samples.get("referee_requests_total", [])})


def durations_by_key(samples: dict[str, list[Any]]) -> Counter[tuple[str, str]]:
    return Counter({(s.labels["operation"], s.labels["game"]): int(s.value)
                    for s in samples.get("referee_request_duration_seconds_count", [])})


def value(samples: dict[str, list[Any]], name: str, **labels: str) -> float:
    return sum(s.value for s in samples.get(name, []) if labels.items() <= s.labels.items())


def connection(url: str) -> http.client.HTTPConnection:
    host, port = url.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=30)


def exchange(conn: http.client.HTTPConnection, method: str, path: str,
             body: Any = None, headers: dict[str, str] | None = None,
             chunked: bool = False) -> tuple[int, dict[str, str], bytes]:
    conn.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
    answer = conn.getresponse()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()


def raw(url: str, data: bytes) -> tuple[int, dict[str, str], Any]:
    """One request written as bytes on its own connection: status, headers, JSON body."""
    return raw_exchange(int(url.rsplit(":", 1)[1]), data)


JSON = {"Content-Type": "application/json"}
PREFLIGHT = {"Origin": "https://page.example", "Access-Control-Request-Method": "POST"}


def send_known_traffic(url: str) -> Counter[Key]:
    """Requests of every kind over several keep-alive connections (the balanced worker
    spreads them over both workers); what each should be counted as."""
    sent: Counter[Key] = Counter()
    base = f"/v1/games/{GAME}"
    conns = [connection(url) for _ in range(6)]
    for i, conn in enumerate(conns):
        for game_id in registry.game_ids():                       # the short road
            status, _, _ = exchange(conn, "POST", f"/v1/games/{game_id}/legal-moves", b"{}", JSON)
            sent["legalMoves", game_id, str(status)] += 1
        status, _, _ = exchange(conn, "POST", f"{base}/status", iter([b"{", b"}"]), JSON,
                                chunked=True)                     # Flask's road
        sent["status", GAME, str(status)] += 1
        for method, path, body, operation, game in (
                ("POST", f"{base}/apply", b'{"move": "zz"}', "apply", GAME),        # 422
                ("POST", f"{base}/apply", b"{", "apply", GAME),                     # 400
                ("GET", f"{base}/apply", None, "apply", GAME),                      # 405
                ("POST", "/v1/games/chess/apply", b"{}", "apply", "unknown"),       # 404
                ("GET", "/nope", None, "unknown", ""),                              # 404
                ("GET", "/v1/health", None, "health", ""),
                ("GET", f"{base}/render.svg?size=60", None, "renderSvg", GAME),
                ("GET", "/v1/games", None, "listGames", "")):
            status, _, _ = exchange(conn, method, path, body, JSON if body else None)
            sent[operation, game, str(status)] += 1
        status, _, _ = exchange(conn, "OPTIONS", "/v1/games", headers=PREFLIGHT)
        sent["preflight", "", str(status)] += 1
    for conn in conns:
        conn.close()
    too_large = connection(url)
    status, headers, _ = exchange(too_large, "POST", f"{base}/status",
                                  b" " * (MAX_BODY_BYTES + 1), JSON)
    sent["status", GAME, str(status)] += 1
    too_large.close()
    status, _, _ = raw(url, b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    sent["unknown", "", str(status)] += 1                         # refused by the server
    assert {key[2] for key in sent} == {"200", "204", "400", "404", "405", "413", "414",
                                        "422"}
    return sent


def test_the_counts_are_the_requests_sent_summed_over_every_worker(service):
    url, directory, _ = service
    assert not (directory / "counter_1.db").exists()   # emptied when the master started
    before = scrape(url)
    limits_before = value(before, "referee_limit_hits_total", limit="request_line_too_long")
    sent = send_known_traffic(url)
    after = scrape(url)
    expected = sent + Counter({("metrics", "", "200"): 1})       # the first scrape
    assert requests_by_key(after) - requests_by_key(before) == expected
    timed = Counter()
    for (operation, game, status), count in expected.items():
        if status != "414":                # the server refused it before the app: not timed
            timed[operation, game] += count
    assert durations_by_key(after) - durations_by_key(before) == timed
    assert value(after, "referee_limit_hits_total", limit="request_line_too_long") == \
        limits_before + 1
    assert value(after, "referee_limit_hits_total", limit="body_too_large") >= 1
    assert value(after, "referee_ready") == 1 and value(after, "referee_heavy_in_flight") == 0
    assert not [key for key in requests_by_key(after) if key[2].startswith("5")]
    # Until both workers have served (which one accepts a connection is the kernel's choice),
    # one request per new connection; then a scrape sums both workers' files.
    health = ("health", "", "200")
    sent_since = 0
    while len(worker_files(directory)) < 2:
        assert sent_since < MAX_CONNECTIONS, worker_files(directory)
        assert exchange(connection(url), "GET", "/v1/health")[0] == 200
        sent_since += 1
    last = scrape(url)
    assert requests_by_key(last)[health] == requests_by_key(after)[health] + sent_since
    assert requests_by_key(last)["metrics", "", "200"] == \
        requests_by_key(after)["metrics", "", "200"] + 1


#: the most new connections to wait for the second worker to serve one (the balancing
#: worker class hands each worker its share long before)
MAX_CONNECTIONS = 2000


def worker_files(directory: Path) -> set[str]:
    """The pids of the workers that wrote a counter file in the multiprocess directory."""
    return {f.name.split("_")[1].split(".")[0] for f in directory.glob("counter_*.db")}


def test_request_ids_are_echoed_or_made_and_logged(service):
    url, _, log = service
    conn = connection(url)
    asked = {"X-Request-ID": "bot-42.move:7"}
    status, headers, _ = exchange(conn, "POST", f"/v1/games/{GAME}/legal-moves", b"{}",
                                  {**JSON, **asked})
    assert status == 200 and headers["x-request-id"] == "bot-42.move:7"
    status, headers, body = exchange(conn, "POST", f"/v1/games/{GAME}/apply", b'{"move":"zz"}',
                                     {**JSON, **asked})
    assert status == 422 and json.loads(body)["request_id"] == "bot-42.move:7"
    status, headers, _ = exchange(conn, "POST", f"/v1/games/{GAME}/status", iter([b"{}"]),
                                  {**JSON, "X-Request-ID": "not sane!"}, chunked=True)
    made = headers["x-request-id"]
    assert status == 200 and GENERATED.fullmatch(made)
    status, headers, body = exchange(conn, "GET", "/nope")
    assert status == 404 and json.loads(body)["request_id"] == headers["x-request-id"]
    conn.close()

    def logged() -> dict[str, Any]:
        lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
        return {entry["request_id"]: entry for entry in lines}

    wait_until(lambda: {"bot-42.move:7", made} <= set(logged()),
               lambda: f"the access log lacks the ids: {log.read_text()[-2000:]}")
    assert logged()[made]["path"] == f"/v1/games/{GAME}/status"


def test_requests_the_server_refuses_carry_a_request_id_and_are_counted(service):
    url, _, _ = service
    before = requests_by_key(scrape(url))
    cases = [
        (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "request_line_too_long"),
        (b"GET /v1/health HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(100))
         + b"\r\n", 431, "headers_too_large"),
        (b"F@@ / HTTP/1.1\r\n\r\n", 400, "malformed_request"),
        (b"POST /v1/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: x-nope\r\n\r\n", 501,
         "unsupported_transfer_coding"),
    ]
    for data, status, code in cases:
        got, headers, body = raw(url, data)
        assert (got, body["code"]) == (status, code)
        assert GENERATED.fullmatch(body["request_id"])
        assert headers["x-request-id"] == body["request_id"]
    counted = requests_by_key(scrape(url)) - before
    assert counted == Counter({("unknown", "", str(status)): 1 for _, status, _ in cases}) + \
        Counter({("metrics", "", "200"): 1})


def test_a_killed_workers_counts_survive_it(service):
    url, directory, _ = service
    before = scrape(url)
    pids = sorted({int(f.name.split("_")[1].split(".")[0])
                   for f in directory.glob("counter_*.db")})
    victim = pids[0]
    os.kill(victim, signal.SIGKILL)       # a worker of the service this test started
    # gunicorn reaps it and marks it dead: its live gauges go, its counts stay
    wait_until(lambda: not list(directory.glob(f"gauge_live*_{victim}.db")),
               lambda: f"worker {victim} was not marked dead: {os.listdir(directory)}")
    assert (directory / f"counter_{victim}.db").exists()
    wait_until(lambda: value(scrape(url), "referee_ready") == 1,
               lambda: "no worker says it is ready")
    after = scrape(url)
    grown = requests_by_key(after) - requests_by_key(before)
    assert set(grown) == {("metrics", "", "200")}             # only the scrapes since
    assert not requests_by_key(before) - requests_by_key(after)  # nothing was lost


# ---- traces over OTLP/HTTP ------------------------------------------------------------------

class OtlpReceiver:
    """A local OTLP/HTTP endpoint: every span posted to ``/v1/traces``, decoded from protobuf
    (with the service name of its resource)."""

    def __init__(self) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
            ExportTraceServiceRequest, ExportTraceServiceResponse,
        )

        self.spans: list[tuple[str, Any]] = []
        received = self.spans

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                data = self.rfile.read(int(self.headers["Content-Length"]))
                if self.headers.get("Content-Encoding") == "gzip":
                    import gzip
                    data = gzip.decompress(data)
                export = ExportTraceServiceRequest.FromString(data)
                for resource_spans in export.resource_spans:
                    name = next((a.value.string_value for a in resource_spans.resource.attributes
                                 if a.key == "service.name"), "")
                    for scope in resource_spans.scope_spans:
                        received.extend((name, span) for span in scope.spans)
                answer = ExportTraceServiceResponse().SerializeToString()
                self.send_response(200 if self.path == "/v1/traces" else 404)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> "OtlpReceiver":
        import threading
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_spans_reach_an_otlp_endpoint_as_children_of_our_traceparent():
    trace_id, parent_id = "0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331"
    with OtlpReceiver() as receiver:
        env = {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url, "OTEL_SERVICE_NAME": "referee-test",
               "OTEL_BSP_SCHEDULE_DELAY": "100"}
        with running_service(workers=2, env=env) as url:
            conns = [connection(url) for _ in range(4)]
            for i, conn in enumerate(conns):
                headers = {**JSON, "traceparent": f"00-{trace_id}-{parent_id}-01",
                           "X-Request-ID": f"traced-{i}"}
                assert exchange(conn, "POST", f"/v1/games/{GAME}/legal-moves", b"{}",
                                headers)[0] == 200
                assert exchange(conn, "POST", "/v1/games/chess/apply", b"{}",
                                {**headers, "X-Request-ID": f"unknown-{i}"})[0] == 404
                conn.close()

            def ours() -> list[tuple[str, Any]]:
                return [(name, span) for name, span in list(receiver.spans)
                        if span.trace_id.hex() == trace_id]

            wait_until(lambda: len(ours()) == 8,
                       lambda: f"spans received: {len(receiver.spans)}, ours: {len(ours())}")
    by_request_id = {}
    for service_name, span in ours():
        attributes = {a.key: a.value for a in span.attributes}
        assert service_name == "referee-test"
        assert span.parent_span_id.hex() == parent_id
        by_request_id[attributes["referee.request_id"].string_value] = (span.name, attributes)
    assert set(by_request_id) == {f"{kind}-{i}" for kind in ("traced", "unknown")
                                  for i in range(4)}
    name, attributes = by_request_id["traced-0"]
    assert name == "legalMoves"
    assert attributes["referee.game"].string_value == GAME
    assert attributes["referee.operation"].string_value == "legalMoves"
    assert attributes["http.response.status_code"].int_value == 200
    name, attributes = by_request_id["unknown-3"]
    assert (name, attributes["referee.game"].string_value) == ("apply", "unknown")
    assert attributes["http.response.status_code"].int_value == 404

"""The nginx front (deploy/nginx/nginx.conf) with a real nginx in front of gunicorn: the
configuration passes ``nginx -t``; its limits agree with the service's; every refusal of its own
is a problem document like the service's; live, a burst from one address (many connections at
once) is refused with 429 ``rate_limited`` and ``Retry-After`` while another address is still
served, a body over 64 KiB
gets 413 and one of exactly 64 KiB passes, the service's 503 ``overloaded`` reaches the client
with the service's own ``Retry-After``, request ids pass through, and the access log's ``limit``
shows a burst held from its first request over the rate for expensive requests and from its
ninth for pictures. nginx is required (Debian:
``apt-get install nginx``): without it these tests fail, they do not skip.

Every live check counts requests, never seconds: a client over its rate waits (nginx's
``delay``) and is refused once more requests wait than the zone's burst, or it holds more
connections than its limit; a burst of CONNECTIONS requests at once, each held open, exceeds
both whatever the machine's speed. The held bursts allow for the one request more the zone
lets through for each 2 s the burst took to send, so a slow machine loosens them but cannot
fail them.
"""

from __future__ import annotations

import http.client
import json
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loadtest import front  # noqa: E402
from loadtest.server import Server  # noqa: E402
from service.http import problems  # noqa: E402
from service.server import gunicorn_conf  # noqa: E402
from service.http.limits import MAX_BODY_BYTES  # noqa: E402
from tests.live_service import wait_until  # noqa: E402

pytestmark = pytest.mark.timeout(180)

CONF = front.NGINX_CONF.read_text()
INGRESS = ROOT / "k8s" / "components" / "ingress"
JSON = {"Content-Type": "application/json"}
#: a Retry-After only the service says, to tell its 503 from anything the front writes
SERVICE_RETRY_AFTER = "7"
#: requests of a burst, each on its own connection at once: more than the expensive zone's
#: burst (20) and than a client's connections (16)
CONNECTIONS = 40


def directive(name: str) -> list[str]:
    """The arguments of every ``name`` directive of the configuration."""
    return [m.group(1).strip() for m in re.finditer(rf"^\s*{name}\s+([^;]*);", CONF, re.M)]


def size(text: str) -> int:
    units = {"k": 1024, "m": 1024 * 1024}
    return int(text[:-1]) * units[text[-1].lower()] if text[-1].isalpha() else int(text)


def nginx_problems() -> dict[int, dict[str, Any]]:
    """The problem documents the front's named locations return, by status."""
    out = {}
    for status, body in re.findall(r"return (\d+) '(\{.*\})';", CONF):
        out[int(status)] = json.loads(body.replace("$referee_request_id", "id"))
    return out


# ---- the configuration ------------------------------------------------------------------------

def test_nginx_is_installed_and_accepts_the_configuration(tmp_path):
    assert front.nginx_binary(), "nginx is required: apt-get install -y nginx"
    done = front.Front(["127.0.0.1:8000"], directory=str(tmp_path)).test_config()
    assert done.returncode == 0, done.stderr
    assert "syntax is ok" in done.stderr


def test_body_and_header_limits_agree_with_the_services():
    assert directive("client_max_body_size") == ["64k"]
    assert size("64k") == MAX_BODY_BYTES
    # read whole, in memory, before the service sees it
    assert size(directive("client_body_buffer_size")[0]) >= MAX_BODY_BYTES
    (buffers,) = directive("large_client_header_buffers")
    count, each = buffers.split()
    # a header field gunicorn takes (up to limit_request_field_size, with its CRLF) fits
    assert size(each) >= gunicorn_conf.limit_request_field_size + 2
    # and a request line gunicorn takes passes on (longer ones get the service's own 414)
    assert size(each) >= gunicorn_conf.limit_request_line + 2
    assert int(count) >= 2


def test_refusals_and_upstream_settings():
    assert directive("limit_req_status") == ["429"] and directive("limit_conn_status") == ["429"]
    zones = directive("limit_req_zone")
    assert any(z.startswith("$binary_remote_addr ") for z in zones)
    assert any(d.startswith("connections ") for d in directive("limit_conn"))
    # over its rate, a client waits (up to the burst) rather than spins on refusals
    assert all("burst=" in d and "nodelay" not in d for d in directive("limit_req"))
    # a flood's first burst of expensive requests is held to the rate too (pictures, which a
    # page shows several at once, pass a few at once)
    (expensive,) = [d for d in directive("limit_req") if d.startswith("zone=expensive ")]
    assert "delay=" not in expensive
    # keep-alive to the service: HTTP/1.1 with no Connection header, idle connections kept,
    # closed before gunicorn's own keep-alive closes them
    assert directive("proxy_http_version") == ["1.1"]
    assert 'Connection ""' in directive("proxy_set_header")
    upstream_timeouts = [t for t in directive("keepalive_timeout") if t != "30s"]
    assert len(upstream_timeouts) == 2          # the main instance's and the expensive one's
    assert all(int(t.rstrip("s")) < gunicorn_conf.keepalive for t in upstream_timeouts)
    # the service's own errors and their headers pass as they are
    assert not directive("proxy_intercept_errors")
    assert "X-Request-ID $referee_request_id" in directive("proxy_set_header")


def test_the_fronts_refusals_are_problem_documents_like_the_services():
    found = nginx_problems()
    assert set(found) == {400, 413, 414, 429, 431, 503}
    for status, doc in found.items():
        code = doc["code"]
        assert code in problems.TITLES, code
        expected = problems.problem_document(status, code, doc["detail"], request_id="id")
        assert doc == expected
    assert found[413]["detail"] == problems.TOO_LARGE
    assert found[429]["code"] == "rate_limited"


# ---- the ingress-nginx component --------------------------------------------------------------

def ingresses() -> dict[str, dict]:
    docs = [d for d in yaml.safe_load_all((INGRESS / "ingress.yaml").read_text()) if d]
    return {d["metadata"]["name"]: d for d in docs}


def zone_rate(name: str) -> float:
    """Requests a second of the nginx configuration's zone ``name``."""
    (zone,) = [z for z in directive("limit_req_zone") if f"zone={name}:" in z]
    value, unit = re.search(r"rate=(\d+)r/([sm])", zone).groups()
    return int(value) / (60 if unit == "m" else 1)


def zone_burst(name: str) -> int:
    """The burst of the configuration's ``limit_req`` on the zone ``name``."""
    (limit,) = [d for d in directive("limit_req") if d.startswith(f"zone={name} ")]
    return int(re.search(r"burst=(\d+)", limit).group(1))


def test_the_ingress_component_is_optional_and_valid():
    kust = yaml.safe_load((INGRESS / "kustomization.yaml").read_text())
    assert kust["kind"] == "Component" and kust["resources"] == ["ingress.yaml"]
    assert "ingress" not in (ROOT / "k8s" / "kustomization.yaml").read_text()
    service = yaml.safe_load((ROOT / "k8s" / "service.yaml").read_text())
    for doc in ingresses().values():
        kubernetes_validate.validate(doc, kubernetes_validate.latest_version() + ".0",
                                     strict=True)
        for rule in doc["spec"]["rules"]:
            for path in rule["http"]["paths"]:
                backend = path["backend"]["service"]
                assert backend["name"] == service["metadata"]["name"]
                assert backend["port"]["name"] == service["spec"]["ports"][0]["name"]


def test_the_ingress_limits_are_the_nginx_configurations():
    general, expensive = ingresses()["boardgame-referee"], ingresses()[
        "boardgame-referee-expensive"]
    prefix = "nginx.ingress.kubernetes.io/"
    g, e = (d["metadata"]["annotations"] for d in (general, expensive))
    assert float(g[prefix + "limit-rps"]) == zone_rate("requests")
    assert float(e[prefix + "limit-rpm"]) / 60 == zone_rate("expensive")
    (connections,) = [d.split()[1] for d in directive("limit_conn")]
    for notes in (g, e):
        assert notes[prefix + "proxy-body-size"] == directive("client_max_body_size")[0]
        assert notes[prefix + "limit-connections"] == connections
    assert float(e[prefix + "limit-rpm"]) / 60 == zone_rate("pictures")
    # ingress-nginx's burst is the rate times the multiplier, passed at once: about the
    # configuration's own (between it and twice it)
    for notes, rate, zone in ((g, "limit-rps", "requests"), (e, "limit-rpm", "expensive")):
        burst = int(notes[prefix + rate]) * int(notes[prefix + "limit-burst-multiplier"])
        assert zone_burst(zone) <= burst <= 2 * zone_burst(zone), (zone, burst)
    # the expensive Ingress takes the operations the configuration counts as expensive or
    # as pictures
    (path,) = [p["path"] for r in expensive["spec"]["rules"] for p in r["http"]["paths"]]
    prefix_path, operations = re.fullmatch(r"(/v1/games/\[\^/\]\+/)\(([a-z|]+)\)", path).groups()
    limited = re.findall(r'"~\^' + re.escape(prefix_path) + r'\(?([a-z|]+)', CONF)
    assert set(operations.split("|")) == {op for ops in limited for op in ops.split("|")}


# ---- live -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def instances():
    """The main instance and the one for expensive requests, as the front expects them."""
    env = {"REFEREE_RETRY_AFTER_S": SERVICE_RETRY_AFTER}
    with Server(workers=2, env=env) as server, Server(workers=1, env=env) as expensive:
        yield server, expensive


@pytest.fixture(scope="module")
def served(instances):
    server, expensive = instances
    with front.Front([f"127.0.0.1:{server.port}"],
                     expensive=[f"127.0.0.1:{expensive.port}"]) as nginx:
        yield server, nginx


class Conn:
    """One keep-alive connection to the front from the loopback address ``source``."""

    def __init__(self, nginx: front.Front, source: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", nginx.port, timeout=60,
                                               source_address=(source, 0))

    def send(self, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        self.conn.request(method, path, body=body,
                          headers={**(JSON if body is not None else {}), **(headers or {})})
        resp = self.conn.getresponse()
        data = resp.read()
        if resp.getheader("Connection", "").lower() == "close":
            self.conn.close()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data

    def close(self) -> None:
        self.conn.close()


def assert_problem(status: int, headers: dict[str, str], data: bytes, code: str) -> dict:
    assert headers["content-type"].startswith(problems.PROBLEM_MEDIA_TYPE), headers
    doc = json.loads(data)
    assert doc["code"] == code and doc["status"] == status, doc
    assert doc["title"] == problems.TITLES[code]
    return doc


def send_at_once(nginx: front.Front, source: str, n: int, method: str, path: str,
                 body: bytes | None = None, ids: str = "burst",
                 sent: list[float] | None = None) -> list[tuple[int, dict[str, str], bytes]]:
    """``n`` requests from ``source``, each on its own connection, all sent before any answer
    is read (with the ids ``<ids>-<i>``); their answers. ``sent`` gets the monotonic time
    each request was sent at."""
    conns = [Conn(nginx, source) for _ in range(n)]
    try:
        for c in conns:
            c.conn.connect()
        answers: list[Any] = [None] * n
        barrier = threading.Barrier(n)

        def one(i: int) -> None:
            barrier.wait()
            if sent is not None:
                sent.append(time.monotonic())
            answers[i] = conns[i].send(method, path, body, {"X-Request-ID": f"{ids}-{i}"})

        threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return answers
    finally:
        for c in conns:
            c.close()


def test_a_burst_from_one_address_is_refused_while_another_is_served(served):
    _, nginx = served
    perft = json.dumps({"depth": 1}).encode()
    answers = send_at_once(nginx, "127.0.0.21", CONNECTIONS, "POST", "/v1/games/mastery/perft",
                           perft)
    refused = [a for a in answers if a[0] == 429]
    assert refused and {a[0] for a in answers} == {200, 429}, [a[0] for a in answers]
    for status, headers, data in refused:
        assert headers["retry-after"] == "1"
        doc = assert_problem(429, headers, data, "rate_limited")
        assert doc["request_id"] == headers["x-request-id"]
        assert re.fullmatch(r"burst-\d+", doc["request_id"])
    # another client, right after: served
    other = Conn(nginx, "127.0.0.22")
    try:
        assert other.send("POST", "/v1/games/mastery/perft", perft)[0] == 200
    finally:
        other.close()


def test_bodies_over_64_kib_are_refused_by_the_front_and_64_kib_passes(served):
    _, nginx = served
    c = Conn(nginx, "127.0.0.23")
    try:
        exact = b"{}" + b" " * (MAX_BODY_BYTES - 2)
        status, headers, data = c.send("POST", "/v1/games/mastery/legal-moves", exact + b" ")
        assert status == 413
        assert_problem(413, headers, data, "body_too_large")
        c = Conn(nginx, "127.0.0.23")
        status, _, data = c.send("POST", "/v1/games/mastery/legal-moves", exact)
        assert status == 200, data[:300]
        assert json.loads(data)["moves"]
    finally:
        c.close()


def test_the_services_overloaded_and_retry_after_pass_through(served):
    _, nginx = served
    # perft at Mastery's cap, at once from 12 addresses (each well within its own limits):
    # each worker runs one heavy request at a time, so most are shed by the service
    body = json.dumps({"depth": 3}).encode()
    answers: list[tuple[int, dict[str, str], bytes]] = []
    lock = threading.Lock()

    def one(source: str) -> None:
        c = Conn(nginx, source)
        try:
            answer = c.send("POST", "/v1/games/mastery/perft", body)
        finally:
            c.close()
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=one, args=(a,)) for a in front.addresses(30, 12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    shed = [a for a in answers if a[0] == 503]
    assert shed, [a[0] for a in answers]
    assert {a[0] for a in answers} <= {200, 503}
    for status, headers, data in shed:
        assert headers["retry-after"] == SERVICE_RETRY_AFTER     # the service's, not the front's
        assert_problem(503, headers, data, "overloaded")


def test_request_ids_pass_through_or_are_made(served):
    _, nginx = served
    c = Conn(nginx, "127.0.0.24")
    try:
        answers = [c.send("GET", "/v1/games", headers=h) for h in (
            {"X-Request-ID": "trace-me.42"}, {"X-Request-ID": "not sane"}, {})]
    finally:
        c.close()
    assert [status for status, _, _ in answers] == [200, 200, 200]
    echoed = [headers["x-request-id"] for _, headers, _ in answers]

    def logged() -> list[str]:
        lines = [json.loads(line) for line in (nginx.dir / "access.log").read_text().splitlines()]
        return [line["request_id"] for line in lines if line["remote"] == "127.0.0.24"]

    # nginx writes a request's log line after its answer has left: wait for the three lines
    wait_until(lambda: len(logged()) >= len(answers), lambda: f"logged: {logged()}")
    # the service answered with the id the front logged: the client's when sane, else nginx's
    assert echoed == logged()
    assert echoed[0] == "trace-me.42"
    assert all(re.fullmatch(r"[0-9a-f]{32}", rid) for rid in echoed[1:]), echoed
    assert echoed[1] != echoed[2]


def answered(server: Server, operation: str) -> float:
    """How many requests of ``operation`` the instance ``server`` has answered (its metrics)."""
    status, text = server.get("/metrics")
    assert status == 200
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.decode().splitlines()
               if line.startswith("referee_requests_total{")
               and f'operation="{operation}"' in line)


def test_expensive_requests_go_to_their_own_instance(instances, served):
    server, expensive = instances
    _, nginx = served
    before = {(s, op): answered(s, op) for s in (server, expensive)
              for op in ("perft", "legalMoves")}
    c = Conn(nginx, "127.0.0.25")
    try:
        assert c.send("POST", "/v1/games/mastery/perft", b'{"depth": 1}')[0] == 200
        assert c.send("POST", "/v1/games/mastery/legal-moves", b"{}")[0] == 200
    finally:
        c.close()
    assert answered(expensive, "perft") == before[expensive, "perft"] + 1
    assert answered(server, "perft") == before[server, "perft"]
    assert answered(server, "legalMoves") == before[server, "legalMoves"] + 1
    assert answered(expensive, "legalMoves") == before[expensive, "legalMoves"]


def test_expensive_requests_go_to_the_main_instance_while_theirs_is_down(instances, tmp_path):
    server, _ = instances
    down = f"127.0.0.1:{front.free_port()}"          # nothing listens there
    with front.Front([f"127.0.0.1:{server.port}"], expensive=[down],
                     directory=str(tmp_path)) as nginx:
        before = answered(server, "perft")
        c = Conn(nginx, "127.0.0.26")
        try:
            status, _, data = c.send("POST", "/v1/games/mastery/perft", b'{"depth": 1}')
        finally:
            c.close()
    assert status == 200, data[:300]
    assert answered(server, "perft") == before + 1


def test_a_burst_of_pictures_from_one_address_is_refused_past_its_own_burst(served):
    _, nginx = served
    picture = json.dumps({"format": "png", "size": 100}).encode()
    answers = send_at_once(nginx, "127.0.0.27", CONNECTIONS, "POST",
                           "/v1/games/mastery/render", picture)
    statuses = [a[0] for a in answers]
    # the pictures' zone: some pass (the first at once), more than its burst wait are refused
    assert set(statuses) == {200, 429}, statuses
    for status, headers, data in answers:
        if status == 429:
            assert_problem(429, headers, data, "rate_limited")
        else:
            assert headers["content-type"] == "image/png"


#: the expensive and the pictures' zones: one request more every 2 s (30 a minute)
TOKEN_S = 2.0


def limit_statuses(nginx: front.Front, ids: str, n: int) -> list[str]:
    """What the front's rate limits did with the requests ``<ids>-0`` to ``<ids>-<n-1>``
    (``$limit_req_status`` in its access log), once all ``n`` are logged."""
    found: dict[str, str] = {}

    def logged() -> bool:
        for line in (nginx.dir / "access.log").read_text().splitlines():
            entry = json.loads(line)
            if entry["request_id"].startswith(f"{ids}-"):
                found[entry["request_id"]] = entry["limit"]
        return len(found) == n

    wait_until(logged, lambda: f"logged: {found}")
    return [found[f"{ids}-{i}"] for i in range(n)]


def burst_statuses(nginx: front.Front, source: str, n: int, path: str,
                   body: bytes) -> tuple[list[str], int]:
    """``n`` requests to ``path`` at once from ``source``, all answered 200: what the rate
    limits did with each, and how many more requests the zone could have let through while
    they were being sent (one per :data:`TOKEN_S` of the time between the first and the last
    send; 0 whenever they left within 2 s, however slow the machine)."""
    sent: list[float] = []
    ids = f"held-{source}"
    answers = send_at_once(nginx, source, n, "POST", path, body, ids=ids, sent=sent)
    assert [a[0] for a in answers] == [200] * n, [a[0] for a in answers]
    return limit_statuses(nginx, ids, n), int((max(sent) - min(sent)) // TOKEN_S)


def test_expensive_requests_are_held_from_the_first_over_the_rate(served):
    _, nginx = served
    statuses, refilled = burst_statuses(nginx, "127.0.0.28", 4, "/v1/games/mastery/perft",
                                        b'{"depth": 1}')
    # the first passes; every other one waits its turn at the rate (no delay threshold)
    assert 1 <= statuses.count("PASSED") <= 1 + refilled, statuses
    assert statuses.count("DELAYED") == 4 - statuses.count("PASSED"), statuses


def test_of_a_burst_of_pictures_the_first_8_past_the_rate_pass_at_once(served):
    _, nginx = served
    picture = json.dumps({"format": "svg"}).encode()
    statuses, refilled = burst_statuses(nginx, "127.0.0.29", 11, "/v1/games/mastery/render",
                                        picture)
    # the first and the 8 past the rate within delay=8 pass; the other two are held
    assert 9 <= statuses.count("PASSED") <= 9 + refilled, statuses
    assert statuses.count("DELAYED") == 11 - statuses.count("PASSED"), statuses

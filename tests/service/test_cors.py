"""Cross-origin use: CORS headers on every answer, whichever road served it, and preflights."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from service.http.app import create_app
from service.http.cors import CorsConfigError, policy_from
from tests.http_helpers import assert_problem
from tests.live_service import running_service

PAGE = "https://board.example"
PREFLIGHT = {"Origin": PAGE, "Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "content-type, x-request-id, x-secret"}


def test_every_origin_may_read_every_kind_of_answer(client):
    answers = [
        client.post("/v1/games/mastery/legal-moves", json={}, headers={"Origin": PAGE}),
        client.post("/v1/games/mastery/apply", json={"move": "z9z9"}, headers={"Origin": PAGE}),
        client.post("/v1/games/nope/status", json={}, headers={"Origin": PAGE}),
        client.get("/v1/games", headers={"Origin": PAGE}),
        client.get("/no/such/path", headers={"Origin": PAGE}),
        client.post("/v1/games/mastery/render", data="{}", content_type="text/plain",
                    headers={"Origin": PAGE}),
    ]
    assert [a.status_code for a in answers] == [200, 422, 404, 200, 404, 415]
    for answer in answers:
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        assert "Retry-After" in answer.headers["Access-Control-Expose-Headers"]
        assert "ETag" in answer.headers["Access-Control-Expose-Headers"]


def test_with_every_origin_allowed_the_answer_does_not_depend_on_origin(client):
    """So a shared cache may keep one copy (no Vary: Origin)."""
    same_id = {"X-Request-ID": "r1"}
    plain = client.post("/v1/games/mastery/legal-moves", json={}, headers=same_id)
    from_page = client.post("/v1/games/mastery/legal-moves", json={},
                            headers={"Origin": PAGE, **same_id})
    assert plain.data == from_page.data
    assert list(plain.headers) == list(from_page.headers)
    assert "Vary" not in plain.headers


def test_a_preflight_is_answered_on_every_path_with_what_a_page_may_send(client):
    for path in ("/v1/games/mastery/apply", "/v1/games/sceptre/render", "/v1/games"):
        answer = client.options(path, headers=PREFLIGHT)
        assert answer.status_code == 204 and answer.data == b""
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        assert set(answer.headers["Access-Control-Allow-Methods"].split(", ")) == {
            "GET", "POST", "OPTIONS"}
        # the headers the service reads, not one it does not know
        assert answer.headers["Access-Control-Allow-Headers"] == "content-type, x-request-id"
        assert int(answer.headers["Access-Control-Max-Age"]) > 0


def test_options_that_is_not_a_preflight_still_reaches_the_app(client):
    answer = client.options("/v1/games/mastery/apply", headers={"Origin": PAGE})
    assert_problem(answer, 405, "method_not_allowed")


def test_narrowed_origins_answer_only_those_origins():
    client = create_app({"REFEREE_CORS_ORIGINS": f"{PAGE}, http://localhost:3000"}).test_client()
    allowed = client.post("/v1/games/mastery/status", json={}, headers={"Origin": PAGE})
    assert allowed.headers["Access-Control-Allow-Origin"] == PAGE
    assert allowed.headers["Vary"] == "Origin"
    other = client.post("/v1/games/mastery/status", json={},
                        headers={"Origin": "https://evil.example"})
    assert other.status_code == 200  # CORS is the browser's business: the answer is the same
    assert "Access-Control-Allow-Origin" not in other.headers and other.headers["Vary"] == "Origin"
    refused = client.options("/v1/games/mastery/apply",
                             headers={**PREFLIGHT, "Origin": "https://evil.example"})
    problem = assert_problem(refused, 403, "origin_not_allowed")
    assert "https://evil.example" in problem["detail"]
    assert "REFEREE_CORS_ORIGINS" in problem["detail"]
    assert client.options("/v1/games/mastery/apply", headers=PREFLIGHT).status_code == 204


def test_none_turns_cors_off():
    client = create_app({"REFEREE_CORS_ORIGINS": "none"}).test_client()
    answer = client.post("/v1/games/mastery/status", json={}, headers={"Origin": PAGE})
    assert answer.status_code == 200 and "Access-Control-Allow-Origin" not in answer.headers
    assert_problem(client.options("/v1/games", headers=PREFLIGHT), 403, "origin_not_allowed")


@pytest.mark.parametrize("setting", ["board.example", "https://a.example/path", "ftp://x.example",
                                     "https://ok.example, nonsense"])
def test_a_setting_that_is_not_an_origin_is_refused_by_name(setting):
    with pytest.raises(CorsConfigError, match="REFEREE_CORS_ORIGINS"):
        policy_from(setting)


@pytest.mark.parametrize("setting,origins", [
    (None, None), ("", None), ("*", None), (" https://a.example/ ,http://b.example:8080",
                                            {"https://a.example", "http://b.example:8080"})])
def test_settings_read_as_documented(setting, origins):
    policy = policy_from(setting)
    assert policy.any_origin is (origins is None)
    assert policy.origins == frozenset(origins or ())


def test_both_roads_of_a_running_service_carry_the_headers():
    """Over a socket, the short road (a plain POST) and Flask's (a chunked one) alike."""
    with running_service() as url:
        host = urlsplit(url).netloc
        for chunked in (False, True):
            conn = http.client.HTTPConnection(host, timeout=60)
            body = json.dumps({}).encode()
            conn.request("POST", "/v1/games/mastery/legal-moves", body=iter([body]) if chunked
                         else body, headers={"Content-Type": "application/json", "Origin": PAGE},
                         encode_chunked=chunked)
            answer = conn.getresponse()
            answer.read()
            assert answer.status == 200
            assert answer.getheader("Access-Control-Allow-Origin") == "*", chunked
            conn.close()


def test_over_http_a_page_of_another_origin_is_refused_and_given_nothing_to_read():
    """A running service narrowed to one origin: a preflight from another is 403
    ``origin_not_allowed``, and an answer it provokes anyway carries no header that would let
    its page read it; the allowed origin's preflight and answer are served."""
    evil = "https://evil.example"
    with running_service(env={"REFEREE_CORS_ORIGINS": PAGE}) as url:
        conn = http.client.HTTPConnection(urlsplit(url).netloc, timeout=60)

        def send(method: str, origin: str, **headers: str):
            body = b"{}" if method == "POST" else None
            conn.request(method, "/v1/games/mastery/legal-moves", body=body,
                         headers={"Origin": origin, **headers,
                                  **({"Content-Type": "application/json"} if body else {})})
            answer = conn.getresponse()
            return answer, answer.read()

        try:
            refused, data = send("OPTIONS", evil, **{"Access-Control-Request-Method": "POST"})
            assert refused.status == 403
            assert refused.getheader("Content-Type") == "application/problem+json"
            problem = json.loads(data)
            assert problem["code"] == "origin_not_allowed" and evil in problem["detail"]
            assert problem["request_id"] == refused.getheader("X-Request-ID")
            assert refused.getheader("Access-Control-Allow-Origin") is None
            provoked, _ = send("POST", evil)
            assert provoked.status == 200
            assert provoked.getheader("Access-Control-Allow-Origin") is None
            assert provoked.getheader("Access-Control-Expose-Headers") is None
            assert provoked.getheader("Vary") == "Origin"
            allowed, _ = send("OPTIONS", PAGE, **{"Access-Control-Request-Method": "POST"})
            assert allowed.status == 204 and allowed.getheader("Content-Length") is None
            assert allowed.getheader("Access-Control-Allow-Origin") == PAGE
            served, _ = send("POST", PAGE)
            assert served.status == 200
            assert served.getheader("Access-Control-Allow-Origin") == PAGE
        finally:
            conn.close()

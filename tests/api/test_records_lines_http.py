"""A file of many records answered one JSON line a game (``records/import-many`` to a client
whose Accept header prefers ``application/x-ndjson``): the lines are the JSON answer's games,
made one at a time on both roads, the heavy slot held until the stream ends, the request
counted once; without that preference the JSON answer is unchanged."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

import orjson
import pytest

import rules.records.collection as collection_module
from rules.records.collection import MAX_RECORDS
from service.http.app import create_app
from service.http.request import services_of
from service.telemetry import metrics
from tests.live_service import running_service
from tests.records.test_many import BROKEN, collection
from tests.service.test_fastpath import _flask_only

PATH = "/v1/games/mastery/records/import-many"
NDJSON = "application/x-ndjson"
LINES = {"Accept": NDJSON}


@pytest.fixture(scope="module")
def roads():
    """(the app as served, the same app with Flask's road only): test clients. An answer in
    lines holds its heavy slot until it is closed: they read such answers ``buffered``, as a
    server does, so that the test client closes them."""
    return create_app().test_client(), _flask_only().test_client()


def _lines(data: bytes) -> list[dict[str, Any]]:
    """The JSON documents of an NDJSON body, checking that every line ends with a newline."""
    assert data.endswith(b"\n")
    return [json.loads(line) for line in data[:-1].split(b"\n")]


def test_the_lines_are_the_json_answers_games_on_both_roads(roads) -> None:
    text, games = collection()
    answers = []
    for client in roads:
        whole = client.post(PATH, json={"records": text})
        assert whole.status_code == 200 and whole.mimetype == "application/json"
        lines = client.post(PATH, json={"records": text}, headers=LINES, buffered=True)
        assert lines.status_code == 200 and lines.headers["Content-Type"] == NDJSON
        assert "Content-Length" not in lines.headers
        assert _lines(lines.data) == whole.get_json()["games"]
        assert lines.data == b"".join(orjson.dumps(g) + b"\n" for g in whole.get_json()["games"])
        answers.append(lines.data)
    assert answers[0] == answers[1]   # the short road and Flask's answer byte for byte
    entries = _lines(answers[0])
    assert len(entries) == len(games)
    broken = [e for e in entries if not e["valid"]]
    assert len(broken) == 1 and broken[0]["index"] == games.index(BROKEN)
    assert broken[0]["problem"]["code"] == "illegal_move" and "record" not in broken[0]
    assert all("record" in e for e in entries if e["valid"])


@pytest.mark.parametrize("accept", [None, "*/*", "application/json",
                                    "application/json, application/x-ndjson;q=0.5",
                                    "text/html"])
def test_without_a_preference_for_lines_the_answer_is_json_as_ever(roads, accept) -> None:
    text, _ = collection()
    client = roads[0]
    plain = client.post(PATH, json={"records": text})
    headers = {} if accept is None else {"Accept": accept}
    answer = client.post(PATH, json={"records": text}, headers=headers)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/json"
    assert answer.data == plain.data
    preferred = client.post(PATH, json={"records": text}, buffered=True,
                            headers={"Accept": "application/json;q=0.5, application/x-ndjson"})
    assert preferred.headers["Content-Type"] == NDJSON


@pytest.mark.parametrize("body, path, status, code", [
    ({"records": '[Game "mastery"] 1. d2c2 *\n' * (MAX_RECORDS + 1)}, PATH, 422,
     "too_many_records"),
    ({"records": 3}, PATH, 400, "malformed_request"),
    ({}, PATH, 400, "malformed_request"),
    ({"records": "*"}, "/v1/games/no-such-game/records/import-many", 404, "unknown_game"),
])
def test_errors_before_the_first_game_are_problem_documents(roads, monkeypatch, body, path,
                                                            status, code) -> None:
    judged: list[int] = []
    load = collection_module.load
    monkeypatch.setattr(collection_module, "load",
                        lambda *a, **k: (judged.append(1), load(*a, **k))[1])
    for client in roads:
        answer = client.post(path, json=body, headers=LINES)
        assert answer.status_code == status
        assert answer.mimetype == "application/problem+json"
        assert answer.get_json()["code"] == code
    assert judged == []   # refused before any game was judged
    if code == "too_many_records":
        assert answer.get_json()["limit"] == MAX_RECORDS
        assert (answer.get_json()["line"], answer.get_json()["column"]) == (MAX_RECORDS + 1, 1)


def test_the_games_are_judged_one_at_a_time_as_the_lines_are_read(monkeypatch) -> None:
    text, games = collection()
    judged: list[int] = []
    load = collection_module.load
    monkeypatch.setattr(collection_module, "load",
                        lambda *a, **k: (judged.append(1), load(*a, **k))[1])
    for app in (create_app({"WARM_UP": False}), _flask_only({"WARM_UP": False})):
        judged.clear()
        answer = app.test_client().post(PATH, json={"records": text}, headers=LINES,
                                        buffered=False)
        assert answer.status_code == 200
        lines = iter(answer.response)
        first = next(lines)   # the test client has read the first line already
        assert json.loads(first)["index"] == 0 and len(judged) == 1
        second = next(lines)
        assert json.loads(second)["index"] == 1 and len(judged) == 2
        answer.close()        # the client leaves: the rest is never judged
        assert len(judged) == 2 < len(games)


def test_the_heavy_slot_is_held_until_the_stream_ends() -> None:
    text, _ = collection()
    for app in (create_app({"WARM_UP": False, "REFEREE_HEAVY_REST_RATIO": "0"}),
                _flask_only({"WARM_UP": False, "REFEREE_HEAVY_REST_RATIO": "0"})):
        gate = services_of(app).shedding
        client = app.test_client()
        answer = client.post(PATH, json={"records": text}, headers=LINES, buffered=False)
        assert answer.status_code == 200
        assert gate.try_enter() is None                # the stream holds the one heavy slot
        shed = client.post(PATH, json={"records": text}, headers=LINES, buffered=True)
        assert shed.status_code == 503 and shed.get_json()["code"] == "overloaded"
        answer.close()
        ticket = gate.try_enter()
        assert ticket is not None                      # given back once the stream ended
        gate.leave(ticket)
        read = client.post(PATH, json={"records": text}, headers=LINES, buffered=True)
        assert read.status_code == 200 and len(_lines(read.data)) == len(collection()[1])
        ticket = gate.try_enter()
        assert ticket is not None                      # a stream read to its end gives it back
        gate.leave(ticket)


def test_the_heavy_slot_is_given_back_with_the_last_line() -> None:
    """Before the end of the body is written: a client that has read every line and asks
    again at once is never shed by its own finished stream."""
    text, games = collection()
    for app in (create_app({"WARM_UP": False, "REFEREE_HEAVY_REST_RATIO": "0"}),
                _flask_only({"WARM_UP": False, "REFEREE_HEAVY_REST_RATIO": "0"})):
        gate = services_of(app).shedding
        answer = app.test_client().post(PATH, json={"records": text}, headers=LINES,
                                        buffered=False)
        assert len(_lines(b"".join(answer.iter_encoded()))) == len(games)
        ticket = gate.try_enter()                      # read to its end, not yet closed
        assert ticket is not None
        gate.leave(ticket)
        answer.close()


def test_a_request_in_lines_is_counted_once(roads) -> None:
    text, _ = collection()

    def counted() -> float:
        return metrics.REGISTRY.get_sample_value(
            "referee_requests_total",
            {"operation": "importRecords", "game": "mastery", "status": "200"}) or 0.0

    for client in roads:
        before = counted()
        answer = client.post(PATH, json={"records": text}, headers=LINES, buffered=True)
        assert answer.status_code == 200 and len(answer.data.splitlines()) > 1
        assert counted() == before + 1


def test_the_live_service_streams_the_lines_and_logs_the_request_once(tmp_path: Path) -> None:
    """Under gunicorn: the lines come chunked, the request is logged once, and its heavy slot
    is free for the next request (one worker, one slot)."""
    text, games = collection()
    log = tmp_path / "access.log"
    with running_service(env={"GUNICORN_ACCESSLOG": str(log)}) as url:
        host, port = url.removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        body = json.dumps({"records": text})
        conn.request("POST", PATH, body, {"Content-Type": "application/json"})
        whole = json.loads(conn.getresponse().read())
        conn.request("POST", PATH, body, {"Content-Type": "application/json", **LINES,
                                          "X-Request-ID": "lines-once"})
        answer = conn.getresponse()
        assert answer.status == 200 and answer.getheader("Content-Type") == NDJSON
        assert answer.getheader("Transfer-Encoding") == "chunked"
        first = json.loads(answer.readline())
        assert first == whole["games"][0]
        rest = [json.loads(line) for line in answer.read().splitlines()]
        assert [first, *rest] == whole["games"] and len(rest) == len(games) - 1
        conn.request("POST", PATH, body, {"Content-Type": "application/json"})
        again = conn.getresponse()      # the stream gave its heavy slot back when it ended
        assert again.status == 200 and json.loads(again.read()) == whole
        conn.close()
    logged = [line for line in log.read_text().splitlines() if "lines-once" in line]
    assert len(logged) == 1

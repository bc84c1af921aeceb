"""The cold workload's references (bench/bare.py ``floor``, bench/alone.py, bench/workloads.py
``floor_units``): each request reaches the floor with the size of the service's own answer to
it, and the floor reads the request's body and answers exactly that many bytes; the engine
alone answers each request with the very bytes the service answers."""

from __future__ import annotations

import io

import pytest

from bench import workloads
from bench import alone
from bench.bare import ANSWER_BYTES_HEADER, BODY, floor
from rules import registry
from service.http.app import create_app


def split(request: bytes) -> tuple[str, str, dict[str, str], bytes]:
    head, _, body = request.partition(b"\r\n\r\n")
    line, *fields = head.decode().split("\r\n")
    method, path, _ = line.split(" ")
    return method, path, dict(f.split(": ", 1) for f in fields), body


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_each_floor_request_asks_for_the_size_of_the_services_answer(game_id):
    plan = workloads.cold_plan(game_id, 6, 40)
    assert set(plan.references) == set(workloads.REFERENCES)  # each reference gets its units
    floor_units = plan.references["floor"]
    assert len(floor_units) == len(plan.units)
    client = create_app().test_client()
    for unit, floor_unit in zip(plan.units, floor_units):
        method, path, fields, body = split(unit[0])
        f_method, f_path, f_fields, f_body = split(floor_unit[0])
        assert (f_method, f_path, f_body) == (method, path, body)
        assert {k: v for k, v in f_fields.items() if k != ANSWER_BYTES_HEADER} == fields
        answer = client.open(path, method=method, data=body,
                             content_type=fields["Content-Type"])
        assert answer.status_code == 200
        assert int(f_fields[ANSWER_BYTES_HEADER]) == len(answer.data)


@pytest.mark.parametrize("size", [15, 1203, 29191])
def test_the_floor_reads_the_body_and_answers_the_bytes_asked(size):
    body = b'{"position": "x"}'
    stream = io.BytesIO(body)
    started = []
    out = b"".join(floor({"CONTENT_LENGTH": str(len(body)), "wsgi.input": stream,
                          "HTTP_X_ANSWER_BYTES": str(size)},
                         lambda status, headers: started.append((status, dict(headers)))))
    assert stream.tell() == len(body)
    assert len(out) == size and out.startswith(b'{"pad":"') and out.endswith(b'"}')
    assert started == [("200 OK", {"Content-Type": "application/json",
                                   "Content-Length": str(size)})]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_engine_alone_answers_the_services_bytes(game_id):
    plan = workloads.cold_plan(game_id, 6, 40)
    assert plan.references["engine"] == plan.units
    client = create_app().test_client()
    for unit in plan.units:
        method, path, fields, body = split(unit[0])
        started = []
        out = b"".join(alone.app({"REQUEST_METHOD": method, "PATH_INFO": path,
                               "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body)},
                              lambda status, headers: started.append((status, dict(headers)))))
        answer = client.open(path, method=method, data=body,
                             content_type=fields["Content-Type"])
        assert answer.status_code == 200 and out == answer.data
        assert started == [("200 OK", {"Content-Type": "application/json",
                                       "Content-Length": str(len(out))})]


def test_the_engine_alone_answers_its_readiness_probe():
    out = b"".join(alone.app({"REQUEST_METHOD": "GET", "PATH_INFO": "/v1/ready"},
                          lambda status, headers: None))
    assert out == BODY

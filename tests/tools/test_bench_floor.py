"""The cold workload's floor (bench/bare.py ``floor``, bench/workloads.py ``floor_units``):
each request reaches the floor with the size of the service's own answer to it, and the floor
reads the request's body and answers exactly that many bytes."""

from __future__ import annotations

import io

import pytest

from bench import workloads
from bench.bare import ANSWER_BYTES_HEADER, floor
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
    assert plan.floor_units is not None and len(plan.floor_units) == len(plan.units)
    client = create_app().test_client()
    for unit, floor_unit in zip(plan.units, plan.floor_units):
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

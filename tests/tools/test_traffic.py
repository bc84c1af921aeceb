"""tools.traffic: a record of the app's answers is the same when made twice, and a compare
finds an answer that changed, and allows only the fields it is told may be new."""

from __future__ import annotations

import orjson

from tools import traffic


def test_a_record_is_reproducible_and_a_changed_answer_is_found(tmp_path, capsys):
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    count = traffic.record(str(first))
    assert traffic.record(str(second)) == count > 1000
    assert traffic.compare(str(first), str(second), set()) == 0
    lines = second.read_bytes().splitlines()
    answers = [orjson.loads(line) for line in lines]
    changed = next(i for i, a in enumerate(answers) if a["body"].startswith('{"to_move"'))
    body = orjson.loads(answers[changed]["body"])
    answers[changed]["body"] = orjson.dumps({**body, "extra": 1}).decode()
    second.write_bytes(b"\n".join(orjson.dumps(a) for a in answers) + b"\n")
    assert traffic.compare(str(first), str(second), set()) == 1
    assert traffic.compare(str(first), str(second), {"extra"}) == 0
    reordered = dict(reversed(list(body.items())))
    answers[changed]["body"] = orjson.dumps(reordered).decode()
    second.write_bytes(b"\n".join(orjson.dumps(a) for a in answers) + b"\n")
    assert traffic.compare(str(first), str(second), {"extra"}) == 1   # key order counts
    capsys.readouterr()

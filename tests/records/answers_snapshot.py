"""A pytest plugin that keeps every answer the test client gives to a records request, to
compare two runs byte for byte (the single-game answers must not change)::

    RECORDS_SNAPSHOT=before.jsonl python -m pytest -p tests.records.answers_snapshot \
        tests/api/test_records_http.py tests/api/test_records_clocks.py
    ... (the change) ..., then again with after.jsonl, and
    python -m tests.records.answers_snapshot before.jsonl after.jsonl

Each line is one request (method, path, body) and its answer (status, content type, body).
The comparison takes the requests both runs made (random games differ from run to run) and
reports every one answered differently.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any

from flask.testing import FlaskClient

_open = FlaskClient.open


def _recording_open(self: FlaskClient, *args: Any, **kwargs: Any) -> Any:
    response = _open(self, *args, **kwargs)
    path = args[0] if args and isinstance(args[0], str) else kwargs.get("path", "")
    target = os.environ.get("RECORDS_SNAPSHOT")
    if target and "/records/" in str(path):
        body = kwargs.get("json", kwargs.get("data"))
        if isinstance(body, bytes):
            body = body.decode("utf-8", "replace")
        with open(target, "a", encoding="utf-8") as out:
            out.write(json.dumps({
                "request": [kwargs.get("method", "GET"), str(path),
                            json.dumps(body, sort_keys=True) if not isinstance(body, str)
                            else body],
                "status": response.status_code, "type": response.content_type,
                "body": response.get_data(as_text=True)}) + "\n")
    return response


FlaskClient.open = _recording_open  # type: ignore[method-assign]  # the plugin's whole point


#: what no run repeats: the request's id, and a signed answer's new game id, its token and
#: the time it is dated (signing draws a fresh game id and reads the clock)
_REQUEST_ID = re.compile(r'"(?:request_id|token|game_id)":"[^"]*",?|"(?:signed_at|at)":\d+,?')


def compare(before: str, after: str) -> int:
    """Print the requests both files hold whose answers differ (what no run repeats
    aside); the number of them."""
    def read(path: str) -> dict[str, set[tuple[int, str, str]]]:
        answers: dict[str, set[tuple[int, str, str]]] = {}
        with open(path, encoding="utf-8") as f:
            for line in f:
                entry = json.loads(line)
                answers.setdefault(json.dumps(entry["request"]), set()).add(
                    (entry["status"], entry["type"], _REQUEST_ID.sub("", entry["body"])))
        return answers

    old, new = read(before), read(after)
    shared = old.keys() & new.keys()
    differ = [key for key in shared if old[key] != new[key]]
    for key in differ:
        print("differs:", key[:200])
    print(f"{len(old)} requests before, {len(new)} after, {len(shared)} in both, "
          f"{len(differ)} answered differently")
    return len(differ)


if __name__ == "__main__":
    sys.exit(1 if compare(sys.argv[1], sys.argv[2]) else 0)

"""The real service in a subprocess (``python -m service`` on a free port), for the client,
example and playground tests."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
#: how long a wait for a live server may last before the test fails: a guard against a hang,
#: far longer than a busy machine needs (every wait is for a condition, never a fixed time)
WAIT_S = 120


def wait_until(condition: Callable[[], bool], what: Callable[[], str]) -> None:
    """Poll ``condition`` until it holds; fail, saying ``what()``, after :data:`WAIT_S`."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, what()
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_service(workers: int = 1, timeout: float = 90.0,
                    env: dict[str, str] | None = None, module: str = "service") -> Iterator[str]:
    """Start ``python -m service`` (with ``env`` added to the environment) and yield its base
    URL once ``/v1/ready`` answers 200. ``module`` runs another module instead, one that
    serves the service as ``python -m service`` does (a test's game registered first, say:
    :mod:`tests.morris.serve`)."""
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port),
           "WEB_CONCURRENCY": str(workers), "GUNICORN_ACCESSLOG": "/dev/null", **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", module], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the service exited: {proc.stderr.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(url + "/v1/ready", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the service did not become ready in time")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def post_json(base_url: str, path: str, body: dict[str, Any]) -> Any:
    """The JSON answer of the service at ``base_url`` to a POST of ``body`` to ``path`` (an
    error status raises)."""
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def raw_exchange(port: int, data: bytes) -> tuple[int, dict[str, str], Any]:
    """Send ``data`` as it is on a new connection to the service on ``port`` and read until
    the server closes it: the status, the headers (names in lower case) and the JSON body."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin1").split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body)

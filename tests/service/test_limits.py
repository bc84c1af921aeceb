"""The 64 KiB body limit over raw sockets, against gunicorn with the production configuration:
plain (Content-Length) and chunked bodies of every size around the limit, a chunked body whose
first 64 KiB are a complete JSON object, keep-alive after an accepted body and an announced
close after a refused one."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loadtest.server import Server  # noqa: E402
from service.http.limits import MAX_BODY_BYTES  # noqa: E402

PATH = "/v1/games/mastery/legal-moves"
SIZES = (MAX_BODY_BYTES - 1, MAX_BODY_BYTES, MAX_BODY_BYTES + 1, MAX_BODY_BYTES + 2,
         70_000, 3 * MAX_BODY_BYTES)


@pytest.fixture(scope="module")
def server():
    with Server(workers=1) as s:
        yield s


def padded(size: int) -> bytes:
    """A valid JSON request of exactly ``size`` bytes: ``{}`` and whitespace."""
    return b"{" + b" " * (size - 2) + b"}"


def chunked(body: bytes, piece: int) -> bytes:
    out = b"".join(b"%x\r\n" % len(body[i:i + piece]) + body[i:i + piece] + b"\r\n"
                   for i in range(0, len(body), piece))
    return out + b"0\r\n\r\n"


def request(body: bytes, *, chunk: int | None) -> bytes:
    if chunk is None:
        return (f"POST {PATH} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    return (f"POST {PATH} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode() + chunked(body, chunk)


class Conn:
    """One keep-alive connection that reads answers framed by Content-Length."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.buf = b""

    def _fill(self) -> bool:
        data = self.sock.recv(65536)
        self.buf += data
        return bool(data)

    def answer(self) -> tuple[int, dict[str, str], bytes]:
        while b"\r\n\r\n" not in self.buf:
            assert self._fill(), "connection closed before an answer"
        head, _, self.buf = self.buf.partition(b"\r\n\r\n")
        lines = head.decode("latin1").split("\r\n")
        headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
        length = int(headers["content-length"])
        while len(self.buf) < length:
            assert self._fill(), "connection closed inside an answer"
        body, self.buf = self.buf[:length], self.buf[length:]
        return int(lines[0].split()[1]), headers, body

    def closed_by_server(self) -> bool:
        try:
            return not self._fill()
        except ConnectionResetError:
            return True

    def close(self) -> None:
        self.sock.close()


def exchange(port: int, data: bytes) -> tuple[Conn, int, dict[str, str], dict]:
    conn = Conn(port)
    conn.sock.sendall(data)
    status, headers, body = conn.answer()
    return conn, status, headers, json.loads(body)


@pytest.mark.parametrize("chunk", [None, 1000, 8192, 1 << 20], ids=["plain", "chunks-1000",
                                                                   "chunks-8192", "one-chunk"])
@pytest.mark.parametrize("size", SIZES)
def test_every_size_around_the_limit(server, size, chunk):
    conn, status, headers, body = exchange(server.port, request(padded(size), chunk=chunk))
    try:
        if size <= MAX_BODY_BYTES:
            assert status == 200 and body["count"] > 0, body
            assert headers.get("connection", "keep-alive") == "keep-alive"
            # the connection still serves the next request
            conn.sock.sendall(request(b"{}", chunk=chunk))
            assert conn.answer()[0] == 200
        else:
            assert status == 413, body
            assert body["code"] == "body_too_large"
            assert headers["content-type"] == "application/problem+json"
            assert headers["connection"] == "close"
            assert conn.closed_by_server()
    finally:
        conn.close()


@pytest.mark.parametrize("chunk", [8192, MAX_BODY_BYTES])
def test_a_chunked_body_is_never_parsed_from_its_first_64_kib(server, chunk):
    # The first 65,536 bytes are a complete, valid request; the whole body is not JSON.
    prefix = padded(MAX_BODY_BYTES)
    conn, status, _, body = exchange(server.port,
                                     request(prefix + b"garbage", chunk=chunk))
    conn.close()
    assert status == 413 and body["code"] == "body_too_large"


def test_a_valid_chunked_body_over_the_limit_is_413_not_a_parse_error(server):
    body = json.dumps({"position": None, "options": None}).encode()
    body = body[:-1] + b" " * (70_000 - len(body)) + b"}"
    conn, status, _, answer = exchange(server.port, request(body, chunk=4096))
    conn.close()
    assert status == 413 and answer["code"] == "body_too_large"

"""The production worker class spreads a client's keep-alive connections over the workers
(service/balance.py): a burst of connections does not pile up in one worker."""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from loadtest.server import Server  # noqa: E402
from service import balance  # noqa: E402

HEALTH = b"GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n"


def test_a_slot_is_claimed_released_and_taken_back_from_a_dead_worker():
    me, parent = os.getpid(), os.getppid()
    mine = balance.claim_slot(me)
    assert balance.claim_slot(me) == mine  # the same worker asking again keeps its slot
    theirs = balance.claim_slot(parent)
    assert theirs != mine
    balance._held[mine], balance._held[theirs] = 3, 1
    assert balance.fewest_held_elsewhere(mine) == 1
    assert balance.fewest_held_elsewhere(theirs) == 3
    balance.release_slot(theirs, parent)
    assert balance.fewest_held_elsewhere(mine) is None  # no other worker
    gone = 2**22 + 12345  # above the default pid_max: no such process
    ghost = balance.claim_slot(gone)
    assert balance.claim_slot(parent) == ghost  # a dead worker's slot is free again
    balance.release_slot(ghost, parent)
    balance.release_slot(mine, me)
    assert balance._owner[mine] == 0 and balance._owner[ghost] == 0


def server_sockets(port: int, pid: int) -> int:
    """Established connections to ``port`` held by process ``pid`` (read from /proc)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    held = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "01" and int(local.rsplit(":", 1)[1], 16) == port and inode in inodes:
                held += 1
    return held


def burst(port: int, count: int) -> list[socket.socket]:
    """``count`` connections opened together, each with one answered request."""
    start = threading.Barrier(count)
    conns: list[socket.socket] = []
    lock = threading.Lock()

    def one() -> None:
        start.wait()
        conn = socket.create_connection(("127.0.0.1", port), timeout=10)
        conn.sendall(HEALTH)
        assert conn.recv(65536).startswith(b"HTTP/1.1 200")
        with lock:
            conns.append(conn)

    threads = [threading.Thread(target=one) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(15)
    return conns


def test_a_burst_of_keep_alive_connections_lands_on_both_workers():
    """8 connections over 2 workers, 10 times: the busier worker holds 4 or 5 of them on
    average. gunicorn's own gthread worker gave 5.45 (splits of 7/1 in a fifth of the
    bursts), the balanced one 4.3 (measured with the test suite running beside it)."""
    with Server(workers=2, cwd=str(ROOT)) as server:
        assert server.port is not None
        workers = server.worker_pids()
        largest = []
        for _ in range(10):
            conns = burst(server.port, 8)
            held = [server_sockets(server.port, pid) for pid in workers]
            assert sum(held) == 8, held
            largest.append(max(held))
            for conn in conns:
                conn.close()
            deadline = time.monotonic() + 10
            while any(server_sockets(server.port, pid) for pid in workers):
                assert time.monotonic() < deadline, "the workers kept closed connections"
                time.sleep(0.02)
        assert sum(largest) / len(largest) <= 5.0, largest

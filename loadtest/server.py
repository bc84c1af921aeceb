"""Start gunicorn with the production configuration on a free loopback port, for the tests and
the load runs: exactly the container's command (``service.__main__.gunicorn_argv``), run by a
given Python (the project's venv, or a fresh venv with only the wheel installed).

The port is chosen by the kernel (``PORT=0``) and read back from gunicorn's "Listening at"
line, so parallel runs never collide. Because the configuration preloads the app, that line
appears only once the rules engines are warm.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Collection

from service.__main__ import APP, CONFIG  # the container's command: one source of truth

LISTENING = re.compile(r"Listening at: http://127\.0\.0\.1:(\d+)")
#: the inode (hexadecimal) of one file registered in an epoll instance, in its /proc fdinfo
EPOLL_TARGET = re.compile(r"^tfd:.*\bino:([0-9a-f]+)", re.MULTILINE)


def children(pid: int) -> list[int]:
    """Live child processes of ``pid`` (read from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(entry))
    return sorted(out)


def epoll_inodes(pid: int) -> set[int]:
    """The inodes of every file process ``pid`` has registered in its epoll instances (the
    ``tfd`` lines of their /proc fdinfo); empty for a process that is gone."""
    inodes: set[int] = set()
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return inodes
    for fd in fds:
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") != "anon_inode:[eventpoll]":
                continue
            info = Path(f"/proc/{pid}/fdinfo/{fd}").read_text()
        except OSError:
            continue
        inodes |= {int(found, 16) for found in EPOLL_TARGET.findall(info)}
    return inodes


class Server:
    def __init__(self, python: str = sys.executable, *, workers: int = 2, cwd: str | None = None,
                 env: dict[str, str] | None = None, log_dir: str | None = None,
                 command: list[str] | None = None):
        self.python, self.cwd = python, cwd
        self.command = command or [python, "-m", "gunicorn", "-c", CONFIG, APP]
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("GUNICORN", "WEB_CONCURRENCY", "PYTHONPATH"))}
        self.env.update({"HOST": "127.0.0.1", "PORT": "0", "WEB_CONCURRENCY": str(workers),
                         "PYTHONUNBUFFERED": "1"})
        self.env.update(env or {})
        self.workers = workers
        self.dir = Path(log_dir or tempfile.mkdtemp(prefix="gunicorn-"))
        self.proc: subprocess.Popen[bytes] | None = None
        self.port: int | None = None

    # -- life cycle ---------------------------------------------------------------------------
    def start(self, timeout: float = 60.0) -> "Server":
        self.stdout = open(self.dir / "access.log", "wb")
        self.stderr = open(self.dir / "error.log", "wb")
        self.proc = subprocess.Popen(
            self.command, cwd=self.cwd, env=self.env,
            stdin=subprocess.DEVNULL, stdout=self.stdout, stderr=self.stderr)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}:\n{self.errors()}")
            m = LISTENING.search(self.errors())
            if m and len(self.worker_pids()) >= self.workers:
                self.port = int(m.group(1))
                self.wait_ready(deadline - time.monotonic())
                return self
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"gunicorn did not start in {timeout} s:\n{self.errors()}")

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.get("/v1/ready")[0] == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("/v1/ready never answered 200")
            time.sleep(0.05)

    def terminate(self, timeout: float = 60.0) -> tuple[int, float]:
        """SIGTERM the master; its exit code and how long it took to exit."""
        assert self.proc is not None
        t0 = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout)
        return code, time.monotonic() - t0

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            pids = self.worker_pids()
            self.proc.kill()
            self.proc.wait()
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for f in (getattr(self, "stdout", None), getattr(self, "stderr", None)):
            if f is not None:
                f.close()

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()

    # -- workers ------------------------------------------------------------------------------
    def worker_pids(self) -> list[int]:
        return children(self.proc.pid) if self.proc is not None else []

    def wait_workers(self, exclude: Collection[int] = frozenset(),
                     timeout: float = 30.0) -> list[int]:
        """Wait until the configured number of workers run, none of them in ``exclude``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pids = self.worker_pids()
            if len(pids) == self.workers and not set(pids) & set(exclude):
                return pids
            time.sleep(0.02)
        raise RuntimeError(f"workers not replaced: {self.worker_pids()} (excluded {exclude})")

    def _listening(self) -> list[str] | None:
        """The fields of the listening socket's LISTEN entry in /proc/net/tcp, or None if
        nothing listens on the port."""
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, state = fields[1], fields[3]
            if state == "0A" and int(local.rsplit(":", 1)[1], 16) == self.port:
                return fields
        return None

    def accept_queue(self) -> int | None:
        """Connections waiting in the kernel's accept queue of the listening socket (the
        rx_queue of a LISTEN entry in /proc/net/tcp), or None if it is not listening."""
        fields = self._listening()
        return None if fields is None else int(fields[4].split(":")[1], 16)

    def listening_inode(self) -> int | None:
        """The inode of the listening socket, or None if nothing listens on the port."""
        fields = self._listening()
        return None if fields is None else int(fields[9])

    def wait_accepted(self, timeout: float = 10.0) -> bool:
        """Wait until the workers have accepted every connection the kernel queued; whether
        they had within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while self.accept_queue() and time.monotonic() < deadline:
            time.sleep(0.005)
        return not self.accept_queue()

    def accepting_workers(self, listener: int) -> list[int]:
        """The workers whose event loop waits for new connections on the listening socket of
        inode ``listener`` (:meth:`listening_inode`): those with it registered in an epoll
        instance, read from /proc. A worker that has begun its graceful stop (SIGTERM) has
        taken it out, though it keeps the socket open until it exits."""
        return [pid for pid in self.worker_pids() if listener in epoll_inodes(pid)]

    # -- HTTP ---------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body: object = None,
                timeout: float = 30.0) -> tuple[int, Any]:
        """One request with ``body`` as JSON: the status, and the answer decoded from JSON
        when it is JSON (the bytes otherwise)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = None if body is None else json.dumps(body).encode()
            headers = {"Content-Type": "application/json"} if data is not None else {}
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            ctype = resp.getheader("Content-Type", "")
            return resp.status, (json.loads(raw) if "json" in ctype else raw)
        finally:
            conn.close()

    def get(self, path: str) -> tuple[int, Any]:
        return self.request("GET", path)

    def post(self, path: str, body: object) -> tuple[int, Any]:
        return self.request("POST", path, body)

    # -- logs ---------------------------------------------------------------------------------
    def errors(self) -> str:
        return (self.dir / "error.log").read_text(errors="replace")

    def access_log(self) -> list[dict[str, Any]]:
        lines = (self.dir / "access.log").read_text(errors="replace").splitlines()
        return [json.loads(line) for line in lines if line.startswith("{")]

"""Build the image with whichever container engine is here (docker or podman) and check it the way
a hardened deployment runs it. Standard library only.

    deploy/smoke.sh [--engine docker|podman|PATH] [--base IMAGE|auto] [--offline] [--tag TAG]

Checks, each printed as it passes:

* the image: numeric non-root user, a HEALTHCHECK on /v1/health, no apt package cache or lists;
* a container run as Kubernetes runs it (read-only root, a tmpfs on /tmp, every capability
  dropped, no privilege escalation): ready, health, a legal-moves call on the first game the
  service lists, a PNG picture, no fontconfig complaint in its log, uid 10001;
* the HEALTHCHECK itself (``podman healthcheck run``; with docker, the health status);
* ``stop`` (SIGTERM): the master drains and exits 0 well within the grace period.

``--base`` gives the base image (``--build-arg PYTHON_IMAGE``); ``auto`` takes
``python:3.11-slim`` when the engine has it or can pull it, and otherwise builds a local Debian
base with ``deploy/local-base.sh``. ``--offline`` builds a wheelhouse with this machine's pip
and serves it on loopback as the build's package index (``deploy/wheelhouse.py``), so the
build reaches no Python registry; apt still uses the base's Debian mirror.

Exit status: 0 passed, 1 a check failed, 77 no container engine answers here (skipped).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASE = "python:3.11-slim"
LOCAL_BASE = "localhost/referee-base:bookworm"
SKIP = 77
UID = "10001"
GRACE_S = 30                    # Kubernetes' terminationGracePeriodSeconds


class CheckFailed(Exception):
    pass


def say(message: str) -> None:
    print(f"smoke: {message}", flush=True)


def answers(engine: str) -> bool:
    """Whether ``engine`` is installed and its engine (daemon, or podman itself) answers."""
    if shutil.which(engine) is None:
        return False
    try:
        return subprocess.run([engine, "info"], capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def find_engine(wanted: str | None) -> str | None:
    if wanted:
        return wanted if answers(wanted) else None
    return next((e for e in ("docker", "podman") if answers(e)), None)


class Engine:
    def __init__(self, command: str) -> None:
        self.command = command
        version = self.run("version", check=False).stdout.lower()
        self.podman = "podman" in Path(command).name or "podman" in version

    def run(self, *args: str, check: bool = True, timeout: float = 1800,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        proc = subprocess.run([self.command, *args], capture_output=True, text=True,
                              timeout=timeout, env=env)
        if check and proc.returncode != 0:
            raise CheckFailed(f"{self.command} {' '.join(args[:3])}... failed "
                              f"({proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
        return proc

    def has_image(self, image: str) -> bool:
        return self.run("image", "inspect", image, check=False).returncode == 0

    def build(self, tag: str, base: str, index_url: str | None) -> None:
        args = ["build", "-t", tag, "--build-arg", f"PYTHON_IMAGE={base}"]
        if index_url:
            args += ["--network", "host", "--build-arg", f"PIP_INDEX_URL={index_url}"]
        env = dict(os.environ)
        if self.podman:
            args += ["--format", "docker"]      # the OCI format drops HEALTHCHECK
        else:
            env["DOCKER_BUILDKIT"] = "1"        # the engine's built-in BuildKit
        self.run(*args, str(ROOT), env=env)

    def inspect_image(self, image: str) -> dict[str, Any]:
        return json.loads(self.run("image", "inspect", image).stdout)[0]


# ---- base image and package index ----------------------------------------------------------------

def choose_base(engine: Engine, base: str) -> str:
    if base != "auto":
        return base
    if engine.has_image(DEFAULT_BASE):
        return DEFAULT_BASE
    if engine.run("pull", DEFAULT_BASE, check=False, timeout=120).returncode == 0:
        return DEFAULT_BASE
    if engine.has_image(LOCAL_BASE):
        return LOCAL_BASE
    say(f"{DEFAULT_BASE} cannot be had here; building {LOCAL_BASE} with deploy/local-base.sh")
    proc = subprocess.run(["bash", str(ROOT / "deploy" / "local-base.sh"), engine.command,
                           LOCAL_BASE], capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise CheckFailed(f"no base image: {DEFAULT_BASE} is not here and cannot be pulled, "
                          f"and deploy/local-base.sh failed:\n{proc.stderr[-3000:]}")
    return LOCAL_BASE


class Wheelhouse:
    """deploy/wheelhouse.py: this machine's pip fills a directory, served on loopback."""

    def __enter__(self) -> str:
        self.dir = tempfile.mkdtemp(prefix="referee-wheels-")
        script = str(ROOT / "deploy" / "wheelhouse.py")
        subprocess.run([sys.executable, script, "build", self.dir], check=True,
                       capture_output=True, timeout=900)
        self.server = subprocess.Popen([sys.executable, script, "serve", self.dir],
                                       stdout=subprocess.PIPE, text=True)
        assert self.server.stdout is not None
        return self.server.stdout.readline().strip()

    def __exit__(self, *exc: object) -> None:
        self.server.terminate()
        self.server.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


# ---- checks --------------------------------------------------------------------------------------

def check(condition: bool, message: str, detail: str = "") -> None:
    if not condition:
        raise CheckFailed(f"{message}{': ' + detail if detail else ''}")
    say(f"ok: {message}")


def check_image(engine: Engine, image: str) -> None:
    info = engine.inspect_image(image)
    config = info.get("Config") or {}
    user = config.get("User") or info.get("User") or ""
    check(user.split(":")[0] == UID, f"the image runs as user {UID}", user)
    health = config.get("Healthcheck") or info.get("Healthcheck") or info.get("HealthCheck") or {}
    check("/v1/health" in " ".join(health.get("Test") or []), "the image has its HEALTHCHECK",
          json.dumps(health))
    leftovers = engine.run("run", "--rm", "--user", "0", "--entrypoint", "/bin/sh", image, "-c",
                           "find /var/lib/apt/lists /var/cache/apt -type f ! -name lock").stdout
    check(leftovers.strip() == "", "no apt package cache or lists in the image", leftovers[:500])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(port: int, method: str, path: str, body: Any = None,
         timeout: float = 10) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                 headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def wait_ready(port: int, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if http(port, "GET", "/v1/ready", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.5)
    raise CheckFailed(f"/v1/ready did not answer 200 within {seconds:.0f} s")


def check_container(engine: Engine, image: str) -> None:
    name, port = f"referee-smoke-{os.getpid()}", free_port()
    engine.run("run", "-d", "--name", name, "--read-only", "--tmpfs", "/tmp",
               "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
               "-p", f"127.0.0.1:{port}:8000", image)
    try:
        wait_ready(port)
        check(http(port, "GET", "/v1/health")[0] == 200, "health answers 200")
        games = json.loads(http(port, "GET", "/v1/games")[1])["games"]
        game = games[0]["id"]
        status, data = http(port, "POST", f"/v1/games/{game}/legal-moves", {})
        moves = json.loads(data)
        check(status == 200 and moves["count"] == len(moves["moves"]) > 0,
              f"legal-moves of {game} answers {moves.get('count')} moves")
        status, png = http(port, "POST", f"/v1/games/{game}/render",
                           {"format": "png", "size": 200}, timeout=30)
        check(status == 200 and png.startswith(b"\x89PNG"), "a PNG picture renders")
        uid = engine.run("exec", name, "id", "-u").stdout.strip()
        check(uid == UID, f"the service runs as uid {UID}", uid)
        check_healthcheck(engine, name)
        t0 = time.monotonic()
        engine.run("stop", "-t", str(GRACE_S), name)
        took = time.monotonic() - t0
        state = json.loads(engine.run("inspect", name).stdout)[0]["State"]
        logs = logs_of(engine, name)
        check(state["ExitCode"] == 0 and "Shutting down: Master" in logs and took < GRACE_S - 5,
              f"SIGTERM drains and exits 0 (in {took:.1f} s)",
              f"exit {state['ExitCode']}\n{logs[-2000:]}")
        check("Fontconfig error" not in logs and "Traceback" not in logs,
              "no fontconfig error or traceback in the log on a read-only root",
              logs[-2000:])
    finally:
        engine.run("rm", "-f", name, check=False)


def logs_of(engine: Engine, name: str) -> str:
    proc = engine.run("logs", name, check=False)
    return proc.stdout + proc.stderr


def check_healthcheck(engine: Engine, name: str) -> None:
    if engine.podman:
        proc = engine.run("healthcheck", "run", name, check=False)
        check(proc.returncode == 0, "the HEALTHCHECK passes (podman healthcheck run)",
              proc.stdout + proc.stderr)
        return
    deadline, health = time.monotonic() + 60, ""
    while time.monotonic() < deadline:
        state = json.loads(engine.run("inspect", name).stdout)[0]["State"]
        health = (state.get("Health") or {}).get("Status", "")
        if health in ("healthy", "unhealthy"):
            break
        time.sleep(1)
    check(health == "healthy", "the HEALTHCHECK passes (docker health status)", health)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default=os.environ.get("SMOKE_ENGINE"),
                    help="docker, podman or a path to either (default: the first that answers)")
    ap.add_argument("--base", default=os.environ.get("SMOKE_BASE_IMAGE", "auto"))
    ap.add_argument("--offline", action="store_true",
                    default=os.environ.get("SMOKE_OFFLINE") == "1")
    ap.add_argument("--tag", default="boardgame-referee:smoke")
    args = ap.parse_args(argv)
    command = find_engine(args.engine)
    if command is None:
        say("SKIP: no container engine answers here (neither docker nor podman: not installed, "
            "or its daemon is not running)")
        return SKIP
    engine = Engine(command)
    try:
        base = choose_base(engine, args.base)
        say(f"building {args.tag} with {command} from {base}"
            f"{' (offline package index)' if args.offline else ''}")
        t0 = time.monotonic()
        if args.offline:
            with Wheelhouse() as index_url:
                engine.build(args.tag, base, index_url)
        else:
            engine.build(args.tag, base, None)
        say(f"ok: built in {time.monotonic() - t0:.0f} s")
        check_image(engine, args.tag)
        check_container(engine, args.tag)
    except CheckFailed as exc:
        say(f"FAILED: {exc}")
        return 1
    say(f"PASS ({command}, base {base})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

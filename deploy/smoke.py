"""Build the image with every container engine and builder here and check each image the way a
hardened deployment runs it. Standard library only.

    deploy/smoke.sh [--engine docker|podman|buildah|PATH] [--builders NAME,...]
                    [--base IMAGE|auto] [--offline] [--tag TAG]

The builders, each tried when its engine answers and reported passed, skipped (saying why) or
failed:

* ``docker-classic``: docker with ``DOCKER_BUILDKIT=0``, Docker's classic builder (the default
  of Docker Engine 20.10, Debian 12's ``docker.io``);
* ``docker-buildkit``: docker with ``DOCKER_BUILDKIT=1``, when the docker CLI has BuildKit (its
  own before 23, the buildx plugin from 23 on);
* ``podman``: ``podman build --format docker`` (buildah inside podman);
* ``buildah``: ``buildah bud --format docker``, its image then run by podman (they share
  their storage).

Checks of each image, each printed as it passes:

* the image: numeric non-root user, a HEALTHCHECK on /v1/health, no apt package cache or lists,
  no ``.whl`` file in any layer the Dockerfile adds (the saved image's layers read one by one;
  the base's own layers are the base's business);
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

Exit status: 0 every builder present passed, 1 one failed, 77 no container engine answers here
(skipped).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASE = "python:3.11-slim"
LOCAL_BASE = "localhost/referee-base:bookworm"
SKIP = 77
UID = "10001"
GRACE_S = 30                    # Kubernetes' terminationGracePeriodSeconds
BUILDERS = ("docker-classic", "docker-buildkit", "podman", "buildah")
#: the first Docker CLI without a BuildKit client of its own (it needs the buildx plugin)
BUILDX_ONLY_FROM = 23


class CheckFailed(Exception):
    pass


#: the builder whose image is being checked, named in every line printed meanwhile
LABEL = [""]


def say(message: str) -> None:
    label = f"[{LABEL[0]}] " if LABEL[0] else ""
    print(f"smoke: {label}{message}", flush=True)


def answers(engine: str) -> bool:
    """Whether ``engine`` is installed and its engine (daemon, or podman itself) answers."""
    if shutil.which(engine) is None:
        return False
    try:
        return subprocess.run([engine, "info"], capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


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

    def save(self, image: str, path: Path) -> None:
        """The image as a docker-archive tarball at ``path``."""
        args = ["save", "-o", str(path)]
        if self.podman:
            args += ["--format", "docker-archive"]
        self.run(*args, image)

    def inspect_image(self, image: str) -> dict[str, Any]:
        return json.loads(self.run("image", "inspect", image).stdout)[0]


@dataclass
class Builder:
    """One way of building the image: its command, its environment, and the engine that runs
    and inspects what it builds (None: the builder is not here, ``reason`` says why)."""

    name: str
    argv: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    engine: Engine | None = None
    reason: str = ""

    def build(self, tag: str, base: str, index_url: str | None) -> None:
        args = [*self.argv, "-t", tag, "--build-arg", f"PYTHON_IMAGE={base}"]
        if index_url:
            args += ["--network", "host", "--build-arg", f"PIP_INDEX_URL={index_url}"]
        proc = subprocess.run([*args, str(ROOT)], capture_output=True, text=True, timeout=1800,
                              env={**os.environ, **self.env})
        if proc.returncode != 0:
            raise CheckFailed(f"{' '.join(args[:3])}... failed ({proc.returncode}):\n"
                              f"{proc.stdout[-3000:]}{proc.stderr[-3000:]}")


def major_version(version: str) -> int:
    """The major number of a version string such as ``20.10.24+dfsg1`` (0 if there is none)."""
    head = version.strip().split(".")[0]
    return int(head) if head.isdigit() else 0


def has_buildkit_client(docker: str) -> tuple[bool, str]:
    """Whether this docker CLI can drive BuildKit: its own client before Docker 23, the buildx
    plugin from 23 on; and, when it cannot, why."""
    proc = subprocess.run([docker, "version", "--format", "{{.Client.Version}}"],
                          capture_output=True, text=True, timeout=60)
    client = proc.stdout.strip()
    if major_version(client) and major_version(client) < BUILDX_ONLY_FROM:
        return True, ""
    if subprocess.run([docker, "buildx", "version"], capture_output=True,
                      timeout=60).returncode == 0:
        return True, ""
    return False, (f"the docker CLI {client or '?'} has no buildx plugin (BuildKit needs it "
                   f"from Docker {BUILDX_ONLY_FROM})")


def kind_of(command: str) -> str:
    """docker, podman or buildah: which engine ``command`` is, by its name or else by what its
    ``version`` says (docker when neither tells)."""
    for kind in ("podman", "buildah", "docker"):
        if kind in Path(command).name:
            return kind
    try:
        version = subprocess.run([command, "version"], capture_output=True, text=True,
                                 timeout=60).stdout.lower()
    except OSError:
        version = ""
    return next((k for k in ("podman", "buildah") if k in version), "docker")


def engine_of(wanted: str | None, kind: str) -> str | None:
    """The command of engine ``kind``: ``wanted`` when it is of that kind, the one on the PATH
    when nothing is wanted, else None (not asked for)."""
    if wanted is None:
        return kind
    return wanted if kind_of(wanted) == kind else None


def not_answering(command: str) -> str:
    if shutil.which(command) is None:
        return f"{command} is not installed"
    return f"{command} does not answer ('{command} info' fails: is its daemon running?)"


def find_builders(wanted: str | None, names: tuple[str, ...] = BUILDERS) -> list[Builder]:
    """Every builder named in ``names``, present here (with its engine) or not (with the
    reason). ``wanted``, an engine's name or path, keeps that engine's builders only."""
    unknown = [n for n in names if n not in BUILDERS]
    if unknown:
        raise SystemExit(f"smoke: no builder {unknown[0]!r}: one of {', '.join(BUILDERS)}")
    docker, podman = engine_of(wanted, "docker"), engine_of(wanted, "podman")
    buildah = engine_of(wanted, "buildah")
    runner = podman or "podman"         # buildah's images, in the storage podman shares
    up = {c: answers(c) for c in {docker, runner, buildah} if c is not None}
    out = []
    for name in names:
        builder, command = Builder(name), {"podman": podman, "buildah": buildah}.get(name, docker)
        if command is None:
            builder.reason = f"not asked for (--engine {wanted})"
        elif not up[command]:
            builder.reason = not_answering(command)
        elif name == "docker-classic":
            builder.argv, builder.env = [command, "build"], {"DOCKER_BUILDKIT": "0"}
        elif name == "docker-buildkit":
            ok, builder.reason = has_buildkit_client(command)
            if ok:
                builder.argv, builder.env = [command, "build"], {"DOCKER_BUILDKIT": "1"}
        elif name == "podman":
            builder.argv = [command, "build", "--format", "docker"]   # OCI drops HEALTHCHECK
        elif not up[runner]:
            builder.reason = "buildah is here but podman, which runs its images, is not"
        else:
            builder.argv = [command, "bud", "--format", "docker"]
        if builder.argv:
            builder.engine = Engine(runner if name == "buildah" else builder.argv[0])
        out.append(builder)
    return out


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


def wheels_in_layers(archive: Path, skip: int) -> tuple[list[str], int]:
    """The ``.whl`` files held by the layers of a docker-archive tarball (``docker save``,
    ``podman save --format docker-archive``) after its first ``skip`` layers, and how many
    layers were read. A whiteout (``.wh.<name>``) deletes a file; it holds none."""
    found, read = [], 0
    with tarfile.open(archive) as outer:
        manifest = outer.extractfile("manifest.json")
        assert manifest is not None
        layers = json.load(manifest)[0]["Layers"]
        for index, name in enumerate(layers[skip:], start=skip):
            blob = outer.extractfile(name)
            assert blob is not None
            with tarfile.open(fileobj=blob) as layer:       # plain or compressed
                for member in layer:
                    base = member.name.rsplit("/", 1)[-1]
                    if base.endswith(".whl") and not base.startswith(".wh."):
                        found.append(f"layer {index}: {member.name}")
            read += 1
    return found, read


def check_layers(engine: Engine, image: str, base: str) -> None:
    base_layers = engine.inspect_image(base)["RootFS"]["Layers"]
    layers = engine.inspect_image(image)["RootFS"]["Layers"]
    check(layers[:len(base_layers)] == base_layers, "the image's first layers are its base's",
          f"{len(layers)} layers, base {len(base_layers)}")
    with tempfile.TemporaryDirectory(prefix="referee-save-") as tmp:
        archive = Path(tmp) / "image.tar"
        engine.save(image, archive)
        found, read = wheels_in_layers(archive, len(base_layers))
    check(read == len(layers) - len(base_layers) and not found,
          f"no .whl file in the layers the Dockerfile adds ({read} read)", "; ".join(found[:10]))


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


def smoke(builder: Builder, base_wanted: str, tag: str, index_url: str | None) -> bool:
    """Build with ``builder`` and check its image; whether every check passed."""
    engine = builder.engine
    assert engine is not None
    LABEL[0] = builder.name
    try:
        base = choose_base(engine, base_wanted)
        settings = " ".join(f"{k}={v}" for k, v in builder.env.items())
        say(f"building {tag} with {settings + ' ' if settings else ''}{' '.join(builder.argv)} "
            f"from {base}{' (offline package index)' if index_url else ''}")
        t0 = time.monotonic()
        builder.build(tag, base, index_url)
        say(f"ok: built in {time.monotonic() - t0:.0f} s")
        check_image(engine, tag)
        check_layers(engine, tag, base)
        check_container(engine, tag)
    except CheckFailed as exc:
        say(f"FAILED: {exc}")
        return False
    finally:
        LABEL[0] = ""
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default=os.environ.get("SMOKE_ENGINE"),
                    help="docker, podman, buildah or a path to one: that engine's builders only "
                         "(default: every engine here)")
    ap.add_argument("--builders", default=os.environ.get("SMOKE_BUILDERS", ",".join(BUILDERS)),
                    help=f"the builders to try, comma-separated (default: {','.join(BUILDERS)})")
    ap.add_argument("--base", default=os.environ.get("SMOKE_BASE_IMAGE", "auto"))
    ap.add_argument("--offline", action="store_true",
                    default=os.environ.get("SMOKE_OFFLINE") == "1")
    ap.add_argument("--tag", default="boardgame-referee:smoke",
                    help="each builder's image is tagged TAG-BUILDER")
    args = ap.parse_args(argv)
    builders = find_builders(args.engine, tuple(n.strip() for n in args.builders.split(",")
                                                if n.strip()))
    present = [b for b in builders if b.engine is not None]
    if not present:
        say("SKIP: no container engine answers here ("
            + "; ".join(dict.fromkeys(b.reason for b in builders)) + ")")
        return SKIP
    verdicts = {}
    with Wheelhouse() if args.offline else contextlib.nullcontext(None) as index_url:
        for builder in present:
            verdicts[builder.name] = smoke(builder, args.base, f"{args.tag}-{builder.name}",
                                           index_url)
    for builder in builders:
        if builder.engine is None:
            say(f"{builder.name}: skipped: {builder.reason}")
        else:
            say(f"{builder.name}: {'passed' if verdicts[builder.name] else 'FAILED'}")
    passed = [n for n, ok in verdicts.items() if ok]
    failed = [n for n, ok in verdicts.items() if not ok]
    if failed:
        say(f"FAILED: {', '.join(failed)}")
        return 1
    say(f"PASS ({', '.join(passed)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

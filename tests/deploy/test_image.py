"""The container image built and run for real by deploy/smoke.py, with every engine and builder
that answers here (Docker's classic builder and BuildKit, podman, buildah), offline: a local
base when python:3.11-slim cannot be had, the build's Python packages from a wheelhouse served
on loopback. Skipped, saying so, only when no container engine answers. Plus what needs no
engine: the Dockerfile read as every builder reads it and the helpers' own logic."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

import smoke  # noqa: E402
import wheelhouse  # noqa: E402
from tests.deploy.dockerfile import (  # noqa: E402
    DOCKERFILE, docker_env, final_stage, instructions, resolve)

VENV = "/opt/referee"
#: the flags of COPY that Docker's classic builder knows (--chmod, --link, --parents,
#: --exclude need BuildKit)
CLASSIC_COPY_FLAGS = {"--from", "--chown"}


# ---- the Dockerfile, without an engine -----------------------------------------------------------

def flags(args: str) -> list[str]:
    """The leading ``--name[=value]`` flags of an instruction's arguments, by name."""
    out = []
    for token in args.split():
        if not token.startswith("--"):
            break
        out.append(token.split("=", 1)[0])
    return out


def test_no_instruction_needs_buildkit():
    # "the --mount option requires BuildKit" is the classic builder's answer to RUN --mount
    assert "--mount" not in DOCKERFILE.read_text()
    for run in instructions("RUN"):
        assert flags(run) == [], f"RUN flags need BuildKit: {run[:80]}"
        assert "<<" not in run.split("&&")[0], f"a heredoc needs BuildKit: {run[:80]}"
    for copy in instructions("COPY") + instructions("ADD"):
        assert set(flags(copy)) <= CLASSIC_COPY_FLAGS, copy


def test_no_parser_directive_needs_a_registry_or_buildkit():
    # parser directives are the comments at the very top; "syntax" makes docker pull a frontend
    # image before building, "check" is BuildKit's; "escape" is the one every builder knows
    directives = []
    for line in DOCKERFILE.read_text().splitlines():
        body = line.lstrip("# ").strip()
        if not line.startswith("#") or "=" not in body or " " in body.split("=")[0]:
            break
        directives.append(body.split("=")[0].lower())
    assert set(directives) <= {"escape"}, directives
    assert "syntax=" not in DOCKERFILE.read_text().lower()


def test_both_stages_use_one_base_so_the_interpreter_path_matches():
    # the environment's bin/python is a symbolic link to the build stage's python3
    (build, runtime) = [resolve(a).split()[0] for a in instructions("FROM")]
    assert build == runtime


def test_the_environment_is_built_at_its_final_path_without_pip():
    (make,) = [a for a in instructions("RUN", 0) if "venv" in a]
    steps = [s.strip() for s in make.split("&&")]
    assert steps[0] == f"python3 -m venv {VENV}"
    assert any(s.startswith(f"{VENV}/bin/pip install ") for s in steps)
    # nothing is installed at run time: the environment's own installers go, last
    assert steps[-1] == f"{VENV}/bin/pip uninstall --yes pip setuptools wheel"


def test_the_runtime_gets_the_environment_whole_and_no_wheel():
    final = final_stage()
    assert instructions("COPY", final) == [f"--from=build {VENV} {VENV}"]
    assert not instructions("ADD", final)
    for run in instructions("RUN", final):
        assert ".whl" not in run and "/wheels" not in run and "pip install" not in run, run
    assert docker_env(final)["PATH"].startswith(f"{VENV}/bin:")


@pytest.mark.timeout(3600)
def test_every_builder_here_builds_the_image_offline_and_it_runs_hardened():
    proc = subprocess.run([sys.executable, str(ROOT / "deploy" / "smoke.py"), "--offline"],
                          cwd=ROOT, capture_output=True, text=True, timeout=3500)
    print(proc.stdout)
    if proc.returncode == smoke.SKIP:
        pytest.skip(proc.stdout.strip().splitlines()[-1])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    verdicts = dict(re.findall(r"^smoke: ([a-z-]+): (passed|skipped|FAILED)", proc.stdout,
                               re.MULTILINE))
    assert set(verdicts) == set(smoke.BUILDERS), "every builder is reported"
    passed = [name for name, verdict in verdicts.items() if verdict == "passed"]
    assert passed and "FAILED" not in verdicts.values()
    for name in passed:
        for check in ("the image runs as user 10001", "the image has its HEALTHCHECK",
                      "no apt package cache or lists", "no .whl file in the",
                      "legal-moves of", "a PNG picture renders",
                      "the service runs as uid 10001", "the HEALTHCHECK passes",
                      "SIGTERM drains and exits 0", "no fontconfig error"):
            assert f"smoke: [{name}] ok: {check}" in proc.stdout, (name, check)
    assert "smoke: PASS" in proc.stdout


def test_smoke_says_it_skipped_when_no_engine_answers():
    proc = subprocess.run([sys.executable, str(ROOT / "deploy" / "smoke.py"),
                           "--engine", "no-such-container-engine"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == smoke.SKIP
    assert "SKIP: no container engine answers here" in proc.stdout
    assert "no-such-container-engine is not installed" in proc.stdout


def test_smoke_names_a_builder_it_does_not_know():
    proc = subprocess.run([sys.executable, str(ROOT / "deploy" / "smoke.py"),
                           "--builders", "kaniko"], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "no builder 'kaniko'" in proc.stdout + proc.stderr


@pytest.mark.parametrize("version, builtin", [
    ("20.10.24+dfsg1", True), ("19.03.15", True), ("23.0.0", False), ("28.2.2", False),
    ("", False),
])
def test_docker_clis_before_23_have_their_own_buildkit_client(version, builtin):
    assert (0 < smoke.major_version(version) < smoke.BUILDX_ONLY_FROM) is builtin


def layer_tar(files: dict[str, bytes], gzip: bool = False) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz" if gzip else "w") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def test_wheels_are_found_in_the_layers_above_the_base(tmp_path):
    layers = {
        "base/layer.tar": layer_tar({"usr/share/python-wheels/pip-23.0.1-py3-none-any.whl": b"w"}),
        "apt/layer.tar": layer_tar({"usr/lib/libcairo.so.2": b"so"}),
        # a whiteout deletes a wheel of a lower layer; it holds none
        "clean/layer.tar": layer_tar({"usr/share/python-wheels/.wh.pip-23.0.1-py3-none-any.whl":
                                      b""}),
        # a compressed layer, as OCI archives have
        "blobs/sha256/ab": layer_tar({"opt/referee/lib/x.py": b"",
                                      "wheels/flask-3.1.3-py3-none-any.whl": b"w"}, gzip=True),
    }
    manifest = [{"Config": "c.json", "RepoTags": ["t:x"], "Layers": list(layers)}]
    archive = tmp_path / "image.tar"
    with tarfile.open(archive, "w") as tar:
        for name, data in {"manifest.json": json.dumps(manifest).encode(), **layers}.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    assert smoke.wheels_in_layers(archive, 1) == (
        ["layer 3: wheels/flask-3.1.3-py3-none-any.whl"], 3)
    assert smoke.wheels_in_layers(archive, 4) == ([], 0)
    assert len(smoke.wheels_in_layers(archive, 0)[0]) == 2


@pytest.mark.parametrize("filename, project", [
    ("Flask-3.1.3-py3-none-any.whl", "flask"),
    ("swagger_ui_bundle-1.1.0-py3-none-any.whl", "swagger-ui-bundle"),
    ("zope.interface-7.0.tar.gz", "zope-interface"),
    ("boardgame_referee-0.1.0-py3-none-any.whl", "boardgame-referee"),
])
def test_wheelhouse_names_projects_as_pep_503_does(filename, project):
    assert wheelhouse.normalized(filename) == project


def test_wheelhouse_lays_files_out_as_a_simple_index(tmp_path):
    for name in ("Flask-3.1.3-py3-none-any.whl", "flask-3.1.2-py3-none-any.whl",
                 "PyYAML-6.0.3-cp311-cp311-manylinux2014_x86_64.whl", "notes.txt"):
        (tmp_path / name).write_bytes(b"x")
    simple = wheelhouse.index(tmp_path)
    assert sorted(p.name for p in simple.iterdir()) == ["flask", "pyyaml"]
    assert sorted(p.name for p in (simple / "flask").iterdir()) == [
        "Flask-3.1.3-py3-none-any.whl", "flask-3.1.2-py3-none-any.whl"]
    assert wheelhouse.index(tmp_path) == simple          # idempotent

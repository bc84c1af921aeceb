"""The container image built and run for real by deploy/smoke.sh, with whichever engine answers
here (docker or podman), offline: a local base when python:3.11-slim cannot be had, the build's
Python packages from a wheelhouse served on loopback. Skipped, saying so, only when no
container engine answers. Plus the helpers' own logic, which needs no engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

import smoke  # noqa: E402
import wheelhouse  # noqa: E402


@pytest.mark.timeout(1800)
def test_the_image_builds_offline_and_runs_hardened():
    proc = subprocess.run([sys.executable, str(ROOT / "deploy" / "smoke.py"), "--offline"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1750)
    print(proc.stdout)
    if proc.returncode == smoke.SKIP:
        pytest.skip(proc.stdout.strip().splitlines()[-1])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for check in ("the image runs as user 10001", "the image has its HEALTHCHECK",
                  "no apt package cache or lists", "legal-moves of", "a PNG picture renders",
                  "the service runs as uid 10001", "the HEALTHCHECK passes",
                  "SIGTERM drains and exits 0", "no fontconfig error"):
        assert f"smoke: ok: {check}" in proc.stdout, check
    assert "smoke: PASS" in proc.stdout


def test_smoke_says_it_skipped_when_no_engine_answers():
    proc = subprocess.run([sys.executable, str(ROOT / "deploy" / "smoke.py"),
                           "--engine", "no-such-container-engine"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == smoke.SKIP
    assert "SKIP: no container engine answers here" in proc.stdout


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

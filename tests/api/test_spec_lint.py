"""The spec linted by Redocly and Spectral with the committed configurations
(``tools/lint/``): clean, every rule on unless the configuration turns it off with its
reason. The linters' versions are pinned in ``tools/lint/package-lock.json``; they are
installed with ``npm ci`` once per lock file into ``.cache/lint/`` (ignored by git)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

from service.spec.openapi import SPEC_PATH

ROOT = Path(__file__).resolve().parents[2]
LINT = ROOT / "tools" / "lint"
CACHE = ROOT / ".cache" / "lint"


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="session")
def linters() -> Path:
    """The folder whose node_modules hold the pinned linters, installed on first use."""
    lock = (LINT / "package-lock.json").read_bytes()
    home = CACHE / hashlib.sha256(lock).hexdigest()[:16]
    if not (home / "node_modules" / ".bin" / "spectral").exists():
        home.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(LINT / name, home / name)
        done = run(["npm", "ci", "--no-audit", "--no-fund"], home)
        assert done.returncode == 0, done.stdout + done.stderr
    return home


def test_redocly_lints_the_spec_clean(linters: Path) -> None:
    done = run([str(linters / "node_modules" / ".bin" / "redocly"), "lint", str(SPEC_PATH),
                "--config", str(LINT / "redocly.yaml"), "--format", "stylish"], ROOT)
    output = done.stdout + done.stderr
    assert done.returncode == 0 and "valid" in output, output
    assert " warning " not in output and " error " not in output, output


def test_spectral_lints_the_spec_clean(linters: Path) -> None:
    done = run([str(linters / "node_modules" / ".bin" / "spectral"), "lint", str(SPEC_PATH),
                "--ruleset", str(LINT / ".spectral.yaml"), "--fail-severity", "hint"], ROOT)
    output = done.stdout + done.stderr
    assert done.returncode == 0 and "No results" in output, output


def test_every_rule_turned_off_says_why() -> None:
    for config in (LINT / "redocly.yaml", LINT / ".spectral.yaml"):
        lines = config.read_text().splitlines()
        for i, line in enumerate(lines):
            if line.rstrip().endswith(": off"):
                assert lines[i - 1].lstrip().startswith("#"), f"{config.name}: {line.strip()}"

"""Node and npm commands for the tests of the TypeScript client and of the bundled pages:
each one run in a folder, its output kept, a failure showing it. Node 20+ and npm are
required (a failure, not a skip)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from tests.live_service import ROOT

PACKAGE = ROOT / "clients" / "typescript"
#: the longest any one npm, tsc, node or bundler command may take before the test fails: a
#: guard against a hang (npm ci on an empty cache downloads the compiler), not a measure of
#: speed
GUARD_S = 600


def run(*command: str, cwd: Path = PACKAGE, env: dict[str, str] | None = None) -> str:
    """Run ``command`` in ``cwd`` (the client's package unless told); its output (the
    command, stdout and stderr), or a failure that shows it."""
    program = shutil.which(command[0], path=os.pathsep.join(
        [str(cwd / "node_modules" / ".bin"), os.environ.get("PATH", "")]))
    assert program, f"{command[0]} is required (Node 20+ and npm)"
    done = subprocess.run([program, *command[1:]], cwd=cwd, capture_output=True, text=True,
                          timeout=GUARD_S, env={**os.environ, **(env or {})})
    output = f"$ {' '.join(command)}\n{done.stdout}\n{done.stderr}"
    assert done.returncode == 0, output
    return output


def install_locked(cwd: Path = PACKAGE) -> None:
    """The dependencies of the package in ``cwd``, exactly as its lock file says (npm's
    cache makes a rerun cheap), under Node 20 or later."""
    version = run("node", "--version", cwd=cwd)
    major = re.search(r"v(\d+)\.", version)
    assert major and int(major.group(1)) >= 20, f"Node 20 or later is required: {version}"
    run("npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", cwd=cwd)

"""An offline Python package index for image builds: the project's wheels and its build
requirements, made with this machine's pip and served on loopback as a PEP 503 simple index.

    python3 deploy/wheelhouse.py build DIR          # fill DIR (uses this machine's pip setup)
    python3 deploy/wheelhouse.py serve DIR          # prints the index URL, serves until killed

deploy/smoke.sh --offline uses both, then builds the image with
``--build-arg PIP_INDEX_URL=<url> --network host`` so that the build stage's pip reaches nothing
but this index (pip treats a loopback http index as secure).
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def normalized(filename: str) -> str:
    """The PEP 503 name of the project a wheel or sdist file belongs to."""
    name = re.split(r"-\d", filename, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def build(directory: Path) -> None:
    """The project's wheel, its dependencies' wheels and its build backend, into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--quiet", "--wheel-dir", str(directory), str(ROOT)],
                   check=True)
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    subprocess.run([*pip, "download", "--quiet", "--dest", str(directory), *requires],
                   check=True)


def index(directory: Path) -> Path:
    """Lay ``directory``'s files out as a simple index (``simple/<name>/<file>``) beside it."""
    simple = directory / "simple"
    for path in sorted(directory.iterdir()):
        if path.is_file() and path.suffix in (".whl", ".gz", ".zip"):
            project = simple / normalized(path.name)
            project.mkdir(parents=True, exist_ok=True)
            link = project / path.name
            if not link.exists():
                link.symlink_to(path)
    return simple


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(directory: Path) -> None:
    simple = index(directory)
    handler = functools.partial(QuietHandler, directory=str(simple))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("build", "serve"):
        sys.exit(__doc__)
    (build if sys.argv[1] == "build" else serve)(Path(sys.argv[2]).resolve())

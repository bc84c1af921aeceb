"""The client and ``<referee-board>`` in an app's bundle: the page of ``tests/client/bundlers/``
imports them exactly as clients/typescript/README.md says, from the package as npm installs
it (``npm pack``, then the tarball installed beside esbuild and Vite, both pinned by that
folder's lock file); each bundler's page is loaded in headless Chromium against the live
service, and a move is played on the board by mouse. A bundler that dropped the element's
module (a package marking every module free of side effects) leaves ``<referee-board>``
undefined, and the test fails there.

Every wait is for a condition on the page, bounded by WAIT_MS (a guard against a hang).
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.client.node import GUARD_S, install_locked, run
from tests.client.test_playground import ARGS, CHROMIUM, WAIT_MS
from tests.live_service import ROOT, free_port, post_json, running_service

APP = ROOT / "tests" / "client" / "bundlers"
GAME = "kings-mate"
#: the page a bundler's script is loaded by (Vite writes its own from the app's index.html)
ESBUILD_PAGE = """<!DOCTYPE html>
<html lang="en">
<meta charset="utf-8">
<title>A bundled board</title>
<script type="module" src="./main.js"></script>
<body>
</body>
</html>
"""

pytestmark = pytest.mark.timeout(4 * GUARD_S)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A throwaway app: the bundlers from the lock file, and the client as ``npm pack``
    makes it from a fresh build (its package.json, ``sideEffects`` included, as users get
    it)."""
    install_locked()
    run("npm", "run", "build")
    folder = tmp_path_factory.mktemp("bundled-app")
    for name in ("package.json", "package-lock.json", "index.html", "main.ts"):
        shutil.copy(APP / name, folder / name)
    packed = run("npm", "pack", "--pack-destination", str(folder))
    tarball = next(line for line in packed.splitlines() if re.fullmatch(r"[\w.-]+\.tgz", line))
    install_locked(folder)
    run("npm", "install", "--no-save", "--prefer-offline", "--no-audit", "--no-fund",
        f"./{tarball}", cwd=folder)
    return folder


def built_with_esbuild(app: Path) -> Path:
    """The folder of the page esbuild bundled (no warning allowed: a dropped import warns)."""
    output = run("esbuild", "main.ts", "--bundle", "--format=esm", "--outdir=esbuild-dist",
                 cwd=app)
    assert "warning" not in output.lower(), output
    (app / "esbuild-dist" / "index.html").write_text(ESBUILD_PAGE, encoding="utf-8")
    return app / "esbuild-dist"


def built_with_vite(app: Path) -> Path:
    """The folder of the page Vite's production build made (paths relative to the page)."""
    run("vite", "build", "--base=./", "--outDir=vite-dist", cwd=app)
    return app / "vite-dist"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def app_url(app: Path) -> Iterator[str]:
    """The app's folder served over HTTP on a port of its own (another origin than the
    service's)."""
    handler = functools.partial(QuietHandler, directory=str(app))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def service_url() -> Iterator[str]:
    with running_service() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


def a_plain_move(service_url: str) -> dict[str, Any]:
    """A move of the initial position played by two clicks: a piece to an empty square,
    the only legal move between those two squares, without dice."""
    entries = post_json(service_url, f"/v1/games/{GAME}/legal-moves", {})["moves"]
    pairs = [(entry.get("from"), entry.get("to")) for entry in entries]
    return next(entry for entry in entries if entry["kind"] == "move"
                and not entry.get("chance") and pairs.count((entry["from"], entry["to"])) == 1)


def cell(square: str) -> str:
    return f'referee-board g.cell[data-square="{square}"]'


@pytest.mark.parametrize("bundle", [built_with_esbuild, built_with_vite],
                         ids=["esbuild", "vite"])
def test_the_bundled_page_defines_the_board_and_plays_a_move(
        bundle: Any, app: Path, app_url: str, service_url: str, browser: Any) -> None:
    folder = bundle(app)
    context = browser.new_context()
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{app_url}/{folder.name}/index.html?service={service_url}")
        page.wait_for_function("window.moves !== undefined")
        assert page.evaluate("customElements.get('referee-board') !== undefined"), (
            "the bundle does not define <referee-board>: the bundler dropped the element's "
            "module")
        page.wait_for_function("""() => {
            const board = document.querySelector('referee-board');
            return window.failures.length > 0 || (board && board.legalMoves.length > 0 &&
                                                  !board.hasAttribute('aria-busy'));
        }""")
        assert page.evaluate("window.failures") == []
        move = a_plain_move(service_url)
        page.click(cell(move["from"]))
        page.click(cell(move["to"]))
        page.wait_for_function("window.moves.length > 0 || window.failures.length > 0")
        assert page.evaluate("window.failures") == []
        assert page.evaluate("window.moves") == [move["move"]]
        assert errors == []
    finally:
        context.close()

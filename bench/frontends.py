"""First-render time of the ``<referee-board>`` element, per game, in Chromium.

``python -m bench.frontends`` starts ``python -m service`` (the production configuration, two
workers), serves a one-line page from another origin (Python's ``http.server``) that imports
the element from the service, and opens it in headless Chromium (Debian's ``chromium``,
through Playwright). For each game it then measures, ``--runs`` times, the time from the
element's connection to the page to its first ``status`` event, which it sends once the board
is drawn: the setup, legal-moves, status and render requests, parsing and decorating the SVG.
The first run of each game is a warm-up, not counted; the median, minimum and maximum of the
others are printed, with the size of the SVG drawn.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

from rules import registry

from .httpbench import Server, free_port

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="http://127.0.0.1:{port}/v1/elements/referee-board.js"></script>
<style>referee-board {{ max-width: 640px; }}</style></head>
<body><main id="host"></main></body></html>
"""
#: one measure: connect a board of the game, resolve when its first status event comes
MEASURE = """async (game) => {
    const board = document.createElement("referee-board");
    board.setAttribute("game", game);
    board.setAttribute("interactive", "");
    const drawn = new Promise((resolve, reject) => {
        board.addEventListener("status", resolve, {once: true});
        board.addEventListener("error", (e) => reject(new Error(e.detail.detail)), {once: true});
    });
    const start = performance.now();
    document.getElementById("host").replaceChildren(board);
    await drawn;
    const svg = board.shadowRoot.querySelector("svg");
    return [performance.now() - start, svg ? svg.outerHTML.length : 0];
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def measure(runs: int) -> dict[str, tuple[list[float], int]]:
    """Per game: the milliseconds of ``runs`` first renders (after a warm-up) and the
    characters of the SVG drawn."""
    from playwright.sync_api import sync_playwright

    server = Server({"WEB_CONCURRENCY": "2", "GUNICORN_ACCESSLOG": "/dev/null"})
    folder = tempfile.TemporaryDirectory()
    Path(folder.name, "index.html").write_text(PAGE.format(port=server.port), encoding="utf-8")
    pages = http.server.ThreadingHTTPServer(
        ("127.0.0.1", free_port()), functools.partial(_Quiet, directory=folder.name))
    threading.Thread(target=pages.serve_forever, daemon=True).start()
    results: dict[str, tuple[list[float], int]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1000, "height": 800})
            page.goto(f"http://127.0.0.1:{pages.server_address[1]}/index.html")
            page.wait_for_function("customElements.get('referee-board') !== undefined")
            for game_id in registry.game_ids():
                page.evaluate(MEASURE, game_id)  # warm-up
                times, size = [], 0
                for _ in range(runs):
                    elapsed, size = page.evaluate(MEASURE, game_id)
                    times.append(elapsed)
                results[game_id] = (times, size)
            browser.close()
    finally:
        pages.shutdown()
        pages.server_close()
        folder.cleanup()
        server.stop()
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.frontends", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="measured renders per game")
    args = parser.parse_args(argv)
    print(f"<referee-board> first render, connection to board drawn, {args.runs} runs per "
          "game after a warm-up (ms):")
    for game_id, (times, size) in measure(args.runs).items():
        print(f"{game_id}: first render median {statistics.median(times):.1f} ms "
              f"(min {min(times):.1f}, max {max(times):.1f}), SVG {size / 1000:.0f} kB")


if __name__ == "__main__":
    main()

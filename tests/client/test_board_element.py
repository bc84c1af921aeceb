"""The ``<referee-board>`` element on a page that is not the playground, in headless Chromium.

The page is a plain HTML file served by Python's ``http.server`` on another port (another
origin) that imports the element from the running service, as any frontend would. Whole short
games of every game are played on it by mouse and by keyboard, from positions a few plies
before the end: a promotion, King's Mate capture attempts with dice, a Maestria fight with
dice, a 3-player Sceptre turn. Every wait waits for a condition on the page (a count of the
element's events, a focused square), with WAIT_MS as a guard against a page that hangs.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.client.test_playground import ARGS, CHROMIUM, WAIT_MS
from tests.live_service import free_port, post_json, running_service

#: Short games found by seeded random playouts with the engines (a move that ends the game
#: when there is one, else a capture more often than not): the position a few plies before
#: the end, then each ply's move and the dice it was played with.
SHORT_GAMES: dict[str, dict[str, Any]] = {
    "mastery, a resurrection choice": {
        "game": "mastery", "options": {},
        "start": "2m5/4m3/1pp5/2p2P2/8/2M4P/1P5O/4O3 d e8xc8 0 13",
        "moves": [("c5e7+O@g6", None), ("b6a6", None), ("c3c6", None), ("c8c6+O@b5", None)],
    },
    "kings-mate, a promotion": {
        "game": "kings-mate", "options": {},
        "start": "7/7/FK5/2S4/7/7/7/1k5/7 b - - 111 209",
        "moves": [("b2a3", None), ("c6b6", None), ("a3a4", None), ("a7a8", None), ("a4a3", None),
                  ("a8a9=W", None)],
    },
    "kings-mate, capture attempts with dice": {
        "game": "kings-mate", "options": {"active_play": True},
        "start": "7/Wks4/5pF/7/7/3F2E/7/KS3F1/7 b - - 8 72",
        "moves": [("b8c7", None), ("b2b3", None), ("c7b7", None),
                  ("a8c8", {"attacker": 6, "defender": 1}),
                  ("b7c8", {"attacker": 2, "defender": 6})],
    },
    "maestria, counts and a fight": {
        "game": "maestria", "options": {},
        "start": "w1,-,w3,-,w3,-,w1*,-,w4,-,w1,-/b3,-,b1,-,b3,-,b4*,-,b2,-,b2,- setup w 2 - 0 5",
        "moves": [("@e2", None), ("@g2", None), ("i1h1:2", None), ("c1b1:1", None),
                  ("g1g2:1*", None), ("fight", {"attacker": [3], "defender": [5, 6]})],
    },
    "sceptre, a promotion": {
        "game": "sceptre", "options": {},
        "start": ("6bR1/bK7/8/4wP3/8/8/8/5wP2/8/4wP3/6wP1/5wB2/8/2wR1wB1wP1/8/4wK3 b ww,bb "
                  "0 104"),
        "moves": [("g16b16", None), ("e13c15", None), ("b16d16", None), ("c15d16=Q", None),
                  ("a15a14", None), ("d16b16", None)],
    },
}

PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>A page of ours</title>
<script type="module" src="{service}/v1/elements/referee-board.js"></script>
<style>referee-board {{ max-width: 480px; --referee-board-focus: #c2185b; }}</style>
</head>
<body>
<header><h1>A page of ours</h1></header>
<main id="host"></main>
<script>
  window.seen = [];
  // a board with these attributes, whose events the test reads from window.seen
  function addBoard(attributes) {{
    const board = document.createElement("referee-board");
    for (const [name, value] of Object.entries(attributes)) board.setAttribute(name, value);
    for (const type of ["move", "status", "referee-error"]) {{
      board.addEventListener(type, (event) => window.seen.push({{type, detail: event.detail}}));
    }}
    document.getElementById("host").replaceChildren(board);
  }}
</script>
</body>
</html>
"""

BOARD = "document.querySelector('referee-board')"
SHADOW = f"{BOARD}.shadowRoot"


@pytest.fixture(scope="module")
def service_url() -> Iterator[str]:
    with running_service(workers=2) as url:
        yield url


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def page_url(service_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of our page, served from a temporary folder on another port."""
    folder: Path = tmp_path_factory.mktemp("our-page")
    (folder / "index.html").write_text(PAGE.format(service=service_url), encoding="utf-8")
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, page_url, service_url):
    context = browser.new_context()
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(page_url)
    assert page.evaluate("location.origin") != service_url     # another origin: CORS at work
    page.wait_for_function("customElements.get('referee-board') !== undefined")
    yield page
    context.close()
    assert not errors, errors


def add_board(page, **attributes: Any) -> None:
    """Put a board with ``attributes`` on the page and wait until it has drawn its position."""
    values = {name.replace("_", "-"): value if isinstance(value, str) else json.dumps(value)
              for name, value in attributes.items() if value is not None}
    page.evaluate("attributes => addBoard(attributes)", values)
    wait_for_events(page, "status", 1)


def events(page, kind: str) -> list[Any]:
    """The details of the element's ``kind`` events so far."""
    return page.evaluate("kind => window.seen.filter(e => e.type === kind).map(e => e.detail)",
                         kind)


def wait_for_events(page, kind: str, count: int) -> None:
    """Wait until the element has sent ``count`` ``kind`` events, and is not busy (or it sent
    an error, which fails the test with the problem)."""
    page.wait_for_function(
        """([kind, count]) => window.seen.some(e => e.type === 'referee-error') ||
           (window.seen.filter(e => e.type === kind).length >= count &&
            !document.querySelector('referee-board').hasAttribute('aria-busy'))""",
        arg=[kind, count])
    assert events(page, "referee-error") == []


def legal_moves(page) -> list[dict[str, Any]]:
    return page.evaluate(f"{BOARD}.legalMoves")


def shadow_text(page, selector: str) -> str:
    return page.evaluate(f"sel => {SHADOW}.querySelector(sel).textContent", selector)


def focused(page) -> dict[str, str | None]:
    """What has the focus inside the element: a square's name, or a button's move."""
    return page.evaluate(f"""() => {{
        const el = {SHADOW}.activeElement;
        return el ? {{square: el.dataset.square ?? null, move: el.dataset.move ?? null,
                     moves: el.dataset.moves ?? null, text: el.textContent,
                     die: el.dataset.die ?? null}} : {{}};
    }}""")


def entry_of(page, move: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The legal-move entry written ``move``, and the entries sharing its squares."""
    moves = legal_moves(page)
    entry = next(m for m in moves if m["move"] == move)
    sharing = [m for m in moves if m.get("to") and m.get("from") == entry.get("from")
               and m.get("to") == entry.get("to")]
    return entry, sharing


def dice_inputs(dice: dict[str, Any]) -> dict[str, str]:
    """The text typed into each die's field for ``dice``."""
    return {name: ", ".join(map(str, value)) if isinstance(value, list) else str(value)
            for name, value in dice.items()}


# ---- by mouse ---------------------------------------------------------------------------------

def square(name: str) -> str:
    return f'referee-board g.cell[data-square="{name}"]'


#: the element's question about ``move``, if it asks one: its button in the choice list
#: (``move``), the button of the kind of move holding it (``group``), or its square on the board
QUESTION = f"""move => {{
    const root = {SHADOW};
    const asked = `.choices button[data-move="${{CSS.escape(move)}}"]`;
    if (root.querySelector(asked)) return {{ask: 'move'}};
    if ([...root.querySelectorAll('.choices button[data-moves]')].some(
            b => b.dataset.moves.split(' ').includes(move))) return {{ask: 'group'}};
    const cell = root.querySelector(`g.cell.candidate[data-move="${{CSS.escape(move)}}"]`);
    return cell ? {{ask: 'square', square: cell.dataset.square}} : null;
}}"""


def answer_questions(page, move: str, by_keyboard: bool) -> int:
    """Answer the element's questions (which move, which kind of move, which square) until it
    has ``move`` to play; how many it asked."""
    for asked in range(5):
        question = page.evaluate(QUESTION, move)
        if question is None:
            return asked
        if question["ask"] == "square":
            if by_keyboard:
                page.wait_for_function(f"{SHADOW}.activeElement?.dataset.square !== undefined")
                walk_to(page, question["square"])
                page.keyboard.press("Enter")
            else:
                page.click(square(question["square"]))
        elif by_keyboard:
            tab_to(page, lambda f: f.get("move") == move or move in (f.get("moves") or "").split())
            page.keyboard.press("Enter")
        elif question["ask"] == "move":
            page.click(f'referee-board .choices button[data-move="{move}"]')
        else:
            page.click(f'referee-board .choices button[data-moves~="{move}"]')
    raise AssertionError(f"the element kept asking about {move}")


def sharing_squares(page, entry: dict[str, Any]) -> int:
    """How many legal moves share ``entry``'s squares (its from and to, or its to alone)."""
    return sum(1 for m in legal_moves(page)
               if m.get("from") == entry.get("from") and m.get("to") == entry["to"])


def play_by_mouse(page, move: str, dice: dict[str, Any] | None) -> None:
    entry, _ = entry_of(page, move)
    if entry.get("to"):
        if entry.get("from"):
            page.click(square(entry["from"]))
            assert page.locator(f'{square(entry["to"])}.target').count() == 1
        shared = sharing_squares(page, entry)
        page.click(square(entry["to"]))
        asked = answer_questions(page, move, by_keyboard=False)
        assert (asked > 0) == (shared > 1), (asked, shared)
    else:  # a move with no square: offered beside the board
        page.click(f'referee-board .actions button[data-move="{move}"]')
    if entry.get("chance"):
        page.wait_for_selector("referee-board .choices button[data-roll]")
        for name, text in dice_inputs(dice or {}).items():
            page.fill(f'referee-board .choices input[data-die="{name}"]', text)
        page.click("referee-board .choices button[data-enter]")


# ---- by keyboard ------------------------------------------------------------------------------

#: each arrow key and the way it points on the drawn board (y downwards)
ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def cell_centres(page) -> dict[str, tuple[float, float]]:
    """The centre of every square's area on the drawn board, by square."""
    return {square: (x, y) for square, x, y in page.evaluate(f"""
        [...{SHADOW}.querySelectorAll('g.cell[data-square]')].map(g => {{
            const r = g.querySelector('rect.square').getBoundingClientRect();
            return [g.dataset.square, r.left + r.width / 2, r.top + r.height / 2];
        }})""")}


def first_keys(learnt: dict[tuple[str, str], str], here: str,
               wanted: Any) -> list[str] | None:
    """The shortest sequence of arrow keys from ``here`` to a square for which ``wanted``
    holds, along the arrows ``learnt`` so far ((square, key) -> square), or None."""
    paths: dict[str, list[str]] = {here: []}
    frontier = [here]
    while frontier:
        square = frontier.pop(0)
        if wanted(square):
            return paths[square]
        for (start, key), end in learnt.items():
            if start == square and end not in paths:
                paths[end] = paths[square] + [key]
                frontier.append(end)
    return None


def walk_to(page, target: str) -> None:
    """Move the element's focus cursor to ``target`` with the arrow keys on the drawn board:
    along the arrows learnt so far when they lead there, else by an arrow not yet tried from
    the square it is on (the one pointing most nearly at ``target`` first; only arrows with a
    square ahead, which always move the cursor). So the walk reaches every square the arrows
    connect, on any board: a corner's arrow may go to a diagonal neighbour rather than along
    the edge (a board of points)."""
    centres = cell_centres(page)
    learnt: dict[tuple[str, str], str] = {}

    def untried(square: str) -> list[str]:
        x0, y0 = centres[square]
        x1, y1 = centres[target]
        keys = [key for key, (dx, dy) in ARROWS.items() if (square, key) not in learnt
                and any((x - x0) * dx + (y - y0) * dy >= 1 for x, y in centres.values())]
        return sorted(keys, key=lambda k: -((x1 - x0) * ARROWS[k][0] + (y1 - y0) * ARROWS[k][1]))

    for _ in range(4 * len(centres) + 80):
        here = focused(page).get("square")
        assert here is not None, "the focus left the board"
        if here == target:
            return
        path = first_keys(learnt, here, lambda sq: sq == target)
        if path is None:
            path = first_keys(learnt, here, lambda sq: bool(untried(sq)))
            assert path is not None, f"no arrow leads on from the squares reached; {target}?"
        key = path[0] if path else untried(here)[0]
        page.keyboard.press(key)
        page.wait_for_function(f"sq => {SHADOW}.activeElement?.dataset.square !== sq", arg=here)
        learnt[(here, key)] = focused(page)["square"]
    raise AssertionError(f"the arrows never reached {target}")


def tab_to(page, check) -> None:
    """Press Tab until ``check(focused)`` holds."""
    for _ in range(40):
        if check(focused(page)):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached the element wanted; the focus is on {focused(page)}")


def play_by_keyboard(page, move: str, dice: dict[str, Any] | None) -> None:
    entry, _ = entry_of(page, move)
    if entry.get("to"):
        if entry.get("from"):
            walk_to(page, entry["from"])
            page.keyboard.press("Enter")
            page.wait_for_selector(f'{square(entry["to"])}.target', state="attached")
        shared = sharing_squares(page, entry)
        walk_to(page, entry["to"])
        page.keyboard.press("Enter")
        asked = answer_questions(page, move, by_keyboard=True)
        assert (asked > 0) == (shared > 1), (asked, shared)
    else:
        tab_to(page, lambda f: f.get("move") == move)
        page.keyboard.press("Enter")
    if entry.get("chance"):
        page.wait_for_selector("referee-board .choices button[data-roll]")
        for name, text in dice_inputs(dice or {}).items():
            tab_to(page, lambda f, name=name: f.get("die") == name)
            page.keyboard.type(text)
        page.keyboard.press("Enter")  # submits the dice form


def focus_board(page) -> None:
    """Tab from the page into the element: its one focusable square takes the focus."""
    page.locator("h1").click()
    page.keyboard.press("Tab")
    page.wait_for_function(f"{SHADOW}.activeElement?.dataset.square !== undefined")


# ---- whole games ------------------------------------------------------------------------------

def expected_end(service_url: str, game: dict[str, Any]) -> dict[str, Any]:
    """The service's own answer to the whole game, replayed with its dice."""
    return post_json(service_url, f"/v1/games/{game['game']}/replay", {
        "position": game["start"], "options": game["options"],
        "moves": [move for move, _ in game["moves"]],
        "dice": [dice for _, dice in game["moves"]]})


def play_whole_game(page, service_url: str, game: dict[str, Any], play) -> None:
    add_board(page, game=game["game"], options=game["options"], position=game["start"],
              interactive="")
    for ply, (move, dice) in enumerate(game["moves"], start=1):
        mover = events(page, "status")[-1]["to_move"]
        play(page, move, dice)
        wait_for_events(page, "status", ply + 1)
        applied = events(page, "move")[-1]
        assert applied["move"] == move
        if dice is not None:
            assert applied["dice"] == dice
        assert page.evaluate(f"{BOARD}.position") == applied["position"]
        assert page.evaluate(f"{BOARD}.getAttribute('position')") == applied["position"]
        announced = shadow_text(page, ".live")
        assert announced.startswith(f"{mover} played {move}"), announced
        assert announced.endswith(shadow_text(page, ".status"))
    end = expected_end(service_url, game)
    final = events(page, "status")[-1]
    assert final == end["status"] and final["state"] != "ongoing"
    assert events(page, "move")[-1]["position"] == end["position"]
    assert shadow_text(page, ".status").startswith(f"Game over: {final['state']}")
    assert len(events(page, "move")) == len(game["moves"])


@pytest.mark.parametrize("name", SHORT_GAMES)
def test_a_whole_short_game_by_mouse(page, service_url, name):
    play_whole_game(page, service_url, SHORT_GAMES[name], play_by_mouse)


@pytest.mark.parametrize("name", SHORT_GAMES)
def test_a_whole_short_game_by_keyboard(page, service_url, name):
    def by_keyboard(page, move, dice):
        if focused(page).get("square") is None:
            focus_board(page)
        play_by_keyboard(page, move, dice)

    play_whole_game(page, service_url, SHORT_GAMES[name], by_keyboard)


def test_the_element_is_served_at_its_versioned_url_with_a_strong_etag(client):
    answer = client.get("/v1/elements/referee-board.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert b'customElements.define("referee-board"' in answer.data
    tag = answer.headers["ETag"]
    assert tag.startswith('"') and not tag.startswith("W/")     # strong
    assert "max-age=" in answer.headers["Cache-Control"]
    again = client.get("/v1/elements/referee-board.js", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == tag
    other = client.get("/v1/elements/referee-board.js", headers={"If-None-Match": '"other"'})
    assert other.status_code == 200 and other.data == answer.data
    # the module and its types are package data, shipped with the wheel
    from importlib.resources import files
    static = files("service").joinpath("static")
    assert static.joinpath("referee-board.js").read_bytes() == answer.data
    assert static.joinpath("referee-board.d.ts").is_file()


def test_the_squares_are_labelled_buttons_with_one_in_the_tab_order(page):
    add_board(page, game="kings-mate", interactive="")
    cells = page.evaluate(f"""[...{SHADOW}.querySelectorAll('g.cell')].map(c => ({{
        square: c.dataset.square, role: c.getAttribute('role'),
        label: c.getAttribute('aria-label'), tabindex: c.getAttribute('tabindex')}}))""")
    assert len(cells) == 63
    assert all(c["role"] == "button" for c in cells)
    assert all(c["label"].startswith(c["square"] + ", ") for c in cells)
    labels = {c["square"]: c["label"] for c in cells}
    assert labels["d1"].startswith("d1, white King")
    assert labels["a5"] == "a5, empty"
    assert [c["tabindex"] for c in cells].count("0") == 1
    board = page.evaluate(f"""(() => {{ const b = {SHADOW}.querySelector('.board');
        return [b.getAttribute('role'), b.getAttribute('aria-label')]; }})()""")
    assert board[0] == "application" and "arrow keys" in board[1]
    assert page.evaluate(f"{SHADOW}.querySelector('.live').getAttribute('aria-live')") == "polite"
    # a selected piece and its destinations say so
    page.click(square("c1"))
    assert page.evaluate(f"{SHADOW}.querySelector('g.cell[data-square=c1]')"
                         ".getAttribute('aria-pressed')") == "true"
    assert page.evaluate(f"{SHADOW}.querySelector('g.cell[data-square=c2]')"
                         ".getAttribute('aria-label')") == "c2, empty, c1 can move here"
    destinations = {m["to"] for m in legal_moves(page) if m.get("from") == "c1"}
    assert len(destinations) == 1
    assert shadow_text(page, ".live") == "c1 selected: 1 destination."
    page.keyboard.press("Escape")
    assert page.locator("referee-board g.cell.selected").count() == 0


def test_a_three_player_sceptre_turn_goes_round_the_table(page, service_url):
    options = {"players": ["w", "r", "b"]}
    add_board(page, game="sceptre", options=options, interactive="")
    assert events(page, "status")[0]["to_move"] == "white"
    position = page.evaluate(f"{BOARD}.position")
    answer = post_json(service_url, "/v1/games/sceptre/legal-moves",
                       {"position": position, "options": options})
    movers = []
    for ply in range(3):
        moves = [m for m in legal_moves(page) if m.get("kind") == "move" and m.get("to")]
        movers.append(events(page, "status")[-1]["to_move"])
        if ply == 1:
            focus_board(page)
            play_by_keyboard(page, moves[0]["move"], None)
        else:
            play_by_mouse(page, moves[0]["move"], None)
        wait_for_events(page, "status", ply + 2)
    assert movers == ["white", "red", "black"]
    assert events(page, "status")[-1]["to_move"] == "white"
    assert answer["to_move"] == "white"


def test_the_dice_can_be_rolled_or_must_fit_the_games_dice(page, service_url):
    game = SHORT_GAMES["kings-mate, capture attempts with dice"]
    before_capture = post_json(service_url, "/v1/games/kings-mate/replay", {
        "position": game["start"], "options": game["options"],
        "moves": [move for move, _ in game["moves"][:3]]})["position"]
    add_board(page, game="kings-mate", options=game["options"], position=before_capture,
              interactive="")
    page.click(square("a8"))
    page.click(square("c8"))
    page.wait_for_selector("referee-board .choices button[data-roll]")
    # dice outside the schema are refused on the page, before any request
    page.fill('referee-board .choices input[data-die="attacker"]', "9")
    page.fill('referee-board .choices input[data-die="defender"]', "1")
    page.click("referee-board .choices button[data-enter]")
    page.wait_for_function(f"{SHADOW}.querySelector('.invalid').textContent !== ''")
    assert shadow_text(page, ".invalid") == "attacker must be at most 6."
    assert events(page, "move") == []
    page.click("referee-board .choices button[data-roll]")
    wait_for_events(page, "status", 2)
    rolled = events(page, "move")[0]["dice"]
    assert set(rolled) == {"attacker", "defender"}
    assert all(1 <= value <= 6 for value in rolled.values())
    assert "with dice attacker" in shadow_text(page, ".live")


def test_a_piece_can_be_dragged(page):
    add_board(page, game="mastery", interactive="")
    page.locator(square("d4")).scroll_into_view_if_needed()
    origin = page.locator(square("d4")).bounding_box()
    target = page.locator(square("d5")).bounding_box()
    assert origin and target
    page.mouse.move(origin["x"] + origin["width"] / 2, origin["y"] + origin["height"] / 2)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(origin["x"] + origin["width"] / 2,
                        origin["y"] + origin["height"] / 2 + (target["y"] - origin["y"]) * step / 5)
    page.mouse.up()
    wait_for_events(page, "status", 2)
    assert events(page, "move")[0]["move"] == "d4d5"


def test_a_page_may_keep_the_game_itself(page):
    add_board(page, game="mastery", interactive="")
    start = page.evaluate(f"{BOARD}.position")
    # the page cancels the move event: the board stays until the page sets the position
    page.evaluate(f"{BOARD}.addEventListener('move', e => {{ e.preventDefault(); "
                  "window.kept = e.detail.position; })")
    page.click(square("d4"))
    page.click(square("d5"))
    page.wait_for_function("window.kept !== undefined")
    assert page.evaluate(f"{BOARD}.position") == start
    page.evaluate(f"{BOARD}.position = window.kept")
    wait_for_events(page, "status", 2)
    assert events(page, "status")[-1]["to_move"] == "light"
    assert page.evaluate(f"{BOARD}.position") == page.evaluate("window.kept")


def test_refusals_are_error_events_with_the_problem(page):
    add_board(page, game="mastery", interactive="")
    assert page.evaluate(f"{BOARD}.play('d1d4')") is None
    problem = events(page, "referee-error")[0]
    assert problem["code"] == "illegal_move" and problem["reason"] == "path_blocked"
    assert shadow_text(page, ".error").endswith("[path_blocked]")
    page.evaluate(f"{BOARD}.setAttribute('options', '{{not json')")
    page.wait_for_function("window.seen.filter(e => e.type === 'referee-error').length === 2")
    assert events(page, "referee-error")[1]["code"] == "invalid_attribute"


def test_a_board_that_is_not_interactive_is_a_picture(page):
    add_board(page, game="maestria")
    assert page.evaluate(f"{BOARD}.legalMoves") == []
    svg = page.evaluate(f"{SHADOW}.querySelector('svg').getAttribute('role')")
    assert svg == "img"
    assert page.locator("referee-board g.cell[role=button]").count() == 0
    page.click(square("a1"))
    assert shadow_text(page, ".choices") == ""
    assert shadow_text(page, ".status") == "black to move (phase: setup; budget: 3)"


def test_the_board_is_seen_from_its_seat(page):
    def rank_one_is_below_rank_nine() -> bool:
        return page.evaluate(f"""(() => {{
            const y = (sq) => {SHADOW}.querySelector(`g.cell[data-square="${{sq}}"]`)
                .getBoundingClientRect().top;
            return y('a1') > y('a9'); }})()""")

    add_board(page, game="kings-mate", interactive="")
    assert rank_one_is_below_rank_nine()
    page.evaluate(f"{BOARD}.seat = 'black'")
    wait_for_events(page, "status", 2)
    assert not rank_one_is_below_rank_nine()
    # the arrows follow the board as it is drawn: down, for black, is towards rank 9
    focus_board(page)
    here = focused(page)["square"]
    assert here[1:] in ("1", "2")       # a white piece, at the top of black's view
    page.keyboard.press("ArrowDown")
    page.wait_for_function(f"sq => {SHADOW}.activeElement?.dataset.square !== sq", arg=here)
    below = focused(page)["square"]
    assert below[0] == here[0] and int(below[1:]) == int(here[1:]) + 1


def test_the_page_of_five_lines_in_the_docs_plays(browser, service_url, tmp_path):
    docs = (Path(__file__).resolve().parents[2] / "docs" / "element.md").read_text()
    blocks = [b.split("```")[0] for b in docs.split("```html\n")[1:]]
    lines = next(b for b in blocks if "<referee-board" in b).strip().splitlines()
    assert len(lines) == 5
    page_text = "\n".join(lines).replace("http://localhost:8000", service_url)
    (tmp_path / "five.html").write_text(page_text, encoding="utf-8")
    handler = functools.partial(QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    context.set_default_timeout(WAIT_MS)
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/five.html")
        page.wait_for_selector(square("d4"))
        page.click(square("d4"))
        page.click(square("d5"))
        page.wait_for_function(f"{SHADOW}.querySelector('.status').textContent === "
                               "'light to move'")
        assert shadow_text(page, ".live") == "dark played d4d5. light to move"
    finally:
        context.close()
        server.shutdown()
        server.server_close()


#: three-player Sceptre, white mated with nothing but a pass (a seeded random game, 263 turns in)
MATED_WHITE = ("16/8wQ5wB1/16/16/16/16/16/16/4rK11/16/14bR1/16/16/16/16/12bK3/16/12wK3/14bN1/"
               "16/16/16/16/16 w ww,rr,bb 99 263")


def test_a_move_with_no_square_is_a_button_beside_the_board(page):
    add_board(page, game="sceptre", options={"players": ["w", "r", "b"]}, position=MATED_WHITE,
              interactive="")
    assert [m["move"] for m in legal_moves(page)] == ["pass"]
    focus_board(page)
    tab_to(page, lambda f: f.get("move") == "pass")
    page.keyboard.press("Enter")
    wait_for_events(page, "status", 2)
    assert events(page, "move")[0]["move"] == "pass"
    assert events(page, "status")[-1]["to_move"] == "red"
    assert shadow_text(page, ".live").startswith("white played pass.")


def test_picture_urls_show_in_img_tags_and_are_revalidated_with_a_304(page, service_url):
    """Pictures by URL in <img> tags on our page (another origin), then a script of the page
    reads a picture's ETag (exposed by CORS) and sends it back: 304, without a body."""
    urls = [f"{service_url}/v1/games/mastery/render.svg?orientation=light&highlight=d4,d5",
            f"{service_url}/v1/games/sceptre/render.png?size=200&options="
            '{"players":["w","r","b","y"]}&orientation=red',
            f"{service_url}/v1/games/kings-mate/replay.gif?moves=b1c2,b9c8&size=160"]
    sizes = page.evaluate("""urls => Promise.all(urls.map(url => new Promise((done, fail) => {
        const img = new Image();
        img.onload = () => done([img.naturalWidth, img.naturalHeight]);
        img.onerror = () => fail(new Error("no picture at " + url));
        img.src = url;
        document.body.append(img);
    })))""", urls)
    assert all(width > 0 and height > 0 for width, height in sizes), sizes
    assert max(sizes[1]) == 200
    statuses = page.evaluate("""async url => {
        const first = await fetch(url, {cache: "no-store"});
        const tag = first.headers.get("ETag");
        const again = await fetch(url, {cache: "no-store", headers: {"If-None-Match": tag}});
        return [first.status, tag, again.status, (await again.arrayBuffer()).byteLength];
    }""", urls[1])
    assert statuses[0] == 200 and statuses[1].startswith('"'), statuses
    assert statuses[2:] == [304, 0], statuses


# ---- the app's check: the game id and ply of the latest answer, sent with every request ------

@pytest.fixture(scope="module")
def signed_url() -> Iterator[str]:
    """A service that requires signed positions: its answers carry a game id and a ply."""
    keys = {"REFEREE_SIGNING_KEYS": "k1:element-test-secret", "REFEREE_REQUIRE_SIGNED": "1"}
    with running_service(env=keys) as url:
        yield url


def game_requests(page, signed_url: str) -> list[tuple[str, dict[str, Any]]]:
    """Every POST the page sends to a game's operation of the signed service, from now on:
    (operation, body), filled in as the page sends them."""
    sent: list[tuple[str, dict[str, Any]]] = []
    prefix = f"{signed_url}/v1/games/"

    def note(request) -> None:
        if request.method == "POST" and request.url.startswith(prefix):
            sent.append((request.url.rsplit("/", 1)[1], json.loads(request.post_data or "{}")))
    page.on("request", note)
    return sent


def wait_for_refusal(page, count: int) -> dict[str, Any]:
    """The ``count``-th problem the element sent, once it has."""
    page.wait_for_function(
        "count => window.seen.filter(e => e.type === 'referee-error').length >= count", arg=count)
    return events(page, "referee-error")[count - 1]


def test_the_board_sends_the_game_id_and_ply_of_the_latest_answer(page, signed_url):
    sent = game_requests(page, signed_url)
    add_board(page, game="mastery", interactive="", service=signed_url)
    game_id = page.evaluate(f"{BOARD}.gameId")
    assert isinstance(game_id, str) and len(game_id) >= 22
    assert page.evaluate(f"{BOARD}.ply") == 0
    assert page.evaluate(f"[{BOARD}.getAttribute('game-id'), {BOARD}.getAttribute('ply')]") == [
        game_id, "0"]
    assert sent[0] == ("setup", {"options": {}})
    after_setup = sent[1:]
    assert {op for op, _ in after_setup} == {"legal-moves", "status", "render"}
    assert all(body["game_id"] == game_id and body["ply"] == 0 and body["token"]
               for _, body in after_setup), after_setup
    page.click(square("d4"))
    page.click(square("d5"))
    wait_for_events(page, "status", 2)
    applied = events(page, "move")[0]
    assert (applied["game_id"], applied["ply"]) == (game_id, 1)
    assert page.evaluate(f"[{BOARD}.gameId, {BOARD}.ply, {BOARD}.getAttribute('ply')]") == [
        game_id, 1, "1"]
    applies = [body for op, body in sent if op == "apply"]
    assert len(applies) == 1 and (applies[0]["game_id"], applies[0]["ply"]) == (game_id, 0)
    later = sent[sent.index(("apply", applies[0])) + 1:]
    assert {op for op, _ in later} == {"legal-moves", "status", "render"}
    assert all(body["game_id"] == game_id and body["ply"] == 1 and body["token"] == applied["token"]
               for _, body in later), later


def test_an_older_token_or_another_games_is_refused_and_the_board_says_why(page, signed_url):
    add_board(page, game="mastery", interactive="", service=signed_url)
    for ply, move in enumerate(("d4d5", "e5d4"), start=1):
        assert page.evaluate(f"move => {BOARD}.play(move).then(a => a && a.ply)", move) == ply
        wait_for_events(page, "status", ply + 1)
    first, latest = events(page, "move")
    # the page hands the element the first answer's position and token: a take-back
    page.evaluate(f"([position, token]) => {{ {BOARD}.position = position; "
                  f"{BOARD}.token = token; }}", [first["position"], first["token"]])
    problem = wait_for_refusal(page, 1)
    assert problem["code"] == "token_superseded"
    assert (problem["token_game_id"], problem["token_ply"]) == (latest["game_id"], 1)
    assert shadow_text(page, ".error") == problem["detail"]
    assert "ply 1" in problem["detail"] and "ply 2" in problem["detail"]
    assert page.evaluate(f"{BOARD}.ply") == 2
    # a position and token of another game of Mastery
    other = post_json(signed_url, "/v1/games/mastery/apply", {"move": "d4d5"})
    page.evaluate(f"([position, token]) => {{ {BOARD}.position = position; "
                  f"{BOARD}.token = token; }}", [other["position"], other["token"]])
    problem = wait_for_refusal(page, 2)
    assert problem["code"] == "token_wrong_game"
    assert problem["token_game_id"] == other["game_id"] != latest["game_id"]
    assert shadow_text(page, ".error") == problem["detail"]
    # an undo states the earlier ply with the earlier token: the board plays on from there
    page.evaluate(f"([position, token, ply]) => {{ {BOARD}.position = position; "
                  f"{BOARD}.token = token; {BOARD}.ply = ply; }}",
                  [first["position"], first["token"], first["ply"]])
    page.wait_for_function(
        f"{BOARD}.status && {BOARD}.status.to_move === 'light'"
        f" && !{BOARD}.hasAttribute('aria-busy')"
        f" && {SHADOW}.querySelector('.error').textContent === ''")
    assert page.evaluate(f"[{BOARD}.gameId, {BOARD}.ply]") == [latest["game_id"], 1]


# ---- a board of points: round marks, and the last move named ---------------------------------

@pytest.fixture(scope="module")
def morris_url() -> Iterator[str]:
    """The service with the test-only Three Men's Morris, a board of points and lines."""
    with running_service(module="tests.morris.serve") as url:
        yield url


def test_on_a_point_the_selection_and_the_keyboard_frame_are_round(page, morris_url):
    add_board(page, game="morris", position="oxx/.xo/..o x", interactive="", service=morris_url)
    point = page.evaluate(f"""(() => {{ const r = {SHADOW}.querySelector(
        'g.cell[data-square="b2"] rect.square');
        return [Number(r.getAttribute('rx')), Number(r.getAttribute('width'))]; }})()""")
    assert point[0] * 2 == point[1]                 # the point's area is a disc
    page.click(square("b2"))
    page.keyboard.press("ArrowLeft")                 # the keyboard's frame, on a2
    page.wait_for_function(f"{SHADOW}.activeElement?.dataset.square === 'a2'")
    frames = page.evaluate(f"""[...{SHADOW}.querySelectorAll('g.marks rect, g.cursor rect')]
        .map(r => [r.getAttribute('class'), Number(r.getAttribute('rx')),
                   Number(r.getAttribute('width'))])""")
    assert [kind for kind, _, _ in frames] == ["mark-dark", "mark-selected", "halo", "frame"]
    assert all(rx * 2 == width and rx > 0 for _, rx, width in frames), frames
    # the move played is named on its points, whose last-move frames are circles
    page.click(square("a2"))
    wait_for_events(page, "status", 2)
    assert events(page, "move")[0]["move"] == "b2-a2"
    assert page.locator("referee-board g.cell[data-square='a2'] circle.last-move").count() > 0
    label = page.evaluate(f"{SHADOW}.querySelector('g.cell[data-square=\"a2\"]')"
                          ".getAttribute('aria-label')")
    assert "last move" in label, label

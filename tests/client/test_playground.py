"""The playground page, driven in headless Chromium (Debian's ``chromium``, through Playwright;
Playwright's own browsers are never downloaded). Missing Chromium is a failure, not a skip.

Every step waits for a condition on the page, never for a fixed time; the waits give up
only after WAIT_MS, a guard against a page that hangs, far longer than a busy machine needs.
"""

from __future__ import annotations

import json
import shutil

import pytest

from rules import registry
from tests.client.node import install_locked
from tests.live_service import post_json, running_service

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
#: how long any wait on the page may last before the test fails (Playwright's default: 30 s)
WAIT_MS = 120_000
#: the board element's parts, inside its shadow root (Playwright's selectors pierce it;
#: the page's own scripts reach it through shadowRoot)
SHADOW = "document.querySelector('#board').shadowRoot"
CHOICES = f"{SHADOW}.querySelector('.choices')"
STATUS = "#board .status"
ERROR = "#board .error"


def test_pages_are_served_from_the_package_without_a_cdn(client):
    page = client.get("/play")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert b'src="/static/playground.js"' in page.data
    for path in ("/play", "/static/playground.js", "/static/playground.css"):
        data = client.get(path).data
        assert b"http://" not in data and b"https://" not in data, path
    home = client.get("/")
    assert home.status_code == 200 and b'url=/play' in home.data


@pytest.fixture(scope="module")
def base_url():
    with running_service(workers=2) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    assert shutil.which("chromium") or shutil.which(CHROMIUM), (
        "Debian's chromium is required: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # a 404 would show in the browser's console (a missing favicon, script or style)
    page.on("response", lambda r: errors.append(f"404 {r.url}") if r.status == 404 else None)
    yield page
    context.close()
    assert not errors, errors


def open_game(page, base_url: str, game_id: str) -> str:
    page.goto(f"{base_url}/")  # the home page leads to /play
    page.wait_for_url(f"{base_url}/play")
    page.wait_for_selector(f'#game option[value="{game_id}"]', state="attached")
    switch_game(page, game_id)
    return page.input_value("#position")


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_make_a_move_in_every_game_by_clicking(page, base_url, game_id):
    start = open_game(page, base_url, game_id)
    game = registry.configure(game_id)
    assert start == game.format_position(game.initial_position())
    moves = post_json(base_url, f"/v1/games/{game_id}/legal-moves", {"position": start})["moves"]
    assert page.evaluate("document.querySelector('#board').legalMoves") == moves
    has_board = page.locator("#board svg").count() == 1
    move = next((m for m in moves if m.get("to")), moves[0]) if has_board else moves[0]
    if has_board:
        # click the piece (or, for a placement, the square), then its destination
        sharing = [m for m in moves if m.get("from") == move.get("from")
                   and m.get("to") == move["to"]]
        if move.get("from"):
            page.click(f'#board g.cell[data-square="{move["from"]}"]')
            assert page.locator(f'#board g.cell.target[data-square="{move["to"]}"]').count() == 1
        page.click(f'#board g.cell[data-square="{move["to"]}"]')
        if len(sharing) > 1:  # several moves share the squares: the page offers the choice
            page.wait_for_function(
                f"n => {CHOICES}.querySelectorAll('button[data-move]').length === n",
                arg=len(sharing))
            page.click(f'#board .choices button[data-move="{move["move"]}"]')
    else:  # no picture: the element lists every move
        page.click(f'#board .actions button[data-move="{move["move"]}"]')
    page.wait_for_function("document.body.dataset.ready === '1'")
    expected = post_json(base_url, f"/v1/games/{game_id}/apply", {"position": start,
                                                                  "move": move["move"], "seed": 0})
    assert page.locator("#history li").first.inner_text().startswith(move["move"])
    after = page.input_value("#position")
    assert after != start
    if not move.get("chance"):
        assert after == expected["position"]
    assert "to move" in page.inner_text(STATUS) or "Game over" in page.inner_text(STATUS)


def test_illegal_typed_move_shows_the_reason_and_undo(page, base_url):
    start = open_game(page, base_url, "mastery")
    page.fill("#move-text", "d1d4")
    page.press("#move-text", "Enter")
    page.wait_for_function(f"{SHADOW}.querySelector('.error').textContent !== ''")
    assert page.inner_text(ERROR).endswith("[path_blocked]")
    page.fill("#move-text", "d4d5")
    page.press("#move-text", "Enter")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.inner_text(STATUS) == "light to move"
    page.click("#undo")
    page.wait_for_function(f"document.querySelector('#position').value === {json.dumps(start)}")
    assert page.locator("#history li").count() == 0


def test_the_playground_carries_tokens_when_the_service_requires_them(page):
    keys = {"REFEREE_SIGNING_KEYS": "k1:playground-test-secret", "REFEREE_REQUIRE_SIGNED": "1"}
    with running_service(env=keys) as url:
        open_game(page, url, "mastery")
        for ply, move in enumerate(("d4d5", "e5d4"), start=1):
            page.fill("#move-text", move)
            page.press("#move-text", "Enter")
            page.wait_for_function(f"document.body.dataset.ready === '{ply}'")
            assert page.inner_text(ERROR) == ""
        assert page.inner_text(STATUS) == "dark to move"
        page.click("#undo")                     # back to a signed position: still playable
        page.wait_for_function(f"{SHADOW}.querySelector('.status').textContent === "
                               "'light to move'")
        page.fill("#move-text", "e5e4")
        page.press("#move-text", "Enter")
        page.wait_for_function("document.body.dataset.ready === '2'")
        assert page.inner_text(ERROR) == ""
        # a typed position has no token: the service refuses it and the page says why
        page.fill("#position", page.input_value("#position"))
        page.click("#load")
        page.wait_for_function(f"{SHADOW}.querySelector('.error').textContent !== ''")
        assert "signed positions" in page.inner_text(ERROR)


def switch_game(page, game_id: str) -> None:
    """Choose another game in the menu and wait for its initial position to be shown."""
    page.select_option("#game", game_id)
    page.wait_for_function(
        "id => document.body.dataset.game === id && document.body.dataset.ready === '0'",
        arg=game_id)


def load_position(page, position: str, plies_shown: str = "0") -> None:
    page.fill("#position", position)
    page.click("#load")
    page.wait_for_function(
        f"document.body.dataset.ready === {json.dumps(plies_shown)} && "
        f"document.querySelector('#position').value === {json.dumps(position)}")


def test_the_options_box_shows_each_games_options_in_force(page, base_url):
    open_game(page, base_url, "sceptre")
    sceptre = post_json(base_url, "/v1/games/sceptre/setup", {})["options"]
    assert json.loads(page.input_value("#options")) == sceptre
    switch_game(page, "mastery")
    mastery = post_json(base_url, "/v1/games/mastery/setup", {})["options"]
    assert json.loads(page.input_value("#options")) == mastery   # not Sceptre's
    # options typed for a new game come back resolved, with the defaults filled in
    page.fill("#options", '{"setup": "draume-crown"}')
    page.click("#new-game")
    # the typed text already names the setup: wait for the answer's defaults to appear
    page.wait_for_function("'ruleset' in JSON.parse(document.querySelector('#options').value)")
    assert json.loads(page.input_value("#options")) == {**mastery, "setup": "draume-crown"}


def test_the_status_line_shows_everything_the_status_holds(page, base_url):
    open_game(page, base_url, "maestria")
    assert page.inner_text(STATUS) == "black to move (phase: setup; budget: 3)"
    pending = ("w1*,-,-,w2,-,-,-,-,-,-,-,-/-,-,b3,-,-,-,-,-,-,-,-,b1* play b 2 c1d2:3 0 6")
    load_position(page, pending)
    assert page.inner_text(STATUS) == (
        "white to move (phase: play; budget: 2; fight pending: black attacks d2 from c1 with 3 "
        "(d6+d6+d4) against 2 (d6); attacker wins 829/864, defender wins 5/288, tie 5/216)")
    switch_game(page, "kings-mate")
    assert page.inner_text(STATUS) == "white to move"
    load_position(page, "6k/7/w6/7/7/7/7/7/K6 w - - 0 1")
    assert page.inner_text(STATUS) == "white to move (in check)"
    switch_game(page, "sceptre")
    assert page.inner_text(STATUS) == "white to move (players left: white, black)"


def test_switching_games_clears_the_typed_move(page, base_url):
    open_game(page, base_url, "mastery")
    page.fill("#move-text", "d4d5")
    switch_game(page, "maestria")
    assert page.input_value("#move-text") == ""


def test_the_favicon_is_served_to_the_playground_and_the_docs(page, base_url):
    open_game(page, base_url, "mastery")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    response = page.request.get(base_url + icon)
    assert response.status == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.body().startswith(b"<svg")
    page.goto(f"{base_url}/docs/")
    page.wait_for_selector("#swagger-ui .info")   # the spec loaded; no 404 on the way


def test_the_computer_plays_the_side_switched_on(page, base_url):
    open_game(page, base_url, "mastery")
    switches = page.locator("#computer-sides input")
    assert [switches.nth(i).get_attribute("data-player") for i in range(switches.count())] == [
        "dark", "light"]
    page.select_option("#level", "greedy")
    page.check('#computer-sides input[data-player="light"]')
    page.fill("#move-text", "d4d5")
    page.press("#move-text", "Enter")
    # the person's move, then the computer's reply: two plies shown, dark to move again
    page.wait_for_function("document.body.dataset.ready === '2'")
    assert page.inner_text(STATUS) == "dark to move"
    items = page.locator("#history li")
    assert items.nth(0).inner_text() == "d4d5"
    reply = items.nth(1).inner_text()
    after = "2mmm3/2ooo3/1ppopp2/2pPp3/5P2/2PPOPP1/3OOO2/3MMM2 l d4-d5 1 1"
    legal = post_json(base_url, "/v1/games/mastery/legal-moves", {"position": after})["moves"]
    assert reply in {m["move"] for m in legal}
    # undo goes back past the computer's reply to the person's turn
    page.click("#undo")
    page.wait_for_function("document.body.dataset.ready === '0'")
    assert page.locator("#history li").count() == 0
    assert page.inner_text(STATUS) == "dark to move"


def test_the_computer_can_play_both_sides(page, base_url):
    open_game(page, base_url, "maestria")
    page.select_option("#level", "random")
    page.check('#computer-sides input[data-player="white"]')
    page.check('#computer-sides input[data-player="black"]')
    page.wait_for_function("Number(document.body.dataset.ready) >= 6")
    assert page.locator("#history li").count() >= 6


def play_typed(page, *moves: str) -> None:
    """Type and play ``moves``, waiting for each to be shown."""
    for move in moves:
        shown = page.locator("#history > li").count()
        page.fill("#move-text", move)
        page.press("#move-text", "Enter")
        page.wait_for_function(f"document.body.dataset.ready === '{shown + 1}'")


def test_save_a_game_as_a_record_and_load_it_back(page, base_url, tmp_path):
    open_game(page, base_url, "mastery")
    play_typed(page, "d4d5", "e5d4")
    played = page.input_value("#position")
    with page.expect_download() as download:
        page.click("#save-record")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("mastery-") and saved.suffix == ".rec"
    text = saved.read_text(encoding="utf-8")
    assert '[Game "mastery"]' in text and '[Result "*"]' in text
    imported = post_json(base_url, "/v1/games/mastery/records/import", {"record": text})
    assert [ply["move"] for ply in imported["plies"]] == ["d4d5", "e5d4"]
    assert imported["position"] == played

    switch_game(page, "kings-mate")            # somewhere else entirely
    page.set_input_files("#record-file", str(saved))
    page.wait_for_function("document.body.dataset.game === 'mastery' && "
                           "document.body.dataset.ready === '2'")
    assert page.input_value("#position") == played
    assert page.input_value("#game") == "mastery"
    assert [page.locator("#history li").nth(i).inner_text() for i in range(2)] == [
        "d4d5", "e5d4"]
    assert page.inner_text(STATUS) == "dark to move"
    assert page.inner_text("#record-note") == "Loaded 2 plies, result *."
    assert page.inner_text("#error") == ""
    page.click("#undo")                        # the loaded plies can be taken back
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.inner_text(STATUS) == "light to move"


def test_a_pasted_record_and_a_broken_one(page, base_url):
    open_game(page, base_url, "mastery")
    page.fill("#record-text", '[Game "kings-mate"]\n[White "Ann"]\n\n1. d2d3 {a start} *\n')
    page.click("#load-record")
    page.wait_for_function("document.body.dataset.game === 'kings-mate' && "
                           "document.body.dataset.ready === '1'")
    assert page.inner_text(STATUS) == "black to move"

    page.set_input_files("#record-file", files=[{
        "name": "broken.rec", "mimeType": "text/plain",
        "buffer": b'[Game "kings-mate"]\n\n1. d2d3 d8d7 2. d3d6 *\n'}])
    page.wait_for_function("document.querySelector('#error').textContent !== ''")
    error = page.inner_text("#error")
    assert error.startswith("Record refused: illegal_move: Line 3, column 17, move 2 "), error
    assert error.endswith("]")   # the rule's reason
    # the game shown is still the pasted one
    assert page.inner_text(STATUS) == "black to move"
    assert page.locator("#history li").count() == 1


#: a file of three records: a Mastery game, a King's Mate game broken at its line 7, column
#: 17 (a Fool cannot move three squares), and a King's Mate game of one ply
FILE = ('[Game "mastery"]\n\n1. d2c2 b6a5 *\n\n'
        '[Game "kings-mate"]\n\n1. d2d3 d8d7 2. d3d6 *\n\n'
        '[Game "kings-mate"]\n[White "Ann"]\n\n1. d2d3 *\n')
#: an annotated Mastery record: suffixes, NAGs (common and not), an eval, and a variation
#: instead of the second ply with a variation of its own instead of its second ply
ANNOTATED = ('[Game "mastery"]\n\n'
             '1. d2c2! $1 $14 b6a5 (1... c5b5?! {inside} 2. d3e4 (2. f2g2 $6)) '
             '2. d3e4 $200 {[%eval 0.5]} *\n')


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's script, as the element's accessibility tests install it (pinned)."""
    from tests.client import test_element_accessibility as a11y  # it imports this module
    install_locked(a11y.AXE)
    return (a11y.AXE / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page, axe_source: str) -> list[str]:
    """axe-core's violations on the page, as the element's accessibility tests list them."""
    from tests.client import test_element_accessibility as a11y  # it imports this module
    return a11y.axe_violations(page, axe_source)


def load_file(page, name: str, text: str) -> None:
    page.set_input_files("#record-file", files=[{
        "name": name, "mimeType": "text/plain", "buffer": text.encode()}])


def test_a_file_of_several_records_lists_its_games_and_one_is_picked(page, base_url):
    open_game(page, base_url, "sceptre")
    load_file(page, "round.rec", FILE)
    # the first game that reads is shown; every game is listed, the broken one with its fault
    page.wait_for_function("document.body.dataset.game === 'mastery' && "
                           "document.body.dataset.ready === '2'")
    games = page.locator("#record-game-list > li")
    assert games.count() == 3
    assert games.nth(0).inner_text() == (
        'Game 1, line 1: [Game "mastery"] (mastery, 2 plies, *)')
    broken = games.nth(1).inner_text()
    assert broken.startswith('Game 2, line 5: [Game "kings-mate"]: refused, illegal_move: '
                             "Line 7, column 17, move 2 "), broken
    assert games.nth(1).locator("button").count() == 0
    assert page.inner_text("#record-note") == "Game 1 of 3 (1 refused): Loaded 2 plies, result *."
    assert page.get_attribute('#record-game-list button[data-index="0"]', "aria-pressed") == "true"
    assert page.inner_text("#error") == ""

    page.click('#record-game-list button[data-index="2"]')
    page.wait_for_function("document.body.dataset.game === 'kings-mate' && "
                           "document.body.dataset.ready === '1'")
    assert page.input_value("#game") == "kings-mate"
    assert page.inner_text(STATUS) == "black to move"
    assert [li.inner_text() for li in page.locator("#history > li").all()] == ["d2d3"]
    assert page.get_attribute('#record-game-list button[data-index="2"]', "aria-pressed") == "true"
    assert page.get_attribute('#record-game-list button[data-index="0"]', "aria-pressed") == "false"
    assert page.inner_text("#record-note") == "Game 3 of 3 (1 refused): Loaded 1 ply, result *."
    load_file(page, "round.rec", FILE)
    page.wait_for_function("document.body.dataset.game === 'mastery' && "
                           "document.body.dataset.ready === '2'")
    page.fill("#record-text", ANNOTATED)       # a text of one game: no list
    page.click("#load-record")
    page.wait_for_function("document.body.dataset.ready === '3'")
    assert page.locator("#record-games").is_hidden()
    assert page.inner_text("#record-note") == "Loaded 3 plies, result *."
    load_file(page, "round.rec", FILE)
    page.wait_for_function("document.body.dataset.ready === '2' && "
                           "!document.querySelector('#record-games').hidden")
    page.click("#new-game")                    # a new game forgets the file
    page.wait_for_function("document.body.dataset.ready === '0'")
    assert page.locator("#record-games").is_hidden()


def test_annotations_are_shown_on_each_ply_and_variations_under_it(page, base_url):
    open_game(page, base_url, "mastery")
    page.fill("#record-text", ANNOTATED)
    page.click("#load-record")
    page.wait_for_function("document.body.dataset.ready === '3'")
    plies = page.locator("#history > li")
    first = plies.nth(0)
    assert first.inner_text().split() == ["d2c2!", "!", "+="]
    assert first.locator(".annotation").nth(0).get_attribute("title") == "$1: good move"
    third = plies.nth(2)
    assert third.inner_text().split() == ["d3e4", "$200", "eval", "0.5"]
    variation = plies.nth(1).locator(":scope > ol.variations > li")
    assert variation.count() == 1
    moves = variation.locator('ol.line[data-path="1.0"] > li')
    assert moves.count() == 2
    assert moves.nth(0).inner_text() == "c5b5?!"
    inner = moves.nth(1).locator('ol.line[data-path="1.0/1.0"] > li')
    assert inner.count() == 1 and inner.nth(0).inner_text().split() == ["f2g2", "?!"]
    assert page.locator("#viewer").is_hidden()


def test_step_into_a_variation_walk_it_and_back_out(page, base_url, axe_source):
    open_game(page, base_url, "mastery")
    record = post_json(base_url, "/v1/games/mastery/records/import", {"record": ANNOTATED})
    main = record["plies"]
    line = main[1]["variations"][0]["plies"]
    deeper = line[1]["variations"][0]["plies"]
    page.fill("#record-text", ANNOTATED)
    page.click("#load-record")
    page.wait_for_function("document.body.dataset.ready === '3'")

    def shown(view: str, position: str) -> None:
        page.wait_for_function(
            "([view, position]) => document.body.dataset.view === view && "
            "document.querySelector('#position').value === position", arg=[view, position])
        assert page.inner_text("#error") == "" and page.inner_text(ERROR) == ""

    page.click('button.enter[data-path="1.0"]')
    shown("1:0", main[0]["position"])          # the position before the ply it replaces
    assert page.get_attribute("#board", "interactive") is None
    assert page.inner_text("#viewer-where") == (
        "In a variation instead of b6a5: 0 of 2 plies, before its first.")
    assert page.is_disabled("#viewer-previous")
    page.click("#viewer-next")
    shown("1:1", line[0]["position"])
    assert page.inner_text("#history li.current") == "c5b5?!"
    assert axe_violations(page, axe_source) == []
    page.click("#viewer-next")
    shown("1:2", line[1]["position"])
    assert page.is_disabled("#viewer-next")
    page.click("#viewer-previous")
    shown("1:1", line[0]["position"])

    page.click('button.enter[data-path="1.0/1.0"]')   # a variation inside the variation
    shown("2:0", line[0]["position"])
    page.click("#viewer-next")
    shown("2:1", deeper[0]["position"])
    assert page.inner_text("#viewer-where") == (
        "In a variation instead of d3e4 (2 deep): 1 of 1 ply, after f2g2.")
    page.click("#viewer-out")                  # to the variation it branches from
    shown("1:1", line[0]["position"])
    page.click("#viewer-out")                  # to the main line as it was: playable
    page.wait_for_function("document.body.dataset.ready === '3' && "
                           "document.body.dataset.view === undefined && "
                           f"document.querySelector('#position').value === "
                           f"{json.dumps(record['position'])}")
    assert page.locator("#viewer").is_hidden()
    assert page.get_attribute("#board", "interactive") == ""
    assert page.locator("#history li.current").count() == 0
    move = post_json(base_url, "/v1/games/mastery/legal-moves",
                     {"position": record["position"], "moves_only": True})["moves"][0]
    play_typed(page, move)
    assert [li.inner_text().split()[0] for li in page.locator("#history > li").all()] == [
        "d2c2!", "b6a5", "d3e4", move]


def test_a_game_picked_from_a_file_is_signed_where_the_service_requires_it(page):
    keys = {"REFEREE_SIGNING_KEYS": "k1:playground-test-secret", "REFEREE_REQUIRE_SIGNED": "1"}
    with running_service(env=keys) as url:
        open_game(page, url, "mastery")
        load_file(page, "round.rec", FILE)
        page.wait_for_function("document.body.dataset.game === 'mastery' && "
                               "document.body.dataset.ready === '2'")
        page.click('#record-game-list button[data-index="2"]')
        page.wait_for_function("document.body.dataset.game === 'kings-mate' && "
                               "document.body.dataset.ready === '1'")
        assert page.evaluate("document.querySelector('#board').token")
        assert page.inner_text(ERROR) == "" and page.inner_text(STATUS) == "black to move"
        play_typed(page, "d8d7")               # the picked game goes on, signed
        assert page.inner_text(ERROR) == ""
        # a variation was never played: its positions have no token, which this service
        # refuses; backing out gives the main line back, signed
        page.fill("#record-text", ANNOTATED)
        page.click("#load-record")
        page.wait_for_function("document.body.dataset.game === 'mastery' && "
                               "document.body.dataset.ready === '3'")
        page.click('button.enter[data-path="1.0"]')
        page.wait_for_function(f"{SHADOW}.querySelector('.error').textContent !== ''")
        assert "signed positions" in page.inner_text(ERROR)
        page.click("#viewer-out")
        page.wait_for_function("document.body.dataset.ready === '3' && "
                               f"{SHADOW}.querySelector('.error').textContent === ''")
        assert page.inner_text(STATUS) == "light to move"

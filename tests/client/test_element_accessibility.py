"""The ``<referee-board>`` element for every player, in headless Chromium: axe-core over every
game in its interesting states, the focus coming back to the board, the odds of the side
deciding, dice named and checked per side, a square chosen on the board, problems that no
page's ``error`` listener hears; and the contrast of the element's marks against every colour
the games' pictures give a square, computed.

axe-core comes from tests/client/axe (``npm ci`` from its lock file, exactly pinned). Set
REFEREE_SCREENSHOTS to a folder to keep a screenshot of the element in each state checked.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rules import registry
from rules.core.view import view_for
from service.pictures import drawing
from tests.client import test_board_element as board_page
from tests.client.node import install_locked
from tests.client.test_board_element import (
    BOARD,
    MATED_WHITE,
    SHADOW,
    SHORT_GAMES,
    add_board,
    events,
    expected_end,
    focused,
    legal_moves,
    shadow_text,
    square,
    wait_for_events,
)
from tests.live_service import post_json
from tests.wcag import contrast

#: the page of test_board_element (another origin than the service's), and its fixtures
browser, page_url, service_url, page = (
    board_page.browser, board_page.page_url, board_page.service_url, board_page.page)

AXE = Path(__file__).resolve().parent / "axe"
ELEMENT = Path(__file__).resolve().parents[2] / "service" / "static" / "referee-board.js"

#: Maestria, black to act with 3 pawns on a Mountain (c1) beside white's 2 on a Plain (d2)
BEFORE_ATTACK = "w1*,-,-,w2,-,-,-,-,-,-,-,-/-,-,b3,-,-,-,-,-,-,-,-,b1* play b 2 - 0 6"


# ---- contrast, computed -----------------------------------------------------------------------

def element_colours() -> dict[str, str]:
    """The element's colours as its style sets them: custom property -> ``#rrggbb``."""
    style = ELEMENT.read_text(encoding="utf-8")
    return dict(re.findall(r"--referee-board-([a-z-]+): (#[0-9a-fA-F]{6})", style))


def picture_colours() -> dict[str, str]:
    """Every colour the games' pictures give a square or draw beside the element's marks, from
    the renderer and each game's BoardView: the checker shades, every terrain of every game
    (plain and veiled as a dark square), the renderer's fallback terrains, the players' piece
    colours, and the two tones of the last move's and the highlight's frames."""
    colours = {f"shade {i}": c for i, c in enumerate(drawing.SHADES)}
    colours |= {f"fallback terrain {i}": c for i, c in enumerate(drawing.TERRAIN_FALLBACK)}
    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        view = view_for(game, game.start_position)
        for colour in drawing.cell_colours(view):
            colours[f"{game_id} square {colour}"] = colour
        for name, (fill, _letter) in view.terrain.items():
            colours[f"{game_id} {name}"] = fill
            colours[f"{game_id} {name}, dark square"] = drawing.veiled(fill, drawing.TERRAIN_SHADE)
        for player, (fill, _ink) in view.palette.items():
            colours[f"{game_id} {player} piece"] = fill
    for name, tones in (("last move", drawing.LAST_MOVE), ("highlight", drawing.HIGHLIGHT)):
        colours[f"{name} dark"], colours[f"{name} light"] = tones.dark, tones.light
    return colours


#: the element's two-toned marks: each mark's pair of custom properties
MARKS = {"selection": ("mark", "selected"), "destination or square on offer": ("mark", "target"),
         "keyboard frame": ("focus", "halo")}


def test_every_mark_stands_out_at_3_to_1_against_every_square_colour():
    ours = element_colours()
    squares = picture_colours()
    assert len(squares) > 20
    weak = []
    for mark, (dark, light) in MARKS.items():
        for name, colour in squares.items():
            best = max(contrast(ours[dark], colour), contrast(ours[light], colour))
            if best < 3:
                weak.append(f"{mark} on {name} ({colour}): {best:.2f}")
    assert weak == []


def test_the_contrast_arithmetic_is_wcags():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    # one tone alone does not do: the selection's light tone on a light square
    assert contrast(element_colours()["selected"], drawing.SHADES[0]) < 3


# ---- axe-core over every game in its states ---------------------------------------------------

@pytest.fixture(scope="module")
def axe_source() -> str:
    install_locked(AXE)
    version = json.loads((AXE / "package.json").read_text())["devDependencies"]["axe-core"]
    installed = json.loads((AXE / "node_modules" / "axe-core" / "package.json").read_text())
    assert installed["version"] == version
    return (AXE / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page, axe_source: str) -> list[str]:
    """axe-core's violations on the page (its shadow roots included), one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => `${v.id} (${v.impact}): ` +
            v.nodes.map(n => n.target.join(' > ') + ' ' + n.failureSummary).join(' | '));
    }""")


class States:
    """Puts the element in a state, runs axe over the page and keeps a screenshot."""

    def __init__(self, page, axe_source: str, service_url: str) -> None:
        self.page, self.axe, self.url = page, axe_source, service_url
        self.found: dict[str, list[str]] = {}
        folder = os.environ.get("REFEREE_SCREENSHOTS")
        self.folder = Path(folder) if folder else None

    def check(self, name: str) -> None:
        self.found[name] = axe_violations(self.page, self.axe)
        if self.folder:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.page.locator("referee-board").screenshot(
                path=str(self.folder / f"{re.sub(r'[^a-z0-9]+', '-', name.lower())}.png"))

    def board(self, **attributes: Any) -> None:
        self.page.evaluate("window.seen = []")
        add_board(self.page, **attributes)


def select_a_piece(page) -> str:
    """Click the first square a move starts from; its name."""
    start = next(m["from"] for m in legal_moves(page) if m.get("from") and m.get("to"))
    page.click(square(start))
    page.wait_for_selector("referee-board g.cell.selected")
    return start


def replayed(service_url: str, game: dict[str, Any], plies: int) -> str:
    """The position of a short game after its first ``plies`` moves."""
    return post_json(service_url, f"/v1/games/{game['game']}/replay", {
        "position": game["start"], "options": game["options"],
        "moves": [move for move, _ in game["moves"][:plies]],
        "dice": [dice for _, dice in game["moves"][:plies]]})["position"]


def pending_fight(service_url: str) -> str:
    """Maestria with black's 1 pawn (d6 + d4, from the Mountain) attacking white's 2 (2 d6)."""
    return post_json(service_url, "/v1/games/maestria/apply",
                     {"position": BEFORE_ATTACK, "move": "c1d2:1"})["position"]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_axe_finds_nothing_at_the_start_on_a_selection_and_at_the_end(page, axe_source,
                                                                        service_url, game_id):
    states = States(page, axe_source, service_url)
    states.board(game=game_id, interactive="")
    states.check(f"{game_id} start")
    over = next((g for g in SHORT_GAMES.values() if g["game"] == game_id), None)
    assert over is not None, (
        f"{game_id} has no short game: add one to SHORT_GAMES in "
        "tests/client/test_board_element.py (docs/adding-a-game.md)")
    states.board(game=game_id, options=over["options"],
                 position=replayed(service_url, over, len(over["moves"]) - 1), interactive="")
    select_a_piece(page)
    states.check(f"{game_id} selection")
    states.board(game=game_id, options=over["options"],
                 position=expected_end(service_url, over)["position"], interactive="")
    assert shadow_text(page, ".status").startswith("Game over")
    states.check(f"{game_id} game over")
    states.board(game=game_id)
    states.check(f"{game_id} picture only")
    assert states.found == {name: [] for name in states.found}


def test_axe_finds_nothing_in_the_choices_dice_fights_stacks_and_four_players(
        page, axe_source, service_url):
    states = States(page, axe_source, service_url)
    # the choice list (a promotion), then a choice made on the board (a resurrection)
    promotion = SHORT_GAMES["kings-mate, a promotion"]
    states.board(game="kings-mate", position=replayed(service_url, promotion, 5), interactive="")
    page.click(square("a8"))
    page.click(square("a9"))
    page.wait_for_selector("referee-board .choices button[data-move]")
    states.check("choice list")
    resurrection = SHORT_GAMES["mastery, a resurrection choice"]
    states.board(game="mastery", position=resurrection["start"], interactive="")
    page.click(square("c5"))
    page.click(square("e7"))
    page.wait_for_selector("referee-board .choices button[data-moves]")
    states.check("choice list before a square")
    page.locator("referee-board .choices button[data-moves]").first.click()
    page.wait_for_selector("referee-board g.cell.candidate")
    states.check("choice on board")
    # dice: a capture attempt, then a pending fight, its dice form, and Maestria's stacks
    attempts = SHORT_GAMES["kings-mate, capture attempts with dice"]
    states.board(game="kings-mate", options=attempts["options"],
                 position=replayed(service_url, attempts, 3), interactive="")
    page.click(square("a8"))
    page.click(square("c8"))
    page.wait_for_selector("referee-board .choices button[data-roll]")
    states.check("dice form")
    states.board(game="maestria", position=pending_fight(service_url), interactive="")
    states.check("pending fight")
    page.click('referee-board .actions button[data-move="fight"]')
    page.wait_for_selector("referee-board .choices button[data-roll]")
    states.check("fight dice form")
    maestria = SHORT_GAMES["maestria, counts and a fight"]
    states.board(game="maestria", position=replayed(service_url, maestria, 4), interactive="")
    select_a_piece(page)
    states.check("maestria stacks")
    states.board(game="sceptre", options={"players": ["w", "r", "b", "y"]}, interactive="")
    states.check("sceptre 4 players")
    select_a_piece(page)
    states.check("sceptre 4 players selection")
    states.board(game="sceptre", options={"players": ["w", "r", "b"]}, position=MATED_WHITE,
                 interactive="")
    states.check("sceptre a pass beside the board")
    assert states.found == {name: [] for name in states.found}


# ---- focus ------------------------------------------------------------------------------------

def wait_for_focus_on_a_square(page) -> str:
    page.wait_for_function(f"{SHADOW}.activeElement?.dataset.square !== undefined")
    return focused(page)["square"]


def test_the_focus_comes_back_to_the_board_after_a_choice_dice_or_a_cancel(page, service_url):
    promotion = SHORT_GAMES["kings-mate, a promotion"]
    add_board(page, game="kings-mate", position=replayed(service_url, promotion, 5),
              interactive="")
    # a choice from the list, by keyboard: the focus is on a square when the move is shown
    page.click(square("a8"))
    page.click(square("a9"))
    page.wait_for_function(f"{SHADOW}.activeElement?.dataset.move !== undefined")
    page.keyboard.press("Enter")
    wait_for_events(page, "status", 2)
    assert wait_for_focus_on_a_square(page) == "a9"
    # cancel(): the choice list closes and the square focused last has the focus again
    attempts = SHORT_GAMES["kings-mate, capture attempts with dice"]
    page.evaluate("window.seen = []")
    add_board(page, game="kings-mate", options=attempts["options"],
              position=replayed(service_url, attempts, 3), interactive="")
    page.click(square("a8"))
    page.click(square("c8"))
    page.wait_for_selector("referee-board .choices button[data-roll]")
    attempt = next(m for m in legal_moves(page) if m["move"] == "a8c8")
    # the attacker's d6 beats the defender's
    assert attempt["probability"] == pytest.approx(5 / 12)
    assert shadow_text(page, "#choice-question") == (
        "a8c8 needs dice: roll them, or enter them. Odds: white succeeds 42%.")
    assert focused(page).get("square") is None
    page.evaluate(f"{BOARD}.cancel()")
    assert wait_for_focus_on_a_square(page) == "c8"
    # the dice form's Cancel button
    page.click(square("a8"))
    page.click(square("c8"))
    page.click("referee-board .choices button[data-cancel]")
    assert wait_for_focus_on_a_square(page) == "c8"
    # the dice form submitted with Enter
    page.click(square("a8"))
    page.click(square("c8"))
    page.fill('referee-board .choices input[data-die="attacker"]', "6")
    page.fill('referee-board .choices input[data-die="defender"]', "1")
    page.press('referee-board .choices input[data-die="defender"]', "Enter")
    wait_for_events(page, "status", 2)
    assert events(page, "move")[0]["dice"] == {"attacker": 6, "defender": 1}
    assert wait_for_focus_on_a_square(page) == "c8"


# ---- the odds and the dice of the side deciding ----------------------------------------------

def win_chance(mine: list[str], theirs: list[str]) -> Fraction:
    """The chance that the sum of dice ``mine`` (``d6``...) beats the sum of ``theirs``."""
    faces = [range(1, int(die[1:]) + 1) for die in mine + theirs]
    wins = total = 0
    for roll in itertools.product(*faces):
        total += 1
        wins += sum(roll[:len(mine)]) > sum(roll[len(mine):])
    return Fraction(wins, total)


def test_the_odds_shown_are_the_deciding_sides_own(page, service_url):
    # black attacks: the attack steps offer black's (the attacker's) chance
    add_board(page, game="maestria", position=BEFORE_ATTACK, interactive="")
    page.click(square("c1"))
    page.click(square("d2"))
    page.wait_for_selector('referee-board .choices button[data-move="c1d2:1"]')
    label = page.inner_text('referee-board .choices button[data-move="c1d2:1"]')
    assert f"black (attacker) wins {win_chance(['d6', 'd4'], ['d6', 'd6'])} (32%)" in label
    # white decides the fight: its button offers white's (the defender's) chance
    page.evaluate("window.seen = []")
    add_board(page, game="maestria", position=pending_fight(service_url), interactive="")
    fight = events(page, "status")[0]["fight"]
    assert fight["attacker"]["dice"] == ["d6", "d4"] and fight["defender"]["dice"] == ["d6", "d6"]
    defender = win_chance(fight["defender"]["dice"], fight["attacker"]["dice"])
    assert defender == Fraction(121, 216)       # docs/rules/maestria.md's table
    label = page.inner_text('referee-board .actions button[data-move="fight"]')
    assert label == "fight: white (defender) wins 121/216 (56%), tie 25/216 (12%), dice decide"
    assert "35/108" not in label


def test_the_dice_form_names_each_sides_dice_and_refuses_what_the_service_would(page,
                                                                                 service_url):
    add_board(page, game="maestria", position=pending_fight(service_url), interactive="")
    applies: list[str] = []
    page.on("request", lambda r: applies.append(r.url) if r.url.endswith("/apply") else None)
    page.click('referee-board .actions button[data-move="fight"]')
    page.wait_for_selector("referee-board .choices form")
    labels = page.evaluate(f"[...{SHADOW}.querySelectorAll('.choices label')]"
                           ".map(l => l.textContent)")
    assert labels == ["attacker (black): rolls d6 + d4", "defender (white): rolls d6 + d6"]
    page.fill('referee-board .choices input[data-die="attacker"]', "6, 5")
    page.fill('referee-board .choices input[data-die="defender"]', "3, 4")
    page.click("referee-board .choices button[data-enter]")
    assert shadow_text(page, ".invalid") == "attacker rolls d6 + d4: the d4 shows 1 to 4, not 5."
    page.fill('referee-board .choices input[data-die="attacker"]', "6")
    page.click("referee-board .choices button[data-enter]")
    assert shadow_text(page, ".invalid") == "attacker rolls d6 + d4: enter 2 values, not 1."
    assert applies == [] and events(page, "move") == []
    # what the form refuses, the service refuses too; what it takes, the service plays
    refused = post_json_status(service_url, "/v1/games/maestria/apply", {
        "position": pending_fight(service_url), "move": "fight",
        "dice": {"attacker": [6, 5], "defender": [3, 4]}})
    assert refused == (422, "invalid_dice")
    page.fill('referee-board .choices input[data-die="attacker"]', "6, 4")
    page.click("referee-board .choices button[data-enter]")
    wait_for_events(page, "status", 2)
    assert events(page, "move")[0]["dice"] == {"attacker": [6, 4], "defender": [3, 4]}


def post_json_status(base_url: str, path: str, body: dict[str, Any]) -> tuple[int, str]:
    """The status and problem code the service answers a POST of ``body`` to ``path``."""
    import urllib.error
    try:
        post_json(base_url, path, body)
    except urllib.error.HTTPError as refusal:
        return refusal.code, json.load(refusal)["code"]
    return 200, ""


# ---- a square chosen on the board -------------------------------------------------------------

def button_texts(page, selector: str) -> list[str]:
    return page.evaluate(f"sel => [...{SHADOW}.querySelectorAll(sel)].map(b => b.textContent)",
                         selector)


def test_a_choice_that_is_a_square_is_made_on_the_board(page):
    game = SHORT_GAMES["mastery, a resurrection choice"]
    add_board(page, game="mastery", position=game["start"], interactive="")
    page.click(square("c5"))
    page.click(square("e7"))
    page.wait_for_selector("referee-board .choices button[data-moves]")
    texts = button_texts(page, ".choices button")
    assert texts == ["c5e7: no resurrect",
                     "resurrect Officer: choose the resurrect square on the board (54 squares)",
                     "resurrect Pawn: choose the resurrect square on the board (54 squares)",
                     "Cancel"]
    assert not any("{" in text for text in texts)
    page.click('referee-board .choices button[data-moves~="c5e7+O@g6"]')
    wanted = {m["resurrect"]["square"] for m in legal_moves(page)
              if m.get("resurrect", {}).get("piece") == "O"}
    marked = set(page.evaluate(f"[...{SHADOW}.querySelectorAll('g.cell.candidate')]"
                               ".map(c => c.dataset.square)"))
    assert marked == wanted and len(marked) == 54
    here = wait_for_focus_on_a_square(page)
    assert here in marked                         # the keyboard starts on a square on offer
    assert "on offer for resurrect square" in page.evaluate(
        f"{SHADOW}.querySelector('g.cell[data-square=g6]').getAttribute('aria-label')")
    assert button_texts(page, ".choices button") == ["Cancel"]
    elsewhere = min(set(page.evaluate(f"[...{SHADOW}.querySelectorAll('g.cell')]"
                                      ".map(c => c.dataset.square)")) - marked)
    page.click(square(elsewhere))                 # not on offer: nothing is played
    assert f"{elsewhere} is not on offer" in shadow_text(page, ".live")
    assert events(page, "move") == []
    page.click(square("g6"))
    wait_for_events(page, "status", 2)
    assert events(page, "move")[0]["move"] == "c5e7+O@g6"


def test_no_button_of_any_short_game_shows_raw_json(page):
    for game in SHORT_GAMES.values():
        page.evaluate("window.seen = []")
        add_board(page, game=game["game"], options=game["options"], position=game["start"],
                  interactive="")
        moves = legal_moves(page)
        for start in sorted({m["from"] for m in moves if m.get("from") and m.get("to")}):
            page.click(square(start))
            for target in sorted({m["to"] for m in moves if m.get("from") == start
                                  and m.get("to")}):
                page.click(square(target))
                texts = button_texts(page, "button")
                assert not any(re.search(r"[{}\[\]\"]", t) for t in texts), texts
                page.keyboard.press("Escape")
                page.click(square(start))
            page.keyboard.press("Escape")


# ---- problems ---------------------------------------------------------------------------------

def test_problems_never_reach_a_pages_error_listeners(page):
    page.evaluate("""() => {
        window.heard = {bubbling: 0, capturing: 0, onerror: 0};
        window.addEventListener('error', () => window.heard.bubbling++);
        window.addEventListener('error', () => window.heard.capturing++, true);
        window.onerror = () => { window.heard.onerror++; };
    }""")
    add_board(page, game="mastery", interactive="")
    assert page.evaluate(f"{BOARD}.play('d1d4')") is None
    assert events(page, "referee-error")[0]["reason"] == "path_blocked"
    assert page.evaluate("window.heard") == {"bubbling": 0, "capturing": 0, "onerror": 0}
    # a page listening for `error` on the element itself still hears it, and only there
    page.evaluate(f"{BOARD}.addEventListener('error', e => window.onBoard = e.detail.code)")
    page.evaluate(f"{BOARD}.play('d1d4')")
    assert page.evaluate("window.onBoard") == "illegal_move"
    assert page.evaluate("window.heard.bubbling + window.heard.onerror") == 0
    assert len(events(page, "referee-error")) == 2

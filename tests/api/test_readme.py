"""The README's and docs/api.md's promises checked against the code: every error code the service
can answer is in the API page's table (and nothing else is), every illegal-move reason of every
game, every field of every game's legal-moves entries; the per-game tables are what ``python -m
tools.readme`` writes from the registry; the README is a landing page; ``/docs/`` with a trailing
slash works."""

from __future__ import annotations

import inspect
import random
import re
from pathlib import Path

import pytest

from rules import registry
from rules.core import errors
from service.http import problems
from service.server import refusals
from tools import readme

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The API page's section ``## title``, up to the next one."""
    start = API.index(f"\n## {title}\n")
    end = API.find("\n## ", start + 1)
    return API[start:end if end >= 0 else None]


def table_rows(text: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("|").split("|")]
            for line in text.splitlines() if line.startswith("|") and "---" not in line]


def emitted_codes() -> set[str]:
    """Every problem ``code`` the code base can answer: the problem titles and HTTP codes of
    service/http/problems.py, every ``Problem(status, "code", ...)`` raised in service/, the codes
    gunicorn's refusals carry, and every rules error."""
    codes = set(problems.TITLES) | set(problems._HTTP_CODES.values())
    for path in (ROOT / "service").rglob("*.py"):
        codes |= set(re.findall(r'Problem\(\s*\d+,\s*"([a-z_]+)"', path.read_text()))
    codes |= {code for code, _ in refusals.GUNICORN_ERRORS.values()}
    codes |= {cls.code for _, cls in inspect.getmembers(errors, inspect.isclass)
              if issubclass(cls, errors.RulesError) and cls is not errors.RulesError}
    return codes


def test_the_test_command_is_what_ci_runs():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    (command,) = [line for line in script if line.startswith("python3 -m venv .venv")]
    assert f"\n    {command}\n" in README.split("---")[0]
    # the linter and the type checker (their settings in pyproject.toml), then the tests
    assert command.endswith(" && .venv/bin/python -m ruff check . && .venv/bin/python -m mypy"
                            " && .venv/bin/python -m pytest")


def test_the_error_table_lists_every_code_the_service_can_answer():
    listed = {row[1].strip("`") for row in table_rows(section("Errors"))
              if row[1].startswith("`") and row[0].isdigit()}
    assert listed == emitted_codes()


def test_the_codes_are_found_where_the_service_raises_them():
    # the collector itself must see the codes raised outside problems.TITLES
    assert {"invalid_highlight", "invalid_last_move", "render_unavailable", "bad_signature",
            "unknown_game", "request_line_too_long", "illegal_move"} <= emitted_codes()


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_illegal_move_reason_of_every_game_is_listed(game_id):
    cls = registry.game_class(game_id)
    row = next(r for r in table_rows(section("Errors")) if r[0] == cls.name)
    listed = set(re.findall(r"`([a-z_]+)`", row[1]))
    assert listed == {reason.value for reason in cls.illegal_reasons}


def every_optional_rule_on(game_id: str) -> dict[str, bool]:
    """The options that switch on each optional rule of the game (its true-or-false ones),
    so that every kind of move it lists can appear."""
    return {spec.name: True for spec in registry.game_class(game_id).option_specs
            if spec.kind == "bool"}


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_legal_moves_field_of_every_game_is_listed(game_id):
    game = registry.configure(game_id, every_optional_rule_on(game_id))
    seen: set[str] = set()
    kinds: set[str] = set()
    rng = random.Random(5)
    for _ in range(6):                           # a few playouts, to meet every kind of move
        position = game.initial_position()
        for _ in range(120):
            entries = game.legal_move_entries(position)
            if not entries:
                break
            for entry in entries:
                seen |= set(entry)
                kinds.add(entry.get("kind", ""))
            position = game.advance(position, game.parse_move(position,
                                                              rng.choice(entries)["move"]))
    rows = [r for r in table_rows(section("Legal-moves entries")) if r[0] == game.name]
    listed_kinds = {row[1].strip("`") for row in rows}
    fields = {name for row in rows for name in re.findall(r"`([a-z_]+)`", row[3])}
    assert seen - {"move", "kind", "chance"} <= fields
    assert kinds - {""} <= listed_kinds


def test_docs_answers_with_and_without_a_trailing_slash(client):
    for path in ("/docs", "/docs/"):
        page = client.get(path)
        assert page.status_code == 200 and b"swagger-ui" in page.data, path


def test_the_per_game_tables_are_what_the_registry_gives():
    # python -m tools.readme rewrites them (and draws a missing picture); commit what it writes
    assert readme.generate(README) == README, "run: python -m tools.readme"
    assert readme.generate(API, document=readme.API) == API, "run: python -m tools.readme"
    assert readme.stale() == []


def test_the_readme_is_a_landing_page():
    # at most 200 lines, and what it says of the API is said once, in docs/api.md
    assert len(README.splitlines()) <= 200
    for title in ("Endpoints", "Errors", "Legal-moves entries", "Notation"):
        assert f"\n## {title}\n" not in README and f"\n## {title}\n" in API, title
    for document in ("docs/api.md", "docs/pictures.md", "docs/element.md", "docs/clients.md",
                     "docs/deploy.md", "docs/adding-a-game.md", "docs/architecture.md"):
        assert f"]({document}" in README, document


def test_the_readmes_map_of_the_docs_names_every_page():
    pages = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "docs").glob("*.md"))
    assert [page for page in pages if f"]({page})" not in README] == []

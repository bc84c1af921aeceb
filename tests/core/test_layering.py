"""The layering: the core and the service know no game, so a new game plugs in without
touching either."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import registry

ROOT = Path(__file__).resolve().parents[2]
GAME_AGNOSTIC = ("service", "rules/core", "rules/records", "rules/search")
SOURCE = (".py", ".js", ".html", ".css", ".yaml")


def game_words() -> dict[str, str]:
    """Every registered game's id, package, name and piece names, each with a pattern that
    finds it as a word (ids and packages in any case, names as written)."""
    words: dict[str, str] = {}
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        assert cls is not None
        package = cls.__module__.split(".")[1]
        for word in {game_id, package}:
            words[word] = rf"(?i)\b{re.escape(word)}\b"
        names = [cls.name] + [piece["name"] for piece in cls.describe().get("pieces", [])]
        for name in names:
            words[name] = rf"\b{re.escape(name)}s?\b"
    return words


def agnostic_files() -> list[Path]:
    return sorted(p for folder in GAME_AGNOSTIC for p in (ROOT / folder).rglob("*")
                  if p.suffix in SOURCE and "__pycache__" not in p.parts)


def test_the_files_cover_every_sub_package_of_the_service() -> None:
    packages = {p.parent for p in (ROOT / "service").rglob("__init__.py")}
    covered = {p.parent for p in agnostic_files()}
    assert packages and packages <= covered


def test_the_words_cover_every_game() -> None:
    words = game_words()
    for game_id in registry.game_ids():
        assert game_id in words


@pytest.mark.parametrize("path", agnostic_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_game_is_named_in_the_core_or_the_service(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [word for word, pattern in game_words().items() if re.search(pattern, text)]
    assert found == [], f"{path.relative_to(ROOT)} names {found}"


def test_every_game_package_is_registered_once() -> None:
    packages = {registry.game_class(g).__module__.split(".")[1] for g in registry.game_ids()}
    on_disk = {p.parent.name for p in (ROOT / "rules").glob("*/__init__.py")}
    assert packages == on_disk - set(registry.NOT_GAMES)
    assert len(packages) == len(registry.game_ids())

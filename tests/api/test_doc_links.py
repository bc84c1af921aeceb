"""The docs hold together: every relative link of README.md, the docs and the TypeScript
client's README leads to a file that exists and, for a ``#anchor`` into a Markdown file, to one
of its headings (GitHub's slugs); every page of ``docs/`` is at most 300 lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", ROOT / "clients" / "typescript" / "README.md",
                *(ROOT / "docs").rglob("*.md")])
MAX_LINES = 300

FENCE = re.compile(r"^(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"!?\[[^\]]*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"`[^`]*`")


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.lstrip()):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: lower case, punctuation dropped (letters, digits,
    ``-`` and ``_`` kept), each space a hyphen."""
    text = heading.replace("`", "").strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, a repeated slug numbered as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    for line in prose_lines(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(path: Path) -> list[str]:
    """The relative link targets of a Markdown file's prose (code spans and blocks left out);
    a link's text may run over lines."""
    prose = CODE_SPAN.sub("", "\n".join(prose_lines(path.read_text(encoding="utf-8"))))
    return [t for t in LINK.findall(prose) if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def broken(path: Path) -> list[str]:
    """The links of ``path`` whose file, or heading in a Markdown file, does not exist."""
    faults = []
    for target in links(path):
        file_part, _, anchor = target.partition("#")
        goal = (path.parent / file_part).resolve() if file_part else path
        if not goal.exists():
            faults.append(f"{target}: no such file")
        elif anchor and goal.suffix == ".md" and anchor not in anchors(goal):
            faults.append(f"{target}: no such heading")
    return faults


def test_the_slug_is_githubs() -> None:
    assert slug("Board pictures: `POST /v1/games/{game}/render`") == \
        "board-pictures-post-v1gamesgamerender"
    assert slug("The board element: `<referee-board>`") == "the-board-element-referee-board"
    assert slug("4. The class") == "4-the-class"


def test_a_missing_file_or_heading_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Top\n\n## Top\n\n[a](#top-1) [b](#nowhere) [c](other.md) "
                    "[two\nlines](#gone) `[d](nothing.md)` [e](https://example.com/x.md)\n\n"
                    "```\n[f](gone.md)\n```\n", encoding="utf-8")
    assert broken(page) == ["#nowhere: no such heading", "other.md: no such file",
                            "#gone: no such heading"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    assert broken(page) == []


@pytest.mark.parametrize("page", sorted((ROOT / "docs").glob("*.md")), ids=lambda p: p.name)
def test_every_page_of_the_docs_is_at_most_300_lines(page: Path) -> None:
    assert len(page.read_text(encoding="utf-8").splitlines()) <= MAX_LINES

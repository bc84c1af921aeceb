"""``python -m tools.readme``: the per-game tables of README.md and docs/api.md, and the games'
pictures, written from the registry.

    .venv/bin/python -m tools.readme           # rewrite the tables, draw missing pictures
    .venv/bin/python -m tools.readme --check   # change nothing; exit 1 if anything is stale

Each document keeps each of its generated tables between two markers, ``<!-- begin NAME
(python -m tools.readme) -->`` and ``<!-- end NAME -->``; the command rewrites what lies between
them from every registered game and leaves the rest of the file alone. The tables
(:data:`TABLES`, by document in :data:`DOCUMENTS`): in README.md the games with their players
and options, what each game's quiet counter counts, and a picture of every game that has one; in
docs/api.md the reasons of an illegal move and the kinds of legal-moves entries with their
fields.

A game's picture is ``docs/images/<id>.png``. The command draws it, for a game that has a
board view and no picture yet, from the start position under the default options at the
service's default size, by the service's own renderer; a picture already there is
kept (the committed ones show chosen positions). ``--check`` is what a test runs: each document
must be exactly what the command writes, and every game with a board view must have its picture.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from rules import registry
from rules.core.game import Game
from rules.core.options import OptionSpec

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
API = ROOT / "docs" / "api.md"
IMAGES = ROOT / "docs" / "images"

GameClass = type[Game[Any, Any]]


def games() -> list[GameClass]:
    """Every registered game's class, in the registry's order (by id)."""
    classes = [registry.game_class(game_id) for game_id in registry.game_ids()]
    return [cls for cls in classes if cls is not None]


def code(text: str) -> str:
    """``text`` as Markdown inline code."""
    return f"`{text}`"


def codes(texts: Iterable[str]) -> str:
    """Each of ``texts`` as inline code, comma-separated."""
    return ", ".join(code(text) for text in texts)


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table; a ``|`` inside a cell is escaped."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |"
              for row in rows]
    return "\n".join(lines)


# ---- the tables -----------------------------------------------------------------------------

def players_cell(cls: GameClass) -> str:
    """Every player of the game; when the default options seat fewer, which ones they seat."""
    everyone = cls.players()
    seated = registry.configure(cls.id).seats()
    if len(seated) == len(everyone):
        return ", ".join(everyone)
    return f"{', '.join(everyone)} ({', '.join(seated)} by default)"


def option_cell(spec: OptionSpec) -> str:
    """An option's name and default (for a choice, the default then the other choices)."""
    if spec.kind == "choice":
        values = [spec.default, *(c for c in spec.choices if c != spec.default)]
        return f"{code(spec.name)} ({codes(str(v) for v in values)})"
    return f"{code(spec.name)} ({code(json.dumps(spec.default, separators=(',', ':')))})"


def games_table(classes: Sequence[GameClass]) -> str:
    """Each game's id, name, players and options."""
    return table(("id", "game", "players", "options (default first)"),
                 [(code(cls.id), cls.name, players_cell(cls),
                   ", ".join(option_cell(spec) for spec in cls.option_specs) or "none")
                  for cls in classes])


def quiet_counter(cls: GameClass) -> str | None:
    """What the game's quiet counter counts, in its own terms (the description of its
    ``draw_after_quiet_plies`` option), or None for a game without the house rule."""
    for spec in cls.option_specs:
        if spec.name == "draw_after_quiet_plies":
            return spec.description.partition("The counter counts ")[2].rstrip(".") or None
    return None


def quiet_table(classes: Sequence[GameClass]) -> str:
    """Each game's quiet counter: what it counts."""
    return table(("game", "the quiet counter counts"),
                 [(cls.name, counted) for cls in classes
                  if (counted := quiet_counter(cls)) is not None])


def reasons_table(classes: Sequence[GameClass]) -> str:
    """Each game's reasons of an illegal move, in the game's order."""
    return table(("game", code("reason")),
                 [(cls.name, codes(reason.value for reason in cls.illegal_reasons))
                  for cls in classes])


def fields_cell(declaration: Mapping[str, Any]) -> str:
    """The fields of one kind of entry, the optional ones last."""
    required = set(declaration["required"])
    always = [name for name in declaration["properties"] if name in required]
    sometimes = [name for name in declaration["properties"] if name not in required]
    cell = codes(always) or "none"
    return cell + (f"; optional: {codes(sometimes)}" if sometimes else "")


def entries_table(classes: Sequence[GameClass]) -> str:
    """Each kind of each game's legal-moves entries: what it is and its fields."""
    return table(("game", code("kind"), "what it is", "fields"),
                 [(cls.name, code(kind), declaration["description"], fields_cell(declaration))
                  for cls in classes for kind, declaration in cls.entry_kinds.items()])


def pictures_table(classes: Sequence[GameClass]) -> str:
    """The picture of every game that has one, side by side."""
    drawn = [cls for cls in classes if has_picture(cls)]
    return table([cls.name for cls in drawn],
                 [[f"![{cls.name}](docs/images/{cls.id}.png)" for cls in drawn]])


#: Every generated table by marker name, each made from the games' classes.
TABLES: dict[str, Callable[[Sequence[GameClass]], str]] = {
    "games": games_table,
    "quiet": quiet_table,
    "pictures": pictures_table,
    "reasons": reasons_table,
    "entries": entries_table,
}
#: The documents with generated tables, and the tables each holds.
DOCUMENTS: dict[Path, tuple[str, ...]] = {
    README: ("games", "quiet", "pictures"),
    API: ("reasons", "entries"),
}


def marked(name: str) -> re.Pattern[str]:
    """The README's region for table ``name``: its begin marker, the table, its end marker."""
    return re.compile(rf"(<!-- begin {name} \(python -m tools\.readme\) -->\n)(.*?)"
                      rf"(<!-- end {name} -->)", re.DOTALL)


def generate(text: str, classes: Sequence[GameClass] | None = None,
             document: Path = README) -> str:
    """``text`` (of ``document``) with every generated table it holds rewritten from
    ``classes`` (default: every registered game). Raises ValueError naming a table whose
    markers are missing."""
    classes = games() if classes is None else classes
    for name in DOCUMENTS[document]:
        pattern = marked(name)
        if not pattern.search(text):
            raise ValueError(f"{document.name} has no markers for the {name} table")
        body = TABLES[name](classes)
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(3), text, count=1)
    return text


# ---- the pictures ---------------------------------------------------------------------------

def has_picture(cls: GameClass) -> bool:
    """Whether the game draws its positions (it overrides ``board_view``)."""
    return cls.board_view is not Game.board_view


def missing_pictures(classes: Sequence[GameClass], images: Path = IMAGES) -> list[GameClass]:
    """The games that draw their positions but have no ``<id>.png`` in ``images``."""
    return [cls for cls in classes if has_picture(cls) and not (images / f"{cls.id}.png").exists()]


def start_picture(game_id: str) -> bytes:
    """A PNG of the game's start position under its default options, at the default size,
    drawn as the service's ``render`` operation draws it
    (:func:`service.pictures.drawing.picture`)."""
    from service.pictures.drawing import picture

    game = registry.configure(game_id)
    return picture(game, game.start_position, format="png")


def draw_missing(classes: Sequence[GameClass], images: Path = IMAGES) -> list[Path]:
    """Draw the picture of every game of ``classes`` that lacks one; the files written."""
    written = []
    for cls in missing_pictures(classes, images):
        path = images / f"{cls.id}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(start_picture(cls.id))
        written.append(path)
    return written


# ---- the command ----------------------------------------------------------------------------

def stale(images: Path = IMAGES) -> list[str]:
    """What the command would change: each document whose tables differ from the generated
    ones, and each missing picture; empty when everything is in step."""
    classes = games()
    problems = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        if generate(text, classes, document) != text:
            problems.append(f"{document.relative_to(ROOT)}: its per-game tables are not what "
                            "the registry gives")
    problems += [f"docs/images/{cls.id}.png is missing"
                 for cls in missing_pictures(classes, images)]
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.readme", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when the command would change something")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print("run: python -m tools.readme", file=sys.stderr)
        return 1 if problems else 0
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        new = generate(text, document=document)
        if new != text:
            document.write_text(new, encoding="utf-8")
            print(f"rewrote the tables of {document.relative_to(ROOT)}", file=sys.stderr)
    for path in draw_missing(games()):
        print(f"drew {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

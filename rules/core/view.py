"""A game-agnostic picture of a position: what a renderer, a text board or a frontend draws.

Each game fills a :class:`BoardView` from one of its positions in its own
``rules/<game>/view.py`` module, registered with :func:`board_view`::

    @board_view("mastery")
    def view(game, position) -> BoardView: ...

The game classes are not touched: :func:`view_for` imports the view module of
a registered game lazily, and raises :class:`NoBoardView` for a game that has
none yet. :func:`text_board` draws any view as plain text for terminals.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any, Callable

from .geometry import FILE_LETTERS


@dataclass(frozen=True)
class Piece:
    """What stands on a cell.

    ``glyph`` is the short label drawn in the piece's disc (``M``, ``K``, ``♔``);
    ``text`` its plain-text form for terminals (the notation letter, ``b3*``);
    ``owner`` the player it belongs to (a key of :attr:`BoardView.palette`);
    ``count`` the stack height (1 for a single piece); ``general`` marks
    Maestria's General; ``name`` is for people (``dark Master``).
    """

    glyph: str
    owner: str
    text: str = ""
    name: str = ""
    count: int = 1
    general: bool = False


@dataclass(frozen=True)
class Cell:
    """One on-board cell: its name, its grid coordinates (0-based, rank 0 at the bottom),
    its checker shade (0 light, 1 dark), terrain (None for plain board), marks such as
    ``raised``, and its piece."""

    name: str
    file: int
    rank: int
    shade: int = 0
    terrain: str | None = None
    marks: tuple[str, ...] = ()
    piece: Piece | None = None


@dataclass(frozen=True)
class BoardView:
    """A whole board: ``files`` x ``ranks`` grid coordinates, the on-board ``cells``
    (off-board holes are simply absent), the colours of each player's pieces, whose turn it
    is and the previous move's squares (for highlighting)."""

    game: str
    files: int
    ranks: int
    cells: tuple[Cell, ...]
    #: player -> (fill, ink): the disc colour and the glyph colour of that player's pieces
    palette: dict[str, tuple[str, str]]
    to_move: str | None = None
    last_move: tuple[str, ...] = ()
    file_labels: tuple[str, ...] = ()
    rank_labels: tuple[str, ...] = ()
    #: terrain name -> (fill colour, one-letter code for text boards)
    terrain: dict[str, tuple[str, str]] = field(default_factory=dict)
    caption: str = ""

    def __post_init__(self) -> None:
        if not self.file_labels:
            object.__setattr__(self, "file_labels", tuple(FILE_LETTERS[:self.files]))
        if not self.rank_labels:
            object.__setattr__(self, "rank_labels",
                               tuple(str(r + 1) for r in range(self.ranks)))

    def cell(self, name: str) -> Cell | None:
        for c in self.cells:
            if c.name == name:
                return c
        return None

    @property
    def names(self) -> frozenset[str]:
        return frozenset(c.name for c in self.cells)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "files": self.files, "ranks": self.ranks,
            "to_move": self.to_move, "last_move": list(self.last_move),
            "cells": [{
                "name": c.name, "file": c.file, "rank": c.rank, "shade": c.shade,
                "terrain": c.terrain, "marks": list(c.marks),
                "piece": None if c.piece is None else {
                    "glyph": c.piece.glyph, "owner": c.piece.owner, "count": c.piece.count,
                    "general": c.piece.general, "name": c.piece.name},
            } for c in self.cells],
        }


class NoBoardView(LookupError):
    """The game has no view module (yet)."""


ViewFunction = Callable[[Any, Any], BoardView]
_VIEWS: dict[str, ViewFunction] = {}


def board_view(game_id: str) -> Callable[[ViewFunction], ViewFunction]:
    """Decorator: ``fn(game, position) -> BoardView`` draws positions of ``game_id``."""

    def register(fn: ViewFunction) -> ViewFunction:
        _VIEWS[game_id] = fn
        return fn

    return register


def view_function(game: Any) -> ViewFunction:
    """The view function of ``game`` (a configured Game), importing its module on first use.

    The module is ``<the game's package>.view``; raises NoBoardView when it does not exist.
    """
    fn = _VIEWS.get(game.id)
    if fn is not None:
        return fn
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.view"
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        found = None
    if found is None:
        raise NoBoardView(game.id)
    importlib.import_module(name)
    fn = _VIEWS.get(game.id)
    if fn is None:
        raise NoBoardView(game.id)
    return fn


def view_for(game: Any, position: Any) -> BoardView:
    """The BoardView of ``position`` in ``game``."""
    return view_function(game)(game, position)


def has_view(game: Any) -> bool:
    try:
        view_function(game)
    except NoBoardView:
        return False
    return True


def text_board(view: BoardView) -> str:
    """The board as text: top rank first, rank numbers on the left, files below.

    Pieces are written in notation (``M``, ``wK``, ``b3*``); an empty cell is ``.``, or its
    terrain letter in lower case; off-board holes are blank.
    """
    grid: dict[tuple[int, int], str] = {}
    for c in view.cells:
        if c.piece is not None:
            token = c.piece.text or c.piece.glyph
        elif c.terrain and c.terrain in view.terrain:
            token = view.terrain[c.terrain][1].lower()
        elif "raised" in c.marks:
            token = "^"
        else:
            token = "."
        grid[(c.file, c.rank)] = token
    width = max([len(t) for t in grid.values()] + [len(x) for x in view.file_labels] + [1])
    label_width = max(len(x) for x in view.rank_labels)
    lines = []
    for r in reversed(range(view.ranks)):
        row = " ".join(grid.get((f, r), "").rjust(width) for f in range(view.files))
        lines.append(f"{view.rank_labels[r].rjust(label_width)}  {row}".rstrip())
    files = " ".join(x.rjust(width) for x in view.file_labels)
    lines.append(f"{' ' * label_width}  {files}")
    return "\n".join(lines)

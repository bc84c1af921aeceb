"""The record grammar: reading record text into tags and movetext items, game-blind.

A record is tag pairs, then movetext, in the spirit of PGN::

    [Game "<game id>"]
    [White "Ann"]
    [Result "1-0"]

    1. d2d3 b8c6 {a comment} 2. e5e6 <attacker 5 defender 3> ; to the end of the line
    (black resigns) 1-0

Movetext is read token by token: move numbers (``12.``, ``12...``; for people, skipped),
moves (any run of characters that is none of the others: the game judges them), the dice of
the move just before in ``<...>``, comments in ``{...}`` or after ``;``, off-board events in
``(...)``, and the result token, last. A line starting with ``%`` is ignored. Every item
keeps the line and column (from 1) where it starts, so later errors can point at it.
:func:`read` raises :class:`~rules.records.errors.InvalidRecord` or
:class:`~rules.records.errors.InvalidTag` at the first fault.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from .errors import InvalidRecord, InvalidTag

#: a tag's name
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\["\\])*)"[ \t]*\]')
_SCORE = r"(?:1/[234]|[01])"
#: a result token: ``*``, or one score per seat joined by ``-``
RESULT = re.compile(rf"\*|{_SCORE}(?:-{_SCORE})+")
#: one token of a record, named by its group (the first that matches, in this order)
TOKEN = re.compile(rf"""
    (?P<space>\s+)
  | (?P<escape>^%[^\n]*)
  | (?P<line_comment>;[^\n]*)
  | (?P<comment>\{{[^}}]*\}})
  | (?P<tag>{_TAG.pattern})
  | (?P<result>(?:{RESULT.pattern})(?=[\s{{}};(<]|\Z))
  | (?P<number>[0-9]+\.+)
  | (?P<nag>\$[0-9]+)
  | (?P<dice><[^>]*>)
  | (?P<aside>\((?i:\s*(?:draw\s+agreed|[^()\s]+\s+(?:resigns|leaves|runs\s+out\s+of\s+time))\s*)\))
  | (?P<open>\()
  | (?P<close>\))
  | (?P<move>[^\s{{}}()<>;\[\]"]+)
""", re.VERBOSE | re.MULTILINE)
_NEWLINE = re.compile(r"\n")
_DICE_PAIR = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*[:=]?\s*"
                        r"(-|[0-9]+(?:\s*,\s*[0-9]+)*)\s*[;,]?")
#: tags the writer sets from the game itself
GAME_TAGS = ("Game", "Options", "Position")
#: the tags that describe where and when, written first, in this order
ROSTER = ("Event", "Site", "Date", "Round")
#: tags the writer sets from how the game ended
END_TAGS = ("Result", "Termination")
#: the tags with a meaning, read whatever their case (``[game "..."]`` is the Game tag)
KNOWN_TAGS = {name.lower(): name for name in (*GAME_TAGS, *ROSTER, *END_TAGS)}
#: off-board events: what the words in parentheses say, and its kind
ASIDE_KINDS = {"resigns": "resigns", "leaves": "leaves", "runs out of time": "runs_out_of_time"}
#: the words of each kind of off-board event
ASIDE_WORDS = {kind: words for words, kind in ASIDE_KINDS.items()}
DRAW_AGREED = "draw_agreed"
#: the move suffixes of PGN, read off the end of a move
SUFFIXES = ("!!", "??", "!?", "?!", "!", "?")
#: the largest numeric annotation glyph
MAX_NAG = 255
#: how deep variations nest: a variation inside a variation inside the main line is depth 2
MAX_VARIATION_DEPTH = 8


class Tag(NamedTuple):
    """A tag pair ``[Name "value"]`` (the value unescaped), where it starts."""

    name: str
    value: str
    line: int = 0
    column: int = 0


class Ply(NamedTuple):
    """A move as written (its annotation suffix aside), its dice (None: none written), where
    it starts, its suffix (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``; None: none) and its
    numeric annotation glyphs (``$1`` is 1), in order."""

    text: str
    dice: Any = None
    line: int = 0
    column: int = 0
    suffix: str | None = None
    nags: tuple[int, ...] = ()


class Aside(NamedTuple):
    """An off-board event: ``kind`` one of ``resigns``, ``leaves``, ``runs_out_of_time``
    (by ``player``) or ``draw_agreed`` (``player`` None)."""

    kind: str
    player: str | None = None
    line: int = 0
    column: int = 0


class Comment(NamedTuple):
    """A comment's text (trimmed), where it starts."""

    text: str
    line: int = 0
    column: int = 0


class Variation(NamedTuple):
    """A line in parentheses after a move: what might have been played instead of it, from
    the position before it; its items (plies, comments, variations of its own), where its
    ``(`` stands."""

    items: tuple["Item", ...]
    line: int = 0
    column: int = 0


Item = Union[Ply, Aside, Comment, Variation]


@dataclass(frozen=True)
class Record:
    """A record as written: its tags in order, its movetext items in order, and the result
    token that ends it (None when it has none), with where that token starts."""

    tags: tuple[Tag, ...]
    items: tuple[Item, ...]
    result: str | None = None
    result_line: int = 0
    result_column: int = 0
    #: where the record starts in its file (a game of a file of many starts further on)
    line: int = 1
    column: int = 1

    def tag(self, name: str) -> Tag | None:
        """The tag called ``name``, or None."""
        return next((tag for tag in self.tags if tag.name == name), None)


class _Places:
    """Where an offset of the text is: its line and column, from 1, for a text that starts at
    ``line`` and ``column`` of a larger one (a game of a file of many)."""

    def __init__(self, text: str, line: int = 1, column: int = 1) -> None:
        self.newlines = [m.start() for m in _NEWLINE.finditer(text)]
        self.line, self.column = line, column

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect_left(self.newlines, offset)
        if line == 0:
            return self.line, offset + self.column
        return line + self.line, offset - self.newlines[line - 1]

    def fault(self, offset: int, detail: str,
              cls: type[InvalidRecord] | type[InvalidTag] = InvalidRecord,
              **extra: Any) -> InvalidRecord | InvalidTag:
        """The error of what is wrong at ``offset``."""
        line, column = self(offset)
        return cls(f"Line {line}, column {column}: {detail}", line=line, column=column,
                   **extra)


#: the byte-order mark some editors write at the start of a UTF-8 file: skipped
BOM = "\ufeff"


def read(text: str, line: int = 1, column: int = 1) -> Record:
    """The record written in ``text``: its tags, then its movetext. A byte-order mark at its
    start is skipped (columns count from the character after it). ``line`` and ``column``
    say where ``text`` starts in the file it was cut from, so that places are the file's.

    Raises InvalidTag for a malformed or repeated tag pair and InvalidRecord for anything
    else that breaks the grammar, naming the line and column.
    """
    if isinstance(text, str) and text.startswith(BOM):
        text = text[len(BOM):]
    if not isinstance(text, str) or not text.strip():
        raise InvalidRecord("The record is empty: write tag pairs such as [Game \"<game id>\"], "
                            "then the moves.", line=line, column=column)
    places = _Places(text, line, column)
    tags: list[Tag] = []
    items: list[Item] = []
    result: tuple[str, int, int] | None = None
    in_moves = False
    #: the lines a variation opened, outermost first: each its items and where its ( stands
    opened: list[tuple[list[Item], int]] = []
    pos, end = 0, len(text)
    while pos < end:
        m = TOKEN.match(text, pos)
        if m is None:
            raise _unreadable(text, pos, places, in_moves)
        kind, start, pos = m.lastgroup, pos, m.end()
        if kind == "space" or kind == "escape":
            continue
        if kind == "comment":
            items.append(Comment(comment_text(m.group()[1:-1]), *places(start)))
            continue
        if kind == "line_comment":
            items.append(Comment(m.group()[1:].strip(), *places(start)))
            continue
        if result is not None:
            raise places.fault(start, "the result ends the record; nothing but comments may "
                                      "follow it.")
        if kind == "tag":
            if in_moves:
                raise places.fault(start, "tag pairs come before the moves; move this one up.",
                                   InvalidTag)
            tags.append(_tag(m.group(), start, places, tags))
            continue
        in_moves = True
        if kind == "result" and opened:
            raise places.fault(start, "the result ends the main line; close the variation "
                                      "with ')' before it.")
        if kind == "open":
            opened.append((items, start))
            items = _opened(items, start, places, len(opened))
        elif kind == "close":
            items = _closed(items, opened, start, places)
        elif kind == "result":
            result = (m.group(), *places(start))
        elif kind == "dice":
            items.append(_with_dice(items, m.group()[1:-1], start, places))
        elif kind == "nag":
            items.append(_with_nag(items, m.group(), start, places))
        elif kind == "aside":
            if opened:
                raise places.fault(start, "off-board events belong to the main line, not to "
                                          "a variation.")
            items.append(_aside(m.group()[1:-1], start, places))
        elif kind == "move":
            written = m.group()
            items.append(_ply(written, start, places) if written[-1] in "!?" else
                         Ply(written, None, *places(start)))
    if opened:
        raise places.fault(opened[-1][1], "this variation '(' is never closed with ')'.")
    token, result_line, result_column = result if result else (None, 0, 0)
    return Record(tuple(tags), tuple(items), token, result_line, result_column, line, column)


def _opened(items: list[Item], start: int, places: _Places, depth: int) -> list[Item]:
    """The items of a variation opened at ``start`` after ``items`` (which must end with the
    move it replaces), ``depth`` deep."""
    if not any(isinstance(item, Ply) for item in items):
        raise places.fault(start, "a variation comes after the move it replaces, like "
                                  "'1. d2d4 (1. c2c4) d7d5'.")
    if depth > MAX_VARIATION_DEPTH:
        raise places.fault(start, f"variations nest at most {MAX_VARIATION_DEPTH} deep; "
                                  "this one is deeper.")
    return []


def _closed(items: list[Item], opened: list[tuple[list[Item], int]], start: int,
            places: _Places) -> list[Item]:
    """The line the variation closed at ``start`` was opened in, with it added."""
    if not opened:
        raise places.fault(start, "this ')' closes no variation.")
    outer, at = opened.pop()
    if not any(isinstance(item, Ply) for item in items):
        raise places.fault(at, "this variation holds no move.")
    outer.append(Variation(tuple(items), *places(at)))
    return outer


def _unreadable(text: str, pos: int, places: _Places, in_moves: bool
                ) -> InvalidRecord | InvalidTag:
    """The error of the text at ``pos``, which no token matches."""
    char = text[pos]
    if char == "{":
        return places.fault(pos, "this comment '{' is never closed with '}'.")
    if char == "<":
        return places.fault(pos, "these dice '<' are never closed with '>'.")
    if char == "(":
        return places.fault(pos, "this '(' is never closed with ')'.")
    if char == "[" and in_moves:
        return places.fault(pos, "tag pairs come before the moves; move this one up.",
                            InvalidTag)
    if char == "[":
        return places.fault(
            pos, "a tag pair is written [Name \"value\"]: a name of letters, digits and '_' "
            "starting with a letter, one space, the value in double quotes (\\\" and \\\\ "
            "inside it), then ']' on the same line.", InvalidTag)
    return places.fault(pos, f"unexpected {char!r} here.")


def _tag(written: str, start: int, places: _Places, tags: list[Tag]) -> Tag:
    """The tag pair ``written`` at ``start``; a tag already given is refused."""
    m = _TAG.fullmatch(written)
    assert m is not None
    name = KNOWN_TAGS.get(m.group(1).lower(), m.group(1))
    if any(tag.name.lower() == name.lower() for tag in tags):
        raise places.fault(start, f"the tag {name} appears twice; give each tag once.",
                           InvalidTag, tag=name)
    value = re.sub(r"\\([\"\\])", r"\1", m.group(2))
    return Tag(name, value, *places(start))


def _with_dice(items: list[Item], body: str, start: int, places: _Places) -> Ply:
    """``<body>`` after a move: the move again, with its dice (the move is taken off
    ``items``)."""
    previous = items[-1] if items else None
    if not isinstance(previous, Ply) or previous.dice is not None:
        raise places.fault(start, "dice are written right after the move they decide, like "
                                  "'c3c4 <attacker 5 defender 3>'.")
    dice = _dice_value(body, start, places)
    items.pop()
    return previous._replace(dice=dice)


def comment_text(body: str) -> str:
    """A comment's text: each line's blanks made single spaces, its line breaks kept, blank
    lines at either end dropped."""
    lines = [" ".join(line.split()) for line in body.splitlines()]
    return "\n".join(lines).strip("\n ")


def _ply(written: str, start: int, places: _Places) -> Ply:
    """The move ``written`` at ``start``, its suffix (``!``, ``?!``...) read off its end."""
    suffix = (next((s for s in SUFFIXES if written.endswith(s)), None)
              if written[-1] in "!?" else None)
    text = written[:-len(suffix)] if suffix else written
    if not text:
        raise places.fault(start, f"{written!r} is an annotation with no move before it; "
                                  "write it right after the move, like 'd2d4!'.")
    return Ply(text, None, *places(start), suffix=suffix)


def _with_nag(items: list[Item], written: str, start: int, places: _Places) -> Ply:
    """``$n`` after a move: the move again, with the glyph (the move is taken off
    ``items``)."""
    previous = items[-1] if items else None
    number = int(written[1:])
    if not isinstance(previous, Ply):
        raise places.fault(start, f"the annotation {written} comes right after the move it "
                                  "annotates (its dice between), like 'd2d4 $1'.")
    if number > MAX_NAG:
        raise places.fault(start, f"{written} is no annotation glyph: they go from $0 to "
                                  f"${MAX_NAG}.")
    items.pop()
    return previous._replace(nags=(*previous.nags, number))


def _dice_value(body: str, start: int, places: _Places) -> Any:
    """The dice written ``body``: a JSON object, or ``name value`` pairs whose value is a
    number, a comma-separated list, or ``-`` for none."""
    text = body.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise places.fault(start, f"the dice <{body}> are not a JSON object.")
        return value
    dice: dict[str, Any] = {}
    pos = 0
    while pos < len(text):
        m = _DICE_PAIR.match(text, pos)
        if m is None or m.end() == pos:
            raise places.fault(start, f"the dice <{body}> are not 'name value' pairs such as "
                                      "<attacker 5 defender 3> or <attacker 6,5,2 defender 4>.")
        name, value = m.group(1), m.group(2)
        dice[name] = ([] if value == "-" else
                      [int(v) for v in value.split(",")] if "," in value else int(value))
        pos = m.end()
    if not dice:
        raise places.fault(start, "these dice <> are empty; write them like "
                                  "<attacker 5 defender 3>.")
    return dice


def _aside(body: str, start: int, places: _Places) -> Aside:
    """``(black resigns)``, ``(red leaves)``, ``(white runs out of time)``,
    ``(draw agreed)``."""
    words = " ".join(body.split()).lower()
    line, column = places(start)
    if words == "draw agreed":
        return Aside(DRAW_AGREED, None, line, column)
    player, _, what = words.partition(" ")
    if what not in ASIDE_KINDS or not player:
        raise places.fault(
            start, f"({words}) is not an off-board event; write (<player> resigns), "
            "(<player> leaves), (<player> runs out of time) or (draw agreed).")
    return Aside(ASIDE_KINDS[what], player, line, column)

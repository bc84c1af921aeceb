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
from dataclasses import dataclass
from typing import Any, Union

from .errors import InvalidRecord, InvalidTag

#: a tag's name
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\["\\])*)"[ \t]*\]')
_SPACE = re.compile(r"\s+")
_LINE_COMMENT = re.compile(r";[^\n]*")
_ESCAPE_LINE = re.compile(r"%[^\n]*")
_NUMBER = re.compile(r"[0-9]+\.(?:\.\.)?")
_SCORE = r"(?:1/[234]|[01])"
#: a result token: ``*``, or one score per seat joined by ``-``
RESULT = re.compile(rf"\*|{_SCORE}(?:-{_SCORE})+")
_END_OF_TOKEN = re.compile(r"(?=[\s{};(<]|$)")
_MOVE = re.compile(r'[^\s{}()<>;\[\]"]+')
_DICE_PAIR = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*[:=]?\s*(-|[0-9]+(?:\s*,\s*[0-9]+)*)\s*[;,]?")
#: the tags with a meaning, read whatever their case (``[game "mastery"]``)
KNOWN_TAGS = {name.lower(): name for name in (
    "Game", "Options", "Position", "Event", "Site", "Date", "Round", "Result", "Termination")}
#: off-board events: what the words in parentheses say, and its kind
ASIDE_KINDS = {"resigns": "resigns", "leaves": "leaves", "runs out of time": "runs_out_of_time"}
DRAW_AGREED = "draw_agreed"


@dataclass(frozen=True)
class Tag:
    """A tag pair ``[Name "value"]`` (the value unescaped), where it starts."""

    name: str
    value: str
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class Ply:
    """A move as written, its dice (None: none written), where it starts."""

    text: str
    dice: Any = None
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class Aside:
    """An off-board event: ``kind`` one of ``resigns``, ``leaves``, ``runs_out_of_time``
    (by ``player``) or ``draw_agreed`` (``player`` None)."""

    kind: str
    player: str | None = None
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class Comment:
    """A comment's text (trimmed), where it starts."""

    text: str
    line: int = 0
    column: int = 0


Item = Union[Ply, Aside, Comment]


@dataclass(frozen=True)
class Record:
    """A record as written: its tags in order, its movetext items in order, and the result
    token that ends it (None when it has none), with where that token starts."""

    tags: tuple[Tag, ...]
    items: tuple[Item, ...]
    result: str | None = None
    result_line: int = 0
    result_column: int = 0

    def tag(self, name: str) -> Tag | None:
        """The tag called ``name``, or None."""
        return next((tag for tag in self.tags if tag.name == name), None)


class _Reader:
    """A cursor over the record text that knows its line and column."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.line_start = 0

    @property
    def column(self) -> int:
        return self.pos - self.line_start + 1

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def match(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        return pattern.match(self.text, self.pos)

    def advance(self, end: int) -> None:
        """Move to ``end``, counting the lines passed."""
        chunk = self.text[self.pos:end]
        newlines = chunk.count("\n")
        if newlines:
            self.line += newlines
            self.line_start = self.pos + chunk.rindex("\n") + 1
        self.pos = end

    def fault(self, detail: str, cls: type[InvalidRecord] | type[InvalidTag] = InvalidRecord,
              **extra: Any) -> InvalidRecord | InvalidTag:
        return cls(f"Line {self.line}, column {self.column}: {detail}", line=self.line,
                   column=self.column, **extra)

    def skip_blanks(self) -> Comment | None:
        """Skip whitespace and ``%`` lines; a comment found there is returned (read), else
        None once something else is next."""
        while not self.at_end():
            m = self.match(_SPACE)
            if m:
                self.advance(m.end())
                continue
            if self.text[self.pos] == "%" and self.pos == self.line_start:
                self.advance(self.match(_ESCAPE_LINE).end())  # type: ignore[union-attr]
                continue
            if self.text[self.pos] in ";{":
                return self.comment()
            return None
        return None

    def comment(self) -> Comment:
        line, column = self.line, self.column
        if self.text[self.pos] == ";":
            m = self.match(_LINE_COMMENT)
            assert m is not None
            self.advance(m.end())
            return Comment(m.group()[1:].strip(), line, column)
        end = self.text.find("}", self.pos)
        if end < 0:
            raise self.fault("this comment '{' is never closed with '}'.")
        body = self.text[self.pos + 1:end]
        self.advance(end + 1)
        return Comment(" ".join(body.split()), line, column)


def read(text: str) -> Record:
    """The record written in ``text``: its tags, then its movetext.

    Raises InvalidTag for a malformed or repeated tag pair and InvalidRecord for anything
    else that breaks the grammar, naming the line and column.
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidRecord("The record is empty: write tag pairs such as [Game \"<game id>\"], "
                            "then the moves.", line=1, column=1)
    reader = _Reader(text)
    leading: list[Item] = []
    tags = _read_tags(reader, leading)
    items, result = _read_movetext(reader, leading)
    line, column, token = result if result else (0, 0, None)
    return Record(tuple(tags), tuple(items), token, line, column)


def _read_tags(reader: _Reader, comments: list[Item]) -> list[Tag]:
    """The tag pairs at the head of the record (comments among them kept)."""
    tags: list[Tag] = []
    seen: set[str] = set()
    while True:
        comment = reader.skip_blanks()
        if comment is not None:
            comments.append(comment)
            continue
        if reader.at_end() or reader.text[reader.pos] != "[":
            return tags
        m = reader.match(_TAG)
        if m is None:
            raise reader.fault(
                "a tag pair is written [Name \"value\"]: a name of letters, digits and '_' "
                "starting with a letter, one space, the value in double quotes (\\\" and \\\\ "
                "inside it), then ']' on the same line.", InvalidTag)
        name = KNOWN_TAGS.get(m.group(1).lower(), m.group(1))
        if name in seen:
            raise reader.fault(f"the tag {name} appears twice; give each tag once.",
                               InvalidTag, tag=name)
        seen.add(name)
        value = re.sub(r"\\([\"\\])", r"\1", m.group(2))
        tags.append(Tag(name, value, reader.line, reader.column))
        reader.advance(m.end())


def _read_movetext(reader: _Reader, items: list[Item]
                   ) -> tuple[list[Item], tuple[int, int, str] | None]:
    """The movetext items, and the result token with its line and column."""
    while True:
        comment = reader.skip_blanks()
        if comment is not None:
            items.append(comment)
            continue
        if reader.at_end():
            return items, None
        char = reader.text[reader.pos]
        line, column = reader.line, reader.column
        result = reader.match(RESULT)
        if result and _END_OF_TOKEN.match(reader.text, result.end()):
            reader.advance(result.end())
            _nothing_after_result(reader)
            return items, (line, column, result.group())
        number = reader.match(_NUMBER)
        if number:
            reader.advance(number.end())
        elif char == "[":
            raise reader.fault("tag pairs come before the moves; move this one up.",
                               InvalidTag)
        elif char == "<":
            items.append(_read_dice(reader, items))
        elif char == "(":
            items.append(_read_aside(reader))
        elif (move := reader.match(_MOVE)) is not None:
            items.append(Ply(move.group(), None, line, column))
            reader.advance(move.end())
        else:
            raise reader.fault(f"unexpected {char!r} here.")


def _nothing_after_result(reader: _Reader) -> None:
    """Only comments and blanks may follow the result token."""
    while reader.skip_blanks() is not None:
        pass
    if not reader.at_end():
        raise reader.fault("the result ends the record; nothing but comments may follow it.")


def _read_dice(reader: _Reader, items: list[Item]) -> Ply:
    """``<...>`` after a move: the move again, with its dice."""
    end = reader.text.find(">", reader.pos)
    if end < 0:
        raise reader.fault("these dice '<' are never closed with '>'.")
    body = reader.text[reader.pos + 1:end]
    previous = items[-1] if items else None
    if not isinstance(previous, Ply) or previous.dice is not None:
        raise reader.fault("dice are written right after the move they decide, like "
                           "'c3c4 <attacker 5 defender 3>'.")
    dice = _dice_value(body, reader)
    reader.advance(end + 1)
    items.pop()
    return Ply(previous.text, dice, previous.line, previous.column)


def _dice_value(body: str, reader: _Reader) -> Any:
    """The dice written ``body``: a JSON object, or ``name value`` pairs whose value is a
    number, a comma-separated list, or ``-`` for none."""
    text = body.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            raise reader.fault(f"the dice <{body}> are not a JSON object.") from None
        if not isinstance(value, dict):
            raise reader.fault(f"the dice <{body}> are not a JSON object.")
        return value
    dice: dict[str, Any] = {}
    pos = 0
    while pos < len(text):
        m = _DICE_PAIR.match(text, pos)
        if m is None or m.end() == pos:
            raise reader.fault(
                f"the dice <{body}> are not 'name value' pairs such as "
                "<attacker 5 defender 3> or <attacker 6,5,2 defender 4>.")
        name, value = m.group(1), m.group(2)
        dice[name] = ([] if value == "-" else
                      [int(v) for v in value.split(",")] if "," in value else int(value))
        pos = m.end()
    if not dice:
        raise reader.fault("these dice <> are empty; write them like <attacker 5 defender 3>.")
    return dice


def _read_aside(reader: _Reader) -> Aside:
    """``(black resigns)``, ``(red leaves)``, ``(white runs out of time)``,
    ``(draw agreed)``."""
    end = reader.text.find(")", reader.pos)
    if end < 0:
        raise reader.fault("this '(' is never closed with ')'.")
    words = " ".join(reader.text[reader.pos + 1:end].split()).lower()
    line, column = reader.line, reader.column
    if words == "draw agreed":
        aside = Aside(DRAW_AGREED, None, line, column)
    else:
        player, _, what = words.partition(" ")
        if what not in ASIDE_KINDS or not player:
            raise reader.fault(
                f"({words}) is not an off-board event; write (<player> resigns), "
                "(<player> leaves), (<player> runs out of time) or (draw agreed). Variations "
                "in parentheses are not part of this format.")
        aside = Aside(ASIDE_KINDS[what], player, line, column)
    reader.advance(end + 1)
    return aside

"""Files of many records: a tournament's round, a club's archive, a day's games.

:func:`split` cuts a text into its games, one after the other, without judging them: a game
ends where its result token does (comments after the result stay with it) or where a tag
pair follows its movetext, and the next starts at its first token. :func:`load_many` judges
each game on its own, lazily, one at a time, so a bad game is reported alone and never hides
the others; every place an error names is the file's own line and column.
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from ..core.errors import RulesError
from .errors import TooManyRecords
from .loading import Loaded, load
from .syntax import BOM, TOKEN

#: the most games one text may hold for :func:`load_many` (a request judges at most these)
MAX_RECORDS = 100
#: the longest first line a game's answer quotes
FIRST_LINE = 80
_NEWLINE = re.compile(r"\n")


class GameText(NamedTuple):
    """One game of a text of many: its number (``index``, from 0), its text, the line and
    column (from 1) where it starts in the whole text, and that line's text (trimmed, at most
    :data:`FIRST_LINE` characters)."""

    index: int  # type: ignore[assignment]  # the game's index, as every answer names it
    text: str
    line: int
    column: int
    first_line: str


class Judged(NamedTuple):
    """One game of a text of many, judged: where it is, and either the game or its first
    fault."""

    game: GameText
    loaded: Loaded | None
    error: RulesError | None


def split(text: str) -> Iterator[GameText]:
    """The games of ``text`` in order (a byte-order mark at its start skipped). A text with
    no token at all is one game, empty, which judging refuses."""
    if text.startswith(BOM):
        text = text[len(BOM):]
    starts = list(_starts(text)) or [0]
    line, last = 1, 0
    for index, start in enumerate(starts):
        line += text.count("\n", last, start)
        line_start = text.rfind("\n", 0, start) + 1
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        line_end = text.find("\n", start)
        first = text[line_start:end if line_end < 0 else line_end]
        yield GameText(index, text[start:end], line, start - line_start + 1,
                       first.strip()[:FIRST_LINE])
        last = start


def _starts(text: str) -> Iterator[int]:
    """The offset where each game of ``text`` starts: its first token, and then every token
    that follows a result or is a tag pair after movetext. Characters no token matches (an
    unclosed comment) are passed over one by one: the game that holds them refuses them."""
    pos, end = 0, len(text)
    state = "before"  # before a game, in its tags, in its moves, after its result
    while pos < end:
        m = TOKEN.match(text, pos)
        kind = None if m is None else m.lastgroup
        start, pos = pos, pos + 1 if m is None else m.end()
        if kind in ("space", "escape"):
            continue
        comment = kind in ("comment", "line_comment")
        if state == "before" or (state == "result" and not comment) or (
                state == "moves" and kind == "tag"):
            yield start
            state = "tags"
        if kind == "result":
            state = "result"
        elif state == "tags" and kind not in ("tag", None) and not comment:
            state = "moves"


def load_many(text: str, default_game: str | None = None, max_plies: int | None = None,
              max_records: int = MAX_RECORDS, game_id: str | None = None
              ) -> Iterator[Judged]:
    """Each game of ``text`` judged as :func:`rules.records.load` judges one, in order, one
    at a time: ``default_game`` is the game of records without a Game tag (a record's own
    Game tag names its game), unless ``game_id`` insists on one for every record (another
    Game tag is then that record's fault). Raises :class:`TooManyRecords` before judging the
    game past ``max_records``."""
    for game in split(text):
        _within(game, max_records)
        try:
            loaded = load(game.text, game_id, max_plies, game.line, game.column,
                          default_game=default_game)
        except RulesError as exc:
            yield Judged(game, None, exc)
        else:
            yield Judged(game, loaded, None)


def check_count(text: str, max_records: int = MAX_RECORDS) -> None:
    """Raise :class:`TooManyRecords` if ``text`` holds more than ``max_records`` games, as
    :func:`load_many` would once it reached the game past them, but without judging any: the
    text is only split."""
    for game in split(text):
        _within(game, max_records)


def _within(game: GameText, max_records: int) -> None:
    """Raise :class:`TooManyRecords`, naming where ``game`` starts, when it is past the
    ``max_records`` games one text may hold."""
    if game.index >= max_records:
        raise TooManyRecords(
            f"Line {game.line}, column {game.column}: the text holds more than "
            f"{max_records} games, the most one request judges; split the file.",
            limit=max_records, line=game.line, column=game.column)

"""The tags a record knows, and the values each takes.

``Game`` (a game id), ``Options`` (the options as a JSON object), ``Position`` (the start, in
the game's notation, when it is not the initial position), ``Event``, ``Site``, ``Date``
(``YYYY.MM.DD``, ``?`` for unknown digits), ``Round``, one tag per seat naming its player
(the seat's name capitalised: ``White``, ``Dark``, ``Red``), ``Result`` (a result token) and
``Termination`` (how the game ended), ``TimeControl`` (``300+2`` or ``1/86400``, see
:mod:`rules.records.clocks`). Any other tag is kept as written. Game, Options and
Position are judged where the game is configured (:mod:`rules.records.loading`); the others
here.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.game import Game
from .clocks import parse_time_control
from .errors import InvalidTag
from .results import outcome
from .syntax import Record, Tag

#: Termination values beside the game's end reasons
OTHER_TERMINATIONS = ("unterminated", "normal")
_DATE = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")


def seat_tag(seat: str) -> str:
    """The tag naming the player of ``seat``: ``white`` -> ``White``."""
    return seat[:1].upper() + seat[1:]


def check_tags(record: Record, game: Game[Any, Any]) -> None:
    """The Date, Result and Termination tags hold values they take, and the Result tag
    agrees with the result token that ends the moves; InvalidTag naming the first that
    does not."""
    for tag in record.tags:
        problem = tag_problem(tag.name, tag.value, game)
        if problem:
            raise _bad(tag, problem)
    result = record.tag("Result")
    if result is not None and record.result is not None and result.value != record.result:
        raise _bad(result, f"the Result tag says {result.value} but the moves end with "
                           f"{record.result}; make them the same.")


def tag_problem(name: str, value: str, game: Game[Any, Any]) -> str | None:
    """Why ``value`` is not a value of the tag ``name`` in ``game``, or None."""
    if "\n" in value:
        return f"the {name} tag's value is on more than one line; tag values are one line."
    if name == "Date" and not _DATE.fullmatch(value):
        return (f"the Date tag is YYYY.MM.DD, with ? for unknown digits (2026.11.27, "
                f"2026.??.??), not {value!r}.")
    if name == "Result":
        said = outcome(value, game.seats())
        return said if isinstance(said, str) else None
    if name == "TimeControl":
        control = parse_time_control(value)
        return control if isinstance(control, str) else None
    if name == "Termination":
        known = (*game.reasons()["end"], *OTHER_TERMINATIONS)
        if value.strip() not in known:
            return (f"the Termination tag names how the game ended, one of "
                    f"{', '.join(known)}; not {value!r}.")
    return None


def _bad(tag: Tag, problem: str) -> InvalidTag:
    return InvalidTag(f"Line {tag.line}, column {tag.column}: {problem}", tag=tag.name,
                      line=tag.line, column=tag.column)

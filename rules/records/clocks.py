"""Clocks in records: the ``TimeControl`` tag and each ply's ``[%clk h:mm:ss]`` comment.

``TimeControl`` is ``300+2`` (base and increment, in seconds) or ``1/86400`` (one move in a
time per move, correspondence play). After a ply, a comment ``{[%clk 0:04:58]}`` gives the
time left on the mover's clock once the ply is played (milliseconds as a fraction,
``0:04:58.125``, when there are any). A record's clocks are judged against its time control:
a clock below zero, or one that grows by more than the increment since the same seat's
previous clock (the base before its first), or beyond the time per move, is a clock no game
under that time control could show.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Sequence

from .errors import InvalidRecord

#: ``[%clk h:mm:ss]`` or ``[%clk h:mm:ss.fff]`` inside a comment (a sign is read, to be refused)
CLK = re.compile(r"\[%clk\s+(-?)(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?\]")
_INCREMENT = re.compile(r"(\d+)\+(\d+)")
_PER_MOVE = re.compile(r"1/(\d+)")


class TimeControl(NamedTuple):
    """A record's time control, in seconds: base and increment, or a time per move."""

    base: int | None = None
    increment: int = 0
    per_move: int | None = None

    def tag(self) -> str:
        """The TimeControl tag's value."""
        if self.per_move is not None:
            return f"1/{self.per_move}"
        return f"{self.base}+{self.increment}"


def parse_time_control(value: str) -> TimeControl | str:
    """The time control a TimeControl tag's value gives, or why it gives none."""
    text = value.strip()
    if (m := _INCREMENT.fullmatch(text)) and int(m.group(1)) > 0:
        return TimeControl(int(m.group(1)), int(m.group(2)))
    if (m := _PER_MOVE.fullmatch(text)) and int(m.group(1)) > 0:
        return TimeControl(per_move=int(m.group(1)))
    return (f"the TimeControl tag is base+increment in seconds (300+2) or 1/seconds for a "
            f"time per move (1/86400), not {value!r}.")


def format_clock(ms: int) -> str:
    """``[%clk h:mm:ss]`` of ``ms`` milliseconds (``.fff`` when not whole seconds)."""
    seconds, fraction = divmod(ms, 1000)
    minutes, second = divmod(seconds, 60)
    hours, minute = divmod(minutes, 60)
    return f"[%clk {hours}:{minute:02}:{second:02}{f'.{fraction:03}' if fraction else ''}]"


class ReadClock(NamedTuple):
    """A comment read for a clock: the clock in milliseconds (None: none), and the rest of
    its text (empty when it held only the clock)."""

    ms: int | None
    rest: str


def read_clock(text: str, line: int = 0, column: int = 0) -> ReadClock:
    """The clock a comment's ``text`` gives; a negative one is refused at ``line`` and
    ``column`` (InvalidRecord)."""
    m = CLK.search(text)
    if m is None:
        return ReadClock(None, text)
    sign, hours, minutes, seconds, fraction = m.groups()
    if sign:
        raise _fault(line, column, f"the clock {m.group()} is below zero; a clock shows the "
                                   "time left, 0:00:00 at the least.")
    ms = ((int(hours) * 60 + int(minutes)) * 60 + int(seconds)) * 1000
    ms += int((fraction or "0").ljust(3, "0"))
    return ReadClock(ms, _without(text, m))


def _without(text: str, m: re.Match[str]) -> str:
    """``text`` less what ``m`` matched, each line's blanks single, its line breaks kept."""
    return "\n".join(" ".join(part.split()) for part in
                     (text[:m.start()] + " " + text[m.end():]).splitlines()).strip("\n ")


class PlyClock(NamedTuple):
    """One ply's clock as a record gives it: its mover, the milliseconds left, and where the
    clock is written (0: not written in a text)."""

    mover: str | None
    ms: int | None
    line: int = 0
    column: int = 0


def check_clocks(control: TimeControl, plies: Sequence[PlyClock]) -> None:
    """Every clock is one a game under ``control`` could show; InvalidRecord, at the clock's
    line and column, for the first that is not."""
    last: dict[str | None, int] = {}
    for index, ply in enumerate(plies):
        if ply.ms is None:
            continue
        if control.per_move is not None:
            bound, why = control.per_move * 1000, f"the time per move, {control.per_move} s"
        else:
            assert control.base is not None
            previous = last.get(ply.mover, control.base * 1000)
            bound = previous + control.increment * 1000
            why = (f"{ply.mover}'s previous clock ({format_clock(previous)[6:-1]}) plus the "
                   f"increment of {control.increment} s")
        if ply.ms > bound:
            raise _fault(ply.line, ply.column,
                         f"after move {index} the clock shows {format_clock(ply.ms)[6:-1]}, "
                         f"more than {why}: no game under TimeControl {control.tag()} shows "
                         "it; write the clock the game showed.", index=index)
        last[ply.mover] = ply.ms


def _fault(line: int, column: int, problem: str, **extra: int) -> InvalidRecord:
    where = {"line": line, "column": column} if line else {}
    place = f"Line {line}, column {column}: " if line else ""
    return InvalidRecord(place + problem[:1].upper() + problem[1:], **where, **extra)


#: ``[%eval 0.25]`` (pawns, signed) or ``[%eval #-3]`` (mate in so many moves) in a comment
EVAL = re.compile(r"\[%eval\s+([^\]\s]*)\s*\]")
EVAL_VALUE = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?|#[+-]?[0-9]+")


class ReadEval(NamedTuple):
    """A comment read for an evaluation: its value as written (None: none), and the rest of
    its text."""

    value: str | None
    rest: str


def read_eval(text: str, line: int = 0, column: int = 0) -> ReadEval:
    """The evaluation a comment's ``text`` gives (``0.25``, ``-1.5``, ``#3``); one that is
    neither a number nor ``#`` and a number of moves is refused at ``line`` and ``column``
    (InvalidRecord)."""
    m = EVAL.search(text)
    if m is None:
        return ReadEval(None, text)
    if not EVAL_VALUE.fullmatch(m.group(1)):
        raise _fault(line, column, f"the evaluation {m.group()} is neither a score such as "
                                   "[%eval 0.25] nor a mate such as [%eval #-3].")
    return ReadEval(m.group(1), _without(text, m))

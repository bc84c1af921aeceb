"""A record judged by the rules: its game and options, its start, every ply played, its
off-board events, and its result checked against where they lead.

:func:`load` reads record text and judges it; :func:`judge` judges a record built in code
(the writer's road: :mod:`rules.records.writing` builds the record it will write and judges
it here first, so what is written is always what loads).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from .. import registry
from ..core.departure import agree_draw, depart
from ..core.errors import (
    GameOver, InvalidDice, InvalidOptions, InvalidPosition, RulesError, WorkLimitExceeded,
)
from ..core.game import Game
from ..core.reasons import OffBoard
from ..core.values import Status
from .clocks import (
    PlyClock, TimeControl, check_clocks, parse_time_control, read_clock, read_eval,
)
from .errors import GameMismatch, InvalidRecord, InvalidTag, ResultContradictsBoard
from .results import UNFINISHED, describe, outcome, result_token
from .syntax import DRAW_AGREED, Aside, Comment, Item, Ply, Record, Tag, Variation, read
from .tags import check_tags, seat_tag

#: what each off-board event ends or changes a game for
ASIDE_REASONS = {"resigns": OffBoard.RESIGNATION, "leaves": OffBoard.ABANDONED,
                 "runs_out_of_time": OffBoard.OUT_OF_TIME}
#: how the result agrees with the board: the board ended so; an off-board event ended it
#: so; the game goes on and says so; the board ended but the record gives no result
AGREEMENTS = ("board", "off_board", "unfinished", "unrecorded")


@dataclass(frozen=True)
class LoadedPly:
    """One ply played: its index, canonical notation, dice, who played it, what happened,
    the position after it and that position's status, where it was written."""

    index: int
    move: str
    dice: Any
    mover: str | None
    events: tuple[dict[str, Any], ...]
    position: Any
    status: Status
    line: int = 0
    column: int = 0
    #: the mover's clock once the ply is played, in milliseconds, when the record gives it
    #: (a ``[%clk h:mm:ss]`` comment after the ply), and where that comment starts
    clock_ms: int | None = None
    clock_line: int = 0
    clock_column: int = 0
    #: its annotations: the suffix (``!``, ``?!``...), the glyphs (``$1``), the check or mate
    #: mark as written (``+``, ``#``; verified), the evaluation (``[%eval 0.25]``, ``#-3``)
    suffix: str | None = None
    nags: tuple[int, ...] = ()
    mark: str | None = None
    eval: str | None = None
    #: the lines that might have been played instead of this ply, from the position before it
    variations: tuple["LoadedVariation", ...] = ()


@dataclass
class LoadedVariation:
    """A variation judged: its plies (indexed in the game, from the ply it replaces) and its
    comments (``after`` counted from its start)."""

    plies: list[LoadedPly] = field(default_factory=list)
    comments: list[LoadedComment] = field(default_factory=list)


class LoadedAside(NamedTuple):
    """An off-board event after ``after`` plies: its kind, its player, what it did."""

    after: int
    kind: str
    player: str | None
    events: tuple[dict[str, Any], ...] = ()


class LoadedComment(NamedTuple):
    """A comment after ``after`` plies (0: before the first)."""

    after: int
    text: str


@dataclass
class Loaded:
    """A record judged: everything an importer needs, as values of the game."""

    game: Game[Any, Any]
    tags: dict[str, str]
    start: Any
    #: whether the record starts from the game's initial position (no Position tag)
    from_initial: bool
    plies: list[LoadedPly] = field(default_factory=list)
    asides: list[LoadedAside] = field(default_factory=list)
    comments: list[LoadedComment] = field(default_factory=list)
    #: the position play reached (after the last ply or departure)
    position: Any = None
    #: that position's own status
    board_status: Status | None = None
    #: how the game stands: the board's, or the off-board end that overrides it
    status: Status | None = None
    #: the result token: the record's, or the board's when the record gives none
    result: str = UNFINISHED
    #: one of :data:`AGREEMENTS`
    agreement: str = "unfinished"

    @property
    def ended_off_board(self) -> bool:
        """Whether an off-board event (a resignation, a departure, time, a draw agreed)
        ended the game."""
        return self.status is not self.board_status

    def to_json(self, written: Callable[[Any], str] | None = None) -> dict[str, Any]:
        """The judged record as JSON: positions in the game's notation (written by
        ``written``, by default the game's ``format_position``: a caller that remembers
        positions it wrote passes its own), statuses as the status operation answers them."""
        g = self.game
        text = written or g.format_position
        assert self.status is not None and self.board_status is not None
        return {
            "game": g.id,
            "options": g.options,
            "tags": dict(self.tags),
            "start": text(self.start),
            "from_initial": self.from_initial,
            "plies": plies_json(self.plies, text),
            "asides": [{"after": a.after, "kind": a.kind, "player": a.player,
                        "events": list(a.events)} for a in self.asides],
            "comments": [{"after": c.after, "text": c.text} for c in self.comments],
            "position": text(self.position),
            "status": self.status.to_json(),
            "board_status": self.board_status.to_json(),
            "result": self.result,
            "agreement": self.agreement,
        }


def plies_json(plies: Sequence[LoadedPly], text: Callable[[Any], str]) -> list[dict[str, Any]]:
    """Plies as the import answers them, positions written by ``text``, each with its
    variations (a tree)."""
    return [{"move": p.move, "dice": p.dice, "mover": p.mover, "events": list(p.events),
             "position": text(p.position), "status": p.status.to_json(),
             **_annotations_json(p, text)} for p in plies]


def _annotations_json(ply: LoadedPly, text: Callable[[Any], str]) -> dict[str, Any]:
    """A ply's clock, annotations and variations as JSON, each only when the record gives
    it."""
    if (ply.clock_ms is None and ply.suffix is None and not ply.nags and ply.mark is None
            and ply.eval is None and not ply.variations):
        return {}  # most plies: nothing to add, said at once
    given = {"clock_ms": ply.clock_ms, "suffix": ply.suffix, "nags": list(ply.nags) or None,
             "mark": ply.mark, "eval": ply.eval,
             "variations": [{"plies": plies_json(v.plies, text),
                             "comments": [{"after": c.after, "text": c.text}
                                          for c in v.comments]}
                            for v in ply.variations] or None}
    return {name: value for name, value in given.items() if value is not None}


def load(text: str, game_id: str | None = None, max_plies: int | None = None,
         line: int = 1, column: int = 1, default_game: str | None = None) -> Loaded:
    """The record ``text`` judged: for the game ``game_id`` (its Game tag, if any, must
    agree) or else the game its Game tag names; at most ``max_plies`` plies. ``line`` and
    ``column`` say where ``text`` starts in its file, for the places errors name;
    ``default_game`` is the game of a record without a Game tag when ``game_id`` is None.

    Raises the record's errors (:mod:`rules.records.errors`: the grammar, a tag, the game,
    the result) and the rules' (options, start position, a ply: each with where it is
    written, a ply with its index too).
    """
    record = read(text, line, column)
    if max_plies is not None:
        plies = count_plies(record.items)
        if plies > max_plies:
            raise WorkLimitExceeded(
                f"The record has {plies} plies; at most {max_plies} are judged in one "
                "request. Split the game, or judge it offline.", limit=max_plies)
    game = _game_of(record, game_id, default_game)
    check_tags(record, game)
    start, from_initial = _start_of(record, game)
    where: dict[str, Any] = {"line": record.result_line, "column": record.result_column}
    result = record.result
    result_tag = record.tag("Result")
    if result is None and result_tag is not None:
        result, where = result_tag.value, {"line": result_tag.line, "column": result_tag.column,
                                           "tag": "Result"}
    termination = record.tag("Termination")
    seats = {seat.lower(): seat_tag(seat) for seat in game.seats()}
    tags = {seats.get(t.name.lower(), t.name): t.value for t in record.tags}
    try:
        return judge(game, start, from_initial, record.items, tags, result,
                     None if termination is None else termination.value, where)
    except ResultContradictsBoard as exc:
        if exc.extra.get("tag") == "Termination" and "line" not in exc.extra:
            raise _located(exc, termination) from None
        raise


def count_plies(items: Sequence[Item]) -> int:
    """How many plies ``items`` hold, their variations' included."""
    return sum(1 if isinstance(item, Ply) else
               count_plies(item.items) if isinstance(item, Variation) else 0 for item in items)


def _game_of(record: Record, game_id: str | None, default_game: str | None = None
             ) -> Game[Any, Any]:
    """The configured game of the record: the one asked for or the Game tag's (else
    ``default_game``), under the Options tag's options."""
    tag = record.tag("Game")
    named = None if tag is None else tag.value.strip()
    known = registry.game_ids()
    where: dict[str, Any] = {} if tag is None else {"line": tag.line, "column": tag.column,
                                                    "tag": "Game"}
    if named is not None and named not in known:
        raise GameMismatch(f"The record is a game of {named!r}, which this service does not "
                           f"play; it plays {', '.join(known)}.", **where)
    if game_id is not None and named is not None and named != game_id:
        raise GameMismatch(f"The record is a game of {named!r}, not {game_id!r}; judge it as "
                           f"a game of {named!r}.", **where)
    chosen = game_id or named or default_game
    if chosen is None:
        raise InvalidTag("The record names no game: add a tag such as "
                         f"[Game \"{known[0]}\"] before the moves.",
                         tag="Game", line=record.line, column=record.column)
    options_tag = record.tag("Options")
    options = _options_of(options_tag)
    try:
        return registry.configure(chosen, options)
    except InvalidOptions as exc:
        raise _located(exc, options_tag) from None


def _options_of(tag: Tag | None) -> dict[str, Any] | None:
    """The Options tag's JSON object (None without the tag)."""
    if tag is None:
        return None
    try:
        value = json.loads(tag.value)
    except ValueError:
        value = None
    if not isinstance(value, dict):
        raise InvalidTag(f"Line {tag.line}: the Options tag holds the game's options as a JSON "
                         "object, like [Options \"{\\\"players\\\": [\\\"w\\\", \\\"b\\\"]}\"]"
                         " (quotes inside escaped).", tag="Options", line=tag.line,
                         column=tag.column)
    return value


def _start_of(record: Record, game: Game[Any, Any]) -> tuple[Any, bool]:
    """The start position (the Position tag's, else the initial one) and whether it is the
    initial one."""
    tag = record.tag("Position")
    if tag is None:
        return game.start_position, True
    try:
        start = game.parse_position(tag.value.strip())
    except InvalidPosition as exc:
        raise _located(exc, tag) from None
    return start, start == game.start_position


def _located(exc: RulesError, tag: Tag | None) -> RulesError:
    """``exc`` pointing at ``tag``."""
    if tag is not None:
        exc.extra = {**exc.extra, "tag": tag.name, "line": tag.line, "column": tag.column}
        exc.detail = f"Line {tag.line}, the {tag.name} tag: {exc.detail}"
    return exc


def judge(game: Game[Any, Any], start: Any, from_initial: bool, items: Sequence[Item],
          tags: Mapping[str, str], result: str | None, termination: str | None,
          result_where: Mapping[str, Any] | None = None) -> Loaded:
    """Play ``items`` from ``start`` and check ``result`` and ``termination`` (None: not
    given) against where they lead; an error about the result points at ``result_where``
    (its ``line`` and ``column``, and ``tag`` when the Result tag gave it)."""
    loaded = Loaded(game, dict(tags), start, from_initial)
    _play(loaded, items)
    judge_clocks(loaded)
    try:
        _judge_result(loaded, result, termination)
    except RulesError as exc:
        where = {k: v for k, v in (result_where or {}).items() if v}
        if "line" in where and "tag" not in exc.extra:
            exc.extra = {**exc.extra, **where}
            exc.detail = f"Line {where['line']}, column {where['column']}: {exc.detail}"
        raise
    return loaded


def _play(loaded: Loaded, items: Sequence[Item]) -> None:
    """Every item in order: plies played, off-board events applied, comments kept."""
    g = loaded.game
    position = before = loaded.start
    ended: Status | None = None
    for item in items:
        if isinstance(item, Comment):
            _read_comment(loaded.plies, loaded.comments, item)
        elif isinstance(item, Ply):
            before = position
            position = _play_ply(g, loaded.plies, position, item, ended)
        elif isinstance(item, Variation):
            _add_variation(g, loaded.plies, before, item, ())
        else:
            position, ended = _apply_aside(loaded, position, item, ended)
    loaded.position = position
    loaded.board_status = g.status(position)
    loaded.status = ended or loaded.board_status


_PLACE = re.compile(r"Line \d+, column \d+[,:] ")
#: where a variation is: for each variation on the way to it, the index of the ply it
#: replaces and which of that ply's variations it is (from 0)
Path = tuple[tuple[int, int], ...]


def _add_variation(g: Game[Any, Any], plies: list[LoadedPly], before: Any,
                   variation: Variation, path: Path) -> None:
    """``variation`` played from ``before`` (the position before the last of ``plies``, the
    ply it replaces) and kept on that ply; an error inside it names its path."""
    replaced = plies[-1]
    here = (*path, (replaced.index, len(replaced.variations)))
    line = LoadedVariation()
    position = previous = before
    try:
        for item in variation.items:
            if isinstance(item, Comment):
                _read_comment(line.plies, line.comments, item, replaced.index)
            elif isinstance(item, Ply):
                previous = position
                position = _play_ply(g, line.plies, position, item, None, replaced.index)
            elif isinstance(item, Variation):
                _add_variation(g, line.plies, previous, item, here)
    except RulesError as exc:
        if "variation" not in exc.extra:
            exc.extra = {**exc.extra, "variation": [list(hop) for hop in here]}
            place = _PLACE.match(exc.detail)
            cut = place.end() if place else 0
            exc.detail = (f"{exc.detail[:cut]}in {_variation_words(here)}, "
                          f"{exc.detail[cut:]}")
        raise
    plies[-1] = replace(replaced, variations=(*replaced.variations, line))


def _variation_words(path: Path) -> str:
    """``variation 1 of move 4`` (counting variations from 1), nested ones after a ``/``."""
    return " / ".join(f"variation {which + 1} of move {index}" for index, which in path)


def _read_comment(plies: list[LoadedPly], comments: list[LoadedComment], comment: Comment,
                  first: int = 0) -> None:
    """A comment kept in ``comments`` (``after`` counted in its line, whose first ply has
    the index ``first``), its clock (``[%clk h:mm:ss]``) and evaluation read into the ply
    before it."""
    clock = read_clock(comment.text, comment.line, comment.column)
    evaluation = read_eval(clock.rest, comment.line, comment.column)
    if evaluation.value is not None:
        if not plies:
            raise InvalidRecord(f"{_place(comment)}an evaluation comes after the ply it "
                                "judges; this one comes before the first.", **_where(comment))
        plies[-1] = replace(plies[-1], eval=evaluation.value)
        clock = clock._replace(rest=evaluation.rest)
    if clock.ms is not None:
        if not plies:
            place = f"Line {comment.line}, column {comment.column}: " if comment.line else ""
            raise InvalidRecord(f"{place}a clock comment comes after the ply it times; this "
                                "one comes before the first.",
                                **({"line": comment.line, "column": comment.column}
                                   if comment.line else {}))
        plies[-1] = replace(plies[-1], clock_ms=clock.ms,
                            clock_line=comment.line, clock_column=comment.column)
    if clock.rest:
        comments.append(LoadedComment(len(plies), clock.rest))


def judge_clocks(loaded: Loaded) -> None:
    """The plies' clocks against the record's TimeControl tag, if it has one (InvalidRecord
    at the first clock no game under it could show)."""
    tag = loaded.tags.get("TimeControl")
    control = None if tag is None else parse_time_control(tag)
    if isinstance(control, TimeControl):
        check_clocks(control, [PlyClock(p.mover, p.clock_ms, p.clock_line, p.clock_column)
                               for p in loaded.plies])


def _play_ply(g: Game[Any, Any], plies: list[LoadedPly], position: Any, ply: Ply,
              ended: Status | None, first: int = 0) -> Any:
    """The position after ``ply``, kept in ``plies`` (a line whose first ply has the index
    ``first`` in the game); its error, if any, says which ply and where."""
    index = first + len(plies)
    try:
        if ended is not None:
            raise _over_off_board(ended)
        status = g.status(position)
        text, mark = (_marked(g, position, status, ply) if ply.text[-1] in "+#"
                      else (ply.text, None))
        try:
            move, applied = g.play(position, text, dice=_dice_for(g, ply.dice),
                                   rng=UNWRITTEN)
        except UnwrittenDice:
            raise _dice_required(g, position, text) from None
        after = g.status(applied.position)
        if mark is not None:
            try:
                _check_mark(mark, after)
            except InvalidRecord:  # the fault is the mark's: its column, after the move
                ply = ply._replace(column=ply.column + len(text))
                raise
    except RulesError as exc:
        exc.extra = {**exc.extra, "index": index, "position": g.format_position(position),
                     **_where(ply)}
        exc.detail = f"{_place(ply)}move {index} ({ply.text!r}): {exc.detail}"
        raise
    plies.append(LoadedPly(index, g.format_move(position, move), applied.dice,
                           status.to_move, applied.events, applied.position, after,
                           ply.line, ply.column)
                 if ply.suffix is None and not ply.nags and mark is None else
                 LoadedPly(index, g.format_move(position, move), applied.dice,
                           status.to_move, applied.events, applied.position, after,
                           ply.line, ply.column, suffix=ply.suffix, nags=ply.nags,
                           mark=mark))
    return applied.position


#: the marks a move may end with in a game with check: check, and mate
MARKS = ("+", "#")


def _marked(game: Game[Any, Any], position: Any, status: Status, ply: Ply
            ) -> tuple[str, str | None]:
    """The move's text without its check or mate mark, and the mark (None: none). A game
    whose statuses say nothing of check has no marks: a move ending in one that is not
    its notation is refused."""
    text = ply.text
    if not text.endswith(MARKS) or len(text) == 1:
        return text, None
    if "in_check" in status.extra:
        return text[:-1], text[-1]
    try:
        game.parse_move(position, text)
    except RulesError:
        raise InvalidRecord(f"{game.name} has no check: its moves take no '{text[-1]}' mark; "
                            f"write {text[:-1]!r}.") from None
    return text, None


def _check_mark(mark: str, after: Status) -> None:
    """A check mark (``+``) needs the mover's opponent in check after the move, a mate mark
    (``#``) the game won by it with the loser in check; InvalidRecord for one that is not."""
    check = bool(after.extra.get("in_check"))
    mate = check and after.finished and after.winner is not None
    if mark == "#" and not mate:
        raise InvalidRecord("the move is marked '#' (mate), but it "
                            f"{'only gives check: mark it +' if check else 'gives no mate'}.")
    if mark == "+" and not check:
        raise InvalidRecord("the move is marked '+' (check), but it gives no check; leave "
                            "the mark out.")


class UnwrittenDice(Exception):
    """A chance move was played without dice: the record did not say what they showed."""


class _Unwritten(random.Random):
    """The dice source of a record's plies: a record says what its dice showed, so asking
    this source for a roll means the record did not (rolling them would make the same record
    a different game each time it is read)."""

    def random(self) -> float:
        raise UnwrittenDice

    def getrandbits(self, k: int) -> int:
        raise UnwrittenDice


UNWRITTEN = _Unwritten()


def _dice_required(game: Game[Any, Any], position: Any, text: str) -> InvalidDice:
    """The error of a chance move written without its dice."""
    move = game.format_move(position, game.parse_move(position, text))
    return InvalidDice(f"{move} is decided by dice, and the record does not say what they "
                       "showed; write them right after the move, in <...>.")


def _over_off_board(ended: Status) -> RulesError:
    """The error of a ply or an event after the game ended off the board."""
    return GameOver.of(ended, "it ended off the board, and nothing may follow.")


def _apply_aside(loaded: Loaded, position: Any, aside: Aside, ended: Status | None
                 ) -> tuple[Any, Status | None]:
    """The position and the off-board end after ``aside``."""
    g = loaded.game
    try:
        if ended is not None:
            raise _over_off_board(ended)
        events: tuple[dict[str, Any], ...] = ()
        if aside.kind == DRAW_AGREED:
            status = agree_draw(g, position)
        else:
            assert aside.player is not None
            departed = depart(g, position, aside.player, ASIDE_REASONS[aside.kind])
            position, status, events = departed
    except RulesError as exc:
        exc.extra = {**exc.extra, **_where(aside)}
        exc.detail = f"{_place(aside)}{exc.detail}"
        raise
    loaded.asides.append(LoadedAside(len(loaded.plies), aside.kind, aside.player, events))
    return position, (status if status.finished else None)


def _dice_for(game: Game[Any, Any], dice: Any) -> Any:
    """Written dice as the game takes them: a single number where its dice schema wants a
    list becomes a list of one."""
    if not isinstance(dice, dict) or not game.dice_schema:
        return dice
    properties = game.dice_schema.get("properties", {})
    return {name: [value] if isinstance(value, int) and
            properties.get(name, {}).get("type") == "array" else value
            for name, value in dice.items()}


def _where(item: Ply | Aside | Comment) -> dict[str, int]:
    return {"line": item.line, "column": item.column} if item.line else {}


def _place(item: Ply | Aside | Comment) -> str:
    return f"Line {item.line}, column {item.column}, " if item.line else ""


def _judge_result(loaded: Loaded, result: str | None, termination: str | None) -> None:
    """Set the result and how it agrees, or raise ResultContradictsBoard."""
    g, status = loaded.game, loaded.status
    assert status is not None
    seats = g.seats()
    actual = result_token(status, seats)
    if result is None or result == UNFINISHED:
        loaded.result = actual
        loaded.agreement = "unrecorded" if status.finished else "unfinished"
    else:
        said = outcome(result, seats)
        if isinstance(said, str):
            raise InvalidRecord(said[:1].upper() + said[1:])
        if result != actual:
            raise ResultContradictsBoard(_contradiction(loaded, result), result=result,
                                         actual=actual)
        loaded.result = result
        loaded.agreement = "off_board" if loaded.ended_off_board else "board"
    _check_termination(loaded, termination)


def _contradiction(loaded: Loaded, result: str) -> str:
    g, status = loaded.game, loaded.status
    assert status is not None
    seats = g.seats()
    claimed = describe(result, seats)
    if not status.finished:
        return (f"The record's result is {claimed}, but after its moves the game goes on "
                f"({status.to_move} to move) and no resignation, departure, loss on time or "
                "draw agreed explains it; add the off-board event that ended it, such as "
                f"({status.to_move} resigns), or write the result *.")
    why = "" if status.reason is None else f" by {status.reason.value}"
    return (f"The record's result is {claimed}, but its moves end in "
            f"{describe(result_token(status, seats), seats)}{why}.")


def _check_termination(loaded: Loaded, termination: str | None) -> None:
    """A Termination tag names how the game ended: its end reason (``normal`` is taken for
    any end on the board), or ``unterminated`` for a game that goes on."""
    status = loaded.status
    assert status is not None
    if termination is None:
        return
    actual = "unterminated" if status.reason is None else status.reason.value
    said = termination.strip()
    if said == actual or (said == "normal" and status.finished and not loaded.ended_off_board):
        return
    raise ResultContradictsBoard(
        f"The Termination tag says {said!r}, but the game "
        f"{'goes on' if status.reason is None else f'ended by {actual}'}; write "
        f"[Termination \"{actual}\"] or leave the tag out.", tag="Termination")

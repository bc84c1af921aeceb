"""Writing records: a game's moves, dice, comments and off-board events as record text.

:func:`write_game` builds the record's items, judges them as a record read from text would be
(:func:`rules.records.loading.judge`: the moves are played, the result derived or checked),
then writes the judged game with :func:`format_record`, so what is written always loads
back to the same game. Move numbers count rounds: a new number when the mover's seat comes
before the previous mover's (so a player's several actions in one turn share one), ``N...``
when a round goes on after a comment or an event.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from .. import registry
from ..core.errors import InvalidDice, RulesError
from ..core.game import Game
from .errors import InvalidRecord, InvalidTag
from .clocks import format_clock
from .loading import (
    ASIDE_REASONS, Loaded, LoadedAside, LoadedComment, LoadedPly, judge, judge_clocks,
)
from .syntax import (
    ASIDE_WORDS, DRAW_AGREED, END_TAGS, GAME_TAGS, MAX_VARIATION_DEPTH, ROSTER, TAG_NAME, Aside,
    Comment, Item, Ply, Variation, comment_text,
)
from .tags import seat_tag, tag_problem

#: the longest movetext line the writer makes (a token longer than this has its own line)
LINE_WIDTH = 79


class Annotation(NamedTuple):
    """What export writes about one ply: its suffix (``!``, ``?!``...), its glyphs, its check
    or mate mark (verified), its evaluation (``0.25``, ``#-3``)."""

    suffix: str | None = None
    nags: Sequence[int] = ()
    mark: str | None = None
    eval: str | None = None


class GivenVariation(NamedTuple):
    """A variation to write: it replaces the ply of index ``after`` in its line (the main
    line's, or the variation's it is given in), with its own moves, dice, comments
    (``(after, text)`` counted in it), annotations and variations."""

    after: int
    moves: Sequence[str]
    dice: Sequence[Any] = ()
    comments: Sequence[tuple[int, str]] = ()
    annotations: Sequence[Annotation | None] = ()
    variations: Sequence["GivenVariation"] = ()


class Written(NamedTuple):
    """A record's text and the game it holds, judged."""

    text: str
    loaded: Loaded


def write_game(game: Game[Any, Any], moves: Sequence[str], *, start: Any = None,
               dice: Sequence[Any] | None = None, tags: Mapping[str, str] | None = None,
               comments: Iterable[tuple[int, str]] = (),
               asides: Iterable[tuple[int, str, str | None]] = (),
               result: str | None = None,
               clocks: Sequence[Mapping[str, int] | None] | None = None,
               annotations: Sequence[Annotation | None] = (),
               variations: Sequence[GivenVariation] = ()) -> Written:
    """The record of ``moves`` (each with its entry of ``dice``, None for none) played from
    ``start`` (None: the initial position) in ``game``, with ``tags`` (any but Game, Options
    and Position, which come from the game), ``comments`` as ``(after, text)`` (``after``
    plies before it) and ``asides`` as ``(after, kind, player)`` (``kind`` one of
    ``resigns``, ``leaves``, ``runs_out_of_time``, ``draw_agreed``).

    ``result`` (or a Result tag) is checked as a read record's is; without one, the result
    and the Termination are the game's. ``clocks``, aligned with ``moves``, gives each seat's
    milliseconds after each ply (None: not given): the mover's is written after the ply as a
    ``[%clk h:mm:ss]`` comment, checked against a TimeControl tag as a read record's are.
    ``annotations``, aligned with ``moves``, and ``variations`` are written and judged as a
    read record's are (a variation's moves from the position before the ply it replaces).
    Raises as :func:`rules.records.load` does (a ply's error with its index).
    """
    tags = dict(tags or {})
    _check_given_tags(game, tags)
    items = _items(moves, dice or [], list(comments), list(asides))
    items = _annotated(items, annotations, variations, 1)
    begin = game.start_position if start is None else start
    loaded = judge(game, begin, begin == game.start_position, items, tags,
                   result if result is not None else tags.get("Result"),
                   tags.get("Termination"))
    if clocks:
        _clock_plies(loaded, clocks)
    return Written(format_record(loaded), loaded)


def _clock_plies(loaded: Loaded, clocks: Sequence[Mapping[str, int] | None]) -> None:
    """Each ply's mover's clock from ``clocks`` (aligned with the plies), judged."""
    if len(clocks) > len(loaded.plies):
        raise InvalidRecord(f"clocks has {len(clocks)} entries for {len(loaded.plies)} moves; "
                            "give at most one per move.")
    for index, given in enumerate(clocks):
        if given is None:
            continue
        ply = loaded.plies[index]
        ms = None if ply.mover is None else given.get(ply.mover)
        if ms is None or ms < 0:
            raise InvalidRecord(f"The clocks after move {index} give no time (0 or more) for "
                                f"its mover, {ply.mover}; give each seat's remaining "
                                "milliseconds.", index=index)
        loaded.plies[index] = replace(ply, clock_ms=ms)
    judge_clocks(loaded)


def write(game: Game[Any, Any], moves: Sequence[str], **given: Any) -> str:
    """The text of :func:`write_game`."""
    return write_game(game, moves, **given).text


def _check_given_tags(game: Game[Any, Any], tags: Mapping[str, str]) -> None:
    for name, value in tags.items():
        if not isinstance(name, str) or not TAG_NAME.fullmatch(name):
            raise InvalidTag(f"{name!r} is not a tag name: letters, digits and '_', starting "
                             "with a letter.", tag=str(name))
        if name in GAME_TAGS:
            raise InvalidTag(f"The {name} tag is written from the game itself (its options "
                             "and start position); leave it out of the tags.", tag=name)
        problem = tag_problem(name, value, game)
        if problem:
            raise InvalidTag(problem[:1].upper() + problem[1:], tag=name)


def _items(moves: Sequence[str], dice: Sequence[Any], comments: list[tuple[int, str]],
           asides: list[tuple[int, str, str | None]]) -> list[Item]:
    """The record's items in order: at each point, its comments, its events, then the ply."""
    if len(dice) > len(moves):
        raise InvalidDice(f"dice has {len(dice)} entries for {len(moves)} moves; give at most "
                          "one per move.")
    for after, what in [*((c[0], "comment") for c in comments),
                        *((a[0], "event") for a in asides)]:
        if not isinstance(after, int) or not 0 <= after <= len(moves):
            raise InvalidRecord(f"A {what} is placed after {after!r} plies; the game has "
                                f"{len(moves)}, so place it after 0 to {len(moves)}.")
    for _, kind, player in asides:
        if kind != DRAW_AGREED and kind not in ASIDE_REASONS:
            raise InvalidRecord(f"{kind!r} is not an off-board event; use resigns, leaves, "
                                f"runs_out_of_time or {DRAW_AGREED}.")
        if kind != DRAW_AGREED and not player:
            raise InvalidRecord(f"The event {kind} needs the player who {ASIDE_WORDS[kind]}.")
    items: list[Item] = []
    for k in range(len(moves) + 1):
        items.extend(Comment(comment_text(text)) for after, text in comments if after == k)
        items.extend(Aside(kind, None if kind == DRAW_AGREED else player)
                     for after, kind, player in asides if after == k)
        if k < len(moves):
            items.append(Ply(moves[k], dice[k] if k < len(dice) else None))
    return items


def _annotated(items: list[Item], annotations: Sequence[Annotation | None],
               variations: Sequence[GivenVariation], depth: int) -> list[Item]:
    """``items`` with each ply's annotation (aligned with the plies) and, after the ply each
    replaces, the variations (``depth`` deep), in order."""
    plies = sum(isinstance(item, Ply) for item in items)
    if len(annotations) > plies:
        raise InvalidRecord(f"annotations has {len(annotations)} entries for {plies} "
                            "moves; give at most one per move.")
    for given in variations:
        if not isinstance(given.after, int) or not 0 <= given.after < plies:
            raise InvalidRecord(f"A variation replaces move {given.after!r}; its line has "
                                f"{plies}, so give 0 to {plies - 1}.")
        if depth > MAX_VARIATION_DEPTH:
            raise InvalidRecord(f"Variations nest at most {MAX_VARIATION_DEPTH} deep.")
        if not given.moves:
            raise InvalidRecord(f"The variation of move {given.after} holds no move.")
    if not annotations and not variations:
        return items
    out: list[Item] = []
    n = -1
    for item in items:
        if not isinstance(item, Ply):
            out.append(item)
            continue
        n += 1
        note = annotations[n] if n < len(annotations) else None
        if note is None:
            out.append(item)
        else:
            out.append(item._replace(text=item.text + (note.mark or ""), suffix=note.suffix,
                                     nags=tuple(note.nags)))
            if note.eval is not None:
                out.append(Comment(f"[%eval {note.eval}]"))
        for given in variations:
            if given.after == n:
                inner = _items(given.moves, given.dice, list(given.comments), [])
                out.append(Variation(tuple(_annotated(inner, given.annotations,
                                                      given.variations, depth + 1))))
    return out


# ---- the text ----------------------------------------------------------------------------

def format_record(loaded: Loaded) -> str:
    """The record text of a judged game: its tags, a blank line, its movetext."""
    lines = [f'[{name} "{_escape(value)}"]' for name, value in _tag_pairs(loaded)]
    return "\n".join(lines) + "\n\n" + _wrap(_movetext(loaded)) + "\n"


def _tag_pairs(loaded: Loaded) -> list[tuple[str, str]]:
    """Game, Options (unless the defaults), Position (unless the initial one), the roster,
    the seats' players, any other tag as given, Result, Termination."""
    g = loaded.game
    pairs = [("Game", g.id)]
    options = _options_written(g)
    if options:
        pairs.append(("Options", json.dumps(options, sort_keys=True, separators=(",", ":"),
                                            ensure_ascii=False)))
    if not loaded.from_initial:
        pairs.append(("Position", g.format_position(loaded.start)))
    seats = [seat_tag(seat) for seat in g.seats()]
    given = loaded.tags
    pairs += [(name, given[name]) for name in (*ROSTER, *seats) if name in given]
    pairs += [(name, value) for name, value in given.items()
              if name not in (*GAME_TAGS, *END_TAGS, *ROSTER, *seats)]
    assert loaded.status is not None
    reason = loaded.status.reason
    pairs += [("Result", loaded.result),
              ("Termination", "unterminated" if reason is None else reason.value)]
    return pairs


def _options_written(game: Game[Any, Any]) -> dict[str, Any]:
    """The fewest options that configure ``game``: those that differ from the defaults,
    less each one the others already imply (a board that follows from the players, say), in
    the order the game declares them; none, and the Options tag is left out, for the
    defaults."""
    defaults = registry.configure(game.id).options
    written = {k: v for k, v in game.options.items() if defaults.get(k) != v}
    for name in reversed(list(written)):
        fewer = {k: v for k, v in written.items() if k != name}
        if _configures(game, fewer):
            written = fewer
    return written if _configures(game, written) else dict(game.options)


def _configures(game: Game[Any, Any], options: dict[str, Any]) -> bool:
    """Whether ``options`` resolve to ``game``'s own."""
    try:
        return registry.configure(game.id, options).options == game.options
    except RulesError:
        return False


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _movetext(loaded: Loaded) -> list[str]:
    """The movetext's tokens; a token ending in a newline ends its line."""
    seats = loaded.game.seats()
    tokens: list[str] = []
    number, previous_seat, interrupted = 0, None, False
    for k in range(len(loaded.plies) + 1):
        for comment in (c for c in loaded.comments if c.after == k):
            tokens.append(_comment(comment))
            interrupted = True
        for aside in (a for a in loaded.asides if a.after == k):
            tokens.append(_aside(aside))
            interrupted = True
        if k == len(loaded.plies):
            break
        ply = loaded.plies[k]
        seat = seats.index(ply.mover) if ply.mover in seats else 0
        if previous_seat is None or seat < previous_seat:
            number += 1
            tokens.append(f"{number}." if seat == 0 else f"{number}...")
        elif interrupted and seat != previous_seat:
            tokens.append(f"{number}...")
        previous_seat, interrupted = seat, False
        tokens.extend(_ply_tokens(ply))
        interrupted = bool(ply.variations)
    tokens.append(loaded.result)
    return tokens


def _ply_tokens(ply: LoadedPly) -> list[str]:
    """A ply's tokens: the move, its glyphs, its evaluation and clock, its variations."""
    tokens = [_ply(ply), *(f"${nag}" for nag in ply.nags)]
    data = [f"[%eval {ply.eval}]"] if ply.eval is not None else []
    if ply.clock_ms is not None:
        data.append(format_clock(ply.clock_ms))
    if data:
        tokens.append(f"{{{' '.join(data)}}}")
    for variation in ply.variations:
        tokens.append("(")
        for k in range(len(variation.plies) + 1):
            tokens.extend(_comment(c) for c in variation.comments if c.after == k)
            if k < len(variation.plies):
                tokens.extend(_ply_tokens(variation.plies[k]))
        tokens.append(")")
    return tokens


def _ply(ply: LoadedPly) -> str:
    """The move with its mark and suffix as written, then its dice."""
    move = f"{ply.move}{ply.mark or ''}{ply.suffix or ''}"
    return move if ply.dice is None else f"{move} <{_dice(ply.dice)}>"


def _comment(comment: LoadedComment) -> str:
    """``{text}``; a text holding ``}`` as a ``;`` comment, which ends its line."""
    return f"; {comment.text}\n" if "}" in comment.text else f"{{{comment.text}}}"


def _aside(aside: LoadedAside) -> str:
    if aside.kind == DRAW_AGREED:
        return "(draw agreed)"
    return f"({aside.player} {ASIDE_WORDS[aside.kind]})"


def _dice(dice: Any) -> str:
    """``attacker 5 defender 3``, lists ``6,5,2`` (``-`` when empty); JSON for dice of
    another shape."""
    plain = isinstance(dice, dict) and all(
        isinstance(v, int) and not isinstance(v, bool) or
        isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
        for v in dice.values()) and all(TAG_NAME.fullmatch(str(k)) for k in dice)
    if not plain:
        return json.dumps(dice, sort_keys=True, separators=(",", ":"))
    return " ".join(f"{name} {','.join(map(str, v)) or '-' if isinstance(v, list) else v}"
                    for name, v in dice.items())


def _wrap(tokens: list[str]) -> str:
    """``tokens`` joined by spaces in lines of at most :data:`LINE_WIDTH` characters."""
    lines: list[str] = []
    line = ""
    for token in tokens:
        ends_line = token.endswith("\n")
        token = token.rstrip("\n")
        first = token.split("\n", 1)[0]
        if line and len(line) + 1 + len(first) > LINE_WIDTH:
            lines.append(line)
            line = ""
        line = f"{line} {token}" if line else token
        if "\n" in line:  # a comment of several lines: its lines as they are
            *done, line = line.split("\n")
            lines.extend(done)
        if ends_line:
            lines.append(line)
            line = ""
    if line:
        lines.append(line)
    return "\n".join(lines)

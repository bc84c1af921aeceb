"""The configurations the benchmarks measure: every registered game, and its option sets that
change the work it does.

Every game of :func:`rules.registry.game_ids` is measured under its default options, with no
list to keep: a new game is measured as soon as it is registered. :data:`VARIANTS` adds, per
game, the other option sets worth measuring on their own (another rule set, dice, more
players); a game with none needs no entry. The engine's random playouts (:mod:`bench.engine`)
and the strength runs (:mod:`bench.strength`) both measure these configurations.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from rules import registry

#: Option sets besides the defaults, per game id: a name for the label, then the options.
#: Mastery under the classic-1990 rules, King's Mate with active play (captures decided by
#: dice), Sceptre with three players.
VARIANTS: Mapping[str, Mapping[str, Mapping[str, Any]]] = {
    "mastery": {"classic-1990": {"ruleset": "classic-1990"}},
    "kings-mate": {"active_play": {"active_play": True}},
    "sceptre": {"3 players": {"players": ["w", "r", "b"]}},
}


@dataclass(frozen=True)
class Config:
    """One game under one set of options, and the label tables and ``--configs`` use."""

    label: str
    game_id: str
    options: Mapping[str, Any]


def default_label(game_id: str) -> str:
    """The label of the game under its defaults: its id, followed by its number of seats when
    the defaults seat fewer than all its players (``sceptre 2 players``)."""
    cls = registry.game_class(game_id)
    if cls is None:
        raise KeyError(game_id)
    seats = registry.configure(game_id).seats()
    if len(seats) < len(cls.players()):
        return f"{game_id} {len(seats)} players"
    return game_id


def configs(game_ids: Iterable[str] | None = None,
            variants: Mapping[str, Mapping[str, Mapping[str, Any]]] = VARIANTS) -> list[Config]:
    """Each game of ``game_ids`` (default: every registered game) under its defaults, then
    under each of its ``variants``, labelled ``<id> <variant name>``."""
    out: list[Config] = []
    for game_id in registry.game_ids() if game_ids is None else game_ids:
        out.append(Config(default_label(game_id), game_id, {}))
        for name, options in variants.get(game_id, {}).items():
            out.append(Config(f"{game_id} {name}", game_id, options))
    return out


def option_sets(game_id: str) -> list[Mapping[str, Any]]:
    """The game's option sets to measure: its defaults (``{}``), then its :data:`VARIANTS`."""
    return [{}, *VARIANTS.get(game_id, {}).values()]


def unmatched(prefixes: Sequence[str], candidates: Sequence[Config]) -> list[str]:
    """The prefixes that start no label of ``candidates`` (a ``--configs`` naming nothing)."""
    return [p for p in prefixes if not any(c.label.startswith(p) for c in candidates)]


def select(candidates: Sequence[Config], prefixes: Sequence[str] | None) -> list[Config]:
    """The configurations whose label starts with one of ``prefixes``; all of them when no
    prefix is given."""
    if not prefixes:
        return list(candidates)
    return [c for c in candidates if any(c.label.startswith(p) for p in prefixes)]


def choose_games(parser: argparse.ArgumentParser, asked: Sequence[str] | None) -> list[str]:
    """The games a command line's ``--games`` asked for (every registered game for none);
    an unknown id ends the command through ``parser.error`` (exit status 2), naming it."""
    try:
        return registry.chosen(asked)
    except ValueError as exc:
        parser.error(str(exc))

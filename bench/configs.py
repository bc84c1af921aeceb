"""The configurations the benchmarks measure: every registered game, and its option sets that
change the work it does.

Every game of :func:`rules.registry.game_ids` is measured under its default options, with no
list to keep: a new game is measured as soon as it is registered. Each game declares the other
option sets worth measuring on their own (another rule set, dice, more players) in its
``measuring`` (:mod:`rules.core.measuring`); none are written here. The engine's random
playouts (:mod:`bench.engine`) and the strength runs (:mod:`bench.strength`) both measure
these configurations.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from rules import registry
from rules.core.measuring import OptionSets


@dataclass(frozen=True)
class Config:
    """One game under one set of options, and the label tables and ``--configs`` use."""

    label: str
    game_id: str
    options: Mapping[str, Any]


def default_label(game_id: str) -> str:
    """The label of the game under its defaults: its id, followed by its number of seats when
    the defaults seat fewer than all its players (``<id> 2 players``)."""
    cls = registry.game_class(game_id)
    if cls is None:
        raise KeyError(game_id)
    seats = registry.configure(game_id).seats()
    if len(seats) < len(cls.players()):
        return f"{game_id} {len(seats)} players"
    return game_id


def variants(game_id: str, latency: bool = False) -> OptionSets:
    """The option sets besides the defaults that the game declares worth measuring (its
    ``measuring.variants``), followed with ``latency`` by those whose suggestion latency is
    timed too (its ``measuring.latency_variants``)."""
    measuring = registry.measuring(game_id)
    if latency:
        return {**measuring.variants, **measuring.latency_variants}
    return measuring.variants


def configs(game_ids: Iterable[str] | None = None, latency: bool = False) -> list[Config]:
    """Each game of ``game_ids`` (default: every registered game) under its defaults, then
    under each of its :func:`variants` (with ``latency``, those timed for latency too),
    labelled ``<id> <variant name>``."""
    out: list[Config] = []
    for game_id in registry.game_ids() if game_ids is None else game_ids:
        out.append(Config(default_label(game_id), game_id, {}))
        for name, options in variants(game_id, latency).items():
            out.append(Config(f"{game_id} {name}", game_id, options))
    return out


def option_sets(game_id: str) -> list[Mapping[str, Any]]:
    """The game's option sets to measure: its defaults (``{}``), then its :func:`variants`."""
    return [{}, *variants(game_id).values()]


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

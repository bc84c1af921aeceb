"""What the project's own measuring tools measure of a game, declared by the game itself.

The benchmarks (``python -m bench``, ``python -m bench.strength``, ``python -m
bench.pictures``), the worst-case run (``python -m limits``) and the load test
(``python -m loadtest.client``) measure every registered game under its default options with
no list to keep. What they measure beyond that is the game's to say, in its class's
:attr:`~rules.core.game.Game.measuring` (a :class:`Measuring`): those tools read it through
the registry and name no game, so a new game is measured with its own variants as soon as it
is registered. A game that declares nothing is measured under its defaults only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

#: named option sets: a short name for the tables (``"3 players"``), then the options
OptionSets = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class LoadCase:
    """One request of the load test's abusive mix for this game, besides those it sends every
    game (perft at the deepest depth, the largest picture, the longest replay, the largest
    body): ``POST /v1/games/{id}/{operation}`` with ``body``, answered with one of
    ``statuses``, labelled ``<kind>:<id>`` in the load test's report."""

    kind: str
    operation: str
    body: Mapping[str, Any]
    statuses: tuple[int, ...] = (200,)


@dataclass(frozen=True)
class Measuring:
    """What is measured of a game beyond its defaults. Every field is optional; the defaults
    add nothing. Each option set must be valid for the game and differ from its defaults
    (``tests/tools/test_registry_driven.py`` checks it for every registered game)."""

    #: option sets worth measuring on their own, because they change the work the game does
    #: (another rule set, dice, more players): the random playouts of ``python -m bench`` and
    #: the games of ``python -m bench.strength`` measure the game under each
    variants: OptionSets = field(default_factory=dict)
    #: option sets whose move suggestion ``python -m bench.strength --latency`` also times,
    #: beyond :attr:`variants`
    latency_variants: OptionSets = field(default_factory=dict)
    #: the largest configuration the game's options allow, when it is not the defaults: where
    #: ``python -m limits`` looks for the worst inputs a second time
    largest: Mapping[str, Any] | None = None
    #: the query string of a picture by URL (``GET /v1/games/{id}/render.png?<query>``) whose
    #: cached answer ``python -m bench.pictures`` times; the first registered game that
    #: declares one is timed
    picture_query: str | None = None
    #: requests the load test's abusive clients send this game beyond those of every game
    load_cases: tuple[LoadCase, ...] = ()

"""Everything that lists the games takes them from the registry: with the test-only Noughts and
Crosses registered, ``python -m limits``, ``python -m bench``, ``bench.strength``, the load
test and the README's generated tables all include it, with what it declares to be measured of
it; no game id is written in bench, limits or loadtest; and a game or configuration nobody
registered is an error, never an empty run. Nothing here measures anything."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterator

import pytest

from rules import registry
from rules.core.game import Game
from rules.core.measuring import LoadCase, Measuring

import bench.__main__ as bench_main
import limits.__main__ as limits_main
from bench import configs as bench_configs
from bench import pictures, strength
from loadtest import client as load_client
from tests.noughts.noughts_game import NoughtsAndCrosses
from tools import readme

ROOT = Path(__file__).resolve().parents[2]
#: the measuring tools, which must take every game from the registry
MEASURING_TOOLS = ("bench", "limits", "loadtest")

#: The games whose benchmark and limits figures are committed (a new game only adds rows).
MEASURED = ("kings-mate", "maestria", "mastery", "sceptre")


@pytest.fixture
def noughts(register_game: Callable[[type[Game[Any, Any]]], ContextManager[None]],
            ) -> Iterator[None]:
    """Noughts and Crosses registered beside the real games for one test."""
    with register_game(NoughtsAndCrosses):
        yield


# ---- a registered game is found everywhere ---------------------------------------------------

def test_limits_measures_a_registered_game(noughts):
    games = limits_main.parse_args([]).games
    assert "noughts" in games and games == registry.game_ids()
    assert ("noughts", {}) in limits_main.configs(games)
    assert limits_main.parse_args(["--games", "noughts"]).games == ["noughts"]


def test_bench_measures_a_registered_game(noughts):
    assert "noughts" in bench_main.parse_args([]).games
    assert bench_main.parse_args(["--games", "noughts"]).games == ["noughts"]
    assert bench_configs.option_sets("noughts") == [{}]


def test_strength_plays_a_registered_game(noughts):
    labels = [config.label for config in strength.configs()]
    assert "noughts" in labels
    assert "noughts" in [config.label for config in strength.latency_configs()]
    assert bench_configs.unmatched(["noughts"], strength.configs()) == []
    assert [c.game_id for c in bench_configs.select(strength.configs(), ["nought"])] == [
        "noughts"]


def test_the_readme_tables_list_a_registered_game(noughts):
    text = readme.generate(readme.README.read_text(encoding="utf-8"))
    assert "| `noughts` | Noughts and Crosses | x, o | `wobbly_hands` (`false`) |" in text
    assert "![Noughts and Crosses](docs/images/noughts.png)" in text
    assert text != readme.README.read_text(encoding="utf-8")
    api = readme.generate(readme.API.read_text(encoding="utf-8"), document=readme.API)
    assert "| Noughts and Crosses | `malformed_move`, `occupied` |" in api
    for kind in NoughtsAndCrosses.entry_kinds:
        assert f"| Noughts and Crosses | `{kind}` |" in api


def test_a_registered_game_without_a_picture_gets_one_drawn(noughts, tmp_path):
    assert [cls.id for cls in readme.missing_pictures(readme.games())] == ["noughts"]
    assert readme.stale() == ["README.md: its per-game tables are not what the registry gives",
                              "docs/api.md: its per-game tables are not what the registry gives",
                              "docs/images/noughts.png is missing"]
    (written,) = readme.draw_missing([NoughtsAndCrosses], tmp_path)
    assert written == tmp_path / "noughts.png"
    assert written.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert readme.missing_pictures([NoughtsAndCrosses], tmp_path) == []


def test_the_game_is_gone_again_once_unregistered():
    assert "noughts" not in registry.game_ids()
    assert "noughts" not in [c.game_id for c in strength.configs()]


class MeasuredNoughts(NoughtsAndCrosses):
    """Noughts and Crosses declaring something of every kind to be measured of it."""

    measuring = Measuring(
        variants={"wobbly": {"wobbly_hands": True}},
        latency_variants={"wobbly again": {"wobbly_hands": True}},
        largest={"wobbly_hands": True},
        load_cases=(LoadCase("perft-2", "perft", {"depth": 2}, (200, 422)),),
    )


def test_what_a_game_declares_is_measured(register_game):
    with register_game(MeasuredNoughts):
        assert bench_configs.option_sets("noughts") == [{}, {"wobbly_hands": True}]
        assert [(c.label, dict(c.options)) for c in strength.configs()
                if c.game_id == "noughts"] == [("noughts", {}),
                                               ("noughts wobbly", {"wobbly_hands": True})]
        assert [c.label for c in strength.latency_configs() if c.game_id == "noughts"] == [
            "noughts", "noughts wobbly", "noughts wobbly again"]
        assert limits_main.configs(["noughts"]) == [("noughts", {}),
                                                    ("noughts", {"wobbly_hands": True})]
        (declared,) = load_client.declared_requests("noughts")
        assert (declared.kind, declared.path, declared.body, declared.expect) == (
            "perft-2:noughts", "/v1/games/noughts/perft", b'{"depth":2}', (200, 422))
        assert declared in load_client.abusive_requests(load_client.Plan(["noughts"]))


def test_a_game_the_registry_does_not_hold_is_loaded_without_declared_requests():
    assert load_client.declared_requests("noughts") == []


def ids_written_in(text: str, game_ids: list[str]) -> list[str]:
    """The game ids (or their package names) that ``text`` names as a word."""
    names = {name for game_id in game_ids for name in (game_id, game_id.replace("-", "_"))}
    return sorted(name for name in names
                  if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE))


def test_the_scan_finds_an_id_written_as_a_word():
    assert ids_written_in('VARIANTS = {"kings-mate": {}}  # kings_mate', ["kings-mate"]) == [
        "kings-mate", "kings_mate"]
    assert ids_written_in("/v1/games/mastery/perft", ["mastery"]) == ["mastery"]
    assert ids_written_in("mastery-like, remastery", ["mastery"]) == []


def test_no_game_id_is_written_in_the_measuring_tools():
    sources = [path for tool in MEASURING_TOOLS for path in sorted((ROOT / tool).rglob("*.py"))]
    assert len(sources) >= 10, "the scan found the measuring tools' modules"
    written = {str(path.relative_to(ROOT)): found for path in sources
               if (found := ids_written_in(path.read_text(encoding="utf-8"),
                                           registry.game_ids()))}
    assert written == {}, ("declare what is measured of a game in its measuring "
                           "(rules.core.measuring), not in the tools")


# ---- names nobody registered are errors --------------------------------------------------------

def exits_with(status: int, command: Callable[[list[str]], Any], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        command(argv)
    assert stopped.value.code == status


def test_strength_refuses_configs_that_name_nothing(capsys, monkeypatch):
    monkeypatch.setattr(strength, "Pool", None)        # no game may start
    exits_with(2, strength.main, ["--configs", "noughts"])
    error = capsys.readouterr().err
    assert "no configuration starts with 'noughts'" in error
    assert "sceptre 2 players" in error and "mastery classic-1990" in error
    exits_with(2, strength.main, ["--configs", "mastery", "no-such-game"])
    assert "'no-such-game'" in capsys.readouterr().err
    exits_with(2, strength.main, ["--latency", "1", "--configs", "nope"])


def test_limits_refuses_an_unknown_game_and_help_measures_nothing(capsys, monkeypatch):
    def no_measuring() -> None:
        raise AssertionError("the measurement started")

    monkeypatch.setattr(limits_main, "create_app", no_measuring)
    exits_with(2, limits_main.main, ["--games", "noughts"])
    registered = ", ".join(registry.game_ids())
    assert f"unknown game(s): noughts; registered: {registered}" in capsys.readouterr().err
    exits_with(0, limits_main.main, ["--help"])
    assert "--games" in capsys.readouterr().out


def test_bench_refuses_an_unknown_game(capsys):
    exits_with(2, bench_main.main, ["--games", "mastery", "noughts"])
    assert "unknown game(s): noughts" in capsys.readouterr().err


# ---- the real games' configurations stay what the committed figures measured -------------------

def test_the_strength_configurations_are_those_of_the_committed_tables():
    assert [(c.label, c.game_id, dict(c.options)) for c in strength.configs()
            if c.game_id in MEASURED] == [
        ("kings-mate", "kings-mate", {}),
        ("kings-mate active_play", "kings-mate", {"active_play": True}),
        ("maestria", "maestria", {}),
        ("mastery", "mastery", {}),
        ("mastery classic-1990", "mastery", {"ruleset": "classic-1990"}),
        ("sceptre 2 players", "sceptre", {}),
        ("sceptre 3 players", "sceptre", {"players": ["w", "r", "b"]}),
    ]
    latency = [c.label for c in strength.latency_configs()]
    games = [c.label for c in strength.configs()]
    assert len(latency) == len(games) + 1
    assert set(latency) - set(games) == {"sceptre 4 players"}
    assert pictures.timed_picture() == (
        "/v1/games/mastery/render.png?size=400&highlight=d2,d3&orientation=light")
    assert [(r.kind, r.path, r.body, r.expect) for r in load_client.abusive_requests(
        load_client.Plan(list(MEASURED))) if not r.kind.startswith("max-body")] == [
        ("perft-3:mastery", "/v1/games/mastery/perft", b'{"depth":3}', (200,)),
        ("perft-over-budget:mastery", "/v1/games/mastery/perft", b'{"depth":4}', (200, 422)),
    ]


def test_the_limits_configurations_are_those_of_the_committed_table():
    assert limits_main.configs(MEASURED) == [
        ("kings-mate", {}),
        ("kings-mate", {"active_play": True, "fools_gambit": True, "defense_of_the_crown": True}),
        ("maestria", {}),
        ("mastery", {}),
        ("sceptre", {}),
        ("sceptre", {"players": ["w", "r", "b", "y"]}),
    ]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_declared_option_set_is_valid_and_not_the_defaults(game_id):
    measuring = registry.measuring(game_id)
    declared = [*measuring.variants.values(), *measuring.latency_variants.values()]
    if measuring.largest is not None:
        declared.append(measuring.largest)
    defaults = registry.configure(game_id).options
    for options in declared:
        assert registry.configure(game_id, options).options != defaults


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_declared_load_case_is_an_operation_of_the_game(client, game_id):
    for case in registry.measuring(game_id).load_cases:
        answer = client.post(f"/v1/games/{game_id}/{case.operation}", json=dict(case.body))
        assert answer.status_code in case.statuses, answer.get_data(as_text=True)

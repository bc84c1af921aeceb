"""Everything that lists the games takes them from the registry: with the test-only Noughts and
Crosses registered, ``python -m limits``, ``python -m bench``, ``bench.strength`` and the
README's generated tables all include it, and a game or configuration nobody registered is an
error, never an empty run. Nothing here measures anything."""

from __future__ import annotations

from typing import Any, Callable, ContextManager, Iterator

import pytest

from rules import registry
from rules.core.game import Game

import bench.__main__ as bench_main
import limits.__main__ as limits_main
from bench import configs as bench_configs
from bench import strength
from tests.noughts.noughts_game import NoughtsAndCrosses
from tools import readme

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
    assert "| Noughts and Crosses | `malformed_move`, `occupied` |" in text
    for kind in NoughtsAndCrosses.entry_kinds:
        assert f"| Noughts and Crosses | `{kind}` |" in text
    assert "![Noughts and Crosses](docs/images/noughts.png)" in text
    assert text != readme.README.read_text(encoding="utf-8")


def test_a_registered_game_without_a_picture_gets_one_drawn(noughts, tmp_path):
    assert [cls.id for cls in readme.missing_pictures(readme.games())] == ["noughts"]
    assert readme.stale() == ["README.md: its per-game tables are not what the registry gives",
                              "docs/images/noughts.png is missing"]
    (written,) = readme.draw_missing([NoughtsAndCrosses], tmp_path)
    assert written == tmp_path / "noughts.png"
    assert written.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert readme.missing_pictures([NoughtsAndCrosses], tmp_path) == []


def test_the_game_is_gone_again_once_unregistered():
    assert "noughts" not in registry.game_ids()
    assert "noughts" not in [c.game_id for c in strength.configs()]


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
    exits_with(2, strength.main, ["--configs", "mastery", "three-mens-morris"])
    assert "'three-mens-morris'" in capsys.readouterr().err
    exits_with(2, strength.main, ["--latency", "1", "--configs", "nope"])


def test_limits_refuses_an_unknown_game_and_help_measures_nothing(capsys, monkeypatch):
    def no_measuring() -> None:
        raise AssertionError("the measurement started")

    monkeypatch.setattr(limits_main, "create_app", no_measuring)
    exits_with(2, limits_main.main, ["--games", "noughts"])
    assert "unknown game(s): noughts; registered: kings-mate" in capsys.readouterr().err
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


def test_the_limits_configurations_are_those_of_the_committed_table():
    assert limits_main.configs(MEASURED) == [
        ("kings-mate", {}),
        ("kings-mate", {"active_play": True, "fools_gambit": True, "defense_of_the_crown": True}),
        ("maestria", {}),
        ("mastery", {}),
        ("sceptre", {}),
        ("sceptre", {"players": ["w", "r", "b", "y"]}),
    ]


@pytest.mark.parametrize("variants", [bench_configs.VARIANTS, strength.LATENCY_VARIANTS,
                                      {k: {"largest": v} for k, v in limits_main.LARGEST.items()}],
                         ids=["bench VARIANTS", "strength LATENCY_VARIANTS", "limits LARGEST"])
def test_every_extra_option_set_names_a_registered_game_and_valid_options(variants):
    for game_id, named in variants.items():
        assert game_id in registry.game_ids()
        for options in named.values():
            assert registry.configure(game_id, options).options != registry.configure(
                game_id).options

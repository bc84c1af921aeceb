"""``python -m bench.frontends`` opens the element in Chromium against the real service and
prints a first-render time per game (a smoke run of one render each: no verdict on the
figures)."""

from __future__ import annotations

from bench import frontends
from rules import registry


def test_the_frontends_bench_prints_a_first_render_per_game(capsys):
    frontends.main(["--runs", "1"])
    out = capsys.readouterr().out
    for game_id in registry.game_ids():
        assert f"{game_id}: first render median " in out

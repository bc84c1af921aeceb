"""``python -m bench.pictures`` runs against the real service and prints the 304-to-health ratio
and a first picture per game (a smoke run of a few requests: no verdict on the figures)."""

from __future__ import annotations

from bench import pictures
from rules import registry


def test_the_pictures_bench_prints_the_ratio_and_every_game(capsys):
    pictures.main(["--requests", "5", "--pairs", "1"])
    out = capsys.readouterr().out
    assert "ratio 304/health" in out
    for game_id in registry.game_ids():
        assert f"{game_id}: first render.png" in out

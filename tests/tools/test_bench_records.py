"""``python -m bench.records`` runs against the real service and prints, per game, a replay
with history, the import of the same game's record and its export, with the ratios (a smoke
run of a few requests: no verdict on the figures)."""

from __future__ import annotations

import re

from bench import records
from rules import registry


def test_the_records_bench_prints_every_game_and_the_verdict(capsys):
    records.main(["--plies", "30", "--requests", "2", "--pairs", "1"])
    out = capsys.readouterr().out
    for game_id in registry.game_ids():
        assert re.search(rf"^{game_id}: \d+ plies, record \d+ bytes; replay with history "
                         r"[\d.]+ ms, import [\d.]+ ms \(x[\d.]+\), export", out, re.M), out
    assert re.search(r"worst import/replay ratio [\d.]+: target at most 1.5 (met|MISSED)", out)

"""service.telemetry.caches: every memo cache of the engines and the service is counted."""

from __future__ import annotations

from rules import registry
from service.telemetry import caches
from service.http.app import create_app


def test_snapshot_finds_each_games_analysis_cache_and_the_parse_memo():
    create_app()  # imports the service's modules, whose Flask proxies must be left alone
    names = caches.snapshot()
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        assert any(name.endswith(f".{cls.__qualname__}.analyse") for name in names), game_id
    assert "service.operations.positions._parsed" in names
    assert all(set(info) == {"hits", "misses", "maxsize", "currsize"} for info in names.values())


def test_since_counts_only_what_happened_after_the_baseline():
    client = create_app().test_client()
    game_id = registry.game_ids()[0]
    game = registry.configure(game_id)
    text = game.format_position(game.start_position)
    before = caches.snapshot()
    for _ in range(3):
        assert client.post(f"/v1/games/{game_id}/status", json={"position": text}).status_code \
            == 200
    counts = caches.since(before)["service.operations.positions._parsed"]
    assert counts["hits"] + counts["misses"] == 3
    assert counts["hits"] >= 2

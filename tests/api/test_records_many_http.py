"""A file of many records over HTTP (``records/import-many``) and through the Python client:
each game judged on its own, a bad one reported alone as its single import's problem, the
bound on games."""

from __future__ import annotations

from rules.records.collection import MAX_RECORDS
from tests.records.test_many import BROKEN, collection


def test_a_file_of_every_game_imports_with_the_broken_one_alone(post) -> None:
    text, games = collection()
    answer = post("mastery", "records/import-many", records=text)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["count"] == len(games) and body["failed"] == 1
    for entry, game in zip(body["games"], games):
        assert entry["valid"] is (game is not BROKEN)
        alone = post("mastery", "records/import", record=game)
        if game is BROKEN:
            problem = entry["problem"]
            single = post("kings-mate", "records/import", record=game).get_json()
            single.pop("request_id", None)
            assert problem["code"] == "illegal_move" and problem["index"] == 2
            assert problem["line"] == single["line"] + entry["line"] - 1
            assert {k: v for k, v in problem.items() if k not in ("line", "detail")} == {
                k: v for k, v in single.items() if k not in ("line", "detail")}
        else:
            own = alone.get_json() if alone.status_code == 200 else post(
                entry["record"]["game"], "records/import", record=game).get_json()
            own.pop("token", None), own.pop("game_id", None), own.pop("ply", None)
            assert entry["record"] == own


def test_too_many_games_is_a_422_of_its_own(post) -> None:
    answer = post("mastery", "records/import-many",
                  records='[Game "mastery"] 1. d2c2 *\n' * (MAX_RECORDS + 1))
    assert answer.status_code == 422
    assert answer.get_json()["code"] == "too_many_records"
    assert answer.get_json()["line"] == MAX_RECORDS + 1

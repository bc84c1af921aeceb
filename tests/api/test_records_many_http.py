"""A file of many records over HTTP (``records/import-many``) and through the Python client:
each game judged on its own, a bad one reported alone as its single import's problem, the
bound on games."""

from __future__ import annotations

import pytest

from rules.records.collection import MAX_RECORDS
from tests.records.test_hand_written import examples
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


def test_several_games_export_as_one_text_that_imports_game_by_game(post) -> None:
    games = [{"moves": ["d2c2"], "tags": {"Round": "1"}},
             {"moves": ["d2c2", "b6a5"], "options": {"ruleset": "classic-1990"},
              "variations": [{"after": 1, "moves": ["c5b5"]}]},
             {"moves": ["d4d5"], "asides": [{"after": 1, "kind": "resigns", "player": "light"}]}]
    answer = post("mastery", "records/export-many", games=games)
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["count"] == 3 and [g["result"] for g in body["games"]] == ["*", "*", "1-0"]
    imported = post("mastery", "records/import-many", records=body["records"]).get_json()
    assert imported["failed"] == 0
    records = [g["record"] for g in imported["games"]]
    assert [len(r["plies"]) for r in records] == [1, 2, 1]
    assert records[1]["options"]["ruleset"] == "classic-1990"
    assert records[1]["plies"][1]["variations"][0]["plies"][0]["move"] == "c5b5"
    for game, record in zip(games, records):
        alone = post("mastery", "records/export", **game).get_json()["record"]
        assert post("mastery", "records/import", record=alone).get_json()["plies"] == \
            record["plies"]


def test_an_export_of_many_names_the_game_that_fails(post) -> None:
    answer = post("mastery", "records/export-many",
                  games=[{"moves": ["d2c2"]}, {"moves": ["zz"]}])
    assert answer.status_code == 422
    problem = answer.get_json()
    assert (problem["code"], problem["game"], problem["index"]) == ("illegal_move", 1, 0)
    too_many = post("mastery", "records/export-many",
                    games=[{"moves": []}] * (MAX_RECORDS + 1))
    assert too_many.status_code == 400


def test_export_takes_the_tree_and_import_gives_it_back(post) -> None:
    body = {"moves": ["d2c2", "b6a5", "d3e4"],
            "annotations": [{"suffix": "!", "nags": [1]}, {}, {"eval": "0.5"}],
            "comments": [{"after": 1, "text": "two\nlines"}],
            "variations": [{"after": 1, "moves": ["c5b5", "d3e4"],
                            "annotations": [{"suffix": "?!"}],
                            "comments": [{"after": 1, "text": "inside"}],
                            "variations": [{"after": 1, "moves": ["f2g2"]}]}]}
    exported = post("mastery", "records/export", **body)
    assert exported.status_code == 200, exported.get_json()
    record = exported.get_json()["record"]
    plies = post("mastery", "records/import", record=record).get_json()["plies"]
    assert plies[0]["suffix"] == "!" and plies[0]["nags"] == [1] and plies[2]["eval"] == "0.5"
    (variation,) = plies[1]["variations"]
    assert [p["move"] for p in variation["plies"]] == ["c5b5", "d3e4"]
    assert variation["plies"][0]["suffix"] == "?!"
    assert variation["comments"] == [{"after": 1, "text": "inside"}]
    assert [p["move"] for p in variation["plies"][1]["variations"][0]["plies"]] == ["f2g2"]


def test_a_bad_move_in_an_exported_variation_names_it(post) -> None:
    answer = post("mastery", "records/export", moves=["d2c2"],
                  variations=[{"after": 0, "moves": ["d3e4", "zz"]}])
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == "illegal_move" and problem["index"] == 1
    assert problem["variation"] == [[0, 0]]


def test_an_export_bounds_every_ply_its_variations_included(post) -> None:
    from service.operations.schemas import MAX_REPLAY_MOVES
    answer = post("mastery", "records/export", moves=["d2c2"],
                  variations=[{"after": 0, "moves": ["d3e4"] * 600},
                              {"after": 0, "moves": ["d3e4"] * 600}])
    assert answer.status_code == 422
    assert answer.get_json()["code"] == "work_limit_exceeded"
    assert str(MAX_REPLAY_MOVES) in answer.get_json()["detail"]


ANNOTATION_KEYS = ("suffix", "nags", "mark", "eval")


def line_body(plies: list[dict], comments: list[dict]) -> dict:
    """An import's line (main line or variation) as export takes it."""
    return {"moves": [p["move"] for p in plies], "dice": [p["dice"] for p in plies],
            "comments": comments,
            "annotations": [{k: p[k] for k in ANNOTATION_KEYS if k in p} for p in plies],
            "variations": [{"after": n, **line_body(v["plies"], v["comments"])}
                           for n, p in enumerate(plies) for v in p.get("variations", [])]}


@pytest.mark.parametrize("text", [t for t in examples() if "$" in t],
                         ids=lambda t: t.split('"')[1])
def test_every_annotated_example_exports_and_imports_to_the_same_tree(post, text) -> None:
    imported = post("mastery", "records/import-many", records=text).get_json()["games"][0]
    answer = imported["record"]
    tags = {k: v for k, v in answer["tags"].items() if k not in ("Game", "Options")}
    body = {"options": answer["options"], "tags": tags,
            "asides": [{k: a[k] for k in ("after", "kind", "player")} for a in answer["asides"]],
            **line_body(answer["plies"], answer["comments"])}
    exported = post(answer["game"], "records/export", **body)
    assert exported.status_code == 200, exported.get_json()
    again = post(answer["game"], "records/import", record=exported.get_json()["record"])
    # clocks travel in export's own clocks field (each seat's time, as apply answers it),
    # which a ply without a clock before one with a clock cannot fill: compared aside
    assert without_clocks(again.get_json()["plies"]) == without_clocks(answer["plies"])
    assert again.get_json()["comments"] == answer["comments"]


def without_clocks(plies: list[dict]) -> list[dict]:
    return [{**{k: v for k, v in p.items() if k != "clock_ms"},
             **({"variations": [{**v, "plies": without_clocks(v["plies"])}
                                for v in p["variations"]]} if "variations" in p else {})}
            for p in plies]

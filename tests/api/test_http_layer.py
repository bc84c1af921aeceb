"""The HTTP layer itself: problem documents for every kind of bad request, the spec, probes."""

from __future__ import annotations

import pytest
import yaml

from service.http.app import create_app
from service.spec.openapi import SPEC_PATH, spec_yaml
from tests.http_helpers import assert_problem


def test_committed_openapi_yaml_is_what_the_code_generates():
    assert SPEC_PATH.read_text() == spec_yaml(), "run: python -m service.spec"


def test_served_spec_is_the_committed_one(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert yaml.safe_load(response.data) == yaml.safe_load(SPEC_PATH.read_text())


def test_spec_documents_every_route_of_the_app():
    app = create_app()
    spec = yaml.safe_load(SPEC_PATH.read_text())
    routes = {r.rule.replace("<game>", "{game}") for r in app.url_map.iter_rules()
              if not r.rule.startswith(("/static", "/docs/static"))}
    assert routes == set(spec["paths"])


def test_docs_page_serves_swagger_ui_without_a_cdn(client):
    page = client.get("/docs")
    assert page.status_code == 200 and b"/openapi.yaml" in page.data
    assert b"http://" not in page.data and b"https://" not in page.data
    assert client.get("/docs/static/swagger-ui-bundle.js").status_code == 200


def test_health_and_ready(client):
    assert client.get("/v1/health").get_json() == {"status": "ok"}
    assert client.get("/v1/ready").status_code == 200


def test_ready_is_503_until_the_engines_are_loaded():
    app = create_app({"WARM_UP": False})
    assert_problem(app.test_client().get("/v1/ready"), 503, "not_ready")


def test_games_list_every_registered_game_with_options(client):
    import rules

    games = client.get("/v1/games").get_json()["games"]
    assert [g["id"] for g in games] == rules.game_ids()
    for game in games:
        assert game["players"] and all("default" in o for o in game["options"])


def test_unknown_game_is_404(client):
    assert_problem(client.post("/v1/games/chess/legal-moves", json={}), 404, "unknown_game")
    assert_problem(client.get("/v1/games/chess"), 404, "unknown_game")


@pytest.mark.parametrize("operation", ["setup", "legal-moves", "apply", "status", "replay",
                                       "perft", "render"])
def test_unknown_game_is_404_whatever_the_body(client, operation):
    # the path is wrong before the body is: say so first
    assert_problem(client.post(f"/v1/games/chess/{operation}", json={"nonsense": 1}), 404,
                   "unknown_game")


def test_unknown_path_is_404(client):
    assert_problem(client.get("/v2/nothing"), 404, "not_found")


def test_wrong_method_is_405_with_allow(client):
    response = client.delete("/v1/games/mastery/apply")
    assert_problem(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]


def test_body_too_large_is_413(client):
    response = client.post("/v1/games/mastery/status", data=b"{" + b" " * 70_000 + b"}",
                           content_type="application/json")
    assert_problem(response, 413, "body_too_large")


def test_non_json_body_is_415(client):
    response = client.post("/v1/games/mastery/status", data="position=x",
                           content_type="application/x-www-form-urlencoded")
    assert_problem(response, 415, "unsupported_media_type")


@pytest.mark.parametrize("body", [b"{", b"[1, 2]", b"\"text\"", b"{\"a\": NaN}", b"\xff\xfe"])
def test_malformed_json_is_400(client, body):
    response = client.post("/v1/games/mastery/status", data=body, content_type="application/json")
    assert_problem(response, 400, "malformed_request")


def test_schema_violations_are_400_listing_the_fields(client):
    response = client.post("/v1/games/mastery/apply",
                           json={"position": 5, "move": "d4d5", "colour": "red"})
    body = assert_problem(response, 400, "malformed_request")
    assert set(body["errors"]) == {"position", "colour"}
    assert "colour" in body["detail"] and "position" in body["detail"]


def test_schema_error_detail_says_which_field_and_what_is_wrong(client):
    body = assert_problem(client.post("/v1/games/mastery/apply",
                                      json={"move": "a", "dice": {"attacker": 1}}),
                          400, "malformed_request")
    assert "dice.defender: Missing data for required field" in body["detail"]
    body = assert_problem(client.post("/v1/games/mastery/replay", json={"moves": ["a", 7]}),
                          400, "malformed_request")
    assert "moves[1]: Not a valid string" in body["detail"]
    body = assert_problem(client.post("/v1/games/mastery/replay", json={"moves": [1] * 9}),
                          400, "malformed_request")
    assert "moves[4]" in body["detail"] and "moves[5]" not in body["detail"]
    assert "and 4 more (see errors)" in body["detail"] and len(body["errors"]["moves"]) == 9


def test_missing_required_field_is_400(client):
    body = assert_problem(client.post("/v1/games/mastery/apply", json={}), 400,
                          "malformed_request")
    assert "move" in body["errors"]


def test_non_boolean_and_non_integer_values_are_400(client):
    assert_problem(client.post("/v1/games/mastery/perft", json={"depth": 1, "divide": 1}), 400,
                   "malformed_request")
    assert_problem(client.post("/v1/games/mastery/perft", json={"depth": 1.5}), 400,
                   "malformed_request")


def test_unknown_option_is_422(client):
    body = assert_problem(client.post("/v1/games/mastery/setup",
                                      json={"options": {"rulset": "x"}}), 422, "invalid_options")
    assert "rulset" in body["detail"]


def test_bad_option_value_is_422(client):
    assert_problem(client.post("/v1/games/mastery/setup",
                               json={"options": {"ruleset": "modern"}}), 422, "invalid_options")


def test_perft_over_the_cap_is_422(client):
    body = assert_problem(client.post("/v1/games/mastery/perft", json={"depth": 6}), 422,
                          "work_limit_exceeded")
    assert "limit" in body


def test_perft_whose_work_would_be_unbounded_is_refused():
    import rules
    from rules.core.errors import WorkLimitExceeded

    game = rules.configure("mastery")
    with pytest.raises(WorkLimitExceeded):
        game.perft(game.initial_position(), 4, budget=1000)


def test_dice_for_a_move_without_chance_are_422(client):
    response = client.post("/v1/games/mastery/apply",
                           json={"move": "d4d5", "dice": {"attacker": 3, "defender": 2}})
    assert_problem(response, 422, "invalid_dice")

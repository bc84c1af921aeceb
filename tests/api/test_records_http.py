"""Whole games over HTTP: ``POST /v1/games/{game}/records/export`` and ``records/import``.

Every game (and the option sets that change who plays) played through the service, exported,
imported: the same plies and positions. Records written by hand, in odd spacing with comments
and every kind of result, for every game; broken ones, each with its own problem code and
where it is; the bound on plies; the token an import gives, only for a record whose final
position was reached by legal play from the initial one. Both roads answering alike is
checked in ``tests/service/test_fastpath.py``, which sends these operations' bodies too.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules import registry
from service.http.app import create_app
from service.operations.schemas import MAX_REPLAY_MOVES
from service.concerns.shedding import HEAVY_MS
from tests.http_helpers import PLAYER_SETS, assert_problem, played_through_apply, poster

KEYS = {"REFEREE_SIGNING_KEYS": "k1:a-secret-of-the-tests"}
#: the most plies of each random game
PLIES = 80



def imported(post, game_id: str, record: str) -> dict[str, Any]:
    answer = post(game_id, "records/import", record=record)
    assert answer.status_code == 200, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body


def two_plies(game_id: str) -> tuple[Any, list[tuple[str, Any]], Any]:
    """The game, its first two plies from the start (each move with the dice of its first
    outcome, None for a move without), and the position after them."""
    game = registry.configure(game_id)
    position = game.start_position
    plies = []
    for _ in range(2):
        move = game.legal_moves(position)[0]
        dice = (game.chance_outcomes(position, move)[0][0]
                if game.is_chance(position, move) else None)
        plies.append((game.format_move(position, move), dice))
        position = game.apply(position, move, dice).position
    return game, plies, position


def dice_text(dice: Any) -> str:
    """A ply's dice as written after it: `` <{...}>`` as JSON, nothing for none."""
    return "" if dice is None else f" <{json.dumps(dice)}>"


def win_token(seats: tuple[str, ...], winner: str) -> str:
    return "-".join("1" if seat == winner else "0" for seat in seats)


# ---- export, then import -------------------------------------------------------------------

@pytest.mark.parametrize("game_id, options", PLAYER_SETS, ids=str)
def test_a_game_played_through_the_service_exports_and_imports_as_played(post, game_id,
                                                                         options):
    setup, answers = played_through_apply(post, game_id, options, 3, PLIES)
    moves = [a["move"] for a in answers]
    exported = post(game_id, "records/export", options=setup["options"], moves=moves,
                    dice=[a.get("dice") for a in answers],
                    tags={"Event": "Club night", "Date": "2026.11.27"},
                    comments=[{"after": 1, "text": "A quiet start."}])
    assert exported.status_code == 200, exported.get_json()
    record = exported.get_json()
    assert record["status"] == answers[-1]["status"]
    back = imported(post, game_id, record["record"])
    assert back["options"] == setup["options"] and back["start"] == setup["position"]
    assert [p["move"] for p in back["plies"]] == moves
    assert [p["position"] for p in back["plies"]] == [a["position"] for a in answers]
    assert [p["events"] for p in back["plies"]] == [a["events"] for a in answers]
    assert [p["dice"] for p in back["plies"]] == [a.get("dice") for a in answers]
    assert back["position"] == answers[-1]["position"]
    assert back["status"] == back["board_status"] == answers[-1]["status"]
    assert back["result"] == record["result"]
    assert back["agreement"] == ("unfinished" if answers[-1]["status"]["state"] == "ongoing"
                                 else "board")
    assert back["tags"]["Event"] == "Club night" and back["tags"]["Date"] == "2026.11.27"
    assert back["comments"] == [{"after": 1, "text": "A quiet start."}]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_history_of_an_import_is_replays(post, game_id):
    """An import's plies are what replay's history gives for the same moves and dice."""
    _, answers = played_through_apply(post, game_id, None, 5, PLIES)
    moves, dice = [a["move"] for a in answers], [a.get("dice") for a in answers]
    text = post(game_id, "records/export", moves=moves, dice=dice).get_json()["record"]
    history = post(game_id, "replay", moves=moves, dice=dice, history=True).get_json()
    assert imported(post, game_id, text)["plies"] == history["history"]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_an_export_from_a_position_writes_it_and_imports_back(post, game_id):
    game, plies, after = two_plies(game_id)
    position = game.format_position(after)
    move = game.format_move(after, game.legal_moves(after)[0])
    exported = post(game_id, "records/export", position=position, moves=[move])
    assert exported.status_code == 200, exported.get_json()
    text = exported.get_json()["record"]
    assert '[Position "' in text
    back = imported(post, game_id, text)
    assert back["start"] == position and back["from_initial"] is False
    assert [p["move"] for p in back["plies"]] == [move]


# ---- records written by hand -------------------------------------------------------------

@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_record_written_by_hand_with_odd_spacing_and_comments(post, game_id):
    game, plies, after = two_plies(game_id)
    (first, first_dice), (second, second_dice) = plies
    record = (f'[Game "{game_id}"]\n'
              '[Event   "Club \\"night\\""]   [Site "Back room"]\n'
              '; a comment of its own line\n'
              '\n'
              f'1.   {first}{dice_text(first_dice)}   {{ the first move }}\n'
              f'   1...{second}{dice_text(second_dice)} ; to the end of the line\n'
              '  *  \n')
    back = imported(post, game_id, record)
    assert [p["move"] for p in back["plies"]] == [first, second]
    assert back["position"] == game.format_position(after)
    assert back["tags"]["Event"] == 'Club "night"' and back["tags"]["Site"] == "Back room"
    assert {c["text"].strip() for c in back["comments"]} >= {"the first move"}
    assert back["result"] == "*" and back["agreement"] == "unfinished"
    assert back["status"] == game.status(after).to_json()


@pytest.mark.parametrize("game_id", registry.game_ids())
@pytest.mark.parametrize("event", ["resigns", "leaves", "runs out of time"])
def test_a_record_ended_off_the_board_by_a_player(post, game_id, event):
    game, plies, after = two_plies(game_id)
    loser = game.status(after).to_move
    seats = game.seats()
    winner = next(seat for seat in seats if seat != loser)
    moves = " ".join(f"{m}{dice_text(d)}" for m, d in plies)
    token = win_token(seats, winner)
    back = imported(post, game_id, f'[Game "{game_id}"]\n\n{moves} ({loser} {event}) {token}')
    reason = {"resigns": "resignation", "leaves": "abandoned",
              "runs out of time": "out_of_time"}[event]
    assert back["status"]["state"] == "win" and back["status"]["winner"] == winner
    assert back["status"]["reason"] == reason
    assert back["board_status"] == game.status(after).to_json()
    assert back["result"] == token and back["agreement"] == "off_board"
    assert back["asides"] == [{"after": 2, "kind": event.replace(" ", "_"), "player": loser,
                               "events": []}]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_record_ended_by_a_draw_agreed(post, game_id):
    game, plies, _ = two_plies(game_id)
    moves = " ".join(f"{m}{dice_text(d)}" for m, d in plies)
    draw = "-".join(["1/2"] * len(game.seats()))
    back = imported(post, game_id, f'[Game "{game_id}"] [Result "{draw}"]\n{moves} '
                                   f'(draw agreed) {draw}')
    assert back["status"]["state"] == "draw" and back["status"]["reason"] == "agreement"
    assert back["result"] == draw and back["agreement"] == "off_board"


def test_a_player_leaving_a_game_of_three_goes_on_without_him(post):
    options = {"players": ["w", "r", "b"]}
    game = registry.configure("sceptre", options)
    start = game.start_position
    leaver = game.status(start).to_move
    back = imported(post, "sceptre", f'[Game "sceptre"] [Options "{{\\"players\\": '
                                     f'[\\"w\\", \\"r\\", \\"b\\"]}}"]\n({leaver} leaves) *')
    assert back["status"]["state"] == "ongoing" and back["agreement"] == "unfinished"
    assert back["asides"][0]["player"] == leaver


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_record_of_a_finished_game_without_a_result_reports_the_boards(post, game_id):
    quiet = any(s.name == "draw_after_quiet_plies"
                for s in registry.configure(game_id).option_specs)
    _, answers = played_through_apply(post, game_id, {"draw_after_quiet_plies": 4}
                                      if quiet else None, 11, PLIES)
    finished = answers[-1]["status"]
    assert finished["state"] != "ongoing", f"the random game ends within {PLIES} plies"
    exported = post(game_id, "records/export", options=answers[-1]["options"],
                    moves=[a["move"] for a in answers],
                    dice=[a.get("dice") for a in answers]).get_json()
    text = exported["record"].rstrip()
    assert text.endswith(" " + exported["result"])
    lines = [line for line in text[:text.rfind(" ")].splitlines()   # the result token off
             if not line.startswith(("[Result ", "[Termination "))]
    back = imported(post, game_id, "\n".join(lines))
    assert back["agreement"] == "unrecorded" and back["status"] == finished


# ---- broken records ----------------------------------------------------------------------

def test_a_record_that_does_not_parse_says_its_line_and_column(post):
    problem = assert_problem(post("mastery", "records/import",
                                  record='[Game "mastery"]\n\n1. d4d5 {never closed\n'),
                             422, "invalid_record")
    assert problem["line"] == 3 and problem["column"] >= 1


def test_a_bad_tag_names_the_tag_and_where(post):
    problem = assert_problem(post("mastery", "records/import",
                                  record='[Game "mastery"]\n[Date "yesterday"]\n\n*'),
                             422, "invalid_tag")
    assert problem["tag"] == "Date" and problem["line"] == 2 and problem["column"] == 1


@pytest.mark.parametrize("named", ["no-such-game", "other"])
def test_a_record_of_another_or_an_unknown_game_is_a_game_mismatch(post, named):
    other = next(g for g in registry.game_ids() if g != "mastery")
    name = other if named == "other" else named
    problem = assert_problem(post("mastery", "records/import", record=f'[Game "{name}"]\n*'),
                             422, "game_mismatch")
    assert problem["tag"] == "Game" and problem["line"] == 1


def test_options_that_do_not_fit_name_the_options_tag(post):
    problem = assert_problem(post("mastery", "records/import",
                                  record='[Game "mastery"]\n[Options "{\\"nope\\": 1}"]\n*'),
                             422, "invalid_options")
    assert problem["tag"] == "Options" and problem["line"] == 2


def test_a_bad_start_position_names_the_position_tag(post):
    problem = assert_problem(post("mastery", "records/import",
                                  record='[Game "mastery"]\n[Position "not a position"]\n*'),
                             422, "invalid_position")
    assert problem["tag"] == "Position" and problem["line"] == 2


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_bad_ply_in_the_middle_says_its_index_line_and_column(post, game_id):
    _, plies, _ = two_plies(game_id)
    (first, first_dice), _ = plies
    record = f'[Game "{game_id}"]\n\n1. {first}{dice_text(first_dice)}\n   zz9 *\n'
    problem = assert_problem(post(game_id, "records/import", record=record), 422,
                             "illegal_move")
    assert problem["index"] == 1 and problem["line"] == 4 and problem["column"] == 4
    assert problem["reason"] == "malformed_move"


def test_dice_the_move_does_not_take_are_invalid_dice_at_their_ply(post):
    game = next(g for g in map(registry.configure, registry.game_ids())
                if not g.is_chance(g.start_position, g.legal_moves(g.start_position)[0]))
    move = game.format_move(game.start_position, game.legal_moves(game.start_position)[0])
    problem = assert_problem(post(game.id, "records/import",
                                  record=f'[Game "{game.id}"]\n1. {move} <{{"x": 1}}> *'),
                             422, "invalid_dice")
    assert problem["index"] == 0 and problem["line"] == 2


def test_a_win_claimed_in_a_game_that_goes_on_contradicts_the_board(post):
    problem = assert_problem(post("mastery", "records/import",
                                  record='[Game "mastery"]\n1. d4d5 1-0'),
                             422, "result_contradicts_board")
    assert problem["line"] == 2
    assert "resigns" in problem["detail"]          # it says what would explain the result


def test_a_ply_after_a_resignation_is_game_over_at_its_index(post):
    problem = assert_problem(post("mastery", "records/import",
                                  record='[Game "mastery"]\n1. d4d5 (light resigns) e5d4 1-0'),
                             422, "game_over")
    assert problem["index"] == 1


def test_a_departure_of_a_player_not_in_the_game_is_refused(post):
    problem = assert_problem(post("mastery", "records/import",
                                  record='[Game "mastery"]\n(nobody resigns) *'),
                             422, "invalid_departure")
    assert problem["line"] == 2


def test_an_export_names_the_failing_move_as_replay_does(post):
    replay = post("mastery", "replay", moves=["d4d5", "e3f4"]).get_json()
    problem = assert_problem(post("mastery", "records/export", moves=["d4d5", "e3f4"]), 422,
                             replay["code"])
    assert problem["index"] == 1 == replay["index"] and problem["reason"] == replay["reason"]


@pytest.mark.parametrize("body, code, field", [
    ({"tags": {"Date": "yesterday"}}, "invalid_tag", "tag"),
    ({"tags": {"Game": "mastery"}}, "invalid_tag", "tag"),
    ({"result": "0-1"}, "result_contradicts_board", None),
    ({"asides": [{"after": 1, "kind": "resigns", "player": "nobody"}]}, "invalid_departure",
     None),
    ({"comments": [{"after": 5, "text": "past the end"}]}, "invalid_record", None),
])
def test_an_export_with_a_bad_part_is_refused_with_its_own_code(post, body, code, field):
    problem = assert_problem(post("mastery", "records/export", moves=["d4d5"], **body), 422,
                             code)
    if field:
        assert problem[field]


@pytest.mark.parametrize("body", [
    {"moves": ["d4d5"], "tags": {"Event": 3}},
    {"moves": ["d4d5"], "comments": [{"after": -1, "text": "x"}]},
    {"moves": ["d4d5"], "asides": [{"after": 0, "kind": "sulks", "player": "dark"}]},
    {"moves": ["d4d5"], "asides": [{"after": 0, "kind": "resigns", "extra": 1}]},
    {"moves": ["d4d5"], "tags": {f"T{i}": "x" for i in range(65)}},
])
def test_an_export_body_that_breaks_the_schema_is_a_400(post, body):
    assert_problem(post("mastery", "records/export", **body), 400, "malformed_request")


# ---- bounds --------------------------------------------------------------------------------

def test_a_record_of_more_plies_than_a_replay_is_refused_before_playing(post):
    plies = " ".join(["d4d5 e5d4"] * (MAX_REPLAY_MOVES // 2 + 1))   # illegal from ply 2 on
    problem = assert_problem(post("mastery", "records/import",
                                  record=f'[Game "mastery"]\n{plies} *'),
                             422, "work_limit_exceeded")
    assert str(MAX_REPLAY_MOVES) in problem["detail"]


def test_a_record_over_the_body_limit_is_a_413(post):
    assert_problem(post("mastery", "records/import", record="{" + "x" * 70_000 + "}"), 413,
                   "body_too_large")


def test_import_and_export_are_costed_per_ply():
    from service.operations.table import operation

    game = registry.configure("mastery")
    short = operation("importRecord").cost(game, {"record": "1. d4d5 *"})
    long = operation("importRecord").cost(game, {"record": "1. d4d5 e5d4 " * 100 + "*"})
    assert 0 < short < long
    comments = operation("importRecord").cost(game, {"record": "{}" * 30_000})
    assert comments >= HEAVY_MS   # 60 KiB of comments take long to read: heavy
    assert operation("exportRecord").cost(game, {"moves": ["d4d5"] * 10}) == \
        10 * operation("exportRecord").cost(game, {"moves": ["d4d5"]})


# ---- signing ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def signed_post():
    return poster(create_app({**KEYS, "REFEREE_REQUIRE_SIGNED": "1"}).test_client())


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_record_from_the_initial_position_is_signed_and_play_goes_on(signed_post, game_id):
    _, plies, after = two_plies(game_id)
    moves = " ".join(f"{m}{dice_text(d)}" for m, d in plies)
    back = signed_post(game_id, "records/import", record=f'[Game "{game_id}"]\n{moves} *')
    assert back.status_code == 200, back.get_json()
    answer = back.get_json()
    game = registry.configure(game_id)
    move = game.format_move(after, game.legal_moves(after)[0])
    going_on = signed_post(game_id, "apply", position=answer["position"],
                           options=answer["options"], token=answer["token"], move=move, seed=1)
    assert going_on.status_code == 200, going_on.get_json()


def test_the_token_binds_the_records_own_options(signed_post):
    options = {"players": ["w", "r", "b"]}
    game = registry.configure("sceptre", options)
    start = game.start_position
    move = game.format_move(start, game.legal_moves(start)[0])
    answer = signed_post("sceptre", "records/import",
                         record='[Game "sceptre"] [Options "{\\"players\\": [\\"w\\", \\"r\\", '
                                f'\\"b\\"]}}"]\n1. {move} *').get_json()
    assert answer["options"]["players"] == ["w", "r", "b"] and answer["token"]
    status = signed_post("sceptre", "status", position=answer["position"],
                         options=answer["options"], token=answer["token"])
    assert status.status_code == 200, status.get_json()


def test_a_record_from_a_position_tag_is_judged_but_not_signed(signed_post):
    game, _, after = two_plies("mastery")
    position = game.format_position(after)
    answer = signed_post("mastery", "records/import",
                         record=f'[Game "mastery"]\n[Position "{position}"]\n*')
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["from_initial"] is False and "token" not in answer.get_json()


def test_a_record_with_an_off_board_event_is_judged_but_not_signed(signed_post):
    answer = signed_post("sceptre", "records/import",
                         record='[Game "sceptre"] [Options "{\\"players\\": [\\"w\\", \\"r\\", '
                                '\\"b\\"]}"]\n(white leaves) *')
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["asides"] and "token" not in answer.get_json()


def test_without_signing_an_import_carries_no_token(post):
    assert "token" not in imported(post, "mastery", '[Game "mastery"]\n1. d4d5 *')


def test_an_export_from_an_unsigned_position_is_refused_where_signing_is_required(signed_post):
    game, _, after = two_plies("mastery")
    assert_problem(signed_post("mastery", "records/export", moves=[],
                               position=game.format_position(after)), 422,
                   "unsigned_position")

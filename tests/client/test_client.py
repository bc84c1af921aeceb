"""The Python client against the real service (``python -m service`` in a subprocess)."""

from __future__ import annotations

import struct
import urllib.request

import pytest

from referee.client import (
    Aside, BodyTooLargeError, ClockError, Comment, ExportedRecord, GameMismatchError,
    GameCheckError, GameOverError, IllegalMoveError, ImportedRecord, InvalidDepartureError,
    InvalidOptionsError,
    InvalidPositionError, InvalidRecordError, InvalidTagError, MalformedRequestError,
    OverloadedError, Ply, RecordError, Referee, RefereeError, ResultContradictsBoardError,
    RenderError, SignatureError, TooManyRecordsError, TransportError, UnknownGameError,
    WorkLimitExceededError, error_for,
)
from rules import registry

from tests.live_service import free_port, running_service

START = "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1"


@pytest.fixture(scope="module")
def ref():
    with running_service() as url:
        yield Referee(url)


def test_games_and_game(ref):
    assert [g["id"] for g in ref.games()] == registry.game_ids()
    detail = ref.game("mastery")
    assert detail["id"] == "mastery" and detail["pieces"]


def test_setup_legal_moves_apply_status(ref):
    start = ref.setup("mastery")
    assert start.position == START and start.options["ruleset"] == "ross-2002"
    moves = ref.legal_moves("mastery", start.position)
    game = registry.configure("mastery")
    expected = len(game.legal_moves(game.initial_position()))
    assert moves.to_move == "dark" and moves.count == len(moves.moves) == expected
    assert "d4d5" in moves.notations
    after = ref.apply("mastery", "d4d5", position=start.position)
    assert after.move == "d4d5" and after.status.to_move == "light"
    assert not after.status.finished and after.events[0]["type"] == "move"
    status = ref.status("mastery", after.position)
    assert status.state == "ongoing" and status.to_move == "light"


def test_every_game_round_trip(ref):
    for game_id in registry.game_ids():
        start = ref.setup(game_id)
        first = ref.legal_moves(game_id, start.position, start.options).moves[0]["move"]
        after = ref.apply(game_id, first, start.position, start.options, seed=1)
        assert after.position != start.position


def test_replay_and_its_failing_index(ref):
    done = ref.replay("mastery", ["d4d5", "e5d4"])
    assert done.plies == 2 and done.moves == ["d4d5", "e5d4"] and done.history is None
    with pytest.raises(IllegalMoveError) as info:
        ref.replay("mastery", ["d4d5", "e5d4", "e3f4"])
    assert info.value.index == 2 and info.value.reason == "piece_movement"


def test_replay_with_history_gives_every_ply_as_apply_does(ref):
    done = ref.replay("mastery", ["d4d5", "e5d4"], history=True)
    assert done.history is not None and len(done.history) == 2
    first = ref.apply("mastery", "d4d5")
    second = ref.apply("mastery", "e5d4", first.position)
    for ply, applied, mover in zip(done.history, (first, second), ("dark", "light")):
        assert isinstance(ply, Ply) and ply.mover == mover and ply.dice is None
        assert (ply.move, ply.events, ply.position, ply.status) == \
            (applied.move, applied.events, applied.position, applied.status)


def test_every_game_exports_and_imports_through_the_client(ref):
    for game_id in registry.game_ids():
        start = ref.setup(game_id)
        first = ref.apply(game_id, ref.legal_moves(game_id).moves[0]["move"], seed=1)
        exported = ref.export_game(game_id, [first.move], dice=[first.dice],
                                   tags={"Event": "Club night"}, comments=[(1, "A start.")])
        assert isinstance(exported, ExportedRecord) and exported.result == "*"
        assert ref.export_record(game_id, [first.move], dice=[first.dice],
                                 tags={"Event": "Club night"},
                                 comments=[Comment(1, "A start.")]) == exported.record
        game = ref.import_record(game_id, exported.record)
        assert isinstance(game, ImportedRecord) and game.start == start.position
        assert [(p.move, p.position, p.events) for p in game.plies] == \
            [(first.move, first.position, first.events)]
        assert game.tags["Event"] == "Club night" and game.comments == [Comment(1, "A start.")]
        assert game.status == first.status and game.agreement == "unfinished"


def test_a_resignation_is_exported_and_imported(ref):
    text = ref.export_record("mastery", ["d4d5"], asides=[Aside(1, "resigns", "light")])
    game = ref.import_record("mastery", text)
    assert game.result == "1-0" and game.agreement == "off_board"
    assert game.status.reason == "resignation" and not game.board_status.finished
    assert game.asides == [Aside(1, "resigns", "light", [])]


def test_broken_records_raise_their_own_errors(ref):
    with pytest.raises(InvalidRecordError) as syntax:
        ref.import_record("mastery", '[Game "mastery"]\n1. d4d5 {open')
    assert syntax.value.line == 2 and syntax.value.column
    with pytest.raises(InvalidTagError) as tag:
        ref.import_record("mastery", '[Date "someday"]\n*')
    assert tag.value.tag == "Date" and tag.value.line == 1
    with pytest.raises(GameMismatchError):
        ref.import_record("mastery", '[Game "kings-mate"]\n*')
    with pytest.raises(ResultContradictsBoardError):
        ref.import_record("mastery", "1. d4d5 1-0")
    with pytest.raises(InvalidDepartureError):
        ref.import_record("mastery", "(nobody resigns) *")
    with pytest.raises(IllegalMoveError) as ply:
        ref.import_record("mastery", "1. d4d5 e3f4 *")
    assert ply.value.index == 1 and ply.value.problem["line"] == 1
    with pytest.raises(RecordError):
        ref.export_record("mastery", ["d4d5"], result="0-1")


def test_a_file_of_many_records_is_read_game_by_game(ref):
    from tests.records.test_many import BROKEN, collection
    text, games = collection()
    imported = ref.import_records("mastery", text)
    assert [g.index for g in imported] == list(range(len(games)))
    bad = [g for g in imported if g.error is not None]
    assert [g.index for g in bad] == [games.index(BROKEN)]
    assert isinstance(bad[0].error, IllegalMoveError) and bad[0].record is None
    assert bad[0].error.problem["line"] > bad[0].line
    assert all(isinstance(g.record, ImportedRecord) for g in imported if g.error is None)


def test_a_file_of_many_records_is_read_in_lines_as_the_games_arrive(ref):
    from rules.records.collection import MAX_RECORDS
    from tests.records.test_many import BROKEN, collection
    text, games = collection()
    lines = ref.import_records_lines("mastery", text)
    first = next(lines)
    assert first.index == 0 and first.record is not None

    def seen(imported):
        return [(g.index, g.line, g.record, g.error and (type(g.error), g.error.problem))
                for g in imported]

    assert seen([first, *lines]) == seen(ref.import_records("mastery", text))
    bad = [g for g in ref.import_records_lines("mastery", text) if g.error is not None]
    assert [g.index for g in bad] == [games.index(BROKEN)]
    with pytest.raises(TooManyRecordsError) as caught:   # raised before any game is read
        ref.import_records_lines("mastery", '[Game "mastery"] 1. d2c2 *\n' * (MAX_RECORDS + 1))
    assert caught.value.problem["limit"] == MAX_RECORDS


def test_annotations_and_variations_are_read_and_written(ref):
    exported = ref.export_game(
        "mastery", ["d2c2", "b6a5"], annotations=[{"suffix": "!", "nags": [1]}],
        variations=[{"after": 1, "moves": ["c5b5"], "annotations": [{"eval": "-0.5"}]}])
    game = ref.import_record("mastery", exported.record)
    assert (game.plies[0].suffix, game.plies[0].nags) == ("!", [1])
    (variation,) = game.plies[1].variations
    assert [p.move for p in variation.plies] == ["c5b5"] and variation.plies[0].eval == "-0.5"
    assert variation.comments == [] and game.plies[0].variations == []


def test_several_games_are_exported_as_one_text(ref):
    text = ref.export_records("mastery", [{"moves": ["d2c2"]},
                                          {"moves": ["d2c2", "b6a5"], "tags": {"Round": "2"}}])
    games = ref.import_records("mastery", text)
    assert [len(g.record.plies) for g in games if g.record] == [1, 2]
    with pytest.raises(IllegalMoveError) as caught:
        ref.export_records("mastery", [{"moves": ["d2c2"]}, {"moves": ["zz"]}])
    assert caught.value.problem["game"] == 1


def test_perft(ref):
    game = registry.configure("mastery")
    assert ref.perft("mastery", 2).nodes == game.perft(game.initial_position(), 2)
    divided = ref.perft("mastery", 1, divide=True)
    count = len(game.legal_moves(game.initial_position()))
    assert divided.nodes == count and len(divided.divide) == count


def test_render_png_and_svg(ref):
    png = ref.render("mastery", size=240)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (240, 240)
    svg = ref.render("mastery", format="svg", highlight=["d4"])
    assert svg.startswith(b"<svg") and b'class="highlight"' in svg
    turned = ref.render("mastery", format="svg", orientation="light")
    assert b"seen by light" in turned and turned != ref.render("mastery", format="svg")


def test_picture_urls_answer_the_posted_pictures(ref):
    after = ref.apply("mastery", "d4d5", START)
    url = ref.picture_url("mastery", after.position, format="svg", highlight=["d2", "d3"],
                          orientation="light", last_move=False, size=300)
    assert url.startswith(f"{ref.base_url}/v1/games/mastery/render.svg?")
    with urllib.request.urlopen(url) as answer:
        assert answer.headers["ETag"].startswith('"')
        assert answer.read() == ref.render("mastery", after.position, format="svg",
                                           highlight=["d2", "d3"], orientation="light",
                                           last_move=False, size=300)


def test_replay_picture_by_post_and_by_url(ref):
    gif = ref.replay_picture("mastery", ["d4d5", "e5d4"], size=160)
    assert gif[:6] == b"GIF89a"
    with urllib.request.urlopen(ref.replay_picture_url("mastery", ["d4d5", "e5d4"],
                                                       size=160)) as answer:
        assert answer.read() == gif
    apng = ref.replay_picture("mastery", ["d4d5"], format="apng", size=160)
    assert apng[:8] == b"\x89PNG\r\n\x1a\n" and b"acTL" in apng
    with pytest.raises(IllegalMoveError) as info:
        ref.replay_picture("mastery", ["d4d5", "e3f4"])
    assert info.value.index == 1


def test_illegal_move_is_typed_with_its_reason(ref):
    after = ref.apply("mastery", "d4d5", START)
    after = ref.apply("mastery", "e5d4", after.position)
    with pytest.raises(IllegalMoveError) as info:
        ref.apply("mastery", "e3f4", after.position)
    err = info.value
    assert err.status == 422 and err.code == "illegal_move" and err.reason == "piece_movement"
    assert err.detail == "Officers move 1-2 squares orthogonally; e3 to f4 is diagonal."
    assert err.problem["type"] == "urn:boardgame-referee:problem:illegal_move"
    assert isinstance(err, RefereeError)


def test_other_problem_families(ref):
    with pytest.raises(UnknownGameError):
        ref.setup("chess")
    with pytest.raises(InvalidPositionError) as info:
        ref.status("mastery", "8/8 d - 0 1")
    assert info.value.field
    with pytest.raises(InvalidOptionsError):
        ref.setup("mastery", {"setup": "nope"})
    with pytest.raises(MalformedRequestError) as info:
        ref.perft("mastery", -1)
    assert "depth" in info.value.errors
    with pytest.raises(WorkLimitExceededError):
        ref.perft("mastery", 6)
    with pytest.raises(RenderError) as info:
        ref.render("mastery", highlight=["z9"])
    assert info.value.code == "invalid_highlight"
    with pytest.raises(BodyTooLargeError):
        ref.replay("mastery", ["d4d5"] * 20000)
    finished = "3m4/8/8/8/8/8/8/3MP3 l - 0 1"
    status = ref.status("mastery", finished)
    assert status.finished and status.winner == "dark" and status.reason == "no_officers_or_pawns"
    with pytest.raises(GameOverError):
        ref.apply("mastery", "d8d7", finished)


def test_suggest_answers_a_legal_move_reproducibly(ref):
    first = ref.suggest("mastery", START, playouts=40, seed=9)
    again = ref.suggest("mastery", START, playouts=40, seed=9)
    assert first.move == again.move and first.entry == again.entry
    assert first.move in ref.legal_moves("mastery", START).notations
    assert first.level == "mcts" and first.playouts == 40 and 0 <= first.value <= 1
    assert first.alternatives[0]["move"] == first.move
    greedy = ref.suggest("kings-mate", level="greedy")
    assert greedy.level == "greedy" and greedy.playouts == 0
    with pytest.raises(MalformedRequestError) as exc:
        ref.suggest("mastery", playouts=10**7)
    assert "playouts" in exc.value.errors
    with pytest.raises(GameOverError):
        ref.suggest("mastery", "o6p/8/8/8/3m4/8/8/O6P d d6xd4 0 2")


def test_request_ids_are_sent_and_read_back_from_errors(ref):
    with pytest.raises(UnknownGameError) as info:
        ref.setup("chess")
    made = info.value.request_id
    assert made and len(made) == 32 and made == info.value.problem["request_id"]
    with pytest.raises(UnknownGameError) as info:
        Referee(ref.base_url, request_id="bot-42").setup("chess")
    assert info.value.request_id == "bot-42"
    with pytest.raises(IllegalMoveError) as info:
        ref.with_request_id("game-7.ply:3").apply("mastery", "e3f4", START)
    assert info.value.request_id == "game-7.ply:3"
    ids = iter(["first", "second"])
    counting = Referee(ref.base_url, request_id=lambda: next(ids))
    for expected in ("first", "second"):
        with pytest.raises(UnknownGameError) as info:
            counting.setup("chess")
        assert info.value.request_id == expected
    assert ref.request_id is None                        # with_request_id made a copy


def test_unreachable_service_is_a_transport_error():
    with pytest.raises(TransportError) as info:
        Referee(f"http://127.0.0.1:{free_port()}", timeout=2).games()
    assert info.value.code == "unreachable" and info.value.request_id is None


def test_signed_positions_through_the_client():
    keys = {"REFEREE_SIGNING_KEYS": "k1:client-test-secret", "REFEREE_REQUIRE_SIGNED": "1"}
    with running_service(env=keys) as url:
        ref = Referee(url)
        start = ref.setup("mastery")
        assert start.token and start.token.startswith("k1.")
        after = ref.apply("mastery", "d4d5", start.position, token=start.token)
        assert after.token and after.token != start.token
        assert ref.status("mastery", after.position, token=after.token).to_move == "light"
        replayed = ref.replay("mastery", ["e5d4"], after.position, token=after.token)
        assert replayed.token
        assert ref.legal_moves("mastery", token="ignored without a position").count > 0
        with pytest.raises(SignatureError) as info:
            ref.legal_moves("mastery", after.position)
        assert info.value.code == "unsigned_position" and info.value.status == 422
        with pytest.raises(SignatureError) as info:
            ref.perft("mastery", 1, after.position, token=start.token)
        assert info.value.code == "bad_signature"


def test_the_apps_check_and_inspection_through_the_client():
    with running_service(env={"REFEREE_SIGNING_KEYS": "k1:client-check-secret"}) as url:
        ref = Referee(url)
        start = ref.setup("mastery")
        assert start.game_id and start.ply == 0
        after = ref.apply("mastery", "d4d5", start.position, token=start.token,
                          game_id=start.game_id, ply=start.ply)
        assert (after.game_id, after.ply) == (start.game_id, 1)
        replayed = ref.replay("mastery", ["e5d4"], after.position, token=after.token,
                              game_id=after.game_id, ply=after.ply)
        assert (replayed.game_id, replayed.ply) == (start.game_id, 2)
        with pytest.raises(GameCheckError) as info:       # a take-back
            ref.apply("mastery", "d4d5", start.position, token=start.token,
                      game_id=after.game_id, ply=after.ply)
        assert info.value.code == "token_superseded" and info.value.problem["token_ply"] == 0
        other = ref.setup("mastery")
        with pytest.raises(GameCheckError) as info:
            ref.status("mastery", other.position, token=other.token, game_id=start.game_id)
        assert info.value.code == "token_wrong_game"
        assert isinstance(info.value, SignatureError)
        seen = ref.inspect_token("mastery", after.token, after.position)
        assert seen.valid and (seen.game_id, seen.ply, seen.key_id) == (start.game_id, 1, "k1")
        assert seen.signed_at is not None and seen.clocks is None
        forged = ref.inspect_token("mastery", after.token, start.position)
        assert not forged.valid and forged.code == "bad_signature" and forged.game_id is None
        behind = ref.inspect_token("mastery", start.token, game_id=start.game_id, ply=1)
        assert not behind.valid and behind.code == "token_superseded"
        imported = ref.import_record("mastery", '[Game "mastery"]\n\n1. d4d5 *\n')
        assert imported.game_id not in (None, start.game_id) and imported.ply == 1


def test_clocks_through_the_client():
    """A day per move: nothing here depends on how long the test takes, below a day."""
    day = 86_400_000
    with running_service(env={"REFEREE_SIGNING_KEYS": "k1:client-clock-secret"}) as url:
        ref = Referee(url)
        start = ref.setup("mastery", time_control={"per_move_seconds": 86_400})
        assert start.clocks is not None and start.clocks.running == "dark"
        assert start.clocks.remaining_ms == {"dark": day, "light": day}
        assert start.clocks.time_control == {"per_move_seconds": 86_400}
        after = ref.apply("mastery", "d4d5", start.position, token=start.token)
        assert after.clocks is not None and after.clocks.running == "light"
        assert after.clocks.remaining_ms["light"] == day
        assert 0 < after.clocks.remaining_ms["dark"] <= day
        assert after.clocks.as_of >= start.clocks.as_of
        now = ref.status("mastery", after.position, token=after.token)
        assert now.clocks is not None and now.clocks.running == "light"
        assert "clocks" not in now.extra
        with pytest.raises(ClockError) as info:
            ref.replay("mastery", ["e5d4"], after.position, token=after.token)
        assert info.value.code == "clock_running"
        with pytest.raises(ClockError) as info:
            ref.setup("mastery", time_control={"base_seconds": 60, "per_move_seconds": 60})
        assert info.value.code == "invalid_time_control"


def test_a_clocked_record_through_the_client():
    with running_service(env={"REFEREE_SIGNING_KEYS": "k1:client-record-secret"}) as url:
        ref = Referee(url)
        start = ref.setup("mastery", time_control={"per_move_seconds": 86_400})
        after = ref.apply("mastery", "d4d5", start.position, token=start.token)
        text = ref.export_record("mastery", ["d4d5"], clocks=[after.clocks],
                                 tags={"Token": after.token or ""})
        assert '[TimeControl "1/86400"]' in text and "[%clk " in text
        imported = ref.import_record("mastery", text)
        assert after.clocks is not None
        assert imported.plies[0].clock_ms == after.clocks.remaining_ms["dark"]
        assert imported.final_token is not None and imported.final_token["valid"]
        assert imported.final_token["game_id"] == after.game_id


def test_a_time_control_needs_signing(ref):
    with pytest.raises(ClockError) as info:
        ref.setup("mastery", time_control={"base_seconds": 300, "increment_seconds": 2})
    assert info.value.code == "clocks_need_signing" and info.value.status == 422


def test_unsigned_service_returns_no_token(ref):
    start = ref.setup("mastery")
    assert start.token is None
    assert ref.apply("mastery", "d4d5", start.position, token="anything").token is None


def test_overloaded_carries_retry_after():
    import http.server
    import json
    import threading

    class Busy(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.dumps({"type": "urn:x", "title": "Overloaded", "status": 503,
                               "detail": "Busy.", "code": "overloaded"}).encode()
            self.send_response(503)
            self.send_header("Content-Type", "application/problem+json")
            self.send_header("Retry-After", "3")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    with http.server.HTTPServer(("127.0.0.1", 0), Busy) as server:
        threading.Thread(target=server.handle_request, daemon=True).start()
        with pytest.raises(OverloadedError) as info:
            Referee(f"http://127.0.0.1:{server.server_address[1]}").perft("mastery", 4)
    assert info.value.retry_after == 3 and info.value.status == 503
    assert isinstance(error_for({"code": "overloaded"}, 503), OverloadedError)

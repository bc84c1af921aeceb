"""The ``referee`` command line: every command in process, and the installed console script
with piped input."""

from __future__ import annotations

import io
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli import main
from rules import records, registry

START = "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1"


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_games_lists_every_game_with_options():
    code, out = run("games")
    assert code == 0
    for game_id in registry.game_ids():
        assert game_id in out
    assert 'ruleset = "ross-2002"' in out


def test_show_draws_the_board_and_status():
    code, out = run("show", "mastery")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "8  . . m m m . . ."
    assert START in lines and "dark to move" in lines


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_show_and_moves_work_for_every_game(game_id):
    code, out = run("show", game_id)
    assert code == 0
    game = registry.configure(game_id)
    assert game.format_position(game.initial_position()) in out
    code, out = run("moves", game_id)
    assert code == 0
    count = len(game.legal_moves(game.initial_position()))
    assert out.splitlines()[0] == f"{count} legal moves"


def test_moves_json():
    import json

    code, out = run("moves", "mastery", "--json")
    moves = json.loads(out)
    assert code == 0 and {"move": "d4d5", "from": "d4", "to": "d5", "piece": "P",
                          "control": False, "kind": "move"} in moves


def test_apply_plays_moves_in_order():
    code, out = run("apply", "mastery", "d4d5", "e5d4")
    assert code == 0
    assert "2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2" in out


def test_illegal_move_and_bad_input_exit_codes(capsys):
    code, _ = run("apply", "mastery", "d4d5", "e5d4", "e3f4")
    err = capsys.readouterr().err
    assert code == 1 and "illegal_move" in err and "[piece_movement]" in err
    code, _ = run("show", "chess")
    assert code == 2 and "There is no game 'chess'" in capsys.readouterr().err
    code, _ = run("show", "mastery", "-p", "8/8 d - 0 1")
    assert code == 1 and "invalid_position" in capsys.readouterr().err
    code, _ = run("show", "mastery", "-o", "{not json")
    assert code == 2


def test_perft_and_divide_agree_with_the_engine():
    game = registry.configure("mastery")
    nodes = game.perft(game.initial_position(), 2)
    assert run("perft", "mastery", "2") == (0, f"nodes {nodes}\n")
    code, out = run("perft", "mastery", "2", "--divide")
    lines = out.splitlines()
    assert lines[-1] == f"nodes {nodes}"
    assert sum(int(line.split(": ")[1]) for line in lines[:-1]) == nodes


def test_render_writes_a_png(tmp_path: Path):
    target = tmp_path / "board.png"
    code, out = run("render", "mastery", "-f", "png", "-s", "200", "-O", str(target))
    data = target.read_bytes()
    assert code == 0 and data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (200, 200)


def test_play_two_people_from_piped_moves():
    code, out = run("play", "mastery", stdin="moves\nd4d5\ne3f4\ne5d4\nquit\n")
    assert code == 0
    assert "d4d5 " in out  # the list of legal moves
    assert "dark plays d4d5" in out
    assert "illegal: The dark Officer on e3 is not in the zone of control" in out
    assert "[not_in_zone_of_control]" in out
    assert "light plays e5d4" in out
    assert "2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2" in out


def test_play_against_a_random_mover_to_the_end():
    code, out = run("play", "mastery", "--random", "dark", "light", "--seed", "3")
    assert code == 0
    assert "game over: win" in out


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_random_playout_of_every_game(game_id):
    players = registry.game_class(game_id).players()
    code, out = run("play", game_id, "--random", *players, "--seed", "1", "--max-plies", "30")
    assert code == 0
    assert "plays" in out


def test_play_refuses_an_unknown_player(capsys):
    assert run("play", "mastery", "--random", "blue")[0] == 2
    assert "the players are dark, light" in capsys.readouterr().err


def test_installed_console_script_with_piped_input():
    script = shutil.which("referee", path=str(Path(sys.executable).parent))
    assert script, "the console script is installed with the package (pip install -e .)"
    result = subprocess.run([script, "play", "mastery", "--random", "light", "--seed", "5"],
                            input="d4d5\nquit\n", capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "dark plays d4d5" in result.stdout and "light plays" in result.stdout


def test_play_against_the_computer():
    code, out = run("play", "mastery", "--vs", "computer", "--as", "light", "--playouts", "30",
                    "--seed", "4", stdin="e5d4\nquit\n")
    assert code == 0
    first = next(line for line in out.splitlines() if line.startswith("dark plays"))
    assert "[mcts, 30 playouts, value " in first
    move = first.split()[2]
    game = registry.configure("mastery")
    assert move in {game.format_move(game.start_position, m)
                    for m in game.legal_moves(game.start_position)}
    assert "light> " in out


def test_the_computer_plays_every_seat_but_yours_to_the_end():
    code, out = run("play", "sceptre", "-o", '{"players": ["w", "r", "b"]}', "--vs", "computer",
                    "--level", "greedy", "--random", "white", "--seed", "2", "--max-plies", "9")
    assert code == 0
    sides = [line.split()[0] for line in out.splitlines() if " plays " in line]
    assert sides[:3] == ["white", "red", "black"] and len(sides) == 9
    assert all("[value" in line for line in out.splitlines() if line.startswith("red plays"))


def test_play_against_the_computer_refuses_bad_choices(capsys):
    assert run("play", "mastery", "--vs", "computer", "--as", "blue")[0] == 2
    assert "the players are dark, light" in capsys.readouterr().err
    assert run("play", "mastery", "--as", "light")[0] == 2
    assert "--vs computer" in capsys.readouterr().err
    assert run("play", "mastery", "--vs", "computer", "--as", "light", "--playouts", "0")[0] == 2
    assert "playouts must be from 1" in capsys.readouterr().err


# ---- records: play --save and record check ------------------------------------------------------

def saved(tmp_path: Path, *argv: str, stdin: str = "") -> tuple[str, "records.Loaded"]:
    """``referee play ... --save FILE``'s output, and the record it wrote loaded back."""
    target = tmp_path / "game.rec"
    code, out = run("play", *argv, "--save", str(target), stdin=stdin)
    assert code == 0, out
    assert f"to {target}" in out.splitlines()[-1]
    return out, records.load(target.read_text(encoding="utf-8"))


def test_play_saves_a_quit_game_as_an_unfinished_record(tmp_path: Path):
    import datetime

    out, loaded = saved(tmp_path, "mastery", "--player", "dark=Ann", stdin="d4d5\ne5d4\nquit\n")
    assert [ply.move for ply in loaded.plies] == ["d4d5", "e5d4"]
    assert loaded.result == "*" and loaded.agreement == "unfinished"
    assert loaded.tags["Dark"] == "Ann" and loaded.tags["Light"] == "?"
    assert loaded.tags["Date"] == datetime.date.today().strftime("%Y.%m.%d")
    assert loaded.game.format_position(loaded.plies[-1].position) == (
        "2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2")
    assert "saved 2 plies to" in out


def test_play_records_a_resignation(tmp_path: Path):
    out, loaded = saved(tmp_path, "mastery", stdin="d4d5\nresign\n")
    assert "light resigns" in out and "game over: win, dark wins (resignation)" in out
    assert loaded.result == "1-0" and loaded.agreement == "off_board"
    assert loaded.status.winner == "dark" and loaded.status.reason == "resignation"
    assert loaded.tags["Termination"] == "resignation"


def test_play_saves_a_game_played_to_its_end_with_its_dice(tmp_path: Path):
    out, loaded = saved(tmp_path, "maestria", "--random", "black", "white", "--seed", "3",
                        "--player", "white=random bot")
    assert "game over" in out
    assert loaded.agreement == "board" and loaded.status.finished
    assert any(ply.dice is not None for ply in loaded.plies)   # Maestria's fights
    assert loaded.tags["White"] == "random bot" and loaded.tags["Black"] == "random mover"
    assert len(loaded.plies) == sum(" plays " in line for line in out.splitlines())


def test_play_from_a_position_saves_the_start(tmp_path: Path):
    start = "2mmm3/2ooo3/1ppopp2/2pP4/3p1P2/2PPOPP1/3OOO2/3MMM2 d e5-d4 2 2"
    _, loaded = saved(tmp_path, "mastery", "-p", start, stdin="d1d2\n")
    assert loaded.game.format_position(loaded.start) == start and not loaded.from_initial
    assert [ply.move for ply in loaded.plies] == ["d1d2"] and loaded.result == "*"


def test_play_save_refuses_bad_arguments_before_playing(tmp_path: Path, capsys):
    assert run("play", "mastery", "--save", str(tmp_path / "no" / "game.rec"))[0] == 2
    assert "there is no folder" in capsys.readouterr().err
    assert run("play", "mastery", "--save", str(tmp_path), stdin="quit\n")[0] == 2
    assert run("play", "mastery", "--player", "blue=Ann", stdin="quit\n")[0] == 2
    assert "the seats are dark, light" in capsys.readouterr().err
    assert run("play", "mastery", "--player", "Ann", stdin="quit\n")[0] == 2


def write_record(tmp_path: Path, text: str, name: str = "game.rec") -> str:
    target = tmp_path / name
    target.write_text(text, encoding="utf-8")
    return str(target)


def mastery_record(*moves: str, result: str | None = None) -> str:
    from rules import records

    return records.write(registry.configure("mastery"), list(moves), result=result)


def test_record_check_summarises_a_valid_record(tmp_path: Path):
    path = write_record(tmp_path, mastery_record("d4d5", "e5d4"))
    code, out = run("record", "check", path)
    assert (code, out) == (0, f"{path}: mastery, 2 plies, result * (unfinished)\n")
    code, out = run("record", "check", "-", "--game", "mastery",
                    stdin=mastery_record("d4d5", result="*"))
    assert (code, out) == (0, "<stdin>: mastery, 1 ply, result * (unfinished)\n")


def test_record_check_says_how_a_finished_result_agrees(tmp_path: Path):
    _, loaded = saved(tmp_path, "mastery", "--random", "dark", "light", "--seed", "3")
    code, out = run("record", "check", str(tmp_path / "game.rec"))
    status = loaded.status
    assert code == 0 and out.endswith(
        f"result {loaded.result} (the board agrees: {status.winner} wins ({status.reason}))\n")
    _, loaded = saved(tmp_path, "mastery", stdin="resign\n")
    code, out = run("record", "check", str(tmp_path / "game.rec"))
    assert code == 0 and out.endswith(
        "mastery, 0 plies, result 0-1 (ended off the board: light wins (resignation))\n")


def test_record_check_quotes_the_first_fault_with_its_place(tmp_path: Path):
    good = mastery_record("d4d5", "e5d4", "d1d2")
    lines = good.splitlines()
    movetext = next(i for i, line in enumerate(lines) if "d4d5" in line)
    bad_ply = "\n".join(lines).replace("d1d2", "e3f4")
    path = write_record(tmp_path, bad_ply)
    code, out = run("record", "check", path)
    column = lines[movetext].index("d1d2") + 1
    assert code == 1 and out.startswith(f"{path}:{movetext + 1}:{column}: illegal_move: move 2 ")
    assert "Line " not in out  # the place is said once, before the code
    assert out.rstrip().endswith("[piece_movement]") and len(out.splitlines()) == 1

    path = write_record(tmp_path, '[Game "mastery"]\n[Date "yesterday"]\n\n1. d4d5 *\n')
    code, out = run("record", "check", path)
    assert code == 1 and out.startswith(f"{path}:2:") and ": invalid_tag: " in out

    path = write_record(tmp_path, good)
    code, out = run("record", "check", path, "--game", "kings-mate")
    assert code == 1 and ": game_mismatch: " in out


def test_record_check_judges_every_game_of_a_file(tmp_path: Path):
    from tests.records.test_many import collection
    text, games = collection()
    path = write_record(tmp_path, text)
    code, out = run("record", "check", path)
    lines = out.splitlines()
    assert code == 1 and len(lines) == len(games) + 1
    assert lines[-1] == f"{path}: {len(games)} games, {len(games) - 1} valid, 1 at fault"
    assert [n for n, line in enumerate(lines[:-1]) if ": illegal_move: " in line] == [2]
    assert lines[2].startswith(f"{path}:") and ": game 3: illegal_move: move 2 " in lines[2]
    assert all(f": game {n + 1}: " in line for n, line in enumerate(lines[:-1]))
    good = "\n".join(g for n, g in enumerate(games) if n != 2)
    code, out = run("record", "check", write_record(tmp_path, good))
    assert code == 0 and out.splitlines()[-1].endswith(
        f"{len(games) - 1} games, {len(games) - 1} valid, 0 at fault")


def test_record_check_usage_errors(tmp_path: Path, capsys):
    assert run("record", "check", str(tmp_path / "missing.rec"))[0] == 2
    assert "cannot read" in capsys.readouterr().err
    path = write_record(tmp_path, mastery_record("d4d5"))
    assert run("record", "check", path, "--game", "chess")[0] == 2
    assert "There is no game 'chess'" in capsys.readouterr().err
    (tmp_path / "binary.rec").write_bytes(b"\xff\xfe[Game")
    code, out = run("record", "check", str(tmp_path / "binary.rec"))
    assert code == 1 and "invalid_record: the file is not UTF-8 text" in out

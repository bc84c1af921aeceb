"""Properties every game must have, checked over random playouts of every registered game.

- every listed move applies, and unlisted moves never do;
- apply is deterministic for the same dice or seed;
- positions round-trip through their notation;
- a finished position has no legal moves and refuses moves with game_over;
- replay of a recorded game reproduces its final position;
- random strings and random mutations of valid notations give a position or a clean
  InvalidPosition, never another exception; over HTTP, never anything but 200 or a 4xx
  problem document.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.core.errors import GameOver, IllegalMove, InvalidPosition, RulesError
from rules.core.hooks import SpeedHooks
from service.http.app import create_app

GAMES = rules.game_ids()


def playout(game, seed: int, max_plies: int = 250):
    """A random game through the validated entry point: [(position, move text, applied)]."""
    rng = random.Random(seed)
    position = game.initial_position()
    record = []
    for _ in range(max_plies):
        legal = game.legal_moves(position)
        if not legal:
            break
        move = rng.choice(legal)
        text = game.format_move(position, move)
        _, applied = game.play(position, text, rng=rng)
        record.append((position, text, applied))
        position = applied.position
    return record, position


@pytest.fixture(scope="module", params=GAMES)
def recorded(request):
    game = rules.configure(request.param)
    games = [playout(game, seed) for seed in range(3)]
    return game, games


def test_every_position_round_trips_through_notation(recorded):
    game, games = recorded
    for record, final in games:
        for position, _, _ in record:
            assert game.parse_position(game.format_position(position)) == position
        assert game.parse_position(game.format_position(final)) == final


def test_every_listed_move_applies_and_unlisted_ones_do_not(recorded):
    game, games = recorded
    rng = random.Random(1)
    for record, _ in games:
        for position, _, _ in record[::7]:
            listed = {game.format_move(position, m) for m in game.legal_moves(position)}
            for text in sorted(listed)[:40]:
                game.play(position, text, rng=rng)
            for text in sorted(listed)[:20]:
                mutated = mutate(text, rng)
                if mutated in listed:
                    continue
                try:
                    move = game.parse_move(position, mutated)
                except IllegalMove:
                    continue
                canonical = game.format_move(position, move)
                if canonical in listed:  # another spelling of a listed move
                    continue
                with pytest.raises(IllegalMove):
                    game.play(position, mutated, rng=rng)


def test_apply_is_deterministic_for_a_seed(recorded):
    game, games = recorded
    for record, _ in games:
        for position, text, _ in record[::5]:
            first = game.play(position, text, seed=99)[1]
            second = game.play(position, text, seed=99)[1]
            assert first == second


def test_finished_positions_have_no_moves_and_refuse_moves(recorded):
    game, games = recorded
    for record, final in games:
        status = game.status(final)
        if not status.finished:
            continue
        assert game.legal_moves(final) == () or list(game.legal_moves(final)) == []
        assert status.to_move is None
        with pytest.raises(GameOver):
            game.play(final, record[-1][1])


def test_replay_reproduces_the_final_position(recorded, client):
    game, games = recorded
    for record, final in games:
        moves = [text for _, text, _ in record]
        dice = [applied.dice for _, _, applied in record]
        answer = client.post(f"/v1/games/{game.id}/replay", json={
            "moves": moves, "dice": dice, "options": game.options})
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["position"] == game.format_position(final)


def mutate(text: str, rng: random.Random) -> str:
    alphabet = string.ascii_letters + string.digits + "/-,:*@+=x "
    if not text:
        return rng.choice(alphabet)
    i = rng.randrange(len(text))
    kind = rng.randrange(4)
    if kind == 0:
        return text[:i] + rng.choice(alphabet) + text[i + 1:]
    if kind == 1:
        return text[:i] + text[i + 1:]
    if kind == 2:
        return text[:i] + rng.choice(alphabet) + text[i:]
    j = rng.randrange(len(text))
    chars = list(text)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def check_position_text(game, text: str) -> None:
    """Parsing gives a usable position or InvalidPosition; nothing else may escape."""
    try:
        position = game.parse_position(text)
    except InvalidPosition as exc:
        assert exc.detail
        return
    assert game.parse_position(game.format_position(position)) == position
    game.status(position)
    for move in list(game.legal_moves(position))[:5]:
        game.format_move(position, move)


def test_a_written_position_is_told_canonical_by_a_game_that_tells(recorded):
    """A game that overrides ``is_canonical`` recognises every text it writes, so that a
    legal-moves answer echoes it without writing the position again."""
    game, games = recorded
    if type(game).is_canonical is SpeedHooks.is_canonical:
        pytest.skip(f"{game.id} keeps the default: every answer writes its position")
    for record, final in games:
        for position in [p for p, _, _ in record] + [final]:
            text = game.format_position(position)
            assert game.is_canonical(text, game.parse_position(text)), text


@pytest.mark.parametrize("game_id", GAMES)
def test_a_text_told_canonical_is_the_text_the_game_writes(game_id):
    """Over mutated notations that still parse, ``is_canonical`` is never True for a text
    other than the one the game writes for the position read."""
    game = rules.configure(game_id)
    rng = random.Random(9)
    record, final = playout(game, 12, max_plies=120)
    texts = [game.format_position(p) for p, _, _ in record[::4]] + [game.format_position(final)]
    read = 0
    for text in texts:
        for _ in range(80):
            mutated = mutate(text, rng)
            try:
                position = game.parse_position(mutated)
            except RulesError:
                continue
            read += 1
            if game.is_canonical(mutated, position):
                assert game.format_position(position) == mutated
    assert read > len(texts)  # enough mutations still parse for the check to mean something


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(max_size=120))
def test_random_strings_never_break_the_parser(game_id, text):
    check_position_text(rules.configure(game_id), text)


@pytest.mark.parametrize("game_id", GAMES)
def test_mutated_notations_parse_or_are_refused_cleanly(game_id):
    game = rules.configure(game_id)
    rng = random.Random(5)
    record, final = playout(game, 11, max_plies=120)
    texts = [game.format_position(p) for p, _, _ in record[::4]] + [game.format_position(final)]
    for text in texts:
        for _ in range(60):
            mutated = text
            for _ in range(rng.randrange(1, 4)):
                mutated = mutate(mutated, rng)
            check_position_text(game, mutated)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(position=st.one_of(st.none(), st.text(max_size=80)), move=st.text(max_size=20),
       options=st.one_of(st.none(), st.dictionaries(st.text(max_size=10),
                                                    st.one_of(st.none(), st.booleans(),
                                                              st.integers(), st.text(max_size=10)),
                                                    max_size=3)))
def test_random_requests_get_200_or_a_problem_document(game_id, position, move, options):
    client = create_app({"WARM_UP": False}).test_client()
    for op, body in (("status", {"position": position, "options": options}),
                     ("legal-moves", {"position": position, "options": options}),
                     ("apply", {"position": position, "options": options, "move": move})):
        answer = client.post(f"/v1/games/{game_id}/{op}", json=body)
        assert answer.status_code == 200 or 400 <= answer.status_code < 500
        if answer.status_code != 200:
            problem = answer.get_json()
            assert answer.mimetype == "application/problem+json"
            assert problem["code"] and problem["detail"]


def test_rules_errors_all_carry_a_code():
    for cls in RulesError.__subclasses__():
        assert cls.code != RulesError.code

"""The threat model of docs/signing.md, one test per row: each attack played through HTTP
against a service with signing required, the app stating the two values it keeps per game
(game_id and ply), and the refusal asserted with its code. Time is an injected clock: no
test waits on real time."""

from __future__ import annotations

import pytest

from tests.clocked import KEYS, T0, Clock, clocked_client
from tests.service.test_clocks import payload_of, with_payload

GAME = "kings-mate"
TWENTY_PLUS_TWO = {"base_seconds": 20, "increment_seconds": 2}
OPENING = ["d2d3", "d8d7", "b1c2", "b9c8"]      # a few moves of King's Mate


class App:
    """What a tournament app keeps per game: the game's id and the latest ply; it relays
    each player's position, token and move to the service with them."""

    def __init__(self, service, start: dict) -> None:
        self.service, self.game_id, self.ply = service, start["game_id"], start["ply"]

    def relay(self, op: str, body: dict, status: int = 200) -> dict:
        r = self.service.post(f"/v1/games/{GAME}/{op}",
                              json={**body, "game_id": self.game_id, "ply": self.ply})
        assert r.status_code == status, r.get_json()
        answer = r.get_json()
        if status == 200 and "ply" in answer:
            self.ply = answer["ply"]
        return answer

    def refuses(self, op: str, body: dict, code: str) -> dict:
        doc = self.relay(op, body, 422)
        assert doc["code"] == code and doc["detail"].endswith("."), doc
        return doc


@pytest.fixture
def service(clock: Clock):
    return clocked_client(clock, required=True)


def post(service, op: str, body: dict, status: int = 200) -> dict:
    r = service.post(f"/v1/games/{GAME}/{op}", json=body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def clocked_game(service, clock: Clock, moves=OPENING, think_ms: int = 3_000):
    """A 20+2 game set up through the app, ``moves`` played with ``think_ms`` each: the app
    and the latest answer."""
    at = post(service, "setup", {"time_control": TWENTY_PLUS_TWO})
    app = App(service, at)
    for move in moves:
        clock.advance(think_ms)
        at = app.relay("apply", {"position": at["position"], "token": at["token"],
                                 "move": move})
    return app, at


def test_edited_token(service, clock):
    app, at = clocked_game(service, clock)
    more_time = with_payload(at["token"], {**payload_of(at["token"]), "ms": [20_000, 20_000]})
    app.refuses("apply", {"position": at["position"], "token": more_time, "move": "a2a3"},
                "bad_signature")
    edited = at["position"].replace(" w ", " b ")
    app.refuses("apply", {"position": edited, "token": at["token"], "move": "a2a3"},
                "bad_signature")


def test_token_of_another_game(service, clock):
    app, at = clocked_game(service, clock)
    _, other = clocked_game(service, clock)
    assert other["position"] == at["position"]
    app.refuses("apply", {"position": other["position"], "token": other["token"],
                          "move": "a2a3"}, "token_wrong_game")


@pytest.mark.parametrize("base_seconds", [20, 30 * 86_400])
def test_laundered_clock(service, clock, base_seconds):
    """The issue's sequence: after a few moves (clocks run down), set up again and play the
    same moves quickly: the same position with near-full clocks, in another game."""
    app, at = clocked_game(service, clock, think_ms=6_000)
    assert at["clocks"]["remaining_ms"]["white"] < 20_000
    fresh = post(service, "setup", {"time_control": {"base_seconds": base_seconds,
                                                     "increment_seconds": 2}})
    for move in OPENING:
        clock.advance(10)
        fresh = post(service, "apply", {"position": fresh["position"], "token": fresh["token"],
                                        "move": move})
    assert fresh["position"] == at["position"]
    assert fresh["clocks"]["remaining_ms"]["white"] > at["clocks"]["remaining_ms"]["white"]
    laundered = {"position": fresh["position"], "token": fresh["token"], "move": "a2a3"}
    doc = app.refuses("apply", laundered, "token_wrong_game")
    assert doc["token_game_id"] == fresh["game_id"] != app.game_id
    assert post(service, "apply", laundered)["ply"] == 5     # without the app's values


def test_dropped_clock(service, clock):
    """A replay of the moves without a token, or an import of them, gives an unclocked token
    of the same position: another game; even for a player already lost on time. A clock cut
    out of the token's payload breaks its MAC."""
    app, at = clocked_game(service, clock)
    clock.advance(60_000)
    lost = app.refuses("apply", {"position": at["position"], "token": at["token"],
                                 "move": "a2a3"}, "game_over")
    assert lost["game_reason"] == "out_of_time"
    replayed = post(service, "replay", {"moves": OPENING})
    record = f'[Game "{GAME}"]\n\n1. {OPENING[0]} {OPENING[1]} 2. {OPENING[2]} {OPENING[3]} *\n'
    imported = post(service, "records/import", {"record": record})
    for answer in (replayed, imported):
        assert answer["position"] == at["position"] and "tc" not in payload_of(answer["token"])
        dropped = {"position": answer["position"], "token": answer["token"], "move": "a2a3"}
        app.refuses("apply", dropped, "token_wrong_game")
        assert "clocks" not in post(service, "apply", dropped)   # without the app's values
    claims = payload_of(at["token"])
    unclocked = with_payload(at["token"], {k: v for k, v in claims.items()
                                           if k not in ("tc", "ms")})
    app.refuses("apply", {"position": at["position"], "token": unclocked, "move": "a2a3"},
                "bad_signature")


def test_take_back(service, clock):
    app, at = clocked_game(service, clock, moves=OPENING[:3])
    before_reply = at
    clock.advance(1_000)
    reply = app.relay("apply", {"position": at["position"], "token": at["token"],
                                "move": OPENING[3]})
    # black, seeing white's answer, goes back to his own earlier token and plays another move
    doc = app.refuses("apply", {"position": before_reply["position"],
                                "token": before_reply["token"], "move": "d7d6"},
                      "token_superseded")
    assert (doc["token_ply"], app.ply) == (3, reply["ply"]) == (3, 4)


def test_move_played_without_the_app(service, clock):
    """A player plays on from the current token directly against the service (to try dice,
    say), then hands the app the later token: it is ahead of the app's ply."""
    app, at = clocked_game(service, clock)
    clock.advance(1_000)
    side = post(service, "apply", {"position": at["position"], "token": at["token"],
                                   "move": "a2a3"})
    app.refuses("apply", {"position": side["position"], "token": side["token"],
                          "move": "a8a7"}, "token_ahead")


def test_swap_of_options(service):
    default = post(service, "setup", {})
    app = App(service, default)
    app.refuses("apply", {"position": default["position"], "token": default["token"],
                          "options": {"stalemate": "loss"}, "move": "d2d3"}, "bad_signature")
    other = post(service, "setup", {"options": {"stalemate": "loss"}})
    app.refuses("apply", {"position": other["position"], "token": other["token"],
                          "options": {"stalemate": "loss"}, "move": "d2d3"},
                "token_wrong_game")


def test_skew_between_replicas(clock):
    """Replica B's clock is 5 s behind replica A's: B refuses A's fresh token rather than
    hand the player the difference."""
    behind = Clock()
    behind.now = T0 - 5_000
    a = clocked_client(clock, required=True)
    b = clocked_client(behind, required=True)
    app, at = clocked_game(a, clock, moves=OPENING[:1])
    app.service = b
    doc = app.refuses("apply", {"position": at["position"], "token": at["token"],
                                "move": OPENING[1]}, "clock_skew")
    assert doc["ahead_ms"] == 8_000      # dated T0 + 3 s by A, read at T0 - 5 s by B


def test_replay_to_another_replica(clock):
    """A token played on replica A is sent again to replica B (the same keys, no shared
    state): without the app's ply B cannot tell, with it B refuses."""
    a = clocked_client(clock, required=True)
    b = clocked_client(clock, required=True)
    app, at = clocked_game(a, clock, moves=OPENING[:1])
    clock.advance(1_000)
    app.relay("apply", {"position": at["position"], "token": at["token"],
                        "move": OPENING[1]})
    again = {"position": at["position"], "token": at["token"], "move": "b8b7"}
    assert post(b, "apply", again)["ply"] == 2          # stateless: played again
    app.service = b
    app.refuses("apply", again, "token_superseded")


def test_old_key_after_rotation(clock):
    old = clocked_client(clock, keys="kid2:secret-two", required=True)
    app, at = clocked_game(old, clock, moves=OPENING[:1])
    rotated = clocked_client(clock, keys=KEYS, required=True)       # kid1 signs, kid2 verifies
    app.service = rotated
    clock.advance(1_000)
    after = app.relay("apply", {"position": at["position"], "token": at["token"],
                                "move": OPENING[1]})
    assert after["token"].startswith("kid1.") and after["game_id"] == app.game_id
    retired = clocked_client(clock, keys="kid1:secret-one", required=True)
    app.service = retired
    app.ply = at["ply"]
    app.refuses("apply", {"position": at["position"], "token": at["token"],
                          "move": OPENING[1]}, "bad_signature")

"""Signed positions: tokens on setup, apply and replay; forged, edited, swapped between games and
options, after key rotation, missing; optional and required modes; off by default."""

from __future__ import annotations

import pytest

from service.http.request import services_of
from service.concerns import signing
from service.http.app import create_app

KEYS = "kid1:secret-one,kid2:secret-two"
START_MOVE = "d4d5"          # a legal first move of Mastery's initial position
REPLY = "e5d4"


def configured_client(keys: str | None = KEYS, required: bool = False):
    config = {"WARM_UP": False, signing.KEYS_SETTING: keys or "",
              signing.REQUIRE_SETTING: "1" if required else "0"}
    return create_app(config).test_client()


@pytest.fixture(scope="module")
def optional():
    return configured_client()


@pytest.fixture(scope="module")
def strict():
    return configured_client(required=True)


def reply(c, game: str, op: str, body: dict, status: int = 200) -> dict:
    """The JSON answer of the configured client ``c``, which must have ``status``."""
    r = c.post(f"/v1/games/{game}/{op}", json=body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def problem(c, game: str, op: str, body: dict, code: str) -> dict:
    r = c.post(f"/v1/games/{game}/{op}", json=body)
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
    doc = r.get_json()
    assert doc["code"] == code and doc["detail"].endswith(".")
    return doc


def signed_start(c, game: str = "mastery", options: dict | None = None) -> dict:
    return reply(c, game, "setup", {"options": options} if options else {})


def edit(position: str) -> str:
    """The same position with one character changed (a side to move flipped)."""
    board, side, *rest = position.split(" ")
    other = {"d": "l", "l": "d", "w": "b", "b": "w"}[side]
    return " ".join([board, other, *rest])


# ---- off by default -----------------------------------------------------------------------------

def test_off_by_default_no_token_and_tokens_ignored(monkeypatch):
    monkeypatch.delenv(signing.KEYS_SETTING, raising=False)
    monkeypatch.delenv(signing.REQUIRE_SETTING, raising=False)
    c = create_app({"WARM_UP": False}).test_client()
    assert services_of(c.application).signing is None
    start = reply(c, "mastery", "setup", {})
    assert "token" not in start
    after = reply(c, "mastery", "apply", {"position": start["position"], "move": START_MOVE,
                                          "token": "anything"})
    assert "token" not in after


def test_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv(signing.KEYS_SETTING, "env:from-the-environment")
    monkeypatch.setenv(signing.REQUIRE_SETTING, "1")
    signer = services_of(create_app({"WARM_UP": False})).signing
    assert signer.keys == (("env", b"from-the-environment"),) and signer.required


# ---- tokens along legal play --------------------------------------------------------------------

def test_setup_apply_and_replay_return_tokens_that_chain(strict):
    start = signed_start(strict)
    assert start["token"].startswith("kid1.")
    after = reply(strict, "mastery", "apply", {"position": start["position"],
                                               "token": start["token"], "move": START_MOVE})
    assert after["token"] != start["token"]
    after2 = reply(strict, "mastery", "apply", {"position": after["position"],
                                                "token": after["token"], "move": REPLY})
    # one game: its id kept, its ply counted on
    assert start["game_id"] == after["game_id"] == after2["game_id"]
    assert (start["ply"], after["ply"], after2["ply"]) == (0, 1, 2)
    replayed = reply(strict, "mastery", "replay", {"moves": [START_MOVE, REPLY]})
    assert replayed["position"] == after2["position"]
    # from the initial position without a token: a new game, at the same ply
    assert replayed["game_id"] != after2["game_id"] and replayed["ply"] == 2
    again = reply(strict, "mastery", "replay", {"position": start["position"],
                                                "token": start["token"],
                                                "moves": [START_MOVE, REPLY]})
    assert (again["game_id"], again["ply"]) == (start["game_id"], 2)
    # every operation that reads a position accepts the signed one
    for op, extra in (("legal-moves", {}), ("status", {}), ("perft", {"depth": 1}),
                      ("render", {}), ("suggest", {"playouts": 5})):
        r = strict.post(f"/v1/games/mastery/{op}",
                        json={"position": after2["position"], "token": after2["token"], **extra})
        assert r.status_code == 200, (op, r.get_json())


def test_the_initial_position_needs_no_token(strict):
    assert reply(strict, "mastery", "legal-moves", {})["count"] > 0
    assert "token" in reply(strict, "mastery", "apply", {"move": START_MOVE})
    # a token without a position is ignored: the start is the initial position
    assert "token" in reply(strict, "mastery", "apply", {"move": START_MOVE, "token": "x.y"})


def test_tokens_are_bound_to_resolved_options(strict):
    defaults = signed_start(strict, "kings-mate")
    # the explicit defaults are the same resolved options: the token verifies under them
    reply(strict, "kings-mate", "legal-moves", {"position": defaults["position"],
                                                "token": defaults["token"],
                                                "options": {"stalemate": "draw"}})
    other = signed_start(strict, "kings-mate", {"stalemate": "loss"})
    assert other["position"] == defaults["position"]
    # other options' token on the same position text
    problem(strict, "kings-mate", "legal-moves",
            {"position": defaults["position"], "token": other["token"]}, "bad_signature")
    problem(strict, "kings-mate", "legal-moves",
            {"position": other["position"], "token": defaults["token"],
             "options": {"stalemate": "loss"}}, "bad_signature")
    reply(strict, "kings-mate", "legal-moves", {"position": other["position"],
                                                "token": other["token"],
                                                "options": {"stalemate": "loss"}})


# ---- refused in required mode -------------------------------------------------------------------

def test_missing_token_is_unsigned_position(strict):
    start = signed_start(strict)
    for op, extra in (("apply", {"move": START_MOVE}), ("legal-moves", {}), ("status", {}),
                      ("replay", {"moves": [START_MOVE]}), ("perft", {"depth": 1}),
                      ("render", {}), ("suggest", {"level": "greedy"})):
        problem(strict, "mastery", op, {"position": start["position"], **extra},
                "unsigned_position")
        problem(strict, "mastery", op, {"position": start["position"], "token": None, **extra},
                "unsigned_position")


def test_edited_position_is_bad_signature(strict):
    start = signed_start(strict)
    after = reply(strict, "mastery", "apply", {"position": start["position"],
                                               "token": start["token"], "move": START_MOVE})
    problem(strict, "mastery", "apply", {"position": edit(after["position"]),
                                         "token": after["token"], "move": REPLY},
            "bad_signature")
    # even whitespace inside: the token covers the exact text of the position
    problem(strict, "mastery", "status", {"position": after["position"].replace(" ", "  ", 1),
                                          "token": after["token"]}, "bad_signature")
    # whitespace around it is not part of the position (every position is read without it)
    reply(strict, "mastery", "status", {"position": f" {after['position']}\n",
                                        "token": after["token"]})


def test_another_games_token_is_bad_signature(strict):
    mastery, kings_mate = signed_start(strict), signed_start(strict, "kings-mate")
    problem(strict, "mastery", "legal-moves", {"position": mastery["position"],
                                               "token": kings_mate["token"]}, "bad_signature")
    problem(strict, "kings-mate", "legal-moves", {"position": kings_mate["position"],
                                                  "token": mastery["token"]}, "bad_signature")


@pytest.mark.parametrize("token", [
    "kid1." + "A" * 43,                 # right shape, wrong MAC
    "kid1.",                            # no MAC
    "kid1",                             # no separator
    "",                                 # empty
    "nokey.AAAA",                       # a key id that is not configured
    "kid1.é" + "A" * 41,                # not ASCII
])
def test_forged_tokens_are_bad_signature(strict, token):
    start = signed_start(strict)
    problem(strict, "mastery", "apply", {"position": start["position"], "token": token,
                                         "move": START_MOVE}, "bad_signature")


def test_a_token_made_with_an_unknown_secret_is_refused(strict):
    start = signed_start(strict)
    forger = signing.Signer((("kid1", b"guessed-secret"),))
    claims = signing.Claims.from_payload(start["token"].split(".")[1])
    forged = forger.token("mastery", start["options"], start["position"], claims)
    genuine = services_of(strict.application).signing
    assert genuine.token("mastery", start["options"], start["position"], claims) == \
        start["token"]
    problem(strict, "mastery", "status", {"position": start["position"], "token": forged},
            "bad_signature")


def test_key_rotation():
    old = configured_client("kid1:secret-one", required=True)
    start = signed_start(old)
    after = reply(old, "mastery", "apply", {"position": start["position"],
                                            "token": start["token"], "move": START_MOVE})
    # rotation: a new key signs, the old one still verifies
    rotated = configured_client("kid2:secret-two,kid1:secret-one", required=True)
    again = reply(rotated, "mastery", "apply", {"position": after["position"],
                                                "token": after["token"], "move": REPLY})
    assert again["token"].startswith("kid2.")
    # the old key retired: its tokens are refused, the new key's are not
    retired = configured_client("kid2:secret-two", required=True)
    problem(retired, "mastery", "apply", {"position": after["position"],
                                          "token": after["token"], "move": REPLY},
            "bad_signature")
    reply(retired, "mastery", "status", {"position": again["position"], "token": again["token"]})
    # the same kid with another secret is another key
    replaced = configured_client("kid1:another-secret", required=True)
    problem(replaced, "mastery", "status", {"position": after["position"],
                                            "token": after["token"]}, "bad_signature")


def test_verification_compares_in_constant_time(monkeypatch):
    calls = []
    real = signing.hmac.compare_digest
    monkeypatch.setattr(signing.hmac, "compare_digest",
                        lambda a, b: calls.append((a, b)) or real(a, b))
    signer = signing.Signer((("k", b"s"),))
    token = signer.token("g", {"o": 1}, "p", signing.Claims("id", 0, 0))
    assert signer.verified(token, "g", {"o": 1}, "p").valid
    assert not signer.verified(token, "g", {"o": 2}, "p").valid
    assert len(calls) == 2


# ---- optional mode: unsigned in, unsigned out ---------------------------------------------------

def test_optional_mode_serves_unsigned_positions_without_signing_their_results(optional):
    start = signed_start(optional)
    unsigned = reply(optional, "mastery", "apply", {"position": start["position"],
                                                    "move": START_MOVE})
    assert "token" not in unsigned
    # an edited position with a token that no longer matches: served, its result never signed
    edited = edit(unsigned["position"])     # light to move -> dark to move
    laundered = reply(optional, "mastery", "apply", {"position": edited,
                                                     "token": unsigned.get("token") or
                                                     start["token"], "move": "e3e4"})
    assert "token" not in laundered
    replayed = reply(optional, "mastery", "replay", {"position": unsigned["position"],
                                                     "moves": [REPLY]})
    assert "token" not in replayed
    signed = reply(optional, "mastery", "apply", {"position": start["position"],
                                                  "token": start["token"], "move": START_MOVE})
    assert signed["token"] and signed["position"] == unsigned["position"]


# ---- configuration ------------------------------------------------------------------------------

@pytest.mark.parametrize("keys, required, message", [
    ("", True, "holds no key"),
    ("kid1", False, "kid:secret"),
    ("kid1:", False, "empty secret"),
    ("k.1:secret", False, "kid:secret"),
    ("kid1:a,kid1:b", False, "appears twice"),
    ("kid1:a", "maybe", "use 1 or 0"),
])
def test_malformed_settings_stop_the_service(keys, required, message):
    config = {"WARM_UP": False, signing.KEYS_SETTING: keys,
              signing.REQUIRE_SETTING: required if isinstance(required, str) else
              ("1" if required else "0")}
    with pytest.raises(signing.SigningConfigError, match=message):
        create_app(config)


def test_secrets_may_hold_colons_and_keys_are_ordered():
    signer = signing.signer_from({signing.KEYS_SETTING: " a:x:y , b:z ",
                                  signing.REQUIRE_SETTING: "yes"})
    assert signer.keys == (("a", b"x:y"), ("b", b"z")) and signer.required


def previous_release_token(game: str, options: dict, position: str) -> str:
    """A token as the release before game ids wrote it: ``kid.MAC``, the MAC over the game,
    the resolved options and the position under that release's domain string."""
    import base64
    import hashlib
    import hmac

    import orjson

    message = orjson.dumps([game, options, position], option=orjson.OPT_SORT_KEYS)
    mac = hmac.new(b"secret-one", b"boardgame-referee position token v1\x00" + message,
                   hashlib.sha256).digest()
    return "kid1." + base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def test_a_token_of_the_previous_release_no_longer_verifies(strict, optional):
    """docs/signing.md, upgrading: a two-part token is refused where tokens are required and
    its position served unsigned where they are optional."""
    after = reply(optional, "mastery", "apply", {"move": START_MOVE})
    old = previous_release_token("mastery", after["options"], after["position"])
    problem(strict, "mastery", "apply", {"position": after["position"], "token": old,
                                         "move": REPLY}, "bad_signature")
    served = reply(optional, "mastery", "apply", {"position": after["position"], "token": old,
                                                  "move": REPLY})
    assert "token" not in served and "game_id" not in served

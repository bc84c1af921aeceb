"""Recorded traffic: answers to a fixed set of requests, to check that a refactor keeps them.

``python -m tools.traffic record FILE`` sends every request of :func:`requests` to the app
(through its WSGI callable, with Flask's test client, so every road through the service is
taken) under three settings (signing off, signing optional, signing required) and writes one
JSON line per exchange: the request, the answer's status, its media type and the headers a
client reads, and its body. ``python -m tools.traffic compare OLD NEW`` prints the exchanges
whose answers differ and exits 1 when any does.

The requests come from the registered games alone (random games with fixed seeds, every
operation, whitespace around positions and moves, options sent explicitly, tokens, and the
usual mistakes), so recording on two commits of the same games compares like with like.
Search time is not deterministic: ``time_ms`` of a suggestion is written as 0; the service's
clock stands still and game ids are numbered while recording, so signed tokens repeat too.
"""

from __future__ import annotations

import argparse
import base64
import itertools
import random
import sys
from contextlib import contextmanager
from typing import Any, Iterator

import orjson

from rules import registry
from rules.core.errors import IllegalMove

SETTINGS: dict[str, dict[str, str]] = {
    "plain": {},
    "signing": {"REFEREE_SIGNING_KEYS": "k1:first-secret,k0:old-secret",
                "REFEREE_REQUIRE_SIGNED": "0"},
    "required": {"REFEREE_SIGNING_KEYS": "k1:first-secret", "REFEREE_REQUIRE_SIGNED": "1"},
}
READ_HEADERS = ("Content-Type", "Retry-After", "Allow", "Connection")
PLIES, GAMES = 24, 2

Request = dict[str, Any]


def _post(game: str, op: str, body: Any, **extra: Any) -> Request:
    return {"method": "POST", "path": f"/v1/games/{game}/{op}", "json": body, **extra}


def _game_requests(game_id: str, seed: int) -> Iterator[Request]:
    """One random game of ``game_id``, asked about at every ply in every way a client asks."""
    game = registry.configure(game_id)
    rng = random.Random(seed)
    options = dict(game.options)
    yield _post(game_id, "setup", {})
    yield _post(game_id, "setup", {"options": options})
    position = game.start_position
    played: list[str] = []
    for ply in range(PLIES):
        text = game.format_position(position)
        yield _post(game_id, "legal-moves", {"position": text})
        yield _post(game_id, "legal-moves", {"position": text, "moves_only": True})
        yield _post(game_id, "legal-moves", {"position": f" {text}\n", "options": options})
        yield _post(game_id, "status", {"position": text})
        moves = game.legal_moves(position)
        if ply == 0:
            yield _post(game_id, "legal-moves", {})
            yield _post(game_id, "perft", {"position": text, "depth": 2, "divide": True})
            yield _post(game_id, "render", {"position": text})
            yield _post(game_id, "suggest", {"position": text, "level": "greedy"})
            yield _post(game_id, "suggest", {"position": text, "level": "random", "seed": 3})
            yield _post(game_id, "suggest", {"position": text, "playouts": 40, "seed": 1})
        if not moves:
            break
        move = moves[int(rng.random() * len(moves))]
        move_text = game.format_move(position, move)
        yield _post(game_id, "apply", {"position": text, "move": move_text, "seed": seed})
        yield _post(game_id, "apply", {"position": text, "move": f" {move_text} ",
                                       "options": options, "seed": seed})
        yield from _mistakes(game, position, text, move_text, ply)
        played.append(move_text)
        _, applied = game.play(position, move_text, seed=seed)
        position = applied.position
    yield _post(game_id, "replay", {"moves": played, "seed": seed})
    yield _post(game_id, "replay", {"moves": played + ["zz"], "seed": seed})
    yield _post(game_id, "status", {"position": game.format_position(position)})
    yield _post(game_id, "render", {"position": game.format_position(position),
                                    "highlight": [], "last_move": False})


def _mistakes(game: Any, position: Any, text: str, move_text: str, ply: int) -> Iterator[Request]:
    """The usual mistakes at one ply: a move of the wrong shape, moves that parse but are
    not legal here (every third ply, to keep the record small), a token that is not one."""
    game_id = game.id
    yield _post(game_id, "apply", {"position": text, "move": move_text + "x9"})
    if ply % 3 == 0:
        legal = game.legal_moves(position)
        for candidate in (move_text[::-1], move_text[:2] + move_text[:2]):
            try:
                parsed = game.parse_move(position, candidate)
            except IllegalMove:
                continue
            if parsed not in legal:
                yield _post(game_id, "apply", {"position": text, "move": candidate})
    yield _post(game_id, "status", {"position": text, "token": "k1.AAAA"})


def _errors(game_id: str) -> Iterator[Request]:
    """Requests every client gets wrong once."""
    path = f"/v1/games/{game_id}"
    yield {"method": "POST", "path": path + "/legal-moves", "data": b"{", "content_type":
           "application/json"}
    yield {"method": "POST", "path": path + "/legal-moves", "data": b"[]",
           "content_type": "application/json"}
    yield {"method": "POST", "path": path + "/legal-moves", "data": b"{}",
           "content_type": "text/plain"}
    yield {"method": "POST", "path": path + "/legal-moves", "data": b"",
           "content_type": "text/plain"}
    yield {"method": "POST", "path": path + "/status", "data": b'{"position": null}',
           "content_type": "application/json; charset=utf-8"}
    yield {"method": "POST", "path": path + "/status", "data": b'{"position": null}',
           "content_type": "application/merge-patch+json"}
    yield {"method": "POST", "path": path + "/status", "data": b"{}", "chunked": True}
    yield {"method": "POST", "path": path + "/status", "data": b" " * (70 * 1024),
           "content_type": "application/json"}
    yield {"method": "GET", "path": path + "/status"}
    yield {"method": "POST", "path": path + "/nothing", "json": {}}
    yield _post(game_id, "legal-moves", {"position": 7})
    yield _post(game_id, "legal-moves", {"position": "", "moves_only": 1})
    yield _post(game_id, "legal-moves", {"position": "not a position"})
    yield _post(game_id, "legal-moves", {"pos": "x"})
    yield _post(game_id, "legal-moves", {"options": {"no_such_option": 1}})
    yield _post(game_id, "legal-moves", {"options": []})
    yield _post(game_id, "setup", {"options": {"draw_after_quiet_plies": -1}})
    yield _post(game_id, "apply", {})
    yield _post(game_id, "apply", {"move": ""})
    yield _post(game_id, "apply", {"move": "a1a1", "dice": {"die": 3}})
    yield _post(game_id, "apply", {"move": "a1a1", "dice": 4})
    yield _post(game_id, "apply", {"move": "a1a1", "seed": -1})
    yield _post(game_id, "replay", {"moves": ["x"] * 1001})
    yield _post(game_id, "replay", {"moves": [], "dice": [None]})
    yield _post(game_id, "perft", {"depth": 7})
    yield _post(game_id, "perft", {"depth": 6})
    yield _post(game_id, "perft", {"depth": 1, "divide": "yes"})
    yield _post(game_id, "render", {"format": "gif"})
    yield _post(game_id, "render", {"highlight": ["zz99"]})
    yield _post(game_id, "render", {"last_move": "nonsense move"})
    yield _post(game_id, "render", {"size": 10})
    yield _post(game_id, "suggest", {"playouts": 10**9})
    yield _post(game_id, "suggest", {"level": "god"})


def requests() -> Iterator[Request]:
    """Every request of the record, in order."""
    for path in ("/v1/games", "/v1/health", "/v1/ready", "/v1/games/chess", "/nowhere", "/"):
        yield {"method": "GET", "path": path}
    yield _post("chess", "legal-moves", {})
    for game_id in registry.game_ids():
        yield {"method": "GET", "path": f"/v1/games/{game_id}"}
        for seed in range(1, GAMES + 1):
            yield from _game_requests(game_id, seed)
        yield from _errors(game_id)


#: the X-Request-ID of every recorded request, so that problem documents (which repeat it) are
#: the same in every record
REQUEST_ID = "traffic"


def _send(client: Any, request: Request) -> Any:
    kwargs: dict[str, Any] = {"headers": {"X-Request-ID": REQUEST_ID}}
    if "json" in request:
        kwargs["json"] = request["json"]
    if "data" in request:
        data = request["data"]
        if request.get("chunked"):
            kwargs["input_stream"] = __import__("io").BytesIO(data)
            kwargs["headers"].update({"Transfer-Encoding": "chunked",
                                      "Content-Type": "application/json"})
        else:
            kwargs["data"] = data
            kwargs["content_type"] = request.get("content_type")
    return client.open(request["path"], method=request["method"], **kwargs)


def _scrub(body: bytes, media: str) -> bytes:
    """The body with what is not deterministic (a search's time) fixed."""
    if media == "application/json" and b'"time_ms"' in body:
        answer = orjson.loads(body)
        if isinstance(answer, dict) and "time_ms" in answer:
            answer["time_ms"] = 0
            return orjson.dumps(answer)
    return body


#: the service's time while recording (epoch milliseconds): tokens carry it
RECORDED_AT_MS = 1_796_000_000_000


@contextmanager
def _numbered_game_ids() -> Iterator[None]:
    """Game ids minted while recording are numbered (``traffic-0000000001``...) rather than
    random, so that two records of the same requests carry the same tokens."""
    from service.concerns import signing

    numbers = itertools.count(1)
    minted = signing.new_game_id
    signing.new_game_id = lambda: f"traffic-{next(numbers):010d}"
    try:
        yield
    finally:
        signing.new_game_id = minted


def record(path: str) -> int:
    """Write the record to ``path``; the number of exchanges. The app's clock stands still
    at :data:`RECORDED_AT_MS` and game ids are numbered, so a record is reproducible."""
    from service.http.app import create_app

    count = 0
    with open(path, "wb") as out, _numbered_game_ids():
        for name, settings in SETTINGS.items():
            client = create_app(settings, clock=lambda: RECORDED_AT_MS).test_client()
            tokens: dict[str, str] = {}
            for request in requests():
                body = request.get("json")
                if name != "plain" and isinstance(body, dict) and \
                        isinstance(body.get("position"), str) and "token" not in body:
                    token = tokens.get(body["position"].strip())
                    if token is not None:
                        request = {**request, "json": {**body, "token": token}}
                response = _send(client, request)
                data = response.get_data()
                media = response.mimetype
                if media == "application/json":
                    answer = orjson.loads(data)
                    if isinstance(answer, dict) and "token" in answer:
                        tokens[answer["position"]] = answer["token"]
                line = {
                    "settings": name,
                    "request": {k: (base64.b64encode(v).decode() if isinstance(v, bytes) else v)
                                for k, v in request.items()},
                    "status": response.status_code,
                    "headers": {h: response.headers[h] for h in READ_HEADERS
                                if h in response.headers},
                    "body": base64.b64encode(_scrub(data, media)).decode()
                    if not media.startswith(("application/json", "application/problem"))
                    else _scrub(data, media).decode("utf-8"),
                }
                out.write(orjson.dumps(line) + b"\n")
                count += 1
    return count


def compare(old: str, new: str, ignore: set[str]) -> int:
    """Print the exchanges whose answers differ; the number of differences."""
    with open(old, "rb") as a, open(new, "rb") as b:
        before, after = a.read().splitlines(), b.read().splitlines()
    if len(before) != len(after):
        print(f"{len(before)} exchanges before, {len(after)} after")
    differences = 0
    for line_a, line_b in zip(before, after):
        x, y = orjson.loads(line_a), orjson.loads(line_b)
        if x["request"] != y["request"]:
            print("the requests differ:", x["request"], y["request"])
            return max(differences, 1)
        if ignore and x["body"].startswith("{") and y["body"].startswith("{"):
            bx, by = orjson.loads(x["body"]), orjson.loads(y["body"])
            for key in ignore:
                if isinstance(by, dict) and key not in (bx if isinstance(bx, dict) else {}):
                    by.pop(key, None)
            # written again, in their own key order: only the allowed fields may differ
            x["body"], y["body"] = orjson.dumps(bx).decode(), orjson.dumps(by).decode()
        if x != y:
            differences += 1
            if differences <= 20:
                print(orjson.dumps(x["request"]).decode()[:300])
                print("  before:", orjson.dumps({k: x[k] for k in ("status", "headers", "body")})
                      .decode()[:600])
                print("  after: ", orjson.dumps({k: y[k] for k in ("status", "headers", "body")})
                      .decode()[:600])
    print(f"{len(before)} exchanges, {differences} differ")
    return differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.traffic", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record the answers to FILE")
    rec.add_argument("file")
    cmp_ = sub.add_parser("compare", help="compare two records")
    cmp_.add_argument("old")
    cmp_.add_argument("new")
    cmp_.add_argument("--allow-new-field", action="append", default=[], metavar="NAME",
                      help="a top-level answer field the new record may add")
    args = parser.parse_args(argv)
    if args.command == "record":
        print(f"{record(args.file)} exchanges recorded in {args.file}")
        return 0
    return 1 if compare(args.old, args.new, set(args.allow_new_field)) else 0


if __name__ == "__main__":
    sys.exit(main())

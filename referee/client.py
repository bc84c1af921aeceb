"""A small Python client for the referee service (standard library only).

    from referee.client import Referee, IllegalMoveError

    ref = Referee("http://127.0.0.1:8000")
    start = ref.setup("mastery")
    try:
        after = ref.apply("mastery", "e3f4", position=start.position)
    except IllegalMoveError as exc:
        print(exc.reason, exc.detail)      # piece_movement  Officers move 1-2 squares ...
    png = ref.render("mastery", position=start.position, format="png")
    reply = ref.suggest("mastery", position=start.position)   # the computer's move: reply.move
    text = ref.export_record("mastery", ["d4d5"], tags={"Event": "Club night"})
    game = ref.import_record("mastery", text)    # every ply, the status, the result

Every problem document the service answers becomes an exception of the family of its ``code``
(:class:`IllegalMoveError`, :class:`InvalidPositionError`...), all subclasses of
:class:`RefereeError`, carrying ``status``, ``code``, ``detail``, ``request_id`` (the id the
service gave the request, to quote when reporting it) and the whole ``problem``.

Request ids: ``Referee(url, request_id="bot-42")`` sends ``X-Request-ID: bot-42`` with every
request (or a function that makes one per request, ``request_id=lambda: uuid4().hex``), and
``ref.with_request_id("move-7").apply(...)`` sends one for a single call; without one the
service makes its own.
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

__all__ = [
    "Referee", "Setup", "LegalMoves", "Status", "Clocks", "Applied", "Replayed", "Ply", "Perft",
    "Suggestion",
    "RefereeError", "TransportError", "MalformedRequestError", "UnknownGameError",
    "NotFoundError", "MethodNotAllowedError", "BodyTooLargeError", "UnsupportedMediaTypeError",
    "InvalidPositionError", "InvalidOptionsError", "IllegalMoveError", "InvalidDiceError",
    "GameOverError", "WorkLimitExceededError", "RenderError", "SignatureError", "ClockError",
    "NotReadyError", "OverloadedError", "RateLimitedError", "ServiceError", "RecordError",
    "InvalidRecordError", "InvalidTagError", "GameMismatchError", "ResultContradictsBoardError",
    "InvalidDepartureError", "TooManyRecordsError", "ImportedRecord", "ImportedGame",
    "ExportedRecord", "Aside", "Comment", "Variation",
]


# ---- errors ----------------------------------------------------------------------------------

class RefereeError(Exception):
    """A problem document from the service: ``status``, ``code``, ``detail``, ``problem``, and
    ``request_id``, the id of the request it answers (None when the service was not
    reached)."""

    def __init__(self, problem: Mapping[str, Any], status: int | None = None,
                 request_id: str | None = None) -> None:
        self.problem = dict(problem)
        self.status = int(problem.get("status") or status or 0)
        self.code = str(problem.get("code", ""))
        self.detail = str(problem.get("detail", ""))
        found = problem.get("request_id") or request_id
        self.request_id: str | None = None if found is None else str(found)
        super().__init__(f"{self.status} {self.code}: {self.detail}")


class TransportError(RefereeError):
    """The service could not be reached, or answered something that is not a problem document."""


class MalformedRequestError(RefereeError):
    """400: the body breaks the schema; ``errors`` maps each offending field to its messages."""

    @property
    def errors(self) -> dict[str, Any]:
        errors: dict[str, Any] = self.problem.get("errors", {})
        return errors


class UnknownGameError(RefereeError):
    """404 unknown_game."""


class NotFoundError(RefereeError):
    """404: no such path."""


class MethodNotAllowedError(RefereeError):
    """405."""


class BodyTooLargeError(RefereeError):
    """413: the body is over the service's limit."""


class UnsupportedMediaTypeError(RefereeError):
    """415."""


class InvalidPositionError(RefereeError):
    """422 invalid_position; ``field`` names the part of the notation at fault."""

    @property
    def field(self) -> str | None:
        return self.problem.get("field")


class InvalidOptionsError(RefereeError):
    """422 invalid_options; ``option`` names the option at fault."""

    @property
    def option(self) -> str | None:
        return self.problem.get("option")


class IllegalMoveError(RefereeError):
    """422 illegal_move; ``reason`` is the rule's code (``path_blocked``, ``king_in_check``...);
    from replay, ``index`` is the failing move's."""

    @property
    def reason(self) -> str | None:
        return self.problem.get("reason")

    @property
    def index(self) -> int | None:
        return self.problem.get("index")


class InvalidDiceError(RefereeError):
    """422 invalid_dice."""


class GameOverError(RefereeError):
    """422 game_over: a move on a finished position."""


class RecordError(RefereeError):
    """422: a record is at fault (its grammar, a tag, its game, its result, an off-board
    event); ``line`` and ``column`` (from 1) say where, ``tag`` which tag, when known."""

    @property
    def line(self) -> int | None:
        return self.problem.get("line")

    @property
    def column(self) -> int | None:
        return self.problem.get("column")

    @property
    def tag(self) -> str | None:
        return self.problem.get("tag")


class InvalidRecordError(RecordError):
    """422 invalid_record: the text breaks the record grammar."""


class InvalidTagError(RecordError):
    """422 invalid_tag: a tag pair is malformed, repeated, or holds a bad value."""


class GameMismatchError(RecordError):
    """422 game_mismatch: the record is a game of another game, or of none the service
    plays."""


class ResultContradictsBoardError(RecordError):
    """422 result_contradicts_board: the record's result is not where its moves lead."""


class InvalidDepartureError(RecordError):
    """422 invalid_departure: a resignation, departure or loss on time of a player not in
    the game."""


class TooManyRecordsError(RecordError):
    """422 too_many_records: a text holds more games than one import judges."""


class WorkLimitExceededError(RefereeError):
    """422 work_limit_exceeded: perft too deep or too big."""


class RenderError(RefereeError):
    """422 invalid_highlight, invalid_last_move, invalid_orientation or render_unavailable."""


class SignatureError(RefereeError):
    """422 unsigned_position or bad_signature: the service requires signed positions (or the
    request states its game_id or ply), and this one came without its token or with a token
    that does not match it; signing_not_configured: the service holds no keys."""


class GameCheckError(SignatureError):
    """422 token_wrong_game (a token of another game than the ``game_id`` stated),
    token_superseded (of an earlier ply than the ``ply`` stated: a take-back) or token_ahead
    (of a later one: played without the app). ``problem["token_game_id"]`` and
    ``problem["token_ply"]`` say what the token claims."""


class ClockError(RefereeError):
    """422 clocks_need_signing, invalid_time_control, clock_skew (a token dated ahead of the
    service's clock: its replicas' clocks disagree) or clock_running (replay from a clocked
    position: apply one move at a time). A move after the time ran out is a GameOverError
    whose ``problem["game_reason"]`` is ``out_of_time``."""


class NotReadyError(RefereeError):
    """503 not_ready."""


class OverloadedError(RefereeError):
    """503 overloaded: an expensive request while the service runs its share of them; retry
    after ``retry_after`` seconds (the Retry-After header), or ask for less."""

    retry_after: int | None = None


class RateLimitedError(RefereeError):
    """429 rate_limited, from the front before the service (deploy/nginx): this client sent
    more requests, or more expensive ones, than one client may; wait ``retry_after`` seconds
    (the Retry-After header), then send fewer."""

    retry_after: int | None = None


class ServiceError(RefereeError):
    """5xx: the service failed."""


ERRORS: dict[str, type[RefereeError]] = {
    "malformed_request": MalformedRequestError,
    "unknown_game": UnknownGameError,
    "not_found": NotFoundError,
    "method_not_allowed": MethodNotAllowedError,
    "body_too_large": BodyTooLargeError,
    "unsupported_media_type": UnsupportedMediaTypeError,
    "invalid_position": InvalidPositionError,
    "invalid_options": InvalidOptionsError,
    "illegal_move": IllegalMoveError,
    "invalid_dice": InvalidDiceError,
    "game_over": GameOverError,
    "work_limit_exceeded": WorkLimitExceededError,
    "invalid_record": InvalidRecordError,
    "invalid_tag": InvalidTagError,
    "game_mismatch": GameMismatchError,
    "result_contradicts_board": ResultContradictsBoardError,
    "invalid_departure": InvalidDepartureError,
    "too_many_records": TooManyRecordsError,
    "invalid_highlight": RenderError,
    "render_unavailable": RenderError,
    "invalid_last_move": RenderError,
    "invalid_orientation": RenderError,
    "unsigned_position": SignatureError,
    "bad_signature": SignatureError,
    "signing_not_configured": SignatureError,
    "token_wrong_game": GameCheckError,
    "token_superseded": GameCheckError,
    "token_ahead": GameCheckError,
    "clocks_need_signing": ClockError,
    "invalid_time_control": ClockError,
    "clock_skew": ClockError,
    "clock_running": ClockError,
    "not_ready": NotReadyError,
    "overloaded": OverloadedError,
    "rate_limited": RateLimitedError,
    "internal_error": ServiceError,
}


def check(game_id: str | None, ply: int | None) -> dict[str, Any]:
    """The app's check a request states: the game id and the latest ply the app knows (what
    the game's latest signed answer gave); each left out when None."""
    return {name: value for name, value in (("game_id", game_id), ("ply", ply))
            if value is not None}


def error_for(problem: Mapping[str, Any], status: int,
              request_id: str | None = None) -> RefereeError:
    """The exception of ``problem``'s code (``request_id``: the answer's X-Request-ID, for a
    document that does not carry it)."""
    cls = ERRORS.get(str(problem.get("code")))
    if cls is None:
        cls = ServiceError if status >= 500 else RefereeError
    return cls(problem, status, request_id)


# ---- results ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Clocks:
    """A clocked game's clocks as of one answer (see the service's docs/clocks.md)."""

    #: ``{"base_seconds", "increment_seconds"}`` or ``{"per_move_seconds"}``
    time_control: dict[str, int]
    #: each seat's remaining milliseconds as of ``as_of``
    remaining_ms: dict[str, int]
    #: the seat whose clock runs (None once the game is over)
    running: str | None
    #: the service's time of the answer, epoch milliseconds
    as_of: int
    #: the seat whose time ran out, once one has
    out_of_time: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The clocks as the service wrote them (for records/export's ``clocks``)."""
        out: dict[str, Any] = {"time_control": dict(self.time_control),
                               "remaining_ms": dict(self.remaining_ms),
                               "running": self.running, "as_of": self.as_of}
        if self.out_of_time is not None:
            out["out_of_time"] = self.out_of_time
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> "Clocks | None":
        if data is None:
            return None
        return cls(dict(data["time_control"]), dict(data["remaining_ms"]), data.get("running"),
                   data["as_of"], data.get("out_of_time"))


@dataclass(frozen=True)
class Status:
    state: str
    winner: str | None
    reason: str | None
    to_move: str | None
    #: game-specific fields such as ``in_check``
    extra: dict[str, Any] = field(default_factory=dict)
    #: status of a clocked game: the clocks at the time of asking
    clocks: Clocks | None = None

    @property
    def finished(self) -> bool:
        return self.state != "ongoing"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Status":
        known = ("state", "winner", "reason", "to_move", "clocks")
        return cls(state=data["state"], winner=data.get("winner"), reason=data.get("reason"),
                   to_move=data.get("to_move"),
                   extra={k: v for k, v in data.items() if k not in known},
                   clocks=Clocks.from_json(data.get("clocks")))


@dataclass(frozen=True)
class Setup:
    position: str
    options: dict[str, Any]
    #: the position's token when the service signs positions (send it back with the position)
    token: str | None = None
    #: with a time control: the clocks, the first mover's running
    clocks: Clocks | None = None
    #: with the token: the game's id and ply (0), to keep and state in the game's requests
    game_id: str | None = None
    ply: int | None = None


@dataclass(frozen=True)
class LegalMoves:
    to_move: str | None
    count: int
    #: each ``{"move": notation, "from", "to", "kind", ...}``
    moves: list[dict[str, Any]]

    @property
    def notations(self) -> list[str]:
        return [m["move"] for m in self.moves]


@dataclass(frozen=True)
class Applied:
    position: str
    move: str
    events: list[dict[str, Any]]
    status: Status
    dice: Any = None
    token: str | None = None
    #: a clocked game's clocks after the move
    clocks: Clocks | None = None
    #: with the token: the game's id and the ply this move reached
    game_id: str | None = None
    ply: int | None = None


@dataclass(frozen=True)
class Ply:
    """One ply of a game, as a viewer steps through it: the ``move`` (canonical), its
    ``dice`` (None without), its ``events``, the ``mover`` who played it, and the
    ``position`` and ``status`` after it."""

    move: str
    dice: Any
    events: list[dict[str, Any]]
    mover: str
    position: str
    status: Status
    #: an imported record's clock for the ply: the mover's milliseconds left after it
    clock_ms: int | None = None
    #: an imported record's annotations of the ply: its suffix (``!``, ``?!``...), glyphs
    #: (``$1`` is 1), check or mate mark (``+``, ``#``) and evaluation (``0.25``, ``#-3``)
    suffix: str | None = None
    nags: list[int] = field(default_factory=list)
    mark: str | None = None
    eval: str | None = None
    #: an imported record's variations of the ply: the lines that might have been played
    #: instead of it, from the position before it
    variations: list["Variation"] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Ply":
        return cls(data["move"], data.get("dice"), data["events"], data["mover"],
                   data["position"], Status.from_json(data["status"]), data.get("clock_ms"),
                   data.get("suffix"), list(data.get("nags", [])), data.get("mark"),
                   data.get("eval"),
                   [Variation.from_json(v) for v in data.get("variations", [])])


@dataclass(frozen=True)
class Variation:
    """A variation of an imported record: its plies (each with variations of its own) and
    its comments (``after`` counted from its start)."""

    plies: list[Ply]
    comments: list["Comment"]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Variation":
        return cls([Ply.from_json(p) for p in data["plies"]],
                   [Comment(c["after"], c["text"]) for c in data["comments"]])


@dataclass(frozen=True)
class Replayed:
    position: str
    plies: int
    moves: list[str]
    dice: list[Any]
    status: Status
    token: str | None = None
    #: every ply, when asked for with ``history=True`` (None otherwise)
    history: list[Ply] | None = None
    #: with the token: the game's id (a new game when replayed from the initial position)
    #: and the ply reached
    game_id: str | None = None
    ply: int | None = None


@dataclass(frozen=True)
class Aside:
    """An off-board event after ``after`` plies: ``kind`` (resigns, leaves,
    runs_out_of_time, draw_agreed), its ``player`` (None for a draw agreed), and what it
    changed on the board (``events``)."""

    after: int
    kind: str
    player: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Comment:
    """A comment after ``after`` plies (0: before the first)."""

    after: int
    text: str


@dataclass(frozen=True)
class ImportedRecord:
    """A record judged by the service: its ``game`` and resolved ``options``, ``tags``, the
    ``start`` position (``from_initial``: the game's initial one), every ply (:class:`Ply`),
    its ``asides`` and ``comments``, the final ``position``, ``status`` (off-board endings
    included) and ``board_status``, the ``result`` token and how it agrees with the board
    (``agreement``: board, off_board, unfinished or unrecorded), and the final position's
    ``token`` when the service signs it."""

    game: str
    options: dict[str, Any]
    tags: dict[str, str]
    start: str
    from_initial: bool
    plies: list[Ply]
    asides: list[Aside]
    comments: list[Comment]
    position: str
    status: Status
    board_status: Status
    result: str
    agreement: str
    token: str | None = None
    #: with the token: the new game's id and its ply (the record's plies)
    game_id: str | None = None
    ply: int | None = None
    #: for a record with a Token tag, on a signing service: what that token proves for the
    #: record's final position and last ply (``valid``, ``code``, ``detail``, its claims)
    final_token: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ImportedRecord":
        return cls(data["game"], data["options"], data["tags"], data["start"],
                   data["from_initial"], [Ply.from_json(p) for p in data["plies"]],
                   [Aside(a["after"], a["kind"], a.get("player"), a.get("events", []))
                    for a in data["asides"]],
                   [Comment(c["after"], c["text"]) for c in data["comments"]],
                   data["position"], Status.from_json(data["status"]),
                   Status.from_json(data["board_status"]), data["result"], data["agreement"],
                   data.get("token"), data.get("game_id"), data.get("ply"),
                   data.get("final_token"))


@dataclass(frozen=True)
class ImportedGame:
    """One game of a text of many records, judged on its own: its ``index`` (from 0), the
    ``line`` and ``column`` where it starts and that line's text (``first_line``), and either
    the game (``record``) or its first fault (``error``, the exception a single import of it
    raises, its line and column the whole text's)."""

    index: int
    line: int
    column: int
    first_line: str
    record: ImportedRecord | None
    error: RefereeError | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ImportedGame":
        record = data.get("record")
        problem = data.get("problem")
        return cls(data["index"], data["line"], data["column"], data["first_line"],
                   None if record is None else ImportedRecord.from_json(record),
                   None if problem is None else error_for(problem, int(problem["status"])))


@dataclass(frozen=True)
class TokenInspection:
    """What a token proves (the service's tokens/inspect): ``valid``, the ``position`` and
    resolved ``options`` it was checked against; for a token whose MAC verifies, its claims
    (``game_id``, ``ply``, ``signed_at`` in epoch ms, ``key_id``, and ``clocks`` for a clocked
    game, as of ``signed_at``); for one that is not valid, the ``code`` a request carrying it
    would be refused with and the ``detail`` why."""

    valid: bool
    game: str
    position: str
    options: dict[str, Any]
    code: str | None = None
    detail: str | None = None
    key_id: str | None = None
    game_id: str | None = None
    ply: int | None = None
    signed_at: int | None = None
    clocks: Clocks | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TokenInspection":
        return cls(data["valid"], data["game"], data["position"], data["options"],
                   data.get("code"), data.get("detail"), data.get("key_id"),
                   data.get("game_id"), data.get("ply"), data.get("signed_at"),
                   Clocks.from_json(data.get("clocks")))


@dataclass(frozen=True)
class ExportedRecord:
    """A game written as a record: its ``record`` text, ``result`` token and ``status``."""

    record: str
    result: str
    status: Status


@dataclass(frozen=True)
class Perft:
    depth: int
    nodes: int
    divide: dict[str, int] | None = None


@dataclass(frozen=True)
class Suggestion:
    """The computer's move: ``move`` (notation), its legal-moves ``entry``, the ``level`` and
    budget used, ``value`` (the mover's estimated chance of winning after it) and the best few
    ``alternatives`` (``{move, visits, value}``)."""

    move: str
    entry: dict[str, Any]
    level: str
    playouts: int
    time_ms: float
    value: float
    alternatives: list[dict[str, Any]]


# ---- the client ------------------------------------------------------------------------------

class Referee:
    """The referee service at ``base_url``; one HTTP request per call, nothing kept between.
    ``request_id``: the ``X-Request-ID`` sent with every request, or a function making one per
    request (see the module)."""

    def __init__(self, base_url: str = "http://127.0.0.1:8000", timeout: float = 30.0,
                 request_id: str | Callable[[], str] | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.request_id = request_id

    def with_request_id(self, request_id: str | Callable[[], str] | None) -> "Referee":
        """The same client sending ``request_id`` instead (``ref.with_request_id("m7").apply(...)``
        for one call)."""
        return Referee(self.base_url, self.timeout, request_id)

    def _request_id(self) -> str | None:
        return self.request_id() if callable(self.request_id) else self.request_id

    # -- transport --

    def _request(self, method: str, path: str, body: Mapping[str, Any] | None = None
                 ) -> tuple[bytes, str]:
        response = self._open(method, path, body)
        try:
            with response:
                return response.read(), response.headers.get_content_type()
        except OSError as exc:
            raise self._unreachable(exc) from None

    def _open(self, method: str, path: str, body: Mapping[str, Any] | None = None,
              accept: str = "application/json, application/problem+json, image/*"
              ) -> http.client.HTTPResponse:
        """The service's 2xx response, open for its body to be read (the caller closes it);
        a problem document raises its :class:`RefereeError`, an unreachable service
        :class:`TransportError`."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Accept", accept)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        request_id = self._request_id()
        if request_id is not None:
            request.add_header("X-Request-ID", request_id)
        try:
            response: http.client.HTTPResponse = urllib.request.urlopen(
                request, timeout=self.timeout)
            return response
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            try:
                problem = json.loads(raw)
            except ValueError:
                problem = None
            answered_id = exc.headers.get("X-Request-ID")
            if not isinstance(problem, dict) or "code" not in problem:
                raise TransportError({"status": exc.code, "code": "http_error",
                                      "detail": f"HTTP {exc.code} without a problem document."},
                                     exc.code, answered_id) from None
            error = error_for(problem, exc.code, answered_id)
            retry_after = exc.headers.get("Retry-After", "")
            if isinstance(error, (OverloadedError, RateLimitedError)) and retry_after.isdigit():
                error.retry_after = int(retry_after)
            raise error from None
        except (urllib.error.URLError, OSError) as exc:
            raise self._unreachable(exc) from None

    def _unreachable(self, exc: Exception) -> "TransportError":
        """The error of a service that could not be reached, or that broke off its answer."""
        reason = getattr(exc, "reason", exc)
        return TransportError({"status": 0, "code": "unreachable",
                               "detail": f"Cannot reach {self.base_url}: {reason}."})

    def _json(self, method: str, path: str, body: Mapping[str, Any] | None = None
              ) -> dict[str, Any]:
        """The JSON object the service answered (every operation answers an object)."""
        raw, _ = self._request(method, path, body)
        answer: dict[str, Any] = json.loads(raw)
        return answer

    @staticmethod
    def _game_path(game: str, operation: str = "") -> str:
        path = f"/v1/games/{urllib.parse.quote(game, safe='')}"
        return f"{path}/{operation}" if operation else path

    @staticmethod
    def _body(position: str | None, options: Mapping[str, Any] | None,
              token: str | None = None, checked: Mapping[str, Any] | None = None,
              **more: Any) -> dict[str, Any]:
        body: dict[str, Any] = {k: v for k, v in {**more, **(checked or {})}.items()
                                if v is not None}
        if position is not None:
            body["position"] = position
            if token is not None:
                body["token"] = token
        if options is not None:
            body["options"] = dict(options)
        return body

    # -- operations --

    def games(self) -> list[dict[str, Any]]:
        """Every game: ``{id, name, players, options}``."""
        games: list[dict[str, Any]] = self._json("GET", "/v1/games")["games"]
        return games

    def game(self, game: str) -> dict[str, Any]:
        """One game in detail: pieces, setups, options, notation."""
        return self._json("GET", self._game_path(game))

    def setup(self, game: str, options: Mapping[str, Any] | None = None,
              time_control: Mapping[str, int] | None = None) -> Setup:
        """The initial position; with ``time_control`` (``{"base_seconds": 300,
        "increment_seconds": 2}`` or ``{"per_move_seconds": 86400}``, on a service that signs
        positions) its clocks too, kept in the token."""
        body = self._body(None, options)
        if time_control is not None:
            body["time_control"] = dict(time_control)
        data = self._json("POST", self._game_path(game, "setup"), body)
        return Setup(data["position"], data["options"], data.get("token"),
                     Clocks.from_json(data.get("clocks")), data.get("game_id"), data.get("ply"))

    def legal_moves(self, game: str, position: str | None = None,
                    options: Mapping[str, Any] | None = None,
                    token: str | None = None,
                    game_id: str | None = None, ply: int | None = None) -> LegalMoves:
        data = self._json("POST", self._game_path(game, "legal-moves"),
                          self._body(position, options, token, check(game_id, ply)))
        return LegalMoves(data["to_move"], data["count"], data["moves"])

    def apply(self, game: str, move: str, position: str | None = None,
              options: Mapping[str, Any] | None = None, dice: Any = None,
              seed: int | None = None, token: str | None = None,
              game_id: str | None = None, ply: int | None = None) -> Applied:
        data = self._json("POST", self._game_path(game, "apply"),
                          self._body(position, options, token, check(game_id, ply),
                                     move=move, dice=dice, seed=seed))
        return Applied(data["position"], data["move"], data["events"],
                       Status.from_json(data["status"]), data.get("dice"), data.get("token"),
                       Clocks.from_json(data.get("clocks")), data.get("game_id"),
                       data.get("ply"))

    def status(self, game: str, position: str | None = None,
               options: Mapping[str, Any] | None = None, token: str | None = None,
               game_id: str | None = None, ply: int | None = None) -> Status:
        return Status.from_json(self._json("POST", self._game_path(game, "status"),
                                           self._body(position, options, token,
                                                      check(game_id, ply))))

    def replay(self, game: str, moves: Sequence[str], position: str | None = None,
               options: Mapping[str, Any] | None = None, dice: Sequence[Any] | None = None,
               seed: int | None = None, token: str | None = None,
               history: bool = False,
               game_id: str | None = None, ply: int | None = None) -> Replayed:
        """The moves played in order; with ``history``, every ply too (:class:`Ply`)."""
        data = self._json("POST", self._game_path(game, "replay"), self._body(
            position, options, token, check(game_id, ply), moves=list(moves),
            dice=None if dice is None else list(dice), seed=seed, history=history or None))
        plies = data.get("history")
        return Replayed(data["position"], data["plies"], data["moves"], data["dice"],
                        Status.from_json(data["status"]), data.get("token"),
                        None if plies is None else [Ply.from_json(ply) for ply in plies],
                        data.get("game_id"), data.get("ply"))

    def inspect_token(self, game: str, token: str, position: str | None = None,
                      options: Mapping[str, Any] | None = None,
                      game_id: str | None = None, ply: int | None = None) -> TokenInspection:
        """What ``token`` proves for ``position`` (the initial one when None) and ``options``:
        whether the service made it, and its claims; with ``game_id`` or ``ply``, whether it
        is of that game at that ply. A token that does not verify is answered, not raised:
        ``valid`` False with the ``code`` and ``detail``."""
        body = {**self._body(position, options, None, check(game_id, ply)), "token": token}
        return TokenInspection.from_json(self._json(
            "POST", self._game_path(game, "tokens/inspect"), body))

    def import_record(self, game: str, record: str) -> ImportedRecord:
        """The record's text judged as a game of ``game`` (see docs/records.md); a record
        at fault raises the :class:`RecordError` of its code (with ``line``, ``column`` and
        ``tag``), a ply that fails its own error with its ``index``."""
        return ImportedRecord.from_json(self._json(
            "POST", self._game_path(game, "records/import"), {"record": record}))

    def import_records(self, game: str, records: str) -> list[ImportedGame]:
        """Every game of a text of several records, each judged on its own, in order (a
        record without a Game tag is a game of ``game``); a game at fault holds its error,
        it is not raised. Too many games raise :class:`TooManyRecordsError`."""
        data = self._json("POST", self._game_path(game, "records/import-many"),
                          {"records": records})
        return [ImportedGame.from_json(entry) for entry in data["games"]]

    def import_records_lines(self, game: str, records: str) -> Iterator[ImportedGame]:
        """The games of :meth:`import_records`, each yielded as soon as the service has
        judged it (its answer in lines, ``application/x-ndjson``): a large file's first games
        are read while the service judges the next. An error before the first game (too many
        games, a bad body) is raised here, at once; the answer is closed once every game is
        read, or when the iterator is closed."""
        response = self._open("POST", self._game_path(game, "records/import-many"),
                              {"records": records},
                              accept="application/x-ndjson, application/problem+json")
        return self._games_of(response)

    def _games_of(self, response: http.client.HTTPResponse) -> Iterator[ImportedGame]:
        """Each game of an answer in lines, as it arrives; the answer closed at the end."""
        with response:
            try:
                for line in response:
                    if line.strip():
                        yield ImportedGame.from_json(json.loads(line))
            except OSError as exc:
                raise self._unreachable(exc) from None

    def export_records(self, game: str, games: Sequence[Mapping[str, Any]]) -> str:
        """Several games of ``game`` as one text of records, in order: each a body as
        :meth:`export_game` sends it (``moves``, ``position``, ``options``, ``dice``, ``tags``,
        ``comments``, ``asides``, ``result``, ``annotations``, ``variations``; comments and
        asides as JSON objects). The first game that fails raises its error, whose
        ``problem["game"]`` is its index."""
        data = self._json("POST", self._game_path(game, "records/export-many"),
                          {"games": [dict(given) for given in games]})
        text: str = data["records"]
        return text

    def export_game(self, game: str, moves: Sequence[str], position: str | None = None,
                    options: Mapping[str, Any] | None = None,
                    dice: Sequence[Any] | None = None, token: str | None = None,
                    tags: Mapping[str, str] | None = None,
                    comments: Sequence[Comment | tuple[int, str]] = (),
                    asides: Sequence[Aside | tuple[int, str, str | None]] = (),
                    result: str | None = None,
                    game_id: str | None = None, ply: int | None = None,
                    clocks: Sequence[Clocks] | None = None,
                    annotations: Sequence[Mapping[str, Any]] | None = None,
                    variations: Sequence[Mapping[str, Any]] | None = None) -> ExportedRecord:
        """The game as a record: ``moves`` played from ``position`` with their ``dice``, the
        ``tags`` (Event, Site, Date, one per seat...), ``comments`` and off-board events
        (``asides``: a resignation, a departure, a loss on time, a draw agreed) each after a
        number of plies, and the ``result`` (the game's own when None); ``clocks``, each
        ply's clocks as apply answered them (the first plies', when fewer), are written as
        the TimeControl tag and each ply's ``[%clk]``; ``annotations`` (``{suffix?, nags?,
        mark?, eval?}`` a ply, aligned with the moves) and ``variations`` (``{after, moves,
        dice?, comments?, annotations?, variations?}``, the tree an import answers) as
        docs/record-format.md says."""
        notes = [c if isinstance(c, Comment) else Comment(*c) for c in comments]
        events = [a if isinstance(a, Aside) else Aside(*a) for a in asides]
        data = self._json("POST", self._game_path(game, "records/export"), self._body(
            position, options, token, check(game_id, ply), moves=list(moves),
            dice=None if dice is None else list(dice),
            tags=None if tags is None else dict(tags),
            comments=[{"after": c.after, "text": c.text} for c in notes] or None,
            asides=[{"after": a.after, "kind": a.kind,
                     **({} if a.player is None else {"player": a.player})}
                    for a in events] or None,
            result=result,
            clocks=None if clocks is None else [c.to_json() for c in clocks],
            annotations=None if annotations is None else [dict(a) for a in annotations],
            variations=None if variations is None else [dict(v) for v in variations]))
        return ExportedRecord(data["record"], data["result"], Status.from_json(data["status"]))

    def export_record(self, game: str, moves: Sequence[str], **given: Any) -> str:
        """The record's text of :meth:`export_game` (the same arguments)."""
        return self.export_game(game, moves, **given).record

    def perft(self, game: str, depth: int, position: str | None = None,
              options: Mapping[str, Any] | None = None, divide: bool = False,
              token: str | None = None,
              game_id: str | None = None, ply: int | None = None) -> Perft:
        data = self._json("POST", self._game_path(game, "perft"),
                          self._body(position, options, token, check(game_id, ply), depth=depth,
                                     divide=divide or None))
        return Perft(data["depth"], data["nodes"], data.get("divide"))

    def suggest(self, game: str, position: str | None = None,
                options: Mapping[str, Any] | None = None, level: str | None = None,
                playouts: int | None = None, time_ms: int | None = None,
                seed: int | None = None, token: str | None = None,
                game_id: str | None = None, ply: int | None = None) -> Suggestion:
        """The computer's move for the side to act (``level`` random, greedy or mcts, the
        default); the same seed and playouts give the same move. ``token``: the position's
        signature, where the service requires signed positions."""
        data = self._json("POST", self._game_path(game, "suggest"), self._body(
            position, options, token, check(game_id, ply), level=level, playouts=playouts,
            time_ms=time_ms, seed=seed))
        return Suggestion(data["move"], data["entry"], data["level"], data["playouts"],
                          data["time_ms"], data["value"], data["alternatives"])

    def render(self, game: str, position: str | None = None,
               options: Mapping[str, Any] | None = None, format: str = "png",
               size: int | None = None, highlight: Sequence[str] | None = None,
               last_move: bool | str | None = None, token: str | None = None,
               orientation: str | None = None,
               game_id: str | None = None, ply: int | None = None) -> bytes:
        """The picture's bytes: PNG (default) or SVG. ``last_move``: whether to show the
        previous move the position records, or a move in the game's notation to show;
        ``orientation``: the player the board is seen from."""
        raw, _ = self._request("POST", self._game_path(game, "render"), self._body(
            position, options, token, check(game_id, ply), format=format, size=size,
            highlight=None if highlight is None else list(highlight), last_move=last_move,
            orientation=orientation))
        return raw

    def picture_url(self, game: str, position: str | None = None,
                    options: Mapping[str, Any] | None = None, format: str = "png",
                    size: int | None = None, highlight: Sequence[str] | None = None,
                    last_move: bool | str | None = None, token: str | None = None,
                    orientation: str | None = None,
                    game_id: str | None = None, ply: int | None = None) -> str:
        """The URL of the picture :meth:`render` answers (``render.png`` or ``render.svg``),
        for an ``<img>`` or a chat embed; no request is made. The service caches it by a
        strong ETag: the picture is a pure function of the URL."""
        query = self._query(self._body(position, options, token, check(game_id, ply), size=size,
                                       last_move=last_move, orientation=orientation))
        if highlight:
            query["highlight"] = ",".join(highlight)
        return self._url(self._game_path(game, f"render.{format}"), query)

    def replay_picture(self, game: str, moves: Sequence[str], position: str | None = None,
                       options: Mapping[str, Any] | None = None, format: str = "gif",
                       dice: Sequence[Any] | None = None, seed: int | None = None,
                       size: int | None = None, orientation: str | None = None,
                       frame_ms: int | None = None, token: str | None = None,
                       game_id: str | None = None, ply: int | None = None) -> bytes:
        """The plies as an animated picture's bytes: a GIF (default), or an animated PNG with
        ``format="apng"``; one frame for the start and one per ply, its move highlighted."""
        raw, _ = self._request("POST", self._game_path(game, "replay-picture"), self._body(
            position, options, token, check(game_id, ply), moves=list(moves), format=format,
            dice=None if dice is None else list(dice), seed=seed, size=size,
            orientation=orientation, frame_ms=frame_ms))
        return raw

    def replay_picture_url(self, game: str, moves: Sequence[str], position: str | None = None,
                           options: Mapping[str, Any] | None = None, format: str = "gif",
                           dice: Sequence[Any] | None = None, seed: int | None = None,
                           size: int | None = None, orientation: str | None = None,
                           frame_ms: int | None = None, token: str | None = None,
                           game_id: str | None = None, ply: int | None = None) -> str:
        """The URL of :meth:`replay_picture` (``replay.gif``, or ``replay.png`` for
        ``format="apng"``); dice the service rolls use ``seed``, 0 unless given."""
        query = self._query(self._body(position, options, token, check(game_id, ply),
                                       dice=None if dice is None else list(dice), seed=seed,
                                       size=size, orientation=orientation, frame_ms=frame_ms))
        query["moves"] = ",".join(moves)
        name = "replay.png" if format == "apng" else "replay.gif"
        return self._url(self._game_path(game, name), query)

    @staticmethod
    def _query(body: Mapping[str, Any]) -> dict[str, str]:
        """A request body as query parameters: text as it is, the rest as JSON text."""
        return {name: value if isinstance(value, str) else json.dumps(value)
                for name, value in body.items()}

    def _url(self, path: str, query: Mapping[str, str]) -> str:
        return f"{self.base_url}{path}" + (f"?{urllib.parse.urlencode(query)}" if query else "")

    def health(self) -> bool:
        status: object = self._json("GET", "/v1/health").get("status")
        return status == "ok"

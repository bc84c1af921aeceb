"""Admission: the concerns every game operation's request passes, in order, on either road.

A request to ``POST /v1/games/{game}/<operation>`` is admitted by running each concern of the
app's pipeline (``app.extensions["admission"]``, a list that starts as :data:`CONCERNS`) on
one :class:`Admission`. A concern reads what earlier ones found and adds its own finding, or
raises the error that answers the request (a :class:`~service.http.problems.Problem`, a rules
error, a schema violation). Both roads, the short one (:mod:`service.http.fastpath`) and Flask's,
call :func:`service.http.serving.serve`, which runs this pipeline: a concern added here applies to
every request, whichever road it takes. In order:

1. the game is one this service plays (404 ``unknown_game``, before the body is read);
2. the body is within the limit, however it was sent (413 ``body_too_large``);
3. a body is sent as JSON (415 ``unsupported_media_type``);
4. it is a JSON object (400 ``malformed_request``);
5. for a GET, the query string stands for such an object instead (414
   ``request_line_too_long``, 400 naming each parameter that cannot be read);
6. it fits the operation's schema (400, every offending field named);
7. its options configure the game (422 ``invalid_options``);
8. its dice have the shape of this game's dice (400 or 422 ``invalid_dice``);
9. its position is signed where signing asks for it (422 ``unsigned_position`` or
   ``bad_signature``), and of the game and ply the request states (``token_wrong_game``,
   ``token_superseded``, ``token_ahead``; ``signing_not_configured`` without keys), and
   whether its results will be signed; for the token inspection, what its token proves;
10. its clocks (:mod:`service.concerns.clocks`): started by setup's time control, or read from a
clocked
   token and charged up to now (422 ``clocks_need_signing``, ``invalid_time_control``,
   ``clock_skew``, ``clock_running``, or ``game_over`` for a move whose time has run out);
11. its estimated cost fits this worker's capacity for heavy work (503 ``overloaded``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

import orjson
from marshmallow import Schema, ValidationError
from werkzeug.datastructures import MIMEAccept
from werkzeug.exceptions import RequestEntityTooLarge

from rules import registry
from rules.core.game import Game

from service.telemetry import metrics
from service.concerns.clocks import Clocks, admitted
from service.concerns.dice import check_dice_shape
from service.operations.operation import Operation
from service.operations.plain import Loader, plain_loader
from .problems import TOO_LARGE, Problem, field_problem
from .query import query_object
from service.concerns.shedding import Gate, Overloaded, Ticket
from service.concerns.signing import Claims, Signer, not_configured, stated, trusted_start
from service.operations.tokens import inspected


@dataclass(frozen=True)
class Incoming:
    """A game operation's request as a road reads it: the game named in the path, the
    media type of the body (lower case, without parameters; empty when none is given), a
    function that reads the whole body (raising RequestEntityTooLarge past the limit), and
    one that reads the media types the client accepts (asked only by answers that come in
    two types); and for a GET, the query string and the If-None-Match header."""

    game_id: str
    mimetype: str
    read_body: Callable[[], bytes]
    accept: Callable[[], MIMEAccept]
    #: the raw query string (read by GET game operations)
    query_string: str = ""
    #: the If-None-Match header, if any (read by operations that declare an ETag)
    if_none_match: str | None = None


@dataclass
class Admission:
    """One request going through the concerns, and what each found."""

    operation: Operation
    incoming: Incoming
    #: the app's services: ``signing`` (a Signer or None), ``shedding`` (a Gate or None)
    services: Mapping[str, Any]
    data: bytes = b""
    #: the body as JSON, before validation
    raw: Any = None
    #: the validated body
    body: dict[str, Any] = field(default_factory=dict)
    game: Game[Any, Any] | None = None
    #: whether the request starts from a trusted position, so that its results are signed
    trusted: bool = False
    #: the claims of the position's verified token (None: no valid token)
    claims: Claims | None = None
    #: the token inspection's reading of the request's token (:mod:`service.operations.tokens`)
    inspection: dict[str, Any] | None = None
    #: the request's clocks, charged up to now (None: no clocks)
    clocks: Clocks | None = None
    #: a heavy request's hold on its worker's slot, given back when the request ends
    ticket: Ticket | None = None

    @property
    def configured(self) -> Game[Any, Any]:
        """The configured game (once :func:`configured_game` has run)."""
        assert self.game is not None, "the game is configured by an earlier concern"
        return self.game


#: a concern: reads the admission, adds its finding or raises the answer's error
Concern = Callable[[Admission], None]


def require_game(game_id: str) -> None:
    """404 for a game this service does not play."""
    if registry.game_class(game_id) is None:
        raise Problem(404, "unknown_game",
                      f"There is no game {game_id!r}; this service plays: "
                      f"{', '.join(registry.game_ids())}.")


def known_game(a: Admission) -> None:
    """The path names a game this service plays (judged before the body, so that a request
    to an unknown game is told so whatever its body holds)."""
    require_game(a.incoming.game_id)


def body_within_limit(a: Admission) -> None:
    """The whole body, read; over the limit it is refused unread."""
    try:
        a.data = a.incoming.read_body()
    except RequestEntityTooLarge:
        raise Problem(413, "body_too_large", TOO_LARGE) from None


def json_media_type(a: Admission) -> None:
    """A body is sent as JSON (``application/json`` or a ``+json`` type); no body is
    taken as ``{}`` whatever its type."""
    mimetype = a.incoming.mimetype
    if a.data and mimetype != "application/json" and not mimetype.endswith("+json"):
        raise Problem(415, "unsupported_media_type",
                      "Send the request body as JSON with 'Content-Type: application/json'.")


def json_object(a: Admission) -> None:
    """The body is a JSON object (no body counts as ``{}``)."""
    if not a.data:
        a.raw = {}
        return
    try:
        a.raw = orjson.loads(a.data)
    except orjson.JSONDecodeError as exc:
        raise Problem(400, "malformed_request", f"The request body is not valid JSON: {exc}.")
    if not isinstance(a.raw, dict):
        raise Problem(400, "malformed_request", "The request body must be a JSON object.")


def query_parameters(a: Admission) -> None:
    """A GET game operation's request is its query string, read into the object a body
    would be (:mod:`service.http.query`; 414 when too long, 400 naming each parameter that
    cannot be read); it carries no body."""
    if not a.operation.in_query:
        return
    if a.data:
        raise Problem(400, "malformed_request",
                      "This GET operation reads its parameters from the query string; send "
                      "no body (or use the POST form of the operation with a JSON body).")
    assert a.operation.request is not None, "a game operation declares its request"
    a.raw = query_object(_loaders(a.operation.request)[1], a.incoming.query_string)


@lru_cache(maxsize=None)
def _loaders(schema_class: type[Schema]) -> tuple[Loader, Schema]:
    """An operation's plain loader and its marshmallow schema, built once."""
    schema = schema_class()
    return plain_loader(schema), schema


def valid_body(a: Admission) -> None:
    """The body fits the operation's schema: loaded plainly when every field is plain,
    else by marshmallow, which words every violation."""
    assert a.operation.request is not None, "a game operation declares its request"
    load, schema = _loaders(a.operation.request)
    plain = load(a.raw)
    if plain is not None:
        a.body = plain
    elif a.operation.in_query:
        try:
            a.body = schema.load(a.raw)
        except ValidationError as exc:
            messages = exc.normalized_messages()  # type: ignore[no-untyped-call]
            raise field_problem(messages, "query string") from None
    else:
        a.body = schema.load(a.raw)


def configured_game(a: Admission) -> None:
    """The game under the body's options (validated; configured games are shared)."""
    a.game = registry.configure(a.incoming.game_id, a.body.get("options"))


def dice_shape(a: Admission) -> None:
    """Dice in the body have the shape of this game's dice (one roll, or one per move)."""
    if "dice" in a.body:
        check_dice_shape(a.configured, a.body["dice"], many=a.operation.dice_per_move)


def signed_start(a: Admission) -> None:
    """Where signing is configured: the position is trusted, or refused when signing is
    required or the request states its game and ply (the app's check); nothing when signing
    is off and the request states neither (422 ``signing_not_configured`` if it does). The
    token inspection reads the token instead, refusing nothing."""
    signer: Signer | None = a.services.get("signing")
    if signer is None:
        if stated(a.body) or a.operation.inspects_token:
            raise not_configured()
    elif a.operation.inspects_token:
        a.inspection = inspected(signer, a.incoming.game_id, a.configured, a.body)
    else:
        a.trusted, a.claims = trusted_start(signer, a.incoming.game_id, a.configured, a.body)


def clocks_kept(a: Admission) -> None:
    """The request's clocks: started by a time control, or read from its clocked token and
    charged up to now; refused where a clock forbids the request (nothing to do without a
    time control or a clocked token)."""
    a.clocks = admitted(a.operation.clock, a.operation.signs, a.incoming.game_id, a.configured,
                        a.body, a.services, a.claims)


def within_capacity(a: Admission) -> None:
    """A heavy request gets one of its worker's heavy slots, or is shed (503 at once, and
    counted)."""
    gate: Gate | None = a.services.get("shedding")
    if gate is not None:
        cost = a.operation.cost
        try:
            a.ticket = gate.admit(0.0 if cost is None else cost(a.configured, a.body))
        except Overloaded:
            metrics.count_shed(a.operation.operation_id, a.incoming.game_id)
            raise


#: every concern, in the order they run
CONCERNS: tuple[Concern, ...] = (
    known_game, body_within_limit, json_media_type, json_object, query_parameters, valid_body,
    configured_game, dice_shape, signed_start, clocks_kept, within_capacity,
)

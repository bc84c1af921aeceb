"""Admission: the concerns every game operation's request passes, in order, on either road.

A request to ``POST /v1/games/{game}/<operation>`` is admitted by running each concern of the
app's pipeline (``Services.concerns``, a list that starts as :data:`CONCERNS`) on one
:class:`~service.http.request.Admission`. A concern (:class:`~service.http.request.Concern`)
reads what earlier ones found and adds its own finding, or raises the error that answers the
request (a :class:`~service.http.problems.Problem`, a rules
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
10. its clocks (:mod:`service.concerns.clocks`): started by setup's time control, or read
   from a clocked token and charged up to now (422 ``clocks_need_signing``,
   ``invalid_time_control``, ``clock_skew``, ``clock_running``, or ``game_over`` for a move
   whose time has run out);
11. its estimated cost fits this worker's capacity for heavy work (503 ``overloaded``);
12. for an operation that declares an ETag (a picture by URL), the client does not already
   hold the answer (304 when its If-None-Match names the tag, or is ``*`` once the answer is
   made; :mod:`service.http.etags`).

Steps 1-8 only admit (:class:`Step`); signing with its clocks (9-10,
:class:`SignedPositions`), shedding (11, :class:`WithinCapacity`) and the ETag (12) each say in
one class what they admit, what they add to the answer and what they give back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import orjson
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import RequestEntityTooLarge

from rules import registry
from rules.core.memo import memo

from service.concerns.clocks import admitted, settled
from service.concerns.dice import check_dice_shape
from service.concerns.shedding import Overloaded
from service.concerns.signing import claims_after, not_configured, sign, stated, trusted_start
from service.operations.operation import Operation
from service.operations.plain import Loader, plain_loader
from service.operations.tokens import inspected
from service.telemetry import metrics

from .etags import Tagged
from .problems import TOO_LARGE, Problem, field_problem
from .query import query_object
from .request import Admission, Answer, Concern


@dataclass(frozen=True)
class Step:
    """A concern that only admits: ``judge`` reads the admission and adds its finding, or
    raises the answer's error; it adds nothing to the answer and holds nothing."""

    judge: Callable[[Admission], None]

    def admit(self, a: Admission) -> None:
        self.judge(a)

    def complete(self, a: Admission, answer: Answer) -> None:
        """Nothing to add."""

    def release(self, a: Admission) -> None:
        """Nothing to give back."""

    def document(self, op: Operation, operation: dict[str, Any]) -> None:
        """Nothing of its own: the spec documents it with the operation's schemas and errors."""


def unknown_game(game_id: str) -> Problem:
    """The 404 of a game this service does not play."""
    return Problem(404, "unknown_game", f"There is no game {game_id!r}; this service plays: "
                                        f"{', '.join(registry.game_ids())}.")


def known_game(a: Admission) -> None:
    """The path names a game this service plays (judged before the body, so that a request
    to an unknown game is told so whatever its body holds)."""
    if a.incoming.game_class is None:
        raise unknown_game(a.incoming.game_id)


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


@memo(entry_bytes=6_800, most=64)
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
    assert a.incoming.game_class is not None, "the game is known (an earlier concern)"
    a.game = registry.configured(a.incoming.game_class, a.body.get("options"))


def dice_shape(a: Admission) -> None:
    """Dice in the body have the shape of this game's dice (one roll, or one per move)."""
    if "dice" in a.body:
        check_dice_shape(a.configured, a.body["dice"], many=a.operation.dice_per_move)


def signed_start(a: Admission) -> None:
    """Where signing is configured: the position is trusted, or refused when signing is
    required or the request states its game and ply (the app's check); nothing when signing
    is off and the request states neither (422 ``signing_not_configured`` if it does). The
    token inspection reads the token instead, refusing nothing."""
    signer = a.services.signing
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
                        a.body, a.services.signing, a.services.timekeeping, a.claims)


def within_capacity(a: Admission) -> None:
    """A heavy request gets one of its worker's heavy slots, or is shed (503 at once, and
    counted)."""
    gate = a.services.shedding
    if gate is not None:
        cost = a.operation.cost
        try:
            a.ticket = gate.admit(0.0 if cost is None else cost(a.configured, a.body))
        except Overloaded:
            metrics.count_shed(a.operation.operation_id, a.incoming.game_id)
            raise


class SignedPositions:
    """Signed positions and the clocks their tokens carry: the request's start judged
    (:func:`signed_start`, then :func:`clocks_kept`), and its answer given what signing adds:
    the token inspection's verdict, an operation's own vouching (a record's final token), the
    clocks as they stand once it is answered, and the token of a position reached from a
    trusted start (the same game, its ply counted on; or a new game)."""

    def admit(self, a: Admission) -> None:
        signed_start(a)
        clocks_kept(a)

    def complete(self, a: Admission, answer: Answer) -> None:
        if not isinstance(answer, dict):  # a picture, or lines: no position of its own
            return
        operation, game_id, game = a.operation, a.incoming.game_id, a.configured
        signer = a.services.signing
        if a.inspection is not None:
            answer.update(a.inspection)
        if operation.vouch is not None and signer is not None:
            operation.vouch(answer, signer, game_id, game)
        clocks = (None if a.clocks is None
                  else settled(answer, game, a.clocks, operation.clock, a.body))
        if a.trusted and operation.signed(answer):
            assert signer is not None, "only a signing service trusts a start"
            at = a.services.timekeeping.now() if clocks is None else clocks.as_of
            claims = claims_after(a.claims, operation.plies_played(answer), at,
                                  None if clocks is None else clocks.claims())
            sign(answer, signer, game_id, game, claims)

    def release(self, a: Admission) -> None:
        """Nothing to give back."""

    def document(self, op: Operation, operation: dict[str, Any]) -> None:
        """Nothing of its own: the spec documents it with the operation's schemas and errors."""


class WithinCapacity:
    """Load shedding: a heavy request holds one of its worker's heavy slots while it is
    answered (:func:`within_capacity`), given back when it ends."""

    def admit(self, a: Admission) -> None:
        within_capacity(a)

    def complete(self, a: Admission, answer: Answer) -> None:
        """Nothing to add."""

    def release(self, a: Admission) -> None:
        if a.ticket is not None:
            a.ticket.gate.leave(a.ticket)

    def document(self, op: Operation, operation: dict[str, Any]) -> None:
        """Nothing of its own: every game operation declares the 503 among its errors."""


#: every concern, in the order they run
CONCERNS: tuple[Concern, ...] = (
    *(Step(judge) for judge in (known_game, body_within_limit, json_media_type, json_object,
                                query_parameters, valid_body, configured_game, dice_shape)),
    SignedPositions(), WithinCapacity(), Tagged(),
)

"""The types of a game operation's request on its road: what a road reads
(:class:`Incoming`), what the app shares with every request (:class:`Services`), what the
concerns find (:class:`Admission`), and what every concern is (:class:`Concern`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from flask import Flask

from rules.core.game import Game
from service.concerns.clocks import Clocks, Timekeeping
from service.concerns.shedding import Gate, Ticket
from service.concerns.signing import Claims, Signer
from service.operations.operation import Lines, Operation, Picture


@dataclass(frozen=True)
class Incoming:
    """A game operation's request as a road reads it: the game named in the path (and its
    class, looked up once, by the router), the media type of the body (lower case, without
    parameters; empty when none is given), a function that reads the whole body (raising
    RequestEntityTooLarge past the limit), and the Accept header; and for a GET, the query
    string and the If-None-Match header."""

    game_id: str
    #: the game ``game_id`` names (None: not one this service plays), found by the router
    game_class: type[Game[Any, Any]] | None
    mimetype: str
    read_body: Callable[[], bytes]
    #: the Accept header, if any (read by answers that come in two media types)
    accept: str | None
    #: the raw query string (read by GET game operations)
    query_string: str = ""
    #: the If-None-Match header, if any (read by operations that declare an ETag)
    if_none_match: str | None = None


@dataclass
class Services:
    """What the app's requests share, built once by :func:`service.http.app.create_app`."""

    #: signed positions (None: signing off)
    signing: Signer | None
    #: the heavy requests' gate (None: shedding off)
    shedding: Gate | None
    #: the clocks' time and its tolerance
    timekeeping: Timekeeping
    #: the OpenAPI document the app serves
    spec: str
    #: every concern a game operation's request passes, in order
    concerns: list[Concern]


@dataclass
class Admission:
    """One request going through the concerns, and what each found."""

    operation: Operation
    incoming: Incoming
    services: Services
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
    #: headers the concerns add to the answer (after its Content-Type)
    headers: list[tuple[str, str]] = field(default_factory=list)
    #: whether the client holds any current copy (``If-None-Match: *``)
    holds_any: bool = False

    @property
    def configured(self) -> Game[Any, Any]:
        """The configured game (once the game is configured by an earlier concern)."""
        assert self.game is not None, "the game is configured by an earlier concern"
        return self.game


#: an operation's answer, as data: a JSON object, a picture, or items made one by one
Answer = dict[str, Any] | Picture | Lines


class NotModified(Exception):
    """The client holds the answer: 304, with the headers the concerns added."""


class Concern(Protocol):
    """One thing a game operation's request is held to, in one place: how it admits the
    request, what it adds to the answer, what it gives back when the request ends, and what
    the spec documents of it."""

    def admit(self, a: Admission) -> None:
        """Judge the request: add a finding to ``a``, or raise the error that answers it
        (:class:`NotModified` for a 304)."""

    def complete(self, a: Admission, answer: Answer) -> None:
        """Add to the operation's ``answer`` (or raise :class:`NotModified`)."""

    def release(self, a: Admission) -> None:
        """Give back what :meth:`admit` took, whatever the outcome."""

    def document(self, op: Operation, operation: dict[str, Any]) -> None:
        """Add what the spec says of this concern to ``op``'s OpenAPI ``operation`` object."""


def services_of(app: Flask) -> Services:
    """The services ``app`` was built with."""
    services: Services = app.extensions["services"]
    return services

"""What one HTTP operation is: the type of the declarations in :mod:`service.operations.table`.

An operation is declared once, and that one declaration feeds everything: the app routes it,
both roads through the service (:mod:`service.http.fastpath` and the Flask views) admit and answer
it through :mod:`service.http.serving`, shedding reads its cost, and :mod:`service.spec.openapi`
documents
it with its examples and links. Nothing else keeps a table keyed by an operation's id.

There are two kinds:

* a **game operation** (``POST /v1/games/{game}/...``) declares ``answer``: a function of the
  configured game and the validated body that returns the answer as data (a JSON object, or a
  :class:`Picture`), never wire text; and ``request``, the schema of its body. Admission
  (:mod:`service.http.admission`) and the wire format are the service's, the same for all. A game
  operation declared with method ``get`` reads the same kind of request from its query string
  (:mod:`service.http.query`), and may declare an ``etag`` so that its answers are cached; one
  whose answer is a list of items may declare ``lines``, the same items one at a time, which a
  client that prefers ``application/x-ndjson`` gets as one JSON line each (:class:`Lines`);
* any other operation (the game list, probes, documents, pages) reads no body: it declares
  ``page``, a function of the few things its answer depends on (:class:`PageRequest`) that
  returns a :class:`Page`, served on both roads by :func:`service.http.serving.serve_page`;
  or, where Flask earns its keep (a conditional answer), ``view``, a plain Flask view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, NamedTuple

from flask import Response
from marshmallow import Schema

from rules.core.game import Game

from service.concerns.clocks import ClockUse
from service.http.media import JSON, NDJSON, OCTETS, preferred_type

#: a game operation's answer: a JSON object, or a picture
Answer = Callable[[Game[Any, Any], dict[str, Any]], "dict[str, Any] | Picture"]
#: a game operation's answer as items made one at a time: a function that raises the errors
#: found before the first item, then returns an iterator judging each item as it is read
LinesAnswer = Callable[[Game[Any, Any], dict[str, Any]], Iterator[dict[str, Any]]]
#: the estimated CPU milliseconds of a request, from the configured game and validated body
Cost = Callable[[Game[Any, Any], Mapping[str, Any]], float]
#: a strong entity tag of the answer (quoted), from the configured game and validated body
EntityTag = Callable[[Game[Any, Any], Mapping[str, Any]], str]


class Picture(NamedTuple):
    """An answer that is not JSON: its bytes and media type. A client whose Accept header
    prefers ``alternative`` (say ``application/octet-stream``) gets the same bytes as that."""

    data: bytes
    media: str
    alternative: str


class Lines(NamedTuple):
    """An answer written one JSON line per item (``application/x-ndjson``), each item made
    only when the server asks for its line, so the first is sent before the next is made."""

    items: Iterator[dict[str, Any]]


@dataclass(frozen=True)
class Link:
    """An OpenAPI link from an operation's 200 answer to the next call of a game: the
    operation it leads to and where each of that call's body fields comes from (runtime
    expressions such as ``$response.body#/position``)."""

    operation_id: str
    body: Mapping[str, str]


@dataclass(frozen=True)
class PageRequest:
    """What the answer of an operation declaring ``page`` may depend on: the game the path
    names (``game_id`` as written, ``game_class`` when the service plays it), the media types
    the client accepts (read only when asked), whether the engines are loaded, and the
    service's OpenAPI document."""

    game_id: str
    game_class: type[Game[Any, Any]] | None
    #: the Accept header, if any
    accept: str | None
    ready: bool
    spec: str


class Page(NamedTuple):
    """A page operation's 200 answer: its body, its media type (a text type that names no
    charset is sent with ``charset=utf-8``) and any headers it adds before the Content-Type."""

    body: bytes
    media_type: str
    headers: tuple[tuple[str, str], ...] = ()


#: the answer of an operation declaring ``page`` (it raises a Problem for anything else)
PageAnswer = Callable[[PageRequest], Page]


@dataclass(frozen=True, eq=False)
class Operation:
    """One HTTP operation: how it is routed, admitted, answered, costed and documented."""

    method: str
    path: str
    operation_id: str
    summary: str
    description: str
    #: the schema documenting the 200 JSON answer (None: ``media`` documents it)
    response: type[Schema] | None
    #: the schema of the request body (game operations)
    request: type[Schema] | None = None
    #: the game operation's answer, from the configured game and the validated body
    answer: Answer | None = None
    #: for a game operation whose answer lists items: those items made one at a time, the
    #: answer to a client whose Accept prefers ``application/x-ndjson`` (:class:`Lines`)
    lines: LinesAnswer | None = None
    #: the schema documenting one of those lines
    line_schema: type[Schema] | None = None
    #: for an operation that is not a game operation: its answer (see :class:`PageRequest`)
    page: PageAnswer | None = None
    #: a plain Flask view, for an operation that is neither (its answer is conditional)
    view: Callable[..., Response] | None = None
    #: whether a client must send a body (the others default every field)
    body_required: bool = False
    #: the estimated cost of a request, for load shedding (None: next to nothing)
    cost: Cost | None = None
    #: for an answer that is a pure function of the request (a picture by URL): its strong
    #: ETag, computed without answering. The answer then carries it with a year-long
    #: immutable Cache-Control, and a request whose If-None-Match matches it is answered 304
    #: without the answer being made
    etag: EntityTag | None = None
    #: whether the answer's position is signed when the request started from a trusted one
    signs: bool = False
    #: for an operation that signs: whether this answer's position may be signed, judged
    #: from the answer itself (None: every answer); the token binds the options the answer
    #: states, where it states them
    signs_answer: Callable[[Mapping[str, Any]], bool] | None = None
    #: for an operation that signs: how many plies its answer played (the ply its token
    #: claims counts them on from the request's token); None: none (setup)
    plies: Callable[[Mapping[str, Any]], int] | None = None
    #: for an operation whose answer may hold a token to check (an imported record's Token
    #: tag): adds the verdict to the answer, given the service's signer, the game's id and
    #: the configured game (called only where signing is configured)
    vouch: Callable[[dict[str, Any], Any, str, Game[Any, Any]], None] | None = None
    #: whether the answer is what the request's token proves (:mod:`service.operations.tokens`): its
    #: token is read, never refused, whatever the signing mode
    inspects_token: bool = False
    #: what the operation does with a clocked position (:mod:`service.concerns.clocks`); None: reads
    #: it as usual, or refuses it if the operation signs a position
    clock: ClockUse | None = None
    #: whether ``dice`` in the body is a list of rolls (one per move) rather than one roll
    dice_per_move: bool = False
    #: error statuses the spec documents
    errors: tuple[int, ...] = ()
    tag: str = "games"
    #: for answers that are not JSON: media type -> OpenAPI schema
    media: Mapping[str, Any] = field(default_factory=dict)
    #: which of each game's examples (:func:`service.spec.openapi.game_examples`) the spec shows
    #: as the request body, and as the 200 answer
    request_example: str | None = None
    response_example: str | None = None
    #: OpenAPI links from the 200 answer, by name
    links: Mapping[str, Link] = field(default_factory=dict)
    #: what the spec says the 200 answer is
    answer_description: str = "Success."
    #: whether the path with a trailing slash is served too (a hand-typed address)
    also_with_slash: bool = False
    #: for a view: whether its 200 answer carries a strong ETag and a Cache-Control that
    #: revalidates, and a request whose If-None-Match names the current tag is answered 304
    #: without a body (a game operation declares ``etag`` instead)
    conditional: bool = False

    @property
    def name(self) -> str:
        """What a game operation is called in its URL: the path after ``{game}/``
        (``apply``, ``records/import``); for any other operation, the path's last segment."""
        _, game, after = self.path.partition("{game}/")
        return after if game else self.path.rsplit("/", 1)[1]

    def signed(self, answer: Mapping[str, Any]) -> bool:
        """Whether ``answer``'s position is signed, once its request started from a trusted
        position."""
        return self.signs and (self.signs_answer is None or self.signs_answer(answer))

    def plies_played(self, answer: Mapping[str, Any]) -> int:
        """How many plies ``answer`` played (0 for an operation that declares none)."""
        return 0 if self.plies is None else self.plies(answer)

    @property
    def for_a_game(self) -> bool:
        """Whether this is a game operation, admitted and answered by the service's road."""
        return self.answer is not None

    def in_lines(self, accept: str | None) -> bool:
        """Whether this game operation answers a client whose Accept header is ``accept`` in
        lines: it offers them and the client prefers them to JSON."""
        return self.lines is not None and preferred_type(accept, JSON, NDJSON) == NDJSON

    def media_for(self, accept: str | None) -> str:
        """The media type of this picture operation's answer to a client that accepts
        ``accepted``: its own (the first of ``media``), or plain bytes when the client prefers
        them and the operation offers them."""
        own = next(iter(self.media))
        return preferred_type(accept, own, OCTETS) if OCTETS in self.media else own

    @property
    def in_query(self) -> bool:
        """Whether this game operation reads its request from the query string (a GET, which
        a URL alone can make: an ``<img>``, a link preview) rather than a JSON body."""
        return self.for_a_game and self.method == "get"

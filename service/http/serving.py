"""The one road every game operation's request takes: admitted, answered, written.

:func:`serve` runs the app's admission concerns (:mod:`service.http.admission`), asks the
operation for its answer (data, from :mod:`service.operations.answers` and the like), adds its
clocks
(:mod:`service.concerns.clocks`) to a clocked one, signs the answer's position where the request
started from a trusted one (the same game as the request's token, its ply counted on, or a new
game from the initial position), and writes the wire format: JSON, a
picture in the media type the client prefers, or a problem document for an error that is the
client's to mend. An operation that declares an ETag (a picture by URL) is answered 304,
without being answered at all, when the request's If-None-Match names its tag (``*``: once
the answer is made). The two roads (:mod:`service.http.fastpath` for plain WSGI requests, Flask's
views for the rest) differ only in how they read the request into an
:class:`~service.http.admission.Incoming` and hand the :class:`Outgoing` to the server.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Mapping, NamedTuple

import orjson
from werkzeug.http import parse_etags, unquote_etag
from werkzeug.utils import get_content_type

from .admission import Admission, Incoming
from service.concerns.clocks import now, settled
from .media import OCTETS, preferred_type
from service.operations.operation import Operation, Picture
from .problems import ANSWERED, PROBLEM_MEDIA_TYPE, Problem, problem_bytes, problem_for
from service.concerns.signing import claims_after, sign

JSON = "application/json"
#: the Cache-Control of an answer that is a pure function of its request (a picture by URL)
IMMUTABLE = "public, max-age=31536000, immutable"


class Outgoing(NamedTuple):
    """An answer as the server sends it: its status, its headers (the body's length
    aside) and its body."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes


def serve(operation: Operation, incoming: Incoming, services: Mapping[str, Any]) -> Outgoing:
    """The answer to one request for ``operation``: admitted by every concern of
    ``services["admission"]``, then answered; an error of the client's is answered with its
    problem document. Any other error propagates to the road, which answers it with a 500."""
    admission = Admission(operation, incoming, services)
    try:
        for concern in services["admission"]:
            concern(admission)
        assert operation.answer is not None, "a game operation declares its answer"
        game = admission.configured
        cached: list[tuple[str, str]] = []
        held = Held.NONE
        if operation.etag is not None:
            tag = representation_tag(operation.etag(game, admission.body),
                                     operation.media_for(incoming.accept()))
            cached = [("ETag", tag), ("Cache-Control", IMMUTABLE), ("Vary", "Accept")]
            held = held_copies(incoming.if_none_match, tag)
            if held is Held.THIS:
                return Outgoing(304, cached, b"")
        answer = operation.answer(game, admission.body)
        if held is Held.ANY:  # "*": not modified, once the answer is known to exist
            return Outgoing(304, cached, b"")
        if isinstance(answer, Picture):
            media = preferred_type(incoming.accept(), answer.media, answer.alternative)
            return Outgoing(200, [("Content-Type", get_content_type(media, "utf-8")), *cached],
                            answer.data)
        if admission.inspection is not None:
            answer.update(admission.inspection)
        if operation.vouch is not None and services.get("signing") is not None:
            operation.vouch(answer, services["signing"], incoming.game_id, game)
        clocks = (None if admission.clocks is None
                  else settled(answer, game, admission.clocks, operation.clock,
                               admission.body))
        if admission.trusted and operation.signed(answer):
            at = now(services) if clocks is None else clocks.as_of
            claims = claims_after(admission.claims, operation.plies_played(answer), at,
                                  None if clocks is None else clocks.claims())
            sign(answer, services["signing"], incoming.game_id, game, claims)
        return Outgoing(200, [("Content-Type", JSON)], orjson.dumps(answer))
    except ANSWERED as exc:
        return problem_outgoing(problem_for(exc))
    finally:
        if admission.ticket is not None:
            admission.ticket.gate.leave(admission.ticket)


def representation_tag(tag: str, media: str) -> str:
    """``tag`` for the picture in ``media``: as it is for the picture's own media type, and
    marked for the plain-bytes alternative (the same bytes, another representation, so
    another strong tag)."""
    return f'{tag[:-1]}.octets"' if media == OCTETS else tag


class Held(Enum):
    """What an If-None-Match header says the client holds."""

    NONE = "none"
    #: a list of tags one of which is this answer's
    THIS = "this"
    #: ``*``: any current copy
    ANY = "any"


def held_copies(if_none_match: str | None, tag: str) -> Held:
    """What ``if_none_match`` says of the answer whose tag is ``tag`` (quoted, strong): it
    names it (compared weakly as RFC 9110 asks: ``W/"x"`` matches ``"x"``), it is ``*``, or
    neither. A named tag is answered 304 without making the answer, since only a request
    that was answered can have given it; ``*`` only once the answer is made (a request that
    is refused has no copy to keep)."""
    if if_none_match is None:
        return Held.NONE
    etags = parse_etags(if_none_match)
    if etags.star_tag:
        return Held.ANY
    return Held.THIS if etags.contains_weak(unquote_etag(tag)[0]) else Held.NONE


def problem_outgoing(problem: Problem) -> Outgoing:
    """The answer carrying ``problem``'s document and headers."""
    return Outgoing(problem.status,
                    [("Content-Type", PROBLEM_MEDIA_TYPE), *problem.headers.items()],
                    problem_bytes(problem))

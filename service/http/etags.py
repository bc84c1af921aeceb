"""ETags: an operation that declares one (a picture by URL, a pure function of its request) is
answered with a strong tag, a year's ``Cache-Control`` and ``Vary: Accept``, and 304 without
being answered at all when the request's If-None-Match names its tag (``*``: once the answer is
made, since a request that is refused has no copy to keep). The spec documents the tag, the
cache headers and the 304 from here too (:meth:`Tagged.document`)."""

from __future__ import annotations

from enum import Enum
from typing import Any

from werkzeug.http import parse_etags, unquote_etag

from service.operations.operation import Operation

from .media import OCTETS
from .request import Admission, Answer, NotModified

#: the Cache-Control of an answer that is a pure function of its request (a picture by URL)
IMMUTABLE = "public, max-age=31536000, immutable"


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


# ---- what the spec documents of it ---------------------------------------------------------

def cache_headers(cache_control: str) -> dict[str, Any]:
    """The headers of a cached answer, 200 and 304 alike; ``cache_control`` says what its
    Cache-Control is."""
    return {
        "ETag": {"description": "A strong entity tag of the answer: the same for the same "
                                "request in every worker and replica; send it back in "
                                "If-None-Match.",
                 "schema": {"type": "string"}},
        "Cache-Control": {"description": cache_control, "schema": {"type": "string"}},
    }


#: the cache headers of an operation that declares an ETag (a picture by URL)
CACHE_HEADERS = cache_headers(f"{IMMUTABLE}: the answer is a pure function of the query.")
#: the cache headers of a conditional view (a file of the service, which changes only when
#: the service is upgraded)
REVALIDATED_HEADERS = cache_headers("public, max-age=3600: a cache may keep the answer an "
                                     "hour, then asks again with If-None-Match.")


def conditional(operation: dict[str, Any], headers: dict[str, Any]) -> None:
    """The If-None-Match parameter, the cache ``headers`` and the 304 of an operation whose
    answers carry an ETag."""
    operation.setdefault("parameters", []).append({
        "name": "If-None-Match", "in": "header", "required": False,
        "description": "ETags of copies the client holds (or *): 304 without a body when one "
                       "is this answer's.", "schema": {"type": "string"}})
    operation["responses"]["200"]["headers"] = headers
    operation["responses"]["304"] = {
        "description": "Not modified: the If-None-Match header names this answer's ETag; no "
                       "body.", "headers": headers}


class Tagged:
    """The ETag concern (see the module): the tag and its caching headers added to the
    answer, and 304 for a client that holds it."""

    def admit(self, a: Admission) -> None:
        operation = a.operation
        if operation.etag is None:
            return
        tag = representation_tag(operation.etag(a.configured, a.body),
                                 operation.media_for(a.incoming.accept))
        a.headers += [("ETag", tag), ("Cache-Control", IMMUTABLE), ("Vary", "Accept")]
        held = held_copies(a.incoming.if_none_match, tag)
        if held is Held.THIS:
            raise NotModified()
        a.holds_any = held is Held.ANY

    def complete(self, a: Admission, answer: Answer) -> None:
        if a.holds_any:  # "*": not modified, once the answer is known to exist
            raise NotModified()

    def release(self, a: Admission) -> None:
        """Nothing to give back."""

    def document(self, op: Operation, operation: dict[str, Any]) -> None:
        """The If-None-Match parameter, the cache headers and the 304 of an operation that
        declares an ETag."""
        if op.etag is not None:
            conditional(operation, CACHE_HEADERS)

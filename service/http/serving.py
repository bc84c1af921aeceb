"""The one road every game operation's request takes: admitted, answered, written.

:func:`serve` runs the app's concerns (:mod:`service.http.admission`) on the request, asks the
operation for its answer (data, from :mod:`service.operations.answers` and the like), lets
each concern add to it (signing's token and clocks, an ETag's headers), and writes the wire
format: JSON, a picture in the media type the client prefers, JSON lines for a client that
prefers them from an operation that offers them (:class:`LineStream`), a 304 when the client
holds the answer, or a problem document for an error that is the client's to mend. It names
no concern: each says in one place what it admits and adds
(:class:`~service.http.request.Concern`). The two roads (:mod:`service.http.fastpath` for
plain WSGI requests, Flask's views for the rest) differ only in how they read the request
into an :class:`~service.http.request.Incoming` and hand the :class:`Outgoing` to the server.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, NamedTuple

import orjson
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.utils import get_content_type

from rules.core.memo import memo
from service.operations.operation import Lines, Operation, PageRequest, Picture

from .media import JSON, NDJSON, preferred_type
from .problems import (ANSWERED, PROBLEM_MEDIA_TYPE, Problem, problem_bytes, problem_for,
                       unexpected)
from .request import Admission, Answer, Incoming, NotModified, Services

class LineStream:
    """The body of an answer in lines, as the server writes it: each item one JSON line
    ending with a newline, made only when the server asks for the next line. The request's
    concerns are released (``done``) once: as soon as the last line is made, before the
    server writes the end of the body (so a client that has read the whole answer finds the
    slot free), or when the server closes a stream the client left: a heavy request holds its
    slot while its lines are made."""

    def __init__(self, items: Iterator[dict[str, Any]], done: Callable[[], None]) -> None:
        self.items, self.done, self.closed = items, done, False

    def __iter__(self) -> Iterator[bytes]:
        for item in self.items:
            yield orjson.dumps(item) + b"\n"
        self.close()

    def close(self) -> None:
        """End the stream: stop making items and release the request (once)."""
        if not self.closed:
            self.closed = True
            try:
                getattr(self.items, "close", lambda: None)()
            finally:
                self.done()


class Outgoing(NamedTuple):
    """An answer as the server sends it: its status, its headers (the body's length
    aside) and its body: bytes, or lines written as they are made (without a length)."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes | LineStream


#: the status line of every status Werkzeug names
_STATUS_LINES = {code: f"{code} {name}" for code, name in HTTP_STATUS_CODES.items()}


def status_line(status: int) -> str:
    """The HTTP status line of ``status`` (``200 OK``)."""
    return _STATUS_LINES.get(status) or f"{status} Unknown"


#: statuses whose answers have no body, hence no Content-Length (RFC 9110, 8.6)
BODILESS = frozenset({204, 304})


def sent(out: Outgoing, start_response: Callable[..., Any],
         added: list[tuple[str, str]]) -> Iterable[bytes]:
    """``out`` handed to the server: its status and headers (then its body's length, unless
    its status has no body, then ``added``), and the body to write."""
    if isinstance(out.body, LineStream):  # written as made: no length, closed by the server
        start_response(status_line(out.status), [*out.headers, *added])
        return out.body
    length = [] if out.status in BODILESS else [("Content-Length", str(len(out.body)))]
    start_response(status_line(out.status), [*out.headers, *length, *added])
    return [out.body]


def serve(operation: Operation, incoming: Incoming, services: Services) -> Outgoing:
    """The answer to one request for ``operation``: admitted by every concern of
    ``services.concerns``, answered, completed by every concern; an error of the client's is
    answered with its problem document, and any other error with the logged 500 of
    :func:`~service.http.problems.unexpected` (on either road)."""
    admission = Admission(operation, incoming, services)
    streams = False
    try:
        for concern in services.concerns:
            concern.admit(admission)
        answer = answered(admission)
        for concern in services.concerns:
            concern.complete(admission, answer)
        out = written(admission, answer)
        streams = isinstance(out.body, LineStream)
        return out
    except NotModified:
        return Outgoing(304, admission.headers, b"")
    except ANSWERED as exc:
        return problem_outgoing(problem_for(exc))
    except Exception as exc:  # nobody's to mend: a logged 500, the same on both roads
        return problem_outgoing(unexpected(exc))
    finally:
        if not streams:  # a stream releases the request when the server closes it
            released(admission)


def serve_page(operation: Operation, request: PageRequest) -> Outgoing:
    """The answer to a request for an operation that declares ``page`` (a probe, a document,
    a page), on either road: its page, or the problem document of the error it raised (a
    logged 500 for one nobody expected)."""
    assert operation.page is not None, "the operation declares its page"
    try:
        page = operation.page(request)
    except ANSWERED as exc:
        return problem_outgoing(problem_for(exc))
    except Exception as exc:  # nobody's to mend: a logged 500, the same on both roads
        return problem_outgoing(unexpected(exc))
    return Outgoing(200, [*page.headers, ("Content-Type", content_type_of(page.media_type))],
                    page.body)


@memo(entry_bytes=160, most=32)
def content_type_of(media: str) -> str:
    """The Content-Type of an answer in ``media`` (one an operation or a page declares): a
    text type that names no charset gains ``charset=utf-8``."""
    return media if "charset=" in media else get_content_type(media, "utf-8")


def released(admission: Admission) -> None:
    """Every concern gives back what it took for ``admission``."""
    for concern in admission.services.concerns:
        concern.release(admission)


def answered(admission: Admission) -> Answer:
    """The operation's answer to the admitted request: its lines when it offers them and the
    client prefers them (errors found before the first line raised here), else its answer."""
    operation, game, body = admission.operation, admission.configured, admission.body
    if operation.in_lines(admission.incoming.accept):
        assert operation.lines is not None
        return Lines(operation.lines(game, body))
    assert operation.answer is not None, "a game operation declares its answer"
    return operation.answer(game, body)


def written(admission: Admission, answer: Answer) -> Outgoing:
    """The 200 carrying ``answer``: a picture in the media type the client prefers, lines,
    or JSON; with the headers the concerns added."""
    if isinstance(answer, Lines):
        return Outgoing(200, [("Content-Type", NDJSON), *admission.headers],
                        LineStream(answer.items, lambda: released(admission)))
    if isinstance(answer, Picture):
        media = preferred_type(admission.incoming.accept, answer.media, answer.alternative)
        return Outgoing(200, [("Content-Type", content_type_of(media)),
                              *admission.headers], answer.data)
    return Outgoing(200, [("Content-Type", JSON), *admission.headers], orjson.dumps(answer))


def problem_outgoing(problem: Problem) -> Outgoing:
    """The answer carrying ``problem``'s document and headers."""
    return Outgoing(problem.status,
                    [("Content-Type", PROBLEM_MEDIA_TYPE), *problem.headers.items()],
                    problem_bytes(problem))

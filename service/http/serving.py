"""The one road every game operation's request takes: admitted, answered, written.

:func:`serve` runs the app's concerns (:mod:`service.http.admission`) on the request, asks the
operation for its answer (data, from :mod:`service.operations.answers` and the like), lets
each concern add to it (signing's token and clocks, an ETag's headers), and writes the wire
format: JSON, a picture in the media type the client prefers, a 304 when the client holds the
answer, or a problem document for an error that is the client's to mend. It names no concern:
each says in one place what it admits and adds (:class:`~service.http.request.Concern`). The
two roads (:mod:`service.http.fastpath` for plain WSGI requests, Flask's views for the rest)
differ only in how they read the request into an :class:`~service.http.request.Incoming` and
hand the :class:`Outgoing` to the server.
"""

from __future__ import annotations

from typing import NamedTuple

import orjson
from werkzeug.utils import get_content_type

from service.operations.operation import Operation, Picture

from .media import preferred_type
from .problems import (ANSWERED, PROBLEM_MEDIA_TYPE, Problem, problem_bytes, problem_for,
                       unexpected)
from .request import Admission, Answer, Incoming, NotModified, Services

JSON = "application/json"


class Outgoing(NamedTuple):
    """An answer as the server sends it: its status, its headers (the body's length
    aside) and its body."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes


def serve(operation: Operation, incoming: Incoming, services: Services) -> Outgoing:
    """The answer to one request for ``operation``: admitted by every concern of
    ``services.concerns``, answered, completed by every concern; an error of the client's is
    answered with its problem document, and any other error with the logged 500 of
    :func:`~service.http.problems.unexpected` (on either road)."""
    admission = Admission(operation, incoming, services)
    try:
        for concern in services.concerns:
            concern.admit(admission)
        assert operation.answer is not None, "a game operation declares its answer"
        answer = operation.answer(admission.configured, admission.body)
        for concern in services.concerns:
            concern.complete(admission, answer)
        return written(admission, answer)
    except NotModified:
        return Outgoing(304, admission.headers, b"")
    except ANSWERED as exc:
        return problem_outgoing(problem_for(exc))
    except Exception as exc:  # nobody's to mend: a logged 500, the same on both roads
        return problem_outgoing(unexpected(exc))
    finally:
        for concern in services.concerns:
            concern.release(admission)


def written(admission: Admission, answer: Answer) -> Outgoing:
    """The 200 carrying ``answer``: a picture in the media type the client prefers, or
    JSON; with the headers the concerns added."""
    if isinstance(answer, Picture):
        media = preferred_type(admission.incoming.accept(), answer.media, answer.alternative)
        return Outgoing(200, [("Content-Type", get_content_type(media, "utf-8")),
                              *admission.headers], answer.data)
    return Outgoing(200, [("Content-Type", JSON), *admission.headers], orjson.dumps(answer))


def problem_outgoing(problem: Problem) -> Outgoing:
    """The answer carrying ``problem``'s document and headers."""
    return Outgoing(problem.status,
                    [("Content-Type", PROBLEM_MEDIA_TYPE), *problem.headers.items()],
                    problem_bytes(problem))

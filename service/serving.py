"""The one road every game operation's request takes: admitted, answered, written.

:func:`serve` runs the app's admission concerns (:mod:`service.admission`), asks the
operation for its answer (data, from :mod:`service.answers` and the like), signs the answer's
position where the request started from a trusted one, and writes the wire format: JSON, a
picture in the media type the client prefers, or a problem document for an error that is the
client's to mend. The two roads (:mod:`service.fastpath` for plain WSGI requests, Flask's
views for the rest) differ only in how they read the request into an
:class:`~service.admission.Incoming` and hand the :class:`Outgoing` to the server.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

import orjson
from werkzeug.utils import get_content_type

from .admission import Admission, Incoming
from .media import preferred_type
from .operation import Operation, Picture
from .problems import ANSWERED, PROBLEM_MEDIA_TYPE, Problem, problem_bytes, problem_for
from .signing import add_token

JSON = "application/json"


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
        answer = operation.answer(game, admission.body)
        if isinstance(answer, Picture):
            media = preferred_type(incoming.accept(), answer.media, answer.alternative)
            return Outgoing(200, [("Content-Type", get_content_type(media, "utf-8"))],
                            answer.data)
        if operation.signs and admission.trusted:
            add_token(answer, services["signing"], incoming.game_id, game)
        return Outgoing(200, [("Content-Type", JSON)], orjson.dumps(answer))
    except ANSWERED as exc:
        return problem_outgoing(problem_for(exc))
    finally:
        if admission.ticket is not None:
            admission.ticket.gate.leave(admission.ticket)


def problem_outgoing(problem: Problem) -> Outgoing:
    """The answer carrying ``problem``'s document and headers."""
    return Outgoing(problem.status,
                    [("Content-Type", PROBLEM_MEDIA_TYPE), *problem.headers.items()],
                    problem_bytes(problem))

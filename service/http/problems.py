"""RFC 9457 problem details: every error the service answers, in one shape.

``{type, title, status, detail, code, request_id, ...}`` with media type
``application/problem+json``; ``code`` is stable for programs, ``detail``
is a sentence for people, ``request_id`` the request's id (:mod:`service.http.requestid`), to quote
when reporting it. No request ever sees a stack trace.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from flask import Flask, Response
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from rules.core.errors import RulesError

from service.telemetry import metrics

from . import requestid
from .limits import BODY_LIMIT

PROBLEM_MEDIA_TYPE = "application/problem+json"

TITLES = {
    "malformed_request": "Malformed request",
    "unknown_game": "Unknown game",
    "not_found": "Not found",
    "method_not_allowed": "Method not allowed",
    "body_too_large": "Request body too large",
    "unsupported_media_type": "Unsupported media type",
    "invalid_position": "Invalid position",
    "invalid_options": "Invalid options",
    "illegal_move": "Illegal move",
    "invalid_dice": "Invalid dice",
    "game_over": "Game over",
    "work_limit_exceeded": "Work limit exceeded",
    "invalid_record": "Invalid record",
    "invalid_tag": "Invalid tag",
    "game_mismatch": "Game mismatch",
    "too_many_records": "Too many records",
    "result_contradicts_board": "Result contradicts the board",
    "invalid_departure": "Invalid departure",
    "invalid_highlight": "Invalid highlight",
    "invalid_last_move": "Invalid last move",
    "render_unavailable": "Render unavailable",
    "invalid_orientation": "Invalid orientation",
    "unsigned_position": "Unsigned position",
    "bad_signature": "Bad signature",
    "token_wrong_game": "Token of another game",
    "token_superseded": "Token superseded",
    "token_ahead": "Token ahead of the game",
    "signing_not_configured": "Signing not configured",
    "clocks_need_signing": "Clocks need signing",
    "invalid_time_control": "Invalid time control",
    "clock_skew": "Token dated in the future",
    "clock_running": "Clock running",
    "origin_not_allowed": "Origin not allowed",
    "not_ready": "Not ready",
    "overloaded": "Overloaded",
    # answered by the front (deploy/nginx/nginx.conf), never by the service itself; listed so
    # that the spec and the clients know it
    "rate_limited": "Too many requests",
    "internal_error": "Internal error",
    "request_line_too_long": "Request line too long",
    "headers_too_large": "Request headers too large",
    "unsupported_transfer_coding": "Unsupported transfer coding",
}

_HTTP_CODES = {400: "malformed_request", 404: "not_found", 405: "method_not_allowed",
               413: "body_too_large", 415: "unsupported_media_type"}

log = logging.getLogger(__name__)


class Problem(Exception):
    """An error raised by a view that maps directly onto a problem document."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra
        #: headers the answer carries beside the document (Retry-After, say)
        self.headers: dict[str, str] = {}


#: the errors a request's admission or answer raises that are the client's to mend
ANSWERED = (Problem, RulesError, ValidationError)


def problem_for(exc: Exception) -> Problem:
    """The problem an error of :data:`ANSWERED` is answered with: a Problem as it is, a
    rules error as a 422 under its own code, a schema violation as a 400
    ``malformed_request`` naming every offending field (in ``errors``)."""
    if isinstance(exc, Problem):
        return exc
    if isinstance(exc, RulesError):
        return Problem(422, exc.code, exc.detail, **exc.extra)
    if isinstance(exc, ValidationError):
        return field_problem(exc.normalized_messages())  # type: ignore[no-untyped-call]
    raise TypeError(f"{type(exc).__name__} is not an error answered with a problem")


def field_problem(messages: Any, where: str = "request body") -> Problem:
    """The 400 ``malformed_request`` naming every offending field of the ``where`` (the
    body, or the query string of a GET) in its detail and, with marshmallow's ``messages``,
    in ``errors``."""
    if not isinstance(messages, dict):
        messages = {"_schema": messages}
    parts = [f"{path}: {text}" for path, text in _field_messages(messages)]
    if len(parts) > 5:      # the `errors` member has them all
        parts[5:] = [f"and {len(parts) - 5} more (see errors)"]
    return Problem(400, "malformed_request",
                   f"The {where} does not match the schema; fix {'; '.join(parts)}.",
                   errors=messages)


def problem_bytes(problem: Problem) -> bytes:
    """The problem document of ``problem`` as JSON."""
    body = problem_document(problem.status, problem.code, problem.detail, **problem.extra)
    # Validation messages for list items are keyed by index, hence OPT_NON_STR_KEYS.
    return orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS)


def problem_document(status: int, code: str, detail: str, **extra: Any) -> dict[str, Any]:
    """The problem details object (RFC 9457) every error answer carries, with the id of the
    request it answers (``request_id``, unless ``extra`` gives it); and so where every
    problem the service answers is counted by its code (:func:`metrics.count_problem`)."""
    metrics.count_problem(code)
    body = {
        "type": f"urn:boardgame-referee:problem:{code}",
        "title": TITLES.get(code, code.replace("_", " ").capitalize()),
        "status": status,
        "detail": detail,
        "code": code,
    }
    request_id = requestid.current()
    if request_id is not None:
        body["request_id"] = request_id
    body.update(extra)
    return body


def answer_problem(problem: Problem) -> Response:
    """A Flask response carrying ``problem``, with its headers."""
    return Response(problem_bytes(problem), status=problem.status,
                    headers=problem.headers, mimetype=PROBLEM_MEDIA_TYPE)


#: the message of a 413: the body limit, whichever road and transfer coding
TOO_LARGE = f"The request body is larger than the service accepts; send less than {BODY_LIMIT}."


def _http_detail(exc: HTTPException) -> str:
    if exc.code == 413:
        return TOO_LARGE
    if exc.code == 405:
        return "This path does not accept that HTTP method; see the Allow header."
    if exc.code == 404:
        return "There is no such path; see GET /openapi.yaml for the paths this service has."
    if exc.code == 415:
        return "Send the request body as JSON with 'Content-Type: application/json'."
    return exc.description or "The request could not be understood."


def install(app: Flask) -> None:
    """Route every error, expected or not, to a problem document."""

    @app.errorhandler(Problem)
    @app.errorhandler(RulesError)
    @app.errorhandler(ValidationError)
    def _answered(exc: Exception) -> Response:
        return answer_problem(problem_for(exc))

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response:
        status = exc.code or 500
        code = _HTTP_CODES.get(status, "malformed_request" if status < 500 else "internal_error")
        response = answer_problem(Problem(status, code, _http_detail(exc)))
        allowed = getattr(exc, "valid_methods", None)
        if status == 405 and allowed:
            response.headers["Allow"] = ", ".join(allowed)
        return response

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        return answer_problem(unexpected(exc))


def unexpected(exc: Exception) -> Problem:
    """Log an error nobody expected, with its traceback, and give the 500 that answers it
    (the client sees no trace of it)."""
    log.error("unexpected error", exc_info=exc)
    return Problem(500, "internal_error",
                   "The service failed on this request; it has been logged. Please report it.")


def _field_messages(messages: Any, path: str = "") -> list[tuple[str, str]]:
    """Marshmallow's nested errors as (field path, message) pairs such as ``dice.defender``
    or ``moves[3]``: list items in order, then fields by name; messages without a final period."""
    if isinstance(messages, dict):
        pairs = []
        for key in sorted(messages, key=_error_key_order):
            if isinstance(key, int):
                sub = f"{path}[{key}]"
            else:
                sub = f"{path}.{key}" if path else str(key)
            pairs += _field_messages(messages[key], sub)
        return pairs
    if isinstance(messages, list):
        pairs = []
        for message in messages:
            pairs += _field_messages(message, path)
        return pairs
    return [(path or "body", str(messages).rstrip("."))]


def _error_key_order(key: Any) -> tuple[bool, int, str]:
    return (not isinstance(key, int), key if isinstance(key, int) else 0, str(key))

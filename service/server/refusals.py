"""gunicorn's own refusals as problem documents: the requests it answers before the app sees
them (a request line over the limit, too many or too long headers, a malformed request line or
chunk) get a problem document like every other error, instead of gunicorn's HTML page.

:func:`patch_gunicorn` replaces ``gunicorn.util.write_error`` with :func:`write_problem` (the
worker looks it up at each error, so every worker forked afterwards inherits it).
"""

from __future__ import annotations

from typing import Any

from service.http.limits import MAX_HEADER_FIELD_BYTES, MAX_HEADER_FIELDS, MAX_REQUEST_LINE

#: the code and detail of each refusal gunicorn writes, by status
GUNICORN_ERRORS = {
    400: ("malformed_request", "The HTTP request is malformed ({mesg}); send a valid "
                               "HTTP/1.1 request."),
    414: ("request_line_too_long", f"The request line is longer than {MAX_REQUEST_LINE} bytes; "
                                   "send the data in a JSON body instead."),
    431: ("headers_too_large", "The request has too many or too long headers (at most "
                               f"{MAX_HEADER_FIELDS}, each under {MAX_HEADER_FIELD_BYTES} "
                               "bytes); send fewer."),
    501: ("unsupported_transfer_coding", "The transfer coding is not supported ({mesg}); "
                                         "send the body with Content-Length or chunked."),
}


def write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """Drop-in for ``gunicorn.util.write_error``: the same answer as problem+json."""
    import orjson
    from gunicorn import util

    from service.http import requestid
    from service.http.problems import PROBLEM_MEDIA_TYPE, problem_document
    from service.telemetry import metrics

    metrics.count_unread_request(str(status_int))
    code, template = GUNICORN_ERRORS.get(
        status_int, ("internal_error" if status_int >= 500 else "malformed_request",
                     "The server could not handle this request ({mesg})."))
    detail = template.format(mesg=mesg.strip() or reason)
    request_id = requestid.new()   # the request was not read: no id of the client's to trust
    body = orjson.dumps(problem_document(status_int, code, detail, request_id=request_id))
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n"
            f"{requestid.HEADER}: {request_id}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin1") + body)


def patch_gunicorn() -> None:
    """Make gunicorn write its refusals with :func:`write_problem`."""
    from gunicorn import util

    util.write_error = write_problem

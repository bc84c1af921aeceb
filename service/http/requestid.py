"""Request ids: one id per request, to follow it from a client's log to the service's.

A request's id is its ``X-Request-ID`` header when that is sane: 1 to 128 characters, each a
letter, a digit or one of ``. _ : -`` (what nginx's ``$request_id``, Heroku's router, UUIDs
and W3C trace ids are written with). Anything else (empty, longer, a space, a quote, a
newline) is never echoed: the request gets a new id instead, 32 random hex digits, as nginx
makes them. The WSGI layer (:mod:`service.http.observe`) chooses the id before the app sees the
request and puts it in the environ (``referee.request_id``, which the access log reads), in
the answer's ``X-Request-ID`` header, and in this thread's context, where
:func:`service.http.problems.problem_document` finds it for the ``request_id`` of every problem
document.
"""

from __future__ import annotations

import os
import re
from contextvars import ContextVar, Token
from typing import Any, Mapping

HEADER = "X-Request-ID"
#: where the WSGI layer leaves the request's id in the environ
ENVIRON_KEY = "referee.request_id"
MAX_LENGTH = 128
_SANE = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_current: ContextVar[str | None] = ContextVar("request_id", default=None)


def is_sane(value: str) -> bool:
    """Whether a client's id may be used as it is (see the module)."""
    return _SANE.fullmatch(value) is not None


def new() -> str:
    """A new id: 32 random hex digits."""
    return os.urandom(16).hex()


def for_request(environ: Mapping[str, Any]) -> str:
    """The id of the request of ``environ``: its sane ``X-Request-ID``, else a new one."""
    asked = environ.get("HTTP_X_REQUEST_ID")
    return asked if asked is not None and is_sane(asked) else new()


def current() -> str | None:
    """The id of the request this thread is answering, if any."""
    return _current.get()


def bind(request_id: str) -> Token[str | None]:
    """Make ``request_id`` this thread's current id until :func:`unbind`."""
    return _current.set(request_id)


def unbind(token: Token[str | None]) -> None:
    """Forget the id :func:`bind` set (the request is answered)."""
    _current.reset(token)

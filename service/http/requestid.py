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
import threading
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


#: new ids made at a time, from one read of the OS's random source (a read is a system call,
#: which under load costs more than the rest of making an id)
IDS_PER_READ = 256
#: each thread's ids made ahead, the next one last
_made = threading.local()


def _forget_made_ids() -> None:
    """In a forked child: drop the ids the parent made ahead, which it may still give out."""
    global _made
    _made = threading.local()


os.register_at_fork(after_in_child=_forget_made_ids)


def new() -> str:
    """A new id: 32 random hex digits from the OS's random source (read for
    :data:`IDS_PER_READ` ids at a time, by each thread for itself)."""
    ahead: list[str] | None = getattr(_made, "ids", None)
    if not ahead:
        digits = os.urandom(16 * IDS_PER_READ).hex()
        ahead = _made.ids = [digits[i:i + 32] for i in range(0, len(digits), 32)]
    return ahead.pop()


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

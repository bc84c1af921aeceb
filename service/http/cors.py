"""Cross-origin use: CORS headers on every answer and preflight requests answered.

The service uses no cookies and no credentials, so by default a page on any origin may load
its pictures and its board element and call its API. ``REFEREE_CORS_ORIGINS`` (the
environment, or the same name in the Flask config, which wins) narrows this:

- unset or ``*``: every origin (``Access-Control-Allow-Origin: *``);
- a list of origins separated by commas or spaces (``https://a.example, https://b.example``):
  only those, each answered with its own origin and ``Vary: Origin``;
- ``none``: no CORS header at all (a browser then refuses every cross-origin call).

Every answer passes :class:`Cors`, which the outermost layer (:mod:`service.http.observe`)
asks, whichever road serves the request, for the headers it adds to the answer; a preflight
(``OPTIONS`` with ``Origin`` and ``Access-Control-Request-Method``, as the request's
:class:`~service.http.router.Route` says) is answered by :meth:`Cors.preflight` with 204 and
never reaches the app; a preflight from an origin not allowed is a 403 problem document
``origin_not_allowed``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Mapping

from .problems import Problem
from .router import Route
from .serving import Outgoing, problem_outgoing

SETTING = "REFEREE_CORS_ORIGINS"
#: the methods the API answers to (a preflight for another is answered without it)
METHODS = "GET, POST, OPTIONS"
#: request headers a page may send beyond the CORS-safelisted ones
ALLOWED_HEADERS = ("content-type", "if-none-match", "x-request-id", "traceparent", "tracestate")
#: response headers a page may read beyond the CORS-safelisted ones
EXPOSED_HEADERS = "ETag, Retry-After, Link, X-Request-ID"
#: seconds a browser may keep a preflight's answer
PREFLIGHT_MAX_AGE = "86400"


class CorsConfigError(ValueError):
    """``REFEREE_CORS_ORIGINS`` holds something that is not an origin."""


@dataclass(frozen=True)
class CorsPolicy:
    """Which origins may use the service: ``any_origin``, or exactly ``origins``."""

    any_origin: bool
    origins: frozenset[str]

    def allows(self, origin: str) -> bool:
        return self.any_origin or origin in self.origins

    def origin_headers(self, origin: str | None) -> list[tuple[str, str]]:
        """The headers that let ``origin`` read an answer (none when it may not)."""
        if self.any_origin:
            return [("Access-Control-Allow-Origin", "*"),
                    ("Access-Control-Expose-Headers", EXPOSED_HEADERS)]
        vary = [("Vary", "Origin")] if self.origins else []
        if origin is None or origin not in self.origins:
            return vary
        return [("Access-Control-Allow-Origin", origin),
                ("Access-Control-Expose-Headers", EXPOSED_HEADERS), *vary]


def _is_origin(text: str) -> bool:
    """True for ``scheme://host[:port]`` with no path, as browsers send it."""
    scheme, sep, rest = text.partition("://")
    return bool(sep) and scheme in ("http", "https") and bool(rest) and "/" not in rest


def policy_from(setting: str | None) -> CorsPolicy:
    """The policy a value of ``REFEREE_CORS_ORIGINS`` sets (see the module); raises
    :class:`CorsConfigError` for a value that is not ``*``, ``none`` or a list of origins."""
    text = (setting or "").strip()
    if text in ("", "*"):
        return CorsPolicy(True, frozenset())
    if text.lower() == "none":
        return CorsPolicy(False, frozenset())
    origins = [part.strip().rstrip("/") for part in text.replace(",", " ").split()]
    wrong = [o for o in origins if not _is_origin(o)]
    if wrong:
        raise CorsConfigError(
            f"{SETTING}: {', '.join(map(repr, wrong))} is not an origin; give '*', 'none' or "
            "origins such as https://app.example or http://localhost:3000, separated by "
            "commas or spaces.")
    return CorsPolicy(False, frozenset(origins))


def _allowed_request_headers(environ: Mapping[str, Any]) -> str:
    """The headers a preflight asks for that the service accepts, as a header value."""
    asked = environ.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS", "")
    wanted = [h.strip().lower() for h in asked.split(",") if h.strip()]
    return ", ".join(h for h in wanted if h in ALLOWED_HEADERS) or "content-type"


class Cors:
    """The CORS concern of every answer (see the module)."""

    def __init__(self, policy: CorsPolicy) -> None:
        self.policy = policy

    def headers(self, environ: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The headers the answer to the request of ``environ`` gains (after its own)."""
        return self.policy.origin_headers(environ.get("HTTP_ORIGIN"))

    def preflight(self, environ: Mapping[str, Any], route: Route) -> Outgoing | None:
        """The answer to a preflight (204 with what its origin may do, or a 403 problem when
        it may not); None for any other request."""
        origin = environ.get("HTTP_ORIGIN")
        if origin is None or not route.preflight:
            return None
        if not self.policy.allows(origin):
            problem = Problem(403, "origin_not_allowed",
                              f"Pages from {origin} may not call this service: its operator "
                              f"allows only the origins in {SETTING}.")
            refused = problem_outgoing(problem)
            return refused._replace(headers=[*refused.headers,
                                             *self.policy.origin_headers(origin)])
        return Outgoing(204, [
            *self.policy.origin_headers(origin),
            ("Access-Control-Allow-Methods", METHODS),
            ("Access-Control-Allow-Headers", _allowed_request_headers(environ)),
            ("Access-Control-Max-Age", PREFLIGHT_MAX_AGE)], b"")


def for_app(app: Any) -> Cors:
    """The CORS concern of the policy the app's config (or the environment) sets."""
    return Cors(policy_from(app.config.get(SETTING, os.environ.get(SETTING))))

"""The Flask application factory.

Every operation is routed from its one declaration in :mod:`service.operations.table`. A game
operation is served by :func:`service.http.serving.serve`, and an operation that declares a
page by :func:`service.http.serving.serve_page`, on both roads: here, through a Flask view that
reads the request with Werkzeug, and in front of Flask by
:class:`service.http.fastpath.FastPath`, which reads plain requests from the WSGI environ. The
WSGI callable is :class:`service.http.observe.Observe`, the request's road: it routes the
request, gives it its id, asks the CORS concern (:mod:`service.http.cors`), then the short
road, then Flask, to answer it, and counts and times it whichever road served it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from flask import Flask, Response, current_app, request, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from rules import registry
from service.concerns import cache_budget, clocks, shedding, signing
from service.operations.operation import Operation, PageRequest
from service.operations.table import OPERATIONS
from service.pictures.render import renderer_version
from service.spec.openapi import spec_yaml
from service.telemetry import metrics

from . import cors, problems
from .admission import CONCERNS
from .body import read_body
from .fastpath import FastPath
from .limits import MAX_BODY_BYTES
from .observe import Observe
from .request import Incoming, Services, services_of
from .router import routed_game
from .serving import serve, serve_page


#: the service package's folder, whose ``static/`` Flask serves under ``/static/``
SERVICE_ROOT = str(Path(__file__).resolve().parents[1])


def warm_engines() -> None:
    """Load every game (building its tables) and exercise it once."""
    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        position = game.start_position
        game.legal_moves(position)
        game.status(position)


def warm_up(app: Flask) -> None:
    """Warm every game (:func:`warm_engines`), compute the pictures' renderer version, then
    mark the app ready."""
    warm_engines()
    renderer_version()  # the pictures' ETags need it: drawn once here, not by a request
    app.config["ENGINES_READY"] = True
    metrics.set_ready(True)


def game_view(operation: Operation) -> Callable[[str], Response]:
    """The Flask view of a game operation: Flask's road to :func:`service.http.serving.serve`."""

    def view(game: str) -> Response:
        incoming = Incoming(game, routed_game(request.environ, game), request.mimetype, read_body,
                            request.headers.get("Accept"),
                            request.environ.get("QUERY_STRING", ""),
                            request.headers.get("If-None-Match"))
        out = serve(operation, incoming, services_of(current_app))
        return Response(out.body, status=out.status, headers=out.headers)

    return view


def page_view(operation: Operation) -> Callable[..., Response]:
    """The Flask view of an operation that declares a page: Flask's road to
    :func:`service.http.serving.serve_page` (a HEAD, or a GET with a body, comes this way)."""

    def view(game: str = "") -> Response:
        asked = PageRequest(game, routed_game(request.environ, game) if game else None,
                            request.headers.get("Accept"),
                            bool(current_app.config.get("ENGINES_READY")),
                            services_of(current_app).spec)
        out = serve_page(operation, asked)
        return Response(out.body, status=out.status, headers=out.headers)

    return view


def view_of(operation: Operation) -> Callable[..., Response]:
    """The Flask view that serves ``operation``."""
    if operation.for_a_game:
        return game_view(operation)
    if operation.page is not None:
        return page_view(operation)
    assert operation.view is not None, f"{operation.operation_id} declares an answer, a page " \
                                       "or a view"
    return operation.view


def create_app(config: Mapping[str, Any] | None = None,
               clock: clocks.Clock | None = None) -> Flask:
    """Build the app. ``config`` overrides Flask settings; ``WARM_UP=False`` defers readiness
    to whoever calls :func:`warm_up` (a server hook, for example). Signing settings
    (``REFEREE_SIGNING_KEYS``, ``REFEREE_REQUIRE_SIGNED``) come from ``config`` or the
    environment; malformed ones raise :class:`service.concerns.signing.SigningConfigError`.
    ``REFEREE_CACHE_MIB`` (config or environment) bounds every memo cache of the process
    together (:mod:`service.concerns.cache_budget`).
    ``clock`` gives the clocks' time in epoch milliseconds (the system's by default; tests
    drive it), and ``REFEREE_CLOCK_SKEW_MS`` their tolerance of tokens dated ahead of it."""
    app = Flask(__name__, root_path=SERVICE_ROOT)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY_BYTES, ENGINES_READY=False, WARM_UP=True)
    if config:
        app.config.update(config)
    problems.install(app)
    cache_budget.apply(app.config)
    app.extensions["services"] = Services(
        signing=signing.signer_for(app.config), shedding=shedding.gate_for(app.config),
        timekeeping=clocks.timekeeping_for(app.config, clock), spec=spec_yaml(),
        concerns=list(CONCERNS))
    for op in OPERATIONS:
        app.add_url_rule(op.path.replace("{game}", "<game>"), endpoint=op.operation_id,
                         view_func=view_of(op), methods=[op.method.upper()],
                         provide_automatic_options=False,
                         strict_slashes=not op.also_with_slash)
    app.wsgi_app = Observe(  # type: ignore[method-assign]
        cors.for_app(app), FastPath(app), app.wsgi_app, OPERATIONS)

    @app.get("/docs/static/<path:filename>", provide_automatic_options=False)
    def docs_static(filename: str) -> Response:
        return send_from_directory(swagger_ui_path, filename)

    if app.config["WARM_UP"]:
        warm_up(app)
    return app

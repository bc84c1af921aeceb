"""The Flask application factory."""

from __future__ import annotations

from typing import Any, Mapping

from flask import Flask, Response, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from rules import registry

from . import problems, shedding, signing
from .fastpath import FastPath
from .schemas import MAX_BODY_BYTES
from .media import preferred_type
from .spec import SPEC_TYPES, spec_yaml
from .operations import all_operations

DOCS_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Board game referee: API</title>
<link rel="icon" type="image/svg+xml" href="/favicon.ico">
<link rel="stylesheet" href="/docs/static/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script>window.onload = () => { SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#swagger-ui"}); };
</script></body></html>
"""


def warm_up(app: Flask) -> None:
    """Load every game (building its tables) and exercise it once, then mark the app ready."""
    for game_id in registry.game_ids():
        game = registry.configure(game_id)
        position = game.start_position
        game.legal_moves(position)
        game.status(position)
    app.config["ENGINES_READY"] = True


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides Flask settings; ``WARM_UP=False`` defers readiness
    to whoever calls :func:`warm_up` (a server hook, for example). Signing settings
    (``REFEREE_SIGNING_KEYS``, ``REFEREE_REQUIRE_SIGNED``) come from ``config`` or the
    environment; malformed ones raise :class:`service.signing.SigningConfigError`."""
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY_BYTES, ENGINES_READY=False, WARM_UP=True)
    if config:
        app.config.update(config)
    problems.install(app)
    signing.install(app)
    shedding.install(app)
    fast = {}
    for op in all_operations():
        app.add_url_rule(
            op.path.replace("{game}", "<game>"), endpoint=op.operation_id, view_func=op.view,
            methods=[op.method.upper()], provide_automatic_options=False,
        )
        if op.answer is not None and op.request is not None:
            fast[op.path.rsplit("/", 1)[1]] = (op.request(), op.answer)
    app.wsgi_app = FastPath(app, app.wsgi_app, fast)  # type: ignore[method-assign]

    spec_text = spec_yaml()

    @app.get("/openapi.yaml", provide_automatic_options=False)
    def openapi() -> Response:
        return Response(spec_text, mimetype=preferred_type(*SPEC_TYPES))

    # "/docs/" too: a pasted or hand-typed address often ends in a slash
    @app.get("/docs", provide_automatic_options=False, strict_slashes=False)
    def docs() -> Response:
        return Response(DOCS_PAGE, mimetype="text/html")

    @app.get("/docs/static/<path:filename>", provide_automatic_options=False)
    def docs_static(filename: str) -> Response:
        return send_from_directory(swagger_ui_path, filename)

    if app.config["WARM_UP"]:
        warm_up(app)
    return app

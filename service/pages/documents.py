"""The service's own documentation: its OpenAPI document and the page that shows it."""

from __future__ import annotations

from flask import Response, current_app, request

from service.http.media import preferred_type
from service.http.request import services_of

#: the document's media type, and the one it is also served as on request (Accept): YAML
#: as text, for clients that read only text/* answers as text
SPEC_TYPES = ("application/yaml", "text/yaml")

DOCS_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Board game referee: API</title>
<link rel="icon" type="image/svg+xml" href="/favicon.ico">
<link rel="stylesheet" href="/docs/static/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script>window.onload = () => { SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#swagger-ui"}); };
</script></body></html>
"""


def openapi() -> Response:
    """The OpenAPI document the app was built with (its services' ``spec``)."""
    return Response(services_of(current_app).spec,
                    mimetype=preferred_type(request.accept_mimetypes, *SPEC_TYPES))


def docs() -> Response:
    """Swagger UI over the document, served locally (no CDN)."""
    return Response(DOCS_PAGE, mimetype="text/html")

"""The service's own documentation: its OpenAPI document and the page that shows it."""

from __future__ import annotations

from service.http.media import preferred_type
from service.operations.operation import Page, PageRequest

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


DOCS_BYTES = DOCS_PAGE.encode()


def openapi(request: PageRequest) -> Page:
    """The OpenAPI document the app was built with (its services' ``spec``)."""
    return Page(request.spec.encode(), preferred_type(request.accept, *SPEC_TYPES))


def docs(request: PageRequest) -> Page:
    """Swagger UI over the document, served locally (no CDN)."""
    return Page(DOCS_BYTES, "text/html")

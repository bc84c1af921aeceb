"""The OpenAPI document, generated from the operations and the games
(``python -m service.spec`` rewrites ``openapi.yaml``)."""

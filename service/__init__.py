"""HTTP service over the rules engines: Flask app factory (:func:`service.http.app.create_app`),
marshmallow schemas, problem documents, the OpenAPI generator and the gunicorn entry point."""

"""``python -m service``: serve the app with gunicorn on $HOST:$PORT (default 127.0.0.1:8000).

It runs exactly the container's command, ``gunicorn -c python:service.server.gunicorn_conf
"service.http.app:create_app()"``, inside this process, so both use one configuration; extra
arguments are passed to gunicorn (``python -m service --workers 3``), as is
``GUNICORN_CMD_ARGS``.
"""

from __future__ import annotations

import sys

CONFIG = "python:service.server.gunicorn_conf"
APP = "service.http.app:create_app()"


def gunicorn_argv(extra: list[str] | None = None) -> list[str]:
    """The gunicorn command line (also the Dockerfile's CMD, which a test compares)."""
    return ["gunicorn", "-c", CONFIG, APP, *(extra or [])]


def main(argv: list[str] | None = None) -> None:
    from gunicorn.app.wsgiapp import run

    sys.argv = gunicorn_argv(sys.argv[1:] if argv is None else argv)
    run(prog="python -m service")


if __name__ == "__main__":
    main()

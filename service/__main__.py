"""``python -m service``: serve the app with gunicorn on $HOST:$PORT (default 127.0.0.1:8000)."""

from __future__ import annotations

from gunicorn.app.base import BaseApplication

from . import gunicorn_conf


class Server(BaseApplication):
    """gunicorn embedded, configured from :mod:`service.gunicorn_conf`."""

    def load_config(self) -> None:
        for key, value in vars(gunicorn_conf).items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key, value)

    def load(self):
        from .app import create_app

        return create_app()


def main() -> None:
    Server().run()


if __name__ == "__main__":
    main()

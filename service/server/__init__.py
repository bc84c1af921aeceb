"""Running the app under gunicorn: its settings (:mod:`service.server.gunicorn_conf`) and the
worker that spreads connections (:mod:`service.server.balance`)."""

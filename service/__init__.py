"""HTTP service over the rules engines; it names no game.

A request's road (docs/architecture.md follows one in detail)::

    gunicorn (server/gunicorn_conf.py)
      -> http/observe.py    routes it once (http/router.py), gives it its id, counts it
      -> http/cors.py       CORS headers; a preflight answered here
      -> http/fastpath.py   a plain game-operation request read from the environ,
         or http/app.py     Flask's view for every other request
      -> http/serving.py    serve: the concerns admit it (http/admission.py), the operation
                            answers (operations/, pictures/), the concerns complete the
                            answer, and it is written as JSON, a picture or a problem

The sub-packages: ``http`` (the road), ``concerns`` (signing, clocks, shedding, dice),
``operations`` (every operation declared once, schemas, answers), ``pictures`` (drawing and the
picture operations), ``spec`` (the OpenAPI document), ``pages`` (documentation, playground,
board element), ``server`` (gunicorn) and ``telemetry`` (metrics, traces, probes).
"""

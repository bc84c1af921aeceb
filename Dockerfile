# syntax=docker/dockerfile:1
# Board game referee: the wheel is built in one stage and installed into a clean slim image.
#
#   docker build -t boardgame-referee:0.1.0 .
#   docker run --rm -p 8000:8000 boardgame-referee:0.1.0
#
# tests/test_deploy.py reproduces these steps outside Docker (wheel, fresh venv, this CMD).

ARG PYTHON_IMAGE=python:3.11-slim

# ---- build: the project's wheel and the wheels of its pinned dependencies ----------------
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY service ./service
COPY referee ./referee
RUN pip wheel --no-deps --wheel-dir /wheels . \
 && pip wheel --wheel-dir /wheels /wheels/boardgame_referee-*.whl

# ---- runtime: the installed wheel, no sources, no build tools, no caches -----------------
FROM ${PYTHON_IMAGE} AS runtime
LABEL org.opencontainers.image.title="boardgame-referee" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.description="Stateless REST service that adjudicates board games"
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000
# cairosvg (PNG boards) loads the Cairo C library at run time; nothing else comes from apt.
RUN apt-get update \
 && apt-get install --yes --no-install-recommends libcairo2 \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin app
# The wheels are bind-mounted from the build stage, so none of them stays in a layer; pip and
# setuptools go once the service is installed (nothing is installed at run time).
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-index --find-links /wheels boardgame-referee \
 && pip uninstall --yes pip setuptools wheel \
 && rm -rf /root/.cache
WORKDIR /srv
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/v1/health' % os.environ.get('PORT', '8000'), timeout=2)"]
STOPSIGNAL SIGTERM
CMD ["gunicorn", "-c", "python:service.gunicorn_conf", "service.app:create_app()"]

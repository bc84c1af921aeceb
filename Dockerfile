# Board game referee: the service's virtual environment is built in one stage and copied whole
# into a clean slim image.
#
#   docker build -t boardgame-referee:0.1.0 .
#   docker run --rm -p 8000:8000 boardgame-referee:0.1.0
#   podman build --format docker -t boardgame-referee:0.1.0 .    (docker format keeps HEALTHCHECK)
#
# Every builder builds it: Docker's classic builder (Docker 20.10 without DOCKER_BUILDKIT=1),
# BuildKit, and buildah (podman). So it uses nothing newer than multi-stage builds: no mounts
# in RUN (the classic builder refuses them), no heredocs, and no syntax directive (which makes
# docker fetch a frontend image from a registry before the build starts). Any Debian base with python3 and its venv module works:
# --build-arg PYTHON_IMAGE=<local image>; both stages use it, so the environment's interpreter
# path is the runtime's. deploy/smoke.sh builds and checks the image with each engine and
# builder here; tests/deploy/test_deploy.py reproduces these steps outside any engine (wheel,
# fresh venv, this CMD).

ARG PYTHON_IMAGE=python:3.11-slim

# ---- build: the service's virtual environment, at the path it has at run time -------------
FROM ${PYTHON_IMAGE} AS build
# The package index of this stage's pip (a mirror, or deploy/wheelhouse.py's offline index).
ARG PIP_INDEX_URL=https://pypi.org/simple
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY service ./service
COPY referee ./referee
# The project's wheel, installed with its pinned dependencies into /opt/referee by that
# environment's own pip (the base's may be missing or externally managed); then pip, setuptools
# and wheel leave it, as nothing is installed at run time. The wheels stay in this stage.
RUN python3 -m venv /opt/referee \
 && /opt/referee/bin/pip wheel --no-deps --wheel-dir /wheels . \
 && /opt/referee/bin/pip install /wheels/boardgame_referee-*.whl \
 && /opt/referee/bin/pip uninstall --yes pip setuptools wheel

# ---- runtime: the service's environment, no sources, no wheels, no build tools, no caches ---
FROM ${PYTHON_IMAGE} AS runtime
LABEL org.opencontainers.image.title="boardgame-referee" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.description="Stateless REST service that adjudicates board games"
# XDG_CACHE_HOME: fontconfig (PNG boards) writes its cache there; /tmp is the one writable
# place of a read-only root (an emptyDir in Kubernetes, --tmpfs /tmp with docker run).
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    XDG_CACHE_HOME=/tmp/cache \
    HOST=0.0.0.0 \
    PORT=8000
# cairosvg (PNG boards) loads the Cairo C library at run time; nothing else comes from apt. The
# package cache and lists go in this same layer, whatever the base image's apt hooks do.
RUN apt-get update \
 && apt-get install --yes --no-install-recommends libcairo2 \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/apt/archives/*.deb
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin app
# The environment, whole (no wheel, source tree or pip cache comes with it); the base's own pip
# goes too, if it has one.
COPY --from=build /opt/referee /opt/referee
RUN if python3 -m pip --version >/dev/null 2>&1; then \
      python3 -m pip uninstall --yes pip setuptools wheel; fi \
 && rm -rf /root/.cache
# The service's python, gunicorn (the CMD) and python for HEALTHCHECK and the preStop hook.
ENV PATH=/opt/referee/bin:$PATH
WORKDIR /srv
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/v1/health' % os.environ.get('PORT', '8000'), timeout=2)"]
STOPSIGNAL SIGTERM
CMD ["gunicorn", "-c", "python:service.server.gunicorn_conf", "service.http.app:create_app()"]

"""Deployment checks that run without Docker or a cluster.

* every Kubernetes manifest validates offline against the Kubernetes JSON schemas
  (kubernetes-validate, strict: unknown fields fail) of the oldest and newest versions supported;
* the manifests, the Dockerfile, the gunicorn configuration and the app's routes agree on the
  probe paths, the port, the image name and tag, the user, the writable tmp dir and the timeouts;
* the Dockerfile's build-and-start steps reproduced outside Docker: its build context copied
  as its COPY lines say, the wheel built the way its build stage builds it, installed into a
  fresh virtual environment, its CMD started there (from an empty directory, so nothing comes
  from the checkout), its HEALTHCHECK run, a real legal-moves call, and a clean drain on SIGTERM.
"""

from __future__ import annotations

import http.client
import importlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import tomllib
from pathlib import Path
from types import SimpleNamespace

import kubernetes_validate
import pytest

from rules import registry
import yaml

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loadtest.server import Server  # noqa: E402
from service import __main__ as entry  # noqa: E402
from service.http.app import create_app, warm_up  # noqa: E402
from tests.deploy.dockerfile import (  # noqa: E402
    docker_args, docker_env, final_stage, instructions, resolve)
from tests.live_service import WAIT_S, raw_exchange, wait_until  # noqa: E402

K8S = ROOT / "k8s"
#: created out of band (kustomize would overwrite the real keys on every apply), validated here
SIGNING_SECRET = "signing-secret.yaml"
#: the oldest Kubernetes supported (the PodDisruptionBudget's unhealthyPodEvictionPolicy is on by
#: default from 1.27) and the newest whose schemas kubernetes-validate ships
OLDEST_KUBERNETES = "1.27.0"
K8S_VERSIONS = (OLDEST_KUBERNETES, kubernetes_validate.latest_version() + ".0")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def manifests() -> dict[str, list[dict]]:
    return {p.name: [d for d in yaml.safe_load_all(p.read_text()) if d]
            for p in sorted(K8S.glob("*.yaml")) if p.name != "kustomization.yaml"}


def kustomization() -> dict:
    return yaml.safe_load((K8S / "kustomization.yaml").read_text())


def resource(kind: str) -> dict:
    found = [d for docs in manifests().values() for d in docs if d["kind"] == kind]
    assert len(found) == 1, f"expected one {kind}, found {len(found)}"
    return found[0]


def container() -> dict:
    (c,) = resource("Deployment")["spec"]["template"]["spec"]["containers"]
    return c


def gunicorn_config(**env: str):
    """service.server.gunicorn_conf evaluated under ``env`` (other HOST/PORT/GUNICORN_* unset)."""
    saved = dict(os.environ)
    try:
        for k in list(os.environ):
            if k in ("HOST", "PORT", "WEB_CONCURRENCY") or k.startswith("GUNICORN_"):
                del os.environ[k]
        os.environ.update(env)
        import service.server.gunicorn_conf as conf
        return SimpleNamespace(**vars(importlib.reload(conf)))
    finally:
        os.environ.clear()
        os.environ.update(saved)
        importlib.reload(conf)      # leave the module as the real environment makes it


# ---- Kubernetes manifests ---------------------------------------------------------------------

@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_every_manifest_validates_against_the_kubernetes_schemas(version):
    docs = manifests()
    assert {d["kind"] for ds in docs.values() for d in ds} == {
        "Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Secret"}
    for name, ds in docs.items():
        for doc in ds:
            try:
                kubernetes_validate.validate(doc, version, strict=True)
            except kubernetes_validate.ValidationError as exc:
                pytest.fail(f"{name}: {doc['kind']} invalid for Kubernetes {version}: {exc}")


def test_kustomization_deploys_every_manifest():
    k = kustomization()
    assert k["apiVersion"] == "kustomize.config.k8s.io/v1beta1"
    assert k["kind"] == "Kustomization"
    assert sorted(k["resources"]) == sorted(set(manifests()) - {SIGNING_SECRET})
    assert set(k) <= {"apiVersion", "kind", "resources", "images", "labels", "namespace"}
    (image,) = k["images"]
    assert image["name"] == container()["image"].split(":")[0]
    assert image["newTag"] == PROJECT["version"]


def test_signing_keys_come_from_an_optional_secret_kustomize_never_overwrites():
    from service.concerns import signing

    (secret,) = manifests()[SIGNING_SECRET]
    assert secret["kind"] == "Secret" and SIGNING_SECRET not in kustomization()["resources"]
    # the template as shipped configures no key: signing stays off until someone adds one
    assert signing.signer_from(secret["stringData"]) is None
    env = {e["name"]: e for e in container()["env"]}
    for name in (signing.KEYS_SETTING, signing.REQUIRE_SETTING):
        ref = env[name]["valueFrom"]["secretKeyRef"]
        assert ref == {"name": secret["metadata"]["name"], "key": name, "optional": True}
        assert name in secret["stringData"]


def test_image_name_and_tag_agree_with_the_dockerfile_and_project():
    repo, tag = container()["image"].split(":")
    tokens = shlex.split(" ".join(instructions("LABEL", final_stage())))
    labels = dict(token.split("=", 1) for token in tokens)
    assert repo == labels["org.opencontainers.image.title"] == PROJECT["name"]
    assert tag == labels["org.opencontainers.image.version"] == PROJECT["version"]
    for page in ("container.md", "kubernetes.md"):     # the docs' build and deploy commands
        assert f"{repo}:{tag}" in (ROOT / "docs" / page).read_text(), page


def test_probe_paths_exist_in_the_app_and_agree_with_the_healthcheck():
    app = create_app({"WARM_UP": False})
    routes = {r.rule: r.methods for r in app.url_map.iter_rules()}
    c = container()
    assert c["livenessProbe"]["httpGet"]["path"] == "/v1/health"
    assert c["startupProbe"]["httpGet"]["path"] == "/v1/health"
    assert c["readinessProbe"]["httpGet"]["path"] == "/v1/ready"
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        path = c[probe]["httpGet"]["path"]
        assert "GET" in routes[path], path
        assert c[probe]["httpGet"]["port"] == "http"
    (healthcheck,) = instructions("HEALTHCHECK", final_stage())
    assert "/v1/health" in healthcheck and "CMD" in healthcheck
    # the scrape annotations name a path the app serves, on the container's port
    annotations = resource("Deployment")["spec"]["template"]["metadata"]["annotations"]
    assert "GET" in routes[annotations["prometheus.io/path"]]
    assert {p["name"]: p["containerPort"] for p in c["ports"]}["http"] == int(
        annotations["prometheus.io/port"])


def test_port_agrees_across_config_dockerfile_deployment_and_service():
    final = final_stage()
    (expose,) = instructions("EXPOSE", final)
    env = docker_env(final)
    c = container()
    (port,) = c["ports"]
    container_env = {e["name"]: e.get("value") for e in c["env"]}
    default_port = gunicorn_config().bind.rsplit(":", 1)[1]
    assert int(expose) == int(env["PORT"]) == port["containerPort"] == \
        int(container_env["PORT"]) == int(default_port)
    assert env["HOST"] == container_env["HOST"] == "0.0.0.0"
    assert gunicorn_config(HOST="0.0.0.0", PORT="9123").bind == "0.0.0.0:9123"
    svc = resource("Service")
    (sport,) = svc["spec"]["ports"]
    assert sport["targetPort"] == port["name"] == "http"
    assert svc["spec"]["selector"].items() <= \
        resource("Deployment")["spec"]["template"]["metadata"]["labels"].items()


def test_deployment_shape_and_security():
    dep = resource("Deployment")
    spec, pod = dep["spec"], dep["spec"]["template"]["spec"]
    c = container()
    # the autoscaler owns the scale: a replicas field would reset it on every apply
    assert "replicas" not in spec
    assert resource("HorizontalPodAutoscaler")["spec"]["minReplicas"] >= 2
    assert spec["selector"]["matchLabels"].items() <= spec["template"]["metadata"]["labels"].items()
    assert pod["automountServiceAccountToken"] is False
    assert pod["securityContext"]["runAsNonRoot"] is True
    sc = c["securityContext"]
    assert sc["runAsNonRoot"] is True and sc["readOnlyRootFilesystem"] is True
    assert sc["allowPrivilegeEscalation"] is False and sc["capabilities"]["drop"] == ["ALL"]
    # the numeric user of the image, so that runAsNonRoot can be verified by the kubelet
    (user,) = instructions("USER", final_stage())
    assert sc["runAsUser"] == pod["securityContext"]["runAsUser"] == int(user.split(":")[0]) != 0
    for kind in ("requests", "limits"):
        assert {"cpu", "memory", "ephemeral-storage"} <= set(c["resources"][kind]), kind
    # read-only root: gunicorn's heartbeat files go to the emptyDir the variable names
    env = {e["name"]: e for e in c["env"]}
    tmp = env["GUNICORN_WORKER_TMP_DIR"]["value"]
    mounts = {m["mountPath"]: m["name"] for m in c["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert "emptyDir" in volumes[mounts[tmp]]
    assert gunicorn_config(GUNICORN_WORKER_TMP_DIR=tmp).worker_tmp_dir == tmp
    # the workers' metric files on an emptyDir of their own, emptied by the master at start
    metrics_dir = env["PROMETHEUS_MULTIPROC_DIR"]["value"]
    assert "emptyDir" in volumes[mounts[metrics_dir]] and mounts[metrics_dir] != mounts[tmp]
    # fontconfig's cache (PNG renders) on that volume too, as in the image
    cache = env["XDG_CACHE_HOME"]["value"]
    assert cache == docker_env(final_stage())["XDG_CACHE_HOME"]
    assert cache.startswith(tmp.rstrip("/") + "/")
    # workers follow the CPU limit
    assert env["WEB_CONCURRENCY"]["valueFrom"]["resourceFieldRef"]["resource"] == "limits.cpu"
    # the pod outlives the preStop pause plus gunicorn's drain
    conf = gunicorn_config()
    assert pod["terminationGracePeriodSeconds"] > conf.graceful_timeout + 5


#: the master's resident memory in the 30-minute soak (73 MiB), rounded up (docs/deploy.md)
MASTER_MIB = 80


def mebibytes(quantity: str) -> float:
    """A Kubernetes memory quantity in ``Mi`` or ``Gi``, in MiB."""
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


def test_the_memory_limit_holds_every_worker_at_the_soaks_ceiling():
    """limits.memory: a worker per CPU of the limit (WEB_CONCURRENCY), each at the largest
    RSS the soak allows (loadtest.soak.MAX_WORKER_MIB), the master, and the memory-backed
    volumes full; the request, what the pod used in the soak, is below it."""
    from loadtest import soak

    c = container()
    env = {e["name"]: e for e in c["env"]}
    assert env["WEB_CONCURRENCY"]["valueFrom"]["resourceFieldRef"]["resource"] == "limits.cpu"
    workers = int(c["resources"]["limits"]["cpu"])
    volumes = sum(mebibytes(v["emptyDir"]["sizeLimit"])
                  for v in resource("Deployment")["spec"]["template"]["spec"]["volumes"]
                  if v.get("emptyDir", {}).get("medium") == "Memory")
    limit = mebibytes(c["resources"]["limits"]["memory"])
    assert limit >= workers * soak.MAX_WORKER_MIB + MASTER_MIB + volumes
    assert mebibytes(c["resources"]["requests"]["memory"]) < limit


def test_autoscaler_and_disruption_budget_target_the_deployment():
    dep = resource("Deployment")
    hpa, pdb = resource("HorizontalPodAutoscaler"), resource("PodDisruptionBudget")
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                             "name": dep["metadata"]["name"]}
    (metric,) = hpa["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu"
    assert hpa["spec"]["minReplicas"] >= 2
    assert hpa["spec"]["maxReplicas"] > hpa["spec"]["minReplicas"]
    assert pdb["spec"]["selector"]["matchLabels"].items() <= \
        dep["spec"]["template"]["metadata"]["labels"].items()
    assert pdb["spec"]["minAvailable"] < hpa["spec"]["minReplicas"]
    assert pdb["spec"]["unhealthyPodEvictionPolicy"] == "AlwaysAllow"


# ---- Dockerfile and configuration ----------------------------------------------------------------

def test_dockerfile_is_multi_stage_slim_non_root_and_runs_the_config():
    froms = [resolve(a) for a in instructions("FROM")]
    assert len(froms) == 2
    assert froms[0] == "python:3.11-slim AS build" and froms[1].startswith("python:3.11-slim ")
    final = final_stage()
    (cmd,) = instructions("CMD", final)
    assert json.loads(cmd) == entry.gunicorn_argv()
    (user,) = instructions("USER", final)
    assert user.split(":")[0] not in ("0", "root")
    # the runtime stage gets no sources and no wheels: the build stage's environment, whole
    # (tests/deploy/test_image.py checks how that environment is made)
    assert instructions("COPY", final) == ["--from=build /opt/referee /opt/referee"]
    assert docker_env(final)["PIP_NO_CACHE_DIR"] == "1"


def test_dockerignore_admits_exactly_the_build_context():
    lines = [x.strip() for x in (ROOT / ".dockerignore").read_text().splitlines()
             if x.strip() and not x.startswith("#")]
    assert lines[0] == "*"
    admitted = {x[1:].rstrip("/") for x in lines if x.startswith("!")}
    copied = set()
    for args in instructions("COPY", 0):
        *sources, _dest = args.split()
        copied |= {s.rstrip("/") for s in sources}
    assert copied == admitted


def test_build_context_holds_every_package_the_wheel_declares():
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    packages = {p.rstrip("*") for p in tool["packages"]["find"]["include"]}
    copied = set()
    for args in instructions("COPY", 0):
        *sources, _dest = args.split()
        copied |= {s.rstrip("/") for s in sources}
    assert packages <= copied, f"the image would miss {sorted(packages - copied)}"


def test_runtime_stage_installs_the_cairo_library_png_rendering_loads():
    (apt,) = [a for a in instructions("RUN", final_stage()) if "apt-get install" in a]
    assert "libcairo2" in apt.split() and "--no-install-recommends" in apt
    # lists and package cache removed in the layer that fills them, whatever the base's hooks
    assert "apt-get clean" in apt
    for path in ("/var/lib/apt/lists/*", "/var/cache/apt/archives/*.deb", "/var/cache/apt/*.bin"):
        assert path in apt.split(), path


def test_dockerfile_needs_no_registry_but_its_base():
    text = (ROOT / "Dockerfile").read_text()
    # a syntax directive makes docker fetch a frontend image before anything else
    assert not any(line.lstrip("# ").lower().startswith("syntax=")
                   for line in text.splitlines() if line.startswith("#"))
    froms = [resolve(a).split()[0] for a in instructions("FROM")]
    assert set(froms) == {docker_args()["PYTHON_IMAGE"]}     # --build-arg PYTHON_IMAGE=...
    # the build stage's pip index can be pointed at a mirror or an offline index
    assert any(a.startswith("PIP_INDEX_URL=") for a in instructions("ARG", 0))


def test_image_writes_fontconfig_cache_under_tmp():
    env = docker_env(final_stage())
    assert env["XDG_CACHE_HOME"].startswith("/tmp/")
    assert env["PATH"].startswith("/opt/referee/bin:")


def test_gunicorn_config_production_settings():
    conf = gunicorn_config()
    assert conf.bind == "127.0.0.1:8000"
    assert conf.workers == conf.usable_cpus() >= 1
    assert gunicorn_config(WEB_CONCURRENCY="3").workers == 3
    assert conf.worker_class == "service.server.balance.BalancedThreadWorker" and conf.threads >= 2
    assert gunicorn_config(GUNICORN_WORKER_CLASS="gthread").worker_class == "gthread"
    assert gunicorn_config(GUNICORN_THREADS="3").threads == 3
    assert conf.preload_app is True
    assert conf.timeout > 0 and 0 < conf.graceful_timeout
    assert conf.max_requests > 0 and conf.max_requests_jitter > 0
    assert conf.limit_request_line and conf.limit_request_fields and conf.limit_request_field_size
    assert conf.accesslog == "-" and conf.logger_class == "service.server.access_log.JsonLogger"
    assert conf.control_socket_disable is True
    # post_fork gives each worker a 1 ms GIL switch interval (GIL_SWITCH_INTERVAL_MS)
    before = sys.getswitchinterval()
    try:
        conf.post_fork(None, None)
        assert sys.getswitchinterval() == pytest.approx(0.001)
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("GIL_SWITCH_INTERVAL_MS", "2")
            conf.post_fork(None, None)
        assert sys.getswitchinterval() == pytest.approx(0.002)
    finally:
        sys.setswitchinterval(before)


def test_ready_is_503_until_the_engines_are_warm():
    app = create_app({"WARM_UP": False})
    client = app.test_client()
    r = client.get("/v1/ready")
    assert r.status_code == 503 and r.json["code"] == "not_ready"
    assert r.content_type == "application/problem+json"
    assert client.get("/v1/health").status_code == 200
    warm_up(app)
    assert client.get("/v1/ready").status_code == 200


# ---- the container's steps outside Docker -------------------------------------------------------

@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The Dockerfile's build context and wheel build, and a fresh venv with the wheel."""
    tmp = tmp_path_factory.mktemp("image")
    src, wheels, venv = tmp / "src", tmp / "wheels", tmp / "venv"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for args in instructions("COPY", 0):
        *sources, _dest = args.split()
        for s in sources:
            if (ROOT / s).is_dir():
                shutil.copytree(ROOT / s, src / s, ignore=ignore)
            else:
                shutil.copy2(ROOT / s, src / s)
    # without PYTHONPATH: a checkout on it with an egg-info (left by building a wheel from it,
    # as deploy/wheelhouse.py does) makes pip take the project as installed already
    pip_env = {k: v for k, v in os.environ.items()
               if not k.startswith("PIP_NO_CACHE") and k != "PYTHONPATH"}
    pip_env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir",
                    str(wheels), "."], cwd=src, env=pip_env, check=True, capture_output=True)
    (wheel,) = wheels.glob("boardgame_referee-*.whl")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                   env=pip_env, check=True, capture_output=True)
    run_dir = tmp / "run"
    run_dir.mkdir()
    return venv, run_dir


def installed_env(**extra: str) -> dict[str, str]:
    """This environment for a program of the installed venv, without a PYTHONPATH that would
    put the checkout before the wheel (as the container has none)."""
    return {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, **extra}


def test_the_wheel_holds_the_service_and_not_the_checkout(installed):
    venv, run_dir = installed
    out = subprocess.run([str(venv / "bin" / "python"), "-c",
                          "import service, rules; print(service.__file__); print(rules.__file__)"],
                         cwd=run_dir, env=installed_env(), check=True, capture_output=True,
                         text=True).stdout.split()
    for path in out:
        assert str(venv) in path and str(ROOT) not in path


def test_the_wheel_installs_the_referee_command(installed):
    venv, run_dir = installed
    out = subprocess.run([str(venv / "bin" / "referee"), "games"], cwd=run_dir,
                         env=installed_env(), check=True, capture_output=True, text=True,
                         timeout=WAIT_S).stdout
    assert all(game_id in out for game_id in registry.game_ids())


def test_the_container_command_serves_from_the_installed_wheel(installed):
    venv, run_dir = installed
    final = final_stage()
    command = json.loads(instructions("CMD", final)[0])
    command[0] = str(venv / "bin" / command[0])        # the console script pip installed
    # load shedding off: the six slow requests below are all to be in flight at the SIGTERM;
    # a drain as long as a busy machine needs (production's graceful_timeout is a bound for
    # production's machines, not this one's)
    env = {"REFEREE_LOAD_SHEDDING": "0", "GUNICORN_GRACEFUL_TIMEOUT": str(WAIT_S)}
    with Server(str(venv / "bin" / "python"), workers=2, cwd=str(run_dir),
                command=command, env=env) as server:
        assert server.get("/v1/health") == (200, {"status": "ok"})
        assert server.get("/v1/ready") == (200, {"status": "ready"})
        status, body = server.post("/v1/games/mastery/legal-moves", {})
        assert status == 200 and body["count"] == len(body["moves"]) > 0
        assert server.get("/openapi.yaml")[0] == 200
        png = server.post("/v1/games/mastery/render", {"format": "png", "size": 200})
        assert png[0] == 200 and png[1].startswith(b"\x89PNG\r\n\x1a\n")
        # the HEALTHCHECK command itself, run by the installed interpreter
        (healthcheck,) = instructions("HEALTHCHECK", final)
        hc = json.loads(healthcheck[healthcheck.index("CMD") + 3:].strip())
        hc[0] = str(venv / "bin" / hc[0])
        probe = subprocess.run(hc, env=installed_env(PORT=str(server.port)), timeout=WAIT_S)
        assert probe.returncode == 0
        # the access log is one JSON object per request on stdout
        wait_until(lambda: any(e["method"] == "POST"
                               and e["path"] == "/v1/games/mastery/legal-moves"
                               and e["status"] == 200 for e in server.access_log()),
                   lambda: f"no legal-moves line in the access log: {server.access_log()}")
        assert all(isinstance(e["duration_ms"], float) for e in server.access_log())

        # SIGTERM while slow requests run: they complete, then the master exits 0
        results = []
        count = 6
        sent = threading.Barrier(count + 1)

        def slow():
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT_S)
            try:
                conn.request("POST", "/v1/games/mastery/perft", body=b'{"depth": 3}',
                             headers={"Content-Type": "application/json"})
                sent.wait()
                resp = conn.getresponse()
                results.append((resp.status, json.loads(resp.read()).get("nodes")))
            except (OSError, threading.BrokenBarrierError) as exc:
                sent.abort()
                results.append((None, repr(exc)))
            finally:
                conn.close()

        slow_requests = [threading.Thread(target=slow) for _ in range(count)]
        for t in slow_requests:
            t.start()
        sent.wait(timeout=WAIT_S)                  # every request is written,
        wait_until(lambda: not server.accept_queue(),   # and accepted by a worker
                   lambda: f"{server.accept_queue()} connections never accepted")
        code, _ = server.terminate(timeout=WAIT_S + 10)
        for t in slow_requests:
            t.join(WAIT_S)
        assert code == 0
        # all answered: the drain was not cut short by the graceful timeout
        assert results == [(200, 86595)] * count
        assert re.search(r"Shutting down: Master", server.errors())


def test_python_m_service_runs_the_same_configuration(tmp_path):
    command = [sys.executable, "-m", "service"]
    with Server(workers=2, command=command, cwd=str(ROOT)) as server:
        assert server.get("/v1/ready")[0] == 200
        assert server.post("/v1/games/mastery/legal-moves", {})[0] == 200
        assert "Using worker: service.server.balance.BalancedThreadWorker" in server.errors()
        code, took = server.terminate()
        assert code == 0 and took < gunicorn_config().graceful_timeout


def test_requests_gunicorn_refuses_get_problem_documents_too():
    with Server(workers=1) as server:
        cases = [
            (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
             414, "request_line_too_long"),
            (b"GET /v1/health HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(100))
             + b"\r\n", 431, "headers_too_large"),
            (b"F@@ / HTTP/1.1\r\n\r\n", 400, "malformed_request"),
        ]
        for data, status, code in cases:
            got, headers, body = raw_exchange(server.port, data)
            assert (got, body["code"], body["status"]) == (status, code, status)
            assert headers["content-type"] == "application/problem+json"
            assert body["detail"].endswith(".") and body["type"].endswith(code)
        assert server.get("/v1/health")[0] == 200      # the worker is still serving

"""The spec as third-party tools read it: openapi-spec-validator accepts it,
openapi-python-client generates a client from it without a warning, and that client plays
the opening of every game against the real service; datamodel-code-generator turns it into
models. The generators are pinned in the ``test`` extra and run from this environment."""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

from rules import registry
from service.spec.openapi import SPEC_PATH, game_examples

from tests.live_service import running_service

BIN = Path(sys.executable).parent
PACKAGE = "referee_generated_client"
PLIES = 4


def run_tool(args: list[str], cwd: Path) -> str:
    """Run a tool of this environment in ``cwd``; its whole output (stdout and stderr)."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


def complaints(output: str) -> list[str]:
    """The lines of a generator's output that warn or report an error."""
    return [line for line in output.splitlines()
            if any(word in line.lower() for word in ("warning", "error", "cannot", "skipping"))]


def test_openapi_spec_validator_accepts_the_spec() -> None:
    document, _ = read_from_filename(str(SPEC_PATH))
    validate(document)  # raises on any violation of the OpenAPI 3.0 schema


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, str]:
    """The client openapi-python-client generates from the committed spec, imported, and
    what the generator printed."""
    out = tmp_path_factory.mktemp("client")
    output = run_tool([str(BIN / "openapi-python-client"), "generate", "--path", str(SPEC_PATH),
                       "--meta", "none", "--output-path", str(out / PACKAGE)], out)
    sys.path.insert(0, str(out))
    return importlib.import_module(PACKAGE), output


def test_openapi_python_client_generates_without_a_warning(
        generated: tuple[ModuleType, str]) -> None:
    _, output = generated
    assert "Generating" in output
    assert complaints(output) == [], output


def test_the_client_has_one_type_per_shared_component(generated: tuple[ModuleType, str]) -> None:
    client, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    names = set(dir(models))
    assert {"GameId", "EndReason", "IllegalMoveReason", "ApplyResponse"} <= names
    for game_id in registry.game_ids():
        cls = registry.game_class(game_id)
        assert cls is not None
        camel = "".join(part.capitalize() for part in game_id.split("-"))
        assert f"{camel}Options" in names
        assert (f"{camel}Dice" in names) == (cls.dice_schema is not None)
        for event_type in cls.event_schemas:
            assert "".join(p.capitalize() for p in event_type.split("_")) + "Event" in names
    assert not [name for name in names if name.endswith("Game") and name != "GameId"]


@pytest.fixture(scope="module")
def live_url() -> Iterator[str]:
    with running_service() as url:
        yield url


def api(name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.api.games.{name}")


def play_opening(client_module: ModuleType, url: str,
                 game_id: str) -> tuple[list[str], str]:
    """Setup, then PLIES times (or until the game ends) legal-moves and apply of the first
    listed move, then status, all through the generated client; the moves played and the
    final status's state."""
    models = importlib.import_module(f"{PACKAGE}.models")
    client = client_module.Client(base_url=url, raise_on_unexpected_status=True)
    game = models.GameId(game_id)
    setup = api("setup").sync(game, client=client, body=models.SetupRequest())
    assert isinstance(setup, models.SetupResponse), setup
    position, played = setup.position, []
    for _ in range(PLIES):
        listed = api("legal_moves").sync(game, client=client,
                                         body=models.GameRequest(position=position))
        assert isinstance(listed, models.LegalMovesResponse), listed
        if not listed.moves:
            break
        assert listed.count == len(listed.moves)
        move = listed.moves[0].move
        applied = api("apply").sync(game, client=client,
                                    body=models.ApplyRequest(move=move, position=position))
        assert isinstance(applied, models.ApplyResponse), applied
        assert all(type(event).__name__.endswith("Event") for event in applied.events)
        position = applied.position
        played.append(applied.move)
    status = api("status").sync(game, client=client, body=models.GameRequest(position=position))
    assert isinstance(status, models.Status), status
    assert status.state in set(models.StatusState)
    return played, str(status.state.value)


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_generated_client_plays_the_opening_of_every_game(
        generated: tuple[ModuleType, str], live_url: str, game_id: str) -> None:
    client, _ = generated
    played, state = play_opening(client, live_url, game_id)
    # a short game (Hexapawn) may end on the first listed moves before PLIES plies
    assert played and (len(played) == PLIES or state != "ongoing"), (played, state)


def test_the_generated_client_reads_pictures_and_the_document(
        generated: tuple[ModuleType, str], live_url: str) -> None:
    client_module, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    types = importlib.import_module(f"{PACKAGE}.types")
    client = client_module.Client(base_url=live_url, raise_on_unexpected_status=True)
    game = models.GameId(registry.game_ids()[0])
    png = api("render").sync(game, client=client, body=models.RenderRequest(
        format_=models.RenderRequestFormat.PNG))
    assert isinstance(png, types.File) and png.payload.read(4) == b"\x89PNG"
    operations = importlib.import_module(f"{PACKAGE}.api.operations.openapi")
    document = operations.sync(client=client)
    assert isinstance(document, str) and document == SPEC_PATH.read_text()


def test_datamodel_code_generator_makes_models_that_read_real_answers(tmp_path: Path) -> None:
    out = tmp_path / "referee_models.py"
    output = run_tool([str(BIN / "datamodel-codegen"), "--input", str(SPEC_PATH),
                       "--input-file-type", "openapi", "--output", str(out),
                       "--output-model-type", "pydantic_v2.BaseModel",
                       "--formatters", "builtin", "--strict-nullable"], tmp_path)
    assert complaints(output) == [], output
    spec = importlib.util.spec_from_file_location("referee_models", out)
    assert spec is not None and spec.loader is not None
    models = importlib.util.module_from_spec(spec)
    sys.modules["referee_models"] = models
    spec.loader.exec_module(models)
    for game_id in registry.game_ids():
        applied = game_examples(game_id)["apply_response"]
        answer = models.ApplyResponse.model_validate(applied)
        assert answer.events and answer.status.state is not None
        replayed = models.ReplayResponse.model_validate({
            "position": applied["position"], "plies": 1, "moves": [applied["move"]],
            "dice": [applied.get("dice")], "status": applied["status"]})
        assert replayed.status.winner is None

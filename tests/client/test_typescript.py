"""The TypeScript client (clients/typescript) as CI builds it from a fresh clone: ``npm ci``
from the lockfile, its generated types (the spec's, each game's) equal to what openapi.yaml
generates, strict ``tsc`` on the library, its tests and its example, the build, the per-game
types' uses and the mistakes they must refuse, then its ``node:test`` suites against the real
service with signed positions required. Node 20+ and npm are required (a failure, not a
skip); every failure shows the command's output.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest

from tests.client.node import GUARD_S, PACKAGE, install_locked, run
from tests.live_service import running_service

pytestmark = pytest.mark.timeout(2 * GUARD_S)


@pytest.fixture(scope="module")
def installed() -> None:
    """The package's dependencies, exactly as locked."""
    install_locked()


@pytest.fixture(scope="module")
def built(installed: None) -> None:
    """dist/, compiled by tsc: what the tests and the example import."""
    run("npm", "run", "build")


#: the files `npm run generate` writes from openapi.yaml: the spec's types, each game's types
GENERATED = ("schema.ts", "games.ts")


def test_generated_types_equal_the_committed_ones(installed: None, tmp_path: Path) -> None:
    run("npm", "run", "generate", "--", str(tmp_path))
    for name in GENERATED:
        committed = PACKAGE / "src" / name
        assert (tmp_path / name).read_text() == committed.read_text(), (
            f"src/{name} is not what openapi.yaml generates; run: cd clients/typescript && "
            "npm run generate")


def test_the_library_compiles_in_strict_mode(installed: None) -> None:
    run("npm", "run", "typecheck")


def test_the_example_and_the_tests_compile_in_strict_mode(built: None) -> None:
    run("npm", "run", "typecheck:examples")
    run("npm", "run", "typecheck:tests")


def test_each_game_is_typed_and_each_mistake_stays_an_error(built: None) -> None:
    """test/types/uses.ts (each game's options, dice, entries and events read without a
    cast, by the client and by the element) compiles; each line of test/types/mistakes.ts
    after a ``@ts-expect-error`` (an unknown game id, another game's option or entry field,
    a string method on an entry...) stays an error, or tsc fails on the unused directive."""
    mistakes = (PACKAGE / "test" / "types" / "mistakes.ts").read_text()
    assert mistakes.count("// @ts-expect-error\n") >= 20
    run("npm", "run", "typecheck:types")


def test_the_package_ships_the_element_the_service_serves(built: None) -> None:
    """The built package holds the very module and types of ``/v1/elements/referee-board.js``
    (the example above imports them by the package's ``./referee-board`` export)."""
    static = PACKAGE.parent.parent / "service" / "static"
    for name in ("referee-board.js", "referee-board.d.ts"):
        assert (PACKAGE / "dist" / name).read_bytes() == (static / name).read_bytes(), name


def test_the_library_names_no_node_module() -> None:
    """It runs in browsers as it is: no `node:` import, no Node global."""
    for source in (PACKAGE / "src").glob("*.ts"):
        text = source.read_text()
        assert not re.search(r"""from\s+["'](node:|fs|path|http|https|buffer)["']""", text), source
        assert not re.search(r"\b(process|Buffer|require)\b[.(]", text), source


@pytest.fixture(scope="module")
def signed_service() -> Iterator[str]:
    keys = {"REFEREE_SIGNING_KEYS": "k1:typescript-test-secret", "REFEREE_REQUIRE_SIGNED": "1"}
    with running_service(env=keys) as url:
        yield url


def test_node_suites_play_every_game_against_the_service(built: None,
                                                         signed_service: str) -> None:
    output = run("node", "--test", "test/",
                 env={"REFEREE_URL": signed_service, "REFEREE_SIGNING": "required"})
    counts = dict(re.findall(r"^# (tests|pass|fail|skipped) (\d+)$", output, re.MULTILINE))
    assert counts.get("fail") == "0" and counts.get("skipped") == "0", output
    assert int(counts.get("pass", "0")) >= 40, output

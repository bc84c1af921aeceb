"""The Dockerfile read as its builders read it, for the tests that check it without an engine:
logical lines (continuations joined, comments dropped), each instruction with its stage."""

from __future__ import annotations

import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def dockerfile() -> list[tuple[int, str, str]]:
    """(stage index, INSTRUCTION, arguments) for every instruction of the Dockerfile; the
    instructions before the first FROM have stage -1."""
    text = DOCKERFILE.read_text()
    logical, buf = [], ""
    for line in text.splitlines():
        if line.lstrip().startswith("#") and not buf:
            continue
        if line.rstrip().endswith("\\"):
            buf += line.rstrip()[:-1] + " "
            continue
        buf += line
        if buf.strip():
            logical.append(buf.strip())
        buf = ""
    out, stage = [], -1
    for entry_ in logical:
        instr, _, args = entry_.partition(" ")
        instr = instr.upper()
        if instr == "FROM":
            stage += 1
        out.append((stage, instr, args.strip()))
    return out


def instructions(name: str, stage: int | None = None) -> list[str]:
    """The arguments of every ``name`` instruction (of ``stage``, if given)."""
    return [a for s, i, a in dockerfile() if i == name and (stage is None or s == stage)]


def final_stage() -> int:
    return max(s for s, _, _ in dockerfile())


def docker_args() -> dict[str, str]:
    """The global build arguments (before the first FROM) and their defaults."""
    out = {}
    for s, i, a in dockerfile():
        if i == "ARG" and s == -1 and "=" in a:
            k, v = a.split("=", 1)
            out[k] = v
    return out


def resolve(text: str) -> str:
    """``text`` with the global build arguments replaced by their defaults."""
    for k, v in docker_args().items():
        text = text.replace("${%s}" % k, v).replace("$" + k, v)
    return text


def docker_env(stage: int) -> dict[str, str]:
    """The variables the ENV instructions of ``stage`` set."""
    env = {}
    for a in instructions("ENV", stage):
        for token in shlex.split(a):
            k, _, v = token.partition("=")
            env[k] = v
    return env

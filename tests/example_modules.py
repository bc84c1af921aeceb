"""Loading the examples (scripts outside any package) as modules for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load_example(relative: str, name: str) -> ModuleType:
    """The example ``examples/<relative>`` imported as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module

"""service/ reads as a tree: no module imports another that imports it back (directly or
through others), and no module is imported by a name written in a string."""

from __future__ import annotations

import ast
from pathlib import Path

import service

PACKAGE = Path(service.__file__).parent


def _imports(path: Path) -> set[str]:
    """The service modules ``path`` imports (at any level of the file, relative or not)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                base = node.module or ""
                names = [base] if base else [alias.name for alias in node.names]
                found.update(name.split(".")[0] for name in names)
            elif node.module and node.module.startswith("service."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[1] for alias in node.names
                         if alias.name.startswith("service."))
    return {name for name in found if (PACKAGE / f"{name}.py").exists()}


def _graph() -> dict[str, set[str]]:
    return {path.stem: _imports(path) for path in PACKAGE.glob("*.py")}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A chain of imports that comes back to where it started, or None."""
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> list[str] | None:
        if module in trail:
            return [*trail[trail.index(module):], module]
        if module in done:
            return None
        for imported in sorted(graph.get(module, ())):
            cycle = visit(imported, [*trail, module])
            if cycle:
                return cycle
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return None


def test_the_import_graph_has_no_cycle():
    graph = _graph()
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])
    assert "operations" in graph["app"] and "serving" in graph["fastpath"]


def test_the_walk_finds_a_cycle_where_there_is_one():
    assert find_cycle({"render": {"views"}, "views": {"shedding"}, "shedding": {"render"}}) == [
        "render", "views", "shedding", "render"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert "operations" in _imports(PACKAGE / "spec.py")


def test_no_module_is_imported_by_a_name_in_a_string():
    for path in PACKAGE.glob("*.py"):
        text = path.read_text()
        assert "import_module" not in text and "__import__" not in text, path.name

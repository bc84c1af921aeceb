"""service/ reads as a tree: no module imports another that imports it back (directly or
through others), in any of its sub-packages, and no module is imported by a name written in a
string."""

from __future__ import annotations

import ast
from pathlib import Path

import service

PACKAGE = Path(service.__file__).parent


def module_name(path: Path) -> str:
    """The dotted name of a module of the package (``http.app`` for service/http/app.py; a
    package's ``__init__`` is the package itself)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the package, by its dotted name below ``service``."""
    return {module_name(path): path for path in PACKAGE.rglob("*.py")
            if "__pycache__" not in path.parts and module_name(path)}


def _absolute(path: Path, node: ast.ImportFrom) -> list[str]:
    """The dotted names below ``service`` that ``node`` may import: its module, and its module
    joined with each imported name (which may be a module of a package)."""
    if node.level:
        package = module_name(path).split(".")
        if path.name != "__init__.py":
            package = package[:-1]
        base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
        module = ".".join([*base, *([node.module] if node.module else [])])
    elif node.module and node.module.startswith("service."):
        module = node.module.removeprefix("service.")
    else:
        return []
    return [module, *(f"{module}.{alias.name}".lstrip(".") for alias in node.names)]


def _imports(path: Path) -> set[str]:
    """The service modules ``path`` imports (at any level of the file, relative or not)."""
    known = modules()
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            found.update(_absolute(path, node))
        elif isinstance(node, ast.Import):
            found.update(alias.name.removeprefix("service.") for alias in node.names
                         if alias.name.startswith("service."))
    return {name for name in found if name in known and known[name].name != "__init__.py"}


def _graph() -> dict[str, set[str]]:
    return {name: _imports(path) for name, path in modules().items()}


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
    assert "operations.table" in graph["http.app"] and "http.serving" in graph["http.fastpath"]


def test_the_walk_covers_every_sub_package():
    graph = _graph()
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert packages >= {"http", "concerns", "operations", "pictures", "spec", "pages", "server",
                        "telemetry"}
    for package in packages:
        assert any(name.startswith(f"{package}.") for name in graph), package
    # relative imports within a sub-package, absolute ones across, and module imports of a
    # package (``from service.telemetry import metrics``) are all followed
    assert "http.problems" in graph["http.cors"]
    assert "telemetry.metrics" in graph["http.problems"]
    assert "concerns.signing" in graph["http.admission"]


def test_the_walk_finds_a_cycle_where_there_is_one():
    assert find_cycle({"render": {"views"}, "views": {"shedding"}, "shedding": {"render"}}) == [
        "render", "views", "shedding", "render"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert "operations.table" in _imports(PACKAGE / "spec" / "openapi.py")


def test_no_module_is_imported_by_a_name_in_a_string():
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text()
        assert "import_module" not in text and "__import__" not in text, path.name

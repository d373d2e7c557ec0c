"""The package's house rules, read off its own source: no import cycles, each stage
above the ones it uses, no tool reaching into another, no module too long to walk.

Imports are read with `ast` from every module, those inside functions too (a
lazy import is still an import): `from X import name` is an edge to the module
`X.name` when there is one, else to `X`; importing a module also imports the
packages above it, which count as edges too unless the importer is inside them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .conftest import ROOT

PACKAGE = ROOT / "escoba_spec"
NAME = "escoba_spec"

#: the stages from the bottom up: each may import only from its own rank and below
RANKS = {
    NAME: 0,  # the root package: its version, nothing else
    f"{NAME}.language": 1,
    f"{NAME}.engine": 2,
    f"{NAME}.compiler": 3,
    f"{NAME}.tools": 4,
    f"{NAME}.api": 5,
    f"{NAME}.cli": 5,
    f"{NAME}.studio": 5,
    f"{NAME}.__main__": 6,
}
#: the tools, none of which may import another's modules (they share tools.setup, text, files, terminal)
TOOLS = ("play", "diff", "simulate", "rulebook")
MAX_LINES = 500


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _targets(name: str, node: ast.AST) -> list[str]:
    """The package's modules one import statement of module `name` names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == NAME]
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = name.split(".") if _is_package(name) else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    if source.split(".")[0] != NAME:
        return []
    return [f"{source}.{a.name}" if f"{source}.{a.name}" in MODULES else source for a in node.names]


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def import_graph() -> dict[str, set[str]]:
    """module -> the package's modules it imports (itself excluded)."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        edges: set[str] = set()
        own = set(_ancestors(name)) | ({name} if _is_package(name) else set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(name, node):
                    assert target in MODULES, f"{path}:{node.lineno}: imports {target}, which does not exist"
                    edges.add(target)
                    edges.update(a for a in _ancestors(target) if a not in own)
        edges.discard(name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[tuple[list[str], list[str]]]:
    """Every strongly connected group of two or more modules: its members, and one
    cycle through it (Tarjan's algorithm, then a shortest way back inside the group)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    found = []
    for group in groups:
        start = min(group)
        paths = {start: [start]}
        queue = [start]
        while queue:  # breadth first, inside the group, back to the start
            v = queue.pop(0)
            for w in sorted(graph[v] & group):
                if w == start:
                    found.append((sorted(group), paths[v] + [start]))
                    queue = []
                    break
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    queue.append(w)
    return found


def _rank(name: str) -> int:
    for prefix in sorted(RANKS, key=len, reverse=True):
        if name == prefix or name.startswith(prefix + "."):
            return RANKS[prefix]
    raise AssertionError(f"{name} belongs to no stage: add it to RANKS")


GRAPH = import_graph()


def test_cycles_are_found_and_named():
    """The walk itself: a made-up loop of three is reported as that loop."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert cycles(graph) == [(["a", "b", "c"], ["a", "b", "c", "a"])]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_walk_sees_lazy_imports():
    assert f"{NAME}.compiler.kernels" in GRAPH[f"{NAME}.tools.setup"]  # imported inside make_ruleset


def test_no_module_imports_a_module_that_imports_it_back():
    found = cycles(GRAPH)
    assert not found, "import cycles:\n" + "\n".join(
        f"  {len(group)} modules import each other ({', '.join(group)}), e.g. {' -> '.join(path)}"
        for group, path in found)


def test_every_module_belongs_to_a_stage():
    for name in MODULES:
        _rank(name)


def test_each_stage_imports_only_the_stages_below_it():
    wrong = [f"{name} ({_rank(name)}) imports {target} ({_rank(target)})"
             for name, targets in GRAPH.items() for target in sorted(targets) if _rank(target) > _rank(name)]
    assert not wrong, "imports that go up the stages:\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("tool", TOOLS)
def test_a_tool_does_not_take_its_internals_from_another_tool(tool):
    def tool_of(name: str) -> str | None:
        parts = name.split(".")
        return parts[2] if len(parts) > 2 and parts[1] == "tools" and parts[2] in TOOLS else None

    wrong = [f"{name} imports {target}" for name, targets in GRAPH.items() if tool_of(name) == tool
             for target in sorted(targets) if tool_of(target) not in (None, tool)]
    assert not wrong, "\n".join(wrong)


def test_the_tree_shows_the_stages_as_folders():
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert {"language", "engine", "compiler", "tools", "cli"} <= folders


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_too_long_to_walk(name):
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{MODULES[name].relative_to(ROOT)} has {lines} lines; split it along a seam"


def test_pyproject_names_every_package_of_the_tree():
    """setuptools is given the packages by name (the shipped rules travel as escoba_spec.rules):
    a new subpackage missing from the list would be left out of a wheel."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    on_disk = {name for name in MODULES if _is_package(name)}
    assert listed == on_disk | {f"{NAME}.rules"}

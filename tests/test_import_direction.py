"""Imports flow one way: estimator ← knowledge ← bot, and evals (given an engine) never imports bot.

The graph is read from the source with `ast` (nothing is imported), and counts every import
statement: at module top, inside functions (lazy imports still couple the modules) and under
`TYPE_CHECKING` (a type-only import upward still makes the lower layer know the upper one). An edge
goes to the module an import statement names, not to the parent packages Python also initializes,
so a package `__init__` re-exporting its submodules is not a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("estimator", "knowledge", "evals", "bot")

# package → the project packages it must never import
FORBIDDEN = {
    "estimator": {"knowledge", "bot", "evals"},
    "knowledge": {"bot", "evals"},
    "evals": {"bot"},
}

# Cycles known and owned elsewhere, each with the issue that removes it. An entry that no longer
# occurs fails the test, so the list only ever shrinks.
KNOWN_CYCLES: dict[frozenset[str], str] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a `from … import` names (resolves relative imports)."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imported_modules(module: str, path: Path, known: set[str]) -> Iterator[str]:
    """Every project module `module` imports, as the most specific module name that exists."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(module, is_package, node)
            # `from pkg import sub` imports the submodule pkg.sub; `from pkg import name` the package.
            names = [f"{target}.{alias.name}" if f"{target}.{alias.name}" in known else target for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:  # `import bot.slack.x as y` or a name inside a module
                name = name.rpartition(".")[0]
            if name and name != module:
                yield name


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    known = set(modules)
    return {module: set(imported_modules(module, path, known)) for module, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph.get(node, ())):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_the_known_edges():
    # A parser that saw nothing would pass every check below: pin a few edges that exist.
    graph = import_graph()
    assert "estimator.schemas" in graph["estimator.advice.recommend"]
    assert "estimator.catalog" in graph["knowledge.store"]
    assert "bot.wiring" in graph["bot.cli.eval_cmd"]  # a lazy import inside a function
    assert "evals.runner" in graph["evals.report"]


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_upward_imports(package):
    upward = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        if module.split(".")[0] == package
        for target in targets
        if target.split(".")[0] in FORBIDDEN[package]
    )
    assert upward == [], f"{package} must not import {sorted(FORBIDDEN[package])}:\n" + "\n".join(upward)


def test_no_import_cycles():
    found = cycles(import_graph())
    unknown = [sorted(c) for c in found if c not in KNOWN_CYCLES]
    assert unknown == [], "import cycles:\n" + "\n".join(" ↔ ".join(c) for c in unknown)
    gone = [sorted(c) for c in KNOWN_CYCLES if c not in found]
    assert gone == [], f"known cycles that no longer occur, remove them from KNOWN_CYCLES: {gone}"


def test_the_cycle_finder_finds_a_cycle_and_ignores_a_chain():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [frozenset({"a", "b", "c"})]
    assert cycles({"a": {"b"}, "b": set()}) == []


# The wording layer says what the core found: it reads findings and the contract's models, never the
# store (`knowledge`) or the eval harness, and never an adapter (an adapter words through it).
WORDING_FORBIDDEN = ("knowledge", "evals", "bot.slack", "bot.cli", "bot.report", "bot.mcp_server", "bot.api")


def test_the_wording_layer_reads_findings_not_the_store_or_the_adapters():
    graph = import_graph()
    reached = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if module.startswith("bot.wording")
        for target in targets
        if any(target == name or target.startswith(name + ".") for name in WORDING_FORBIDDEN)
    )
    assert reached == [], "\n".join(reached)
    assert "estimator.said" in graph["bot.wording.sentences"]  # the parser sees the layer's edges


# The core's rooms (issue rule: physics, fitting, costing, advice). A reply never fits: only scripts,
# evals and the fitting room itself import `estimator.fitting`. Physics is what a device does with a
# model, so it reads neither prices (costing) nor decisions (advice): a cost term in the rooflines, or a
# ranking rule in a speed estimate, would make the estimator's accuracy depend on the catalog's prices.
ROOM_FORBIDDEN = {
    "estimator.physics": ("estimator.fitting", "estimator.costing", "estimator.advice"),
    "estimator.costing": ("estimator.fitting",),
    "estimator.advice": ("estimator.fitting",),
    "bot": ("estimator.fitting",),
    "knowledge": ("estimator.fitting",),
}


@pytest.mark.parametrize("room", sorted(ROOM_FORBIDDEN))
def test_each_room_of_the_core_imports_only_what_it_may(room):
    graph = import_graph()
    reached = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if module == room or module.startswith(room + ".")
        for target in targets
        if any(target == name or target.startswith(name + ".") for name in ROOM_FORBIDDEN[room])
    )
    assert reached == [], "\n".join(reached)


def test_the_rooms_hold_the_core():
    # A module left at the top of `estimator/` is shared vocabulary (catalog, schemas, findings, errors,
    # the workload): pin the split so a new module is placed on purpose.
    graph = import_graph()
    rooms = ("physics", "fitting", "costing", "advice")
    top = sorted(m for m in graph if m.count(".") == 1 and m.startswith("estimator.") and m.split(".")[1] not in rooms)
    assert top == [
        "estimator.catalog", "estimator.catalog_variants", "estimator.defaults", "estimator.errors",
        "estimator.measured_rows", "estimator.plurals", "estimator.said", "estimator.schemas",
        "estimator.workload",
    ], top
    for room in rooms:
        assert any(m.startswith(f"estimator.{room}.") for m in graph), room

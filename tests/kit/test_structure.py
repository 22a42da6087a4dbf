"""The structure the maintainers keep (issue #24): no import cycles inside gamelib, no private name of
one module used by another, and docs/architecture.md naming exactly the modules that exist.

The import graph is read from the source (``ast``), so it sees imports inside functions too, which a
run-time check would miss until the function runs.  An import of ``gamelib.a.b`` runs the package
``gamelib.a`` first, so it counts as an import of that package too (unless the importer is inside it):
that is how ``core -> trace.events`` once closed the cycle ``core -> trace -> trace.ranges -> core``.
Imports under ``if TYPE_CHECKING:`` are annotations only and do not count.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "gamelib"

NAMEDTUPLE_API = {"_replace", "_fields", "_asdict", "_make", "_field_defaults"}
"""Public despite the underscore: the API of ``collections.namedtuple``."""


def modules() -> dict[str, Path]:
    """Every module of gamelib by dotted name (a package by its own name, for its ``__init__.py``)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """The import statements of ``tree``, those under ``if TYPE_CHECKING:`` left out."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (n for child in node.orelse for n in _imports_of(child))
            continue
        yield from _imports_of(node)


def _imports_of(node: ast.AST):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    else:
        yield from _imports(node)


def _absolute(name: str, path: Path, node: ast.ImportFrom) -> str:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    if not node.level:
        return node.module or ""
    base = package.split(".")[:len(package.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imported(name: str, path: Path) -> dict[str, list[tuple[str, int]]]:
    """``{module: [(name imported from it or '', line)]}``: the gamelib modules ``name`` imports."""
    out: dict[str, list[tuple[str, int]]] = {}
    for node in _imports(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [(a.name, "") for a in node.names]
        else:
            base = _absolute(name, path, node)
            targets = [(f"{base}.{a.name}", "") if f"{base}.{a.name}" in MODULES else (base, a.name)
                       for a in node.names]
        for target, what in targets:
            if target not in MODULES:
                continue
            # Importing a.b.c runs the packages a.b first: they count, except those holding the importer.
            parts = target.split(".")
            for k in range(2, len(parts) + 1):
                module = ".".join(parts[:k])
                if module != name and not name.startswith(module + ".") and module in MODULES:
                    out.setdefault(module, []).append((what if module == target else "", node.lineno))
    return out


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, dict]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each a list of names."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_the_graph_reader_finds_the_cycle_that_once_was():
    """The reader itself can fail: the old re-export at the end of core.py made a cycle through the
    package gamelib.trace."""
    graph = {name: dict(edges) for name, edges in GRAPH.items()}
    graph["gamelib.core"] = {**graph["gamelib.core"],
                             **imported("gamelib.core", _scratch("from .trace.events import Event\n"))}
    assert any("gamelib.core" in c and "gamelib.trace" in c for c in cycles(graph))


def _scratch(source: str) -> Path:
    import tempfile
    path = Path(tempfile.mkdtemp()) / "core.py"
    path.write_text(source)
    return path


def test_no_import_cycles_inside_gamelib():
    """Not even through an import inside a function: a maintainer reads the dependency graph from the
    imports, so the graph must be one a layer diagram can draw."""
    found = cycles(GRAPH)
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_core_imports_nothing_of_gamelib():
    """docs/architecture.md: core is the bottom layer (players, protocol, result types, errors)."""
    assert GRAPH["gamelib.core"] == {}, GRAPH["gamelib.core"]


def test_no_private_name_is_imported_from_another_module():
    """ruff's PLC2701 only sees imports from other packages; inside gamelib this test does.  A name
    another module needs is public (documented, checked at its boundary)."""
    bad = [f"{MODULES[name].relative_to(ROOT)}:{line} imports {what} from {target}"
           for name, edges in GRAPH.items() for target, names in edges.items() for what, line in names
           if what.startswith("_") and not what.startswith("__")]
    assert not bad, "\n".join(bad)


def _defined_private_names(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return {n for n in names if n.startswith("_")}


def test_no_module_reaches_into_private_attributes_defined_elsewhere():
    """``obj._x`` where no ``_x`` is defined in the same module reads another module's internals
    (once: ``table._probe``, ``host._on_kind_control``, ``C._clairvoyant``)."""
    bad = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(), str(path))
        own = _defined_private_names(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and node.attr not in NAMEDTUPLE_API and node.attr not in own
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "sys"))):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} reads .{node.attr}")
    assert not bad, "\n".join(bad)


ARCHITECTURE = ROOT / "docs" / "architecture.md"


def test_architecture_names_every_module_and_only_modules_that_exist():
    """docs/architecture.md is the map: every module appears there by its path, and every path it
    names exists (a renamed or deleted module fails here until the map follows)."""
    text = ARCHITECTURE.read_text()
    named = set(re.findall(r"gamelib/[\w/]*?\w+\.py", text))
    files = {str(p.relative_to(ROOT)) for p in MODULES.values()}
    assert not named - files, f"named in docs/architecture.md but missing: {sorted(named - files)}"
    assert not files - named, f"not named in docs/architecture.md: {sorted(files - named)}"


LAYERS = [
    ["core"],
    ["validate"],
    ["trees", "evaluation", "progress", "normal_form", "workspace"],
    ["trace/"],
    ["games/"],
    ["minimax", "alphabeta", "limits", "transposition", "ordering", "star", "montecarlo", "lookup", "players",
     "policies", "maxn", "mcts", "td", "alphazero"],
    ["imperfect/"],
    ["viz/", "experiments/", "grading/", "republish"],
]
"""docs/architecture.md's diagram, bottom up: a module imports from its own layer or those below."""


def _layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "gamelib"                      # the package's entry sits on top of everything
    return parts[1] + "/" if f"gamelib/{parts[1]}/__init__.py" in {
        str(p.relative_to(ROOT)) for p in MODULES.values()} else parts[1]


def test_every_import_points_down_the_layers_of_the_diagram():
    level = {name: k for k, names in enumerate(LAYERS) for name in names}
    level["gamelib"] = len(LAYERS)
    unplaced = sorted({_layer_of(m) for m in MODULES} - set(level))
    assert not unplaced, f"modules in no layer of docs/architecture.md's diagram: {unplaced}"
    upward = [f"{m} -> {d}" for m, edges in GRAPH.items() for d in edges
              if level[_layer_of(d)] > level[_layer_of(m)]]
    assert not upward, "imports up the layers: " + "; ".join(upward)


SAME_NAME_ON_PURPOSE = {"maxn", "mcts"}
"""``gamelib.grading.checks.maxn`` and ``.mcts`` grade a student's max^n and MCTS steps: the exercise
notebooks' test cells call them by the name of what they grade."""


def test_no_exported_name_means_two_things():
    """A name a package exports (``gamelib.X``, ``gamelib.imperfect.X``, ...) is defined in one module
    only, so ``X`` names one thing (issue #24 found two ``Entry``s, two ``root_move_values``, ...)."""
    import importlib
    defined: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        if path.name in ("__init__.py", "__main__.py"):
            continue
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            else:
                names = []
            for n in names:
                defined.setdefault(n, []).append(name)
    exported = set()
    for package in (m for m, p in MODULES.items() if p.name == "__init__.py"):
        module = importlib.import_module(package)
        exported |= set(getattr(module, "__all__", ()))
    twice = {n: defined[n] for n in sorted(exported - SAME_NAME_ON_PURPOSE) if len(defined.get(n, ())) > 1}
    assert not twice, f"exported names defined in more than one module: {twice}"

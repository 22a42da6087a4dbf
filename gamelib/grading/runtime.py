"""The student runtime: the part of gamelib a submission may use while it is graded.

A submission runs in the sandbox against a copy of gamelib cut down to what an exercise may use: the
game protocol (``core``, ``validate``), the trees and games, evaluation functions, and the grading
module's :class:`~gamelib.grading.tracing.TracedGame` for the student's own debugging.  **gamelib's
searches are not in it**: the exercises ask for them to be written.  Every other module of gamelib is a
*stub* of the same name, so a notebook's imports (``from gamelib import minimax``) still run, but
calling a withheld function raises :class:`gamelib.ForbiddenCall` saying so, and the worker reports
the call to the grader ("it calls gamelib's own search ..."); drawing functions (``gamelib.viz``) are
stubs that draw nothing.  An assignment may allow more (assignment 05 lets a student call ``minimax``
for the values of imagined games, and ``exploitability``): the names go in its source notebook's
metadata, ``{"gamelib": {"sandbox_allows": ["gamelib.minimax", ...]}}``.

:func:`build` writes such a tree into a folder, which :mod:`gamelib.grading.isolation` mounts
read-only.  It checks that nothing it copies imports, at module level, a module it withholds (the copy
would fail to import) and that no withheld search is reachable from what it copies.
"""
from __future__ import annotations

import ast
import importlib
import shutil
from pathlib import Path

import gamelib

SOURCE = Path(gamelib.__file__).resolve().parent

BASE = ("gamelib.core", "gamelib.validate", "gamelib.trace", "gamelib.trees", "gamelib.evaluation", "gamelib.progress",
        "gamelib.games", "gamelib.grading.tracing", "gamelib.grading.games", "gamelib.grading.clock",
        "gamelib.grading.guard", "gamelib.grading.remote", "gamelib.grading.worker", "gamelib.grading.unanswered")
"""What every submission may use: the protocol, the games (every module of ``gamelib.games`` that needs
nothing withheld: the matrix games, built on ``gamelib.normal_form``, are withheld with it), and the
worker's own modules, and the stubs of a student version's answers not written yet
(:mod:`gamelib.grading.unanswered`).  A name ending a package takes its whole package."""
DISPLAY = ("gamelib.viz",)
"""Withheld, but as stubs that do nothing: a notebook's pictures are not graded."""
GENERATED = ("gamelib", "gamelib.grading", "gamelib.grading.checks")
"""Written here rather than copied: the package entries (exporting only what the runtime has) and
the checks, which run in the grader and do nothing in the sandbox."""

WITHHELD = '''"""Stubs for gamelib's withheld functions (written by gamelib.grading.runtime)."""


class ForbiddenCall(Exception):
    """A submission called a function of gamelib that the exercise asks it to write."""


calls = []
"""Every call of a withheld function, by name (the worker reports them to the grader)."""


def stub(module, name, display=False, full=None):
    full = full or f"{module}.{name}"

    def withheld(*args, **kwargs):
        if display:
            return None
        calls.append(full)
        raise ForbiddenCall(f"{full} is not available while your work is graded: the exercise asks you to "
                            "write it yourself")

    withheld.__name__ = withheld.__qualname__ = name
    withheld.__module__ = module
    return withheld


def module_getattr(module, display=False):
    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return stub(module, name, display)
    return __getattr__
'''

STUB = '''"""{module} is withheld while your work is graded (gamelib.grading.runtime)."""
from gamelib._withheld import module_getattr

__getattr__ = module_getattr({module!r}, display={display})
'''

CHECKS = '''"""The checks run in the grader, not here: in the sandbox every check does nothing.  The stubs of a
student version's answers not written yet are real (gamelib.grading.unanswered)."""
from gamelib.grading.unanswered import NotAnswered, unanswered  # noqa: F401


class GradingError(AssertionError):
    """A check failed (raised by the grader, never here)."""


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)

    def check(*args, **kwargs):
        return None

    check.__name__ = name
    return check
'''


class RuntimeSpecError(RuntimeError):
    """The runtime asked for cannot be built (a module it copies imports one it withholds)."""


def all_modules() -> list[str]:
    """Every module of gamelib, by dotted name (packages included), read from the file system: nothing is
    imported (``pkgutil.walk_packages`` imports every package to look inside it, matplotlib with
    ``gamelib.viz``: 0.7 s of each grading command)."""
    names = ["gamelib"]
    for path in SOURCE.rglob("*.py"):
        parts = path.relative_to(SOURCE).with_suffix("").parts
        folders = [SOURCE.joinpath(*parts[:i]) for i in range(1, len(parts))]
        if "__pycache__" in parts or not all((f / "__init__.py").is_file() for f in folders):
            continue
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if parts:
            names.append(".".join(("gamelib",) + parts))
    return sorted(names)


def _covered(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _path(name: str) -> Path:
    parts = name.split(".")[1:]
    pkg = SOURCE.joinpath(*parts)
    return pkg / "__init__.py" if pkg.is_dir() else SOURCE.joinpath(*parts[:-1], parts[-1] + ".py") \
        if parts else SOURCE / "__init__.py"


def _imports(name: str) -> tuple[set, set]:
    """The gamelib modules ``name`` imports: (at module level, inside functions)."""
    path = _path(name)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    top, inner = set(), set()
    for node in ast.walk(tree):
        found = []
        if isinstance(node, ast.Import):
            found = [a.name for a in node.names if a.name.split(".")[0] == "gamelib"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.split(".")[0] == "gamelib":
                found = [mod] + [f"{mod}.{a.name}" for a in node.names]
        for mod in found:
            if mod in _KNOWN:
                (top if node in tree.body else inner).add(mod)
    return top, inner


_KNOWN: set = set()


def plan(allow=()) -> dict:
    """``{module: 'copy' | 'stub' | 'display' | 'generated'}`` for every module of gamelib, given the
    extra modules ``allow``ed; raises :class:`RuntimeSpecError` when a copied module imports a
    withheld one at module level."""
    _KNOWN.clear()
    _KNOWN.update(all_modules())
    unknown = [a for a in allow if a not in _KNOWN]
    if unknown:
        raise RuntimeSpecError(f"sandbox_allows names modules gamelib does not have: {unknown}")
    allowed = tuple(BASE) + tuple(allow)
    out = {}
    for name in _KNOWN:
        if name in GENERATED:
            out[name] = "generated"
        elif _covered(name, allowed):
            out[name] = "copy"
        elif _covered(name, DISPLAY):
            out[name] = "display"
        else:
            out[name] = "stub"
    named = set(BASE) | set(allow)
    changed = True
    while changed:                       # a module of an allowed package that needs a withheld one is withheld too
        changed = False
        for name, how in out.items():
            if how != "copy":
                continue
            top, _ = _imports(name)
            bad = sorted(m for m in top if out.get(m) in ("stub", "display") and not m.startswith(name + "."))
            if not bad:
                continue
            if name in named:
                raise RuntimeSpecError(f"{name} is copied into the student runtime but imports {', '.join(bad)}, "
                                       "which it withholds")
            out[name], changed = "stub", True
    return out


def _exports(package: str, kinds: dict) -> list[tuple[str, str | None]]:
    """What the generated ``package`` exports: ``(name, module it comes from ('.' for a submodule) or
    None for a stub, the stub's full name as gamelib defines it)``.
    A name comes from a copied module that holds the very same object (its defining module first)."""
    import sys
    real = importlib.import_module(package)
    names = getattr(real, "__all__", None) or [n for n in vars(real) if not n.startswith("_")]
    copied = [m for m, how in kinds.items() if how == "copy"]
    for m in copied:
        importlib.import_module(m)
    out = []
    for n in names:
        obj = getattr(real, n, None)
        if isinstance(obj, type(real)):                          # a submodule
            out.append((n, "." if kinds.get(obj.__name__) in ("copy", "generated") else None, None))
            continue
        holders = [m for m in copied if getattr(sys.modules[m], n, _MISSING) is obj]
        home = getattr(obj, "__module__", None)
        origin = home if home in holders else (min(holders, key=len) if holders else None)
        qualname = getattr(obj, "__qualname__", None)
        out.append((n, origin, f"{home}.{qualname}" if origin is None and home and qualname else None))
    return out


_MISSING = object()


def _package_init(package: str, kinds: dict, extra: str = "") -> str:
    lines = [f'"""{package} as the student runtime has it (written by gamelib.grading.runtime)."""',
             "from gamelib._withheld import stub as _stub"]
    for name, origin, full in _exports(package, kinds):
        if origin is None:
            lines.append(f"{name} = _stub({package!r}, {name!r}, full={full!r})")
        elif origin == ".":
            lines.append(f"from . import {name}")
        else:
            lines.append(f"from {origin} import {name}")
    return "\n".join(lines) + "\n" + extra


def _write_modules(folder: Path, kinds: dict) -> None:
    """Copy the modules to copy, write a stub for each module withheld."""
    for name, how in sorted(kinds.items()):
        path = _path(name)
        dest = folder / path.relative_to(SOURCE.parent)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if how == "copy":
            shutil.copyfile(path, dest)
        elif how in ("stub", "display"):
            dest.write_text(STUB.format(module=name, display=how == "display"))


def _write_packages(root: Path, kinds: dict) -> None:
    """The generated package entries: gamelib, gamelib.grading (the checks do nothing here), and a
    withheld subpackage some of whose modules are copied (it exports those, stubs the rest)."""
    (root / "_withheld.py").write_text(WITHHELD)
    (root / "__init__.py").write_text(_package_init(
        "gamelib", kinds, "from gamelib._withheld import ForbiddenCall, calls as _forbidden_calls  # noqa: E402\n"))
    grading = root / "grading"
    grading.mkdir(exist_ok=True)
    (grading / "checks.py").write_text(CHECKS)
    (grading / "__init__.py").write_text(
        '"""gamelib.grading as the student runtime has it."""\n'
        "from . import checks\nfrom .checks import GradingError\nfrom .tracing import SearchNode, TracedGame\n")
    for sub in ("imperfect", "experiments"):
        if kinds.get(f"gamelib.{sub}") == "stub" and any(
                kinds[m] == "copy" for m in kinds if m.startswith(f"gamelib.{sub}.")):
            (root / sub / "__init__.py").write_text(_package_init(f"gamelib.{sub}", kinds))


def build(folder: Path, allow=()) -> Path:
    """Write the student runtime (``allow``: extra modules the assignment lets a submission use) into
    ``folder`` (replacing it); returns the folder, to go on the sandbox's ``PYTHONPATH``."""
    kinds = plan(allow)
    folder = Path(folder)
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "gamelib").mkdir(parents=True)
    _write_modules(folder, kinds)
    _write_packages(folder / "gamelib", kinds)
    return folder

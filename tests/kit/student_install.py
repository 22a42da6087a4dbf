"""The student's install (requirements.txt) inside the full one (requirements-dev.txt): which modules only
the tests' and the grader's tools bring, and a way to run Python without them.

    blocked = dev_only_modules()             # {'nbgrader', 'hypothesis', 'playwright', ...}
    env = without_dev_tools(tmp_path)        # PYTHONPATH with a sitecustomize that refuses them
    subprocess.run([sys.executable, "-c", "import nbgrader"], env=env)   # ModuleNotFoundError

The sets are read from the installed distributions' metadata (``Requires-Dist``), so they follow the
requirement files as they change.
"""
from __future__ import annotations

import importlib.metadata as md
import os
import pathlib
import re

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = pathlib.Path(__file__).resolve().parents[2]


def requirement_lines(path: pathlib.Path) -> list:
    """The requirements of a requirements file, ``-r`` files included; ``-e .`` is the kit (gamelib)."""
    out = []
    for raw in path.read_text().splitlines():
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("-r "):
            out += requirement_lines(path.parent / line[3:].strip())
        elif line in ("-e .", "-e ./"):
            out.append("gamelib")
        else:
            out.append(line)
    return out


def closure(requirements) -> set:
    """The installed distributions (canonical names) the requirements need, transitively."""
    todo = [Requirement(r) for r in requirements]
    seen = set()
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in seen:
            continue
        seen.add(name)
        for extra in req.extras or [""]:
            for dep in md.requires(req.name) or []:
                dep = Requirement(dep)
                if dep.marker is None or dep.marker.evaluate({"extra": extra}):
                    todo.append(dep)
    return seen


IN_EVERY_VENV = {"pip", "setuptools", "wheel"}
"""What ``python -m venv`` puts in (setuptools up to Python 3.11), whoever asks for it."""


def student_distributions() -> set:
    return closure(requirement_lines(ROOT / "requirements.txt"))


def dev_only_modules() -> set:
    """Top-level modules that only the distributions requirements-dev.txt adds provide."""
    student = student_distributions()
    dev_only = closure(requirement_lines(ROOT / "requirements-dev.txt")) - student - IN_EVERY_VENV
    owners = md.packages_distributions()
    return {module for module, dists in owners.items()
            if dists and all(canonicalize_name(d) in dev_only for d in dists)
            and re.fullmatch(r"[A-Za-z_]\w*", module)}


SITECUSTOMIZE = '''"""As if only requirements.txt were installed: what only requirements-dev.txt brings is not found."""
import sys

BLOCKED = {blocked!r}


class _StudentInstall:
    """A finder of sys.meta_path that finds nothing of BLOCKED (so ``import`` raises
    ModuleNotFoundError and importlib.util.find_spec answers None, as where it is not installed)."""

    def __init__(self, finder):
        self._finder = finder

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            return None
        return self._finder.find_spec(name, path, target)

    def __getattr__(self, attr):
        return getattr(self._finder, attr)


sys.meta_path[:] = [_StudentInstall(f) if hasattr(f, "find_spec") else f for f in sys.meta_path]
'''


def without_dev_tools(tmp: pathlib.Path, env=None) -> dict:
    """An environment for a subprocess (and the kernels it starts) in which importing any module of
    :func:`dev_only_modules` fails, as it would in the student's install."""
    folder = pathlib.Path(tmp) / "student-install"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(SITECUSTOMIZE.format(blocked=sorted(dev_only_modules())))
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join([str(folder)] + [p for p in [env.get("PYTHONPATH")] if p])
    return env

"""Grading on Gradescope: one container per submission, the same sandbox inside it
(https://gradescope-autograders.readthedocs.io/en/latest/specs/).  :func:`bundle` writes the zip its
format asks for: ``setup.sh``, ``run_autograder`` (:func:`run`, grading as ``autograde`` does) and the
assignment with the course secret, readable by root only, so that the submission, running as an
unprivileged user, cannot read them.  Hidden tests are ``after_due_date`` in ``results.json``.
"""
from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
import zipfile
from pathlib import Path

from .cells import grade_id
from .sanitizer import read_submission
from .course import DEFAULT_COURSE, RELEASE, REPO, SOURCE, WorkflowError, course_secret, notebooks, shown, write_json

SETUP_SH = r'''#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image.
set -euo pipefail
apt-get update -qq
apt-get install -y -qq python3 python3-venv python3-pip bubblewrap util-linux >/dev/null
python3 -m venv /opt/gamelib
/opt/gamelib/bin/pip install -q /autograder/source/kit "nbgrader>=0.9.6,<0.10"
chmod -R a+rX /opt/gamelib
# The assignment's source (hidden tests, solutions) and the course secret: root only.
chmod -R go-rwx /autograder/source/assignment
'''

RUN_AUTOGRADER = r'''#!/usr/bin/env bash
# Gradescope runs this for each submission; AUTOGRADER_ROOT and GAMELIB_PYTHON are for testing it elsewhere.
set -euo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
python="${GAMELIB_PYTHON:-/opt/gamelib/bin/python}"
mkdir -p "$root/results"
exec "$python" -m gamelib.grading gradescope-run --root "$root"
'''


def bundle(assignment: str, out: Path, *, course: Path = DEFAULT_COURSE, source: Path = SOURCE,
           release: Path = RELEASE) -> Path:
    """Write ``<out>/gamelib-<assignment>-gradescope.zip``: the course's secret, so ``autograde`` reproduces it."""
    if not (Path(source) / assignment).is_dir():
        raise WorkflowError(f"no assignment {assignment!r} in {source}")
    books = notebooks(Path(source) / assignment)
    if len(books) != 1:
        raise WorkflowError(f"{assignment}: a Gradescope bundle grades one-notebook assignments")
    student_version = Path(release) / assignment / books[0].name
    if not student_version.exists():
        raise WorkflowError(f"{student_version} is missing: run `python -m gamelib.grading generate` first")
    out = Path(out)
    if not out.parent.is_dir():                      # a mistyped --out: make one folder, not a whole path
        raise WorkflowError(f"no folder {out.parent} to write the bundle in (--out {out})")
    secret = course_secret(Path(course))
    out.mkdir(exist_ok=True)
    path = out / f"gamelib-{assignment}-gradescope.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        _add_text(z, "setup.sh", SETUP_SH, executable=True)
        _add_text(z, "run_autograder", RUN_AUTOGRADER, executable=True)
        for file in sorted((REPO / "gamelib").rglob("*.py")):
            z.write(file, "kit/" + str(file.relative_to(REPO)))
        for name in ("pyproject.toml", "README.md"):
            z.write(REPO / name, f"kit/{name}")
        z.write(books[0], f"assignment/source/{books[0].name}")
        z.write(student_version, f"assignment/release/{books[0].name}")
        _add_text(z, "assignment/secret.key", secret.decode() + "\n")
        _add_text(z, "assignment/assignment.json", json.dumps({"assignment": assignment, "notebook": books[0].name}))
    return path


def _add_text(z: zipfile.ZipFile, name: str, text: str, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name)
    info.external_attr = (0o755 if executable else 0o644) << 16 | stat.S_IFREG << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, text)


def _visibility(cell) -> str:
    return "after_due_date" if "### BEGIN HIDDEN TESTS" in cell.source else "visible"


def _cell_text(cell) -> str:
    parts = []
    for o in cell.get("outputs", []):
        if o.output_type == "stream":
            parts.append(o.text)
        elif o.output_type == "error":
            parts.append(f"{o.ename}: {o.evalue}")
        elif "text/plain" in o.get("data", {}):
            parts.append(f"partial credit: {o.data['text/plain']}")
    return "\n".join(p.rstrip("\n") for p in parts)


def run(root: Path) -> dict:
    """Grade ``<root>/submission`` into ``<root>/results/results.json`` (one that cannot be: 0, saying why)."""
    import nbformat
    from .executor import grade_notebook
    from .isolation import NOT_ISOLATED, isolation_status
    root = Path(root)
    here = root / "source" / "assignment"
    info = json.loads((here / "assignment.json").read_text())
    assignment, name = info["assignment"], info["notebook"]
    source_nb = nbformat.read(str(here / "source" / name), as_version=4)
    release_nb = nbformat.read(str(here / "release" / name), as_version=4)
    secret = (here / "secret.key").read_text().strip().encode()
    submitted = sorted((root / "submission").glob("**/*.ipynb"))
    named = [p for p in submitted if p.name == name]
    results: dict = {"tests": [], "stdout_visibility": "hidden"}
    links = [p for p in sorted((root / "submission").rglob("*")) if p.is_symlink()]
    if links:                               # this runs as root, beside the solutions: a link is never followed
        results.update(score=0.0, output=f"Not graded: {shown(links[0].name)} is a symbolic link: refused "
                                         f"(upload the notebook itself).")
        return _write(root, results)
    if len(named) != 1 and len(submitted) != 1:
        found = ", ".join(p.name for p in submitted) or "none"
        results.update(score=0.0, output=f"Not graded: upload exactly one notebook, {name} (found: {found}).")
        return _write(root, results)
    try:
        nb, notes = read_submission((named or submitted)[0], release_nb)
    except WorkflowError as e:                               # whatever was uploaded
        results.update(score=0.0, output=f"Not graded: {e}.")
        return _write(root, results)
    os.environ["GAMELIB_PRIVATE_PATHS"] = str(root / "source")     # the secret, without a sandbox
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o755)
        runtime = _runtime(source_nb, Path(tmp) / "runtime")
        graded = grade_notebook(nb, source_nb, runtime=runtime, secret=secret, assignment=assignment)
    titles = _titles(source_nb)
    for cell in graded.notebook.cells:
        gid = grade_id(cell)
        if gid in graded.scores:
            score, top = graded.scores[gid]
            results["tests"].append({"name": titles.get(gid, gid), "score": float(score), "max_score": float(top),
                                     "output": _cell_text(cell), "visibility": _visibility(cell)})
    status = isolation_status()
    results["score"] = round(sum(t["score"] for t in results["tests"]), 4)
    results["output"] = ("Graded in a sandbox (bubblewrap)." if graded.isolated
                         else NOT_ISOLATED.format(why=status.how)) + \
        ("\n" + "\n".join(notes + graded.notes) if notes or graded.notes else "")
    return _write(root, results)


def _runtime(source_nb, folder: Path) -> Path:
    from .runtime import build
    allow = source_nb.metadata.get("gamelib", {}).get("sandbox_allows", [])
    path = build(folder, sorted(set(allow)))
    for p in [path, *path.rglob("*")]:
        os.chmod(p, 0o755 if p.is_dir() else 0o644)
    return path


def _titles(source_nb) -> dict:
    out, heading = {}, ""
    for cell in source_nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("## "):
                    heading = line[3:].strip()
        gid = grade_id(cell)
        if gid and cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("grade"):
            out[gid] = f"{heading} [{gid}]" if heading else gid
    return out


def _write(root: Path, results: dict) -> dict:
    write_json(Path(root) / "results" / "results.json", results)
    return results


def unpack(zip_path: Path, root: Path) -> Path:
    """Unpack a bundle as Gradescope does (for tests of the bundle)."""
    source = Path(root) / "source"
    with zipfile.ZipFile(zip_path) as z:
        z.extractall(source)
    for name in ("run_autograder", "setup.sh"):
        os.chmod(source / name, 0o755)
    shutil.copy2(source / "run_autograder", Path(root) / "run_autograder")
    return Path(root)

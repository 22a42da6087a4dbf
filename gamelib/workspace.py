"""The student's work folder: their own copies of the notebooks and exercises, outside the tracked files.

Running a notebook in JupyterLab saves its new outputs into the file, and answering an exercise writes
into it.  Done on the tracked files, that breaks ``git pull`` (conflicts) and the kit's own tests (the
stored execution counts no longer run 1, 2, 3, ...).  So the student works in ``work/``, a git-ignored
folder that mirrors the repository's layout, and JupyterLab serves that folder (the README's first
command: ``jupyter_server_config.py`` at the top of the repository calls :func:`fill`)::

    work/notebooks/NN_topic.ipynb                        the student's copies of notebooks/
    work/exercises/release/<assignment>/<name>.ipynb     the student's copies of exercises/release/
    work/docs/glossary.md, work/exercises/README.md ...  read-only copies of the documents they link to

Because the layout is the repository's, every relative link between notebooks, exercises and documents
(``../exercises/release/02_alpha_beta/alpha_beta.ipynb``, ``../../../notebooks/02_alpha_beta.ipynb``,
``../docs/glossary.md``) works unchanged in the work folder.

* :func:`fill` copies in every notebook and exercise file the work folder lacks and **never overwrites a
  student's copy**; a copy whose original has changed in the kit since is reported, not replaced.  The
  documents the student's files link to (and the documents those link to: :func:`linked_documents`)
  are the kit's, not the student's: they are refreshed each time, read-only, so an edit is refused
  rather than lost.
* :func:`fresh` gives a new copy of one notebook; the student's old copy, if they changed it, is kept
  beside it as ``<name>.old-<date>-<time>.ipynb``.
* :func:`status` says which copies differ from the kit's files, and how.

From the command line, in the repository::

    .venv/bin/python -m gamelib.workspace fresh 02_alpha_beta      # a fresh copy of notebook 02
    .venv/bin/python -m gamelib.workspace fresh alpha_beta         # ... of exercise 02
    .venv/bin/python -m gamelib.workspace fill                     # what the JupyterLab start does
    .venv/bin/python -m gamelib.workspace status                   # what differs from the kit
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import pathlib
import re
import shlex
import shutil
import stat
import sys
import urllib.parse
from typing import NamedTuple

from .core import ArgumentError

__all__ = ["WORK", "STUDENT_FOLDERS", "Report", "repository", "links", "linked_documents", "fill", "find",
           "fresh", "kept_copy", "status", "main"]

WORK = "work"
"""The work folder's name, at the top of the repository (git-ignored)."""
STUDENT_FOLDERS = ("notebooks", "exercises/release")
"""Folders whose files the student works in: copied once, never overwritten."""
MANIFEST = ".gamelib-copies.json"
"""In the work folder: for each student copy, the hash of the kit's file it was copied from (to tell
"changed upstream" and "changed by the student" apart)."""
SKIP = {".ipynb_checkpoints", "__pycache__", ".DS_Store"}


class Report(NamedTuple):
    """What :func:`fill` did: paths relative to the work folder."""
    work: pathlib.Path
    copied: list
    """Student files copied in (they were missing)."""
    kept: list
    """Student files already there, left as they were."""
    changed_upstream: list
    """Of ``kept``: the kit's file has changed since the student's copy was made."""
    documents: list
    """Read-only documents refreshed."""

    def __str__(self):
        lines = [f"gamelib: your work folder is {self.work}"]
        if self.copied:
            folders = {}
            for rel in self.copied:
                folder = next((f for f in STUDENT_FOLDERS if rel.startswith(f + "/")), rel)
                folders[folder] = folders.get(folder, 0) + 1
            lines.append(f"  {len(self.copied)} new copies: " + ", ".join(
                f"{n} in {folder}/" for folder, n in folders.items()))
        if self.kept:
            lines.append(f"  {len(self.kept)} of your copies kept as they are")
        for rel in self.changed_upstream:
            lines.append(f"  {rel} has changed in the kit since you copied it; for a fresh copy "
                         f"(yours kept beside it): {_python(self.work.parent)} -m gamelib.workspace fresh "
                         f"{pathlib.PurePath(rel).stem}")
        return "\n".join(lines)


def _python(root: pathlib.Path) -> str:
    """The Python to name in advice: ``.venv/bin/python`` when the kit's own venv runs this, else the
    one that does (on a JupyterHub, the hub's shared environment: a student has no ``.venv``)."""
    if pathlib.Path(sys.prefix).resolve() == (root / ".venv").resolve():
        return ".venv/bin/python"
    return shlex.quote(sys.executable)


def repository(start: str | os.PathLike | None = None) -> pathlib.Path:
    """The repository to work from: ``start`` (default: the current directory) if it holds the kit's
    ``notebooks/`` and ``exercises/release/``, else the clone gamelib itself was installed from."""
    candidates = [pathlib.Path(start or os.getcwd()).resolve()]
    if start is None:
        candidates.append(pathlib.Path(__file__).resolve().parent.parent)
    for root in candidates:
        if all((root / folder).is_dir() for folder in STUDENT_FOLDERS):
            return root
    raise ArgumentError(f"repository: {str(candidates[0])!r} holds no notebooks/ and exercises/release/; "
                        "expected the top folder of a clone of the kit (run the command there)")


def _kit_files(root: pathlib.Path, entries) -> list:
    """Files (relative POSIX paths) under each entry of ``entries`` (folders or files), sorted."""
    out = []
    for entry in entries:
        path = root / entry
        if path.is_file():
            out.append(entry)
        elif path.is_dir():
            for p in sorted(path.rglob("*")):
                rel = p.relative_to(root)
                if p.is_file() and not SKIP.intersection(rel.parts):
                    out.append(rel.as_posix())
    return out


_MARKDOWN_LINK = re.compile(r"""\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+["'][^"']*["'])?\s*\)""")
_HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")


def _markdown_texts(path: pathlib.Path) -> list:
    """The Markdown of a ``.md`` file, or of a notebook's Markdown cells; [] for other files."""
    if path.suffix == ".md":
        return [path.read_text(encoding="utf-8")]
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        return ["".join(c.get("source", "")) for c in cells if c.get("cell_type") == "markdown"]
    return []


def links(path: str | os.PathLike) -> list:
    """The relative links of a Markdown file or of a notebook's Markdown cells, in order, as written
    (``[text](target)``, ``![alt](target)``, ``href="..."``, ``src="..."``): no web addresses, no
    ``#anchors`` within the page; a link's own ``#anchor`` or ``?query`` is cut off."""
    out = []
    for text in _markdown_texts(pathlib.Path(path)):
        found = [bracketed or bare for bracketed, bare in _MARKDOWN_LINK.findall(text)]
        for target in found + _HTML_LINK.findall(text):
            parsed = urllib.parse.urlsplit(target)
            if parsed.scheme or parsed.netloc or not parsed.path:
                continue
            out.append(urllib.parse.unquote(parsed.path))
    return out


def linked_documents(root: str | os.PathLike) -> list:
    """The files outside the student folders that the student's files link to, and those files link
    to, and so on (relative POSIX paths, sorted): the documents the work folder needs so that every
    link works there.  Links to folders, or to nothing, are not followed."""
    root = pathlib.Path(root).resolve()
    todo = [root / rel for rel in _kit_files(root, STUDENT_FOLDERS)]
    seen, documents = set(todo), set()
    while todo:
        path = todo.pop()
        for target in links(path):
            linked = pathlib.Path(os.path.normpath(path.parent / target))
            if linked in seen or not linked.is_file():
                continue
            seen.add(linked)
            try:
                rel = linked.relative_to(root).as_posix()
            except ValueError:          # outside the repository: nothing to copy
                continue
            if not any(rel == f or rel.startswith(f + "/") for f in STUDENT_FOLDERS):
                documents.add(rel)
                todo.append(linked)
    return sorted(documents)


def _hash(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _load_manifest(work: pathlib.Path) -> dict:
    try:
        return json.loads((work / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}


def _save_manifest(work: pathlib.Path, manifest: dict):
    tmp = work / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, work / MANIFEST)


def _copy_new(src: pathlib.Path, dst: pathlib.Path) -> bool:
    """Copy ``src`` to ``dst`` unless ``dst`` exists (checked by the operating system, at creation:
    never overwrites, even if a file appears meanwhile).  True if copied."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(src, "rb") as fin, open(dst, "xb") as fout:
            shutil.copyfileobj(fin, fout)
    except FileExistsError:
        return False
    return True


def _refresh(src: pathlib.Path, dst: pathlib.Path):
    """Replace ``dst`` by a read-only copy of ``src`` (written aside, then moved into place)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.is_file() and dst.read_bytes() == src.read_bytes():
        return
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copyfile(src, tmp)
    os.chmod(tmp, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    if dst.exists():
        os.chmod(dst, stat.S_IWUSR | stat.S_IRUSR)   # Windows refuses to replace a read-only file
    os.replace(tmp, dst)


def _work(root: pathlib.Path) -> pathlib.Path:
    return root / WORK


def fill(root: str | os.PathLike | None = None) -> Report:
    """Fill the work folder of the repository ``root`` (default: :func:`repository`): copy in every
    notebook and exercise file it lacks, never overwriting one that is there; refresh the read-only
    documents; report the copies whose original has changed in the kit since."""
    root = repository(root)
    work = _work(root)
    work.mkdir(exist_ok=True)
    manifest = _load_manifest(work)
    copied, kept, changed = [], [], []
    for rel in _kit_files(root, STUDENT_FOLDERS):
        src = root / rel
        if _copy_new(src, work / rel):
            copied.append(rel)
            manifest[rel] = _hash(src)
        else:
            kept.append(rel)
            source_hash = _hash(src)
            if rel not in manifest:          # copied by hand, or before the manifest: count from now
                manifest[rel] = source_hash
            elif manifest[rel] != source_hash:
                changed.append(rel)
    documents = linked_documents(root)
    for rel in documents:
        _refresh(root / rel, work / rel)
    _save_manifest(work, manifest)
    return Report(work, copied, kept, changed, documents)


def find(name: str, root: str | os.PathLike | None = None) -> str:
    """The kit's student file (its path relative to the repository) that ``name`` names: a path relative
    to the repository or to the work folder, a file name, or a file name without ``.ipynb``."""
    root = repository(root)
    files = _kit_files(root, STUDENT_FOLDERS)
    wanted = pathlib.PurePath(name.replace("\\", "/")).as_posix()
    if wanted.startswith(WORK + "/"):
        wanted = wanted[len(WORK) + 1:]
    matches = [rel for rel in files if rel == wanted]
    if not matches:
        matches = [rel for rel in files if pathlib.PurePath(rel).name in (wanted, wanted + ".ipynb")]
    if len(matches) == 1:
        return matches[0]
    notebooks = sorted(pathlib.PurePath(rel).stem for rel in files if rel.endswith(".ipynb"))
    if not matches:
        raise ArgumentError(f"name={name!r} is no notebook or exercise of the kit; expected one of "
                            f"{', '.join(notebooks)} (or a path such as notebooks/02_alpha_beta.ipynb)")
    raise ArgumentError(f"name={name!r} names {len(matches)} files ({', '.join(matches)}); "
                        "give its path")


def kept_copy(path: str | os.PathLike, now: datetime.datetime | None = None) -> pathlib.Path:
    """Where a student's old copy of ``path`` is kept when a fresh one takes its place (:func:`fresh`;
    the course's JupyterLite site does the same, gamelib.republish): beside it, as
    ``<name>.old-<date>-<time>.ipynb``, with ``-2``, ``-3``, ... if that name is taken."""
    path = pathlib.Path(path)
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    old = path.with_name(f"{path.stem}.old-{stamp}{path.suffix}")
    n = 1
    while old.exists():
        n += 1
        old = path.with_name(f"{path.stem}.old-{stamp}-{n}{path.suffix}")
    return old


def fresh(name: str, root: str | os.PathLike | None = None) -> tuple:
    """A fresh copy of one notebook or exercise of the kit in the work folder (close it in JupyterLab
    first).  ``name``: ``02_alpha_beta``, ``alpha_beta.ipynb`` or ``notebooks/02_alpha_beta.ipynb``.
    If the student's copy differs from what was copied in, it is kept beside the new one as
    ``<name>.old-<date>-<time>.ipynb``.  Returns ``(path of the copy, path of the old one or None)``."""
    root = repository(root)
    rel = find(name, root)
    work = _work(root)
    work.mkdir(exist_ok=True)
    manifest = _load_manifest(work)
    src, dst = root / rel, work / rel
    old = None
    if dst.exists():
        if manifest.get(rel) != _hash(dst) and _hash(dst) != _hash(src):   # the student's own work
            old = kept_copy(dst)
            os.replace(dst, old)
        else:
            dst.unlink()
        checkpoint = dst.parent / ".ipynb_checkpoints" / f"{dst.stem}-checkpoint{dst.suffix}"
        if checkpoint.exists():   # JupyterLab's "Revert to checkpoint" would bring back the old copy
            checkpoint.unlink()
    _copy_new(src, dst)
    manifest[rel] = _hash(src)
    _save_manifest(work, manifest)
    return dst, old


def status(root: str | os.PathLike | None = None) -> dict:
    """For every student file of the kit: ``"missing"``, ``"as copied"``, ``"changed by you"``,
    ``"changed in the kit"`` or ``"changed by you and in the kit"``."""
    root = repository(root)
    work = _work(root)
    manifest = _load_manifest(work)
    out = {}
    for rel in _kit_files(root, STUDENT_FOLDERS):
        dst = work / rel
        if not dst.exists():
            out[rel] = "missing"
            continue
        copied_from = manifest.get(rel)
        mine = copied_from is not None and _hash(dst) != copied_from
        kit = copied_from is not None and _hash(root / rel) != copied_from
        out[rel] = {(False, False): "as copied", (True, False): "changed by you",
                    (False, True): "changed in the kit", (True, True): "changed by you and in the kit"}[
                        (mine, kit)]
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gamelib.workspace",
        description="Your own copies of the kit's notebooks and exercises, in work/ (git-ignored).")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fill", help="copy in what work/ lacks (never overwrites); JupyterLab's start does this")
    p = sub.add_parser("fresh", help="a fresh copy of one notebook (yours kept beside it if you changed it)")
    p.add_argument("name", nargs="+", help="e.g. 02_alpha_beta, alpha_beta, notebooks/02_alpha_beta.ipynb")
    sub.add_parser("status", help="which of your copies differ from the kit's files")
    args = parser.parse_args(argv)
    try:
        if args.command == "fill":
            print(fill())
        elif args.command == "fresh":
            for name in args.name:
                dst, old = fresh(name)
                print(f"fresh copy: {dst}" + (f" (yours kept as {old.name})" if old else ""))
        else:
            for rel, state in status().items():
                print(f"{state:>30}  {rel}")
    except ArgumentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

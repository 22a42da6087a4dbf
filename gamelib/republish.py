"""A notebook republished on the course's JupyterLite site reaches the student who saved an older copy.

In JupyterLite (docs/jupyterlite.md) a notebook the student saves is kept in the browser's storage, and that
copy is what the site shows them from then on, even after the instructor publishes a new version of the
notebook: silently, the student keeps working on the old one. So the site knows each notebook's version: the
site's build (lite/build.py) stamps every notebook with the sha256 of its published text
(``metadata["gamelib"]["version"]``, which a copy saved in the browser keeps) and lists the stamps in
:data:`MANIFEST` at the site's top. ``import gamelib`` in the site's Python (Pyodide) imports this module,
which calls :func:`check`, which compares the copies the browser holds with that list, as the kernel sees
them in ``/drive`` (JupyterLite's drive: the browser's copy where there is one, else the site's file), and
where a copy is of an older version shows a notice naming it, with a button that takes the new version:
their copy is kept beside it, named as the JupyterLab work folder names a kept copy
(``<name>.old-<date>-<time>.ipynb``, :func:`gamelib.workspace.kept_copy`), and the site's new version takes
its place (in the browser's storage: the rename moves the stored copy, and the site's file shows again under
the old name; JupyterLab, which follows a rename, keeps an open copy open under its new name, so it cannot
be saved over the new version). On a laptop (CPython) nothing happens: the work folder has its own way
(``python -m gamelib.workspace fresh``).

What it costs the first cell: one small download (the list) and one look at each notebook's size; only a
notebook whose size is not the published one (a copy in the browser, saved by JupyterLab in its own
layout) is read.
"""
from __future__ import annotations

import html
import json
import os
import pathlib
import sys
from typing import NamedTuple

__all__ = ["MANIFEST", "DRIVE", "KEPT", "Stale", "stale_copies", "take_new", "keep_mine", "site_url", "check"]

MANIFEST = "gamelib-versions.json"
"""At the site's top: ``{"notebooks/02_alpha_beta.ipynb": {"version": "<sha256>", "size": <bytes>}, ...}``,
paths relative to the site's files (lite/build.py writes it)."""
DRIVE = "/drive"
"""Where JupyterLite's Pyodide kernel shows the site's files and the student's saved copies."""
KEPT = ".gamelib-kept-versions.txt"
"""At the drive's top (a hidden file in the browser's storage): the new versions a student chose not to take,
one ``<version> <path>`` a line (:func:`keep_mine`); the notice does not ask again about them."""


class Stale(NamedTuple):
    """A copy in the browser of an older version of a notebook."""
    path: str
    """Relative to the drive, as in :data:`MANIFEST`."""
    mine: str | None
    """The version the copy was made from (None: a copy saved before the site stamped its notebooks)."""
    published: str
    """The site's version."""


def version_of(notebook: dict) -> str | None:
    """The version stamped in a notebook's metadata, or None."""
    stamp = notebook.get("metadata", {}).get("gamelib", {}) if isinstance(notebook, dict) else {}
    return stamp.get("version") if isinstance(stamp, dict) else None


def stale_copies(drive: str | os.PathLike, manifest: dict) -> list:
    """The notebooks of ``manifest`` whose copy in ``drive`` is of another version than the published
    one: [:class:`Stale`], in the manifest's order of paths.  A notebook whose size is the published
    file's is the published file (a copy saved in the browser is written out by JupyterLab, in a layout of
    its own): it is not read.  A missing or unreadable file is no stale copy."""
    drive = pathlib.Path(drive)
    declined = kept_versions(drive)
    out = []
    for rel, entry in sorted(manifest.items()):
        if (entry.get("version"), rel) in declined:
            continue
        path = drive / rel
        try:
            if path.stat().st_size == entry.get("size"):
                continue
            mine = version_of(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
        if mine != entry["version"]:
            out.append(Stale(rel, mine, entry["version"]))
    return out


def take_new(drive: str | os.PathLike, rel: str) -> pathlib.Path:
    """Take the site's new version of the notebook ``rel``: the student's copy is renamed as the work
    folder names a kept copy (:func:`gamelib.workspace.kept_copy`), which in JupyterLite's drive moves it
    in the browser's storage and leaves the site's file in its place.  Returns the kept copy's path."""
    from .workspace import kept_copy
    path = pathlib.Path(drive) / rel
    kept = kept_copy(path)
    os.rename(path, kept)
    return kept


def kept_versions(drive: str | os.PathLike) -> set:
    """The (version, path) pairs of :data:`KEPT` in ``drive``: the new versions the student declined."""
    try:
        lines = (pathlib.Path(drive) / KEPT).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return set()
    return {tuple(line.split(" ", 1)) for line in lines if " " in line}


def keep_mine(drive: str | os.PathLike, stale: Stale) -> None:
    """The student keeps their copy of ``stale.path``: the site's version ``stale.published`` is not offered
    again (a later republished version is).  To take it after all, they rename their copy in the file
    browser, and the site's file shows under the old name."""
    path = pathlib.Path(drive) / KEPT
    try:
        before = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        before = ""
    path.write_text(before + f"{stale.published} {stale.path}\n", encoding="utf-8")


def site_url(worker_url: str) -> str:
    """The site's address, from the address of the kernel's script (a web worker served from the site's
    ``extensions/`` folder)."""
    marker = "/extensions/"
    if marker not in worker_url:
        raise ValueError(f"worker_url={worker_url!r} is not under a JupyterLite site's extensions/")
    return worker_url[:worker_url.index(marker) + 1]


def fetch_manifest() -> dict:
    """The site's :data:`MANIFEST`, fetched anew (no cached copy), synchronously (Pyodide, in the kernel's
    web worker)."""
    import time

    import js                                       # noqa: F401  (Pyodide only)
    from pyodide.http import open_url
    return json.load(open_url(f"{site_url(str(js.location.href))}{MANIFEST}?t={time.time():.0f}"))


def notice(stale: list, drive: str | os.PathLike = DRIVE):
    """The notice: which notebooks have a new version, and for each a button that takes it (theirs kept
    as a copy) and one that keeps theirs (:func:`keep_mine`: that version is not offered again); what was
    done is written in a live region (a screen reader reads it)."""
    import ipywidgets as widgets

    from .viz.a11y import ROOT_CLASS, StatusLine
    from .viz.live import NOTE_STYLE, compact

    names = ", ".join(html.escape(s.path) for s in stale)
    which = "this course notebook" if len(stale) == 1 else "these course notebooks"
    text = widgets.HTML(compact(
        f"<div style='{NOTE_STYLE}'><b>A new version of {which} is on the site:</b> {names}. The copy "
        "your browser saved is of an older version, and it is the one you see. To take the new version, "
        "choose its button below: your copy is kept beside it (named <code>.old-</code> and the date), and "
        "the new version takes its place. To go on with your copy, choose to keep it: this version is not "
        "offered again.</div>"))
    status = StatusLine("")

    def taker(item, row):
        def take(_):
            try:
                kept = take_new(drive, item.path)
            except OSError as err:
                status.write(f"Could not take the new version of {item.path}: {err}")
                return
            done(row)
            name = pathlib.PurePosixPath(item.path).name
            status.write(f"The new version of {item.path} is in its place. Your copy is kept as {kept.name}: "
                         f"if it was open, it is open under that name now. To see the new version, open {name} "
                         "in the file browser.")
        return take

    def keeper(item, row):
        def keep(_):
            try:
                keep_mine(drive, item)
            except OSError as err:
                status.write(f"Could not note that you keep your copy of {item.path}: {err}")
                return
            done(row)
            status.write(f"You keep your copy of {item.path}; the site's present version is not offered again. "
                         "To take it later, rename your copy in the file browser: the site's version shows "
                         "under the old name.")
        return keep

    def done(row):
        for button in row.children:
            button.disabled = True

    rows = []
    for item in stale:
        name = pathlib.PurePosixPath(item.path).name
        take = widgets.Button(description=f"Take the new version of {name}",
                              tooltip=f"Take the new version of {item.path}; keep my copy beside it",
                              layout=widgets.Layout(width="auto"))
        keep = widgets.Button(description=f"Keep my copy of {name}",
                              tooltip=f"Go on with my copy of {item.path}; do not offer this version again",
                              layout=widgets.Layout(width="auto"))
        row = widgets.HBox([take, keep], layout=widgets.Layout(flex_flow="row wrap"))
        take.on_click(taker(item, row))
        keep.on_click(keeper(item, row))
        rows.append(row)
    box = widgets.VBox([text, *rows, status])
    box.add_class(ROOT_CLASS)
    return box


def check(drive: str | os.PathLike = DRIVE) -> list:
    """In the course's JupyterLite site only (Pyodide, with its drive): show the notice for the copies in
    the browser that are of an older version than the site's (:func:`stale_copies`); returns them.
    Anywhere else, or if the site has no :data:`MANIFEST` (an older build, another JupyterLite site), it
    does nothing and returns [].  It never stops ``import gamelib``: a failure is reported in one line."""
    if sys.platform != "emscripten" or not os.path.isdir(drive):
        return []
    try:
        stale = stale_copies(drive, fetch_manifest())
    except Exception:                       # no list on this site: nothing to compare with
        return []
    if stale:
        try:
            from IPython.display import display
            display(notice(stale, drive))
        except Exception as err:            # noqa: BLE001  (the import goes on; the student is told)
            print(f"gamelib: a new version of {', '.join(s.path for s in stale)} is on the site; "
                  f"the notice could not be shown ({err})")
    return stale


if sys.platform == "emscripten":        # imported by ``import gamelib``: the check runs once per kernel
    check()

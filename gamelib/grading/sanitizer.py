"""The submission sanitizer: a submitted notebook made whole and safe before anything reads it.

A submission is hostile data at the grader's boundary, as its code is at the sandbox's: :func:`repair`
makes it whole against its student version (nbgrader's metadata restored from the course's copy,
deleted cells put back, changed cell types changed back) and :func:`sanitize` makes it safe to store and
show (the course's text in locked cells, the student's markdown as plain text, outputs through
nbconvert's own sanitizer, no metadata but the course's), so that nothing of it runs as HTML or script in
the instructor's browser or changes what a cell is worth.
"""
from __future__ import annotations

import copy
import json
import re
import uuid
from pathlib import Path

from .cells import grade_id, is_answer
from .course import WorkflowError, shown

MAX_NOTEBOOK_MB = 32                  # a submitted notebook larger is not read (an answer is well under 1 MB)
MAX_CELLS = 2000                      # nor one of more cells (the course's have under 50; each costs the batch ~0.4 ms)
MAX_TEXT_MB = 1                       # nor one whose cells hold more text (feedback highlights ~130 KB a second)


class _Repair:
    """A submission's cells matched with its student version's, by grade id (:func:`repair`)."""

    def __init__(self, cells, release):
        self.cells = cells
        wanted = [c for c in release.cells if grade_id(c)]
        self.order = [grade_id(c) for c in wanted]
        self.by_id = dict(zip(self.order, wanted))
        self.present: set = set()

    def restore(self, cell, gid) -> None:
        """Give ``cell`` the nbgrader metadata and the type of the student version's cell ``gid``."""
        model = self.by_id[gid]
        cell.setdefault("metadata", {})["nbgrader"] = copy.deepcopy(model.metadata["nbgrader"])
        for key in ("deletable", "editable"):
            if key in model.metadata:
                cell.metadata[key] = model.metadata[key]
            else:
                cell.metadata.pop(key, None)
        self.present.add(gid)

    def known_ids(self) -> list:
        """The course's metadata and type put back on the first cell of each id; a second cell of one id, or
        an id the course does not have, becomes a cell of the student's own."""
        notes, changed_type, stripped, repaired = [], [], [], []
        for cell in self.cells:
            gid = grade_id(cell)
            if gid is None:
                if "nbgrader" in cell.get("metadata", {}):
                    cell.metadata.pop("nbgrader")
                continue
            if not isinstance(gid, str) or gid not in self.by_id or gid in self.present:
                cell.metadata.pop("nbgrader", None)
                stripped.append(str(gid)[:40])
                continue
            model = self.by_id[gid]
            if cell.get("metadata", {}).get("nbgrader") != model.metadata["nbgrader"]:
                repaired.append(gid)
            if cell.get("cell_type") != model.cell_type:
                changed_type.append(f"{gid} ({cell.get('cell_type')} -> {model.cell_type})")
                _retype(cell, model.cell_type)
            self.restore(cell, gid)
        if repaired:
            notes.append(f"nbgrader metadata of {', '.join(repaired)} differed from the course's: the course's used")
        if changed_type:
            notes.append(f"cell type changed back: {', '.join(changed_type)}")
        if stripped:
            notes.append(f"grade ids the course does not have, or has once only, made plain cells: "
                         f"{', '.join(repr(s) for s in stripped)}")
        return notes

    def bounds(self, k: int) -> tuple[int, int]:
        where = {grade_id(c): i for i, c in enumerate(self.cells) if grade_id(c) in self.present}
        lo = max((where[g] for g in self.order[:k] if g in where), default=-1)
        hi = min((where[g] for g in self.order[k + 1:] if g in where), default=len(self.cells))
        return lo, hi

    def locked_by_text(self) -> list:
        """Locked cells whose metadata was stripped, recognised by their unchanged text."""
        restored = []
        for cell in self.cells:
            if grade_id(cell) is not None:
                continue
            for gid in self.order:
                ref = self.by_id[gid]
                if gid not in self.present and not is_answer(ref) and cell.cell_type == ref.cell_type \
                        and _text(cell).strip() == ref.source.strip():
                    self.restore(cell, gid)
                    restored.append(gid)
                    break
        return restored

    def answers_by_position(self) -> list:
        """Answer cells whose metadata was stripped: the first unmarked cell of their type in their place."""
        restored = []
        for k, gid in enumerate(self.order):
            if gid in self.present or not is_answer(self.by_id[gid]):
                continue
            lo, hi = self.bounds(k)
            for i in range(lo + 1, max(hi, lo + 1)):
                if grade_id(self.cells[i]) is None and self.cells[i].cell_type == self.by_id[gid].cell_type:
                    self.restore(self.cells[i], gid)
                    restored.append(gid)
                    break
        return restored

    def put_back_deleted(self) -> list:
        """Cells the student deleted, put back from the student version after their neighbour."""
        ids, notes = {c.get("id") for c in self.cells}, []
        for k, gid in enumerate(self.order):
            if gid in self.present:
                continue
            lo, _ = self.bounds(k)
            cell = copy.deepcopy(self.by_id[gid])
            if cell.get("id") in ids:
                cell["id"] = uuid.uuid4().hex[:8]
            ids.add(cell.get("id"))
            self.cells.insert(lo + 1, cell)
            self.present.add(gid)
            notes.append(f"cell {gid} was missing: put back from the student version")
        return notes


def _text(cell) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _retype(cell, cell_type: str) -> None:
    """Make ``cell`` a cell of ``cell_type``, keeping its text."""
    cell["cell_type"] = cell_type
    if cell_type == "code":
        cell.setdefault("outputs", [])
        cell.setdefault("execution_count", None)
    else:
        cell.pop("outputs", None)
        cell.pop("execution_count", None)


def repair(submitted, release) -> tuple:
    """``(notebook, notes)``: a submission made whole against its student version ``release``: the
    course's nbgrader metadata and cell types back (:class:`_Repair`), cells the student deleted put back
    after their neighbour, so that they are graded; ``notes`` say what was done."""
    nb = copy.deepcopy(submitted)
    if not isinstance(nb.get("cells"), list):
        raise WorkflowError("it has no list of cells")
    for cell in nb.cells:
        if not isinstance(cell, dict) or cell.get("cell_type") not in ("code", "markdown", "raw"):
            raise WorkflowError("a cell of it is not a notebook cell")
        if not isinstance(cell.get("metadata", {}), dict):
            cell["metadata"] = {}
        cell.setdefault("metadata", {})
        if not isinstance(cell.metadata.get("nbgrader", {}), dict):
            cell.metadata["nbgrader"] = {}
        cell["source"] = _text(cell)
    match = _Repair(nb.cells, release)
    notes = match.known_ids()
    restored = match.locked_by_text() + match.answers_by_position()
    if restored:
        notes.append(f"nbgrader metadata restored on {len(restored)} cells ({', '.join(restored)})")
    return nb, notes + match.put_back_deleted()


CELL_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
TAG = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")


def as_plain_text(text: str) -> str:
    """Markdown that shows ``text`` as typed, in a fence longer than any run of backticks in it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


MAX_HTML_TAGS = 5000
"""How many tags the HTML and markdown outputs of one submission may hold in all: bleach sanitizes each, in
a time that grows with the square of the tags left open (1 MB of ``<b>x</b><i>`` took minutes); the HTML
and markdown of an output past this are dropped (its plain text stays).  An honest table has hundreds."""


def _sanitized_outputs(outputs, budget: list) -> list:
    """A code cell's outputs through nbconvert's SanitizeHTML, without their metadata, anything malformed
    dropped; ``budget`` ([tags left]) is what their HTML and markdown may hold, less what this cell's takes."""
    import nbformat
    from nbconvert.preprocessors.sanitize import SanitizeHTML
    kept = []
    for output in outputs if isinstance(outputs, list) else []:
        try:
            node = nbformat.from_dict(output)
            nbformat.validator.validate(node, ref="output", version=4)
        except Exception:                                        # noqa: BLE001 -- a malformed output is dropped
            continue
        if "metadata" in node:            # nbconvert writes an image's width and height into its tag unquoted
            node["metadata"] = {}
        data = node.get("data", {})
        for key in ("text/html", "text/markdown"):
            tags = str(data.get(key, "")).count("<")
            if tags > budget[0]:
                del data[key]
            else:
                budget[0] -= tags
        kept.append(node)
    try:
        return list(SanitizeHTML().sanitize_code_outputs(kept))
    except Exception:                                            # noqa: BLE001 -- nothing is kept that bleach chokes on
        return []


def sanitize(nb, release) -> tuple:
    """``(notebook, notes)``: a repaired submission safe to store, grade and show (Formgrader and feedback
    render HTML unsanitized): the student version's metadata, a locked cell's course text, the student's
    markdown as plain text, sanitized outputs, and of each cell only its id, type, text, outputs, count,
    the course's nbgrader metadata and plain-word tags."""
    import nbformat
    from nbgrader.utils import is_locked
    models = {grade_id(c): c for c in release.cells if grade_id(c)}
    out = nbformat.v4.new_notebook(metadata=copy.deepcopy(release.metadata))
    notes, ids, shown_as_text, budget = [], set(), 0, [MAX_HTML_TAGS]
    for cell in nb.cells:
        gid = grade_id(cell)
        model = models.get(gid)
        text = _text(cell)
        if model is not None and is_locked(model) and not is_answer(model):
            text = model.source
        elif cell.cell_type in ("markdown", "raw") and text.strip():
            text, shown_as_text = as_plain_text(text), shown_as_text + 1
        kind = "markdown" if cell.cell_type == "raw" else cell.cell_type
        new = (nbformat.v4.new_code_cell(text) if kind == "code" else nbformat.v4.new_markdown_cell(text))
        cid = cell.get("id")
        new["id"] = cid if isinstance(cid, str) and CELL_ID.match(cid) and cid not in ids else uuid.uuid4().hex[:8]
        ids.add(new["id"])
        metadata = cell.get("metadata", {})
        if "nbgrader" in metadata and model is not None:
            new.metadata["nbgrader"] = copy.deepcopy(model.metadata["nbgrader"])
            for key in ("deletable", "editable"):
                if key in model.metadata:
                    new.metadata[key] = model.metadata[key]
        tags = metadata.get("tags")
        if isinstance(tags, list):
            clean = [t for t in tags if isinstance(t, str) and TAG.match(t)]
            if clean:
                new.metadata["tags"] = clean
        if kind == "code":
            count = cell.get("execution_count")
            new["execution_count"] = count if isinstance(count, int) and not isinstance(count, bool) else None
            new["outputs"] = _sanitized_outputs(cell.get("outputs", []), budget)
        out.cells.append(new)
    if shown_as_text:
        notes.append(f"{shown_as_text} markdown or raw cell(s) of the student's shown as plain text")
    return out, notes


def _count_cells(data) -> int:
    """How many cells the notebook JSON ``data`` holds (version 4's ``cells``, and version 3's worksheets')."""
    sheets = data.get("worksheets")
    lists = [data.get("cells")] + [w.get("cells") for w in sheets if isinstance(w, dict)] \
        if isinstance(sheets, list) else [data.get("cells")]
    return sum(len(cells) for cells in lists if isinstance(cells, list))


def read_submission(path: Path, release):
    """``(notebook, notes)``: the submission at ``path`` read, repaired and sanitized, or WorkflowError why not."""
    import nbformat
    path = Path(path)
    try:
        if path.stat().st_size > MAX_NOTEBOOK_MB << 20:
            raise WorkflowError(f"{shown(path.name)} is larger than {MAX_NOTEBOOK_MB} MB: not read")
        text = path.read_text(encoding="utf-8")
        cells = _count_cells(json.loads(text))
        if cells > MAX_CELLS:
            raise WorkflowError(f"{shown(path.name)} has {cells:,} cells (at most {MAX_CELLS:,}): not read")
        nb = nbformat.reads(text, as_version=4)
        if sum(len(_text(c)) for c in nb.get("cells", []) if isinstance(c, dict)) > MAX_TEXT_MB << 20:
            raise WorkflowError(f"{shown(path.name)} holds more than {MAX_TEXT_MB} MB of text in its cells: not read")
    except WorkflowError:
        raise
    except Exception as e:                                       # noqa: BLE001 -- whatever the file is
        raise WorkflowError(f"{shown(path.name)} is not a readable notebook ({type(e).__name__})") from None
    try:
        fixed, done = repair(nb, release)
        safe, more = sanitize(fixed, release)
    except WorkflowError as e:
        raise WorkflowError(f"{shown(path.name)} could not be matched with the student version ({e})") from None
    except Exception as e:                                       # noqa: BLE001
        raise WorkflowError(f"{shown(path.name)} could not be matched with the student version "
                            f"({type(e).__name__})") from None
    return safe, done + more

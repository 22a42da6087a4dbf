"""Fake submissions: what students hand in, simulated, and the self-test that grades them.

Each file ``tests/submissions/<assignment>/<name>.py`` is the student version plus edits, in blocks
that start with a ``# %%`` line (format: tests/submissions/README.md), and says what its grades must
be.  :func:`selftest` builds every file of an assignment into a notebook, autogrades them all with
nbgrader (:func:`gamelib.grading.workflow.autograde`) in a temporary course folder, and compares each
test cell's grade, the total, and the phrases the feedback must contain.  CI runs it for every
assignment; ``python -m gamelib.grading selftest`` runs it by hand.
"""
from __future__ import annotations

import copy
import re
import tempfile
import uuid
from pathlib import Path
from typing import NamedTuple

from .cells import grade_id, is_answer
from .course import SECRET, SOURCE, WorkflowError, notebooks, prepare_course, run_nbgrader
from .recording import grades
from .workflow import autograde

SUBMISSIONS = Path(__file__).resolve().parents[2] / "tests" / "submissions"
MARKER = re.compile(r"^# %% *(.*)$")
PARTIAL = "partial"
"""A cell's expected score in a fake: more than 0 and less than the cell's points."""
SELFTEST_SECRET = "selftest: a fixed course secret, so that every fake draws the same hidden cases each run"


class Fake(NamedTuple):
    """A fake submission: its ``name``, the ``blocks`` of edits that make it, and what its grades must
    be: ``total``; ``cells``, {grade_id: score} (cells left out expect full marks) or one score for every
    cell; ``says``, {grade_id: text or texts its output must contain}."""

    name: str
    path: Path
    blocks: list
    total: float
    cells: dict | float
    says: dict

    def expected(self, cell: str, full: float):
        """The score ``cell`` (worth ``full`` points) must get, or ``PARTIAL``: more than 0, less than
        ``full`` (a cell of hidden cases where the bug shows in some of them)."""
        if isinstance(self.cells, dict):
            return self.cells.get(cell, full)
        return self.cells


def read(path: Path) -> Fake:
    """Parse a fake submission file."""
    blocks, head, body = [], None, []
    for line in Path(path).read_text().splitlines():
        m = MARKER.match(line)
        if m:
            if head is not None:
                blocks.append((head, "\n".join(body).strip("\n")))
            head, body = m.group(1).strip(), []
        elif head is not None:
            body.append(line)
    if head is not None:
        blocks.append((head, "\n".join(body).strip("\n")))
    expect = [b for h, b in blocks if h == "expect"]
    if len(expect) != 1:
        raise WorkflowError(f"{path}: needs exactly one '# %% expect' block")
    space: dict = {}
    exec(compile(expect[0], str(path), "exec"), {}, space)                 # trusted test data
    if "total" not in space:
        raise WorkflowError(f"{path}: the expect block must set total")
    cells = space.get("cells", {})
    if not isinstance(cells, dict) and (isinstance(cells, bool) or not isinstance(cells, (int, float))):
        raise WorkflowError(f"{path}: cells must be a dict {{cell: score}} or one score for every cell")
    if isinstance(cells, dict) and any(v != PARTIAL and not isinstance(v, (int, float)) for v in cells.values()):
        raise WorkflowError(f"{path}: a cell's expected score is a number or {PARTIAL!r}")
    return Fake(Path(path).stem, Path(path), [(h, b) for h, b in blocks if h != "expect"],
                float(space["total"]), cells, dict(space.get("says", {})))


def solution_source(cell) -> str:
    """A source cell's text without its solution markers: the reference answer."""
    return "\n".join(line for line in cell.source.splitlines()
                     if "### BEGIN SOLUTION" not in line and "### END SOLUTION" not in line)


def _find(nb, gid, fake):
    for c in nb.cells:
        if grade_id(c) == gid:
            return c
    raise WorkflowError(f"{fake.path}: no cell {gid!r} in the student version")


def _solutions(nb, arg, body, fake, solutions):
    for c in nb.cells:
        if is_answer(c):
            c.source = solutions[grade_id(c)]


def _answer(nb, arg, body, fake, solutions):
    cell = _find(nb, arg, fake)
    if not is_answer(cell):
        raise WorkflowError(f"{fake.path}: {arg} is not an answer cell")
    cell.source = body


def _add(nb, arg, body, fake, solutions):
    import nbformat
    nb.cells.append(nbformat.v4.new_code_cell(body))


def _strip(nb, arg, body, fake, solutions):
    for c in nb.cells:
        for key in ("nbgrader", "deletable", "editable"):
            c.metadata.pop(key, None)
        c["id"] = uuid.uuid4().hex[:8]


BLOCKS = {
    "solutions": _solutions,
    "answer": _answer,
    "edit": lambda nb, arg, body, fake, solutions: setattr(_find(nb, arg, fake), "source", body),
    "delete": lambda nb, arg, body, fake, solutions: nb.cells.remove(_find(nb, arg, fake)),
    "add": _add,
    "strip": _strip,
}
"""What each block of a fake does to the student version (tests/submissions/README.md)."""


def build(fake: Fake, release_nb, source_nb):
    """The notebook ``fake`` describes: the student version ``release_nb`` with its edits applied
    (``source_nb``, the source, supplies the solutions)."""
    nb = copy.deepcopy(release_nb)
    solutions = {grade_id(c): solution_source(c) for c in source_nb.cells if is_answer(c)}
    for head, body in fake.blocks:
        word, _, arg = head.partition(" ")
        if word not in BLOCKS:
            raise WorkflowError(f"{fake.path}: unknown block '# %% {head}'")
        BLOCKS[word](nb, arg, body, fake, solutions)
    return nb


def fakes(assignment: str, folder: Path = SUBMISSIONS) -> list[Fake]:
    """Every fake submission of ``assignment``, by name."""
    return [read(p) for p in sorted((Path(folder) / assignment).glob("*.py"))]


class SelfTest(NamedTuple):
    """A fake submission graded: its total, each cell's score, and what differed from its
    expectations (nothing when all is as it should be)."""

    fake: Fake
    total: float
    scores: dict
    problems: list


def cell_outputs(course: Path, assignment: str, student: str) -> dict:
    """``{grade_id: the text of its outputs}`` in an autograded submission."""
    import nbformat
    out = {}
    for path in notebooks(Path(course) / "autograded" / student / assignment):
        for c in nbformat.read(str(path), as_version=4).cells:
            if grade_id(c) and c.cell_type == "code":
                parts = []
                for o in c.get("outputs", []):
                    if o.output_type == "stream":
                        parts.append(o.text)
                    elif o.output_type == "error":
                        parts.append(f"{o.ename}: {o.evalue}")
                    elif "text/plain" in o.get("data", {}):
                        parts.append(o.data["text/plain"])
                out[grade_id(c)] = "\n".join(parts)
    return out


def _judge(fake: Fake, cells: dict, outputs: dict, notes: list) -> list:
    problems = [n for n in notes if "NOT GRADED" in n]
    if not cells:
        return problems or ["no grades in the gradebook: it was not graded"]
    partial = 0.0
    for cell, (score, full) in cells.items():
        want = fake.expected(cell, full)
        if want == PARTIAL:
            partial += score
            if not 0 < score < full:
                problems.append(f"{cell}: {score:g} of {full:g}, expected partial credit (more than 0, less "
                                f"than {full:g})")
        elif abs(score - want) > 1e-9:
            problems.append(f"{cell}: {score:g} of {full:g}, expected {want:g}")
    if isinstance(fake.cells, dict) and set(fake.cells) - set(cells):
        problems.append(f"expect names cells that are not graded: {sorted(set(fake.cells) - set(cells))}")
    total = sum(s for s, _ in cells.values()) - partial
    if abs(total - fake.total) > 1e-9:
        what = "total of the cells expected exactly" if partial else "total"
        problems.append(f"{what} {total:g}, expected {fake.total:g}")
    for cell, phrases in fake.says.items():
        for phrase in [phrases] if isinstance(phrases, str) else phrases:
            if phrase not in outputs.get(cell, ""):
                problems.append(f"{cell}: its output does not say {phrase!r}; it says "
                                f"{outputs.get(cell, '')[:400]!r}")
    return problems


def selftest(assignment: str, *, course: Path | None = None, folder: Path = SUBMISSIONS,
             source: Path = SOURCE, only=None, jobs: int = 2) -> list[SelfTest]:
    """Build the fake submissions of ``assignment`` (``only`` some, by name), autograde them in
    ``course`` (a temporary folder by default) and compare every cell's grade with what each expects."""
    import nbformat
    from nbgrader.converters import GenerateAssignment
    listed = [f for f in fakes(assignment, folder) if not only or f.name in set(only)]
    if not listed:
        raise WorkflowError(f"no fake submissions for {assignment} in {Path(folder) / assignment}")
    books = notebooks(Path(source) / assignment)
    if len(books) != 1:
        raise WorkflowError("fake submissions describe one-notebook assignments")
    with tempfile.TemporaryDirectory() as tmp:
        course = prepare_course(Path(course) if course is not None else Path(tmp) / "course", [assignment],
                                source)
        secret = course / SECRET
        if not secret.exists():
            secret.write_text(SELFTEST_SECRET + "\n")
        run_nbgrader(GenerateAssignment, course, assignment, force=True)     # a fresh student version
        release_nb = nbformat.read(str(course / "release" / assignment / books[0].name), as_version=4)
        source_nb = nbformat.read(str(books[0]), as_version=4)
        inbox = Path(tmp) / "inbox"
        for fake in listed:
            (inbox / fake.name).mkdir(parents=True)
            nbformat.write(build(fake, release_nb, source_nb), str(inbox / fake.name / books[0].name))
        report = autograde(assignment, inbox, course=course, source=source, jobs=jobs, _generated=True)
        by_student: dict = {}
        for g in grades(course, assignment):
            by_student.setdefault(g.student, {})[g.cell] = (g.score, g.max_score)
        results = []
        for fake in listed:
            cells = by_student.get(fake.name, {})
            status = report.get(fake.name)
            notes = [status.line()] if status is not None and status.status != "graded" else []
            problems = _judge(fake, cells, cell_outputs(course, assignment, fake.name), notes)
            results.append(SelfTest(fake, sum(s for s, _ in cells.values()),
                                    {c: s for c, (s, _) in cells.items()}, problems))
        return results

"""Recording a graded submission as nbgrader's autograder would, and reading the grades back.

:func:`record` writes what ``nbgrader autograde`` writes, in nbgrader's layout, so that nbgrader's
Formgrader, ``generate_feedback``, ``release_feedback`` and ``fetch_feedback`` read it as theirs:

* ``submitted/<student>/<assignment>/``: the submission (repaired and sanitized: it is what the
  Formgrader shows), its ``timestamp.txt`` and ``submission_secret.txt`` (kept from nbgrader's
  ``collect`` when the submission came that way, made otherwise: a learning system's download holds
  only what the student uploaded; :func:`carried_files`);
* ``autograded/<student>/<assignment>/``: the graded copy, with the course's test cells and every
  output, and the same two files;
* the gradebook: the auto scores, "No response." on untouched answers, the submission's timestamp.

**An override follows the answer, not its bytes**: a manual score (an override, or the Formgrader's)
stays on a resubmission unless what it judged changed (:func:`override_dropped`): the **code** of its
question's answers (compared as :func:`answer_form` reads them: the parsed program, so spacing, line
breaks, comments and the docstrings of functions and classes count for nothing), or the question's
**result**, its autograded score, with a change of the student's code elsewhere in the notebook (a
helper in another cell).  The same code graded again keeps every override, whatever its score does
(a machine's hiccup, or code that draws at random, cannot end a penalty).  Every drop is logged and
returned to be shown to the instructor as a warning.

:func:`grades` reads every graded cell back; :mod:`gamelib.grading.gradebook` writes them out (``export``,
which lived here, answers from there for one release).
"""
from __future__ import annotations

import ast
import io
import os
import secrets
import tokenize
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from . import log
from .cells import grade_id, is_answer
from .course import DEFAULT_COURSE, WorkflowError, gradebook, shown
from ..validate import moved

TIMESTAMP_FORMAT = "%Y-%m-%d %H:%M:%S.%f %Z"
"""nbgrader's own format of ``timestamp.txt`` (its exchange's ``timestamp_format``)."""
CARRIED = ("timestamp.txt", "submission_secret.txt")
"""The files beside a submission that nbgrader's exchange needs (``release_feedback`` reads both)."""


class Grade(NamedTuple):
    student: str
    assignment: str
    notebook: str
    cell: str
    score: float
    max_score: float


def write_atomic(path: Path, nb) -> None:
    import nbformat
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    nbformat.write(nb, str(tmp))
    os.replace(tmp, path)


def carried_files(folder: Path | None, submitted_at: datetime | None = None) -> dict:
    """``{name: text}`` of :data:`CARRIED` for a submission: what nbgrader's ``collect`` left beside it in
    ``folder`` (when it came that way: the caller gives ``folder`` only for the course's own
    ``submitted/``; None elsewhere, where such files are whatever the student uploaded), kept byte for
    byte, or a timestamp (``submitted_at``, default now) and a new secret.  Byte for byte:
    ``release_feedback`` names the feedback page after a hash of ``submission_secret.txt`` as it reads it,
    and ``fetch_feedback`` after the student's copy, which ``submit`` wrote without a newline; one
    character more and the student's page is never found.  The timestamp is nbgrader's bookkeeping (its
    gradebook, the Formgrader): the late rule never reads it (:mod:`gamelib.grading.late`)."""
    out = {}
    for name in CARRIED:
        path = Path(folder) / name if folder is not None else None
        if path is not None and path.is_file() and not path.is_symlink() and path.stat().st_size < 1000:
            text = path.read_text(errors="replace")
            if text.strip():
                out[name] = text
    if not out.get("timestamp.txt"):
        when = submitted_at or datetime.now(timezone.utc)
        out["timestamp.txt"] = when.astimezone(timezone.utc).strftime(TIMESTAMP_FORMAT)
    if not out.get("submission_secret.txt"):
        out["submission_secret.txt"] = secrets.token_hex(16)
    return out


def answer_spans(source_nb) -> dict:
    """``{grade cell: the answer cells it grades}``: a test cell grades the answers of its question (the
    answer cells just before it, past any other test cells of the same question); a manually graded
    answer, itself."""
    from nbgrader.utils import is_grade
    spans, answers, collecting = {}, [], False
    for cell in source_nb.cells:
        gid = grade_id(cell)
        if gid is None:
            continue
        if is_answer(cell):
            if not collecting:
                answers, collecting = [], True
            answers.append(gid)
            if is_grade(cell):
                spans[gid] = (gid,)
        elif is_grade(cell):
            spans[gid] = tuple(answers)
            collecting = False
    return spans


def _without_docstrings(tree):
    """``tree`` with the docstring of every function and class taken out (they are prose, as comments)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return tree


_MARKS = {tokenize.INDENT: "<indent>", tokenize.DEDENT: "<dedent>", tokenize.NEWLINE: "<newline>"}


def answer_form(source: str, cell_type: str = "code") -> str:
    """What an answer cell says, for telling whether a resubmission changed it: equal forms, the same
    answer.

    * code: its parsed program (``ast.dump``: no line numbers), so spacing, line breaks, parentheses
      that change nothing, comments, and the docstrings of its functions and classes (prose, as
      comments are) count for nothing; a string standing alone at the top of the cell counts, since it
      may be the answer itself;
    * code that does not parse (an IPython magic, a syntax error, nesting too deep for the parser): its
      tokens, comments and blank lines left out, indentation kept as a mark;
    * markdown, raw, and anything that does not even tokenize: its words, spacing left out.
    """
    text = str(source)
    if cell_type == "code":
        try:
            return "code: " + ast.dump(_without_docstrings(ast.parse(text)))
        except Exception:                                    # noqa: BLE001 -- SyntaxError, RecursionError, MemoryError...
            pass
        try:
            tokens = [_MARKS.get(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(text).readline)
                      if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.ENDMARKER)]
            return "tokens: " + " ".join(tokens)
        except Exception:                                    # noqa: BLE001 -- TokenError, IndentationError...
            pass
    return "text: " + " ".join(text.split())


def _answers(nb) -> dict:
    """``{grade id: answer_form}`` of ``nb``'s answer cells."""
    return {grade_id(c): answer_form(c.source, c.cell_type) for c in nb.cells if grade_id(c) and is_answer(c)}


def _own_code(nb) -> tuple:
    """The student's code in ``nb``, in order: every answer cell and every code cell of their own (the
    course's locked cells are the course's text whatever the submission said)."""
    return tuple(answer_form(c.source, c.cell_type) for c in nb.cells
                 if c.cell_type == "code" and (grade_id(c) is None or is_answer(c)))


class Earlier(NamedTuple):
    """What a resubmission is compared with: the answers whose form changed since the graded copy
    (``changed``; None: no earlier copy could be read, so every answer counts as changed) and whether any
    other code of the student's changed (``code_changed``)."""

    changed: set | None
    code_changed: bool


def compare(previous: Path, now) -> Earlier:
    """``now`` (a submitted notebook) against the earlier graded copy stored at ``previous``."""
    import nbformat
    if not Path(previous).exists():
        return Earlier(None, True)
    try:
        before_nb = nbformat.read(str(previous), as_version=4)
        before, after = _answers(before_nb), _answers(now)
        return Earlier({gid for gid in set(before) | set(after) if before.get(gid) != after.get(gid)},
                       _own_code(before_nb) != _own_code(now))
    except Exception:                                        # noqa: BLE001 -- an unreadable old copy: all changed
        return Earlier(None, True)


def override_dropped(earlier: Earlier, answers: tuple, old_auto: float | None, new_auto: float) -> str:
    """Why a manual score on a question whose answers are ``answers`` ends with this resubmission ('' if
    it stays): its answers' code changed, or its autograded score (``old_auto`` -> ``new_auto``)
    changed with the student's code.  The same code keeps it, whatever the score does."""
    if earlier.changed is None:
        return "the earlier graded copy could not be read, so its answer counts as changed"
    if set(answers) & earlier.changed:
        return "its answer's code changed"
    if earlier.code_changed and old_auto is not None and abs(float(old_auto) - float(new_auto)) > 1e-9:
        return (f"its autograded score changed ({float(old_auto):g} -> {float(new_auto):g}) with the student's "
                "code elsewhere in the notebook")
    return ""


def record(course: Path, assignment: str, student: str, books: dict, graded: dict, carried: dict) -> tuple:
    """Write a graded submission (see the module's docstring).  ``books`` {name: (submission, source)},
    ``graded`` {name: executor.Graded}, ``carried`` {name: text} (:func:`carried_files`).  Returns
    (score, the course's maximum, dropped): the maximum is the source's, never the submission's;
    ``dropped`` says each manual score this resubmission ended, and why, for the instructor to see (a
    warning, not only a line of the log)."""
    from nbgrader.utils import compute_checksum, is_grade, is_solution, is_task, parse_utc
    score = top = 0.0
    dropped = []
    standing = log.standing_overrides(course, assignment, student)
    with gradebook(course) as gb:
        gb.update_or_create_student(student)
        submission = gb.update_or_create_submission(assignment, student)
        try:
            submission.timestamp = parse_utc(carried["timestamp.txt"].strip())
        except (ValueError, TypeError, OverflowError):
            pass
        for name, g in graded.items():
            submitted_nb, source_nb = books[name]
            earlier = compare(course / "submitted" / student / assignment / f"{name}.ipynb", submitted_nb)
            spans = answer_spans(source_nb)
            for folder, nb in (("submitted", submitted_nb), ("autograded", g.notebook)):
                where = course / folder / student / assignment
                write_atomic(where / f"{name}.ipynb", nb)
                for filename, text in carried.items():
                    (where / filename).write_text(text)           # as nbgrader wrote it (see carried_files)
            for cell in source_nb.cells:
                if is_grade(cell):
                    top += float(cell.metadata["nbgrader"].get("points", 0) or 0)
            for cell in g.notebook.cells:
                gid = grade_id(cell)
                if gid is None:
                    continue
                if is_grade(cell) and gid in g.scores:
                    grade = gb.find_grade(gid, name, assignment, student)
                    why = "" if grade.manual_score is None else \
                        override_dropped(earlier, spans.get(gid, ()), grade.auto_score, g.scores[gid][0])
                    if why:
                        entry = standing.get(gid)
                        given = (f"the override {grade.manual_score:g} on {gid} ({shown(entry.why, 80)!r}, by "
                                 f"{shown(entry.who, 40)})" if entry is not None else
                                 f"the manual score {grade.manual_score:g} on {gid} (given in the Formgrader)")
                        dropped.append(f"{given} was dropped: {why}; the autograder's {g.scores[gid][0]:g} counts "
                                       f"(to give it again: override {assignment} {student} {gid} "
                                       f"{grade.manual_score:g} --why \"...\")")
                        log.append(course, log.Entry("override dropped", assignment, student, gid,
                                                     float(grade.manual_score), g.scores[gid][0],
                                                     f"{why} in a resubmission: the autograder's score counts"))
                        grade.manual_score = None
                    grade.auto_score = g.scores[gid][0]
                    grade.needs_manual_grade = grade.manual_score is not None or grade.auto_score is None
                    score += grade.manual_score if grade.manual_score is not None else g.scores[gid][0]
                if is_solution(cell) or is_task(cell):
                    try:
                        comment = gb.find_comment(gid, name, assignment, student)
                    except Exception:                        # noqa: BLE001 -- a cell nbgrader does not know
                        continue
                    unchanged = cell.metadata.get("nbgrader", {}).get("checksum") == compute_checksum(cell)
                    comment.auto_comment = "No response." if unchanged and not is_task(cell) else None
        gb.db.commit()
    return score, top, dropped


def grades(course: Path = DEFAULT_COURSE, assignment: str | None = None) -> list[Grade]:
    """Every graded cell of every autograded submission in ``course``'s gradebook (a manual score, where
    the instructor gave one, counts instead of the auto score, as in nbgrader)."""
    course = Path(course).resolve()
    db = course / "gradebook.db"
    if not db.exists():
        raise WorkflowError(f"{course} has no gradebook.db: autograde there first")
    out = []
    with gradebook(course) as gb:
        for a in gb.assignments:
            if assignment is not None and a.name != assignment:
                continue
            for submission in gb.assignment_submissions(a.name):
                for nb in submission.notebooks:
                    for g in nb.grades:
                        out.append(Grade(submission.student.id, a.name, nb.name, g.name,
                                         float(g.score), float(g.max_score)))
    return out


def num(x: float):
    """A score as the CSV writes it, to 4 decimals: ``17`` for a whole number, ``17.5`` otherwise (never
    ``17.0``, nor for 16.999999999)."""
    x = round(float(x), 4)
    return int(x) if x.is_integer() else x


__getattr__ = moved(__name__, {"export": "gamelib.grading.gradebook", "EXPORT_FIELDS": "gamelib.grading.gradebook"})

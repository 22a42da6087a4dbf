"""The grades as an instructor hands them on: one row per student and assignment, final (:func:`rows`, the
one place a final grade is worked out), written by nbgrader export plugins (:data:`EXPORTERS`), so that
``nbgrader export --exporter gamelib.grading.gradebook.CanvasExporter`` writes what the kit's ``export``
does.  A learning system's file is read against its own roster (:func:`read_roster`), a student it
identified by that system's id alone.  A student not graded has an empty cell, never 0 (nbgrader's own
CSV writes 0.0); a text cell a spreadsheet would read as a formula is quoted (:func:`safe_cell`): a
student's file name is data.
"""
from __future__ import annotations

import csv
import os
import re
from pathlib import Path
from typing import NamedTuple

from nbgrader.plugins import ExportPlugin
from traitlets import Unicode

from . import late as late_rule
from .course import DEFAULT_COURSE, WorkflowError, course_lock, read_table, statuses
from .course import gradebook as open_gradebook
from .log import standing_overrides
from .recording import Grade, grades, num

EXPORT_FIELDS = ("assignment", "student_id", "score", "max_score", "status", "note", "late", "penalty")


class Row(NamedTuple):
    """One student's grade of one assignment: ``score`` final (after the late penalty; None unless
    graded), ``raw`` the gradebook's total, ``overrides`` the log's entries in force, ``name`` a learning
    system's name of the student (for people)."""

    assignment: str
    student: str
    status: str
    score: float | None
    max_score: float
    raw: float | None = None
    late: object = None
    note: str = ""
    overrides: tuple = ()
    name: str = ""


def rows(course: Path = DEFAULT_COURSE, cells: list | None = None, gradebook=None) -> tuple[list, dict]:
    """``(assignments, {(assignment, student): Row})`` for every student the course knows (gradebook or
    gradings) and every assignment of its gradebook (``cells`` and ``gradebook``: already read, open)."""
    course = Path(course).resolve()
    cells = grades(course) if cells is None else cells              # also checks the gradebook exists
    if gradebook is None:
        with open_gradebook(course) as gb:
            return rows(course, cells, gb)
    names = [a.name for a in gradebook.assignments]
    max_scores = {a.name: float(a.max_score) for a in gradebook.assignments}
    students = sorted(s.id for s in gradebook.students)
    policy = late_rule.load(course)
    totals: dict = {}
    for g in cells:
        totals[g.assignment, g.student] = totals.get((g.assignment, g.student), 0.0) + g.score
    table = {a: statuses(course, a) for a in names}
    everyone = sorted(set(students) | {s for a in names for s in table[a] if not s.startswith("?")})
    out = {}
    for a in names:
        top = max_scores[a]
        for student in everyone:
            st = table[a].get(student)
            name = st.name if st is not None else ""
            if st is not None and st.status != "graded":
                out[a, student] = Row(a, student, "not graded", None, top, note=st.reason, name=name)
            elif (a, student) in totals:
                raw = round(totals[a, student], 4)
                late = late_rule.assess(policy, a, student, getattr(st, "submitted_at", "") or "",
                                        st.late if st is not None else "", raw, top)
                overrides = tuple(standing_overrides(course, a, student).values())
                out[a, student] = Row(a, student, "graded", round(max(0.0, raw - late.deducted), 4), top, raw,
                                      late, st.reason if st is not None else "", overrides, name)
            else:
                out[a, student] = Row(a, student, "no submission", None, top, name=name)
    return names, out


FORMULA = re.compile(r"^[=+\-@\t\r]")


def safe_cell(value):
    """A CSV cell a spreadsheet shows as text: a string it would read as a formula with a ``'`` before it."""
    return "'" + value if isinstance(value, str) and FORMULA.match(value) and not _NUMBER.match(value) else value


_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def write_csv(path: Path, header, lines, quote_all: bool = False) -> None:
    """A CSV file, every cell through :func:`safe_cell`, written whole or not at all (the last one stays)."""
    part = Path(path).with_name(Path(path).name + ".tmp")
    try:
        with open(part, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL)
            w.writerow([safe_cell(h) for h in header])
            w.writerows([[safe_cell(c) for c in line] for line in lines])
        os.replace(part, path)
    except OSError as e:
        part.unlink(missing_ok=True)
        raise WorkflowError(f"cannot write {path}: {e.strerror}") from None


def _late_cells(row: Row) -> tuple:
    if row.late is None or not row.late.text:
        return "", ""
    return row.late.text, num(row.late.deducted)


def _override_text(row: Row) -> str:
    return "; ".join(f"{e.question} set to {num(e.new)} by {e.who} ({e.why})" for e in row.overrides)


class Layout(NamedTuple):
    """A learning system's gradebook CSV: ``identity`` columns (copied), the ``key`` column of import, an
    assignment's grade ``column`` read, and whether every cell is quoted."""

    system: str
    identity: tuple
    key: str
    column: re.Pattern
    quote_all: bool = False


LAYOUTS = {
    "canvas": Layout("Canvas", ("Student", "ID", "SIS User ID", "SIS Login ID", "Integration ID", "Section"), "ID",
                     re.compile(r"^(?P<name>.+) \((?P<id>\d+)\)$")),
    "moodle": Layout("Moodle", ("Identifier", "Full name", "First name", "Last name", "ID number", "Institution",
                                "Department", "Username", "Email address"), "Email address",
                     re.compile(r"^[^:]+: (?P<name>.+) \((?:Real|Percentage|Letter)\)$")),
    "blackboard": Layout("Blackboard", ("Last Name", "First Name", "Username", "Student ID"), "Username",
                         re.compile(r"^(?P<name>.+?) \[Total Pts: [^\]]*\] \|(?P<id>\d+)$"), quote_all=True),
}


class Roster(NamedTuple):
    """A learning system's roster: ``rows`` ('Points Possible' apart, ``points``), ``keys`` {kit id: row
    index} and ``columns`` {assignment: the roster's own header for it}."""

    layout: Layout
    header: list
    rows: list
    keys: dict
    columns: dict
    points: dict | None = None

    @property
    def moodle_ids(self) -> bool:
        return any(k.startswith("moodle-") for k in self.keys)


def _unquote(cell: str) -> str:
    return cell[1:] if cell[:1] == "'" and FORMULA.match(cell[1:2] or "x") else cell


def _kit_ids(system: str, row: dict) -> list[str]:
    """The ids the kit may have given this row's student: the system's own id of them (``canvas-103``,
    ``moodle-77``), then those a file name may have given, none of the form of a system's id (an email
    address ``moodle-77@...`` is the student's to choose: it must not answer for participant 77)."""
    from .submissions import LMS_KEY, canvas_name, student_id
    g = row.get
    own = []
    if system == "canvas":
        squashed = canvas_name(g("Student", ""))                           # Canvas's download name of them
        out = [student_id(squashed), f"{student_id(squashed)}_{g('ID', '')}", student_id(g("SIS Login ID", "")),
               student_id(g("SIS User ID", ""))]
        if g("ID", "").strip().isdigit():
            own = [f"canvas-{int(g('ID'))}"]                               # the kit's id of a Canvas download
    elif system == "moodle":
        email = g("Email address", "")
        full = g("Full name", "") or f"{g('First name', '')} {g('Last name', '')}"
        out = [student_id(full), student_id(email),
               student_id(email.split("@")[0]), student_id(g("Username", "")), student_id(g("ID number", ""))]
        participant = re.fullmatch(r"\s*Participant\s+(\d+)\s*", g("Identifier", ""))
        if participant:                                                     # Moodle's grading worksheet
            own = [f"moodle-{int(participant[1])}"]
    else:
        out = [student_id(g("Username", "")), student_id(g("Student ID", "")),
               student_id(f"{g('First Name', '')} {g('Last Name', '')}")]
    return own + [k for k in dict.fromkeys(out) if k and not k.endswith("_") and not LMS_KEY.match(k)]


def read_roster(path: Path, fmt: str, assignments=()) -> Roster:
    """The learning system's own gradebook export at ``path``, read as it comes."""
    layout = LAYOUTS[fmt]
    table = read_table(path)
    if not table:
        raise WorkflowError(f"{path} is empty: export the gradebook from {layout.system} and give that file")
    header = [h.strip() for h in table[0]]
    if layout.key not in header:
        raise WorkflowError(f"{path} is not a {layout.system} gradebook export: it has no {layout.key!r} column "
                            f"(its columns: {', '.join(header[:8])})")
    rows, points = [], None
    for cells in table[1:]:
        row = dict(zip(header, [_unquote(c.strip()) for c in cells]))
        if fmt == "canvas" and row.get("Student", "").strip() in ("Points Possible", ""):
            if row.get("Student", "").strip() == "Points Possible":
                points = row
            continue
        if not row.get(layout.key):
            continue
        rows.append(row)
    keys: dict = {}
    shared = set()
    for i, row in enumerate(rows):
        for k in _kit_ids(fmt, row):
            if k in keys and keys[k] != i:
                shared.add(k)
            keys.setdefault(k, i)
    for k in shared:                                      # two students answer to it: neither does
        del keys[k]
    columns = {}
    for h in header:
        m = layout.column.match(h)
        if m and m["name"] in assignments:
            columns.setdefault(m["name"], h)
        elif h in assignments:
            columns.setdefault(h, h)
    return Roster(layout, header, rows, keys, columns, points)


class GradesExporter(ExportPlugin):
    """nbgrader's export as ``grades.csv`` and ``grades_by_cell.csv`` (nbgrader's ``--to``, ``--assignment``
    and ``--student`` honoured); after :meth:`export`, ``written`` is ``(the file, the file beside it)``."""

    format = "long"
    written: tuple = ()
    course = Unicode("", help="The course folder (default: nbgrader's course root).").tag(config=True)

    def check(self) -> None:
        """Raise :class:`WorkflowError` if the export cannot run as configured."""

    def export(self, gradebook) -> None:
        try:
            self._export(gradebook)
        except WorkflowError as e:
            if not hasattr(self.parent, "fail"):              # not run by nbgrader: the kit's command says it
                raise
            self.parent.fail(str(e))                          # nbgrader's way: the message, exit status 1

    def _export(self, gradebook) -> None:
        self.check()
        coursedir = getattr(self.parent, "coursedir", None)
        course = Path(self.course or (coursedir.root if coursedir is not None else DEFAULT_COURSE)).resolve()
        out = Path(self.to) if self.to else course / ("grades.csv" if self.format == "long" else
                                                      f"grades_{self.format}.csv")
        cells = grades(course)
        with course_lock(course, "export"):
            names, table = rows(course, cells, gradebook)
            names = [a for a in names if not self.assignment or a in self.assignment]
            table = {k: r for k, r in table.items() if k[0] in names and (not self.student or k[1] in self.student)}
            self.written = out, self.write(out, names, table, cells)
        self.log.info("wrote %s and %s", *self.written)

    def write(self, out: Path, names: list, table: dict, cells: list[Grade]) -> Path:
        return _long(out, names, table, cells)


class LmsExporter(GradesExporter):
    """A learning system's import file, one row per student of its ``roster``, and ``_notes.csv`` beside it."""

    roster = Unicode("", help="The learning system's own gradebook export (CSV), read as it comes.").tag(config=True)

    def check(self) -> None:
        if not self.roster:
            raise WorkflowError(f"--format {self.format} needs --roster FILE (nbgrader export: --{type(self).__name__}"
                                f".roster=FILE): {LAYOUTS[self.format].system}'s own gradebook export, which maps "
                                "the kit's student ids to its own")

    def write(self, out: Path, names: list, table: dict, cells: list[Grade]) -> Path:
        return _lms(out, self.format, read_roster(Path(self.roster), self.format, names), names, table)


class CanvasExporter(LmsExporter):
    """Canvas's gradebook import (its Instructor Guide's "How do I import grades in the Gradebook?")."""

    format = "canvas"


class MoodleExporter(LmsExporter):
    """Moodle's grade import (docs.moodle.org's "Grade import")."""

    format = "moodle"


class BlackboardExporter(LmsExporter):
    """Blackboard's Grade Center upload (Blackboard Learn's "Upload grades from external sources")."""

    format = "blackboard"


EXPORTERS = {e.format: e for e in (GradesExporter, CanvasExporter, MoodleExporter, BlackboardExporter)}
FORMATS = tuple(EXPORTERS)


def export(course: Path = DEFAULT_COURSE, out: Path | None = None, *, format: str = "long",  # noqa: A002
           roster: Path | None = None) -> tuple[Path, Path]:
    """Write the grades of ``course`` in ``format`` with its exporter; returns ``(out, the per-cell file
    or the notes beside it)``."""
    if format not in EXPORTERS:
        raise WorkflowError(f"no export format {format!r} (there: {', '.join(FORMATS)})")
    course = Path(course).resolve()
    plugin = EXPORTERS[format](course=str(course), to=str(out or ""), **({"roster": str(roster or "")}
                                                                       if format != "long" else {}))
    plugin.check()
    if not (course / "gradebook.db").exists():                # opening one would make it, empty
        raise WorkflowError(f"{course} has no gradebook.db: autograde there first")
    with open_gradebook(course) as gb:
        plugin.export(gb)
    return plugin.written


def _long(out: Path, names: list, table: dict, cells: list[Grade]) -> Path:
    lines = []
    for (a, student), row in sorted(table.items(), key=lambda kv: (names.index(kv[0][0]), kv[0][1])):
        status = f"not graded: {row.note}" if row.status == "not graded" else row.status
        note = "; ".join(n for n in (row.note if row.status == "graded" else "", _override_text(row)) if n)
        lines.append((a, student, "" if row.score is None else num(row.score), num(row.max_score), status, note,
                      *_late_cells(row)))
    write_csv(out, EXPORT_FIELDS, lines)
    graded = {k for k, r in table.items() if r.status == "graded"}
    by_cell = out.with_name(out.stem + "_by_cell.csv")
    write_csv(by_cell, Grade._fields + ("status",),
              [(g.student, g.assignment, g.notebook, g.cell, num(g.score), num(g.max_score), "graded")
               for g in cells if (g.assignment, g.student) in graded])
    return by_cell


MOODLE_IDS = ("Moodle's grade export has no participant ids: give its grading worksheet as the roster "
              "(the assignment's Download grading worksheet, whose Identifier column is 'Participant 77')")
NOTES_FIELDS = ("assignment", "student_id", "lms_id", "status", "score", "max_score", "late", "penalty",
                "overrides", "note")


def _lms(out: Path, fmt: str, roster: Roster, names: list, table: dict) -> Path:
    layout = roster.layout
    identity = [h for h in layout.identity if h in roster.header]
    headers = [roster.columns.get(a, a) for a in names]
    students = sorted({s for _, s in table})
    wanted = {s: roster.keys.get(s) for s in students}        # canvas-103 by its ID alone: _kit_ids
    answering: dict = {}
    for s, i in wanted.items():
        if i is not None:
            answering.setdefault(i, []).append(s)
    collided = {s: group for group in answering.values() if len(group) > 1 for s in group}
    matched = {s: i for s, i in wanted.items() if i is not None and s not in collided}
    lines = []
    if roster.points is not None:                         # the roster's 'Points Possible' row, as Canvas writes it
        tops = {a: r.max_score for (a, _), r in table.items()}
        lines.append([roster.points.get(h, "") for h in identity] + [num(tops[a]) if a in tops else "" for a in names])
    index_to_student = {i: s for s, i in matched.items()}
    for i, row in enumerate(roster.rows):
        found = [table.get((a, index_to_student[i])) if i in index_to_student else None for a in names]
        lines.append([row.get(h, "") for h in identity] + ["" if r is None or r.score is None else num(r.score)
                                                           for r in found])
    write_csv(out, identity + headers, lines, layout.quote_all)
    notes = []
    for (a, student), r in sorted(table.items()):
        lms_id = roster.rows[matched[student]][layout.key] if student in matched else ""
        why = r.note
        if student in collided and r.status != "no submission":
            row = roster.rows[wanted[student]]
            others = " and ".join(repr(s) for s in collided[student])
            why = (f"a collision: {others} answer to one row of the {layout.system} roster ({layout.key} "
                   f"{row.get(layout.key, '')!r}): not in the export, neither of them (a student a learning "
                   f"system identifies is its id: name a file of theirs so, e.g. canvas-103.ipynb, to join them)" +
                   (f"; {why}" if why else ""))
        elif student not in matched and r.status != "no submission":
            named = f" ({r.name})" if r.name else ""
            why = f"not on the {layout.system} roster (no row answers to {student!r}{named}): not in the export" + \
                  (f"; {MOODLE_IDS}" if student.startswith("moodle-") and not roster.moodle_ids else "") + \
                  (f"; {why}" if why else "")
        elif r.status == "no submission" or (r.status == "graded" and not why and not r.overrides
                                             and not (r.late and r.late.text)):
            continue
        notes.append((a, student, lms_id, r.status, "" if r.score is None else num(r.score), num(r.max_score),
                      *_late_cells(r), _override_text(r), why))
    path = out.with_name(out.stem + "_notes.csv")
    write_csv(path, NOTES_FIELDS, notes)
    return path


def unmatched(notes: Path) -> list[str]:
    """The students a learning system's export left out, read from its notes file: those with no row of the
    roster (its note quotes a file name, which may say anything)."""
    with open(notes, newline="", encoding="utf-8") as f:
        return sorted({r["student_id"] for r in csv.DictReader(f) if not r["lms_id"]})


def read_back(path: Path, fmt: str, assignments) -> dict:
    """``{(the system's key of a student, assignment): score or None}``: an export read as the system reads it."""
    if fmt == "long":
        with open(path, newline="", encoding="utf-8") as f:
            return {(r["student_id"], r["assignment"]): (float(r["score"]) if r["score"] else None)
                    for r in csv.DictReader(f)}
    roster = read_roster(path, fmt, assignments)              # as the kit reads a roster, Points Possible apart
    return {(row[roster.layout.key], a): float(row[h]) if row.get(h, "").strip() else None
            for row in roster.rows for a, h in roster.columns.items()}

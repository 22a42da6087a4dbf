"""What the class got wrong, on one page: ``report ASSIGNMENT`` (issue 32).

It reads what grading already recorded, never grading again: the gradebook's scores per question
(:func:`gamelib.grading.recording.grades`), the gradings' statuses (time taken, why not graded), and
what each check found, which the grader keeps in each graded copy's test cells
(``metadata.gamelib.results``, :func:`gamelib.grading.context.record`): the cases run, those that
failed, and the known bugs named (:data:`gamelib.grading.mutants.MUTANTS`).  It writes
``<course>/reports/<assignment>.html`` and the same numbers as ``<assignment>.csv``:

* per question, the scores of the graded students, as a chart (its text alternative made from the same
  numbers, through :mod:`gamelib.viz.alt`) and as a table;
* each named bug: how many students made it, on which question, and the cases that caught it;
* the hidden cases most often failed;
* the time each submission took to grade; why the others were not graded.

Every word that comes from a submission (an id, a reason) is escaped; tables are tables (header cells,
a caption), the page says its language and has one main region.
"""
from __future__ import annotations

import csv
import html
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

from .cells import grade_id
from .course import DEFAULT_COURSE, WorkflowError, notebooks, statuses
from .recording import grades, num

BANDS = ("no points", "some points", "full marks")
"""How a question's scores are grouped in the chart: no points, some, full marks."""


class ClassData(NamedTuple):
    """What the report reads: ``questions`` [(question, max)], ``scores`` {question: [scores]},
    ``bugs`` {(question, bug): {student: [failed cases]}}, ``hidden`` Counter of (question, case),
    ``seconds`` {student: s}, ``not_graded`` {student: reason}, ``students`` graded, ``checked``
    {question: students whose check results were kept}."""

    assignment: str
    questions: list
    scores: dict
    bugs: dict
    hidden: Counter
    seconds: dict
    not_graded: dict
    students: list
    checked: dict


def gather(course: Path, assignment: str) -> ClassData:
    """Read the class's results of ``assignment`` from ``course`` (see the module's docstring)."""
    import nbformat
    course = Path(course).resolve()
    table = statuses(course, assignment)
    counted = {s for s, st in table.items() if st.status == "graded" or st.reason.startswith("kept")}
    cells = [g for g in grades(course, assignment) if not table or g.student in counted]
    if not cells and not table:
        raise WorkflowError(f"nothing of {assignment} is graded in {course}: autograde it first")
    questions: dict = {}
    scores: dict = defaultdict(list)
    for g in cells:
        questions.setdefault(g.cell, g.max_score)
        scores[g.cell].append(g.score)
    students = sorted({g.student for g in cells})
    bugs: dict = defaultdict(dict)
    hidden: Counter = Counter()
    checked: dict = defaultdict(int)
    for student in students:
        for path in notebooks(course / "autograded" / student / assignment):
            nb = nbformat.read(str(path), as_version=4)
            for cell in nb.cells:
                found = cell.get("metadata", {}).get("gamelib", {}).get("results")
                q = grade_id(cell)
                if q not in questions or not isinstance(found, list):
                    continue
                checked[q] += 1
                for fact in found:
                    failed = [str(c) for c in fact.get("failed", [])]
                    for bug in fact.get("bugs", []):
                        bugs[q, str(bug)][student] = failed
                    if fact.get("hidden"):
                        hidden.update((q, c) for c in failed)
    seconds = {s: st.seconds for s, st in table.items() if st.status == "graded"}
    not_graded = {s: st.reason for s, st in table.items() if st.status != "graded" and not st.reason.startswith("kept")}
    return ClassData(assignment, list(questions.items()), dict(scores), dict(bugs), hidden, seconds, not_graded,
                     students, dict(checked))


def _bands(values: list, top: float) -> tuple:
    return (sum(v == 0 for v in values), sum(0 < v < top for v in values), sum(v >= top for v in values))


def _bug_says(name: str) -> str:
    from .mutants import MUTANTS
    return next((m.says for m in MUTANTS if m.name == name), "")


def chart(data: ClassData):
    """The per-question score chart as a :class:`gamelib.viz.alt.Picture`: one bar per question, split into
    students with no points, some and full marks, each part hatched differently and labelled with its
    count; its words say the same numbers."""
    import matplotlib.pyplot as plt

    from ..viz.alt import Table, describe, picture
    names = [q for q, _ in data.questions]
    bands = [_bands(data.scores[q], top) for q, top in data.questions]
    fig, ax = plt.subplots(figsize=(7.4, 0.45 * len(names) + 1.4))
    left = [0] * len(names)
    styles = (("no points", "#ffffff", "xx"), ("some points", "#9ecae1", ".."), ("full marks", "#1f5f99", ""))
    for k, (label, colour, hatch) in enumerate(styles):
        widths = [b[k] for b in bands]
        bars = ax.barh(names, widths, left=left, color=colour, hatch=hatch, edgecolor="#1b1b1b", label=label)
        for bar, w in zip(bars, widths):
            if w:
                ax.text(bar.get_x() + w / 2, bar.get_y() + bar.get_height() / 2, str(w), ha="center", va="center",
                        color="#ffffff" if k == 2 else "#1b1b1b", fontsize=9,
                        bbox=None if k == 2 else {"facecolor": "#ffffff", "edgecolor": "none", "pad": 1})
        left = [a + b for a, b in zip(left, widths)]
    ax.invert_yaxis()
    ax.set_xlabel("students")
    ax.set_title(f"{data.assignment}: scores per question ({len(data.students)} graded)")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.08), ncol=3, frameon=False)
    words = "; ".join(f"{q}: {b[2]} full marks, {b[1]} some points, {b[0]} no points"
                      for (q, _), b in zip(data.questions, bands))
    rows = [[q, num(top), len(data.scores[q]), *b, num(round(statistics.mean(data.scores[q]), 2))]
            for (q, top), b in zip(data.questions, bands)]
    describe(ax, f"Bar chart of {data.assignment}'s scores per question, {len(data.students)} graded students. "
                 f"{words}.",
             details=[Table(["question", "points", "graded", "no points", "some", "full marks", "mean"], rows,
                            caption="The chart's numbers, with each question's mean")])
    return picture(fig)


def _table(caption: str, header: list, rows: list) -> str:
    from ..viz.alt import Table
    if not rows:
        return f"<p>{html.escape(caption)}: none.</p>"
    return Table(header, rows, caption=caption).html()


def _page(data: ClassData, shown) -> str:
    esc = html.escape
    bug_rows = []
    for (q, bug), who in sorted(data.bugs.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        caught = Counter(c for cases in who.values() for c in cases).most_common(3)
        bug_rows.append([bug, q, len(who), "; ".join(f"{c} ({n})" for c, n in caught), _bug_says(bug)])
    hidden_rows = [[c, q, n] for (q, c), n in data.hidden.most_common(10)]
    times = sorted(data.seconds.values())
    time_rows = ([["fastest", num(times[0])], ["median", num(round(statistics.median(times), 2))],
                  ["slowest", num(times[-1])], ["all together", num(round(sum(times), 2))]] if times else [])
    slowest = sorted(data.seconds.items(), key=lambda kv: -kv[1])[:5]
    unchecked = [q for q, _ in data.questions if not data.checked.get(q)]
    note = (f"<p>Questions graded without a check that names bugs (answers worked out by hand, or graded "
            f"before the kit kept check results): {esc(', '.join(unchecked))}.</p>" if unchecked else "")
    body = [f"<h1>What the class got wrong: {esc(data.assignment)}</h1>",
            f"<p>{len(data.students)} submissions graded, {len(data.not_graded)} not graded. Read from the "
            "gradebook and the graded copies; nothing was graded again.</p>",
            "<h2>Scores per question</h2>", shown.html(), note,
            "<h2>Named bugs</h2>",
            "<p>Each known bug the autograder named in a student's feedback, the question it was named on, and "
            "the cases that caught it most often (the number of those students each failed).</p>",
            _table("Named bugs, most common first", ["bug", "question", "students", "caught by", "what it does"],
                   bug_rows),
            "<h2>Hidden cases most often failed</h2>",
            _table("Hidden cases most often failed (at most ten)", ["case", "question", "students who failed it"],
                   hidden_rows),
            "<h2>Time to grade</h2>",
            _table("Seconds each submission took to grade", ["measure", "seconds"], time_rows),
            _table("The five slowest submissions", ["student", "seconds"], [[s, num(t)] for s, t in slowest]),
            "<h2>Not graded</h2>",
            _table("Submissions not graded, and why", ["student", "why"], sorted(data.not_graded.items()))]
    title = esc(f"Class report: {data.assignment}")
    style = ("body{font-family:sans-serif;color:#1b1b1b;background:#ffffff;max-width:60em;margin:1em auto;"
             "padding:0 1em;line-height:1.4} th{background:#f2f2f2}")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{style}</style></head>'
            f'<body><main>{"".join(body)}</main></body></html>\n')


def _rows_csv(data: ClassData) -> list:
    out = []
    for q, top in data.questions:
        values = data.scores[q]
        out += [("question", q, "points", num(top), ""), ("question", q, "graded", len(values), ""),
                ("question", q, "mean", num(round(statistics.mean(values), 4)), "")]
        out += [("question", q, band, n, "") for band, n in zip(BANDS, _bands(values, top))]
    for (q, bug), who in sorted(data.bugs.items()):
        out.append(("bug", q, bug, len(who), "; ".join(sorted(who))))
    out += [("hidden case failed", q, c, n, "") for (q, c), n in data.hidden.most_common()]
    out += [("seconds", "", s, num(t), "") for s, t in sorted(data.seconds.items())]
    out += [("not graded", "", s, "", why) for s, why in sorted(data.not_graded.items())]
    return out


def report(assignment: str, *, course: Path = DEFAULT_COURSE) -> tuple[Path, Path]:
    """Write the class report of ``assignment`` (HTML and CSV, in ``<course>/reports/``); returns both paths."""
    from .gradebook import safe_cell
    course = Path(course).resolve()
    data = gather(course, assignment)
    if not data.students:
        raise WorkflowError(f"no graded submission of {assignment} in {course}: nothing to report")
    folder = course / "reports"
    folder.mkdir(exist_ok=True)
    page = folder / f"{assignment}.html"
    page.write_text(_page(data, chart(data)), encoding="utf-8")
    numbers = folder / f"{assignment}.csv"
    with open(numbers, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(("what", "question", "name", "value", "detail"))
        w.writerows([[safe_cell(c) for c in row] for row in _rows_csv(data)])
    return page, numbers

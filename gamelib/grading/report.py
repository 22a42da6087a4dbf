"""What the class got wrong, on one page (``report ASSIGNMENT``), read from what grading already recorded
(the gradebook, the statuses, each check's results in the graded copy, :func:`gamelib.grading.context.record`),
never grading again.  A blank submission is counted apart: it would pull every question's scores down.
Every word that comes from a submission is escaped.
"""
from __future__ import annotations

import html
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

from .cells import grade_id
from .course import DEFAULT_COURSE, WorkflowError, notebooks, statuses
from .feedback import scroll_tables
from .recording import grades, num

BANDS = ("no points", "some points", "full marks")


class ClassData(NamedTuple):
    """What the report reads: ``bugs`` {(question, bug): {student: [failed cases]}}, ``hidden`` a Counter
    of (question, check, case), ``checked`` {question: students whose check results were kept}."""

    assignment: str
    questions: list
    scores: dict
    bugs: dict
    hidden: Counter
    seconds: dict
    not_graded: dict
    students: list
    checked: dict
    blank: list


def blank(nb) -> bool:
    """Whether every answer cell of a graded notebook is as handed out (nbgrader's "No response.")."""
    from nbgrader.utils import compute_checksum, is_solution
    answers = [c for c in nb.cells if is_solution(c)]
    return bool(answers) and all(c.metadata.nbgrader.get("checksum") == compute_checksum(c) for c in answers)


def gather(course: Path, assignment: str) -> ClassData:
    """Read the class's results of ``assignment`` from ``course``."""
    import nbformat
    course = Path(course).resolve()
    table = statuses(course, assignment)
    counted = {s for s, st in table.items() if st.status == "graded" or st.reason.startswith("kept")}
    cells = [g for g in grades(course, assignment) if not table or g.student in counted]
    if not cells and not table:
        raise WorkflowError(f"nothing of {assignment} is graded in {course}: autograde it first")
    questions = {g.cell: g.max_score for g in cells}
    students, blanks = [], []
    bugs: dict = defaultdict(dict)
    hidden: Counter = Counter()
    checked: dict = defaultdict(int)
    for student in sorted({g.student for g in cells}):
        graded = [nbformat.read(str(p), as_version=4) for p in notebooks(course / "autograded" / student / assignment)]
        if graded and all(blank(nb) for nb in graded):
            blanks.append(student)
            continue
        students.append(student)
        failed_hidden: set = set()                     # each case counts a student once, however often run
        for nb in graded:
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
                        failed_hidden.update((q, str(fact.get("check", "")), c) for c in failed)
        hidden.update(failed_hidden)
    scores: dict = defaultdict(list)
    for g in cells:
        if g.student not in blanks:
            scores[g.cell].append(g.score)
    seconds = {s: st.seconds for s, st in table.items() if st.status == "graded"}
    not_graded = {s: st.reason for s, st in table.items() if st.status != "graded" and not st.reason.startswith("kept")}
    return ClassData(assignment, list(questions.items()), dict(scores), dict(bugs), hidden, seconds, not_graded,
                     students, dict(checked), blanks)


def _cases(names) -> str:
    """Case names with their numbers gathered: "hidden position 2; hidden tree 1, 6, 7"."""
    numbered: dict = defaultdict(list)
    plain = []
    for name in sorted(names):
        head, _, k = name.rpartition(" ")
        if head and k.isdigit():
            numbered[head].append(int(k))
        else:
            plain.append(name)
    return "; ".join([f"{head} {', '.join(map(str, sorted(ks)))}" for head, ks in numbered.items()] + plain)


def hidden_rows(hidden: Counter, most: int = 10) -> list:
    """The hidden cases most often failed, rows ``[cases, question, check, students who failed each]``: the
    cases of one cell's check as many students failed are one row; ``most`` rows and any tied, never cut."""
    groups: dict = defaultdict(list)
    for (q, check, case), n in hidden.items():
        groups[q, check, n].append(case)
    rows = sorted(([_cases(c), q, check, n] for (q, check, n), c in groups.items()), key=lambda r: (-r[3], r[1:]))
    return [r for k, r in enumerate(rows) if k < most or r[3] == rows[most - 1][3]]


def _bands(values: list, top: float) -> tuple:
    return (sum(v == 0 for v in values), sum(0 < v < top for v in values), sum(v >= top for v in values))


def _bug_says(name: str) -> str:
    from .mutants import MUTANTS
    return next((m.says for m in MUTANTS if m.name == name), "")


def chart(data: ClassData):
    """The per-question score chart (:class:`gamelib.viz.alt.Picture`), each band hatched and counted; its
    words say the same numbers."""
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
    ax.set_title(f"{data.assignment}: scores per question ({_counted(data)})")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.08), ncol=3, frameon=False)
    words = "; ".join(f"{q}: {b[2]} full marks, {b[1]} some points, {b[0]} no points"
                      for (q, _), b in zip(data.questions, bands))
    rows = [[q, num(top), len(data.scores[q]), *b, num(round(statistics.mean(data.scores[q]), 2))]
            for (q, top), b in zip(data.questions, bands)]
    describe(ax, f"Bar chart of {data.assignment}'s scores per question, {_counted(data)}. {words}.",
             details=[Table(["question", "points", "graded", "no points", "some", "full marks", "mean"], rows,
                            caption="The chart's numbers, with each question's mean")])
    return picture(fig)


def _counted(data: ClassData) -> str:
    return f"{len(data.students)} graded" + (f", {len(data.blank)} blank, not counted" if data.blank else "")


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
    times = sorted(data.seconds.values())
    time_rows = ([["fastest", num(times[0])], ["median", num(round(statistics.median(times), 2))],
                  ["slowest", num(times[-1])], ["all together", num(round(sum(times), 2))]] if times else [])
    slowest = sorted(data.seconds.items(), key=lambda kv: -kv[1])[:5]
    unchecked = [q for q, _ in data.questions if not data.checked.get(q)]
    note = (f"<p>Questions graded without a check that names bugs (answers worked out by hand, or graded "
            f"before the kit kept check results): {esc(', '.join(unchecked))}.</p>" if unchecked else "")
    body = [f"<h1>What the class got wrong: {esc(data.assignment)}</h1>",
            f"<p>{len(data.students)} submissions graded and counted; {len(data.blank)} blank (every answer as "
            f"handed out), not counted{': ' + esc(', '.join(data.blank)) if data.blank else ''}; "
            f"{len(data.not_graded)} not graded. Read from the gradebook and the graded copies; nothing was "
            "graded again.</p>",
            "<h2>Scores per question</h2>", shown.html(), note,
            "<h2>Named bugs</h2>",
            "<p>Each known bug the autograder named in a student's feedback, the question it was named on, and "
            "the cases that caught it most often (the number of those students each failed).</p>",
            _table("Named bugs, most common first", ["bug", "question", "students", "caught by", "what it does"],
                   bug_rows),
            "<h2>Hidden cases most often failed</h2>",
            "<p>A check's hidden cases are numbered in each test cell on its own; the cases of one check that "
            "as many students failed share a row, and rows tied with the tenth are shown too.</p>",
            _table("Hidden cases most often failed", ["cases", "question", "check", "students who failed each"],
                   hidden_rows(data.hidden)),
            "<h2>Time to grade</h2>",
            _table("Seconds each submission took to grade, blank ones too", ["measure", "seconds"], time_rows),
            _table("The five slowest submissions", ["student", "seconds"], [[s, num(t)] for s, t in slowest]),
            "<h2>Not graded</h2>",
            _table("Submissions not graded, and why", ["student", "why"], sorted(data.not_graded.items()))]
    return html_page(f"Class report: {data.assignment}", "".join(body), "max-width:60em;margin:1em auto;padding:0 "
                     "1em;line-height:1.4} th{background:#f2f2f2")


REFLOW = (".gamelib-scroll{overflow-x:auto;max-width:100%} .gamelib-scroll:focus-visible{outline:2px solid #0072b2} "
          "p,li,code,h1,h2,h3,h4,figcaption{overflow-wrap:anywhere}")
"""A 320-px window reads without scrolling sideways (WCAG 1.4.10): tables scroll in a box of their own
(:func:`~gamelib.grading.feedback.scroll_tables`), long words wrap."""


def html_page(title: str, body: str, style: str) -> str:
    """One accessible page: its language said, one main region, reflowing at 320 px; ``style`` the body's,
    after its colours."""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>body{{font-family:'
            f'sans-serif;color:#1b1b1b;background:#fff;{style}}} {REFLOW}</style></head><body><main>'
            f'{scroll_tables(body)}</main></body></html>\n')


def _rows_csv(data: ClassData) -> list:
    out = []
    for q, top in data.questions:
        values = data.scores[q]
        out += [("question", q, "points", num(top), ""), ("question", q, "graded", len(values), ""),
                ("question", q, "mean", num(round(statistics.mean(values), 4)), "")]
        out += [("question", q, band, n, "") for band, n in zip(BANDS, _bands(values, top))]
    for (q, bug), who in sorted(data.bugs.items()):
        out.append(("bug", q, bug, len(who), "; ".join(sorted(who))))
    out += [("hidden case failed", q, c, n, check)
            for (q, check, c), n in sorted(data.hidden.items(), key=lambda kv: (-kv[1], kv[0]))]
    out += [("blank", "", s, "", "not counted") for s in data.blank]
    out += [("seconds", "", s, num(t), "") for s, t in sorted(data.seconds.items())]
    out += [("not graded", "", s, "", why) for s, why in sorted(data.not_graded.items())]
    return out


def report(assignment: str, *, course: Path = DEFAULT_COURSE) -> tuple[Path, Path]:
    """Write the class report of ``assignment`` (HTML and CSV); returns both paths."""
    from .gradebook import write_csv
    course = Path(course).resolve()
    data = gather(course, assignment)
    if not data.students:
        blank = f" (only {len(data.blank)} blank ones)" if data.blank else ""
        raise WorkflowError(f"no graded submission of {assignment} in {course}{blank}: nothing to report")
    folder = course / "reports"
    folder.mkdir(exist_ok=True)
    page = folder / f"{assignment}.html"
    page.write_text(_page(data, chart(data)), encoding="utf-8")
    numbers = folder / f"{assignment}.csv"
    write_csv(numbers, ("what", "question", "name", "value", "detail"), _rows_csv(data))
    return page, numbers

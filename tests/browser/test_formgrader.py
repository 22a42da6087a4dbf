"""nbgrader's Formgrader in Chromium, started as README.md and exercises/README.md tell instructors to
(issue #29, items 1 and 13): it lists the course's assignments, and no script from a submission runs in
the instructor's browser.

The course folder is made by the kit's commands, as the docs have them: ``python -m gamelib.grading
prepare`` (every assignment), ``autograde`` of 02_alpha_beta on an inbox of three students, and
``feedback``:

* ``alice``: the reference answers (an honest page must still render);
* ``mallory``: tests/exercises/term.py's ``script_submission``, whose markdown, raw cell, outputs, tags and
  notebook metadata carry scripts that would set ``window.__pwned``, read ``/api/contents/secret.key``
  and write a file named after ``term.MARKER``;
* ``oscar``: right answers that, while graded, display HTML, JavaScript and markdown carrying scripts and
  print one (a held-out attack: outputs made in the sandbox, not stored in the submission).

JupyterLab is then started in the course folder with no ``--config`` (:data:`FORMGRADER_COMMAND`).
Item 13: the Formgrader lists every assignment (started at the top of the repository, as the docs once
said, it listed none).  Item 1: the instructor, logged in with the server's token, opens the Formgrader,
its manual-grading list, each student's submission from that list, and each feedback page; then

* ``window.__pwned`` and ``window.__secret`` are undefined in every page and frame, no element carries an
  event handler of the submission's, a ``javascript:`` link or an embedded document, and the hostile text
  is on the page, as text;
* the pages asked nothing of ``/api/contents`` and sent nothing but GETs (the instructor only looked);
  nothing was fetched from outside 127.0.0.1 (such requests are refused, and recorded);
* no file named after the marker appeared, the course's files are the same, and ``grades.csv`` and the
  gradebook's scores are what they were before;
* the honest pages render (alice's code is on them) and the Formgrader's own scripts ran (each
  submission page asked for its grades).

A feedback page is opened as if the instructor's server served it at its own origin, unsandboxed (the
browser is handed the file's bytes for a URL of that origin): worse than any way it is really opened
(JupyterLab sandboxes HTML files; a student opens their copy from disk), so a script in it could read the
course through the Jupyter API with the instructor's login.

What keeps the pages clean is the stored copy (the student's markdown and raw cells kept as plain text,
gamelib/grading/submissions.py): nbgrader's formgrade and feedback templates render markdown cells without
sanitizing, whatever ``HTMLExporter.sanitize_html`` says (it does cover outputs).
:func:`test_the_detector_sees_a_script_that_runs` shows the checks can fail: the hostile notebook as
submitted, rendered by nbconvert's defaults, sets ``window.__pwned`` and reads the course secret.
"""
from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import nbformat
import pytest


from ..exercises import term
from .lab import VIEWPORT, TypedLab
from gamelib.grading.course import SECRET, assignments
from gamelib.grading.gradebook import export
from gamelib.grading import recording

ASSIGNMENT, NOTEBOOK = term.ASSIGNMENT, "alpha_beta"
VENV_BIN = Path(sys.executable).parent
PREPARE_COMMAND = ".venv/bin/python -m gamelib.grading prepare"
FORMGRADER_COMMAND = "cd exercises/course && ../../.venv/bin/jupyter lab"
"""How docs/instructors.md and exercises/README.md tell instructors to start the Formgrader (after PREPARE_COMMAND);
the test runs it in its own course folder, with the same venv's ``jupyter``."""
HONEST_LINE = "search = max_value if game.to_move(state) == MAX else min_value"
"""A line of alice's answer (the reference's q6) that the student version does not hold."""
DISPLAYS = f'''
from IPython.display import HTML, Javascript, Markdown, display
display(HTML("<script>window.__pwned='{term.MARKER}'</script><img src=x onerror='window.__pwned=1'>"))
display(Javascript("window.__pwned='{term.MARKER}'"))
display(Markdown("<script>window.__pwned=1</script>[x](javascript:window.__pwned=1)"))
display({{"text/html": "<script>window.__pwned=1</script>"}}, raw=True)
print("<script>window.__pwned=1</script>")
'''
"""What oscar's answer shows while it is graded, before the reference's code: outputs made in the sandbox,
which only a held-out attack would think of (the stored submission has none)."""
SHOWN = {"mallory": ["window.__pwned", "My notes"],                      # its markdown and raw cell, as text
         "oscar": ["<script>window.__pwned=1</script>", HONEST_LINE],       # its printed script, as text
         "alice": [HONEST_LINE]}                                            # the honest page still renders
"""What each student's submission page and feedback page must show."""
PWNED_JS = """() => [typeof window.__pwned, typeof window.__secret]"""
HANDLERS_JS = """() => [...document.querySelectorAll('*')].flatMap(e => [...e.attributes]
    .filter(a => (a.name.startsWith('on') && /__pwned|red-team/.test(a.value))
                 || (['href', 'src', 'action', 'formaction'].includes(a.name) && /^\\s*javascript:/i.test(a.value))
                 || a.name === 'srcdoc')
    .map(a => `<${e.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 40)}">`))"""


def _cli(*words, timeout=600):
    done = subprocess.run([sys.executable, "-m", "gamelib.grading", *map(str, words)], capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, words))}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def _files(course: Path) -> set:
    return {str(p.relative_to(course)) for p in course.rglob("*") if p.is_file() and "-journal" not in p.name}


def _export(course: Path, out: Path) -> list:
    export(course, out)
    with open(out) as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """A course folder made by the kit's commands: prepared, alice, mallory and oscar autograded, their
    feedback made."""
    tmp = tmp_path_factory.mktemp("formgrader")
    inbox, course = tmp / "inbox", tmp / "course"
    _cli("prepare", "--course", course)
    inbox.mkdir()
    nbformat.write(term.fake("reference"), str(inbox / "alice.ipynb"))
    nbformat.write(term.script_submission(), str(inbox / "mallory.ipynb"))
    reference = term.fake("reference")
    oscar = term.with_answer(reference, "q6_answer", DISPLAYS + term.cell_of(reference, "q6_answer").source)
    nbformat.write(oscar, str(inbox / "oscar.ipynb"))
    graded = _cli("autograde", ASSIGNMENT, inbox, "--course", course, "--jobs", "2")
    for line in ("alice: 22 / 22", "mallory: 0 / 22", "oscar: 22 / 22"):
        assert line in graded.stdout, graded.stdout
    _cli("feedback", ASSIGNMENT, "--course", course)
    before = {"rows": _export(course, tmp / "before.csv"), "grades": sorted(recording.grades(course)), "files": None}
    before["files"] = _files(course)
    return {"path": course, "tmp": tmp, "before": before}


@pytest.fixture(scope="module")
def formgrader(course):
    """JupyterLab started in the course folder, as the docs say (FORMGRADER_COMMAND)."""
    lab = TypedLab(course["path"], f"{VENV_BIN / 'jupyter'} lab", course["path"], course["tmp"] / "lab")
    yield lab
    lab.stop()


class Instructor:
    """The instructor's browser: one context, every request of every page and frame recorded, nothing
    fetched from outside the machine."""

    def __init__(self, browser, lab: TypedLab):
        self.lab = lab
        self.origin = f"http://127.0.0.1:{lab.port}"
        self.context = browser.browser.new_context(viewport=VIEWPORT)
        self.requests: list[tuple[str, str]] = []
        self.context.on("request", lambda r: self.requests.append((r.method, r.url)))
        self.context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(self.origin)
                           else route.abort())
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)          # each submission page is rendered by nbconvert: slow if busy

    def serve(self, path: str, body: bytes):
        """Have the browser receive ``body`` (HTML) for ``path`` of the server's origin."""
        self.context.route(f"{self.origin}{path}", lambda route: route.fulfill(
            status=200, body=body, headers={"Content-Type": "text/html; charset=utf-8"}))
        return f"{self.origin}{path}"

    def to_api(self, prefix: str) -> list:
        return [(m, u) for m, u in self.requests if urlparse(u).path.startswith(prefix)]

    def close(self):
        self.context.close()


@pytest.fixture
def instructor(browser, formgrader):
    who = Instructor(browser, formgrader)
    yield who
    who.close()


def _nothing_ran(page) -> list:
    """What of the submission's scripts is on ``page`` (every frame): the variables they set, and event
    handlers, ``javascript:`` links or embedded documents left in the page; [] when nothing."""
    found = []
    for frame in page.frames:
        pwned, secret = frame.evaluate(PWNED_JS)
        if pwned != "undefined" or secret != "undefined":
            found.append(f"{frame.url}: window.__pwned is {pwned}, window.__secret is {secret}")
        found += [f"{frame.url}: {h}" for h in frame.evaluate(HANDLERS_JS)]
    return found


def _open_submission(instructor: Instructor, student: str) -> str:
    """From the Formgrader's manual-grading list, open ``student``'s submission, as the instructor does;
    returns the page's text once the Formgrader's own script has loaded its grades."""
    page = instructor.page
    page.goto(f"{instructor.origin}/formgrader/gradebook/{ASSIGNMENT}/{NOTEBOOK}")
    page.locator("#main-table a").first.wait_for()
    page.locator("#toggle_names").click()                                     # "Show All Names"
    link = page.locator("#main-table a", has_text=re.compile(rf"^\s*{student}\s*$"))
    with page.expect_response(lambda r: "/formgrader/api/grades?submission_id=" in r.url) as grades:
        link.click()
    assert grades.value.ok
    page.wait_for_load_state("networkidle")
    assert re.search(r"/formgrader/submissions/[0-9a-f]+/?$", urlparse(page.url).path), page.url
    return page.inner_text("body")


def test_formgrader_in_the_course_folder_lists_every_assignment(formgrader):
    status, body = formgrader.get("formgrader/api/assignments")
    assert status == 200
    listed = {a["name"]: a for a in json.loads(body)}
    assert sorted(listed) == assignments()           # it was [] when started elsewhere (issue #29, item 13)
    assert listed[ASSIGNMENT]["num_submissions"] == 3


def test_no_script_of_a_submission_runs_in_the_instructors_browser(course, instructor):
    page = instructor.page
    page.goto(instructor.lab.url("formgrader"))                               # logs in; Manage Assignments
    page.locator("#main-table").get_by_text(ASSIGNMENT).first.wait_for()

    pages = {}
    for student, expect in SHOWN.items():
        shown = _open_submission(instructor, student)
        assert _nothing_ran(page) == [], student
        assert all(text in shown for text in expect), (student, expect)       # the page shows them, as text
        pages[student] = page.url
    assert len(set(pages.values())) == len(SHOWN)

    feedback = course["path"] / "feedback"
    for student, expect in SHOWN.items():
        html = next((feedback / student / ASSIGNMENT).glob("*.html")).read_bytes()
        page.goto(instructor.serve(f"/gamelib-test/feedback/{student}.html", html))
        page.wait_for_load_state("networkidle")
        shown = page.inner_text("body")
        assert _nothing_ran(page) == [], student
        assert all(text in shown for text in expect), (student, expect)

    assert instructor.to_api("/api/contents") == []
    assert [(m, u) for m, u in instructor.requests if m != "GET"] == []
    before, path = course["before"], course["path"]
    assert not [f for f in _files(path) if term.MARKER in f]
    assert _files(path) == before["files"]
    assert sorted(recording.grades(path)) == before["grades"]
    assert _export(path, course["tmp"] / "after.csv") == before["rows"]
    scores = {r["student_id"]: r["score"] for r in before["rows"] if r["assignment"] == ASSIGNMENT}
    assert scores == {"alice": "22", "mallory": "0", "oscar": "22"}


def test_feedback_pages_pass_the_accessibility_audit(course, instructor):
    """Issue 30: a feedback page is one of the kit's pages: the language said, a title naming the student,
    the assignment and the score, long lines wrapped rather than cut, no broken link, and no critical or
    serious axe-core violation in the whole page."""
    from .accessibility import audit_page, blocking
    page = instructor.page
    page.set_viewport_size({"width": 800, "height": 800})
    feedback = course["path"] / "feedback"
    for student in SHOWN:
        html = next((feedback / student / ASSIGNMENT).glob("*.html")).read_bytes()
        page.goto(instructor.serve(f"/gamelib-test/feedback-a11y/{student}.html", html))
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => document.documentElement.lang") == "en"
        title = page.title()
        assert title.startswith(f"Feedback: {student}, {ASSIGNMENT}, ") and " / 22" in title, title
        cut = page.evaluate("""() => [...document.querySelectorAll('pre')]
            .filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.innerText.slice(0, 60))""")
        assert cut == [], (student, cut)
        links = page.evaluate("""() => [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))
            .filter(h => !h.startsWith('#') && !/^(https?:|mailto:)/.test(h))""")
        assert links == [], (student, links)
        failing = blocking(audit_page(page))
        assert failing == [], (student, [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
                                         for v in failing])


def test_the_class_report_and_the_similarity_page_pass_the_accessibility_audit(course, instructor):
    """Issue 32: the instructor's other pages (the class report, similar submissions) are the kit's pages
    too: the language said, one main region, tables as tables, the chart's text alternative, and no
    critical or serious axe-core violation in the whole page; the similarity page says it is a hint."""
    import shutil

    from gamelib.grading.report import report
    from gamelib.grading.similarity import similarity

    from .accessibility import audit_page, blocking
    copy = course["tmp"] / "reports-course"
    shutil.copytree(course["path"], copy, ignore=shutil.ignore_patterns(".grading.lock"))
    report(ASSIGNMENT, course=copy)                          # in-process: the commands are run by test_report.py
    similarity(ASSIGNMENT, course=copy)
    page = instructor.page
    page.set_viewport_size({"width": 800, "height": 800})
    for name in (f"{ASSIGNMENT}.html", f"{ASSIGNMENT}_similarity.html"):
        page.goto(instructor.serve(f"/gamelib-test/reports/{name}", (copy / "reports" / name).read_bytes()))
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => document.documentElement.lang") == "en"
        assert page.evaluate("() => document.querySelectorAll('main').length") == 1
        assert page.evaluate("() => [...document.querySelectorAll('img')].every(i => i.alt.length > 40)")
        assert _nothing_ran(page) == []
        failing = blocking(audit_page(page))
        assert failing == [], (name, [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in failing])
    assert "never a verdict" in page.inner_text("main")
    assert page.evaluate("() => document.querySelectorAll('mark').length") > 0      # alice and oscar: alike


def test_the_detector_sees_a_script_that_runs(course, instructor):
    """The checks above can fail: rendered by nbconvert's defaults (no sanitizing, as nbgrader's Formgrader
    did), the hostile notebook's script runs and reads the course secret through the Jupyter API with the
    instructor's login.  (Its write is answered here by the test, so nothing is written.)"""
    from nbconvert import HTMLExporter
    html, _ = HTMLExporter().from_notebook_node(term.script_submission())
    page = instructor.page
    page.goto(instructor.lab.url("formgrader"))                               # logs in
    instructor.context.route(f"{instructor.origin}/api/contents/{term.MARKER}*",
                             lambda route: route.fulfill(status=201, body="{}"))
    with page.expect_request(lambda r: r.method == "PUT" and term.MARKER in r.url, timeout=30_000):
        page.goto(instructor.serve("/gamelib-test/unsanitized.html", html.encode()))
    assert page.evaluate("() => window.__pwned") == term.MARKER
    secret = (course["path"] / SECRET).read_text().strip()
    assert secret in page.evaluate("() => window.__secret")                  # what the attack read
    assert instructor.to_api("/api/contents/secret.key")


def test_the_docs_start_the_formgrader_in_the_course_folder():
    root = Path(__file__).resolve().parents[2]
    for doc in (root / "docs" / "instructors.md", root / "exercises" / "README.md"):
        text = doc.read_text()
        assert f"`{PREPARE_COMMAND}`" in text and f"`{FORMGRADER_COMMAND}`" in text, doc

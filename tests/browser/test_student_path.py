"""The student's path in Chromium (issue 22): the README's first command, typed in a fresh clone, opens
one JupyterLab on the work folder; notebook 01 runs and saves there; exercise 02 opens; every "Read
first" link of the exercises and every link between the notebooks lands on its notebook; nbgrader's
instructor interface is not there, and the instructor's command brings it.

The first command is read from the README (``<!-- first command -->``, as .ci/run reads the test
command) and its last piece, ``.venv/bin/jupyter lab --config=jupyter_server_config.py``, is run as
written in the clone, plus what a test needs (``--no-browser``, a port, a token; ``--allow-root`` when
running as root, as the README says).  Its first two pieces (``python3 -m venv .venv``, ``pip install -r
requirements.txt``) are not run: they would take a minute and a half, and an editable install in the
suite's own venv would point it at the temporary clone.  Instead the clone's ``.venv`` is a symbolic
link to the venv running the tests; tests/kit/test_readme.py checks those pieces, and
tests/test_workspace.py the student's install (no nbgrader, no Playwright).
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import sys

import pytest

from gamelib import workspace as ws

from ..kit.student_path import KNOWN_FOLDER_LINKS, ROOT, KitClone, git_available, readme_block
from .lab import SETTINGS, TypedLab, until_shown

INSTRUCTOR_COMMAND = ".venv/bin/jupyter lab"
"""The instructor's JupyterLab, as docs/instructors.md's "nbgrader's own interface" gives it: at the top of the
repository, without the student's config, so nbgrader's interface is there."""
NBGRADER_PLUGINS = {f"@jupyter/nbgrader:{p}" for p in ("menu", "create-assignment", "formgrader", "course-list",
                                                         "assignment-list", "validate-assignment")}

STUDENT_SETTINGS = {name: value for name, value in SETTINGS.items() if "notification" in name}
"""JupyterLab's own settings, as a student has them (every cell in the page with content-visibility,
autosave on, the notebook's kernel started), but for the news pop-up, whose question could cover a
link."""

pytestmark = pytest.mark.skipif(not git_available(), reason="not a git checkout")


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """A fresh clone of the kit whose .venv is the suite's own (see the module's docstring)."""
    kit = KitClone(tmp_path_factory.mktemp("student"))
    (kit.path / ".venv").symlink_to(pathlib.Path(sys.prefix), target_is_directory=True)
    return kit


@pytest.fixture(scope="module")
def student_lab(clone, tmp_path_factory):
    """The README's first command's last piece, typed in the clone."""
    pieces = [p.strip() for p in readme_block("first command").split("&&")]
    assert pieces[-1].startswith(".venv/bin/jupyter lab"), pieces
    lab = TypedLab(clone.path, pieces[-1], clone.path / ws.WORK, tmp_path_factory.mktemp("student-lab"),
                   STUDENT_SETTINGS)
    yield lab
    lab.stop()


def test_the_first_command_fills_and_serves_the_work_folder_without_nbgrader(clone, student_lab):
    assert "your work folder is" in student_lab.log()
    status, body = student_lab.get("api/contents")
    assert status == 200
    assert {item["name"] for item in json.loads(body)["content"]} >= {"notebooks", "exercises", "docs"}
    assert (clone.path / "work/notebooks/01_games_and_minimax.ipynb").is_file()
    assert NBGRADER_PLUGINS <= set(student_lab.page_config()["disabledExtensions"])
    assert student_lab.get("formgrader")[0] == 404
    assert "nbgrader_config.py" not in student_lab.log()
    assert clone.git("status", "--porcelain") == ""


INSTRUCTOR_UI_JS = """() => [
    ...[...document.querySelectorAll('.lm-MenuBar-itemLabel')].map(e => e.innerText),
    ...[...document.querySelectorAll('.jp-SideBar .lm-TabBar-tab')].map(e => `${e.title} ${e.dataset.id || ''}`),
    ...[...document.querySelectorAll('.jp-NotebookPanel-toolbar .jp-Toolbar-item')].map(
        e => `${e.innerText} ${e.title || ''} ${e.dataset.jpItemName || ''}`),
].filter(t => /nbgrader|create.assignment|formgrader|validate/i.test(t))"""
"""What of nbgrader's interface the page shows: its menu, its sidebar panels, its toolbar buttons."""


def instructor_ui(nb) -> list:
    nb.page.wait_for_selector(".lm-MenuBar-itemLabel")
    return nb.page.evaluate(INSTRUCTOR_UI_JS)


def test_notebook_01_runs_and_saves_in_work_and_exercise_02_opens_from_the_file_browser(clone, student_lab, browser):
    """As the README says: notebook 01 opens; its first cell runs and File → Save Notebook saves it, into
    work/ (the tracked notebook unchanged, git sees nothing); exercise 02 opens from the file browser
    (exercises/release/, the assignment's folder) and its "Read first" link opens notebook 02.  No
    nbgrader menu, sidebar panel or toolbar button anywhere."""
    name = "notebooks/01_games_and_minimax.ipynb"
    nb = browser.open_notebook(student_lab, name)
    page = nb.page
    try:
        assert instructor_ui(nb) == []
        before = (student_lab.root / name).read_text()
        first_code = nb.page.locator(".jp-Notebook .jp-CodeCell").first
        first_code.locator(".jp-InputArea-prompt").click()
        page.keyboard.press("Shift+Enter")
        nb.wait_idle()
        nb._menu("File", "Save Notebook")
        saved = nb.eventually(lambda: (student_lab.root / name).read_text(), lambda t: t != before, timeout=30)
        assert saved != before
        assert (clone.path / name).read_text() == (clone.upstream / name).read_text()
        assert clone.git("status", "--porcelain") == ""

        # Home, until the top folder is listed: in one of nine runs under load (2026-11-28) it never was
        # after one click (most likely the refresh of the notebook's folder that saving starts ended after
        # the move home; not confirmed).
        def listed(item):
            return page.locator(".jp-DirListing-item", has=page.locator(".jp-DirListing-itemText", has_text=re.compile(
                rf"^{re.escape(item)}$")))

        until_shown(page, page.locator(".jp-BreadCrumbs-home").first.click, listed("exercises"), tries=3, timeout=10)
        for item in ("exercises", "release", "02_alpha_beta", "alpha_beta.ipynb"):   # select, and Enter
            listed(item).first.click()
            page.keyboard.press("Enter")
        wait_for_tab(page, "exercises/release/02_alpha_beta/alpha_beta.ipynb")
        first = page.locator(f"{PANEL} .jp-Notebook .jp-Cell").first
        first.wait_for()
        assert "Read first" in first.inner_text()
        assert instructor_ui(nb) == []
        first.locator("a", has_text="notebook 02").first.click()
        wait_for_tab(page, "notebooks/02_alpha_beta.ipynb")
        page.wait_for_selector(f"{PANEL} .jp-Notebook .jp-Cell")
        assert page.locator(".jp-Dialog").count() == 0
    finally:
        nb.close()
        student_lab.shutdown_kernels()
        forgive_console_errors(nb)


CURRENT_TAB_JS = """() => { const t = document.querySelector('#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current');
                           const m = t && /Path: (.*)/.exec(t.title); return m ? m[1].trim() : null; }"""
PANEL = "#jp-main-dock-panel .jp-MainAreaWidget:not(.lm-mod-hidden)"


def current_path(page) -> str | None:
    return page.evaluate(CURRENT_TAB_JS)


def wait_for_tab(page, path: str, timeout: float = 30.0):
    page.wait_for_function("([js, path]) => eval(js)() === path", arg=[CURRENT_TAB_JS, path],
                           timeout=timeout * 1000)


def activate(page, path: str):
    """Bring the tab of ``path`` to the front (a click on it, as a student does)."""
    i = page.evaluate("""(path) => [...document.querySelectorAll('#jp-main-dock-panel .lm-TabBar-tab')]
        .findIndex(t => ((/Path: (.*)/.exec(t.title) || [])[1] || '').trim() === path)""", path)
    assert i >= 0, f"no tab shows {path}"
    page.locator("#jp-main-dock-panel .lm-TabBar-tab").nth(i).click()
    wait_for_tab(page, path)


def link_targets(work: pathlib.Path, source: str) -> tuple:
    """Where the relative links of ``source`` (a path in work/) lead, as paths in work/: (the files,
    the folders of KNOWN_FOLDER_LINKS)."""
    files, folders = [], set()
    for link in ws.links(work / source):
        target = os.path.normpath(pathlib.PurePath(source).parent / link).replace(os.sep, "/")
        (folders.add(target) if (source, link) in KNOWN_FOLDER_LINKS else files.append(target))
    return files, folders


LINKS = f"{PANEL} .jp-RenderedMarkdown a[href*='/files/']"
DEAD_LINK = re.compile(r"status of 404|is a directory|not a file|File Load Error", flags=re.I)
"""What a dead link leaves in the console (a 404, or JupyterLab refusing a folder)."""
NOT_THE_LINKS = (
    # A notebook opened by a link, not run: its saved widget views name models its new kernel has not
    # made yet (what a student sees is the static picture beside each widget).  Widgets are the other
    # browser tests' business; they run every notebook first.
    r"widget model not found",
    # Kernels shut down with the page's requests to them still on their way.
    r"Canceled future for \w+ message before replies were done",
)


def forgive_console_errors(nb):
    """Drop from ``nb``'s console the errors that are not about the links (``NOT_THE_LINKS``), so that
    the suite's check for console errors (conftest.py) reports only the others."""
    nb.console[:] = [m for m in nb.console if not any(re.search(p, m) for p in NOT_THE_LINKS)]


def test_every_read_first_link_and_cross_link_lands_on_its_notebook(student_lab, browser):
    """From notebook 01, follow the links as a student would, in one JupyterLab page: each notebook and
    exercise reached is searched for links in turn.  Every link's address, as the browser resolves it,
    must name the file the notebook's markdown links (and the file must be there); a click on a link to
    each file, from the first notebook that links it, must bring up a tab showing that file's path.  A
    second link to a file already clicked is not clicked again: its resolved address is checked, and
    JupyterLab opens every relative link the same way (run alone: 56 clicks took 105 s, 21 clicks 77 s).
    Each notebook and exercise must be reached."""
    work = student_lab.root
    start = "notebooks/01_games_and_minimax.ipynb"
    nb = browser.open_notebook(student_lab, start)
    page = nb.page
    todo, reached, linked, clicked, dead = [start], {start}, [], {}, []
    try:
        while todo:
            source = todo.pop(0)
            activate(page, source)
            targets, folders = link_targets(work, source)
            page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length >= n",
                                   arg=[LINKS, len(targets) + len(folders)], timeout=30_000)
            hrefs = page.locator(LINKS).evaluate_all(
                "els => els.map(a => decodeURIComponent(new URL(a.href).pathname))")
            rendered = [h.split("/files/", 1)[1] for h in hrefs]
            rendered = [r for r in rendered if r not in folders]
            assert sorted(rendered) == sorted(targets), (source, rendered, targets)
            for target in dict.fromkeys(rendered):       # each target once, in order
                if not (work / target).is_file():
                    dead.append(f"{source} -> {target}")   # a click would only log a 404
                    continue
                linked.append((source, target))
                if target in clicked:
                    continue
                if current_path(page) != source:
                    activate(page, source)
                link = page.locator(f"{PANEL} .jp-RenderedMarkdown a[href*='/files/{target}?']").first
                link.scroll_into_view_if_needed()
                link.click()
                wait_for_tab(page, target)
                assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").all_inner_texts()
                clicked[target] = source
                if target.endswith(".ipynb") and target not in reached:
                    reached.add(target)
                    todo.append(target)
        assert not [e for e in nb.console_errors if DEAD_LINK.search(e)], nb.console_errors
    finally:
        nb.close()
        student_lab.shutdown_kernels()
        forgive_console_errors(nb)
    assert not dead, f"links to files that are not there: {dead}"
    students = {p.relative_to(work).as_posix() for folder in ws.STUDENT_FOLDERS
                for p in (work / folder).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    assert reached == students, f"never reached by a link: {sorted(students - reached)}"
    assert set(clicked) == {t for _, t in linked}, "a linked file was never clicked"
    read_first = {s for s, t in linked if s.startswith("exercises/") and t.startswith("notebooks/")}
    exercises = {s for s in students if s.startswith("exercises/")}
    assert read_first == exercises and len(exercises) >= 7 and len(linked) >= 30, linked


@pytest.fixture(scope="module")
def instructor_lab(clone, student_lab, tmp_path_factory):
    lab = TypedLab(clone.path, INSTRUCTOR_COMMAND, clone.path, tmp_path_factory.mktemp("instructor-lab"),
                   STUDENT_SETTINGS)
    yield lab
    lab.stop()


def test_the_instructors_command_brings_nbgrader_back(instructor_lab, browser):
    instructors = ((ROOT / "docs" / "instructors.md").read_text().split("\n## nbgrader's own interface\n", 1)[1]
                   .split("\n## ", 1)[0])
    assert f"`{INSTRUCTOR_COMMAND}`" in instructors
    assert not NBGRADER_PLUGINS & set(instructor_lab.page_config()["disabledExtensions"])
    status, _ = instructor_lab.get("formgrader")
    assert status != 404
    nb = browser.open_notebook(instructor_lab, "exercises/source/02_alpha_beta/alpha_beta.ipynb")
    try:
        nb.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Nbgrader$")).first.wait_for(timeout=30_000)
        shown = " ".join(instructor_ui(nb))      # the check that finds nothing in the student's lab
        assert "Nbgrader" in shown and re.search("create.assignment", shown, flags=re.I), shown
    finally:
        nb.close()
        instructor_lab.shutdown_kernels()
        forgive_console_errors(nb)

"""Browser tests: the notebooks' widgets driven in JupyterLab 4 and Debian's Chromium by Playwright.

They assert what the *browser* shows (rendered labels, status lines, a picture's ``src`` changing, no
error text, no JavaScript console errors), never the kernel's Python state: the Python side has its
own tests in tests/viz/ (test_explorer.py and friends).

Fixtures (see tests/browser/lab.py for the classes):

``lab_server`` (session)  JupyterLab on a free port of this worker (pytest-xdist: one server per
                          worker), serving a temporary copy of notebooks/: the tracked notebooks are
                          never opened, so nothing rewrites them.
``browser`` (session)     Chromium (``/usr/bin/chromium``) under Playwright.
``open_notebook`` (module) ``open_notebook(name, run_all=True)``: a :class:`~tests.browser.lab.Notebook`
                          open in its own page, all its cells run; its kernel is shut down when the
                          module ends.
(autouse)                 every test fails if it produced a JavaScript console error; a failing test
                          leaves a screenshot of every open page in ``test-artifacts/browser/`` (named
                          after the test; the failure report and the run's summary say where).

Where Chromium or Playwright is missing, every browser test is skipped with the reason, and the run's
summary says so in capitals; with the environment variable CI set they fail instead.

How to add a browser test for a new widget (say notebook 06a's phantom tic-tac-toe board):

1. A file ``tests/browser/test_06_<topic>.py`` (one file per notebook: ``--dist loadfile`` then runs it
   on one worker, and the notebook is opened and run once for the file).
2. A module fixture opening the notebook::

       @pytest.fixture(scope="module")
       def nb(open_notebook):
           return open_notebook("06a_partial_observability.ipynb")

3. Tests that find the widget by a line of its cell's source and act as a student would, asserting on
   what the page shows::

       def test_phantom_board_hides_the_opponents_marks(nb):
           board = nb.widget("PhantomTicTacToeBoard(")
           board.click("", target=board.root.locator("button").nth(4), until=board.shows("played"))
           assert "O" not in board.button_labels(".board button")
           nb.assert_clean()

   A fresh widget in the notebook's kernel (to start from a known state, or try an argument the
   notebook does not use): ``w = nb.new_widget("PhantomTicTacToeBoard(seed=3)")``.
   Time-sensitive waits use ``until=`` conditions (``w.shows(text)``, ``w.text_changed()``,
   ``w.image_changed()``), never ``sleep``.
4. If the widget should be timed, add it to benchmarks/browser_timings.py (timings are benchmarks,
   never assertions).
"""
from __future__ import annotations

import os
import pathlib
import re

import pytest

from .first_view import first_view
from .lab import Browser, LabServer, browser_unavailable

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts" / "browser"

_browsers: list[Browser] = []


def _unavailable():
    reason = browser_unavailable()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"BROWSER TESTS NOT RUN: {reason}")


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """JupyterLab 4 serving a temporary copy of notebooks/ (this worker's own port)."""
    _unavailable()
    server = LabServer(NOTEBOOKS, workdir=tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium under Playwright."""
    _unavailable()
    b = Browser()
    _browsers.append(b)
    yield b
    _browsers.remove(b)
    b.close()


@pytest.fixture(scope="module")
def open_notebook(lab_server, browser):
    """``open_notebook(name, run_all=True)``: open a notebook of the copy in a new page, note what it
    shows before anything runs (``nb.first_view``) and (by default) run all its cells; pages and kernels
    are closed when the module ends."""
    opened = []

    def open_(name: str, *, run_all: bool = True):
        nb = browser.open_notebook(lab_server, name)
        opened.append(nb)
        nb.first_view = first_view(nb)              # what a student sees first (tests/browser/first_view.py)
        if run_all:
            nb.run_all()
        return nb

    yield open_
    for nb in opened:
        nb.close()
        lab_server.shutdown_notebook(nb.name)


@pytest.fixture(autouse=True)
def _no_new_console_errors(request):
    """Fail a browser test that made the page log a JavaScript error."""
    if not _browsers:
        yield
        return
    before = {id(nb): len(nb.console) for b in _browsers for nb in b.notebooks}
    yield
    new = [(nb.name, m) for b in _browsers for nb in b.notebooks
           for m in nb.console_errors[before.get(id(nb), 0):]]
    if new:
        pytest.fail(f"JavaScript console errors during the test: {new}", pytrace=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, a screenshot of every open page into test-artifacts/browser/."""
    outcome = yield
    rep = outcome.get_result()
    if not rep.failed or not _browsers:
        return
    saved = []
    stem = re.sub(r"[^\w.-]+", "_", item.nodeid.split("::", 1)[-1])
    for b in _browsers:
        for k, nb in enumerate(b.notebooks):
            path = ARTIFACTS / f"{pathlib.Path(item.fspath).stem}-{stem}-{rep.when}-{k}.png"
            try:
                saved.append(str(nb.screenshot(path).relative_to(ROOT)))
            except Exception as err:  # a dead page cannot be photographed: say so, keep the failure
                saved.append(f"(no screenshot of {nb.name}: {err})")
    if saved:
        rep.sections.append(("browser screenshots", "\n".join(saved)))

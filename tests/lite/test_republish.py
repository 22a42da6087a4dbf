"""A notebook republished on the site reaches the student who saved an older copy (gamelib.republish): in
Chromium, a student saves three notebooks of the site; the site is built again, two of them changed, and
served at the same address (the browser's storage is per site); the student's next ``import gamelib``
shows a notice naming the changed notebooks only; one's "Keep my copy" button leaves the student's copy as
it is and that version is not offered again; the other's "Take the new version" keeps their copy beside it
(as the work folder names a kept copy) and puts the site's new version in its place; a saved copy of the
current version brings no notice.

The site is built twice by lite/build.py (about 20-30 s each, the downloads cached), with three small
notebooks of the test's own beside the course's (``--extra-contents``).  Marked ``lite``: it runs with
``--lite`` or ``GAMELIB_LITE=1``.
"""
from __future__ import annotations

import json
import re

import pytest

from tests.browser.lab import Browser

from .site import ROOT, SiteContext, StaticServer, build_site, open_lite_notebook, require_lite

pytestmark = pytest.mark.lite

CHANGED, SAME, KEPT = "notebooks/republished.ipynb", "notebooks/unchanged.ipynb", "notebooks/kept.ipynb"
NOTICE = "A new version of these course notebooks is on the site"
TAB = ".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current"
DIRTY_JS = f"() => !document.querySelector('{TAB}.jp-mod-dirty')"


def notebook(words: str) -> str:
    """A notebook as the course's: its first cell imports gamelib."""
    kernel = json.loads((ROOT / "notebooks" / "01_games_and_minimax.ipynb").read_text())["metadata"]
    return json.dumps({"cells": [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": "import gamelib"},
        {"cell_type": "markdown", "metadata": {}, "source": words}],
        "metadata": {k: kernel[k] for k in ("kernelspec", "language_info")}, "nbformat": 4, "nbformat_minor": 5},
        indent=1) + "\n"


def contents(folder, version: int):
    (folder / "notebooks").mkdir(parents=True, exist_ok=True)
    (folder / CHANGED).write_text(notebook(f"The instructor's version {version}."))
    (folder / SAME).write_text(notebook("A notebook the instructor never changes."))
    (folder / KEPT).write_text(notebook(f"The instructor's version {version} of a notebook the student keeps."))
    return folder


def save(nb):
    nb.page.keyboard.press("Escape")
    nb.page.keyboard.press("Control+s")
    nb.page.wait_for_function(DIRTY_JS, timeout=30_000)


def notice(nb):
    return nb.page.locator(".gamelib-widget", has_text="is on the site")


def test_a_republished_notebook_reaches_the_student_who_saved_it(tmp_path):
    require_lite()
    site = tmp_path / "site"
    build_site(site, extra_contents=contents(tmp_path / "v1", 1))
    with StaticServer(site) as server, Browser() as browser:
        student = SiteContext(browser)
        try:
            # The student answers in one notebook and saves it, and saves the other as it is.
            nb = open_lite_notebook(browser, server, CHANGED, timeout=300, shared=student)
            nb.append_cell("answer = 'my answer'", timeout=300)
            save(nb)
            nb.close()
            nb = open_lite_notebook(browser, server, KEPT, timeout=300, shared=student)
            nb.append_cell("kept = 'my own way'", timeout=300)
            save(nb)
            nb.close()
            nb = open_lite_notebook(browser, server, SAME, timeout=300, shared=student)
            save(nb)
            nb.run_all(timeout=300)                # both saved copies are of the site's version: no notice
            assert "is on the site" not in nb.page.locator(".jp-Notebook").inner_text()
            published = json.loads((site / "gamelib-versions.json").read_text())
            cell = nb.append_cell("import os; print('sizes:', os.stat('republished.ipynb').st_size, "
                                  "os.stat('unchanged.ipynb').st_size)", timeout=120)
            sizes = re.search(r"sizes: (\d+) (\d+)", cell.inner_text())
            # both are the browser's copies (another size than the site's): read and compared, not skipped
            assert sizes and int(sizes[1]) != published[CHANGED]["size"] and int(sizes[2]) != published[SAME]["size"]
            nb.close()

            # The instructor changes one notebook and publishes the site again, at the same address.
            build_site(site, extra_contents=contents(tmp_path / "v2", 2))

            nb = open_lite_notebook(browser, server, CHANGED, timeout=300, shared=student)
            assert "my answer" in nb.page.locator(".jp-Notebook").inner_text()      # theirs, shadowing
            nb.run_all(timeout=300)
            shown = notice(nb)
            shown.wait_for(timeout=60_000)
            assert NOTICE in shown.inner_text() and CHANGED in shown.inner_text() and KEPT in shown.inner_text()
            assert SAME not in shown.inner_text()
            # The student keeps their copy of one (the site's version is not offered again) ...
            nb.page.get_by_role("button", name="Keep my copy of kept.ipynb").click()
            shown.locator("[role=status]", has_text="You keep your copy of notebooks/kept.ipynb").wait_for(
                timeout=60_000)
            # ... and takes the new version of the other.
            take = nb.page.get_by_role("button", name="Take the new version of republished.ipynb")
            take.click()
            done = shown.locator("[role=status]", has_text="is in its place")
            done.wait_for(timeout=60_000)
            kept = re.search(r"Your copy is kept as (republished\.old-\d{8}-\d{6}\.ipynb): if it was open, it is "
                             r"open under that name now\. To see the new version, open republished\.ipynb",
                             done.inner_text())
            assert kept, done.inner_text()
            assert take.is_disabled()
            # JupyterLab follows the rename: the page shows the student's copy under its new name (saving it
            # cannot overwrite the new version), with their answer.
            tab = nb.page.locator(TAB)
            nb.eventually(lambda: tab.inner_text(), lambda text: text.startswith("republished.old-"), timeout=30)
            assert "my answer" in nb.page.locator(".jp-Notebook").inner_text()
            nb.close()

            # The notebook now opens in the new version; the kept copy holds the student's answer; and the
            # copy of the unchanged notebook, saved before the new build, brings no notice.
            nb = open_lite_notebook(browser, server, CHANGED, timeout=300, shared=student)
            page = nb.page.locator(".jp-Notebook")
            assert "The instructor's version 2." in page.inner_text() and "my answer" not in page.inner_text()
            nb.run_all(timeout=300)
            assert "is on the site" not in page.inner_text()        # the kept one is not offered again either
            cell = nb.append_cell(f"print('kept:', 'my answer' in open({kept[1]!r}).read(), "
                                  "'my own way' in open('kept.ipynb').read())", timeout=120)
            assert "kept: True True" in cell.inner_text()
            nb.assert_clean()
            nb.close()
        finally:
            student.close()

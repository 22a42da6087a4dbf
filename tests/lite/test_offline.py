"""Offline after the first visit (issue 45): what docs/jupyterlite.md says works and what does not, measured
in Chromium with the site's web server stopped.  A student opens a notebook online and runs it; the
connection drops; the open notebook keeps running and saves (into the browser's storage: it is there when
the site is back); a notebook not opened before does not open ("File Load Error ... Failed to fetch"); a new
tab of the site does not load.

The site is built once by lite/build.py (about 25 s, the downloads cached), with two small notebooks of the
test's own beside the course's.  Marked ``lite``: it runs with ``--lite`` or ``GAMELIB_LITE=1``.
"""
from __future__ import annotations

import pytest

from tests.browser.lab import Browser

from .site import ROOT, SiteContext, StaticServer, build_site, open_lite_notebook, require_lite
from .test_republish import notebook, save

pytestmark = pytest.mark.lite

OPENED, OTHER = "notebooks/opened_online.ipynb", "notebooks/never_opened.ipynb"
DOCS = ROOT / "docs" / "jupyterlite.md"


def contents(folder):
    (folder / "notebooks").mkdir(parents=True, exist_ok=True)
    (folder / OPENED).write_text(notebook("Opened while online."))
    (folder / OTHER).write_text(notebook("Never opened while online."))
    return folder


def test_offline_the_open_notebook_runs_and_saves_and_the_rest_is_as_the_docs_say(tmp_path):
    require_lite()
    site = tmp_path / "site"
    build_site(site, extra_contents=contents(tmp_path / "contents"))
    server = StaticServer(site)
    with Browser() as browser:
        student = SiteContext(browser)
        try:
            nb = open_lite_notebook(browser, server, OPENED, timeout=300, shared=student)
            nb.run_all(timeout=300)                                   # import gamelib, online
            nb.append_cell("x = 20", timeout=120)
            server.stop()                                             # the connection drops

            # The open notebook keeps running, the kit's code too, and saves.
            cell = nb.append_cell("from gamelib import minimax\nfrom gamelib.games import TicTacToe\n"
                                  "game = TicTacToe('XX.OO....')\n"
                                  "print('offline', x + 1, minimax(game, game.initial_state).action)", timeout=120)
            assert "offline 21 (0, 2)" in cell.inner_text(), cell.inner_text()
            save(nb)
            assert nb.page.locator(".jp-Dialog").count() == 0

            # A notebook not opened before does not open.
            nb._menu("File", "Open from Path…")
            nb.page.locator(".jp-Dialog input").fill(OTHER)
            nb.page.keyboard.press("Enter")
            error = nb.page.locator(".jp-Dialog", has_text="File Load Error for never_opened.ipynb")
            error.wait_for(timeout=60_000)
            assert "Failed to fetch" in error.inner_text()

            # A new tab of the site does not load.
            tab = student.context.new_page()
            with pytest.raises(Exception, match="ERR_"):
                tab.goto(server.url(f"lab/index.html?path={OPENED}&workspace=offline"), timeout=30_000)
            tab.close()
            nb.close()

            # The site is back: the notebook saved offline opens with what was written offline.
            server = StaticServer(site, port=server.port)          # the same address
            nb = open_lite_notebook(browser, server, OPENED, timeout=300, shared=student)
            text = nb.page.locator(".jp-Notebook").inner_text()
            assert "x = 20" in text and "offline 21 (0, 2)" in text, text
            nb.close()
        finally:
            student.close()
            server.stop()

    said = " ".join(DOCS.read_text().split())
    for words in ("the notebook that is open keeps running and saves",
                  "a notebook not opened before does not open (\"File Load Error for *name*.ipynb — Failed to fetch\")",
                  "a new tab of the site does not load"):
        assert words in said, words

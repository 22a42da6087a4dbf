"""The course in the browser with nothing installed (issue 33): lite/build.py's site, served on 127.0.0.1,
runs notebooks 01 and 02 and an exercise's student version (answered as a student who solved it) in
Debian's Chromium, JupyterLite's Pyodide kernel, with no error, no request leaving the site, the same
printed text as CPython, and widgets that answer a click.

Slow (the build, and Pyodide's Run All in a browser: about 4-5 minutes on two loaded cores): marked
``lite``, it runs only with ``--lite`` or ``GAMELIB_LITE=1`` (.ci/run runs it after the README's test
command).  The ``--pyodide cdn`` site's test adds about a minute and runs with ``GAMELIB_LITE=cdn`` as
well.  tests/lite/site.py has the machinery, docs/jupyterlite.md the instructor's side.
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import time

import pytest

from tests.browser.lab import Browser, browser_unavailable

from .site import (ROOT, StaticServer, answered, build_site, cdn_mirror, differences, lite_unavailable,
                   open_lite_notebook)

pytestmark = pytest.mark.lite

EXERCISE = "01_minimax/minimax.ipynb"
PLATFORM_DIFFERENCES = (
    # The depth a search may reach is Python's recursion limit, which Pyodide sets higher than CPython's
    # 1000; the error message gives the number (gamelib/validate.py).
    (r"recursion allows \(about \d+ plies\)", "recursion allows (about N plies)"),
)
"""(regular expression, replacement) for printed text that honestly differs by platform."""

TIMES: dict = {}


def _normalized(text: str) -> str:
    for pattern, replacement in PLATFORM_DIFFERENCES:
        text = re.sub(pattern, replacement, text)
    return text


def _real_differences(nb, stored: pathlib.Path) -> list:
    return [(cell, want, got) for cell, want, got in differences(nb, stored)
            if _normalized(json.dumps(want)) != _normalized(json.dumps(got))]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The built sites' folder, with the answered exercise (``extra/checked/``) to put in them."""
    reason = browser_unavailable() or lite_unavailable()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the JupyterLite test cannot run in CI: {reason}", pytrace=False)
        pytest.skip(reason)
    folder = tmp_path_factory.mktemp("lite")
    extra = folder / "extra" / "checked"
    extra.mkdir(parents=True)
    release, source = ROOT / "exercises" / "release" / EXERCISE, ROOT / "exercises" / "source" / EXERCISE
    (extra / release.name).write_text(json.dumps(answered(release, source)))
    return folder


@pytest.fixture(scope="module")
def site(folder):
    """The site, built once (``--pyodide local``) with the answered exercise beside the course, and served."""
    t0 = time.perf_counter()
    report = build_site(folder / "site", extra_contents=folder / "extra")
    TIMES["build"] = time.perf_counter() - t0
    assert report["bytes"] < 150e6, report
    with StaticServer(folder / "site") as server:
        yield server


@pytest.fixture(scope="module")
def browser(site):
    with Browser() as b:
        yield b


def _run(site, browser, name: str):
    t0 = time.perf_counter()
    nb = open_lite_notebook(browser, site, name, timeout=300)
    TIMES[f"{name}: open"] = time.perf_counter() - t0
    TIMES[f"{name}: Run All"] = nb.run_all(timeout=600)
    return nb


def _assert_clean(nb):
    assert nb.outside_requests == [], f"{nb.name}: requests left 127.0.0.1: {nb.outside_requests[:5]}"
    nb.assert_clean()


@pytest.fixture(scope="module")
def nb01(site, browser):
    before = site.bytes_served
    nb = _run(site, browser, "notebooks/01_games_and_minimax.ipynb")
    TIMES["bytes served for notebook 01"] = site.bytes_served - before
    return nb


def test_notebook_01_runs_as_in_cpython(nb01):
    _assert_clean(nb01)
    assert _real_differences(nb01, ROOT / "notebooks" / "01_games_and_minimax.ipynb") == []


def test_notebook_01_board_answers_a_click(nb01):
    board = nb01.new_widget('TicTacToeBoard(human="X")', timeout=120)
    squares = ".widget-gridbox button"
    board.click(target=board.root.locator(squares).nth(4), until=board.shows("(agent) played"), timeout=60)
    labels = nb01.eventually(lambda: [b.strip() for b in board.button_labels(squares)],
                             lambda ls: ls.count("O") == 1, timeout=30)
    assert labels[4] == "X" and labels.count("O") == 1, labels
    _assert_clean(nb01)


def test_notebook_02_runs_as_in_cpython_and_the_explorer_steps(site, browser):
    nb = _run(site, browser, "notebooks/02_alpha_beta.ipynb")
    _assert_clean(nb)
    assert _real_differences(nb, ROOT / "notebooks" / "02_alpha_beta.ipynb") == []
    explorer = nb.widget("TreeExplorer(fig52)", timeout=60)
    explorer.click("next", until=explorer.image_changed(), timeout=60)
    _assert_clean(nb)
    nb.close()


def test_an_exercise_checks_answers_in_the_browser(site, browser):
    """The student version of exercise 1, every answer right: every public check runs and passes (the
    grading package imports without thread_time); a wrong answer gets the usual message, and an infinite
    loop is stopped by the checks' time limit (Pyodide has no signal.setitimer: the wall clock stops it)."""
    nb = _run(site, browser, f"checked/{pathlib.Path(EXERCISE).name}")
    _assert_clean(nb)
    wrong = nb.append_cell("checks.search('minimax_value', lambda game, state: 0)", timeout=120)
    text = wrong.locator(".jp-OutputArea").first.inner_text()
    assert "GradingError" in text and "AIMA Fig. 5.2: value 0, expected 3" in text, text
    t0 = time.perf_counter()
    loop = nb.append_cell("checks.search('minimax_value', lambda game, state: [0 for _ in iter(int, 1)])",
                          timeout=120)
    TIMES["an infinite loop stopped"] = time.perf_counter() - t0
    text = loop.locator(".jp-OutputArea").first.inner_text()
    assert "no answer within 2 s of CPU time (an infinite loop?)" in text, text
    nb.close()


@pytest.mark.skipif(os.environ.get("GAMELIB_LITE") != "cdn", reason="the CDN site's test runs with GAMELIB_LITE=cdn")
def test_the_cdn_site_takes_pyodide_from_the_cdn_alone(folder, site, browser):
    """``--pyodide cdn``: Pyodide and its packages come from the CDN's address (answered here from the
    official files, as this machine cannot reach it), the kit's wheels from the site; the exercise runs."""
    t0 = time.perf_counter()
    report = build_site(folder / "cdn", pyodide="cdn", extra_contents=folder / "extra")
    TIMES["build --pyodide cdn"] = time.perf_counter() - t0
    TIMES["site size --pyodide cdn (bytes)"] = report["bytes"]
    mirror = cdn_mirror(site.folder, folder / "cdn-mirror")
    with StaticServer(folder / "cdn") as server:
        nb = open_lite_notebook(browser, server, f"checked/{pathlib.Path(EXERCISE).name}", timeout=300,
                                cdn=("https://cdn.jsdelivr.net/pyodide/v0.27.7/full/", mirror))
        nb.run_all(timeout=600)
        _assert_clean(nb)
        assert {"pyodide.asm.wasm", "pyodide-lock.json", "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"} \
            <= set(nb.cdn_requests), nb.cdn_requests
        assert all((mirror / name).is_file() for name in nb.cdn_requests), nb.cdn_requests
        assert not (folder / "cdn" / "static" / "pyodide").exists()
        nb.close()


def test_report_times():
    """Not a check: what this module measured (run with -s to see it; benchmarks/README.md has a run)."""
    for what, value in TIMES.items():
        print(f"lite: {what}: {value / 1e6:.1f} MB" if "bytes" in what else f"lite: {what}: {value:.1f} s")

"""The course in the browser with nothing installed (issue 33): lite/build.py's site, built once and served on
127.0.0.1, runs Restart & Run All of all eleven notebooks and of every exercise's student version (answered
as a student who solved it) in Debian's Chromium, JupyterLite's Pyodide kernel, each in a fresh kernel:
no error, no request leaving the site, the same printed text as the stored CPython outputs (up to
PLATFORM_DIFFERENCES), and in each notebook with a widget, one widget that answers a click.

Slow (the build, and Pyodide's Run All in a browser: about 9 minutes on two loaded cores,
benchmarks/README.md): marked ``lite``, it runs only with ``--lite`` or ``GAMELIB_LITE=1`` (.ci/run runs
it after the README's test command).  The ``--pyodide cdn`` site's test adds about a minute and runs with
``GAMELIB_LITE=cdn`` as well.  tests/lite/site.py has the machinery, docs/jupyterlite.md the instructor's
side.
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import time

import pytest

from tests.browser.lab import Browser

from .site import (OUTPUTS_JS, ROOT, SiteContext, StaticServer, answered, build_site, cdn_mirror, differences,
                   open_lite_notebook, require_lite)

pytestmark = pytest.mark.lite

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
RELEASE, SOURCE = ROOT / "exercises" / "release", ROOT / "exercises" / "source"
EXERCISES = sorted(p.relative_to(RELEASE).as_posix() for p in RELEASE.glob("*/*.ipynb"))
EXERCISE = "01_minimax/minimax.ipynb"          # the one whose wrong answers are tried too
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
    """The built sites' folder, with every exercise answered (``extra/checked/<exercise>/``) to put in them."""
    require_lite()
    folder = tmp_path_factory.mktemp("lite")
    for name in EXERCISES:
        answered_copy = folder / "extra" / "checked" / name
        answered_copy.parent.mkdir(parents=True, exist_ok=True)
        answered_copy.write_text(json.dumps(answered(RELEASE / name, SOURCE / name)))
    return folder


@pytest.fixture(scope="module")
def site(folder):
    """The site, built once (``--pyodide local``) with the answered exercises beside the course, and served."""
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


@pytest.fixture(scope="module")
def student(browser):
    """One student's browser: every notebook opens in a page of its own (its own kernel, a fresh Pyodide)
    in this one context, whose cache keeps the site's files from one page to the next."""
    shared = SiteContext(browser)
    yield shared
    shared.close()


def _run(site, browser, student, name: str):
    t0 = time.perf_counter()
    nb = open_lite_notebook(browser, site, name, timeout=300, shared=student)
    TIMES[f"{name}: open"] = time.perf_counter() - t0
    TIMES[f"{name}: Run All"] = nb.run_all(timeout=600)
    return nb


def _assert_clean(nb):
    assert nb.outside_requests == [], f"{nb.name}: requests left 127.0.0.1: {nb.outside_requests[:5]}"
    nb.assert_clean()


def _assert_font_list_not_built(nb):
    """matplotlib's font list comes in the site (lite/build.py): no kernel builds it again, which cost
    seconds of every notebook's first cell and printed "Matplotlib is building the font cache"."""
    shown = [text for cell in nb.page.evaluate(OUTPUTS_JS) for _, text in cell]
    assert not [t for t in shown if "building the font cache" in t], f"{nb.name}: the kernel built the font list"


# ---------------------------------------------------------------------------------------------------
# One widget per notebook: the cheapest click that needs the kernel, waited for until its whole new state
# is on the page (the condition, and the widget's status line written since: tests/browser/lab.py)
# ---------------------------------------------------------------------------------------------------

SQUARES = ".widget-gridbox button"


def _tic_tac_toe(nb):
    board = nb.widget('TicTacToeBoard(human="X")', timeout=60)
    board.click(target=board.root.locator(SQUARES).nth(4), until=board.shows("(agent) played"), timeout=60)
    labels = nb.eventually(lambda: [b.strip() for b in board.button_labels(SQUARES)],
                           lambda ls: ls.count("O") == 1, timeout=30)
    assert labels[4] == "X" and labels.count("O") == 1, labels


def _next_step(text):
    def click(nb):
        explorer = nb.widget(text, timeout=60)
        step = re.search(r"step (\d+)/(\d+)", explorer.text())
        assert step, explorer.text()
        after = f"step {int(step[1]) + 1}/{step[2]}"
        explorer.click("next", until=explorer.all_of(explorer.image_changed(), explorer.shows(after)), timeout=60)
    return click


def _connect4(nb):
    board = nb.widget('Connect4Board(human="X", depth=6)', timeout=60)
    replied = board.condition("(root, before) => root.innerText !== before && root.innerText.includes('played "
                              "column') && !root.innerText.includes('thinking')", board.text())
    board.click("3", until=replied, timeout=120)
    assert "searched to depth" in board.text(), board.text()


def _sigma(nb):
    sigma = nb.widget("SigmaWidget(sigma=1)", timeout=60)
    sigma.slider("σ", 2, until=sigma.all_of(sigma.image_changed(), sigma.shows("σ = 2: ")), timeout=60)


def _backgammon(nb):
    board = nb.widget("BackgammonBoard(seed=2)", timeout=60)
    moves = board.root.locator(".widget-select select")
    svg = board.root.evaluate("root => root.querySelector('svg').outerHTML")
    changed = board.condition("(root, before) => { const s = root.querySelector('svg'); "
                              "return s !== null && s.outerHTML !== before; }", svg)
    board._act(lambda: moves.select_option(index=0), changed, 60, "change")     # the first legal move


def _phantom(nb):
    board = nb.widget('PhantomTicTacToeBoard(human="X"', timeout=60)
    board.click(target=board.root.locator(SQUARES).nth(4),
                until=board.shows("Boards after each percept so far: 1, 8"), timeout=60)
    assert "You are X: propose a square." in board.text(), board.text()


def _kuhn(nb):
    table = nb.widget('KuhnPokerTable(agent="cfr", seed=0)', timeout=60)
    table.click("bet (bet / call)", until=table.shows("over 1 hand"), timeout=60)
    text = table.text()
    assert "the agent's card: Q" in text and "+2 over 1 hand" in text, text     # as in CPython, seed 0


def _mcts(nb):
    w = nb.widget("MCTSWidget(budget=2000)", timeout=60)
    w.click("+10", until=w.all_of(w.image_changed(), w.shows("after 110 of 2,000 playouts")), timeout=60)


def _puct(nb):
    w = nb.widget("MCTSWidget(game=game, state=state, budget=200, policy_value=f)", timeout=60)
    w.click("+10", until=w.all_of(w.image_changed(), w.shows("after 110 of 200 simulations")), timeout=60)


WIDGET_CLICKS = {
    "01_games_and_minimax.ipynb": _tic_tac_toe,                   # a move, and the agent's reply
    "02_alpha_beta.ipynb": _next_step("TreeExplorer(fig52)"),    # the explorer's next step
    "03b_search_under_resource_limits.ipynb": _connect4,          # a move, the agent's depth-6 reply
    "04_sigma_study.ipynb": _sigma,                               # σ set, the picture redrawn
    "05a_chance_nodes.ipynb": _next_step('explorer = TreeExplorer("AIMA Fig. 5.12'),
    "05b_dice_games.ipynb": _backgammon,                          # a move chosen: its preview drawn
    "06a_partial_observability.ipynb": _phantom,                  # a move, the belief state updated
    "06b_card_games_and_cfr.ipynb": _kuhn,                        # a bet, the agent's answer, the payout
    "07_more_players_and_simultaneous_moves.ipynb": _next_step('TreeExplorer("AIMA Fig. 5.4'),
    "08_state_of_the_art.ipynb": _mcts,                           # ten more playouts, the tree redrawn
    "09_alphazero_in_miniature.ipynb": _puct,                     # ten more PUCT simulations, redrawn
}
"""The widget clicked in each notebook that shows one (03a shows none); tests/browser/ clicks them all,
in JupyterLab with CPython."""


def test_every_notebook_with_a_widget_has_a_click():
    with_widget = {name for name in NOTEBOOKS
                   if "application/vnd.jupyter.widget-view+json" in (ROOT / "notebooks" / name).read_text()}
    assert set(WIDGET_CLICKS) == with_widget


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_as_in_cpython(site, browser, student, name):
    """Restart & Run All in a fresh kernel: no error output, no request leaving the site, the printed text
    of every cell nbval compares equal to the stored CPython outputs (up to PLATFORM_DIFFERENCES); then one
    widget answers a click."""
    before = site.bytes_served
    nb = _run(site, browser, student, f"notebooks/{name}")
    if name == NOTEBOOKS[0]:
        TIMES[f"bytes served for notebook {name[:2]} (a first visit)"] = site.bytes_served - before
    try:
        _assert_clean(nb)
        _assert_font_list_not_built(nb)
        assert _real_differences(nb, ROOT / "notebooks" / name) == []
        if name in WIDGET_CLICKS:
            t0 = time.perf_counter()
            WIDGET_CLICKS[name](nb)
            TIMES[f"notebooks/{name}: widget click"] = time.perf_counter() - t0
            _assert_clean(nb)
    finally:
        nb.close()


@pytest.mark.parametrize("name", EXERCISES)
def test_exercise_answered_passes_its_checks(site, browser, student, name):
    """The student version, every answer right (the solutions put in): Restart & Run All runs every public
    check with no error output and no request leaving the site (the grading package works without
    thread_time, threads or signals).  The exercises store no outputs to compare."""
    nb = _run(site, browser, student, f"checked/{name}")
    try:
        _assert_clean(nb)
        if name == EXERCISE:
            _wrong_answers(nb)
    finally:
        nb.close()


def _wrong_answers(nb):
    """A wrong answer gets the usual message, and an infinite loop is stopped by the checks' time limit
    (Pyodide has no signal.setitimer: the wall clock stops it)."""
    wrong = nb.append_cell("checks.search('minimax_value', lambda game, state: 0)", timeout=120)
    text = wrong.locator(".jp-OutputArea").first.inner_text()
    assert "GradingError" in text and "AIMA Fig. 5.2: value 0, expected 3" in text, text
    t0 = time.perf_counter()
    loop = nb.append_cell("checks.search('minimax_value', lambda game, state: [0 for _ in iter(int, 1)])",
                          timeout=120)
    TIMES["an infinite loop stopped"] = time.perf_counter() - t0
    text = loop.locator(".jp-OutputArea").first.inner_text()
    assert "no answer within 2 s of CPU time (an infinite loop?)" in text, text


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
        nb = open_lite_notebook(browser, server, f"checked/{EXERCISE}", timeout=300,
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

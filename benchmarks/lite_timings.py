"""The course in the browser (JupyterLite, Pyodide) against CPython, in one run: build time and site size,
the bytes a student's first visit loads, the time to a first run (from opening the notebook until a cell
``import gamelib`` has run: Pyodide started, numpy, scipy and matplotlib loaded) and each notebook's Run All
in Chromium, in JupyterLite and in JupyterLab (CPython kernel) on the same machine.  Run All is timed in
two parts, side by side with CPython: the notebook's first code cell (its imports; in a fresh kernel what
the first imports build, such as matplotlib's font list, is paid there), then every cell below it.  In
JupyterLite that first cell runs after the ``import gamelib`` of the first run; in CPython it runs first
(so CPython's first cell also imports gamelib, a few tenths of a second: the ratio errs in the site's
favour by that much).

Run:  python benchmarks/lite_timings.py [--site DIR] [NAME.ipynb ...]     (default: notebooks 01 and 02)

Needs lite/requirements.txt, Playwright and Chromium (as tests/browser/).  Each notebook opens in a fresh
browser context, as on a student's first visit (nothing cached).  A measurement, not a test: the site's
correctness is checked by tests/lite/test_lite.py.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.lab import PROMPTS_JS, Browser, LabServer  # noqa: E402
from tests.lite.site import StaticServer, build_site, open_lite_notebook  # noqa: E402


def first_cell_then_rest(nb, timeout: float) -> tuple:
    """Clear the outputs, run the notebook's first code cell alone and then the cells below it (Run >
    Run Selected Cell and All Below); the seconds of each part."""
    nb.clear_outputs()
    code = nb.page.locator(".jp-Notebook .jp-CodeCell")

    def select(cell):
        cell.locator(".jp-InputArea-prompt").first.click()
        nb.page.keyboard.press("Escape")

    select(code.first)
    t0 = time.perf_counter()
    nb.page.keyboard.press("Control+Enter")
    nb.page.wait_for_function("(el) => /^\\[\\d+\\]:$/.test(el.textContent.trim())",
                              arg=code.first.locator(".jp-InputArea-prompt").first.element_handle(),
                              timeout=timeout * 1000, polling=100)
    nb.wait_kernel_idle(timeout)
    first = time.perf_counter() - t0
    select(code.nth(1))
    t0 = time.perf_counter()
    nb._menu("Run", "Run Selected Cell and All Below")
    nb.page.wait_for_function("(js) => eval(js)().every(([code, p]) => !code || /^\\[\\d+\\]:$/.test(p))",
                              arg=PROMPTS_JS, timeout=timeout * 1000, polling=250)
    nb.wait_kernel_idle(timeout)
    return first, time.perf_counter() - t0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", default=["01_games_and_minimax.ipynb", "02_alpha_beta.ipynb"])
    parser.add_argument("--site", type=pathlib.Path, help="use this built site (default: build one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gamelib-lite-bench-") as tmp:
        site = args.site
        if site is None:
            site = pathlib.Path(tmp) / "site"
            report = build_site(site)
            print(f"build: {report['seconds']:.0f} s; site {report['bytes'] / 1e6:.1f} MB in {report['files']} "
                  f"files (Pyodide and its packages {report['pyodide_bytes'] / 1e6:.1f} MB)")
        rows = []
        with StaticServer(site) as server, LabServer(ROOT / "notebooks") as lab, Browser() as browser:
            for name in args.names:
                before = server.bytes_served
                t0 = time.perf_counter()
                nb = open_lite_notebook(browser, server, f"notebooks/{name}", timeout=300)
                # The kernel may say idle before Pyodide is up: time a first cell's run (outputs cleared
                # first, so that its count [1] is the newest on the page).
                nb._menu("Edit", "Clear Outputs of All Cells")
                nb.page.wait_for_function("(js) => eval(js)().every(([code, p]) => !code || !/\\d/.test(p))",
                                          arg=PROMPTS_JS, timeout=30_000)
                nb.append_cell("import gamelib", timeout=300)
                ready = time.perf_counter() - t0
                lite = first_cell_then_rest(nb, timeout=900)
                loaded = server.bytes_served - before
                errors = nb.error_outputs()
                nb.close()
                cpy = browser.open_notebook(lab, name, timeout=120)
                cpython = first_cell_then_rest(cpy, timeout=600)
                cpy.close()
                lab.shutdown_notebook(name)
                rows.append((name, loaded, ready, lite, cpython, "error!" if errors else ""))
                print(f"{name}: first visit {loaded / 1e6:.1f} MB, first run {ready:.1f} s; first cell "
                      f"{lite[0]:.1f} s in JupyterLite, {cpython[0]:.1f} s in JupyterLab (CPython): "
                      f"{lite[0] / cpython[0]:.2f}x; the rest {lite[1]:.1f} s against {cpython[1]:.1f} s: "
                      f"{lite[1] / cpython[1]:.2f}x {rows[-1][-1]}", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.1f}\n")
    print("| notebook | first visit | first run | first cell, JupyterLite | first cell, CPython | ratio "
          "| the rest, JupyterLite | the rest, CPython | ratio | Run All ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, loaded, ready, lite, cpython, note in rows:
        print(f"| `{name}` | {loaded / 1e6:.0f} MB | {ready:.0f} s | {lite[0]:.1f} s | {cpython[0]:.1f} s | "
              f"{lite[0] / cpython[0]:.1f}× | {lite[1]:.1f} s | {cpython[1]:.1f} s | {lite[1] / cpython[1]:.2f}× | "
              f"{sum(lite) / sum(cpython):.2f}× {note}|")
    return 0


if __name__ == "__main__":
    sys.exit(main())

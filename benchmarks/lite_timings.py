"""The course in the browser (JupyterLite, Pyodide) against CPython, in one run: build time and site size,
the bytes a student's first visit loads, the time to a first run (from opening the notebook until a cell
``import gamelib`` has run: Pyodide started, numpy, scipy and matplotlib loaded) and each notebook's Run All
in Chromium, in JupyterLite and in JupyterLab (CPython kernel) on the same machine.

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
                lite = nb.run_all(timeout=900)
                loaded = server.bytes_served - before
                errors = nb.error_outputs()
                nb.close()
                cpy = browser.open_notebook(lab, name, timeout=120)
                cpython = cpy.run_all(timeout=600)
                cpy.close()
                lab.shutdown_notebook(name)
                rows.append((name, loaded, ready, lite, cpython, "error!" if errors else ""))
                print(f"{name}: first visit {loaded / 1e6:.1f} MB, first run {ready:.1f} s, Run All "
                      f"{lite:.1f} s in JupyterLite, {cpython:.1f} s in JupyterLab (CPython): "
                      f"{lite / cpython:.2f}x {rows[-1][-1]}", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.1f}\n")
    print("| notebook | first visit | first run | Run All, JupyterLite | Run All, CPython | ratio |")
    print("|---|---|---|---|---|---|")
    for name, loaded, ready, lite, cpython, note in rows:
        print(f"| `{name}` | {loaded / 1e6:.0f} MB | {ready:.0f} s | {lite:.1f} s | {cpython:.1f} s | "
              f"{lite / cpython:.2f}× {note}|")
    return 0


if __name__ == "__main__":
    sys.exit(main())

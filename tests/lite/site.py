"""The course's JupyterLite site (lite/build.py) in Debian's Chromium, driven by Playwright: the machinery
behind tests/lite/test_lite.py and benchmarks/lite_timings.py.

    site = build_site(folder)                          # lite/build.py (its own venv), plus the test settings
    with StaticServer(folder) as server, Browser() as browser:
        nb = open_lite_notebook(browser, server, "notebooks/01_games_and_minimax.ipynb")
        nb.run_all()                                   # tests/browser/lab.py's Notebook, on the site
        nb.assert_clean(); nb.outside_requests         # [] unless something left 127.0.0.1

* :class:`StaticServer`: the site served as static files on a free port of 127.0.0.1 (what any web host
  does), in a thread of this process.
* :class:`LiteNotebook`: :class:`tests.browser.lab.Notebook` opened in JupyterLite (JupyterLab 4 in the
  browser, the kernel Pyodide in a web worker); it records every request whose host is not 127.0.0.1 and
  answers none of them.
* :func:`text_outputs` / :func:`stored_text_outputs`: the text a cell printed (stdout, text/plain), as the
  browser shows it and as the notebook stores it from CPython, for cells whose output nbval compares.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import pathlib
import re
import secrets
import subprocess
import sys
import threading
import time
import urllib.parse

from tests.browser.lab import PROMPTS_JS, VIEWPORT, Notebook, browser_unavailable, free_port

ROOT = pathlib.Path(__file__).resolve().parents[2]

TEST_SETTINGS = {
    # Every cell in the DOM (JupyterLab 4 otherwise renders only the cells on screen), as tests/browser/.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
}


LITE_PYTHON = pathlib.Path(os.environ.get("GAMELIB_LITE_PYTHON", ROOT / "lite" / ".venv" / "bin" / "python"))
"""The Python that builds the site: the venv of lite/requirements.txt (never the kit's .venv, where
jupyterlite-pyodide-kernel's JupyterLab extension would break the browser tests' JupyterLab)."""


def lite_unavailable() -> str | None:
    """Why the site cannot be built here, or None."""
    if not LITE_PYTHON.exists():
        return (f"no {LITE_PYTHON} to build the JupyterLite site: python3 -m venv lite/.venv && "
                "lite/.venv/bin/pip install -r lite/requirements.txt (or set GAMELIB_LITE_PYTHON)")
    return None


def require_lite() -> None:
    """Skip the calling test (or fixture) where Chromium or the site's build tools are missing; in CI
    (``$CI`` set) fail instead, saying which: there the JupyterLite tests must run."""
    import pytest
    reason = browser_unavailable() or lite_unavailable()
    if reason and os.environ.get("CI"):
        pytest.fail(f"the JupyterLite test cannot run in CI: {reason}", pytrace=False)
    if reason:
        pytest.skip(reason)


def build_site(out: pathlib.Path, pyodide: str = "local", extra_contents: pathlib.Path | None = None) -> dict:
    """Build the site into ``out`` with lite/build.py (run by :data:`LITE_PYTHON`), then add
    :data:`TEST_SETTINGS` to its jupyter-lite.json; returns the seconds it took and the site's sizes."""
    cmd = [str(LITE_PYTHON), str(ROOT / "lite" / "build.py"), "--pyodide", pyodide, "--out", str(out)]
    if extra_contents is not None:
        cmd += ["--extra-contents", str(extra_contents)]
    t0 = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    if done.returncode:
        raise RuntimeError(f"lite/build.py failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    files = [p for p in out.rglob("*") if p.is_file()]
    report = {"seconds": time.perf_counter() - t0, "files": len(files), "bytes": sum(p.stat().st_size for p in files),
              "pyodide_bytes": sum(p.stat().st_size for p in (out / "static" / "pyodide").glob("*"))}
    path = out / "jupyter-lite.json"
    config = json.loads(path.read_text())
    overrides = config["jupyter-config-data"].setdefault("settingsOverrides", {})
    for plugin, values in TEST_SETTINGS.items():
        overrides.setdefault(plugin, {}).update(values)
    path.write_text(json.dumps(config, indent=2))
    return report


def cdn_mirror(local_site: pathlib.Path, into: pathlib.Path) -> pathlib.Path:
    """A stand-in for Pyodide's CDN folder (this machine cannot reach the CDN): the official lock and
    core from the npm package, and the package files of a ``--pyodide local`` site, which the build
    checked against that lock (the CDN serves the same bytes).  A file the CDN site asks for and the
    local site lacks is answered 404, and the test sees it."""
    import tarfile
    sys.path.insert(0, str(ROOT / "lite"))
    try:
        import build          # only its download of Pyodide's npm package (cached): no JupyterLite here
    finally:
        sys.path.remove(str(ROOT / "lite"))
    into.mkdir(parents=True, exist_ok=True)
    for path in (local_site / "static" / "pyodide").iterdir():
        (into / path.name).write_bytes(path.read_bytes())
    with tarfile.open(build.pyodide_npm()) as tar:
        (into / "pyodide-lock.json").write_bytes(tar.extractfile("package/pyodide-lock.json").read())
    return into


class _Handler(http.server.SimpleHTTPRequestHandler):
    served = None          # set per server: a one-item list, the bytes sent so far
    not_found = None       # set per server: the paths answered 404, in order
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".json": "application/json", ".whl": "application/zip"}

    def log_message(self, *args):          # quiet: the test reports what matters
        pass

    def send_error(self, code, *args, **kwargs):
        if code == 404:
            self.not_found.append(urllib.parse.urlsplit(self.path).path)
        super().send_error(code, *args, **kwargs)

    def copyfile(self, source, outputfile):
        before = source.tell()
        super().copyfile(source, outputfile)
        self.served[0] += source.tell() - before


class StaticServer:
    """``folder`` served as static files on 127.0.0.1 (a thread of this process), on ``port`` (default: a
    free one; the same port again serves a site at the same address, where the browser keeps its storage);
    a context manager."""

    def __init__(self, folder: pathlib.Path, port: int | None = None):
        self.folder = pathlib.Path(folder)
        self.port = port or free_port()
        self._served = [0]
        self.not_found: list[str] = []
        """The paths answered 404 so far (the browser's own /favicon.ico among them)."""
        handler = functools.partial(type("Handler", (_Handler,), {"served": self._served,
                                                                  "not_found": self.not_found}),
                                    directory=str(self.folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.root = self.folder / "files"

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    @property
    def bytes_served(self) -> int:
        """The bytes of files sent so far (what the browsers loaded, cache misses only)."""
        return self._served[0]

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class SiteContext:
    """A browser context for a site's pages (shared by many notebooks: one student's browser, its cache
    kept from one notebook to the next; or one notebook's, fresh: a first visit).  It records every request
    whose host is not 127.0.0.1.  With ``cdn``, (address prefix, folder), every request is routed: those
    under the prefix are answered from the folder (:func:`cdn_mirror`) and listed in ``cdn_requests``, the
    other outside ones recorded and refused."""

    def __init__(self, browser, cdn: tuple | None = None):
        self.cdn = cdn
        self.cdn_requests: list[str] = []
        self.outside_requests: list[str] = []
        self.context = browser.browser.new_context(viewport=VIEWPORT)
        if cdn:
            self.context.route("**/*", self._only_the_site)
        else:
            # Watched, not routed: Playwright turns the browser's cache off in a context with any route,
            # and a shared context is there for its cache.  Every request is seen (pages, the kernel's web
            # worker, the service worker); one that leaves the site fails the test, answered or not.
            self.context.on("request", self._watch)

    def _watch(self, request):
        url = request.url
        if urllib.parse.urlsplit(url).hostname not in ("127.0.0.1", None) and not url.startswith(("data:", "blob:")):
            self.outside_requests.append(url)

    def _only_the_site(self, route):
        url = route.request.url
        if self.cdn and url.startswith(self.cdn[0]):
            name = url[len(self.cdn[0]):].split("?")[0]
            self.cdn_requests.append(name)
            path = self.cdn[1] / name
            kind = {".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                    ".json": "application/json"}.get(path.suffix, "application/octet-stream")
            headers = {"content-type": kind, "access-control-allow-origin": "*"}
            if path.is_file():
                route.fulfill(status=200, body=path.read_bytes(), headers=headers)
            else:
                route.fulfill(status=404, body=b"", headers=headers)
            return
        host = urllib.parse.urlsplit(url).hostname
        if host in ("127.0.0.1", None) or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.outside_requests.append(route.request.url)
            route.abort()

    def close(self):
        with contextlib.suppress(Exception):
            self.context.close()


class LiteNotebook(Notebook):
    """A notebook of the site open in a page of its own: in a browser context of its own (fresh storage and
    cache: a student's first visit), or in ``shared``, a :class:`SiteContext` that outlives it (the same
    student opening the next notebook: much of the site, JupyterLab's files among them, comes from the
    browser's cache).  Either way its
    kernel is its own: JupyterLite runs each page's kernel in that page."""

    def __init__(self, browser, server: StaticServer, name: str, *, timeout: float = 180.0,
                 cdn: tuple | None = None, shared: SiteContext | None = None):
        """``cdn``: see :class:`SiteContext` (for a context of its own only)."""
        assert shared is None or cdn is None, "a shared context has its own cdn setting"
        self.name = name
        self.server = server
        self.browser = browser
        self.path = server.root / name
        self.site_context = shared or SiteContext(browser, cdn)
        self._own_context = shared is None
        self._first_outside = len(self.site_context.outside_requests)
        self._first_cdn = len(self.site_context.cdn_requests)
        self.context = self.site_context.context
        self.page = self.context.new_page()
        self.console: list[str] = []
        self._failed: list[tuple] = []
        self._first_not_found = len(server.not_found)
        self.page.on("response", self._on_response)
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda err: self.console.append(f"page error: {err}"))
        workspace = f"w{secrets.token_hex(6)}"
        self.page.goto(server.url(f"lab/index.html?path={urllib.parse.quote(name)}&workspace={workspace}"))
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout * 1000)
        self._accept_kernel_dialog(timeout)
        self.wait_kernel_idle(timeout)

    def _on_console(self, msg):
        """As :class:`Notebook`'s, but a 404 the page's own requests do not explain is looked up in the
        server's: Chromium's request for the site's ``/favicon.ico`` (which JupyterLite does not ship,
        nor any page ask for) is the browser's, not the site's, and Playwright never sees it."""
        if msg.type == "error" and "status of 404" in msg.text and not any(f[1] == 404 for f in self._failed):
            missed = self.server.not_found[self._first_not_found:]
            if missed:
                self._first_not_found += 1
                if missed[0] == "/favicon.ico":
                    return
                self.console.append(f"{msg.text}: GET {missed[0]}")
                return
        super()._on_console(msg)

    @property
    def outside_requests(self) -> list:
        """The requests that tried to leave 127.0.0.1 since this notebook was opened (all refused)."""
        return self.site_context.outside_requests[self._first_outside:]

    @property
    def cdn_requests(self) -> list:
        return self.site_context.cdn_requests[self._first_cdn:]

    def close(self):
        """Close the page (its kernel with it), and the context if it is the notebook's own."""
        with contextlib.suppress(Exception):
            self.page.close()
        if self._own_context:
            self.site_context.close()
        if self in self.browser.notebooks:
            self.browser.notebooks.remove(self)

    def run_all(self, timeout: float = 600.0) -> float:
        """As :class:`Notebook`'s, with a longer bound: Pyodide is slower and starts in the page."""
        return super().run_all(timeout)

    def stop_at_error(self) -> list:
        """The prompts of the code cells: [has source, prompt text] (to see where a Run All stopped)."""
        return self.page.evaluate(PROMPTS_JS)


def open_lite_notebook(browser, server: StaticServer, name: str, timeout: float = 180.0,
                       cdn: tuple | None = None, shared: SiteContext | None = None) -> LiteNotebook:
    nb = LiteNotebook(browser, server, name, timeout=timeout, cdn=cdn, shared=shared)
    browser.notebooks.append(nb)
    return nb


# ---------------------------------------------------------------------------------------------------
# Text outputs: the browser's against the stored CPython run's
# ---------------------------------------------------------------------------------------------------

COMPARED = ("application/vnd.jupyter.stdout", "text/plain")
"""The outputs compared: what a cell printed, and the plain text of a value it showed (a picture's or an
HTML table's rendering depends on fonts and the matplotlib version; nbval compares their words)."""

OUTPUTS_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-WindowedPanel-viewport > .jp-Cell')]
    .filter(c => c.classList.contains('jp-CodeCell'))
    .map(c => [...c.querySelectorAll('.jp-OutputArea-output')].map(o =>
        [o.getAttribute('data-mime-type') || '', o.innerText]))"""


def _sanitize(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.replace("\xa0", " ").strip().splitlines())


def text_outputs(nb: Notebook) -> list:
    """Per code cell (non-empty or not, in order), the compared outputs the browser shows: [(mime, text)]."""
    return [[(mime, _sanitize(text)) for mime, text in cell if mime in COMPARED]
            for cell in nb.page.evaluate(OUTPUTS_JS)]


def stored_text_outputs(path: pathlib.Path) -> list:
    """Per code cell, the compared outputs stored in the notebook ([(mime, text)], consecutive stdout
    merged as JupyterLab shows them), or None for a cell whose output nbval does not compare (tagged
    ``nbval-ignore-output`` or ``nbval-skip``)."""
    cells = []
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        tags = set(cell.get("metadata", {}).get("tags", []))
        if tags & {"nbval-ignore-output", "nbval-skip"}:
            cells.append(None)
            continue
        shown = []
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream" and out["name"] == "stdout":
                text = "".join(out["text"])
                if shown and shown[-1][0] == COMPARED[0]:
                    shown[-1] = (COMPARED[0], shown[-1][1] + text)
                else:
                    shown.append((COMPARED[0], text))
            elif out["output_type"] == "stream":
                shown.append(("application/vnd.jupyter.stderr", ""))
            elif out["output_type"] in ("execute_result", "display_data"):
                data = out.get("data", {})
                richest = next((m for m in ("application/vnd.jupyter.widget-view+json", "text/html",
                                            "image/png", "image/svg+xml", "text/markdown", "text/latex")
                                if m in data), "text/plain")
                shown.append((richest, "".join(data.get("text/plain", "")) if richest == "text/plain" else ""))
        cells.append([(m, _sanitize(t)) for m, t in shown if m in COMPARED])
    return cells


def differences(nb: Notebook, stored_from: pathlib.Path) -> list:
    """The cells whose compared text outputs differ between the browser and the stored CPython run:
    [(cell number from 1, stored, shown)]."""
    shown, stored = text_outputs(nb), stored_text_outputs(stored_from)
    assert len(shown) == len(stored), f"{len(shown)} code cells on the page, {len(stored)} stored"
    return [(i + 1, want, got) for i, (want, got) in enumerate(zip(stored, shown))
            if want is not None and want != got]


# ---------------------------------------------------------------------------------------------------
# An exercise as a student who solved it hands it in
# ---------------------------------------------------------------------------------------------------

def answered(release: pathlib.Path, source: pathlib.Path) -> dict:
    """The student version ``release`` of an exercise with each answer cell (nbgrader ``solution``) replaced
    by the instructor's solution from ``source`` (``### BEGIN/END SOLUTION`` markers taken out): the
    notebook of a student who answered everything right."""
    solutions = {}
    for cell in json.loads(source.read_text())["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("solution"):
            text = "".join(cell["source"])
            text = re.sub(r"^.*### BEGIN SOLUTION\n|^.*### END SOLUTION\n?", "", text, flags=re.M)
            solutions[meta["grade_id"]] = text
    nb = json.loads(release.read_text())
    for cell in nb["cells"]:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if grade_id in solutions:
            cell["source"] = solutions[grade_id]
    return nb

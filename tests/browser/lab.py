"""JupyterLab 4 in Debian's Chromium, driven by Playwright: the machinery behind tests/browser/ and
benchmarks/browser_timings.py (plain classes here; conftest.py turns them into pytest fixtures).

    with LabServer(NOTEBOOKS) as server, Browser() as browser:
        nb = browser.open_notebook(server, "02_alpha_beta.ipynb")
        nb.run_all()
        ex = nb.widget("TreeExplorer(fig52)")          # the widget shown by the cell with that text
        seconds = ex.click("next", until=ex.image_changed())
        nb.assert_clean()                              # no JS console errors, no "Error displaying widget"

What is here:

* :class:`LabServer`: ``jupyter lab`` on a free port of 127.0.0.1 with a random token, serving a
  *temporary copy* of notebooks/ (running a notebook in JupyterLab rewrites the file; the tracked ones
  are never touched), with its own config, data, settings and workspace directories (no user settings
  leak in), autosave off, every cell rendered (no windowing) and the news pop-up off.
* :class:`TypedLab`: ``jupyter lab`` as a document tells a reader to start it, typed in the folder it
  serves (the student's first command; the instructor's Formgrader in a course folder).
* :class:`Browser`: Chromium from Debian (``/usr/bin/chromium``, or ``$GAMELIB_CHROMIUM``) launched by
  Playwright with ``executable_path`` (Playwright's own browser download cannot be reached here).
* :class:`Notebook`: one notebook open in a page: ``run_all``, ``wait_idle``, ``cell(text)``,
  ``widget(text)``, ``append_cell(code)``, ``console_errors``, ``assert_clean``, ``screenshot``.
* :class:`Widget`: a widget view inside a cell's output, with the actions a student takes:
  ``click(label)``, ``select(description, option)``, ``toggle(option)``, ``check(description, on)``,
  ``type(description, value)``, ``slider(description, value)``, ``drag_slider(description, fraction)``,
  and what the browser shows: ``text()``, ``button_labels()``, ``image_src()``; ``click`` and the
  setters take ``until=`` (a JavaScript condition made by ``image_changed()``, ``text_changed()``,
  ``shows(text)``) and return the seconds from the action until the condition held.

:func:`browser_unavailable` says why the browser tests cannot run here (no Playwright, no Chromium), or
None.
"""
from __future__ import annotations

import contextlib
import json
import os
import pathlib
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORT = {"width": 1280, "height": 800}
"""A laptop screen.  With JupyterLab's file browser open, an output area is 848 px wide: the column
every picture must fit (see tests/browser/first_view.py)."""

SETTINGS = {
    # Every cell in the DOM (JupyterLab 4 otherwise renders only the cells on screen); start the
    # notebook's own kernel without asking which one.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none",
                                                                   "autoStartDefaultKernel": True},
    # The copy is scratch: never save it behind the test's back.
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    # No "Would you like to get notified about official Jupyter news?" toast over the widgets.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
}

IGNORED_CONSOLE = ()
"""Regular expressions of console errors that are not the kit's (none so far: add one with a comment
saying why, never to hide a real error)."""
IGNORED_FAILED_REQUESTS = (
    # jupyter_server answers 500 to a kernel list asked for while a kernel is starting (the new
    # kernel has no last_activity yet: KeyError in kernel_model); JupyterLab polls the list, and the
    # next poll succeeds.  A server race, not the kit's.
    ("GET", 500, r"/api/kernels(\?|$)"),
)
"""(method, status, URL path pattern) of failed requests whose "Failed to load resource" console
error is not the kit's."""


def find_chromium() -> str | None:
    """The Chromium executable to drive: ``$GAMELIB_CHROMIUM``, else Debian's, else ``chromium`` on
    the PATH; None if there is none."""
    env = os.environ.get("GAMELIB_CHROMIUM")
    if env:
        return env if os.access(env, os.X_OK) else None
    for path in CHROMIUM_CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def browser_unavailable() -> str | None:
    """Why the browser tests cannot run on this machine, or None if they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return ("the Python package playwright is not installed "
                "(pip install -r requirements-dev.txt installs it)")
    if find_chromium() is None:
        return ("Chromium was not found (looked for $GAMELIB_CHROMIUM, /usr/bin/chromium, chromium on "
                "the PATH); install Debian's: apt-get install -y chromium")
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------------------------------
# The server
# ---------------------------------------------------------------------------------------------------

def until_shown(page, act, shown, tries: int = 4, timeout: float = 5.0) -> None:
    """``act()`` until ``shown`` (a selector or a Playwright locator) is visible, at most ``tries`` times,
    pressing Escape between tries: a click or a key can reach a JupyterLab still settling (after its first
    load, or while a folder's listing refreshes) and be lost, and a student would simply do it again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    for attempt in range(tries):
        act()
        try:
            (page.locator(shown) if isinstance(shown, str) else shown).first.wait_for(timeout=timeout * 1000)
            return
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise
            page.keyboard.press("Escape")


def isolated_environment(workdir: pathlib.Path, settings: dict = SETTINGS) -> dict:
    """``os.environ`` for a JupyterLab whose config, data, runtime, settings and workspace directories
    are in ``workdir`` (no user settings leak in), with ``settings`` (default: :data:`SETTINGS`)
    written there."""
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")):
        (workdir / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(workdir / sub)
    env.pop("MPLBACKEND", None)  # the kernels draw inline, whatever the test process uses
    for name, value in settings.items():
        path = workdir / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    return env


def wait_until_serving(process: subprocess.Popen, status_url: str, timeout: float) -> bool:
    """True once ``status_url`` (a server's ``api/status``) answers 200; False if the server process
    ends first or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(status_url, timeout=2) as r:
                if r.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    return False


class LabServer:
    """``jupyter lab`` serving a temporary copy of ``notebooks``; a context manager (or call
    :meth:`stop`).  ``root`` is the copy's directory, ``url(path)`` an address with the token."""

    def __init__(self, notebooks: pathlib.Path, workdir: pathlib.Path | None = None,
                 timeout: float = 90.0):
        self._own_workdir = workdir is None
        self.workdir = pathlib.Path(tempfile.mkdtemp(prefix="gamelib-lab-") if workdir is None
                                    else workdir)
        self.root = self.workdir / "notebooks"
        shutil.copytree(notebooks, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        env = isolated_environment(self.workdir)
        self.token = secrets.token_hex(16)
        self.log_path = self.workdir / "server.log"
        self.process = None
        for _attempt in range(3):  # a free port can be taken between asking and binding: retry
            self.port = free_port()
            cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
                   f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
                   f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}"]
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                cmd.append("--allow-root")
            with open(self.log_path, "ab") as log:
                self.process = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                                stdin=subprocess.DEVNULL, start_new_session=True)
            if self._wait_ready(timeout):
                return
        log = self.log_path.read_text(errors="replace")[-3000:]
        self.stop()
        raise RuntimeError(f"JupyterLab did not start; the end of its log:\n{log}")

    def _wait_ready(self, timeout: float) -> bool:
        if wait_until_serving(self.process, self.url("api/status"), timeout):
            return True
        self._terminate()
        return False

    def new_notebook(self, name: str) -> str:
        """Write an empty notebook ``name`` (Python 3 kernel) into the copy; returns ``name``."""
        nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "first", "metadata": {},
                         "outputs": [], "source": []}],
              "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                          "name": "python3"}},
              "nbformat": 4, "nbformat_minor": 5}
        (self.root / name).write_text(json.dumps(nb))
        return name

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}{sep}token={self.token}"

    def _api(self, method: str, path: str):
        req = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def shutdown_notebook(self, name: str):
        """Shut down the session (and kernel) of the notebook ``name``, if it has one."""
        with contextlib.suppress(Exception):
            for session in self._api("GET", "api/sessions") or []:
                if session.get("path") == name:
                    self._api("DELETE", f"api/sessions/{session['id']}")

    def shutdown_kernels(self):
        """Shut down every kernel the server runs (each notebook opened starts one)."""
        with contextlib.suppress(Exception):
            for kernel in self._api("GET", "api/kernels") or []:
                with contextlib.suppress(Exception):
                    self._api("DELETE", f"api/kernels/{kernel['id']}")

    def _terminate(self):
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(5)

    def stop(self):
        """Shut down the kernels and the server, and remove the copy (if this object made it)."""
        if self.process is not None and self.process.poll() is None:
            self.shutdown_kernels()
        self._terminate()
        if self._own_workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class TypedLab:
    """A JupyterLab started by a documented command, typed in ``folder`` as a reader types it (``jupyter
    lab`` in the folder it should serve, no ``--ServerApp.root_dir``), plus what a test needs
    (``--no-browser``, a free port of 127.0.0.1, a token; ``--allow-root`` when running as root);
    ``root`` is what it serves.  Its config, data, runtime, settings and workspace directories are in
    ``workdir`` (:func:`isolated_environment`, with ``settings``).  ``stop()`` ends it."""

    def __init__(self, folder: pathlib.Path, command: str, root: pathlib.Path, workdir: pathlib.Path,
                 settings: dict = SETTINGS, timeout: float = 90.0):
        self.root = root
        self.token = secrets.token_hex(16)
        self.port = free_port()
        words = shlex.split(command) + ["--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
                                        "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            words.append("--allow-root")
        workdir.mkdir(parents=True, exist_ok=True)
        self.log_path = workdir / "server.log"
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(words, cwd=folder, env=isolated_environment(workdir, settings),
                                            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            start_new_session=True)
        if not wait_until_serving(self.process, self.url("api/status"), timeout):
            self.stop()
            raise RuntimeError(f"{command!r} did not serve; its log:\n{self.log()[-3000:]}")

    def url(self, path: str = "lab") -> str:
        sep = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}{sep}token={self.token}"

    def get(self, path: str) -> tuple:
        """(status, body) of a GET."""
        try:
            with urllib.request.urlopen(self.url(path), timeout=30) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, ""

    def page_config(self) -> dict:
        status, body = self.get("lab")
        assert status == 200
        return json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                                    body, flags=re.S).group(1))

    def shutdown_kernels(self):
        for kernel in json.loads(self.get("api/kernels")[1] or "[]"):
            req = urllib.request.Request(self.url(f"api/kernels/{kernel['id']}"), method="DELETE")
            try:
                urllib.request.urlopen(req, timeout=10).close()
            except urllib.error.URLError:
                pass

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self):
        if self.process.poll() is None:
            self.shutdown_kernels()
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)


# ---------------------------------------------------------------------------------------------------
# The browser
# ---------------------------------------------------------------------------------------------------

class Browser:
    """Debian's Chromium under Playwright (sync API); a context manager (or call :meth:`close`)."""

    def __init__(self, executable: str | None = None):
        from playwright.sync_api import sync_playwright
        executable = executable or find_chromium()
        if executable is None:
            raise RuntimeError(browser_unavailable())
        self._playwright = sync_playwright().start()
        try:
            self.browser = self._playwright.chromium.launch(executable_path=executable,
                                                            args=CHROMIUM_ARGS, headless=True)
        except Exception:
            self._playwright.stop()
            raise
        self.notebooks: list[Notebook] = []

    def open_notebook(self, server: LabServer, name: str, *, timeout: float = 90.0) -> "Notebook":
        """Open ``name`` (a file in the server's copy of notebooks/) in a new page, its kernel started
        and idle.  Nothing is run yet: see :meth:`Notebook.run_all`."""
        nb = Notebook(self, server, name, timeout=timeout)
        self.notebooks.append(nb)
        return nb

    def close(self):
        for nb in list(self.notebooks):
            nb.close()
        with contextlib.suppress(Exception):
            self.browser.close()
        with contextlib.suppress(Exception):
            self._playwright.stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


PROMPTS_JS = """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')].map(c => {
    const src = c.querySelector('.jp-InputArea .cm-content');
    const p = c.querySelector('.jp-InputArea-prompt');
    return [src ? src.textContent.trim().length > 0 : false, p ? p.textContent.trim() : ''];
})"""


KERNEL_CHOSEN_OR_ASKED_JS = """() => {
    const name = document.querySelector('.jp-NotebookPanel-toolbar .jp-Toolbar-kernelName');
    const shown = name ? name.textContent.trim() : '';
    return (shown !== '' && shown !== 'No Kernel')
        || [...document.querySelectorAll('.jp-Dialog')].some(d => d.textContent.includes('Select Kernel'));
}"""
"""Whether JupyterLab has settled the notebook's kernel: the toolbar names the kernel it starts (or has
started), or JupyterLab asks which one to start (its "Select Kernel" dialog).  Until then the toolbar
says "No Kernel", and the execution indicator says "idle" (its first state), so it cannot tell."""


class Notebook:
    """A notebook open in its own browser page (Chromium tab), with its own kernel."""

    def __init__(self, browser: Browser, server: LabServer | None, name: str, *, timeout: float = 90.0,
                 page=None):
        """Open ``name`` of ``server`` in a page of its own; or, given ``page`` (a page already showing
        the notebook, e.g. opened by a JupyterHub link: tests/hub/), read and drive that page."""
        self.name = name
        self.server = server
        self.browser = browser
        self.path = server.root / name if server is not None else None
        self.context = page.context if page is not None else browser.browser.new_context(viewport=VIEWPORT)
        self.page = page if page is not None else self.context.new_page()
        self.console: list[str] = []
        self._failed: list[tuple] = []   # (method, status, path) of every failed request
        self.page.on("response", self._on_response)
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda err: self.console.append(f"page error: {err}"))
        # A workspace of its own, reset: otherwise JupyterLab reopens every notebook any earlier page
        # of this server had open, each in a tab of this one.
        workspace = f"w{secrets.token_hex(6)}"
        if page is None:
            self.page.goto(server.url(f"lab/workspaces/{workspace}/tree/{name}?reset"))
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout * 1000)
        self._accept_kernel_dialog(timeout)
        self.wait_kernel_idle(timeout)

    def _accept_kernel_dialog(self, timeout: float = 90.0):
        """JupyterLab may still ask which kernel to start (if its list of kernels came late): wait until
        it has settled the kernel (:data:`KERNEL_CHOSEN_OR_ASKED_JS`) and, if it asks, take the kernel it
        proposes, the notebook's own."""
        try:
            self.page.wait_for_function(KERNEL_CHOSEN_OR_ASKED_JS, timeout=timeout * 1000, polling=100)
        except Exception as err:
            raise TimeoutError(f"{self.name}: within {timeout:g} s JupyterLab neither named the notebook's kernel "
                               f"in its toolbar nor asked which kernel to start ({type(err).__name__})") from err
        dialog = self.page.locator(".jp-Dialog", has_text="Select Kernel")
        if dialog.count():
            dialog.locator(".jp-mod-accept").click()

    def _on_response(self, response):
        if response.status >= 400:
            path = urllib.parse.urlsplit(response.url)
            self._failed.append((response.request.method, response.status,
                                 path.path + ("?" + path.query if path.query else "")))

    def _on_console(self, msg):
        if msg.type != "error":
            return
        m = re.match(r"Failed to load resource: the server responded with a status of (\d+)",
                     msg.text)
        if m:  # say which request failed, or drop it if it is a known server race
            status = int(m.group(1))
            failed = next((f for f in reversed(self._failed) if f[1] == status), None)
            if failed and any(f[0] == method and f[1] == code and re.search(pattern, f[2])
                              for f in [failed] for method, code, pattern in IGNORED_FAILED_REQUESTS):
                return
            if failed:
                self.console.append(f"{msg.text}: {failed[0]} {failed[2]}")
                return
        self.console.append(msg.text)

    # -- running ------------------------------------------------------------------------------------
    def wait_kernel_idle(self, timeout: float = 60.0):
        """Wait until the toolbar's kernel indicator says idle."""
        self.page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                                    state="attached", timeout=timeout * 1000)

    def _prompts(self) -> list:
        return self.page.evaluate(PROMPTS_JS)

    def _menu(self, menu: str, item: str):
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{menu}$")).first.click()
        self.page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$")).first.click()

    def run_all(self, timeout: float = 480.0) -> float:
        """Edit > Clear Outputs of All Cells, then Run > Run All Cells, and wait until every
        non-empty code cell shows an execution count and the kernel is idle (a fresh kernel numbers
        them as the stored outputs did, so clearing first is what makes "has run" visible).  Returns
        the seconds the run took.  A cell that fails stops a Run All (the cells after it never run): then
        this raises at once with the error, not after ``timeout``.  ``timeout`` is a bound for a stuck
        kernel, not a speed test: each notebook runs in under 20 s on a quiet machine
        (tests/kit/test_notebooks.py), but notebook 08 took over 180 s in Chromium at load 10 on two cores
        (three test suites at once)."""
        end = time.perf_counter() + timeout
        self.clear_outputs()
        t0 = time.perf_counter()
        self._menu("Run", "Run All Cells")
        while time.perf_counter() < end:
            prompts = self.page.evaluate(PROMPTS_JS)
            if all(not code or re.fullmatch(r"\[\d+\]:", p) for code, p in prompts):
                self.wait_kernel_idle(max(end - time.perf_counter(), 1))
                return time.perf_counter() - t0
            errors = self.error_outputs()
            if errors and not any(p == "[*]:" for code, p in prompts if code):
                raise AssertionError(f"{self.name}: Run All stopped at an error: {errors[0]}")
            time.sleep(0.25)
        raise TimeoutError(f"{self.name}: Run All did not finish in {timeout:g} s")

    def clear_outputs(self):
        """Edit > Clear Outputs of All Cells, and wait until no code cell shows an execution count."""
        for attempt in range(3):  # the menu acts on the active notebook: make it so, and retry
            self.cells.first.locator(".jp-InputArea-prompt").first.click()
            self.page.keyboard.press("Escape")
            self._menu("Edit", "Clear Outputs of All Cells")
            try:
                self.page.wait_for_function(
                    """(js) => eval(js)().every(([code, p]) => !code || !/\\d/.test(p))""",
                    arg=PROMPTS_JS, timeout=10_000)
                break
            except Exception:
                if attempt == 2:
                    raise
                self.page.keyboard.press("Escape")

    def wait_idle(self, settle: float = 0.3, timeout: float = 60.0):
        """Wait until the kernel has been idle for ``settle`` seconds (it may still be answering a
        click whose message has not gone out yet: prefer an ``until=`` condition where there is one)."""
        end = time.monotonic() + timeout
        idle_since = None
        while time.monotonic() < end:
            idle = self.page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").count()
            if idle:
                idle_since = idle_since or time.monotonic()
                if time.monotonic() - idle_since >= settle:
                    return
            else:
                idle_since = None
            time.sleep(0.05)
        raise TimeoutError(f"{self.name}: the kernel stayed busy for {timeout} s")

    def reload(self, timeout: float = 90.0):
        """Reload the page (the browser's reload button): the kernel and its widgets live on."""
        self.page.reload()
        self.page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout * 1000)
        self._accept_kernel_dialog(timeout)
        self.wait_kernel_idle(timeout)

    def eventually(self, read, ok=bool, timeout: float = 10.0):
        """``read()`` again and again until ``ok(value)`` holds (at most ``timeout`` seconds); returns
        the last value, for the test to assert on.  For a second look at the page after a condition
        held: ipywidgets applies updates to different widgets (a status line, a button, a layout)
        independently, so one may show before another."""
        end = time.monotonic() + timeout
        while True:
            value = read()
            if ok(value) or time.monotonic() > end:
                return value
            time.sleep(0.05)

    # -- finding cells and widgets -------------------------------------------------------------------
    @property
    def cells(self):
        return self.page.locator(".jp-Notebook .jp-WindowedPanel-viewport > .jp-Cell")

    def cell_index(self, text: str) -> int:
        """The index of the first cell whose source contains ``text`` (one line of it: the editor
        shows a cell's lines without line breaks between them)."""
        i = self.page.evaluate(
            """(text) => [...document.querySelectorAll(
                '.jp-Notebook .jp-WindowedPanel-viewport > .jp-Cell')].findIndex(c => {
                    const src = c.querySelector('.jp-InputArea .cm-content');
                    return src && src.textContent.includes(text); })""", text)
        if i < 0:
            raise LookupError(f"{self.name}: no cell contains {text!r}")
        return i

    def cell(self, text: str | int):
        """The cell (a Playwright Locator) whose source contains ``text``, or the ``text``-th cell."""
        return self.cells.nth(text if isinstance(text, int) else self.cell_index(text))

    def output(self, text: str | int):
        """The output area of that cell."""
        return self.cell(text).locator(".jp-OutputArea").first

    def widget(self, text: str | int, *, timeout: float = 30.0) -> "Widget":
        """The (outermost) widget view shown in the output of the cell whose source contains ``text``."""
        loc = self.cell(text).locator(".jp-OutputArea-output .jupyter-widgets").first
        loc.wait_for(state="visible", timeout=timeout * 1000)
        return Widget(self, loc)

    def append_cell(self, code: str, *, timeout: float = 60.0):
        """Add a code cell holding ``code`` at the end of the notebook, run it and wait for it to
        finish; returns the new cell (a Locator).  For a fresh widget in a notebook's kernel:
        ``Widget(nb, nb.append_cell("TreeExplorer('random')").locator('.jupyter-widgets').first)``,
        or :meth:`new_widget`."""
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")
        n = self.cells.count()
        last = self.cells.nth(n - 1)
        last.scroll_into_view_if_needed()
        for attempt in range(3):
            last.locator(".jp-InputPrompt, .jp-InputArea-prompt").first.click()
            # The cell itself takes the keys: a widget above may have just given the focus back to the
            # control a student used (gamelib/viz/a11y.js), where "b" is the widget's, not the notebook's.
            last.evaluate("cell => { if (!cell.contains(document.activeElement) "
                          "|| document.activeElement.closest('.gamelib-widget')) cell.focus(); }")
            self.page.keyboard.press("Escape")
            self.page.keyboard.press("b")
            try:
                self.cells.nth(n).wait_for(state="attached", timeout=15_000 if attempt < 2 else 30_000)
                break
            except Exception:
                if attempt == 2:
                    raise
        self.page.keyboard.press("Enter")
        self.page.keyboard.insert_text(code)
        before = max((_count(p) for _, p in self._prompts()), default=0)
        self.page.keyboard.press("Control+Enter")
        self.page.keyboard.press("Escape")
        prompt = self.cells.nth(n).locator(".jp-InputArea-prompt")
        self.page.wait_for_function(
            "([el, before]) => /^\\[\\d+\\]:$/.test(el.textContent.trim()) "
            "&& parseInt(el.textContent.trim().slice(1)) > before",
            arg=[prompt.element_handle(), before], timeout=timeout * 1000)
        return self.cells.nth(n)

    def new_widget(self, code: str, *, timeout: float = 60.0) -> "Widget":
        """Run ``code`` (its last line shows a widget) in a new cell at the end; returns that widget."""
        cell = self.append_cell(code, timeout=timeout)
        loc = cell.locator(".jp-OutputArea-output .jupyter-widgets").first
        loc.wait_for(state="visible", timeout=timeout * 1000)
        return Widget(self, loc)

    # -- what went wrong -----------------------------------------------------------------------------
    @property
    def console_errors(self) -> list:
        """JavaScript console errors and uncaught page errors so far (minus ``IGNORED_CONSOLE``)."""
        return [m for m in self.console if not any(re.search(p, m) for p in IGNORED_CONSOLE)]

    def error_outputs(self) -> list:
        """Texts of the error outputs (tracebacks) and "Error displaying widget" notes on the page."""
        return self.page.evaluate(
            """() => [...document.querySelectorAll('.jp-OutputArea-output')]
                 .map(o => o.innerText)
                 .filter(t => /Traceback \\(most recent call last\\)|Error displaying widget/.test(t))
                 .map(t => t.slice(0, 500))""")

    def assert_clean(self):
        """No JavaScript console error, no traceback and no "Error displaying widget" on the page."""
        errors, outputs = self.console_errors, self.error_outputs()
        assert not errors, f"{self.name}: JavaScript console errors: {errors}"
        assert not outputs, f"{self.name}: error outputs: {outputs}"

    def screenshot(self, path: pathlib.Path) -> pathlib.Path:
        path = pathlib.Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(path))
        return path

    def close(self):
        with contextlib.suppress(Exception):
            self.context.close()
        if self in self.browser.notebooks:
            self.browser.notebooks.remove(self)


def _count(prompt: str) -> int:
    m = re.fullmatch(r"\[(\d+)\]:", prompt)
    return int(m.group(1)) if m else 0


# ---------------------------------------------------------------------------------------------------
# A widget view, and what a student does with it
# ---------------------------------------------------------------------------------------------------

class Widget:
    """A widget view in a cell's output (``root``, a Playwright Locator), and actions on it.

    Actions (``click``, ``select``, ``toggle``, ``check``, ``type``, ``slider``, ``drag_slider``) take
    ``until``: a condition from ``image_changed()``, ``text_changed()``, ``shows(text)``, ``says(text)``,
    ``slider_is(description, value)`` or ``condition(js)``, made *before* the action, and wait until it
    holds; they return the seconds from the action to then (None without ``until``).  Conditions are
    JavaScript run in the page, so they see what the browser shows, not the kernel's state.

    The whole new state, never one part (issue 30): ipywidgets sends each control's change as a message
    of its own, and the browser may paint between two of them.  A gamelib widget writes its status line
    once per update, last (gamelib/viz/live.py), so an action's wait also waits until the status line
    has been written since the action (``settle=False`` for a condition that must hold *during* an
    update, such as "the board is busy"): then the words, labels, slider and picture sent before it
    are on the page too.
    """

    def __init__(self, notebook: Notebook, root):
        self.nb = notebook
        self.page = notebook.page
        self.root = root

    # -- what the browser shows ----------------------------------------------------------------------
    def text(self) -> str:
        """The widget's visible text (labels, HTML), as the browser lays it out (no-break spaces,
        which ipywidgets puts in option labels, read as spaces)."""
        return self.root.inner_text().replace("\xa0", " ")

    def button(self, label: str):
        """The button whose visible label is ``label`` (icons ignored)."""
        return self.root.locator("button").filter(
            has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first

    def button_labels(self, selector: str = "button") -> list:
        """The rendered labels of the buttons matched by ``selector`` inside the widget."""
        return self.root.locator(selector).evaluate_all(
            "els => els.map(e => e.innerText.replace(/\\u00a0/g, ' ').trim())")

    def image_src(self, index: int = 0) -> str:
        return self.root.locator("img").nth(index).get_attribute("src") or ""

    def images(self) -> list:
        """``[(natural width, displayed width)]`` of every picture in the widget."""
        return self.root.locator("img").evaluate_all(
            "els => els.map(e => [e.naturalWidth, e.getBoundingClientRect().width])")

    def labelled(self, description: str, css: str):
        """The control of class ``css`` (``widget-text``, ``widget-slider``, ``widget-dropdown``,
        ``widget-checkbox``...) whose description is ``description``."""
        return self.root.locator(f".{css}").filter(
            has=self.page.locator(".widget-label, label", has_text=re.compile(
                rf"^\s*{re.escape(description)}\s*$"))).first

    # -- conditions ----------------------------------------------------------------------------------
    def condition(self, js: str, arg=None):
        """A condition: ``js`` is a JavaScript function ``(root, arg) => bool``."""
        return (js, arg)

    def image_changed(self, index: int = 0):
        """True once picture ``index`` shows a different image than now."""
        return ("(root, [i, src]) => { const im = root.querySelectorAll('img')[i]; "
                "return im && im.src !== src && im.complete; }", [index, self._src_now(index)])

    def _src_now(self, index):
        return self.root.locator("img").nth(index).evaluate("e => e.src")

    def text_changed(self):
        """True once the widget's visible text differs from now."""
        return ("(root, before) => root.innerText.replace(/\\u00a0/g, ' ') !== before", self.text())

    def shows(self, text: str):
        """True once the widget's visible text contains ``text``."""
        return ("(root, text) => root.innerText.replace(/\\u00a0/g, ' ').includes(text)", text)

    def says(self, text: str):
        """True once the widget's status line (its live region) contains ``text``."""
        return ("(root, text) => { const s = root.querySelector('[role=status]'); "
                "return s !== null && s.innerText.replace(/\\u00a0/g, ' ').includes(text); }", text)

    def status(self) -> str:
        """The words of the widget's status line (its live region)."""
        return self.root.evaluate("root => { const s = root.querySelector('[role=status]'); "
                                  "return s ? s.innerText.replace(/\\u00a0/g, ' ') : ''; }")

    HEARD_JS = """(root) => {
        const line = root.querySelector('[role=status]');
        if (!root.__gamelibHeard) {
            root.__gamelibHeard = [];
            new MutationObserver(() => {   // an emptied line (before the same words again) is not read out
                const words = line.innerText.replace(/\\u00a0/g, ' ');
                if (words.trim()) root.__gamelibHeard.push(words);
            }).observe(line, {childList: true, characterData: true, subtree: true});
        }
        root.__gamelibHeard.length = 0;
    }"""

    def listen(self):
        """From now on, note each time the status line (the live region) is written: what a screen
        reader reads out (:meth:`heard`)."""
        self.root.evaluate(self.HEARD_JS)

    def heard(self) -> list:
        """The status line's words each time it was written since :meth:`listen`, in order (one
        entry per announcement: the line is written once per update, whole)."""
        return self.root.evaluate("root => [...(root.__gamelibHeard || [])]")

    FOCUS_WATCH_JS = """(root) => {
        const seen = root.__gamelibFocus = [];
        const where = () => {
            const a = document.activeElement;
            if (!a || a === document.body || a === document.documentElement) return 'body';
            if (!root.contains(a)) return 'outside';
            const p = [];
            for (let n = a; n !== root; n = n.parentElement) p.unshift([...n.parentElement.children].indexOf(n));
            return p.join('.');
        };
        const note = () => { const w = where(); if (seen[seen.length - 1] !== w) seen.push(w); };
        const tick = () => { note(); if (root.__gamelibFocus === seen) requestAnimationFrame(tick); };
        for (const type of ['focusin', 'focusout'])
            document.addEventListener(type, () => setTimeout(note, 0), true);   // after the change
        tick();
    }"""

    def watch_focus(self):
        """From now on, note where the focus is, every frame and at every focus change: 'body' (the
        page), 'outside' (elsewhere on the page) or the focused element's place in the widget ('1.0.3').
        :meth:`focus_seen` returns the places in order (each change once)."""
        self.root.evaluate(self.FOCUS_WATCH_JS)

    def focus_seen(self, stop: bool = True) -> list:
        """The focus's places since :meth:`watch_focus` (and, with ``stop``, stop watching)."""
        return self.root.evaluate("(root, stop) => { const s = [...(root.__gamelibFocus || [])]; "
                                  "if (stop) root.__gamelibFocus = null; return s; }", stop)

    def slider_is(self, description: str, value):
        """True once the slider ``description``'s readout shows ``value``."""
        return ("(root, [d, v]) => [...root.querySelectorAll('.widget-slider')].some(s => { "
                "const l = s.querySelector('.widget-label'); const r = s.querySelector('.widget-readout'); "
                "return l && r && l.innerText.trim() === d && r.innerText.trim() === v; })",
                [description, str(value)])

    def all_of(self, *conditions):
        """True once every condition holds."""
        js = ("(root, parts) => parts.every(([f, a]) => eval('(' + f + ')')(root, a))")
        return (js, [list(c) for c in conditions])

    def wait(self, until, timeout: float = 30.0) -> float:
        """Wait until the condition holds; returns the seconds since the last action's input event
        (see :meth:`_act`), measured by the page's own clock, or since the call if there was none."""
        js, arg = until
        t0 = time.perf_counter()
        handle = self.page.wait_for_function(
            f"""([root, arg]) => {{
                if (!(({js})(root, arg))) return false;
                if (root.__gamelibSettle && !root.__gamelibSettled) return false;   // the update not over
                root.__gamelibSettle = false;
                const t0 = root.__gamelibT0;
                return t0 === undefined || t0 === null ? -1 : Math.max(performance.now() - t0, 0.001);
            }}""", arg=[self.root.element_handle(), arg], timeout=timeout * 1000, polling="raf")
        ms = handle.json_value()
        return time.perf_counter() - t0 if ms == -1 else ms / 1000

    ARM_JS = """([root, trigger, settle]) => {
        root.__gamelibT0 = null;
        root.__gamelibTrigger = trigger;
        root.__gamelibSettle = settle && root.querySelector('[role=status]') !== null;
        root.__gamelibSettled = false;
        if (root.__gamelibArmed) return;
        root.__gamelibArmed = true;
        root.addEventListener('gamelib-status', () => { root.__gamelibSettled = true; });
        const note = (e) => {
            const want = root.__gamelibTrigger;
            if (root.__gamelibT0 !== null) return;
            if (e.type === want || (want === 'Enter' && e.type === 'keydown' && e.key === 'Enter'))
                root.__gamelibT0 = performance.now();
        };
        for (const type of ['click', 'change', 'keydown', 'pointerup'])
            root.addEventListener(type, note, {capture: true});
    }"""

    DOUBLE_CLICK_JS = """(el) => {
        const at = el.getBoundingClientRect(), x = at.left + at.width / 2, y = at.top + at.height / 2;
        const fire = (type, detail) => el.dispatchEvent(new MouseEvent(type,
            {bubbles: true, cancelable: true, composed: true, view: window, detail, clientX: x, clientY: y}));
        for (const detail of [1, 2]) { fire('mousedown', detail); fire('mouseup', detail); fire('click', detail); }
        fire('dblclick', 2);
    }"""
    """A double-click's events, all in one task of the page, so both clicks are sent before any reply
    from the kernel can reach the page: the case a widget must handle.  (Playwright's ``dblclick``
    sends them as separate input events; on a loaded machine the browser can run the kernel's reply,
    and the widget's ``SETTLE`` delay, between the two, which makes the second a separate click.)"""

    def _act(self, action, until, timeout, trigger: str = "click", settle: bool = True):
        """Do ``action``; with ``until``, wait for it (and, with ``settle``, for the status line written
        since: the update over) and return the seconds from the action's input event (``trigger``:
        'click', 'change', 'Enter' or 'pointerup', caught as it reaches the widget, by the page's clock)
        until the condition held in a rendered frame: click-to-update as the student sees it, without
        Playwright's own overhead."""
        if until is not None:
            self.root.evaluate("(root, [t, s]) => (" + self.ARM_JS + ")([root, t, s])", [trigger, settle])
        action()
        return None if until is None else self.wait(until, timeout)

    # -- actions -------------------------------------------------------------------------------------
    def click(self, label: str | None = None, *, target=None, until=None, timeout: float = 30.0,
              double: bool = False, settle: bool = True):
        """Click the button labelled ``label`` (or the Locator ``target``); ``double``: double-click,
        dispatched in the page as one task (see ``DOUBLE_CLICK_JS``)."""
        loc = target if target is not None else self.button(label)
        if double:
            loc.wait_for(state="visible")
            return self._act(lambda: loc.evaluate(self.DOUBLE_CLICK_JS), until, timeout, settle=settle)
        return self._act(loc.click, until, timeout, settle=settle)

    def select(self, description: str | None, option: str, *, until=None, timeout: float = 30.0):
        """Choose ``option`` (its label) in the dropdown ``description`` (None: the widget's first
        dropdown, for one named by its tooltip only)."""
        sel = (self.root.locator(".widget-dropdown select").first if description is None
               else self.labelled(description, "widget-dropdown").locator("select"))
        return self._act(lambda: sel.select_option(label=option), until, timeout, "change")

    def toggle(self, option: str, *, until=None, timeout: float = 30.0):
        """Press the toggle button ``option`` (of a ToggleButtons)."""
        loc = self.root.locator(".widget-toggle-button").filter(
            has_text=re.compile(rf"^\s*{re.escape(option)}\s*$")).first
        return self._act(loc.click, until, timeout)

    def check(self, description: str, on: bool, *, until=None, timeout: float = 30.0):
        """Tick (``on``) or untick the checkbox ``description``."""
        box = self.root.locator(".widget-checkbox").filter(has_text=description).locator(
            "input[type=checkbox]").first
        return self._act(lambda: box.set_checked(on), until, timeout, "change")

    def type(self, description: str, value, *, until=None, timeout: float = 30.0):
        """Type ``value`` into the text box ``description`` (IntText, FloatText, Text) and press
        Enter, as a student does."""
        box = self.labelled(description, "widget-text").locator("input").first

        def action():
            box.fill(str(value))
            box.press("Enter")
        return self._act(action, until, timeout, "Enter")

    def slider(self, description: str, value, *, until=None, timeout: float = 30.0):
        """Set the slider ``description`` by typing ``value`` into its readout (and Enter)."""
        readout = self.labelled(description, "widget-slider").locator(".widget-readout").first

        def action():
            readout.click()
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(str(value))
            self.page.keyboard.press("Enter")
        return self._act(action, until, timeout, "Enter")

    def drag_slider(self, description: str, fraction: float, *, until=None, timeout: float = 30.0):
        """Drag the slider ``description``'s handle with the mouse to ``fraction`` (0 to 1) of its
        track, and let go."""
        slider = self.labelled(description, "widget-slider")
        handle = slider.locator(".noUi-handle").first
        track = slider.locator(".noUi-base, .noUi-target").first

        def action():
            slider.scroll_into_view_if_needed()         # a drag off screen moves nothing
            hb, tb = handle.bounding_box(), track.bounding_box()
            x0, y0 = hb["x"] + hb["width"] / 2, hb["y"] + hb["height"] / 2
            self.page.mouse.move(x0, y0)
            self.page.mouse.down()
            self.page.mouse.move(tb["x"] + fraction * tb["width"], y0, steps=8)
            self.page.mouse.up()
        return self._act(action, until, timeout, "pointerup")

    def screenshot(self, path) -> pathlib.Path:
        path = pathlib.Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.root.screenshot(path=str(path))
        return path

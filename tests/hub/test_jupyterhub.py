"""A class on a JupyterHub, as docs/jupyterhub.md sets one up, for a whole term: a hub on 127.0.0.1 with two
students (real system users; DummyAuthenticator, LocalProcessSpawner) and an instructor (a user of their
own, not root, starting with an empty home).

Every command block of the doc's steps 1, 2, 3 and 6 is read from the doc (:func:`doc_blocks`) and run as
written (:func:`as_written`): the lines that start with ``sudo`` as root, the other blocks as the
instructor, with this test's names for the doc's placeholders and for TLJH's folders (:func:`names`):

    repository  (instructor)  the kit's repository cloned into the instructor's 0700 home, their own .venv
    course      (instructor)  the student kit, committed and pushed to the course repository
    environment (root)        the students' environment: gamelib installed as a package from the course
                              repository, with nbgrader and nbgitpuller (TLJH's user environment here is a
                              venv of the system's Python with JupyterHub and JupyterLab, as TLJH's has)
    exchange    (root)        the exchange (1777; the course's folder the instructor's), the students'
                              nbgrader_config.py and the three commands that switch nbgrader's
                              instructor interface off for students
    release     (instructor)  the course folder in their home, 02_alpha_beta released
    grade       (instructor)  collect, autograde, feedback, release_feedback
    correction  (instructor), then library (root): a correction published, the library installed again

The git host is ``git daemon`` on 127.0.0.1 (the kit's repository: this checkout's files as they are, in a
folder only root reads; the course repository, empty until the instructor pushes), so that every clone is
over the network, as from a real host.

Then the term (the test functions, in this order, each continuing the last): both students follow the
link (the kit cloned into a private home, notebook 01 opened); glhub-ada runs notebook 01, plays a move
and saves; in her Assignments tab she fetches 02_alpha_beta and submits it (answered with the reference
solution in between), and her JupyterLab shows nothing of nbgrader's instructor interface; glhub-bob
tries to take over the exchange (rename or replace the course's folders, list the submissions, hand a
folder in under ada's name): refused, and his folder is set aside by the instructor's collect, which
takes hers; she is graded 22/22 in the instructor's sandbox and fetches her feedback with the tab's
Fetch Feedback button; the instructor publishes a correction and ada's second click of the link brings
it, her notebook kept; bob tries to read the solutions (the instructor's files, ``prepare`` in the
students' environment, every file of the test's hub he can read, searched for a line of a solution or a
hidden test): nothing.

It needs root (useradd; the spawner runs each server as its user), git, npm (configurable-http-proxy),
bubblewrap (the instructor's grading sandbox), the system's ``/usr/bin/python3`` with venv (a Python every
user can run, for the students' environment and the instructor's), and Chromium; elsewhere it is skipped,
saying why.  What does not change from run to run is kept in ~/.cache/gamelib-hub: configurable-http-proxy
and TLJH's environment (each run uses a copy of it: :func:`tljh_environment`).  It takes minutes (the
instructor's environment and the students' packages are installed each run), so it runs only when asked
(``--hub`` or ``GAMELIB_HUB=1``; tests/hub/conftest.py): .ci/run asks.
"""
from __future__ import annotations

import json
import os
import pwd
import re
import secrets
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version
from pathlib import Path

import nbformat
import pytest

from tests.browser.lab import Browser, Notebook, browser_unavailable, free_port, until_shown

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "jupyterhub.md"
STUDENTS = ("glhub-ada", "glhub-bob")
ADA, BOB = STUDENTS
INSTRUCTOR = "glhub-inst"
NOTEBOOK = "notebooks/01_games_and_minimax.ipynb"
CHP_VERSION = "5.3.0"
TIMEOUT = 240
"""Seconds for a link to start a server, clone the kit and open the notebook (at load 10 on two cores)."""
CACHE = Path.home() / ".cache" / "gamelib-hub"
SYSTEM_PYTHON = "/usr/bin/python3"
COURSE_ID = "cs101"
ASSIGNMENT, EXERCISE = "02_alpha_beta", "alpha_beta.ipynb"
FULL = 22
TLJH, EXCHANGE = "/opt/tljh/user", "/srv/nbgrader/exchange"
"""TLJH's user environment and the exchange, as the doc names them (this test puts both in its folder)."""
PLACEHOLDERS = ("<the kit's repository>", "<the course repository>", "<instructor>")
"""The doc's placeholders, which this test fills (:func:`as_written`)."""
BLOCKS = {"repository": "instructor", "course": "instructor", "environment": "root", "exchange": "root",
          "release": "instructor", "grade": "instructor", "correction": "instructor", "library": "root"}
"""The doc's command blocks this test runs, and as whom (tests/hub/test_jupyterhub_doc.py checks that the
doc has exactly these)."""
INSTRUCTOR_PLUGINS = ("@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment",
                      "@jupyter/nbgrader:course-list")
BLOCK = re.compile(r"<!-- hub test: (?P<name>[\w-]+) \((?P<role>[\w ]+)\) -->\n```bash\n(?P<body>.*?)\n```", re.S)


def doc_blocks(text: str | None = None) -> dict:
    """``{name: (role, commands)}``: the doc's command blocks, each marked ``<!-- hub test: NAME (ROLE) -->``."""
    text = DOC.read_text() if text is None else text
    return {m["name"]: (m["role"], m["body"]) for m in BLOCK.finditer(text)}


def as_written(body: str, role: str, names: dict) -> str:
    """A block of the doc as this test runs it: ``sudo`` taken off the start of a root block's lines (it
    runs as root), the doc's placeholders and TLJH's folders replaced by this test's (``names``)."""
    if role == "root":
        body = re.sub(r"(?m)^sudo ", "", body)
    for word, mine in names.items():
        body = body.replace(word, mine)
    return body


def why_not() -> str | None:
    if os.geteuid() != 0:
        return "the JupyterHub test makes system users and runs a server as each: it needs root"
    for tool in ("useradd", "userdel", "runuser", "git", "npm", "bwrap", "unzip", "install"):
        if shutil.which(tool) is None:
            return f"the JupyterHub test needs {tool}"
    if not Path(SYSTEM_PYTHON).is_file() or subprocess.run([SYSTEM_PYTHON, "-c", "import venv, ensurepip"],
                                                             capture_output=True).returncode != 0:
        return f"the JupyterHub test needs {SYSTEM_PYTHON} with venv (Debian: apt-get install python3-venv)"
    return browser_unavailable()


WHY_NOT = why_not()
pytestmark = [pytest.mark.hub, pytest.mark.skipif(WHY_NOT is not None, reason=WHY_NOT or "")]


def proxy() -> Path:
    """configurable-http-proxy from the npm registry, installed once into ``CACHE``."""
    exe = CACHE / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    if not exe.exists():
        (CACHE / "node").mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                        f"configurable-http-proxy@{CHP_VERSION}"], cwd=CACHE / "node", check=True, timeout=300)
    return exe


class Machine:
    """The hub's machine: its users, where the test keeps everything, and how a command runs as each."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.homes = tmp / "home"
        self.shared_tmp = tmp / "tmp"                    # every user's TMPDIR, as /tmp
        self.homes.mkdir()
        self.shared_tmp.mkdir()
        os.chmod(self.shared_tmp, 0o1777)
        self.users: list[str] = []
        self.log: list[str] = []
        self.pip_config = None
        mine = Path.home() / ".config" / "pip" / "pip.conf"      # this machine's package index, for every user
        if mine.is_file():
            self.pip_config = tmp / "pip.conf"
            shutil.copy(mine, self.pip_config)
            os.chmod(self.pip_config, 0o644)

    def user(self, name: str) -> Path:
        subprocess.run(["userdel", "-r", name], capture_output=True)        # left by an interrupted run
        subprocess.run(["useradd", "-m", "-d", str(self.homes / name), "-s", "/bin/bash", name],
                       check=True, capture_output=True)
        self.users.append(name)
        return self.homes / name

    def environment(self, name: str, path: str = "/usr/local/bin:/usr/bin:/bin") -> list:
        home = self.homes / name
        env = ["env", "-i", f"HOME={home}", f"USER={name}", f"LOGNAME={name}", f"PATH={path}", "LANG=C.UTF-8",
               f"TMPDIR={self.shared_tmp}"]
        env += [f"{k}={v}" for k, v in os.environ.items() if k.startswith("PIP_") and k != "PIP_CONFIG_FILE"]
        return env + ([f"PIP_CONFIG_FILE={self.pip_config}"] if self.pip_config else [])

    def run(self, who: str, script: str, *, path: str | None = None, timeout: float = 1800, check: bool = True,
            label: str = "") -> subprocess.CompletedProcess:
        """``script`` run by bash (stopping at the first failing command) as ``who`` ('root' or a user),
        in their home; with ``path``, that PATH for a user (their terminal's)."""
        bash = ["bash", "-eo", "pipefail", "-c", script]
        if who == "root":
            argv, cwd = bash, self.tmp
        else:
            argv = ["runuser", "-u", who, "--", *self.environment(who, *([path] if path else [])), *bash]
            cwd = self.homes / who
        start = time.perf_counter()
        try:
            done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            raise AssertionError(f"{label or script[:60]!r} as {who} took more than {timeout} s:\n{e.stdout}\n"
                                 f"{e.stderr}") from None
        took = time.perf_counter() - start
        self.log.append(f"{who}: {label or script.splitlines()[0]}  ({took:.1f} s, exit {done.returncode})")
        if check:
            assert done.returncode == 0, f"{label or script} as {who}: exit {done.returncode}\n{done.stdout}\n" \
                                         f"{done.stderr}"
        return done

    def close(self):
        """The users' processes ended and the users removed; their homes go with the test's folder."""
        for user in self.users:                 # the users' servers and kernels, if any were left
            subprocess.run(["pkill", "-KILL", "-u", user], capture_output=True)
        time.sleep(0.5)
        for user in self.users:
            subprocess.run(["userdel", user], capture_output=True)


def kits_repository(bare: Path, work: Path):
    """The kit's repository, as the instructor clones it: this checkout's files as they are now (those git
    tracks and new ones it does not ignore), committed into a bare repository of ``git daemon``'s."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file() and not (ROOT / name).is_symlink():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, work / name)
    git = ["git", "-c", "user.name=Kit", "-c", "user.email=kit@example.edu"]
    subprocess.run(git + ["init", "-q", "-b", "main"], cwd=work, check=True)
    subprocess.run(git + ["add", "-A"], cwd=work, check=True)
    subprocess.run(git + ["commit", "-q", "-m", "the kit"], cwd=work, check=True)
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(bare)], check=True)
    shutil.rmtree(work)


def tljh_environment(path: Path):
    """TLJH's user environment as it comes: the system's Python, with JupyterHub (its single-user server)
    and JupyterLab (the versions of this checkout's, so that the hub and the servers agree).

    It is made once into ``CACHE`` and each run gets a copy at ``path`` whose packages (``lib/``) are hard
    links to the cache's: making and deleting 600 MB of files each run cost minutes on a busy disk.  What
    the doc's commands add or change there is the copy's own: pip writes new files (and moves away the
    ones it replaces), and everything outside ``lib/`` (scripts, ``etc/jupyter``, ``share``) is copied,
    the scripts' first line naming the copy's Python."""
    python = subprocess.run([SYSTEM_PYTHON, "-c", "import sys; print(sys.version.split()[0])"], capture_output=True,
                            text=True, check=True).stdout.strip()
    cached = CACHE / f"tljh-user-python{python}-jupyterhub{version('jupyterhub')}-jupyterlab{version('jupyterlab')}"
    if not cached.is_dir():
        making = cached.with_name(cached.name + ".making")
        shutil.rmtree(making, ignore_errors=True)
        subprocess.run([SYSTEM_PYTHON, "-m", "venv", str(making)], check=True, timeout=300)
        done = subprocess.run([str(making / "bin" / "pip"), "install", "-q", f"jupyterhub=={version('jupyterhub')}",
                               f"jupyterlab=={version('jupyterlab')}"], capture_output=True, text=True, timeout=1800)
        assert done.returncode == 0, f"TLJH's environment could not be made:\n{done.stdout}\n{done.stderr}"
        for script in (making / "bin").iterdir():             # made where it is used: see below
            _rename_prefix(script, making, cached)
        making.rename(cached)
    linked = subprocess.run(["cp", "-a", "--link", str(cached / "lib"), str(path / "lib")], capture_output=True)
    if linked.returncode != 0:                                 # another file system: a copy
        shutil.rmtree(path / "lib", ignore_errors=True)
        subprocess.run(["cp", "-a", str(cached / "lib"), str(path / "lib")], check=True)
    for item in cached.iterdir():
        if item.name != "lib":
            subprocess.run(["cp", "-a", str(item), str(path / item.name)], check=True)
    for script in (path / "bin").iterdir():
        _rename_prefix(script, cached, path)


def _rename_prefix(script: Path, old: Path, new: Path):
    """A venv's script (its ``#!`` line, activate's VIRTUAL_ENV) made to name ``new`` where it named ``old``."""
    if script.is_file() and not script.is_symlink():
        data = script.read_bytes()
        if str(old).encode() in data[:4096]:
            script.write_bytes(data.replace(str(old).encode(), str(new).encode()))


def hub_config(tmp: Path, env: Path, ports: dict, password: str) -> str:
    """The hub's configuration: as TLJH's, the single-user server of the students' environment with that
    environment first on the PATH; the hub's own state in a folder only root reads."""
    state = tmp / "hub-state"
    return f"""
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {ports['hub']}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {ports['internal']}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{ports['api']}"
c.ConfigurableHTTPProxy.command = [{str(proxy())!r}]
c.JupyterHub.db_url = "sqlite:///{state}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{state}/cookie_secret"
c.JupyterHub.pid_file = "{state}/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allowed_users = {set(STUDENTS)!r}
c.Spawner.cmd = ["{env}/bin/jupyterhub-singleuser"]
c.Spawner.env_keep = ["LANG", "LC_ALL"]
c.Spawner.environment = {{"PATH": "{env}/bin:/usr/local/bin:/usr/bin:/bin",
                         "MPLBACKEND": "module://matplotlib_inline.backend_inline"}}
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
c.Spawner.http_timeout = 240
c.Spawner.start_timeout = 240
"""


def wait_for_hub(url: str, process, log: Path, seconds: float = 120):
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(f"{url}/hub/health", timeout=5)
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.5)


@pytest.fixture(scope="module")
def hub():
    """The machine, the git host, the hub, and the doc's steps 1, 2, 3 and 6 (up to the release), run as the
    doc writes them; the release goes on beside the first test (``hub["released"]``, a future)."""
    tmp = Path(tempfile.mkdtemp(prefix="gamelib-hub-"))
    tmp.chmod(0o755)
    machine, daemon, process, pool = Machine(tmp), None, None, ThreadPoolExecutor(3)
    try:
        started = time.perf_counter()
        for name in STUDENTS:                   # private homes (the doc's step 7); the instructor's own is
            os.chmod(machine.user(name), 0o700)  # as useradd makes it, until the doc's step 1
        machine.user(INSTRUCTOR)
        for folder, mode in (("git", 0o700), ("hub-state", 0o700), ("tljh", 0o755)):
            (tmp / folder).mkdir()
            os.chmod(tmp / folder, mode)
        env = tmp / "tljh" / "user"
        env.mkdir()
        environment = pool.submit(tljh_environment, env)
        kits_repository(tmp / "git" / "gamelib.git", tmp / "kit-work")
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(tmp / "git" / "course.git")], check=True)
        git_port = free_port()
        daemon = subprocess.Popen(["git", "daemon", "--reuseaddr", "--export-all", "--enable=receive-pack",
                                   "--listen=127.0.0.1", f"--port={git_port}", f"--base-path={tmp / 'git'}",
                                   str(tmp / "git")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        names = dict(zip(PLACEHOLDERS, (f"git://127.0.0.1:{git_port}/gamelib.git",
                                        f"git://127.0.0.1:{git_port}/course.git", INSTRUCTOR)))
        names |= {TLJH: str(env), EXCHANGE: str(tmp / "srv" / "nbgrader" / "exchange")}
        blocks = doc_blocks()

        def step(name: str, **kw) -> subprocess.CompletedProcess:
            role, body = blocks[name]
            return machine.run("root" if role == "root" else INSTRUCTOR, as_written(body, role, names),
                               label=f"the doc's {name!r} block", **kw)

        # -- the hub, while the environments are installed ------------------------------------------------
        ports = {"hub": free_port(), "internal": free_port(), "api": free_port()}
        password = secrets.token_hex(8)
        (tmp / "hub-state" / "jupyterhub_config.py").write_text(hub_config(tmp, env, ports, password))
        log = open(tmp / "hub-state" / "hub.log", "w")
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", "jupyterhub_config.py"],
                                   cwd=tmp / "hub-state", stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{ports['hub']}"
        # -- steps 1 and 2 as the instructor, beside TLJH's environment; then steps 3 and 6 as root ------
        step("repository")
        step("course")
        environment.result()
        step("environment")
        step("exchange")
        released = pool.submit(step, "release")
        wait_for_hub(url, process, tmp / "hub-state" / "hub.log")
        prepared = time.perf_counter() - started
        yield {"url": url, "password": password, "tmp": tmp, "env": env, "names": names, "step": step,
               "machine": machine, "released": released, "prepared": prepared,
               "exchange": Path(names[EXCHANGE]) / COURSE_ID, "course": machine.homes / INSTRUCTOR / "cs101"}
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
        if daemon is not None:
            daemon.terminate()
        pool.shutdown(wait=True)
        machine.close()
        print("\n".join(machine.log))
        if (tmp / "hub-state" / "hub.log").exists():      # what the hub said, kept for a failure's reader
            (ROOT / "test-artifacts").mkdir(exist_ok=True)
            shutil.copy(tmp / "hub-state" / "hub.log", ROOT / "test-artifacts" / "jupyterhub.log")
        # Deleted in the background: on a disk that discards every freed block (ext4's "discard"), deleting
        # the instructor's environment once took minutes; the test does not wait for it.
        subprocess.Popen(["rm", "-rf", str(tmp)], start_new_session=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)


def home(hub, user: str) -> Path:
    return hub["machine"].homes / user


def link(hub) -> str:
    """The doc's nbgitpuller link (step 4): the course repository into ~/kit, notebook 01 opened."""
    query = urllib.parse.urlencode({"repo": hub["names"]["<the course repository>"], "branch": "main",
                                    "targetpath": "kit", "urlpath": f"lab/tree/kit/{NOTEBOOK}"})
    return f"{hub['url']}/hub/user-redirect/git-pull?{query}"


def log_in(browser, hub, user):
    """A new browser page, logged in to the hub as ``user``."""
    context = browser.browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{hub['url']}/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", hub["password"])
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(lambda url: "/hub/login" not in url, timeout=60_000)    # to the hub, or her server
    return page


def follow_link(browser, hub, user, page=None):
    page = page or log_in(browser, hub, user)
    page.goto(link(hub))
    try:
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT * 1000)
    except Exception:
        (ROOT / "test-artifacts").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "test-artifacts" / f"jupyterhub-{user}.png"))
        raise AssertionError(f"{user}: the link did not open {NOTEBOOK} within {TIMEOUT} s; at {page.url}: "
                             f"{page.inner_text('body')[:800]!r}") from None
    return page


def wait_for_file(path: Path, ok, seconds: float = 60) -> bytes:
    """The bytes of ``path`` once ``ok(bytes)`` holds (a file a server writes when it gets to it)."""
    deadline = time.monotonic() + seconds
    while True:
        data = path.read_bytes() if path.is_file() else b""
        if ok(data):
            return data
        if time.monotonic() > deadline:
            raise AssertionError(f"{path} did not come as expected within {seconds} s")
        time.sleep(0.5)


def test_two_students_follow_the_link_run_notebook_01_and_play(hub):
    with Browser() as browser:
        pages, took = [], []
        for user in STUDENTS:
            start = time.perf_counter()
            pages.append(follow_link(browser, hub, user))
            took.append(time.perf_counter() - start)
        for user in STUDENTS:
            kit = home(hub, user) / "kit"
            assert (kit / NOTEBOOK).is_file(), f"{user}: the link did not clone the kit into ~/kit"
            assert not (kit / "exercises" / "source").exists(), "the students' kit has the solutions"
            st = os.stat(home(hub, user))
            assert st.st_mode & 0o077 == 0 and st.st_uid == pwd.getpwnam(user).pw_uid
        nb = Notebook(browser, None, NOTEBOOK, page=pages[0], timeout=180)
        seconds = nb.run_all(timeout=480)
        nb.assert_clean()
        board = nb.new_widget('TicTacToeBoard(human="X")')
        board.click(target=board.root.locator(".widget-gridbox button").nth(4),
                    until=board.shows("(agent) played"))
        nb.assert_clean()
        until_shown(pages[0], pages[0].locator(".lm-MenuBar-item", has_text="File").click,
                    pages[0].locator(".lm-Menu-item", has_text=re.compile(r"^Save Notebook")))
        pages[0].locator(".lm-Menu-item", has_text=re.compile(r"^Save Notebook")).first.click()
        wait_for_file(home(hub, ADA) / "kit" / NOTEBOOK, lambda data: b"TicTacToeBoard" in data)   # her work
    print(f"the link (log in, server start, clone, notebook open): {', '.join(f'{t:.0f} s' for t in took)}; "
          f"notebook 01's Run All {seconds:.1f} s; the machine, the environments and the hub made in "
          f"{hub['prepared']:.0f} s; load {os.getloadavg()[0]:.1f}")


def visible_labels(items) -> list:
    return [items.nth(i).inner_text().strip() for i in range(items.count()) if items.nth(i).is_visible()]


def menu_labels(page, menu: str) -> list:
    """The labels of the items a student sees in the menu bar's ``menu`` (opened, read, closed)."""
    until_shown(page, page.locator(".lm-MenuBar-item", has_text=menu).click, ".lm-Menu .lm-Menu-item")
    labels = visible_labels(page.locator(".lm-Menu .lm-Menu-item"))
    page.keyboard.press("Escape")
    return labels


def palette_labels(page, query: str, tries: int = 4) -> list:
    """The commands JupyterLab's command palette offers for ``query``.

    The palette closes when it loses focus, and a JupyterLab still settling after its first load takes
    the focus now and then: in 2 of 12 runs at load 8-9 the palette closed between opening and typing
    ("element is not visible").  So a query whose palette closed before its answer was read is asked
    again (an empty answer read from a closed palette would pass the test for the wrong reason), and
    the palette is opened only when it is not open (Control+Shift+C toggles it)."""
    search = page.locator(".lm-CommandPalette-input")
    for attempt in range(tries):
        try:
            if not search.is_visible():
                until_shown(page, lambda: page.keyboard.press("Control+Shift+C"), ".lm-CommandPalette-input")
            search.fill(query, timeout=5_000)
            page.wait_for_timeout(300)
            labels = visible_labels(page.locator(".lm-CommandPalette-item"))
            if search.is_visible() and search.input_value() == query:
                break
        except Exception:
            pass
        if attempt == tries - 1:
            raise AssertionError(f"the command palette closed before it answered {query!r}, {tries} times")
    if search.is_visible():
        search.fill("", timeout=5_000)
        page.keyboard.press("Escape")
        try:
            search.wait_for(state="hidden", timeout=5_000)
        except Exception:               # still open: the next query uses it as it is
            pass
    return labels


def assignments_tab(page):
    """The Assignments tab, opened from the Nbgrader menu's one item."""
    until_shown(page, page.locator(".lm-MenuBar-item", has_text="Nbgrader").click, ".lm-Menu .lm-Menu-item")
    page.locator(".lm-Menu .lm-Menu-item", has_text="Assignment List").click()
    return page.locator("#nbgrader-assignment-list")


def answered(fetched: Path) -> nbformat.NotebookNode:
    """The notebook she fetched, answered with the reference solution (tests/submissions/)."""
    from gamelib.grading import fakes
    from gamelib.grading.course import SOURCE
    release = nbformat.read(str(fetched), as_version=4)
    source = nbformat.read(str(SOURCE / ASSIGNMENT / EXERCISE), as_version=4)
    return fakes.build(fakes.read(fakes.SUBMISSIONS / ASSIGNMENT / "reference.py"), release, source)


def test_a_student_fetches_and_submits_in_the_assignments_tab_without_the_instructor_interface(hub):
    hub["released"].result(timeout=900)
    mine = home(hub, ADA) / ASSIGNMENT / EXERCISE
    with Browser() as browser:
        page = log_in(browser, hub, ADA)
        server = f"{hub['url']}/user/{ADA}"
        start = time.perf_counter()
        page.goto(f"{server}/lab")
        page.locator(".lm-MenuBar-item", has_text="Nbgrader").wait_for(timeout=TIMEOUT * 1000)
        # -- the instructor interface is off: menu, palette, side bar, plugins locked, server routes ------
        nbgrader_menu = menu_labels(page, "Nbgrader")
        offered = {q: palette_labels(page, q) for q in ("formgrader", "course list", "assignment list")}
        side_bar = page.locator("#nbgrader-create_assignemnt, .jp-SideBar [title*='Create Assignment']").count()
        plugins = page.request.get(f"{server}/lab/api/plugins").json()
        routes = {path: page.request.get(f"{server}/{path}").status
                  for path in ("formgrader", "formgraders", f"assignments?course_id={COURSE_ID}")}
        # -- the Assignments tab: fetch, answer, submit ---------------------------------------------------
        tab = assignments_tab(page)
        released = tab.locator("#released_assignments_list .list_item", has_text=ASSIGNMENT)
        released.wait_for(timeout=60_000)
        course_shown = tab.locator("#course_list_default").inner_text().strip()
        released.get_by_role("button", name="Fetch").click()
        fetched = tab.locator("#fetched_assignments_list .list_item", has_text=ASSIGNMENT)
        fetched.get_by_role("button", name="Submit").wait_for(timeout=60_000)
        wait_for_file(mine, bool)
        nbformat.write(answered(mine), str(mine))             # her answers (as if typed), in her file
        fetched.get_by_role("button", name="Submit").click()
        tab.locator("#submitted_assignments_list .list_item", has_text=ASSIGNMENT).wait_for(timeout=60_000)
        took = time.perf_counter() - start
    assert mine.stat().st_uid == pwd.getpwnam(ADA).pw_uid, "the fetch did not reach her home"
    inbound = hub["exchange"] / "inbound"
    assert len([p for p in inbound.iterdir() if p.name.startswith(f"{ADA}+{ASSIGNMENT}+")]) == 1
    assert course_shown == COURSE_ID
    assert nbgrader_menu == ["Assignment List"], nbgrader_menu
    assert offered["assignment list"] and not (offered["formgrader"] or offered["course list"]), offered
    assert side_bar == 0
    assert set(INSTRUCTOR_PLUGINS) <= set(plugins["lockRules"]), plugins
    assert routes == {"formgrader": 404, "formgraders": 404, f"assignments?course_id={COURSE_ID}": 200}, routes
    print(f"\nthe student's lab, checks, fetch and submit: {took:.0f} s; load {os.getloadavg()[0]:.1f}")


FORGED = f"{ADA}+{ASSIGNMENT}+2099-01-01 00:00:00.000000 UTC+forged"
ATTEMPTS = {
    "rename the course's folder": 'mv "$X/cs101" "$X/cs101-old"',
    "remove the course's folder": 'rm -rf "$X/cs101"',
    "replace inbound": 'mv "$X/cs101/inbound" "$X/cs101/in-old"',
    "replace outbound": 'mv "$X/cs101/outbound" "$X/cs101/out-old"',
    "add a folder to the course's": 'mkdir "$X/cs101/outbound2"',
    "add a link to the course's folder": 'ln -s "$HOME" "$X/cs101/evil"',
    "list the submissions": 'ls "$X/cs101/inbound"',
    "list the feedback": 'ls "$X/cs101/feedback"',
    "change the released assignment": f'echo {{}} > "$X/cs101/outbound/{ASSIGNMENT}/{EXERCISE}"',
    "release an assignment of his": f'mkdir "$X/cs101/outbound/{ASSIGNMENT}-2"',
}
"""What glhub-bob tries in the exchange, each of which must fail (``$X`` is the exchange)."""


def test_a_student_cannot_take_over_the_exchange(hub):
    """glhub-bob, in a terminal of his JupyterLab: every attempt refused; a folder he hands in under ada's
    name is made (inbound/ takes any folder) and is set aside by the next test's collect."""
    machine, exchange = hub["machine"], hub["exchange"].parent
    script = "".join(f'if {command} 2>/dev/null; then echo "DONE: {what}"; fi\n' for what, command in ATTEMPTS.items())
    script += f'mkdir "$X/cs101/inbound/{FORGED}" && echo {{}} > "$X/cs101/inbound/{FORGED}/{EXERCISE}"\n'
    done = machine.run(BOB, f"X={shlex.quote(str(exchange))}\n" + script, label="bob's attempts on the exchange")
    assert "DONE" not in done.stdout, done.stdout
    assert (exchange / COURSE_ID / "inbound" / FORGED).is_dir()


def test_the_instructor_grades_and_she_fetches_her_feedback_in_the_tab(hub):
    """The doc's 'grade' block as the instructor: collect takes her submission, not bob's folder under her
    name (set aside, said); she is graded 22/22 in the sandbox; her feedback page comes with the tab's
    Fetch Feedback button, and shows no hidden test."""
    from gamelib.grading.workflow import hidden_lines
    done = hub["step"]("grade")
    course, mine = hub["course"], home(hub, ADA) / ASSIGNMENT / EXERCISE
    said = done.stdout + done.stderr
    assert f"Set aside, not collected: {hub['exchange'] / 'inbound' / FORGED} (it names {ADA} but belongs to " \
           f"the user {BOB})" in said, said
    assert (course / "submitted" / ADA / ASSIGNMENT / EXERCISE).read_bytes() == mine.read_bytes()
    assert "SUBMISSIONS ARE NOT ISOLATED" not in said, said
    assert f"{ADA}: {FULL} / {FULL}" in done.stdout, said
    with Browser() as browser:
        page = log_in(browser, hub, ADA)
        page.goto(f"{hub['url']}/user/{ADA}/lab")
        page.locator(".lm-MenuBar-item", has_text="Nbgrader").wait_for(timeout=TIMEOUT * 1000)
        submitted = assignments_tab(page).locator("#submitted_assignments_list .list_item", has_text=ASSIGNMENT)
        submitted.get_by_text("(feedback available to fetch)").wait_for(timeout=60_000)
        submitted.get_by_role("button", name="Fetch Feedback").click()
        submitted.get_by_text("(view feedback)").wait_for(timeout=60_000)
    [page_file] = list((home(hub, ADA) / ASSIGNMENT / "feedback").glob(f"*/{EXERCISE.replace('.ipynb', '.html')}"))
    text = page_file.read_text(encoding="utf-8")
    assert page_file.stat().st_uid == pwd.getpwnam(ADA).pw_uid
    assert f"{FULL} / {FULL}" in text
    assert not [line for line in hidden_lines(names=[ASSIGNMENT]) if line in text]


def test_a_correction_reaches_her_second_click_and_her_work_stays(hub):
    """The instructor corrects the kit's README and publishes it (the doc's 'correction' block), and the
    library is installed again (its 'library' block); ada's second click of the link brings the README,
    and her saved notebook 01 stays as she left it."""
    machine, env = hub["machine"], hub["env"]
    note = f"Corrected for the class: {secrets.token_hex(4)}"
    machine.run(INSTRUCTOR, f"echo {shlex.quote(note)} >> ~/gamelib/README.md", label="a correction")
    hub["step"]("correction")
    hub["step"]("library")
    head = subprocess.run(["git", "rev-parse", "main"], cwd=hub["tmp"] / "git" / "course.git", capture_output=True,
                          text=True, check=True).stdout.strip()
    [installed] = list(env.glob("lib/python*/site-packages/gamelib-*.dist-info/direct_url.json"))
    assert json.loads(installed.read_text())["vcs_info"]["commit_id"] == head
    kit = home(hub, ADA) / "kit"
    hers = (kit / NOTEBOOK).read_bytes()
    with Browser() as browser:
        follow_link(browser, hub, ADA)
        wait_for_file(kit / "README.md", lambda data: note.encode() in data)
    assert (kit / NOTEBOOK).read_bytes() == hers


def secret_lines(hub) -> set:
    """Lines of the solutions and hidden tests (exercises/source/'s, at least 24 characters long and not
    in the course repository), as they read in a notebook file and in a Python file, and the course
    secret.  (Short or common lines are everywhere: ``rng = np.random.default_rng(seed)`` is in scipy.)"""
    import nbformat as nbf
    from gamelib.grading.course import SOURCE, assignments
    from gamelib.grading.workflow import hidden_lines
    kit = "\n".join(p.read_text(errors="replace") for p in (home(hub, ADA) / "kit").rglob("*")
                    if p.is_file() and ".git" not in p.parts)
    lines = set(hidden_lines())
    for name in assignments():
        for path in (SOURCE / name).glob("*.ipynb"):
            for cell in nbf.read(str(path), as_version=4).cells:
                if "### BEGIN SOLUTION" in cell.source:
                    body = cell.source.split("### BEGIN SOLUTION", 1)[1].split("### END SOLUTION", 1)[0]
                    lines |= {line.strip() for line in body.splitlines()}
    lines = {line for line in lines if len(line) >= 24 and line not in kit}
    lines |= {json.dumps(line)[1:-1] for line in lines}
    return lines | {(hub["course"] / "secret.key").read_text().strip()}


def test_a_student_cannot_read_the_solutions(hub):
    """glhub-bob, in a terminal of his JupyterLab (the students' environment first on his PATH): the
    instructor's files are closed to him, his kernel's gamelib is the installed package, ``prepare`` there
    has no source to copy and says so, and no file of the test's hub that he can read (the students'
    environment, the exchange, the homes, the shared temporary folder...) holds a line of a solution or a
    hidden test, or the course secret."""
    machine, env, tmp = hub["machine"], hub["env"], hub["tmp"]
    terminal = f"{env}/bin:/usr/local/bin:/usr/bin:/bin"
    source = home(hub, INSTRUCTOR) / "gamelib" / "exercises" / "source" / ASSIGNMENT / EXERCISE
    assert source.is_file() and os.stat(home(hub, INSTRUCTOR)).st_mode & 0o077 == 0       # the doc's chmod 700 ~
    head = machine.run(BOB, f"head {source}", check=False)
    assert head.returncode != 0 and "Permission denied" in head.stderr, head
    imported = machine.run(BOB, "cd ~/kit/notebooks && python -c 'import gamelib; print(gamelib.__file__)'",
                           path=terminal).stdout.strip()                  # where his kernels start
    assert Path(imported).is_relative_to(env) and "site-packages" in imported, imported
    installed = [p for p in env.glob("lib/python*/site-packages/*") if p.name.startswith(("gamelib", "exercises"))]
    assert sorted(p.name.split("-")[0] for p in installed) == ["gamelib", "gamelib"], installed   # and its dist-info
    prepared = machine.run(BOB, f"python -m gamelib.grading prepare {ASSIGNMENT} --course ~/mine", path=terminal,
                           check=False)
    assert prepared.returncode == 2 and "installed as a package, which holds no exercise sources" in \
        prepared.stderr, prepared
    assert not (home(hub, BOB) / "mine").exists()
    # -- everything he can read -----------------------------------------------------------------------
    patterns = tmp / "patterns"
    patterns.write_text("\n".join(sorted(secret_lines(hub))) + "\n")
    os.chmod(patterns, 0o644)
    # The packages of his environment other than gamelib come from PyPI, not from the course (and hold common
    # lines: scipy has "rng = np.random.default_rng(seed)"); gamelib's is searched with everything else.
    packages = next(env.glob("lib/python*/site-packages"))
    grep = f"grep -rlsF --binary-files=text -f {patterns}"
    found = machine.run(BOB, f"{grep} --exclude-dir=site-packages {tmp} || true; {grep} {packages}/gamelib* || true",
                        label="grep every file he can read")
    leaked = [line for line in found.stdout.splitlines() if line != str(patterns)]
    assert not leaked, leaked
    readable = machine.run(BOB, f"find {tmp} -readable \\( -type f -o -type l \\) 2>/dev/null || true",
                           label="list every file he can read").stdout.splitlines()
    slots = machine.shared_tmp / "gamelib-sandbox-slots"      # the sandboxes' slot locks: empty files, shared
    assert all(p.stat().st_size == 0 for p in slots.glob("*"))  # by every user (exercises/README.md)
    his = (home(hub, BOB), env, hub["exchange"] / "outbound", patterns, machine.pip_config or patterns, slots)
    others = [p for p in readable if not any(Path(p).is_relative_to(mine) for mine in his)]
    assert not others, others

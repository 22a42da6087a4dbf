"""A class on a JupyterHub, as docs/jupyterhub.md sets one up (issue 33): a hub on 127.0.0.1 with two real
system users (DummyAuthenticator, the default LocalProcessSpawner), the course repository made from
``python -m gamelib.grading student-kit`` (no solutions) served by ``git daemon``, and the nbgitpuller
link of the doc (with ``targetpath``).  Each student follows the link: the hub starts their server, the
kit is cloned into their home and notebook 01 opens; one student runs it all and plays a move on the
tic-tac-toe board; each home is private to its student.

It needs root (to make the users with useradd; the spawner runs each server as its user) and
configurable-http-proxy (npm, installed into ~/.cache/gamelib-hub on first use); elsewhere it is
skipped, saying why, even with CI set, as tests/exercises/test_shared_server.py is.  It takes minutes,
so it runs only when asked (``--hub`` or ``GAMELIB_HUB=1``; tests/hub/conftest.py): .ci/run asks.

Where this checkout's Python cannot be reached by other users (here the venv's base Python is under
/root, 0700; a hub's Python is readable by every user, the doc's first step), each server runs in a
mount namespace that shows that Python read-only at the same path (bubblewrap, run by the user: the
same as the shared-server test's); nothing else changes.
"""
from __future__ import annotations

import os
import pwd
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.browser.lab import Browser, Notebook, browser_unavailable, free_port
from tests.exercises.test_shared_server import exposing

ROOT = Path(__file__).resolve().parents[2]
USERS = ("glhub-ada", "glhub-bob")
NOTEBOOK = "notebooks/01_games_and_minimax.ipynb"
CHP_VERSION = "5.3.0"
TIMEOUT = 180
"""Seconds for a link to start a server, clone the kit and open the notebook (at load 10 on two cores)."""
CACHE = Path.home() / ".cache" / "gamelib-hub"


def why_not() -> str | None:
    if os.geteuid() != 0:
        return "the JupyterHub test makes system users and runs a server as each: it needs root"
    for tool in ("useradd", "userdel", "git", "npm", "bwrap", "setpriv"):
        if shutil.which(tool) is None:
            return f"the JupyterHub test needs {tool}"
    return browser_unavailable()


pytestmark = [pytest.mark.hub, pytest.mark.skipif(why_not() is not None, reason=why_not() or "")]


def proxy() -> Path:
    """configurable-http-proxy from the npm registry, installed once into ``CACHE``."""
    exe = CACHE / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    if not exe.exists():
        (CACHE / "node").mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                        f"configurable-http-proxy@{CHP_VERSION}"], cwd=CACHE / "node", check=True, timeout=300)
    return exe


SERVER = [sys.executable, "-m", "jupyterhub.singleuser"]


def spawner_config() -> str:
    """The spawner's lines of the hub's config: the default LocalProcessSpawner running this venv's
    single-user server; where the base Python is hidden from other users, a LocalProcessSpawner that
    starts the server as root inside bubblewrap, showing the Python, and becomes the user there
    (``setpriv``, which keeps the hub's environment for the server), instead of before it."""
    shown, _ = exposing([sys.base_prefix])
    if not shown:
        return f"c.Spawner.cmd = {SERVER!r}\n"
    return f"""
import pwd
from jupyterhub.spawner import LocalProcessSpawner

class ShownPythonSpawner(LocalProcessSpawner):
    def make_preexec_fn(self, name):
        return None                      # the user is taken inside bubblewrap, by setpriv

    async def start(self):
        pw = pwd.getpwnam(self.user.name)
        self.cmd = ({shown[:-1]!r} + ["--chdir", pw.pw_dir, "--", "setpriv", f"--reuid={{pw.pw_uid}}",
                    f"--regid={{pw.pw_gid}}", "--init-groups", "--"] + {SERVER!r})
        return await super().start()

c.JupyterHub.spawner_class = ShownPythonSpawner
"""


@pytest.fixture(scope="module")
def hub():
    tmp = Path(tempfile.mkdtemp(prefix="gamelib-hub-"))
    tmp.chmod(0o755)
    made, daemon, process = [], None, None
    try:
        # -- two students, each with a private home ----------------------------------------------------
        (tmp / "home").mkdir()
        for user in USERS:
            subprocess.run(["userdel", "-r", user], capture_output=True)     # left by an interrupted run
            subprocess.run(["useradd", "-m", "-d", str(tmp / "home" / user), "-s", "/bin/bash", user],
                           check=True, capture_output=True)
            made.append(user)
            (tmp / "home" / user).chmod(0o700)
        # -- the course repository: the student kit, served by git daemon -------------------------------
        subprocess.run([sys.executable, "-m", "gamelib.grading", "student-kit", str(tmp / "kit.zip")],
                       cwd=ROOT, check=True, capture_output=True, timeout=300)
        shutil.unpack_archive(tmp / "kit.zip", tmp / "repos")
        repo = tmp / "repos" / "kit"
        (tmp / "repos" / "gamelib-kit").rename(repo)
        git = ["git", "-c", "user.name=Instructor", "-c", "user.email=instructor@example.edu"]
        subprocess.run(git + ["init", "-q", "-b", "main"], cwd=repo, check=True)
        subprocess.run(git + ["add", "-A"], cwd=repo, check=True)
        subprocess.run(git + ["commit", "-q", "-m", "the course"], cwd=repo, check=True)
        git_port = free_port()
        daemon = subprocess.Popen(["git", "daemon", "--reuseaddr", "--export-all", "--listen=127.0.0.1",
                                   f"--port={git_port}", f"--base-path={tmp / 'repos'}", str(tmp / "repos")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # -- the hub -------------------------------------------------------------------------------------
        port, hub_port, api_port = free_port(), free_port(), free_port()
        password = secrets.token_hex(8)
        config = tmp / "jupyterhub_config.py"
        config.write_text(f"""
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{str(proxy())!r}]
c.JupyterHub.db_url = "sqlite:///{tmp}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp}/cookie_secret"
c.JupyterHub.pid_file = "{tmp}/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allowed_users = {set(USERS)!r}
{spawner_config()}
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
c.Spawner.http_timeout = 180
c.Spawner.start_timeout = 180
c.Spawner.environment = {{"MPLBACKEND": "module://matplotlib_inline.backend_inline"}}
""")
        log = open(tmp / "hub.log", "w")
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=tmp,
                                   stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{url}/hub/health", timeout=5)
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the hub did not start:\n{(tmp / 'hub.log').read_text()[-3000:]}")
                time.sleep(0.5)
        yield {"url": url, "password": password, "git": f"git://127.0.0.1:{git_port}/kit", "tmp": tmp}
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
        for user in made:          # the users' servers and kernels, if the hub left any
            subprocess.run(["pkill", "-u", user], capture_output=True)
        if daemon is not None:
            daemon.terminate()
        time.sleep(1)
        for user in made:
            subprocess.run(["userdel", "-r", user], capture_output=True)
        if (tmp / "hub.log").exists():      # what the hub said, kept for a failure's reader
            (ROOT / "test-artifacts").mkdir(exist_ok=True)
            shutil.copy(tmp / "hub.log", ROOT / "test-artifacts" / "jupyterhub.log")
        shutil.rmtree(tmp, ignore_errors=True)


def link(hub) -> str:
    """The doc's nbgitpuller link: the kit into ~/kit, notebook 01 opened."""
    query = urllib.parse.urlencode({"repo": hub["git"], "branch": "main", "targetpath": "kit",
                                    "urlpath": f"lab/tree/kit/{NOTEBOOK}"})
    return f"{hub['url']}/hub/user-redirect/git-pull?{query}"


def follow_link(browser, hub, user):
    context = browser.browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{hub['url']}/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", hub["password"])
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url("**/hub/**", timeout=60_000)
    page.goto(link(hub))
    try:
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT * 1000)
    except Exception:
        (ROOT / "test-artifacts").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "test-artifacts" / f"jupyterhub-{user}.png"))
        raise AssertionError(f"{user}: the link did not open {NOTEBOOK} within {TIMEOUT} s; at {page.url}: "
                             f"{page.inner_text('body')[:800]!r}") from None
    return page


def test_two_students_follow_the_link_run_notebook_01_and_play(hub):
    with Browser() as browser:
        pages, took = [], []
        for user in USERS:
            start = time.perf_counter()
            pages.append(follow_link(browser, hub, user))
            took.append(time.perf_counter() - start)
        for user in USERS:
            home = hub["tmp"] / "home" / user
            assert (home / "kit" / NOTEBOOK).is_file(), f"{user}: the link did not clone the kit into ~/kit"
            assert not (home / "kit" / "exercises" / "source").exists(), "the students' kit has the solutions"
            assert os.stat(home).st_mode & 0o077 == 0 and os.stat(home).st_uid == pwd.getpwnam(user).pw_uid
        nb = Notebook(browser, None, NOTEBOOK, page=pages[0], timeout=180)
        seconds = nb.run_all(timeout=480)
        nb.assert_clean()
        board = nb.new_widget('TicTacToeBoard(human="X")')
        board.click(target=board.root.locator(".widget-gridbox button").nth(4),
                    until=board.shows("(agent) played"))
        nb.assert_clean()
        print(f"the link (log in, server start, clone, notebook open): {', '.join(f'{t:.0f} s' for t in took)}; "
              f"notebook 01's Run All {seconds:.1f} s; load {os.getloadavg()[0]:.1f}")

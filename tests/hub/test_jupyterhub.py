"""A class on a JupyterHub, as docs/jupyterhub.md sets one up (issue 33): a hub on 127.0.0.1 with two real
system users (DummyAuthenticator, the default LocalProcessSpawner), the course repository made from
``python -m gamelib.grading student-kit`` (no solutions) served by ``git daemon``, and the nbgitpuller
link of the doc (with ``targetpath``).  Each student follows the link: the hub starts their server, the
kit is cloned into their home and notebook 01 opens; one student runs it all and plays a move on the
tic-tac-toe board; each home is private to its student.

Then the doc's step 5, exercises through nbgrader's exchange: the hub-wide ``nbgrader_config.py`` (the
doc's lines, with this test's exchange) and the doc's three ``jupyter`` commands that switch the
instructor interface off for students, each run as the doc writes it (:data:`STUDENTS_SETTINGS`;
tests/hub/test_jupyterhub_doc.py checks the doc still does).  An instructor (a third user, not
root, grading in their own course folder as exercises/README.md's "On a shared server" says) releases
02_alpha_beta; glhub-ada, in her JupyterLab on the hub in Chromium, finds the Assignments tab in the
Nbgrader menu, fetches the assignment and submits it with its buttons; the instructor's ``nbgrader
collect`` gets her file.  In her JupyterLab nothing of the instructor interface is left: the Nbgrader
menu holds Assignment List only, the command palette offers no Formgrader or Course List, the side bar
has no Create Assignment panel, the three plugins are locked (JupyterLab's Plugin Manager cannot switch
them back on), and her server answers 404 at ``/formgrader`` and ``/formgraders``.

The doc's commands write where ``--sys-prefix`` / ``--level=sys_prefix`` always write: the hub
environment's ``etc/jupyter`` (``sys.prefix``; TLJH's ``/opt/tljh/user/etc/jupyter``), a path no
environment variable moves (``JUPYTER_CONFIG_DIR`` moves the user level only).  So that the kit's own
.venv, which other tests use, is not changed, the test runs them, and every student's server, in a mount
namespace (bubblewrap) where that folder is a copy made for this hub; nothing else differs.

It needs root (to make the users with useradd; the spawner runs each server as its user) and
configurable-http-proxy (npm, installed into ~/.cache/gamelib-hub on first use); elsewhere it is
skipped, saying why, even with CI set, as tests/exercises/test_shared_server.py is.  It takes minutes,
so it runs only when asked (``--hub`` or ``GAMELIB_HUB=1``; tests/hub/conftest.py): .ci/run asks.

Where this checkout's Python cannot be reached by other users (here the venv's base Python is under
/root, 0700; a hub's Python is readable by every user, the doc's first step), each server runs in a
mount namespace that also shows that Python read-only at the same path (the same as the shared-server
test's); the instructor's commands run as the shared-server test runs them.
"""
from __future__ import annotations

import os
import pwd
import secrets
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
import urllib.request
from pathlib import Path

import pytest

from tests.browser.lab import Browser, Notebook, browser_unavailable, free_port, until_shown
from tests.exercises.test_shared_server import INSTRUCTOR_CONFIG, STEPS, Server, exposing

ROOT = Path(__file__).resolve().parents[2]
USERS = ("glhub-ada", "glhub-bob")
NOTEBOOK = "notebooks/01_games_and_minimax.ipynb"
CHP_VERSION = "5.3.0"
TIMEOUT = 180
"""Seconds for a link to start a server, clone the kit and open the notebook (at load 10 on two cores)."""
CACHE = Path.home() / ".cache" / "gamelib-hub"
HUB_ETC = Path(sys.prefix, "etc", "jupyter")
"""Where ``--sys-prefix`` and ``--level=sys_prefix`` write: the environment's own config folder (TLJH's
``/opt/tljh/user/etc/jupyter``), read by every server started from it."""
COURSE_ID = "cs101"
ASSIGNMENT, EXERCISE = "02_alpha_beta", "alpha_beta.ipynb"
HUB_NBGRADER_CONFIG = '''\
c = get_config()
c.CourseDirectory.course_id = "cs101"
c.Exchange.root = "{exchange}"
'''
"""The doc's hub-wide nbgrader_config.py, with this test's exchange for ``/srv/nbgrader/exchange``."""
JUPYTER = "sudo /opt/tljh/user/bin/jupyter "
INSTRUCTOR_PLUGINS = ("@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment",
                      "@jupyter/nbgrader:course-list")
STUDENTS_SETTINGS = (
    "labextension disable --level=sys_prefix " + " ".join(INSTRUCTOR_PLUGINS),
    "labextension lock --level=sys_prefix " + " ".join(INSTRUCTOR_PLUGINS),
    "server extension disable --sys-prefix nbgrader.server_extensions.formgrader "
    "nbgrader.server_extensions.course_list",
)
"""The doc's step 5 commands, each after ``sudo /opt/tljh/user/bin/jupyter`` (here: this venv's jupyter,
run as root)."""


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
BWRAP = ["bwrap", "--dev-bind", "/", "/", "--die-with-parent"]


def with_hub_etc(etc: Path, *, write: bool = False) -> list:
    """bubblewrap's arguments (run as root) under which ``etc`` is the environment's ``etc/jupyter``
    (:data:`HUB_ETC`), read-only for a server and writable for the doc's commands; for a server, the
    hidden base Python is shown too (:func:`~tests.exercises.test_shared_server.exposing`)."""
    shown, _ = exposing([] if write else [sys.base_prefix])
    return (shown[:-1] or BWRAP) + ["--bind" if write else "--ro-bind", str(etc), str(HUB_ETC)]


def spawner_config(etc: Path) -> str:
    """The spawner's lines of the hub's config: a LocalProcessSpawner running this venv's single-user
    server, that starts it as root inside bubblewrap (:func:`with_hub_etc`: the hub's own etc/jupyter,
    and the Python where it is hidden from other users) and becomes the user there (``setpriv``, which
    keeps the hub's environment for the server), instead of before it."""
    return f"""
import pwd
from jupyterhub.spawner import LocalProcessSpawner

class HubEnvironmentSpawner(LocalProcessSpawner):
    def make_preexec_fn(self, name):
        return None                      # the user is taken inside bubblewrap, by setpriv

    async def start(self):
        pw = pwd.getpwnam(self.user.name)
        self.cmd = ({with_hub_etc(etc)!r} + ["--chdir", pw.pw_dir, "--", "setpriv", f"--reuid={{pw.pw_uid}}",
                    f"--regid={{pw.pw_gid}}", "--init-groups", "--"] + {SERVER!r})
        return await super().start()

c.JupyterHub.spawner_class = HubEnvironmentSpawner
"""


def students_settings(etc: Path, exchange: Path):
    """The doc's step 5 on the students' side, into ``etc`` (a copy of this venv's etc/jupyter, seen at
    its place by the commands and the servers): the hub-wide nbgrader_config.py, then the three commands
    (the two labextension ones write one file, so one after the other; the server one beside them)."""
    shutil.copytree(HUB_ETC, etc)
    (etc / "nbgrader_config.py").write_text(HUB_NBGRADER_CONFIG.format(exchange=exchange))
    jupyter = str(Path(sys.executable).parent / "jupyter")
    argv = [with_hub_etc(etc, write=True) + ["--", jupyter, *shlex.split(words)] for words in STUDENTS_SETTINGS]
    server = subprocess.Popen(argv[2], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    outputs = [subprocess.run(a, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
               for a in argv[:2]]
    outputs.append(subprocess.CompletedProcess(argv[2], server.wait(300), server.communicate()[0]))
    for words, done in zip(STUDENTS_SETTINGS, outputs):
        assert done.returncode == 0, f"jupyter {words}: exit {done.returncode}\n{done.stdout}"


def course(grading: Server, inst) -> tuple:
    """The instructor's side (exercises/README.md's "On a shared server"): the course folder, its
    nbgrader_config.py (course_id and Exchange.root), and 02_alpha_beta released to the exchange;
    ``(the folder, seconds taken)``."""
    start = time.perf_counter()
    folder = inst.home / "cs101"
    grading.must(inst, *shlex.split(STEPS["prepare"][1].replace("~/cs101", str(folder))))
    config = INSTRUCTOR_CONFIG.format(course_id=COURSE_ID, exchange=grading.exchange)
    grading.must(inst, "/bin/sh", "-c", f'cat > nbgrader_config.py <<"EOF"\n{config}EOF', cwd=folder)
    grading.must(inst, *shlex.split(STEPS["release_assignment"][1]), cwd=folder)
    return folder, time.perf_counter() - start


def student_kit(tmp: Path) -> Path:
    """The course repository of the doc's step 2: the student kit, committed."""
    subprocess.run([sys.executable, "-m", "gamelib.grading", "student-kit", str(tmp / "kit.zip")],
                   cwd=ROOT, check=True, capture_output=True, timeout=300)
    shutil.unpack_archive(tmp / "kit.zip", tmp / "repos")
    repo = tmp / "repos" / "kit"
    (tmp / "repos" / "gamelib-kit").rename(repo)
    git = ["git", "-c", "user.name=Instructor", "-c", "user.email=instructor@example.edu"]
    subprocess.run(git + ["init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run(git + ["add", "-A"], cwd=repo, check=True)
    subprocess.run(git + ["commit", "-q", "-m", "the course"], cwd=repo, check=True)
    return repo


@pytest.fixture(scope="module")
def hub():
    tmp = Path(tempfile.mkdtemp(prefix="gamelib-hub-"))
    tmp.chmod(0o755)
    made, daemon, process, grading, pool = [], None, None, None, ThreadPoolExecutor(3)
    try:
        # -- two students, each with a private home ----------------------------------------------------
        (tmp / "home").mkdir()
        for user in USERS:
            subprocess.run(["userdel", "-r", user], capture_output=True)     # left by an interrupted run
            subprocess.run(["useradd", "-m", "-d", str(tmp / "home" / user), "-s", "/bin/bash", user],
                           check=True, capture_output=True)
            made.append(user)
            (tmp / "home" / user).chmod(0o700)
        # -- at once: the course repository (the student kit), and the students' nbgrader settings (step 5)
        #    while the hub starts; the instructor's course with 02_alpha_beta released (a user of its own, not
        #    root), all along until the test that needs it ------------------------------------------------
        (tmp / "grading").mkdir()
        grading = Server(tmp / "grading")
        inst = grading.user("inst")
        started = time.perf_counter()
        released = pool.submit(course, grading, inst)
        kit = pool.submit(student_kit, tmp)
        settings = pool.submit(students_settings, tmp / "etc-jupyter", grading.exchange)
        kit.result()
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
{spawner_config(tmp / "etc-jupyter")}
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
        settings.result()                           # before any student's server starts
        prepared = time.perf_counter() - started
        yield {"url": url, "password": password, "git": f"git://127.0.0.1:{git_port}/kit", "tmp": tmp,
               "grading": grading, "inst": inst, "course": released, "prepared": prepared}
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
        pool.shutdown(wait=True)
        if grading is not None:
            print("\n".join(grading.log))
            grading.close()
        if (tmp / "hub.log").exists():      # what the hub said, kept for a failure's reader
            (ROOT / "test-artifacts").mkdir(exist_ok=True)
            shutil.copy(tmp / "hub.log", ROOT / "test-artifacts" / "jupyterhub.log")
        shutil.rmtree(tmp, ignore_errors=True)


def link(hub) -> str:
    """The doc's nbgitpuller link: the kit into ~/kit, notebook 01 opened."""
    query = urllib.parse.urlencode({"repo": hub["git"], "branch": "main", "targetpath": "kit",
                                    "urlpath": f"lab/tree/kit/{NOTEBOOK}"})
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


def follow_link(browser, hub, user):
    page = log_in(browser, hub, user)
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


def test_a_student_fetches_and_submits_in_the_assignments_tab_without_the_instructor_interface(hub):
    user, home = USERS[0], hub["tmp"] / "home" / USERS[0]
    grading, inst = hub["grading"], hub["inst"]
    folder, course_seconds = hub["course"].result(timeout=600)
    with Browser() as browser:
        page = log_in(browser, hub, user)
        server = f"{hub['url']}/user/{user}"
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
        # -- the Assignments tab: fetch, then submit -------------------------------------------------------
        until_shown(page, page.locator(".lm-MenuBar-item", has_text="Nbgrader").click, ".lm-Menu .lm-Menu-item")
        page.locator(".lm-Menu .lm-Menu-item", has_text="Assignment List").click()
        tab = page.locator("#nbgrader-assignment-list")
        released = tab.locator("#released_assignments_list .list_item", has_text=ASSIGNMENT)
        released.wait_for(timeout=60_000)
        course_shown = tab.locator("#course_list_default").inner_text().strip()
        released.get_by_role("button", name="Fetch").click()
        fetched = tab.locator("#fetched_assignments_list .list_item", has_text=ASSIGNMENT)
        fetched.get_by_role("button", name="Submit").click(timeout=60_000)
        tab.locator("#submitted_assignments_list .list_item", has_text=ASSIGNMENT).wait_for(timeout=60_000)
        took = time.perf_counter() - start
        tab_title = page.locator(".lm-TabBar-tab", has_text="Assignments").count()
    mine = home / ASSIGNMENT / EXERCISE
    assert mine.is_file() and mine.stat().st_uid == pwd.getpwnam(user).pw_uid, "the fetch did not reach her home"
    start = time.perf_counter()
    collected = grading.must(inst, *shlex.split(STEPS["collect"][1]), cwd=folder)
    collect = time.perf_counter() - start
    theirs = folder / "submitted" / user / ASSIGNMENT / EXERCISE
    assert theirs.is_file(), f"collect did not get {user}'s submission:\n{collected.stdout}\n{collected.stderr}"
    assert theirs.read_bytes() == mine.read_bytes()
    assert course_shown == COURSE_ID and tab_title >= 1
    assert nbgrader_menu == ["Assignment List"], nbgrader_menu
    assert offered["assignment list"] and not (offered["formgrader"] or offered["course list"]), offered
    assert side_bar == 0
    assert set(INSTRUCTOR_PLUGINS) <= set(plugins["lockRules"]), plugins
    assert routes == {"formgrader": 404, "formgraders": 404, f"assignments?course_id={COURSE_ID}": 200}, routes
    print(f"\nthe kit, the students' settings and the hub's start: {hub['prepared']:.0f} s; the instructor's "
          f"course made and released (beside them and the first test): {course_seconds:.0f} s; the student's "
          f"lab, checks, fetch and submit: {took:.0f} s; collect {collect:.1f} s; load {os.getloadavg()[0]:.1f}")


"""pytest's configuration for the whole repository (pyproject.toml holds the options): nbval compares a
picture's words but not its pixels (tests/nbval_sanitize.cfg), whichever folder pytest is run from; every
picture a notebook shows is checked for collisions (GAMELIB_CHECK_PICTURES, gamelib.viz.collisions)."""
import os
import pathlib

SANITIZE = pathlib.Path(__file__).resolve().parent / "tests" / "nbval_sanitize.cfg"


def pytest_configure(config):
    # Every picture a notebook shows is checked for collisions as nbval runs it (gamelib.viz.alt.show;
    # the kernels nbval starts inherit this environment).
    os.environ.setdefault("GAMELIB_CHECK_PICTURES", "1")
    config.addinivalue_line("markers", "lite: the JupyterLite site in the browser (tests/lite/; run with "
                                       "--lite or GAMELIB_LITE=1)")
    config.addinivalue_line("markers", "hub: a class on a JupyterHub (tests/hub/; run with --hub or "
                                       "GAMELIB_HUB=1)")
    if getattr(config.option, "nbval_sanitize_with", "absent") is None:
        config.option.nbval_sanitize_with = str(SANITIZE)
    if hasattr(config.option, "loadscopereorder"):       # pytest-xdist: deal files in the order below
        config.option.loadscopereorder = False


# The order files are dealt to pytest-xdist's two workers (`--dist loadfile` hands them out in collection
# order; its own reordering by number of tests is turned off in pytest_configure, since it dealt the
# longest files last and left one worker alone with several minutes of them):
# 1. the longest files first, so that both workers finish together;
# 2. the browser tests (tests/browser/, and tests/hub/, which drives a JupyterHub in Chromium) after every
#    other file.  Playwright's sync API keeps an asyncio
#    loop running in the worker's main thread until the session ends, and a widget test run after it
#    in the same worker sees a "running" loop (asyncio.run() refuses; a widget defers its update as it
#    does in a kernel).  Dealt last, no other test runs after them in their worker.
# Measured with `--durations`; a file not listed keeps its place among the others.
LONGEST_FIRST = (
    "tests/kit/test_instructor_docs.py",
    "tests/exercises/test_red_team.py",
    "tests/exercises/test_red_team_alone.py",
    "tests/exercises/test_submissions.py",
    "tests/exercises/test_shared_server.py",
    "tests/grading/test_gradescope.py",
    "tests/test_workspace.py",
    "tests/hub/test_jupyterhub.py",
    "tests/browser/test_student_path.py",
    "tests/browser/test_formgrader.py",
)


def pytest_collection_modifyitems(session, config, items):
    root = pathlib.Path(__file__).resolve().parent
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}

    def place(item):
        try:
            rel = pathlib.Path(str(item.path)).resolve().relative_to(root).as_posix()
        except ValueError:
            return (False, len(rank))
        return (rel.startswith(("tests/browser/", "tests/hub/")), rank.get(rel, len(rank)))
    items.sort(key=place)                                 # stable: every file's tests stay in their order


def pytest_addoption(parser):
    parser.addoption("--lite", action="store_true", default=False,
                     help="also run the JupyterLite tests (tests/lite/: build the site, run notebooks in "
                          "Chromium; a few minutes); GAMELIB_LITE=1 does the same")
    parser.addoption("--hub", action="store_true", default=False,
                     help="also run the JupyterHub test (tests/hub/: a hub's whole term, with two students and an "
                          "instructor, as root; a few minutes); GAMELIB_HUB=1 does the same")

"""pytest's configuration for the whole repository (pyproject.toml holds the options): nbval compares a
picture's words but not its pixels (tests/nbval_sanitize.cfg), whichever folder pytest is run from."""
import pathlib

SANITIZE = pathlib.Path(__file__).resolve().parent / "tests" / "nbval_sanitize.cfg"


def pytest_configure(config):
    if getattr(config.option, "nbval_sanitize_with", "absent") is None:
        config.option.nbval_sanitize_with = str(SANITIZE)


# The longest files first.  pytest-xdist's `--dist loadfile` hands files to the two workers in collection
# order (pyproject.toml turns off its own reordering by number of tests, which dealt these files last,
# leaving one worker alone with several minutes of them); longest first lets both finish together.
# Measured with `--durations`; a file not listed keeps its place after these.
LONGEST_FIRST = (
    "tests/kit/test_instructor_docs.py",
    "tests/exercises/test_red_team.py",
    "tests/exercises/test_red_team_alone.py",
    "tests/browser/test_student_path.py",
    "tests/browser/test_static_outputs.py",
    "tests/exercises/test_submissions.py",
    "tests/exercises/test_shared_server.py",
    "tests/browser/test_formgrader.py",
    "tests/grading/test_gradescope.py",
    "tests/test_workspace.py",
)


def pytest_collection_modifyitems(session, config, items):
    root = pathlib.Path(__file__).resolve().parent
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}

    def place(item):
        try:
            return rank.get(pathlib.Path(str(item.path)).resolve().relative_to(root).as_posix(), len(rank))
        except ValueError:
            return len(rank)
    items.sort(key=place)                                 # stable: every file's tests stay in their order

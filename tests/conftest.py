"""The suite's settings (hypothesis profiles, matplotlib's Agg backend) and the browser tests' summary.
Shared trees and hypothesis strategies are in tests/strategies.py."""
from __future__ import annotations

import os
import pathlib
import shutil

import matplotlib
import pytest
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")  # tests draw pictures but never show them

# CI explores 200 examples per property from a fixed seed, so a run is reproducible (an instructor's
# green stays green); the dev profile draws fresh examples every run, to keep finding new cases.
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

@pytest.fixture(scope="session", autouse=True)
def _write_bad_input_tally():
    """With GAMELIB_BAD_INPUT_TALLY=<file>, append the bad inputs tried, by outcome (tests/bad_input.py)."""
    yield
    path = os.environ.get("GAMELIB_BAD_INPUT_TALLY")
    if path:
        import json

        from .bad_input import TALLY
        with open(path, "a") as f:
            f.write(json.dumps(dict(TALLY)) + "\n")


@pytest.fixture
def fig52():
    """AIMA 4th ed. Fig. 5.2 as a GameTree, and alpha-beta's traced result on it."""
    from gamelib import GameTree, alphabeta

    from .strategies import FIG_5_2
    tree = GameTree.from_nested(FIG_5_2)
    return tree, alphabeta(tree, trace=True)


# -- browser tests (tests/browser/): what the run's summary must say -----------------------------------
BROWSER_ARTIFACTS = pathlib.Path(__file__).resolve().parent.parent / "test-artifacts" / "browser"


def pytest_sessionstart(session):
    """Screenshots of failures are this run's: clear the last run's (once, not per xdist worker)."""
    if not hasattr(session.config, "workerinput"):
        shutil.rmtree(BROWSER_ARTIFACTS, ignore_errors=True)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say loudly when the browser tests could not run, and where the failures' screenshots are."""
    from .browser.lab import browser_unavailable
    reason = browser_unavailable()
    if reason:
        terminalreporter.write_sep("!", "BROWSER TESTS NOT RUN", red=True, bold=True)
        terminalreporter.write_line(f"{reason}. The widgets were not tested in a browser "
                                    "(with CI set, these tests fail instead of skipping).", red=True)
    from gamelib.grading.isolation import isolation_status
    isolation = isolation_status()
    if not isolation.isolated:
        terminalreporter.write_sep("!", "GRADING NOT ISOLATED", red=True, bold=True)
        terminalreporter.write_line(f"{isolation.how}. The red-team tests of the autograder were skipped "
                                    "(with CI set, they fail instead).", red=True)
    shots = sorted(BROWSER_ARTIFACTS.glob("*.png")) if BROWSER_ARTIFACTS.is_dir() else []
    if shots:
        terminalreporter.write_sep("-", f"browser screenshots of failures: {BROWSER_ARTIFACTS}")
        for shot in shots:
            terminalreporter.write_line(str(shot.relative_to(BROWSER_ARTIFACTS.parent.parent)))

"""Shared fixtures and hypothesis strategies for gamelib's tests."""
from __future__ import annotations

import os
import pathlib
import shutil

import matplotlib
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

matplotlib.use("Agg")  # tests draw pictures but never show them

# CI explores 200 examples per property from a fixed seed, so a run is reproducible (an instructor's
# green stays green); the dev profile draws fresh examples every run, to keep finding new cases.
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

# Small integer leaves on purpose: ties are where the two pruning conventions differ.
leaf = st.integers(min_value=-5, max_value=5)


def nested_specs(max_leaves: int = 40):
    """Random game trees as nested lists: ragged branching (1 to 4), depth up to about 5."""
    return st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=4),
                        max_leaves=max_leaves)


def chance_specs(max_leaves: int = 30):
    """Random trees mixing decision nodes and chance nodes with random probabilities."""
    from gamelib import chance

    def chance_node(kids):
        def build(pairs):
            weights = [w for w, _ in pairs]
            total = sum(weights)
            return chance(*((w / total, sub) for w, sub in pairs))
        return st.lists(st.tuples(st.integers(1, 5), kids), min_size=1, max_size=3).map(build)

    return st.recursive(leaf, lambda kids: st.one_of(st.lists(kids, min_size=1, max_size=3),
                                                     chance_node(kids)),
                        max_leaves=max_leaves)


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

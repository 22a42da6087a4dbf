"""The order in which the README's test command (``pytest -n 2 --dist loadfile``) hands files to its
two workers: the slowest files first.

pytest-xdist's ``loadfile`` hands out one file at a time, by default the files with the most tests
first.  A file of a few slow tests (the student's path in Chromium: four tests, two and a half minutes)
then starts near the end, while the other worker runs out of work and waits: the run takes as long as
its last file.  Handing out the longest files first (the greedy "longest processing time first"
schedule) leaves only short files for the end, so both workers finish at about the same time.

:data:`SLOW_FILES` holds the seconds each slow file took in a full run (2026-12-02, a two-core machine
at load 6, so about twice a quiet machine's figures; pytest's ``--durations``, its tests' set-up and
calls added up).  Only the order matters, so rough figures do: a file missing from the table (a new
one) is handed out after them, in xdist's own order.  When a file becomes much slower or faster, move
it in the table.
"""
from __future__ import annotations

SLOW_FILES = {
    "tests/browser/test_student_path.py": 205,
    "tests/exercises/test_submissions.py": 190,
    "tests/grading/test_workflow.py": 140,
    "tests/kit/test_instructor_docs.py": 115,
    "tests/exercises/test_red_team.py": 115,
    "tests/test_viz.py": 100,
    "tests/browser/test_formgrader.py": 95,
    "tests/grading/test_gradebook.py": 60,
    "tests/browser/test_02_alpha_beta.py": 57,
    "tests/browser/test_04_sigma_study.py": 55,
    "tests/exercises/test_red_team_alone.py": 52,
    "tests/browser/test_05b_dice_games.py": 51,
    "tests/grading/test_late.py": 51,
    "tests/browser/test_08_state_of_the_art.py": 49,
    "tests/browser/test_05a_chance_nodes.py": 49,
    "tests/browser/test_03b_search_under_resource_limits.py": 48,
    "tests/browser/test_01_games_and_minimax.py": 46,
    "tests/browser/test_06b_card_games_and_cfr.py": 46,
    "tests/browser/test_07_more_players_and_simultaneous_moves.py": 36,
    "tests/test_lookup.py": 33,
    "tests/browser/test_06a_partial_observability.py": 28,
    "tests/browser/test_widget_heights.py": 26,
    "tests/exercises/test_shared_server.py": 25,
    "tests/browser/test_keyboard.py": 23,
    "tests/imperfect/test_andor.py": 22,
    "tests/browser/test_03a_evaluation_and_cutoffs.py": 22,
    "tests/grading/test_overrides.py": 18,
    "tests/kit/test_readme.py": 16,
    "notebooks/04_sigma_study.ipynb": 15,
    "tests/test_workspace.py": 15,
    "tests/kit/test_sources_named.py": 13,
    "notebooks/08_state_of_the_art.ipynb": 13,
    "tests/browser/test_widget_width.py": 11,
}
"""Seconds per slow file in a full run at load 6 (see the module's docstring): the order, slowest first."""


def slowest_first(files) -> list:
    """``files`` (in xdist's order) with those of :data:`SLOW_FILES` first, slowest first; the others
    after them, in the order given."""
    return sorted(files, key=lambda f: -SLOW_FILES.get(f, 0))


def make_scheduler(config, log):
    """pytest-xdist's ``loadfile`` scheduler, handing out the files :func:`slowest_first`."""
    from xdist.scheduler import LoadFileScheduling

    class SlowestFirst(LoadFileScheduling):
        _ordered = False

        def _assign_work_unit(self, node):
            if not self._ordered:                 # the first hand-out: the queue is complete, reorder it
                self._ordered = True
                units = dict(self.workqueue)
                self.workqueue.clear()
                self.workqueue.update((f, units[f]) for f in slowest_first(units))
            super()._assign_work_unit(node)

    return SlowestFirst(config, log)


class SlowestFirstPlugin:
    """Registered (tests/conftest.py) only where pytest-xdist is installed: its hook is unknown elsewhere."""

    def pytest_xdist_make_scheduler(self, config, log):
        return make_scheduler(config, log) if config.getvalue("dist") == "loadfile" else None

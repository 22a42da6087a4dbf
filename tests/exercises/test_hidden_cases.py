"""Every known bug of every assignment fails at least one hidden case (issue #31).

A cell of hidden cases draws its cases from the course secret; a random draw can miss the situation a
bug mishandles (max^n replacing the kept child on equal sums under 'spiteful' once kept all its hidden
points: no tie of equal sums fell in the draw).  :func:`gamelib.grading.core.hidden_cases` adds, for every
known bug of the task (one that fails one of its public cases) that the draw misses, a case that it fails,
found by further draws from the same seed.  Here every hidden test cell of every assignment's source
notebook is drawn as grading draws it, with ``selftest``'s fixed secret and with random ones, and every
known bug of its task must fail one of its cases; and no bug can cost hidden points without being known
(without failing a public case, where it is named).
"""
import os
import re

import nbformat
import pytest

from gamelib.grading import checks, fakes, imperfect, learning, multiplayer, puct
from gamelib.grading.cells import grade_id
from gamelib.grading.context import Context, grading, hidden_seed
from gamelib.grading.core import hidden_cases, known_bugs
from gamelib.grading.mutants import MUTANTS
from gamelib.grading.course import SOURCE, assignments, notebooks

CALL = re.compile(r'checks\.(search|belief|clairvoyance|maxn|matrix|mcts|puct|td)\('
                  r'\s*(?:"(\w+)",\s*)?\w+,\s*hidden=(\d+)')
SECRETS = [fakes.SELFTEST_SECRET.encode(), b"3f9c1e0a7b2d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
           os.urandom(32).hex().encode()]
"""``selftest``'s secret, one fixed random one, and one new each run (printed when a test fails)."""


def task_of(check: str, name: str | None):
    if check == "search":
        return checks.EXERCISES[name]
    if check in ("belief", "clairvoyance"):
        return imperfect.TASKS[name]
    if check == "maxn":
        return multiplayer.TASKS["maxn_value"]
    if check == "matrix":
        return multiplayer.TASKS["solve_zero_sum_2x2"]
    if check == "mcts":
        return learning.TASKS[name]
    if check == "puct":
        return puct.TASKS[name]
    return learning.TASKS["td_lambda"]


def hidden_cells(assignment: str) -> list:
    """``(grade id, points, task, n)`` of every call of a check with hidden cases in the source notebook."""
    source = nbformat.read(str(notebooks(SOURCE / assignment)[0]), as_version=4)
    found = []
    for cell in source.cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type != "code" or not meta.get("grade"):
            continue
        for check, name, n in CALL.findall(cell.source):
            found.append((grade_id(cell), meta["points"], task_of(check, name or None), int(n)))
    return found


CELLS = [(a, *cell) for a in assignments() for cell in hidden_cells(a)]


def test_every_assignment_with_functions_to_write_has_hidden_cells():
    assert {a for a, *_ in CELLS} == set(assignments())


@pytest.mark.parametrize("assignment, cell, points, task, n", CELLS, ids=[f"{a}-{c}" for a, c, *_ in CELLS])
def test_every_known_bug_fails_a_hidden_case_whatever_the_secret(assignment, cell, points, task, n):
    """Every bug model of the question fails one of its hidden cases under each of 23 course secrets
    (``selftest``'s, a fixed random one, a new one each run, and 20 more): caught by the draw's
    construction, not by the luck of one secret."""
    bugs = known_bugs(task)
    assert bugs, f"{task.name}: no known bug fails a public case"
    returns = task.family.mutant_returns(task)
    for secret in SECRETS + TWENTY:
        with grading(Context(secret, assignment, cell, points)):
            cases = hidden_cases(task, hidden_seed(task.name), n)
        assert len(cases) >= n
        expected = [task.family.expected(task, c) for c in cases]
        missed = [m.name for m in bugs if not any(m.shows(task.kind, c, returns, e) for c, e in zip(cases, expected))]
        assert not missed, f"secret {secret.decode()}: {missed} fail none of the {len(cases)} hidden cases of {cell}"
        assert len({c.name for c in cases}) == len(cases)            # feedback tells hidden cases by name


@pytest.mark.parametrize("assignment, cell, points, task, n", CELLS, ids=[f"{a}-{c}" for a, c, *_ in CELLS])
def test_no_bug_costs_hidden_points_without_failing_a_public_case(assignment, cell, points, task, n):
    """A bug that can fail a hidden case is known: it fails a public case too, where feedback names it."""
    known = {m.name for m in known_bugs(task)}
    returns = task.family.mutant_returns(task)
    cases = task.hidden(11, n)
    for m in MUTANTS:
        if task.kind in m.kinds and m.name not in known:
            assert not any(m.shows(task.kind, c, returns, task.family.expected(task, c)) for c in cases), m.name


# ---------------------------------------------------------------------------------------------------
# By construction, not by luck: every situation a task's rules tell apart is in every draw
# ---------------------------------------------------------------------------------------------------

TWENTY = [f"secret number {k}".encode() for k in range(20)]


def saddle_by_row_dominance(payoffs):
    """A bug no model covers: a saddle point looked for by row dominance alone (a saddle point the
    column player's dominance makes is missed, and the mixed formula is used there)."""
    (a, b), (c, d) = payoffs
    if a >= c and b >= d:
        return 1.0, min(a, b)
    if c >= a and d >= b:
        return 0.0, min(c, d)
    return (d - c) / (a - b - c + d), (a * d - b * c) / (a - b - c + d)


def test_every_situation_of_a_2x2_game_is_in_every_draw():
    from gamelib.grading.multiplayer import MATRIX_KINDS, _dominated_row, _pure_values
    task = multiplayer.TASKS["solve_zero_sum_2x2"]
    (cell, points, n), = [(c, p, k) for a, c, p, t, k in CELLS if t is task]
    for secret in TWENTY:
        with grading(Context(secret, "06_more_players_and_matrix_games", cell, points)):
            games = [c.game.payoffs for c in task.hidden(hidden_seed(task.name), n)]
        saddles = [A for A in games if _pure_values(A)[0] == _pure_values(A)[1]]
        assert any(not _dominated_row(A) for A in saddles), secret          # the one row dominance misses
        assert any(_dominated_row(A) for A in saddles), secret
        assert any(_pure_values(A)[0] < _pure_values(A)[1] for A in games), secret
        assert n >= len(MATRIX_KINDS)


def test_a_bug_no_model_covers_loses_points_under_every_secret():
    task = multiplayer.TASKS["solve_zero_sum_2x2"]
    (cell, points, n), = [(c, p, k) for a, c, p, t, k in CELLS if t is task]
    for secret in TWENTY:
        with grading(Context(secret, "06_more_players_and_matrix_games", cell, points)):
            try:
                earned = checks.matrix(saddle_by_row_dominance, hidden=n)
            except checks.GradingError:
                earned = 0.0
        assert earned is not None and earned < points, secret

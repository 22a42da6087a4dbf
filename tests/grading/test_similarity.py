"""Similar submissions (issue 32): copydetect's fingerprints, the release's own code ignored, names and
comments not counted, the shared code side by side and escaped, and the words that it is a hint for a
human, never a verdict."""
from __future__ import annotations

import csv

from gamelib.grading import similarity as sim
from gamelib.grading.__main__ import main as cli

from .gradebook_course import ASSIGNMENT

RELEASE = '''
def alphabeta_search(game, state, prune_on_equality=True):
    """Return (value, move) for the player to move at `state`, AIMA Fig. 5.7."""
    # YOUR CODE HERE
    raise NotImplementedError()
'''
ONE = RELEASE + '''
def max_value(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    v, move = -inf, None
    for a in game.actions(state):
        v2, _ = min_value(game, game.result(state, a), alpha, beta)
        if v2 > v:
            v, move = v2, a
            alpha = max(alpha, v)
        if v >= beta:
            return v, move
    return v, move
'''
RENAMED = ONE.replace("v2", "child_value").replace("move", "best").replace("alpha", "lo") + "# my own work!\n"
OTHER = RELEASE + '''
def search(g, s):
    best = sorted(g.actions(s), key=lambda a: evaluate(g.result(s, a)))
    return [x for x in best if x is not None][0] if best else None
'''


def test_renamed_code_is_found_and_the_release_is_ignored():
    codes = {"ann": ONE, "ben": RENAMED, "cat": OTHER, "dan": RELEASE, "eve": RELEASE}
    pairs, shares, blank = sim.compare({s: {"q6_answer": code} for s, code in codes.items()}, [RELEASE])
    assert [(p.first, p.second) for p in pairs] == [("ann", "ben")]
    assert min(pairs[0].share_first, pairs[0].share_second) > 0.9
    assert len(shares) == 3 and blank == ["dan", "eve"]     # the starter code only: nothing of theirs to compare


def test_the_page_says_it_is_a_hint_and_escapes_the_code():
    hostile = ONE + '\nx = "</pre><script>alert(1)</script>"\n'
    pairs, shares, _ = sim.compare({"ann": {"q<b>": hostile}, "b<i>en": {"q<b>": hostile}}, [RELEASE])
    page = sim._page(ASSIGNMENT, pairs, shares, 2, 0, sim.THRESHOLD)
    assert "never a verdict" in page and '<html lang="en">' in page
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page and "b&lt;i&gt;en" in page
    assert "<mark" in page and "<caption" in page and "q&lt;b&gt;" in page


def test_the_command_on_a_graded_course(course, capsys):
    assert cli(["similarity", ASSIGNMENT, "--course", str(course)]) == 0
    said = capsys.readouterr().out
    assert sim.HINT in said
    with open(course / "reports" / f"{ASSIGNMENT}_similarity.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    listed = {(r["first"], r["second"]) for r in rows}
    # the fakes of two bugs (no pruning; the last of tied moves) are the reference with a line or two changed
    assert ("bob", "dave") in listed and all(float(r["share_of_first"]) >= sim.THRESHOLD for r in rows)
    assert not any("erin" in pair for pair in listed)                       # blank: the release's code only
    assert cli(["similarity", ASSIGNMENT, "--course", str(course), "--threshold", "2"]) == 2


# Two honest answers to 02's last question, written in different styles: one prunes with a (lo, hi)
# window, the other flips the sign (and forgets to prune).  Their by-hand answers, the same right ones,
# are not code: the two share little code of their own.
STYLE_WINDOW = '''def alphabeta_search(game, state, prune_on_equality=True):
    """ALPHA-BETA-SEARCH, AIMA 4th ed. Fig. 5.7: (value for MAX, best move for the player to move)."""
    def search(node, lo, hi):
        if game.is_terminal(node):
            return game.utility(node, MAX), None
        maximizing = game.to_move(node) == MAX
        best = (-inf if maximizing else inf), None
        for action in game.actions(node):
            child = search(game.result(node, action), lo, hi)[0]
            if (child > best[0]) if maximizing else (child < best[0]):
                best = child, action
            if maximizing:
                lo = max(lo, child)
            else:
                hi = min(hi, child)
            if lo > hi or (prune_on_equality and lo == hi):
                break
        return best
    return search(state, -inf, inf)
'''
STYLE_SIGN = '''def alphabeta_search(game, state, prune_on_equality=True):
    """ALPHA-BETA-SEARCH, AIMA 4th ed. Fig. 5.7: (value for MAX, best move for the player to move)."""
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    sign = 1 if game.to_move(state) == MAX else -1
    best = None
    for a in game.actions(state):
        v = alphabeta_search(game, game.result(state, a), prune_on_equality)[0]
        if best is None or sign * v > sign * best[0]:
            best = (v, a)
    return best
'''


def _submitted(tmp_path, students: dict):
    """A course holding only stored submissions of ``ASSIGNMENT``: {student: (fake, {grade id: code})}, each
    the fake's notebook with those answer cells replaced."""
    import nbformat

    from gamelib.grading.cells import grade_id

    from .gradebook_course import notebook
    for student, (fake, answers) in students.items():
        nb = notebook(fake)
        for cell in nb.cells:
            cell.source = answers.get(grade_id(cell), cell.source)
        (tmp_path / "submitted" / student / ASSIGNMENT).mkdir(parents=True)
        nbformat.write(nb, str(tmp_path / "submitted" / student / ASSIGNMENT / "alpha_beta.ipynb"))
    return tmp_path


def test_blank_submissions_are_never_paired(tmp_path):
    """Three students hand in the student version untouched: each answer cell is the handed-out code, which
    is ignored cell by cell (joined, the cells once made code of their own, shared at 100 %)."""
    course = _submitted(tmp_path, {"ann": ("blank", {}), "ben": ("blank", {}), "cat": ("blank", {}),
                                   "dan": ("reference", {})})
    page, _, pairs = sim.similarity(ASSIGNMENT, course=course)
    assert pairs == []
    assert "4 submissions compared, 3 blank (nothing of their own), 0 pairs" in page.read_text()


def test_the_same_by_hand_answers_are_not_code(tmp_path):
    """Two honest answers in different styles with the same right by-hand answers are not listed (they
    were, at 65 %, when the answers counted as code); a copy of one with the names changed still is."""
    copied = STYLE_WINDOW.replace("node", "s").replace("child", "x").replace("maximizing", "is_max")
    course = _submitted(tmp_path, {"ann": ("reference", {"q6_answer": STYLE_WINDOW}),
                                   "ben": ("reference", {"q6_answer": STYLE_SIGN}),
                                   "cat": ("blank", {"q6_answer": copied})})
    _, _, pairs = sim.similarity(ASSIGNMENT, course=course)
    assert [(p.first, p.second) for p in pairs] == [("ann", "cat")]

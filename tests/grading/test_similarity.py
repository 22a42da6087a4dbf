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
    pairs, shares = sim.compare({"ann": ONE, "ben": RENAMED, "cat": OTHER, "dan": RELEASE, "eve": RELEASE},
                                RELEASE)
    assert [(p.first, p.second) for p in pairs] == [("ann", "ben")]
    assert min(pairs[0].share_first, pairs[0].share_second) > 0.9
    assert len(shares) == 3            # dan and eve kept the starter code only: nothing of theirs to compare


def test_the_page_says_it_is_a_hint_and_escapes_the_code():
    hostile = ONE + '\nx = "</pre><script>alert(1)</script>"\n'
    pairs, shares = sim.compare({"ann": hostile, "b<i>en": hostile}, RELEASE)
    page = sim._page(ASSIGNMENT, pairs, shares, 2, sim.THRESHOLD)
    assert "never a verdict" in page and '<html lang="en">' in page
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page and "b&lt;i&gt;en" in page
    assert "<mark" in page and "<caption" in page


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

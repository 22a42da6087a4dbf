"""Odd and hostile submissions of a real term (issue #29), built as notebooks: what the second red team
and an instructor's first semester handed the grader.  Shared by tests/exercises/test_red_team.py
and the Formgrader test in tests/browser/test_formgrader.py.
"""
from __future__ import annotations

import copy

import nbformat

from gamelib.grading import fakes
from gamelib.grading.cells import grade_id
from gamelib.grading.course import RELEASE, SOURCE, notebooks

ASSIGNMENT = "02_alpha_beta"
FULL = 22
BY_HAND = 10
"""02_alpha_beta: every cell right is 22 points; the by-hand questions (q1-q5) are 10 of them."""

MARKER = "gamelib-red-team-pwned"
"""What the hostile markdown's script would leave behind if it ran (in the page, and as a file)."""

SCRIPT_MARKDOWN = f"""# My notes

<script>
window.__pwned = "{MARKER}";
fetch("/api/contents/secret.key").then(r => r.text()).then(t => {{
  window.__secret = t;
  fetch("/api/contents/{MARKER}.txt", {{method: "PUT", headers: {{"Content-Type": "application/json"}},
        body: JSON.stringify({{type: "file", format: "text", content: t}})}});
}});
</script>
<img src="x" onerror="window.__pwned='{MARKER}'">
<svg onload="window.__pwned='{MARKER}'"></svg>
<iframe srcdoc="<script>parent.__pwned='{MARKER}'</script>"></iframe>
[a link](javascript:window.__pwned='{MARKER}')
"""
RAW_HTML = f'<script>window.__pwned = "{MARKER}"</script><b onmouseover="window.__pwned=1">raw</b>'


def release():
    return nbformat.read(str(notebooks(RELEASE / ASSIGNMENT)[0]), as_version=4)


def source():
    return nbformat.read(str(notebooks(SOURCE / ASSIGNMENT)[0]), as_version=4)


def fake(name: str, assignment: str = ASSIGNMENT):
    """The fake submission ``tests/submissions/<assignment>/<name>.py`` as a notebook."""
    rel = nbformat.read(str(notebooks(RELEASE / assignment)[0]), as_version=4)
    src = nbformat.read(str(notebooks(SOURCE / assignment)[0]), as_version=4)
    return fakes.build(fakes.read(fakes.SUBMISSIONS / assignment / f"{name}.py"), rel, src)


def with_answer(nb, gid: str, text: str):
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if grade_id(cell) == gid:
            cell.source = text
    return nb


def cell_of(nb, gid: str):
    return next(c for c in nb.cells if grade_id(c) == gid)


def script_submission():
    """A blank submission whose markdown, raw cell, outputs, tags and metadata carry scripts: what ran as
    the instructor in nbgrader's Formgrader (item 1)."""
    nb = copy.deepcopy(release())
    nb.cells.append(nbformat.v4.new_markdown_cell(SCRIPT_MARKDOWN))
    raw = nbformat.v4.new_raw_cell(RAW_HTML)
    raw.metadata["raw_mimetype"] = "text/html"
    nb.cells.append(raw)
    code = nbformat.v4.new_code_cell("1 + 1")
    code.outputs = [nbformat.v4.new_output("display_data", data={
        "text/html": f"<script>window.__pwned='{MARKER}'</script><p>hi</p>",
        "application/javascript": f"window.__pwned='{MARKER}'",
        "text/plain": "2"})]
    code.metadata["tags"] = ['x" onmouseover="window.__pwned=1', "fine-tag"]
    nb.cells.append(code)
    intro = nb.cells[0]
    intro.source = SCRIPT_MARKDOWN                       # a locked prompt, edited: the course's text is shown
    nb.metadata["title"] = f"<script>window.__pwned='{MARKER}'</script>"
    return nb


HALF_MESSAGE = """
import os, signal, struct

def alphabeta_search(game, state, prune_on_equality=True):
    os.write(201, struct.pack(">I", 100) + b'["req", 1')      # half a message on the grader's channel
    os.kill(os.getpid(), signal.SIGSTOP)                        # and never the rest
    return 3, "a1"
"""
FLOOD = """
import json, os, struct

def alphabeta_search(game, state, prune_on_equality=True):
    payload = json.dumps(["req", 1, "attr", 1, "to_move"]).encode()
    message = struct.pack(">I", len(payload)) + payload
    while True:                                                 # requests, never reading an answer
        os.write(201, message)
"""
MEMORY_HOG = """
import os, time
children = []
for _ in range(4):                                  # four children of 1.5 GB each: 6 GB in one submission
    pid = os.fork()
    if pid == 0:
        try:
            block = bytearray(1500 << 20)
            for i in range(0, len(block), 4096):
                block[i] = 1
            time.sleep(3)
        finally:
            os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)
"""
LOOPING_MINIMAX = '''
def minimax_value(game, state):
    """MINIMAX(state), AIMA 4th ed. Eq. 5.1: the value of `state` for MAX under optimal play."""
    while not game.is_terminal(state):
        pass
    return game.utility(state, MAX)


def minimax_decision(game, state):
    maximize = game.to_move(state) == MAX
    best_action, best_value = None, None
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if best_action is None or (v > best_value if maximize else v < best_value):
            best_action, best_value = a, v
    return best_action
'''
CHEAT_BY_PATH = """
import sys
sys.path.insert(0, {repo!r})
for name in [n for n in sys.modules if n == "gamelib" or n.startswith("gamelib.")]:
    del sys.modules[name]
from gamelib.alphabeta import alphabeta

def alphabeta_search(game, state, prune_on_equality=True):
    r = alphabeta(game, state, prune_on_equality=prune_on_equality)
    return r.value, r.action
"""


def bad_metadata_submission():
    """Every answer right, and nbgrader's metadata lied about (item 4): points "lots" on an answer,
    100 points on a test cell, a second cell claiming a test's grade id with 50 points, an answer
    turned into a raw cell."""
    nb = copy.deepcopy(fake("reference"))
    cell_of(nb, "q1_answer").metadata["nbgrader"]["points"] = "lots"
    cell_of(nb, "q6_aima_test").metadata["nbgrader"]["points"] = 100
    extra = nbformat.v4.new_code_cell("print('mine')")
    extra.metadata["nbgrader"] = {**copy.deepcopy(cell_of(nb, "q6_aima_test").metadata["nbgrader"]), "points": 50}
    nb.cells.append(extra)
    answer = cell_of(nb, "q6_answer")
    answer["cell_type"] = "raw"
    answer.pop("outputs", None)
    answer.pop("execution_count", None)
    return nb


def with_comment(nb, text: str):
    """``nb`` with a comment of the student's added to its last answer (the same code otherwise)."""
    nb = copy.deepcopy(nb)
    cell = cell_of(nb, "q6_answer")
    cell.source = f"# {text}\n" + cell.source
    return nb

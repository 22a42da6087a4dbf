"""The backgammon widget in the browser (issue 26), before it has a place in notebook 05b: the test writes a
small scratch notebook into the server's temporary copy of notebooks/ (never into notebooks/ itself),
runs it in JupyterLab 4 and plays as a student would, asserting what the page shows.

Click-to-update times are printed (``pytest -s``), never asserted: they are measurements
(benchmarks/browser_timings.py times the widgets of the notebooks)."""
import json

import pytest

NAME = "scratch_backgammon_board.ipynb"
CELLS = [
    "from gamelib.viz.backgammon_board import BackgammonBoard, draw_backgammon\n"
    "from gamelib.games import Backgammon",
    "board = BackgammonBoard(seed=1)\nboard",
    "ax = draw_backgammon(Backgammon().result(Backgammon().initial_state, (3, 1)), move='8/5 6/5')",
]
SELECT = ".widget-select select"
SVG_CHANGED = ("(root, before) => { const s = root.querySelector('svg'); "
               "return s !== null && s.outerHTML !== before; }")


def write_notebook(root):
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
              "source": src} for i, src in enumerate(CELLS)]
    nb = {"cells": cells,
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / NAME).write_text(json.dumps(nb))


@pytest.fixture(scope="module")
def nb(lab_server, open_notebook):
    write_notebook(lab_server.root)
    return open_notebook(NAME)


def options(board) -> list:
    """The move list's labels as shown (ipywidgets writes their spaces as no-break spaces)."""
    return board.root.locator(SELECT).evaluate("s => [...s.options].map(o => o.text)")


def shown(label: str) -> str:
    return label.replace("\xa0", " ")


def svg(board) -> str:
    return board.root.evaluate("root => root.querySelector('svg').outerHTML")


def choose(board, move, until=None):
    loc = board.root.locator(SELECT)
    return board._act(lambda: loc.select_option(label=move), until, 30, "change")


def test_the_scratch_notebook_runs_clean(nb):
    nb.assert_clean()
    board = nb.widget("BackgammonBoard(seed=1)")
    text = board.text()
    assert "You rolled" in text and "Your moves" in text and "The agent" in text
    assert options(board), "the human's legal moves are listed"
    assert board.root.locator("svg").count() == 1
    assert nb.output("draw_backgammon(").locator("img").count() == 1, "the static picture is drawn"


def test_choose_a_move_see_it_then_play_it(nb):
    board = nb.new_widget("BackgammonBoard(seed=5)")
    moves = options(board)
    seconds = {}
    seconds["choose (preview)"] = choose(board, moves[0], until=board.condition(SVG_CHANGED, svg(board)))
    assert "#ff8c1a" in svg(board), "the preview rings where the moved checkers stood"
    seconds["play (agent replies)"] = board.click("play", until=board.shows("you (X) "))
    nb.wait_idle()
    text = nb.eventually(board.text, lambda t: "choose your move" in t or "win" in t)
    assert "The agent rolled" in text and "Its best moves" in text and "The game so far" in text
    assert shown(moves[0]) in text, "your move is in the game's log"
    seconds["new game"] = board.click("new game", until=board.text_changed())
    print("\nbackgammon board, click to update in Chromium: "
          + ", ".join(f"{k} {v * 1e3:.0f} ms" for k, v in seconds.items()))
    nb.assert_clean()


def test_a_double_click_on_play_plays_one_move(nb):
    board = nb.new_widget("b2 = BackgammonBoard(seed=7); b2")
    first = options(board)[-1]
    choose(board, first, until=board.condition(SVG_CHANGED, svg(board)))
    board.click("play", until=board.shows("you (X) "), double=True)
    nb.wait_idle(settle=1.5)               # a second move, if one were played, would be on screen by now
    log = board.root.locator("ol li").evaluate_all("els => els.map(e => e.innerText)")
    assert sum(1 for line in log if line.startswith("you")) == 1, log
    nb.assert_clean()


def test_playing_as_o_and_nothing_chosen(nb):
    board = nb.new_widget("b3 = BackgammonBoard(seed=2); b3")
    board.toggle("you are O (black)", until=board.shows("O (black), roll"))
    nb.wait_idle()
    board.click("play", until=board.shows("Choose a move in the list first"))
    assert options(board), "still your move"
    nb.assert_clean()

"""Notebook 05b in the browser: the notebook runs clean, and the backgammon board of §4 plays as a student
would (choose a move in the list to see it, play it, the agent's roll, move and values appear; a new
game; a double-click plays one move; playing as O).

Click-to-update times are printed (``pytest -s``), never asserted: they are measurements
(benchmarks/browser_timings.py times the widgets of the notebooks)."""
import pytest

from gamelib.viz.backgammon_board import LEAVES

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401

SELECT = ".widget-select select"
SVG_CHANGED = ("(root, before) => { const s = root.querySelector('svg'); "
               "return s !== null && s.outerHTML !== before; }")


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("05b_dice_games.ipynb")


def options(board) -> list:
    """The move list's labels as shown (ipywidgets writes their spaces as no-break spaces)."""
    return board.root.locator(SELECT).evaluate("s => [...s.options].map(o => o.text)")


def shown(label: str) -> str:
    return label.replace("\xa0", " ")


def svg(board) -> str:
    return board.root.evaluate("root => root.querySelector('svg').outerHTML")


def choose(board, move, until=None):
    """Choose ``move`` in the board's list of moves, as a student clicks it."""
    loc = board.root.locator(SELECT)
    return board._act(lambda: loc.select_option(label=move), until, 30, "change")


def test_notebook_runs_clean(nb):
    nb.assert_clean()
    board = nb.widget("BackgammonBoard(seed=2)")
    text = board.text()
    assert "You rolled 6-4: choose your move." in text and "Your moves" in text
    assert "The agent has not moved yet" in text, "with seed 2 the human opens"
    assert shown(options(board)[0]) == "24/20 24/18", "the human's legal moves are listed"
    assert board.root.locator("svg").count() == 1
    assert nb.output("draw_backgammon(board.state").locator("img").count() == 1, "the static picture is drawn"


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_choose_a_move_see_it_then_play_it(nb):
    """The notebook's own board: the game the static picture below it continues."""
    board = nb.widget("BackgammonBoard(seed=2)")
    moves = options(board)
    seconds = {}
    seconds["choose (preview)"] = choose(board, moves[0], until=board.condition(SVG_CHANGED, svg(board)))
    assert f'stroke="{LEAVES}" stroke-width="3" stroke-dasharray' in svg(board), \
        "the preview rings where the moved checkers stood (dashed: not by colour alone)"
    assert 'role="img"' in svg(board) and "<title>Backgammon board seen by X (white)" in svg(board)
    seconds["play (agent replies)"] = board.click("play", until=board.shows("you (X) "))
    nb.wait_idle()
    text = nb.eventually(board.text, lambda t: "choose your move" in t)
    assert "The agent rolled 6-5 and played 13/8 13/7*." in text, "the same dice as the static picture's game"
    assert "Its best moves" in text and "The game so far" in text
    assert "you (X) 6-4: 24/20 24/18" in shown(text), "your move is in the game's log"
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

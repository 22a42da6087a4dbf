"""Every widget fits 760 px of notebook (issue 30): a student on a small screen, or with the file
browser open, finds every control and picture inside the output area, nothing cut or off to the right
(the backgammon board was cut at point 21 and its moves and "play" sat beyond the area's edge); boards
shrink and their controls wrap below.  One scratch notebook, the window narrowed until the output
area is 760 px wide."""
import pytest

from .lab import Widget

WIDTH = 760
SETUP = ("from gamelib.viz import (TicTacToeBoard, Connect4Board, TreeExplorer, SigmaWidget,\n"
         "    TransformExplorer, PhantomTicTacToeBoard, KuhnPokerTable, PayoffMatrixWidget, BackgammonBoard,\n"
         "    MCTSWidget)")
WIDGETS = ["TreeExplorer()", "TreeExplorer('AIMA Fig. 5.12 (.9/.1)', 'star1')", "TreeExplorer('random')",
           "TicTacToeBoard()", "Connect4Board(depth=2)", "BackgammonBoard(seed=1)",
           "PhantomTicTacToeBoard(agent='random')", "KuhnPokerTable(iterations=200)",
           "PayoffMatrixWidget('rock-paper-scissors')", "SigmaWidget(sigma=1, trials=200)",
           "TransformExplorer()", "MCTSWidget(budget=300)"]

OUTSIDE_JS = """root => {
    const area = root.closest('.jp-OutputArea-output').getBoundingClientRect();
    const shown = e => e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0;
    const parts = [...root.querySelectorAll('button, select, input, .widget-slider, img, svg, table')].filter(shown);
    const outside = parts.filter(e => e.getBoundingClientRect().right > area.right + 4)   // ipywidgets' margins
        .map(e => (e.tagName + ' ' + (e.innerText || e.getAttribute('title') || '')).trim().slice(0, 40));
    const scrolls = [root, ...root.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1
        && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)).length;
    return {area: Math.round(area.width), outside, scrolls};
}"""


@pytest.fixture(scope="module")
def narrow(lab_server, browser):
    name = lab_server.new_notebook("narrow.ipynb")
    nb = browser.open_notebook(lab_server, name)
    cell = nb.append_cell(SETUP + "\nprint('the output area')")
    area = cell.locator(".jp-OutputArea-output").first.evaluate("e => e.getBoundingClientRect().width")
    size = nb.page.viewport_size
    nb.page.set_viewport_size({"width": int(size["width"] - (area - WIDTH)), "height": size["height"]})
    yield nb
    nb.close()
    lab_server.shutdown_notebook(name)


@pytest.mark.parametrize("code", WIDGETS)
def test_widget_fits_760_px(narrow, code):
    w = narrow.new_widget(code)
    w.wait(("root => [...root.querySelectorAll('img')].every(i => i.complete)", None))
    fit = narrow.eventually(lambda: w.root.evaluate(OUTSIDE_JS), lambda f: not f["outside"] and not f["scrolls"])
    assert abs(fit["area"] - WIDTH) <= 40, f"the output area is {fit['area']} px, not about {WIDTH}"
    assert fit["outside"] == [] and fit["scrolls"] == 0, f"{code} at {fit['area']} px: {fit}"
    narrow.assert_clean()


def test_the_backgammon_board_shrinks_and_its_moves_wrap_below(narrow):
    w = Widget(narrow, narrow.cell("BackgammonBoard(seed=1)").locator(".jupyter-widgets").first)
    board, moves = (w.root.locator(css).first.bounding_box() for css in ("svg", ".widget-select select"))
    assert moves["y"] >= board["y"] + board["height"] - 1 or moves["x"] >= board["x"] + board["width"], \
        (board, moves)

"""Every widget fits a laptop (issue 23): at 1280 × 800, in JupyterLab 4, each widget's controls and
what they change are in view together.

Each widget is made as its notebook makes it, in a scratch notebook, brought into its tallest state
(every step of a trace shown, a hand or a game played, all playouts run), and scrolled so that its top
is at the top of the notebook's visible area.  Then its bounding box is at most 800 px tall, every
control (buttons, toggles, menus, text boxes, sliders) and every picture lies wholly inside the
visible area (679 px under JupyterLab's bars: in fact the whole widget does), and no control's text is
cut short (the MCTS widget's c box once read "1.41·", the
phantom board's toggle "you are O (seco…").  The heights are printed (``-s``), for the record of
issue 23.
"""
import pytest

VIEW_JS = """root => {
    const panel = root.closest('.jp-WindowedPanel-outer') || root.closest('.jp-Notebook');
    root.scrollIntoView({block: 'start'});
    const area = panel.getBoundingClientRect();
    const top = Math.max(area.top, 0), bottom = Math.min(area.bottom, window.innerHeight);
    const box = root.getBoundingClientRect();
    const shown = e => e.offsetParent !== null && e.getBoundingClientRect().height > 0;
    const parts = [...root.querySelectorAll(
        'button, select, input, .widget-slider, .widget-toggle-buttons, img, svg')].filter(shown);
    const outside = parts.filter(e => { const r = e.getBoundingClientRect();
                                        return r.top < top - 1 || r.bottom > bottom + 1; })
        .map(e => (e.tagName + ' ' + (e.innerText || e.getAttribute('title') || '')).trim().slice(0, 40));
    const cut = [...root.querySelectorAll('button, .widget-toggle-button, input')].filter(shown)
        .filter(e => e.scrollWidth > e.clientWidth + 1)
        .map(e => (e.tagName + ' ' + (e.innerText || e.value || '')).trim().slice(0, 40));
    return {height: Math.round(box.height), visible: Math.round(bottom - top), outside, cut,
            whole: box.bottom <= bottom + 1};
}"""

SETUP = ("from gamelib.viz import (TreeExplorer, PayoffMatrixWidget, MCTSWidget, PhantomTicTacToeBoard,\n"
         "                         KuhnPokerTable, BackgammonBoard, SigmaWidget)\n"
         "from gamelib import GameTree\n"
         "fig52 = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])")


def _last(w):
    w.click(target=w.root.locator("button").filter(has=w.page.locator(".fa-fast-forward")).first,
            until=w.text_changed())


def _bet(w):
    w.click("bet (bet / call)", until=w.text_changed())


def _play_centre(w):
    w.click(target=w.root.locator(".widget-gridbox button").nth(4), until=w.text_changed())


def _run_all(w):
    w.click("run all", until=w.image_changed())


def _backgammon_move(w):
    w.click("play", until=w.text_changed())


WIDGETS = [
    # name, the notebook's code, what brings it to its tallest state
    ("02 explorer", "TreeExplorer(fig52)", _last),
    ("05a explorer", 'TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")', _last),
    ("07 max^n explorer", 'TreeExplorer("AIMA Fig. 5.4 (P1, P2, P3)")', _last),
    ("07 payoff widget 3 × 3", 'PayoffMatrixWidget("rock-paper-scissors")', None),
    ("07 payoff widget 2 × 2", "PayoffMatrixWidget(\"prisoner's dilemma\")", None),
    ("07 payoff widget two-finger Morra (two pictures)", "PayoffMatrixWidget()", None),
    ("08 MCTS widget", "MCTSWidget(budget=2000)", _run_all),
    ("06a phantom board", 'PhantomTicTacToeBoard(human="X", agent="clairvoyance", seed=0)', _play_centre),
    ("06b Kuhn table", 'KuhnPokerTable(agent="cfr", seed=0)', _bet),
    ("05b backgammon board", "BackgammonBoard(seed=2)", _backgammon_move),
    ("04 sigma widget", "SigmaWidget(sigma=1)", None),
]


@pytest.fixture(scope="module")
def nb(open_notebook, lab_server):
    nb = open_notebook(lab_server.new_notebook("widget_heights.ipynb"), run_all=False)
    nb.append_cell(SETUP)
    return nb


@pytest.mark.parametrize("name, code, act", WIDGETS, ids=[w[0] for w in WIDGETS])
def test_widget_fits_a_laptop_screen(nb, name, code, act):
    w = nb.new_widget(code)
    first = w.root.evaluate(VIEW_JS)
    if act is not None:
        act(w)
        nb.wait_idle()
    last = w.root.evaluate(VIEW_JS)
    print(f"{name}: {first['height']} px, then {last['height']} px (visible area {last['visible']} px)")
    for seen in (first, last):
        assert seen["height"] <= 800, f"{name} is {seen['height']} px tall"
        assert seen["outside"] == [], f"{name}: out of view with its top in view: {seen['outside']}"
        assert seen["cut"] == [], f"{name}: controls whose text is cut short: {seen['cut']}"
        assert seen["whole"], f"{name}: {seen['height']} px, more than the {seen['visible']} px in view"
    nb.assert_clean()

"""Every widget from the keyboard alone, inside JupyterLab (issue 30): Tab reaches each control and each
has a name; Enter, Space and the arrow keys operate them (JupyterLab's notebook shortcuts take none of
them: ArrowDown in a menu changes the menu, not the cell); the status line, a polite live region, says
what happened; and focus stays on the control used, or next to it (never on the page).

One scratch notebook, one kernel, a fresh widget per case."""
import re

import pytest

from .lab import Widget

IMPORTS = ("from gamelib.viz import (TicTacToeBoard, Connect4Board, TreeExplorer, SigmaWidget,\n"
           "    TransformExplorer, PhantomTicTacToeBoard, KuhnPokerTable, PayoffMatrixWidget, BackgammonBoard,\n"
           "    MCTSWidget)")

STATUS_JS = ("root => { const s = root.querySelector('[role=status][aria-live=polite]'); "
             "return s ? s.innerText : null; }")
TAB_JS = """root => {
    const a = document.activeElement;
    const labelled = a.getAttribute('aria-label') || [...(a.labels || [])].map(l => l.innerText).join(' ');
    return {inside: root.contains(a), tag: a.tagName, role: a.getAttribute('role') || '',
            name: (labelled || a.innerText || '').replace(/\\s+/g, ' ').trim()};
}"""
PATH_JS = """(el) => { const p = []; for (let n = el; n && !n.classList.contains('gamelib-widget'); n = n.parentElement)
    p.unshift([...n.parentElement.children].indexOf(n)); return p.join('.'); }"""
FOCUS_AT_JS = """(root) => { const a = document.activeElement; if (!root.contains(a) || a === root) return null;
    const p = []; for (let n = a; n !== root; n = n.parentElement) p.unshift([...n.parentElement.children].indexOf(n));
    return p.join('.'); }"""


@pytest.fixture(scope="module")
def scratch(lab_server, browser):
    name = lab_server.new_notebook("keyboard.ipynb")
    nb = browser.open_notebook(lab_server, name)
    nb.append_cell(IMPORTS)
    yield nb
    nb.close()
    lab_server.shutdown_notebook(name)


def status(w: Widget) -> str:
    return w.root.evaluate(STATUS_JS)


def tab_through(w: Widget) -> list:
    """Focus the widget's first control, then Tab until focus leaves the widget: what each control is
    called, in order."""
    w.root.evaluate("root => [...root.querySelectorAll('button, input, select, [role=slider]')]"
                    ".find(e => !e.disabled && e.getClientRects().length).focus()")
    seen = [w.root.evaluate(TAB_JS)]
    for _ in range(80):
        w.page.keyboard.press("Tab")
        now = w.root.evaluate(TAB_JS)
        if not now["inside"]:
            break
        seen.append(now)
    return seen


def operate(w: Widget, control, key: str, *, says=None, focus="same"):
    """Focus ``control`` (a Locator), press ``key``; wait until the live region says something new (and
    contains ``says``); then focus must be on the same control (``focus='same'``), at the same place
    (``'place'``: a board's square, shown anew), or at least inside the widget (``'inside'``)."""
    control.focus()
    place = control.evaluate(PATH_JS)
    before = status(w)
    w.page.keyboard.press(key)
    changed = ("(root, [js, before, says]) => { const s = eval('(' + js + ')')(root); "
               "return s !== null && s !== before && (!says || s.includes(says)); }", [STATUS_JS, before, says])
    w.wait(changed)
    if focus == "same":
        assert w.nb.eventually(lambda: control.evaluate("el => el === document.activeElement")), \
            f"focus left {control} after {key}: {w.root.evaluate(TAB_JS)}"
    elif focus == "place":
        at = w.nb.eventually(lambda: w.root.evaluate(FOCUS_AT_JS), lambda p: p == place, timeout=5)
        assert at == place, f"focus at {at}, not {place}, after {key}"
    else:
        at = w.nb.eventually(lambda: w.root.evaluate(FOCUS_AT_JS), lambda p: p is not None, timeout=5)
        assert at is not None, f"focus fell out of the widget after {key}: {w.root.evaluate(TAB_JS)}"
    return status(w)


def labelled(w: Widget, css: str, description: str):
    return w.labelled(description, css)


def check_tab_order(w: Widget, expected: list):
    """Tab reaches every control, each named, and the ones ``expected`` (regular expressions) among them."""
    seen = tab_through(w)
    unnamed = [s for s in seen if not s["name"]]
    assert not unnamed, f"controls without a name: {unnamed}"
    names = [s["name"] for s in seen]
    for pattern in expected:
        assert any(re.search(pattern, n) for n in names), f"{pattern!r} not reached by Tab in {names}"
    return names


def test_tree_explorer(scratch):
    w = scratch.new_widget("TreeExplorer()")
    assert "step 0/22" in status(w)
    check_tab_order(w, [r"^tree$", "alphabeta", "minimax", "play", "next", "end", r"^step$",
                        "prune on equality"])         # start and back are greyed at step 0: Tab skips them
    operate(w, w.button("next"), "Enter", says="step 1/22")
    operate(w, w.button("next"), " ", says="step 2/22")
    operate(w, w.button("end"), "Enter", says="step 22/22")         # "end" no longer greyed under focus
    operate(w, w.root.locator("[role=slider]").first, "ArrowLeft", says="step 21/22")
    operate(w, w.root.locator(".widget-dropdown select").first, "ArrowDown", says="Fig. 5.2 with a tie")
    scratch.assert_clean()


def test_tictactoe_board(scratch):
    w = scratch.new_widget("TicTacToeBoard()")
    names = check_tab_order(w, ["you are X", "new game", r"row 1, column 1: empty, a draw for you"])
    assert len([n for n in names if n.startswith("row ")]) == 9
    operate(w, w.root.locator(".widget-gridbox button").nth(4), "Enter", says="(agent) played", focus="place")
    assert w.root.locator(".widget-gridbox button").nth(4).get_attribute("aria-label") == "row 1, column 1: X"
    scratch.assert_clean()


def test_connect4_board(scratch):
    w = scratch.new_widget("Connect4Board(depth=2)")
    names = check_tab_order(w, ["drop a piece in column 3", "new game", "take back", r"depth \(plies\)"])
    assert not [n for n in names if "seconds a move" in n], names   # greyed in fixed-depth mode: skipped (issue 44)
    column = w.root.locator("button").filter(has_text=re.compile(r"^\s*3\s*$")).first
    operate(w, column, "Enter", says="played", focus="place")
    scratch.assert_clean()


def test_backgammon_board(scratch):
    w = scratch.new_widget("BackgammonBoard(seed=1)")
    check_tab_order(w, ["you are X", "new game", "your moves"])
    moves = w.root.locator(".widget-select select")
    moves.focus()
    svg = w.root.evaluate("root => root.querySelector('svg').outerHTML")
    w.page.keyboard.press("ArrowDown")                         # a move chosen: the board shows it
    w.wait(("(root, before) => root.querySelector('svg').outerHTML !== before", svg))
    assert moves.evaluate("el => el === document.activeElement")
    operate(w, w.button("play"), "Enter", says="The agent rolled", focus="place")
    scratch.assert_clean()


def test_phantom_tictactoe_board(scratch):
    w = scratch.new_widget("PhantomTicTacToeBoard(agent='random', seed=1)")
    check_tab_order(w, ["you are X", r"^agent$", "new game", "row 1, column 1: empty"])
    operate(w, w.root.locator(".widget-gridbox button").nth(4), "Enter", says="You moved to (1, 1)", focus="inside")
    operate(w, w.root.locator(".widget-dropdown select").first, "ArrowUp", focus="same")   # from 'random'
    scratch.assert_clean()


def test_kuhn_poker_table(scratch):
    w = scratch.new_widget("KuhnPokerTable(agent='clairvoyance', seed=0, iterations=200)")
    check_tab_order(w, ["the agent you play against", "next hand", "pass", "bet"])
    operate(w, w.button("bet (bet / call)"), "Enter", says="You win", focus="inside")   # the hand ends
    operate(w, w.button("next hand"), "Enter", focus="same")
    operate(w, w.root.locator(".widget-dropdown select").first, "ArrowUp", says="finished by", focus="same")
    scratch.assert_clean()


def test_payoff_matrix_widget(scratch):
    w = scratch.new_widget("PayoffMatrixWidget()")
    check_tab_order(w, [r"^game$", "2 × 2", "zero-sum", "reset",
                        "the row player's payoff when row plays .* and column plays"])
    operate(w, w.root.locator(".widget-dropdown select").first, "ArrowDown", focus="same")
    box = w.root.locator(".widget-text input:visible").first
    box.focus()
    box.fill("5")
    before = status(w)
    w.page.keyboard.press("Enter")
    w.wait(("(root, [js, before]) => eval('(' + js + ')')(root) !== before", [STATUS_JS, before]))
    assert "(edited)" in status(w) and box.evaluate("el => el === document.activeElement")
    scratch.assert_clean()


def test_sigma_widget(scratch):
    w = scratch.new_widget("SigmaWidget(sigma=1, trials=200)")
    check_tab_order(w, ["^σ$", "^ρ$"])
    operate(w, w.root.locator("[role=slider]").first, "ArrowRight")
    scratch.assert_clean()


def test_transform_explorer(scratch):
    w = scratch.new_widget("TransformExplorer()")
    check_tab_order(w, ["^transform$"])
    operate(w, w.root.locator(".widget-dropdown select").first, "ArrowUp")     # it starts at the last one
    scratch.assert_clean()


def test_mcts_widget(scratch):
    w = scratch.new_widget("MCTSWidget(budget=300)")
    check_tab_order(w, ["^position$", "^c$", "^budget$", "^playouts$", r"\+1", r"\+10", "run all", "reset"])
    operate(w, w.button("run all"), "Enter", says="300 of 300 playouts")           # not greyed under focus
    operate(w, w.button("reset"), "Enter", says="0 of 300 playouts")
    operate(w, w.root.locator(".widget-dropdown select").nth(1), "ArrowDown", says="c = 2")
    operate(w, w.root.locator("[role=slider]").first, "ArrowRight", says="1 of 300 playouts")
    scratch.assert_clean()

"""Notebook 03b in the browser: the Connect Four board plays one move per click, says when it is
busy, and shows which of its two settings (depth or seconds) is in use."""
import pytest

from gamelib.viz.connect4_board import PIECE_COLORS

from .accessibility import assert_accessible
from .first_view import test_every_stored_figure_fits_the_notebook_column  # noqa: F401 -- the first view
from .first_view import test_widget_cells_say_to_run_them  # noqa: F401

COUNT_DISCS_JS = """(root, colors) => {
    const hex = (h, i) => parseInt(h.slice(i, i + 2), 16);
    const rgb = h => `rgb(${hex(h, 1)}, ${hex(h, 3)}, ${hex(h, 5)})`;
    const discs = [...root.querySelectorAll('table div')].map(d => getComputedStyle(d).backgroundColor);
    return {X: discs.filter(c => c === rgb(colors.X)).length, O: discs.filter(c => c === rgb(colors.O)).length};
}"""
READOUT_EDITABLE_JS = """(root) => Object.fromEntries([...root.querySelectorAll('.widget-slider')].map(s =>
    [s.querySelector('.widget-label').innerText.trim(),
     s.querySelector('.widget-readout').contentEditable === 'true']))"""
SLIDERS_SAID_JS = """(root) => Object.fromEntries([...root.querySelectorAll('.widget-slider')].map(s => {
    const handle = s.querySelector('[role=slider]'), readout = s.querySelector('.widget-readout');
    return [s.querySelector('.widget-label').innerText.trim(), [handle.getAttribute('tabindex'),
            handle.getAttribute('aria-disabled'), readout.getAttribute('role'), readout.getAttribute('aria-disabled')]];
}))"""
PRESSED_JS = """(root) => Object.fromEntries([...root.querySelectorAll('.widget-toggle-button')].map(b =>
    [b.innerText.trim(), b.getAttribute('aria-pressed')]))"""
PLACE_JS = """(el) => { const p = []; for (let n = el; !n.classList.contains('gamelib-widget'); n = n.parentElement)
    p.unshift([...n.parentElement.children].indexOf(n)); return p.join('.'); }"""
COLUMN_BUTTONS_JS = """(root) => [...root.querySelectorAll('button')].filter(b => /^\\d+$/.test(b.innerText.trim()))"""


@pytest.fixture(scope="module")
def nb(open_notebook):
    return open_notebook("03b_search_under_resource_limits.ipynb")


def discs(board):
    return board.root.evaluate(COUNT_DISCS_JS, {"X": PIECE_COLORS["X"], "O": PIECE_COLORS["O"]})


def replied(board):
    """The agent's reply is on screen (the status names its column, no 'thinking')."""
    return board.condition("(root, before) => root.innerText !== before && "
                           "root.innerText.includes('played column') && "
                           "!root.innerText.includes('thinking')", board.text())


def test_notebook_runs_clean(nb):
    nb.assert_clean()


def test_accessible(nb):
    """Issue 30: no critical or serious axe-core violation in the notebook's own content after Run All
    (tests/browser/accessibility.py)."""
    assert_accessible(nb)


def test_a_click_plays_a_move_and_the_agent_replies(nb):
    board = nb.widget('Connect4Board(human="X", depth=6)')
    board.click("new game")
    nb.wait_idle()
    column = board.button("3")
    place = column.evaluate(PLACE_JS)
    board.watch_focus()
    board.click(target=column, until=replied(board))
    # Focus comes back to column 3's button (the new one in its place, enabled once the reply is
    # shown); meanwhile, the agent thinking, it is never on the page's body (issue 44).
    back = nb.eventually(lambda: board.focus_seen(stop=False)[-1], lambda at: at == place, timeout=5)
    seen = board.focus_seen()
    assert back == place and "body" not in seen and "outside" not in seen, " → ".join(seen)
    nb.wait_idle()
    assert nb.eventually(lambda: discs(board), lambda d: d == {"X": 1, "O": 1}) == {"X": 1, "O": 1}
    text = board.text()
    assert "searched to depth" in text and "principal variation" in text
    board.click("take back", until=board.shows("Taken back"))
    nb.wait_idle()
    assert nb.eventually(lambda: discs(board), lambda d: d == {"X": 0, "O": 0}) == {"X": 0, "O": 0}
    nb.assert_clean()


def test_a_double_click_plays_one_move(nb):
    """Regression (issue 7): a double-click on a column played two moves (and the agent replied
    twice)."""
    board = nb.new_widget('Connect4Board(human="X", depth=4)')
    board.click("3", until=replied(board), double=True)
    nb.wait_idle(settle=1.5)  # a second move, if one were played, would be on screen by now
    assert discs(board) == {"X": 1, "O": 1}
    nb.assert_clean()


def test_the_columns_are_disabled_while_the_agent_thinks(nb):
    """Regression (issue 7): the buttons stayed live while a move was being processed."""
    board = nb.new_widget('Connect4Board(human="X", time_limit=3)')
    busy = board.condition(f"root => {{ const bs = ({COLUMN_BUTTONS_JS})(root); "
                           "return bs.length === 7 && bs.every(b => b.disabled); }")
    place = board.button("3").evaluate(PLACE_JS)
    board.watch_focus()
    board.click("3", until=busy, timeout=3, settle=False)  # within the 3 s the agent thinks, even when busy
    board.wait(replied(board))
    live = nb.eventually(lambda: board.root.evaluate(
        f"root => ({COLUMN_BUTTONS_JS})(root).filter(b => !b.disabled).length"), lambda n: n == 7)
    assert live == 7  # enabled again once the reply is on screen
    # A move longer than the widget waits for a control (3 s): focus still comes back to the column,
    # not to the last control left enabled (the quiescence box), and is never on the body (issue 44).
    back = nb.eventually(lambda: board.focus_seen(stop=False)[-1], lambda at: at == place, timeout=5)
    seen = board.focus_seen()
    assert back == place and "body" not in seen, " → ".join(seen)
    nb.assert_clean()


def test_only_the_setting_in_use_is_live(nb):
    """Regression (issue 7): the depth slider and the seconds slider both looked active whatever the
    mode.  Issue 44: to a screen reader too (the greyed slider out of the Tab order, said disabled, its
    readout an edit field), the toggle says which button is pressed, and each change of a setting is
    said once in the live region."""
    board = nb.new_widget('Connect4Board(human="X", depth=4)')
    editable = board.root.evaluate(READOUT_EDITABLE_JS)
    assert editable == {"depth (plies)": True, "seconds a move": False}
    assert board.root.evaluate(SLIDERS_SAID_JS) == {
        "depth (plies)": ["0", None, "textbox", None], "seconds a move": ["-1", "true", "textbox", "true"]}
    assert board.root.evaluate(PRESSED_JS)["fixed depth"] == "true"
    board.listen()
    board.toggle("time budget", until=board.says("for 1 second a move (time budget)"))
    want = {"depth (plies)": False, "seconds a move": True}
    assert nb.eventually(lambda: board.root.evaluate(READOUT_EDITABLE_JS), lambda e: e == want) == want
    pressed = board.root.evaluate(PRESSED_JS)
    assert pressed["fixed depth"] == "false" and pressed["time budget"] == "true", pressed
    assert board.root.evaluate(SLIDERS_SAID_JS) == {
        "depth (plies)": ["-1", "true", "textbox", "true"], "seconds a move": ["0", None, "textbox", None]}
    board.slider("seconds a move", 2.5, until=board.says("for 2.5 seconds a move"))
    board.check("quiescence search", True, until=board.says("with quiescence search"))
    nb.wait_idle()
    heard = board.heard()
    assert len(heard) == 3, heard                       # once each: the toggle, the slider, the box
    assert ["for 1 second a move" in heard[0], "for 2.5 seconds" in heard[1],
            "with quiescence" in heard[2]] == [True] * 3, heard
    assert all("You are red (X), to move" in h for h in heard), heard
    nb.assert_clean()


def test_a_disabled_sliders_handle_shows_its_focus(nb):
    """WCAG 2.4.7 (issue 44): the greyed slider's handle (seconds a move, in depth mode) took the focus
    with no ring; now every handle has the kit's 2-px ring (gamelib/viz/a11y.css), of a colour at 3:1."""
    board = nb.widget('Connect4Board(human="X", depth=6)')
    handle = board.labelled("seconds a move", "widget-slider").locator("[role='slider']")
    assert handle.evaluate("h => h.closest('[disabled]') !== null")
    handle.focus()
    ring = handle.evaluate("h => [document.activeElement === h, getComputedStyle(h).outlineStyle, "
                           "parseFloat(getComputedStyle(h).outlineWidth), getComputedStyle(h).outlineColor]")
    assert ring == [True, "solid", 2.0, "rgb(0, 114, 178)"], ring

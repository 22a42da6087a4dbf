"""gamelib.viz.a11y: every widget's controls have a name, every widget has one status line (a live
region) and the class its front end looks after; the status is written once per update, last (issue 30).
What the browser makes of it (axe-core, the keyboard, focus) is tests/browser/test_accessibility.py's."""
import ipywidgets as widgets
import pytest

from gamelib.viz import (BackgammonBoard, Connect4Board, KuhnPokerTable, MCTSWidget, PayoffMatrixWidget,
                         PhantomTicTacToeBoard, SigmaWidget, TicTacToeBoard, TransformExplorer, TreeExplorer)
from gamelib.viz.a11y import (DARK_BACKGROUNDS, DARK_SELECTOR, DARK_STYLE_COLORS, FIT_CLASS, ROOT_CLASS,
                              STYLE_COLORS, STYLESHEET, StatusLine, control_name, controls, fit_box, fitted,
                              unnamed_controls)
from gamelib.viz.palette import contrast

WIDGETS = {
    "TreeExplorer": lambda: TreeExplorer(draw=False),
    "TreeExplorer chance": lambda: TreeExplorer("AIMA Fig. 5.12 (.9/.1)", draw=False),
    "TreeExplorer random": lambda: TreeExplorer("random", draw=False),
    "TicTacToeBoard": TicTacToeBoard,
    "Connect4Board": lambda: Connect4Board(depth=2),
    "BackgammonBoard": BackgammonBoard,
    "PhantomTicTacToeBoard": lambda: PhantomTicTacToeBoard(agent="random"),
    "KuhnPokerTable": lambda: KuhnPokerTable(iterations=20),
    "PayoffMatrixWidget": lambda: PayoffMatrixWidget(draw=False),
    "SigmaWidget": lambda: SigmaWidget(draw=False, trials=20),
    "TransformExplorer": lambda: TransformExplorer(draw=False),
    "MCTSWidget": lambda: MCTSWidget(budget=30, draw=False),
    "MCTSWidget PUCT": lambda: MCTSWidget(budget=30, draw=False, policy_value=_network()),
    "TreeExplorer max^n": lambda: TreeExplorer("AIMA Fig. 5.4 (P1, P2, P3)", draw=False),
}


def _network():
    from gamelib.alphazero import policy_value, tictactoe_encoding, tictactoe_network
    return policy_value(tictactoe_network(), tictactoe_encoding(), cache=True)


@pytest.fixture(scope="module", params=list(WIDGETS))
def widget(request):
    return WIDGETS[request.param]()


def test_every_control_has_a_name(widget):
    assert controls(widget), "no controls found"
    assert unnamed_controls(widget) == []


def test_one_status_line_inside_the_widget_root(widget):
    assert ROOT_CLASS in widget._dom_classes
    lines = [w for w in _all(widget) if isinstance(w, StatusLine)]
    assert lines == [widget.status_line] and widget.status_line.value


def _all(w):
    yield w
    for child in getattr(w, "children", ()) or ():
        yield from _all(child)


def test_a_button_is_named_by_its_tooltip_only_if_the_tooltip_says_its_words():
    square = widgets.Button(description="draw", tooltip="row 0, column 1: empty, a draw for you (+0)")
    assert control_name(square) == "row 0, column 1: empty, a draw for you (+0)"
    assert control_name(widgets.Button(description="next", tooltip="one event forward")) == "next"
    assert control_name(widgets.Button(description="\u00a0", tooltip="row 2, column 2: empty")) == \
        "row 2, column 2: empty"
    assert control_name(widgets.Dropdown(options=["a"])) == ""
    assert control_name(widgets.IntSlider(description="step")) == "step"


def test_board_squares_say_row_column_and_content():
    board = TicTacToeBoard()
    names = [control_name(b) for row in board.buttons for b in row]
    assert names[0] == "row 0, column 0: empty, a draw for you (+0)"
    board.click(1, 1)
    names = [control_name(b) for row in board.buttons for b in row]
    assert "row 1, column 1: X" in names
    assert len(set(names)) == 9


def test_the_status_is_written_once_per_update_with_the_final_state():
    board = TicTacToeBoard()
    sent = []
    board.status_line.observe(lambda ch: sent.append(ch["new"]), "value")
    board.board_buttons[4].click()                   # your move and the agent's reply: one update
    assert len(sent) == 1 and "You are X, to move" in sent[0] and "(agent) played" in sent[0]


def test_mcts_c_is_said_as_a_student_reads_it():
    w = MCTSWidget(budget=30, draw=False)
    assert w.c_box.label.startswith("√2 ≈ 1.41") and "c = √2 ≈ 1.41" in w.text
    w.c = 0.7                                        # a c of one's own joins the menu
    assert w.c == 0.7 and w.c_box.label == "0.7" and "c = 0.7" in w.summary


def _heard(widget) -> list:
    """What the widget's live region is made to say from now on: each new value of its status line."""
    sent = []
    widget.status_line.observe(lambda ch: sent.append(ch["new"]), "value")
    return sent


def test_connect4_settings_are_said_once_each_with_whose_move_it_is():
    """Issue 44: the mode toggle, the sliders and the quiescence box changed the agent's search in
    silence."""
    board = Connect4Board(depth=2)
    sent = _heard(board)
    board.mode.value = "time"
    board.time_slider.value = 2.5
    board.quiescence_box.value = True
    board.mode.value = "depth"
    board.depth_slider.value = 3
    assert sent == [f"The agent searches {how}. <b>You are red (X), to move: click a column.</b>" for how in (
        "for 1 second a move (time budget), without quiescence search",
        "for 2.5 seconds a move (time budget), without quiescence search",
        "for 2.5 seconds a move (time budget), with quiescence search",
        "2 plies deep (fixed depth), with quiescence search",
        "3 plies deep (fixed depth), with quiescence search")]
    assert board.time_slider.disabled and not board.depth_slider.disabled


def test_connect4_setting_said_after_a_move_keeps_the_game_status():
    board = Connect4Board(depth=1)
    board.click(3)
    sent = _heard(board)
    board.depth_slider.value = 2
    assert len(sent) == 1 and sent[0].startswith("The agent searches 2 plies deep")
    assert "played column" in sent[0] and "to move: click a column" in sent[0]


def test_phantom_board_another_agent_is_said_as_a_new_game_once():
    """Issue 44: choosing another agent started a new game whose status read like the last one's
    ("You are X: propose a square."), so the live region did not change and nothing was read out."""
    board = PhantomTicTacToeBoard(agent="random", seed=1)
    board.click(1, 1)
    board.new_game()
    sent = _heard(board)
    board.agent_menu.value = "clairvoyance"
    assert sent == ["New game, you are X, agent: averages over clairvoyance. <b>You are X: propose a square.</b>"]
    board.human_toggle.value = "O"
    assert len(sent) == 2 and sent[1].startswith("New game, you are O, agent: averages over clairvoyance. <b>You are O")
    board.click(0, 0)                                          # a move: no "new game" said again
    assert len(sent) == 3 and "New game" not in sent[2]


def test_phantom_board_a_failed_new_game_says_no_new_game():
    board = PhantomTicTacToeBoard(agent="random", seed=1)
    board.click(1, 1)
    board._start = lambda: 1 / 0                               # the update fails: nothing changes
    sent = _heard(board)
    board.new_game(agent="clairvoyance")
    assert board.agent_kind == "random" and board.agent_menu.value == "random"
    assert all("New game" not in s for s in sent)


def test_mcts_playouts_slider_is_said_once_per_change():
    w = MCTSWidget(budget=300, draw=False)
    sent = _heard(w)
    w.slider.value = 7
    w.slider.value = 250
    assert len(sent) == 2 and ": 7 of 300 playouts" in sent[0] and ": 250 of 300 playouts" in sent[1]


def test_one_stylesheet_for_every_widget_wraps_rows_and_rings_focus():
    """WCAG 1.4.10, 1.4.12, 2.4.7: the kit's stylesheet over ipywidgets' defaults comes with every status
    line (every widget has one), and says what the browser tests measure: rows wrap, controls do not
    shrink under their words, every focused control (a disabled slider's handle too) has a ring."""
    css = StatusLine()._css
    assert css == STYLESHEET.read_text(encoding="utf-8")
    for rule in ("flex-wrap: wrap", "min-width: fit-content", "outline: 2px solid var(--gamelib-focus)",
                 "[disabled] .noUi-handle:focus", "container-type: inline-size"):
        assert rule in css, rule


def test_control_edges_states_and_the_focus_ring_reach_3_to_1():
    """WCAG 1.4.11, from the stylesheet's colours: what the audit measured (ipywidgets' 1-px #64b5f6
    ring 2.21:1, a menu's border 1.88:1, an empty square #eeeeee on white 1.16:1, a selected toggle
    against an unselected one 1.6:1) is now 3:1 or better, on white and on a control's face."""
    c = STYLE_COLORS
    assert set(c) >= {"focus", "border", "control", "selected", "selected-text"}
    assert contrast(c["focus"]) >= 3 and contrast(c["focus"], c["control"]) >= 3      # the ring
    assert contrast(c["border"]) >= 3 and contrast(c["border"], c["control"]) >= 3    # edges, empty squares
    assert contrast(c["selected"], c["control"]) >= 3 and contrast(c["selected"]) >= 3  # selected vs not
    assert contrast(c["selected-text"], c["selected"]) >= 4.5                         # its words
    assert contrast("#64b5f6") < 3 and contrast("#eeeeee") < 3                        # the audit's figures


def test_in_jupyterlab_s_dark_theme_too():
    """WCAG 1.4.11 in JupyterLab's dark theme: on its pages (#111111, #212121) and on a button's face
    (#424242) the light theme's ring was 3.1:1 at worst on a page and 1.9:1 on a button, its edges 2.2:1
    on a button, its selected face 1.5:1 against an unselected one: the dark theme has its own, all 3:1
    or better, the selected toggle's words 4.5:1."""
    dark, light = DARK_STYLE_COLORS, STYLE_COLORS
    assert set(dark) == set(light)
    assert DARK_SELECTOR in STYLESHEET.read_text(encoding="utf-8")
    for background in DARK_BACKGROUNDS + (dark["control"],):
        for name in ("focus", "border", "selected"):
            assert contrast(dark[name], background) >= 3, (name, background)
    assert contrast(dark["selected-text"], dark["selected"]) >= 4.5
    assert contrast(light["focus"], dark["control"]) < 3 and contrast(light["selected"], dark["control"]) < 3


def test_a_board_and_its_column_buttons_scale_together():
    """WCAG 1.4.10: Connect Four's seven columns fit a 204-px output area (the buttons shrank to "0…"
    and the board's right columns were off-screen): the buttons and the board's cells are sized by
    :func:`fitted` inside one :func:`fit_box`."""
    assert fitted(44, 7) == "min(44px, 14.29cqi)"
    board = Connect4Board(depth=2)
    box = next(c for c in board.children if FIT_CLASS in c._dom_classes)
    assert list(box.children) == [board.button_box, board.board]
    assert all(fitted(44, 7) in b.layout.width for b in board.buttons)
    assert f"width:{fitted(44, 7)}" in board.board.value
    assert isinstance(fit_box([widgets.HTML()]), widgets.VBox)


# --- each state change announced once (WCAG 4.1.3) ------------------------------------------------------
def _shown(control, root) -> bool:
    """Is ``control`` on show inside ``root`` (neither it nor a box around it hidden)?"""
    def chain(node, trail):
        if node is control:
            return trail + [node]
        for child in getattr(node, "children", ()) or ():
            found = chain(child, trail + [node])
            if found:
                return found
        return None
    return not any(getattr(n.layout, "display", None) == "none" or getattr(n.layout, "visibility", None) == "hidden"
                   for n in chain(root, []) or [control] if hasattr(n, "layout"))


def _operate(control):
    """Change ``control`` as a student would in the browser (its handlers run as they do then); returns
    what was done, or None for a control that offers no other value."""
    if isinstance(control, widgets.Button):
        control.click()
        return "click"
    if isinstance(control, (widgets.ToggleButton, widgets.Checkbox)):
        control.value = not control.value
        return f"= {control.value}"
    if isinstance(control, (widgets.ToggleButtons, widgets.Dropdown, widgets.Select, widgets.RadioButtons,
                            widgets.SelectionSlider)):
        values = list(control._options_values)
        if len(values) < 2:
            return None
        k = values.index(control.value) if control.value in values else 0
        control.value = values[(k + 1) % len(values)]
        return f"= {control.value!r}"
    if isinstance(control, (widgets.IntSlider, widgets.FloatSlider, widgets.BoundedIntText, widgets.BoundedFloatText)):
        control.value = control.value + control.step if control.value + control.step <= control.max \
            else control.value - control.step
        return f"= {control.value}"
    if isinstance(control, (widgets.IntText, widgets.FloatText)):
        control.value += 1
        return f"= {control.value}"
    return None


@pytest.mark.parametrize("name", list(WIDGETS))
def test_every_change_a_student_makes_is_announced_once(name):
    """Every control of every widget, operated twice over (a new game after a new game, a setting set
    back): each change writes the live region once (``serial`` + 1), and its words either differ from
    the last ones or are to be read out again (``again`` + 1), or an error is read out (role alert)."""
    widget = WIDGETS[name]()
    line = widget.status_line
    silent, twice, changes = [], [], 0
    for _ in range(2):
        for control in controls(widget):
            if getattr(control, "disabled", False) or not _shown(control, widget):
                continue
            writes = []

            def count(change):
                writes.append(change["new"])
            before, again = line.value, line.again
            line.observe(count, "serial")
            try:
                done = _operate(control)
            finally:
                line.unobserve(count, "serial")
            if done is None:
                continue
            changes += 1
            what = f"{type(control).__name__} {control_name(control)!r} {done}"
            if len(writes) != 1:
                twice.append((what, len(writes)))
            elif line.value == before and line.again == again and "role='alert'" not in widget.message_html.value:
                silent.append(what)
    assert changes >= 2
    assert twice == [] and silent == []

"""gamelib.viz.a11y: every widget's controls have a name, every widget has one status line (a live
region) and the class its front end looks after; the status is written once per update, last (issue 30).
What the browser makes of it (axe-core, the keyboard, focus) is tests/browser/test_accessibility.py's."""
import ipywidgets as widgets
import pytest

from gamelib.viz import (BackgammonBoard, Connect4Board, KuhnPokerTable, MCTSWidget, PayoffMatrixWidget,
                         PhantomTicTacToeBoard, SigmaWidget, TicTacToeBoard, TransformExplorer, TreeExplorer)
from gamelib.viz.a11y import ROOT_CLASS, StatusLine, control_name, controls, unnamed_controls

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
}


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

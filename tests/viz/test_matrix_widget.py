"""The payoff-matrix widget and the pictures of matrix games (gamelib/viz/matrix_widget.py), driven
headlessly: what it shows (every extreme equilibrium, a continuum said so), and bad input refused with
the widget left exactly as it was."""
import re
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from gamelib.core import ArgumentError  # noqa: E402
from gamelib.games.matrix_games import PRISONERS_DILEMMA, TWO_FINGER_MORRA, MatrixGame  # noqa: E402
from gamelib.normal_form import nash_equilibria  # noqa: E402
from gamelib.viz import PayoffMatrixWidget, draw_best_responses, draw_guarantee, payoff_table_html  # noqa: E402
from gamelib.viz.matrix_widget import NBSP, parse_payoff  # noqa: E402

from .widgets import all_buttons, shown_png  # noqa: E402

SEGMENT = ([[0, 0], [0, 1]], [[0, 1], [3, 2]])          # issue 21: a segment of equilibria


def texts(ax):
    return [t.get_text() for t in ax.texts]


# -- static pictures of matrix games ----------------------------------------------------------------

def test_best_responses_and_guarantee_pictures():
    ax = draw_best_responses(TWO_FINGER_MORRA.row_payoffs, TWO_FINGER_MORRA.col_payoffs)
    assert "p=7/12, q=7/12" in texts(ax)
    ax = draw_guarantee(TWO_FINGER_MORRA.row_payoffs)
    assert "value −1/12 at p = 7/12" in texts(ax)
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["column plays 1: 5p − 3",
                                                                        "column plays 2: −7p + 4"]
    with pytest.raises(ValueError, match="2×2"):
        draw_best_responses([[1, 2, 3]] * 3, [[1, 2, 3]] * 3)


def test_payoff_table_marks_best_replies_and_pure_equilibria():
    table = payoff_table_html(PRISONERS_DILEMMA.row_payoffs, PRISONERS_DILEMMA.col_payoffs,
                              PRISONERS_DILEMMA.row_actions, PRISONERS_DILEMMA.col_actions)
    assert table.count("★") == 2 and table.count("<u>") == 4     # the ★ in the key, and one cell


# -- the payoff-matrix widget --------------------------------------------------------------------------

def test_widget_shows_morra_solved():
    w = PayoffMatrixWidget()
    assert w.preset == "two-finger Morra" and w.zero_sum and w.size == 2
    assert "zero-sum value (LP): −1/12 for the row player, row plays (7/12, 5/12)" in w.text
    assert "row guarantees −3, column holds row to 2" in w.text
    assert w.png.startswith(b"\x89PNG") and shown_png(w.image) == w.png
    assert all(c.disabled for row in w.col_cells for c in row)        # zero-sum: column follows
    assert all(b.description not in ("", None) for b in all_buttons(w))
    assert repr(w) == "PayoffMatrixWidget: a live widget; run the cell in JupyterLab to edit the game"


def test_widget_presets_and_typing_in_cells():
    w = PayoffMatrixWidget("prisoner's dilemma", draw=False)
    assert not w.zero_sum and "row (1, 0), column (1, 0): payoffs −5, −5" in w.text and w.solution is None
    w.row_cells[1][1].value = "1"               # refusing now pays the row player 1 if both refuse
    w.col_cells[1][1].value = "1"
    assert w.preset == "custom" and w.row_payoffs[1][1] == 1.0 and len(w.equilibria) == 3
    assert "prisoner's dilemma (edited)" in w.text and w.message == ""
    w.row_cells[0][1].value = "−1/3"            # fractions and the typographic minus are numbers
    assert w.row_payoffs[0][1] == pytest.approx(-1 / 3) and w.row_cells[0][1].value == "-1/3"
    w.reset()
    assert w.preset == "prisoner's dilemma" and w.row_payoffs == [[-5, 0], [-10, -1]]
    w.preset = "battle of the sexes"
    assert len(w.equilibria) == 3 and w.row_actions == ["opera", "football"]
    w.reset_button.click()
    assert w.preset == "battle of the sexes" and w.message == ""


def widget_state(w):
    return (w.text, w.row_payoffs, w.col_payoffs, w.preset, w.size, w.zero_sum, w.png,
            [[c.value for c in row] for row in w.row_cells], [[c.value for c in row] for row in w.col_cells],
            w.table_html.value, w.result_html.value, w.image.value)


@pytest.mark.parametrize("typed", ["nan", "abc", "", "1/0", "inf", "-inf", "1e999"])
def test_widget_refuses_bad_typing_inside_and_keeps_the_game_whole(typed):
    """Issue 8's standard: a bad entry is refused with the reason shown inside the widget, in red,
    and every box, table and picture stays as it was."""
    w = PayoffMatrixWidget("two-finger Morra")
    before = widget_state(w)
    w.row_cells[0][0].value = typed
    assert "payoff in cell (1, 1)" in w.message and "nothing was changed" in w.message
    assert "#b00020" in w.message_html.value and w.message_html.layout.display is None
    assert widget_state(w) == before
    assert w.row_cells[0][0].value == "2"                  # the box shows the old value again
    w.row_cells[0][0].value = "3"                          # a good edit clears the message
    assert w.message == "" and w.row_payoffs[0][0] == 3 and w.col_payoffs[0][0] == -3


def test_widget_python_calls_raise_and_change_nothing():
    w = PayoffMatrixWidget("two-finger Morra", draw=False)
    before = widget_state(w)
    with pytest.raises(ArgumentError, match="row_payoffs\\[0\\]\\[0\\] is nan"):
        w.set_payoffs([[float("nan"), 1], [2, 3]])
    with pytest.raises(ArgumentError, match="ragged"):
        w.set_payoffs([[1, 2], [3]])
    with pytest.raises(ArgumentError, match="2×2 and 3×3"):
        w.set_payoffs([[1, 2, 3, 4]] * 4)
    with pytest.raises(ArgumentError, match="no cell \\(5, 0\\)"):
        w.set_cell(5, 0, row=1)
    with pytest.raises(ArgumentError, match="type a number"):
        w.set_cell(0, 0, row="two")
    with pytest.raises(ArgumentError, match="size must be 2 or 3"):
        w.size = 4
    with pytest.raises(ArgumentError, match="preset must be one of"):
        w.preset = "chess"
    assert widget_state(w) == before and w.message == ""
    w.set_cell(0, 0, row=3)
    assert w.row_payoffs[0][0] == 3 and w.col_payoffs[0][0] == -3   # zero-sum: the column follows


def test_widget_sizes_and_zero_sum_toggle():
    w = PayoffMatrixWidget("two-finger Morra", draw=False)
    w.size = 3
    assert w.size == 3 and len(w.row_cells) == 3 and w.row_payoffs[2] == [0, 0, 0]
    assert w.col_actions == ["1", "2", "C3"] and w.row_actions[2] == "R3"   # not a bare "3": it reads as a payoff
    w.preset = "rock-paper-scissors"
    assert "zero-sum value (LP): 0" in w.text
    w.zero_sum = False                  # the column's cells can be edited; the game is still zero-sum
    assert not any(c.disabled for row in w.col_cells for c in row) and w.solution is not None
    w.col_cells[0][1].value = "5"
    assert w.col_payoffs[0][1] == 5 and "not zero-sum" in w.text and w.solution is None
    w.zero_sum = True
    assert w.col_payoffs[0][1] == -w.row_payoffs[0][1] and w.solution is not None
    w.set_payoffs([[1, 2], [3, 4]], [[0, 0], [0, 0]])
    assert w.size == 2 and not w.zero_sum and len(w.row_cells) == 2
    drawn = PayoffMatrixWidget("rock-paper-scissors")
    assert drawn.png.startswith(b"\x89PNG")                    # 3 × 3: the strategies as bars
    assert drawn.png.alt.endswith(": Stacked bars, one shade per action, of the mixed strategies at the Nash "
                                  "equilibrium: eq. 1: row plays rock 1/3, paper 1/3, scissors 1/3, column plays "
                                  "rock 1/3, paper 1/3, scissors 1/3.")    # its words from the equilibria drawn
    assert drawn.png.details[0].rows == [["eq. 1", "1/3", "1/3", "1/3", "1/3", "1/3", "1/3"]]
    with pytest.raises(ArgumentError, match="game must be one of"):
        PayoffMatrixWidget("chess")
    assert NBSP == "\u00a0"



# -- a continuum of equilibria, said so ----------------------------------------------------------------

def test_widget_says_when_the_equilibria_form_a_segment():
    """Issue 21's smallest miss: the widget said "Nash equilibria (1)"; the row player is indifferent
    against the column's first action, so every row mix with P(second) >= 1/2 is an equilibrium."""
    w = PayoffMatrixWidget(draw=False)
    text = w.set_payoffs(*SEGMENT)
    assert ("Nash equilibria: a segment from row (0, 1), column (1, 0) to row (1/2, 1/2), column (1, 0), "
            "infinitely many; its ends:") in text
    assert "row (1/2, 1/2), column (1, 0): payoffs 0, 3/2" in text and "Nash equilibria (" not in text
    assert w.equilibria.continuum and len(w.equilibria) == 2


def test_widget_says_infinitely_many_and_lists_every_set():
    w = PayoffMatrixWidget(draw=False)
    text = w.set_payoffs([[0, 0], [0, 0]], [[0, 0], [0, 0]])
    assert "Nash equilibria: infinitely many, 4 extreme ones:" in text
    assert "and every mix of row (1, 0) and (0, 1) against every mix of column (1, 0) and (0, 1)" in text
    # two segments meeting at a corner: both are named
    text = w.set_payoffs([[1, 1], [0, 1]], [[1, 1], [0, 1]])
    assert "Nash equilibria: infinitely many, 3 extreme ones:" in text
    assert text.count("and every point of the segment from") == 2
    w.preset = "battle of the sexes"                       # and back to finitely many
    assert "Nash equilibria (3):" in w.text and "infinitely" not in w.text


def test_best_response_picture_draws_the_segment():
    eq = nash_equilibria(*SEGMENT)
    ax = draw_best_responses(*SEGMENT, equilibria=eq)
    thick = [line for line in ax.lines if line.get_linewidth() == 6]
    assert len(thick) == 1 and list(thick[0].get_xdata()) == [1.0, 1.0]           # q = 1, p from 0 to 1/2
    assert sorted(thick[0].get_ydata()) == [0.0, 0.5]
    assert "p=1/2, q=1" in texts(ax) and "p=0, q=1" in texts(ax)
    box = draw_best_responses([[0, 0], [0, 0]], [[0, 0], [0, 0]])       # every pair: a filled square
    assert len(box.collections) == 1


def test_a_fraction_typed_is_kept_exactly():
    """'1/3' typed is a third, not 0.333...: a game meant to be degenerate stays degenerate."""
    w = PayoffMatrixWidget(draw=False)
    w.set_payoffs([[0, 0], [0, 0]], [[0, 0], [0, 0]])
    w.row_cells[0][0].value = "1/3"
    w.row_cells[1][0].value = "1/3"
    assert w.row_payoffs[0][0] == Fraction(1, 3) and w.row_cells[0][0].value == "1/3"
    assert w.equilibria.continuum
    assert parse_payoff("2.5") == Fraction(5, 2) and parse_payoff("−4") == -4 and parse_payoff(0.1) == 0.1


# -- bad input: refused, the widget exactly as it was --------------------------------------------------

@pytest.mark.parametrize("value", [None, "yes", 1, 0, 2.0, "True", []])
def test_zero_sum_must_be_true_or_false(value):
    w = PayoffMatrixWidget("two-finger Morra", draw=False)
    before = widget_state(w)
    with pytest.raises(ArgumentError, match=re.escape(f"zero_sum must be True or False, got {value!r}")):
        w.zero_sum = value
    assert widget_state(w) == before and w.message == ""
    w.zero_sum = False
    assert not w.zero_sum and not any(c.disabled for row in w.col_cells for c in row)


@pytest.mark.parametrize("value", [None, 4, 1, 2.0, 2.5, True, "3", [2]])
def test_size_must_be_two_or_three(value):
    w = PayoffMatrixWidget("two-finger Morra", draw=False)
    before = widget_state(w)
    with pytest.raises(ArgumentError, match=r"size must be 2 or 3 \(actions a player\), not "):
        w.size = value
    assert widget_state(w) == before
    w.size = np.int64(3)
    assert w.size == 3


@pytest.mark.parametrize("value", [None, 5, ["two-finger Morra"], True])
def test_preset_must_be_a_name(value):
    w = PayoffMatrixWidget("two-finger Morra", draw=False)
    before = widget_state(w)
    with pytest.raises(ArgumentError, match="preset must be one of"):
        w.preset = value
    assert widget_state(w) == before


@pytest.mark.parametrize("args, message", [
    ((True, 0, 1, None), r"no cell \(True, 0\) in a 2×2 game: rows and columns are whole numbers from 0 to 1"),
    ((0, 0.0, 1, None), r"no cell \(0, 0.0\)"),
    ((-1, 0, 1, None), r"no cell \(-1, 0\)"),
    (("0", 0, 1, None), r"no cell \('0', 0\)"),
    ((0, 0, None, None), r"set_cell needs row= or col="),
    ((0, 0, True, None), r"the row player's payoff in cell \(1, 1\) is True: type a number"),
    ((0, 0, 10 ** 400, None), r"the row player's payoff in cell \(1, 1\) is 1000.*at most 1e\+15"),
    ((0, 0, 1e16, None), r"is 1e\+16: payoffs must be finite numbers of size at most 1e\+15"),
    ((0, 0, "1e999", None), r"is '1e999': payoffs must be finite"),
    ((0, 0, float("nan"), None), r"is nan: payoffs must be finite"),
    ((0, 0, [1], None), r"is \[1\]: type a number"),
    ((0, 0, None, 5), r"column player's payoff in cell \(1, 1\) is 5, but the game is zero-sum: it is −row \(−2\)"),
])
def test_set_cell_refuses_and_changes_nothing(args, message):
    w = PayoffMatrixWidget("two-finger Morra", draw=False)
    before = widget_state(w)
    with pytest.raises(ArgumentError, match=message):
        w.set_cell(*args)
    assert widget_state(w) == before
    w.set_cell(0, 0, row=1, col=-1)                       # consistent with zero-sum: fine
    assert w.row_payoffs[0][0] == 1 and w.col_payoffs[0][0] == -1


def test_set_payoffs_refuses_and_changes_nothing():
    w = PayoffMatrixWidget("prisoner's dilemma", draw=False)
    before = widget_state(w)
    for args, message in [(([[1, 2], [3, 4]], [[1, 2, 3]] * 2), "row_payoffs is 2×2 but col_payoffs is 2×3"),
                          (([[1]], None), "2×2 and 3×3 games, got 1×1"),
                          (([[1, 2, 3]] * 2, None), "2×2 and 3×3 games, got 2×3"),
                          ((None, None), "row_payoffs must be a matrix"),
                          (([[1, 2], [3, 4]], "x"), "col_payoffs must be a matrix"),
                          (([[1e16, 0], [0, 0]], None), r"row_payoffs\[0\]\[0\] is 1e\+16, too large")]:
        with pytest.raises(ArgumentError, match=message):
            w.set_payoffs(*args)
        assert widget_state(w) == before


def test_constructor_refuses_bad_games_and_settings():
    with pytest.raises(ArgumentError, match=r"game must be one of \[.*\] or a MatrixGame, got 5"):
        PayoffMatrixWidget(5)
    with pytest.raises(ArgumentError, match="the widget edits 2×2 and 3×3 games, got 'wide', 2×3"):
        PayoffMatrixWidget(MatrixGame("wide", ("a", "b"), ("c", "d", "e"), [[1, 2, 3]] * 2, [[1, 2, 3]] * 2))
    with pytest.raises(ArgumentError, match="draw must be True or False, got 'no'"):
        PayoffMatrixWidget(draw="no")
    custom = PayoffMatrixWidget(MatrixGame("mine", ("a", "b"), ("c", "d"), *SEGMENT), draw=False)
    assert custom.preset == "custom" and custom.equilibria.continuum


def test_pictures_refuse_bad_arguments():
    A, B = TWO_FINGER_MORRA.row_payoffs, TWO_FINGER_MORRA.col_payoffs
    for kwargs, message in [({"ax": 5}, "ax must be a matplotlib Axes"),
                            ({"row_actions": ("a",)}, r"row_actions must be 2 names \(strings\), one for each row"),
                            ({"col_actions": None}, "col_actions must be 2 names"),
                            ({"title": 5}, "title must be a string"),
                            ({"equilibria": 5}, "equilibria must be a list of pairs"),
                            ({"equilibria": [(1, 2)]}, "equilibria\\[0\\]'s row strategy must be a mixed strategy"),
                            ({"equilibria": [(1,)]}, r"equilibria\[0\] is \(1,\)")]:
        with pytest.raises(ArgumentError, match=message):
            draw_best_responses(A, B, **kwargs)
    with pytest.raises(ArgumentError, match="the guarantee is drawn for a row player with two actions, got 3"):
        draw_guarantee([[1, 2]] * 3)
    with pytest.raises(ArgumentError, match="col_actions must be 3 names"):
        draw_guarantee([[1, 2, 3]] * 2, col_actions=("a", "b"))
    with pytest.raises(ArgumentError, match="row_actions must be 2 names"):
        payoff_table_html(A, B, row_actions=["x"])
    with pytest.raises(ArgumentError, match="row_payoffs is 2×2 but col_payoffs is 1×2"):
        payoff_table_html(A, [[1, 2]])

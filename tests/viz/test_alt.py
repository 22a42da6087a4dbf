"""Text alternatives (gamelib.viz.alt): every picture says what it shows, in words read from the same
trace or data that drew it; tables are tables.  The facts are checked on trees whose answers are known
(AIMA Fig. 5.2 under alpha-beta: value 3, decision a1, I and J pruned by the cut at C)."""
import matplotlib

matplotlib.use("Agg")

import re  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib import GameTree, alphabeta, maxn, minimax  # noqa: E402
from gamelib.viz import draw_board, draw_maxn_tree, draw_tree  # noqa: E402
from gamelib.viz import alt  # noqa: E402
from gamelib.viz.alt import (FIT_WIDTH, Description, Picture, Table, Undescribed, describe,  # noqa: E402
                             description_of, number_text, picture, picture_html, plain_label)
from gamelib.viz.drawing import png_with_words  # noqa: E402

from ..strategies import FIG_5_2, FIG_5_4  # noqa: E402


@pytest.fixture
def fig52_tree():
    return GameTree.from_nested(FIG_5_2)


def words(ax) -> str:
    """Everything a picture says, alt and details, as one text."""
    p = picture(ax.figure)
    return p.text()


def test_fig_5_2_under_alpha_beta_says_value_decision_order_and_the_cut(fig52_tree):
    result = alphabeta(fig52_tree, trace=True)
    ax = draw_tree(fig52_tree, result, title="AIMA Fig. 5.2")
    p = picture(ax.figure)
    assert p.alt.startswith("AIMA Fig. 5.2: The search is complete: value 3, decision a1")
    assert "11 of 13 nodes visited" in p.alt and "Pruned (never searched): I and J." in p.alt
    assert "leaves E = 3, F = 12, G = 8, H = 2, I = 4, J = 6, K = 14, L = 5, M = 2" in p.alt
    text = p.text()
    assert "Visit order: A, B, E, F, G, C, H, D, K, L, M." in text
    # why: the explorer's own sentence for the prune event (gamelib.trace.describe_event)
    assert ("prune at C: value 2 ≤ α = 3: MAX has a choice at least as good above, so c2, c3 are never "
            "searched") in text
    assert "A = 3 from B 3, C ≤2, D 2" in text
    table = next(d for d in p.details if isinstance(d, Table))
    rows = {row[0]: row for row in table.rows}
    assert rows["C"][4] == "≤2" and rows["C"][6] == "cut off"
    assert rows["I"][3] == "–" and rows["I"][6] == "pruned by the cut at C"
    assert rows["B"][5] == "[−∞, 3]" and rows["A"][3] == "#1"


def test_a_step_says_the_event_just_drawn_and_the_path(fig52_tree):
    result = alphabeta(fig52_tree, trace=True)
    ax = draw_tree(fig52_tree, result, step=4)
    alt = picture(ax.figure).alt
    assert "After event 4 of 22: leaf E: utility 3." in alt
    assert "The search is on the path A → B; 3 of 13 nodes visited so far." in alt
    rows = {row[0]: row for row in next(d for d in ax.gamelib_alt.details if isinstance(d, Table)).rows}
    assert rows["E"][-1] == "this step's node" and rows["B"][-1] == "on the current path"


def test_minimax_prunes_nothing_and_says_so(fig52_tree):
    ax = draw_tree(fig52_tree, minimax(fig52_tree, trace=True))
    alt = picture(ax.figure).alt
    assert "value 3, decision a1" in alt and "13 of 13 nodes visited" in alt and "Pruned" not in alt


def test_an_untraced_tree_is_described_by_its_shape(fig52_tree):
    ax = draw_tree(fig52_tree)
    assert picture(ax.figure).alt.startswith("A game tree of 13 nodes and 9 leaves, 2 plies deep")


def test_max_n_fig_5_4_says_the_vectors_the_decision_and_the_tie():
    tree = GameTree.from_nested(FIG_5_4, players=("P1", "P2", "P3"))
    ax = draw_maxn_tree(tree, maxn(tree, trace=True), legend=True)
    p = picture(ax.figure)
    assert "max^n is done: value (1, 2, 6), decision a1" in p.alt
    assert "P1 moves at A; ply 1: P2 moves at B and C; ply 2: P3 moves at D, E, F and G" in p.alt
    assert "at A, P1 is tied between a1 (1, 2, 6) and a2 (1, 5, 2); the search kept B" in p.text()
    assert "Key: P1 moves: maximizes u_P1" in p.text()


def test_a_multi_panel_figure_names_its_panels_and_says_the_shared_tree_once(fig52_tree):
    result = alphabeta(fig52_tree, trace=True)
    fig, axes = plt.subplots(1, 2, figsize=(8, 3))
    for ax, k in zip(axes, (4, 13)):
        draw_tree(fig52_tree, result, step=k, ax=ax)
        ax.set_title(f"after {k}")
    alt = picture(fig).alt
    assert alt.startswith("Panel 1 of 2, “after 4”: After event 4 of 22")
    assert "Panel 2 of 2, “after 13”: After event 13 of 22: prune at C" in alt
    assert alt.count("A game tree of 13 nodes") == 1 and "Every panel: A game tree" in alt


def test_a_board_says_every_square_the_last_move_and_the_numbers():
    ax = draw_board("XO. .X. ..O", highlight=(0, 1), values={(0, 2): 1, (2, 0): 0})
    alt = description_of(ax.figure).alt
    assert alt.startswith("Tic-tac-toe board, row 1: X, O, empty; row 2: empty, X, empty; row 3: empty, empty, O.")
    assert "The last move, row 1 column 2, is shaded and framed." in alt
    assert "row 1 column 3: +1, row 3 column 1: 0" in alt
    plt.close("all")


def test_a_chart_says_what_its_drawing_function_told_it_and_nothing_read_from_its_artists():
    """A chart's words are made where it is drawn, from the numbers that drew it; a key is added, never
    the marks' drawn positions."""
    fig, ax = plt.subplots()
    depths, maxn_nodes, paranoid = [1, 2, 3], [4, 13, 40], [4, 10, 29]
    ax.semilogy(depths, maxn_nodes, "o-", label="max^n")
    ax.semilogy(depths, paranoid, "s-", label="paranoid")
    ax.legend()
    describe(ax, f"Nodes by depth: max^n {maxn_nodes[-1]}, paranoid {paranoid[-1]} at depth {depths[-1]}.",
             details=[Table(["depth", "max^n", "paranoid"], zip(depths, maxn_nodes, paranoid))])
    d = description_of(fig)
    assert d.alt == "Nodes by depth: max^n 40, paranoid 29 at depth 3."
    assert d.details[0].rows == [["1", "4", "4"], ["2", "13", "10"], ["3", "40", "29"]]
    assert d.details[1] == "Key: max^n; paranoid."
    with pytest.warns(DeprecationWarning, match="no longer reads a chart"):
        assert alt.chart_description(ax) is ax.gamelib_alt           # the old name: its own words, or None
    with pytest.warns(DeprecationWarning):
        assert alt.chart_description(plt.subplots()[1]) is None
    assert "chart_description" not in alt.__all__
    plt.close("all")


def test_a_chart_without_words_fails_loudly_naming_the_figure_and_its_panel(monkeypatch):
    """Under the suite's GAMELIB_CHECK_PICTURES a panel that draws but says nothing is refused by
    show(), picture() and every widget's picture, as is a figure with no words at all; without the check
    (a student's own chart) that figure's text alternative says it has no description, with a warning."""
    monkeypatch.setenv("GAMELIB_CHECK_PICTURES", "1")
    fig, (left, right) = plt.subplots(1, 2)
    left.plot([1, 2], [3, 4])
    describe(left, "Three, then four.")
    right.bar([0, 1], [5, 6])
    right.set_title("learning curve")
    with pytest.raises(Undescribed, match=r"Figure \d+ \(“learning curve”\) has a picture without words: panel 2 "
                                          r"of 2 \(“learning curve”\) draws 2 bars or patches; .*describe\("):
        picture(fig)
    assert not plt.get_fignums()                                  # refused, and closed all the same
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    with pytest.raises(Undescribed):
        png_with_words(fig)                                       # a widget's picture too
    assert picture(fig, alt="Three, then four.").alt == "Three, then four."   # the notebook's own words
    fig, ax = plt.subplots()
    ax.imshow([[1, 2], [3, 4]])
    fig.colorbar(ax.images[0])
    describe(ax, "A heat map of four numbers, 1 to 4.")        # its colorbar is its key: no words of its own
    assert picture(fig).alt == "A heat map of four numbers, 1 to 4."
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    with pytest.raises(Undescribed, match="panel 1 of 1 draws 1 line"):
        picture(fig)
    monkeypatch.delenv("GAMELIB_CHECK_PICTURES")                # a student's own chart: said, never a stop
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    ax.set_title("my plot")
    with pytest.warns(UserWarning, match=r"“my plot”\) has nothing that says what it shows; .*describe\("):
        p = picture(fig)
    assert p.alt.endswith("(“my plot”): a picture drawn without a description.")
    plt.close("all")


def test_the_picture_html_carries_alt_natural_size_and_details():
    fig, ax = plt.subplots(figsize=(10, 2))
    ax.plot([1, 2], [3, 4], label="a")
    describe(ax, "A line from 3 at 1 to 4 at 2.", details=[Table(["x", "a"], [[1, 3], [2, 4]])])
    p = picture(fig, alt="Two points.")
    html = p.html()
    assert p.width > FIT_WIDTH
    assert re.search(r'<img src="data:image/png;base64,[^"]+" alt="Two points\. A line from 3', html)
    assert f'width="{p.width}" height="{p.height}" style="max-width:none' in html
    assert 'tabindex="0"' in html                         # wider than the column: the keyboard can scroll it
    assert "<details" in html and '<th scope="col"' in html
    assert p._repr_mimebundle_()["text/plain"].startswith("[picture] Two points. A line from 3")
    assert not plt.get_fignums()                          # closed: the inline backend shows it once


def test_one_picture_type_for_widgets_and_notebooks(fig52_tree):
    """A widget's picture and a notebook's are one type: PNG bytes (a widget keeps and compares them as
    bytes) that carry their words, shown by the same HTML; the old name warns and gives the same type."""
    fig, ax = plt.subplots()
    draw_tree(fig52_tree, ax=ax)
    png = png_with_words(fig)
    assert type(png) is Picture and png.startswith(b"\x89PNG") and bytes(png) == png == png.png
    assert png.alt.startswith("A game tree of 13 nodes") and png.description == Description(png.alt, png.details)
    assert 'alt="A game tree of 13 nodes' in picture_html(png) == png.html()
    assert str(png) == png.text() == picture(fig).text()          # the same words as a notebook's picture
    with pytest.raises(ValueError, match="text alternative"):
        picture_html(bytes(png))
    with pytest.raises(ValueError, match="text alternative"):
        Picture(bytes(png), " ")
    with pytest.warns(DeprecationWarning, match="use gamelib.viz.alt.Picture"):
        old = alt.DrawnPNG
    assert old is Picture and old(bytes(png), png.description) == png
    plt.close("all")


def test_one_savefig_for_every_picture():
    """Widgets and notebooks save figures with :func:`png_bytes` (at the figure's own resolution, no
    version stamp): the same figure gives the same bytes twice."""
    fig, ax = plt.subplots(figsize=(2, 1), dpi=50)
    ax.plot([1, 2], [3, 4])
    png = alt.png_bytes(fig)
    assert png == alt.png_bytes(fig) and b"Software" not in png
    assert Picture(png, "a line").width == 100
    plt.close("all")


def test_a_table_has_header_cells_and_a_text_form():
    t = Table(["depth", "nodes"], [[1, "4"], [2, "1,093"]], caption="max^n")
    html = t._repr_html_()
    assert '<caption' in html and '<th scope="col"' in html and '<th scope="row"' in html
    assert html.count("<tr>") == 3
    assert str(t) == "max^n\ndepth  nodes\n-----  -----\n    1      4\n    2  1,093"
    assert "&lt;b&gt;" in Table(["a"], [["<b>"]]).html()
    with pytest.raises(ValueError, match="every row"):
        Table(["a", "b"], [[1]])
    with pytest.raises(ValueError, match="needs a name"):
        Table(["", "b"], [[1, 2]])


def test_numbers_and_labels_as_words():
    assert [number_text(x) for x in (1093, 0.00824, 2.3736, -3, 12345.6, float("inf"))] == [
        "1,093", "0.00824", "2.37", "−3", "12,346", "+∞"]
    assert plain_label("$b^{3m/4}$") == "b^(3m/4)"
    assert plain_label(r"$\sqrt{(1 - v^2)/n}$") == "√((1 - v^2)/n)"
    assert plain_label("centre\nfirst") == "centre first"
    assert Description("a").details == ()

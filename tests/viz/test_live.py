"""gamelib.viz.live: what every live widget shares, such as its text form telling a student to run the cell."""
import matplotlib

matplotlib.use("Agg")



from gamelib.viz import TicTacToeBoard, TreeExplorer  # noqa: E402


def test_widgets_text_form_says_to_run_the_cell():
    """Regression (issue 7): before a notebook is run, a widget cell showed
    ``TreeExplorer(children=(HBox(...`` and nothing told the student to run it."""
    from gamelib.viz import Connect4Board, SigmaWidget, TransformExplorer
    for w in (TreeExplorer(draw=False), TicTacToeBoard(), Connect4Board(depth=1),
              SigmaWidget(draw=False, trials=200), TransformExplorer(draw=False)):
        plain = w._repr_mimebundle_()["text/plain"]
        assert plain.startswith(type(w).__name__ + ":") and "Run this cell" in plain
        assert "children=" not in plain

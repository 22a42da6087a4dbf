"""What importing gamelib costs: the package and its pictures load without scipy (issue 12)."""
from __future__ import annotations


# --- imports: scipy only when the sigma study needs it ---------------------------------------------
def test_importing_gamelib_and_its_pictures_does_not_import_scipy():
    import subprocess
    import sys
    code = ("import sys, gamelib, gamelib.games, gamelib.viz, gamelib.experiments.sigma; "
            "assert 'scipy' not in sys.modules, sorted(m for m in sys.modules if m.startswith('scipy'))[:5]; "
            "from gamelib.experiments.sigma import ndtr; assert abs(ndtr(0.0) - 0.5) < 1e-15; "
            "assert 'scipy.special' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- imports: a notebook's first cell loads only the pictures it asks for --------------------------
def test_the_pictures_first_cell_does_not_import_the_widgets():
    """``from gamelib.viz import draw_tree, show`` (notebook 01's first cell) imports no ipywidgets: in
    the browser (Pyodide) every import in a notebook's first cell costs several times what it does in
    CPython.  A widget's name still answers, and imports its module then."""
    import subprocess
    import sys
    code = ("import sys; from gamelib.viz import describe_event, draw_board, draw_tree, Table, show; "
            "widgets = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget')); "
            "assert not widgets, widgets; "
            "import gamelib.viz as viz; from gamelib.viz import TicTacToeBoard; "
            "assert 'ipywidgets' in sys.modules and viz.TicTacToeBoard is TicTacToeBoard")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_name_of_the_pictures_package_answers():
    import gamelib.viz as viz
    import pytest
    for name in viz.__all__:
        assert getattr(viz, name) is not None, name
    assert set(viz.__all__) <= set(dir(viz))
    assert viz.drawing.draw_tree is viz.draw_tree           # a submodule, as when all were imported
    assert viz.draw_pig_policy is viz.pig_policy.draw_policy
    with pytest.raises(AttributeError, match="has no attribute 'draw_nothing'"):
        viz.draw_nothing

"""Every notebook as a student first opens it, before running anything: the stored pictures fit the
notebook column (no figure shrunk until its labels are unreadable), and each live-widget cell says to
run it instead of showing a useless text repr."""
import pathlib

import ipywidgets
import pytest

import gamelib.viz as viz

NOTEBOOKS = sorted(p.name for p in (pathlib.Path(__file__).resolve().parents[2] / "notebooks")
                   .glob("*.ipynb"))
WIDGET_CLASSES = sorted(name for name in viz.__all__ if isinstance(getattr(viz, name), type)
                        and issubclass(getattr(viz, name), ipywidgets.DOMWidget))

FIGURES_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output img')].map(img => {
    const cell = img.closest('.jp-Cell');
    const src = cell.querySelector('.jp-InputArea .cm-content');
    return {cell: src ? src.textContent.slice(0, 60) : '?', natural: img.naturalWidth,
            shown: Math.round(img.getBoundingClientRect().width)};
})"""
WIDGET_TEXTS_JS = """(names) => [...document.querySelectorAll('.jp-OutputArea-output')]
    .map(o => o.innerText.trim()).filter(t => names.some(n => t.startsWith(n)))"""


@pytest.fixture(scope="module")
def stored(open_notebook):
    """Each notebook opened, nothing run: what a student sees first (and what GitHub shows)."""
    return {name: open_notebook(name, run_all=False) for name in NOTEBOOKS}


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_figure_fits_the_notebook_column(stored, name):
    """Regression (issue 7): multi-panel tree figures were 1,390-1,590 px wide and shown at about
    55 %, so their labels came out at 5-6 px.  Every stored picture now shows at full size in an
    848-px output area (1280-px window, file browser open)."""
    nb = stored[name]
    nb.page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                              ".every(i => i.complete && i.naturalWidth > 0)")
    figures = nb.page.evaluate(FIGURES_JS)
    assert figures, f"{name} shows no picture"
    shrunk = [f for f in figures if f["natural"] > f["shown"] + 1]
    assert not shrunk, f"{name}: pictures shrunk to fit: {shrunk}"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_widget_cells_say_to_run_them(stored, name):
    """Regression (issue 7): before the notebook is run, a widget cell showed
    ``TreeExplorer(children=(HBox(...`` and nothing told the student to run it."""
    texts = stored[name].page.evaluate(WIDGET_TEXTS_JS, WIDGET_CLASSES)
    assert texts, f"{name}: no widget cell found"
    for text in texts:
        assert "(children=" not in text, text
        assert "run this cell" in text.lower(), text

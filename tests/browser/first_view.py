"""Every notebook as a student first opens it, before running anything: the stored pictures fit the
notebook column (no figure shrunk until its labels are unreadable), and each live-widget cell says to
run it instead of showing a useless text repr.

The two tests below are imported by each notebook's test file (tests/browser/test_NN_*.py) and read
``nb.first_view``, what the page showed when it was opened, before the module's ``nb`` fixture ran all
the cells (conftest.py's ``open_notebook``): one page per notebook serves both what a student first sees
and what running it does (opening the 11 notebooks once more took 80 s of the suite)."""
import pathlib

import ipywidgets

import gamelib.viz as viz

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
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


def first_view(nb) -> dict:
    """What ``nb``'s page shows before anything runs: its pictures' natural and shown widths, and the
    text of its widget cells' stored outputs."""
    nb.page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                              ".every(i => i.complete && i.naturalWidth > 0)")
    return {"figures": nb.page.evaluate(FIGURES_JS), "widget_texts": nb.page.evaluate(WIDGET_TEXTS_JS, WIDGET_CLASSES)}


def test_every_stored_figure_fits_the_notebook_column(nb):
    """Regression (issue 7): multi-panel tree figures were 1,390-1,590 px wide and shown at about
    55 %, so their labels came out at 5-6 px.  Every stored picture now shows at full size in an
    848-px output area (1280-px window, file browser open)."""
    figures = nb.first_view["figures"]
    assert figures, f"{nb.name} shows no picture"
    shrunk = [f for f in figures if f["natural"] > f["shown"] + 1]
    assert not shrunk, f"{nb.name}: pictures shrunk to fit: {shrunk}"


def test_widget_cells_say_to_run_them(nb):
    """Regression (issue 7): before the notebook is run, a widget cell showed
    ``TreeExplorer(children=(HBox(...`` and nothing told the student to run it."""
    with_widgets = "application/vnd.jupyter.widget-view+json" in (NOTEBOOKS / nb.name).read_text()
    texts = nb.first_view["widget_texts"]
    assert bool(texts) == with_widgets, f"{nb.name}: widget outputs {texts}, expected some: {with_widgets}"
    for text in texts:
        assert "(children=" not in text, text
        assert "run this cell" in text.lower(), text

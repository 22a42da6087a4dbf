"""Every gamelib widget named, announced and usable from the keyboard inside JupyterLab.

ipywidgets 8 gives a control a visible description and a tooltip, but no way from Python to put an
attribute on the page: a live region, a name for a slider's handle, JupyterLab's
``data-lm-suppress-shortcuts``.  So each widget has one small front-end part, its status line,
:class:`StatusLine` (an `anywidget <https://anywidget.dev>`_ widget whose code is ``a11y.js`` beside
this file).  It shows the widget's status inside an element that stays (``role="status"``,
``aria-live="polite"``: a screen reader reads each new status once) and looks after the widget it sits
in, the nearest element of class :data:`ROOT_CLASS` (every :class:`~gamelib.viz.live.LiveWidget` has
it):

* JupyterLab's notebook shortcuts are off inside it (``data-lm-suppress-shortcuts``), so ArrowUp and
  ArrowDown move through a menu or a slider instead of to the next cell;
* a control without visible words is named by its tooltip, a slider's handle by its description, an
  icon's glyph is hidden (the words name the button), a button whose tooltip contains its words is
  named by the tooltip (a board square: ``row 1, column 2: X``);
* a toggle button says whether it is pressed (``aria-pressed``), a greyed slider leaves the Tab order
  and says it is disabled, a slider's readout is an edit field (``role="textbox"``);
* when an update takes away the control a student used (a board's buttons shown anew, a button
  disabled while the agent thinks), focus waits on the box that held it (never on the page's body)
  and then goes to the control in its place, or its neighbour.

What Python must do for that: give every control visible words (``description``) or a tooltip that
names it, and write the status once per update, last (:meth:`LiveWidget.announce
<gamelib.viz.live.LiveWidget.announce>`), for every change a student makes, a setting too (the
Connect Four board's mode, sliders and quiescence box say the agent's search as it now is), in words
that say what changed (a new game against another agent says so); words an update says that are the
same as the last ones are read out again all the same (:meth:`StatusLine.write`'s ``again``: the page
empties the live region and fills it anew), a note the update writes goes at their head, and an
error is read out at once (``role="alert"``) while the status line stays as it was.
:func:`unnamed_controls` lists the controls that break the first rule; the widget tests check it for
every widget, and that every change of every control writes the status line once and is read out.

How a widget looks, for everyone, is in one stylesheet over ipywidgets' defaults, ``a11y.css``, which
every status line loads (anywidget's ``_css``): rows of controls wrap in a narrow window, a control is
never shrunk under its words, control edges, selected toggles and the focus ring stand out at 3:1 or
better (:data:`STYLE_COLORS`, which the tests hold to those ratios).
"""
from __future__ import annotations

import pathlib
import re

import anywidget
import ipywidgets as widgets
import traitlets

ROOT_CLASS = "gamelib-widget"
"""The class of a gamelib widget's outermost element: what its status line looks after, and where the
kit's stylesheet (``a11y.css`` beside this file, loaded with every status line) applies."""
TABLE_CLASS = "gamelib-table"
"""The class of a box laid out as a table (a payoff matrix's boxes): in a window too narrow for it, it
scrolls sideways in a box of its own, as a data table may (WCAG 1.4.10), its rows kept whole."""
FIT_CLASS = "gamelib-fit"
"""The class of a box whose parts scale with its width (:func:`fit_box`, :func:`fitted`)."""

STYLESHEET = pathlib.Path(__file__).with_name("a11y.css")
"""The kit's one stylesheet over ipywidgets' defaults (WCAG 1.4.10, 1.4.11, 1.4.12, 2.4.7)."""
DARK_SELECTOR = 'body[data-jp-theme-light="false"] .gamelib-widget {'
"""Where the stylesheet gives JupyterLab's dark theme its own colours."""
_LIGHT_CSS, _DARK_CSS = STYLESHEET.read_text(encoding="utf-8").split(DARK_SELECTOR)


def _style_colors(css: str) -> dict:
    return dict(re.findall(r"--gamelib-([\w-]+):\s*(#[0-9a-fA-F]{6})", css))


STYLE_COLORS = _style_colors(_LIGHT_CSS)
"""The stylesheet's colours by name (``focus``, ``border``, ``control``, ``selected``...) in JupyterLab's
light theme: what the tests hold to WCAG's 3:1 for controls' edges and states (1.4.11)."""
DARK_STYLE_COLORS = _style_colors(_DARK_CSS.split("}")[0])
"""The same in JupyterLab's dark theme (``data-jp-theme-light="false"``)."""
DARK_BACKGROUNDS = ("#111111", "#212121")
"""JupyterLab 4's dark theme's page colours (``--jp-layout-color0`` and ``1``), on which controls sit."""

CONTROL_TYPES = (widgets.Button, widgets.ToggleButton, widgets.ToggleButtons, widgets.Dropdown,
                 widgets.Select, widgets.Checkbox, widgets.IntSlider, widgets.FloatSlider, widgets.IntText,
                 widgets.FloatText, widgets.BoundedIntText, widgets.BoundedFloatText, widgets.Text,
                 widgets.SelectionSlider, widgets.RadioButtons)
"""The kinds of control gamelib's widgets use: each needs words or a tooltip."""


class StatusLine(anywidget.AnyWidget):
    """A widget's status line: ``value`` (HTML) in a polite live region, and the front end's care of
    the widget it sits in (see the module docstring).  Like an ``ipywidgets.HTML``: set ``value``, or
    :meth:`write` it at the end of an update (``serial`` counts the writes: the page learns that an
    update is over even when the words stay the same; the browser tests wait for it)."""

    _esm = pathlib.Path(__file__).with_name("a11y.js")
    _css = STYLESHEET
    value = traitlets.Unicode("").tag(sync=True)
    serial = traitlets.Int(0).tag(sync=True)
    again = traitlets.Int(0).tag(sync=True)

    def __init__(self, value: str = "", **kwargs):
        super().__init__(value=value, **kwargs)

    def write(self, value: str, *, again: bool = False):
        """The end of an update: ``value`` shown (the same words again, if unchanged), in one message.
        ``again``: words the update said, to be read out even if they are the words already there (a
        new game that starts as the last one did): ``again`` counts those, and the page empties the
        live region and fills it anew, which a screen reader reads (WCAG 4.1.3)."""
        with self.hold_sync():
            if again and value == self.value:
                self.again += 1
            self.value = value
            self.serial += 1


def fit_box(children) -> widgets.VBox:
    """A VBox as wide as its column whose parts may be sized with :func:`fitted`: a board and its
    column buttons shrink together in a narrow window (WCAG 1.4.10, reflow: 320 CSS px of window
    leave JupyterLab's output area 204 px) and keep their size where there is room."""
    box = widgets.VBox(children)
    box.add_class(FIT_CLASS)
    return box


def fitted(pixels: float, parts: int) -> str:
    """A CSS length: ``pixels``, or the ``parts``-th part of the width of the enclosing
    :func:`fit_box`, whichever is less (``fitted(44, 7)``: a Connect Four column)."""
    return f"min({pixels:g}px, {100 / parts:.4g}cqi)"


def controls(widget) -> list:
    """Every control inside ``widget`` (a Box, through its children, hidden ones too), in order."""
    out, todo = [], [widget]
    while todo:
        w = todo.pop(0)
        if isinstance(w, CONTROL_TYPES):
            out.append(w)
        todo[0:0] = list(getattr(w, "children", ()) or ())
    return out


def control_name(control) -> str:
    """What a screen reader calls ``control``: its description's words, else its tooltip ('' for
    none).  A ToggleButtons is named by its options' labels; a board square by its tooltip, which
    must contain its words."""
    description = (getattr(control, "description", "") or "").replace("\u00a0", " ").strip()
    tooltip = (getattr(control, "tooltip", None) or "").strip()
    if isinstance(control, widgets.ToggleButtons):
        return " / ".join(str(option[0] if isinstance(option, tuple) else option) for option in control.options)
    if isinstance(control, widgets.Button) and tooltip and (not description or description.lower() in tooltip.lower()):
        return tooltip
    return description or tooltip


def unnamed_controls(widget) -> list:
    """The controls of ``widget`` a screen reader would have no name for (should be [])."""
    return [c for c in controls(widget) if not control_name(c)]

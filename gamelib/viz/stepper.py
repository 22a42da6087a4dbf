"""One stepper for the widgets that show a record a step at a time: the tree explorer (a search's trace,
one event a step) and the MCTS widget (a search's playouts, one iteration a step).

A :class:`Stepper` is the part of its widget that moves along the record: a slider over 0 .. total, the
buttons that move it (each a :class:`Move`: to a step, or by a number of steps), optionally a play
button (one step a second, from the kernel), the pictures of the steps, each drawn once and kept
(:class:`~gamelib.viz.live.PictureCache`), and the picture a student will likely ask for next, drawn
ahead in the kernel's idle time.  The widget says what a step looks like (``figure(k)``, the picture of
step k under the widget's setting, and ``key(k)``, what that picture depends on) and what to do when
the step changes (``show()``); the stepper does the rest the same way in both widgets:

* a button that could do nothing at this step (back at the start, next at the end) is greyed, except
  the one just pressed: greying it would drop the student's focus to the page;
* the slider is widened before it moves and narrowed after (a value must lie within its bounds);
* the picture drawn ahead is the one the last step button pressed would show next (at first: the
  first button that steps forward), then whatever else the widget asks for, each while the student is
  still where they were.

Every handler runs as the widget's own (:func:`~gamelib.viz.live.answering`): all or nothing, one
update at a time, the status line written once, last.
"""
from __future__ import annotations

import asyncio
import dataclasses

import ipywidgets as widgets

from .drawing import png_with_words   # a Picture: the PNG and its words (alt text)
from .live import PictureCache, answering

END = None
"""A :class:`Move`'s ``to`` for the last step."""
PLAY = "play"
SLIDER = "slider"
"""Places in a stepper's row of controls: the play button and the slider."""


@dataclasses.dataclass(frozen=True)
class Move:
    """A step button: ``label`` (its words), going ``to`` a step (0, or ``END``) or ``by`` a number of
    steps (clamped to the record); ``icon`` and ``tooltip`` as ipywidgets takes them."""
    label: str
    to: int | None = 0
    by: int | None = None
    icon: str = ""
    tooltip: str | None = None

    def target(self, k: int, total: int) -> int:
        """Where the button goes from step ``k`` of ``total``."""
        if self.by is not None:
            return max(0, min(k + self.by, total))
        return total if self.to is END else self.to


class Stepper:
    """The step controls of ``widget`` (a :class:`~gamelib.viz.live.LiveWidget`; see the module
    docstring).  ``row``: the controls in order, each a :class:`Move`, ``PLAY`` or ``SLIDER``;
    ``description``, ``width``, ``continuous_update``, ``value``, ``total``: the slider's;
    ``button_width``: each button's; ``show()``: the widget shows the current step; ``key(k)`` and
    ``figure(k)``: step k's picture (what it depends on, a matplotlib Figure).  ``box`` is the row;
    ``buttons`` ({label: Button}), ``slider`` and ``play`` (None without one) are its controls."""

    PLAY_SECONDS = 0.9
    """Seconds between two steps while playing."""

    def __init__(self, widget, row, *, show, key, figure, description: str, width: str,
                 continuous_update: bool = True, value: int = 0, total: int = 1, button_width: str = "84px",
                 play_tooltip: str | None = None):
        self.widget, self.show, self.key, self.figure = widget, show, key, figure
        self.slider = widgets.IntSlider(value=value, min=0, max=total, description=description,
                                        continuous_update=continuous_update, layout=widgets.Layout(width=width))
        self.moves, self.buttons, self.play = {}, {}, None
        parts = []
        for part in row:
            if part == SLIDER:
                parts.append(self.slider)
            elif part == PLAY:
                self.play = widgets.ToggleButton(value=False, description="play", icon="play", tooltip=play_tooltip,
                                                 layout=widgets.Layout(width=button_width))
                parts.append(self.play)
            else:
                b = widgets.Button(description=part.label, icon=part.icon, tooltip=part.tooltip,
                                   layout=widgets.Layout(width=button_width))
                self.buttons[part.label], self.moves[b] = b, part
                parts.append(b)
        self.box = widgets.HBox(parts, layout=widgets.Layout(flex_flow="row wrap"))
        self.pictures = PictureCache()    # {key(k): Picture}, each drawn once and kept
        self.pressed = None               # the button just pressed: never greyed under the student's finger
        self.ahead = next((b for b, m in self.moves.items() if (m.by or 0) > 0), None)
        """The button whose next step is drawn ahead: the last one pressed that steps by a number."""
        self.slider.observe(answering(widget, lambda change: self.show()), "value")
        for b in self.buttons.values():
            b.on_click(answering(widget, self._clicked))
        if self.play is not None:
            self.play.observe(answering(widget, self._on_play), "value")

    # -- where the stepper is ------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.slider.value

    @property
    def total(self) -> int:
        return self.slider.max

    def go(self, k: int):
        """Show step ``k`` (checked by the widget): through the slider's observer, or now if it is
        there already."""
        if k == self.slider.value:
            self.show()
        else:
            self.slider.value = k

    def fit(self, total: int, k: int | None = None):
        """Fit the slider to a record of ``total`` steps, at step ``k`` (None: where it is, if it
        can); nothing is shown (the widget shows what it wants)."""
        k = min(self.slider.value, total) if k is None else k
        with self.widget.quietly():           # widen before moving, move before narrowing
            if total >= self.slider.max:
                self.slider.max = total
                self.slider.value = k
            else:
                self.slider.value = k
                self.slider.max = total

    def _clicked(self, button):
        move = self.moves[button]
        if move.by is not None:
            self.ahead = button
        self.pressed = button
        try:
            self.go(move.target(self.step, self.total))
        finally:
            self.pressed = None

    # -- what the widget shows -----------------------------------------------------------------------
    def grey(self):
        """Grey the buttons that could do nothing at this step, except the one just pressed (it keeps
        the student's focus)."""
        for b, move in self.moves.items():
            b.disabled = b is not self.pressed and move.target(self.step, self.total) == self.step

    def at_limit(self) -> bool:
        """Was a button just pressed that could do nothing more (next at the end, back at the start)?"""
        return self.pressed is not None and self.moves[self.pressed].target(self.step, self.total) == self.step

    def picture(self, k: int | None = None):
        """Step ``k``'s picture (default: the current step's), drawn once and kept."""
        k = self.step if k is None else k
        return self.pictures.picture(self.key(k), lambda: png_with_words(self.figure(k)))

    def draw_ahead(self, more=(), wanted=lambda: True, after: float = 0.02):
        """Draw in the kernel's idle time, from ``after`` seconds on, the picture the last step button
        pressed would show next, then ``more`` ([(key, draw), ...], most wanted first), each while the
        student is still at this step of this setting and ``wanted()`` says so."""
        k = self.step
        j = k if self.ahead is None else self.moves[self.ahead].target(k, self.total)
        ahead = [] if j == k else [(self.key(j), lambda: png_with_words(self.figure(j)))]
        still = self.key(k)
        self.pictures.draw_all_ahead(ahead + list(more), lambda: self.key(self.step) == still and wanted(), after)

    def forget(self):
        """Forget the pictures kept (the record changed)."""
        self.pictures = PictureCache()

    # -- play: one step a second, from the kernel ----------------------------------------------------
    def _on_play(self, change):
        """The play button pressed (from the end: from the start again) or released."""
        if not change["new"]:
            return
        if self.step == self.total:
            self.go(0)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:        # no event loop (a script, a test): straight to the end
            self.go(self.total)
            self.widget.set_quietly(self.play, "value", False)
            return
        loop.call_later(self.PLAY_SECONDS, self._tick)

    def _tick(self):
        answering(self.widget, self._play_tick)()

    def _play_tick(self, _arg=None):
        if not self.play.value:
            return
        self.go(min(self.step + 1, self.total))
        if self.step < self.total:
            asyncio.get_running_loop().call_later(self.PLAY_SECONDS, self._tick)
        else:
            self.widget.set_quietly(self.play, "value", False)

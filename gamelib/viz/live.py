"""What every gamelib widget shares, whatever it shows.

* **A text form that says what to do.**  A notebook opened before it is run (or shown where no kernel
  runs, such as a GitHub preview) shows a widget cell's ``text/plain`` output.  ipywidgets' own is the
  widget's repr, ``TreeExplorer(children=(HBox(...``, which tells a student nothing; ours says to run
  the cell.
* **All or nothing.**  An update started from the browser (a click, a typed value, a slider) either
  happens whole or not at all: if it fails, every control and every output the widget listed goes
  back to what it was, and the reason is written inside the widget, in red, above its controls.  A
  traceback in JupyterLab's log, which a student never opens, is no way to say "depth 9 is too deep".
  Python calls (``explorer.set_random(depth=9)``) raise as usual, the widget just as whole.
* **One update at a time, in the whole kernel.**  JupyterLab 4 with ipykernel 7 delivers widget
  messages on a kernel *subshell*, a thread of its own (JupyterLab's ``commsOverSubshells``, on by
  default), so that widgets answer while a cell runs; a click is then handled in that thread while the
  main thread runs a cell or draws a picture ahead.  matplotlib is not thread-safe (its fonts are shared
  objects): two pictures drawn at once in two threads corrupted the kernel's memory and killed it
  ("malloc_consolidate(): unaligned fastbin chunk detected", once in 15 runs of a keyboard
  test).  So every update, every picture drawn ahead and every picture :func:`gamelib.viz.alt.show`
  renders holds one lock, :data:`gamelib.viz.alt.DRAWING`: they run one after another, each seeing
  the state the last one left (a double-click on a board once played two moves when updates could
  overlap).

* **Named, announced, at the keyboard's service** (:mod:`gamelib.viz.a11y`).  The widget's
  outermost element has the class ``gamelib-widget``; its status line, ``self.status_line`` (an
  :class:`~gamelib.viz.a11y.StatusLine`), is a polite live region and keeps the widget usable from the
  keyboard inside JupyterLab (names, shortcuts, focus).
* **One state at a time.**  ipywidgets sends each control's change as a message of its own, and the
  browser may paint between two of them.  So the status line, the live region, is written *once* per
  update, with the final state, *after* everything else (:meth:`LiveWidget.announce`): when the browser
  shows the new status, the words, labels, slider and picture sent before it are there too, and a
  screen reader hears one sentence, not each intermediate one.

A widget mixes :class:`LiveWidget` in before its ipywidgets box class, calls :meth:`_init_live`
before building its children and puts ``self.message_html`` and ``self.status_line`` among them, writes
its status with :meth:`LiveWidget.announce`, and decorates each observer and click handler with
:func:`from_browser` (a part of it, its :class:`~gamelib.viz.stepper.Stepper`, wraps its handlers with
:func:`answering`), and each public method that changes it with :func:`all_or_nothing`.  Its state is
taken whole, nothing listed field by field (a :class:`Snapshot`): every attribute the widget set on
itself (:meth:`LiveWidget._own_fields`), every control inside it (each whole), and every attribute of
the plain parts ``_live_objects`` names (its picker, its stepper), and the state of every random
generator among them (the dice thrown, the cards dealt); a widget adds ``(object, attribute)`` pairs in
``_live_state`` only for state none of these holds.  A
widget setting its own controls does so inside ``with self.quietly():`` (or
``self.set_quietly(control, name, value)``), so that their observers, which answer the student, stay
silent.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import html
import random

import ipywidgets as widgets

from .a11y import ROOT_CLASS, StatusLine
from .alt import DRAWING

RUN_ME = ("{name}: an interactive widget. Run this cell (Shift+Enter) to use it; it needs a running "
          "kernel, so it cannot show in a static view.")
ERROR_STYLE = ("color:#b00020;background:#fdecea;border-left:4px solid #b00020;padding:3px 8px;"
               "margin:2px 0")
NOTE_STYLE = "color:#5a4a00;background:#fff8d6;border-left:4px solid #c9a800;padding:3px 8px;margin:2px 0"
COMPACT = "line-height:1.35;font-size:13px"
"""The style of a widget's lines of text: JupyterLab's HTML widget spaces lines 28 px apart, which
pushed pictures and controls off a laptop's screen."""


def compact(inner: str) -> str:
    """``inner`` (HTML) in a block of :data:`COMPACT` lines."""
    return f"<div style='{COMPACT}'>{inner}</div>"
_MISSING = object()
_MACHINERY = frozenset({"_cross_validation_lock", "_model_id", "_quiet", "_depth", "_lock", "_pending", "_note",
                        "_said", "message", "message_html", "status_line"})
"""A widget's attributes that are not its state: ipywidgets' own and the update's machinery and answer."""


class Snapshot:
    """What a widget's update may change, taken before it runs, restored whole if it fails: with a
    ``widget``, its own fields (:meth:`LiveWidget._own_fields`: one set since is removed), every
    attribute of each plain object of ``objects`` (its ``vars()``: one added since is removed), with a
    ``root``, every control inside it (each synced trait of every widget, its layout's and style's
    too; a selection's ``options`` before its ``value``, a range's bounds before its value), except
    those under ``skip``, and the ``(object, attribute)`` ``pairs``, last, in order; and the state of
    each ``random.Random`` among the values kept (a generator is changed in place).  Taking things
    whole is what makes a rollback complete: a field or a control added later is covered without
    anyone listing it.  ``append((object, attribute, value))`` adds a value seen before the snapshot
    (a control the browser had already changed)."""

    def __init__(self, pairs=(), *, widget=None, objects=(), root=None, skip=()):
        self.values = [(obj, name, _kept(getattr(obj, name, _MISSING))) for obj, name in pairs]
        self.objects = [(obj, {k: _kept(v) for k, v in vars(obj).items()}) for obj in objects]
        self.widget = widget
        self.fields = {} if widget is None else {k: _kept(getattr(widget, k)) for k in widget._own_fields()}
        self.controls = [] if root is None else [(w, {k: _kept(getattr(w, k)) for k in _state_traits(w)})
                                                 for w in widgets_inside(root, skip)]
        kept = [*self.fields.values(), *(v for _, saved in self.objects for v in saved.values()),
                *(v for _, _, v in self.values)]
        generators = {id(v): v for v in kept if isinstance(v, random.Random)}.values()
        self.generators = [(g, g.getstate()) for g in generators]

    def append(self, seen):
        self.values.append(seen)

    def restore(self):
        for obj, saved in self.objects:
            _put_back(obj, saved, vars(obj))
        for w, traits in self.controls:
            for name, value in traits.items():
                if getattr(w, name) != value:
                    setattr(w, name, value)
        if self.widget is not None:
            _put_back(self.widget, self.fields, self.widget._own_fields())
        for obj, name, value in self.values:
            if value is _MISSING:
                if hasattr(obj, name):
                    delattr(obj, name)
            elif getattr(obj, name, _MISSING) is not value:
                setattr(obj, name, value)
        for generator, state in self.generators:
            generator.setstate(state)

    def differences(self, other: Snapshot) -> list:
        """What differs between two snapshots of the same things: ``[(object, attribute), ...]`` (a
        test's check that a rollback restored everything)."""
        out = [(a[0], a[1]) for a, b in zip(self.values, other.values) if not _same(a[2], b[2])]
        for (obj, mine), (_, theirs) in zip(self.objects, other.objects):
            out += [(obj, k) for k in set(mine) | set(theirs) if not _same(mine.get(k, _MISSING),
                                                                          theirs.get(k, _MISSING))]
        for (w, mine), (_, theirs) in zip(self.controls, other.controls):
            out += [(w, k) for k in mine if mine[k] != theirs[k]]
        out += [(g, "state") for (g, mine), (_, theirs) in zip(self.generators, other.generators) if mine != theirs]
        return out + [(self.widget, k) for k in set(self.fields) | set(other.fields)
                      if not _same(self.fields.get(k, _MISSING), other.fields.get(k, _MISSING))]


def _put_back(obj, saved: dict, now):
    """Give ``obj`` the attributes ``saved`` again: those among ``now`` (its attributes of the kind
    saved) that it did not have then removed, the others set back where they differ."""
    for name in set(now) - set(saved):
        delattr(obj, name)
    for name, value in saved.items():
        if not _same(vars(obj).get(name, _MISSING), value):
            setattr(obj, name, value)


def _kept(value):
    """``value`` as a snapshot keeps it: a list, dict or set (updated in place) copied; anything else,
    a :class:`PictureCache` too (a memo, not state), as it is."""
    return type(value)(value) if type(value) in (list, dict, set) else value


def _same(a, b) -> bool:
    """Is ``b`` what was kept as ``a``: the same object, or a copy of a list, dict or set equal to it."""
    return a is b or isinstance(a, (list, dict, set)) and type(a) is type(b) and a == b


_FIRST = ("options", "min", "max")
"""Traits restored before the others: a value must lie in its options or bounds."""


def _state_traits(w) -> list:
    """The traits that make up control ``w``'s state: its synced ones (not the private, not its layout
    and style, taken as widgets of their own), a box's ``children`` (which controls it shows), a
    selection's ``options`` and ``value`` instead of its ``index``."""
    names = [k for k in w.keys if not k.startswith("_") and k not in ("layout", "style")]
    if "index" in names and hasattr(w, "options"):          # a Dropdown, ToggleButtons...
        names = [k for k in names if k not in ("index", "label")] + ["options", "value"]
    return sorted(names, key=lambda k: k not in _FIRST)


def widgets_inside(root, skip=()) -> list:
    """Every widget inside ``root`` (itself, its children, theirs..., each one's layout and style),
    except those in ``skip`` and what lies inside them."""
    out, stack, seen = [], [root], {id(w) for w in skip}
    while stack:
        w = stack.pop()
        if id(w) in seen or not isinstance(w, widgets.Widget):
            continue
        seen.add(id(w))
        out.append(w)
        stack.extend(getattr(w, "children", ()))
        stack.extend(x for x in (getattr(w, "layout", None), getattr(w, "style", None)) if x is not None)
    return out


class LiveWidget:
    """Mix-in for gamelib's widgets (see the module docstring)."""

    _quiet = False
    _depth = 0
    _pending = None
    _note = ""
    _said = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_class(ROOT_CLASS)

    def _init_live(self):
        self._quiet = False
        self._depth = 0
        self._lock = DRAWING      # one update at a time in the kernel, whichever thread it came on
        self.message_html = widgets.HTML(layout=widgets.Layout(display="none"))
        self.message = ""
        self.status_line = StatusLine()
        self._pending = None              # the status an update will write when it ends

    # -- the status line: once per update, last ----------------------------------------------------------
    def announce(self, html_text: str):
        """Write the status line (HTML).  Inside an update the line is written when the update ends,
        after every other part of the widget, once, with the last value given; outside one, now.
        Either way it is read out, even if its words are the ones there already (a new game that
        starts as the last one did)."""
        if self._depth:
            self._pending = html_text
        else:
            self._pending = None
            self._said = html_text
            self.status_line.write(html_text, again=True)

    def _flush(self, note: str = ""):
        """The end of an update: write the status line once, with what the update announced (the words
        it had, if it announced nothing: the page still learns the update is over), read out even if
        the words are the same as before; ``note``, a note the update wrote above the controls, goes
        first (it is news too)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            self._said = pending
        words = self.status_line.value if self._said is None else self._said
        if note:
            words = compact(f"<i>{html.escape(note)}</i>") + words
        self.status_line.write(words, again=pending is not None or bool(note))

    # -- the text form ---------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle and "text/plain" in bundle:
            bundle["text/plain"] = RUN_ME.format(name=type(self).__name__)
        return bundle

    # -- messages inside the widget --------------------------------------------------------------------
    def say(self, text: str = "", *, error: bool = False):
        """Write ``text`` above the controls (a red error, or a yellow note); '' clears it."""
        self.message = text
        self._note = "" if error else text
        if not text:
            self.message_html.value = ""
            self.message_html.layout.display = "none"
            return
        style, sign = (ERROR_STYLE, "⚠ ") if error else (NOTE_STYLE, "")
        # An error is read out at once (role alert: the status line, unchanged, says nothing); a note
        # is read out at the head of the status line (LiveWidget._flush).
        role = " role='alert'" if error else ""
        self.message_html.value = f"<div{role} style='{style}'>{sign}{html.escape(text)}</div>"
        self.message_html.layout.display = None

    # -- all or nothing --------------------------------------------------------------------------------
    def _own_fields(self) -> list:
        """The names of the widget's own state: every attribute it set on itself (``vars``), whatever
        it is, except ipywidgets' machinery and this mix-in's (a field added later is taken without
        anyone listing it)."""
        return [name for name in vars(self) if name not in _MACHINERY and not name.startswith("_trait")
                and not hasattr(widgets.DOMWidget, name)]

    def _live_state(self) -> list:
        """``[(object, attribute), ...]``: state no attribute of the widget or of its parts holds (random
        generators' states are kept already), restored last, in this order.  Empty unless a widget has
        such state."""
        return []

    def _live_objects(self) -> list:
        """The widget's plain parts (not widgets: its picker, its stepper), each of whose attributes an
        update may change: restored whole (:class:`Snapshot`)."""
        return []

    def _snapshot(self) -> Snapshot:
        """The widget's whole state: its own fields, its parts, every control inside it (but the
        update's own answer: the message and the status line), and ``_live_state``'s extras."""
        return Snapshot(self._live_state(), widget=self, objects=self._live_objects(), root=self,
                        skip=(self.message_html, self.status_line))

    def _restore(self, saved: Snapshot):
        with self.quietly():
            saved.restore()

    # -- setting its own controls ----------------------------------------------------------------------
    @contextlib.contextmanager
    def quietly(self):
        """``with self.quietly():`` the widget sets its own controls, and their observers (decorated with
        :func:`from_browser`) stay silent: they answer the student, not the widget.  Nests; the widget
        is as quiet after the block as before it."""
        quiet, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = quiet

    def set_quietly(self, control, name: str, value):
        """``control.name = value`` without its observers answering (:meth:`quietly`)."""
        with self.quietly():
            setattr(control, name, value)


def from_browser(method):
    """Decorate an observer (``method(self, change)``) or a click handler (``method(self, button)``):
    nothing happens while the widget is ``_quiet`` (it is setting its own controls); otherwise the
    update runs all or nothing.  If it raises, the widget's state (and, for an observer, the control
    that changed) goes back to what it was and the error is written inside the widget; a note set by
    the update stays, any earlier message is cleared."""

    @functools.wraps(method)
    def wrapper(self, arg=None):
        with self._lock:
            if self._quiet:
                return None
            if self._depth:  # an update inside an update: the outer one answers for both
                return method(self, arg)
            saved = self._snapshot()
            if isinstance(arg, dict) and "owner" in arg and "old" in arg:
                saved.append((arg["owner"], arg["name"], arg["old"]))  # the browser already changed it
            self.say("")
            self._depth += 1
            try:
                out = method(self, arg)
            except Exception as err:  # noqa: BLE001 - every failure is shown, none escapes to the log
                self._depth -= 1
                self._pending = None
                self._restore(saved)
                self.say(f"{err} (nothing was changed)", error=True)
                self._flush()
                return None
            self._depth -= 1
            self._flush(note=self._note)        # say("") above: a note now is this update's
            return out
    return wrapper


def answering(widget, handler):
    """``handler(arg)`` as an observer or a click handler of a part of ``widget`` (its stepper), run as
    :func:`from_browser` runs the widget's own."""
    return functools.partial(from_browser(lambda _widget, arg=None: handler(arg)), widget)


def all_or_nothing(method):
    """Decorate a method called from Python (``explorer.set_tree(...)``): if it raises, the widget's
    state (``_live_state``) goes back to what it was and the error is raised to the caller, so a failed
    call never leaves the widget half-changed.  Inside an update from the browser it just runs (the
    update answers for both)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self._lock:
            if self._depth:
                return method(self, *args, **kwargs)
            saved = self._snapshot()
            self._depth += 1
            try:
                out = method(self, *args, **kwargs)
            except BaseException:
                self._depth -= 1
                self._pending = None
                self._restore(saved)
                raise
            self._depth -= 1
            self._flush()
            return out
    return wrapper


class PictureCache(collections.OrderedDict):
    """Pictures (PNG bytes) by key, each drawn once and kept: stepping back and forth, or coming back
    to a setting, costs nothing.  Past ``LIMIT`` pictures (a few MB) the least recently shown goes.
    :meth:`draw_ahead` draws the picture a student will most likely ask for next while they read this
    one, in the kernel's idle time (on the event loop of the thread that asked, holding
    :data:`~gamelib.viz.alt.DRAWING`: matplotlib is not thread-safe, and a click may come on another
    thread); without a running loop (a script, a test) nothing is drawn ahead."""

    LIMIT = 400

    def __init__(self, *args):
        super().__init__(*args)
        self._ahead = None

    def picture(self, key, draw) -> bytes:
        """The picture of ``key``: kept, or ``draw()`` now (and kept)."""
        png = self.get(key)
        if png is None:
            png = self[key] = draw()
            while len(self) > self.LIMIT:
                self.popitem(last=False)
        else:
            self.move_to_end(key)
        return png

    def draw_ahead(self, key, draw, wanted=lambda: True):
        """Draw the picture of ``key`` soon, if ``wanted()`` still says so then (the student may have
        moved on); a picture asked ahead before replaces the ones not drawn yet."""
        self.draw_all_ahead([(key, draw)], wanted)

    def draw_all_ahead(self, pictures, wanted=lambda: True, after: float = 0.02):
        """Draw ``pictures`` ([(key, draw), ...], most wanted first) one at a time in the kernel's idle
        time, the first ``after`` seconds from now, each while ``wanted()`` still says so; pictures asked
        ahead before and not drawn yet are forgotten."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._ahead is not None:
            self._ahead.cancel()
        todo = [(key, draw) for key, draw in pictures if key not in self]

        def run():
            with DRAWING:
                self._ahead = None
                while todo and wanted():
                    key, draw = todo.pop(0)
                    if key not in self:
                        self.picture(key, draw)
                        if todo:
                            self._ahead = loop.call_later(0.02, run)   # one a turn: a click goes first
                        return
        if todo:
            self._ahead = loop.call_later(after, run)

"""gamelib.viz.live: what every live widget shares, such as its text form telling a student to run the cell."""
import matplotlib

matplotlib.use("Agg")



import ipywidgets as widgets  # noqa: E402
import pytest  # noqa: E402

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


def test_one_update_or_picture_at_a_time_in_the_kernel_whatever_the_thread():
    """Regression (issue 30): JupyterLab 4 handles widget messages on a kernel subshell, a thread of its
    own, while the main thread draws pictures ahead; matplotlib is not thread-safe, and two pictures
    drawn at once killed the kernel ("malloc_consolidate(): unaligned fastbin chunk detected").  Every
    widget shares one lock, gamelib.viz.alt.DRAWING, and holds it for an update; a picture drawn ahead
    and one shown in a cell hold it too, so nothing overlaps."""
    import asyncio
    import threading
    import time

    import ipywidgets as widgets

    from gamelib.viz.alt import DRAWING
    from gamelib.viz.live import LiveWidget, PictureCache, from_browser

    spans = []

    def slow(tag):
        def draw():
            start = time.perf_counter()
            time.sleep(0.02)
            spans.append((start, time.perf_counter(), tag))
            return b"png"
        return draw

    class Clicks(LiveWidget, widgets.VBox):
        def __init__(self):
            self._init_live()
            super().__init__([self.message_html, self.status_line])

        def _live_state(self):
            return []

        @from_browser
        def click(self, _button):
            slow("click")()

    a, b = Clicks(), Clicks()
    assert a._lock is b._lock is DRAWING

    def student():                       # clicks arriving on a subshell's thread
        for _ in range(6):
            a.click(None)
            time.sleep(0.005)

    async def kernel():                  # the main thread's loop, drawing ahead meanwhile
        cache = PictureCache()
        cache.draw_all_ahead([(i, slow("ahead")) for i in range(6)])
        thread = threading.Thread(target=student)
        thread.start()
        while thread.is_alive() or len(cache) < 6:
            await asyncio.sleep(0.005)
        thread.join()
        return cache

    cache = asyncio.run(kernel())
    assert len(cache) == 6 and sorted(tag for *_, tag in spans) == ["ahead"] * 6 + ["click"] * 6
    spans.sort()
    overlaps = [(s, t) for s, t in zip(spans, spans[1:]) if t[0] < s[1]]
    assert not overlaps, f"drawn at once in two threads: {overlaps}"


def test_quietly_silences_the_widgets_own_observers_nests_and_restores():
    """Issue 34: one way for a widget to set its own controls (it was a flag saved and restored by hand
    in eight modules): inside ``quietly()`` the observers, which answer the student, stay silent."""
    import ipywidgets as widgets
    import pytest

    from gamelib.viz.live import LiveWidget, from_browser

    class Box(LiveWidget, widgets.VBox):
        def __init__(self):
            self._init_live()
            self.slider = widgets.IntSlider(value=0, max=9)
            self.heard = []
            super().__init__([self.message_html, self.status_line, self.slider])
            self.slider.observe(self._on_slider, "value")

        def _live_state(self):
            return [(self.slider, "value")]

        @from_browser
        def _on_slider(self, change):
            self.heard.append(change["new"])

    w = Box()
    w.slider.value = 1                         # the student
    with w.quietly():
        w.slider.value = 2
        with w.quietly():
            w.slider.value = 3
        w.slider.value = 4                     # still quiet after the inner block
    w.set_quietly(w.slider, "value", 5)
    with pytest.raises(RuntimeError), w.quietly():
        raise RuntimeError("a failed update")
    w.slider.value = 6                         # heard again: the failure did not leave it quiet
    assert w.heard == [1, 6] and w.slider.value == 6


def _widgets():
    from gamelib.viz import (BackgammonBoard, Connect4Board, MCTSWidget, PayoffMatrixWidget, SigmaWidget,
                             TransformExplorer)
    from gamelib.viz.imperfect_widgets import KuhnPokerTable, PhantomTicTacToeBoard
    return {"explorer": lambda: TreeExplorer(draw=False), "MCTS": lambda: MCTSWidget(budget=50, draw=False),
            "sigma": lambda: SigmaWidget(draw=False, trials=200), "transform": lambda: TransformExplorer(draw=False),
            "payoff matrix": lambda: PayoffMatrixWidget(draw=False), "tic-tac-toe": TicTacToeBoard,
            "Connect Four": lambda: Connect4Board(depth=1), "backgammon": BackgammonBoard,
            "phantom tic-tac-toe": lambda: PhantomTicTacToeBoard(agent="random"),
            "Kuhn poker": lambda: KuhnPokerTable(iterations=10)}


WIDGETS = ["explorer", "MCTS", "sigma", "transform", "payoff matrix", "tic-tac-toe", "Connect Four", "backgammon",
           "phantom tic-tac-toe", "Kuhn poker"]


NOT_STATE = {"_cross_validation_lock", "_model_id", "_quiet", "_depth", "_lock", "_pending", "_note", "_said",
             "message", "message_html", "status_line"}
"""A widget's attributes that are ipywidgets' or the update's own (its answer: the message, the status)."""


def _fields(w) -> list:
    """Every attribute the widget set on itself, read here from ``vars``, not from the widget's own
    account of them."""
    return [k for k in vars(w) if k not in NOT_STATE and not k.startswith("_trait")
            and not hasattr(widgets.DOMWidget, k)]


def _whole(w):
    """Everything a widget is, found by introspection: its own fields, its parts' attributes, every control
    inside it (the message and the status line are the update's own answer)."""
    from gamelib.viz.live import Snapshot
    return Snapshot([(w, name) for name in _fields(w)] + w._live_state(), objects=w._live_objects(), root=w,
                    skip=(w.message_html, w.status_line))


@pytest.mark.parametrize("name", WIDGETS)
def test_a_failed_update_puts_back_every_field_whatever_it_is(name):
    """Issue 42: a widget's rollback was a hand-kept list of (object, attribute) pairs (or a tuple of
    fields saved by hand), and a field missed from it stayed half-changed without a word.  Now nothing
    is listed: an update that changes every field of the widget (each set to something new), every
    attribute of each of its parts, and a value of every control that has one, adds a field, then
    fails, leaves all of them as they were (the field added is gone), and says why."""
    from gamelib.viz.live import answering, widgets_inside
    w = _widgets()[name]()
    fields, parts, before = _fields(w), w._live_objects(), _whole(w)
    assert len(fields) >= 5 and "message" not in fields

    def everything_then_fail(_arg):
        with w.quietly():       # the update sets the controls itself: their observers stay out of it
            for control in widgets_inside(w, (w.message_html, w.status_line)):
                if isinstance(control, (widgets.IntSlider, widgets.IntText)):
                    control.value = control.value - 1 if control.value > getattr(control, "min", -99) else 1
                elif isinstance(control, widgets.HTML):
                    control.value = "changed"
                elif isinstance(control, widgets.Box) and control is not w:
                    control.children = ()
        if hasattr(w, "rng"):
            w.rng.random()                                    # the dice thrown, the cards dealt
        for field in fields:
            setattr(w, field, object())
        for part in parts:
            for attribute in list(vars(part)):
                setattr(part, attribute, object())
        w.first_set_by_the_update = object()
        raise RuntimeError("failed after changing everything")
    rng = w.rng.getstate() if hasattr(w, "rng") else None
    answering(w, everything_then_fail)()
    assert [(type(obj).__name__, attribute) for obj, attribute in before.differences(_whole(w))] == []
    assert rng is None or w.rng.getstate() == rng
    assert not hasattr(w, "first_set_by_the_update")
    assert "failed after changing everything (nothing was changed)" in w.message

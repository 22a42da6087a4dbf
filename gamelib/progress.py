"""Progress bars that read well when a notebook is saved.

tqdm's notebook bar (``tqdm.auto`` in Jupyter) is an ipywidget.  A saved notebook keeps only the text
the widget had when it was *first* shown, so every stored bar reads "0%" in a static view (a GitHub
preview, nbval's outputs, nbconvert), even though it finished.  :class:`tqdm` here is tqdm's own text
bar (:class:`tqdm.std.tqdm`, same arguments) drawn into one IPython display that is *updated* in place
(``display_id``): live it moves like any bar, with its elapsed time, time left and rate, and the
stored output is its last state *without* them (:data:`STORED_FORMAT`), e.g.
``first moves searched: 100%|██████████| 9/9``: times and rates differ between machines, and a saved
notebook must not.  Outside IPython it is the plain text bar on stderr, times included.  Every
``progress=True`` in gamelib uses it.
"""
from __future__ import annotations

import io

from tqdm.std import tqdm as _text_tqdm

__all__ = ["tqdm"]

STORED_FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt}"
"""The last state of a bar as a saved notebook keeps it: no times, no rates."""


def _ipython_kernel():
    """True inside a Jupyter kernel (where outputs are stored in the notebook)."""
    try:
        from IPython import get_ipython
    except ImportError:                      # pragma: no cover - IPython comes with Jupyter
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _count_format(desc: str) -> str:
    """The stored format of a bar without a total: its description and count, e.g. ``'trees: 12 it'``."""
    label = desc.removesuffix(": ").replace("{", "{{").replace("}", "}}")
    return (f"{label}: " if label else "") + "{n_fmt} {unit}"


class tqdm(_text_tqdm):  # noqa: N801 - the name tqdm users expect
    """tqdm's text bar; in a Jupyter kernel it lives in one display output, updated in place."""

    monitor_interval = 0
    """No monitor thread: the bars update on their own ``mininterval``, and Pyodide (JupyterLite) has no
    threads (tqdm warned "can't start new thread" there)."""

    def __init__(self, *args, **kwargs):
        self._handle = None
        self._in_kernel = _ipython_kernel() and "file" not in kwargs
        if self._in_kernel:
            kwargs["file"] = io.StringIO()   # the text goes to the display, not to stderr
            kwargs.setdefault("mininterval", 0.25)
            kwargs.setdefault("ncols", 90)
            kwargs.setdefault("ascii", False)   # block characters, as in a terminal
        super().__init__(*args, **kwargs)

    def close(self):
        """Close the bar.  In a kernel its stored output keeps where it ended but not the elapsed time,
        the time left or the rate: they differ between machines, and a saved notebook must not."""
        if getattr(self, "_in_kernel", False) and not getattr(self, "disable", True):
            self.bar_format = STORED_FORMAT if self.total else _count_format(self.desc)
        super().close()

    def display(self, msg=None, pos=None):
        if not self._in_kernel:
            return super().display(msg=msg, pos=pos)
        from IPython.display import display
        text = {"text/plain": self.__str__() if msg is None else msg}
        if self._handle is None:
            self._handle = display(text, raw=True, display_id=True)
        else:
            self._handle.update(text, raw=True)
        return True

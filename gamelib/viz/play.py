"""What every "play against the agent" board widget shares: which mark the human plays, whose turn it
is, whether the game is over and who won, starting a new game, and board buttons that play exactly
one move per click.  Each board widget adds only its board, its search and how a button maps to a
move.

One move per click, in a browser.  A click message carries no state, and the kernel answers clicks
one after another: the second click of a double-click, sent before the browser had shown the first
move, would be read as a second move.  So the board's buttons come in two sets shown in turn: after
each click the other set goes up, and a click on a set no longer shown is dropped (it was meant for
a position that is gone).  While a click is being answered (the agent thinking), the buttons shown
are disabled, so the browser shows that the board is busy; the new set comes up disabled too and is
enabled ``SETTLE`` seconds later, so that a double-click's second click, even one that lands after a
quick reply is on screen, finds nothing to press.
"""
from __future__ import annotations

import asyncio

from ..core import MAX, ArgumentError
from .live import LiveWidget, from_browser

MARKS = ("X", "O")
SETTLE = 0.4
"""Seconds the board buttons stay disabled after a move is shown: longer than a double-click, shorter
than anyone takes to read the reply and choose the next move."""
BLANK = "\u00a0"
"""The label of an unlabelled button: ipywidgets' Button view keeps its old label on screen when the
new description is '' (it only rewrites a non-empty one), so blank means a no-break space."""


class HumanVsAgent(LiveWidget):
    """A mix-in for a board widget where a human plays one mark and the agent the other (X is MAX and
    moves first).  The widget provides ``game``, ``state``, ``human``, ``human_toggle`` (a widget
    whose value is the human's mark), ``status``, ``agent_move()``, ``_describe()``, ``_refresh()``
    and ``_play_button(k)`` (what pressing board button k does); it may extend ``_reset()`` to clear
    what it remembers of the last game.  It builds its board buttons with :meth:`_init_buttons` and
    shows ``self.button_box``."""

    @property
    def agent(self) -> str:
        """The agent's mark: the one the human does not play."""
        return "O" if self.human == "X" else "X"

    @property
    def to_move(self) -> str:
        """'X' or 'O': whose turn it is."""
        return "X" if self.game.to_move(self.state) == MAX else "O"

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def winner(self):
        """'X' or 'O' once the game is won, else None (also for a draw)."""
        if not self.over:
            return None
        u = self.game.utility(self.state, MAX)
        return "X" if u > 0 else "O" if u < 0 else None

    def new_game(self, human: str | None = None) -> str:
        """Start again (as ``human``, if given); if the agent is X it opens.  Returns the status."""
        if human is not None:
            if human not in MARKS:
                raise ArgumentError(f"human must be 'X' or 'O', not {human!r}")
            self.human = human
            if self.human_toggle.value != human:
                self.human_toggle.value = human  # its observer calls new_game again: harmless
                return self.status
        self.state = self.game.initial_state
        self._reset()
        if self.agent == "X":
            self.agent_move()
        self.status = self._describe()
        self._refresh()
        return self.status

    def _reset(self):
        """Forget the last game's moves."""
        self.history = []

    # -- the board's buttons, two sets shown in turn -----------------------------------------------------
    def _init_buttons(self, make, n: int, box):
        """Make two sets of ``n`` board buttons with ``make(k)`` and show the first in ``box`` (an
        ipywidgets Box, kept as ``self.button_box``)."""
        self._button_sets = tuple([make(k) for k in range(n)] for _ in range(2))
        self._index = {}
        for buttons in self._button_sets:
            for k, b in enumerate(buttons):
                self._index[b.model_id] = k
                b.on_click(self._on_board_button)
        self._shown = 0
        self.button_box = box
        box.children = self._button_sets[0]

    @property
    def board_buttons(self) -> list:
        """The board buttons on show (the other set waits for the next position)."""
        return self._button_sets[self._shown]

    @from_browser
    def _on_board_button(self, button):
        if button not in self.board_buttons:  # sent before the browser showed the last move: drop it
            return
        for b in self.board_buttons:
            b.disabled = True
        try:
            self._play_button(self._index[button.model_id])
        finally:
            self._shown ^= 1
            for b in self.board_buttons:
                b.disabled = True
            self._refresh()
            self.button_box.children = self.board_buttons
            self._enable_later()

    @from_browser
    def _on_human(self, change):
        """The "you are X / O" toggle: a new game with the human in that seat."""
        self.new_game(change["new"])

    @from_browser
    def _on_new(self, _button):
        self.new_game()

    def _enable_later(self):
        """Enable the buttons on show ``SETTLE`` seconds from now, on the kernel's event loop (at
        once where none runs: a script or a test)."""
        shown, buttons = self._shown, self.board_buttons

        def enable():
            with self._lock:        # on the loop's thread: one update at a time (gamelib.viz.live)
                if self._shown == shown:
                    for b in buttons:
                        b.disabled = False
        try:
            asyncio.get_running_loop().call_later(SETTLE, enable)
        except RuntimeError:
            enable()

"""What every "play against the agent" board widget shares: which mark the human plays, whose turn it
is, whether the game is over and who won, and starting a new game.  Each board widget adds only its
board, its buttons and its search."""
from __future__ import annotations

from ..core import MAX

MARKS = ("X", "O")


class HumanVsAgent:
    """A mix-in for a board widget where a human plays one mark and the agent the other (X is MAX and
    moves first).  The widget provides ``game``, ``state``, ``human``, ``human_toggle`` (a widget
    whose value is the human's mark), ``status``, ``agent_move()``, ``_describe()`` and
    ``_refresh()``; it may extend ``_reset()`` to clear what it remembers of the last game."""

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
                raise ValueError(f"human must be 'X' or 'O', not {human!r}")
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

"""Games that implement the :class:`gamelib.core.Game` protocol.  Games know nothing of search."""
from .bins import Bins
from .halving import Halving
from .tictactoe import TicTacToe

__all__ = ["Bins", "Halving", "TicTacToe"]

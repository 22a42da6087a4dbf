"""Games that implement the :class:`gamelib.core.Game` protocol.  Games know nothing of search."""
from .bins import Bins
from .halving import Halving
from .pig import Pig, PigState
from .tictactoe import TicTacToe

__all__ = ["Bins", "Halving", "Pig", "PigState", "TicTacToe"]

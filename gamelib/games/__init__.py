"""Games that implement the :class:`gamelib.core.Game` protocol.  Games know nothing of search."""
from .bins import Bins
from .connect4 import Connect4
from .halving import Halving
from .pig import Pig, PigState
from .tictactoe import TicTacToe

__all__ = ["Bins", "Connect4", "Halving", "Pig", "PigState", "TicTacToe"]

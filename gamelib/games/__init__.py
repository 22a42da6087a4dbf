"""Games that implement the :class:`gamelib.core.Game` protocol.  Games know nothing of search."""
from .bins import Bins
from .connect4 import Connect4
from .halving import Halving
from .pig import Pig, PigState
from .tictactoe import TicTacToe

__all__ = ["Bins", "Connect4", "Halving", "Pig", "PigState", "TicTacToe"]

# Games of imperfect information (gamelib.imperfect; notebook 06).
from .hiding import HidingGame  # noqa: E402
from .kuhn import KuhnPoker  # noqa: E402
from .phantom_tictactoe import PhantomTicTacToe  # noqa: E402
from .roads import RoadGame  # noqa: E402

__all__ += ["HidingGame", "KuhnPoker", "PhantomTicTacToe", "RoadGame"]

"""Games that implement the :class:`gamelib.core.Game` protocol.  Games know nothing of search."""
from .backgammon import Backgammon, BackgammonState
from .bins import Bins
from .connect4 import Connect4
from .halving import Halving
from .pig import Pig, PigState
from .tictactoe import TicTacToe

__all__ = ["Backgammon", "BackgammonState", "Bins", "Connect4", "Halving", "Pig", "PigState", "TicTacToe"]

# Games of imperfect information (gamelib.imperfect; notebook 06).
from .hiding import HidingGame  # noqa: E402
from .kuhn import KuhnPoker  # noqa: E402
from .leduc import LeducPoker, LeducState  # noqa: E402
from .phantom_tictactoe import PhantomTicTacToe  # noqa: E402
from .roads import RoadGame  # noqa: E402

__all__ += ["HidingGame", "KuhnPoker", "LeducPoker", "LeducState", "PhantomTicTacToe", "RoadGame"]

# More than two players, extra turns, simultaneous moves (gamelib.maxn, gamelib.normal_form; notebook 07).
from .dots_and_boxes import DotsAndBoxes, DotsState  # noqa: E402
from .matrix_games import MATRIX_GAMES, MatrixGame  # noqa: E402
from .raid import Raid, RaidState  # noqa: E402

__all__ += ["DotsAndBoxes", "DotsState", "MatrixGame", "MATRIX_GAMES", "Raid", "RaidState"]

"""The game formalism of AIMA §5.1 and the records every search returns.

A game, in the textbook's words (AIMA 4th ed. §5.1; Zell's slides, "Definition of a game as a search problem"):

    S0                  the initial state                      -> ``game.initial_state``
    TO-MOVE(s)          the player whose turn it is in s       -> ``game.to_move(s)``
    ACTIONS(s)          the legal moves in s                   -> ``game.actions(s)``
    RESULT(s, a)        the transition model                   -> ``game.result(s, a)``
    IS-TERMINAL(s)      is the game over in s?                 -> ``game.is_terminal(s)``
    UTILITY(s, p)       the final value of s for player p      -> ``game.utility(s, p)``

Games of chance add one more player, CHANCE, whose "moves" are outcomes with known probabilities
(AIMA §5.5; CS221's coin): ``game.chance_outcomes(s)`` returns ``[(outcome, probability), ...]`` and
``game.result(s, outcome)`` is the state after that outcome.

Every game in :mod:`gamelib.games` and every explicit tree (:class:`gamelib.trees.GameTree`) implements
this one protocol, so every algorithm runs on both.  States are immutable and hashable.

More than two players (AIMA 4th ed. §5.2.2, "Optimal decisions in multiplayer games"): nothing in the
protocol assumes two.  ``to_move`` may name any of a game's players and ``utility(s, p)`` gives each
its own payoff; ``game.player_order`` lists the players, in the order of the **utility vector**
⟨v_A, v_B, v_C⟩ that :func:`gamelib.maxn` backs up.  Two-player games keep the default (MAX, MIN).
"""
from __future__ import annotations

import math
import numbers
from typing import (TYPE_CHECKING, Any, Callable, Hashable, Iterable, NamedTuple, Protocol, Sequence, TypeAlias,
                    runtime_checkable)

if TYPE_CHECKING:
    from .trace.events import Event

# ---------------------------------------------------------------------------------------------------
# The protocol's vocabulary, named before any code (as pytudes does): what the signatures below mean.
# ---------------------------------------------------------------------------------------------------

State: TypeAlias = Hashable
"""A position of a game, s in AIMA's notation: immutable and hashable (a board, a tree's node label)."""

Action: TypeAlias = Any
"""A move in ACTIONS(s), or a chance outcome: whatever RESULT(s, a) accepts (hashable)."""

Player: TypeAlias = str
"""Who moves in a state, TO-MOVE(s): MAX, MIN, CHANCE, or one of a game's ``player_order``."""

Distribution: TypeAlias = list[tuple[Action, float]]
"""A chance distribution, what ``chance_outcomes(s)`` returns: ``[(outcome, probability), ...]``, summing to 1."""

Policy: TypeAlias = Callable[[Hashable], dict[Action, float]]
"""A player's behaviour: its information set (in a fully observable game, the state) -> ``{action:
probability}`` (CS221's π; :class:`gamelib.imperfect.TabularPolicy` is one, and :mod:`gamelib.players`'
policies of states)."""

MAX = "MAX"
"""The maximizing player (moves first in every game here unless said otherwise)."""
MIN = "MIN"
"""The minimizing player."""
CHANCE = "CHANCE"
"""Nature: dice, coins, shuffles.  It 'moves' by the probabilities of ``chance_outcomes``."""

PLAYERS = (MAX, MIN, CHANCE)
INF = math.inf


class GameError(ValueError):
    """Base class of the errors the kit raises for bad input."""


class IllegalMoveError(GameError):
    """RESULT(s, a) was asked for an action that is not in ACTIONS(s)."""


class TreeSpecError(GameError):
    """A nested-list tree specification is malformed; the message says where."""


class ProbabilityError(GameError):
    """A distribution (chance outcomes or a stochastic policy) is not a probability distribution."""


class ArgumentError(GameError, TypeError):
    """An argument has the wrong type or value: the message names the argument, the value given and
    what is expected.  Both a ValueError and a TypeError, so code that catches either keeps working."""


class StateError(GameError):
    """A value that is not a state of the game asked about: the wrong type, a board of another size, a
    position that cannot arise in play, or a label that is not a node of the tree."""


class EvaluationError(GameError):
    """An evaluation function returned something that is not a real number (None, a string, a complex
    number) or NaN: every comparison with NaN is False, so a search would silently skip it."""


class SearchDepthError(GameError):
    """A search cannot reach the end of the game: the game's positions can repeat (its state graph has
    cycles) or the game is deeper than Python's recursion allows.  Give ``depth=`` and ``evaluate=``."""


class TooLargeError(GameError):
    """A computation larger than its size guard; the message names the argument that lifts the guard."""


def opponent(player: Player) -> Player:
    """MAX's opponent is MIN and MIN's is MAX."""
    if player == MAX:
        return MIN
    if player == MIN:
        return MAX
    raise GameError(f"{player!r} has no opponent: players are MAX and MIN")


def check_distribution(pairs: Iterable[tuple[Action, float]], what, tol: float = 1e-9) -> Distribution:
    """Return ``pairs`` as a list after checking they form a probability distribution.

    Raises ProbabilityError naming ``what`` if a probability is not a real number (None, '0.5', True,
    1j), is negative or NaN, or they do not sum to 1.  ``what`` is a string, or a function returning
    one, called only to write that message (searches check every chance node, and need not describe
    one that is fine).
    """
    try:
        pairs = list(pairs)
    except TypeError:
        raise ProbabilityError(f"{_named(what)}: {pairs!r} is not a list of (outcome, probability) "
                               "pairs") from None
    total = 0.0
    for pair in pairs:
        try:
            outcome, p = pair
            if p.__class__ is not float and (isinstance(p, bool) or not isinstance(p, numbers.Real)):
                raise TypeError
            negative = not p >= 0             # True for NaN too
        except (TypeError, ValueError):     # not a pair, or p is not a number (None, '0.5', 1j, True)
            raise ProbabilityError(f"{_named(what)}: {pair!r} is not an (outcome, probability) pair "
                                   "with a number for probability") from None
        if negative:
            raise ProbabilityError(f"{_named(what)}: probability of {outcome!r} is {p!r}; probabilities "
                                   "must be >= 0")
        total += p
    if not pairs or abs(total - 1.0) > tol:
        raise ProbabilityError(f"{_named(what)}: probabilities sum to {total:g}, not 1 ({pairs!r})")
    return pairs


def _named(what) -> str:
    return what() if callable(what) else what


def trusted(method):
    """Mark a game's ``utility``, ``utilities`` or ``chance_outcomes`` as giving only good values for
    every state of the game: real numbers (never NaN) for utilities, a probability distribution for
    chance.  The kit's own games use it, their values being fixed by their rules and by settings
    checked when the game is built.  The searches then call the method as it is; a method without
    the mark (a student's game, or a subclass that overrides it) is wrapped once, at the search's
    entry, so that every value it returns is checked (:func:`gamelib.validate.checked_utility`)."""
    method.gamelib_checked = True
    return method


@runtime_checkable
class GameProtocol(Protocol):
    """The game protocol (AIMA §5.1), declared once: what every search asks of a game.  Any object with
    these members is a game (``isinstance(g, GameProtocol)`` checks them, as
    :func:`gamelib.validate.check_game` does); :class:`Game`, the base class of the kit's games and trees,
    adds the protocol's optional members, each with a default (:data:`OPTIONAL_PROTOCOL` names them),
    which the searches read through :mod:`gamelib.validate`, so a game without them works.
    """

    initial_state: State

    def to_move(self, state: State) -> Player:
        """The player whose turn it is in ``state``: MAX, MIN or CHANCE (in a game of more players,
        one of ``player_order`` or CHANCE)."""
        raise NotImplementedError

    def actions(self, state: State) -> Sequence[Action]:
        """The legal actions in ``state``, in a fixed order that searches follow."""
        raise NotImplementedError

    def result(self, state: State, action: Action) -> State:
        """The state that results from taking ``action`` (or chance outcome) in ``state``."""
        raise NotImplementedError

    def is_terminal(self, state: State) -> bool:
        """Is the game over in ``state``?"""
        raise NotImplementedError

    def utility(self, state: State, player: Player) -> float:
        """The final numeric value of terminal ``state`` for ``player`` (zero-sum: MIN's is -MAX's; in
        general each player of ``player_order`` has a payoff of its own)."""
        raise NotImplementedError


class Game(GameProtocol):
    """The base class of every game and explicit tree: the protocol (:class:`GameProtocol`, AIMA §5.1)
    and its optional members, each with a default that keeps a two-player, fully observable game as
    it is (:mod:`gamelib.validate` reads them, so every tool asks the same way).

    Subclasses set ``initial_state`` and override the protocol's methods.  ``utility`` is only asked of
    terminal states; ``chance_outcomes`` only of states where ``to_move`` is CHANCE.  A game whose
    values are good by construction marks ``utility`` (and ``utilities``, ``chance_outcomes``) with
    :func:`trusted`; the searches check every value of the others.
    """

    initial_state: State = None
    player_order: tuple[Player, ...] = (MAX, MIN)
    """The players who choose moves, in the order of utility vectors (:func:`gamelib.maxn`'s values).
    Games of more than two players (``gamelib.games.Raid``) and N-player trees set it; CHANCE is
    never in it."""
    cyclic: bool = False
    """True if positions can repeat (Pig): a search to the end of the game would never finish, so the
    searches refuse to run on it without ``depth=`` (or ``cutoff=``)."""

    def utilities(self, state: State) -> tuple[float, ...]:
        """The **utility vector** of terminal ``state`` (AIMA 4th ed. §5.2.2's ⟨v_A, v_B, v_C⟩, what
        :func:`gamelib.maxn` backs up): one payoff per player of ``player_order``, in that order.  By
        default ``utility`` asked player by player; a game may give the vector at once (Raid)."""
        return tuple(self.utility(state, p) for p in self.player_order)

    def chance_outcomes(self, state: State) -> Distribution:
        """For a CHANCE state, the ``(outcome, probability)`` pairs; the probabilities sum to 1."""
        raise GameError(f"{type(self).__name__} has no chance states (asked at {state!r})")

    def observation(self, state: State, player: Player) -> Hashable:
        """What ``player`` perceives in ``state`` (AIMA 4th ed. §4.4 PERCEPT; §5.6 partially observable
        games): a hashable value, the same for every state the player cannot tell apart.

        The default is the state itself: the game is fully observable, so every game and search that
        never asks is unchanged.  A partially observable game (``gamelib.games.PhantomTicTacToe``,
        ``gamelib.games.KuhnPoker``) overrides it; :mod:`gamelib.imperfect` builds belief states and
        information sets from it.
        """
        return state

    def information_set(self, state: State, player: Player) -> Hashable | None:
        """A readable key for the information set ``player`` is in at ``state`` (Kuhn poker's
        ``'Qpb'``: "I hold the queen, I passed, the opponent bet"), or None.  None (the default): the
        tools of :mod:`gamelib.imperfect` key it by the player's whole history of observations and
        actions.  A key must be a function of that history, and tell apart any two histories the
        player can tell apart (perfect recall); :func:`gamelib.imperfect.extensive_form` checks both."""
        return None

    def too_large_to_solve(self, state: State) -> str | None:
        """Why a search from ``state`` to the end of the game would not finish in a student's lifetime
        (e.g. Connect Four from the empty board), or None.  Searches without ``depth=`` refuse to start
        when it says why, instead of running for hours; the default (None) never refuses."""
        return None

    def check_state(self, state: State) -> None:
        """Raise :class:`StateError` if ``state`` is not a state of this game (searches, tables and
        ``play`` call it once, on the state they start from; the rules themselves trust their states).
        Games override it; by default a state need only be hashable."""
        try:
            hash(state)
        except TypeError:
            raise StateError(f"{state!r} is not a state of {self!r}: states are hashable") from None

    def illegal(self, state: State, action: Action) -> IllegalMoveError:
        """The error for ``action`` not being legal in ``state``: names the move and the legal ones."""
        legal = (
            [o for o, _ in self.chance_outcomes(state)]
            if not self.is_terminal(state) and self.to_move(state) == CHANCE
            else list(self.actions(state))
        )
        where = "the game is over" if self.is_terminal(state) else f"legal: {legal}"
        return IllegalMoveError(f"illegal move {action!r} in state {state!r}; {where}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


OPTIONAL_PROTOCOL = ("player_order", "cyclic", "utilities", "chance_outcomes", "observation", "information_set",
                     "too_large_to_solve", "check_state")
"""The names of the protocol's optional members: those :class:`Game` adds to :class:`GameProtocol`, each
with its default (``illegal``, the error of an illegal move, is a helper, not part of the protocol)."""


# ---------------------------------------------------------------------------------------------------
# What a search returns (its trace, the Events it recorded, is gamelib.trace's).
# ---------------------------------------------------------------------------------------------------

class SearchResult(NamedTuple):
    """What a search returns.

    value    the value of the searched state for MAX (the textbook's convention); for
             :func:`gamelib.maxn`, the utility vector in ``game.player_order``.
    action   the best action for the player to move at the searched state (None if that player is
             CHANCE, follows a fixed policy, or the state is terminal).
    nodes    how many states the search visited, the searched state included.
    trace    the ordered :class:`~gamelib.trace.Event` list, or None unless the search was called with
             ``trace=True``.
    """

    value: float
    action: Action
    nodes: int
    trace: list[Event] | None = None

    @property
    def visited(self) -> list:
        """The states in the order the search entered them (needs ``trace=True``)."""
        if self.trace is None:
            raise GameError("this search was run without trace=True, so it did not record visits")
        return [e.state for e in self.trace if e.kind == "enter"]


def cutoff_test(depth: int | None, evaluate, cutoff):
    """The CUTOFF-TEST of H-MINIMAX (AIMA 4th ed. Eq. 5.2): a function ``(state, d) -> bool`` saying
    whether to stop at a non-terminal ``state`` found ``d`` plies below the searched one and return
    ``evaluate(state)`` instead of searching on; or None for a search to the end of the game.

    ``depth=n`` stops at n plies; ``cutoff`` replaces the test altogether (a quiescence rule, a time
    check, ...).  A cut-off needs an evaluation function to score the states it stops at.
    """
    if depth is None and cutoff is None:
        return None
    if cutoff is None and (not isinstance(depth, numbers.Integral) or isinstance(depth, bool) or depth < 0):
        raise ArgumentError(f"depth must be a whole number of plies >= 0, got {depth!r}")
    if evaluate is None:
        raise ArgumentError("a depth-limited search needs evaluate=, a function state -> estimated utility "
                            "for MAX, to score the states where it stops")
    if cutoff is not None:
        return cutoff
    depth = int(depth)                      # numpy integers too
    return lambda state, d: d >= depth



__all__ = ["State", "Action", "Player", "Distribution", "Policy", "GameProtocol", "OPTIONAL_PROTOCOL",
           "MAX", "MIN", "CHANCE", "PLAYERS", "INF", "GameError", "IllegalMoveError", "TreeSpecError",
           "ProbabilityError", "ArgumentError", "StateError", "EvaluationError", "SearchDepthError",
           "TooLargeError", "opponent", "check_distribution", "trusted", "Game", "SearchResult", "cutoff_test"]

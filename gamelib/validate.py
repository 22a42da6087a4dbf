"""Bad input, caught at the boundary: one place per kind of input.

Every public entry point of gamelib checks what it is given here, once, before it changes anything,
and raises a :class:`~gamelib.core.GameError` subclass whose message names the argument, the value
given and what is expected (docs/algorithms.md's "Conventions").  No check runs inside a search's loop:

==========================  ===================================================================
kind of input               checked by
==========================  ===================================================================
numbers and options         :func:`whole`, :func:`number`, :func:`flag`, :func:`choice`,
                            :func:`function`, :func:`python_seed`, :func:`numpy_seed`,
                            :func:`check_bounds` (-> :class:`~gamelib.core.ArgumentError`)
renamed keywords            :func:`renamed`: an old keyword (``low``/``high``, ``bounds=(L, U)``,
                            ``playouts``, ``episodes``) still accepted for one release, with a
                            :class:`DeprecationWarning` naming the new one; both at once is an
                            :class:`~gamelib.core.ArgumentError`; :func:`moved`, the same for a
                            name that moved to another module
games and states            :func:`check_game`, :func:`start_state` and :func:`game_state`, which
                            ask the game's own ``check_state`` (-> :class:`~gamelib.core.StateError`)
search arguments            :func:`search_entry`: the game, the state, ``depth``/``evaluate``/
                            ``cutoff`` (H-MINIMAX, AIMA 4th ed. Eq. 5.2), ``trace``; a game whose
                            positions repeat is refused a search to the end
                            (-> :class:`~gamelib.core.SearchDepthError`)
evaluation values           :func:`checked_evaluation`: ``evaluate`` wrapped once, at the search's
                            entry, so None, a string, a complex number or NaN raises naming the
                            state (-> :class:`~gamelib.core.EvaluationError`).  NaN matters most:
                            every comparison with it is False, so ``v2 > v`` would skip it silently;
                            :func:`checked_vector_evaluation` does the same for utility vectors
utilities                   :func:`checked_utility`: ``game.utility`` wrapped once, at every search's
                            entry, so NaN, None, a string (or, for averages, an infinity) raises
                            :class:`~gamelib.core.EvaluationError` naming the state; not wrapped if
                            the game marks it :func:`gamelib.core.trusted` (the kit's games, whose
                            values are fixed by their rules).  :func:`checked_utilities` does the
                            same for utility vectors (max^n), :func:`zero_sum_utility` checks MIN's
                            too (MCTS, TD)
chance distributions        :func:`checked_chance`: each checked the first time it is seen
                            (-> :class:`~gamelib.core.ProbabilityError`)
the protocol's options      :func:`player_order`, :func:`observation_of`, :func:`information_set_of`:
                            the optional parts of :class:`gamelib.core.Game`, read in one place
players                     :func:`player` (one of a game's players), :func:`players` (a tuple of
                            them), :func:`two_player` (refuses a game that is not MAX against MIN),
                            :func:`unhandled_player` (the error of a two-player search asked to
                            move for a third player)
immutable states            :func:`unchanged_by_result`: a game whose ``result`` changes the state it
                            is given is refused at the entry of the searches that keep states
move orderings              :func:`checked_order`: ``order(state, actions)`` must return the same
                            actions, reordered (a generator is taken as the sequence it yields)
depth                       :func:`recursion_guard`: a search deeper than Python's recursion limit
                            (a very deep game, or positions that repeat) becomes a
                            :class:`~gamelib.core.SearchDepthError` that says to give a depth
long computations           :func:`guard_size` (-> :class:`~gamelib.core.TooLargeError`, naming the
                            argument that lifts the guard)
==========================  ===================================================================

Tree specifications are checked where they are read, by :meth:`gamelib.trees.GameTree.from_nested`
(:class:`~gamelib.core.TreeSpecError` naming the position, ``spec[1][2]``).
"""
from __future__ import annotations

import functools
import importlib
import math
import numbers
import sys
import warnings
from contextlib import contextmanager

from .core import (CHANCE, MAX, MIN, ArgumentError, EvaluationError, GameError, GameProtocol, Player,
                   SearchDepthError, State, StateError, TooLargeError, check_distribution, cutoff_test)

PROTOCOL = tuple(name for name, member in vars(GameProtocol).items() if callable(member) and name[0] != "_")
"""The methods every game has, as :class:`gamelib.core.GameProtocol` declares them (AIMA 4th ed. §5.1)."""


# ---------------------------------------------------------------------------------------------------
# Numbers and options
# ---------------------------------------------------------------------------------------------------

_OR_NONE = " (None is allowed too)"


def _range_text(least, most, strict_least=False) -> str:
    parts = []
    if least is not None:
        parts.append(f"{'>' if strict_least else '>='} {least}")
    if most is not None:
        parts.append(f"<= {most}")
    return " " + " and ".join(parts) if parts else ""


def whole(name: str, value, least=0, most=None, *, none: bool = False, unit: str = "") -> int | None:
    """``value`` as an int if it is a whole number (numpy integers too, never a bool or a float) in
    [least, most]; None if ``none`` allows it.  Else :class:`ArgumentError` naming ``name``."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) \
            or (least is not None and value < least) or (most is not None and value > most):
        raise ArgumentError(f"{name} must be a whole number{' of ' + unit if unit else ''}"
                            f"{_range_text(least, most)}, got {value!r}{_OR_NONE if none else ''}")
    return int(value)


def number(name: str, value, *, least=None, most=None, above=None, finite: bool = True,
           none: bool = False, what: str = ""):
    """``value`` unchanged if it is a real number (not a bool), not NaN, finite unless ``finite`` is
    False, and within ``least <= value <= most`` (``above < value``).  Else :class:`ArgumentError`."""
    if value is None and none:
        return None
    ok = not isinstance(value, bool) and isinstance(value, numbers.Real) and value == value
    if ok and finite:
        try:
            ok = math.isfinite(value)
        except OverflowError:      # a whole number too large for a float
            ok = False
    ok = ok and (least is None or value >= least) and (most is None or value <= most) \
        and (above is None or value > above)
    if not ok:
        kind = what or ("a finite number" if finite else "a number (not NaN)")
        low = above if above is not None else least
        raise ArgumentError(f"{name} must be {kind}{_range_text(low, most, above is not None)}, "
                            f"got {value!r}{_OR_NONE if none else ''}")
    return value


def flag(name: str, value) -> bool:
    """``value`` as a bool if it is True or False (numpy's too).  Else :class:`ArgumentError`."""
    if isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool")):
        return bool(value)
    raise ArgumentError(f"{name} must be True or False, got {value!r}")


def choice(name: str, value, choices):
    """``value`` if it is one of ``choices``.  Else :class:`ArgumentError` listing them."""
    try:
        if value in choices:
            return value
    except TypeError:   # unhashable, asked of a set
        pass
    raise ArgumentError(f"{name} must be one of {list(choices)}, got {value!r}")


def function(name: str, value, what: str):
    """``value`` if it is callable.  Else :class:`ArgumentError` saying what is expected."""
    if not callable(value):
        raise ArgumentError(f"{name} must be {what}, got {value!r}")
    return value


def python_seed(name: str, seed):
    """``seed`` if it seeds :class:`random.Random` the same way in every run: None (fresh randomness), a
    whole number (numpy's too, never a bool) or a string.  A float is refused: NaN's hash, which
    ``random.Random`` would use, changes from one run to the next, and 0.5 is no clearer a seed."""
    if seed is None or isinstance(seed, str):
        return seed
    if not isinstance(seed, bool) and isinstance(seed, numbers.Integral):
        return int(seed)
    raise ArgumentError(f"{name} must be None, a whole number or a string (a seed for random.Random), "
                        f"got {seed!r}")


def numpy_seed(name: str, seed):
    """``seed`` if :func:`numpy.random.default_rng` accepts it: None, a whole number >= 0, a sequence
    of them, or a numpy SeedSequence, BitGenerator or Generator."""
    import numpy as np

    if seed is None or isinstance(seed, (np.random.SeedSequence, np.random.BitGenerator,
                                         np.random.Generator)):
        return seed
    try:
        if isinstance(seed, bool) or (isinstance(seed, (list, tuple))
                                      and any(isinstance(s, bool) for s in seed)):
            raise TypeError
        np.random.SeedSequence(seed)
    except (TypeError, ValueError):
        raise ArgumentError(f"{name} must be None, a whole number >= 0 or a list of them (a numpy seed), "
                            f"got {seed!r}") from None
    return seed


def check_bounds(lower, upper, *, none: bool = False) -> tuple | None:
    """``(lower, upper)``, the lower bound L and upper bound U: two numbers (infinite allowed, not NaN)
    with L <= U.  With ``none``, both None means no bounds (None is returned); one alone is refused."""
    if none and lower is None and upper is None:
        return None
    try:
        number("lower", lower, finite=False)
        number("upper", upper, finite=False)
        if not lower <= upper:
            raise TypeError
    except (TypeError, ValueError, ArgumentError):
        raise ArgumentError(f"lower and upper must be numbers with lower <= upper (the bounds L <= U), got "
                            f"lower={lower!r}, upper={upper!r}{' (or both None)' if none else ''}") from None
    return lower, upper


def renamed(**old_to_new):
    """Decorator: keep old keyword spellings working for one release.

    ``@renamed(low="lower", high="upper")`` lets a caller still write ``low=``: the value is passed as
    ``lower=``, with a :class:`DeprecationWarning` naming the new spelling.  A tuple of names splits a
    pair: ``@renamed(bounds=("lower", "upper"))`` turns ``bounds=(L, U)`` into ``lower=L, upper=U`` (and an
    old group of options, a NamedTuple, into its fields: ``gamelib.limits``' ``ordering=``).
    Giving an old keyword and its new one at once is an :class:`ArgumentError`.  The kit's vocabulary:
    bounds are ``lower``/``upper`` (Ballard's L and U), budgets are ``iterations``."""
    def decorate(f):
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            for old, new in old_to_new.items():
                if old not in kwargs:
                    continue
                names = (new,) if isinstance(new, str) else new
                spelled = "=, ".join(names) + "="
                given = [n for n in names if n in kwargs]
                if given:
                    raise ArgumentError(f"{f.__qualname__}: {old}= is the old spelling of {spelled}; "
                                        f"give {given[0]}= alone, not both")
                value = kwargs.pop(old)
                warnings.warn(f"{f.__qualname__}: {old}= is deprecated, write {spelled}",
                              DeprecationWarning, stacklevel=2)
                if isinstance(new, str):
                    kwargs[new] = value
                else:
                    try:
                        parts = tuple(value)
                        if len(parts) != len(names):
                            raise TypeError
                    except TypeError:
                        what = "a pair" if len(names) == 2 else f"a group of {len(names)}"
                        raise ArgumentError(f"{old} must be {what} ({', '.join(names)}), got {value!r}; "
                                            f"write {spelled}") from None
                    kwargs.update(zip(names, parts))
            return f(*args, **kwargs)
        return wrapper
    return decorate


def no_moves(game, state) -> StateError:
    """The error of a state that is not terminal but offers no action (a search cannot go on, and must
    not return a made-up value): the game must end where nobody can move."""
    return StateError(f"{state!r} is not terminal but has no actions: {game!r} must end the game where "
                      "nobody can move")


def deprecated(message: str):
    """Warn ``message`` as a :class:`DeprecationWarning` attributed to the first caller outside gamelib:
    the student's own line, however many of the kit's wrappers lie between (a notebook shows a
    DeprecationWarning only when it is attributed to the notebook's code)."""
    frame, level = sys._getframe(0), 1
    while frame is not None and frame.f_globals.get("__name__", "").partition(".")[0] == "gamelib":
        frame, level = frame.f_back, level + 1
    warnings.warn(message, DeprecationWarning, stacklevel=level)


def moved(module: str, old_to_new: dict):
    """A module's ``__getattr__`` that keeps moved names working for one release, as :func:`renamed` does
    for keywords: ``__getattr__ = moved(__name__, {"random_chance_tree": "gamelib.experiments.chance_trees"})``
    answers ``gamelib.star.random_chance_tree`` with the new module's object and a
    :class:`DeprecationWarning` naming where it lives now; ``"module:new_name"`` for a renamed one.  The
    new module is imported when the old name is first asked for (so a move never makes an import cycle);
    any other missing name is the usual :class:`AttributeError`."""
    def __getattr__(name):
        if name not in old_to_new:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        where, _, new = old_to_new[name].partition(":")
        new = new or name
        warnings.warn(f"{module}.{name} has moved: use {where}.{new}", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(where), new)
    return __getattr__


def check_function(name: str, value, what: str):
    """Alias of :func:`function` (reads better where a function is checked, not converted)."""
    return function(name, value, what)


def guard_size(size, limit, *, what: str, argument: str) -> None:
    """Raise :class:`TooLargeError` if ``size`` exceeds ``limit`` (None: no guard).  The message says
    how big, and that ``argument=None`` (or a larger number) lifts the guard."""
    if limit is not None and size > limit:
        raise TooLargeError(f"{what} is {size:,}, more than {argument}={limit:,}: it would take very long "
                            f"(or run out of memory); pass {argument}=None, or a larger {argument}, to "
                            "go ahead anyway")


# ---------------------------------------------------------------------------------------------------
# Games and states
# ---------------------------------------------------------------------------------------------------

def check_game(game, name: str = "game") -> GameProtocol:
    """``game`` if it implements the game protocol (an instance, not a class)."""
    if isinstance(game, type) or any(not callable(getattr(game, m, None)) for m in PROTOCOL) \
            or not hasattr(game, "initial_state"):
        hint = f"; pass an instance, {game.__name__}(), not the class" if isinstance(game, type) else ""
        raise ArgumentError(f"{name} must be a game (initial_state, to_move, actions, result, "
                            f"is_terminal, utility: gamelib.Game), got {game!r}{hint}")
    return game


def two_player(game, name: str) -> None:
    """Refuse (:class:`ArgumentError`) a game whose players are not MAX and MIN, for the tools of
    two-player zero-sum games (MCTS's rewards, TD's self-play, the tabular tools of imperfect
    information): their values are MAX's, and MIN's is its negative."""
    order = player_order(game)
    if order != (MAX, MIN):
        raise ArgumentError(f"{name} is for two-player zero-sum games (MAX against MIN), but the players of "
                            f"{game!r} are {', '.join(map(repr, order))}: search it with gamelib.maxn, or as a "
                            "two-player game with gamelib.paranoid(game, player)")


def players(name: str, value, game) -> tuple:
    """``value`` as a tuple of distinct players of ``game``: one player, or a non-empty collection of
    them; else :class:`ArgumentError` naming them."""
    order = player_order(game)
    items = (value,) if isinstance(value, str) else value
    try:
        items = tuple(items)
        ok = bool(items) and all(p in order for p in items) and len(set(items)) == len(items)
    except TypeError:
        ok = False
    if not ok:
        raise ArgumentError(f"{name} must be one of the players of {game!r} ({', '.join(map(repr, order))}) "
                            f"or a tuple of them, got {value!r}")
    return items


def observation_of(game, error=GameError):
    """``game.observation``, the protocol's optional PERCEPT (:meth:`gamelib.core.Game.observation`):
    what every tool of imperfect information is built on; ``error`` (a GameError class) if the game
    has none."""
    observation = getattr(game, "observation", None)
    if not callable(observation):
        raise error(f"{game!r} has no observation(state, player) method, so what each player perceives is "
                    "not defined; a tool of imperfect information needs one (gamelib.core.Game provides one)")
    return observation


def is_cyclic(game) -> bool:
    """``game.cyclic`` (:attr:`gamelib.core.Game.cyclic`): can its positions repeat?  False by default."""
    return bool(getattr(game, "cyclic", False))


def too_large_to_solve(game: GameProtocol, state: State) -> str | None:
    """``game.too_large_to_solve(state)`` (:meth:`gamelib.core.Game.too_large_to_solve`): why a search
    from ``state`` to the end would not finish, or None (also for a game without the method)."""
    method = getattr(game, "too_large_to_solve", None)
    return method(state) if callable(method) else None


def information_set_of(game):
    """``game.information_set``, the protocol's optional readable key of an information set
    (:meth:`gamelib.core.Game.information_set`), or a function that always says None (no readable key:
    the tools key information sets by the player's history)."""
    hook = getattr(game, "information_set", None)
    return hook if callable(hook) else (lambda state, player: None)


def start_state(game: GameProtocol, state: State | None) -> State:
    """The state to start from: ``state``, or the game's initial state if None, checked by the game's
    ``check_state`` (:class:`StateError` if it is not a state of ``game``)."""
    if state is None:
        state = game.initial_state
    return game_state(game, state)


def game_state(game: GameProtocol, state: State) -> State:
    """``state`` if the game's ``check_state`` accepts it (:class:`StateError` if it is not a state of
    ``game``; None is not a state here, unlike in :func:`start_state`)."""
    check = getattr(game, "check_state", None)
    if check is not None:
        check(state)
    else:
        try:
            hash(state)
        except TypeError:
            raise StateError(f"{state!r} is not a state of {game!r}: states are hashable") from None
    return state


# ---------------------------------------------------------------------------------------------------
# Searches: arguments, evaluation values, move orderings, depth
# ---------------------------------------------------------------------------------------------------

def search_entry(game, state, depth, evaluate, cutoff, trace, name: str, *, vector_of=None):
    """What every search checks before it starts.  Returns ``(state, evaluate, cut)``: the state to
    search (the initial state if None), ``evaluate`` wrapped by :func:`checked_evaluation`, and the
    CUTOFF-TEST of H-MINIMAX (AIMA 4th ed. Eq. 5.2, :func:`gamelib.core.cutoff_test`; None for a
    search to the end of the game).  ``vector_of=players``: ``evaluate`` returns a utility vector for
    those players (max^n), wrapped by :func:`checked_vector_evaluation` instead."""
    check_game(game)
    state = start_state(game, state)
    flag("trace", trace)
    if evaluate is not None:
        function("evaluate", evaluate, "a function state -> estimated utility for MAX" if vector_of is None
                 else f"a function state -> estimated utility vector (one number for each of {vector_of})")
    if cutoff is not None:
        function("cutoff", cutoff, "a function (state, plies below the root) -> bool")
    cut = cutoff_test(depth, evaluate, cutoff)
    if cut is None and is_cyclic(game):
        raise SearchDepthError(f"{name} to the end of {game!r} would never finish: its positions can "
                               "repeat (the state graph has cycles); give depth= and evaluate= "
                               "(a depth-limited search, AIMA Eq. 5.2)")
    if cut is None:
        why = too_large_to_solve(game, state)
        if why:
            raise TooLargeError(f"{name} to the end of {game!r} would not finish: {why}; give depth= and "
                                "evaluate= (a depth-limited search, AIMA Eq. 5.2)")
    if cut is not None:
        evaluate = (checked_evaluation(evaluate) if vector_of is None
                    else checked_vector_evaluation(evaluate, vector_of))
    return state, evaluate, cut


def evaluation_value(value, state, name: str = "evaluate"):
    """``value`` if it is a real number and not NaN (infinities are allowed: a won position), else
    :class:`EvaluationError` naming the state."""
    if not isinstance(value, bool) and isinstance(value, numbers.Real) and value == value:
        return value
    why = "NaN, which every comparison ignores" if isinstance(value, numbers.Real) and value != value \
        else f"a {type(value).__name__}, not a real number"
    raise EvaluationError(f"{name}({state!r}) returned {value!r}: {why}; an evaluation must return a "
                          "real number, an estimate of MAX's utility")


def checked_evaluation(evaluate, name: str = "evaluate"):
    """``evaluate`` wrapped so that every value it returns is checked (:func:`evaluation_value`).
    Floats and ints pass at the cost of two type tests; wrapping twice wraps once."""
    if getattr(evaluate, "gamelib_checked", False):
        return evaluate

    def checked(state):
        v = evaluate(state)
        if (v.__class__ is float and v == v) or v.__class__ is int:
            return v
        return evaluation_value(v, state, name)

    checked.gamelib_checked = True
    checked.__wrapped__ = evaluate
    checked.__name__ = getattr(evaluate, "__name__", "evaluate")
    return checked


def utility_value(value, state, player, *, finite: bool = False, name: str = "utility"):
    """``value`` if it is a real number (not a bool), not NaN, and finite if ``finite`` (infinities are
    allowed otherwise: a won position), else :class:`EvaluationError` naming the state and player."""
    if not isinstance(value, bool) and isinstance(value, numbers.Real) and value == value \
            and (not finite or value - value == 0):
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        why = f"a {type(value).__name__}, not a real number"
    elif value != value:
        why = "NaN, which every comparison ignores"
    else:
        why = "infinite, and averages of infinities are undefined"
    raise EvaluationError(f"{name}({state!r}, {player!r}) returned {value!r}: {why}; a utility must be a "
                          f"{'finite ' if finite else ''}real number")


def checked_utility(game, *, finite: bool = False, name: str = "utility"):
    """``game.utility``, wrapped so that every value it returns is checked (:func:`utility_value`), once,
    at the entry of the search that will call it: NaN compares False with everything, so a search
    would skip it silently.  A game that vouches for its utilities (:func:`gamelib.core.trusted`; the
    kit's games and trees) is not wrapped, unless ``finite`` is asked (averages: MCTS, TD)."""
    utility = game.utility
    if getattr(utility, "gamelib_checked", False) and not finite:
        return utility

    def checked(state, player):
        v = utility(state, player)
        if v.__class__ is int or (v.__class__ is float and v == v and (not finite or v - v == 0)):
            return v
        return utility_value(v, state, player, finite=finite, name=name)

    checked.gamelib_checked = True
    checked.__wrapped__ = utility
    return checked


def checked_utilities(game, players: tuple):
    """A function terminal state -> its utility vector in ``players`` order: ``game.utilities`` (the
    protocol's optional method, :meth:`gamelib.core.Game.utilities`; else ``utility`` asked player
    by player), each vector checked to hold one real number (not NaN) per player, unless the game
    vouches for it (:func:`gamelib.core.trusted`)."""
    own = getattr(game, "utilities", None)
    if callable(own) and getattr(own, "gamelib_checked", False):
        return own
    if not callable(own):
        utility = game.utility

        def own(state):
            return tuple(utility(state, p) for p in players)
    return checked_vector_evaluation(own, players, "utilities")


def zero_sum_utility(game, name: str):
    """A function terminal state -> MAX's utility, for tools that assume a two-player zero-sum game with
    finite utilities (MCTS backs up MAX's reward and MIN's as its negative; TD's self-play): each value
    is checked to be a finite real number (:func:`utility_value`) and minus MIN's, else
    :class:`ArgumentError` naming the state."""
    utility = checked_utility(game, finite=True)

    def max_utility(state):
        u, v = utility(state, MAX), utility(state, MIN)
        if abs(u + v) > 1e-9 * max(1.0, abs(u)):
            raise ArgumentError(f"{name} is for zero-sum games (MIN's utility is minus MAX's), but at "
                                f"{state!r} MAX's utility is {u!r} and MIN's {v!r}")
        return u

    return max_utility


def checked_chance(game):
    """``game.chance_outcomes``, wrapped so that each distribution it returns is checked
    (:func:`gamelib.core.check_distribution`) the first time it is seen: a list or tuple handed back
    again (a game's fixed distribution, a tree's stored one) is remembered by identity, and kept
    alive so that identities cannot be reused.  A game that vouches for its distributions
    (:func:`gamelib.core.trusted`) is not wrapped."""
    outcomes = game.chance_outcomes
    if getattr(outcomes, "gamelib_checked", False):
        return outcomes
    passed = {}                                     # id(pairs) -> pairs, checked

    def checked(state):
        pairs = outcomes(state)
        if id(pairs) in passed and passed[id(pairs)] is pairs:
            return pairs
        good = check_distribution(pairs, lambda: f"chance outcomes of {state!r}")
        if pairs.__class__ is list or pairs.__class__ is tuple:
            if len(passed) >= 4096:
                passed.clear()
            passed[id(pairs)] = pairs
            return pairs
        return good

    checked.gamelib_checked = True
    checked.__wrapped__ = outcomes
    return checked


def unchanged_by_result(game, state, name: str) -> None:
    """Refuse (:class:`StateError`) a game whose ``result`` changes the state it is given: states must be
    immutable, since a search keeps them (in a tree, a table, a trace) while it goes on.  Tried once,
    at the search's entry, on every action (or chance outcome) of ``state``."""
    if game.is_terminal(state):
        return
    mover = game.to_move(state)
    moves = [o for o, _ in game.chance_outcomes(state)] if mover == CHANCE else list(game.actions(state))

    def looks(s):
        return (game.is_terminal(s), game.to_move(s), tuple(game.actions(s)) if mover != CHANCE else (), repr(s))

    before = looks(state)
    for a in moves:
        child = game.result(state, a)
        if child is state or looks(state) != before:
            raise StateError(f"{name}: {game!r}.result({state!r}, {a!r}) changed the state it was given (or "
                             "returned it): states must be immutable, a new state for every move, since a "
                             "search keeps the states it has seen")


class CheckedGame:
    """``game`` as a search sees it once its entry checks have passed: the game's own methods (bound
    once, so calling them costs no more), except ``utility`` and ``chance_outcomes``, wrapped by
    :func:`checked_utility` (finite values) and :func:`checked_chance` so that what they return is
    checked.  For searches that hand the game to their building blocks (MCTS's four steps, TD's
    self-play)."""

    def __init__(self, game):
        self.game = game
        self.initial_state = game.initial_state
        self.player_order = player_order(game)
        self.to_move, self.actions, self.result, self.is_terminal = (game.to_move, game.actions, game.result,
                                                                     game.is_terminal)
        self.utility = checked_utility(game, finite=True)
        self.chance_outcomes = checked_chance(game)

    def __repr__(self):
        return repr(self.game)


def checked_vector_evaluation(evaluate, players, name: str = "evaluate"):
    """``evaluate`` wrapped so that every value it returns is a utility vector for ``players``: a
    sequence of one real number (not NaN) per player, returned as a tuple; else
    :class:`EvaluationError` naming the state and what is wrong."""
    n = len(players)

    def checked(state):
        v = evaluate(state)
        try:
            v = tuple(v)
        except TypeError:
            raise EvaluationError(f"{name}({state!r}) returned {v!r}, not a utility vector: a tuple of "
                                  f"{n} numbers, one for each of {', '.join(map(str, players))}") from None
        if len(v) != n:
            raise EvaluationError(f"{name}({state!r}) returned {v!r}, {len(v)} numbers for {n} players "
                                  f"({', '.join(map(str, players))})")
        for p, x in zip(players, v):
            if x.__class__ is not float and x.__class__ is not int or x != x:
                if name == "utilities":
                    utility_value(x, state, p)
                evaluation_value(x, state, f"{name} (the entry for {p})")
        return v

    checked.gamelib_checked = True
    checked.__wrapped__ = evaluate
    return checked


def player_order(game) -> tuple[Player, ...]:
    """``game.player_order`` (default (MAX, MIN)) as a tuple of distinct hashable players, CHANCE not
    among them; else :class:`ArgumentError`."""
    order = getattr(game, "player_order", (MAX, MIN))
    try:
        ok = isinstance(order, (tuple, list)) and len(order) >= 1 and CHANCE not in order \
            and len(set(order)) == len(order)
    except TypeError:                      # an unhashable player
        ok = False
    if not ok:
        raise ArgumentError(f"{game!r}.player_order must be a tuple of distinct players (not CHANCE), "
                            f"the order of its utility vectors; got {order!r}")
    return tuple(order)


def seat(value, name: str = "player"):
    """``value`` if it is MAX or MIN, the seats of a two-player game; else :class:`ArgumentError`."""
    if value != MAX and value != MIN:
        raise ArgumentError(f"{name} must be MAX or MIN, got {value!r}")
    return value


def player(name: str, value, game: GameProtocol) -> Player:
    """``value`` if it is one of ``game``'s players (:func:`player_order`); else
    :class:`ArgumentError` naming them."""
    order = player_order(game)
    try:
        if value in order:
            return value
    except TypeError:
        pass
    raise ArgumentError(f"{name} must be one of the players of {game!r}, {', '.join(map(repr, order))}; "
                        f"got {value!r}")


def unhandled_player(search: str, player, state, game, *, chance_name: str | None = None) -> GameError:
    """The error for a two-player search (MAX, MIN and maybe CHANCE) meeting a state where ``player``
    moves.  At a CHANCE state: use expectiminimax (the message calls the search ``chance_name`` if
    given); for a third player: use max^n or the paranoid reduction (AIMA 4th ed. §5.2.2)."""
    if player == CHANCE or player in (MAX, MIN):
        return GameError(f"{chance_name or search} does not handle {player} states (at {state!r}); "
                         "use expectiminimax for games of chance")
    order = getattr(game, "player_order", None)
    who = f" (its players are {', '.join(map(repr, order))})" if isinstance(order, (tuple, list)) else ""
    return GameError(f"{search} is a two-player search (MAX against MIN), but {player!r} moves at "
                     f"{state!r}{who}: search a game of more players with gamelib.maxn, or as a "
                     f"two-player game with gamelib.paranoid(game, player)")


def checked_order(order):
    """``order(state, actions)`` wrapped so that what it returns is checked: the same actions, each
    once, in any order (a move ordering never drops or repeats a move; AIMA 4th ed. §5.2.4).  A
    generator or other iterable is taken as the tuple it yields.

    Orderings that hand back the same tuple objects again and again (Connect Four's
    ``center_first`` caches its answers, and the game its action tuples) are checked once per pair of
    tuples: a pair already checked is remembered by identity (and kept alive, so identities cannot be
    reused), which keeps the check cheap inside a search."""
    function("order", order, "a function (state, actions) -> the same actions, reordered")
    if getattr(order, "gamelib_checked", False):
        return order
    passed = {}                                   # id(out) -> (actions, out), both tuples

    def checked(state, actions):
        out = order(state, actions)
        if out.__class__ is tuple:
            known = passed.get(id(out))
            if known is not None and known[0] is actions:
                return out
        if out.__class__ is not list and out.__class__ is not tuple:
            try:
                out = tuple(out)
            except TypeError:
                raise ArgumentError(f"order({state!r}, {actions!r}) returned {out!r}, not a sequence of "
                                    "actions") from None
        try:
            same = len(out) == len(actions) and len(seen := set(out)) == len(out) \
                and seen.issuperset(actions)
        except TypeError:                                    # unhashable actions: compare slowly
            same = len(out) == len(actions) and all(out.count(a) == 1 for a in actions)
        if not same:
            raise ArgumentError(f"order({state!r}, {tuple(actions)!r}) returned {out!r}: a move ordering "
                                "must return the same actions, each once, reordered (dropping or "
                                "repeating a move changes the search's value)")
        if out.__class__ is tuple and actions.__class__ is tuple:
            if len(passed) >= 4096:
                passed.clear()
            passed[id(out)] = (actions, out)
        return out

    checked.gamelib_checked = True
    checked.__wrapped__ = order
    return checked


@contextmanager
def recursion_guard(game, name: str, depth=None, frames_per_ply: int = 1):
    """Turn a RecursionError inside a search into a :class:`SearchDepthError` that says why and what
    to do.  Costs nothing while the search runs (a try block).  ``frames_per_ply``: the Python calls
    the search makes per ply (2 for :func:`gamelib.limits.search`, whose ``value`` calls a half), so
    the message gives the depth the search really reaches."""
    try:
        yield
    except RecursionError:
        limit = sys.getrecursionlimit() // frames_per_ply
        if depth is None:
            what = (f"{name} on {game!r} went deeper than Python's recursion allows (about {limit} "
                    "plies): the game is too deep to search to the end, or its positions repeat (cycles); "
                    "give depth= and evaluate= (a depth-limited search, AIMA Eq. 5.2)")
        else:
            what = (f"{name} on {game!r} with depth={depth!r} went deeper than Python's recursion allows "
                    f"(about {limit} plies): give a smaller depth")
        raise SearchDepthError(what) from None

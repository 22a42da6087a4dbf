"""The hiding game: a move that gives away a secret, the lesson "averaging over clairvoyance never
hides information" (Zell's slides §5.6; AIMA 4th ed. §5.6.2) on the smallest game that shows it.

CHANCE hides a treasure in the ``'north'`` or the ``'south'`` (1/2 each); MAX knows where.  MAX
marches its troops ``'north'`` or ``'south'`` (marching towards the treasure is worth ``bonus`` = 0.5:
it is closer to dig it up).  MIN sees the march, not the treasure, and ``'defend north'`` or
``'defend south'``: if MIN defends the treasure's side MAX loses 1, otherwise MAX wins 1.

* Averaging over clairvoyance imagines, in each world, that MIN sees the treasure too and defends it
  whatever MAX does; then only the bonus differs, so it marches towards the treasure every time, and
  the march tells MIN where to defend: MAX gets -1 + 0.5 = **-0.5**.
* Hiding: marching north or south at random, whatever the treasure, tells MIN nothing.  In the
  equilibrium MAX does exactly that, MIN defends the side MAX marched to with probability 5/8, and
  MAX's value is **+0.25** (the kit's tests check it with CFR).

>>> game = HidingGame()
>>> s = game.result(game.result(game.initial_state, "north"), "south")
>>> game.information_set(s, MAX), game.information_set(s, MIN), game.actions(s)
('treasure north', 'MAX marched south', ('defend north', 'defend south'))
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import CHANCE, MAX, MIN, ArgumentError, Game, StateError, trusted

SIDES = ("north", "south")


class HidingState(NamedTuple):
    """``treasure``: 'north'/'south' (None before CHANCE hides it); ``march``: MAX's move;
    ``defend``: MIN's."""

    treasure: str | None = None
    march: str | None = None
    defend: str | None = None


class HidingGame(Game):
    """``HidingGame(bonus=0.5)``: see the module docstring."""

    def __init__(self, bonus: float = 0.5):
        from ..validate import number
        self.bonus = number("bonus", bonus, what="a finite number (a utility)")
        self.initial_state = HidingState()

    # Each method first refuses a state of another game (StateError): one comparison of classes.
    def to_move(self, state):
        if state.__class__ is not HidingState:
            self.check_state(state)
        if state.treasure is None:
            return CHANCE
        return MAX if state.march is None else MIN

    @trusted
    def chance_outcomes(self, state):
        if state.__class__ is not HidingState:
            self.check_state(state)
        if state.treasure is not None:
            return super().chance_outcomes(state)
        return [(side, 0.5) for side in SIDES]

    def actions(self, state):
        if state.__class__ is not HidingState:
            self.check_state(state)
        if state.treasure is None or self.is_terminal(state):
            return ()
        return SIDES if state.march is None else tuple(f"defend {s}" for s in SIDES)

    def result(self, state, action):
        if state.__class__ is not HidingState:
            self.check_state(state)
        if state.treasure is None:
            if not isinstance(action, str) or action not in SIDES:
                raise self.illegal(state, action)
            return HidingState(action)
        if action not in self.actions(state):
            raise self.illegal(state, action)
        if state.march is None:
            return state._replace(march=action)
        return state._replace(defend=action.split()[1])

    def is_terminal(self, state):
        if state.__class__ is not HidingState:
            self.check_state(state)
        return state.defend is not None

    @trusted
    def utility(self, state, player):
        if not self.is_terminal(state):
            raise StateError(f"{state!r} is not a finished game of {self!r}: only those have a utility")
        u = (-1 if state.defend == state.treasure else 1) + (self.bonus if state.march == state.treasure else 0)
        if player == MAX:
            return u
        if player == MIN:
            return -u
        raise ArgumentError(f"player must be MAX or MIN, got {player!r}")

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a position of the hiding game: the
        treasure, the march and the defence each 'north', 'south' or None, each decided only after the
        one before it."""
        try:
            ok = isinstance(state, HidingState) and all(x is None or x in SIDES for x in state) \
                and (state.treasure is not None or state.march is None) \
                and (state.march is not None or state.defend is None)
        except TypeError:
            ok = False
        if not ok:
            raise StateError(f"{state!r} is not a state of {self!r}: HidingState(treasure, march, defend), each "
                             "'north', 'south' or None, decided in that order")

    def observation(self, state, player):
        """MAX: where the treasure is; MIN: where MAX marched (once it has)."""
        if state.__class__ is not HidingState:
            self.check_state(state)
        if player != MAX and player != MIN:
            raise ArgumentError(f"player must be MAX or MIN, got {player!r}")
        if state.treasure is None:
            return ""
        if player == MAX:
            return f"treasure {state.treasure}"
        return "" if state.march is None else f"MAX marched {state.march}"

    def information_set(self, state, player):
        """The observation (each player decides once, so it is its whole history)."""
        return self.observation(state, player)

    def __repr__(self):
        return f"HidingGame(bonus={self.bonus})"

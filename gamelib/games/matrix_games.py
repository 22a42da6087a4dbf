"""Simultaneous-move games as payoff matrices (CS221 *Games II*): the classics, with their sources.

Each is a :class:`MatrixGame`: the two players' action names and payoff matrices, rows for the row
player.  :mod:`gamelib.normal_form` solves them; :class:`gamelib.viz.PayoffMatrixWidget` edits them.

=========================  ==========================================================================
``TWO_FINGER_MORRA``        CS221: "Players A and B each show 1 or 2 fingers.  If both show 1, B gives A
                            2 dollars.  If both show 2, B gives A 4 dollars.  Otherwise, A gives B 3
                            dollars."  Zero-sum.
``ROCK_PAPER_SCISSORS``     rock beats scissors beats paper beats rock: +1 to the winner, −1 to the
                            loser, 0 for a tie.  Zero-sum.
``MATCHING_PENNIES``        the row player wins 1 if the pennies match, loses 1 if not.  Zero-sum.
``PRISONERS_DILEMMA``       CS221: "If both testify, then both are sentenced to 5 years in jail.  If
                            both refuse, then both are sentenced to 1 year in jail.  If only one
                            testifies, then he/she gets out for free; the other gets a 10-year
                            sentence."  Payoffs are minus the years.
``COLLABORATIVE_MORRA``     CS221's coordination game: two-finger Morra where both players receive A's
                            payoff (2 if both show 1, 4 if both show 2, −3 otherwise).
``BATTLE_OF_THE_SEXES``     coordination with a conflict: both prefer going out together, each to
                            their own favourite (opera or football).
=========================  ==========================================================================

A :class:`MatrixGame` checks what it is given (:func:`gamelib.normal_form.payoff_rows`): payoffs that are
not a rectangular matrix of finite numbers, matrices of different shapes, or action names that are not
one distinct string per row (column) raise :class:`~gamelib.core.ArgumentError` naming the problem.
"""
from __future__ import annotations

from collections import namedtuple
from fractions import Fraction

from ..core import ArgumentError
from ..normal_form import payoff_rows

_Fields = namedtuple("_Fields", "name row_actions col_actions row_payoffs col_payoffs")


class MatrixGame(_Fields):
    """A two-player simultaneous game: ``row_payoffs[i][j]`` and ``col_payoffs[i][j]`` are what the
    row and the column player get when they play ``row_actions[i]`` and ``col_actions[j]``.

    ``MatrixGame(name, row_actions, col_actions, row_payoffs, col_payoffs)``: a named tuple of these
    five, checked when made (payoffs kept as given: ints, Fractions or floats, as tuples of tuples)."""

    __slots__ = ()

    def __new__(cls, name, row_actions, col_actions, row_payoffs, col_payoffs):
        if not isinstance(name, str):
            raise ArgumentError(f"name must be a string (the game's name), got {name!r}")
        A = payoff_rows(row_payoffs, "row_payoffs")
        B = payoff_rows(col_payoffs, "col_payoffs")
        if (len(A), len(A[0])) != (len(B), len(B[0])):
            raise ArgumentError(f"row_payoffs is {len(A)}×{len(A[0])} but col_payoffs is {len(B)}×{len(B[0])}: "
                                "both give a payoff for every pair of actions")
        rows = _action_names("row_actions", row_actions, len(A), "row")
        cols = _action_names("col_actions", col_actions, len(A[0]), "column")
        return super().__new__(cls, name, rows, cols, A, B)

    @classmethod
    def _make(cls, iterable):
        return cls(*iterable)

    def _replace(self, **changes):
        return type(self)(**{**self._asdict(), **changes})

    @property
    def zero_sum(self) -> bool:
        """Does the column player always get exactly what the row player loses?"""
        return all(a == -b for ra, rb in zip(self.row_payoffs, self.col_payoffs) for a, b in zip(ra, rb))

    def table(self) -> str:
        """The payoff matrix as text, each cell 'row payoff, column payoff'."""
        cells = [[f"{_fmt(a)}, {_fmt(b)}" for a, b in zip(ra, rb)]
                 for ra, rb in zip(self.row_payoffs, self.col_payoffs)]
        width = max(len(c) for row in cells for c in row + [str(a) for a in self.col_actions])
        left = max(len(str(a)) for a in self.row_actions)
        lines = [" " * left + " | " + " | ".join(f"{str(a):^{width}}" for a in self.col_actions)]
        lines.append("-" * len(lines[0]))
        for action, row in zip(self.row_actions, cells):
            lines.append(f"{str(action):>{left}} | " + " | ".join(f"{c:^{width}}" for c in row))
        return "\n".join(lines)


def _action_names(name, actions, count, who) -> tuple:
    expected = f"{name} must be {count} distinct names (strings), one for each {who} action of the payoffs"
    if not isinstance(actions, (list, tuple)) or len(actions) != count \
            or any(not isinstance(a, str) for a in actions) or len(set(actions)) != len(actions):
        raise ArgumentError(f"{expected}, got {actions!r}")
    return tuple(actions)


def _fmt(v) -> str:
    """A payoff as the table shows it: 3, -2.5, 1/3."""
    if isinstance(v, Fraction):
        return str(v)
    return str(v) if isinstance(v, int) else f"{v:g}"


def zero_sum(name: str, row_actions, col_actions, payoffs) -> MatrixGame:
    """A zero-sum :class:`MatrixGame` from the row player's payoffs (the column player gets −payoff)."""
    payoffs = payoff_rows(payoffs, "payoffs")
    return MatrixGame(name, row_actions, col_actions, payoffs, tuple(tuple(0 - v for v in r) for r in payoffs))


TWO_FINGER_MORRA = zero_sum("two-finger Morra", ("1", "2"), ("1", "2"), [[2, -3], [-3, 4]])
ROCK_PAPER_SCISSORS = zero_sum("rock-paper-scissors", ("rock", "paper", "scissors"),
                               ("rock", "paper", "scissors"), [[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
MATCHING_PENNIES = zero_sum("matching pennies", ("heads", "tails"), ("heads", "tails"), [[1, -1], [-1, 1]])
PRISONERS_DILEMMA = MatrixGame("prisoner's dilemma", ("testify", "refuse"), ("testify", "refuse"),
                               ((-5, 0), (-10, -1)), ((-5, -10), (0, -1)))
COLLABORATIVE_MORRA = MatrixGame("collaborative two-finger Morra", ("1", "2"), ("1", "2"),
                                 ((2, -3), (-3, 4)), ((2, -3), (-3, 4)))
BATTLE_OF_THE_SEXES = MatrixGame("battle of the sexes", ("opera", "football"), ("opera", "football"),
                                 ((3, 0), (0, 2)), ((2, 0), (0, 3)))

MATRIX_GAMES = {g.name: g for g in (TWO_FINGER_MORRA, ROCK_PAPER_SCISSORS, MATCHING_PENNIES,
                                    PRISONERS_DILEMMA, COLLABORATIVE_MORRA, BATTLE_OF_THE_SEXES)}
"""The games above by name (the presets of the payoff-matrix widget)."""

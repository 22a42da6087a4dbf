"""Backgammon, the game of chance of AIMA 4th ed. §5.5 (Fig. 5.13; the Game Playing slides' "Backgammon",
Zell's §5.5 and its TD-Gammon), with its full rules and no doubling cube.

Rules.  Two players, X (MAX, white) and O (MIN, black), each with 15 checkers on a track of 24 points.
Each counts the points from its own side: X moves its checkers from its 24-point down towards its
1-point, O the other way round, so X's point p is O's point 25 - p.  Points 1 to 6 are a player's
*home board*.  At the start each has 2 checkers on its 24-point, 5 on its 13, 3 on its 8 and 5 on its 6.

* **The opening.**  Each player throws one die; the higher starts and plays those two numbers (equal
  throws are thrown again, so the first move is never a double): the first CHANCE node has 30
  outcomes ``(X's die, O's die)``, 1/30 each.
* **A turn.**  The player rolls two dice (a CHANCE node: 21 distinct rolls, 1/18 for each of the 15
  non-doubles, 1/36 for each of the 6 doubles) and moves one checker per number, the checker moved
  by the first number may also move by the second.  **Doubles are played four times.**
* **Points.**  A checker may land on an empty point, on its own checkers, or on a point holding a single
  opposing checker (a *blot*), which it **hits**: the blot goes to the **bar**.  A point holding two
  or more opposing checkers is blocked.
* **The bar.**  A player with checkers on the bar must **enter** them all first, into the opponent's
  home board (a die of n enters on the player's (25 - n)-point), before any other checker may move.
* **Bearing off.**  Once all 15 of a player's checkers are in its home board (none on the bar, none
  outside), it may bear them off: a checker on the n-point leaves with a die of n, or with a larger
  die if no checker stands on a higher point.
* **Using the dice.**  Both numbers must be played if possible (all four of a double); if only one can
  be, the larger must be played if it can; a player who can play nothing loses the turn.
* **The end.**  The first to bear off all 15 wins 1 point; 2 (a *gammon*) if the loser has borne off
  none; 3 (a *backgammon*) if the loser has borne off none and still has a checker on the bar or in the
  winner's home board.  ``Backgammon(gammons=False)`` scores every win ±1.

No doubling cube (nor matches): the cube is a decision about the stakes, not a move, and the chapter's
searches have no place for it.  UTILITY is therefore ±1, ±2 or ±3 for MAX.

**A move is a whole turn** (AIMA's count: "b ≈ 20 moves" for one roll), written in the standard
notation, each checker's steps from its own point of view: ``'24/18 13/11'`` (one checker from 24 to
18, another from 13 to 11), ``'13/7*/5'`` (one checker hits on 7 and goes on to 5), ``'bar/22'``,
``'6/off'``, ``'8/5(2)'`` (two checkers), ``'pass'`` (nothing can be played).  **Actions are the
distinct resulting positions**, each named by one sequence that reaches it: 13/8 8/5 and 13/10 10/5 are
one action, ``'13/5'``.  Several orders of the same checkers lead to the same position, and a search
that met each of them would visit the same subtree over and over without its value changing; gnubg
lists moves the same way.  OpenSpiel's ``backgammon`` lists *move sequences* instead (each pair of
checker moves, in either order of the dice, is an action of its own; a double is two such actions), so the
kit compares the two by the sets of positions each game's turns reach.  The actions
of a state come in the order they are found: the larger die first, checkers further from home first.

**States** are :class:`BackgammonState`: the two sides' checkers, whose turn it is and the dice to
play.  They are printed and parsed in a text notation (:func:`notation`, :func:`parse`)::

    -b----E-C---eE---c-e----B- X 65

26 characters, one per place as seen by X: character 0 is O's bar, characters 1 to 24 are X's points 1
to 24 (O's points 24 to 1), character 25 is X's bar.  ``-`` is an empty place; a capital letter is that
many of X's checkers (``A`` = 1, ``B`` = 2, ..., ``O`` = 15), a small letter as many of O's.  Checkers
borne off are those missing from 15.  Then whose turn it is, ``X`` or ``O``, and the roll to play
(``65``); without a roll the player is about to roll, and the position alone is the start before the
opening throw.  :func:`position_id` and :func:`from_position_id` read and write GNU Backgammon's
14-character position ID (the start is ``4HPwATDgc/ABMA``), so positions can be checked in gnubg.

The state graph has cycles (a hit sends a checker back, so positions can repeat), and more than 10^20
positions (Sutton & Barto, *Reinforcement Learning*, §16.1; the Purdue slides' 10^144 counts the game tree):
searches must be given ``depth=`` and an evaluation (AIMA Eq. 5.2).  :func:`evaluation` is a simple
one built from the pip count, the blots and the home-board points, the game knowledge a
depth-limited expectiminimax needs.

>>> game = Backgammon()
>>> start = game.result(game.initial_state, (3, 1))      # X throws 3, O throws 1: X opens with 3-1
>>> start
BackgammonState('-b----E-C---eE---c-e----B- X 31')
>>> game.to_move(start), len(game.actions(start)), game.actions(start)[:3]
('MAX', 16, ('24/23 24/21', '24/20', '24/21 8/7'))
>>> after = game.result(start, "8/5 6/5")                # making the 5-point, the book move
>>> notation(after), game.to_move(after)
('-b---BD-B---eE---c-e----B- O', 'CHANCE')
>>> len(game.chance_outcomes(after)), game.chance_outcomes(after)[:2]
(21, [((1, 1), 0.027777777777777776), ((2, 1), 0.05555555555555555)])
"""
from __future__ import annotations

import base64
import re
from functools import lru_cache
from typing import NamedTuple

from ..core import CHANCE, Game, GameError, IllegalMoveError, MAX, MIN, StateError, trusted
from ..evaluation import WeightedSum, changed_weights
from ..validate import flag

CHECKERS = 15
"""Checkers a side."""
OFF, BAR = 0, 25
"""The two places off the track, in a side's own numbering: borne off (0) and the bar (25)."""
PASS = "pass"
"""The action of a player who can play nothing (the turn passes)."""

# ---------------------------------------------------------------------------------------------------
# The data representation.  A side's checkers are one integer, four bits a place: bits 4i..4i+3 hold how
# many of its checkers are at place i of its own numbering (0 borne off, 1-24 the points, 25 the bar).
# Fifteen checkers fit in four bits, so no count ever carries into the next.  Moving a checker is two
# additions, and the questions the rules ask are comparisons: every checker home (nothing above the
# 6-point) is ``side < ONE[7]``, nothing above point p is ``side < ONE[p + 1]``, a checker on the bar is
# ``side >= ONE[BAR]``.  Such integers hash fast, which the search's dictionaries need.
# ---------------------------------------------------------------------------------------------------

ONE = tuple(1 << (4 * i) for i in range(26))
"""ONE[i]: one checker at place i."""
_SHIFT = tuple(4 * i for i in range(26))


def checkers_at(side: int, place: int) -> int:
    """How many checkers ``side`` (a packed side) has at ``place`` of its own numbering."""
    return (side >> _SHIFT[place]) & 15


def counts(side: int) -> tuple:
    """The 26 counts of a packed side: borne off, points 1 to 24, bar (its own numbering)."""
    return tuple((side >> s) & 15 for s in _SHIFT)


def pack(places: dict | tuple) -> int:
    """A packed side from ``{place: count}`` (or 26 counts) of at most 15 checkers; unless the count at
    ``OFF`` is given, the checkers borne off are those missing from 15.  (Unchecked: states made with it
    go through ``check_state``.)"""
    if isinstance(places, dict):
        places = [places.get(i, 0) for i in range(26)]
    side = sum(c * ONE[i] for i, c in enumerate(places))
    return side if places[OFF] else side + (CHECKERS - sum(places)) * ONE[OFF]


START = pack({24: 2, 13: 5, 8: 3, 6: 5})
"""Either side at the start of the game."""


class BackgammonState(NamedTuple):
    """A backgammon position (immutable, hashable).

    ``x``, ``o``   X's and O's checkers, each packed into one integer in its own numbering (see the
                   module's source; :meth:`counts`, :meth:`board`, :attr:`bar`, :attr:`off` read them).
    ``turn``       MAX (X) or MIN (O): the player who plays the dice, rolled or about to be; None before
                   the opening throw.
    ``dice``       the roll to play, ``(high, low)``; None while the dice are still to be thrown.
    """

    x: int
    o: int
    turn: str | None = None
    dice: tuple | None = None

    def side(self, player: str) -> int:
        """The packed checkers of ``player`` (MAX: X, MIN: O)."""
        return self.x if player == MAX else self.o

    def counts(self, player: str) -> tuple:
        """``player``'s 26 counts in its own numbering: [0] borne off, [1..24] points, [25] bar."""
        return counts(self.side(player))

    def board(self) -> tuple:
        """The 24 points as X sees them, ``board()[p - 1]`` for X's point p: X's checkers counted
        positive, O's negative."""
        x, o = counts(self.x), counts(self.o)
        return tuple(x[p] - o[25 - p] for p in range(1, 25))

    @property
    def bar(self) -> tuple:
        """(X's, O's) checkers on the bar."""
        return checkers_at(self.x, BAR), checkers_at(self.o, BAR)

    @property
    def off(self) -> tuple:
        """(X's, O's) checkers borne off."""
        return checkers_at(self.x, OFF), checkers_at(self.o, OFF)

    @property
    def pips(self) -> tuple:
        """(X's, O's) pip counts: the pips each needs to bear off everything (a checker on the bar
        counts 25)."""
        return pip_count(self.x), pip_count(self.o)

    def __repr__(self):
        if type(self.x) is int and type(self.o) is int and 0 <= self.x < 1 << 104 and 0 <= self.o < 1 << 104:
            return f"BackgammonState({notation(self)!r})"
        return f"BackgammonState(x={self.x!r}, o={self.o!r}, turn={self.turn!r}, dice={self.dice!r})"

    def __str__(self):
        return picture(self)


# ---------------------------------------------------------------------------------------------------
# The dice
# ---------------------------------------------------------------------------------------------------

ROLLS = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 distinct rolls, ``(high, low)``: (1, 1), (2, 1), (2, 2), (3, 1), ..."""
OPENING = tuple((a, b) for a in range(1, 7) for b in range(1, 7) if a != b)
"""The 30 outcomes of the opening throw, ``(X's die, O's die)``; the higher die starts."""
_ROLL_OUTCOMES = tuple((r, 1 / 36 if r[0] == r[1] else 1 / 18) for r in ROLLS)
_OPENING_OUTCOMES = tuple((t, 1 / 30) for t in OPENING)


# ---------------------------------------------------------------------------------------------------
# The rules of movement: the hot path of every search
# ---------------------------------------------------------------------------------------------------

def _single_moves(me: int, opp: int, die: int) -> list:
    """Every legal way to move one checker of ``me`` by ``die``: ``[(me', opp', step)]``, step =
    (from, to, hit) in ``me``'s numbering; checkers further from home first."""
    out = []
    if me >= ONE[BAR]:                                 # a checker on the bar must enter first
        sources = (BAR,)
    else:
        sources = [p for p in range(24, 0, -1) if (me >> _SHIFT[p]) & 15]
    all_home = me < ONE[7]
    for src in sources:
        dst = src - die
        if dst > 0:
            mine = 25 - dst                            # the same point in the opponent's numbering
            theirs = (opp >> _SHIFT[mine]) & 15
            if theirs >= 2:                            # blocked
                continue
            if theirs == 1:                            # a blot: hit it, to the bar
                out.append((me - ONE[src] + ONE[dst], opp - ONE[mine] + ONE[BAR], (src, dst, True)))
            else:
                out.append((me - ONE[src] + ONE[dst], opp, (src, dst, False)))
        elif all_home and (dst == 0 or me < ONE[src + 1]):   # bear off: exactly, or from the highest point
            out.append((me - ONE[src] + ONE[OFF], opp, (src, OFF, False)))
    return out


def legal_turns(me: int, opp: int, dice: tuple) -> dict:
    """The legal turns of the side ``me`` against ``opp`` with ``dice`` = (high, low):
    ``{(me', opp'): steps}``, one entry per distinct resulting position, ``steps`` being the first
    sequence of steps found that reaches it (the larger die first, back checkers first).

    Both dice must be played if possible (all four numbers of a double); if only one can be, the
    larger if it can; if neither, the turn passes (``{(me, opp): ()}``)."""
    high, low = dice
    if high != low:
        found = {}
        for first, second in ((high, low), (low, high)):
            for me1, opp1, step1 in _single_moves(me, opp, first):
                for me2, opp2, step2 in _single_moves(me1, opp1, second):
                    found.setdefault((me2, opp2), (step1, step2))
        if found:
            return found
        for die in (high, low):                        # one number only: the larger if it can be played
            for me1, opp1, step in _single_moves(me, opp, die):
                found.setdefault((me1, opp1), (step,))
            if found:
                return found
        return {(me, opp): ()}
    level = {(me, opp): ()}                            # doubles: as many of the four as can be played
    for _ in range(4):
        nxt = {}
        for (m, o), steps in level.items():
            for m1, o1, step in _single_moves(m, o, high):
                if (m1, o1) not in nxt:
                    nxt[m1, o1] = steps + (step,)
        if not nxt:
            break
        level = nxt
    return level


def _place(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


@lru_cache(maxsize=1 << 16)
def move_text(steps: tuple) -> str:
    """Steps ``((from, to, hit), ...)`` in the standard notation: a checker's consecutive steps joined
    (``24/13``, or ``24/18*/13`` if it hit on the way), ``*`` after a hit, ``(2)`` for two checkers
    moved alike, the checkers furthest from home first; ``'pass'`` for no step.  (Remembered: the
    same few thousand sequences of steps come back in position after position.)"""
    if not steps:
        return PASS
    parts = []                                         # [start, [(point, hit), ...]] one per checker
    for src, dst, hit in steps:
        for part in parts:
            if src != OFF and part[1][-1][0] == src:    # the checker that just arrived moves on
                part[1].append((dst, hit))
                break
        else:
            parts.append([src, [(dst, hit)]])
    texts = []
    for start, path in sorted(parts, key=lambda part: (part[0], part[1][-1][0]), reverse=True):
        shown = [f"{_place(p)}*" for p, hit in path[:-1] if hit]
        end, hit = path[-1]
        texts.append("/".join([_place(start), *shown, _place(end) + ("*" if hit else "")]))
    out = []
    for text in texts:                                 # '8/5 8/5' -> '8/5(2)'
        if out and out[-1][0] == text:
            out[-1][1] += 1
        else:
            out.append([text, 1])
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in out)


# ---------------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------------

MEMO_SIZE = 4096
"""States whose turns :class:`Backgammon` remembers (a search asks ACTIONS(s), then RESULT(s, a) for
each a, with other states' questions in between)."""


class Backgammon(Game):
    """``Backgammon(gammons=True)``: backgammon for MAX (X) and MIN (O), CHANCE throwing the dice.

    ``gammons=True`` scores gammons 2 and backgammons 3 (UTILITY in ±1, ±2, ±3); ``gammons=False``
    scores every win ±1.  ``bounds`` is the range of UTILITY, what Star1/Star2 need
    (``star2(game, s, lower=game.bounds[0], upper=game.bounds[1], ...)``).  See the module docstring
    for the rules, the actions and the notation.
    """

    cyclic = True          # a hit sends a checker back: positions repeat, so searches need a depth

    def __init__(self, gammons: bool = True):
        self.gammons = flag("gammons", gammons)
        self.bounds = (-3, 3) if self.gammons else (-1, 1)
        self.initial_state = BackgammonState(START, START)
        self._memo: dict = {}          # state -> {action: child}, at most MEMO_SIZE states

    # -- the protocol (AIMA §5.1) -----------------------------------------------------------------
    def to_move(self, state):
        return CHANCE if state.dice is None else state.turn

    def is_terminal(self, state):
        return (state.x & 15) == CHECKERS or (state.o & 15) == CHECKERS

    @trusted
    def chance_outcomes(self, state):
        if state.dice is not None or self.is_terminal(state):
            return super().chance_outcomes(state)
        return list(_OPENING_OUTCOMES if state.turn is None else _ROLL_OUTCOMES)

    def actions(self, state):
        if state.dice is None or self.is_terminal(state):
            return ()
        return tuple(self._children(state))

    def result(self, state, action):
        if self.is_terminal(state):
            raise self.illegal(state, action)
        if state.dice is None:                         # CHANCE: the dice fall
            if state.turn is None:
                if action.__class__ is not tuple or action not in OPENING:
                    raise self.illegal(state, action)
                a, b = action
                return BackgammonState(state.x, state.o, MAX if a > b else MIN, (max(a, b), min(a, b)))
            if action.__class__ is not tuple or action not in ROLLS:
                raise self.illegal(state, action)
            return state._replace(dice=action)
        try:
            child = self._children(state).get(action)
        except TypeError:                              # an unhashable action
            child = None
        if child is None:
            raise self.illegal(state, action)
        return child

    @trusted
    def utility(self, state, player):
        if not self.is_terminal(state):
            raise GameError(f"utility is asked of terminal states; {state!r} is not the end of the game")
        if (state.x & 15) == CHECKERS:
            loser, sign = state.o, 1
        else:
            loser, sign = state.x, -1
        points = 1
        if self.gammons and loser & 15 == 0:           # nothing borne off: a gammon ...
            points = 3 if loser >= ONE[19] else 2      # ... a backgammon if on the bar or in the winner's home
        if player == MAX:
            return sign * points
        if player == MIN:
            return -sign * points
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")

    def _children(self, state) -> dict:
        """``{action: child}`` for a state where the dice have been rolled (remembered)."""
        memo = self._memo
        children = memo.get(state)
        if children is None:
            mover = state.turn
            me, opp = (state.x, state.o) if mover == MAX else (state.o, state.x)
            other = MIN if mover == MAX else MAX
            children = {}
            for (me2, opp2), steps in legal_turns(me, opp, state.dice).items():
                children[move_text(steps)] = (BackgammonState(me2, opp2, other) if mover == MAX
                                              else BackgammonState(opp2, me2, other))
            if len(memo) >= MEMO_SIZE:
                del memo[next(iter(memo))]             # forget the oldest
            memo[state] = children
        return children

    # -- bad input ------------------------------------------------------------------------------------
    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a :class:`BackgammonState` that
        can arise in play: 15 checkers a side, never both colours on one point, at most one winner,
        whose turn it is and the dice consistent (a roll is (high, low) of 1..6; before the opening
        throw the checkers stand as at the start; after the game is over, nobody holds dice)."""
        if not isinstance(state, BackgammonState):
            raise StateError(f"{state!r} is not a backgammon position (a BackgammonState)")
        for name in ("x", "o"):
            side = getattr(state, name)
            if type(side) is not int or side < 0 or side >= 1 << 104:
                raise StateError(f"{state!r}: {name} must be a packed side (an int of 26 four-bit counts), "
                                 f"got {side!r}")
            total = sum(counts(side))
            if total != CHECKERS:
                raise StateError(f"{name.upper()} has {total} checkers (borne off included); a side has "
                                 f"exactly {CHECKERS}")
        x, o = counts(state.x), counts(state.o)
        both = [p for p in range(1, 25) if x[p] and o[25 - p]]
        if both:
            raise StateError(f"X's point {both[0]} holds checkers of both colours ({x[both[0]]} of X's, "
                             f"{o[25 - both[0]]} of O's); a point belongs to one side at a time")
        if x[OFF] == CHECKERS and o[OFF] == CHECKERS:
            raise StateError("both sides have borne off all 15 checkers; the game ends with the first")
        if state.turn not in (MAX, MIN, None):
            raise StateError(f"turn must be MAX, MIN or None (before the opening throw), got {state.turn!r}")
        if state.dice is not None and (state.dice.__class__ is not tuple or state.dice not in ROLLS):
            raise StateError(f"dice must be None (to be thrown) or a roll (high, low) of two numbers 1 to 6, "
                             f"high first, got {state.dice!r}")
        if state.turn is None and (state.dice is not None or (state.x, state.o) != (START, START)):
            raise StateError("turn=None is the start of the game, before the opening throw: the checkers "
                             "stand as at the start and no dice are rolled")
        winner = MAX if x[OFF] == CHECKERS else MIN if o[OFF] == CHECKERS else None
        if winner is not None and (state.dice is not None or state.turn == winner):
            raise StateError(f"{'X' if winner == MAX else 'O'} has borne off all 15: the game is over, after "
                             f"its own move (the turn passed to its opponent, no dice in hand)")

    def illegal(self, state, action) -> IllegalMoveError:
        """The error for ``action`` not being legal in ``state``: names the move and the legal ones."""
        if isinstance(state, BackgammonState) and state.dice is not None and not self.is_terminal(state):
            legal = list(self.actions(state))
            shown = ", ".join(map(repr, legal[:30])) + (f", ... ({len(legal)} in all)" if len(legal) > 30 else "")
            return IllegalMoveError(f"illegal move {action!r} in {state!r}: moves are whole turns in the "
                                    f"standard notation; legal: {shown}")
        return super().illegal(state, action)

    # -- positions for tests and notebooks --------------------------------------------------------------
    def position(self, x: dict, o: dict, turn: str | None = MAX, dice: tuple | None = None):
        """A checked state from each side's checkers in its own numbering, ``{point: count}`` with
        ``'bar'`` for the bar (borne off: what is missing from 15), e.g. the start is
        ``position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, None)``."""
        sides = []
        for name, given in (("x", x), ("o", o)):
            if not isinstance(given, dict):
                raise StateError(f"{name} must be a dict {{point: count}} (points 1-24 and 'bar'), got {given!r}")
            places = [0] * 26
            for key, n in given.items():
                place = BAR if key == "bar" else key
                if place.__class__ is not int or not 1 <= place <= BAR or n.__class__ is not int or n < 0:
                    raise StateError(f"{name}: {key!r}: {n!r} is not a point (1-24 or 'bar') and a count >= 0")
                places[place] += n
            if sum(places) > CHECKERS:
                raise StateError(f"{name.upper()} has {sum(places)} checkers on the board and the bar; a side "
                                 f"has {CHECKERS}")
            places[OFF] = CHECKERS - sum(places)
            sides.append(sum(c * ONE[i] for i, c in enumerate(places)))
        state = BackgammonState(sides[0], sides[1], turn, tuple(dice) if isinstance(dice, list) else dice)
        self.check_state(state)
        return state

    def __repr__(self):
        return "Backgammon()" if self.gammons else "Backgammon(gammons=False)"


# ---------------------------------------------------------------------------------------------------
# Notation: the text form, a picture, GNU Backgammon's position ID
# ---------------------------------------------------------------------------------------------------

_LETTERS = "-ABCDEFGHIJKLMNO"


def notation(state: BackgammonState) -> str:
    """The text form of ``state`` (module docstring): 26 characters, then ``X``/``O`` and the roll."""
    x, o = counts(state.x), counts(state.o)
    chars = [_LETTERS[o[BAR]].lower()]
    for p in range(1, 25):
        chars.append(_LETTERS[x[p]] if x[p] else _LETTERS[o[25 - p]].lower())
    chars.append(_LETTERS[x[BAR]])
    text = "".join(chars)
    if state.turn is not None:
        text += " " + ("X" if state.turn == MAX else "O")
        if state.dice is not None:
            text += f" {state.dice[0]}{state.dice[1]}"
    return text


_NOTATION = re.compile(r"\s*([-A-Oa-o]{26})(?:\s+([XO])(?:\s+([1-6])([1-6]))?)?\s*")


def parse(text: str) -> BackgammonState:
    """The state written ``text`` in the notation of :func:`notation`, e.g.
    ``'-b----E-C---eE---c-e----B- X 65'``.  Raises :class:`~gamelib.core.StateError` naming what is
    wrong: a malformed string, more than 15 checkers of a side, an impossible position."""
    if not isinstance(text, str):
        raise StateError(f"a position is written as a string, got {text!r}")
    m = _NOTATION.fullmatch(text)
    if m is None:
        raise StateError(f"{text!r} is not a backgammon position: 26 characters ('-', A-O for 1-15 of X's "
                         "checkers, a-o for O's; O's bar, X's points 1 to 24, X's bar), then optionally X or O "
                         "(whose turn) and the roll, e.g. '-b----E-C---eE---c-e----B- X 65'")
    board, who, d1, d2 = m.groups()
    x, o = [0] * 26, [0] * 26
    o[BAR] = _LETTERS.index(board[0].upper())
    x[BAR] = _LETTERS.index(board[25])
    for p in range(1, 25):
        c = board[p]
        if c.isupper():
            x[p] = _LETTERS.index(c)
        elif c != "-":
            o[25 - p] = _LETTERS.index(c.upper())
    for name, side in (("X", x), ("O", o)):
        if sum(side) > CHECKERS:
            raise StateError(f"{text!r}: {name} has {sum(side)} checkers on the board and the bar; a side has "
                             f"{CHECKERS}")
    dice = None
    if d1 is not None:
        dice = (max(int(d1), int(d2)), min(int(d1), int(d2)))
    turn = None if who is None else MAX if who == "X" else MIN
    state = BackgammonState(pack(x), pack(o), turn, dice)
    Backgammon().check_state(state)
    return state


def picture(state: BackgammonState) -> str:
    """A text picture of the board, X's home board at the bottom right (the way X sits): X's points 13
    to 24 along the top, 12 to 1 along the bottom, stacks of up to five checkers, a number for taller
    stacks, the bar in the middle, borne-off counts and whose turn it is below."""
    board = state.board()
    top, bottom = list(range(13, 25)), list(range(12, 0, -1))

    def cell(p, row):
        n = board[p - 1]
        k = abs(n)
        mark = "X" if n > 0 else "O"
        if k > row:
            return mark if row < 4 or k <= 5 else str(k)       # a taller stack shows its height
        return "."

    def line(points, row):
        left = " ".join(f"{cell(p, row):>2}" for p in points[:6])
        right = " ".join(f"{cell(p, row):>2}" for p in points[6:])
        return f"|{left} |   |{right} |"

    xbar, obar = state.bar
    xoff, ooff = state.off
    rows = [" " + " ".join(f"{p:>2}" for p in top[:6]) + "       " + " ".join(f"{p:>2}" for p in top[6:]),
            "+" + "-" * 18 + "+---+" + "-" * 18 + "+"]
    rows += [line(top, r) for r in range(5)]
    rows.append(f"|{' ' * 18}|BAR|{' ' * 18}|   bar: X {xbar}, O {obar}")
    rows += [line(bottom, r) for r in reversed(range(5))]
    rows += ["+" + "-" * 18 + "+---+" + "-" * 18 + "+",
             " " + " ".join(f"{p:>2}" for p in bottom[:6]) + "       " + " ".join(f"{p:>2}" for p in bottom[6:])]
    if (state.x & 15) == CHECKERS or (state.o & 15) == CHECKERS:
        whose = f"{'X' if (state.x & 15) == CHECKERS else 'O'} has won"
    elif state.turn is None:
        whose = "before the opening throw"
    else:
        who = "X" if state.turn == MAX else "O"
        whose = f"{who} to roll" if state.dice is None else f"{who} to play {state.dice[0]}-{state.dice[1]}"
    rows.append(f"borne off: X {xoff}, O {ooff}; {whose}")
    return "\n".join(rows)


def position_id(state: BackgammonState) -> str:
    """GNU Backgammon's position ID of ``state``: for the player on roll (X before the opening throw)
    and then its opponent, each in its own numbering, a 1 for every checker and a 0 after each of
    points 1 to 24 and the bar; the 80 bits packed little-endian into 10 bytes, in base 64 without
    padding (GNU Backgammon manual, "A technical description of the Position ID").

    >>> position_id(Backgammon().initial_state)
    '4HPwATDgc/ABMA'
    """
    first, second = (state.o, state.x) if state.turn == MIN else (state.x, state.o)
    bits, n = 0, 0
    for side in (first, second):
        for place in range(1, 26):
            k = checkers_at(side, place)
            bits |= ((1 << k) - 1) << n                # k ones ...
            n += k + 1                                 # ... and a zero
    return base64.b64encode(bits.to_bytes(10, "little")).decode("ascii").rstrip("=")


def from_position_id(pid: str, turn: str | None = MAX, dice: tuple | None = None) -> BackgammonState:
    """The state with GNU Backgammon position ID ``pid``, ``turn`` being the player on roll (the ID
    does not say who that is, nor the dice).  Raises :class:`~gamelib.core.StateError` for a string
    that is not a position ID or an impossible position."""
    if not isinstance(pid, str) or not re.fullmatch(r"[A-Za-z0-9+/]{14}", pid):
        raise StateError(f"{pid!r} is not a GNU Backgammon position ID (14 characters of base 64)")
    if turn not in (MAX, MIN, None):
        raise StateError(f"turn must be MAX or MIN (the player on roll) or None, got {turn!r}")
    bits = int.from_bytes(base64.b64decode(pid + "=="), "little")
    sides = []
    for _ in range(2):
        places = [0] * 26
        for place in range(1, 26):
            while bits & 1:
                places[place] += 1
                bits >>= 1
            bits >>= 1
        if sum(places) > CHECKERS:
            raise StateError(f"position ID {pid!r} gives a side {sum(places)} checkers; a side has {CHECKERS}")
        sides.append(pack(places))
    if bits:
        raise StateError(f"{pid!r} is not a GNU Backgammon position ID: bits left over after both sides")
    x, o = (sides[1], sides[0]) if turn == MIN else (sides[0], sides[1])
    state = BackgammonState(x, o, turn, dice)
    Backgammon().check_state(state)
    return state


# ---------------------------------------------------------------------------------------------------
# Evaluation (AIMA 4th ed. §5.3.1): game knowledge for a depth-limited expectiminimax
# ---------------------------------------------------------------------------------------------------

@lru_cache(maxsize=1 << 16)
def _profile(side: int) -> tuple:
    """(pip count, blots, home-board points) of a packed side, in its own numbering."""
    pips = blots = made = 0
    for p in range(1, 26):
        k = (side >> _SHIFT[p]) & 15
        pips += p * k
        if k == 1 and p < BAR:
            blots += 1
        elif k >= 2 and p <= 6:
            made += 1
    return pips, blots, made


def pip_count(side: int) -> int:
    """The pips a packed side still has to move to bear everything off (its race length)."""
    return _profile(side)[0]


def pip_lead(state) -> int:
    """Feature: O's pip count minus X's (X ahead in the race is positive)."""
    return _profile(state.o)[0] - _profile(state.x)[0]


def blot_lead(state) -> int:
    """Feature: O's blots minus X's (a blot, a single checker on a point, can be hit)."""
    return _profile(state.o)[1] - _profile(state.x)[1]


def home_board_lead(state) -> int:
    """Feature: X's home-board points made (two or more checkers on points 1-6) minus O's; each is a
    point a hit checker of the other side cannot enter on."""
    return _profile(state.x)[2] - _profile(state.o)[2]


FEATURES = {"pips": pip_lead, "blots": blot_lead, "home_points": home_board_lead}
WEIGHTS = {"pips": 0.002, "blots": 0.01, "home_points": 0.015}


def evaluation(weights: dict | None = None) -> WeightedSum:
    """EVAL(s) = 0.002·pips + 0.01·blots + 0.015·home_points, an estimate of MAX's utility (AIMA 4th ed.
    §5.3.1): each feature is X's advantage over O (:func:`pip_lead`, :func:`blot_lead`,
    :func:`home_board_lead`), so swapping the colours negates EVAL.  A blot is weighed as 5 pips, a made
    home-board point as 7.5.

    Scale: the pip counts differ by at most 375 (15 checkers on the bar), the blots by 15 and the home
    points by 6, so |EVAL| <= 0.75 + 0.15 + 0.09 < 1 with these weights: a won game (±1, ±2, ±3) always
    outranks an estimate, and EVAL lies within ``Backgammon().bounds`` as Star1/Star2 require.  It is a
    weighted sum of features, not a win probability, so at chance nodes it is only an approximation of
    what expectiminimax should average (AIMA Fig. 5.14).

    ``weights``: a dict changing some weights, e.g. ``evaluation({'blots': 0})``.

    >>> round(evaluation()(Backgammon().initial_state), 12)
    0.0
    """
    return WeightedSum(FEATURES, changed_weights(WEIGHTS, weights))

"""Kuhn poker (H. W. Kuhn, "A simplified two-person poker", 1950): the smallest poker with bluffing,
a card game with a random deal and hidden hands (AIMA 4th ed. §5.6.2; Zell's slides §5.6).

Rules.  A deck of three cards, J < Q < K.  Each player antes 1; CHANCE deals one card to each (the
six ordered deals, 1/6 each: **one chance node at the start**, as the notes' card games).  MAX (the
first player) and MIN then act in turn, each either ``'pass'`` or ``'bet'`` (a bet is 1 more):

=========  ==========================================================  ===============
history    what happened                                                MAX's utility
=========  ==========================================================  ===============
``pp``     both pass: showdown                                          ±1
``bp``     MAX bets, MIN passes (folds)                                 +1
``bb``     MAX bets, MIN bets (calls): showdown                         ±2
``pbp``    MAX passes, MIN bets, MAX passes (folds)                     -1
``pbb``    MAX passes, MIN bets, MAX bets (calls): showdown             ±2
=========  ==========================================================  ===============

A state is ``KuhnState(cards, history)``: ``cards`` is ``None`` before the deal, else the pair (MAX's
card, MIN's card); ``history`` the actions so far as letters ``p``/``b``.  Each player sees its own
card and every action: ``observation(state, player)`` is its card followed by the history (``'Qpb'``:
"I hold the queen, I passed, the opponent bet"), and since it remembers everything, that string is
also its **information set**, the same key OpenSpiel uses (with J, Q, K for 0, 1, 2).

Known facts (Kuhn 1950; the kit's tests reproduce them with
:func:`gamelib.imperfect.cfr`):
the game's value for MAX is **-1/18**; in every equilibrium MAX bets the Jack (a bluff) with some
probability α in [0, 1/3], bets the King with 3α, never bets the Queen first, and calls with the Queen
after "pass, bet" with α + 1/3; MIN's equilibrium strategy is unique (bet the King always and the Jack
with 1/3 after a pass; call with the King always and the Queen with 1/3).

>>> game = KuhnPoker()
>>> game.chance_outcomes(game.initial_state)[0]
('JQ', 0.16666666666666666)
>>> s = game.result(game.result(game.result(game.initial_state, "QK"), "pass"), "bet")
>>> game.to_move(s), game.information_set(s, MAX), game.information_set(s, MIN)
('MAX', 'Qpb', 'Kpb')
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import CHANCE, MAX, MIN, ArgumentError, Game, StateError, trusted

CARDS = ("J", "Q", "K")
RANK = {c: i for i, c in enumerate(CARDS)}
DEALS = tuple(a + b for a in CARDS for b in CARDS if a != b)
ACTIONS = ("pass", "bet")
LETTER = {"pass": "p", "bet": "b"}
TERMINAL_HISTORIES = ("pp", "bp", "bb", "pbp", "pbb")
HISTORIES = ("", "p", "b", "pb") + TERMINAL_HISTORIES


class KuhnState(NamedTuple):
    """``cards``: None before the deal, else (MAX's card, MIN's card); ``history``: 'p'/'b' letters."""

    cards: tuple | None = None
    history: str = ""

    def __repr__(self):
        cards = "??" if self.cards is None else "".join(self.cards)
        return f"KuhnState('{cards}', '{self.history}')"


class KuhnPoker(Game):
    """Kuhn poker: J < Q < K, ante 1, pass/bet, one chance deal at the start."""

    def __init__(self):
        self.initial_state = KuhnState()

    # Each method first refuses a state of another game (StateError): one comparison of classes.
    def to_move(self, state):
        if state.__class__ is not KuhnState:
            self.check_state(state)
        if state.cards is None:
            return CHANCE
        return MAX if len(state.history) % 2 == 0 else MIN

    @trusted
    def chance_outcomes(self, state):
        if state.__class__ is not KuhnState:
            self.check_state(state)
        if state.cards is not None:
            return super().chance_outcomes(state)
        return [(deal, 1 / len(DEALS)) for deal in DEALS]

    def actions(self, state):
        if state.__class__ is not KuhnState:
            self.check_state(state)
        if state.cards is None or self.is_terminal(state):
            return ()
        return ACTIONS

    def result(self, state, action):
        if state.__class__ is not KuhnState:
            self.check_state(state)
        if state.cards is None:
            if not isinstance(action, str) or action not in DEALS:
                raise self.illegal(state, action)
            return KuhnState((action[0], action[1]), "")
        if self.is_terminal(state) or not isinstance(action, str) or action not in LETTER:
            raise self.illegal(state, action)
        return KuhnState(state.cards, state.history + LETTER[action])

    def is_terminal(self, state):
        if state.__class__ is not KuhnState:
            self.check_state(state)
        return state.history in TERMINAL_HISTORIES

    @trusted
    def utility(self, state, player):
        if state.__class__ is not KuhnState:
            self.check_state(state)
        h = state.history
        if h == "bp":
            u = 1
        elif h == "pbp":
            u = -1
        else:
            stake = 1 if h == "pp" else 2
            u = stake if RANK[state.cards[0]] > RANK[state.cards[1]] else -stake
        return u if _seat(player) == MAX else -u

    def observation(self, state, player):
        """The player's own card, then every action so far (``''`` before the deal)."""
        if state.__class__ is not KuhnState:
            self.check_state(state)
        seat = _seat(player)
        if state.cards is None:
            return ""
        return state.cards[0 if seat == MAX else 1] + state.history

    def information_set(self, state, player):
        """The readable perfect-recall key: own card + history, e.g. ``'Kb'`` (MIN holds the King and
        faces a bet)."""
        return self.observation(state, player)

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a position of Kuhn poker: no cards
        and no history before the deal, then two different cards of J, Q, K and a history of
        ``p``/``b`` letters that the rules allow (``''``, ``'p'``, ``'b'``, ``'pb'`` or a finished one)."""
        try:
            ok = isinstance(state, KuhnState) and isinstance(state.history, str) and (
                (state.cards is None and state.history == "")
                or (isinstance(state.cards, tuple) and len(state.cards) == 2
                    and all(isinstance(c, str) and c in RANK for c in state.cards)
                    and state.cards[0] != state.cards[1] and state.history in HISTORIES))
        except TypeError:
            ok = False
        if not ok:
            raise StateError(f"{state!r} is not a state of {self!r}: KuhnState(cards, history) with cards None "
                             "before the deal, else two different cards of 'J', 'Q', 'K', and a history of "
                             f"'p'/'b' letters the rules allow ({', '.join(map(repr, HISTORIES))})")

    def __repr__(self):
        return "KuhnPoker()"


def equilibrium(alpha: float = 0.0) -> dict:
    """Kuhn's (1950) Nash equilibria as a policy table ``{infoset: {action: probability}}``: MAX's
    one-parameter family (bet the Jack with ``alpha`` in [0, 1/3], the King with 3·alpha, never the
    Queen; after "pass, bet" call with the Queen with alpha + 1/3, fold the Jack, call the King) and
    MIN's unique strategy (after a pass bet the King, bet the Jack with 1/3, pass the Queen; facing a
    bet call the King, call the Queen with 1/3, fold the Jack).  MAX's value is -1/18 for every alpha.

    >>> equilibrium(1/6)["K"]
    {'pass': 0.5, 'bet': 0.5}
    """
    from ..validate import number
    number("alpha", alpha, least=0, most=1 / 3, what="the Jack's bluffing probability, a number")

    def bet(p):
        return {"pass": 1 - p, "bet": p}
    return {"J": bet(alpha), "Q": bet(0.0), "K": bet(3 * alpha),
            "Jpb": bet(0.0), "Qpb": bet(alpha + 1 / 3), "Kpb": bet(1.0),
            "Jp": bet(1 / 3), "Qp": bet(0.0), "Kp": bet(1.0),
            "Jb": bet(0.0), "Qb": bet(1 / 3), "Kb": bet(1.0)}


def _seat(player):
    """``player`` if it is MAX or MIN, the two players of Kuhn poker; else :class:`ArgumentError`."""
    if player != MAX and player != MIN:
        raise ArgumentError(f"player must be MAX or MIN (the players of Kuhn poker), got {player!r}")
    return player

"""Leduc poker (Southey, Bowling, Larson, Piccione, Burch, Billings & Rayner, "Bayes' Bluff: Opponent
Modelling in Poker", UAI 2005): the standard next step after Kuhn poker for CFR, with 936 information
sets against Kuhn's 12 (AIMA 4th ed. §5.6; Zell's slides §5.6).

Rules.  A deck of six cards, two suits of J < Q < K (``Js Jh Qs Qh Ks Kh``).  Each player antes 1;
CHANCE deals one private card to MAX, then one to MIN (each from what is left of the deck: 1/6, then
1/5).  Then a **betting round**: MAX acts first, each player in turn may

=========  ============================================================================
``call``   put in as much as the opponent (a *check* when nothing is owed)
``raise``  put in what is owed and then the raise: **2** in the first round, **4** in the second;
           **at most two raises a round**
``fold``   give up the pot (only when facing a raise)
=========  ============================================================================

The round ends when both have checked, or a raise has been called.  CHANCE then turns up **one public
card** (1/4 for each of the four left), and a second betting round follows, MAX first again.  A fold
ends the hand at once: the other player wins what the folder put in.  At the showdown a player whose
card pairs the public card wins; otherwise the higher card wins; equal ranks split the pot (utility 0).
UTILITY is what MAX wins, in chips: at most 13 either way (1 + 2·2 + 2·4).

A state is ``LeducState(cards, public, round1, round2)``: the private cards dealt so far (MAX's first),
the public card or None, and each round's actions as letters ``f``/``c``/``r``.  Each player sees its
own card, the public card once dealt and every action: ``observation(state, player)`` is
``'Ks:rc/Qh:r'`` ("I hold Ks; round one went raise, call; the public card is Qh; in round two a
raise so far"), and since the player remembers everything, that string is also its **information
set**, as in :class:`~gamelib.games.KuhnPoker`.  The suits matter only in being told apart (936
information sets; folding them away would leave 288); as in OpenSpiel's ``leduc_poker``, whose deal
order, card order (its cards 0..5 are ``Js Jh Qs Qh Ks Kh``) and action order (fold, call, raise) this
follows, so CFR's walks add up in the same order (the kit checks it against OpenSpiel's).

Known values (OpenSpiel's; the kit's tests check them): the uniform policy's exploitability is 2.373611, the
best responses to it are worth 2.0875 (MAX) and 2.659722 (MIN).

>>> game = LeducPoker()
>>> s = game.result(game.result(game.initial_state, "Ks"), "Qh")
>>> game.to_move(s), game.actions(s), game.information_set(s, MAX)
('MAX', ('call', 'raise'), 'Ks:')
>>> s = game.result(game.result(s, "raise"), "call")
>>> game.to_move(s), [c for c, _ in game.chance_outcomes(s)]
('CHANCE', ['Js', 'Jh', 'Qs', 'Kh'])
>>> s = game.result(game.result(s, "Kh"), "raise")
>>> game.actions(s), game.information_set(s, MIN)
(('fold', 'call', 'raise'), 'Qh:rc/Kh:r')
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import CHANCE, Game, GameError, MAX, MIN, StateError, trusted

CARDS = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
"""The deck, in OpenSpiel's order (its card i is ``CARDS[i]``): J < Q < K, two suits of each."""
RANK = {card: i // 2 for i, card in enumerate(CARDS)}
ACTIONS = ("fold", "call", "raise")
LETTER = {"fold": "f", "call": "c", "raise": "r"}
ANTE = 1
RAISES = (2, 4)
"""The raise of the first and of the second round."""
MAX_RAISES = 2
"""Raises allowed in a round."""


class LeducState(NamedTuple):
    """``cards``: the private cards dealt so far, MAX's first; ``public``: the public card or None;
    ``round1``, ``round2``: each round's actions as letters 'f', 'c', 'r'."""

    cards: tuple = ()
    public: str | None = None
    round1: str = ""
    round2: str = ""

    def __repr__(self):
        return f"LeducState({self.cards!r}, {self.public!r}, {self.round1!r}, {self.round2!r})"


def round_over(history: str) -> bool:
    """Has a betting round with these actions ended (both checked, or a raise was called)?"""
    return history == "cc" or (history.endswith("c") and "r" in history)


def contributions(state: LeducState) -> list:
    """What [MAX, MIN] have put in the pot so far (antes included)."""
    pot = [ANTE, ANTE]
    for raise_size, history in zip(RAISES, (state.round1, state.round2)):
        level = pot[0]                      # both have put in the same at the start of a round
        for i, letter in enumerate(history):
            if letter == "c":
                pot[i % 2] = level
            elif letter == "r":
                level += raise_size
                pot[i % 2] = level
    return pot


class LeducPoker(Game):
    """Leduc poker for MAX and MIN (see the module docstring): six cards, antes of 1, two betting
    rounds with raises of 2 and 4 (at most two a round), one public card; pairs beat high cards."""

    def __init__(self):
        self.initial_state = LeducState()

    # -- the protocol -------------------------------------------------------------------------------
    def _round(self, state):
        """The betting round under way (1 or 2) and its actions, or None where nobody bets."""
        if len(state.cards) < 2:
            return None
        if not round_over(state.round1):
            return None if state.round1.endswith("f") else state.round1
        if state.public is None or state.round1.endswith("f"):
            return None
        if round_over(state.round2) or state.round2.endswith("f"):
            return None
        return state.round2

    def is_terminal(self, state):
        return (state.round1.endswith("f") or state.round2.endswith("f")
                or round_over(state.round2))

    def to_move(self, state):
        if self.is_terminal(state):
            return CHANCE if len(state.cards) < 2 else MAX   # never asked: searches test is_terminal first
        history = self._round(state)
        if history is None:
            return CHANCE
        return MAX if len(history) % 2 == 0 else MIN

    @trusted
    def chance_outcomes(self, state):
        if self.is_terminal(state) or self._round(state) is not None:
            return super().chance_outcomes(state)
        left = [c for c in CARDS if c not in state.cards and c != state.public]
        return [(c, 1 / len(left)) for c in left]

    def actions(self, state):
        history = None if self.is_terminal(state) else self._round(state)
        if history is None:
            return ()
        facing = history.endswith("r")
        can_raise = history.count("r") < MAX_RAISES
        return tuple(a for a, ok in zip(ACTIONS, (facing, True, can_raise)) if ok)

    def result(self, state, action):
        if self.is_terminal(state):
            raise self.illegal(state, action)
        history = self._round(state)
        if history is None:                                   # a card is dealt
            if not isinstance(action, str) or action not in CARDS or action in state.cards \
                    or action == state.public:
                raise self.illegal(state, action)
            if len(state.cards) < 2:
                return state._replace(cards=state.cards + (action,))
            return state._replace(public=action)
        if action not in self.actions(state):
            raise self.illegal(state, action)
        letter = LETTER[action]
        if state.public is None:
            return state._replace(round1=state.round1 + letter)
        return state._replace(round2=state.round2 + letter)

    @trusted
    def utility(self, state, player):
        if not self.is_terminal(state):
            raise GameError(f"utility is asked of terminal states; {state!r} is not the end of a hand")
        pot = contributions(state)
        folded = state.round1 if state.round1.endswith("f") else state.round2
        if folded.endswith("f"):
            loser = (len(folded) - 1) % 2                     # 0: MAX folded
            u = -pot[0] if loser == 0 else pot[1]
        else:
            mine, theirs = (hand_rank(state.cards[i], state.public) for i in (0, 1))
            u = pot[1] if mine > theirs else -pot[0] if mine < theirs else 0
        if player == MAX:
            return u
        if player == MIN:
            return -u
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")

    # -- what each player knows ---------------------------------------------------------------------
    def observation(self, state, player):
        """The player's own card, the first round's actions, and after the public card that card and
        the second round's actions: ``'Ks:rc/Qh:r'``; ``''`` before the player's card is dealt."""
        i = 0 if player == MAX else 1
        if len(state.cards) <= i:
            return ""
        seen = f"{state.cards[i]}:{state.round1}"
        if state.public is not None:
            seen += f"/{state.public}:{state.round2}"
        return seen

    def information_set(self, state, player):
        """The readable perfect-recall key, the observation (every action is public)."""
        return self.observation(state, player)

    # -- bad input ------------------------------------------------------------------------------------
    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a :class:`LeducState` that the rules
        reach (checked by replaying its deal and its actions from the start)."""
        if not isinstance(state, LeducState):
            raise StateError(f"{state!r} is not a Leduc poker state (a LeducState)")
        if not isinstance(state.cards, tuple) or not all(isinstance(x, str) for x in (state.round1, state.round2)):
            raise StateError(f"{state!r}: cards is a tuple of cards, round1 and round2 strings of f/c/r")
        s = self.initial_state
        steps = list(state.cards) + [{"f": "fold", "c": "call", "r": "raise"}.get(x, x) for x in state.round1]
        if state.public is not None:
            steps += [state.public] + [{"f": "fold", "c": "call", "r": "raise"}.get(x, x) for x in state.round2]
        elif state.round2:
            raise StateError(f"{state!r}: a second round of betting before the public card is dealt")
        for step in steps:
            try:
                s = self.result(s, step)
            except GameError:
                raise StateError(f"{state!r} is not a state of Leduc poker: after {s!r}, {step!r} is not a legal "
                                 "deal or action (cards: Js Jh Qs Qh Ks Kh, each once; actions f, c, r as the "
                                 "betting allows)") from None
        if s != state:
            raise StateError(f"{state!r} is not a state of Leduc poker (replayed: {s!r})")

    def __repr__(self):
        return "LeducPoker()"


def hand_rank(card: str, public: str) -> int:
    """The strength of holding ``card`` with ``public`` on the table: a pair beats every high card,
    higher ranks beat lower; suits never count."""
    return 10 + RANK[card] if RANK[card] == RANK[public] else RANK[card]

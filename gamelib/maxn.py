"""Max^n: minimax for any number of players, and the paranoid reduction back to two.

AIMA 4th ed. §5.2.2 (Zell's slides, §5.2): with more than two players, "instead of a utility value, there is
now a **utility vector** ⟨v_A, v_B, v_C⟩ ... each player chooses the action maximizing his utility vector
component ... a vector is backed up".  Luckhardt & Irani's recurrence (AAAI-86, "An algorithmic solution
of N-person games"), with ``game.player_order`` = (p_1, ..., p_N) and i = the index of TO-MOVE(s):

    MAXN(s) = ⟨UTILITY(s, p_1), ..., UTILITY(s, p_N)⟩    if IS-TERMINAL(s)
            = MAXN(RESULT(s, a*)),  a* = argmax_a MAXN(RESULT(s, a))[i]
            = Σ_r P(r) · MAXN(RESULT(s, r))               if TO-MOVE(s) is CHANCE

The argmax keeps the first strictly better child, as MINIMAX-SEARCH does (:mod:`gamelib.minimax`); on a
two-player zero-sum game, where MIN's component is −MAX's, max^n *is* minimax (tested by hypothesis).
A game may give the whole vector at once as ``game.utilities(state)`` (Raid and N-player trees do);
otherwise it is asked of ``game.utility`` player by player.

**Ties.** Two children may give the mover the same payoff and the others different ones: the mover
does not care, the others do, and the value backed up depends on which the search keeps (the
"tie-breaking problem").  ``ties='first'`` keeps the first; ``'spiteful'`` the one worst for the others
(least sum of their components); ``'generous'`` the one best for them; ``'adversarial'`` the one worst
for the player who moves at the searched state (the searcher assumes every indifferent opponent breaks
its ties against it).  In a constant-sum game (the utilities always add up to the same total) equal
own payoffs mean equal sums for the others, so only 'adversarial' can break a tie there.
('adversarial' was called 'paranoid', a name still accepted; it is not the paranoid reduction below,
which changes the game, not a tie rule.)

**The paranoid reduction** (Sturtevant & Korf 2000): assume everybody else is allied against you.  Then
the game is two-player and zero-sum, you (MAX) against the coalition (MIN), and minimax and alpha-beta
run on it unchanged: ``alphabeta(paranoid(game, "A"))``.  :func:`alliance` lets a team of players
maximize the sum of their payoffs against the rest.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

from .core import (CHANCE, MAX, MIN, ArgumentError, EvaluationError, Game, GameError, GameProtocol, SearchResult,
                   State, StateError, check_distribution, cutoff_test)
from .trace import Event, recording
from .validate import (check_game, checked_utilities, flag, function, game_state, is_cyclic, player,
                       no_moves, player_order, recursion_guard, search_entry, too_large_to_solve)

TIES = ("first", "spiteful", "generous", "adversarial")
TIE_ALIASES = {"paranoid": "adversarial"}
"""Old names of tie rules, still accepted: 'paranoid' is 'adversarial' (renamed, so that it is not
taken for the paranoid reduction)."""


def tie_rule(ties) -> str:
    """``ties`` as one of ``TIES`` (an old name as its new one), or an ArgumentError listing them."""
    try:
        if ties in TIES or ties in TIE_ALIASES:
            return TIE_ALIASES.get(ties, ties)
    except TypeError:   # unhashable
        pass
    raise ArgumentError(f"ties must be one of {list(TIES)} ('paranoid', the old name of 'adversarial', is "
                        f"accepted too), got {ties!r}")


def maxn(game: GameProtocol, state: State | None = None, *, depth: int | None = None,
         evaluate: Callable[[State], tuple] | None = None, cutoff=None,
         ties: str = "first", trace: bool = False) -> SearchResult:
    """MAXN(state), the recurrence above: ``.value`` is the utility vector, a tuple in
    ``game.player_order`` (``(v, -v)`` on a two-player zero-sum game), ``.action`` the mover's choice.

    ``.nodes`` and ``.trace`` as for every search: 'enter', then 'leaf' or 'exit' with the node's
    vector as ``value`` (alpha and beta are None: max^n has no window).  ``depth``/``cutoff`` with
    ``evaluate(state) -> vector`` make it depth-limited (H-MINIMAX, AIMA Eq. 5.2); every ply counts,
    whoever moves.  Children are tried in ``game.actions`` order; the whole tree is searched.
    """
    players = player_order(game)
    state, evaluate, cut = search_entry(game, state, depth, evaluate, cutoff, trace, "maxn",
                                        vector_of=players)
    ties = tie_rule(ties)
    index = {p: i for i, p in enumerate(players)}
    is_terminal, to_move, actions, result = game.is_terminal, game.to_move, game.actions, game.result
    utilities = checked_utilities(game, players)     # game.utilities, each vector checked (or vouched for)
    root = index.get(game.to_move(state)) if not game.is_terminal(state) else None
    prefer = {"first": None,                               # does a tied child v2 replace v?
              "spiteful": lambda v2, v, i: sum(v2) < sum(v),
              "generous": lambda v2, v, i: sum(v2) > sum(v),
              "adversarial": lambda v2, v, i: root is not None and i != root and v2[root] < v[root]}[ties]
    nodes = 0

    def value(s, ply, action):
        nonlocal nodes, best_action
        nodes += 1
        if log is not None:
            log.append(Event("enter", s, ply, action=action))
        terminal = is_terminal(s)
        if terminal or (cut is not None and cut(s, ply)):
            v = utilities(s) if terminal else evaluate(s)
            if log is not None:
                log.append(Event("leaf", s, ply, value=v))
            return v
        mover = to_move(s)
        if mover == CHANCE:
            total = [0.0] * len(players)
            for r, p in check_distribution(game.chance_outcomes(s), f"chance outcomes of {s!r}"):
                w = value(result(s, r), ply + 1, r)
                if p:                    # an outcome that never happens adds nothing, even if ±∞
                    total = [t + p * x for t, x in zip(total, w)]
            if any(t != t for t in total):
                raise EvaluationError(f"the expectation at {s!r} is undefined (∞ − ∞)")
            v = tuple(total)
        else:
            i = index.get(mover)
            if i is None:
                raise StateError(f"{mover!r} moves at {s!r}, but the players of {game!r} are {players}")
            v = None
            for a in actions(s):
                v2 = value(result(s, a), ply + 1, a)
                if v is None or v2[i] > v[i] or (prefer and v2[i] == v[i] and prefer(v2, v, i)):
                    v = v2             # the first strictly better child (or a tie broken by `ties`)
                    if ply == 0:
                        best_action = a
            if v is None:
                raise no_moves(game, s)
        if log is not None:
            log.append(Event("exit", s, ply, value=v))
        return v

    best_action = None
    with recursion_guard(game, "maxn", depth), recording(trace) as log:
        root_value = value(state, 0, None)
    return SearchResult(root_value, best_action, nodes, log)


MAXN_OPTIONS = ("depth", "evaluate", "cutoff", "ties", "trace")


def maxn_policy(game, **options):
    """A policy (state -> {action: 1}) that plays ``maxn(game, state, **options)``'s action, for
    :func:`gamelib.play`; it serves whichever player is to move.  The options are checked now, not at
    the first move."""
    from .players import minimax_policy
    check_game(game)
    unknown = [k for k in options if k not in MAXN_OPTIONS]
    if unknown:
        raise ArgumentError(f"maxn_policy got {unknown[0]!r}, which is not an option of maxn "
                            f"({', '.join(MAXN_OPTIONS)})")
    tie_rule(options.get("ties", "first"))
    flag("trace", options.get("trace", False))
    for name in ("evaluate", "cutoff"):
        if options.get(name) is not None:
            function(name, options[name], "a function")
    cutoff_test(options.get("depth"), options.get("evaluate"), options.get("cutoff"))
    return minimax_policy(game, search=partial(maxn, **options))


class Teams(Game):
    """``game`` as a two-player zero-sum game: the players of ``team`` together are MAX, everyone else
    is MIN, and MAX's utility is the sum of the team's payoffs (MIN's its negative).  States, actions
    and chance are ``game``'s own, so every two-player search runs on it unchanged.
    Made by :func:`paranoid` and :func:`alliance`."""

    player_order = (MAX, MIN)

    def __init__(self, game, team):
        self.game, self.team = game, tuple(team)
        self.initial_state = game.initial_state
        self.cyclic = is_cyclic(game)

    def to_move(self, state):
        p = self.game.to_move(state)
        return CHANCE if p == CHANCE else MAX if p in self.team else MIN

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def is_terminal(self, state):
        return self.game.is_terminal(state)

    def chance_outcomes(self, state):
        return self.game.chance_outcomes(state)

    def check_state(self, state):
        game_state(self.game, state)

    def too_large_to_solve(self, state):
        return too_large_to_solve(self.game, state)

    def utility(self, state, who):
        u = sum(self.game.utility(state, p) for p in self.team)
        if who == MAX:
            return u
        if who == MIN:
            return -u
        raise GameError(f"utility is asked for MAX (the team {self.team}) or MIN (the others), got {who!r}")

    def __repr__(self):
        return f"Teams({self.game!r}, {self.team!r})"


def paranoid(game, me) -> Teams:
    """The paranoid reduction: ``me`` (MAX) against all the other players allied as MIN, who minimize
    ``me``'s payoff.  ``minimax(paranoid(game, me), s).value`` is what ``me`` can guarantee whatever
    the others do, never more than its max^n value when it moves at ``s`` (max^n is an equilibrium)."""
    check_game(game)
    return Teams(game, (player("me", me, game),))


def alliance(game, members) -> Teams:
    """``members`` playing as one (MAX, maximizing the sum of their payoffs) against the others (MIN).
    In a constant-sum game this is zero-sum between the two sides."""
    check_game(game)
    if isinstance(members, str) or not isinstance(members, (tuple, list, set, frozenset)) or not members:
        raise ArgumentError(f"members must be a tuple of players of {game!r}, got {members!r}")
    members = [player("members", m, game) for m in members]
    if len(set(members)) != len(members):
        raise ArgumentError(f"members lists a player twice: {members!r}")
    return Teams(game, members)

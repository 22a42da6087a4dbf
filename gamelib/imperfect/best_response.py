"""Best response and exploitability: how much a policy can be beaten by, exactly.

A **best response** to the opponent's policy π₋ᵢ is a policy of player i with the highest expected
utility against it.  In a game of imperfect information it must choose by information set, not by
state: at information set I it picks

    BR(I) = argmax_a  Σ_{h ∈ I}  π₋ᵢ(h) · v_i(h·a)

where π₋ᵢ(h) is the probability that chance and the opponent lead to h (the player's own moves count
1: it is asking "if I were here"), and v_i(h·a) is the value for i of taking a and then playing the best
response below (perfect recall guarantees every information set below h is decided first).  The steps,
as in OpenSpiel's algorithms/best_response.py: the opponent-and-chance reach of every node, the value of
every node (memoized), the best action of every information set.  **Ties** go to the first action in
the game's order; a tie never changes the value.

**NashConv** = Σ_i (vᵢ(BRᵢ, π₋ᵢ) - vᵢ(π)), how much the players together gain by each switching to a
best response; **exploitability** = NashConv / 2 (OpenSpiel's definition for two players: the mean over
the two seats of what a best response gains).  In a two-player zero-sum game, vᵢ(π) cancel, so
exploitability = (v_MAX(BR, π_MIN) + v_MIN(π_MAX, BR)) / 2.  It is ≥ 0, and 0 exactly at a Nash
equilibrium (no player gains by deviating).  A best response can never be worth less than the policy it
replaces; the code checks that (OpenSpiel once computed a "best response" that was not one).
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import CHANCE, MAX, MIN, GameError
from .infosets import TERMINAL, extensive_form
from ..validate import seat
from .policy import TabularPolicy, as_policy, value_of_tables

SLACK = 1e-12  # ties within rounding error go to the first action


class BestResponse(NamedTuple):
    """``value``: the best responder's expected utility (for ``player``); ``policy``: a deterministic
    :class:`TabularPolicy` over its information sets; ``actions``: {infoset: action};
    ``on_policy_value``: what ``player`` got by following the given policy instead (None if the
    given policy did not cover ``player``)."""

    player: str
    value: float
    actions: dict
    policy: TabularPolicy
    on_policy_value: float | None

    def __call__(self, state) -> dict:
        """Play the best response: ``{action: 1.0}`` at ``state`` (a policy for :func:`gamelib.play`)."""
        return self.policy(state)

    @property
    def gain(self) -> float | None:
        """value - on_policy_value: what switching to the best response gains."""
        return None if self.on_policy_value is None else self.value - self.on_policy_value


def _counterfactual_reach(nodes, opp, dist) -> list:
    """The reach of every node through chance and the opponent ``opp`` playing ``dist``
    ({infoset: {action: p}}): the player's own moves count 1 (OpenSpiel's counterfactual reach)."""
    reach = [0.0] * len(nodes)
    reach[0] = 1.0
    for i, n in enumerate(nodes):                      # nodes are in depth-first order: parents first
        for j, (a, c) in enumerate(zip(n.actions, n.children)):
            if n.player == CHANCE:
                reach[c] = reach[i] * n.probs[j]
            elif n.player == opp:
                reach[c] = reach[i] * dist[n.infoset][a]
            else:
                reach[c] = reach[i]
    return reach


def best_response(game, policy, player: str) -> BestResponse:
    """The exact best response of ``player`` (MAX or MIN) to the opponent's part of ``policy``.

    ``policy``: a :class:`TabularPolicy`, a table or a function of the state (see :func:`as_policy`); it
    must cover the opponent's information sets.  The game must be zero-sum (the responder's payoff is
    read as MAX's utility, or minus it): :class:`~gamelib.core.ArgumentError` otherwise.
    """
    seat(player)
    form = extensive_form(game)
    form.require_zero_sum("best_response")
    opp = MIN if player == MAX else MAX
    opp_policy = as_policy(game, policy, (opp,))
    nodes, sign = form.nodes, (1 if player == MAX else -1)
    dist = {k: opp_policy[k] for k in form.keys(opp)}

    reach = _counterfactual_reach(nodes, opp, dist)   # 1. through chance and the opponent

    # 2. and 3. The value of every node and the best action of every information set, together.
    chosen: dict = {}
    memo: dict = {}

    def value(i):                                        # for the best responder
        if i in memo:
            return memo[i]
        n = nodes[i]
        if n.player == TERMINAL:
            v = sign * n.utility
        elif n.player == CHANCE:
            v = sum(p * value(c) for p, c in zip(n.probs, n.children))
        elif n.player == opp:
            d = dist[n.infoset]
            v = sum(d[a] * value(c) for a, c in zip(n.actions, n.children) if d[a])
        else:
            a = best_action(n.infoset)
            v = value(n.children[n.actions.index(a)])
        memo[i] = v
        return v

    def best_action(key):
        if key not in chosen:
            I = form.infosets[key]
            q = {a: sum(reach[h] * value(nodes[h].children[k]) for h in I.nodes)
                 for k, a in enumerate(I.actions)}
            top = max(q.values())
            chosen[key] = next(a for a in I.actions if q[a] >= top - SLACK * max(1.0, abs(top)))
        return chosen[key]

    v = value(0)
    for key in form.keys(player):                       # information sets the walk never needed
        best_action(key)
    actions = {k: chosen[k] for k in form.keys(player)}
    br_policy = TabularPolicy(game, {k: {a: 1.0} for k, a in actions.items()}, name="best response")
    on_policy = None
    try:
        own = as_policy(game, policy, (player,))
    except GameError:
        own = None
    if own is not None:
        on_policy = sign * value_of_tables(form, {player: own, opp: opp_policy})
        if v < on_policy - 1e-7 * max(1.0, abs(on_policy)):
            raise AssertionError(f"internal error: the best response of {player} is worth {v} < the "
                                 f"policy's own {on_policy}")
    return BestResponse(player, v, actions, br_policy, on_policy)


def nash_conv(game, policy) -> float:
    """Σ over MAX and MIN of what a best response gains against ``policy`` (which must cover both)."""
    extensive_form(game).require_zero_sum("nash_conv")
    policy = as_policy(game, policy)
    return sum(best_response(game, policy, p).gain for p in (MAX, MIN))


def exploitability(game, policy) -> float:
    """NashConv / 2: the mean over the two seats of what a best response gains against ``policy``
    (OpenSpiel's definition).  ≥ 0; 0 exactly at a Nash equilibrium.

    >>> from gamelib.games import KuhnPoker
    >>> from gamelib.imperfect import uniform_policy
    >>> round(exploitability(KuhnPoker(), uniform_policy(KuhnPoker())), 4)
    0.4583
    """
    return nash_conv(game, policy) / 2

"""Games of more than two players: what the paranoid reduction saves and what it costs (notebook 07).

* :func:`search_effort`: nodes that depth-limited max^n and paranoid alpha-beta
  (``alphabeta(paranoid(game, me))``) visit from the same positions, depth by depth.  Max^n cannot
  prune (in general); the paranoid reduction is a two-player zero-sum game, so alpha-beta can.
* :func:`against_the_field`: one player's policy (the challenger) in each seat in turn, the others
  playing the field's policy, from each start state; with the all-field game from the same start as
  the baseline.  The mean of ``utility - baseline`` says what the challenger's way of thinking gains or
  loses in that seat.

Both call the searches and :func:`gamelib.play` and return plain numbers.
"""
from __future__ import annotations

import statistics
from typing import Callable, Iterable, NamedTuple

from ..alphabeta import alphabeta
from ..core import ArgumentError
from ..maxn import maxn, paranoid
from ..players import play
from ..validate import check_game, function, player_order, whole


class Effort(NamedTuple):
    """Mean nodes visited at one depth: max^n and paranoid alpha-beta, over the same positions."""

    depth: int
    maxn_nodes: float
    paranoid_nodes: float


def search_effort(game, states: Iterable, depths: Iterable[int], evaluate: Callable) -> list[Effort]:
    """For each depth: the mean nodes of ``maxn(game, s, depth=d, evaluate=evaluate)`` and of
    ``alphabeta(paranoid(game, me), s, depth=d, evaluate=...)`` (``me`` the player to move at s, its
    component of ``evaluate`` as the evaluation), over ``states``."""
    check_game(game)
    function("evaluate", evaluate, "a function state -> utility vector")
    order = player_order(game)
    states = list(states)
    if not states:
        raise ArgumentError("states must list at least one state to search from")
    if isinstance(depths, (str, bytes)) or not hasattr(depths, "__iter__"):
        raise ArgumentError(f"depth: depths must be a list of depths (whole numbers of plies), got {depths!r}")
    depths = [whole("depth", d, 0) for d in depths]
    rows = []
    for d in depths:
        whole("depth", d, 0)
        m, p = [], []
        for s in states:
            me = game.to_move(s)
            i = order.index(me)
            m.append(maxn(game, s, depth=d, evaluate=evaluate).nodes)
            p.append(alphabeta(paranoid(game, me), s, depth=d, evaluate=lambda x, i=i: evaluate(x)[i]).nodes)
        rows.append(Effort(d, statistics.mean(m), statistics.mean(p)))
    return rows


class SeatResult(NamedTuple):
    """One game of :func:`against_the_field`: the challenger's seat, its utility, and what the field's
    own player got in that seat from the same start (the baseline)."""

    start: object
    seat: str
    utility: float
    baseline: float


def against_the_field(game, starts: Iterable, challenger: Callable, field: Callable) -> list[SeatResult]:
    """``challenger(seat) -> policy`` plays in each seat in turn, ``field(player) -> policy`` in the
    others, from each start state; the baseline is the game with the field's policy in every seat."""
    check_game(game)
    function("challenger", challenger, "a function seat -> policy")
    function("field", field, "a function player -> policy")
    order = player_order(game)
    def utilities(policies, start):
        end = play(game, policies, start).states[-1]
        return [game.utility(end, p) for p in order]

    rows = []
    for start in starts:
        base = utilities({p: field(p) for p in order}, start)
        for i, seat in enumerate(order):
            policies = {p: field(p) for p in order}
            policies[seat] = challenger(seat)
            rows.append(SeatResult(start, seat, utilities(policies, start)[i], base[i]))
    return rows

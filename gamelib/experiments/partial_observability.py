"""Measurements for partial observability (notebook 06): belief-state sizes over real games, and how
many of a player's information states admit a guaranteed win.  Each function calls the tools of
:mod:`gamelib.imperfect` and returns plain numbers; the notebook plots them.
"""
from __future__ import annotations

import collections
from collections.abc import Mapping
from typing import NamedTuple

from ..core import MAX, MIN, ArgumentError
from ..players import play
from ..validate import check_game, function, python_seed
from ..imperfect.andor import and_or_search
from ..imperfect.belief import beliefs_by_percept, track


class BeliefSizes(NamedTuple):
    """One game seen by one player: the belief-state size (``states``) and the number of distinct true
    boards in it (``boards``; ``key`` picks the board out of a state) after each of its percepts."""

    player: str
    states: list
    boards: list
    utility: float


def belief_sizes(game, policies: dict, seeds, *, key=None) -> list:
    """Play one game per seed with ``policies`` ({MAX: ..., MIN: ...}, as :func:`gamelib.play`; fresh
    agents are made by calling a policy's ``reset()`` if it has one) and track both players' belief
    states: a list of :class:`BeliefSizes`, two per game (MAX's, then MIN's)."""
    check_game(game)
    if not isinstance(policies, Mapping):
        raise ArgumentError(f"policies must be a dict {{MAX: policy, MIN: policy}}, got {policies!r}")
    if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__iter__"):
        raise ArgumentError(f"seeds must be a list of seeds (one game each), got {seeds!r}")
    seeds = [python_seed("seed", s) for s in seeds]
    if key is not None:
        function("key", key, "a function state -> the true board, or None")
    out = []
    for seed in seeds:
        for p in policies.values():
            if hasattr(p, "reset"):
                p.reset()
        game_out = play(game, policies, seed=seed)
        for player in (MAX, MIN):
            beliefs = track(game, player, game_out.states, game_out.actions)
            boards = [len({key(s) if key else s for s in b}) for b in beliefs]
            out.append(BeliefSizes(player, [len(b) for b in beliefs], boards, game_out.utility))
    return out


class CensusRow(NamedTuple):
    """Information states with ``marks`` of the player's marks on the board: how many there are,
    how many admit a guaranteed win, and the mean number of boards in their belief states."""

    marks: int
    information_states: int
    guaranteed_wins: int
    mean_boards: float


def guaranteed_win_census(game, player, start=None, *, marks=None) -> list:
    """For every belief state ``player`` can hold at its turn from ``start`` on (keyed by its view,
    :func:`~gamelib.imperfect.beliefs_by_percept`), run AND-OR search; count, by the number of the
    player's marks in its view (``marks(view)``; default: 'X' or 'O' count), how many admit a
    guaranteed win.  One memo is shared by all the searches."""
    if marks is not None:
        function("marks", marks, "a function view -> the number of the player's marks, or None")
    beliefs = beliefs_by_percept(game, player, start)
    mark = "X" if player == MAX else "O"
    count = marks or (lambda view: view.count(mark))
    memo: dict = {}
    total, wins, boards = collections.Counter(), collections.Counter(), collections.defaultdict(list)
    for view in sorted(beliefs, key=lambda v: -count(v)):      # later positions first: the memo helps
        k = count(view)
        total[k] += 1
        wins[k] += and_or_search(game, beliefs[view], player, memo=memo).found
        boards[k].append(len({getattr(s, "squares", s) for s in beliefs[view]}))
    return [CensusRow(k, total[k], wins[k], sum(boards[k]) / len(boards[k])) for k in sorted(total)]

"""Policies over information sets (behaviour strategies) and their expected value.

A player who cannot see the whole state can only choose by what it knows: a policy for a game of
imperfect information maps each **information set** to a distribution over its actions,
``{infoset: {action: probability}}`` (CS221's π, AIMA 4th ed. §5.6; OpenSpiel's ``TabularPolicy``).

:class:`TabularPolicy` is that table, and two things at once:

* a read-only mapping ``{infoset: {action: p}}`` (``policy['Kb']``, ``policy.items()``), and
* a callable ``state -> {action: p}``, so :func:`gamelib.play` and every tool that takes CS221-style
  policies can use it: it looks up the information set of the player to move.

Every lookup returns a fresh dict, and every tool here returns a fresh policy: nothing a caller holds
changes behind its back (OpenSpiel's solvers return their live internals, "updated in-place").

:func:`as_policy` turns what a student writes (a table, or any function of the state) into a checked
:class:`TabularPolicy`; :func:`expected_value` is the value of the game for MAX when each player follows
its policy (CS221's game evaluation, V_eval, over information sets).
"""
from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

from ..core import CHANCE, MAX, MIN, ArgumentError, GameError, ProbabilityError
from ..validate import players as check_players, seat
from .infosets import TERMINAL, ExtensiveForm, InformationSetError, extensive_form

TOLERANCE = 1e-9


def _check(form: ExtensiveForm, key, dist) -> dict:
    """``dist`` as a full {action: p} over the information set's actions, after checking it."""
    I = form.infoset(key)
    if not isinstance(dist, Mapping):
        raise ProbabilityError(f"the policy at information set {key!r} is {dist!r}, not a mapping "
                               f"{{action: probability}} over {list(I.actions)}")
    unknown = [a for a in dist if a not in I.actions]
    if unknown:
        raise ArgumentError(f"the policy at information set {key!r} names {unknown}, which are not actions "
                            f"there (actions: {list(I.actions)})")
    total = 0.0
    for a, p in dist.items():
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not (p >= 0) or not math.isfinite(p):
            raise ProbabilityError(f"the policy at information set {key!r} gives {a!r} probability "
                                   f"{p!r}: probabilities must be finite numbers >= 0")
        total += p
    if abs(total - 1.0) > TOLERANCE:
        raise ProbabilityError(f"the policy at information set {key!r} is not a distribution: its "
                               f"probabilities sum to {total:g}, not 1 ({dict(dist)})")
    return {a: float(dist.get(a, 0.0)) for a in I.actions}


class TabularPolicy(Mapping):
    """``TabularPolicy(game, table)``: a checked policy ``{infoset: {action: probability}}``.

    Every key must be an information set of ``game`` and every entry a distribution over its actions
    (missing actions have probability 0); otherwise a :class:`~gamelib.core.GameError` names the
    information set.  The table may cover one player or both.  Call it on a state (``policy(state)``)
    for the distribution at the information set of the player to move there.
    """

    def __init__(self, game, table: Mapping, *, name: str = "policy"):
        self.form = extensive_form(game)
        if not isinstance(table, Mapping):
            raise ArgumentError(f"table must be a dict {{infoset: {{action: probability}}}}, got {table!r}")
        if not isinstance(name, str):
            raise ArgumentError(f"name must be a string, got {name!r}")
        self.game = game
        self.name = name
        self._table = {key: _check(self.form, key, dist) for key, dist in table.items()}

    # -- the table ---------------------------------------------------------------------------------
    def __getitem__(self, key) -> dict:
        try:
            known = key in self._table
        except TypeError:                                   # unhashable: no information set
            known = False
        if not known:
            self.form.infoset(key)  # raises if the information set does not exist at all
            raise InformationSetError(f"{self.name} has no entry for information set {key!r}")
        return dict(self._table[key])

    def __iter__(self):
        return iter(self._table)

    def __len__(self):
        return len(self._table)

    def players(self) -> set:
        """The players whose information sets the table covers."""
        return {self.form.infosets[k].player for k in self._table}

    def covers(self, player: str) -> bool:
        """Does the table give a distribution at every information set of ``player``?"""
        seat(player)
        return all(k in self._table for k in self.form.keys(player))

    # -- a CS221 policy: state -> {action: p} -------------------------------------------------------
    def __call__(self, state) -> dict:
        return self[self.form.infoset_of(state)]

    def action_probabilities(self, state) -> dict:
        """The distribution at ``state``'s information set (OpenSpiel's name for ``policy(state)``)."""
        return self(state)

    # -- building new policies -----------------------------------------------------------------------
    def table(self) -> dict:
        """A plain-dict copy ``{infoset: {action: p}}``."""
        return {k: dict(v) for k, v in self._table.items()}

    def merged(self, other: "TabularPolicy") -> "TabularPolicy":
        """A new policy with ``other``'s entries added (``other`` wins where both have one)."""
        if not isinstance(other, TabularPolicy) or other.form.nodes is not self.form.nodes:
            raise ArgumentError(f"other must be a TabularPolicy of the same game, {self.game!r}, got {other!r}")
        return TabularPolicy(self.game, {**self.table(), **other.table()}, name=self.name)

    def restricted(self, player: str) -> "TabularPolicy":
        """A new policy with only ``player``'s information sets."""
        seat(player)
        return TabularPolicy(self.game, {k: v for k, v in self.table().items()
                                         if self.form.infosets[k].player == player}, name=self.name)

    def __repr__(self):
        rows = []
        for k, dist in list(self._table.items())[:8]:
            rows.append(f"{k!r}: " + ", ".join(f"{a} {p:.3g}" for a, p in dist.items()))
        more = f", ... ({len(self._table)} information sets)" if len(self._table) > 8 else ""
        return f"{type(self).__name__}({{{'; '.join(rows)}{more}}})"


def uniform_policy(game) -> TabularPolicy:
    """Every action equally likely at every information set of both players."""
    form = extensive_form(game)
    return TabularPolicy(game, {k: {a: 1 / len(I.actions) for a in I.actions}
                                for k, I in form.infosets.items()}, name="uniform")


def as_policy(game, policy, players=(MAX, MIN)) -> TabularPolicy:
    """A checked :class:`TabularPolicy` for ``players`` from ``policy``: a TabularPolicy, a table
    ``{infoset: {action: p}}``, a function ``state -> {action: p}`` (which must give the same
    distribution at every state of an information set: a player cannot act on what it cannot see), a
    :class:`~gamelib.imperfect.BestResponse`, or one of these per seat, ``{MAX: ..., MIN: ...}``.

    Raises a :class:`~gamelib.core.GameError` naming the first information set that is missing, does not
    exist, or holds something that is not a distribution.
    """
    form = extensive_form(game)
    players = check_players("players", players, game)
    if isinstance(getattr(policy, "policy", None), TabularPolicy):      # a BestResponse
        policy = policy.policy
    if isinstance(policy, Mapping) and policy and set(policy) <= {MAX, MIN} \
            and not any(k in form.infosets for k in policy):
        # One policy per seat, as for gamelib.play: {MAX: ..., MIN: ...}.
        table = {}
        for seat in players:
            if seat not in policy:
                raise InformationSetError(f"the policy gives no distribution for {seat}: "
                                          f"{{MAX: ..., MIN: ...}} needs both seats")
            table.update(as_policy(game, policy[seat], (seat,)).restricted(seat).table())
        return TabularPolicy(game, table)
    if isinstance(policy, TabularPolicy):
        table = policy.table()
    elif isinstance(policy, Mapping):
        table = dict(policy)
        for key in table:
            form.infoset(key)
    elif callable(policy):
        table = {}
        for key, I in form.infosets.items():
            if I.player not in players:
                continue
            dists = [_check(form, key, policy(form.nodes[i].state)) for i in I.nodes]
            for d, i in zip(dists[1:], I.nodes[1:]):
                if any(abs(d[a] - dists[0][a]) > TOLERANCE for a in I.actions):
                    raise GameError(f"the policy is not a function of the information set: at {key!r} it "
                                    f"gives {dists[0]} in {form.nodes[I.nodes[0]].state!r} but {d} in "
                                    f"{form.nodes[i].state!r}, states the player cannot tell apart")
            table[key] = dists[0]
    else:
        raise ArgumentError(f"policy must be a table {{infoset: {{action: p}}}} or a function state -> "
                            f"{{action: p}}, got {policy!r}")
    for player in players:
        missing = [k for k in form.keys(player) if k not in table]
        if missing:
            raise InformationSetError(f"the policy gives no distribution at {player}'s information set "
                                      f"{missing[0]!r} ({len(missing)} of {player}'s information sets missing)")
    return TabularPolicy(game, table, name=getattr(policy, "name", "policy"))


def expected_value(game, policies) -> float:
    """MAX's expected utility when MAX and MIN follow their policies (chance by its probabilities).

    ``policies`` is one policy covering both players, or ``{MAX: policy, MIN: policy}`` (as for
    :func:`gamelib.play`).  Exact: a walk over the whole tree, each node weighted by its probability.
    """
    form = extensive_form(game)
    both = as_policy(game, policies)
    return value_of_tables(form, {MAX: both, MIN: both})


def value_of_tables(form: ExtensiveForm, tables: dict) -> float:
    """MAX's expected utility when each player plays its :class:`TabularPolicy` of ``tables``
    ({player: policy}) on the game tree ``form`` (one recursion over the tree)."""
    nodes = form.nodes
    dist = {k: tables[I.player][k] for k, I in form.infosets.items()}

    def v(i):
        n = nodes[i]
        if n.player == TERMINAL:
            return n.utility
        if n.player == CHANCE:
            return sum(p * v(c) for p, c in zip(n.probs, n.children))
        d = dist[n.infoset]
        return sum(d[a] * v(c) for a, c in zip(n.actions, n.children) if d[a])
    return v(0)


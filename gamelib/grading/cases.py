"""The trees and games a student's search is graded on: the textbook's, and hidden ones from a seed.

A :class:`Case` is one test: a game, the state to search from, and the exercise's parameters (depth,
evaluation function, pruning convention, opponent policy).  Public cases are the textbook's trees
(AIMA Fig. 5.2, the minimax/alpha-beta walk-through's trees, ...); hidden cases are drawn by the functions below from
``random.Random(seed)``, so the same seed always gives the same cases: an instructor can reproduce any
grade.  Nothing here uses Python's ``hash`` of strings (salted per process): every draw is stable.

The partial-observability exercises (assignment 05) have their own cases, :class:`BeliefCase` (a
belief state and an action or a percept, or a whole recorded game) and :class:`DealCase` (a deal and
the moves since), drawn from random games, and their reference, :func:`reference_imperfect`:
gamelib.imperfect's own functions.
"""
from __future__ import annotations

import random
import weakref
import zlib
from typing import Any, Callable, NamedTuple

from ..alphabeta import alphabeta
from ..core import MAX, SearchResult
from ..minimax import expectimax, expectiminimax, minimax
from ..games import TicTacToe
from ..trees import GameTree, chance

# ---------------------------------------------------------------------------------------------------
# The textbook's trees
# ---------------------------------------------------------------------------------------------------

SLIDES_004 = [[[-1, 4], [2, 6]], [[-3, -5], [0, 7]]]
"""The minimax/alpha-beta walk-through's four-layer tree: D, E, F, G = 4, 6, -3, 7; B = 4, C = -3; A = 4."""
EXAMPLE_3 = [[[3, 4], [1, 2]], [[7, 8], [5, 6]]]
"""The walk-through's "which nodes can be pruned?": none (the best moves come last)."""
MIRROR_3 = [[[6, 5], [8, 7]], [[2, 1], [3, 4]]]
"""The walk-through's mirror image of EXAMPLE_3 (the best moves come first)."""
TRAP = [[3], [3, 1]]
"""The root-children-values trap: alpha-beta returns 3 for both of A's children, but C is really 1."""
FIG_5_12 = [chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))]
"""AIMA 3rd ed. Fig. 5.12 (left), the chance nodes of its two moves: a1 is worth 2.1, a2 1.3."""
FIG_5_12_RELABELLED = [chance((0.9, 20), (0.1, 30)), chance((0.9, 1), (0.1, 400))]
"""The same tree after the order-preserving relabelling 1, 2, 3, 4 -> 1, 20, 30, 400: a2 now wins."""


class Case(NamedTuple):
    """One test of a student's search.

    name      what feedback calls it: "AIMA Fig. 5.2", or "hidden tree 7" (a hidden case's game is
              never described in feedback)
    game      the game or tree; ``state`` the state to search from (None: its initial state)
    depth     plies (two-player cut-offs) or rounds (multi-agent cut-offs); ``evaluate`` scores the
              states where the search stops; ``agents`` how many agents take turns
    prune_on_equality  the alpha-beta convention asked for
    policy    the opponent's known policy, state -> {action: probability} (expectimax)
    """

    name: str
    game: Any
    state: Any = None
    hidden: bool = False
    depth: int | None = None
    evaluate: Callable | None = None
    prune_on_equality: bool = True
    policy: Callable | None = None
    agents: int = 2

    @property
    def root(self):
        return self.game.initial_state if self.state is None else self.state


# ---------------------------------------------------------------------------------------------------
# Random trees, positions, evaluations and policies from a seed
# ---------------------------------------------------------------------------------------------------

def random_spec(rng: random.Random, depth: int = 3, branching: tuple = (1, 3), lower: int = -5,
                upper: int = 9, stop: float = 0.2, chance_nodes: float = 0.0, chance_root: bool = True,
                _root: bool = True):
    """A ragged nested-list tree: up to ``depth`` levels, ``branching`` children per node (the root has
    at least two), integer leaves in [lower, upper] (a small range on purpose: ties are where searches
    differ), a subtree stopping early with probability ``stop`` (leaves at several depths), and with
    probability ``chance_nodes`` a node being a chance node with random probabilities (the root too,
    unless ``chance_root`` is false)."""
    if depth == 0 or (not _root and rng.random() < stop):
        return rng.randint(lower, upper)
    n = rng.randint(max(branching[0], 2 if _root else 1), branching[1])
    kids = [random_spec(rng, depth - 1, branching, lower, upper, stop, chance_nodes, True, False)
            for _ in range(n)]
    if chance_nodes and rng.random() < chance_nodes and (chance_root or not _root):
        return random_chance(rng, kids)
    return kids


def random_chance(rng, kids: list):
    """A chance node over ``kids`` with random probabilities (weights 1-9, summing to exactly 1)."""
    weights = [rng.randint(1, 9) for _ in kids]
    total = sum(weights)
    probs = [w / total for w in weights[:-1]]
    probs.append(1 - sum(probs))
    return chance(*zip(probs, kids))


def random_estimates(rng: random.Random, tree: GameTree, lower: int = -9, upper: int = 9) -> dict:
    """A made-up evaluation for every node of ``tree`` (leaves too, differing from their utilities
    whenever possible, so that evaluating a terminal state instead of reading its utility shows)."""
    est = {}
    for s in tree.states:
        v = rng.randint(lower, upper)
        if tree.is_terminal(s) and v == tree.utility(s, MAX):
            v = v + 1 if v < upper else v - 1
        est[s] = v
    return est


def random_tictactoe(rng: random.Random, empties: int = 5):
    """A random non-terminal tic-tac-toe position with ``empties`` empty squares."""
    game = TicTacToe()
    while True:
        s = game.initial_state
        while len(game.actions(s)) > empties and not game.is_terminal(s):
            s = game.result(s, rng.choice(game.actions(s)))
        if not game.is_terminal(s):
            return game, s


def stable_random(*key) -> random.Random:
    """A generator seeded by ``key`` (any repr-able values), the same in every process."""
    return random.Random(zlib.crc32(repr(key).encode()))


class RandomPolicy:
    """A fixed stochastic policy: at each state, weights 1..9 per action drawn from (seed, state), so
    the same state always gets the same distribution.  ``uniform=True`` gives 1/n to each action."""

    def __init__(self, game, seed: int = 0, uniform: bool = False):
        self.game, self.seed, self.uniform = game, seed, uniform

    def __call__(self, state) -> dict:
        acts = list(self.game.actions(state))
        if self.uniform:
            return {a: 1 / len(acts) for a in acts}
        rng = stable_random(self.seed, state)
        weights = [rng.randint(1, 9) for _ in acts]
        total = sum(weights)
        return {a: w / total for a, w in zip(acts, weights)}

    def __repr__(self):
        return "uniform policy" if self.uniform else f"RandomPolicy(seed={self.seed})"


class RandomPolicyValue:
    """A fixed policy-value function for PUCT (the ``policy_value=`` of :func:`gamelib.mcts.mcts`): at each
    state, priors proportional to weights drawn from [0.1, 1] per legal move and a value for the player to
    move drawn from [−0.9, 0.9] (two decimals), both from (seed, state), so the same state always gets the
    same answer.  A stand-in for a trained network on trees that have none."""

    def __init__(self, game, seed: int = 0):
        self.game, self.seed = game, seed

    def __call__(self, state) -> tuple:
        acts = list(self.game.actions(state))
        rng = stable_random("policy-value", self.seed, state)
        weights = [rng.uniform(0.1, 1.0) for _ in acts]
        total = sum(weights)
        return {a: w / total for a, w in zip(acts, weights)}, round(rng.uniform(-0.9, 0.9), 2)

    def __repr__(self):
        return f"gamelib.grading.cases.RandomPolicyValue(game, seed={self.seed})"


# ---------------------------------------------------------------------------------------------------
# What each kind of exercise is graded against: gamelib's own search, traced
# ---------------------------------------------------------------------------------------------------

KINDS = ("minimax", "rounds", "alphabeta", "h_alphabeta", "expectiminimax", "expectimax")
"""The kinds of search exercise: plain minimax (AIMA Fig. 5.3); minimax cut off after ``depth``
rounds of ``agents`` agents (CS188's multi-agent depth); alpha-beta (Fig. 5.7) in the case's
convention; alpha-beta cut off after ``depth`` plies with an evaluation (H-MINIMAX, Eq. 5.2);
expectiminimax (§5.5); expectimax against the case's known opponent policy (CS221)."""


def rounds_cutoff(rounds: int, agents: int):
    """The cut-off test of a search ``rounds`` rounds deep when ``agents`` agents move in turn: stop
    once ``rounds * agents`` moves (AIMA plies) have been made."""
    return lambda state, plies: plies >= rounds * agents


def reference(kind: str, case: Case, **change) -> SearchResult:
    """gamelib's own search for an exercise of ``kind`` on ``case``, traced: what a student's search
    is compared with, node for node.  ``change`` overrides fields of the case (a mutant that searches
    one ply too deep is the reference with ``depth=case.depth + 1``)."""
    c = case._replace(**change) if change else case
    game, state = c.game, c.root
    if kind == "minimax":
        return minimax(game, state, trace=True)
    if kind == "rounds":
        return minimax(game, state, cutoff=rounds_cutoff(c.depth, c.agents), evaluate=c.evaluate,
                       trace=True)
    if kind == "alphabeta":
        return alphabeta(game, state, prune_on_equality=c.prune_on_equality, trace=True)
    if kind == "h_alphabeta":
        return alphabeta(game, state, depth=c.depth, evaluate=c.evaluate,
                         prune_on_equality=c.prune_on_equality, trace=True)
    if kind == "expectiminimax":
        return expectiminimax(game, state, trace=True)
    if kind == "expectimax":
        return expectimax(game, state, opponent_policy=c.policy, trace=True)
    raise ValueError(f"unknown kind of exercise {kind!r}; kinds: {', '.join(KINDS)}")


# ---------------------------------------------------------------------------------------------------
# Partial observability (assignment 05): belief states and averaging over clairvoyance
# ---------------------------------------------------------------------------------------------------

class BeliefCase(NamedTuple):
    """One test of a belief-state function, for ``player`` in ``game``.

    predict   ``belief`` (the states the player cannot tell apart, the player to move in each) and
              the player's ``action``
    update    ``belief`` (a predicted belief state) and the percept ``observed``
    track     a whole game: its ``states`` (from the initial state to the end) and the ``actions``
              between them, as a referee records it
    """

    name: str
    game: Any
    player: str
    belief: frozenset = frozenset()
    action: Any = None
    observed: Any = None
    states: tuple = ()
    actions: tuple = ()
    hidden: bool = False


class DealCase(NamedTuple):
    """One test of averaging over clairvoyance: a card game that deals once at the start (``game``),
    the true ``deal`` and the ``moves`` made since; the player to move there is the one deciding."""

    name: str
    game: Any
    deal: Any
    moves: tuple = ()
    hidden: bool = False

    @property
    def state(self):
        s = self.game.result(self.game.initial_state, self.deal)
        for m in self.moves:
            s = self.game.result(s, m)
        return s


def _play_on(rng: random.Random, game, state, player):
    """Random play from ``state`` (chance by its probabilities, players uniformly) until ``player`` is to
    move or the game is over: the states passed and the actions between them."""
    from ..core import CHANCE
    states, actions = [state], []
    while not game.is_terminal(state) and game.to_move(state) != player:
        if game.to_move(state) == CHANCE:
            outcomes = game.chance_outcomes(state)
            a = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = rng.choice(list(game.actions(state)))
        state = game.result(state, a)
        states.append(state)
        actions.append(a)
    return states, actions


def random_game_record(rng: random.Random, game, player=MAX) -> tuple:
    """A whole game played at random, as a referee records it: ``(states, actions)``."""
    states, actions = _play_on(rng, game, game.initial_state, player)
    while not game.is_terminal(states[-1]):
        a = rng.choice(list(game.actions(states[-1])))
        more, acts = _play_on(rng, game, game.result(states[-1], a), player)
        states += more
        actions += [a] + acts
    return tuple(states), tuple(actions)


def random_belief_cases(rng: random.Random, game, player, *, decisions: int = 3,
                        max_states: int = 400, name: str = "hidden case") -> tuple:
    """``(predict_case, update_case)`` from one random game of ``game`` seen by ``player``: the player's
    belief state (gamelib's :class:`~gamelib.imperfect.BeliefTracker`) at one of its first
    ``decisions`` decisions, a random action, and the percept that really arrives next; the update
    case starts from gamelib's PREDICT.  Beliefs larger than ``max_states`` are drawn again."""
    from ..imperfect import BeliefTracker, percept, predict
    while True:
        tracker = BeliefTracker(game, player)
        states, _ = _play_on(rng, game, game.initial_state, player)
        stop = rng.randrange(decisions)
        for k in range(decisions):
            state = states[-1]
            if game.is_terminal(state):
                break
            tracker.observe(percept(game, state, player))
            action = rng.choice(list(game.actions(state)))
            if k == stop:
                break
            tracker.act(action)
            states, _ = _play_on(rng, game, game.result(state, action), player)
        if game.is_terminal(states[-1]) or len(tracker.belief) > max_states or tracker.expecting != "action":
            continue
        after, _ = _play_on(rng, game, game.result(state, action), player)
        observed = percept(game, after[-1], player)
        belief = tracker.belief.states
        predicted = predict(game, tracker.belief, action, player).states
        return (BeliefCase(name, game, player, belief, action, hidden=True),
                BeliefCase(name, game, player, predicted, observed=observed, hidden=True))


def random_tree_belief_cases(rng: random.Random, seed, name: str = "hidden case") -> tuple:
    """``(predict_case, update_case)`` on a random :class:`~gamelib.grading.games.FoggyTree` with chance
    nodes: the belief is one decision node (one from which PREDICT passes several moves of the
    opponent or of chance, when the tree has one), the action one of its moves, the percept that of a
    state PREDICT reaches."""
    from ..core import CHANCE
    from ..imperfect import percept, predict
    from .games import FoggyTree
    while True:
        game = FoggyTree(random_spec(rng, rng.randint(4, 5), (2, 3), chance_nodes=0.3, stop=0.15),
                         seed=seed, signals=rng.choice((2, 3)))
        options = [(s, a) for s in game.tree.states if not game.is_terminal(s) and game.to_move(s) != CHANCE
                   for a in game.actions(s)]
        if options:
            break
    reach = {(s, a): predict(game, [s], a, game.to_move(s)).states for s, a in options}
    wide = [o for o in options if len(reach[o]) >= 3]
    node, action = rng.choice(wide or options)
    player, predicted = game.to_move(node), reach[node, action]
    observed = percept(game, rng.choice(sorted(predicted)), player)
    return (BeliefCase(name, game, player, frozenset([node]), action, hidden=True),
            BeliefCase(name, game, player, predicted, observed=observed, hidden=True))


def random_poker(rng: random.Random):
    """A random :class:`~gamelib.grading.games.SmallPoker`: three to five cards from J, Q, K, A (ranks may
    repeat, so deals are not equally likely), ante 1 or 2, bet 1 to 3."""
    from .games import SmallPoker
    while True:
        deck = "".join(rng.choice("JQKA") for _ in range(rng.randint(3, 5)))
        if len(set(deck)) >= 2:
            return SmallPoker(deck, ante=rng.randint(1, 2), bet=rng.randint(1, 3))


def random_deal_case(rng: random.Random, game, name: str = "hidden case") -> DealCase:
    """A random decision of ``game`` (a card game dealt once at the start): a deal drawn by its
    probability and a random history of moves after it that leaves a player to move."""
    outcomes = game.chance_outcomes(game.initial_state)
    while True:
        deal = rng.choices([d for d, _ in outcomes], [p for _, p in outcomes])[0]
        state, moves = game.result(game.initial_state, deal), []
        for _ in range(rng.randint(0, 3)):
            if game.is_terminal(state):
                break
            moves.append(rng.choice(list(game.actions(state))))
            state = game.result(state, moves[-1])
        if not game.is_terminal(state):
            return DealCase(name, game, deal, tuple(moves), hidden=True)


_CLAIRVOYANCE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def clairvoyant_table(game):
    """gamelib's exact averaging over clairvoyance for ``game`` (ties to the first action), memoized."""
    from ..imperfect import clairvoyance_policy
    try:
        return _CLAIRVOYANCE[game]
    except KeyError:
        policy = _CLAIRVOYANCE[game] = clairvoyance_policy(game)
        return policy


IMPERFECT_KINDS = ("predict", "update", "track", "averages", "decision")
"""The kinds of partial-observability exercise: PREDICT(b, a) and UPDATE(b̂, o) (AIMA 4th ed. §4.4.2) as
sets of states; a belief state tracked through a whole game; the averages of averaging over
clairvoyance at one decision (§5.6.2) and its decision."""


def reference_imperfect(kind: str, case):
    """gamelib's own answer for a partial-observability exercise of ``kind`` on ``case``:
    :func:`gamelib.imperfect.predict` and :func:`~gamelib.imperfect.update` (their sets of states),
    :func:`~gamelib.imperfect.track` (a tuple of sets), and
    :func:`~gamelib.imperfect.clairvoyance_policy` (the averages ``{action: mean}`` at the case's
    information set, or the action it plays there)."""
    from ..imperfect import Belief, predict, track, update
    game = case.game
    if kind == "predict":
        return predict(game, Belief(case.belief), case.action, case.player).states
    if kind == "update":
        return update(game, Belief(case.belief), case.observed, case.player).states
    if kind == "track":
        return tuple(b.states for b in track(game, case.player, case.states, case.actions))
    if kind in ("averages", "decision"):
        policy = clairvoyant_table(game)
        state = case.state
        key = policy.form.infoset_of(state)
        if kind == "averages":
            return {a: e.mean for a, e in policy.estimates[key].items()}
        return max(policy[key], key=policy[key].get)
    raise ValueError(f"unknown kind of exercise {kind!r}; kinds: {', '.join(IMPERFECT_KINDS)}")

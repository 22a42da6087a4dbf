"""Monte Carlo tree search with UCT (AIMA 4th ed. §5.4 "Monte Carlo tree search", Fig. 5.11; Zell's
slides §5.7, AlphaGo's search without its networks; Kocsis & Szepesvári 2006, "Bandit based Monte-Carlo
planning").

MCTS grows a tree from the searched state one node per iteration and keeps, at every node n, the
number of playouts through it, N(n), and the total reward they brought, U(n).  One iteration is four
steps, named as in AIMA's MONTE-CARLO-TREE-SEARCH (Fig. 5.11):

1. :func:`select`   from the root, while a node is fully expanded, go to the child with the largest
                    UCB1 value (a CHANCE node instead samples an outcome with its probability);
2. :func:`expand`   add one child of the node reached (a CHANCE node gets all its outcomes at once and
                    passes on a sampled one); a terminal node is not expanded;
3. :func:`simulate` play the game from the new node to the end (uniformly random moves unless
                    ``playout=`` gives a policy; chance outcomes with their probabilities);
4. :func:`backup`   (AIMA's BACK-PROPAGATE) add the playout to N and U of every node on the path.

The selection rule is UCB1 (Auer et al. 2002; AIMA 4th ed. §5.4)::

    UCB1(n) = U(n) / N(n)  +  c * sqrt( ln N(PARENT(n)) / N(n) )
              exploitation      exploration

**U(n) is kept for the player who moved into n** (the player to move at n's parent; OpenSpiel's
"reward from the parent node's perspective"), so every node picks the child with the largest UCB1
whether MAX or MIN is to move.  Utilities are zero-sum, so MIN's reward is minus MAX's utility.  ``c``
is in the units of the utilities; ``c = sqrt(2)`` is UCB1's constant for rewards in [0, 1] and works
well for the kit's win/draw/loss utilities (+1, 0, -1).  Below CHANCE nodes, U is kept for MAX (nobody
chooses there).

After the budget (``iterations=`` playouts, or ``time_limit=`` seconds, whichever comes first if both
are given), the move is the root's **most visited** child (AIMA: "the move with the highest number of
playouts"), ties broken by the larger mean reward for the player to move, then by the order of
``game.actions``; all moves sharing the largest visit count are listed in ``ties``.  The children of a
node are expanded in a random order (drawn from the seeded generator), so the first move in
``game.actions`` has no head start.

Everything random comes from ``random.Random(seed)``: the same seed and iteration budget give the same
tree and the same move; ``iterations=k`` does exactly the first k iterations of a longer run.  With
``trace=True`` every iteration records one :class:`~gamelib.trace.Event`: kind ``'simulate'``, ``state``
the node added (the playout's start), ``depth`` its depth, ``action`` the path to it from the root (a
tuple of moves and chance outcomes), ``value`` the playout's utility for MAX.  :func:`tree_statistics`
replays a trace into N and U of every node, so pictures and widgets (:mod:`gamelib.viz.mcts_widget`)
draw the tree at any iteration without searching again.

**PUCT: the same search guided by a policy-value function** (AlphaGo Zero, Silver et al. 2017,
"Mastering the game of Go without human knowledge", Nature 550, Methods "Search algorithm"; AlphaZero,
Silver et al. 2018, Science 362).  ``policy_value=f``, any function ``state -> (priors, value)`` with
``priors`` a dict {move: probability} over the legal moves and ``value`` the expected utility **for the
player to move at the state** (in [-1, 1] for win/draw/loss games; AlphaZero's v, which a network that
sees the board from the mover's side gives), opens two seams in the same loop and the same tree:

* the prior seam: a node gets its priors P(s, a) when it is evaluated, and SELECT (:func:`select_puct`)
  goes to the move with the largest ::

      Q(s, a)  +  c * P(s, a) * sqrt( N(s) ) / ( 1 + N(s, a) )

  where Q(s, a) is the mean value of the child for the player to move at s (0 while the child is
  unvisited) and N(s, a) its visits; a move not yet in the tree is expanded when it is chosen;
* the leaf-value seam: instead of a playout, the new node's value is f's (turned into MAX's utility:
  minus it when MIN is to move; a terminal node's own utility), and BACK-PROPAGATE adds it as it adds a
  playout's.

The root is evaluated in the first iteration (its event has the path ``()``), so N(s) counts s's own
evaluation plus every simulation through it, at the root as below.  ``dirichlet_alpha=`` mixes
Dirichlet noise into the root's priors, P = (1 - ε) P + ε η with η ~ Dir(α) (AlphaZero: α = 0.3 for
chess, ε = 0.25), for self-play only, drawn from the seeded generator.  ``temperature=`` τ chooses the
move among the root's children with probability proportional to N^(1/τ) (AlphaZero: τ = 1 for the
first moves of a self-play game); τ = 0, the default, is the most visited, as in plain MCTS.  Ties in
PUCT's selection go to the first move in ``game.actions``' order.  Everything else, the trace
included, is as above: the MCTS widget and the pictures read a PUCT run unchanged.  (Games with CHANCE
nodes are not searched with a policy-value function: AlphaZero's games have none.)
"""
from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Mapping
from typing import Any, Callable, NamedTuple

from .core import (CHANCE, MAX, MIN, ArgumentError, EvaluationError, GameError, GameProtocol, Policy, ProbabilityError,
                   State, check_distribution)
from .players import MAX_MOVES, distribution
from .trace import Event, collector_paused, recording
from .validate import (CheckedGame, check_game, flag, function, guard_size, no_moves, number, python_seed, start_state,
                       two_player, unchanged_by_result, whole, zero_sum_utility)

C = math.sqrt(2)
"""UCB1's exploration constant for rewards in [0, 1] (Auer et al. 2002); the default ``c``."""


class Node:
    """One node of the search tree.

    state     the game state
    parent    the parent Node (None at the root)
    action    the move (or chance outcome) that led here from the parent (None at the root)
    player    the player who moved into this node: the parent's TO-MOVE (None at the root)
    to_move   TO-MOVE(state), or None if the state is terminal
    children  {action: Node}, in the order they were expanded
    untried   the moves not yet expanded (shuffled once, popped from the end); a CHANCE node's
              outcomes until it is expanded (all at once)
    weights   for a CHANCE node, the outcomes' probabilities (in the order of ``children``)
    priors    P(s, a) of every legal move {action: probability} once the node is evaluated by a
              policy-value function (PUCT; None in plain MCTS)
    visits    N(n): the playouts through this node
    reward    U(n): their total reward for ``player`` (for MAX below a CHANCE node and at the root)
    """

    __slots__ = ("state", "parent", "action", "player", "to_move", "children", "untried", "weights",
                 "priors", "visits", "reward")

    def __init__(self, state, parent, action, player, to_move, untried):
        self.state, self.parent, self.action, self.player = state, parent, action, player
        self.to_move, self.untried = to_move, untried
        self.children, self.weights, self.priors = {}, None, None
        self.visits, self.reward = 0, 0.0

    def ucb(self, log_parent_visits: float, c: float) -> float:
        """UCB1(n) = U(n)/N(n) + c·sqrt(ln N(PARENT(n)) / N(n)), U kept for the player who moved in."""
        return self.reward / self.visits + c * math.sqrt(log_parent_visits / self.visits)

    def value_for_max(self) -> float:
        """The mean playout utility for MAX through this node (0.0 if no playout has passed)."""
        if not self.visits:
            return 0.0
        mean = self.reward / self.visits
        return -mean if self.player == MIN else mean

    def __repr__(self):
        return f"Node({self.action!r}, N={self.visits}, U={self.reward:g})"


class MCTSResult(NamedTuple):
    """What :func:`mcts` returns: :class:`~gamelib.core.SearchResult`'s four fields, then

    visits      {move: N} of the root's children, in the order of ``game.actions``
    values      {move: mean playout utility for MAX} of the root's children (same order)
    ties        the moves sharing the largest visit count (``action`` is chosen among them)
    iterations  the number of iterations (playouts) done
    seconds     the time taken
    root        the root :class:`Node` (the whole tree, for inspection)

    ``value`` is the chosen child's mean utility for MAX (the state's utility if it is terminal);
    ``nodes`` the number of nodes in the tree, root included (playout states are not kept).
    """

    value: float
    action: Any
    nodes: int
    trace: list[Event] | None = None
    visits: dict | None = None
    values: dict | None = None
    ties: list | None = None
    iterations: int = 0
    seconds: float = 0.0
    root: Node | None = None

    @property
    def visited(self) -> list:
        """The states the playouts started from, one per iteration (needs ``trace=True``)."""
        if self.trace is None:
            raise GameError("this search was run without trace=True, so it did not record visits")
        return [e.state for e in self.trace]


def new_node(game, state, parent=None, action=None, player=None, rng=None) -> Node:
    """A tree node for ``state``, its untried moves shuffled with ``rng`` (against move-order bias)."""
    if game.is_terminal(state):
        return Node(state, parent, action, player, None, [])
    to_move = game.to_move(state)
    if to_move == CHANCE:                   # expanded all at once, in the game's order
        return Node(state, parent, action, player, to_move, [o for o, _ in game.chance_outcomes(state)])
    untried = list(game.actions(state))
    if not untried:
        raise no_moves(game, state)
    if rng is not None:
        rng.shuffle(untried)
    return Node(state, parent, action, player, to_move, untried)


def select(node: Node, c: float, rng: random.Random) -> Node:
    """SELECT: from ``node`` down the tree while nodes are fully expanded, each time to the child with
    the largest UCB1 (the first such in expansion order), or through a CHANCE node to an outcome
    sampled with its probability.  Returns the first node that is terminal or has untried moves."""
    while node.to_move is not None and not node.untried:
        children = node.children
        if node.to_move == CHANCE:
            node = rng.choices(list(children.values()), node.weights)[0]
            continue
        log_n = math.log(node.visits)
        best, best_ucb = None, -math.inf
        for child in children.values():
            u = child.ucb(log_n, c)
            if u > best_ucb:
                best, best_ucb = child, u
        node = best
    return node


def expand(game, node: Node, rng: random.Random, action=None) -> Node:
    """EXPAND: add one untried child of ``node`` to the tree and return it: ``action``'s (the move
    :func:`select_puct` chose), or the last of the shuffled untried moves.  A CHANCE node (never
    expanded before) gets all its outcomes at once and returns one sampled with its probability; a
    terminal node is returned as it is."""
    if node.to_move is None:
        return node
    if action is not None:
        node.untried.remove(action)
        child = node.children[action] = new_node(game, game.result(node.state, action), node, action,
                                                 node.to_move)
        return child
    if node.to_move == CHANCE:
        outcomes = game.chance_outcomes(node.state)
        node.untried = []
        for outcome, _ in outcomes:
            node.children[outcome] = new_node(game, game.result(node.state, outcome), node, outcome,
                                              CHANCE, rng)
        node.weights = [p for _, p in outcomes]
        return rng.choices(list(node.children.values()), node.weights)[0]
    action = node.untried.pop()
    child = new_node(game, game.result(node.state, action), node, action, node.to_move, rng)
    node.children[action] = child
    return child


def simulate(game, state, rng: random.Random, playout: Callable | None = None,
             max_moves: int | None = MAX_MOVES):
    """SIMULATE: play from ``state`` to the end and return the terminal state reached.  Moves are
    uniformly random, or drawn from ``playout(state) -> {action: probability}`` (a policy as in
    :mod:`gamelib.players`); chance outcomes follow ``game.chance_outcomes``."""
    is_terminal, to_move, actions, result = game.is_terminal, game.to_move, game.actions, game.result
    moves = 0
    try:
        while not is_terminal(state):
            if max_moves is not None and moves >= max_moves:
                guard_size(moves + 1, max_moves, argument="max_moves",
                           what=f"the length of a playout of {game!r} (its positions may repeat for ever)")
            player = to_move(state)
            if player == CHANCE:
                outcomes, weights = zip(*game.chance_outcomes(state))
                state = result(state, rng.choices(outcomes, weights)[0])
            elif playout is None:
                acts = actions(state)
                state = result(state, acts[int(rng.random() * len(acts))])
            else:                              # the policy's distribution, checked (policies.distribution)
                moves_, weights = zip(*distribution(game, state, {player: playout}))
                state = result(state, rng.choices(moves_, weights)[0])
            moves += 1
    except IndexError:                         # a state that is not over but has no actions
        if not is_terminal(state) and to_move(state) != CHANCE and not actions(state):
            raise no_moves(game, state) from None
        raise
    return state


def backup(node: Node, utility: float) -> None:
    """BACK-PROPAGATE: add one playout of ``utility`` (for MAX) to N and U of ``node`` and of every
    ancestor, each U for the player who moved into that node (MIN's reward is -utility)."""
    negative = -utility
    while node is not None:
        node.visits += 1
        node.reward += negative if node.player == MIN else utility
        node = node.parent


def select_puct(node: Node, c: float) -> tuple:
    """SELECT by PUCT (AlphaGo Zero's rule, Silver et al. 2017, Nature 550, Methods; AlphaZero, Silver
    et al. 2018): from ``node``, at every evaluated node s take the move a with the largest

        Q(s, a) + c * P(s, a) * sqrt(N(s)) / (1 + N(s, a))

    (Q the child's mean value for the player to move at s, 0 if the child is not in the tree yet; the
    first such move in the order of the priors, ``game.actions``'), and go on to its child while it is
    in the tree.  Returns ``(node, move)``: the node to expand and the move to expand it by, or
    ``(node, None)`` when the node reached is terminal or not evaluated yet (the root, at first)."""
    while node.to_move is not None and node.priors is not None:
        if node.to_move == CHANCE:
            raise GameError(f"mcts with policy_value= searches games without chance; {node.state!r} is a "
                            "CHANCE state")
        children = node.children
        explore = c * math.sqrt(node.visits)
        best, best_score = None, -math.inf
        for action, p in node.priors.items():
            child = children.get(action)
            if child is None:
                score = explore * p
            else:
                score = child.reward / child.visits + explore * p / (1 + child.visits)
            if score > best_score:
                best, best_score = action, score
        child = children.get(best)
        if child is None:
            return node, best
        node = child
    return node, None


def evaluate(node: Node, policy_value: Callable, utility_for_max: Callable) -> float:
    """The leaf-value seam: the value to back up for ``node``, for MAX: a terminal node's utility, else
    ``policy_value``'s value (for the player to move, so minus it when MIN is to move), its priors
    (checked, over the legal moves in ``game.actions``' order) stored in ``node.priors``."""
    if node.to_move is None:
        return utility_for_max(node.state)
    if node.to_move == CHANCE:
        raise GameError(f"mcts with policy_value= searches games without chance; {node.state!r} is a "
                        "CHANCE state")
    node.priors, value = check_policy_value(node.state, node.untried, policy_value(node.state))
    return 0.0 - value if node.to_move == MIN else value      # 0.0 - v: never -0.0


PRIOR_TOLERANCE = 1e-6
"""How far from 1 the priors of a policy-value function may sum (a float32 network's softmax is off by
about 1e-7)."""


def check_policy_value(state, legal, answer) -> tuple[dict, float]:
    """``(priors, value)`` as :func:`evaluate` stores them, from ``answer``, what a policy-value function
    returned at ``state`` whose legal moves are ``legal``: a pair of a dict {move: probability} (legal
    moves only, probabilities >= 0 summing to 1; a move left out has 0) and a finite number.  Anything
    else raises :class:`~gamelib.core.ProbabilityError` or :class:`~gamelib.core.EvaluationError`
    naming the state and the fault."""
    try:
        priors, value = answer
    except (TypeError, ValueError):
        raise EvaluationError(f"policy_value at {state!r} returned {answer!r:.200}, not a pair (priors, value)") \
            from None
    if not isinstance(priors, Mapping):
        raise ProbabilityError(f"policy_value's priors at {state!r} are {priors!r:.200}, not a dict "
                               "{move: probability}")
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise EvaluationError(f"policy_value's value at {state!r} is {value!r:.200}, not a finite number")
    out = dict.fromkeys(legal, 0.0)
    for move, p in priors.items():
        if move not in out:
            raise ProbabilityError(f"policy_value's priors at {state!r} give {p!r} to {move!r}, which is not a "
                                   f"legal move there (the legal moves: {list(legal)!r:.200})")
        out[move] = p
    check_distribution(out.items(), lambda: f"policy_value's priors at {state!r}", PRIOR_TOLERANCE)
    return {move: float(p) for move, p in out.items()}, float(value)


def dirichlet_noise(priors: dict, alpha: float, epsilon: float, rng: random.Random) -> dict:
    """AlphaZero's exploration noise at the root of a self-play search: P(a) <- (1 - ε) P(a) + ε η_a,
    η ~ Dir(α) over the legal moves, drawn with ``rng`` (η_a = G_a / Σ G, G_a ~ Gamma(α, 1), in the order
    of ``priors``)."""
    gammas = [rng.gammavariate(alpha, 1.0) for _ in priors]
    total = sum(gammas)
    if total <= 0:                      # every draw underflowed (a tiny α): Dir(α)'s limit, one vertex
        gammas[rng.randrange(len(gammas))], total = 1.0, 1.0
    return {a: (1 - epsilon) * p + epsilon * g / total for (a, p), g in zip(priors.items(), gammas)}


def visit_policy(visits: dict, temperature: float) -> dict:
    """π(a) ∝ N(a)^(1/τ) over the root's children (AlphaZero's search probabilities, the policy target
    of training); τ = 0: all the weight shared by the most visited."""
    temperature = number("temperature", temperature, least=0, what="a temperature, a finite number")
    if not visits:
        return {}
    most = max(visits.values())
    if temperature == 0:
        ties = [a for a, n in visits.items() if n == most]
        return {a: (1 / len(ties) if a in ties else 0.0) for a in visits}
    weights = {a: (n / most) ** (1 / temperature) for a, n in visits.items()}
    total = sum(weights.values())
    return {a: w / total for a, w in weights.items()}


def mcts(game: GameProtocol, state: State | None = None, *, iterations: int | None = None,
         time_limit: float | None = None, c: float = C, seed=0, trace: bool = False, playout: Policy | None = None,
         max_moves: int | None = MAX_MOVES, policy_value: Callable | None = None,
         dirichlet_alpha: float | None = None, dirichlet_epsilon: float = 0.25,
         temperature: float = 0) -> MCTSResult:
    """MONTE-CARLO-TREE-SEARCH (AIMA 4th ed. Fig. 5.11) with UCB1 selection (UCT) from ``state``
    (the initial state if None): ``iterations`` playouts, or as many as fit in ``time_limit`` seconds
    (both: whichever ends first).  One iteration is one pass of Fig. 5.11's loop: SELECT, EXPAND,
    SIMULATE (one playout), BACK-PROPAGATE.  Returns an :class:`MCTSResult`: the most visited move (``.action``),
    its mean utility for MAX (``.value``), the tree's size (``.nodes``), the root's visit counts and
    values, and with ``trace=True`` one ``'simulate'`` event per iteration.  See the module docstring
    for the four steps and the UCB1 formula.

    ``c`` >= 0 is the exploration constant (0: pure exploitation after every move was tried once);
    ``seed`` seeds :class:`random.Random`; ``playout`` is a policy ``state -> {action: probability}``
    for both players' playout moves (None: uniformly random); a playout longer than ``max_moves``
    moves raises :class:`~gamelib.core.TooLargeError` (None: no limit).

    ``policy_value``, a function ``state -> ({move: probability}, value for the player to move)``,
    makes it PUCT (see the module docstring): the priors steer SELECT and the value replaces the
    playout; then ``dirichlet_alpha`` > 0 (None: no noise) and 0 <= ``dirichlet_epsilon`` <= 1 mix
    Dirichlet noise into the root's priors.  ``temperature`` >= 0 picks the move among the root's
    children with probability proportional to N^(1/temperature) (0: the most visited).

    The game must be two-player and zero-sum with finite utilities (U is kept for the player who
    moved in, MIN's reward being minus MAX's utility), and its states immutable (the tree keeps
    them): a game of other players is refused at the entry, and a utility that is not a finite number
    or not minus MIN's, and chance outcomes that are not a distribution, where they are first met.

    >>> from gamelib.games import TicTacToe
    >>> game = TicTacToe("XX.OO....")           # X to move wins at square 2
    >>> mcts(game, iterations=200).action       # (row, column)
    (0, 2)
    """
    check_game(game)
    two_player(game, "mcts")
    state = start_state(game, state)
    iterations = whole("iterations", iterations, 1, none=True, unit="playouts")
    time_limit = number("time_limit", time_limit, above=0, none=True, finite=False,
                        what="a number of seconds")
    if iterations is None and time_limit is None:
        raise ArgumentError("mcts needs a budget: give iterations= (a number of playouts) or "
                            "time_limit= (seconds), or both")
    c = number("c", c, least=0, what="an exploration constant, a finite number")
    seed = python_seed("seed", seed)
    flag("trace", trace)
    if playout is not None:
        function("playout", playout, "a policy, a function state -> {action: probability}, or None")
    max_moves = whole("max_moves", max_moves, 1, none=True, unit="moves")
    if policy_value is not None:
        function("policy_value", policy_value, "a function state -> ({move: probability}, value), or None")
        if playout is not None:
            raise ArgumentError("give playout= or policy_value=, not both: a policy-value function's value "
                                "replaces the playout")
    if dirichlet_alpha is not None:
        dirichlet_alpha = number("dirichlet_alpha", dirichlet_alpha, above=0,
                                 what="a Dirichlet concentration, a finite number (None: no noise)")
        if policy_value is None:
            raise ArgumentError("dirichlet_alpha= adds noise to the priors of policy_value=; give one")
    dirichlet_epsilon = number("dirichlet_epsilon", dirichlet_epsilon, least=0, most=1,
                               what="the weight of the noise, a probability")
    temperature = number("temperature", temperature, least=0, what="a temperature, a finite number")
    unchanged_by_result(game, state, "mcts")
    utility_for_max = zero_sum_utility(game, "mcts")    # finite, and minus MIN's: checked at every playout
    game = CheckedGame(game)           # chance outcomes checked the first time each distribution is seen

    rng = random.Random(seed)
    clock = time.perf_counter
    start = clock()
    deadline = None if time_limit is None else start + time_limit
    root = new_node(game, state, rng=None if policy_value else rng)    # PUCT: moves in the game's order
    nodes = 1
    done = 0
    with recording(trace) as log, collector_paused():
        while (iterations is None or done < iterations) and (deadline is None or clock() < deadline
                                                              or done == 0):
            if policy_value is None:            # UCT: UCB1, one child, a playout
                leaf = select(root, c, rng)
                before = len(leaf.children)
                child = expand(game, leaf, rng)
                nodes += len(leaf.children) - before
                end = simulate(game, child.state, rng, playout, max_moves)
                u = utility_for_max(end)
            else:                               # PUCT: the prior steers, the value replaces the playout
                leaf, action = select_puct(root, c)
                child = leaf if action is None else expand(game, leaf, rng, action)
                nodes += child is not leaf
                u = evaluate(child, policy_value, utility_for_max)
                if child is root and dirichlet_alpha is not None and root.priors:
                    root.priors = dirichlet_noise(root.priors, dirichlet_alpha, dirichlet_epsilon, rng)
            backup(child, u)
            done += 1
            if log is not None:
                log.append(Event("simulate", child.state, _depth(child), None, None, u, _path(child)))
    return _result(game, root, nodes, log, done, clock() - start, utility_for_max, temperature, rng)


def _depth(node: Node) -> int:
    d = 0
    while node.parent is not None:
        node, d = node.parent, d + 1
    return d


def _path(node: Node) -> tuple:
    path = []
    while node.parent is not None:
        path.append(node.action)
        node = node.parent
    return tuple(reversed(path))


def _result(game, root: Node, nodes: int, log, done: int, seconds: float, utility_for_max,
            temperature: float = 0, rng: random.Random | None = None) -> MCTSResult:
    if root.to_move is None:
        return MCTSResult(utility_for_max(root.state), None, nodes, log, {}, {}, [], done, seconds, root)
    order = [a for a, _ in game.chance_outcomes(root.state)] if root.to_move == CHANCE \
        else list(game.actions(root.state))
    kids = {a: root.children[a] for a in order if a in root.children}
    visits = {a: n.visits for a, n in kids.items()}
    values = {a: n.value_for_max() for a, n in kids.items()}
    if root.to_move == CHANCE:
        return MCTSResult(root.value_for_max(), None, nodes, log, visits, values, [], done, seconds, root)
    if not kids:                        # PUCT stopped after evaluating the root: the largest prior
        best = max(root.priors, key=root.priors.get)
        return MCTSResult(root.value_for_max(), best, nodes, log, {}, {}, [], done, seconds, root)
    most = max(visits.values())
    ties = [a for a in kids if visits[a] == most]
    sign = -1 if root.to_move == MIN else 1
    if temperature:                     # sampled: π(a) ∝ N(a)^(1/τ)
        pi = visit_policy(visits, temperature)
        best = rng.choices(list(pi), list(pi.values()))[0]
    else:
        best = max(ties, key=lambda a: sign * values[a])  # max keeps the first of equals: actions' order
    return MCTSResult(values[best], best, nodes, log, visits, values, ties, done, seconds, root)


# ---------------------------------------------------------------------------------------------------
# Reading a trace: the tree as it stood after any iteration.
# ---------------------------------------------------------------------------------------------------

class Stats(NamedTuple):
    """N and the total playout utility for MAX of one node, as replayed from a trace."""

    visits: int
    total: float

    @property
    def mean(self) -> float:
        """The mean playout utility for MAX."""
        return self.total / self.visits


def tree_statistics(trace, iterations: int | None = None) -> dict:
    """``{path: Stats}`` for every node the first ``iterations`` iterations (all if None) played
    through, replayed from a :func:`mcts` trace; ``path`` is the tuple of moves from the root (``()``
    is the root).  Nodes are listed in the order they were first reached.  (CHANCE outcomes expanded
    together but never played through are not listed.)"""
    try:
        events = list(trace)
        ok = not isinstance(trace, (str, bytes)) and all(isinstance(e, Event) and e.kind == "simulate"
                                                          and isinstance(e.action, tuple) for e in events)
    except TypeError:
        ok = False
    if not ok:
        raise ArgumentError(f"trace must be the trace of gamelib.mcts (mcts(..., trace=True).trace, its "
                            f"'simulate' events), got {trace!r:.200}")
    iterations = whole("iterations", iterations, 0, none=True)
    visits, totals = {}, {}
    for e in events[:iterations]:
        path = e.action
        for k in range(len(path) + 1):
            p = path[:k]
            visits[p] = visits.get(p, 0) + 1
            totals[p] = totals.get(p, 0.0) + e.value
    return {p: Stats(visits[p], totals[p]) for p in visits}


def root_ucb(stats: dict, player: str, c: float = C) -> dict:
    """UCB1 of each of the root's children from :func:`tree_statistics`, for ``player`` to move at the
    root (MAX or MIN): ``{move: (ucb, mean reward for player, visits)}``.  The value select() compares
    at the root in the next iteration."""
    if player != MAX and player != MIN:
        raise ArgumentError(f"player must be MAX or MIN (the player to move at the root), got {player!r}")
    if not isinstance(stats, dict) or not all(isinstance(p, tuple) and isinstance(s, Stats) for p, s in stats.items()):
        raise ArgumentError(f"stats must be what gamelib.mcts.tree_statistics returns, {{path: Stats}}, got "
                            f"{stats!r:.200}")
    number("c", c, least=0, what="an exploration constant, a finite number")
    sign = -1 if player == MIN else 1
    root = stats.get(())
    out = {}
    for path, s in stats.items():
        if len(path) == 1:
            mean = sign * s.mean
            out[path[0]] = (mean + c * math.sqrt(math.log(root.visits) / s.visits), mean, s.visits)
    return out


def root_puct(stats: dict, player: str, priors: dict, c: float = C) -> dict:
    """PUCT's score of each of the root's moves from :func:`tree_statistics` of a search with
    ``policy_value=``, for ``player`` to move at the root, given the root's priors P (``result.root.priors``):
    ``{move: (Q + c·P·sqrt(N(root)) / (1 + N), Q, N, P)}`` for every move with a prior, in the priors'
    order, Q the mean value for ``player`` (0 and N = 0 for a move not yet tried).  The value
    :func:`select_puct` compares at the root in the next iteration (N(root) counts the root's own
    evaluation)."""
    if player != MAX and player != MIN:
        raise ArgumentError(f"player must be MAX or MIN (the player to move at the root), got {player!r}")
    if not isinstance(stats, dict) or not all(isinstance(p, tuple) and isinstance(s, Stats) for p, s in stats.items()):
        raise ArgumentError(f"stats must be what gamelib.mcts.tree_statistics returns, {{path: Stats}}, got "
                            f"{stats!r:.200}")
    if not isinstance(priors, Mapping):
        raise ArgumentError(f"priors must be the root's priors, a dict {{move: probability}}, got {priors!r:.200}")
    number("c", c, least=0, what="an exploration constant, a finite number")
    sign = -1 if player == MIN else 1
    root = stats.get(())
    explore = c * math.sqrt(root.visits) if root is not None else 0.0
    out = {}
    for move, p in priors.items():
        s = stats.get((move,))
        n = 0 if s is None else s.visits
        q = 0.0 if s is None else sign * s.mean
        out[move] = (q + explore * p / (1 + n), q, n, p)
    return out

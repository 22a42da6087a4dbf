"""Assignment 06's grading: more players (max^n) and zero-sum matrix games, against gamelib's own.

Two functions to write, each a :class:`~gamelib.grading.core.Task` graded by the one grading core:

* ``maxn_value(game, state, tie)``, MAXN(state) of Luckhardt and Irani's recurrence (AIMA 4th ed.
  §5.2.2) on the game protocol with ``game.player_order``, graded **node for node** against the trace
  of :func:`gamelib.maxn` (:class:`MaxnFamily`): the student's search is handed a
  :class:`~gamelib.grading.tracing.TracedGame` (which offers ``player_order``), which records the
  order in which it arrives at nodes, and its utility vector is compared within
  rounding.  Cases: AIMA Fig. 5.4 under both tie rules, a tree with chance nodes of unequal
  probabilities, four players, a Raid position; hidden ones are random trees of three and four players
  with and without chance nodes, their utilities drawn from a small range so that ties are common, and
  Raid positions.
* ``solve_zero_sum_2x2(payoffs)``, the value of a 2 × 2 zero-sum game and an optimal mix for the row
  player, against :func:`gamelib.normal_form.solve_zero_sum` (:class:`ZeroSumFamily`): the value within
  rounding, and the mix accepted if it is *an* optimal one (its guarantee,
  :func:`gamelib.normal_form.row_guarantee`, reaches the value: in a degenerate game many mixes are).
  The payoffs are handed over as a plain list of lists.  Hidden games include degenerate ones: saddle
  points, dominated rows, equal payoffs, a zero denominator in the indifference formula.

Their bug models (:func:`buggy_maxn`, :func:`buggy_zero_sum_2x2`) are written as a student writes the
function, equal to gamelib's with no bug switched on (a property test checks it); they are named in
feedback through :data:`gamelib.grading.mutants.MUTANTS`.  The by-hand answers (values under two tie
rules, a paranoid value, a 2 × 2 solution, a bimatrix game's equilibria) are checked by
:func:`maxn_by_hand`, :func:`paranoid_by_hand`, :func:`zero_sum_by_hand` and
:func:`equilibria_by_hand`.
"""
from __future__ import annotations

import copy
import math
import types
from functools import lru_cache
from typing import Any, NamedTuple

from ..core import CHANCE, GameError
from ..games import Raid
from ..maxn import maxn, paranoid
from ..minimax import minimax
from ..normal_form import nash_equilibria, row_guarantee, solve_zero_sum
from ..trees import FIG_5_4, GameTree, chance
from . import cases as C
from .core import Attempt, Family, Task, fail, fmt, quiet
from .guard import SEARCH_MODULES, describe_returned, is_number
from .mutants import Near, Outcome
from .tracing import TracedGame

WATCHED = SEARCH_MODULES + ("maxn.py", "normal_form.py")
"""The parts of gamelib a student's function must not call in their own kernel (in the sandbox they
are withheld)."""


# ---------------------------------------------------------------------------------------------------
# The game a student's max^n search is handed
# ---------------------------------------------------------------------------------------------------

# ---------------------------------------------------------------------------------------------------
# max^n: cases
# ---------------------------------------------------------------------------------------------------

EXERCISE_TIES = ("first", "spiteful")
"""The tie rules the exercise asks for (gamelib.maxn's ``ties``): keep the first of the children
equally good for the mover, or the one with the least sum of components (worst for the others)."""


class MaxnCase(NamedTuple):
    """One test of ``maxn_value``: a game of named players, the state to search from (None: the
    initial state) and the tie rule."""

    name: str
    game: Any
    state: Any = None
    tie: str = "first"
    hidden: bool = False

    @property
    def root(self):
        return self.game.initial_state if self.state is None else self.state


CHANCE_TREE = [[chance((0.25, [(2, 6, 1), (5, 1, 4)]), (0.75, (1, 3, 3))), (2, 2, 2)],
               [chance((0.6, (6, 0, 1)), (0.3, [(0, 4, 2), (3, 4, 0)]), (0.1, (0, 0, 9))), (4, 1, 1)]]
"""Three players and two chance nodes of unequal probabilities."""
FOUR_PLAYERS = [[[[(1, 2, 3, 4), (2, 1, 3, 4)], [(3, 3, 0, 1), (0, 3, 2, 2)]], [[(4, 0, 0, 0)], [(1, 1, 1, 1)]]],
                [[[(2, 2, 2, 2), (2, 0, 0, 5)]], [[(0, 2, 4, 3), (1, 2, 4, 0)], [(3, 1, 1, 3)]]]]
"""Four players, with ties for several of them."""
BY_HAND = [[[(5, 1, 4), (2, 3, 4)], [(1, 4, 2), (3, 2, 5)]], [[(4, 2, 1), (2, 2, 3)], [(3, 5, 3), (6, 0, 3)]]]
"""The by-hand tree of players X, Y, Z: ⟨3, 2, 5⟩ under 'first', ⟨2, 2, 3⟩ under 'spiteful'."""
BY_HAND_PLAYERS = ("X", "Y", "Z")


def vector_tree(spec, players) -> GameTree:
    return GameTree.from_nested(spec, players=players)


def _maxn_public():
    abc = ("A", "B", "C")
    raid = Raid()
    return [MaxnCase("AIMA Fig. 5.4, tie='first'", vector_tree(FIG_5_4, abc)),
            MaxnCase("AIMA Fig. 5.4, tie='spiteful'", vector_tree(FIG_5_4, abc), tie="spiteful"),
            MaxnCase("three players, chance nodes of unequal probabilities", vector_tree(CHANCE_TREE, abc)),
            MaxnCase("four players, tie='spiteful'", vector_tree(FOUR_PLAYERS, ("A", "B", "C", "D")),
                     tie="spiteful"),
            MaxnCase("Raid: A 1, B 1, C 4, three moves left (notebook 07, §4)", raid,
                     raid.state((1, 1, 4), "A", 3))]


def random_vector_spec(rng, players: int, depth: int, branching=(1, 3), upper: int = 4, stop: float = 0.2,
                       chance_nodes: float = 0.0, _root: bool = True):
    """A ragged nested-list tree of ``players`` players: up to ``depth`` levels, leaves utility vectors
    of whole numbers in [0, upper] (a small range: ties are where tie rules and bugs show), and with
    probability ``chance_nodes`` a node below the root is a chance node with random probabilities."""
    if depth == 0 or (not _root and rng.random() < stop):
        return tuple(rng.randint(0, upper) for _ in range(players))
    n = rng.randint(max(branching[0], 2 if _root else 1), branching[1])
    kids = [random_vector_spec(rng, players, depth - 1, branching, upper, stop, chance_nodes, False)
            for _ in range(n)]
    if chance_nodes and not _root and n > 1 and rng.random() < chance_nodes:
        return C.random_chance(rng, kids)
    return kids


NAMES = ("A", "B", "C", "D")


def _maxn_hidden(seed, n):
    rng = C.stable_random("maxn", seed)
    out = []
    for i in range(n):
        players = 3 if i % 2 == 0 else 4
        while True:                                                  # four players: each moves somewhere
            spec = random_vector_spec(rng, players, rng.randint(2, 4) if players == 3 else 4, (1, 3),
                                      stop=0.2 if players == 3 else 0.3, chance_nodes=0.4 if i % 4 >= 2 else 0.0)
            tree = vector_tree(spec, NAMES[:players])
            if len({tree.to_move(s) for s in tree.states if not tree.is_terminal(s)} - {CHANCE}) == players:
                break
        out.append(MaxnCase(f"hidden tree {i + 1}", tree, tie=rng.choice(EXERCISE_TIES), hidden=True))
    for k in range(max(1, n // 10)):
        raid = Raid(moves=rng.randint(2, 3))
        start = raid.state(tuple(rng.randint(0, 4) for _ in range(3)), rng.choice(raid.player_order))
        out.append(MaxnCase(f"hidden position {k + 1}", raid, start, tie=rng.choice(EXERCISE_TIES), hidden=True))
    return out


# ---------------------------------------------------------------------------------------------------
# max^n: the bug models
# ---------------------------------------------------------------------------------------------------

MAXN_BUGS = frozenset({"last_tied", "wrong_component", "count_average", "two_player", "ignores_spiteful",
                       "root_component", "spiteful_equal_sums"})


def buggy_maxn(game, state=None, tie: str = "first", *, bugs=(), visited: list | None = None):
    """MAXN(state) as a student writes it on the protocol, ``(vector, visited)``, with the named
    ``bugs``: ``last_tied`` (a child as good for the mover, and under 'spiteful' with the same sum,
    replaces the one kept), ``wrong_component`` (children compared by the next player's component),
    ``count_average`` (chance nodes average their outcomes by 1/number-of-outcomes),
    ``two_player`` (the game read as two-player: the first player maximizes its own component and every
    other player minimizes it), ``ignores_spiteful`` (the tie rule is always 'first'),
    ``root_component`` (every player compares the children by the component of the player to move at
    the root), ``spiteful_equal_sums`` (under 'spiteful' a tied child with an equal sum replaces the one
    kept: ``<=`` where ``<`` is meant).  With no bug it visits and returns what :func:`gamelib.maxn`
    does.  ``visited`` collects the states arrived at, in order (kept if it raises)."""
    bugs = frozenset(bugs)
    if bugs - MAXN_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - MAXN_BUGS)}; known: {sorted(MAXN_BUGS)}")
    players = tuple(game.player_order)
    index = {p: i for i, p in enumerate(players)}
    visited = [] if visited is None else visited
    if state is None:
        state = game.initial_state
    if "ignores_spiteful" in bugs:
        tie = "first"
    root = None
    if "root_component" in bugs and not game.is_terminal(state) and game.to_move(state) in index:
        root = index[game.to_move(state)]

    def value(s):
        visited.append(s)
        if game.is_terminal(s):
            return tuple(game.utility(s, p) for p in players)
        mover = game.to_move(s)
        if mover == CHANCE:
            outcomes = list(game.chance_outcomes(s))
            total = [0.0] * len(players)
            for r, p in outcomes:
                w = value(game.result(s, r))
                weight = 1 / len(outcomes) if "count_average" in bugs else p
                if weight:
                    total = [t + weight * x for t, x in zip(total, w)]
            return tuple(total)
        i = index[mover]
        if "two_player" in bugs:
            key, sign = 0, 1 if i == 0 else -1
        elif root is not None:
            key, sign = root, 1
        else:
            key, sign = (i + 1) % len(players) if "wrong_component" in bugs else i, 1
        v = None
        for a in game.actions(s):
            v2 = value(game.result(s, a))
            if v is None or sign * v2[key] > sign * v[key] or (v2[key] == v[key] and _replaces(tie, v2, v, bugs)):
                v = v2
        return v

    return value(state), visited


def _replaces(tie: str, v2, v, bugs) -> bool:
    """Whether a child tied for the mover replaces the one kept."""
    if tie == "spiteful":
        return sum(v2) <= sum(v) if bugs & {"last_tied", "spiteful_equal_sums"} else sum(v2) < sum(v)
    return "last_tied" in bugs


def maxn_model(bugs):
    """A bug model for ``maxn_value`` (an entry of :data:`gamelib.grading.mutants.MUTANTS`)."""
    def model(kind, case):
        visited: list = []
        try:
            v, _ = buggy_maxn(case.game, case.root, case.tie, bugs=bugs, visited=visited)
        except (GameError, IndexError, KeyError, ZeroDivisionError) as e:
            return Outcome(tuple(visited), error=type(e).__name__)
        return Outcome(tuple(visited), Near(v))
    return model


# ---------------------------------------------------------------------------------------------------
# max^n: the family
# ---------------------------------------------------------------------------------------------------

class MaxnFamily(Family):
    """max^n searches, compared node for node with gamelib.maxn's trace, vectors within rounding."""

    def expected(self, task, case) -> Outcome:
        r = maxn(case.game, case.root, ties=case.tie, trace=True)
        return Outcome(tuple(r.visited), Near(r.value))

    def attempt(self, task, case, expected) -> Attempt:
        budget = 50 * len(expected.visits) + 500
        own = copy.deepcopy(case.game)
        traced = TracedGame(own, budget=budget)
        return Attempt(task.args(traced, traced.node(case.root), case), lambda: traced.visited, own, budget,
                       WATCHED)

    def parse(self, task, returned, case) -> tuple:
        n = len(case.game.player_order)
        if not isinstance(returned, (tuple, list)):
            hint = " (did you forget to return it?)" if returned is None else ""
            return None, None, (f"it returned {describe_returned(returned)}{hint}; it should return the "
                                f"utility vector, a tuple of {n} numbers in game.player_order")
        if len(returned) != n:
            return None, None, (f"it returned a vector of {len(returned)} numbers; the game has {n} players, "
                                "so its utility vectors have one number per player, in game.player_order")
        bad = [x for x in returned if not is_number(x)]
        if bad:
            return None, None, f"its vector holds {describe_returned(bad[0])}, which is not a number"
        return Near(tuple(returned)), None, ""

    def difference(self, task, got, want, case) -> str:
        parts = []
        if got.value is not None and want.value is not None and got.value != want.value:
            parts.append("the vector is wrong" if case.hidden else
                         f"vector {got.value}, expected {want.value} (tie={case.tie!r})")
        if got.visits != want.visits:
            first = next((i for i, (a, b) in enumerate(zip(got.visits, want.visits)) if a != b),
                         min(len(got.visits), len(want.visits)))
            if case.hidden or not all(isinstance(s, str) for s in got.visits + want.visits):
                parts.append(f"it arrived at {len(got.visits)} nodes, the reference at {len(want.visits)}; "
                             f"they part at arrival {first + 1}")
            else:
                parts.append(f"nodes visited: yours {' '.join(got.visits)}; expected {' '.join(want.visits)}")
        return "; ".join(parts)

    def forbidden(self, task, call: str) -> str:
        return f"it calls {call}, gamelib's own; this exercise asks you to write {task.name} yourself"

    def agreement(self, task) -> str:
        return "the same nodes in the same order, the same utility vector"

    def diagnose(self, task, fn, result, time_limit) -> str:
        """Where a max^n search first goes wrong and the rule of the recurrence that broke there
        (:func:`maxn_why`)."""
        return maxn_why(task, fn, result, time_limit)


MAXN = MaxnFamily()


# ---------------------------------------------------------------------------------------------------
# max^n: why a case went wrong
# ---------------------------------------------------------------------------------------------------

MAX_CALLS = 40
"""How many more calls of the student's ``maxn_value`` one diagnosis may make (going down the tree)."""


def _vec(v) -> str:
    return "(" + ", ".join(fmt(x + 0.0) if isinstance(x, float) else str(x) for x in v) + ")"


def _close(a, b) -> bool:
    return Near(tuple(a)) == tuple(b)


def _moves(game, state) -> list:
    """``[(label, probability or None, child)]``: a chance node's outcomes, a player's moves, in the
    game's order."""
    if game.to_move(state) == CHANCE:
        return [(r, p, game.result(state, r)) for r, p in game.chance_outcomes(state)]
    return [(a, None, game.result(state, a)) for a in game.actions(state)]


def _named(state, path: tuple) -> str:
    """A node as feedback names it: a tree's own label, else the moves that lead to it."""
    if isinstance(state, str):
        return state
    return "the root" if not path else "the node after " + " → ".join(map(str, path))


def maxn_why(task, fn, result, time_limit: float) -> str:
    """Why ``fn`` went wrong on the failed max^n case ``result``: a wrong vector followed down the tree
    (:func:`maxn_value_divergence`), else the first arrival where its visits part from gamelib.maxn's
    (:func:`maxn_visit_divergence`); '' when the case's own line says it all (an error, a wrong form)."""
    got, want, case = result.student, result.expected, result.case
    if got.error is not None or getattr(case, "hidden", False) or got.value is None:
        return ""
    try:
        if got.value != want.value:
            return maxn_value_divergence(task, fn, case, got.value.x, want.value.x, time_limit)
        if got.visits != want.visits:
            return maxn_visit_divergence(case, got.visits, want.visits)
    except Exception:                                    # noqa: BLE001 -- a diagnosis is a help, never a failure
        return ""
    return ""


def maxn_value_divergence(task, fn, case, got, want, time_limit: float, calls=None) -> str:
    """Where the student's vector goes wrong on ``case`` (``got`` against gamelib.maxn's ``want`` at its
    root): the student's own function is asked again at each child (the same case from that child: its
    vector there must be MAXN(child)), down to the deepest node whose vector is wrong while its
    children's are right, and the rule of that node's kind is said with its children's vectors
    (:func:`maxn_rule`).  A child the function cannot be asked at (a chance node, for a function written
    for a player's node only) is looked through: its vector is its outcomes' average, as the student's
    function gives them."""
    from .core import grade_case
    calls = [0] if calls is None else calls
    game, state, sub, path = case.game, case.root, case, ()

    def ask(child, route):
        below = sub._replace(state=child, name=f"{case.name} from {_named(child, route)}")
        if calls[0] >= MAX_CALLS:
            return None
        calls[0] += 1
        r = grade_case(task, fn, below, time_limit)
        if r.student.error is not None or r.student.value is None:
            return None
        return r.student.value.x, r.expected.value.x, below

    while True:
        if game.is_terminal(state):
            return maxn_rule(game, case.tie, state, path, got, [], want)
        kids, lower = [], None
        for label, p, child in _moves(game, state):
            route = path + (label,)
            asked = ask(child, route)
            if asked is None and game.is_terminal(child):        # its utilities, read from the game
                utilities = maxn(game, child).value
                asked = (utilities, utilities, None)
            elif asked is None and game.to_move(child) == CHANCE:
                asked = _through_chance(game, child, route, ask)
            if asked is None:
                return ""
            if len(asked) == 5:                          # wrong below a chance node asked through
                lower = asked
                break
            kids.append((label, p, child) + asked)
        wrong = [(path + (k[0],),) + k[2:] for k in kids if not _close(k[3], k[4])]   # (route, child, got, want, case)
        if lower is None and not wrong:
            return maxn_rule(game, sub.tie, state, path, got, [k[:4] for k in kids], want)
        path, state, got, want, sub = lower if lower is not None and not wrong else wrong[0]


def _through_chance(game, node, path, ask):
    """The student's vector at the chance ``node`` its function cannot be asked at (``(vector, want,
    None)``): the probability-weighted average of its outcomes' vectors, as the function gives them;
    ``(path, outcome, vector, want, case)`` of the first outcome whose vector is wrong; or None when an
    outcome cannot be asked either."""
    mine, wants = [], []
    for label, p, child in _moves(game, node):
        asked = ask(child, path + (label,))
        if asked is None and game.is_terminal(child):
            asked = (maxn(game, child).value,) * 2 + (None,)
        if asked is None:
            return None
        if not _close(asked[0], asked[1]):
            return (path + (label,), child) + asked
        mine.append((p, asked[0]))
        wants.append((p, asked[1]))
    average = lambda pairs: tuple(sum(p * v[k] for p, v in pairs) for k in range(len(pairs[0][1])))  # noqa: E731
    return average(mine), average(wants), None


def maxn_rule(game, tie: str, state, path: tuple, got, kids: list, want) -> str:
    """The rule of max^n at ``state`` that the student's vector ``got`` breaks, given its children
    ``kids`` [(label, probability, child, vector)] whose vectors the student has right (``want``:
    gamelib.maxn's vector at ``state``), in the words of the recurrence (AIMA 4th ed. §5.2.2)."""
    here = _named(state, path)
    players = tuple(game.player_order)
    if game.is_terminal(state):
        text = (f"at {here}, a terminal node, your vector {_vec(got)} is not its utilities in the order of "
                f"game.player_order, {_vec(want)}")
        if sorted(got) == sorted(want):
            text += " (the same numbers in another order: component i is the utility of game.player_order[i])"
        return text
    vectors = [v for *_, v in kids]
    listed = ", ".join(f"{_named(c, path + (a,))} {_vec(v)}" for a, _, c, v in kids)
    mover = game.to_move(state)
    if mover == CHANCE:
        terms = " + ".join(f"{fmt(p)}·{_vec(v)}" for _, p, _, v in kids)
        text = (f"at {here}, a chance node, your vector {_vec(got)} is not the probability-weighted average of its "
                f"children's vectors, component by component ({terms} = {_vec(want)})")
        mean = tuple(sum(v[k] for v in vectors) / len(vectors) for k in range(len(players)))
        if _close(got, mean):
            text += " (it is their plain mean: weight each outcome by its probability, from game.chance_outcomes)"
        elif _close(got, tuple(sum(v[k] for v in vectors) for k in range(len(players)))):
            text += " (it is their sum: weight each outcome by its probability, from game.chance_outcomes)"
        elif any(_close(got, v) for v in vectors):
            text += " (it is one of them: a chance node averages its outcomes, nobody chooses there)"
        return text
    i = players.index(mover)
    top = max(v[i] for v in vectors)
    kept = next(k for k, v in enumerate(vectors) if _close(v, want))
    name = lambda k: _named(kids[k][2], path + (kids[k][0],))          # noqa: E731
    text = (f"at {here}, where {mover} moves, your vector {_vec(got)} is not the one max^n backs up: of its "
            f"children's vectors ({listed}), {mover} keeps the one largest in its own component, v[{i}] ({mover} "
            f"is game.player_order[{i}])")
    tied = [k for k, v in enumerate(vectors) if v[i] == top]
    if len(tied) > 1:
        text += (", and of children tied there " + ("the first" if tie == "first" else
                 "the one with the least sum of components (the worst for the others), the first of equal sums")
                 + f" (tie={tie!r}): {name(kept)}")
    same = [k for k, v in enumerate(vectors) if _close(got, v)]
    if not same:
        if _close(got, tuple(max(v[k] for v in vectors) for k in range(len(players)))):
            return text + (f"; yours takes each component's largest over the children: {mover} keeps one child's "
                           f"vector whole")
        return text + ("; yours is none of its children's vectors, though asked at each child on its own your "
                       "function gives that child's vector: in the whole search the nodes below back up something "
                       "else, so something your search carries down from the root (the root's player, or its "
                       "index?) is not what a search from that node starts with")
    j = same[0]
    v = vectors[j]
    if v[i] < top:
        first = lambda key: min(range(len(vectors)), key=lambda m: (key(vectors[m]), m))    # noqa: E731
        said = [f"the best in {players[k]}'s component v[{k}]" for k in range(len(players))
                if k != i and first(lambda w: -w[k]) == j]
        said += [f"the worst in {players[k]}'s component v[{k}]" for k in range(len(players))
                 if first(lambda w: w[k]) == j and not (k == i and said)]
        what = " and ".join(said) if said else f"which gives {mover} {fmt(v[i])}, less than {fmt(top)}"
        return text + (f"; yours is {name(j)}'s, {what}: at {here} it is {mover} who moves, and each player "
                       f"maximizes its own component")
    if tie == "first":
        return text + (f"; yours is {name(j)}'s, tied with {name(kept)} in v[{i}], and under tie='first' a tied "
                       f"child does not replace the one kept: only a strictly larger component does")
    s_j, s_k = sum(v), sum(vectors[kept])
    if _close((s_j,), (s_k,)):
        return text + (f"; yours is {name(j)}'s, tied with {name(kept)} in v[{i}] and in the sum ({fmt(s_j)}): "
                       f"of equal sums the first is kept (only a strictly smaller sum replaces it: < where you "
                       f"may have <=)")
    return text + (f"; yours is {name(j)}'s, tied with {name(kept)} in v[{i}] but with the larger sum ({fmt(s_j)} "
                   f"against {fmt(s_k)}): under tie='spiteful' the tied child worst for the others is kept")


def _parents(game, root) -> dict:
    """``{node: (parent, label)}`` of the tree below ``root``."""
    parent, stack = {}, [root]
    while stack:
        s = stack.pop()
        if game.is_terminal(s):
            continue
        for label, _, c in _moves(game, s):
            if c not in parent and c != root:
                parent[c] = (s, label)
                stack.append(c)
    return parent


def maxn_visit_divergence(case, got: tuple, want: tuple) -> str:
    """Why the student's search arrives at nodes in another order than gamelib.maxn on ``case``: at the
    first arrival where they part, what the student's search did there (a node visited twice, children
    out of order, a node skipped, a search that stops) and max^n's rule (every node, children in the
    game's order)."""
    game, root = case.game, case.root
    k = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    parent = _parents(game, root)

    def label(s):
        if isinstance(s, str):
            return s
        route, node = [], s
        while node in parent:
            node, move = parent[node]
            route.append(move)
        return _named(s, tuple(reversed(route)))

    if k >= len(want):
        return (f"yours arrives at {len(got) - len(want)} more nodes after gamelib.maxn has searched the whole tree "
                f"(at {label(got[k])} first): does it search a node again, or past the leaves?")
    missed = want[k]
    above = parent.get(missed, (None, None))[0]
    zero = (above is not None and not game.is_terminal(above) and game.to_move(above) == CHANCE
            and dict(game.chance_outcomes(above)).get(parent[missed][1]) == 0)
    note = " (an outcome of probability 0 is visited too: it adds nothing to the average, but it is searched)" \
        if zero else ""
    if k >= len(got):
        return (f"yours stops after {len(got)} nodes; max^n searches the whole tree and goes on to {label(missed)}"
                f"{note}: nothing can be pruned, since a bound on one player's component says nothing of the "
                f"others'")
    there = got[k]
    if there in got[:k]:
        return (f"yours arrives at {label(there)} a second time (after {label(got[k - 1])}), where max^n goes on "
                f"to {label(missed)}: does your search compute a child's vector twice, once to compare it and "
                f"once to keep it? Keep the vector the first call returned")
    if there in want[k:] and parent.get(there, (None,))[0] == above and above is not None:
        return (f"at {label(above)}, yours arrives at {label(there)} before {label(missed)}: max^n visits the "
                f"children in the order game.actions lists them (a chance node's outcomes in the order of "
                f"game.chance_outcomes)")
    return (f"yours never arrives at {label(missed)} (after {label(got[k - 1]) if k else 'the start'} it went to "
            f"{label(there)}){note}: max^n visits every node of the tree, nothing is pruned, since a bound on one "
            f"player's component says nothing of the others'")


# ---------------------------------------------------------------------------------------------------
# A 2 × 2 zero-sum game: the value and an optimal mix
# ---------------------------------------------------------------------------------------------------

class MatrixCase(NamedTuple):
    """One test of ``solve_zero_sum_2x2``: the row player's ``payoffs`` (held in ``game``, which the
    core checks for changes; the student gets a copy as a plain list of lists)."""

    name: str
    game: Any
    hidden: bool = False

    @property
    def payoffs(self) -> list:
        return self.game.payoffs


def matrix_case(name, payoffs, hidden=False) -> MatrixCase:
    return MatrixCase(name, types.SimpleNamespace(payoffs=[list(row) for row in payoffs]), hidden)


MORRA = [[2, -3], [-3, 4]]
"""CS221's two-finger Morra (notebook 07, §7): p = 7/12, value −1/12."""
BY_HAND_2X2 = [[3, -1], [-2, 1]]
"""The by-hand game: p = 3/7, value 1/7."""
BY_HAND_BIMATRIX = ([[3, 0], [1, 2]], [[2, 0], [0, 1]])
"""The by-hand bimatrix game: pure equilibria (0, 0) and (1, 1), the mixed one p = 1/3, q = 1/2."""


def _matrix_public():
    return [matrix_case("two-finger Morra", MORRA),
            matrix_case("matching pennies", [[1, -1], [-1, 1]]),
            matrix_case("no saddle point, the players' mixes differ", [[5, -2], [-1, 3]]),
            matrix_case("a saddle point", [[2, 1], [3, 5]]),
            matrix_case("a dominated row", [[1, 2], [3, 4]]),
            matrix_case("every payoff the same", [[2, 2], [2, 2]])]


MATRIX_KINDS = ("no saddle point", "no saddle point", "a saddle point and a dominated row",
                "a saddle point and no dominated row", "a zero denominator", "equal payoffs")
"""The situations a 2 × 2 zero-sum game's rules tell apart, each drawn in turn (:func:`_matrix_hidden`):
the mixed formula twice as often, a saddle point found by a dominated row and one with no dominated row
where the mixed formula gives no probability (found only by the column player's dominance or by maximin =
minimax: a test by row dominance alone misses it), the formula's zero denominator, and equal payoffs in a
row, a column or everywhere."""


def _dominated_row(A) -> bool:
    (a, b), (c, d) = A
    return (a >= c and b >= d) or (c >= a and d >= b)


def _formula_holds(A) -> bool:
    """Whether the indifference formula p = (d − c) / (a − b − c + d) gives a probability."""
    (a, b), (c, d) = A
    den = a - b - c + d
    return den != 0 and 0 <= (d - c) / den <= 1


def _matrix_of_kind(rng, kind: str):
    while True:
        a, b, c, d = (rng.randint(-5, 5) for _ in range(4))
        A = [[a, b], [c, d]]
        maximin, minimax = _pure_values(A)
        if kind == "no saddle point" and maximin < minimax:
            return A
        if kind == "a saddle point and a dominated row" and maximin == minimax and _dominated_row(A):
            return A
        if kind == "a saddle point and no dominated row" and maximin == minimax and not _dominated_row(A) \
                and not _formula_holds(A):
            return A
        if kind == "a zero denominator" and abs(b + c - a) <= 9:
            return [[a, b], [c, b + c - a]]
        if kind == "equal payoffs":
            return rng.choice([[[a, a], [c, d]], [[a, b], [a, d]], [[a, a], [a, a]], [[a, b], [a, b]]])


def _matrix_hidden(seed, n):
    """``n`` hidden games, every situation of :data:`MATRIX_KINDS` in turn (so each is there whenever
    ``n`` ≥ 6, whatever the seed), the rows and columns in a random order, sometimes in quarters."""
    rng = C.stable_random("zero_sum_2x2", seed)
    out = []
    for i in range(n):
        A = _matrix_of_kind(rng, MATRIX_KINDS[i % len(MATRIX_KINDS)])
        if rng.random() < 0.3:                         # not always whole numbers
            A = [[x / 4 for x in row] for row in A]
        out.append(matrix_case(f"hidden game {i + 1}", A, hidden=True))
    return out


def _pure_values(A) -> tuple:
    """(pure maximin, pure minimax) of a matrix."""
    return max(min(row) for row in A), min(max(col) for col in zip(*A))


@lru_cache(maxsize=256)
def _solution(key: tuple):
    return solve_zero_sum([list(row) for row in key])


def _key(A) -> tuple:
    return tuple(tuple(row) for row in A)


def _tolerance(A) -> float:
    return 1e-9 * max(1.0, max(map(max, A)) - min(map(min, A)))


OPTIMAL = "an optimal mix"
"""The decision part of a 2 × 2 solution when the mix is optimal (any optimal mix is accepted)."""


def judge_2x2(A, returned) -> tuple:
    """``(value, mix, problem)`` for what a ``solve_zero_sum_2x2`` returned on ``A``: the value as
    :class:`Near`, the mix as :data:`OPTIMAL` or (if it guarantees less than the game's value) as
    ``Near(p)``, or a problem with the answer's form."""
    if not (isinstance(returned, (tuple, list)) and len(returned) == 2):
        hint = " (did you forget to return it?)" if returned is None else ""
        return None, None, (f"it returned {describe_returned(returned)}{hint}; it should return a pair "
                            "(p, value): the probability of the first row and the value of the game")
    p, v = returned
    if not is_number(p):
        return None, None, f"the probability it returned is {describe_returned(p)}, not a number"
    if not is_number(v):
        return None, None, f"the value it returned is {describe_returned(v)}, not a number"
    if not -1e-9 <= p <= 1 + 1e-9:
        return None, None, (f"it returned p = {fmt(float(p))}, which is not a probability (p must lie in "
                            "[0, 1]; an indifference formula outside [0, 1] means a pure strategy is optimal)")
    p = min(max(float(p), 0.0), 1.0)
    value = _solution(_key(A)).value
    optimal = row_guarantee(A, (p, 1 - p)) >= value - _tolerance(A)
    return Near(float(v)), OPTIMAL if optimal else Near(p), ""


ZERO_SUM_BUGS = frozenset({"no_saddle_check", "column_formula", "pure_maximin"})


def buggy_zero_sum_2x2(A, *, bugs=()):
    """``(p, value)`` of the 2 × 2 zero-sum game ``A`` as a student solves it: a saddle point (pure
    maximin = pure minimax) gives its row, otherwise each row player's mix makes the column player
    indifferent, p = (d − c) / (a − b − c + d), and the value is (ad − bc) / (a − b − c + d).  Bugs:
    ``no_saddle_check`` (the formula always, even where a pure strategy is optimal: a probability
    outside [0, 1], or a division by zero), ``column_formula`` (the column player's mix,
    (d − b) / (a − b − c + d), given as the row player's; a student who solves the indifference with the
    rows and columns swapped gets it, whatever value it then computes: the bug is named by the mix),
    ``pure_maximin`` (the row revealed first:
    the pure maximin row and value)."""
    bugs = frozenset(bugs)
    if bugs - ZERO_SUM_BUGS:
        raise ValueError(f"unknown bugs {sorted(bugs - ZERO_SUM_BUGS)}; known: {sorted(ZERO_SUM_BUGS)}")
    (a, b), (c, d) = A
    low, high = _pure_values(A)
    if "pure_maximin" in bugs:
        worst = [min(row) for row in A]
        return (1.0 if worst[0] >= worst[1] else 0.0), low
    if low == high and "no_saddle_check" not in bugs:
        row = 0 if min(A[0]) == low else 1
        return (1.0 if row == 0 else 0.0), low
    den = a - b - c + d
    p = (d - b) / den if "column_formula" in bugs else (d - c) / den
    return p, (a * d - b * c) / den


def zero_sum_model(bugs):
    """A bug model for ``solve_zero_sum_2x2`` (an entry of :data:`gamelib.grading.mutants.MUTANTS`)."""
    def model(kind, case):
        try:
            returned = buggy_zero_sum_2x2(case.payoffs, bugs=bugs)
        except ZeroDivisionError as e:
            return Outcome((), error=type(e).__name__)
        value, mix, problem = judge_2x2(case.payoffs, returned)
        return Outcome((), error="wrong type") if problem else Outcome((), value, mix)
    return model


class ZeroSumFamily(Family):
    """The value of a 2 × 2 zero-sum game (within rounding) and an optimal mix (any one)."""

    agrees = "the same value, and an optimal mix"

    def expected(self, task, case) -> Outcome:
        return Outcome((), Near(_solution(_key(case.payoffs)).value), OPTIMAL)

    def attempt(self, task, case, expected) -> Attempt:
        return Attempt((copy.deepcopy(case.payoffs),), tuple, case.game, None, WATCHED)

    def parse(self, task, returned, case) -> tuple:
        return judge_2x2(case.payoffs, returned)

    def difference(self, task, got, want, case) -> str:
        A = case.payoffs
        parts = []
        if got.value != want.value:
            parts.append("the value is wrong" if case.hidden else
                         f"value {fmt(got.value.x)}, expected {fmt(want.value.x)} (payoffs {A})")
        if got.action != want.action:
            if case.hidden:
                parts.append("the mix is not optimal")
            else:
                p = got.action.x
                parts.append(f"p = {fmt(p)} is not optimal: it guarantees {fmt(row_guarantee(A, (p, 1 - p)))}, "
                             f"less than the value {fmt(want.value.x)} (payoffs {A})")
        return "; ".join(parts)

    def forbidden(self, task, call: str) -> str:
        return (f"it calls {call}, gamelib's own; this exercise asks you to solve the game yourself (no "
                "linear program is needed for 2 × 2)")

    def mutant_returns(self, task) -> str:
        return "pair"

    def credit(self, task, student, expected) -> float | None:
        """A game's case asks for two answers, each worth half of it: the value of the game and an optimal
        mix for the row player.  They are found by different rules (the mix by the column player's
        indifference, the value by what that mix then earns, or a saddle point's payoff), and a careful
        grader marks each: the value right with the column player's mix keeps the value's half."""
        if student.error is not None:
            return None
        return 0.5 * (student.value == expected.value) + 0.5 * (student.action == expected.action)

    def split(self, task) -> str:
        return "a game's value is worth half of it, an optimal mix the other half"

    def diagnose(self, task, fn, result, time_limit) -> str:
        """Why a 2 × 2 solution is wrong (:func:`zero_sum_why`)."""
        return zero_sum_why(result)


ZERO_SUM = ZeroSumFamily()


def _same(x, y) -> bool:
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)


def zero_sum_why(result) -> str:
    """Why the solution of the failed 2 × 2 case ``result`` is wrong, by the rules that solve a zero-sum
    game (von Neumann's minimax theorem; notebook 07, §7): a saddle point first (pure maximin = pure
    minimax: a pure strategy is optimal and its payoff is the value), else the row player's mix that
    makes the column player indifferent between its columns, and the value that mix earns against
    either; then what the student's mix earns, and the slips that give the student's numbers.  A
    division by zero or a probability outside [0, 1] where there is a saddle point is told the saddle
    point; '' for any other answer of the wrong form."""
    got, want, case = result.student, result.expected, result.case
    if getattr(case, "hidden", False):
        return ""
    try:
        if got.error is not None:
            return _zero_sum_stopped(case.payoffs, got.error, result.problem)
        return _zero_sum_text(case.payoffs, got.value.x, None if got.action == OPTIMAL else got.action.x,
                              want.value.x)
    except Exception:                                    # noqa: BLE001 -- a diagnosis is a help, never a failure
        return ""


def _term(x) -> str:
    return f"({fmt(x)})" if x < 0 else fmt(x)


def _saddle(A) -> str:
    """The saddle point of ``A`` and why it solves the game ('' when it has none)."""
    low, high = _pure_values(A)
    if not _same(low, high):
        return ""
    (a, b), (c, d) = A
    r = 0 if _same(min(A[0]), low) else 1
    col = 0 if _same(max(a, c), high) else 1
    return (f"the game has a saddle point, row {r + 1} and column {col + 1}: the best of the rows' worst payoffs "
            f"(the pure maximin, {fmt(low)}) equals the least of the columns' best (the pure minimax, {fmt(high)}), "
            f"so a pure strategy is optimal (row {r + 1} for sure, p = {1 - r}) and the value is that payoff, "
            f"{fmt(low)}")


def _zero_sum_stopped(A, error: str, problem: str) -> str:
    (a, b), (c, d) = A
    head = _saddle(A)
    if not head:
        return ""
    if error == "ZeroDivisionError" and a - b - c + d == 0:
        return head + ("; the indifference formula does not apply (here a − b − c + d = 0): look for a saddle point "
                       "first")
    if error == "wrong type" and "not a probability" in problem:
        return head + "; the indifference formula does not apply where there is one: look for a saddle point first"
    return ""


def _off_saddle(A, v, p, value) -> list:
    """What a solution of a game with a saddle point gets wrong: its mix, its value."""
    (a, b), (c, d) = A
    den = a - b - c + d
    parts = []
    if p is not None:
        against = (p * a + (1 - p) * c, p * b + (1 - p) * d)
        if den and _same(p, (d - c) / den):
            parts.append(f"yours, p = {fmt(p)}, is the indifference formula's (d − c)/(a − b − c + d), which holds "
                         f"only where there is no saddle point: look for one first (your p earns only "
                         f"{fmt(min(against))} against the column player's best reply)")
        else:
            parts.append(f"yours, p = {fmt(p)}, earns {fmt(against[0])} against column 1 and {fmt(against[1])} against "
                         f"column 2, and the column player holds it to the lesser")
    if not _same(v, value):
        said = f"your value {fmt(v)} is not that payoff"
        if den and _same(v, (a * d - b * c) / den):
            said += " (it is the formula's (ad − bc)/(a − b − c + d), which holds only where there is no saddle point)"
        parts.append(said)
    return parts


def _zero_sum_text(A, v, p, value) -> str:
    (a, b), (c, d) = A
    head = _saddle(A)
    if head:
        parts = _off_saddle(A, v, p, value)
        return head + ("; " + "; ".join(parts) if parts else "")
    low, high = _pure_values(A)
    den = a - b - c + d
    f = fmt
    against = None if p is None else (p * a + (1 - p) * c, p * b + (1 - p) * d)
    parts = []
    best = (d - c) / den
    head = (f"the game has no saddle point (pure maximin {f(low)} < pure minimax {f(high)}), so the row player mixes, "
            f"playing row 1 with the probability p that makes the column player indifferent between its columns: "
            f"p·{_term(a)} + (1 − p)·{_term(c)} = p·{_term(b)} + (1 − p)·{_term(d)}, so p = (d − c)/(a − b − c + d) "
            f"= {f(best)}, and the value is what p earns against either column, {f(value)}")
    if p is not None:
        mix = (f"yours, p = {f(p)}, earns {f(against[0])} against column 1 and {f(against[1])} against column 2, and "
               f"the column player holds it to the lesser, {f(min(against))}")
        if _same(p, (d - b) / den):
            mix += (" (it is (d − b)/(a − b − c + d), the column player's mix: the one that makes the *row* player "
                    "indifferent)")
        elif _same(p, 1 - best):
            mix += " (it is 1 − p, the probability of row 2)"
        elif p in (0, 1):
            mix += " (a pure strategy, which the column player exploits where there is no saddle point)"
        parts.append(mix)
    if not _same(v, value):
        said = f"your value {f(v)} is not it"
        if _same(v, low):
            said += " (it is the pure maximin, what a pure strategy guarantees: a mixed one guarantees more)"
        elif _same(v, high):
            said += " (it is the pure minimax, what the column player can hold a pure-strategy row player to)"
        elif _same(v, -value):
            said += " (it is minus the value: the value is the row player's payoff)"
        elif against is not None and any(_same(v, x) for x in against):
            said += " (it is what your p earns against one column, not against the column player's best reply)"
        elif _same(v, best * a + (1 - best) * b):
            said += (" (it is p·a + (1 − p)·b: p weighs the rows, so in each column it weighs row 1's payoff against "
                     "row 2's: p·a + (1 − p)·c)")
        parts.append(said)
    return head + ("; " + "; ".join(parts) if parts else "")


TASKS = {
    "maxn_value": Task("maxn_value", "maxn", "value", lambda g, s, c: (g, s, c.tie), _maxn_public, _maxn_hidden,
                       "gamelib.maxn (Luckhardt and Irani's max^n, AIMA 4th ed. §5.2.2)", MAXN),
    "solve_zero_sum_2x2": Task("solve_zero_sum_2x2", "zero_sum_2x2", "pair", None, _matrix_public,
                               _matrix_hidden, "gamelib.normal_form.solve_zero_sum (a linear program)",
                               ZERO_SUM),
}
"""The functions students write in assignment 06, by name."""


# ---------------------------------------------------------------------------------------------------
# By-hand answers
# ---------------------------------------------------------------------------------------------------

def _vector(x) -> tuple | None:
    if isinstance(x, (tuple, list)) and all(is_number(v) for v in x):
        return tuple(x)
    return None


_UNSET = object()


@quiet
def maxn_by_hand(values: dict, spec, players, *, tie: str = "first", decision=_UNSET, what: str = "values"):
    """Hand-computed max^n vectors ``{node: vector}`` (and, if given, the root's ``decision``) against
    :func:`gamelib.maxn`'s trace on the tree ``spec`` of ``players`` under ``tie``: how many vectors are
    right and, for each wrong one, the rule it breaks judged with the student's own vectors below it (or
    that it follows from a wrong one there), never the vector it should be."""
    __tracebackhide__ = True
    tree = vector_tree(spec, players)
    result = maxn(tree, ties=tie, trace=True)
    closed = {e.state: e.value for e in result.trace if e.kind != "enter"}
    if not isinstance(values, dict):
        fail(f"{what} should be a dict {{node: vector}}; it is {describe_returned(values)}")
    own = _MaxnBackup(tree, players, tie, values)
    wrong, judged = [], 0
    for node, v in values.items():
        judged += 1
        if node not in closed:
            wrong.append(f"{node!r} is not a node of the tree")
        elif _vector(v) is None or len(v) != len(players):
            wrong.append(f"{node}: {v!r} is not a vector of {len(players)} numbers")
        elif Near(tuple(v)) != closed[node]:
            wrong.append(own.why(node, closed))
    if wrong:
        from .byhand import tally
        wrong.insert(0, tally(judged, len(wrong), "vectors", "right"))
    if decision is not _UNSET and decision != result.action:
        wrong.append(f"the decision at A: yours {decision!r} is not right (the move to the child the root keeps, by "
                     f"its player's own component, a tie broken by {tie!r})")
    if wrong:
        fail(f"{what} (tie={tie!r}): " + "; ".join(wrong))
    print(f"✓ {what} agree with gamelib.maxn's trace (tie={tie!r})")


class _MaxnBackup:
    """The vectors a hand-computed max^n answer's parts are judged with: the student's own where given, else
    the leaves' and what a node not asked about backs up from those (as :class:`gamelib.grading.byhand._Backup`
    does for values)."""

    def __init__(self, tree, players, tie: str, values):
        self.tree, self.players, self.tie = tree, players, tie
        self.given = {n: tuple(v) for n, v in (values.items() if isinstance(values, dict) else ())
                      if n in tree.players and _vector(v) is not None and len(v) == len(players)}

    def own(self, node):
        if node in self.given:
            return self.given[node]
        return tuple(self.tree.leaf_values[node]) if self.tree.is_terminal(node) else self.kept(node)[0]

    def kept(self, node, tie: str | None = None):
        """(the vector ``node`` backs up, the index of the child it keeps) by the rule; (None, None) if unknown."""
        tree, players, tie = self.tree, self.players, tie or self.tie
        kids = [self.own(c) for _, c in tree.children[node]]
        if any(v is None for v in kids):
            return None, None
        mover = tree.to_move(node)
        if mover == CHANCE:
            return tuple(sum(p * v[k] for p, v in zip(tree.probabilities[node], kids))
                         for k in range(len(players))), None
        i, best = players.index(mover), 0
        for j, v in enumerate(kids):
            if v[i] > kids[best][i] or (tie == "spiteful" and v[i] == kids[best][i] and sum(v) < sum(kids[best])):
                best = j
        return kids[best], best

    def rule(self, node) -> str:
        mover = self.tree.to_move(node)
        return ("its children's vectors weighted by their probabilities" if mover == CHANCE else
                f"the one {mover} (to move there) backs up: its children's best in {mover}'s own component, a tie "
                f"broken by {self.tie!r}")

    def why(self, node, right: dict) -> str:
        """Why the student's vector at ``node`` is not max^n's (``right``: max^n's vectors)."""
        v = self.given.get(node)
        if v is None:
            return f"{node}'s vector is not right"
        if self.tree.is_terminal(node):
            return f"{node}'s vector {v} is not its payoffs"
        by_own = self.kept(node)[0]
        below = [c for _, c in self.tree.children[node] if c in self.given and c in right
                 and Near(self.given[c]) != right[c]]
        if by_own is not None and Near(by_own) == v and below:
            return (f"{node}'s vector {v} follows by its rule from your vector{'s' if len(below) > 1 else ''} of "
                    f"{', '.join(below)}, which {'are' if len(below) > 1 else 'is'} wrong")
        text = f"{node}'s vector {v} is not {self.rule(node)}"
        if self.tree.to_move(node) != CHANCE:
            other = "first" if self.tie == "spiteful" else "spiteful"
            if self.kept(node, other)[0] is not None and Near(self.kept(node, other)[0]) == v:
                text += f" (it is the tie broken by {other!r})"
        return text


@quiet
def paranoid_by_hand(value, spec, players, player, *, what: str = "the paranoid value"):
    """``player``'s paranoid value at the root of ``spec`` (:func:`gamelib.paranoid`, then minimax)."""
    __tracebackhide__ = True
    want = minimax(paranoid(vector_tree(spec, players), player)).value
    if not is_number(value) or not math.isclose(value, want, abs_tol=1e-9):
        fail(f"{what} of {player}: {value!r} is not right (every other player minimizes {player}'s payoff)")
    print(f"✓ {what} of {player} agrees with minimax on gamelib.paranoid's game")


@quiet
def zero_sum_by_hand(p, value, payoffs, *, what: str = "your solution"):
    """A hand-solved 2 × 2 zero-sum game: ``value`` against :func:`gamelib.normal_form.solve_zero_sum`,
    ``p`` (the probability of the first row) optimal."""
    __tracebackhide__ = True
    got, mix, problem = judge_2x2(payoffs, (p, value))
    if problem:
        fail(f"{what}: {problem.replace('it returned', 'you gave')}")
    want = _solution(_key(payoffs)).value
    wrong = []
    if got != Near(want):
        wrong.append(f"the value: yours {value!r} is not right")
    if mix != OPTIMAL:
        wrong.append(f"p = {p!r} is not optimal (the column player's best reply holds the row player "
                     "below the value)")
    if wrong:
        fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agrees with gamelib.normal_form.solve_zero_sum")


@quiet
def equilibria_by_hand(pure, mixed, row_payoffs, col_payoffs, *, what: str = "the equilibria"):
    """The pure equilibria ``{(row, column), ...}`` (action indices) and the completely mixed one
    ``(p, q)`` (the probabilities of each player's first action) of a 2 × 2 bimatrix game, against
    :func:`gamelib.normal_form.nash_equilibria`."""
    __tracebackhide__ = True
    found = nash_equilibria(row_payoffs, col_payoffs, exact=True)
    want_pure = {(x.index(1), y.index(1)) for x, y in found if 1 in x and 1 in y}
    full = [(x, y) for x, y in found if all(x) and all(y)]
    wrong = []
    if not isinstance(pure, (set, frozenset, list, tuple)) or not all(isinstance(e, tuple) for e in pure):
        wrong.append(f"the pure equilibria should be a set of (row, column) pairs; they are "
                     f"{describe_returned(pure)}")
    elif set(pure) != want_pure:
        extra, missing = set(pure) - want_pure, want_pure - set(pure)
        if extra:                       # how many, never which: a pair is an equilibrium or not
            are = "is not an equilibrium" if len(extra) == 1 else "are not equilibria"
            wrong.append(f"{len(extra)} of your pairs {are} (a player gains by changing its action)")
        if missing:
            wrong.append(f"you left out {len(missing)} pure equilibri{'um' if len(missing) == 1 else 'a'}")
    if full:
        (x, y), = full
        if not (isinstance(mixed, (tuple, list)) and len(mixed) == 2 and all(is_number(v) for v in mixed)):
            wrong.append(f"the mixed equilibrium should be a pair (p, q); it is {describe_returned(mixed)}")
        elif Near((float(x[0]), float(y[0]))) != tuple(mixed):
            wrong.append(f"the mixed equilibrium (p, q) = {tuple(mixed)} is not right (each player mixes so that "
                         "the *other* is indifferent)")
    if wrong:
        fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agree with gamelib.normal_form.nash_equilibria")


# ---------------------------------------------------------------------------------------------------
# Sanity checks of the by-hand answers (public: consistent or not, never right or wrong)
# ---------------------------------------------------------------------------------------------------

@quiet
def maxn_sanity(values, spec, players, *, tie: str = "first", decision=None, what: str = "values"):
    """Hand-computed max^n vectors ``{node: vector}`` on the tree ``spec``, part by part: each is the vector
    its player backs up from its children's (taken from the answer where it gives them, the leaves' below,
    and what a node not asked about backs up from those): the child best in the player's own component,
    ties broken by ``tie`` ('first': the first; 'spiteful': the least sum, the first of equal sums), or a
    chance node's probability-weighted average; and the decision is the move to the child the root keeps.
    A message names the node and the rule, never the vector it should be."""
    __tracebackhide__ = True
    from .byhand import depth_first, tally, consistent
    if tie not in EXERCISE_TIES:
        raise ValueError(f"maxn_sanity knows the tie rules {EXERCISE_TIES}, not {tie!r}")
    tree = vector_tree(spec, players)
    backup = _MaxnBackup(tree, players, tie, values)
    given, kept = backup.given, backup.kept
    problems, judged = [], 0
    for node in depth_first(tree):
        if node not in given or tree.is_terminal(node) or kept(node)[0] is None:
            continue
        judged += 1
        if Near(kept(node)[0]) != given[node]:
            problems.append(f"{node}'s vector {given[node]} is not {backup.rule(node)}")
    bad = len(problems)
    moves = dict(tree.children[tree.initial_state])
    if decision is not None:
        if decision not in moves:
            problems.append(f"the decision {decision!r} is not one of {', '.join(map(repr, moves))}")
        elif kept(tree.initial_state)[1] is not None and list(moves).index(decision) != kept(tree.initial_state)[1]:
            problems.append(f"the decision {decision!r} does not lead to the child {tree.initial_state} keeps (by "
                            f"your vectors, under {tie!r})")
    consistent(what, f"the tree under the tie rule {tie!r}: a node's vector is its children's (yours where you gave "
                     "them) that is best for the player to move there, and the decision leads to the child the root "
                     "keeps", problems, tally=tally(judged, bad, "vectors") if bad else "")


@quiet
def zero_sum_sanity(p, value, payoffs, *, what: str = "your solution"):
    """A hand-solved 2 × 2 zero-sum game: p a probability, the value between the pure maximin (the best
    row's worst payoff) and the pure minimax (the best column's worst), as von Neumann's theorem says."""
    __tracebackhide__ = True
    from .byhand import consistent
    low, high = _pure_values(payoffs)
    problems = []
    if is_number(p) and not 0 <= p <= 1:
        problems.append(f"p = {p!r} is not a probability")
    if is_number(value) and not low - 1e-9 <= value <= high + 1e-9:
        problems.append(f"the value {value!r} is not between the pure maximin {fmt(low)} and the pure minimax "
                        f"{fmt(high)}")
    consistent(what, f"the game {payoffs}: p in [0, 1], and the value between what the row player can guarantee "
                     "with a pure strategy and what the column player can hold it to with one", problems)


__all__ = ["TASKS", "MaxnFamily", "ZeroSumFamily", "MaxnCase", "MatrixCase", "buggy_maxn",
           "buggy_zero_sum_2x2", "maxn_by_hand", "paranoid_by_hand", "zero_sum_by_hand", "equilibria_by_hand",
           "random_vector_spec", "maxn_sanity", "zero_sum_sanity"]

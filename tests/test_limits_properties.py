"""Hypothesis properties of gamelib.limits: every enhancement that only reorders or skips needless work
returns plain alpha-beta's value, and a transposition table shared by many searches (different states,
depths and windows, games with transpositions) stays correct.  Two deliberately broken tables show
that the shared-table property can fail."""
import math
import random

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from gamelib import MAX, MIN, Game, GameTree, alphabeta
from gamelib.games import TicTacToe
from gamelib.games.tictactoe import LINES
from gamelib.limits import iterative_deepening, search
from gamelib.transposition import EXACT, TranspositionTable

from .strategies import FIG_5_2, nested_specs

INF = math.inf


def label_hash(state):
    """A deterministic, arbitrary evaluation of GameTree labels."""
    return sum(ord(ch) * 7 ** i for i, ch in enumerate(state)) % 11 - 5


def random_line(game, state, rng, length=6):
    """A random line of play from ``state`` (to use as first_moves)."""
    line = []
    for _ in range(length):
        if game.is_terminal(state):
            break
        a = rng.choice(list(game.actions(state)))
        line.append(a)
        state = game.result(state, a)
    return line


def agrees_fail_soft(value, alpha, beta, true):
    """Fail-soft alpha-beta's promise for a search with window (alpha, beta)."""
    if value <= alpha:
        return true <= value
    if value >= beta:
        return true >= value
    return value == true


# -- 1. On random trees, every enhancement returns plain alpha-beta's value -------------------------

OPTIONS = {
    "table": {"table": True},
    "killers": {"killers": True},
    "history": {"history": True},
    "first_moves": {"first_moves": True},
    "all": {"table": True, "killers": True, "history": True, "first_moves": True},
    "quiet everywhere": {"quiescent": lambda s: True},
    "beam wider than any node": {"beam": 4},
    "random fixed order and all": {"order": True, "table": True, "killers": True, "history": True},
}


@pytest.mark.parametrize("name", list(OPTIONS))
@given(spec=nested_specs(), depth=st.integers(0, 5), on_equality=st.booleans(),
       rng=st.randoms(use_true_random=False))
def test_every_enhancement_returns_the_alphabeta_value(name, spec, depth, on_equality, rng):
    tree = GameTree.from_nested(spec)
    options = dict(OPTIONS[name])
    if options.get("first_moves"):
        options["first_moves"] = random_line(tree, "A", rng)
    if options.get("order"):
        options["order"] = lambda s, acts: rng.sample(list(acts), len(acts))
    plain = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality)
    ours = search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, **options)
    assert ours.value == plain.value


@pytest.mark.parametrize("name", list(OPTIONS))
@given(spec=nested_specs(), depth=st.integers(0, 5), on_equality=st.booleans(), seed=st.integers(0, 99))
def test_tracing_changes_nothing_but_the_trace(name, spec, depth, on_equality, seed):
    # The search skips work only a trace reads (the moves a cut leaves, collected for the 'prune'
    # event) when it is not tracing: value, move, nodes, line and solved must come out the same.
    tree = GameTree.from_nested(spec)
    results = []
    for trace in (False, True):
        rng = random.Random(seed)               # the same random choices for both searches
        options = dict(OPTIONS[name])
        if options.get("first_moves"):
            options["first_moves"] = random_line(tree, "A", rng)
        if options.get("order"):
            options["order"] = lambda s, acts: rng.sample(list(acts), len(acts))
        results.append(search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality,
                              trace=trace, **options))
    untraced, traced = results
    assert untraced.trace is None and traced.trace is not None
    assert untraced._replace(trace=None) == traced._replace(trace=None)


@given(spec=nested_specs(), depth=st.integers(0, 5), on_equality=st.booleans())
def test_with_every_option_off_search_is_alphabeta_event_for_event(spec, depth, on_equality):
    tree = GameTree.from_nested(spec)
    plain = alphabeta(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, trace=True)
    ours = search(tree, depth=depth, evaluate=label_hash, prune_on_equality=on_equality, trace=True)
    assert ours.trace == plain.trace and ours.visited == plain.visited
    assert ours[:3] == plain[:3]


@given(spec=nested_specs(), max_depth=st.integers(1, 5), table=st.booleans(), ordering=st.booleans())
def test_iterative_deepening_agrees_with_alphabeta_at_every_depth(spec, max_depth, table, ordering):
    tree = GameTree.from_nested(spec)
    result = iterative_deepening(tree, evaluate=label_hash, max_depth=max_depth, table=table,
                                 killers=ordering, history=ordering)
    for report in result.per_depth:
        assert report.value == alphabeta(tree, depth=report.depth, evaluate=label_hash).value
    assert result.value == alphabeta(tree, depth=max_depth, evaluate=label_hash).value
    assert result.stopped in ("max_depth", "solved")


@given(spec=nested_specs(), depth=st.integers(1, 5), ordering=st.booleans(),
       rng=st.randoms(use_true_random=False))
def test_the_principal_variation_ends_where_the_value_comes_from(spec, depth, ordering, rng):
    tree = GameTree.from_nested(spec)
    result = search(tree, depth=depth, evaluate=label_hash, killers=ordering, history=ordering,
                    first_moves=random_line(tree, "A", rng))
    s = "A"
    for a in result.pv:
        s = tree.result(s, a)
    assert tree.is_terminal(s) or len(result.pv) == depth
    assert (tree.utility(s, MAX) if tree.is_terminal(s) else label_hash(s)) == result.value
    assert result.action == (result.pv[0] if result.pv else None)


# -- 2. One table shared by many searches ------------------------------------------------------------

class LayeredDag(Game):
    """A small random game with transpositions: states are (layer, index); MAX moves on even layers;
    a node's actions are 0, 1, ... leading to nodes of the next layer, and different nodes share
    children, so the same state is reached along many paths (always at the same layer)."""

    def __init__(self, children, leaf_values):
        self.children, self.leaf_values = children, leaf_values
        self.initial_state = (0, 0)

    def to_move(self, state):
        return MAX if state[0] % 2 == 0 else MIN

    def actions(self, state):
        return tuple(range(len(self.children.get(state, ()))))

    def result(self, state, action):
        return self.children[state][action]

    def is_terminal(self, state):
        return not self.children.get(state)

    def utility(self, state, player):
        v = self.leaf_values[state]
        return v if player == MAX else -v

    def __repr__(self):
        return f"LayeredDag({self.children!r}, {self.leaf_values!r})"


@st.composite
def layered_dags(draw):
    layers = draw(st.integers(2, 6))
    widths = [1] + [draw(st.integers(1, 4)) for _ in range(layers)]
    children, leaf_values = {}, {}
    for k in range(layers + 1):
        for i in range(widths[k]):
            if k < layers and draw(st.integers(0, 9)) > 0:             # now and then a leaf early
                n = draw(st.integers(1, 3))
                children[k, i] = tuple((k + 1, draw(st.integers(0, widths[k + 1] - 1))) for _ in range(n))
            else:
                leaf_values[k, i] = draw(st.integers(-5, 5))
    evals = {s: draw(st.integers(-5, 5)) for s in children}
    return LayeredDag(children, leaf_values), evals.__getitem__, widths


windows = st.one_of(st.just((-INF, INF)),
                    st.tuples(st.integers(-6, 6), st.integers(1, 4)).map(lambda aw: (aw[0], aw[0] + aw[1])),
                    st.integers(-6, 6).map(lambda b: (-INF, b)),
                    st.integers(-6, 6).map(lambda a: (a, INF)))


def call_plans(max_calls=6):
    """(horizon step, root layer, root index, window) for each call; the horizon -- the layer (or ply)
    where every call stops -- starts at 2 to 4 and never decreases, so no entry from a deeper search stands in for a
    shallower one (which would be right in spirit, deeper is better, but not alpha-beta's value)."""
    return st.lists(st.tuples(st.integers(0, 2), st.integers(0, 6), st.integers(0, 3), windows),
                    min_size=1, max_size=max_calls).map(lambda calls: [(2 + calls[0][0], *calls[0][1:])] + calls[1:])


def shared_table_property(make_table):
    """The property, for tables made by ``make_table``: returns a hypothesis test."""

    @given(dag=layered_dags(), plan=call_plans(), on_equality=st.booleans(), ordering=st.booleans())
    def prop(dag, plan, on_equality, ordering):
        game, evaluate, widths = dag
        table, horizon = make_table(), 0
        last = len(widths) - 1
        killers = history = ordering
        for step, layer, index, (alpha, beta) in plan + [(0, 0, 0, (-INF, INF))]:
            horizon += step
            layer = layer % (min(horizon, last) + 1)
            root, depth = (layer, index % widths[layer]), horizon - layer
            true = alphabeta(game, root, depth=depth, evaluate=evaluate, prune_on_equality=on_equality).value
            got = search(game, root, depth=depth, evaluate=evaluate, table=table, killers=killers,
                         history=history, alpha=alpha, beta=beta, prune_on_equality=on_equality).value
            assert agrees_fail_soft(got, alpha, beta, true), (root, depth, (alpha, beta), got, true)

    return prop


test_one_table_shared_by_many_searches_of_a_game_with_transpositions = \
    shared_table_property(TranspositionTable)


@given(dag=layered_dags(), plan=call_plans(max_calls=3), on_equality=st.booleans())
def test_every_traced_value_keeps_the_fail_soft_promise_of_its_entry_window(dag, plan, on_equality):
    """Not just the root: every node a traced search closes -- searched, or decided by the table (a
    'prune' that skips all its actions) -- returns a value that is exact inside the window it was
    entered with and a bound outside it, as pictures and proven ranges read it."""
    game, evaluate, widths = dag
    table, horizon, last = TranspositionTable(), 0, len(widths) - 1
    truth = {}
    for step, layer, index, (alpha, beta) in plan:
        horizon += step
        layer = layer % (min(horizon, last) + 1)
        root, depth = (layer, index % widths[layer]), horizon - layer
        result = search(game, root, depth=depth, evaluate=evaluate, table=table, killers=True,
                        history=True, alpha=alpha, beta=beta, prune_on_equality=on_equality, trace=True)
        stack = []
        for e in result.trace:
            if e.kind == "enter":
                stack.append((e.state, e.alpha, e.beta))
                continue
            state, a, b = stack.pop()
            assert state == e.state
            remaining = depth - e.depth
            if (state, remaining) not in truth:
                truth[state, remaining] = alphabeta(game, state, depth=remaining, evaluate=evaluate).value
            assert agrees_fail_soft(e.value, a, b, truth[state, remaining]), (e, a, b)


class StoresEverythingExact(TranspositionTable):
    """The classic bug: a value found in a narrow window is stored as if it were exact."""

    @staticmethod
    def classify(value, alpha, beta):
        return EXACT


class IgnoresDepth(TranspositionTable):
    """Another bug: an entry searched shallower than now asked still stands in for the search."""

    @staticmethod
    def usable(entry, depth):
        return True


@pytest.mark.parametrize("broken", [StoresEverythingExact, IgnoresDepth])
def test_the_shared_table_property_catches_a_broken_table(broken):
    # Only generation: finding a counterexample is the point, shrinking it would take long.
    falsify = settings(max_examples=1000, database=None, derandomize=True, phases=[Phase.generate],
                       print_blob=False)(shared_table_property(broken))
    with pytest.raises(AssertionError):
        falsify()


def test_storing_a_windowed_value_as_exact_gives_a_wrong_value():
    # Fig. 5.2 searched with the window (5, 8): D = MIN(14, 5, 2) stops at 5 ≤ α, which proves only
    # "D ≤ 5".  A table that stores it as exact then answers 5 for the root, whose value is 3.
    tree = GameTree.from_nested(FIG_5_2)
    answers = {}
    for table_class in (TranspositionTable, StoresEverythingExact):
        table = table_class()
        windowed = search(tree, depth=2, evaluate=label_hash, table=table, alpha=5, beta=8)
        assert windowed.value == 5 and agrees_fail_soft(5, 5, 8, 3)     # ≤ α: an upper bound
        assert table.get("D").value == 5
        answers[table_class] = search(tree, depth=2, evaluate=label_hash, table=table).value
    assert answers == {TranspositionTable: 3, StoresEverythingExact: 5}


def random_position(rng, plies):
    game = TicTacToe()
    s = game.initial_state
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.result(s, rng.choice(s.moves))
    return TicTacToe("".join(s.squares))


def threats(board):
    """An arbitrary tic-tac-toe evaluation, X's open two-in-a-rows minus O's (in tenths), so that
    depth matters."""
    score = 0
    for line in LINES:
        marks = [board.squares[i] for i in line]
        if marks.count(".") == 1:
            score += marks.count("X") == 2
            score -= marks.count("O") == 2
    return score / 10


tenths = windows.map(lambda w: (w[0] / 10, w[1] / 10))    # the scale of threats() and the utilities


def tic_tac_toe_shared_table_property(make_table):
    """The same property on tic-tac-toe positions (many transpositions): returns a hypothesis test."""

    @given(rng=st.randoms(use_true_random=False),
           plan=st.lists(st.tuples(st.integers(0, 2), st.integers(2, 6), tenths), min_size=1, max_size=4),
           ordering=st.booleans())
    def prop(rng, plan, ordering):
        table, horizon = make_table(), 5
        for step, plies, (alpha, beta) in plan:
            horizon = min(horizon + step, 9)
            game = random_position(rng, min(plies, horizon))
            depth = horizon - (9 - len(game.initial_state.moves))     # the same horizon for all
            true = alphabeta(game, depth=depth, evaluate=threats).value
            got = search(game, depth=depth, evaluate=threats, table=table, killers=ordering,
                         history=ordering, alpha=alpha, beta=beta).value
            assert agrees_fail_soft(got, alpha, beta, true), (game, depth, (alpha, beta), got, true)
        final = search(TicTacToe(), depth=horizon, evaluate=threats, table=table)
        assert final.value == alphabeta(TicTacToe(), depth=horizon, evaluate=threats).value

    return prop


test_one_table_shared_by_many_tic_tac_toe_searches = \
    settings(max_examples=20)(tic_tac_toe_shared_table_property(TranspositionTable))


# -- 3. Connect Four positions (depth 3-4, kept small) -----------------------------------------------

def connect4_position(rng, plies):
    """A Connect Four game starting from a random position ``plies`` pieces in (or fewer, if won)."""
    from gamelib.games.connect4 import Connect4
    game = Connect4()
    s = game.initial_state
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.result(s, rng.choice(game.actions(s)))
    return game, s


@settings(max_examples=10)
@given(rng=st.randoms(use_true_random=False), plies=st.integers(0, 14), depth=st.integers(3, 4))
def test_every_enhancement_returns_the_alphabeta_value_on_connect_four(rng, plies, depth):
    connect4 = pytest.importorskip("gamelib.games.connect4")
    game, s = connect4_position(rng, plies)
    evaluate = connect4.evaluation()
    plain = alphabeta(game, s, depth=depth, evaluate=evaluate).value
    for options in [{"table": True}, {"killers": True, "history": True},
                    {"table": True, "killers": True, "history": True, "order": connect4.center_first,
                     "first_moves": random_line(game, s, rng)}]:
        assert search(game, s, depth=depth, evaluate=evaluate, **options).value == plain
    deepening = iterative_deepening(game, s, evaluate=evaluate, max_depth=depth)
    assert deepening.value == plain


@settings(max_examples=10)
@given(rng=st.randoms(use_true_random=False),
       plan=st.lists(st.tuples(st.integers(0, 1), st.integers(3, 4), windows.map(
           lambda w: (w[0] / 100, w[1] / 100))), min_size=1, max_size=4))
def test_one_table_shared_by_many_connect_four_searches(rng, plan):
    connect4 = pytest.importorskip("gamelib.games.connect4")
    evaluate, table, horizon = connect4.evaluation(), TranspositionTable(), 10
    game, _ = connect4_position(rng, 0)
    line = random_line(game, game.initial_state, rng, length=12)   # positions along one game share subtrees
    for step, depth, (alpha, beta) in plan:
        horizon += step
        s = game.from_moves(line[:max(horizon - depth, 0)])
        depth = horizon - s.plies                      # every search stops at the same ply
        true = alphabeta(game, s, depth=depth, evaluate=evaluate).value
        got = search(game, s, depth=depth, evaluate=evaluate, table=table, killers=True, history=True,
                     order=connect4.center_first, alpha=alpha, beta=beta).value
        assert agrees_fail_soft(got, alpha, beta, true), (s, depth, (alpha, beta), got, true)


@given(nested_specs(), st.integers(1, 4))
def test_proven_ranges_stay_sound_with_a_transposition_table(spec, depth):
    """Table hits close a node without searching a child; what proven_ranges reads from them must
    still contain the node's true depth-limited value (fail-soft against the entry window)."""
    from gamelib.trace import proven_ranges
    from gamelib.limits import search
    from gamelib.transposition import TranspositionTable
    tree = GameTree.from_nested(spec)
    table = TranspositionTable()
    for _ in range(2):  # the second search meets the first one's entries
        result = search(tree, depth=depth, evaluate=_eval_for_ranges, table=table, trace=True)
        for state, (lo, hi) in proven_ranges(result.trace, tree.to_move).items():
            true = alphabeta(tree, state, depth=depth - _ply(tree, state), evaluate=_eval_for_ranges).value
            assert lo <= true <= hi, (state, lo, hi, true)


def _eval_for_ranges(state):
    return sum(ord(ch) * 7 ** i for i, ch in enumerate(state)) % 11 - 5


def _ply(tree, state):
    n = 0
    while (state := tree.parent(state)) is not None:
        n += 1
    return n

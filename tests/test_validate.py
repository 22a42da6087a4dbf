"""gamelib.validate: the renamed-keyword helper and every old spelling it keeps for one release (issue 24
item 6, "one vocabulary": bounds are lower=/upper=, budgets are iterations=).  Each alias warns, naming
the new spelling, and gives the same result as the new one; giving both is an ArgumentError.
And the one check at the boundary (issue 8, issue 21): every search refuses a utility that is not a real
number, size guards lift on request, valid edge values still work, fuzzed search arguments get a clear
error or the right value."""
import warnings

import matplotlib
import pytest

matplotlib.use("Agg")

from gamelib import ArgumentError, GameTree, monte_carlo_evaluation, monte_carlo_value, proven_ranges, star1  # noqa: E402
from gamelib.experiments import mcts_strength as xm  # noqa: E402
from gamelib.experiments.chance_trees import node_counts, random_chance_tree  # noqa: E402
from gamelib.experiments.ordering import nodes_by_order  # noqa: E402
from gamelib.experiments.sigma import depth_matters  # noqa: E402
from gamelib.games import Bins, TicTacToe  # noqa: E402
from gamelib.games.tictactoe import evaluation  # noqa: E402
from gamelib.td import td_learn  # noqa: E402
from gamelib.trace import TraceView, chance_intervals, star1_window_text, why_chance_cut  # noqa: E402
from gamelib.validate import renamed  # noqa: E402
from gamelib.viz import TreeExplorer  # noqa: E402
from gamelib.viz.chance_widgets import draw_chance_tree  # noqa: E402
from gamelib.viz.drawing import draw_tree  # noqa: E402
from gamelib.viz.tree_menu import PRESETS  # noqa: E402
import math  # noqa: E402
import re  # noqa: E402
import numpy as np  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from gamelib import (EvaluationError,
    alphabeta,
    chance,
    endgame_table,
    expectiminimax,
    iterative_deepening,
    minimax)  # noqa: E402
from gamelib.games import Halving  # noqa: E402
from gamelib.games import pig as pigmod  # noqa: E402
from gamelib.limits import search as limited  # noqa: E402
from .bad_input import (FIG52,
    SEARCHES,
    TTT,
    ZERO,
    Valued,
    attempt,
    case,
    check_bad_input,
    close,
    correct,
    eval_outputs,
    fuzz,
    inf,
    nan,
    reference_limited,
    valid_number,
    weird)  # noqa: E402

FIG512 = GameTree.from_nested(PRESETS["AIMA Fig. 5.12 (.9/.1)"])
CUT = star1(FIG512, lower=1, upper=4, trace=True)


@renamed(low="lower", high="upper", bounds=("lower", "upper"))
def _span(*, lower=0, upper=1):
    return lower, upper


def test_renamed_maps_an_old_keyword_with_a_warning_naming_the_new_one():
    with pytest.warns(DeprecationWarning, match="low= is deprecated, write lower="):
        assert _span(low=-3) == (-3, 1)
    with pytest.warns(DeprecationWarning, match=r"bounds= is deprecated, write lower=, upper="):
        assert _span(bounds=(2, 5)) == (2, 5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _span(lower=1, upper=2) == (1, 2)                 # the new spelling: no warning
    assert _span.__name__ == "_span" and _span.__wrapped__ is not None


@pytest.mark.parametrize("kwargs, message", [
    ({"low": 1, "lower": 1}, "low= is the old spelling of lower="),
    ({"high": 1, "upper": 1}, "give upper= alone"),
    ({"bounds": (0, 1), "upper": 1}, "old spelling of lower=, upper="),
    ({"bounds": 5}, "bounds must be a pair"),
    ({"bounds": (1, 2, 3)}, "bounds must be a pair"),
])
def test_renamed_refuses_both_spellings_and_a_bad_pair(kwargs, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ArgumentError, match=message):
            _span(**kwargs)


def _texts(ax) -> list:
    out = [t.get_text() for t in ax.texts]
    matplotlib.pyplot.close(ax.figure)
    return out


def _ranges(view) -> dict:
    return view.ranges


def _events(name: str):
    return [e for e in CUT.trace if (e.kind == "prune" and FIG512.to_move(e.state) == "CHANCE") == (name == "cut")
            and (name == "cut" or (e.kind == "enter" and e.alpha is not None
                                   and FIG512.players.get(FIG512.parent(e.state)) == "CHANCE"))]


def _why(name: str, **bounds) -> list:
    k = CUT.trace.index(_events(name)[0]) + 1
    view = TraceView(CUT, k, tree=FIG512, lower=1, upper=4)
    explain = why_chance_cut if name == "cut" else star1_window_text
    return [explain(e, view, tree=FIG512, **bounds) for e in _events(name)[:1]]


TD_START = {"open_lines": 0, "threats": 0, "centre": 0}

# (what, f(**kwargs) -> comparable result, old keywords, the same in the new spelling)
ALIASES = [
    ("GameTree.random", lambda **k: GameTree.random(2, 3, seed=1, **k).leaf_values,
     {"low": -3, "high": 3}, {"lower": -3, "upper": 3}),
    ("random_chance_tree", lambda **k: random_chance_tree(2, 2, 1, seed=1, **k).leaf_values,
     {"low": 0, "high": 9}, {"lower": 0, "upper": 9}),
    ("node_counts", lambda **k: node_counts([(2, 2, 1)], seeds=range(2), **k),
     {"low": 0, "high": 4}, {"lower": 0, "upper": 4}),
    ("nodes_by_order", lambda **k: nodes_by_order(2, [2], seeds=range(2), **k),
     {"low": 0, "high": 9}, {"lower": 0, "upper": 9}),
    ("depth_matters", lambda **k: {n: v.tolist() if hasattr(v, "tolist") else v
                                   for n, v in depth_matters(2, 2, sigmas=(1,), seeds=range(2), **k).items()},
     {"low": 0, "high": 9}, {"lower": 0, "upper": 9}),
    ("proven_ranges", lambda **k: proven_ranges(CUT.trace, FIG512.to_move, chance_outcomes=FIG512.chance_outcomes,
                                                **k),
     {"bounds": (1, 4)}, {"lower": 1, "upper": 4}),
    ("chance_intervals", lambda **k: chance_intervals(FIG512, CUT.trace[:9], **k),
     {"bounds": (1, 4)}, {"lower": 1, "upper": 4}),
    ("TraceView", lambda **k: _ranges(TraceView(CUT, 9, tree=FIG512, **k)),
     {"bounds": (1, 4)}, {"lower": 1, "upper": 4}),
    ("why_chance_cut", lambda **k: _why("cut", **k), {"bounds": (1, 4)}, {"lower": 1, "upper": 4}),
    ("star1_window_text", lambda **k: _why("window", **k), {"bounds": (1, 4)}, {"lower": 1, "upper": 4}),
    ("draw_tree", lambda **k: _texts(draw_tree(FIG512, CUT, step=9, **k)),
     {"bounds": (1, 4)}, {"lower": 1, "upper": 4}),
    ("draw_chance_tree", lambda **k: _texts(draw_chance_tree(FIG512, CUT, step=9, **k)),
     {"bounds": (0, 5)}, {"lower": 0, "upper": 5}),
    ("TreeExplorer", lambda **k: TreeExplorer(FIG512, "star1", draw=False, **k).bounds,
     {"bounds": (0, 5)}, {"lower": 0, "upper": 5}),
    ("TreeExplorer.set_tree", lambda **k: _set_tree(**k), {"bounds": (0, 6)}, {"lower": 0, "upper": 6}),
    ("td_learn", lambda **k: td_learn(TicTacToe(), evaluation(TD_START), alpha=0.01, seed=0, **k).evaluation.weights,
     {"episodes": 3}, {"iterations": 3}),
    ("monte_carlo_value", lambda **k: monte_carlo_value(Bins(coin=True), seed=1, **k),
     {"playouts": 20, "max_playouts": 100}, {"iterations": 20, "max_iterations": 100}),
    ("monte_carlo_evaluation", lambda **k: monte_carlo_evaluation(Bins(coin=True), seed=0, **k)(
        Bins(coin=True).initial_state), {"playouts": 10}, {"iterations": 10}),
    ("against_random", lambda **k: {n: r[:3] for n, r in xm.against_random(TicTacToe(), games=2, **k).items()},
     {"simulations": (3,)},
     {"iterations": (3,)}),
    ("against_perfect", lambda **k: {n: r.losses for n, r in xm.against_perfect(games=1, **k).items()},
     {"simulations": (2,)}, {"iterations": (2,)}),
]


def _set_tree(**bounds):
    ex = TreeExplorer(draw=False)
    ex.set_tree(FIG512, **bounds)
    return ex.bounds


@pytest.mark.parametrize("what, call, old, new", ALIASES, ids=[a[0] for a in ALIASES])
def test_each_old_spelling_warns_and_gives_the_same_result(what, call, old, new):
    with warnings.catch_warnings():
        warnings.simplefilter("error")                        # the new spelling never warns
        expected = call(**new)
    with pytest.warns(DeprecationWarning) as caught:
        got = call(**old)
    assert got == expected
    said = " ".join(str(w.message) for w in caught)
    assert all(f"{name}= is deprecated" in said for name in old)
    assert all(f"{name}=" in said for name in new)


@pytest.mark.parametrize("what, call, old, new", ALIASES, ids=[a[0] for a in ALIASES])
def test_old_and_new_spelling_together_is_an_error(what, call, old, new):
    old_name = next(iter(old))
    both = {old_name: old[old_name], **new}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ArgumentError, match=f"{old_name}= is the old spelling"):
            call(**both)


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
# Issue 21: every search refuses a utility that is not a real number (minimax and alphabeta used to return
# 3 for NaN: only evaluate's values were checked).  One check, validate.checked_utility, at the entry.
BAD_INPUT = [case(lambda f=f, v=v: f(Valued(v)), EvaluationError, r"utility\(Board\(", "returned " + re.escape(repr(v)),
               id=f"{name} utility={v!r}")
          for name, f in SEARCHES.items() for v in (nan, None, "x", 1j, (1, 2))]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_guards_are_lifted_on_request():
    correct(len(endgame_table(Halving(30), max_positions=None)) == len(endgame_table(Halving(30))))
    correct(len(GameTree.random(3, 3, max_nodes=None)) == 40)
    correct(pigmod.solve(8, max_states=None).win_probability(0,
            0) == pytest.approx(pigmod.solve(8).win_probability(0, 0)))


def test_valid_edge_values_still_work():
    correct(limited(FIG52, depth=2, evaluate=ZERO, alpha=3, beta=3).value == 3)   # a null window
    correct(iterative_deepening(TTT, evaluate=ZERO, time_limit=inf, max_depth=1).depth == 1)
    correct(minimax(FIG52, depth=1, evaluate=lambda s: np.float64(2.5)).value == 2.5)
    correct(alphabeta(FIG52, depth=1, evaluate=lambda s: inf).value == inf)        # a won position
    from fractions import Fraction
    correct(minimax(FIG52, depth=1, evaluate=lambda s: Fraction(1, 3)).value == Fraction(1, 3))
    correct(minimax(Valued(np.float64(2.5))).value == 2.5)                     # numpy numbers are numbers
    correct(alphabeta(Valued(inf)).value == inf)                               # a won position, as evaluate's
    correct(expectiminimax(GameTree.from_nested([chance((1.0, 5), (0.0, inf)), [3]])).value == 5)


@fuzz
@given(st.lists(st.integers(-5, 5), min_size=1, max_size=4).flatmap(
           lambda xs: st.just([[x, -x] for x in xs])),
       st.one_of(st.integers(0, 4), weird), eval_outputs, st.one_of(st.booleans(), weird),
       st.sampled_from(["minimax", "alphabeta", "limits", "star1", "deepening"]))
def test_fuzzed_search_arguments_give_a_clear_error_or_the_right_value(spec, depth, output, trace, which):
    tree = GameTree.from_nested(spec)
    evaluate = lambda s: output  # noqa: E731
    calls = {
        "minimax": lambda: minimax(tree, depth=depth, evaluate=evaluate, trace=trace),
        "alphabeta": lambda: alphabeta(tree, depth=depth, evaluate=evaluate, trace=trace),
        "limits": lambda: limited(tree, depth=depth, evaluate=evaluate, trace=trace, table=True,
                                  killers=True, history=True),
        "star1": lambda: star1(tree, lower=-10, upper=10, depth=depth, evaluate=evaluate, trace=trace),
        "deepening": lambda: iterative_deepening(tree, evaluate=evaluate, max_depth=depth, progress=trace),
    }
    ok, r = attempt(calls[which])
    depth_ok = (depth is None and which != "limits") or (
        isinstance(depth, (int, np.integer)) and not isinstance(depth, bool)
        and depth >= (1 if which == "deepening" else 0))
    if not ok:
        return
    assert depth_ok and isinstance(trace, bool), "a bad argument was accepted"
    depth = math.inf if depth is None else depth         # None: to the end of the game
    uses_eval = depth < 2                                # the spec's leaves are two plies down
    assert valid_number(output) or not uses_eval, "a bad evaluation was accepted"
    truth = reference_limited(tree, "A", depth, evaluate)
    correct(close(r.value, truth), (which, r.value, truth))


# --- a state that is not terminal but offers no move (issue 34: the probe of every search) ---------------
def _entry_points():
    from gamelib import (MAX, MIN, expectimax, maxn, mcts, minimax_policy, opening_book, paranoid, play,
                         star2, uniform)
    from gamelib.limits import search
    zero = lambda s: 0          # noqa: E731
    return {
        "minimax": lambda g: minimax(g),
        "minimax, depth": lambda g: minimax(g, depth=3, evaluate=zero),
        "alphabeta": lambda g: alphabeta(g),
        "alphabeta, depth": lambda g: alphabeta(g, depth=3, evaluate=zero),
        "limits.search": lambda g: search(g, depth=3, evaluate=zero),
        "limits.search, every option": lambda g: search(g, depth=3, evaluate=zero, table=True, killers=True,
                                                        history=True, beam=2, futility=0.1),
        "iterative_deepening": lambda g: iterative_deepening(g, evaluate=zero, max_depth=3),
        "star1": lambda g: star1(g, lower=-1, upper=1),
        "star2": lambda g: star2(g, lower=-1, upper=1),
        "expectiminimax": lambda g: expectiminimax(g),
        "expectimax": lambda g: expectimax(g, opponent_policy=uniform(g)),
        "maxn": lambda g: maxn(g),
        "paranoid alpha-beta": lambda g: alphabeta(paranoid(g, MAX)),
        "mcts": lambda g: mcts(g, iterations=5, seed=0),
        "td_learn": lambda g: td_learn(g, __import__("gamelib").WeightedSum({"x": zero}, {"x": 0.0}),
                                       iterations=2, alpha=0.1),
        "monte_carlo_value": lambda g: monte_carlo_value(g, iterations=5, seed=0),
        "monte_carlo_evaluation": lambda g: monte_carlo_evaluation(g, iterations=3, seed=0)(g.initial_state),
        "endgame_table": lambda g: endgame_table(g),
        "opening_book": lambda g: opening_book(g, 1, lambda s: alphabeta(g, s)),
        "play": lambda g: play(g, {MAX: minimax_policy(g), MIN: uniform(g)}, seed=0),
    }


@pytest.mark.parametrize("name", list(_entry_points()))
@pytest.mark.parametrize("where", ["at the start", "below the start"])
def test_a_state_with_no_moves_that_is_not_over_is_named_by_every_search(name, where):
    """Each search refuses it with validate.no_moves' error, naming the state, wherever it meets it:
    none returns a made-up value (minimax, alpha-beta, Star1/2, the limited searches and the endgame
    table used to return -inf or +inf, or take the state for a terminal one)."""
    from gamelib import StateError

    from .bad_input import NoMoves, NoMovesBelow
    game, stuck = (NoMoves(), "start") if where == "at the start" else (NoMovesBelow(), "stuck")
    with pytest.raises(StateError, match=f"'{stuck}' is not terminal but has no actions: .* must end the game "
                                         "where nobody can move"):
        _entry_points()[name](game)

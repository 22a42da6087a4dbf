"""Max^n (AIMA 4th ed. §5.2.2, Luckhardt & Irani 1986), N-player trees, the paranoid reduction and
alliances, the Raid game, and play with more than two players."""
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import (MAX, MIN, ArgumentError, EvaluationError, Game, GameError, GameTree, StateError, TooLargeError,
                     TreeSpecError, alliance, alphabeta, expectiminimax, maxn, maxn_policy, minimax,
                     paranoid, play)
from gamelib.games import Bins, Raid, RaidState
from gamelib.trees import chance

from .strategies import FIG_5_2, chance_specs, nested_specs

ABC = ("A", "B", "C")
# AIMA 4th ed. Fig. 5.4: three plies of a three-player tree, leaves from left to right.
FIG_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
           [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]


def exits(result) -> dict:
    """{state: value} of every closed node of a traced search."""
    return {e.state: e.value for e in result.trace if e.kind in ("leaf", "exit")}


# -- the textbook's tree --------------------------------------------------------------------------------

def test_fig_5_4_backs_up_the_vectors_of_the_figure():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    assert r.value == (1, 2, 6) and r.action == "a1" and r.nodes == 15
    values = exits(r)
    assert [values[s] for s in "DEFG"] == [(1, 2, 6), (6, 1, 2), (1, 5, 2), (5, 4, 5)]   # C chooses
    assert [values[s] for s in "BC"] == [(1, 2, 6), (1, 5, 2)]                           # B chooses
    assert [tree.to_move(s) for s in "ABD"] == ["A", "B", "C"]


def test_the_root_of_fig_5_4_is_a_tie_and_the_tie_rule_decides_it():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    first, spite, kind = (maxn(tree, ties=t) for t in ("first", "spiteful", "generous"))
    assert first.value == kind.value == (1, 2, 6)           # A gets 1 either way ...
    assert spite.value == (1, 5, 2) and spite.action == "a2"    # ... and B and C care which
    assert first.value[0] == spite.value[0]


def test_a_kingmaker_decides_and_the_paranoid_tie_rule_expects_the_worst():
    g = Raid()
    s = g.state((2, 2, 1), "A", 2)            # A moves, then B moves last
    after = g.result(s, "raid B")             # B (0) cannot win: 0 whatever it does, but it decides
    assert {a: maxn(g, g.result(after, a)).value for a in g.actions(after)} == {
        "grow": (1, 0, 0), "raid A": (0, 0, 1), "raid C": (1, 0, 0)}
    first, worst = maxn(g, s), maxn(g, s, ties="adversarial")
    assert maxn(g, s, ties="paranoid") == worst                     # its old name, still accepted
    assert first.action == "raid B" and first.value == (1, 0, 0)        # B is expected to grow
    assert worst.value[0] == 0 and worst.action == "grow"                # B is expected to spite A
    assert maxn(g, s, ties="spiteful").value == first.value             # constant-sum: sums are equal


def test_every_enter_is_closed_and_nodes_count_the_enters():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    r = maxn(tree, trace=True)
    stack = []
    for e in r.trace:
        assert e.alpha is None and e.beta is None
        if e.kind == "enter":
            stack.append(e.state)
        else:
            assert e.kind in ("leaf", "exit") and stack.pop() == e.state and isinstance(e.value, tuple)
    assert not stack and r.nodes == sum(e.kind == "enter" for e in r.trace) == len(tree)
    assert r.visited == tree.states[:1] + ["B", "D", "H", "I", "E", "J", "K", "C", "F", "L", "M", "G",
                                           "N", "O"]


def test_two_player_default_trees_are_unchanged():
    tree = GameTree.from_nested(FIG_5_2)
    assert tree.player_order == (MAX, MIN) and not tree.vectors and tree.leaf_values["E"] == 3
    assert maxn(tree).value == (3, -3) and minimax(tree).value == 3


# -- hypothesis: max^n is minimax on two-player zero-sum trees, and never below the paranoid value ----

@given(nested_specs())
def test_maxn_is_minimax_on_every_two_player_zero_sum_tree(spec):
    tree = GameTree.from_nested(spec)
    m, n = minimax(tree, trace=True), maxn(tree, trace=True)
    assert n.value == (m.value, -m.value) and n.action == m.action and n.nodes == m.nodes
    assert [(e.kind, e.state, e.depth) for e in n.trace] == [(e.kind, e.state, e.depth) for e in m.trace]
    assert all(e.value == (f.value, -f.value) for e, f in zip(n.trace, m.trace) if e.value is not None)


@given(nested_specs(), st.sampled_from(["spiteful", "generous", "paranoid"]))
def test_tie_rules_change_nothing_in_a_zero_sum_game(spec, ties):
    tree = GameTree.from_nested(spec)          # equal own payoffs are equal vectors when v_MIN = -v_MAX
    assert maxn(tree, ties=ties).value == maxn(tree).value


@given(chance_specs())
def test_maxn_with_chance_nodes_is_expectiminimax(spec):
    tree = GameTree.from_nested(spec)
    e, n = expectiminimax(tree), maxn(tree)
    assert math.isclose(n.value[0], e.value, abs_tol=1e-9) and math.isclose(n.value[1], -e.value, abs_tol=1e-9)


def vector_specs(players=3):
    leaf = st.tuples(*[st.integers(-3, 3)] * players)
    return st.recursive(leaf, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=30)


@given(vector_specs(), st.sampled_from(["first", "spiteful", "generous", "paranoid"]))
def test_maxn_gives_every_player_at_least_its_paranoid_value(spec, ties):
    # Max^n is an equilibrium: nobody gains by deviating alone, in particular not by switching to the
    # paranoid strategy, which guarantees its value against anything the others do.
    tree = GameTree.from_nested(spec, players=ABC)
    value = maxn(tree, ties=ties).value
    for i, p in enumerate(ABC):
        assert value[i] >= minimax(paranoid(tree, p)).value
        assert alphabeta(paranoid(tree, p)).value == minimax(paranoid(tree, p)).value


@given(vector_specs())
def test_the_chosen_child_is_the_best_for_the_mover(spec):
    tree = GameTree.from_nested(spec, players=ABC)
    r = maxn(tree, trace=True)
    values = exits(r)
    for s in tree.states:
        if not tree.is_terminal(s):
            i = ABC.index(tree.to_move(s))
            kids = [values[c] for _, c in tree.children[s]]
            assert values[s] in kids and values[s][i] == max(k[i] for k in kids)
            assert values[s] == next(k for k in kids if k[i] == values[s][i])   # the first such


def test_a_tree_unfolded_from_a_game_keeps_its_utility_vectors():
    game = Raid(moves=4)
    tree = GameTree.from_game(game)
    assert tree.player_order == ABC and tree.vectors and len(tree) == 1 + 3 + 9 + 27 + 81
    assert maxn(tree).value == maxn(game).value and maxn(tree).action == maxn(game).action == "grow"


# -- depth-limited max^n --------------------------------------------------------------------------------

def test_depth_counts_plies_and_evaluates_with_a_vector():
    game = Raid(moves=9)
    r = maxn(game, depth=2, evaluate=game.shares, trace=True)
    leaves = [e for e in r.trace if e.kind == "leaf"]
    assert {e.depth for e in leaves} == {2} and len(leaves) == 9 and r.nodes == 13
    assert all(len(e.value) == 3 for e in leaves)


@pytest.mark.parametrize("evaluate, message", [
    (lambda s: (1, 2), r"returned \(1, 2\), 2 numbers for 3 players"),
    (lambda s: 1.0, r"not a utility vector"),
    (lambda s: (0, float("nan"), 0), r"entry for B.*NaN"),
    (lambda s: (0, "x", 0), r"entry for B.*str"),
])
def test_bad_vector_evaluations_are_named(evaluate, message):
    with pytest.raises(EvaluationError, match=message):
        maxn(Raid(), depth=1, evaluate=evaluate)


# -- bad input ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, players, message", [
    ([[(1, 2), (1, 2, 3)]], ABC, r"spec\[0\]\[0\]: the utility vector \(1, 2\) has 2 entries; this tree "
                                 r"has 3 players"),
    ([[1, 2]], ABC, r"spec\[0\]\[0\]: a leaf of a 3-player tree is a tuple of 3 utilities"),
    ([(1, float("nan"), 3)], ABC, r"spec\[0\]: B's utility .* must be a number, got NaN"),
    ([(1, "2", 3)], ABC, r"spec\[0\]: B's utility"),
    ([(1, 2)], ("A",), r"players must be a tuple of at least two distinct names"),
    ([(1, 2)], ("A", "A"), r"at least two distinct"),
    ([(1, 2)], "AB", r"players must be a tuple"),
    ([(1, 2)], ("A", "CHANCE"), r"not 'CHANCE'"),
])
def test_malformed_n_player_specs_are_named(spec, players, message):
    with pytest.raises(TreeSpecError, match=message):
        GameTree.from_nested(spec, players=players)


def test_a_player_who_does_not_exist():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    with pytest.raises(GameError, match=r"player 'D', who is not a player of this tree \(its players are "
                                        r"'A', 'B', 'C'\)"):
        tree.utility("H", "D")
    with pytest.raises(ArgumentError, match=r"me must be one of the players .* 'A', 'B', 'C'; got 'D'"):
        paranoid(tree, "D")
    with pytest.raises(ArgumentError, match=r"members must be one of the players"):
        alliance(tree, ("A", "Z"))
    with pytest.raises(ArgumentError, match="twice"):
        alliance(tree, ("A", "A"))
    with pytest.raises(ArgumentError, match="members must be a tuple"):
        alliance(tree, "AB")
    with pytest.raises(TreeSpecError, match="root must be one of the players"):
        GameTree.from_nested(FIG_5_4, players=ABC, root="D")
    with pytest.raises(GameError, match=r"utility is asked for player 'Q'.*'A', 'B', 'C'"):
        Raid().utility(Raid().state((0, 0, 0), moves_left=0), "Q")


def test_two_player_searches_point_to_maxn_on_a_third_player():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    for search in (minimax, alphabeta):
        with pytest.raises(GameError, match=r"two-player search .* 'A' moves at 'A' .* gamelib.maxn, or "
                                            r".* gamelib.paranoid\(game, player\)"):
            search(tree)
    with pytest.raises(GameError, match="this search does not handle CHANCE states"):
        minimax(GameTree.from_nested([chance((0.5, 1), (0.5, 2))]))   # the old message, unchanged


def test_other_bad_arguments():
    tree = GameTree.from_nested(FIG_5_4, players=ABC)
    with pytest.raises(ArgumentError,
                       match=r"ties must be one of \['first', 'spiteful', 'generous', 'adversarial'\] \('paranoid'"):
        maxn(tree, ties="random")
    with pytest.raises(StateError, match="'Z' is not a node of this tree"):
        maxn(tree, "Z")
    with pytest.raises(GameError, match="needs evaluate="):
        maxn(tree, depth=1)
    with pytest.raises(ArgumentError, match="must be a game"):
        maxn(Raid)


# -- the paranoid reduction and alliances on Raid -----------------------------------------------------

def test_raid_rules():
    g = Raid()
    s = g.state((1, 1, 4), "A", 3)
    assert g.actions(s) == ("grow", "raid B", "raid C") and g.to_move(s) == "A"
    t = g.result(s, "raid C")
    assert t == RaidState((1, 1, 2), 1, 2) and g.to_move(t) == "B"
    assert g.result(g.result(t, "raid C"), "raid A").scores == (0, 1, 0)      # never below 0
    end = g.state((2, 2, 1), "A", 0)
    assert g.is_terminal(end) and g.actions(end) == () and g.shares(end) == (0.5, 0.5, 0.0)
    assert g.describe(s) == "A 1 · B 1 · C 4 · A to move, 3 moves left"
    assert sum(g.shares(g.state((3, 3, 3), "A", 0))) == 1.0
    with pytest.raises(GameError, match="illegal move 'raid A'"):
        g.result(s, "raid A")
    with pytest.raises(StateError, match="is not a state of Raid"):
        g.check_state(RaidState((1, -1, 0), 0, 2))
    with pytest.raises(ArgumentError, match="to_move must be one of"):
        g.state((0, 0, 0), "D")
    with pytest.raises(ArgumentError, match="moves must be a whole number"):
        Raid(moves=-1)
    assert repr(Raid(moves=6, scores=(1, 0, 0))) == "Raid(moves=6, scores=(1, 0, 0))"


def test_two_weak_players_raid_the_leader_together():
    g = Raid()
    s = g.state((1, 1, 4), "A", 3)
    r = maxn(g, s)
    assert r.action == "raid C" and r.value == (1 / 3, 1 / 3, 1 / 3)
    options = {a: maxn(g, g.result(s, a)).value for a in g.actions(s)}
    assert options["grow"] == options["raid B"] == (0, 0, 1)                # alone, A loses
    after = g.result(s, "raid C")
    assert maxn(g, after).action == "raid C"                               # and B joins in
    assert maxn(g, g.result(after, "grow")).value == (0, 0, 1)            # if B defects, C wins
    # As a formal alliance (A + B against C) they can guarantee 2/3 between them: what max^n gives.
    assert math.isclose(minimax(alliance(g, ("A", "B")), s).value, 2 / 3)


def test_the_alliance_dissolves_once_the_leader_is_down():
    g = Raid()
    s = g.state((3, 3, 1), "A", 3)
    r = maxn(g, s)
    assert r.action == "raid B" and r.value == (1.0, 0.0, 0.0)


def test_an_alliance_against_one_player_is_the_complement_of_its_paranoid_value():
    g = Raid()                                                    # constant-sum: shares add up to 1
    for s in (g.state((1, 1, 4), "A", 3), g.state((0, 2, 1), "B", 4), g.initial_state):
        assert math.isclose(minimax(alliance(g, ("A", "B")), s).value, 1 - minimax(paranoid(g, "C"), s).value)


def test_paranoid_alpha_beta_searches_fewer_nodes_than_maxn():
    g = Raid(moves=6)
    full = maxn(g)
    pruned = alphabeta(paranoid(g, "A"))
    assert full.nodes == sum(3 ** k for k in range(7)) == 1093
    assert pruned.nodes < full.nodes / 4 and pruned.value == minimax(paranoid(g, "A")).value


def test_teams_game_passes_states_through():
    g = Raid()
    team = paranoid(g, "B")
    s = g.initial_state
    assert team.to_move(s) == MIN and team.to_move(g.result(s, "grow")) == MAX
    assert team.actions(s) == g.actions(s) and team.player_order == (MAX, MIN)
    with pytest.raises(StateError):
        alphabeta(team, "not a state")
    with pytest.raises(GameError, match="MAX .* or MIN"):
        team.utility(g.state((0, 0, 0), moves_left=0), "B")


# -- play with three players, and the cooperative bins game -------------------------------------------

def test_play_with_three_maxn_players():
    g = Raid(moves=6)
    policy = maxn_policy(g)
    out = play(g, {p: policy for p in ABC})
    assert len(out.actions) == 6 and out.utility == maxn(g).value and len(out.utility) == 3
    with pytest.raises(GameError, match="no policy for C; give play\\(\\) a dict with a policy for each of "
                                        "A, B, C"):
        play(g, {"A": policy, "B": policy})
    with pytest.raises(ArgumentError, match="only A, B, C choose moves"):
        play(g, {"A": policy, "B": policy, "C": policy, MAX: policy})


def test_the_bins_game_read_cooperatively():
    coop = Bins(cooperative=True)
    assert maxn(coop).action == "A" and maxn(coop).value == (50, 50)       # "pick A hoping for 50"
    assert minimax(coop).action == "B"                                    # minimax reads MAX's only
    assert maxn(Bins()).value == (1, -1) and maxn(Bins()).action == "B"
    assert maxn(Bins(coin=True, cooperative=True)).value == (32.5, 32.5)
    with pytest.raises(ArgumentError, match="cooperative must be True or False"):
        Bins(cooperative="yes")


# -- the experiment: max^n against the paranoid reduction ----------------------------------------------

def test_search_effort_and_against_the_field():
    import functools

    from gamelib import minimax_policy
    from gamelib.experiments.multiplayer import against_the_field, search_effort

    g = Raid(moves=6)
    rows = search_effort(g, [g.initial_state, g.state((0, 1, 2), "B", 6)], [1, 2, 4], g.margins)
    assert [r.depth for r in rows] == [1, 2, 4] and rows[0].maxn_nodes == rows[0].paranoid_nodes == 4
    assert rows[2].maxn_nodes == 121 and rows[2].paranoid_nodes < 121
    field = lambda p: maxn_policy(g, depth=2, evaluate=g.margins)                      # noqa: E731

    def challenger(seat):
        i = ABC.index(seat)
        return minimax_policy(paranoid(g, seat), functools.partial(alphabeta, depth=2,
                                                                   evaluate=lambda s: g.margins(s)[i]))
    results = against_the_field(g, [g.initial_state], challenger, field)
    assert [r.seat for r in results] == list(ABC)
    assert sum(r.baseline for r in results) == pytest.approx(1.0)                    # constant-sum
    same = against_the_field(g, [g.initial_state], field, field)
    assert all(r.utility == r.baseline for r in same)
    with pytest.raises(ArgumentError, match="at least one state"):
        search_effort(g, [], [1], g.margins)


def test_margins():
    g = Raid()
    assert g.margins(g.state((1, 1, 4))) == (-3, -3, 3) and g.margins(g.state((2, 2, 0))) == (0, 0, -2)


# -- bad input (issue 21) ---------------------------------------------------------------------------------

def test_raid_refuses_bad_scores_by_name_and_its_repr_no_longer_hides_it():
    # Raid(scores=(1, 2)) used to raise AttributeError from __repr__, hiding the message.
    with pytest.raises(ArgumentError, match=r"scores must be a tuple of 3 whole numbers >= 0.* got \(1, 2\)"):
        Raid(scores=(1, 2))
    with pytest.raises(ArgumentError, match=r"scores must be .* got \(1.5, 0, 0\)"):
        Raid(scores=(1.5, 0, 0))
    assert repr(Raid(moves=6, scores=(1, 0, 0))) == "Raid(moves=6, scores=(1, 0, 0))"


def test_raid_too_large_to_search_to_the_end_says_what_lifts_the_guard():
    for call in (lambda: maxn(Raid(moves=40)), lambda: alphabeta(paranoid(Raid(moves=40), "A"))):
        with pytest.raises(TooLargeError, match=r"40 moves are left, about 3\^40 .*give depth= and evaluate="):
            call()
    assert maxn(Raid(moves=40), depth=2, evaluate=Raid(moves=40).shares).nodes == 13


def test_raid_refuses_a_state_of_another_game_in_every_method():
    from gamelib.games import KuhnPoker
    for call in (lambda g, s: g.result(s, "grow"), lambda g, s: g.to_move(s), lambda g, s: g.utility(s, "A"),
                 lambda g, s: g.describe(s)):
        with pytest.raises(StateError, match=r"KuhnState\('\?\?', ''\) is not a state of Raid"):
            call(Raid(), KuhnPoker().initial_state)


@pytest.mark.parametrize("leaf", [math.nan, None, "x", (1, 2), (1, 2, 3, 4), (math.nan, 0, 0), (1, "x", 0)])
def test_maxn_refuses_a_utility_vector_that_is_not_one_number_per_player(leaf):
    class Broken(GameTree):
        def utilities(self, state):
            return leaf if state == "D" else super().utilities(state)
    t = GameTree.from_nested([[(1, 2, 3), (3, 2, 1)], [(0, 0, 1), (2, 2, 2)]], players=ABC)
    broken = Broken(t.children, t.players, t.leaf_values, t.probabilities, player_order=ABC)
    with pytest.raises(EvaluationError, match="utilit.*'D'"):          # NaN used to give (nan, nan, nan)
        maxn(broken)


def test_maxn_options_are_checked_where_they_are_given():
    with pytest.raises(ArgumentError, match="depth must be a whole number of plies >= 0, got -1"):
        maxn(Raid(), depth=-1, evaluate=lambda s: (0, 0, 0))
    with pytest.raises(ArgumentError, match="a depth-limited search needs evaluate="):
        maxn(Raid(), depth=2)
    with pytest.raises(ArgumentError, match="ties must be one of .* got 'bogus'"):
        maxn_policy(Raid(), ties="bogus")                        # at once, not at the first move
    with pytest.raises(ArgumentError, match="maxn_policy got 'colour', which is not an option of maxn"):
        maxn_policy(Raid(), colour="red")


def test_search_effort_checks_its_depths():
    from gamelib.experiments.multiplayer import search_effort
    g = Raid()
    with pytest.raises(ArgumentError, match="depths must be a list of depths .* got 5"):
        search_effort(g, [g.initial_state], 5, lambda s: (0, 0, 0))
    with pytest.raises(ArgumentError, match="depth must be a whole number .* got -1"):
        search_effort(g, [g.initial_state], [-1], lambda s: (0, 0, 0))


class _StuckThreePlayers(Game):
    """A three-player game whose root offers one move, to a state that is not over and offers none."""

    initial_state = "root"
    player_order = ("A", "B", "C")

    def to_move(self, s):
        return "A" if s == "root" else "B"

    def actions(self, s):
        return ("go",) if s == "root" else ()

    def result(self, s, a):
        return "stuck"

    def is_terminal(self, s):
        return False

    def utilities(self, s):
        return (0, 0, 0)


def test_a_state_with_no_moves_that_is_not_over_is_named():
    """Issue #34: maxn raised "TypeError: 'NoneType' object is not subscriptable" one level up."""
    with pytest.raises(StateError, match="'stuck' is not terminal but has no actions"):
        maxn(_StuckThreePlayers())

"""gamelib.grading.tracing: the traced game records the visits gamelib's searches record, arrivals in depth-
first order, nodes that behave like their states, the protocol only, and a node budget."""

import pytest
from hypothesis import given

from gamelib import MAX, GameTree, minimax
from gamelib.games import Halving
from gamelib.grading.games import TakeAway
from gamelib.grading.tracing import BudgetExceeded, SearchNode, TracedGame

from ..strategies import FIG_5_2, nested_specs
from . import students


@given(nested_specs())
def test_the_traced_game_records_the_visits_gamelib_records(spec):
    tree = GameTree.from_nested(spec)
    game = TracedGame(tree)
    assert students.minimax_value(game, game.initial_state) == minimax(tree).value
    assert game.visited == minimax(tree, trace=True).visited


def test_a_search_that_builds_all_children_first_arrives_in_depth_first_order():
    tree = GameTree.from_nested(FIG_5_2)
    game = TracedGame(tree)

    def eager(game, s):
        if game.is_terminal(s):
            return game.utility(s, MAX)
        children = [game.result(s, a) for a in game.actions(s)]       # all built before any is searched
        values = [eager(game, c) for c in children]
        return max(values) if game.to_move(s) == MAX else min(values)

    eager(game, game.initial_state)
    assert game.visited == list("ABEFGCHIJDKLM")


def test_transpositions_are_separate_arrivals_as_in_the_reference():
    game = TakeAway(6, 3)
    traced = TracedGame(game)
    students.minimax_value(traced, traced.initial_state)
    assert traced.visited == minimax(game, trace=True).visited
    assert len(traced.visited) > len(set(traced.visited))


def test_nodes_behave_like_their_states():
    node = SearchNode(Halving(5).initial_state)
    assert node == Halving(5).initial_state and hash(node) == hash(Halving(5).initial_state)
    assert node.n == 5 and node[0] == 5 and len(node) == 2 and list(node) == [5, "MAX"]
    assert repr(node) == repr(Halving(5).initial_state) and {node: 1}[Halving(5).initial_state] == 1


def test_the_traced_game_offers_the_protocol_only():
    game = TracedGame(GameTree.from_nested(FIG_5_2))
    with pytest.raises(AttributeError, match="offers the game protocol only.*'leaf_values'"):
        game.leaf_values


def test_the_node_budget_stops_a_runaway_search():
    game = TracedGame(Halving(30), budget=10)
    with pytest.raises(BudgetExceeded):
        students.minimax_value(game, game.initial_state)
    assert len(game.visited) == 10

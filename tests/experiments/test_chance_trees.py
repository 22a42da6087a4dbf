"""gamelib.experiments.chance_trees: random trees with chance nodes, and the nodes expectiminimax, Star1
and Star2 visit on them (moved out of gamelib.star by issue 24)."""
import pytest

from gamelib import GameError, expectiminimax
from gamelib.core import CHANCE
from gamelib.experiments.chance_trees import (Shape, format_node_counts, node_counts,
                                              random_chance_tree)
from gamelib import ArgumentError, TooLargeError
from ..bad_input import case, check_bad_input


def root_values(tree):
    return {a: expectiminimax(tree, tree.result(tree.initial_state, a)).value
            for a in tree.actions(tree.initial_state)}


def test_random_chance_trees_have_the_requested_shape():
    tree = random_chance_tree(3, 2, 2, seed=1, probabilities="random")
    assert len(tree) == 1 + 3 + 6 + 18 + 36
    assert tree.players["B"] == CHANCE and tree.players["E"] == "MIN"
    assert all(-5 <= tree.leaf_values[s] <= 5 for s in tree.leaves)
    assert random_chance_tree(3, 2, 2, seed=1).leaves == tree.leaves
    best = random_chance_tree(3, 2, 2, seed=1, order="best")
    values = root_values(best)
    assert list(values.values()) == sorted(values.values(), reverse=True)
    with pytest.raises(GameError, match="probabilities must be"):
        random_chance_tree(2, 2, 1, probabilities="skewed")


def test_node_counts_table():
    rows = node_counts([(2, 2, 2, "uniform"), (3, 2, 2, "random")], seeds=range(3))
    assert [r.expectiminimax for r in rows] == [31, 64]
    assert rows[1].shape == Shape(3, 2, 2, "random", "random")
    assert all(r.star1 <= r.expectiminimax for r in rows)
    table = format_node_counts(rows)
    assert table.splitlines()[0].split() == ["b", "n", "moves", "probabilities", "order",
                                              "expectiminimax", "star1", "%", "star2", "%"]
    assert len(table.splitlines()) == 3


def test_node_counts_are_what_they_were_in_gamelib_star():
    """Measured in gamelib.star before the move: the same means to the last digit."""
    rows = node_counts([(3, 3, 2, "random", "best"), (2, 2, 3)], seeds=range(5), slack=1)
    assert [tuple(r)[1:] for r in rows] == [(121.0, 86.4, 80.4), (127.0, 121.2, 246.8)]


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: random_chance_tree(2, 2, 2.5), ArgumentError, "moves", id="random_chance_tree moves=2.5"),
    case(lambda: random_chance_tree(10, 10, 5), TooLargeError, "max_nodes", id="random_chance_tree too big"),
    case(lambda: random_chance_tree(2, 2, 2, probabilities="x"), ArgumentError, "probabilities",
         id="random_chance_tree probabilities='x'"),
    case(lambda: node_counts([(2, 2)]), ArgumentError, "shapes", id="node_counts short shape"),
    case(lambda: node_counts([(2, 2, 2)], seeds=[[1]]), ArgumentError, "seed", id="node_counts list seed"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)

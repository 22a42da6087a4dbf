"""docs/algorithms.md's Python example (once the README's) runs and prints what its comments say, and its
table's claims about keywords hold (issue #24: "`depth=`, `evaluate=`, `cutoff=` on every search" had
drifted)."""
import inspect
import pathlib
import re

import matplotlib

import gamelib
from gamelib import limits

matplotlib.use("Agg")

ALGORITHMS = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "algorithms.md").read_text()


def python_example() -> str:
    block = ALGORITHMS.split("\n## Using gamelib from Python\n", 1)[1]
    return re.search(r"```python\n(.*?)```", block, re.S).group(1)


def test_the_python_example_runs_and_prints_what_it_says():
    import matplotlib.pyplot as plt
    ns = {}
    exec(python_example(), ns)
    plt.close("all")
    result, view, tree = ns["result"], ns["view"], ns["tree"]
    assert repr(gamelib.minimax(tree)) == "SearchResult(value=3, action='a1', nodes=13, trace=None)"
    assert (result.nodes, result.visited) == (11, list("ABEFGCHDKLM"))
    assert (sorted(view.pruned), view.value["C"]) == (["I", "J"], 2)
    said = ns["describe_event"](result.trace[12])
    assert said == "prune at C: value 2 ≤ α = 3: MAX has a choice at least as good above, so c2, c3 are never searched"


def test_the_depth_row_names_exactly_the_searches_that_take_those_keywords():
    row = next(line for line in ALGORITHMS.splitlines() if line.startswith("| depth-limited search (H-MINIMAX)"))
    three = row.split(" on ", 1)[1].split(";")[0]
    for name in re.findall(r"`(\w+)`", three):
        assert {"depth", "evaluate", "cutoff"} <= set(inspect.signature(getattr(gamelib, name)).parameters), name
    for name in ("expectimax", "game_evaluation", "mcts"):
        assert "depth" not in inspect.signature(getattr(gamelib, name)).parameters, name
    assert {"depth", "evaluate"} <= set(inspect.signature(limits.search).parameters)
    assert "depth" not in inspect.signature(gamelib.iterative_deepening).parameters

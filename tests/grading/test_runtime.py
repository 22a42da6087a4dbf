"""The student runtime (gamelib.grading.runtime): what a submission may use while it is graded.  Its plan
withholds gamelib's searches (stubs that raise ForbiddenCall and are counted), keeps the protocol, the games
and the worker's own modules, draws nothing, and never copies a module that needs a withheld one; the tree
it builds imports as a notebook expects (checked in a plain Python process on that tree alone)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gamelib.grading import runtime
from gamelib.grading.runtime import SOURCE, RuntimeSpecError, all_modules, plan


def test_all_modules_are_read_from_the_file_system():
    names = all_modules()
    on_disk = {".".join(("gamelib",) + p.relative_to(SOURCE).with_suffix("").parts).removesuffix(".__init__")
               for p in SOURCE.rglob("*.py") if "__pycache__" not in p.parts}
    assert set(names) == on_disk and names == sorted(names)
    assert {"gamelib", "gamelib.games", "gamelib.grading.remote", "gamelib.viz.play"} <= set(names)
    assert not any(n.endswith("__init__") for n in names)


@pytest.fixture(scope="module")
def kinds():
    """The plan with nothing extra allowed (made once: about a second, every module's imports read)."""
    return plan()


def _imports_nothing_withheld(kinds):
    """No copied module imports, when it is loaded, a module the plan withholds (but its own submodules: a
    package of games may hold one that is withheld, the matrix games)."""
    for name, how in kinds.items():
        if how == "copy":
            top, _ = runtime._imports(name)
            assert not [m for m in top if kinds.get(m) in ("stub", "display") and not m.startswith(name + ".")], name


def test_the_searches_are_withheld_and_the_protocol_kept(kinds):
    for search in ("gamelib.minimax", "gamelib.alphabeta", "gamelib.mcts", "gamelib.maxn", "gamelib.star",
                   "gamelib.imperfect.cfr", "gamelib.grading.searches", "gamelib.grading.executor"):
        assert kinds[search] == "stub", search
    for kept in ("gamelib.core", "gamelib.validate", "gamelib.games.tictactoe", "gamelib.grading.tracing",
                 "gamelib.grading.worker", "gamelib.grading.remote"):
        assert kinds[kept] == "copy", kept
    assert {m for m, how in kinds.items() if how == "display"} == {m for m in kinds if m.startswith("gamelib.viz")}
    assert {m for m, how in kinds.items() if how == "generated"} == set(runtime.GENERATED)


def test_no_copied_module_imports_a_withheld_one_when_it_is_loaded(kinds):
    _imports_nothing_withheld(kinds)


def test_an_assignment_may_allow_more(kinds):
    more = plan(["gamelib.minimax"])
    assert kinds["gamelib.minimax"] == "stub" and more["gamelib.minimax"] == "copy"
    _imports_nothing_withheld(more)


@pytest.mark.parametrize("allow, why", [
    (["gamelib.nowhere"], "names modules gamelib does not have"),
    (["gamelib.mcts"], "gamelib.mcts is copied into the student runtime but imports gamelib.players"),
])
def test_a_runtime_that_cannot_be_built_says_why(allow, why):
    with pytest.raises(RuntimeSpecError, match=why):
        plan(allow)


def test_the_built_tree_holds_no_withheld_code(student_runtime):
    tree = Path(student_runtime) / "gamelib"
    assert "def minimax" not in (tree / "minimax.py").read_text()
    assert "module_getattr('gamelib.minimax', display=False)" in (tree / "minimax.py").read_text()
    assert "display=True" in (tree / "viz" / "__init__.py").read_text()
    assert (tree / "core.py").read_text() == (SOURCE / "core.py").read_text()
    assert not (tree / "grading" / "searches.py").read_text().count("def ")


IN_THE_RUNTIME = """
import json, gamelib
from gamelib import minimax, GameTree
from gamelib.games import TicTacToe
from gamelib.games import Pig
from gamelib.grading import checks
import gamelib.viz as viz
out = {"module": gamelib.__file__}
try:
    minimax(GameTree.from_nested([[1, 2], [3]]))
    out["minimax"] = "ran"
except gamelib.ForbiddenCall as e:
    out["minimax"] = str(e)
out["calls"] = list(gamelib._forbidden_calls)
out["drawn"] = repr(viz.draw_tree(None))
out["checked"] = repr(checks.check_minimax("anything"))
out["game"] = len(TicTacToe().actions(TicTacToe().initial_state))
out["pig"] = Pig().to_move(Pig().initial_state)
print(json.dumps(out))
"""


def test_the_built_runtime_imports_as_a_notebook_expects(student_runtime, tmp_path):
    done = subprocess.run([sys.executable, "-s", "-c", IN_THE_RUNTIME], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={"PYTHONPATH": str(student_runtime), "PATH": "/usr/bin:/bin",
                                             "MPLBACKEND": "Agg"})
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["module"] == str(Path(student_runtime) / "gamelib" / "__init__.py")
    assert "gamelib.minimax.minimax is not available while your work is graded" in out["minimax"]
    assert out["calls"] == ["gamelib.minimax.minimax"]
    assert out["drawn"] == "None" and out["checked"] == "None"
    assert out["game"] == 9 and out["pig"] == "MAX"

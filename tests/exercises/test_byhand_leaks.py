"""No public check prints a by-hand answer.

A by-hand question asks for what a search does on a tree (values, a decision, the leaves it visits, the
nodes it never visits, windows) or for other numbers worked out by hand.  A public check runs in the
student's own notebook as often as they like, so if its output holds a by-hand answer, a student can read
the answer there: a wrong alpha-beta once printed AIMA Fig. 5.2's whole visit order, which was exercise
02's first by-hand answer.  Here every public check of every assignment's student version (its test
cells, run in-process) is fed wrong answers: every by-hand answer changed in ways that keep its form
(so its sanity check runs and says which parts hold), every function to write replaced by functions
that get every public case wrong (all of them shown, not the first three), and every known bug's outcome
on every public case described as the check describes it.  None of the output may hold a by-hand answer
(the source's solutions), looked for as:

* a node's value next to the node's name ("C: 5", "C's value 5", "exit C with value 5"), the first number
  after it;
* the root's value and the decision together, as a search check reports a case ("expected 5; decision
  'a1', expected 'a2'");
* an order of leaves as a run of labels (a visit order restricted to the tree's leaves);
* a set of nodes as a run of exactly those labels;
* a number precise enough to be told apart (three significant digits or more: 8.75, 0.8688).

And no public case of any check is a by-hand tree: its visit order would be the answer itself.  (Small
whole numbers outside a dict, such as a count, cannot be looked for in free text; nor can sets of letters
of a multiple-choice question, which no check prints.)
"""
from __future__ import annotations

import ast
import contextlib
import functools
import io
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from gamelib.grading import core, imperfect, learning, multiplayer, puct, searches
from gamelib.grading.cells import grade_id, is_answer, is_test
from gamelib.grading.core import GradingError
from gamelib.grading.mutants import MUTANTS, mutant_outcome
from gamelib.trees import GameTree
from gamelib.grading.course import RELEASE, SOURCE, assignments, notebooks

ASSIGNMENTS = assignments()
TABLES = {**searches.EXERCISES, **imperfect.TASKS, **multiplayer.TASKS, **learning.TASKS, **puct.TASKS}
LABEL = r"[A-Z]{1,2}"
RUN = re.compile(rf"\b{LABEL}\b(?:(?:,? and |, | → | )\b{LABEL}\b)+")


def _cells(path: Path) -> list:
    return [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]


def _text(cell) -> str:
    return "".join(cell["source"])


def _notebook(assignment: str, folder: Path) -> Path:
    return notebooks(folder / assignment)[0]


@functools.lru_cache(maxsize=None)
def _solutions(assignment: str) -> dict:
    """The source's namespace after its setup and answer cells: the right answers and functions."""
    ns: dict = {}
    for cell in _cells(_notebook(assignment, SOURCE)):
        if not is_test(cell) and "connect4_evaluation" not in _text(cell):
            exec(compile(_text(cell), grade_id(cell) or "cell", "exec"), ns)
    return ns


def _by_hand_names(assignment: str) -> list:
    """The by-hand answers of ``assignment``: the names its student version hands out with a placeholder
    (``x = ...``, ``{"A": ...}``)."""
    return [n for cell in _cells(_notebook(assignment, RELEASE)) if is_answer(cell) for n in _by_hand_names_in(cell)]


def _by_hand_names_in(cell) -> list:
    return [t.id for node in ast.parse(_text(cell)).body if isinstance(node, ast.Assign)
            and any(isinstance(n, ast.Constant) and n.value is Ellipsis for n in ast.walk(node.value))
            for t in node.targets if isinstance(t, ast.Name)]


# ---------------------------------------------------------------------------------------------------
# Wrong answers of the right form
# ---------------------------------------------------------------------------------------------------

def _wrong(v, k: int):
    """The ``k``-th wrong variant of the right answer ``v``, of the same form."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, (int, float, Fraction)):
        return [v + 1, -v - 2, 2 * v + 3, v + (0.5 if isinstance(v, float) else Fraction(1, 2))][k % 4]
    if isinstance(v, str):
        other = {"a1": "a2", "a2": "a3", "a3": "a1", "pass": "bet", "bet": "pass"}
        return other.get(v, v + "x")
    if isinstance(v, tuple):
        return tuple(_wrong(x, k + i) for i, x in enumerate(v))
    if isinstance(v, list):
        return [list(reversed(v)), v[1:], v[1:] + v[:1]][k % 3]
    if isinstance(v, (set, frozenset)):
        items = sorted(v, key=repr)
        extra = [x for x in _pool(items) if x not in v]
        if k % 2 == 0 and items:
            return set(items[1:])
        return set(items) | set(extra[k % len(extra):][:1]) if extra else set(items[1:])
    if isinstance(v, dict):
        return {key: _wrong(x, k + i) for i, (key, x) in enumerate(v.items())}
    return v


def _pool(items) -> list:
    """Things of the kind a set answer holds, to add one that is not in it."""
    x = items[0] if items else "A"
    if isinstance(x, str) and len(x) == 9:
        return [x[:i] + "O" + x[i + 1:] for i in range(9) if x[i] == "."]
    if isinstance(x, str):
        return list("ABCDEFGHIJKLMNO") if x.isupper() else list("abcdef")
    if isinstance(x, tuple):
        return [(r, c) for r in range(3) for c in range(3)]
    return []


WRONG = -12345.5


def _after(game, deal, moves):
    s = game.result(game.initial_state, deal)
    for m in moves:
        s = game.result(s, m)
    return s


def _wrong_functions(k: int) -> dict:
    """For each function a student writes, one that gets every public case wrong (``k``: which way)."""
    first = k % 2 == 0

    def pick(actions):
        actions = list(actions)
        return actions[0] if first else actions[-1]

    def value(game, state, *args, **kwargs):
        game.is_terminal(state)
        return WRONG

    return {
        "minimax_value": value, "multiagent_value": value, "expectiminimax_value": value,
        "minimax_decision": lambda game, state, *a, **kw: pick(game.actions(state)),
        "alphabeta_search": lambda game, state, *a, **kw: (WRONG, pick(game.actions(state))),
        "h_alphabeta_search": lambda game, state, *a, **kw: (WRONG, pick(game.actions(state))),
        "expectimax_search": lambda game, state, *a, **kw: (WRONG, pick(game.actions(state))),
        "p_left_better": lambda tree, sigma, trials, seed: 0.0 if first else 1.0,
        "my_evaluation": 0 if first else (lambda state: 1 / 0),
        "predict": lambda game, belief, action, player: set() if first else set(belief),
        "update": lambda game, predicted, observed, player: set(predicted) if first else set(),
        "clairvoyance_averages": lambda game, deal, moves: {a: WRONG if first else -WRONG
                                                             for a in game.actions(_after(game, deal, moves))},
        "clairvoyance_decision": lambda game, deal, moves: pick(game.actions(_after(game, deal, moves))),
        "maxn_value": lambda game, state, tie="first": (game.is_terminal(state),
                                                        tuple(WRONG for _ in game.player_order))[1],
        "solve_zero_sum_2x2": lambda payoffs: (0.5, WRONG) if first else (1.0, -WRONG),
        "select": lambda tree, c: [] if first or not tree["children"] else [next(iter(tree["children"]))],
        "backup": lambda tree, path, utility: tree,
        "puct_select": lambda tree, c: [] if first or not tree["P"] else [next(iter(tree["P"]))],
        "puct_backup": lambda tree, path, value, player: tree,
        "td_lambda": lambda weights, episode, utility, alpha, lam: [WRONG if first else -WRONG for _ in weights],
    }


def _fed_wrong(assignment: str, folder, variants: int):
    """Each cell of ``assignment``'s notebook in ``folder`` that is not an answer, with ``(cell, its text,
    the namespace)``, ``variants`` rounds: each answer cell is replaced by wrong answers (round ``k``'s) to
    its by-hand questions and the functions it asks for."""
    right = _solutions(assignment)
    names = _by_hand_names(assignment)
    written = {n for cell in _cells(_notebook(assignment, SOURCE)) if is_answer(cell)
               for n in _wrong_functions(0) if re.search(rf"\b{n}\b", _text(cell))}
    for k in range(variants):
        ns: dict = {}
        for cell in _cells(_notebook(assignment, folder)):
            text = _text(cell)
            if is_answer(cell):
                ns.update({n: _wrong(right[n], k) for n in names if n in right and n not in ns})
                ns.update({n: f for n, f in _wrong_functions(k).items() if n in written})
                if "kuhn = KuhnPoker()" in text:
                    ns["kuhn"] = right["kuhn"]
                continue
            yield cell, text, ns


def _public_outputs(assignment: str, variants: int = 4) -> list[str]:
    """What every test cell of ``assignment``'s student version prints or fails with, fed wrong answers
    (``variants`` rounds), every failing case shown."""
    out = []
    for cell, text, ns in _fed_wrong(assignment, RELEASE, variants):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            try:
                exec(compile(text, grade_id(cell) or "cell", "exec"), ns)
            except (GradingError, AssertionError) as e:
                print(e)
        out.append(printed.getvalue())
    return out


CHECKS_OF_FUNCTIONS = re.compile(r"checks\.(?:search|belief|clairvoyance|maxn|matrix|mcts|puct|td|sigma_probability|"
                                 r"connect4_evaluation)\(")
"""The checks of a function a student writes (their hidden cases are tested in test_hidden_leaks.py)."""


def _hidden_outputs(assignment: str, variants: int = 4) -> list[tuple[str, dict]]:
    """What every by-hand test cell of ``assignment``'s *source* prints or fails with, its hidden tests
    included (what a graded submission's feedback shows), fed wrong answers (``variants`` rounds): [(the
    output, the wrong answers it was fed)]."""
    names = _by_hand_names(assignment)
    out = []
    for cell, text, ns in _fed_wrong(assignment, SOURCE, variants):
        if is_test(cell) and (CHECKS_OF_FUNCTIONS.search(text) or not any(re.search(rf"\b{n}\b", text)
                                                                        for n in names)):
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            for statement in ast.parse(text).body:            # each check, whether the one before it failed
                try:
                    exec(compile(ast.Module([statement], []), grade_id(cell) or "cell", "exec"), ns)
                except (GradingError, AssertionError) as e:
                    print(e)
        if is_test(cell):
            out.append((printed.getvalue(), {n: ns[n] for n in names if n in ns}))
    return out


def _given_atoms(given: dict) -> list:
    """Every number and string a student's (wrong) answers hold: feedback may say them back."""
    found, stack = [], list(given.values())
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack += list(x.keys()) + list(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack += list(x)
        elif _number(x) or isinstance(x, str):
            found.append(x)
    return found


def _stated(assignment: str, text: str, given: dict) -> list:
    """The right answers ``text`` states in a clause (a line or a part between semicolons) that names their
    node or action, once what the student wrote is taken out of it: a value of a by-hand dict next to its
    label anywhere in the clause ("C: yours 4, the minimax value is 2"), an option letter left out, named as
    an option is ("you left out c (...)"), a right decision ("alpha-beta decides 'a1'", "clairvoyance plays
    'pass'"; a list of the legal moves aside)."""
    right = _solutions(assignment)
    atoms = _given_atoms(given)
    mine = {float(x) for x in atoms if _number(x)}
    clauses = []
    for line in text.replace("−", "-").splitlines():
        for c in line.split(";"):
            c = re.sub(r"is not one of .*|the options [^:]*", "", c)
            for x in sorted(atoms, key=lambda a: -len(repr(a))):
                c = c.replace(repr(x), " ")
            clauses.append(c)
    found = []
    for name in _by_hand_names(assignment):
        v = right[name]
        if isinstance(v, dict):
            for label, x in v.items():
                if not _number(x) or float(x) in mine:
                    continue
                number = re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, _forms(x))) + r")(?![\d])")
                word = re.compile(rf"(?<![\w]){re.escape(str(label))}(?![\w])")
                found += [f"{name}[{label!r}] = {x}: {c.strip()}" for c in clauses
                          if word.search(c) and number.search(c)]
        elif isinstance(v, (set, frozenset)) and all(isinstance(x, str) and re.fullmatch(r"[a-f]", x) for x in v):
            ticked = set(given.get(name, ()))
            found += [f"{name} holds {x!r}: {c.strip()}" for x in v - ticked for c in clauses if f" {x} (" in f" {c}"]
        elif isinstance(v, str) and v not in atoms:
            said = re.compile(rf"{re.escape(repr(v))}" if re.fullmatch(r"a\d", v)
                              else rf"(?:plays|decides|picks|is) {re.escape(repr(v))}")
            found += [f"{name} = {v!r}: {c.strip()}" for c in clauses if said.search(c)]
    return found


def _bug_outputs(assignment: str) -> list[str]:
    """What a public check says of each public case its tasks are graded on when a function does what a
    known bug does there (the family's description of the difference)."""
    names = {n for cell in _cells(_notebook(assignment, RELEASE)) if is_answer(cell)
             for n in re.findall(r"^def (\w+)", _text(cell), re.M)}
    out = []
    for task in {id(t): t for t in TABLES.values() if t.name in names}.values():
        returns = task.family.mutant_returns(task)
        for case in task.public():
            want = task.family.expected(task, case)
            for bug in MUTANTS:
                if task.kind in bug.kinds and bug.applies(case):
                    got = mutant_outcome(bug, task.kind, case, returns)
                    partial = (want.value is not None and got.value is None) or \
                        (want.action is not None and got.action is None)          # a bug named by one part only
                    if not got.same_as(want) and not got.error and not partial:
                        out.append(f"  • {case.name}: {task.family.difference(task, got, want, case)}")
    return out


# ---------------------------------------------------------------------------------------------------
# The answers, as they could show in text
# ---------------------------------------------------------------------------------------------------

def _forms(v) -> set:
    """The ways feedback may write the number ``v``."""
    if isinstance(v, Fraction):
        return {f"{v.numerator}/{v.denominator}"} | _forms(float(v))
    if math.isinf(v):
        return {"+∞", "∞", "inf"} if v > 0 else {"-∞", "-inf"}
    if float(v).is_integer():
        return {str(int(v)), str(float(v))}
    return {repr(v), f"{v:g}", f"{v:.4g}", f"{v:.3f}", f"{v:.4f}"}


def _number(v) -> bool:
    return isinstance(v, (int, float, Fraction)) and not isinstance(v, bool)


def _distinct(v) -> bool:
    """A number written with three significant digits or more (8.75, 0.8688; not 0.5, 24, nor 1/3 or 3/7,
    whose decimals a simple fraction anywhere shares)."""
    if not _number(v) or float(v).is_integer() or len(f"{abs(float(v)):.6g}".replace(".", "").strip("0")) < 3:
        return False
    return round(float(v), 4) == float(v) or Fraction(float(v)).limit_denominator(100).denominator > 12


def _named(label: str, v) -> re.Pattern:
    """``label`` followed by ``v`` as the first number after it, in the same clause, with no other label
    between them."""
    forms = "|".join(re.escape(f) for f in sorted(_forms(v), key=len, reverse=True))
    return re.compile(rf"(?<![\w.]){re.escape(label)}(?![\w])[^\n;\dA-Z\-−]{{0,40}}?(?<![\d.])(?:{forms})(?![\d])")


@functools.lru_cache(maxsize=None)
def _tells(assignment: str) -> list:
    """(what, test, anywhere) for every by-hand answer of ``assignment``: ``test(text)`` says whether the
    text holds it; ``anywhere``: looked for in every assignment's output (an order, a set, a root's value
    with its decision, a number told apart), not only in ``assignment``'s own (a value or window next to a
    node's name: every tree names its nodes A, B, C, ..., and so do other games their players)."""
    right = _solutions(assignment)
    specs = _trees(assignment, right)
    tells = []
    for name in _by_hand_names(assignment):
        v = right[name]
        if isinstance(v, dict):
            for label, x in v.items():
                if _number(x):
                    tells.append((f"{name}[{label!r}] = {x}", _named(str(label), x).search, False))
                elif isinstance(x, tuple) and x and all(isinstance(p, tuple) for p in x):      # a window pair
                    for a, b in x:
                        window = re.compile(rf"\b{re.escape(label)}\b[^\n;]{{0,40}}?[\[(]\s*(?:"
                                            + "|".join(map(re.escape, _forms(a))) + r")\s*,\s*(?:"
                                            + "|".join(map(re.escape, _forms(b))) + r")\s*[\])]")
                        tells.append((f"{name}[{label!r}] window ({a}, {b})", window.search, False))
                elif isinstance(x, tuple) and all(_number(y) for y in x) and len(x) > 2:      # a vector
                    vector = re.compile(rf"\b{re.escape(label)}\b[^\n;]{{0,40}}?\(\s*"
                                        + r"\s*,\s*".join(f"(?:{'|'.join(map(re.escape, _forms(y)))})" for y in x)
                                        + r"\s*\)")
                    tells.append((f"{name}[{label!r}] = {x}", vector.search, False))
        elif isinstance(v, list) and v and all(isinstance(x, str) and re.fullmatch(LABEL, x) for x in v):
            leaves = set(GameTree.from_nested(specs[name]).leaves) if name in specs else set(v)
            tells.append((f"{name} = {' '.join(v)}", lambda text, v=v, leaves=leaves: any(
                [x for x in run.group().replace(",", " ").replace("→", " ").replace(" and ", " ").split()
                 if x in leaves] == v for run in RUN.finditer(text)), True))
        elif isinstance(v, (set, frozenset)) and len(v) >= 2 and all(isinstance(x, str) and re.fullmatch(LABEL, x)
                                                                      for x in v):
            tells.append((f"{name} = {sorted(v)}", lambda text, v=set(v): any(
                sorted(run.group().replace(",", " ").replace(" and ", " ").replace("→", " ").split()) == sorted(v)
                for run in RUN.finditer(text)), True))
        for x in (v if isinstance(v, (tuple, list)) else v.values() if isinstance(v, dict) else [v]):
            if _distinct(x):
                number = re.compile(r"(?<![\d.])(?:" + "|".join(map(re.escape, _forms(x))) + r")(?![\d])")
                tells.append((f"{name} holds {x}", number.search, True))
    tells += _pairs(assignment, right)
    return tells


def _pairs(assignment: str, right: dict) -> list:
    """The root's value and the decision of each answer cell that gives both, as the search checks report
    one case ("  • <case>: value 1, expected 5; decision 'a1', expected 'a2'"): both expected on one case,
    in one check or in two (a value's and a decision's)."""
    tells = []
    for cell in _cells(_notebook(assignment, RELEASE)):
        if not is_answer(cell):
            continue
        names = [n for n in _by_hand_names_in(cell) if n in right]
        values = [right[n] for n in names if isinstance(right[n], dict)]
        decisions = [right[n] for n in names if isinstance(right[n], str) and re.fullmatch(r"a\d", right[n])]
        for v in values:
            for d in decisions:
                root = v.get("A", v.get("BCD"[int(d[1]) - 1]))
                if _number(root):
                    value = re.compile(r"expected (?:" + "|".join(map(re.escape, _forms(root))) + r")(?![\d.])")
                    tells.append((f"the root's value {root} and the decision {d!r}", lambda text, value=value, d=d: any(
                        value.search(said) and f"expected {d!r}" in said for said in _by_case(text).values()), True))
    return tells


def _by_case(text: str) -> dict:
    """{case name: everything said of it}, from the lines "  • <case name>: <what went wrong>"."""
    said: dict = {}
    for case, problem in re.findall(r"^\s*• ([^:\n]+): (.*)$", text, re.M):
        said[case] = said.get(case, "") + " " + problem
    return said


def _trees(assignment: str, ns: dict) -> dict:
    """{by-hand answer name: the tree its check is given} (the first tree-like argument, a list of lists or
    tuples, of a check that reads the answer, in the source's test cells, hidden tests included), and
    every such tree of a check under ``"tree <n>"``."""
    found = {}
    for cell in _cells(_notebook(assignment, SOURCE)):
        if not is_test(cell):
            continue
        tree = ast.parse(_text(cell))
        scope = dict(ns)
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)) or (isinstance(node, ast.Assign)
                                                                   and not isinstance(node.value, ast.Call)):
                exec(compile(ast.Module([node], []), "imports", "exec"), scope)
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            names = {a.id for a in list(call.args) + [k.value for k in call.keywords] if isinstance(a, ast.Name)}
            for arg in call.args:
                try:
                    spec = eval(compile(ast.Expression(arg), "spec", "eval"), scope)
                except Exception:                                       # noqa: BLE001 -- not a tree
                    continue
                if isinstance(spec, (list, tuple)) and spec and all(isinstance(x, (list, tuple)) for x in spec):
                    for n in names:
                        found.setdefault(n, spec)
                    found.setdefault(f"tree {len(found)}", spec)
                    break
    return found


def _plain(x):
    """``x`` with every tuple a list (a tree, a matrix, an episode, as its case or a check holds it)."""
    return [_plain(y) for y in x] if isinstance(x, (list, tuple)) else x


# ---------------------------------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _every_case_shown(monkeypatch):
    monkeypatch.setattr(core, "SHOWN", 1000)


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_no_public_check_prints_a_by_hand_answer(assignment):
    """The public checks of ``assignment`` print no by-hand answer of any assignment (exercise 03's once
    printed exercise 02's trap)."""
    text = "\n".join(_public_outputs(assignment) + _bug_outputs(assignment)).replace("−", "-")
    assert "disagrees with" in text and "not consistent" in text          # the checks ran, and failed
    found = [f"{source}: {what}" for source in ASSIGNMENTS for what, holds, anywhere in _tells(source)
             if (anywhere or source == assignment) and holds(text)]
    assert not found, f"{assignment}'s public checks print by-hand answers: {found}"


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_no_graded_by_hand_check_states_a_right_answer(assignment):
    """When graded, a wrong by-hand answer is told which of its parts are right and which rule a wrong one
    breaks, never the right value, decision, set or order (a by-hand answer's feedback once said "C: yours
    4, the minimax value is 2"): every by-hand test cell of the source, hidden tests included, fed wrong
    answers, states none of the right ones."""
    outputs = _hidden_outputs(assignment)
    text = "\n".join(o for o, _ in outputs).replace("−", "-")
    assert "not right" in text or "not consistent" in text        # the checks ran, and failed
    found = [f"{source}: {what}" for source in ASSIGNMENTS for what, holds, anywhere in _tells(source)
             if (anywhere or source == assignment) and holds(text)]
    found += [said for o, given in outputs for said in _stated(assignment, o, given)]
    assert not found, f"{assignment}'s graded by-hand checks state right answers: {found}"


def test_no_public_case_is_a_by_hand_tree():
    """No public case of any check is a tree (or a 2 × 2 game, or a recorded game) a by-hand question
    asks about: its expected visit order, value and decision are printed whenever a student's function
    goes wrong there.  Exercises 01, 02 and 04 asked about AIMA Fig. 5.2, the walk-through's tree, the
    trap [[3], [3, 1]] and CS221's coin game, all public cases."""
    by_hand = {}
    for assignment in ASSIGNMENTS:
        for name, spec in _trees(assignment, _solutions(assignment)).items():
            by_hand[repr(_plain(spec))] = f"{assignment}: {name}"
    assert len(by_hand) >= 15
    public = []
    for task in {id(t): t for t in TABLES.values()}.values():
        for case in task.public():
            game = getattr(case, "game", None)
            for held in (getattr(game, "spec", None), getattr(game, "payoffs", None), getattr(game, "episode", None)):
                if held is not None and repr(_plain(held)) in by_hand:
                    public.append(f"{task.name}: {case.name} is {by_hand[repr(_plain(held))]}")
    assert not public


def test_the_tells_find_answers_where_they_are_printed():
    """The search for answers finds each kind of answer where a text prints it, and not where a text only
    looks like it (a visit order that reads every leaf; a node's value that is the answer's own)."""
    tells = {what: holds for what, holds, _ in _tells("02_alpha_beta")}
    assert tells["two_ply_leaves = E F G H I K L M"]("expected A B E F G C H I D K L M (yours stops)")
    assert not tells["two_ply_leaves = E F G H I K L M"]("expected A B E F G C H I J D K L M")
    assert tells["mirror_never_visited = ['G', 'N', 'O']"]("Pruned (never searched): G, N and O.")
    assert tells["windows['C'] window (5, inf)"]("enter C via a2 with window [5, +∞]")
    assert tells["trap_returned['C'] = 7"]("exit C with value 7")
    assert not tells["trap_returned['C'] = 7"]("C's value 3 is not 7")
    pairs = {what: holds for what, holds, _ in _tells("01_minimax")}
    assert pairs["the root's value 5 and the decision 'a2'"]("• a tree: value 1, expected 5; decision 'a1', "
                                                              "expected 'a2'; nodes visited")
    assert {what: holds for what, holds, _ in _tells("04_chance")}["coin_values holds -28.5"]("expected -28.5")
    jp = {what: holds for what, holds, _ in _tells("05_partial_observability")}["jp_averages['pass'] = -0.75"]
    assert jp("averages yours {'pass': 1, 'bet': 2}, expected {'pass': -0.75, 'bet': -1.5}")
    assert not jp("averages yours {'pass': 1, 'bet': -0.75}")

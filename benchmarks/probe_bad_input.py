"""Probe harness (issue 21): bad or extreme calls over the newer half of the kit, each in a child process
with a time limit, every outcome classified automatically.

Run:  python benchmarks/probe_bad_input.py [--quick] [--timeout S] [--module NAME] [--list]

The newer half is :mod:`gamelib.imperfect`, :func:`gamelib.maxn`, :func:`gamelib.mcts`, :mod:`gamelib.td`,
:mod:`gamelib.normal_form`, their games (Kuhn poker, phantom tic-tac-toe, Raid, Dots and Boxes, the road
and hiding games, the matrix games), their widgets and pictures, and the check every search shares
(a utility that is not a number).  Each probe is a line of Python, run in a forked child (two at a
time) that is killed after ``--timeout`` seconds.  Its outcome is one of

================  ===================================================================================
clear             refused with a :class:`~gamelib.core.GameError` of the expected kind whose message
                  names the argument or value (the patterns the probe lists); or, for a widget driven
                  as from the browser, the refusal written inside the widget
accepted          accepted, and the value passes the probe's check (an expected value or predicate)
unclear           refused, but with another exception, a GameError of another kind, or a message
                  that does not name the problem
silent/wrong      accepted where it should be refused, a value that fails the check, or a valid call
                  refused
hang              still running at the time limit
half-changed      an object (a widget, a tracker) whose state differs after a refused call
================  ===================================================================================

The goal (issue 21): 0 hangs, 0 silent or wrong answers, 0 half-changed objects, at most 1 % unclear.
The table of counts by module and outcome is printed, then every case that is not clear or accepted.
``--quick`` runs every third probe of the generated argument matrices and all hand-written ones, for CI.
Exit status 1 if the goal is missed.
"""
from __future__ import annotations

import argparse
import ast
import multiprocessing
import os
import re
import sys
import time
from collections import Counter, defaultdict
from multiprocessing.connection import wait
from typing import NamedTuple

os.environ.setdefault("MPLBACKEND", "Agg")

OUTCOMES = ("clear", "accepted", "unclear", "silent/wrong", "hang", "half-changed")


# ---------------------------------------------------------------------------------------------------
# What a probe is and what it expects
# ---------------------------------------------------------------------------------------------------

class Expect(NamedTuple):
    how: str                 # 'refuse', 'accept' or 'inside' (a widget's refusal shown in the widget)
    kind: str = "GameError"  # the error class expected (a name in the namespace)
    names: tuple = ()        # patterns (regular expressions, case-insensitive) the message must contain
    check: object = None     # accept: None, a value to compare with ==, or an expression of r


def refuse(kind="GameError", *names) -> Expect:
    return Expect("refuse", kind, names)


def accept(value=None, *, unchanged: bool = False) -> Expect:
    """Accepted, returning ``value`` (compared with ==; None: any value, or a function r -> bool);
    ``unchanged``: and the probe's snapshot is unchanged (a click that cannot be played answers with
    a status line and changes nothing)."""
    return Expect("accept", "unchanged" if unchanged else "", check=value)


class Expression(str):
    """A check written as an expression of the result ``r`` (see :func:`holds`)."""


def holds(expression: str, *, unchanged: bool = False) -> Expect:
    """Accepted, and ``expression`` (Python, of the result ``r`` and the probe's namespace) is true."""
    return Expect("accept", "unchanged" if unchanged else "", check=Expression(expression))


def inside(*names) -> Expect:
    """A widget update from the browser: nothing raised, the widget's message names the problem and
    its state (the probe's snapshot) is unchanged."""
    return Expect("inside", names=names)


class Probe(NamedTuple):
    module: str
    call: str                 # statements; the value of the last expression is the result r
    expect: Expect
    setup: str = ""           # statements run first (not part of the probe)
    snap: str = ""            # an expression of the object's state: compared before and after the call
    generated: bool = False   # from an argument matrix (--quick runs a third of these)


PROBES: list[Probe] = []


def probe(module, call, expect, *, setup="", snap="", generated=False):
    PROBES.append(Probe(module, call, expect, setup, snap, generated))


def matrix(module, template, values, kind, *names, setup="", snap=""):
    """One probe per bad value: ``template`` with ``{v}`` replaced, expecting ``kind`` naming ``names``."""
    for v in values:
        probe(module, template.replace("{v}", v), refuse(kind, *names), setup=setup, snap=snap,
              generated=True)


# Bad values, as source text.
BAD_GAMES = ["None", "5", "'tictactoe'", "[]", "KuhnPoker"]
NOT_WHOLE = ["-1", "2.5", "'3'", "True", "math.nan", "math.inf", "None", "[1]"]
NOT_POSITIVE_WHOLE = ["0"] + NOT_WHOLE
NOT_NUMBER = ["math.nan", "'1'", "None", "True", "1j", "[0.5]"]
NOT_FINITE = NOT_NUMBER + ["math.inf", "-math.inf"]
NOT_FLAG = ["'yes'", "1", "None", "'no'", "0.0"]
NOT_SEED = ["math.nan", "1.5", "[1]", "object()", "math.inf", "True", "{}"]
NOT_PLAYER = ["None", "'X'", "CHANCE", "0", "'max'", "[MAX]"]
FOREIGN_STATES = ["C4.initial_state", "None", "(1, 2)", "'abc'"]
SEARCH_STATES = [v for v in FOREIGN_STATES if v != "None"]     # a search's state=None is its initial state


# ---------------------------------------------------------------------------------------------------
# The namespace every probe runs in (built once, in the parent; children are forked from it)
# ---------------------------------------------------------------------------------------------------

PRELUDE = r'''
import math, random
import numpy as np
import gamelib
from gamelib import (MAX, MIN, CHANCE, Game, GameTree, chance, minimax, alphabeta, expectiminimax, star1,
                     star2, maxn, maxn_policy, paranoid, alliance, mcts, iterative_deepening, uniform,
                     monte_carlo_value, play, WeightedSum)
from gamelib.core import (GameError, ArgumentError, StateError, EvaluationError, TooLargeError,
                          SearchDepthError, ProbabilityError, IllegalMoveError, TreeSpecError)
from gamelib.limits import search as limited_search
from gamelib.games import (KuhnPoker, PhantomTicTacToe, Raid, DotsAndBoxes, RoadGame, HidingGame, TicTacToe,
                           Connect4, Bins)
from gamelib.games.kuhn import KuhnState, equilibrium
from gamelib.games.phantom_tictactoe import PhantomBoard
from gamelib.games.raid import RaidState
from gamelib.games.dots_and_boxes import DotsState
from gamelib.games.roads import RoadState
from gamelib.games.hiding import HidingState
from gamelib.games import matrix_games
from gamelib.imperfect import (Belief, BeliefTracker, ImpossiblePerceptError, initial_belief, predict,
                               possible_percepts, split, update, track, beliefs_by_percept, percept,
                               and_or_search, plan_outcomes, wins_against_every_reply, accidental_wins,
                               likeliest_plan, win_probability, EMPTY_PLAN, Plan, extensive_form,
                               InformationSetError, TabularPolicy, as_policy, expected_value, uniform_policy,
                               best_response, nash_conv, exploitability, CFR, cfr, exploitability_curve,
                               regret_matching, clairvoyance_policy, BeliefAgent, phantom_value)
from gamelib.imperfect.belief import count as belief_count
from gamelib.mcts import tree_statistics, root_ucb
from gamelib.td import td_learn
from gamelib import normal_form as nf
from gamelib.viz import (MCTSWidget, draw_mcts, PhantomTicTacToeBoard, KuhnPokerTable, draw_phantom_belief,
                         draw_information_sets, information_set_groups, draw_maxn_tree, MaxnView,
                         describe_maxn_event, TreeExplorer, PayoffMatrixWidget)
from gamelib.experiments import mcts_strength as xmcts, td_strength as xtd, multiplayer as xmulti
from gamelib.experiments import partial_observability as xpo

KUHN, PTT, RAID, DOTS, ROAD, HIDE = KuhnPoker(), PhantomTicTacToe(), Raid(), DotsAndBoxes(), RoadGame(), HidingGame()
TTT, C4 = TicTacToe(), Connect4()
FIG52 = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
FIG54 = GameTree.from_nested([[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
                              [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]], players=("A", "B", "C"))
CHANCE_TREE = GameTree.from_nested([chance((0.5, [3, 1]), (0.5, [2, 6])), [4, 0]])
ZERO = lambda s: 0
ZERO3 = lambda s: (0, 0, 0)
B0 = initial_belief(PTT, MAX)
BMIN = initial_belief(PTT, MIN)
KB = initial_belief(KUHN, MAX)
UNI = uniform_policy(KUHN)
EQ = equilibrium(1 / 6)
DEALT = KUHN.result(KUHN.initial_state, "JQ")
KUHN_END = KUHN.result(KUHN.result(DEALT, "pass"), "pass")
X_CENTRE = PTT.result(PTT.initial_state, (1, 1))
ROAD_START = ROAD.result(ROAD.initial_state, "left")
HIDE_START = HIDE.result(HIDE.initial_state, "north")
RAID_END = RAID.state((1, 2, 3), "A", 0)
TTT_FEATURES = __import__("gamelib.games.tictactoe", fromlist=["evaluation"]).evaluation(
    {"open_lines": 0, "threats": 0, "centre": 0})
TRACE = mcts(TicTacToe("XX.O....."), iterations=50, trace=True).trace


class Raw(GameTree):
    """A tree whose leaves (``leaves``: label -> any value, for every player) and chance distributions
    (``outcomes``: label -> any pairs) are whatever the probe says: a user's game gone wrong."""

    def __init__(self, spec, leaves=None, outcomes=None, players=None):
        t = GameTree.from_nested(spec, players=players)
        super().__init__(t.children, t.players, t.leaf_values, t.probabilities, spec=spec,
                         player_order=players)
        self.raw_leaves, self.raw_outcomes = leaves or {}, outcomes or {}

    def utility(self, state, player):
        if state in self.raw_leaves:
            return self.raw_leaves[state]
        return super().utility(state, player)

    def utilities(self, state):
        if state in self.raw_leaves:
            return self.raw_leaves[state]
        return super().utilities(state)

    def chance_outcomes(self, state):
        if state in self.raw_outcomes:
            return self.raw_outcomes[state]
        return super().chance_outcomes(state)

    def __repr__(self):
        return "Raw()"


def raw_ttt(value):
    """Tic-tac-toe whose utility is ``value`` at every terminal state (a user's subclass)."""
    class BadTicTacToe(TicTacToe):
        def utility(self, state, player):
            return value
    return BadTicTacToe()


class NoMoves(Game):
    """A game whose start is not terminal but has no actions."""
    initial_state = "start"
    def to_move(self, s): return MAX
    def actions(self, s): return ()
    def result(self, s, a): raise self.illegal(s, a)
    def is_terminal(self, s): return False
    def utility(self, s, p): return 0
    def observation(self, s, p): return s


class Mutating(Game):
    """A game whose result changes the state it is given (states must be immutable).  True value 3."""
    class S:
        def __init__(self): self.moves = []
        def __repr__(self): return f"S({self.moves})"
    def __init__(self):
        self.initial_state = Mutating.S()
    def to_move(self, s): return MAX if len(s.moves) % 2 == 0 else MIN
    def actions(self, s): return () if len(s.moves) >= 2 else ("a", "b")
    def result(self, s, a):
        s.moves.append(a)
        return s
    def is_terminal(self, s): return len(s.moves) >= 2
    def utility(self, s, p):
        v = {"aa": 3, "ab": 5, "ba": 2, "bb": 9}.get("".join(s.moves[:2]), 0)
        return v if p == MAX else -v


class Selfish(HidingGame):
    """The hiding game, but not zero-sum: both players get MAX's payoff."""
    def utility(self, state, player):
        return super().utility(state, MAX)
    def __repr__(self): return "Selfish()"


class BadDeal(KuhnPoker):
    """Kuhn poker whose deal is not a distribution."""
    def __init__(self, pairs):
        super().__init__()
        self.pairs = pairs
    def chance_outcomes(self, state):
        return self.pairs if state.cards is None else super().chance_outcomes(state)
    def __repr__(self): return "BadDeal()"


class NanKuhn(KuhnPoker):
    def utility(self, state, player):
        return math.nan
    def __repr__(self): return "NanKuhn()"


class NoObservation:
    """A duck-typed game without observation."""
    initial_state = 0
    def to_move(self, s): return MAX
    def actions(self, s): return (1,)
    def result(self, s, a): return 1
    def is_terminal(self, s): return s == 1
    def utility(self, s, p): return 0


CHANCE_SPEC = [chance((0.5, [3, 1]), (0.5, [2, 6])), [4, 0]]
THREE_SPEC = [[(1, 2, 3), (3, 2, 1)], [(0, 0, 1), (2, 2, 2)]]


def snap_mcts(w):
    return (w.iteration, w.c, w.budget_box.value, w.slider.max, w.position_menu.value, w.text,
            w.result.iterations, w.message)


def snap_phantom(b):
    return (b.state, b.human, b.agent_kind, b.agent_menu.value, b.human_toggle.value, b.games_played,
            list(b.announcements), len(b.tracker.history))


def snap_kuhn(t):
    return (t.state, t.agent_name, t.agent_menu.value, t.winnings, t.hands)


def snap_explorer(e):
    return (e.picker.menu.value, list(e.picker.menu.options), e.tree_name, len(e.tree), e.step)


def snap_matrix(w):
    return (w.row_payoffs, w.col_payoffs, w.zero_sum, w.preset, w.size, w.text)


def close(a, b, tol=1e-6):
    return abs(a - b) <= tol


MW = MCTSWidget(budget=200, draw=False)
PB = PhantomTicTacToeBoard(agent="random")
KT = KuhnPokerTable(iterations=50)
EX = TreeExplorer()
PW = PayoffMatrixWidget(draw=False)
'''


# ---------------------------------------------------------------------------------------------------
# The probes
# ---------------------------------------------------------------------------------------------------

def belief_probes():
    m = "imperfect.belief"
    for fn in ("initial_belief(PTT, {v})", "BeliefTracker(PTT, {v})", "predict(PTT, B0, (1, 1), {v})",
               "possible_percepts(PTT, B0, {v})", "split(PTT, B0, {v})",
               "update(PTT, B0, '.........', {v})", "percept(PTT, PTT.initial_state, {v})",
               "beliefs_by_percept(PTT, {v})"):
        matrix(m, fn, NOT_PLAYER, "ArgumentError", "player")
    for fn in ("initial_belief({v}, MAX)", "predict({v}, B0, (1, 1), MAX)", "split({v}, B0, MAX)",
               "BeliefTracker({v}, MAX)"):
        matrix(m, fn, BAD_GAMES, "ArgumentError", "game")
    probe(m, "initial_belief(NoObservation(), MAX)", refuse("GameError", "observation"))
    for belief in ("None", "[]", "5", "[C4.initial_state]", "{PTT.initial_state: -1}",
                   "{PTT.initial_state: math.nan}", "'abc'", "[[1]]"):
        for fn in ("predict(PTT, {v}, (1, 1), MAX)", "possible_percepts(PTT, {v}, MAX)",
                   "split(PTT, {v}, MAX)", "update(PTT, {v}, '.........', MAX)"):
            probe(m, fn.replace("{v}", belief), refuse("GameError", "belief|state|weight|probabilit"),
                  generated=True)
    matrix(m, "initial_belief(PTT, MAX, opponent={v})", ["5", "'random'", "[]"], "ArgumentError",
           "opponent")
    probe(m, "initial_belief(KUHN, MIN, opponent=lambda s: {'pass': 0.5, 'bet': 0.6})",
          refuse("ProbabilityError", "opponent"))
    probe(m, "initial_belief(KUHN, MIN, opponent=lambda s: {'pass': -1, 'bet': 2})",
          refuse("ProbabilityError", "opponent", "-1"))
    probe(m, "initial_belief(KUHN, MIN, opponent=lambda s: ['pass'])", refuse("ProbabilityError", "opponent"))
    probe(m, "initial_belief(KUHN, MIN, opponent=lambda s: {'raise': 1.0})", refuse("GameError", "raise"))
    probe(m, "initial_belief(BadDeal([('JQ', 0.5), ('QK', 0.6)]), MAX)", refuse("ProbabilityError", "sum"))
    probe(m, "initial_belief(BadDeal([('JQ', -0.5), ('QK', 1.5)]), MAX)", refuse("ProbabilityError", "-0.5"))
    probe(m, "predict(PTT, B0, (5, 5), MAX)", refuse("IllegalMoveError", r"\(5, 5\)"))
    probe(m, "predict(PTT, B0, [1, 1], MAX)", refuse("IllegalMoveError", r"\[1, 1\]"))
    probe(m, "predict(PTT, BMIN, (1, 1), MAX)", refuse("StateError", "MAX", "not to move"))
    probe(m, "update(PTT, B0, 'zzz', MAX)", refuse("ImpossiblePerceptError", "zzz"))
    probe(m, "update(PTT, B0, [], MAX)", refuse("ImpossiblePerceptError", r"\[\]"))
    # Belief: weights that are not probabilities (negative weights were dropped after counting them).
    for weights in ("{'a': 2, 'b': -1}", "{'a': -1}", "{'a': math.nan}", "{'a': math.inf, 'b': 1}",
                    "{'a': 'x'}", "{'a': None}", "{'a': True}", "{'a': 0}", "{}", "[]"):
        probe(m, f"Belief({weights})", refuse("GameError", "weight|belief|probabilit"), generated=True)
    for bad in ("None", "5", "[[1]]", "'ab'"):
        probe(m, f"Belief({bad})", refuse("GameError", "belief|state|weights"), generated=True)
    probe(m, "Belief({'a': 1, 'b': 3})['b']", accept(0.75))
    probe(m, "len(Belief(['a', 'b', 'a']))", accept(2))
    probe(m, "dict(Belief({'a': 0, 'b': 2}))", accept({"b": 1.0}))
    matrix(m, "B0.most_likely({v})", NOT_WHOLE, "ArgumentError", "k")
    matrix(m, "BMIN.sample({v})", NOT_WHOLE, "ArgumentError", "k")
    matrix(m, "BMIN.sample(3, seed={v})", NOT_SEED, "ArgumentError", "seed")
    probe(m, "BMIN.most_likely(0)", accept([]))
    probe(m, "len(BMIN.sample(3, seed=1))", accept(3))
    # The tracker: a failed step changes nothing.
    t = "t = BeliefTracker(PTT, MAX)"
    snap = "(t.belief, t.expecting, list(t.history), list(t.sizes))"
    probe(m, "t.act((1, 1))", refuse("GameError", "perceive"), setup=t, snap=snap)
    probe(m, "t.observe('bogus')", refuse("ImpossiblePerceptError", "bogus"), setup=t, snap=snap)
    probe(m, "t.observe('.........'); t.observe('.........')", refuse("GameError", "act"), setup=t)
    probe(m, "t.step((9, 9), '....X....')", refuse("IllegalMoveError", r"\(9, 9\)"),
          setup=t + "; t.observe('.........')", snap=snap)
    probe(m, "t.step((1, 1), 'nonsense')", refuse("ImpossiblePerceptError", "nonsense"),
          setup=t + "; t.observe('.........')", snap=snap)
    probe(m, "t.observe('.........'); len(t.act((1, 1)))", accept(16), setup=t)     # O's 8 moves, or a try first
    # track: states and actions of one game.
    probe(m, "len(track(PTT, MAX, [PTT.initial_state], []))", accept(1))     # the record stops at a decision
    probe(m, "track(PTT, MAX, [PTT.initial_state, X_CENTRE], [])", refuse("ArgumentError", "actions"))
    probe(m, "track(PTT, MAX, None, None)", refuse("ArgumentError", "states"))
    probe(m, "track(PTT, MAX, 5, [])", refuse("ArgumentError", "states"))
    probe(m, "track(PTT, MAX, [C4.initial_state], [])", refuse("StateError", "state"))
    probe(m, "track(PTT, MAX, [PTT.initial_state, X_CENTRE], [(0, 0)])", refuse("GameError", "action|state"))
    probe(m, "out = play(PTT, {MAX: uniform(PTT), MIN: uniform(PTT)}, seed=3); "
             "all(s in b for s, b in zip([s for s in out.states if PTT.is_terminal(s) or PTT.to_move(s) == MAX], "
             "track(PTT, MAX, out.states, out.actions)))", accept(True))
    # beliefs_by_percept: a size guard and a start.
    matrix(m, "beliefs_by_percept(KUHN, MAX, max_beliefs={v})", NOT_POSITIVE_WHOLE[:-2] + ["[1]"], "ArgumentError",
           "max_beliefs")
    probe(m, "beliefs_by_percept(PTT, MAX, max_beliefs=3)", refuse("TooLargeError", "max_beliefs"))
    probe(m, "beliefs_by_percept(KUHN, MAX, 5)", refuse("ArgumentError", "start"))
    probe(m, "beliefs_by_percept(KUHN, MAX, [5])", refuse("GameError", "start|belief|state"))
    probe(m, "sorted(beliefs_by_percept(KUHN, MAX))", accept(["J", "Jpb", "K", "Kpb", "Q", "Qpb"]))
    probe(m, "percept(PTT, C4.initial_state, MAX)", refuse("StateError", "state"))
    probe(m, "belief_count(B0, key=5)", refuse("ArgumentError", "key"))
    # Fine inputs: values.
    probe(m, "len(initial_belief(PTT, MIN))", accept(9))
    probe(m, "len(initial_belief(KUHN, MAX))", accept(6))
    probe(m, "len(initial_belief(KUHN, MIN))", accept(12))
    probe(m, "len(initial_belief(TTT, MAX))", accept(1))
    probe(m, "all(ROAD.is_terminal(s) for s in initial_belief(ROAD, MIN))", accept(True))


def andor_probes():
    m = "imperfect.andor"
    matrix(m, "and_or_search(PTT, B0, {v})", ["'X'", "CHANCE", "0", "[MAX]"], "ArgumentError", "player")
    matrix(m, "and_or_search({v}, [0])", BAD_GAMES, "ArgumentError", "game")
    matrix(m, "and_or_search(PTT, {v})", ["None", "[]", "5", "[C4.initial_state]", "{PTT.initial_state: -1}",
                                          "'abc'"], "GameError", "belief|state|weight")
    matrix(m, "and_or_search(PTT, B0, trace={v})", NOT_FLAG, "ArgumentError", "trace")
    matrix(m, "and_or_search(PTT, B0, memo={v})", ["5", "[]", "'memo'"], "ArgumentError", "memo")
    matrix(m, "and_or_search(PTT, B0, max_nodes={v})", NOT_POSITIVE_WHOLE[:-2], "ArgumentError", "max_nodes")
    probe(m, "and_or_search(PTT, B0, max_nodes=10)", refuse("TooLargeError", "max_nodes"))
    probe(m, "and_or_search(C4, [C4.initial_state])", refuse("TooLargeError", "max_nodes"))
    probe(m, "and_or_search(PTT, [PTT.initial_state, X_CENTRE])", refuse("StateError", "MAX|MIN"))
    probe(m, "and_or_search(PTT, [PTT.initial_state], MIN)", refuse("StateError", "MIN"))
    probe(m, "and_or_search(PTT, [PhantomTicTacToe('XO.......').initial_state]).found", accept(True))
    probe(m, "and_or_search(PTT, [PhantomTicTacToe('XO.X.O...').initial_state]).found", accept(True))
    won = "PhantomTicTacToe('XX.OO....').initial_state"
    probe(m, f"r = and_or_search(PTT, [{won}]); (r.found, r.plan.action)", accept((True, (0, 2))))
    for fn in ("plan_outcomes(PTT, {v}, PTT.initial_state, MAX)",
               "wins_against_every_reply(PTT, {v}, PTT.initial_state, MAX)",
               "accidental_wins(PTT, B0, {v}, MAX)"):
        matrix(m, fn, ["5", "'play'", "[(1, 1)]"], "ArgumentError", "plan")
    for fn in ("plan_outcomes(PTT, EMPTY_PLAN, {v}, MAX)", "wins_against_every_reply(PTT, EMPTY_PLAN, {v}, MAX)"):
        matrix(m, fn, FOREIGN_STATES, "StateError", "state")
    for fn in ("plan_outcomes(PTT, EMPTY_PLAN, PTT.initial_state, {v})",
               "likeliest_plan(PTT, B0, {v})", "accidental_wins(PTT, B0, EMPTY_PLAN, {v})",
               "win_probability(PTT, B0, uniform(PTT), {v})"):
        matrix(m, fn, ["'X'", "CHANCE", "0"], "ArgumentError", "player")
    for fn in ("likeliest_plan(PTT, {v})", "accidental_wins(PTT, {v}, EMPTY_PLAN)",
               "win_probability(PTT, {v}, uniform(PTT))"):
        matrix(m, fn, ["None", "[]", "[C4.initial_state]"], "GameError", "belief|state")
    matrix(m, "win_probability(PTT, B0, {v})", ["5", "None", "'uniform'"], "ArgumentError", "policy")
    matrix(m, "win_probability(PTT, B0, uniform(PTT), opponent={v})", ["5", "'worst'"], "ArgumentError",
           "opponent")
    late = "PhantomTicTacToe('XO.XO....').initial_state"
    probe(m, f"win_probability(PTT, [{late}], lambda s: {{a: -1 for a in PTT.actions(s)}})",
          refuse("ProbabilityError", "policy"))
    probe(m, f"win_probability(PTT, [{late}], lambda s: {{PTT.actions(s)[0]: 0.5}})",
          refuse("ProbabilityError", "policy", "sum"))
    probe(m, f"win_probability(PTT, [{late}], lambda s: [1])", refuse("ProbabilityError", "policy"))
    probe(m, f"win_probability(PTT, [{late}], uniform(PTT), opponent=lambda s: {{a: 2 for a in PTT.actions(s)}})",
          refuse("ProbabilityError", "opponent"))
    probe(m, "g = Raw(CHANCE_SPEC, outcomes={'B': [('b1', 0.7), ('b2', 0.7)]}); win_probability(g, ['A'], uniform(g))",
          refuse("ProbabilityError", "sum"))
    probe(m, f"win_probability(PTT, [{won}], uniform(PTT)).worst > 0", accept(True))
    probe(m, f"accidental_wins(PTT, [{won}], and_or_search(PTT, [{won}]).plan).probability", accept(1.0))
    probe(m, f"plan_outcomes(PTT, and_or_search(PTT, [{won}]).plan, {won}, MAX)", accept({1}))
    probe(m, "Plan((1, 1)).lines(describe=5)", refuse("ArgumentError", "describe"))


def infosets_probes():
    m = "imperfect.infosets"
    matrix(m, "extensive_form({v})", BAD_GAMES, "ArgumentError", "game")
    probe(m, "extensive_form(KuhnPoker)", refuse("ArgumentError", "game", "instance"))
    matrix(m, "extensive_form(KUHN, max_nodes={v})", ["0", "-1", "2.5", "'x'", "math.nan", "True"],
           "ArgumentError", "max_nodes")
    probe(m, "len(extensive_form(KuhnPoker(), max_nodes=None))", accept(55))
    probe(m, "extensive_form(KuhnPoker(), max_nodes=10)", refuse("TooLargeError", "max_nodes"))
    probe(m, "extensive_form(TicTacToe())", refuse("GameError", "max_nodes|histories"))
    probe(m, "extensive_form(RAID)", refuse("ArgumentError", "MAX", "MIN"))
    probe(m, "extensive_form(FIG54)", refuse("ArgumentError", "MAX", "MIN"))
    probe(m, "extensive_form(NoObservation())", refuse("GameError", "observation"))
    probe(m, "extensive_form(BadDeal([('JQ', 0.5), ('QK', 0.6)]))", refuse("ProbabilityError", "sum"))
    probe(m, "extensive_form(BadDeal([('JQ', -1), ('QK', 2)]))", refuse("ProbabilityError", "-1"))
    probe(m, "extensive_form(BadDeal([('JQ', math.nan), ('QK', 1)]))", refuse("ProbabilityError", "nan"))
    probe(m, "extensive_form(BadDeal([('JQ', '0.5'), ('QK', 0.5)]))", refuse("ProbabilityError", "0.5"))
    probe(m, "extensive_form(NanKuhn())", refuse("EvaluationError", "utility", "nan"))
    probe(m, "extensive_form(NoMoves())", refuse("StateError", "no actions|not terminal"))
    for key in ("'zzz'", "[]", "None", "5"):
        probe(m, f"extensive_form(KUHN).infoset({key})", refuse("InformationSetError", "information set"),
              generated=True)
    for state in FOREIGN_STATES + ["[1]"]:
        probe(m, f"extensive_form(KUHN).infoset_of({state})", refuse("GameError", "state|tree"), generated=True)
    probe(m, "extensive_form(KUHN).infoset_of(KUHN.initial_state)", refuse("InformationSetError", "CHANCE"))
    matrix(m, "extensive_form(KUHN).keys({v})", ["'X'", "CHANCE", "5"], "ArgumentError", "player")
    probe(m, "extensive_form(KUHN).states('zz')", refuse("InformationSetError", "zz"))
    probe(m, "len(extensive_form(ROAD))", accept(lambda r: r > 5))
    probe(m, "sorted(extensive_form(HIDE).keys(MIN))", accept(["MAX marched north", "MAX marched south"]))


def policy_probes():
    m = "imperfect.policy"
    matrix(m, "TabularPolicy(KUHN, {v})", ["None", "5", "[]", "'J'"], "ArgumentError", "table")
    matrix(m, "TabularPolicy({v}, {})", BAD_GAMES, "ArgumentError", "game")
    for dist, names in (("{'pass': math.nan, 'bet': 1}", ("J", "nan")), ("{'pass': -0.5, 'bet': 1.5}", ("J", "-0.5")),
                        ("{'pass': 0.5}", ("J", "sum")), ("{'fold': 1}", ("J", "fold")),
                        ("{'pass': True}", ("J", "True")), ("{'pass': '1'}", ("J", "'1'")),
                        ("[1, 0]", ("J", "mapping")), ("{'pass': math.inf}", ("J", "inf")),
                        ("{'pass': None}", ("J", "None")), ("None", ("J",))):
        probe(m, f"TabularPolicy(KUHN, {{'J': {dist}}})", refuse("GameError", *names), generated=True)
    probe(m, "TabularPolicy(KUHN, {'zz': {'pass': 1}})", refuse("InformationSetError", "zz"))
    probe(m, "TabularPolicy(KUHN, {'J': {'pass': np.float32(1)}})['J']", accept({"pass": 1.0, "bet": 0.0}))
    probe(m, "TabularPolicy(KUHN, {'J': {'pass': np.int64(1)}})['J']", accept({"pass": 1.0, "bet": 0.0}))
    probe(m, "TabularPolicy(KUHN, {'J': {'pass': 1}}, name=5)", refuse("ArgumentError", "name"))
    matrix(m, "as_policy(KUHN, {v})", ["5", "None", "'uniform'", "[]"], "GameError", "policy")
    matrix(m, "as_policy(KUHN, UNI, players={v})", ["('X',)", "5", "(CHANCE,)", "'X'", "()"], "ArgumentError",
           "players")
    probe(m, "as_policy(KUHN, lambda s: {'pass': random.random() < 2 and s.cards[1] == 'K' or 0.5, "
             "'bet': 0.5} if True else None)", refuse("GameError", "information set|pass"))
    probe(m, "as_policy(KUHN, {MAX: UNI})", refuse("InformationSetError", "MIN"))
    probe(m, "as_policy(KUHN, lambda s: 5)", refuse("ProbabilityError", "5"))
    probe(m, "as_policy(KUHN, lambda s: {'pass': 0.2, 'bet': 0.2})", refuse("ProbabilityError", "sum"))
    probe(m, "as_policy(KUHN, UNI.restricted(MAX), players=MAX).covers(MAX)", accept(True))
    probe(m, "len(as_policy(KUHN, EQ))", accept(12))
    matrix(m, "expected_value({v}, UNI)", BAD_GAMES, "ArgumentError", "game")
    matrix(m, "expected_value(KUHN, {v})", ["5", "None", "{'J': {'pass': 1}}", "{MAX: UNI}"], "GameError",
           "polic|information set")
    probe(m, "expected_value(KUHN, EQ)", holds("close(r, -1 / 18)"))
    probe(m, "expected_value(KUHN, UNI)", holds("close(r, 0.125)"))
    probe(m, "expected_value(RAID, UNI)", refuse("ArgumentError", "MAX", "MIN"))
    matrix(m, "uniform_policy({v})", BAD_GAMES, "ArgumentError", "game")
    for state in FOREIGN_STATES + ["[1]"]:
        probe(m, f"UNI({state})", refuse("GameError", "state"), generated=True)
    probe(m, "UNI['zz']", refuse("InformationSetError", "zz"))
    probe(m, "UNI[[1]]", refuse("InformationSetError", r"\[1\]"))
    matrix(m, "UNI.restricted({v})", ["'X'", "CHANCE", "None"], "ArgumentError", "player")
    matrix(m, "UNI.covers({v})", ["'X'", "CHANCE"], "ArgumentError", "player")
    matrix(m, "UNI.merged({v})", ["5", "{}", "None"], "ArgumentError", "other")
    probe(m, "UNI.merged(uniform_policy(HIDE))", refuse("ArgumentError", "other", "game"))
    probe(m, "UNI(DEALT)", accept({"pass": 0.5, "bet": 0.5}))


def best_response_probes():
    m = "imperfect.best_response"
    matrix(m, "best_response(KUHN, UNI, {v})", NOT_PLAYER, "ArgumentError", "player")
    matrix(m, "best_response({v}, UNI, MAX)", BAD_GAMES, "ArgumentError", "game")
    matrix(m, "best_response(KUHN, {v}, MAX)", ["5", "None", "{'J': {'pass': 1}}"], "GameError",
           "polic|information set")
    probe(m, "best_response(Selfish(), uniform_policy(Selfish()), MAX)", refuse("ArgumentError", "zero-sum"))
    probe(m, "nash_conv(Selfish(), uniform_policy(Selfish()))", refuse("ArgumentError", "zero-sum"))
    probe(m, "exploitability(Selfish(), uniform_policy(Selfish()))", refuse("ArgumentError", "zero-sum"))
    probe(m, "best_response(RAID, UNI, MAX)", refuse("ArgumentError", "MAX", "MIN"))
    matrix(m, "nash_conv(KUHN, {v})", ["5", "None", "{MAX: UNI}"], "GameError", "polic|information set|MIN")
    matrix(m, "exploitability({v}, UNI)", BAD_GAMES, "ArgumentError", "game")
    probe(m, "exploitability(KUHN, UNI)", holds("close(r, 0.458333333)"))
    probe(m, "exploitability(KUHN, EQ)", holds("close(r, 0.0)"))
    probe(m, "nash_conv(KUHN, UNI)", holds("close(r, 11 / 12)"))
    probe(m, "best_response(KUHN, UNI, MIN).player", accept("MIN"))
    probe(m, "best_response(KUHN, EQ, MAX).value", holds("close(r, -1 / 18)"))


def cfr_probes():
    m = "imperfect.cfr"
    matrix(m, "cfr({v}, 10)", BAD_GAMES, "ArgumentError", "game")
    probe(m, "cfr(KuhnPoker, 10)", refuse("ArgumentError", "game", "instance"))
    matrix(m, "cfr(KUHN, {v})", NOT_WHOLE, "ArgumentError", "iterations")
    matrix(m, "cfr(KUHN, 10, alternating={v})", NOT_FLAG, "ArgumentError", "alternating")
    matrix(m, "CFR(KUHN, alternating={v})", NOT_FLAG, "ArgumentError", "alternating")
    matrix(m, "CFR(KUHN).run({v})", NOT_WHOLE, "ArgumentError", "iterations")
    probe(m, "cfr(NoMoves(), 1)", refuse("StateError", "no actions|not terminal"))
    probe(m, "cfr(Selfish(), 5)", refuse("ArgumentError", "zero-sum"))
    probe(m, "cfr(RAID, 1)", refuse("ArgumentError", "MAX", "MIN"))
    probe(m, "cfr(BadDeal([('JQ', 0.5), ('QK', 0.6)]), 1)", refuse("ProbabilityError", "sum"))
    probe(m, "cfr(NanKuhn(), 1)", refuse("EvaluationError", "utility"))
    for regrets in ("[]", "None", "'ab'", "[1, 'x']", "[math.nan, 1]", "[math.inf, 1]", "[True, 1]", "5",
                    "[None]", "[1j]"):
        probe(m, f"regret_matching({regrets})", refuse("ArgumentError", "regrets"), generated=True)
    probe(m, "regret_matching([1, 3])", accept([0.25, 0.75]))
    probe(m, "regret_matching([-1, -2])", accept([0.5, 0.5]))
    probe(m, "regret_matching((0,))", accept([1.0]))
    probe(m, "regret_matching(np.array([1.0, 1.0]))", accept([0.5, 0.5]))
    for checkpoints in ("[10, 5]", "None", "5", "[-1]", "[2.5]", "['a']", "[math.nan]", "[True]"):
        probe(m, f"exploitability_curve(KUHN, {checkpoints})", refuse("ArgumentError", "checkpoints"),
              generated=True)
    matrix(m, "exploitability_curve(KUHN, [1], alternating={v})", NOT_FLAG, "ArgumentError", "alternating")
    probe(m, "[p.iterations for p in exploitability_curve(KUHN, [0, 1, 10])]", accept([0, 1, 10]))
    probe(m, "cfr(KUHN, 0)['J']", accept({"pass": 0.5, "bet": 0.5}))
    probe(m, "exploitability(KUHN, cfr(KUHN, 300)) < 0.02", accept(True))
    probe(m, "CFR(KUHN).run(3).iterations", accept(3))
    probe(m, "CFR(KUHN, alternating=np.bool_(False)).alternating", accept(False))


def clairvoyance_probes():
    m = "imperfect.clairvoyance"
    matrix(m, "clairvoyance_policy(KUHN, samples={v})", ["1", "0", "-1", "2.5", "'x'", "math.nan", "True"],
           "ArgumentError", "samples")
    matrix(m, "clairvoyance_policy(KUHN, samples=4, seed={v})", NOT_SEED, "ArgumentError", "seed")
    matrix(m, "clairvoyance_policy(KUHN, tie={v})", ["'random'", "None", "5", "'FIRST'"], "ArgumentError", "tie")
    matrix(m, "clairvoyance_policy(KUHN, players={v})", ["'X'", "('X',)", "5", "[CHANCE]", "()"],
           "ArgumentError", "players")
    matrix(m, "clairvoyance_policy({v})", BAD_GAMES, "ArgumentError", "game")
    probe(m, "clairvoyance_policy(RAID)", refuse("ArgumentError", "MAX", "MIN"))
    probe(m, "clairvoyance_policy(Selfish())", refuse("ArgumentError", "zero-sum"))
    probe(m, "clairvoyance_policy(KUHN)['J']", accept({"pass": 1.0, "bet": 0.0}))
    probe(m, "sorted(clairvoyance_policy(KUHN, players=(MIN,)))", accept(sorted(["Jp", "Qp", "Kp", "Jb", "Qb", "Kb"])))
    probe(m, "len(clairvoyance_policy(KUHN, players=MAX))", accept(6))
    probe(m, "clairvoyance_policy(KUHN, samples=2, seed=1).estimates['J']['bet'].samples", accept(2))


def agents_probes():
    m = "imperfect.agents"
    matrix(m, "BeliefAgent(PTT, {v}, 'random')", NOT_PLAYER, "ArgumentError", "player")
    matrix(m, "BeliefAgent(PTT, MAX, {v})", ["'bogus'", "None", "5"], "ArgumentError", "choose")
    matrix(m, "BeliefAgent(PTT, MAX, 'random', seed={v})", NOT_SEED, "ArgumentError", "seed")
    matrix(m, "BeliefAgent(PTT, MAX, value={v})", ["5", "'minimax'"], "ArgumentError", "value")
    matrix(m, "BeliefAgent({v}, MAX, 'random')", BAD_GAMES, "ArgumentError", "game")
    probe(m, "phantom_value()(C4.initial_state)", refuse("StateError", "state"))
    probe(m, "a = BeliefAgent(PTT, MAX, 'random'); a(X_CENTRE)", refuse("GameError", "MAX|percei|belief"))
    probe(m, "a = BeliefAgent(PTT, MAX, 'random', seed=2); list(a(PTT.initial_state).values())", accept([1.0]))


def maxn_probes():
    m = "maxn"
    for bad in ("math.nan", "None", "'x'", "(1, 2)", "(1, 2, 3, 4)", "(math.nan, 0, 0)", "(1, 'x', 0)", "5",
                "(None, 0, 0)"):
        probe(m, f"maxn(Raw(THREE_SPEC, leaves={{'D': {bad}}}, players=('A', 'B', 'C')))",
              refuse("EvaluationError", "utilit", "D"), generated=True)
    for bad in ("math.nan", "None", "'x'"):
        probe(m, f"maxn(Raw([[1, 2], [3, 4]], leaves={{'D': {bad}}}))", refuse("EvaluationError", "utilit"),
              generated=True)
    probe(m, "maxn(Raid(moves=40))", refuse("TooLargeError", "depth"))
    probe(m, "maxn(Raid(moves=16))", refuse("TooLargeError", "depth"))
    probe(m, "maxn(Raid(moves=40), depth=2, evaluate=Raid(moves=40).shares).nodes", accept(13))
    probe(m, "sum(maxn(Raid(moves=10)).value)", holds("close(r, 1)"))
    matrix(m, "maxn(RAID, depth={v}, evaluate=ZERO3)", NOT_WHOLE[:-2], "ArgumentError", "depth")
    probe(m, "maxn(RAID, depth=2)", refuse("ArgumentError", "evaluate"))
    matrix(m, "maxn(RAID, depth=2, evaluate={v})", ["5", "'shares'"], "ArgumentError", "evaluate")
    for bad in ("lambda s: (1, 2)", "lambda s: None", "lambda s: (math.nan, 0, 0)", "lambda s: 'abc'"):
        probe(m, f"maxn(RAID, depth=2, evaluate={bad})", refuse("EvaluationError", "evaluate"), generated=True)
    matrix(m, "maxn(RAID, ties={v})", ["'x'", "None", "5", "'FIRST'"], "ArgumentError", "ties")
    matrix(m, "maxn(RAID, trace={v})", NOT_FLAG, "ArgumentError", "trace")
    matrix(m, "maxn(RAID, {v})", SEARCH_STATES + ["RaidState((1, 2), 0, 1)", "RaidState((0, 0, 0), 5, 1)"],
           "StateError", "state")
    matrix(m, "maxn({v})", BAD_GAMES, "ArgumentError", "game")
    probe(m, "maxn(Raw(CHANCE_SPEC, outcomes={'B': [('b1', 0.5), ('b2', 0.6)]}))", refuse("ProbabilityError", "sum"))
    probe(m, "maxn(Raw(CHANCE_SPEC, outcomes={'B': [('b1', -0.5), ('b2', 1.5)]}))", refuse("ProbabilityError", "-0.5"))
    matrix(m, "paranoid(RAID, {v})", ["'Z'", "None", "MAX", "['A']"], "ArgumentError", "me")
    matrix(m, "paranoid({v}, 'A')", BAD_GAMES, "ArgumentError", "game")
    matrix(m, "alliance(RAID, {v})", ["'A'", "[]", "['A', 'A']", "['Z']", "None", "5"], "ArgumentError", "members")
    matrix(m, "maxn_policy({v})", BAD_GAMES, "ArgumentError", "game")
    matrix(m, "maxn_policy(RAID, ties={v})", ["'bogus'", "None"], "ArgumentError", "ties")
    probe(m, "maxn_policy(RAID, depth=-1, evaluate=ZERO3)", refuse("ArgumentError", "depth"))
    probe(m, "maxn_policy(RAID, colour='red')", refuse("ArgumentError", "colour"))
    probe(m, "maxn(FIG54).value", accept((1, 2, 6)))
    probe(m, "maxn(FIG52).value", accept((3, -3)))
    probe(m, "minimax(paranoid(Raid(moves=6), 'A')).value", accept(lambda r: 0 <= r <= 1))
    probe(m, "maxn(RAID, RAID_END).value", accept((0.0, 0.0, 1.0)))
    probe(m, "maxn(Raw(THREE_SPEC, leaves={'G': (math.inf, 2, 2)}, players=('A', 'B', 'C'))).value[0]",
          accept(float("inf")))


def mcts_probes():
    m = "mcts"
    for bad in ("math.nan", "None", "'x'", "math.inf", "1j", "(1, 2)", "True"):
        probe(m, f"mcts(raw_ttt({bad}), iterations=20)", refuse("EvaluationError", "utility"), generated=True)
    probe(m, "mcts(Raw([[1, 2], [3, 4]], leaves={'D': math.nan}), iterations=50)", refuse("EvaluationError", "utility"))
    probe(m, "mcts(RAID, iterations=10)", refuse("ArgumentError", "two-player|MAX"))
    probe(m, "mcts(FIG54, iterations=10)", refuse("ArgumentError", "two-player|MAX"))
    probe(m, "mcts(NoMoves(), iterations=10)", refuse("StateError", "no actions|not terminal"))
    probe(m, "mcts(Raw([[1, 2], [3, 4]]), 'B', iterations=5).action in ('b1', 'b2')", accept(True))
    probe(m, "mcts(Raw(CHANCE_SPEC, outcomes={'B': [('b1', 0.5), ('b2', 0.6)]}), iterations=20)",
          refuse("ProbabilityError", "sum"))
    probe(m, "mcts(Raw(CHANCE_SPEC, outcomes={'B': [('b1', -0.5), ('b2', 1.5)]}), iterations=20)",
          refuse("ProbabilityError", "-0.5"))
    probe(m, "mcts(BadDeal([('JQ', 0.5), ('QK', 0.6)]), iterations=20)", refuse("ProbabilityError", "sum"))
    probe(m, "mcts(BadDeal([('JQ', 0.5), ('QK', 0.6)]), DEALT, iterations=20).iterations", accept(20))
    probe(m, "mcts(Mutating(), iterations=200)", refuse("StateError", "result"))
    probe(m, "mcts(Selfish(), HIDE_START, iterations=20)", refuse("ArgumentError", "zero-sum"))
    probe(m, "mcts(Bins(cooperative=True), iterations=20)", refuse("ArgumentError", "zero-sum"))
    matrix(m, "mcts(TTT, iterations={v})", NOT_POSITIVE_WHOLE[:-1], "ArgumentError", "iterations")
    matrix(m, "mcts(TTT, time_limit={v})", ["0", "-1", "math.nan", "'x'", "True", "[1]"], "ArgumentError", "time_limit")
    probe(m, "mcts(TTT)", refuse("ArgumentError", "iterations"))
    matrix(m, "mcts(TTT, iterations=5, c={v})", ["-1"] + NOT_FINITE, "ArgumentError", "c")
    matrix(m, "mcts(TTT, iterations=5, seed={v})", NOT_SEED, "ArgumentError", "seed")
    matrix(m, "mcts(TTT, iterations=5, trace={v})", NOT_FLAG, "ArgumentError", "trace")
    matrix(m, "mcts(TTT, iterations=5, playout={v})", ["5", "'random'"], "ArgumentError", "playout")
    matrix(m, "mcts(TTT, iterations=5, max_moves={v})", ["0", "-1", "2.5", "'x'", "True"], "ArgumentError",
           "max_moves")
    matrix(m, "mcts(TTT, {v}, iterations=5)", SEARCH_STATES + ["[1]"], "StateError",
           "state")
    matrix(m, "mcts({v}, iterations=5)", BAD_GAMES, "ArgumentError", "game")
    probe(m, "mcts(TTT, iterations=5, playout=lambda s: {a: -1 for a in TTT.actions(s)})",
          refuse("ProbabilityError", "policy"))
    probe(m, "mcts(TicTacToe('XX.OO....'), iterations=200).action", accept((0, 2)))
    probe(m, "mcts(TicTacToe('XXXOO....'), iterations=3).value", accept(1))
    probe(m, "mcts(CHANCE_TREE, iterations=50).action", accept(None))
    probe(m, "mcts(TTT, iterations=5, seed=np.int64(3)).iterations", accept(5))
    probe(m, "mcts(TTT, iterations=5, seed=None).iterations", accept(5))
    probe(m, "mcts(TTT, time_limit=math.inf, iterations=3).iterations", accept(3))
    matrix(m, "tree_statistics({v})", ["None", "5", "[1, 2]", "minimax(FIG52, trace=True).trace"],
           "ArgumentError", "trace")
    matrix(m, "tree_statistics(TRACE, {v})", ["-1", "2.5", "'x'", "math.nan"], "ArgumentError", "iterations")
    matrix(m, "root_ucb(tree_statistics(TRACE), {v})", ["'X'", "CHANCE", "None"], "ArgumentError", "player")
    matrix(m, "root_ucb({v}, MAX)", ["5", "None", "[]"], "ArgumentError", "stats")
    matrix(m, "root_ucb(tree_statistics(TRACE), MAX, c={v})", ["-1", "math.nan", "'x'"], "ArgumentError", "c")
    probe(m, "len(root_ucb(tree_statistics(TRACE), MAX))", accept(lambda r: r > 0))
    probe(m, "tree_statistics(TRACE, 0)", accept({}))


def td_probes():
    m = "td"
    F = "TTT_FEATURES"
    base = f"td_learn(TTT, {F}, iterations=3, alpha=0.01"
    matrix(m, f"td_learn({{v}}, {F}, iterations=3, alpha=0.01)", BAD_GAMES, "ArgumentError", "game")
    matrix(m, "td_learn(TTT, {v}, iterations=3, alpha=0.01)", ["None", "{}", "5", "lambda s: 0"], "ArgumentError",
           "features")
    matrix(m, f"td_learn(TTT, {F}, iterations={{v}}, alpha=0.01)", NOT_POSITIVE_WHOLE, "ArgumentError", "iterations")
    matrix(m, f"td_learn(TTT, {F}, iterations=3, alpha={{v}})", ["-1"] + NOT_FINITE, "ArgumentError", "alpha")
    matrix(m, base + ", lam={v})", ["2", "-0.1", "math.nan", "'x'", "None"], "ArgumentError", "lam")
    matrix(m, base + ", epsilon={v})", ["1.5", "-1", "math.nan", "'x'", "None"], "ArgumentError", "epsilon")
    matrix(m, base + ", seed={v})", NOT_SEED, "ArgumentError", "seed")
    matrix(m, base + ", progress={v})", NOT_FLAG, "ArgumentError", "progress")
    matrix(m, base + ", max_moves={v})", ["0", "-1", "2.5", "'x'"], "ArgumentError", "max_moves")
    matrix(m, base + ", state={v})", SEARCH_STATES, "StateError", "state")
    probe(m, base + ", state=TicTacToe('XXXOO....').initial_state)", refuse("StateError", "over|terminal"))
    probe(m, f"td_learn(TTT, {F}, iterations=5, alpha=1e300)", refuse("GameError", "alpha", "diverge"))
    probe(m, f"td_learn(TTT, {F}.with_weights(open_lines=1e200, threats=1e200, centre=1e200), iterations=5, "
             "alpha=1e100)", refuse("GameError", "alpha", "diverge"))
    probe(m, f"td_learn(raw_ttt(math.nan), {F}, iterations=2, alpha=0.01)", refuse("EvaluationError", "utility"))
    probe(m, f"td_learn(raw_ttt(None), {F}, iterations=2, alpha=0.01)", refuse("EvaluationError", "utility"))
    probe(m, f"td_learn(raw_ttt(math.inf), {F}, iterations=2, alpha=0.01)", refuse("EvaluationError", "utility"))
    probe(m, "td_learn(RAID, WeightedSum({'a': lambda s: 1}, {'a': 0}), iterations=2, alpha=0.1)",
          refuse("ArgumentError", "two-player|MAX"))
    probe(m, "td_learn(Bins(cooperative=True), WeightedSum({'a': lambda s: 1}, {'a': 0}), iterations=2, alpha=0.1)",
          refuse("ArgumentError", "zero-sum"))
    probe(m, "td_learn(TTT, WeightedSum({'a': lambda s: math.nan}, {'a': 0}), iterations=2, alpha=0.1)",
          refuse("EvaluationError", "feature", "a"))
    probe(m, f"td_learn(TTT, {F}, iterations=3, alpha=0).evaluation.weights", accept({"open_lines": 0, "threats": 0,
                                                                                    "centre": 0}))
    probe(m, f"len(td_learn(TTT, {F}, iterations=4, alpha=0.01, seed=np.int64(2)).history)", accept(4))


def normal_form_probes():
    m = "normal_form"
    MP = "[[1, -1], [-1, 1]]"
    for bad in ("None", "[]", "[[]]", "[[1, 2], [3]]", "[[math.nan]]", "[[math.inf]]", "[['a']]", "[[True]]",
                "5", "[[10**400, 1], [0, 1]]", "[1, 2]", "'ab'", "np.zeros((2, 2, 2))", "[[None, 1]]"):
        for fn in ("nf.solve_zero_sum({v})", "nf.pure_maximin({v})", "nf.payoff_matrix({v})"):
            probe(m, fn.replace("{v}", bad), refuse("ArgumentError", "payoffs"), generated=True)
    for bad in ("None", "[[1, 2], [3]]", "[[math.nan, 0], [0, 0]]", "[[1, 2, 3], [4, 5, 6]]"):
        probe(m, f"nf.nash_equilibria({MP}, {bad})", refuse("ArgumentError", "col_payoffs"), generated=True)
        probe(m, f"nf.nash_equilibria({bad}, {MP})", refuse("ArgumentError", "row_payoffs"), generated=True)
    matrix(m, f"nf.nash_equilibria({MP}, {MP}, max_supports={{v}})", ["'x'", "-1", "0", "2.5", "math.nan", "True"],
           "ArgumentError", "max_supports")
    probe(m, "nf.nash_equilibria([[1, 2, 3]] * 3, [[1, 2, 3]] * 3, max_supports=1)",
          refuse("TooLargeError", "max_supports"))
    probe(m, "((0.5, 0.5), (1.0, 0.0)) in [tuple(tuple(round(p, 9) for p in s) for s in e) for e in "
             "nf.nash_equilibria([[0, 0], [0, 1]], [[0, 1], [3, 2]])]", accept(True))
    matrix(m, f"nf.best_responses({MP}, [0.5, 0.5], tol={{v}})", ["-1", "math.nan", "'x'", "None", "math.inf"],
           "ArgumentError", "tol")
    matrix(m, f"nf.best_responses({MP}, [0.5, 0.5], player={{v}})", ["'x'", "None", "MAX"], "ArgumentError",
           "player")
    matrix(m, f"nf.best_responses({MP}, {{v}})", ["[0.5]", "[0.6, 0.6]", "[math.nan, 1]", "'ab'", "None",
                                                   "[-0.5, 1.5]"], "ArgumentError", "opponent_strategy")
    matrix(m, f"nf.is_equilibrium({MP}, {MP}, [0.5, 0.5], [0.5, 0.5], tol={{v}})", ["-1", "math.nan", "'x'"],
           "ArgumentError", "tol")
    matrix(m, f"nf.expected_payoffs({MP}, {MP}, {{v}}, [0.5, 0.5])", ["[1]", "[0.5, 0.6]", "None"],
           "ArgumentError", "row_strategy")
    matrix(m, f"nf.row_guarantee({MP}, {{v}})", ["[1]", "[2, -1]", "None"], "ArgumentError", "row_strategy")
    matrix(m, f"nf.col_guarantee({MP}, {{v}})", ["[1]", "[2, -1]", "None"], "ArgumentError", "col_strategy")
    probe(m, "nf.mixed_2x2([[1, 2, 3]] * 3, [[1, 2, 3]] * 3)", refuse("ArgumentError", "2×2|2x2"))
    probe(m, "nf.solve_zero_sum([[1e-9, -1e-9], [-1e-9, 1e-9]]).row_strategy", holds("close(r[0], 0.5)"))
    probe(m, "nf.solve_zero_sum([[1e9, -1e9], [-1e9, 1e9]]).row_strategy", holds("close(r[0], 0.5)"))
    probe(m, f"nf.solve_zero_sum({MP}).value", accept(0.0))
    probe(m, f"nf.best_responses({MP}, [0.5, 0.5], tol=0)", accept((0, 1)))
    probe(m, "nf.solve_zero_sum(np.array([[2, -3], [-3, 4]])).value", holds("close(r, -1 / 12)"))
    probe(m, "len(nf.nash_equilibria(matrix_games.BATTLE_OF_THE_SEXES.row_payoffs, "
             "matrix_games.BATTLE_OF_THE_SEXES.col_payoffs))", accept(3))
    for bad in ("[[1, 'x'], [1, 2]]", "[[math.nan, 1], [1, 2]]", "[[1], [1, 2]]", "None"):
        probe(m, f"matrix_games.zero_sum('g', ('a', 'b'), ('c', 'd'), {bad})", refuse("ArgumentError", "payoffs"),
              generated=True)
    probe(m, "matrix_games.zero_sum('g', ('a',), ('c', 'd'), [[1, 2], [3, 4]])", refuse("ArgumentError", "row_actions"))
    probe(m, "matrix_games.MATRIX_GAMES['matching pennies'].zero_sum", accept(True))


def game_probes():
    # Each game's protocol refuses a state of another game (StateError), and its constructor bad settings.
    games = {"kuhn": ("KUHN", "DEALT", "'pass'"), "phantom": ("PTT", "PTT.initial_state", "(1, 1)"),
             "raid": ("RAID", "RAID.initial_state", "'grow'"), "dots": ("DOTS", "DOTS.initial_state", "'h00'"),
             "roads": ("ROAD", "ROAD_START", "'A'"), "hiding": ("HIDE", "HIDE_START", "'north'")}
    for name, (g, _, action) in games.items():
        m = f"games.{name}"
        foreign = [s for s in FOREIGN_STATES if not (name == "raid" and s == "(1, 2)")] + ["KuhnState()"
                   if name != "kuhn" else "RaidState((0, 0), 0, 1)"]
        for method in ("to_move({v})", "actions({v})", f"result({{v}}, {action})", "is_terminal({v})",
                       "utility({v}, MAX)", "check_state({v})"):
            matrix(m, f"{g}.{method}", foreign, "StateError", "state")
        if name in ("kuhn", "phantom", "roads", "hiding"):
            for method in ("observation({v}, MAX)",) + (("information_set({v}, MAX)",) if name != "phantom" else ()):
                matrix(m, f"{g}.{method}", foreign[:2], "StateError", "state")
        matrix(m, f"{g}.result({games[name][1]}, {{v}})", ["[1]", "'bogus'", "None", "{}"], "IllegalMoveError",
               "illegal")
    # utility and observation for a player who is not in the game
    for g, end in (("KUHN", "KUHN_END"), ("PTT", "PhantomTicTacToe('XXXOO....').initial_state"),
                   ("RAID", "RAID_END"), ("DOTS", "DOTS.play_lines(DOTS.lines)"),
                   ("ROAD", "ROAD.result(ROAD_START, 'A')"),
                   ("HIDE", "HIDE.result(HIDE.result(HIDE_START, 'north'), 'defend south')")):
        m = "games." + {"KUHN": "kuhn", "PTT": "phantom", "RAID": "raid", "DOTS": "dots", "ROAD": "roads",
                        "HIDE": "hiding"}[g]
        matrix(m, f"{g}.utility({end}, {{v}})", ["'X'", "CHANCE", "None", "0"], "ArgumentError", "player")
        if g in ("KUHN", "PTT", "ROAD", "HIDE"):
            matrix(m, f"{g}.observation({end}, {{v}})", ["'X'", "CHANCE", "None"], "ArgumentError", "player")
    # Kuhn poker
    m = "games.kuhn"
    for bad in ("KuhnState(('X', 'Y'), '')", "KuhnState(('J', 'J'), '')", "KuhnState(None, 'p')",
                "KuhnState(('J', 'Q'), 'zz')", "KuhnState(('J', 'Q'), 'ppp')", "KuhnState('JQ', '')",
                "KuhnState(('J', 'Q'), 5)"):
        probe(m, f"KUHN.check_state({bad})", refuse("StateError", "state"), generated=True)
        probe(m, f"expectiminimax(KUHN, {bad})", refuse("StateError", "state"), generated=True)
    probe(m, "KuhnPoker().result(Connect4().initial_state, 'pass')", refuse("StateError", "state"))
    matrix(m, "equilibrium({v})", ["-0.1", "0.5", "math.nan", "'x'", "None"], "ArgumentError", "alpha")
    probe(m, "equilibrium(1 / 3)['K']", accept({"pass": 0.0, "bet": 1.0}))
    probe(m, "expectiminimax(KUHN).value", accept(lambda r: r > -1e-12))
    # Phantom tic-tac-toe
    m = "games.phantom"
    for bad in ("PhantomBoard('XXX......')", "PhantomBoard('abc')", "PhantomBoard('.........', 'X')",
                "PhantomBoard('X........', MAX)", "PhantomBoard('X........', MIN, '.........', '.........')",
                "PhantomBoard('.........', MAX, 'X........')", "PhantomBoard(5)",
                "PhantomBoard('XXXOO....', MIN, 'XXX......', 'OO.......', 0)"):
        probe(m, f"PTT.check_state({bad})", refuse("StateError", "state|board|view"), generated=True)
        probe(m, f"minimax(PTT, {bad})", refuse("StateError", "state|board|view"), generated=True)
    matrix(m, "PhantomTicTacToe({v})", ["'XXXXXXXXX'", "'abc'", "5", "[]"], "GameError", "board")
    matrix(m, "PhantomTicTacToe(x_view={v})", ["'X........'", "'abc'", "5", "'.........X'"], "GameError",
           "x_view|view")
    probe(m, "PhantomTicTacToe('X........', o_view='X........').initial_state.o_view", accept("X........"))
    matrix(m, "PhantomTicTacToe('X........', o_view={v})", ["'.X.......'", "5", "'O........'"], "GameError",
           "o_view|view")
    probe(m, "PhantomTicTacToe.board(C4.initial_state)", refuse("StateError", "state"))
    probe(m, "PTT.result(X_CENTRE, (1, 1)).to_move", accept("MIN"))
    # Raid
    m = "games.raid"
    matrix(m, "Raid(scores={v})", ["(1, 2)", "(-1, 0, 0)", "(1.5, 0, 0)", "'abc'", "(True, 0, 0)", "5",
                                   "(0, 0, math.nan)"], "ArgumentError", "scores")
    matrix(m, "Raid(players={v})", ["'ABC'", "['A']", "['A', 'A']", "[1, 2]", "None", "('A', 'CHANCE')"],
           "ArgumentError", "players")
    matrix(m, "Raid(moves={v})", ["-1", "2.5", "'9'", "True", "None"], "ArgumentError", "moves")
    matrix(m, "RAID.state({v})", ["(1, 2)", "None", "(-1, 0, 0)"], "GameError", "scores|state")
    matrix(m, "RAID.state((0, 0, 0), {v})", ["'Z'", "0", "None"][:2], "ArgumentError", "to_move")
    matrix(m, "RAID.state((0, 0, 0), 'A', {v})", ["-1", "2.5", "'x'"], "GameError", "moves_left|state")
    probe(m, "repr(Raid(moves=6, scores=(1, 0, 0)))", accept("Raid(moves=6, scores=(1, 0, 0))"))
    probe(m, "RAID.describe(5)", refuse("StateError", "state"))
    probe(m, "alphabeta(paranoid(Raid(moves=40), 'A'))", refuse("TooLargeError", "depth"))
    # Dots and Boxes
    m = "games.dots"
    probe(m, "alphabeta(DotsAndBoxes(3, 3))", refuse("TooLargeError", "depth"))
    probe(m, "minimax(DotsAndBoxes(2, 2))", refuse("TooLargeError", "depth"))
    probe(m, "alphabeta(DotsAndBoxes(2, 2), depth=2, evaluate=DotsAndBoxes(2, 2).margin).nodes",
          accept(lambda r: r > 1))
    probe(m, "alphabeta(DOTS).value", accept(0))
    matrix(m, "DotsAndBoxes({v})", ["0", "5", "2.5", "'2'", "True", "None"], "ArgumentError", "rows")
    matrix(m, "DotsAndBoxes(1, {v})", ["0", "5", "2.5"], "ArgumentError", "cols")
    matrix(m, "DOTS.play_lines({v})", ["5", "None"], "ArgumentError", "lines")
    probe(m, "DOTS.play_lines(['zz'])", refuse("IllegalMoveError", "zz"))
    probe(m, "DOTS.play_lines('h00')", refuse("ArgumentError", "lines"))
    probe(m, "DOTS.render(5)", refuse("StateError", "state"))
    probe(m, "DOTS.margin(5)", refuse("StateError", "state"))
    # The road and hiding games
    m = "games.roads"
    matrix(m, "RoadGame({v})", ["0", "4", "'3'", "True", "None", "2.5"], "ArgumentError", "day")
    matrix(m, "RoadGame(heap={v})", NOT_FINITE, "ArgumentError", "heap")
    matrix(m, "RoadGame(big_heap={v})", ["'2'", "math.nan", "None"], "ArgumentError", "big_heap")
    matrix(m, "RoadGame(bus={v})", ["'-10'", "math.inf", "None"], "ArgumentError", "bus")
    matrix(m, "RoadGame(ask_cost={v})", ["'1'", "math.nan", "-1", "True"], "ArgumentError", "ask_cost")
    for bad in ("RoadState('middle')", "RoadState('left', ('C',))", "RoadState('left', 'A')",
                "RoadState(None, ('A',))", "RoadState('left', ('A', 'B'))"):
        probe(m, f"ROAD.check_state({bad})", refuse("StateError", "state"), generated=True)
        probe(m, f"expectiminimax(ROAD, {bad})", refuse("StateError", "state"), generated=True)
    probe(m, "expectiminimax(RoadGame(heap=np.float64(2.5))).value", accept(2.5))
    probe(m, "RoadGame(ask_cost=0).actions(ROAD_START)", accept(("ask", "A", "B")))
    m = "games.hiding"
    matrix(m, "HidingGame({v})", NOT_FINITE, "ArgumentError", "bonus")
    for bad in ("HidingState('east')", "HidingState('north', 'west')", "HidingState(None, 'north')",
                "HidingState('north', 'north', 'up')", "HidingState('north', None, 'north')"):
        probe(m, f"HIDE.check_state({bad})", refuse("StateError", "state"), generated=True)
        probe(m, f"expectiminimax(HIDE, {bad})", refuse("StateError", "state"), generated=True)
    probe(m, "expectiminimax(HidingGame(0)).value", accept(lambda r: r == r))


def trees_probes():
    m = "trees"
    for spec in ("[(1, 2, 3), (2, -2)]", "[(1, 2), (3, 4)]", "[[(1, 2, 3), 4]]", "[(3, 1), [2, 5]]"):
        probe(m, f"GameTree.from_nested({spec})", refuse("TreeSpecError", "tuple", "players"), generated=True)
        probe(m, f"maxn(GameTree.from_nested({spec}))", refuse("TreeSpecError", "tuple"), generated=True)
    probe(m, "GameTree.from_nested([(1, 2, 3), (2, -2)], players=('A', 'B', 'C'))", refuse("TreeSpecError", "entries"))
    probe(m, "GameTree({'A': (('a1', 'B'),), 'B': ()}, {'A': MAX, 'B': MIN}, {'B': math.nan}, {})",
          refuse("TreeSpecError", "B|leaf"))
    probe(m, "GameTree({'A': (('a1', 'B'), ('a2', 'C')), 'B': (), 'C': ()}, {'A': 'P', 'B': 'P', 'C': 'P'}, "
             "{'B': (1, 2), 'C': (1, 2, 3)}, {}, player_order=('P', 'Q', 'R'))", refuse("TreeSpecError", "C|vector"))
    matrix(m, "GameTree.random({v}, 2)", ["0", "-1", "2.5", "'2'", "True"], "ArgumentError", "branching")
    matrix(m, "GameTree.random(2, {v})", ["-1", "2.5", "'2'", "None"], "ArgumentError", "depth")
    matrix(m, "GameTree.random(2, 2, order={v})", ["'x'", "None", "5"], "ArgumentError", "order")
    matrix(m, "GameTree.random(2, 2, seed={v})", NOT_SEED, "ArgumentError", "seed")
    matrix(m, "GameTree.from_game(KUHN, max_nodes={v})", ["0", "2.5", "'x'"], "ArgumentError", "max_nodes")
    probe(m, "GameTree.from_game(NanKuhn())", refuse("EvaluationError", "utility"))
    probe(m, "GameTree.from_game(BadDeal([('JQ', 0.5), ('QK', 0.6)]))", refuse("ProbabilityError", "sum"))
    probe(m, "len(GameTree.from_game(KUHN))", accept(55))
    probe(m, "minimax(GameTree.from_nested([[1, 2], [3, 4]])).value", accept(3))


def searches_probes():
    m = "searches (utility check)"
    calls = {"minimax": "minimax({g})", "alphabeta": "alphabeta({g})", "expectiminimax": "expectiminimax({g})",
             "star1": "star1({g}, lower=-5, upper=5)", "star2": "star2({g}, lower=-5, upper=5)",
             "limits.search": "limited_search({g}, depth=9, evaluate=ZERO)",
             "iterative_deepening": "iterative_deepening({g}, evaluate=ZERO, max_depth=9)",
             "monte_carlo_value": "monte_carlo_value({g}, iterations=5, seed=0)",
             }
    for name, template in calls.items():
        for bad in ("math.nan", "None", "'x'", "1j", "(1, 2)"):
            g = f"raw_ttt({bad})"
            probe(m, template.replace("{g}", g).replace("{{", "{").replace("}}", "}"),
                  refuse("EvaluationError", "utility"), generated=True)
    probe(m, "minimax(Raw([[3, 12], [2, 4]], leaves={'E': math.nan})).value", refuse("EvaluationError", "utility", "E"))
    probe(m, "alphabeta(Raw([[3, 12], [2, 4]], leaves={'D': None}))", refuse("EvaluationError", "utility", "D"))
    probe(m, "expectiminimax(Raw(CHANCE_SPEC, outcomes={'B': [('b1', 0.5), ('b2', 0.6)]}))",
          refuse("ProbabilityError", "sum"))
    probe(m, "minimax(Raw([[3, 12], [2, 4]], leaves={'D': math.inf, 'E': math.inf})).value", accept(float("inf")))
    probe(m, "alphabeta(TicTacToe('XX.OO....')).value", accept(1))
    probe(m, "minimax(FIG52).value", accept(3))


def experiments_probes():
    m = "experiments"
    probe(m, "xmcts.mcts_agent(TTT)", refuse("ArgumentError", "iterations"))
    matrix(m, "xmcts.mcts_agent(TTT, iterations={v})", ["0", "-1", "2.5"], "ArgumentError", "iterations")
    probe(m, "xmcts.mcts_agent(RAID, iterations=5)", refuse("ArgumentError", "two-player|MAX"))
    matrix(m, "xmcts.random_agent(TTT, seed={v})", NOT_SEED[:4], "ArgumentError", "seed")
    matrix(m, "xmcts.random_agent({v})", BAD_GAMES[:3], "ArgumentError", "game")
    matrix(m, "xmcts.perfect_agent(TTT, {v})", ["5", "None"], "ArgumentError", "table")
    matrix(m, "xmcts.iterative_deepening_agent(TTT, {v})", ["5", "None"], "ArgumentError", "evaluate")
    matrix(m, "xmcts.versus(TTT, xmcts.random_agent(TTT), xmcts.random_agent(TTT), games={v})", ["0", "2.5", "'x'"],
           "ArgumentError", "games")
    matrix(m, "xmcts.against_random(TTT, iterations={v}, games=2)", ["[0]", "5", "None", "[2.5]"],
           "ArgumentError", "simulations|iterations")
    matrix(m, "xtd.learning_curve({v}, len, [1])", ["5", "None"], "ArgumentError", "result")
    matrix(m, "xtd.connect4_match(ZERO, depth={v}, games=2)", ["0", "2.5"], "ArgumentError", "depth")
    matrix(m, "xmulti.search_effort(RAID, [RAID.initial_state], {v}, ZERO3)", ["[-1]", "[2.5]", "5"],
           "ArgumentError", "depth")
    probe(m, "xmulti.against_the_field(RAID, [5], lambda p: uniform(RAID), lambda p: uniform(RAID))",
          refuse("StateError", "state"))
    probe(m, "xpo.belief_sizes(PTT, 5, [0])", refuse("ArgumentError", "policies"))
    probe(m, "xpo.belief_sizes(PTT, {MAX: uniform(PTT), MIN: uniform(PTT)}, [math.nan])",
          refuse("ArgumentError", "seed"))
    probe(m, "xpo.belief_sizes(PTT, {MAX: uniform(PTT), MIN: uniform(PTT)}, 5)", refuse("ArgumentError", "seeds"))
    matrix(m, "xpo.guaranteed_win_census(KUHN, {v})", ["'X'", "None"], "ArgumentError", "player")
    probe(m, "xpo.guaranteed_win_census(PTT, MAX, marks=5)", refuse("ArgumentError", "marks"))
    probe(m, "len(xpo.belief_sizes(PTT, {MAX: uniform(PTT), MIN: uniform(PTT)}, [0, 1]))", accept(4))


def widget_probes():
    # MCTSWidget: constructor arguments, and setters that refuse and keep the widget whole.
    m = "viz.mcts_widget"
    matrix(m, "MCTSWidget(c={v}, budget=20, draw=False)", ["11", "-1", "math.nan", "math.inf", "'x'", "None", "True"],
           "ArgumentError", "c")
    matrix(m, "MCTSWidget(budget={v}, draw=False)", ["2.5", "0", "-1", "50001", "'10'", "math.nan", "True", "None"],
           "ArgumentError", "budget")
    matrix(m, "MCTSWidget(game={v}, budget=20, draw=False)", ["5", "'tictactoe'", "KuhnPoker"], "ArgumentError", "game")
    probe(m, "MCTSWidget(game=RAID, budget=20, draw=False)", refuse("ArgumentError", "two-player|MAX"))
    probe(m, "MCTSWidget('bogus', budget=20, draw=False)", refuse("ArgumentError", "position"))
    probe(m, "MCTSWidget(5, budget=20, draw=False)", refuse("ArgumentError", "position"))
    matrix(m, "MCTSWidget(seed={v}, budget=20, draw=False)", NOT_SEED[:4], "ArgumentError", "seed")
    matrix(m, "MCTSWidget(draw={v}, budget=20)", ["'yes'", "None"], "ArgumentError", "draw")
    probe(m, "MCTSWidget(state=TTT.initial_state, budget=20, draw=False)", refuse("ArgumentError", "state"))
    probe(m, "MCTSWidget(game=TTT, state=C4.initial_state, budget=20, draw=False)", refuse("StateError", "state"))
    probe(m, "MCTSWidget(game=Connect4(), budget=20, draw=False).result.iterations", accept(20))
    matrix(m, "MW.iteration = {v}", ["-1", "2.5", "'x'", "10**6", "True", "None"], "ArgumentError", "iteration",
           snap="snap_mcts(MW)")
    matrix(m, "MW.c = {v}", ["11", "-1", "math.nan", "'x'", "None"], "ArgumentError", "c", snap="snap_mcts(MW)")
    matrix(m, "MW.budget = {v}", ["0", "2.5", "50001", "'x'"], "ArgumentError", "budget", snap="snap_mcts(MW)")
    matrix(m, "MW.step({v})", ["-1", "2.5", "'x'", "None"], "ArgumentError", "n", snap="snap_mcts(MW)")
    probe(m, "MW.c = 2.0; MW.c", accept(2.0))
    probe(m, "MW.budget = 50; (MW.slider.max, MW.result.iterations)", accept((50, 50)))
    probe(m, "MW.position_menu.value = 'tic-tac-toe, empty board'; MW.message", accept(""))
    matrix(m, "draw_mcts({v}, TTT.initial_state, TRACE)", ["5", "None"], "ArgumentError", "game")
    matrix(m, "draw_mcts(TicTacToe('XX.O.....'), TicTacToe('XX.O.....').initial_state, {v})",
           ["None", "5", "[1]"], "ArgumentError", "trace")
    matrix(m, "draw_mcts(TicTacToe('XX.O.....'), TicTacToe('XX.O.....').initial_state, TRACE, {v})",
           ["-1", "2.5", "'x'"], "ArgumentError", "iterations")
    matrix(m, "draw_mcts(TicTacToe('XX.O.....'), TicTacToe('XX.O.....').initial_state, TRACE, c={v})",
           ["-1", "math.nan", "'x'"], "ArgumentError", "c")
    matrix(m, "draw_mcts(TicTacToe('XX.O.....'), TicTacToe('XX.O.....').initial_state, TRACE, max_depth={v})",
           ["-1", "2.5", "'x'"], "ArgumentError", "max_depth")
    probe(m, "draw_mcts(TTT, C4.initial_state, TRACE)", refuse("StateError", "state"))
    probe(m, "draw_mcts(TicTacToe('XX.O.....'), TicTacToe('XX.O.....').initial_state, TRACE, axes=5)",
          refuse("ArgumentError", "axes"))
    probe(m, "len(draw_mcts(TicTacToe('XX.O.....'), TicTacToe('XX.O.....').initial_state, TRACE, 10)[1]) > 1",
          accept(True))
    # Phantom tic-tac-toe board
    m = "viz.imperfect_widgets"
    matrix(m, "PhantomTicTacToeBoard(agent={v})", ["'bogus'", "None", "5"], "ArgumentError", "agent")
    matrix(m, "PhantomTicTacToeBoard(human={v})", ["'Z'", "None", "MAX"], "ArgumentError", "human")
    matrix(m, "PhantomTicTacToeBoard(seed={v})", NOT_SEED[:4], "ArgumentError", "seed")
    matrix(m, "PhantomTicTacToeBoard(sample={v})", ["-1", "2.5", "'x'", "None"], "ArgumentError", "sample")
    matrix(m, "PB.new_game(agent={v})", ["'bogus'", "5", "[]"], "ArgumentError", "agent", snap="snap_phantom(PB)")
    matrix(m, "PB.new_game(human={v})", ["'Z'", "5", "MAX"], "ArgumentError", "human", snap="snap_phantom(PB)")
    for square in ("True, 0", "0.0, 0", "1, 1.5", "-1, 0", "3, 0", "'0', 0", "None, None", "0, True",
                   "np.int64(9), 0"):
        probe(m, f"PB.click({square})", holds("'not a square' in r", unchanged=True), snap="snap_phantom(PB)",
              generated=True)
    probe(m, "PB.click(np.int64(1), 1); PB.last_try", accept((1, 1)))
    probe(m, "PB.new_game(agent='clairvoyance'); PB.agent_kind", accept("clairvoyance"))
    probe(m, "PB.agent_menu.value = 'clairvoyance'; (PB.agent_kind, PB.message)", accept(("clairvoyance", "")))
    # Kuhn poker table
    matrix(m, "KuhnPokerTable({v}, iterations=5)", ["'bogus'", "None", "5"], "ArgumentError", "agent")
    matrix(m, "KuhnPokerTable(iterations={v})", ["-1", "2.5", "'x'", "None"], "ArgumentError", "iterations")
    matrix(m, "KuhnPokerTable(iterations=5, seed={v})", NOT_SEED[:4], "ArgumentError", "seed")
    for action in ("'bogus'", "5", "None", "[1]", "'PASS'"):
        probe(m, f"KT.act({action})", holds("'not an action' in r", unchanged=True), snap="snap_kuhn(KT)",
              generated=True)
    for name in ("'bogus'", "5", "None"):
        probe(m, f"KT.set_agent({name})", holds("bool(KT.error)", unchanged=True), snap="snap_kuhn(KT)",
              generated=True)
    probe(m, "KT.set_agent('clairvoyance'); KT.agent_name", accept("clairvoyance"))
    matrix(m, "draw_phantom_belief({v}, PTT.initial_state, MAX, B0)", ["5", "None", "KUHN"], "ArgumentError", "game")
    matrix(m, "draw_phantom_belief(PTT, {v}, MAX, B0)", ["C4.initial_state", "None", "5"], "StateError", "state")
    matrix(m, "draw_phantom_belief(PTT, PTT.initial_state, {v}, B0)", ["'X'", "None", "CHANCE"], "ArgumentError",
           "player")
    matrix(m, "draw_phantom_belief(PTT, PTT.initial_state, MAX, {v})", ["None", "5", "[C4.initial_state]"],
           "GameError", "belief|state")
    matrix(m, "draw_phantom_belief(PTT, PTT.initial_state, MAX, B0, k={v})", ["-1", "2.5", "'x'"], "ArgumentError",
           "k")
    matrix(m, "draw_phantom_belief(PTT, PTT.initial_state, MAX, B0, seed={v})", NOT_SEED[:3], "ArgumentError", "seed")
    probe(m, "draw_phantom_belief(PTT, PTT.initial_state, MAX, B0) is not None", accept(True))
    # Pictures of information sets and of max^n
    m = "viz.infosets"
    matrix(m, "draw_information_sets({v})", BAD_GAMES, "ArgumentError", "game")
    probe(m, "draw_information_sets(RAID)", refuse("ArgumentError", "MAX", "MIN"))
    probe(m, "draw_information_sets(TTT)", refuse("GameError", "max_nodes|histories"))
    matrix(m, "draw_information_sets(KUHN, policy={v})", ["5", "'uniform'", "{'J': {'pass': 2}}"], "GameError",
           "polic|J")
    matrix(m, "draw_information_sets(ROAD, action_names={v})", ["5", "['A']"], "ArgumentError", "action_names")
    matrix(m, "information_set_groups({v})", BAD_GAMES[:3], "ArgumentError", "game")
    probe(m, "sorted(information_set_groups(HIDE))", accept(["MAX marched north", "MAX marched south",
                                                             "treasure north", "treasure south"]))
    probe(m, "draw_information_sets(ROAD) is not None", accept(True))
    m = "viz.maxn"
    matrix(m, "draw_maxn_tree({v})", ["TTT", "5", "None", "[[1, 2]]"], "ArgumentError", "tree")
    matrix(m, "draw_maxn_tree(FIG54, {v})", ["5", "'result'", "minimax(FIG52, trace=True)"], "ArgumentError", "result")
    matrix(m, "draw_maxn_tree(FIG54, maxn(FIG54, trace=True), step={v})", ["-1", "2.5", "'x'", "999"],
           "ArgumentError", "step")
    matrix(m, "draw_maxn_tree(FIG54, colors={v})", ["['red']", "5"], "ArgumentError", "colors")
    matrix(m, "MaxnView({v}, None)", ["TTT", "5"], "ArgumentError", "tree")
    matrix(m, "MaxnView(FIG54, maxn(FIG54, trace=True), {v})", ["-1", "999", "2.5"], "ArgumentError", "step")
    matrix(m, "describe_maxn_event({v})", ["5", "None", "'enter'"], "ArgumentError", "event")
    probe(m, "draw_maxn_tree(FIG54, maxn(FIG54, trace=True), step=3) is not None", accept(True))
    probe(m, "MaxnView(FIG54, maxn(FIG54, trace=True), 0).step", accept(0))
    # The tree explorer: set_tree with a tree it cannot show changes nothing.
    m = "viz.explorer"
    probe(m, "EX.set_tree(5); len(EX.tree)", accept(1))                   # a tree of one leaf
    for tree in ("[(1, 2, 3), (4, 5)]", "[(1, 2), (3, 4)]", "{'a': 1}", "'bogus'", "[]", "[[1, math.nan]]",
                 "[[1, 'x']]", "GameTree.from_nested([[1, math.inf]])"):
        probe(m, f"EX.set_tree({tree})", refuse("GameError", "tuple|tree|spec|leaf|finite"), snap="snap_explorer(EX)",
              generated=True)
    matrix(m, "EX.set_tree(FIG52, step={v})", ["-1", "2.5", "'x'"], "ArgumentError", "step", snap="snap_explorer(EX)")
    probe(m, "EX.set_tree(GameTree.from_nested([(1, 2, 3), (3, 2, 1)], players=('A', 'B', 'C'))); EX.tree_name",
          accept("custom"))
    probe(m, "EX.set_tree([[1, 2], [3, 4]]); len(EX.tree)", accept(7))
    # The payoff-matrix widget (helper normalform's; counted here).
    m = "viz.matrix_widget"
    matrix(m, "PW.zero_sum = {v}", ["None", "'yes'", "2", "math.nan"], "ArgumentError", "zero_sum",
           snap="snap_matrix(PW)")
    matrix(m, "PW.size = {v}", ["4", "2.5", "'3'", "None", "1"], "ArgumentError", "size", snap="snap_matrix(PW)")
    matrix(m, "PW.preset = {v}", ["'bogus'", "None", "5"], "ArgumentError", "preset|game", snap="snap_matrix(PW)")
    probe(m, "PW.set_cell(5, 0, 1)", refuse("ArgumentError", "5|cell"), snap="snap_matrix(PW)")
    matrix(m, "PW.set_cell(0, 0, {v})", ["'abc'", "math.nan", "math.inf", "'1/0'"], "ArgumentError", "payoff",
           snap="snap_matrix(PW)")
    matrix(m, "PW.set_payoffs({v})", ["[[1, 2], [3]]", "None", "[[math.nan, 1], [1, 1]]", "[[1] * 4] * 4"],
           "ArgumentError", "payoff|row|size|3×3", snap="snap_matrix(PW)")
    matrix(m, "PayoffMatrixWidget({v}, draw=False)", ["5", "'bogus'"], "ArgumentError", "game")
    probe(m, "PW.set_cell(0, 0, '1/3'); PW.row_payoffs[0][0]", holds("close(r, 1 / 3)"))


def build():
    for make in (belief_probes, andor_probes, infosets_probes, policy_probes, best_response_probes, cfr_probes,
                 clairvoyance_probes, agents_probes, maxn_probes, mcts_probes, td_probes, normal_form_probes,
                 game_probes, trees_probes, searches_probes, experiments_probes, widget_probes):
        make()
    return PROBES


# ---------------------------------------------------------------------------------------------------
# Running one probe (in a forked child) and classifying what happened
# ---------------------------------------------------------------------------------------------------

def _run(code: str, ns: dict):
    """Run ``code``; the value of its last line if that is an expression, else None."""
    tree = ast.parse(code, mode="exec")
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body = tree.body[:-1]
    exec(compile(tree, "<probe>", "exec"), ns)
    if last is not None:
        return eval(compile(ast.Expression(last.value), "<probe>", "eval"), ns)
    return None


def _same(a, b) -> bool:
    try:
        same = a == b
        if isinstance(same, bool) or type(same).__name__ in ("bool_", "bool"):      # numpy's too
            return bool(same)
    except Exception:  # noqa: BLE001
        pass
    return repr(a) == repr(b)


def _names_all(message: str, names) -> list:
    return [n for n in names if not re.search(n, message, re.IGNORECASE)]


def classify(p: Probe, ns: dict) -> tuple[str, str]:  # noqa: C901 - the outcome rules, read top to bottom
    """(outcome, detail) of running probe ``p`` in namespace ``ns``."""
    from gamelib.core import GameError

    if p.setup:
        _run(p.setup, ns)
    before = eval(p.snap, ns) if p.snap else None
    error, value = None, None
    try:
        value = _run(p.call, ns)
    except Exception as e:  # noqa: BLE001 - every exception is an outcome
        error = e
    changed = bool(p.snap) and not _same(before, eval(p.snap, ns))
    e = p.expect
    said = f"{type(error).__name__}: {error}" if error is not None else ""
    if e.how == "refuse":
        if error is None:
            return ("half-changed" if changed else "silent/wrong"), f"accepted, returned {value!r:.200}"
        if changed:
            return "half-changed", f"raised {said[:300]} but the object changed"
        if not isinstance(error, GameError):
            return "unclear", said[:400]
        kind = ns.get(e.kind)
        if kind is not None and not isinstance(error, kind):
            return "unclear", f"expected {e.kind}, got {said[:400]}"
        missing = _names_all(str(error), e.names)
        if missing:
            return "unclear", f"message does not name {missing}: {said[:400]}"
        return "clear", ""
    if e.how == "inside":
        if error is not None:
            return "unclear", f"raised {said[:300]} (a browser update should be refused inside the widget)"
        if changed:
            return "half-changed", "the widget changed"
        message = str(ns["w"].message if "w" in ns else "")
        missing = _names_all(message, e.names)
        return ("clear", "") if message and not missing else ("silent/wrong", f"message {message!r}")
    # accept
    if error is not None:
        return "silent/wrong", f"refused a valid call: {said[:400]}"
    if changed and e.kind == "unchanged":
        return "half-changed", f"returned {value!r:.200} and the object changed"
    check = e.check
    if check is None:
        ok = True
    elif callable(check):
        ok = check(value)
    elif isinstance(check, Expression):
        ns["r"] = value
        try:
            ok = bool(eval(check, ns))
        except Exception as err:  # noqa: BLE001
            return "silent/wrong", f"the check {check!r} failed on {value!r:.200}: {err!r}"
    else:
        ok = _same(value, check)
    return ("accepted", "") if ok else ("silent/wrong", f"returned {value!r:.300}, expected {check!r:.200}")


def _child(p: Probe, ns: dict, conn):
    devnull = open(os.devnull, "w")
    os.dup2(devnull.fileno(), 1)
    os.dup2(devnull.fileno(), 2)
    try:
        outcome = classify(p, dict(ns))
    except BaseException as e:  # noqa: BLE001 - the harness itself failed (a bad probe)
        outcome = ("unclear", f"harness: {type(e).__name__}: {e}"[:400])
    conn.send(outcome)
    conn.close()
    os._exit(0)


def run_all(probes, ns, *, timeout: float, workers: int = 2, progress=True) -> list:
    ctx = multiprocessing.get_context("fork")
    results = [None] * len(probes)
    seconds = [0.0] * len(probes)
    pending = list(range(len(probes)))[::-1]
    running = {}                      # conn -> (index, process, start)
    done = 0
    while pending or running:
        while pending and len(running) < workers:
            i = pending.pop()
            recv, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(probes[i], ns, send))
            proc.start()
            send.close()
            running[recv] = (i, proc, time.monotonic())
        ready = wait(list(running), timeout=0.05)
        for conn in ready:
            i, proc, start = running.pop(conn)
            seconds[i] = time.monotonic() - start
            try:
                results[i] = conn.recv()
            except EOFError:
                results[i] = ("unclear", f"the child died (exit code {proc.exitcode})")
            proc.join()
            conn.close()
            done += 1
        now = time.monotonic()
        for conn, (i, proc, start) in list(running.items()):
            if now - start > timeout:
                proc.kill()
                proc.join()
                conn.close()
                del running[conn]
                results[i] = ("hang", f"still running after {timeout:g} s")
                seconds[i] = timeout
                done += 1
        if progress and ready and sys.stderr.isatty():
            print(f"\r{done}/{len(probes)} probes", end="", file=sys.stderr, flush=True)
    if progress and sys.stderr.isatty():
        print(file=sys.stderr)
    return results, seconds


def report(probes, results) -> Counter:
    by_module: dict = defaultdict(Counter)
    total = Counter()
    for p, (outcome, _) in zip(probes, results):
        by_module[p.module][outcome] += 1
        total[outcome] += 1
    width = max(len(m) for m in by_module) + 2
    head = f"{'module':<{width}}" + "".join(f"{o:>14}" for o in OUTCOMES) + f"{'total':>8}"
    print(head)
    print("-" * len(head))
    for mod in sorted(by_module):
        c = by_module[mod]
        print(f"{mod:<{width}}" + "".join(f"{c[o]:>14}" for o in OUTCOMES) + f"{sum(c.values()):>8}")
    print("-" * len(head))
    print(f"{'all':<{width}}" + "".join(f"{total[o]:>14}" for o in OUTCOMES) + f"{sum(total.values()):>8}")
    bad = [(p, r) for p, r in zip(probes, results) if r[0] not in ("clear", "accepted")]
    if bad:
        print(f"\n{len(bad)} cases that are neither clear errors nor accepted:")
        for p, (outcome, detail) in sorted(bad, key=lambda x: (x[1][0], x[0].module)):
            print(f"  [{outcome}] {p.module}: {p.call}\n      {detail}")
    return total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a third of the generated probes (for CI)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds before a probe counts as a hang")
    parser.add_argument("--module", help="only the probes of modules whose name contains this")
    parser.add_argument("--list", action="store_true", help="list the probes and exit")
    args = parser.parse_args(argv)
    probes = build()
    if args.quick:
        kept, k = [], 0
        for p in probes:
            if p.generated:
                k += 1
                if k % 3:
                    continue
            kept.append(p)
        probes = kept
    if args.module:
        probes = [p for p in probes if args.module in p.module]
    if args.list:
        for p in probes:
            print(f"{p.module}: {p.call}")
        print(f"{len(probes)} probes")
        return 0
    print(f"{len(probes)} probes, each in a forked child with a {args.timeout:g} s limit, two at a time ...",
          file=sys.stderr)
    ns: dict = {}
    t0 = time.time()
    exec(PRELUDE, ns)
    results, seconds = run_all(probes, ns, timeout=args.timeout)
    total = report(probes, results)
    slowest = sorted(range(len(probes)), key=lambda i: -seconds[i])[:5]
    print("\nslowest probes: " + "; ".join(f"{seconds[i]:.1f} s {probes[i].call[:60]}" for i in slowest))
    n = sum(total.values())
    unclear = total["unclear"] / n if n else 0.0
    ok = total["hang"] == total["silent/wrong"] == total["half-changed"] == 0 and unclear <= 0.01
    print(f"\n{n} probes in {time.time() - t0:.0f} s: {total['hang']} hangs, {total['silent/wrong']} silent or "
          f"wrong, {total['half-changed']} half-changed, {total['unclear']} unclear ({unclear:.1%}); goal "
          f"{'met' if ok else 'missed'} (0, 0, 0, at most 1 %)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

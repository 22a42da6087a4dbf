"""Graded exercises: the autograder, reusable with or without nbgrader.

A student writes a search on the plain game protocol; the grader runs it on the textbook's trees and on
hidden trees and games drawn from a seed, and compares it **node for node** with gamelib's own trace of
the reference search (:mod:`gamelib.core`'s Event and SearchResult): the nodes visited in order, the
value, the decision.  When they differ, a library of known bugs names the one the student made.
The belief-state and clairvoyance functions of assignment 05 are compared with gamelib.imperfect's
in the same way: belief states as sets of states, averages and decisions.

==========================  ==========================================================================
module                      holds
==========================  ==========================================================================
:mod:`.tracing`             :class:`TracedGame`: the game a student's search is handed; it records the
                            order in which the search arrives at nodes, as 'enter' events
:mod:`.guard`               :func:`run`: a call under a time limit, with output captured, exceptions
                            caught and calls into gamelib's own searches noted
:mod:`.cases`               the textbook's trees, hidden random cases from a seed, and
                            :func:`reference`, gamelib's traced search for each kind of exercise
:mod:`.mutants`             known bugs as small searches with the same trace (:data:`MUTANTS`), and
                            :func:`matching_mutants`, which names the one a submission matches
:mod:`.diagnosis`           why a search went wrong: the first node where it parts from the reference
                            and the textbook's rule broken there (:mod:`.imperfect_diagnosis` for
                            belief states and averages over clairvoyance)
:mod:`.builton`             a question built on another of the student's functions, graded with that
                            function's own answers: one mistake is charged once
:mod:`.checks`              what exercise notebooks call: :func:`checks.search` for search exercises,
                            by-hand answer checks, the sigma study, the Connect Four evaluation
:mod:`.tournament`          a Connect Four evaluation judged by its games (CS188's evaluation question)
:mod:`.games`               exercise games with more than two agents: :func:`agent_tree`,
                            :class:`TakeAway`; and of imperfect information: :class:`SmallPoker`
                            (Kuhn poker with any deck), :class:`FoggyTree` (a tree in a fog)
:mod:`.imperfect`           the partial-observability exercises: PREDICT, UPDATE and belief tracking
                            compared with gamelib.imperfect's as sets of states, averaging over
                            clairvoyance with ``clairvoyance_policy``'s averages and decisions
:mod:`.multiplayer`         assignment 06: max^n node for node against gamelib.maxn's trace, a 2 × 2
                            zero-sum game against gamelib.normal_form (any optimal mix accepted)
:mod:`.learning`            assignment 07: MCTS's SELECT and BACK-PROPAGATE inside gamelib.mcts's own
                            loop, compared with its trace at every iteration; TD(λ) against td_learn
:mod:`.puct`                assignment 07's PUCT part: AlphaZero's SELECT and value back-up inside
                            gamelib.mcts's loop with a policy-value function, against its trace
:mod:`.workflow`            the instructor's nbgrader steps; ``python -m gamelib.grading`` runs them
:mod:`.feedback`            the nbconvert preprocessor that keeps hidden tests out of feedback
:mod:`.fakes`               fake submissions (tests/submissions/) and the self-test that grades them
:mod:`.exchange`            nbgrader's collect on a shared server: a folder handed in under another
                            student's name is set aside, and each hand-in's time recorded
==========================  ==========================================================================

Grading a submission (the sandbox, the channel, the clock), the course folder and what follows
autograding have their modules too: docs/architecture.md is the map.
"""
from . import checks
from .checks import GradingError
from .mutants import MUTANTS, Mutant, buggy_search, matching_mutants
from .tracing import SearchNode, TracedGame

__all__ = ["checks", "GradingError", "MUTANTS", "Mutant", "buggy_search", "matching_mutants", "SearchNode",
           "TracedGame"]

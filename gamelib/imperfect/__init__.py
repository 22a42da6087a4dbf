"""Partial observability: games where players cannot see everything (AIMA 4th ed. §4.4 and §5.6; Zell's
slides §5.6; notebooks 06a and 06b).

The protocol gains one method, ``game.observation(state, player)``: what the player perceives (the state
itself by default, so fully observable games are unchanged).  Everything here is built on it.

=============================  ==================================================================  ====================
module                         what it holds                                                       source
=============================  ==================================================================  ====================
:mod:`.belief`                 belief states: PREDICT, UPDATE, POSSIBLE-PERCEPTS, BeliefTracker,   AIMA §4.4
                               for any game through the opponent's hidden moves and chance
:mod:`.andor`                  AND-OR search over belief states: guaranteed wins (conditional      AIMA Fig. 4.11,§5.6.1
                               plans), probabilistic and accidental wins
:mod:`.infosets`               the tree of a small game with its information sets                  OpenSpiel; Osborne &
                                                                                                   Rubinstein
:mod:`.policy`                 TabularPolicy ({infoset: {action: p}}, callable on states),          CS221 π, OpenSpiel
                               expected_value
:mod:`.best_response`          best_response, nash_conv, exploitability (NashConv / 2)              OpenSpiel
:mod:`.cfr`                    vanilla tabular counterfactual regret minimization                  Zinkevich et al. 2007
:mod:`.clairvoyance`           averaging over clairvoyance, exact and Monte Carlo                  AIMA §5.6.2
:mod:`.agents`                 agents that play by their belief state                              AIMA §4.4.4
=============================  ==================================================================  ====================

Games: :class:`gamelib.games.PhantomTicTacToe`, :class:`gamelib.games.KuhnPoker`,
:class:`gamelib.games.RoadGame`, :class:`gamelib.games.HidingGame`.  Pictures and widgets:
:func:`gamelib.viz.draw_information_sets`, :class:`gamelib.viz.PhantomTicTacToeBoard`,
:class:`gamelib.viz.KuhnPokerTable`.
"""
from .agents import BeliefAgent, phantom_value
from .andor import (EMPTY_PLAN, AccidentalWins, AndOrResult, Plan, WinProbability, accidental_wins,
                    and_or_search, likeliest_plan, plan_outcomes, win_probability,
                    wins_against_every_reply)
from .belief import (Belief, BeliefTracker, GameOver, ImpossiblePerceptError, beliefs_by_percept,
                     initial_belief, percept, possible_percepts, predict, split, track, update)
from .best_response import BestResponse, best_response, exploitability, nash_conv
from .cfr import CFR, ConvergencePoint, cfr, exploitability_curve, regret_matching
from .clairvoyance import ClairvoyantEstimate, ClairvoyantPolicy, clairvoyance_policy
from .infosets import ExtensiveForm, InformationSetError, extensive_form
from .policy import TabularPolicy, as_policy, expected_value, uniform_policy

__all__ = [
    "Belief", "BeliefTracker", "GameOver", "ImpossiblePerceptError", "beliefs_by_percept",
    "initial_belief", "percept", "possible_percepts", "predict", "split", "track", "update",
    "Plan", "EMPTY_PLAN", "AndOrResult", "and_or_search", "plan_outcomes", "wins_against_every_reply",
    "AccidentalWins", "accidental_wins", "likeliest_plan", "WinProbability", "win_probability",
    "ExtensiveForm", "InformationSetError", "extensive_form",
    "TabularPolicy", "as_policy", "expected_value", "uniform_policy",
    "BestResponse", "best_response", "exploitability", "nash_conv",
    "CFR", "ConvergencePoint", "cfr", "exploitability_curve", "regret_matching",
    "ClairvoyantPolicy", "ClairvoyantEstimate", "clairvoyance_policy",
    "BeliefAgent", "phantom_value",
]

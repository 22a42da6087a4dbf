"""Partial observability (AIMA 4th ed. §4.4, §5.6; seed 002 §5.6): belief states, AND-OR search over
them, information sets, policies over information sets, best response, exploitability, CFR and
averaging over clairvoyance."""
from .best_response import BestResponse, best_response, exploitability, nash_conv
from .cfr import CFR, cfr, exploitability_curve, regret_matching
from .infosets import ExtensiveForm, InformationSetError, extensive_form
from .policy import TabularPolicy, as_policy, expected_value, uniform_policy
from .clairvoyance import ClairvoyantPolicy, Estimate, clairvoyance_policy
from .belief import (Belief, BeliefTracker, GameOver, ImpossiblePerceptError, initial_belief, percept,
                     possible_percepts, predict, split, track, update, beliefs_by_percept)
from .andor import (EMPTY_PLAN, AccidentalWins, AndOrResult, Plan, WinProbability, accidental_wins,
                    and_or_search, likeliest_plan, plan_outcomes, win_probability,
                    wins_against_every_reply)
from .agents import BeliefAgent, phantom_value

"""Moved: this module is :mod:`gamelib.players` since 2026-11-25 (aima-python's word for what plays a
game).  Its names still answer here for one release, each with a :class:`DeprecationWarning` naming
``gamelib.players``; new code imports that module."""
from .validate import moved

__getattr__ = moved(__name__, {name: "gamelib.players" for name in (
    "MAX_MOVES", "uniform", "deterministic", "minimax_policy", "expectimax_policy", "distribution",
    "check_policies", "Playout", "play", "MAX_POLICIES", "player_states", "deterministic_policies",
    "random_policies")})

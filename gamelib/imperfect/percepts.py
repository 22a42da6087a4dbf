"""What a player perceives: the percept model that belief states (:mod:`.belief`) are built on.

A game's ``observation(state, player)`` is what ``player`` sees of ``state`` while the game goes on;
once it is over, the player also learns the result, and the percept is :class:`GameOver` (the
player's utility and its last observation).  Kept apart from the belief machinery so that the
partial-observability exercises can hand out :func:`percept` while a student writes PREDICT and
UPDATE (:mod:`gamelib.grading.runtime`).
"""
from __future__ import annotations

from typing import Hashable, NamedTuple

from ..validate import check_game, game_state, observation_of, player as check_player


class GameOver(NamedTuple):
    """The percept of a finished game: its ``utility`` for the player and its last ``observation``."""

    utility: float
    observation: Hashable


def percept(game, state, player) -> Hashable:
    """What ``player`` perceives in ``state``: ``game.observation(state, player)``, or, once the game is
    over, :class:`GameOver` (``player``'s utility, the observation).  The game, the state and the
    player are checked first (:mod:`gamelib.validate` alone: the exercises watch every call into the
    rest of :mod:`gamelib.imperfect`)."""
    check_game(game)
    observation_of(game)
    check_player("player", player, game)
    game_state(game, state)
    obs = game.observation(state, player)
    if game.is_terminal(state):
        return GameOver(game.utility(state, player), obs)
    return obs

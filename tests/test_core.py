"""gamelib.core: the protocol's vocabulary (State, Action, Player, Distribution, Policy, GameProtocol) and
the result types every search returns, which share SearchResult's first four fields (issue 24 item 6);
and the protocol's defaults."""
import typing

import pytest

import gamelib
from gamelib import GameTree, iterative_deepening
from gamelib.core import (OPTIONAL_PROTOCOL, Action, Distribution, Game, GameProtocol, Player, Policy, SearchResult,
                          State)
from gamelib.games import PhantomTicTacToe, TicTacToe
from gamelib.imperfect.andor import AndOrResult, and_or_search
from gamelib.limits import DeepeningResult, LimitedResult
from gamelib.mcts import MCTSResult
from gamelib import MAX, MIN


def _result_types() -> list:
    """Every NamedTuple of gamelib whose name ends in Result and that has a ``value`` field: what a
    search returns (CaseResult, TestResult, SeatResult and TDResult, records of grading, matches and
    learning, have none)."""
    import importlib
    import pkgutil
    found = set()
    for info in pkgutil.walk_packages(gamelib.__path__, "gamelib."):
        if ".viz" in info.name or info.name.endswith("__main__") or ".grading" in info.name:
            continue
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, tuple) and hasattr(obj, "_fields") \
                    and obj.__name__.endswith("Result") and "value" in obj._fields:
                found.add(obj)
    return sorted(found, key=lambda t: t.__name__)


def test_every_search_result_type_starts_with_value_action_nodes_trace():
    types = _result_types()
    assert {DeepeningResult, AndOrResult, LimitedResult, MCTSResult, SearchResult} <= set(types)
    for t in types:
        assert t._fields[:4] == SearchResult._fields == ("value", "action", "nodes", "trace"), t


def test_deepening_result_positions():
    r = iterative_deepening(TicTacToe(), evaluate=lambda s: 0, max_depth=2)
    value, action, nodes, trace = r[:4]
    assert (value, action, nodes, trace) == (r.value, r.action, r.nodes, None)
    assert r[4] == r.depth == 2 and r.pv[0] == r.action


def test_and_or_result_value_is_whether_a_plan_exists():
    game = PhantomTicTacToe()
    won = [PhantomTicTacToe("XO.......").initial_state]
    r = and_or_search(game, won, trace=True)
    value, action, nodes, trace = r[:4]
    assert r.found and value == 1.0 and action == r.plan.action and nodes == r.nodes
    assert trace[-1].value == value                        # the root's closing event scores it the same
    # No guaranteed win for X here (765 belief states, 0.1 s; from the empty board it is the same answer,
    # tests/imperfect/test_andor.py, but a search of 20 s)
    no_win = PhantomTicTacToe("OX.X.O...")
    lost = and_or_search(no_win, [no_win.initial_state])
    assert (lost.value, lost.action, lost.plan, lost.found) == (0.0, None, None, False)


def test_games_and_trees_satisfy_the_protocol():
    assert isinstance(TicTacToe(), GameProtocol)
    assert isinstance(GameTree.from_nested([[1, 2], [3]]), GameProtocol)
    assert not isinstance(object(), GameProtocol) and not isinstance(TicTacToe, type(None))

    class Minimal:                                         # a game written from scratch, no base class
        initial_state = 0

        def to_move(self, s): return "MAX"
        def actions(self, s): return [1]
        def result(self, s, a): return s + a
        def is_terminal(self, s): return s > 0
        def utility(self, s, p): return 1

    assert isinstance(Minimal(), GameProtocol) and gamelib.minimax(Minimal()).value == 1
    assert all(hasattr(Game, name) for name in OPTIONAL_PROTOCOL)


def test_the_protocol_is_declared_once():
    """GameProtocol declares the required members, Game (its subclass) adds the optional ones with their
    defaults and redeclares none of the required; OPTIONAL_PROTOCOL names exactly what Game adds."""
    from gamelib.validate import PROTOCOL
    required = {name for name in vars(GameProtocol) if name[0] != "_"} | set(GameProtocol.__annotations__)
    assert PROTOCOL == ("to_move", "actions", "result", "is_terminal", "utility")
    assert required == {"initial_state", *PROTOCOL}
    assert GameProtocol in Game.__mro__ and not required & set(vars(Game)) - {"initial_state"}
    added = {name for name in vars(Game) if name[0] != "_"} - {"initial_state", "illegal"}
    assert set(OPTIONAL_PROTOCOL) == added and len(OPTIONAL_PROTOCOL) == len(added)
    with pytest.raises(NotImplementedError):
        Game().actions(None)


def test_the_vocabulary_is_named_and_used():
    assert Distribution == list[tuple[Action, float]] and Player is str and State is typing.Hashable
    assert typing.get_origin(Policy) is typing.get_origin(typing.Callable[[int], int])
    hints = typing.get_type_hints(Game.chance_outcomes)
    assert hints["return"] == Distribution and hints["state"] == State
    for name in ("State", "Action", "Player", "Distribution", "Policy", "GameProtocol"):
        assert name in gamelib.core.__all__


@pytest.mark.parametrize("search", [gamelib.minimax, gamelib.alphabeta, gamelib.expectiminimax, gamelib.maxn,
                                    gamelib.mcts])
def test_the_main_searches_take_a_game_protocol_and_a_state(search):
    module = vars(__import__(search.__module__, fromlist=["_"]))
    assert module["GameProtocol"] is GameProtocol and module["State"] is State
    assert (search.__annotations__["game"], search.__annotations__["state"]) == ("GameProtocol", "State | None")


def test_the_default_observation_is_the_state_itself():
    game = TicTacToe()
    s = game.result(game.initial_state, (1, 1))
    assert game.observation(s, MAX) is s and game.observation(s, MIN) is s
    assert Game.observation(game, "anything", MAX) == "anything"

"""Endgame tables by retrograde analysis and opening books (gamelib.lookup; Zell's slides, AIMA 4th ed. §5.3.4)."""
from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given

import gamelib
from gamelib import MAX, MIN, GameError, GameTree, alphabeta, chance, minimax, play
from gamelib.core import Game
from gamelib.games import Bins, Halving, TicTacToe
from gamelib.lookup import NotInTableError, endgame_table, opening_book

from .strategies import FIG_5_2, nested_specs
from gamelib import ArgumentError, StateError, TooLargeError
from .bad_input import C4, FIG52, ZERO, case, check_bad_input, correct, raised_clearly

TTT = TicTacToe()


@pytest.fixture(scope="module")
def ttt_table():
    return endgame_table(TTT)


def pieces(board) -> int:
    return sum(ch != "." for ch in board.squares)


# -- tic-tac-toe -----------------------------------------------------------------------------------

def test_tictactoe_table_covers_the_5478_legal_positions(ttt_table):
    assert len(ttt_table) == 5478
    assert len(ttt_table.entries) == 5478 and ttt_table.unresolved == []
    assert ttt_table.value(TTT.initial_state) == 0
    assert sum(1 for e in ttt_table.entries.values() if e.action is None) == 958   # terminal positions
    assert ttt_table.outcomes() == {"win": 2836, "draw": 1068, "loss": 1574}
    assert ttt_table.outcomes(include_terminal=False) == {"win": 2836, "draw": 1052, "loss": 632}


def test_tictactoe_table_values_equal_minimax_everywhere(ttt_table):
    # gamelib.minimax from each of the 5,468 positions with >= 2 pieces (about 1.5 s); the 10 with fewer
    # (the empty board and the 9 openings, 1.1 million nodes between them) against alpha-beta, whose
    # value at the searched state is the exact minimax value.
    for s in ttt_table.moves:
        search = minimax if pieces(s) >= 2 else alphabeta
        assert ttt_table.value(s) == search(TTT, s).value, s


def test_tictactoe_best_moves_achieve_the_value_and_the_distance(ttt_table):
    for s, e in ttt_table.entries.items():
        if e.action is None:
            assert TTT.is_terminal(s) and e.distance == 0 and e.value == TTT.utility(s, MAX)
            continue
        child = ttt_table[TTT.result(s, e.action)]
        assert child.value == e.value and child.distance == e.distance - 1, s


def dtm(game):
    """Value and distance by plain memoized recursion over successors (an independent check): the
    winner takes the fastest win, the loser the slowest loss, a draw the first drawing move."""
    @cache
    def solve(s):
        if game.is_terminal(s):
            return game.utility(s, MAX), 0
        sign = 1 if game.to_move(s) == MAX else -1
        kids = [solve(game.result(s, a)) for a in game.actions(s)]
        best = max(sign * v for v, _ in kids)
        dists = [d for v, d in kids if sign * v == best]
        d = min(dists) if best > 0 else max(dists) if best < 0 else dists[0]
        return sign * best, d + 1
    return solve


def test_distances_are_fastest_win_slowest_loss(ttt_table):
    solve = dtm(TTT)
    for s, e in ttt_table.entries.items():
        assert (e.value, e.distance) == solve(s), s
        line = ttt_table.line(s)
        assert len(line) == e.distance
    # X to move with two ways to win: the table takes the immediate one.
    s = TTT.parse("XX. OO. ...")
    assert ttt_table[s] == (1, (0, 2), 1)


def test_table_is_a_policy_and_an_evaluation(ttt_table):
    policy = ttt_table.policy()
    assert policy(TTT.initial_state) == {ttt_table.best_move(TTT.initial_state): 1.0}
    # the table never loses, whoever it plays against
    for seed in range(20):
        assert play(TTT, {MAX: policy, MIN: gamelib.uniform(TTT)}, seed=seed).utility >= 0
        assert play(TTT, {MAX: gamelib.uniform(TTT), MIN: policy}, seed=seed).utility <= 0
    assert play(TTT, {MAX: policy, MIN: policy}).utility == 0
    # as evaluate= of a depth-limited search, a perfect evaluation gives the exact value at any depth
    for s in random.Random(2).sample(list(ttt_table.moves), 50):
        for depth in (0, 1, 2):
            assert alphabeta(TTT, s, depth=depth, evaluate=ttt_table.value).value == ttt_table.value(s)
    with pytest.raises(GameError, match="terminal"):
        policy(TTT.parse("XXX OO. ..."))


def test_table_from_a_later_position_and_its_errors():
    s = TTT.parse("XO. .X. ..O")
    table = endgame_table(TTT, s)
    assert table.value(s) == minimax(TTT, s).value == 1
    assert len(table) < 5478 and s in table and TTT.initial_state not in table
    with pytest.raises(NotInTableError, match=r"Board\('\.\.\.\.\.\.\.\.\.', to_move=MAX\) is not in this table"):
        table.value(TTT.initial_state)
    with pytest.raises(NotInTableError, match="not a state"):
        table[["not", "hashable"]]


def test_build_progress_bar_runs(capsys):
    assert len(endgame_table(Halving(20), progress=True)) == len(endgame_table(Halving(20)))


# -- other games and trees -------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(40))
def test_halving_table_equals_minimax(n):
    game = Halving(n)
    table = endgame_table(game)
    solve = dtm(game)
    for s, e in table.entries.items():
        assert e.value == minimax(game, s).value
        assert (e.value, e.distance) == solve(s)
        if e.action is not None:
            assert table.value(game.result(s, e.action)) == e.value


def test_fig_5_2_table():
    tree = GameTree.from_nested(FIG_5_2)
    table = endgame_table(tree)
    assert len(table) == 13
    assert {s: table.value(s) for s in "ABCD"} == {"A": 3, "B": 3, "C": 2, "D": 2}
    assert [table.best_move(s) for s in "ABCD"] == ["a1", "b1", "c1", "d3"]


@given(nested_specs())
def test_tree_tables_equal_minimax(spec):
    tree = GameTree.from_nested(spec)
    table = endgame_table(tree)
    assert len(table) == len(tree) and not table.unresolved
    for s in tree.states:
        e = table[s]
        assert e.value == minimax(tree, s).value
        if e.action is not None:
            assert table.value(tree.result(s, e.action)) == e.value


def test_random_trees_equal_minimax():
    for seed in range(5):
        tree = GameTree.random(3, 5, seed=seed)
        table = endgame_table(tree)
        assert all(table.value(s) == minimax(tree, s).value for s in tree.states)


def test_chance_states_are_refused():
    tree = GameTree.from_nested([chance((0.5, [1, 2]), (0.5, [3, 4])), [0]])
    with pytest.raises(GameError, match=r"'B' is a CHANCE state.*deterministic"):
        endgame_table(tree)
    with pytest.raises(GameError, match="CHANCE state"):
        endgame_table(Bins(coin=True))
    assert endgame_table(Bins()).value(Bins().initial_state) == minimax(Bins()).value == 1


class Graph(Game):
    """A game given as a directed graph, cycles allowed: ``edges[s]`` lists successors (the actions
    are the successors' names), ``players[s]`` who moves, ``leaves[s]`` MAX's utility."""

    def __init__(self, edges, players, leaves, root):
        self.edges, self.players, self.leaves, self.initial_state = edges, players, leaves, root

    def to_move(self, s):
        return self.players.get(s, MAX)

    def actions(self, s):
        return tuple(self.edges.get(s, ()))

    def result(self, s, a):
        return a

    def is_terminal(self, s):
        return s in self.leaves

    def utility(self, s, player):
        return self.leaves[s] if player == MAX else -self.leaves[s]


def test_cycles_win_through_or_stay_unresolved():
    # P <-> Q can go round for ever (each side's way out is only a draw): unresolved.
    # R <-> S also cycles, but R has a winning move, and S can only go back to R or lose: both resolved.
    game = Graph(edges={"root": ["P", "R"], "P": ["Q", "draw"], "Q": ["P", "draw2"],
                        "R": ["S", "win"], "S": ["R", "win2"]},
                 players={"root": MAX, "P": MAX, "Q": MIN, "R": MAX, "S": MIN},
                 leaves={"draw": 0, "draw2": 0, "win": 1, "win2": 1}, root="root")
    table = endgame_table(game)
    assert len(table) == 9 and sorted(table.unresolved) == ["P", "Q"]
    assert table["root"] == (1, "R", 2)
    assert table["R"] == (1, "win", 1)
    assert table["S"] == (1, "R", 2)            # the loser holds out: via R rather than losing at once
    with pytest.raises(NotInTableError, match="'P' lies on a cycle.*repetition"):
        table.value("P")
    assert "P" in table


# -- opening books ---------------------------------------------------------------------------------

def test_tictactoe_book_moves_never_lose(ttt_table):
    book = opening_book(TTT, 2, lambda s: alphabeta(TTT, s))
    assert len(book) == 1 + 9 + 72
    assert {e.ply for e in book.entries.values()} == {0, 1, 2}
    # the table's values are gamelib.minimax's (test above), so they stand in for it here
    for s, e in book.entries.items():
        assert e.value == ttt_table.value(s)
        assert ttt_table.value(TTT.result(s, e.action)) == ttt_table.value(s), s
    assert minimax(TTT, TTT.result(TTT.initial_state, book.lookup(TTT.initial_state))).value == 0
    assert book.lookup(TTT.initial_state) == (0, 0)
    deeper = TTT.parse("XO. X.. ...")
    assert book.lookup(deeper) is None and deeper not in book
    with pytest.raises(NotInTableError, match=r"Board\('XO\.X\.\.\.\.\.', to_move=MIN\) is not in this opening book"):
        book[deeper]


def test_book_policy_falls_back_outside_the_book(ttt_table):
    book = opening_book(TTT, 1, lambda s: alphabeta(TTT, s), progress=True)
    policy = book.policy()
    assert play(TTT, {MAX: policy, MIN: policy}).utility == 0
    assert policy.counts == {"book": 2, "fallback": 7}
    # a policy as the fallback; a depth-limited search for the book
    shallow = opening_book(TTT, 3, lambda s: alphabeta(TTT, s, depth=2, evaluate=lambda _: 0))
    assert len(shallow) == 1 + 9 + 72 + 252
    uniform = shallow.policy(fallback=gamelib.uniform(TTT))
    playout = play(TTT, {MAX: uniform, MIN: ttt_table.policy()}, seed=1)
    assert uniform.counts["book"] == 2 and uniform.counts["fallback"] >= 1 and playout.utility <= 0


def test_book_on_a_tree_and_with_chance():
    tree = GameTree.from_nested(FIG_5_2)
    book = opening_book(tree, 5, lambda s: minimax(tree, s))
    assert {s: book.lookup(s) for s in book.entries} == {"A": "a1", "B": "b1", "C": "c1", "D": "d3"}
    assert opening_book(tree, 0, lambda s: minimax(tree, s)).entries == {"A": ("a1", 3, 0)}
    # chance nodes are passed through (every outcome followed), decision nodes below them searched
    coin = Bins(coin=True)
    book = opening_book(coin, 2, lambda s: gamelib.expectiminimax(coin, s))
    assert book.lookup(coin.initial_state) == gamelib.expectiminimax(coin).action
    assert len(book) == 1 + 3 and all(e.ply == 2 for s, e in book.entries.items() if s.phase == "pick")


def test_book_errors():
    tree = GameTree.from_nested(FIG_5_2)
    with pytest.raises(GameError, match="plies must be a whole number"):
        opening_book(tree, -1, lambda s: minimax(tree, s))
    with pytest.raises(GameError, match="returned no move for 'A'"):
        opening_book(tree, 0, lambda s: gamelib.SearchResult(0, None, 1))


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: endgame_table(C4), TooLargeError, "positions", "max_positions=None", id="endgame_table(Connect4())"),
    case(lambda: endgame_table(5), ArgumentError, "game", id="endgame_table(5)"),
    case(lambda: endgame_table(TTT, "X"), StateError, "tic-tac-toe", id="endgame_table bad state"),
    case(lambda: endgame_table(TTT, max_positions=0), ArgumentError, "max_positions",
         id="endgame_table max_positions=0"),
    case(lambda: endgame_table(TTT, progress="yes"), ArgumentError, "progress", id="endgame_table progress='yes'"),
    case(lambda: endgame_table(TTT, max_positions=100), TooLargeError, "max_positions=100", id="endgame_table guard"),
    case(lambda: endgame_table(FIG52).outcomes("yes"), ArgumentError, "include_terminal", id="outcomes('yes')"),
    case(lambda: opening_book(FIG52, -1, lambda s: minimax(FIG52, s)), ArgumentError, "plies",
         id="opening_book plies=-1"),
    case(lambda: opening_book(FIG52, 1, 5), ArgumentError, "search", id="opening_book search=5"),
    case(lambda: opening_book(FIG52, 1, lambda s: 5), ArgumentError, "search", id="opening_book search returns 5"),
    case(lambda: opening_book(C4, 6, lambda s: alphabeta(C4, s, depth=1, evaluate=ZERO)), TooLargeError,
         "max_positions", id="opening_book too many positions"),
    case(lambda: opening_book(FIG52, 1, lambda s: minimax(FIG52, s), "ZZ"), StateError, "'ZZ'",
         id="opening_book bad state"),
    case(lambda: opening_book(FIG52, 1, lambda s: minimax(FIG52, s)).policy(fallback=5), ArgumentError,
         "fallback", id="OpeningBook.policy fallback=5"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_a_failing_fallback_is_not_counted():
    tree = FIG52
    book = opening_book(tree, 0, lambda s: minimax(tree, s))
    policy = book.policy(fallback=lambda s: 5)
    with pytest.raises(GameError) as caught:
        policy("B")
    raised_clearly(caught.value)
    correct(dict(policy.counts) == {"book": 0, "fallback": 0})
    correct(policy("A") == {"a1": 1.0} and policy.counts["book"] == 1)

"""Connect Four: the rules, the bitboard against a naive board, the evaluation, small boards solved."""
import functools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import MAX, MIN, IllegalMoveError, alphabeta
from gamelib.evaluation import WeightedSum
from gamelib.games.connect4 import (Board, Connect4, center_first, evaluation, four_in_a_row,
                                    geometry, immediate_wins, is_quiet, line_counts, threats)
from gamelib import CHANCE, ArgumentError, GameError, StateError, minimax
from gamelib.games import connect4 as c4mod
from ..bad_input import (C4, C4_SMALL, C4_SMALL_REACHABLE, ZERO, attempt, case, check_bad_input, correct, fuzz, nan,
                         raised_clearly)

GAME = Connect4()
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


# -- a naive board: lists of columns, every line scanned ----------------------------------------------

class Naive:
    """Connect Four the obvious way: ``cols`` lists of marks, bottom first."""

    def __init__(self, rows, cols):
        self.rows, self.cols, self.columns, self.turn = rows, cols, [[] for _ in range(cols)], "X"
        self.lines = list(self._windows())

    def at(self, r, c):
        col = self.columns[c]
        return col[r] if 0 <= c < self.cols and 0 <= r < len(col) else "."

    def windows(self):
        return self.lines

    def _windows(self):
        for r in range(self.rows):
            for c in range(self.cols):
                for dr, dc in DIRECTIONS:
                    cells = [(r + k * dr, c + k * dc) for k in range(4)]
                    if all(0 <= rr < self.rows and 0 <= cc < self.cols for rr, cc in cells):
                        yield cells

    def winner(self):
        for cells in self.windows():
            marks = {self.at(r, c) for r, c in cells}
            if len(marks) == 1 and marks != {"."}:
                return marks.pop()
        return None

    def legal(self):
        return [] if self.winner() else [c for c in range(self.cols) if len(self.columns[c]) < self.rows]

    def play(self, c):
        self.columns[c].append(self.turn)
        self.turn = "O" if self.turn == "X" else "X"

    def undo(self, c):
        self.columns[c].pop()
        self.turn = "O" if self.turn == "X" else "X"

    def wins_now(self, mark):
        """Columns where ``mark`` dropping a piece would connect four."""
        out = []
        for c in range(self.cols):
            if len(self.columns[c]) < self.rows:
                self.columns[c].append(mark)
                if self.winner() == mark:
                    out.append(c)
                self.columns[c].pop()
        return out

    def counts(self):
        """(x3, x2, o3, o2) by looking at every window."""
        out = {"X": [0, 0], "O": [0, 0]}
        for cells in self.windows():
            marks = [self.at(r, c) for r, c in cells]
            for me, other in (("X", "O"), ("O", "X")):
                if other not in marks and marks.count(me) in (2, 3):
                    out[me][3 - marks.count(me)] += 1
        return out["X"][0], out["X"][1], out["O"][0], out["O"][1]

    def rows_text(self):
        return ["".join(self.at(r, c) for c in range(self.cols)) for r in reversed(range(self.rows))]


def random_states(game, seed, n_games=20):
    """States along seeded random games (every state of each game)."""
    rng = random.Random(seed)
    for _ in range(n_games):
        s = game.initial_state
        yield s
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(game.actions(s)))
            yield s


# -- the rules --------------------------------------------------------------------------------------

def test_start_x_moves_first_and_columns_are_listed_left_to_right():
    s = GAME.initial_state
    assert (GAME.rows, GAME.cols) == (6, 7) and repr(GAME) == "Connect4()"
    assert s == Board(0, 0, MAX, 0, 6, 7) and GAME.to_move(s) == MAX
    assert GAME.actions(s) == (0, 1, 2, 3, 4, 5, 6)
    assert not GAME.is_terminal(s) and s.plies == 0
    assert str(s) == "\n".join(["......."] * 6)
    assert repr(s) == "Board('......./......./......./......./......./.......', to_move=MAX)"


def test_gravity_pieces_stack_in_a_column():
    s = GAME.from_moves([3, 3, 3])
    assert [s.cell(r, 3) for r in range(4)] == ["X", "O", "X", "."]
    assert GAME.to_move(s) == MIN and s.plies == 3
    assert GAME.drop_row(s, 3) == 3 and GAME.drop_row(s, 0) == 0
    assert s.grid()[-3:] == ["...X...", "...O...", "...X..."]
    assert GAME.from_moves("333") == s and hash(GAME.from_moves("333")) == hash(s)
    before = GAME.initial_state
    GAME.result(before, 3)
    assert before == Board(0, 0, MAX, 0, 6, 7), "RESULT must not change the state it was given"


def test_a_full_column_drops_out_of_the_actions():
    s = GAME.from_moves([0] * 6)
    assert GAME.actions(s) == (1, 2, 3, 4, 5, 6)
    assert s.grid()[0][0] == "O" and s.grid()[-1][0] == "X"


@pytest.mark.parametrize("moves, winner, line", [
    ([3, 4, 3, 4, 3, 4, 3], "X", "vertical"),
    ([0, 0, 1, 1, 2, 2, 3], "X", "horizontal"),
    ([6, 0, 5, 0, 3, 0, 4], "X", "horizontal, the gap filled last"),
    ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3], "X", "diagonal /"),
    ([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3], "X", "diagonal \\"),
    ([0, 3, 0, 3, 1, 3, 6, 3], "O", "vertical"),
    ([2, 1, 3, 2, 3, 3, 4, 4, 4, 6, 0, 4], "O", "diagonal /"),
    ([4, 5, 3, 4, 3, 3, 2, 2, 2, 0, 6, 2], "O", "diagonal \\"),
    ([0, 6, 0, 5, 1, 4, 1, 3], "O", "horizontal, at the right edge"),
])
def test_four_in_a_row_wins_in_every_direction(moves, winner, line):
    s = GAME.from_moves(moves[:-1])
    assert not GAME.is_terminal(s) and s.winner == 0
    s = GAME.result(s, moves[-1])
    sign = 1 if winner == "X" else -1
    assert GAME.is_terminal(s) and s.winner == sign
    assert GAME.utility(s, MAX) == sign and GAME.utility(s, MIN) == -sign
    assert GAME.actions(s) == ()


def test_lines_do_not_wrap_from_one_column_into_the_next():
    # Bit c*7 + r is column c, row r; bit c*7 + 6 is the always-empty guard above column c.  Without
    # the guard (6 bits a column) these four cells would be consecutive steps of one direction.
    g = geometry()
    up = g.bit(3, 0) | g.bit(4, 0) | g.bit(5, 0) | g.bit(0, 1)              # steps of 1 without a guard
    down = g.bit(2, 0) | g.bit(1, 1) | g.bit(0, 2) | g.bit(5, 2)            # steps of 5 without a guard
    assert not four_in_a_row(up, g.shifts) and not four_in_a_row(down, g.shifts)
    s = GAME.parse(board("X......", "X......", "X......", "OX.OO.O"))
    assert s.winner == 0 and not GAME.is_terminal(s)


def board(*rows, cols=7, height=6):
    """A board string from its bottom rows (top row first), padded with empty rows above."""
    return "/".join(["." * cols] * (height - len(rows)) + list(rows))


def test_a_full_board_without_four_is_a_draw():
    moves = "361313645534311043046626105524515600224220"
    s = GAME.from_moves(moves)
    assert s.plies == 42 and s.winner == 0
    assert GAME.is_terminal(s) and GAME.utility(s, MAX) == 0 == GAME.utility(s, MIN)
    assert GAME.actions(s) == ()
    assert str(s).splitlines() == ["OOXOXXO", "OXOXOXO", "XXOXOOO", "OOXOXXX", "XXXOOOX", "OXXXOXO"]
    small = Connect4(rows=4, cols=4)
    s = small.from_moves("0212002302331311")
    assert small.is_terminal(s) and s.winner == 0 and str(s) == "XOOO\nOXXO\nXXOX\nXXOO"


def test_illegal_moves_name_the_move_the_reason_and_the_legal_ones():
    s = GAME.from_moves([0] * 6)
    with pytest.raises(IllegalMoveError, match=r"illegal move 0 .*column 0 is full; "
                                               r"legal: \[1, 2, 3, 4, 5, 6\]"):
        GAME.result(s, 0)
    for bad in (7, -1, "3", 3.0, True, None):
        with pytest.raises(IllegalMoveError, match=r"columns are the whole numbers 0\.\.6"):
            GAME.result(s, bad)
    won = GAME.from_moves([3, 4, 3, 4, 3, 4, 3])
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.result(won, 0)
    with pytest.raises(IllegalMoveError, match="column 9 is full|whole numbers"):
        GAME.from_moves([1, 9])


def test_numpy_integers_are_columns_too():
    np = pytest.importorskip("numpy")
    assert GAME.result(GAME.initial_state, np.int64(3)) == GAME.result(GAME.initial_state, 3)


def test_parse_round_trips_and_accepts_three_layouts():
    for s in random_states(GAME, seed=1, n_games=5):
        assert GAME.parse(str(s)) == s
        text = repr(s).split("'")[1]
        assert GAME.parse(text) == s
        assert GAME.parse(" ".join(s.grid())) == s
        assert Connect4(str(s)).initial_state == s
    small = Connect4(rows=4, cols=5)
    s = small.from_moves("2213")
    assert repr(s) == "Board('...../...../..O../.XXO.', to_move=MAX, rows=4, cols=5)"
    assert small.parse(str(s)) == s and repr(small) == "Connect4(rows=4, cols=5)"


@pytest.mark.parametrize("rows, message", [
    (["X......"] * 7, "6 rows of 7"),
    (["...Q..."], "characters from"),
    (["X......", "......."], "floats"),
    (["XXX...."], "X count"),
    (["O......"], "X count"),
    (["O......", "O......", "O......", "OXXXX.."], "both players"),
    (["X......", "X......", "X......", "XOOO..O"], "moved last"),
    (["O......", "O......", "O......", "OXXX.XX"], "moved last"),
])
def test_parse_rejects_malformed_and_impossible_boards(rows, message):
    with pytest.raises(ValueError, match=message):
        GAME.parse(board(*rows, height=max(6, len(rows))))
    with pytest.raises(ValueError, match="6 rows of 7"):
        GAME.parse("X......")


def test_board_sizes():
    for bad in (0, 13, 2.5, True):
        with pytest.raises(ValueError, match="whole number from 1 to 12"):
            Connect4(rows=bad)
    tiny = Connect4(rows=3, cols=3)          # no line of four fits: every game draws
    assert alphabeta(tiny).value == 0
    big = Connect4(rows=12, cols=12)
    s = big.from_moves([0, 1] * 3 + [0])
    assert s.winner == 1 and big.is_terminal(s)


# -- the bitboard agrees with the naive board -----------------------------------------------------

SIZES = [(6, 7), (6, 7), (4, 4), (4, 5), (5, 4), (7, 9)]


@given(size=st.sampled_from(SIZES), picks=st.lists(st.integers(0, 11), max_size=50))
def test_bitboard_agrees_with_a_naive_board(size, picks):
    rows, cols = size
    game, naive = Connect4(rows=rows, cols=cols), Naive(rows, cols)
    s = game.initial_state
    for pick in [None] + picks:
        if pick is not None:
            if game.is_terminal(s):
                break
            a = game.actions(s)[pick % len(game.actions(s))]
            s = game.result(s, a)
            naive.play(a)
        w = naive.winner()
        assert s.grid() == naive.rows_text()
        assert s.winner == {"X": 1, "O": -1, None: 0}[w]
        assert list(game.actions(s)) == naive.legal()
        assert game.to_move(s) == (MAX if naive.turn == "X" else MIN)
        assert game.is_terminal(s) == (w is not None or not naive.legal())
        if w is None:
            me, other = naive.turn, ("O" if naive.turn == "X" else "X")
            assert list(immediate_wins(s)) == naive.wins_now(me)
            assert list(immediate_wins(s, MAX if other == "X" else MIN)) == naive.wins_now(other)
            assert is_quiet(s) == (not naive.wins_now(me) and not naive.wins_now(other))
        assert line_counts(s) == naive.counts()
        assert game.parse(str(s)) == s


def test_threats_mark_cells_not_yet_playable():
    s = GAME.parse(board("..XXX..", "O.OXO.."))
    # X has three across on row 1 (columns 2-4); cells (1, 1) and (1, 5) complete it, and neither is
    # playable yet (the cells below them are empty)
    g = geometry()
    assert GAME.to_move(s) == MIN
    assert threats(s, MAX) == g.bit(1, 1) | g.bit(1, 5) and threats(s, MIN) == 0
    assert immediate_wins(s, MAX) == () and is_quiet(s)
    assert four_in_a_row(s.x | g.bit(1, 5), g.shifts)
    s = GAME.result(s, 5)                                # O fills (0, 5): X's cell (1, 5) is playable
    assert immediate_wins(s) == (5,) and not is_quiet(s)


def test_is_quiet_examples():
    assert is_quiet(GAME.initial_state)
    s = GAME.from_moves([3, 0, 3, 0, 3])        # X threatens to complete column 3; O to move must block
    assert immediate_wins(s) == () and immediate_wins(s, MAX) == (3,) and not is_quiet(s)
    s = GAME.from_moves([3, 0, 3, 0, 3, 0])     # now X to move wins at once (and O threatens too)
    assert immediate_wins(s) == (3,) and immediate_wins(s, MIN) == (0,) and not is_quiet(s)
    assert is_quiet(GAME.from_moves([3, 4, 3, 4, 3, 4, 3]))   # over: nothing more happens


# -- move ordering ---------------------------------------------------------------------------------

def test_center_first_orders_outwards_left_before_right():
    s = GAME.initial_state
    assert center_first(s, GAME.actions(s)) == (3, 2, 4, 1, 5, 0, 6)
    assert center_first(s, (0, 1, 5, 6)) == (1, 5, 0, 6)
    assert center_first(s, [6, 0, 3]) == (3, 0, 6)
    four = Connect4(rows=4, cols=4)
    assert center_first(four.initial_state, (0, 1, 2, 3)) == (1, 2, 0, 3)
    assert alphabeta(GAME, depth=4, evaluate=evaluation(), order=center_first).nodes < \
        alphabeta(GAME, depth=4, evaluate=evaluation()).nodes


# -- the evaluation function -----------------------------------------------------------------------

def swap_colours(s):
    return Board(s.o, s.x, MIN if s.to_move == MAX else MAX, -s.winner, s.rows, s.cols)


def mirror(s):
    g = geometry(s.rows, s.cols)

    def flip(p):
        return sum(g.bit(r, s.cols - 1 - c) for r in range(s.rows) for c in range(s.cols)
                   if p & g.bit(r, c))
    return Board(flip(s.x), flip(s.o), s.to_move, s.winner, s.rows, s.cols)


def test_evaluation_is_the_documented_weighted_sum():
    ev = evaluation()
    assert isinstance(ev, WeightedSum)
    assert list(ev.features) == ["open_threes", "open_twos", "centre"]
    assert ev.weights == {"open_threes": 0.01, "open_twos": 0.002, "centre": 0.01}
    for s in random_states(GAME, seed=2, n_games=5):
        terms = ev.terms(s)
        assert ev(s) == pytest.approx(sum(t.contribution for t in terms.values()))
        x3, x2, o3, o2 = line_counts(s)
        assert terms["open_threes"].feature == x3 - o3 and terms["open_twos"].feature == x2 - o2
    changed = ev.with_weights(centre=0)
    assert type(changed) is type(ev) and changed.weights["centre"] == 0 and changed.memo == {}
    assert evaluation({"centre": 0}).weights == changed.weights
    with pytest.raises(ValueError, match="no feature named"):
        evaluation({"mobility": 1})


def test_evaluation_centre_and_threes_by_hand():
    ev = evaluation()
    s = GAME.from_moves([3, 0, 3, 0])
    assert {k: t.feature for k, t in ev.terms(s).items()} == {"open_threes": 0, "open_twos": 0,
                                                               "centre": 2}
    s = GAME.from_moves([2, 2, 3, 3])         # X: 2, 3 on the bottom row; O: 2, 3 above
    x3, x2, o3, o2 = line_counts(s)
    # X's pair lies in 3 bottom-row windows (columns 0-3, 1-4, 2-5) with no O: 3 twos; O's pair is
    # the same one row up.  Neither has a three.
    assert (x3, x2, o3, o2) == (0, 3, 0, 3)
    s = GAME.from_moves([2, 2, 3, 3, 4])      # X: 2, 3, 4 on the bottom row
    assert line_counts(s)[0] == 2             # windows 1-4 and 2-5 each hold three X and a gap
    assert ev(s) > 0 and evaluation()(swap_colours(s)) == pytest.approx(-ev(s))


def test_evaluation_is_antisymmetric_in_colour_and_symmetric_in_mirror():
    ev = evaluation()
    for game in (GAME, Connect4(rows=5, cols=4)):
        for s in random_states(game, seed=3, n_games=8):
            assert ev(swap_colours(s)) == pytest.approx(-ev(s))
            assert ev(mirror(s)) == pytest.approx(ev(s))
            assert line_counts(mirror(s)) == line_counts(s)


def test_evaluation_stays_inside_the_utilities():
    ev = evaluation()
    n_windows = len(geometry().windows)
    assert n_windows == 69
    bound = max(ev.weights["open_threes"], ev.weights["open_twos"]) * n_windows + 6 * ev.weights["centre"]
    assert bound == pytest.approx(0.75)
    for s in random_states(GAME, seed=4, n_games=20):
        assert sum(line_counts(s)) <= n_windows and abs(ev(s)) <= bound < 1


def test_evaluation_memo_returns_the_same_values():
    ev = evaluation()
    states = list(random_states(GAME, seed=5, n_games=3))
    first = [ev(s) for s in states]
    assert len(ev.memo) == len(set(states))
    assert [ev(s) for s in states] == first == [evaluation()(s) for s in states]
    ev.memo.clear()
    ev.memo_size = 2
    assert [ev(s) for s in states] == first and len(ev.memo) <= 2


# -- searches on Connect Four --------------------------------------------------------------------

@functools.cache
def naive_value(columns: tuple, turn: str, rows: int = 4) -> int:
    """Minimax value for X of a position given as columns (strings, bottom first) with ``turn`` to
    move, memoized; the board is not won yet.  Written without the bitboard: a new piece wins if
    it extends, counting both ways along some direction, to four of its own.  A player who finds
    a winning move stops looking (that changes no value)."""
    cols, nxt, win = len(columns), ("O" if turn == "X" else "X"), (1 if turn == "X" else -1)
    values = []
    for c in range(cols):
        r = len(columns[c])
        if r == rows:
            continue
        new = columns[:c] + (columns[c] + turn,) + columns[c + 1:]

        def mine(rr, cc, new=new):
            return 0 <= cc < cols and 0 <= rr < len(new[cc]) and new[cc][rr] == turn
        for dr, dc in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                k = 1
                while mine(r + sign * k * dr, c + sign * k * dc):
                    run, k = run + 1, k + 1
            if run >= 4:
                return win
        values.append(naive_value(new, nxt, rows))
    if not values:
        return 0
    return max(values) if turn == "X" else min(values)


def test_four_by_four_is_a_draw_by_exhaustive_search():
    small = Connect4(rows=4, cols=4)
    assert naive_value(("",) * 4, "X") == 0               # about 130,000 positions, 2 s
    assert alphabeta(small, order=center_first).value == 0
    assert alphabeta(small, small.from_moves("1")).value == naive_value(("", "X", "", ""), "O")


def test_small_board_values_agree_with_the_naive_solver_from_random_positions():
    small = Connect4(rows=4, cols=4)
    rng = random.Random(6)
    for _ in range(40):
        s, naive = small.initial_state, Naive(4, 4)
        for _ in range(rng.randrange(4, 11)):
            if small.is_terminal(s):
                break
            a = rng.choice(small.actions(s))
            s = small.result(s, a)
            naive.play(a)
        if small.is_terminal(s):
            continue
        expected = naive_value(tuple("".join(c) for c in naive.columns), naive.turn)
        assert alphabeta(small, s, order=center_first).value == expected
        assert alphabeta(small, s).value == expected


def test_depth_limited_search_takes_a_win_and_blocks_a_threat():
    ev = evaluation()
    s = GAME.from_moves([3, 0, 3, 0, 3, 1])           # X to move wins in column 3
    r = alphabeta(GAME, s, depth=2, evaluate=ev, order=center_first)
    assert r.action == 3 and r.value == 1
    s = GAME.from_moves([3, 0, 3, 0, 3])              # O must block column 3
    r = alphabeta(GAME, s, depth=3, evaluate=ev, order=center_first)
    assert r.action == 3 and -1 < r.value < 1
    r = alphabeta(GAME, depth=6, evaluate=ev, order=center_first)
    plain = alphabeta(GAME, depth=6, evaluate=evaluation())
    assert r.value == plain.value and r.nodes < plain.nodes / 5


# -- bad input (issue 8): checked by tests/bad_input.check_bad_input -----------------------------------
BAD_INPUT = [
    case(lambda: Connect4(rows=4, cols=4).result(C4.initial_state, 3), IllegalMoveError, "6x7", "4x4",
         id="Connect4 state of another size"),
    case(lambda: minimax(Connect4(rows=4, cols=4), C4.initial_state, depth=1, evaluate=ZERO), StateError,
         "6x7", id="search on a Connect4 state of another size"),
    case(lambda: C4.from_moves("3a"), IllegalMoveError, "'a'", id="Connect4 from_moves('3a')"),
    case(lambda: Connect4(rows=0), ArgumentError, "rows", id="Connect4(rows=0)"),
    case(lambda: Connect4(cols=2.5), ArgumentError, "cols", id="Connect4(cols=2.5)"),
    case(lambda: Connect4(rows=True), ArgumentError, "rows", id="Connect4(rows=True)"),
    case(lambda: Connect4(board=5), ArgumentError, "board", id="Connect4(board=5)"),
    case(lambda: Connect4("X" * 42), StateError, "impossible", id="Connect4 board of X"),
    case(lambda: C4.from_moves(5), ArgumentError, "moves", id="Connect4 from_moves(5)"),
    case(lambda: C4.from_moves([3, 3.0]), IllegalMoveError, "3.0", id="Connect4 from_moves float"),
    case(lambda: C4.from_moves("33", state="x"), StateError, "connect4.Board", id="Connect4 from_moves bad state"),
    case(lambda: minimax(C4, c4mod.Board(1 << 3, 0, MIN), depth=1, evaluate=ZERO), StateError,
         "arise in play", id="Connect4 floating piece"),
    case(lambda: minimax(C4, c4mod.Board(1, 0, MAX), depth=1, evaluate=ZERO), StateError,
         "arise in play", id="Connect4 wrong player to move"),
    case(lambda: C4.utility(C4.initial_state, CHANCE), GameError, "CHANCE", id="Connect4 utility CHANCE"),
    case(lambda: C4.drop_row(C4.initial_state, 9), ArgumentError, "col", id="Connect4 drop_row(9)"),
    case(lambda: c4mod.evaluation({"x": 1}), ArgumentError, "no feature", id="Connect4 evaluation unknown feature"),
    case(lambda: c4mod.evaluation([1]), ArgumentError, "weights", id="Connect4 evaluation weights list"),
]


@pytest.mark.parametrize("call, error, patterns", BAD_INPUT)
def test_bad_input_raises_a_clear_error(call, error, patterns):
    check_bad_input(call, error, patterns)


def test_a_failed_reweighting_leaves_the_evaluation_as_it_was():
    ev = c4mod.evaluation()
    with pytest.raises(GameError) as caught:
        ev.with_weights(centre=nan)
    raised_clearly(caught.value)
    correct(ev.weights == c4mod.WEIGHTS and repr(ev) == repr(c4mod.evaluation()))


@fuzz
@given(st.text(alphabet="XO.", min_size=12, max_size=12))
def test_small_connect_four_accepts_exactly_the_positions_that_arise_in_play(board):
    ok, state = attempt(lambda: C4_SMALL.parse(board))
    correct(ok == (board in C4_SMALL_REACHABLE), board)
    if ok:
        correct(state == C4_SMALL_REACHABLE[board])
        ok, r = attempt(lambda: minimax(Connect4(rows=4, cols=4), state))
        assert not ok and isinstance(r, StateError)          # a 3x4 position in a 4x4 game

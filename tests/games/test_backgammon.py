"""Backgammon (issue 26): the rules on positions built to test each one, the dice, whole turns as distinct
positions, scoring, the notation and GNU Backgammon's position ID, properties over positions reached by
random play, the evaluation, searches on it, and bad input.  (OpenSpiel agrees on the legal turns of
10,000 random-play positions: benchmarks/peer_backgammon.py.)"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import (CHANCE, MAX, MIN, ArgumentError, GameError, IllegalMoveError, SearchDepthError, StateError,
                     expectiminimax, play, star1, star2, uniform)
from gamelib.core import check_distribution
from gamelib.games import Backgammon, BackgammonState
from gamelib.games import backgammon as bg
from gamelib.validate import start_state

GAME = Backgammon()


def position(x, o, dice=None, turn=MAX):
    return GAME.position(x, o, turn, dice)


def random_state(seed: int, plies: int):
    """The state ``plies`` plies into a game of random play (chance included), or its end."""
    rng = random.Random(seed)
    s = GAME.initial_state
    for _ in range(plies):
        if GAME.is_terminal(s):
            break
        if GAME.to_move(s) == CHANCE:
            outcomes, probs = zip(*GAME.chance_outcomes(s))
            s = GAME.result(s, rng.choices(outcomes, probs)[0])
        else:
            s = GAME.result(s, rng.choice(GAME.actions(s)))
    return s


def mirror(s):
    """The same position with the colours swapped (X's checkers become O's, and the turn too)."""
    turn = None if s.turn is None else MIN if s.turn == MAX else MAX
    return BackgammonState(s.o, s.x, turn, s.dice)


# --- the start and the dice -------------------------------------------------------------------------
def test_the_start_and_the_opening_throw():
    s = GAME.initial_state
    assert bg.notation(s) == "-b----E-C---eE---c-e----B-"
    assert s.counts(MAX) == s.counts(MIN) and s.counts(MAX)[24] == 2 and s.counts(MAX)[6] == 5
    assert s.pips == (167, 167) and s.bar == (0, 0) and s.off == (0, 0)
    assert GAME.to_move(s) == CHANCE and GAME.actions(s) == ()
    opening = GAME.chance_outcomes(s)
    assert len(opening) == 30 and all(p == pytest.approx(1 / 30) for _, p in opening)
    assert all(a != b for (a, b), _ in opening), "the opening throw is never a double"
    check_distribution(opening, "the opening throw")
    x_starts = GAME.result(s, (5, 2))                    # X throws 5, O throws 2
    o_starts = GAME.result(s, (2, 5))
    assert (x_starts.turn, x_starts.dice) == (MAX, (5, 2)) and (o_starts.turn, o_starts.dice) == (MIN, (5, 2))
    assert GAME.to_move(x_starts) == MAX and GAME.to_move(o_starts) == MIN
    assert GAME.actions(x_starts) == GAME.actions(o_starts), "both sides see the same opening moves"


def test_21_distinct_rolls_with_their_probabilities():
    s = GAME.result(GAME.result(GAME.initial_state, (3, 1)), "8/5 6/5")
    assert GAME.to_move(s) == CHANCE and s.turn == MIN and s.dice is None
    rolls = GAME.chance_outcomes(s)
    assert len(rolls) == 21 and len({r for r, _ in rolls}) == 21
    for (high, low), p in rolls:
        assert 1 <= low <= high <= 6
        assert p == pytest.approx(1 / 36 if high == low else 1 / 18)
    assert sum(1 for (h, l), _ in rolls if h == l) == 6
    check_distribution(rolls, "a roll")
    assert GAME.result(s, (6, 6)).dice == (6, 6) and GAME.result(s, (6, 6)).turn == MIN


def test_the_opening_moves():
    """How many distinct positions each opening roll can reach (the same numbers in OpenSpiel, by
    benchmarks/peer_backgammon.py's sets), and the book moves among them."""
    counts = {}
    for roll in bg.ROLLS:
        if roll[0] != roll[1]:
            counts[roll] = len(GAME.actions(GAME.initial_state._replace(turn=MAX, dice=roll)))
    assert counts == {(2, 1): 15, (3, 1): 16, (3, 2): 17, (4, 1): 14, (4, 2): 18, (4, 3): 17, (5, 1): 8,
                      (5, 2): 8, (5, 3): 9, (5, 4): 9, (6, 1): 10, (6, 2): 14, (6, 3): 14, (6, 4): 14,
                      (6, 5): 7}
    opening = {roll: GAME.actions(GAME.initial_state._replace(turn=MAX, dice=roll)) for roll in counts}
    assert "8/5 6/5" in opening[3, 1] and "13/7 8/7" in opening[6, 1] and "24/13" in opening[6, 5]
    assert "13/11 6/5" in opening[2, 1] and "24/21 13/11" in opening[3, 2]


# --- the rules, one at a time -----------------------------------------------------------------------
def test_a_blot_is_hit_and_goes_to_the_bar():
    s = position({13: 2, 8: 13}, {18: 1, 6: 14}, (6, 1))          # O's 18 is X's 7: a blot there
    assert "13/7*" in " ".join(GAME.actions(s))
    move = next(a for a in GAME.actions(s) if a.startswith("13/7*") and a.endswith("8/7"))
    after = GAME.result(s, move)
    assert after.bar == (0, 1) and after.counts(MAX)[7] == 2 and after.counts(MIN)[18] == 0
    assert after.pips[1] == s.pips[1] + 7, "the hit checker goes from O's 18 back to the bar, 25"


def test_a_point_of_two_is_blocked():
    s = position({8: 1, 1: 14}, {18: 2, 6: 13}, (1, 1))             # X's 7 held by two of O's
    assert GAME.actions(s) == ("pass",), "the only checker that could move is blocked"
    after = GAME.result(s, "pass")
    assert (after.x, after.o, after.turn, after.dice) == (s.x, s.o, MIN, None), "a pass hands over the dice"


def test_checkers_on_the_bar_enter_first():
    # X has one on the bar; O's home board (X's 19-24) is open only on X's 19 (O's 6-point).
    s = position({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 10: 5}, (6, 5))
    assert GAME.actions(s) == ("bar/14", "bar/19 6/1"), "enter with the 6, then any checker plays the 5"
    closed = position({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 10: 3}, (6, 5))
    assert GAME.actions(closed) == ("pass",), "a closed board: nothing enters, so nothing moves"
    two = position({"bar": 2, 6: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 10: 5}, (6, 5))
    assert GAME.actions(two) == ("bar/19",), "one enters, the second cannot, so no other checker moves"


def test_bearing_off_only_once_every_checker_is_home():
    outside = position({7: 1, 3: 1}, {6: 15}, (6, 4))
    assert set(GAME.actions(outside)) == {"7/1 3/off", "7/off"}
    home = position({5: 1, 3: 1, 1: 1}, {6: 15}, (6, 4))
    assert set(GAME.actions(home)) == {"5/off 3/off", "5/1 3/off"}, \
        "a larger die bears off only from the highest point"
    not_yet = position({9: 1, 2: 14}, {6: 15}, (2, 1))
    assert GAME.actions(not_yet) == ("9/6", "9/7 2/1"), "9/8 leaves a checker outside: 2/off is not allowed"
    then = position({8: 1, 2: 14}, {6: 15}, (6, 5))
    assert GAME.actions(then) == ("8/off",), "once the 6 brings the last checker home, the 5 bears off"


def test_doubles_are_played_four_times():
    s = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (2, 2))
    for a in GAME.actions(s):
        after = GAME.result(s, a)
        assert s.pips[0] - after.pips[0] == 8, f"{a} does not move 4 x 2 pips"
    assert "13/11(2) 6/4(2)" in GAME.actions(s)
    # Only two of the four can be played: X's checker on 17 reaches 9, then X's 5 (O's 20) is held, and
    # the checkers on 2 cannot bear off while one is outside.
    s = position({17: 1, 2: 14}, {20: 2, 6: 13}, (4, 4))
    assert GAME.actions(s) == ("17/9",)


def test_both_dice_if_possible_else_the_larger():
    # X's last checker outside home on 13: 6-5 could go 13/7/2 or 13/8/2, but X's 2 is blocked.
    s = position({13: 1, 1: 14}, {23: 2, 6: 13}, (6, 5))
    assert GAME.actions(s) == ("13/7",), "either die alone, not both: the larger must be played"
    smaller = position({13: 1, 1: 14}, {23: 2, 18: 2, 6: 11}, (6, 5))   # X's 7 blocked too
    assert GAME.actions(smaller) == ("13/8",), "only the smaller can be played: then it is"


def test_gammons_and_backgammons():
    won = {1: 1}
    cases = [({2: 14}, 1), ({7: 15}, 2), ({19: 2, 7: 13}, 3), ({"bar": 1, 7: 14}, 3)]
    for o, points in cases:
        s = position(won, o, (1, 1))
        end = GAME.result(s, "1/off")
        assert GAME.is_terminal(end) and GAME.utility(end, MAX) == points and GAME.utility(end, MIN) == -points
        assert Backgammon(gammons=False).utility(end, MAX) == 1
        lost = mirror(s)                                        # the same race, won by O
        end = GAME.result(lost, "1/off")
        assert GAME.utility(end, MAX) == -points
    assert GAME.bounds == (-3, 3) and Backgammon(gammons=False).bounds == (-1, 1)


def test_whole_turns_are_distinct_positions():
    s = GAME.initial_state._replace(turn=MAX, dice=(3, 1))
    children = [GAME.result(s, a) for a in GAME.actions(s)]
    assert len({(c.x, c.o) for c in children}) == len(children) == 16
    assert "24/20" in GAME.actions(s), "24/21/20 and 24/23/20 are one move, written 24/20"
    with pytest.raises(IllegalMoveError, match="legal: "):
        GAME.result(s, "24/21/20")


def test_result_does_not_depend_on_what_the_game_remembers(monkeypatch):
    s = random_state(3, 41)
    assert GAME.to_move(s) in (MAX, MIN)
    wanted = {a: GAME.result(s, a) for a in GAME.actions(s)}
    fresh = Backgammon()
    monkeypatch.setattr(bg, "MEMO_SIZE", 1)
    for a, child in wanted.items():
        fresh.actions(GAME.initial_state._replace(turn=MAX, dice=(6, 5)))   # push s out of the memo
        assert fresh.result(s, a) == child


# --- notation -----------------------------------------------------------------------------------------
def test_notation_and_position_id_round_trip():
    start = GAME.initial_state
    assert bg.position_id(start) == "4HPwATDgc/ABMA"                  # gnubg's ID of the start
    assert bg.from_position_id("4HPwATDgc/ABMA", None) == start
    assert repr(start) == "BackgammonState('-b----E-C---eE---c-e----B-')"
    for seed in range(30):
        for plies in (1, 2, 7, 30, 90):
            s = random_state(seed, plies)
            text = bg.notation(s)
            assert bg.parse(text) == s, text
            assert eval(repr(s), {"BackgammonState": lambda t: bg.parse(t)}) == s
            turn = s.turn or MAX
            assert bg.from_position_id(bg.position_id(s), turn, s.dice) == s._replace(turn=turn) \
                if s.turn is not None else True


def test_the_position_id_puts_the_player_on_roll_first():
    s = position({6: 15}, {1: 15}, None, turn=MIN)
    assert bg.position_id(s) == bg.position_id(position({1: 15}, {6: 15}, None, turn=MAX))
    assert bg.from_position_id(bg.position_id(s), MIN) == s


def test_the_picture():
    text = str(GAME.result(GAME.initial_state, (6, 5)))
    assert "X to play 6-5" in text and "borne off: X 0, O 0" in text and "BAR" in text
    tall = position({6: 14, 5: 1}, {1: 15}, (6, 5))
    assert "14" in str(tall)
    end = GAME.result(position({1: 1}, {2: 14}, (1, 1)), "1/off")
    assert "X has won" in str(end)


# --- properties over positions of random play ---------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 160))
def test_every_turn_is_legal_and_maximal(seed, plies):
    s = random_state(seed, plies)
    if GAME.is_terminal(s) or GAME.to_move(s) == CHANCE:
        return
    mover = s.turn
    acts = GAME.actions(s)
    assert len(acts) == len(set(acts)) >= 1
    children = [GAME.result(s, a) for a in acts]
    assert len({(c.x, c.o) for c in children}) == len(children), "one action a resulting position"
    high, low = s.dice
    dice_total = 4 * high if high == low else high + low
    used = set()
    for a, c in zip(acts, children):
        GAME.check_state(c)
        assert c.turn != mover and c.dice is None
        before, after = s.pips[0 if mover == MAX else 1], c.pips[0 if mover == MAX else 1]
        assert 0 <= before - after <= dice_total
        theirs_before, theirs_after = s.pips[1 if mover == MAX else 0], c.pips[1 if mover == MAX else 0]
        assert theirs_after >= theirs_before, "a move never helps the opponent's race"
        used.add(a.count("/") - a.count("*/") if a != "pass" else 0)
    if acts == ("pass",):
        assert (children[0].x, children[0].o) == (s.x, s.o)
    # Colour-blind rules: the mirrored position offers the same moves.
    assert GAME.actions(mirror(s)) == acts


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_random_games_end_with_a_legal_score(seed):
    out = play(GAME, {MAX: uniform(GAME), MIN: uniform(GAME)}, seed=seed)
    end = out.states[-1]
    assert GAME.is_terminal(end) and out.utility in (-3, -2, -1, 1, 2, 3)
    assert 15 in end.off and sum(end.counts(MAX)) == sum(end.counts(MIN)) == 15


# --- the evaluation ------------------------------------------------------------------------------------
def test_the_evaluation():
    ev = bg.evaluation()
    assert ev(GAME.initial_state) == 0
    s = random_state(5, 60)
    assert ev(mirror(s)) == pytest.approx(-ev(s))
    terms = ev.terms(s)
    assert set(terms) == {"pips", "blots", "home_points"}
    assert terms["pips"].feature == s.pips[1] - s.pips[0]
    worst = position({"bar": 15}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 7: 1, 9: 1, 10: 1}, None)
    assert -1 < ev(worst) < 0 and -1 < ev(mirror(worst)) < 1
    assert bg.evaluation({"blots": 0}).weights["blots"] == 0
    with pytest.raises(ArgumentError, match="no feature named"):
        bg.evaluation({"prime": 1})
    with pytest.raises(ArgumentError, match="dict"):
        bg.evaluation([("pips", 1)])


# --- searches ----------------------------------------------------------------------------------------
def test_searches_need_a_depth():
    with pytest.raises(SearchDepthError, match="depth="):
        expectiminimax(GAME, GAME.initial_state)


def test_expectiminimax_and_star_agree_at_one_and_two_plies():
    ev = bg.evaluation()
    s = position({3: 2, 2: 2, 1: 1}, {6: 3, 5: 2, 1: 1}, (4, 2))          # a bear-off race: few moves
    one = expectiminimax(GAME, s, depth=1, evaluate=ev)
    assert one.nodes == 1 + len(GAME.actions(s))
    three = expectiminimax(GAME, s, depth=3, evaluate=ev)
    for search in (star1, star2):
        r = search(GAME, s, depth=3, evaluate=ev, lower=GAME.bounds[0], upper=GAME.bounds[1])
        assert r.value == pytest.approx(three.value) and r.nodes <= 2 * three.nodes


# --- bad input ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, match", [
    ("-b----E-C---eE---c-e----B", "26 characters"),
    ("-b----E-C---eE---c-e----B-?", "26 characters"),
    ("-b----E-C---eE---c-e----B- Z 65", "26 characters"),
    ("-b----E-C---eE---c-e----B- X 75", "26 characters"),
    ("-b----E-C---eE---c-e----P-", "26 characters"),
    ("-b----E-C---eE---c-e----C-", "X has 16 checkers"),
    ("ob----E-C---eE---c-e----B-", "O has 30 checkers"),
    ("-b----E-C---eE---c-e----B- X 65 extra", "26 characters"),
    ("-b----E-C---eE---c-e--a-B- X", "O has 16"),
])
def test_bad_notation(text, match):
    with pytest.raises(StateError, match=match):
        bg.parse(text)


def test_bad_states():
    s = GAME.initial_state
    bad = [
        (BackgammonState(s.x, s.o + bg.ONE[3], MAX), "O has 16 checkers"),
        (BackgammonState(s.x - bg.ONE[24] + bg.ONE[1], s.o, MAX), "both colours"),
        (BackgammonState(s.x, s.o, MAX, (5, 6)), "high first"),
        (BackgammonState(s.x, s.o, MAX, (7, 1)), "dice must be"),
        (BackgammonState(s.x, s.o, MAX, [6, 5]), "dice must be"),
        (BackgammonState(s.x, s.o, "CHANCE"), "turn must be"),
        (BackgammonState(s.x, s.o, None, (6, 5)), "opening throw"),
        (BackgammonState(-1, s.o, MAX), "packed side"),
        (BackgammonState(1.5, s.o, MAX), "packed side"),
        (BackgammonState(True, s.o, MAX), "packed side"),
        ((s.x, s.o, MAX, None), "not a backgammon position"),
        (BackgammonState(15, bg.START, MAX), "over"),
        (BackgammonState(15, 15, MIN), "both sides"),
    ]
    for state, match in bad:
        with pytest.raises(StateError, match=match):
            GAME.check_state(state)
        with pytest.raises(StateError):
            start_state(GAME, state)
    with pytest.raises(StateError, match="both colours"):
        GAME.position({6: 2}, {19: 1}, MAX)
    with pytest.raises(StateError, match="16 checkers"):
        GAME.position({6: 16}, {}, MAX)
    with pytest.raises(StateError, match="not a point"):
        GAME.position({26: 1}, {}, MAX)
    with pytest.raises(StateError, match="dict"):
        GAME.position([1], {}, MAX)


def test_bad_position_ids():
    for pid, match in [("4HPwATDgc/ABM", "14 characters"), (42, "14 characters"),
                       ("//////////////", "checkers")]:
        with pytest.raises(StateError, match=match):
            bg.from_position_id(pid)
    with pytest.raises(StateError, match="turn must be"):
        bg.from_position_id("4HPwATDgc/ABMA", "X")


def test_bad_moves_and_outcomes():
    s = GAME.initial_state
    for outcome in [(3, 3), (7, 1), "31", None, [3, 1]]:
        with pytest.raises(IllegalMoveError):
            GAME.result(s, outcome)
    rolled = GAME.result(s, (3, 1))
    for move in ["13/10 13/12 6/5", "8/5", None, ["8/5 6/5"], (8, 5)]:
        with pytest.raises(IllegalMoveError, match="legal: '24/23 24/21'"):
            GAME.result(rolled, move)
    waiting = GAME.result(rolled, "8/5 6/5")
    with pytest.raises(IllegalMoveError):
        GAME.result(waiting, (3, 0))
    with pytest.raises(GameError):
        GAME.chance_outcomes(rolled)
    end = GAME.result(position({1: 1}, {2: 14}, (1, 1)), "1/off")
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.result(end, (1, 1))
    with pytest.raises(GameError, match="terminal"):
        GAME.utility(s, MAX)
    with pytest.raises(GameError, match="MAX or MIN"):
        GAME.utility(end, "CHANCE")
    with pytest.raises(ArgumentError, match="gammons must be True or False"):
        Backgammon(gammons="yes")

"""The partial-observability exercises (assignment 05): belief states and averaging over clairvoyance.

A student writes PREDICT and UPDATE (AIMA 4th ed. §4.4.2) on the game protocol and averaging over
clairvoyance (§5.6.2) for a card game.  (A belief tracker that follows a recorded game from one player's
side, ``track``, is graded the same way, for an instructor who asks for it: ``checks.belief("track", fn)``;
the handed-out notebook no longer does, since tracking is PREDICT and UPDATE in turn.)  Each is graded
against gamelib's own function (:func:`gamelib.imperfect.predict`, :func:`~gamelib.imperfect.update`,
:func:`~gamelib.imperfect.track`, :func:`~gamelib.imperfect.clairvoyance_policy`), never a second
implementation:

* belief states are compared **as sets of states** (a belief state has no order);
* averages action by action, to within rounding; decisions exactly (ties go to the first action, as
  gamelib breaks them).

Public cases are the notebook's positions (phantom tic-tac-toe after the centre opening, Kuhn poker,
a small tree with chance); hidden ones are drawn from a seed (:mod:`gamelib.grading.cases`): random
phantom tic-tac-toe games and random trees in a fog (:class:`~gamelib.grading.games.FoggyTree`) for
the belief functions, random decks and stakes of :class:`~gamelib.grading.games.SmallPoker` (deals
that are not equally likely) for clairvoyance.  Each call runs in the sandbox
(:mod:`gamelib.grading.guard`) on a copy of the game, with a time limit; calls into
``gamelib.imperfect`` (except :func:`~gamelib.imperfect.percept`, which the exercise hands out) fail
the case.  When a function is wrong, the bug models of :mod:`gamelib.grading.mutants` name the known
bug it makes, as for the searches.

:func:`grade` is what :func:`gamelib.grading.checks.belief` and :func:`~gamelib.grading.checks.clairvoyance`
call; the by-hand checks below compare a student's numbers and sets with what gamelib computes.
"""
from __future__ import annotations

import copy
import math
from collections.abc import Mapping

from ..core import MAX, MIN
from . import cases as C
from .core import Attempt, Family, Task, fail, fmt, one_of, quiet
from .guard import describe_returned, is_number
from .mutants import Outcome

WATCHED = ("imperfect",)
"""What the student's function may not call: gamelib.imperfect (the reference) ..."""
ALLOWED = ("percept",)
"""... except :func:`gamelib.imperfect.percept`, which the exercise hands out."""


# ---------------------------------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------------------------------

TREE_SPEC = [[C.chance((0.5, [1, [2, 3]]), (0.5, 4)), [5, 6]], [7]]
"""A small tree with a chance node: MAX's move a1 at A leads to MIN at B, whose move b1 leads to the
chance node D, whose outcomes lead to MAX again (G) or to the end (H); b2 leads to MAX at once (E).
PREDICT from A through a1 is {E, G, H}."""
TREE_NAME = "the tree [[chance(0.5: [1, [2, 3]], 0.5: 4), [5, 6]], [7]] in a fog"


def _phantom():
    from ..games import PhantomTicTacToe
    return PhantomTicTacToe()


def _after(game, player, steps):
    """``player``'s belief state after ``steps``: percepts and actions alternating, a percept last
    (gamelib's :class:`~gamelib.imperfect.BeliefTracker`)."""
    from ..imperfect import BeliefTracker
    tracker = BeliefTracker(game, player)
    for k, step in enumerate(steps):
        (tracker.observe if k % 2 == 0 else tracker.act)(step)
    return tracker.belief


def _kuhn_state(deal, history=""):
    from ..games.kuhn import KuhnState
    return KuhnState((deal[0], deal[1]), history)


def _predict_public():
    from ..games import KuhnPoker
    from .games import FoggyTree
    game = _phantom()
    empty = "." * 9
    tree = FoggyTree(TREE_SPEC, seed=5)
    return [
        C.BeliefCase("phantom tic-tac-toe: X opens in the centre", game, MAX,
                     _after(game, MAX, [empty]).states, (1, 1)),
        C.BeliefCase("phantom tic-tac-toe: X, after the centre, proposes the corner (0, 0)", game, MAX,
                     _after(game, MAX, [empty, (1, 1), "....X...."]).states, (0, 0)),
        C.BeliefCase("phantom tic-tac-toe: O's first move, the centre (X moved unseen)", game, MIN,
                     _after(game, MIN, [empty]).states, (1, 1)),
        C.BeliefCase("Kuhn poker: MAX holds the queen and passes", KuhnPoker(), MAX,
                     frozenset({_kuhn_state("QJ"), _kuhn_state("QK")}), "pass"),
        C.BeliefCase(f"{TREE_NAME}: MAX plays a1 at A", tree, MAX, frozenset({"A"}), "a1"),
    ]


def _update_public():
    from ..games import KuhnPoker
    from ..imperfect import GameOver, predict
    from .games import FoggyTree
    game = _phantom()
    start = _after(game, MAX, ["." * 9, (1, 1), "....X...."])
    corner = predict(game, start, (0, 0), MAX).states
    kuhn = KuhnPoker()
    passed = frozenset(_kuhn_state(d, h) for d in ("QJ", "QK") for h in ("pp", "pb"))
    tree = FoggyTree(TREE_SPEC, seed=5)
    reached = predict(tree, ["A"], "a1", MAX).states
    return [
        C.BeliefCase("phantom tic-tac-toe: X proposed (0, 0) after the centre and hears \"illegal\"",
                     game, MAX, corner, observed="O...X...."),
        C.BeliefCase("phantom tic-tac-toe: X proposed (0, 0) after the centre, and it stood", game, MAX,
                     corner, observed="X...X...."),
        C.BeliefCase("Kuhn poker: MAX passed with the queen, MIN bets", kuhn, MAX, passed, observed="Qpb"),
        C.BeliefCase("Kuhn poker: MAX passed with the queen, MIN passes and the showdown is lost", kuhn,
                     MAX, passed, observed=GameOver(-1, "Qpp")),
        C.BeliefCase(f"{TREE_NAME}: after a1, MAX perceives 'signal 1'", tree, MAX,
                     reached, observed="signal 1"),
    ]


PHANTOM_GAME = ((1, 1), (1, 1), (0, 0), (0, 0), (2, 2), (0, 2), (0, 1), (0, 1), (1, 2), (2, 1))
"""A game of phantom tic-tac-toe for the public tracking cases, as the referee records it: X takes the
centre; O proposes the centre ("illegal") and takes (0, 0); X proposes (0, 0) ("illegal") and takes
(2, 2); O takes (0, 2); X takes (0, 1); O proposes (0, 1) ("illegal") and takes (1, 2); X takes (2, 1)
and wins with the middle column."""


def _record(game, actions):
    states = [game.initial_state]
    for a in actions:
        states.append(game.result(states[-1], a))
    return tuple(states), tuple(actions)


def _track_public():
    from ..games import KuhnPoker
    kuhn = KuhnPoker()
    hand = _record(kuhn, ("QK", "pass", "bet", "bet"))
    other = _record(kuhn, ("JQ", "bet", "pass"))
    game = _phantom()
    phantom = _record(game, PHANTOM_GAME)
    return [
        C.BeliefCase("Kuhn poker, MAX's side: QK dealt, pass, bet, call", kuhn, MAX, states=hand[0],
                     actions=hand[1]),
        C.BeliefCase("Kuhn poker, MIN's side: QK dealt, pass, bet, call", kuhn, MIN, states=hand[0],
                     actions=hand[1]),
        C.BeliefCase("Kuhn poker, MIN's side: JQ dealt, MAX bets, MIN folds", kuhn, MIN, states=other[0],
                     actions=other[1]),
        C.BeliefCase("a game of phantom tic-tac-toe, X's side", game, MAX, states=phantom[0],
                     actions=phantom[1]),
        C.BeliefCase("the same game, O's side", game, MIN, states=phantom[0], actions=phantom[1]),
    ]


def _belief_hidden(kind):
    def hidden(seed, n):
        from ..games import KuhnPoker
        rng = C.stable_random("belief", seed)
        out = []
        for i in range(n):
            name = f"hidden case {i + 1}"
            pick = i % 4
            if pick in (0, 1):
                pair = C.random_belief_cases(rng, _phantom(), rng.choice((MAX, MIN)), name=name)
            elif pick == 2:
                pair = C.random_tree_belief_cases(rng, (seed, i), name=name)
            else:
                game = KuhnPoker() if rng.random() < 0.5 else C.random_poker(rng)
                pair = C.random_belief_cases(rng, game, rng.choice((MAX, MIN)), decisions=2, name=name)
            out.append(pair[0] if kind == "predict" else pair[1])
        return out
    return hidden


def _track_hidden(seed, n):
    from ..games import KuhnPoker
    rng = C.stable_random("track", seed)
    out = []
    for i in range(n):
        game = _phantom() if i % 3 != 2 else (KuhnPoker() if rng.random() < 0.5 else C.random_poker(rng))
        player = rng.choice((MAX, MIN))
        states, actions = C.random_game_record(rng, game, player)
        out.append(C.BeliefCase(f"hidden game {i + 1}", game, player, states=states, actions=actions,
                                hidden=True))
    return out


def _clairvoyance_public():
    from ..games import KuhnPoker
    from .games import SmallPoker
    kuhn = KuhnPoker()
    return [
        C.DealCase("Kuhn poker 'J': MAX holds the jack", kuhn, "JK"),
        C.DealCase("Kuhn poker 'K': MAX holds the king", kuhn, "KQ"),
        C.DealCase("Kuhn poker 'Qb': MIN holds the queen and faces a bet", kuhn, "KQ", ("bet",)),
        C.DealCase("Kuhn poker 'Jb': MIN holds the jack and faces a bet", kuhn, "QJ", ("bet",)),
        C.DealCase("Kuhn poker 'Qpb': MAX holds the queen; it passed, MIN bet", kuhn, "QJ", ("pass", "bet")),
        C.DealCase("SmallPoker('JJQK') 'Qp': MIN holds the queen after a pass (the deck has two jacks)",
                   SmallPoker("JJQK"), "KQ", ("pass",)),
        C.DealCase("SmallPoker('JQKK', bet=3) 'Qpb': MAX holds the queen; it passed, MIN bet 3 "
                   "(the deck has two kings)", SmallPoker("JQKK", bet=3), "QK", ("pass", "bet")),
    ]


def _clairvoyance_hidden(seed, n):
    rng = C.stable_random("clairvoyance", seed)
    out, game = [], None
    for i in range(n):
        if i % 3 == 0:
            game = C.random_poker(rng)
        out.append(C.random_deal_case(rng, game, name=f"hidden case {i + 1}"))
    return out


class ImperfectFamily(Family):
    """Functions of partial observability: each gets a fresh copy of the game and is compared with
    gamelib.imperfect's answer (belief states as sets of states, averages within rounding, decisions
    exactly)."""

    def expected(self, task, case) -> Outcome:
        ref = C.reference_imperfect(task.kind, case)
        return Outcome((), None, ref) if task.kind == "decision" else Outcome((), ref)

    def attempt(self, task, case, expected) -> Attempt:
        own = copy.deepcopy(case.game)
        return Attempt(task.args(own, case), tuple, own, None, WATCHED, ALLOWED)

    def parse(self, task, returned, case) -> tuple:
        return _parse(task, returned, case)

    def difference(self, task, got, want, case) -> str:
        return _difference(task, got, want, case)

    def forbidden(self, task, call: str) -> str:
        return (f"it calls {call}, gamelib's own; this exercise asks you to write {task.name} yourself (of "
                "gamelib.imperfect, only percept may be used)")

    def agreement(self, task) -> str:
        return {"predict": "the same states", "update": "the same states",
                "track": "the same belief state after every percept", "averages": "the same averages",
                "decision": "the same decisions"}[task.kind]

    def mutant_returns(self, task) -> str:
        return "action" if task.kind == "decision" else "value"

    def diagnose(self, task, fn, result, time_limit) -> str:
        from .imperfect_diagnosis import diagnose
        return diagnose(task, fn, result, time_limit)


IMPERFECT = ImperfectFamily()


def _task(name, kind, args, public, hidden, reference) -> Task:
    return Task(name, kind, "action" if kind == "decision" else "value", args, public, hidden, reference, IMPERFECT)


TASKS = {
    "predict": _task("predict", "predict", lambda g, c: (g, set(c.belief), c.action, c.player),
                    _predict_public, _belief_hidden("predict"),
                    "gamelib.imperfect.predict (AIMA 4th ed. §4.4.2)"),
    "update": _task("update", "update", lambda g, c: (g, set(c.belief), c.observed, c.player),
                   _update_public, _belief_hidden("update"),
                   "gamelib.imperfect.update (AIMA 4th ed. §4.4.2)"),
    "track": _task("track", "track", lambda g, c: (g, c.player, list(c.states), list(c.actions)),
                  _track_public, _track_hidden, "gamelib.imperfect.track (AIMA 4th ed. §4.4.4)"),
    "clairvoyance_averages": _task(
        "clairvoyance_averages", "averages", lambda g, c: (g, c.deal, list(c.moves)),
        _clairvoyance_public, _clairvoyance_hidden,
        "gamelib.imperfect.clairvoyance_policy's averages (AIMA 4th ed. §5.6.2)"),
    "clairvoyance_decision": _task(
        "clairvoyance_decision", "decision", lambda g, c: (g, c.deal, list(c.moves)),
        _clairvoyance_public, _clairvoyance_hidden,
        "gamelib.imperfect.clairvoyance_policy's decision (AIMA 4th ed. §5.6.2)"),
}
"""The functions students write in assignment 05, by name."""


# ---------------------------------------------------------------------------------------------------
# Grading one case
# ---------------------------------------------------------------------------------------------------

def _as_set(x, what: str):
    """``(frozenset, problem)`` from what a student returned for a belief state."""
    if isinstance(x, Mapping):                   # {state: probability} is a belief state too
        x = x.keys()
    if isinstance(x, (str, bytes)) or not hasattr(x, "__iter__"):
        hint = " (did you forget to return it?)" if x is None else ""
        return None, f"{what} is {describe_returned(x)}{hint}; it should be a set of states"
    try:
        return frozenset(x), ""
    except TypeError:
        return None, f"{what} holds something that is not a state (unhashable: {describe_returned(x)})"


def _parse(task: Task, returned, case) -> tuple:
    """``(value, action, problem)`` from what a student's function returned."""
    if task.kind in ("predict", "update"):
        states, problem = _as_set(returned, "what it returned")
        return states, None, problem
    if task.kind == "track":
        if not isinstance(returned, (list, tuple)):
            hint = " (did you forget to return it?)" if returned is None else ""
            return None, None, (f"it returned {describe_returned(returned)}{hint}; it should return a list "
                                "of belief states, one after each percept")
        out = []
        for k, b in enumerate(returned):
            states, problem = _as_set(b, f"belief state {k + 1} of the list")
            if problem:
                return None, None, problem
            out.append(states)
        return tuple(out), None, ""
    legal = tuple(case.game.actions(case.state))
    if task.kind == "averages":
        if not isinstance(returned, Mapping):
            hint = " (did you forget to return it?)" if returned is None else ""
            return None, None, (f"it returned {describe_returned(returned)}{hint}; it should return a dict "
                                f"{{action: average}} over the actions {list(legal)}")
        if set(returned) != set(legal):
            return None, None, (f"it returned averages for {sorted(map(str, returned))}; the actions there "
                                f"are {list(legal)}")
        bad = [a for a in legal if not is_number(returned[a])]
        if bad:
            return None, None, f"the average of {bad[0]!r} is {describe_returned(returned[bad[0]])}, not a number"
        return {a: returned[a] for a in legal}, None, ""
    if not one_of(returned, legal):
        return None, None, (f"it returned {describe_returned(returned)}, which is not one of the actions "
                            f"there, {list(legal)}")
    return None, returned, ""


def _some(states, k: int = 2) -> str:
    shown = sorted(map(repr, states))[:k]
    shown = [s if len(s) <= 90 else s[:87] + "..." for s in shown]
    return ", ".join(shown) + (", ..." if len(states) > k else "")


def _states(k: int) -> str:
    return f"{k} state" if k == 1 else f"{k} states"


def _set_difference(got: frozenset, want: frozenset, hidden: bool) -> str:
    missing, extra = want - got, got - want
    if hidden:
        parts = [f"{len(missing)} missing"] if missing else []
        parts += [f"{len(extra)} that should not be there"] if extra else []
        return f"it returned {_states(len(got))}, the reference {len(want)} ({', '.join(parts)})"
    parts = [f"{_states(len(got))} where the reference has {len(want)}"]
    if missing:
        parts.append(f"missing {len(missing)} ({_some(missing)})")
    if extra:
        parts.append(f"{len(extra)} that should not be there ({_some(extra)})")
    return "; ".join(parts)


def _difference(task: Task, got: Outcome, want: Outcome, case) -> str:
    if task.kind in ("predict", "update"):
        return _set_difference(got.value, want.value, case.hidden)
    if task.kind == "track":
        if len(got.value) != len(want.value):
            return (f"it returned {len(got.value)} belief states; the player perceives {len(want.value)} "
                    "times (at each of its decisions and at the end)")
        k = next(i for i, (a, b) in enumerate(zip(got.value, want.value)) if a != b)
        return f"belief state {k + 1} of {len(want.value)}: " + _set_difference(got.value[k], want.value[k],
                                                                                case.hidden)
    if task.kind == "averages":
        if case.hidden:
            return "the averages are wrong"
        return ("averages yours {" + ", ".join(f"{a!r}: {fmt(v)}" for a, v in got.value.items())
                + "}, expected {" + ", ".join(f"{a!r}: {fmt(v)}" for a, v in want.value.items()) + "}")
    return "the decision is wrong" if case.hidden else f"decision {got.action!r}, expected {want.action!r}"


# ---------------------------------------------------------------------------------------------------
# By-hand answers
# ---------------------------------------------------------------------------------------------------

def _same_number(a, b) -> bool:
    return is_number(a) and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)


@quiet
def belief_by_hand(answer, game, player, steps, *, key=None, what: str = "your belief state"):
    """Compare a hand-computed belief state of ``player`` after ``steps`` (percepts and actions
    alternating, a percept first and last) with gamelib's :class:`~gamelib.imperfect.BeliefTracker`.
    ``answer``: a number (how many states), a set (of ``key(state)``, e.g. the boards), or a dict
    ``{key(state): probability}``."""
    __tracebackhide__ = True
    belief = _after(game, player, steps)
    key = key or (lambda s: s)
    if isinstance(answer, bool) or answer is ... or answer is None:
        fail(f"{what}: give an answer (it is {describe_returned(answer)})")
    if is_number(answer):
        if answer != len(belief):
            fail(f"{what}: you counted {answer!r} states; the belief state has another number (count the "
                  "states, not only the boards: what else does a state record?)")
    elif isinstance(answer, Mapping):
        want: dict = {}
        for s, p in belief.items():
            want[key(s)] = want.get(key(s), 0.0) + p
        missing = set(want) - set(answer)                # how many, never which: that would be the answer
        extra = set(answer) - set(want)                  # nor which cannot be: a deal is in it or not
        if missing or extra:
            parts = ([f"{len(missing)} missing"] if missing else []) + \
                ([f"{len(extra)} cannot be there"] if extra else [])
            fail(f"{what}: " + "; ".join(parts))
        off = [k for k in want if not _same_number(answer[k], want[k])]
        if off:
            text = (f"{what}: the probabilities are not right: {len(want) - len(off)} of {len(want)} are; "
                    f"{', '.join(sorted(map(str, off)))}: each is P(state | what the player knows), the chance of "
                    "dealing it over the chance of all the states the player cannot rule out")
            if len({round(answer[k], 9) for k in want if is_number(answer[k])}) == 1:
                text += " (yours are all equal, but the deals are not equally likely: count the cards)"
            fail(text)
    elif isinstance(answer, (set, frozenset, list, tuple)):
        want = {key(s) for s in belief}
        got = set(answer)
        if got != want:
            parts = []
            if want - got:
                parts.append(f"{len(want - got)} missing")
            if got - want:                               # how many, never which (a board is in it or not)
                parts.append(f"{len(got - want)} that cannot be")
            fail(f"{what}: " + "; ".join(parts))
    else:
        fail(f"{what} should be a number, a set or a dict; it is {describe_returned(answer)}")
    print(f"✓ {what} agrees with gamelib's belief tracker")


def _wins(game, belief, action, player) -> dict:
    """``{percept: belief}`` after ``action`` and whether each branch is won for sure."""
    from ..imperfect import GameOver, and_or_search, predict, split
    out = {}
    for o, b in split(game, predict(game, belief, action, player), player).items():
        out[o] = (isinstance(o, GameOver) and o.utility > 0) or \
            (not isinstance(o, GameOver) and and_or_search(game, b, player).found)
    return out


@quiet
def guaranteed_moves_by_hand(answer, game, player, steps, *, what: str = "your moves"):
    """The set of ``player``'s actions that begin a guaranteed win (AND-OR search over belief states,
    :func:`gamelib.imperfect.and_or_search`) from its belief after ``steps``."""
    __tracebackhide__ = True
    if not isinstance(answer, (set, frozenset, list, tuple)):
        fail(f"{what} should be a set of squares such as {{(0, 1)}}; it is {describe_returned(answer)}")
    belief = _after(game, player, steps)
    acts = game.actions(next(iter(belief)))
    want = {a for a in acts if all(_wins(game, belief, a, player).values())}
    got = set(answer)
    if got != want:
        wrong = len(got - want)                          # how many, never which: a move is in the set or not
        parts = [f"{wrong} of yours {'does' if wrong == 1 else 'do'} not win for sure (some board and some reply "
                 f"beat {'it' if wrong == 1 else 'each'})"] if wrong else []
        if want - got:
            parts.append(f"you left out {len(want - got)} move{'s' if len(want - got) > 1 else ''}")
        fail(f"{what}: " + "; ".join(parts))
    print(f"✓ {what} agree with AND-OR search over belief states")


@quiet
def wins_at_once_by_hand(answer, game, player, steps, action, *, key, what: str = "your count"):
    """How many ``key(state)`` (boards) of ``player``'s belief after ``steps`` ``action`` wins at once."""
    __tracebackhide__ = True
    belief = _after(game, player, steps)
    want = len({key(s) for s in belief if game.is_terminal(t := game.result(s, action))
                and game.utility(t, player) > 0})
    if not is_number(answer) or answer != want:
        fail(f"{what}: {answer!r} is not right")
    print(f"✓ {what} is right")


@quiet
def clairvoyance_by_hand(averages, decision, game, deal, moves=(), *, what: str = "your averages"):
    """Hand-computed averages over clairvoyance and the decision at one information set, against
    :func:`gamelib.imperfect.clairvoyance_policy`: how many averages are right, for each wrong one the rule
    and the slip it is (MAX's values at MIN's decision, equal weights for unequal deals, ...), and whether
    a wrong decision follows from the student's own averages; never a right average or the decision."""
    __tracebackhide__ = True
    from .imperfect_diagnosis import Deals, averages_slip, decision_slip
    case = C.DealCase("by hand", game, deal, tuple(moves))
    want = C.reference_imperfect("averages", case)
    if not isinstance(averages, Mapping) or set(averages) != set(want):
        fail(f"{what} should be a dict with the actions {list(want)}; it is {describe_returned(averages)}")
    deals = Deals(case)
    who = deals.player
    off = [a for a in want if not _same_number(averages[a], want[a])]
    ok = len(want) - len(off)
    wrong = [f"{ok} of {len(want)} averages {'is' if ok == 1 else 'are'} right"] if off else []
    for a in off:
        slip = averages_slip(deals, {k: v for k, v in averages.items() if is_number(v)}, a)
        wrong.append(f"the average of {a!r}: yours {averages[a]!r} is not the probability-weighted average, over the "
                     f"deals {who} cannot rule out, of the action's value for {who} with every card seen"
                     + (f" ({slip})" if slip else ""))
    played = C.reference_imperfect("decision", case)
    if decision != played:
        mine = {a: averages[a] for a in want if is_number(averages[a])}
        if off and len(mine) == len(want) and decision == _first_best(list(want), mine):
            wrong.append(f"the decision {decision!r} is the first best of your averages, which are wrong")
        else:
            slip = decision_slip(deals, want, decision)
            wrong.append(f"the decision {decision!r} is not right: averaging over clairvoyance plays the first action "
                         f"with the largest average of {who}'s own values" + (f" ({slip})" if slip else ""))
    if wrong:
        fail(f"{what}: " + "; ".join(wrong))
    print(f"✓ {what} agree with gamelib.imperfect.clairvoyance_policy")


def _first_best(actions, values: dict):
    """The first action with the largest of ``values``, ties within gamelib's tolerance (its rule)."""
    from ..imperfect.clairvoyance import TIE_TOLERANCE
    top = max(values.values())
    return next(a for a in actions if values[a] >= top - TIE_TOLERANCE * max(1.0, abs(top)))


def _histories(game) -> dict:
    """{state: (deal, moves)} for every decision of a card game dealt once at the start (its initial state
    a chance node): the deal and the moves since that reach it ({} for any other game)."""
    from ..core import CHANCE
    root = game.initial_state
    if game.is_terminal(root) or game.to_move(root) != CHANCE:
        return {}
    out = {}
    for deal, _ in game.chance_outcomes(root):
        stack = [(game.result(root, deal), ())]
        while stack and len(out) < 100_000:
            s, moves = stack.pop()
            if game.is_terminal(s):
                continue
            out[s] = (deal, moves)
            if game.to_move(s) == CHANCE:
                return {}
            stack.extend((game.result(s, a), moves + (a,)) for a in game.actions(s))
    return out


@quiet
def clairvoyant_policy(policy, its_exploitability, game, *, uses=None, what: str = "your policy"):
    """A student's clairvoyant policy table for ``game`` (``{infoset: {action: probability}}`` for both
    players) against gamelib's (ties to the first action), and its exploitability against
    :func:`gamelib.imperfect.exploitability` of that table.  ``uses``: the student's
    ``clairvoyance_decision`` the table is built from: where the table plays what that function decides (on
    a state of the information set), it is right too, so that a mistake of the decision (or of the averages
    under it) is charged on its own question only (:mod:`gamelib.grading.builton`).  A wrong table is told
    at how many information sets it plays what averaging over clairvoyance plays and, at the first one it
    does not, the rule (and the slip, when one alone explains it); a wrong exploitability, the rule; never
    the right play or number."""
    __tracebackhide__ = True
    from ..core import GameError
    from ..imperfect import as_policy, exploitability
    from .imperfect_diagnosis import Deals, decision_slip
    reference = C.clairvoyant_table(game)
    try:
        mine = as_policy(game, policy)
    except GameError as e:
        fail(f"{what} is not a policy for both players of {game!r}: {e}")
    except Exception as e:                                   # noqa: BLE001 -- whatever a student built
        fail(f"{what} is not a policy table {{infoset: {{action: probability}}}}: {type(e).__name__}: {e}")
    differ = [k for k in reference if any(abs(mine[k][a] - reference[k][a]) > 1e-9 for a in reference[k])]
    histories = _histories(game) if differ and uses is not None and callable(uses) else {}
    own = [k for k in differ if histories and _follows_own(k, mine[k], reference.form, histories, game, uses)]
    differ = [k for k in differ if k not in own]
    if differ:
        k = differ[0]
        state = reference.form.states(k)[0]
        player = game.to_move(state)
        played = [a for a, p in mine[k].items() if p > 1 - 1e-9]
        text = (f"{what}: {len(reference) - len(differ)} of {len(reference)} information sets play what averaging "
                f"over clairvoyance plays{' (or your own clairvoyance_decision decides)' if own else ''}; at {k!r} "
                f"({player} to move) yours "
                + (f"plays {played[0]!r}, which is not" if played else "mixes its actions, where it plays")
                + f" the first action with the largest average, over the deals {player} cannot rule out, of its value "
                  f"for {player} with every card seen")
        history = histories.get(state) or _histories(game).get(state)
        if played and history:
            case = C.DealCase("by hand", game, history[0], history[1])
            slip = decision_slip(Deals(case), C.reference_imperfect("averages", case), played[0])
            text += f" ({slip})" if slip else ""
        fail(text)
    true = exploitability(game, mine)
    if not _same_number(its_exploitability, true):
        fail(f"its exploitability: yours {its_exploitability!r} is not that of your policy: what a best response "
             "to it gains, gamelib.imperfect.exploitability(game, your policy)")
    if own:
        print(f"✓ {what} plays what averaging over clairvoyance plays, or what your own clairvoyance_decision "
              f"decides ({len(own)} of {len(reference)} information sets, whose decision is graded on its own), and "
              f"its exploitability is {true:.6g}")
        return
    print(f"✓ {what} is averaging over clairvoyance, and its exploitability is {true:.6g}")


def _follows_own(key, dist: dict, form, histories: dict, game, uses) -> bool:
    """Whether the student's table plays at ``key`` what their own ``clairvoyance_decision`` (``uses``)
    decides at a state of that information set (asked there under the usual guards)."""
    from .core import grade_case
    played = [a for a, p in dist.items() if p > 1 - 1e-9]
    if len(played) != 1:
        return False
    for state in form.states(key):
        if state not in histories:
            continue
        deal, moves = histories[state]
        r = grade_case(TASKS["clairvoyance_decision"], uses, C.DealCase("your policy", game, deal, moves))
        if r.student.error is None and r.student.action == played[0]:
            return True
    return False


# ---------------------------------------------------------------------------------------------------
# Sanity checks of the by-hand answers (public: consistent or not, never right or wrong)
# ---------------------------------------------------------------------------------------------------

@quiet
def boards_sanity(boards, view: str, *, what: str = "boards"):
    """Phantom tic-tac-toe boards X cannot rule out, given X's ``view`` with X to move: each a 9-character
    string of 'X', 'O' and '.', holding every mark of the view, X's marks only where the view has them,
    and as many O's as X's (X moved first and is to move again)."""
    __tracebackhide__ = True
    from .byhand import consistent
    problems = []
    for b in (boards if isinstance(boards, (set, frozenset, list, tuple)) else ()):
        if not (isinstance(b, str) and len(b) == 9 and set(b) <= set("XO.")):
            problems.append(f"{b!r} is not a board of 9 characters 'X', 'O' and '.'")
        elif any(v != "." and c != v for v, c in zip(view, b)):
            problems.append(f"{b!r} lacks a mark X sees")
        elif b.count("X") != view.count("X"):
            problems.append(f"{b!r} has X's marks that X does not have (X knows its own)")
        elif b.count("O") != b.count("X"):
            problems.append(f"{b!r} has {b.count('O')} O's for {b.count('X')} X's; it is X's turn")
    consistent(what, f"X's view {view!r} (every mark X sees, X's own marks, as many O's as X's)", problems)


@quiet
def deals_sanity(belief, deck: str, card: str, *, what: str = "the belief"):
    """A belief ``{deal: probability}`` of the player holding ``card`` (MIN: a deal names MAX's card first):
    deals of two cards of ``deck`` in which the player holds ``card``, probabilities adding up to 1."""
    __tracebackhide__ = True
    from .byhand import consistent
    problems = []
    if isinstance(belief, Mapping):
        for d, p in belief.items():
            if not (isinstance(d, str) and len(d) == 2 and set(d) <= set(deck)):
                problems.append(f"{d!r} is not a deal of two cards of {deck}")
            elif d[1] != card:
                problems.append(f"in {d!r} MIN does not hold {card}")
            elif is_number(p) and not 0 < p <= 1:
                problems.append(f"{d!r} has the probability {p!r}")
        total = sum(p for p in belief.values() if is_number(p))
        if all(is_number(p) for p in belief.values()) and not math.isclose(total, 1, abs_tol=1e-6):
            problems.append(f"the probabilities add up to {total:.4g}, not 1")
    consistent(what, f"MIN holding {card} in the deck {deck} (deals named MAX's card first, probabilities adding "
                     "up to 1)", problems)


@quiet
def policy_sanity(policy, game, *, what: str = "the policy"):
    """A policy table ``{information set: {action: probability}}`` for both players of ``game``: every
    information set of the game, each a distribution over its actions (:func:`gamelib.imperfect.as_policy`
    accepts it), and, as averaging over clairvoyance plays, probability 1 on one action."""
    __tracebackhide__ = True
    from ..core import GameError
    from ..imperfect import as_policy
    from .byhand import consistent
    problems = []
    try:
        table = as_policy(game, policy).table()
    except GameError as e:
        problems.append(str(e))
    except Exception as e:                                   # noqa: BLE001 -- whatever a student built
        problems.append(f"it is not a table {{information set: {{action: probability}}}} ({type(e).__name__})")
    else:
        mixed = [k for k, d in table.items() if not any(is_number(p) and math.isclose(p, 1) for p in d.values())]
        if mixed:
            problems.append(f"at {mixed[0]!r} no action has probability 1"
                            + (f" (and at {len(mixed) - 1} more)" if len(mixed) > 1 else ""))
    consistent(what, "a policy for both players that plays one action at each information set", problems)


__all__ = ["TASKS", "ImperfectFamily", "belief_by_hand", "guaranteed_moves_by_hand", "wins_at_once_by_hand",
           "clairvoyance_by_hand", "clairvoyant_policy", "boards_sanity", "deals_sanity",
           "policy_sanity"]

"""Why a partial-observability function went wrong: the first place where the student's answer and the
reference part, and the rule of the textbook that broke there, in its words.

The model is :mod:`gamelib.grading.diagnosis` (the searches).  A failed case of assignment 05 says *that*
an answer differs ("3 states where the reference has 5, missing 2 (...)"); a diagnosis says *where and
why*, whatever the bug, modelled in :mod:`gamelib.grading.mutants` or not:

* **PREDICT** (AIMA 4th ed. §4.4.2: the union of RESULT(s, a) over the states s of the belief, each
  carried on through every move of the opponent and every outcome of chance until the player is to move
  again or the game is over): for the first state wrongly missing, the path from a state of the belief
  that puts it in PREDICT, whose step the student's answer stopped at; for the first state wrongly kept,
  why no such path exists (another player is still to move there, it was carried past the player's own
  turn, it is a state of the belief itself, it comes from another action);
* **UPDATE** (the states of the predicted belief whose PERCEPT is the one received): the state's
  percept against the one received (the end of a game is perceived with its result; a player perceives
  with its own percept, not its opponent's);
* **tracking**: the first percept at which the beliefs part, and which of PREDICT and UPDATE broke
  there, judged from the reference's belief just before;
* **averaging over clairvoyance**: the first action whose average differs, the deals it averages over
  with their probabilities and values, and the slip the student's number is (MAX's values at MIN's
  decision, equal weights for deals that are not equally likely, deals the player can rule out, the true
  deal alone, the worst deal ...); for a **decision**, the averages and the rule that picks among them
  (the first best; the averages are the player's own values).

Everything is computed with gamelib's own functions (:mod:`gamelib.imperfect`, :func:`gamelib.expectiminimax`)
on the case itself: no second implementation of what is graded.  A diagnosis is only ever made on a case
the student may see (a public one, or one of the kit's own small ones in place of a hidden case).
"""
from __future__ import annotations

import math

from ..core import CHANCE, MAX, MIN
from .core import fmt

MAX_STATES = 20_000
"""How many states a diagnosis may walk through (PREDICT's paths), so that it costs a bounded time."""


def _short(x, limit: int = 90) -> str:
    text = repr(x)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _same(a, b) -> bool:
    try:
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    except TypeError:
        return False


def _who(game, state, player) -> str:
    mover = game.to_move(state)
    if mover == CHANCE:
        return "chance"
    return "you" if mover == player else f"{mover} (the opponent)"


def _moves(game, state, player):
    if game.to_move(state) == CHANCE:
        return [r for r, p in game.chance_outcomes(state) if p > 0]
    return list(game.actions(state))


# ---------------------------------------------------------------------------------------------------
# PREDICT
# ---------------------------------------------------------------------------------------------------

class _Paths:
    """Every path of PREDICT(b, a): from each state s of the belief, RESULT(s, a), then every move of the
    opponent and every outcome of chance until ``player`` is to move or the game is over.  ``reached``:
    {state: (s, path)} of the states PREDICT holds; ``passed``: those it goes through on the way (another
    player to move there)."""

    def __init__(self, game, belief, action, player):
        self.game, self.player = game, player
        self.reached, self.passed, self.complete = {}, {}, True
        count = 0
        for s in sorted(belief, key=repr):
            stack = [(game.result(s, action), (action,))]
            while stack:
                count += 1
                if count > MAX_STATES:
                    self.complete = False
                    return
                t, path = stack.pop()
                if game.is_terminal(t) or game.to_move(t) == player:
                    self.reached.setdefault(t, (s, path))
                    continue
                self.passed.setdefault(t, (s, path))
                for m in reversed(_moves(game, t, player)):
                    stack.append((game.result(t, m), path + (m,)))

    def walk(self, s, path) -> str:
        """The path in words: "from s, your a, then the opponent's m, then chance's r, lead to it"."""
        game, state, words = self.game, s, []
        for k, m in enumerate(path):
            who = _who(game, state, self.player)
            words.append(f"your {m!r}" if who == "you" else f"{who}'s {m!r}" if who == "chance"
                         else f"the opponent's {m!r}")
            state = game.result(state, m)
        return f"from {_short(s)}, " + ", then ".join(words) + (" leads to it" if len(path) == 1 else " lead to it")

    def states_on(self, s, path) -> list:
        out, state = [], s
        for m in path:
            state = self.game.result(state, m)
            out.append(state)
        return out


CARRY = ("PREDICT(b, a) is every RESULT(s, a), s in b, carried on through every move of the opponent and every "
         "outcome of chance until you are to move again or the game is over")


def predict_missing(paths: _Paths, t) -> str:
    """Why ``t``, which PREDICT holds and the student's answer does not, belongs there."""
    s, path = paths.reached[t]
    if paths.game.is_terminal(t):
        return (f"{_short(t)} is missing: {paths.walk(s, path)}, and the game is over there: a finished game is a "
                "state of the belief too (its percept says who won)")
    if len(path) == 1:
        return f"{_short(t)} is missing: it is RESULT(s, a) for s = {_short(s)} of b, and you are to move there"
    return f"{_short(t)} is missing: {paths.walk(s, path)}, and only there are you to move again ({CARRY})"


def predict_extra(paths: _Paths, u, belief, action) -> str:
    """Why ``u``, which the student's PREDICT holds, does not belong."""
    game, player = paths.game, paths.player
    if u in paths.passed:
        return (f"yours keeps {_short(u)}, where {_who(game, u, player)} is still to move, not you: {CARRY}")
    if u in belief:
        return (f"{_short(u)} should not be there: it is a state of b itself, before your action; PREDICT(b, a) "
                "holds the states after it")
    for r in list(paths.reached)[:200]:
        if game.is_terminal(r):
            continue
        for m in game.actions(r):
            after = game.result(r, m)
            if after == u or (not game.is_terminal(after) and game.to_move(after) != player
                              and u in _Paths(game, [r], m, player).reached):
                return (f"{_short(u)} should not be there: it comes only after a move of yours past {_short(r)}, "
                        "where you are to move again: PREDICT stops at your next turn")
    for b in _other_actions(game, belief, action, player):
        if u in _Paths(game, belief, b, player).reached:
            return f"{_short(u)} should not be there: it follows from b by the action {b!r}, not by {action!r}"
    return f"{_short(u)} should not be there: no state of b leads to it by {action!r} ({CARRY})"


def _other_actions(game, belief, action, player) -> list:
    out = []
    for s in belief:
        if game.is_terminal(s):
            continue
        for b in game.actions(s):
            if b != action and b not in out:
                out.append(b)
    return out[:12]


def diagnose_predict(case, got: frozenset, want: frozenset) -> str:
    """The first state wrongly kept (else wrongly missing) and the rule of PREDICT that puts it there or not."""
    paths = _Paths(case.game, case.belief, case.action, case.player)
    if not paths.complete:
        return ""
    extra = sorted(got - want, key=repr)
    if extra:
        return predict_extra(paths, extra[0], case.belief, case.action)
    missing = sorted(want - got, key=repr)
    return predict_missing(paths, missing[0]) if missing else ""


# ---------------------------------------------------------------------------------------------------
# UPDATE
# ---------------------------------------------------------------------------------------------------

UPDATE = "UPDATE(b̂, o) keeps exactly the states s of b̂ whose PERCEPT(s) is o, the percept received"


def update_missing(game, t, observed, player) -> str:
    from ..imperfect import GameOver
    text = f"{_short(t)} belongs: your percept of it is {_short(observed)}, the one received"
    if isinstance(observed, GameOver) and game.observation(t, player) != observed:
        text += (" (the game is over there: the percept at the end is its result, what percept(game, s, player) "
                 "gives, not the last view game.observation gives)")
    return text + f" ({UPDATE})"


def update_extra(game, u, belief, observed, player) -> str:
    from ..imperfect import percept
    if u not in belief:
        return (f"{_short(u)} should not be there: it is not a state of b̂; UPDATE only keeps states of the "
                "predicted belief state, it adds none")
    mine = percept(game, u, player)
    text = (f"{_short(u)} should not be there: your percept of it is {_short(mine)}, not {_short(observed)}, the "
            "one received")
    other = MIN if player == MAX else MAX
    if game.observation(u, player) == observed:
        text += (" (its last view is the percept, but the game is over there: at the end the percept is the "
                 "result; compare percept(game, s, player))")
    elif not game.is_terminal(u) and _percept_of(game, u, other) == observed:
        text += " (that is what the opponent perceives there: compare the player's own percept)"
    return text + f" ({UPDATE})"


def _percept_of(game, state, player):
    from ..imperfect import percept
    try:
        return percept(game, state, player)
    except Exception:                                   # noqa: BLE001 -- a game that has no such percept
        return None


def diagnose_update(case, got: frozenset, want: frozenset) -> str:
    """The first state wrongly kept (else wrongly dropped) and its percept against the one received."""
    extra = sorted(got - want, key=repr)
    if extra:
        return update_extra(case.game, extra[0], case.belief, case.observed, case.player)
    missing = sorted(want - got, key=repr)
    return update_missing(case.game, missing[0], case.observed, case.player) if missing else ""


# ---------------------------------------------------------------------------------------------------
# Tracking
# ---------------------------------------------------------------------------------------------------

def diagnose_track(case, got: tuple, want: tuple) -> str:
    """The first percept at which the beliefs part, and whether PREDICT or UPDATE broke there, judged from
    the reference's belief before it."""
    from ..imperfect import Belief, initial_belief, percept, predict
    if len(got) != len(want):
        return ""
    k = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
    if k is None:
        return ""
    game, player = case.game, case.player
    at = [i for i, s in enumerate(case.states) if game.is_terminal(s) or game.to_move(s) == player]
    here = case.states[at[k]]
    observed = percept(game, here, player)
    if k == 0:
        predicted, step = initial_belief(game, player).states, "at the start of the game"
        action = None
    else:
        action = case.actions[at[k - 1]]
        predicted = predict(game, Belief(want[k - 1]), action, player).states
        step = f"after your action {action!r}"
    head = (f"the belief states part first at percept {k + 1} of {len(want)} ({step}, perceiving "
            f"{_short(observed)})")
    mine, right = got[k], want[k]
    if mine == frozenset({here}) and len(right) > 1:
        return (head + ": yours is the true state alone; the belief is every state the player cannot tell from it "
                "(UPDATE on the player's percept, never on the referee's true state)")
    outside = sorted(mine - predicted, key=repr)
    if outside:
        if action is None:
            return (head + f": {_short(outside[0])} is not a state the game can be in at your first decision (the "
                    "initial belief is the initial state carried through chance and the opponent's moves); PREDICT "
                    "went wrong")
        paths = _Paths(game, want[k - 1], action, player)
        return head + ": PREDICT went wrong: " + predict_extra(paths, outside[0], want[k - 1], action)
    wrong_percept = sorted(mine - right, key=repr)
    if wrong_percept:
        return head + ": UPDATE went wrong: " + update_extra(game, wrong_percept[0], predicted, observed, player)
    t = sorted(right - mine, key=repr)[0]
    text = head + f": {_short(t)} is missing, and it belongs"
    if action is not None:
        paths = _Paths(game, want[k - 1], action, player)
        if t in paths.reached:
            s, path = paths.reached[t]
            text += f" ({paths.walk(s, path)})"
    return (text + ", and your percept of it is the one received: either your PREDICT leaves it out or your UPDATE "
            "drops it")


# ---------------------------------------------------------------------------------------------------
# Averaging over clairvoyance
# ---------------------------------------------------------------------------------------------------

class Deals:
    """At the case's decision: the player to move, every deal with its probability and its state after the
    moves, which of them the player cannot rule out (``kept``), and each deal's value of each action for
    the player to move, with every card seen (:func:`gamelib.expectiminimax`)."""

    def __init__(self, case):
        from ..minimax import expectiminimax
        game = case.game
        self.game, self.deal = game, case.deal
        state = case.state
        self.player = game.to_move(state)
        self.actions = list(game.actions(state))
        seen = game.observation(state, self.player)
        self.sign = 1 if self.player == MAX else -1
        self.deals, self.kept, self.value = [], [], {}
        for d, p in game.chance_outcomes(game.initial_state):
            s = game.result(game.initial_state, d)
            for m in case.moves:
                s = game.result(s, m)
            self.deals.append((d, p))
            if game.observation(s, self.player) == seen:
                self.kept.append((d, p))
            self.value[d] = {a: self.sign * expectiminimax(game, game.result(s, a)).value for a in self.actions}

    def mean(self, a, deals, weight=lambda p: p, sign: int = 1, normalize: bool = True) -> float:
        total = sum(weight(p) for _, p in deals)
        v = sum(weight(p) * sign * self.value[d][a] for d, p in deals)
        return v / total if normalize else v

    def slips(self) -> list:
        """[(words, {action: average})]: the averages by the rule (first) and by the slips put in its place."""
        out = [("", {a: self.mean(a, self.kept) for a in self.actions})]
        whose = ("it is MAX's average, not MIN's: at MIN's decision each deal is valued for MIN, minus MAX's value"
                 if self.player == MIN else
                 "it is minus the average: each deal is valued for the player to move at the decision, here MAX, not "
                 "for the player to move after the action")
        out.append((whose, {a: self.mean(a, self.kept, sign=-1) for a in self.actions}))
        plain = [
            ("its deals are weighted equally, but they are not equally likely: weight each by its probability "
             "(game.chance_outcomes), divided by the sum over the deals kept",
             {a: self.mean(a, self.kept, weight=lambda p: 1.0) for a in self.actions}),
            ("it averages over every deal, also those the player can rule out (they contradict what it sees): "
             "keep only the deals in which its observation is the one it has",
             {a: self.mean(a, self.deals) for a in self.actions}),
            ("it is not divided by the probability of the deals kept: P(deal | what the player knows) is "
             "P(deal) over the sum of P for the deals kept",
             {a: self.mean(a, self.kept, normalize=False) for a in self.actions}),
            ("it is the value in the true deal alone: the player cannot see the opponent's card, so it averages "
             "over every deal it cannot rule out",
             {a: self.value[self.deal][a] for a in self.actions}),
            ("it is the worst of the deals' values: averaging over clairvoyance averages them, it does not assume "
             "the worst", {a: min(self.value[d][a] for d, _ in self.kept) for a in self.actions}),
            ("it is the best of the deals' values: averaging over clairvoyance averages them",
             {a: max(self.value[d][a] for d, _ in self.kept) for a in self.actions}),
            ("each deal's probability counts twice (P(deal)² as the weight): P(deal | what the player knows) "
             "weights each deal once", {a: self.mean(a, self.kept, weight=lambda p: p * p) for a in self.actions}),
        ]
        out += plain
        out += [(f"{words} (and {whose})", {a: -v for a, v in avg.items()}) for words, avg in plain]
        return out

    def terms(self, a) -> str:
        total = sum(p for _, p in self.kept)
        return " + ".join(f"{fmt(p / total)}·{fmt(self.value[d][a])}" for d, p in self.kept)

    def describe(self) -> str:
        listed = ", ".join(str(d) for d, _ in self.kept)
        return f"{self.player} to move; the deals {self.player} cannot rule out: {listed}"


def _matches(averages: dict, got: dict, actions) -> bool:
    return all(a in got and _same(got[a], averages[a]) for a in actions)


def averages_slip(deals: Deals, got: dict, a) -> str:
    """The slip the student's averages ``got`` are (all of them, else the one of action ``a``), in words
    that hold no number; '' when none is."""
    slips = deals.slips()[1:]
    return (next((w for w, avg in slips if _matches(avg, got, deals.actions)), None)
            or next((w for w, avg in slips if a in got and _same(got[a], avg[a])), None) or "")


def diagnose_averages(case, got: dict, want: dict) -> str:
    deals = Deals(case)
    actions = deals.actions
    a = next((x for x in actions if not _same(got.get(x), want[x])), None)
    if a is None:
        return ""
    text = (f"{deals.describe()}; the average of {a!r} is Σ P(deal | what {deals.player} sees) × the deal's value "
            f"of {a!r} for {deals.player} with every card seen, in that order = {deals.terms(a)} = {fmt(want[a])}, "
            f"and yours is {fmt(got[a])}")
    slip = averages_slip(deals, got, a)
    if slip:
        return text + f": {slip}"
    return text + ": check each deal's value (the minimax value of RESULT(s, a) for the player to move) and its weight"


def decision_slip(deals: Deals, averages: dict, got) -> str:
    """Why ``got`` is not the decision averaging over clairvoyance makes (``averages``: the right ones), in words
    that hold no number: a tie broken the other way, or the one slip (among a vote of the deals, the true deal
    alone, the least average at MIN's decision) that alone gives ``got``; '' when none does."""
    actions = deals.actions
    if got not in averages:
        return ""
    top = max(averages.values())
    if _same(averages[got], top):
        return ("it ties with the best, and of equal averages the first in the game's order is played (move to a "
                "new best only on a strictly larger average)")
    votes = dict.fromkeys(actions, 0.0)
    for d, p in deals.kept:
        votes[max(actions, key=lambda x, d=d: deals.value[d][x])] += p
    slips = [(max(actions, key=votes.get), "it is the move best in the most (likely) deals: averaging over "
              "clairvoyance compares the average values, not how often a move is best"),
             (max(actions, key=lambda x: deals.value[deals.deal][x]),
              "it is the best move in the true deal alone: the player cannot see the opponent's card, so it plays "
              "the best average over every deal it cannot rule out")]
    if deals.player == MIN:
        slips.append((min(actions, key=averages.get), "it has the least average: the averages are MIN's own values "
                      "(minus MAX's), so MIN too plays the largest"))
    fits = [words for action, words in slips if action == got]
    return fits[0] if len(fits) == 1 else ""              # named only when it alone explains the move


def diagnose_decision(case, got, want) -> str:
    from .cases import reference_imperfect
    deals = Deals(case)
    averages = reference_imperfect("averages", case)
    listed = ", ".join(f"{a!r} {fmt(averages[a])}" for a in deals.actions)
    text = (f"the averages over clairvoyance here, {deals.player}'s own values, are {listed}; averaging over "
            f"clairvoyance plays the first action with the largest, {want!r}; yours is {got!r}")
    slip = decision_slip(deals, averages, got)
    return f"{text}: {slip}" if slip else text


def diagnose(task, fn, result, time_limit: float) -> str:
    """The diagnosis of one failed case of assignment 05 (``result``, a
    :class:`~gamelib.grading.core.CaseResult`), or '' when the case's own line says it all (an error, an
    answer of the wrong form) or the case is hidden."""
    got, want, case = result.student, result.expected, result.case
    if got.error is not None or getattr(case, "hidden", False):
        return ""
    try:
        if task.kind == "predict" and got.value is not None:
            return diagnose_predict(case, got.value, want.value)
        if task.kind == "update" and got.value is not None:
            return diagnose_update(case, got.value, want.value)
        if task.kind == "track" and got.value is not None:
            return diagnose_track(case, got.value, want.value)
        if task.kind == "averages" and got.value is not None:
            return diagnose_averages(case, got.value, want.value)
        if task.kind == "decision" and got.action is not None:
            return diagnose_decision(case, got.action, want.action)
    except Exception:                                    # noqa: BLE001 -- a diagnosis is a help, never a failure
        return ""
    return ""


__all__ = ["Deals", "diagnose", "diagnose_predict", "diagnose_update", "diagnose_track", "diagnose_averages",
           "diagnose_decision", "averages_slip", "decision_slip"]

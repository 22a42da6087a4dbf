"""A trace's events in words: what the explorer says at each step, what the notebooks print, and what
the graders explain with.

:func:`describe_event` puts one event of a two-player search into a line of plain English;
:func:`describe_maxn_event` one event of max^n.  The "why" texts explain a cut: :func:`why_cut` at a
MAX or MIN node (AIMA 4th ed. Fig. 5.7), :func:`why_chance_cut` at a chance node Ballard's Star1 cut,
and :func:`star1_window_text` the window Star1 hands an outcome.  Nothing here draws.
"""
from __future__ import annotations

from ..core import CHANCE, MAX, MIN, ArgumentError
from ..validate import renamed
from .events import Event
from .fmt import fmt_number, fmt_value, fmt_vector, tidy


def describe_event(event, player=None) -> str:
    """One line of plain English for a trace event (used by the explorer and in notebooks).

    Pass ``player`` (``game.to_move(event.state)``) to have prunes explained from the right side: a
    MAX node stops when v ≥ β, a MIN node when v ≤ α, a chance node (Star1) when the expectation is
    bounded outside the window whatever its unsearched outcomes hold.
    """
    window = f" with window [{fmt_value(event.alpha)}, {fmt_value(event.beta)}]" if event.alpha is not None else ""
    if event.kind == "enter":
        via = f" via {event.action}" if event.action is not None else " (the root)"
        return f"enter {event.state}{via}{window}"
    if event.kind == "leaf":
        return f"leaf {event.state}: utility {fmt_value(event.value)}"
    if event.kind == "exit":
        return f"exit {event.state} with value {fmt_value(event.value)}"
    v, a, b = (fmt_value(x) for x in (event.value, event.alpha, event.beta))
    low, high = event.value <= event.alpha, event.value >= event.beta
    if player == CHANCE:
        why = (f"whatever the unsearched outcomes hold, the expectation is at most {v} ≤ α = {a}" if low
               else f"whatever the unsearched outcomes hold, the expectation is at least {v} ≥ β = {b}")
    elif player == MAX and not high:
        why = f"only some moves were searched (a Star2 probe or a beam), so {v} is a lower bound"
    elif player == MIN and not low:
        why = f"only some moves were searched (a Star2 probe or a beam), so {v} is an upper bound"
    elif player == MAX:
        why = f"value {v} ≥ β = {b}: MIN has a choice at least as good above"
    elif player == MIN:
        why = f"value {v} ≤ α = {a}: MAX has a choice at least as good above"
    # Without the player: the window was updated to v before the test, so a MAX cut leaves α = v ≥ β
    # and a MIN cut leaves β = v ≤ α; when α = β both readings are true.
    elif event.alpha == event.beta:
        why = f"the window [{a}, {b}] is empty"
    elif event.beta == event.value:
        why = f"value {v} ≤ α = {a}: MAX has a choice at least as good above"
    else:
        why = f"value {v} ≥ β = {b}: MIN has a choice at least as good above"
    skipped = ", ".join(map(str, event.skipped))
    verb = "is" if len(event.skipped) == 1 else "are"
    return f"prune at {event.state}: {why}, so {skipped} {verb} never searched"



def why_cut(event, player, *, tree, star1_bounds=None) -> str:
    """Why a MAX or MIN node was cut (the explorer's "why:" line under a prune event), in words.

    Alpha-beta, AIMA 4th ed. Fig. 5.7: a MIN node stops once its value v ≤ α (MAX already has α
    elsewhere on the path, so it never lets play come here), a MAX node once v ≥ β.  ``player`` is
    ``tree.to_move(event.state)``.  ``star1_bounds`` = (L, U) when the search was Ballard's Star1 on a
    tree with chance nodes: a value at L (MIN) or U (MAX) cannot be bettered, and below a chance node
    α and β also carry Star1's window for that outcome (see :func:`star1_window_text`).
    """
    v, a, b = fmt_value(event.value), fmt_value(event.alpha), fmt_value(event.beta)
    if star1_bounds is not None:
        L, U = star1_bounds
        if player == MIN and event.value <= L:
            return (f"why: {v} is the lowest utility there is (L = {fmt_value(L)}): MIN cannot do "
                    "better, so its other moves are not needed")
        if player == MAX and event.value >= U:
            return (f"why: {v} is the highest utility there is (U = {fmt_value(U)}): MAX cannot do "
                    "better, so its other moves are not needed")
    if player == MIN:
        text = (f"why: MIN can hold MAX to {v} or less here, but MAX already has "
                f"α = {a} elsewhere on the path, so MAX never comes here")
    else:
        text = (f"why: MAX can get {v} or more here, but MIN already holds MAX to "
                f"β = {b} elsewhere on the path, so MIN never lets play come here")
    above = tree.parent(event.state)
    while above is not None and tree.players[above] != CHANCE:
        above = tree.parent(above)
    if above is not None and star1_bounds is not None:
        text += (f" (below chance node {above}, α and β also carry Star1's window for its "
                 f"outcome: a value outside it decides {above} whatever its other outcomes hold)")
    return text


@renamed(bounds=("lower", "upper"))
def why_chance_cut(event, view, *, tree, lower, upper) -> str:
    """Why Ballard's Star1 (1983) cut chance node ``event.state``, in words: the expectation, with
    every outcome not yet searched at the bound U (fail low) or L (fail high), is already outside the
    window [α, β].  ``view``: the :class:`TraceView` at that event, made with the same bounds (its
    ``ranges`` give what each searched outcome is proven to be worth); ``lower`` = L and ``upper`` = U,
    the lower and upper bounds on every utility Star1 was told.  (Star1 extends alpha-beta, AIMA 4th ed. Fig. 5.7, to
    the chance nodes of expectiminimax, AIMA 4th ed. §5.5.)"""
    L, U = lower, upper
    low = event.value <= event.alpha
    terms, total = [], 0.0
    for (a, child), p in zip(tree.children[event.state], tree.probabilities[event.state]):
        if child in view.ranges:
            lo, hi = view.ranges[child]
            x, what = (hi, f"{a}") if low else (lo, f"{a}")
        else:
            x, what = (U, f"{a} unsearched: U") if low else (L, f"{a} unsearched: L")
        shown = fmt_value(tidy(x))
        terms.append(f"{fmt_value(p)}·{f'({shown})' if x < 0 else shown} ({what})")
        total += p * x
    bound = "at most" if low else "at least"
    if low:
        tail = (f"≤ α = {fmt_value(event.alpha)}: MAX already has {fmt_value(event.alpha)} elsewhere on the path, "
                "so it never lets play come here")
    else:
        tail = (f"≥ β = {fmt_value(event.beta)}: MIN already holds MAX to {fmt_value(event.beta)} elsewhere on the "
                "path, so it never lets play come here")
    return (f"why: whatever the unsearched outcomes hold (between L = {fmt_value(L)} and U = {fmt_value(U)}), "
            f"{event.state} is worth {bound} " + " + ".join(terms)
            + f" = {fmt_value(tidy(total))} {tail}")


@renamed(bounds=("lower", "upper"))
def star1_window_text(event, view, *, tree, lower, upper) -> str:
    """What the window Ballard's Star1 (1983) hands an outcome of a chance node means, in words
    (``event``: the outcome's 'enter' event).  The window is Ballard's A_i, B_i clipped to
    [L, U] (``lower``, ``upper``): if the outcome is worth A_i or less, the chance node is at most its α
    whatever the other outcomes hold; if B_i or more, at least its β.  The trace records the clipped
    window, so only an end inside (L, U) is explained.  ``view``: the :class:`TraceView` at that
    event (its ``window`` holds the chance node's own [α, β])."""
    parent = tree.parent(event.state)
    L, U = lower, upper
    pa, pb = view.window.get(parent, (None, None))
    a, b = fmt_value(tidy(event.alpha)), fmt_value(tidy(event.beta))
    text = f"Star1 searches outcome {event.action} of {parent} with the window [{a}, {b}]"
    claims = []
    if event.alpha > L and pa is not None:
        claims.append(f"{event.state} is worth {a} or less, {parent} is at most its α = {fmt_value(pa)} "
                      "whatever the other outcomes hold")
    if event.beta < U and pb is not None:
        claims.append(f"{event.state} is worth {b} or more, {parent} is at least its β = {fmt_value(pb)}")
    if not claims:
        return text + (f", all of [L, U] = [{fmt_value(L)}, {fmt_value(U)}]: no value of this outcome "
                       f"alone can decide {parent} yet")
    return text + ": if " + "; if ".join(claims)


def describe_maxn_event(event, mover=None, players=None, *, tied=None, ties: str = "first", root=None) -> str:
    """One line of plain English for an event of a max^n trace.  ``mover`` is ``tree.to_move`` of the
    event's state and ``players`` the vector order (to name the component the mover maximizes).

    ``tied``: at an 'exit', the children that tie for the mover's best component, ``[(action, vector),
    ...]`` (:class:`~gamelib.trace.MaxnView`'s ``tied``): the mover is indifferent between them, and the
    line says so, and how the tie rule ``ties`` (:func:`gamelib.maxn`'s) chose among them (``root``:
    the player at the searched state, whom 'adversarial' plays against)."""
    if not isinstance(event, Event):
        raise ArgumentError(f"event must be an Event of a max^n trace (maxn(tree, trace=True).trace[k]), got "
                            f"{event!r}")
    if event.kind == "enter":
        via = f" via {event.action}" if event.action is not None else " (the root)"
        return f"enter {event.state}{via}"
    if event.kind == "leaf":
        what = "utilities" if isinstance(event.value, tuple) else "utility"
        return f"leaf {event.state}: {what} {fmt_vector(event.value)}"
    if event.kind != "exit":
        return f"{event.kind} {event.state}: {fmt_vector(event.value)}"
    if mover == CHANCE:
        return f"exit {event.state} with {fmt_vector(event.value)}: the expectation over its outcomes"
    if mover is None:
        return f"exit {event.state} with {fmt_vector(event.value)}"
    known = players is not None and mover in players and isinstance(event.value, tuple)
    if known and tied and len(tied) > 1:
        i = list(players).index(mover)
        names = (" and ".join(a for a, _ in tied) + " both") if len(tied) == 2 else (
            ", ".join(a for a, _ in tied) + " all")
        taken = next((a for a, v in tied if v == event.value), tied[0][0])
        return (f"exit {event.state} with {fmt_vector(event.value)}: {mover} is tied, {names} give it "
                f"{fmt_number(tied[0][1][i])}; " + _tie_words(ties, tied, i, list(players), root) + f": {taken}")
    which = ""
    if known:
        i = list(players).index(mover)
        which = f" (its own component, number {i + 1}, is {fmt_number(event.value[i])})"
    return f"exit {event.state} with {fmt_vector(event.value)}: the child best for {mover}, who moves there{which}"


def _tie_words(ties, tied, i, players, root) -> str:
    """How the tie rule ``ties`` chooses among ``tied`` (the mover is player number ``i``)."""
    def others(v):
        return fmt_number(sum(v) - v[i])
    sums = ", ".join(f"{a} {others(v)}" for a, v in tied)
    if ties == "spiteful":
        return f"spiteful breaks the tie against the others (the sums of their components: {sums})"
    if ties == "generous":
        return f"generous breaks it for the others (the sums of their components: {sums})"
    if ties in ("adversarial", "paranoid") and root in players:
        r = players.index(root)
        if r == i or len({v[r] for _, v in tied}) == 1:
            return (f"adversarial breaks it against {root}, the player at the root, who gets "
                    f"{fmt_number(tied[0][1][r])} from each: so the first")
        theirs = ", ".join(f"{a} {fmt_number(v[r])}" for a, v in tied)
        return f"adversarial breaks it against {root}, the player at the root ({theirs})"
    return "max^n keeps the first of equal children, as minimax does"

"""Pictures of optimal Pig play (Neller & Presser 2004, their figures of the roll/hold boundary).

    from gamelib.games.pig import solve
    from gamelib.viz.pig_policy import draw_policy
    sol = solve(100)
    draw_policy(sol)                                   # hold-at turn total across my score, a line per
                                                       # opponent score, "hold at 20" for reference
    draw_policy(sol, kind="map")                       # the same threshold over (my score, opp. score)
    draw_policy(sol, kind="region", opponent_scores=30) # roll/hold over (my score, turn total)

The lines and the map draw :meth:`PigSolution.hold_threshold`, the smallest turn total at which the
optimal player holds.  That is a summary: in a few states the optimal player rolls again above it
(after a big face jumps the hold region), which the "region" picture shows exactly.  Nothing here
solves anything; it draws a solution.
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import LineCollection

from ..core import ArgumentError
from .alt import describe
from .palette import TEXT

KINDS = ("lines", "map", "region")
LIGHTEST = 0.6
"""How far along viridis the lines' colours go: viridis(0.6) is 3.0:1 on white (WCAG 1.4.11's least for
a line; 0.85, yellow-green, was 1.7:1)."""


def draw_policy(solution, ax=None, *, kind: str = "lines", opponent_scores=(0, 30, 60, 90),
                hold_at: int | None = 20):
    """Draw the optimal Pig policy of ``solution`` (a :class:`gamelib.games.pig.PigSolution`) on
    ``ax`` (a new figure if None) and return ``ax``.

    kind='lines'   for each opponent score in ``opponent_scores``, the turn total at which to hold
                   (y) against my score (x); a dashed line at ``hold_at`` (None: no line) for the
                   "hold at 20" rule of thumb.  Where the line meets the diagonal ``target - i`` the
                   player rolls on until it wins.
    kind='map'     the hold threshold as a heat map over my score (x) and the opponent's (y).
    kind='region'  for one opponent score (``opponent_scores``, an int), every (my score, turn total)
                   coloured roll or hold: the policy itself, exceptions included.
    """
    if kind not in KINDS:
        raise ArgumentError(f"kind must be one of {KINDS}, got {kind!r}")
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 4.8))
    T = solution.target
    h = solution.hold_threshold()
    mine = np.arange(T)
    if kind == "lines":
        colors = plt.cm.viridis(np.linspace(0, LIGHTEST, len(opponent_scores)))
        for j, color in zip(opponent_scores, colors):
            ax.plot(mine, h[:, j], drawstyle="steps-mid", color=color, label=f"opponent has {j}")
        if hold_at is not None:
            ax.axhline(hold_at, color="grey", linestyle="--", linewidth=1, label=f"hold at {hold_at}")
        ax.set_xlim(0, T - 1)
        ax.set_ylim(0, max(h[:, list(opponent_scores)].max(), hold_at or 0) + 2)
        ax.set_xlabel("my score i")
        ax.set_ylabel("hold once the turn total reaches")
        ax.set_title(f"Optimal Pig (target {T}): when to hold")
        ax.legend(fontsize="small")
    elif kind == "map":
        image = ax.imshow(h.T, origin="lower", cmap="viridis", aspect="equal")
        ax.figure.colorbar(image, ax=ax, label="hold at turn total")
        # The colours' second cue: a few thresholds drawn as labelled lines (viridis's yellow end is 1.2:1
        # on white, and neighbouring shades far below 3:1 apart).
        levels = np.unique(np.round(np.linspace(h.min(), h.max(), 6)[1:-1]))
        if len(levels):
            lines = ax.contour(h.T, levels=levels, colors=TEXT, linewidths=0.8)
            ax.clabel(lines, fontsize=7, fmt="%d")
        ax.set_xlabel("my score i")
        ax.set_ylabel("opponent's score j")
        ax.set_title(f"Optimal Pig (target {T}): hold threshold")
    else:
        j = opponent_scores
        if not isinstance(j, (int, np.integer)) or not 0 <= j < T:
            raise ArgumentError(f"kind='region' draws one opponent score: an int in [0, {T}), got {j!r}")
        rolls = solution.rolls[:, j, :].T.astype(float)  # rows: turn total k, columns: my score i
        k = np.arange(T)[:, None]
        region = np.ma.masked_where(k + mine[None, :] >= T, rolls)
        cmap = plt.matplotlib.colors.ListedColormap(["#fdae6b", "#6baed6"]).with_extremes(bad="white")
        ax.imshow(region, origin="lower", cmap=cmap, vmin=0, vmax=1, aspect="equal",
                  interpolation="nearest")
        handles = [plt.matplotlib.patches.Patch(color="#6baed6", label="roll"),
                   plt.matplotlib.patches.Patch(color="#fdae6b", label="hold")]
        ax.legend(handles=handles, fontsize="small", loc="upper right")
        # The regions' edges drawn (the two fills are 1.3:1 apart, hold 1.8:1 on white; WCAG 1.4.11 asks 3:1).
        ax.add_collection(LineCollection(_region_edges(np.ma.filled(region, -1)), colors=TEXT, linewidths=0.9,
                                         zorder=2, gid="region edges"), autolim=False)
        ax.set_xlabel("my score i")
        ax.set_ylabel("turn total k")
        ax.set_title(f"Optimal Pig (target {T}), opponent has {j}")
        # The colours' second cue: the regions named where they are widest, the words starting there
        # (centred on the axis's first column, they ran over its tick labels).
        i = int(np.argmax([(T - m) - h[m, j] for m in range(T)]))
        for word, k_at in (("ROLL", h[i, j] / 2), ("HOLD", (h[i, j] + T - i) / 2)):
            ax.text(i + 1, k_at, word, ha="left", va="center", fontsize=9, fontweight="bold", color=TEXT)
        exceptions = int(sum(1 for m in range(T) for k in range(T - m)
                             if bool(solution.rolls[m, j, k]) != (k < h[m, j])))
        describe(ax, f"The optimal policy when the opponent has {j}, for every my score i (across, 0 to {T - 1}) and "
                     f"turn total k (up): roll (blue, labelled ROLL) below the hold threshold, hold (orange, "
                     f"labelled HOLD) at or above it; {exceptions} cells break that pattern.",
                 details=(f"Hold thresholds by my score: {_threshold_runs(h[:, j])}.",))
        return ax
    if kind == "lines":
        describe(ax, "Step lines of the turn total at which the optimal player holds (up) against my score i "
                     f"(across, 0 to {T - 1}), one line for each opponent's score: " + "; ".join(
                         f"opponent has {j}: {int(h[0, j])} at i = 0, between {int(h[:, j].min())} and "
                         f"{int(h[:, j].max())}" for j in opponent_scores)
                 + (f". A dashed line marks the rule of thumb, hold at {hold_at}." if hold_at is not None else ".")
                 + f" Where a line meets the diagonal {T} − i, the player rolls on until it wins.",
                 details=tuple(f"Opponent has {j}, hold threshold by my score: {_threshold_runs(h[:, j])}."
                               for j in opponent_scores))
    else:
        describe(ax, f"Heat map of the hold threshold over my score i (across) and the opponent's score j (up), "
                     f"from {int(h.min())} to {int(h.max())}.",
                 details=tuple(f"Opponent has {j}: {_threshold_runs(h[:, j])}." for j in range(0, T, 10)))
    return ax


def _region_edges(cells) -> list:
    """The segments between neighbouring cells of an image ``cells`` (rows up, as ``imshow(origin='lower')``
    draws it, cell (k, i) centred at x = i, y = k) whose values differ."""
    segments = []
    rows, cols = cells.shape
    for k in range(rows):
        for i in range(cols):
            if i + 1 < cols and cells[k, i] != cells[k, i + 1]:
                segments.append([(i + 0.5, k - 0.5), (i + 0.5, k + 0.5)])
            if k + 1 < rows and cells[k, i] != cells[k + 1, i]:
                segments.append([(i - 0.5, k + 0.5), (i + 0.5, k + 0.5)])
    return segments


def _threshold_runs(thresholds) -> str:
    """'i 0–3: 21, i 4–10: 20, ...': a column of hold thresholds, equal neighbours run together."""
    parts, start = [], 0
    for i in range(1, len(thresholds) + 1):
        if i == len(thresholds) or thresholds[i] != thresholds[start]:
            span = f"i {start}" if i - 1 == start else f"i {start}–{i - 1}"
            parts.append(f"{span}: {int(thresholds[start])}")
            start = i
    return ", ".join(parts)

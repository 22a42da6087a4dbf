"""gamelib.viz.collisions: the measure finds what it should and nothing else, and show() refuses a
picture with a collision when the suite asks it to (GAMELIB_CHECK_PICTURES)."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib.viz import alt  # noqa: E402
from gamelib.viz.alt import describe  # noqa: E402
from gamelib.viz.collisions import Collision, check, collisions  # noqa: E402


def test_the_measure_finds_what_it_should():
    """Two texts on each other, a line through a text, a text off the figure: found; a text in a white
    box on its line, and texts side by side: not."""
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.set_axis_off()
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.plot([0, 10], [5, 5], zorder=1)
    ax.text(2, 5, "struck", ha="center", va="center")
    ax.text(6, 5, "boxed", ha="center", va="center", zorder=2, bbox={"fc": "white", "ec": "none"})
    ax.text(2, 8, "left", ha="center")
    ax.text(2.3, 8, "over", ha="center")
    ax.text(8, 1, "apart")
    ax.text(12, 1, "off")
    ax.scatter([5, 5.2], [1.5, 1.5], s=200, zorder=2)
    ax.text(5, 1.5, "in", ha="center", va="center", zorder=3)
    found = collisions(fig, trees=[ax], inside=True)
    plt.close(fig)
    assert sorted(found) == sorted(["'left' over 'over'", "an edge through 'struck'", "'off' outside the figure",
                                    "two nodes over each other"])


def _overlapping_ticks():
    """The fault notebook 05a's "rounds m" plot was reported with: an x tick label '0' over a y tick
    label '10^0'."""
    fig, ax = plt.subplots(figsize=(2, 1.5))
    ax.plot([0, 1], [1, 2])
    ax.text(0.5, 1.5, "0")
    ax.text(0.5, 1.5, "$10^0$")
    describe(fig, "A line from 1 to 2, under two texts written on each other.")
    return fig


def test_check_names_what_overlaps():
    fig = _overlapping_ticks()
    with pytest.raises(Collision, match="collision"):
        check(fig)
    plt.close(fig)


def test_show_refuses_a_picture_with_a_collision_only_when_asked(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    monkeypatch.setenv("GAMELIB_CHECK_PICTURES", "1")
    with pytest.raises(Collision):
        alt.show(_overlapping_ticks())
    assert not shown
    monkeypatch.delenv("GAMELIB_CHECK_PICTURES")
    alt.show(_overlapping_ticks())
    assert len(shown) == 1
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    describe(fig, "A line from 3 to 4.")
    monkeypatch.setenv("GAMELIB_CHECK_PICTURES", "1")
    alt.show(fig)
    assert len(shown) == 2

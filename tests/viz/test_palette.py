"""The kit's colours (gamelib.viz.palette): text legible (WCAG 2.1 AA contrast, by WCAG's own formula),
categories distinct under the three common colour blindnesses (simulated with colorspacious, Machado,
Oliveira & Fernandes 2009, at full severity), and every colour the issue-30 audit measured now passing."""
import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert
from matplotlib.colors import to_rgb

from gamelib.viz import drawing, maxn
from gamelib.viz.infosets import PALETTE
from gamelib.viz.palette import (CATEGORIES, CURRENT, FOCUS, MUTED, OKABE_ITO, PRUNED_EDGE, TEXT, contrast, ink,
                                 text_on)

CVD = ("protanomaly", "deuteranomaly", "tritanomaly")


def seen(color, cvd=None):
    """``color`` as a person with colour blindness ``cvd`` sees it (None: normal vision), in CAM02-UCS."""
    rgb = np.array(to_rgb(color))
    if cvd is not None:
        rgb = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)
    return cspace_convert(rgb, "sRGB1", "CAM02-UCS")


def closest(colors, cvd=None) -> float:
    """The smallest perceptual distance (CAM02-UCS ΔE) between two of ``colors`` as ``cvd`` sees them."""
    return min(float(np.linalg.norm(seen(a, cvd) - seen(b, cvd))) for a, b in itertools.combinations(colors, 2))


def test_the_contrast_formula_gives_wcag_s_numbers():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast("#767676") == pytest.approx(4.54, abs=0.01)        # WCAG's best-known grey on white
    # The audit's figures, before: all below 4.5:1.
    for before, ratio in (("#aaaaaa", 2.32), ("#2e8b57", 4.25), ("#d35400", 4.17), ("#238b45", 4.33),
                          ("#deebf7", 1.21), ("#fff3b0", 1.12)):
        assert contrast(before) == pytest.approx(ratio, abs=0.01)


def test_text_colours_reach_4_5_to_1():
    for color in (TEXT, MUTED, drawing.COLORS["label"], drawing.COLORS["grey"], drawing.COLORS["value"],
                  drawing.COLORS["window"], drawing.COLORS["interval"]):
        assert contrast(color) >= 4.5, color
    for color in CATEGORIES + tuple(OKABE_ITO.values()):
        assert contrast(ink(color)) >= 4.5, color                      # a label in a category's colour
        assert contrast(text_on(color), color) >= 4.5, color           # a name written on a filled node
    assert contrast(FOCUS) >= 3.0                                      # focus rings and large marks


def test_ink_keeps_the_hue_and_darkens_only_as_needed():
    assert ink("#0072B2") == "#0072b2"                                 # already 5.2:1
    dark = ink(OKABE_ITO["vermillion"])
    assert 4.5 <= contrast(dark) < 4.8
    r, g, b = to_rgb(dark)
    assert r > g > b                                                   # still a vermillion


@pytest.mark.parametrize("cvd", (None,) + CVD)
def test_categories_stay_distinct_under_colour_blindness(cvd):
    """Players P1, P2, P3 (max^n) stay far apart (the audit: P1 and P3 merged under deuteranopia); six
    categories stay apart enough to tell.  ΔE in CAM02-UCS: about 1 is just noticeable."""
    assert closest(CATEGORIES[:3], cvd) >= 25
    assert closest(CATEGORIES[:6], cvd) >= 10
    assert closest(maxn.PLAYER_COLORS[:3], cvd) >= 25
    assert closest(PALETTE[:6], cvd) >= 10


@pytest.mark.parametrize("cvd", CVD)
def test_the_old_max_n_colours_failed_where_the_new_ones_pass(cvd):
    old = ("#c0392b", "#1f5fa8", "#2e8b57")
    assert closest(old, cvd) < closest(maxn.PLAYER_COLORS[:3], cvd) / 2


@pytest.mark.parametrize("cvd", (None,) + CVD)
def test_backgammon_rings_differ_in_more_than_colour_and_in_colour_too(cvd):
    from gamelib.viz.backgammon_board import LANDS, LEAVES
    assert closest((LEAVES, LANDS), cvd) >= 20
    assert CURRENT == OKABE_ITO["orange"]


def test_a_pruned_edge_is_lighter_than_a_searched_one_and_still_3_to_1():
    """WCAG 1.4.11: a pruned edge (dashed) carries meaning, so it reaches 3:1 on white (the #c8c8c8 it
    replaced had 1.67:1), and stays lighter than a searched edge."""
    from gamelib.viz.drawing import COLORS
    assert COLORS["edge_pruned"] == PRUNED_EDGE
    assert contrast(PRUNED_EDGE) >= 3 > contrast("#c8c8c8")
    assert contrast(COLORS["edge"]) > contrast(PRUNED_EDGE)

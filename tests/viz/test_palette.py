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


# ---------------------------------------------------------------------------------------------------
# WCAG 1.4.11 in the pictures: every mark that carries meaning (a node, an edge, a piece, a ring, a
# region) is 3:1 or more against what it sits on, or has an edge or casing that is, or says itself in
# words (a visit number, a number on a disc).  Measured from the modules' own values.
# ---------------------------------------------------------------------------------------------------

def _marks():
    """(what, mark colour, background, its edge or None, another cue or None)."""
    from gamelib.viz import backgammon_board as bg, connect4_board as c4, drawing, matrix_widget, pig_policy
    from gamelib.viz.palette import CASING, LAST_MOVE, LAST_MOVE_BORDER, LIGHT_LINE
    white = "#ffffff"
    c = drawing.COLORS
    marks = [
        # draw_tree: every node outlined in black (a pruned one in MUTED, dashed and hatched)
        ("tree: searched node", c["visited"], white, "#000000", "its visit number"),
        ("tree: node on the current path", c["open"], white, "#000000", "a thick outline"),
        ("tree: this step's node", c["current"], white, "#000000", "a ring around it"),
        ("tree: node not reached yet", c["pending"], white, "#000000", None),
        ("tree: pruned node", c["pruned"], white, MUTED, "hatched, dashed outline"),
        ("tree: edge", c["edge"], white, None, None),
        ("tree: pruned edge", c["edge_pruned"], white, None, "dashed"),
        ("tree: the root's decision", c["decision"], white, None, "thick"),
        # max^n: discs in the players' colours outlined in #333333; edges not taken LIGHT_LINE
        *[(f"max^n: {p}'s node", color, white, "#333333", "the player's name inside")
          for p, color in zip(("P1", "P2", "P3", "P4", "P5", "P6"), maxn.PLAYER_COLORS)],
        *[(f"max^n: {p}'s chosen edge", color, white, CASING if contrast(color) < 3 else None, "thick")
          for p, color in zip(("P1", "P2", "P3", "P4", "P5", "P6"), maxn.PLAYER_COLORS)],
        ("max^n: an edge not taken", LIGHT_LINE, white, None, None),
        ("max^n: node not reached yet", maxn._faded(maxn.PLAYER_COLORS[2]), white, MUTED, "no visit number"),
        # information sets' dashed lines, the sigma study's lines: light colours cased
        *[(f"information set {k}", color, white, CASING if contrast(color) < 3 else None, "its key beside")
          for k, color in enumerate(PALETTE)],
        # MCTS: the tree's edges; its nodes, a heat map, outlined
        ("MCTS: edge", LIGHT_LINE, white, None, None),
        # Connect Four: discs on the blue board, in white-rimmed holes
        *[(f"Connect Four: {m} disc", color, c4.BOARD_COLOR, c4.RIM_COLOR, None)
          for m, color in c4.PIECE_COLORS.items()],
        *[(f"Connect Four: {m} disc of the line shown", color, c4.BOARD_COLOR, c4.RIM_COLOR, "numbered")
          for m, color in c4.GHOST_COLORS.items()],
        ("Connect Four: the ring of a last move or a four", "#000000", c4.PIECE_COLORS["X"], None, None),
        # backgammon: checkers edged, points edged, rings cased in black
        *[(f"backgammon: {m}'s checker on the board", fill, bg.BOARD, edge, None)
          for m, (fill, edge) in bg.CHECKER.items()],
        *[(f"backgammon: {m}'s checker on a point", fill, point, edge, None)
          for m, (fill, edge) in bg.CHECKER.items() for point in bg.POINT_COLORS],
        *[("backgammon: a point", point, bg.BOARD, bg.POINT_EDGE, None) for point in bg.POINT_COLORS],
        *[("backgammon: a ring of a move shown", ring, bg.BOARD, bg.RING_CASING, "dashed / solid")
          for ring in (bg.LEAVES, bg.LANDS)],
        ("backgammon: the ring round a tray borne off to", bg.LANDS, bg.TRAY, bg.RING_CASING, None),
        # tic-tac-toe: marks; the last move shaded and framed
        *[(f"tic-tac-toe: {m}", color, white, None, None) for m, color in drawing.MARK_COLORS.items()],
        *[(f"tic-tac-toe: {m} on the last move", color, LAST_MOVE, None, None)
          for m, color in drawing.MARK_COLORS.items()],
        ("tic-tac-toe: the last move", LAST_MOVE, "#eeeeee", LAST_MOVE_BORDER.split()[-1], "its tooltip says so"),
        ("tic-tac-toe picture: the last move", LAST_MOVE, white, FOCUS, None),
        # payoff pictures
        ("matrix: the row player's best reply", matrix_widget.ROW_COLOR, white, None, None),
        ("matrix: the column player's best reply", matrix_widget.COL_COLOR, white, None, None),
        # Pig's roll and hold regions: their edges drawn
        ("Pig: hold against roll", "#fdae6b", "#6baed6", pig_policy.TEXT, "ROLL and HOLD written on them"),
        ("Pig: hold against the white beyond the target", "#fdae6b", white, pig_policy.TEXT, None),
    ]
    return marks


def test_every_mark_that_carries_meaning_reaches_3_to_1_or_has_an_edge_that_does():
    """WCAG 1.4.11: a mark is 3:1 against its background, or its edge (outline, casing, rim) is."""
    failing = []
    for what, mark, background, edge, _cue in _marks():
        if contrast(mark, background) >= 3:
            continue
        if edge is None or contrast(edge, background) < 3:
            failing.append((what, round(contrast(mark, background), 2),
                            None if edge is None else round(contrast(edge, background), 2)))
    assert failing == []


def test_the_marks_that_failed_before():
    """The audit's figures: what a mark alone reached before it got an edge, a casing or a darker grey."""
    from gamelib.viz.connect4_board import BOARD_COLOR, PIECE_COLORS
    from gamelib.viz.backgammon_board import BOARD, LANDS, LEAVES, POINT_COLORS
    assert contrast(PIECE_COLORS["X"], BOARD_COLOR) == pytest.approx(1.59, abs=0.01)   # red on the blue board
    assert contrast(OKABE_ITO["yellow"]) == pytest.approx(1.32, abs=0.01)              # a P3 edge, an infoset line
    assert contrast("#999999") == pytest.approx(2.85, abs=0.01)                        # max^n's edges not taken
    assert contrast("#bbbbbb") == pytest.approx(1.92, abs=0.01)                        # MCTS edges
    assert contrast(POINT_COLORS[0], BOARD) == pytest.approx(1.45, abs=0.01)           # a dark backgammon point
    assert max(contrast(LEAVES, BOARD), contrast(LANDS, BOARD)) < 3                    # the rings, uncased
    assert contrast("#fdae6b", "#6baed6") == pytest.approx(1.32, abs=0.01)              # Pig's two regions


def test_cased_edges_a_light_line_only():
    from gamelib.viz.palette import CASING, cased
    assert cased(FOCUS, 2) == []                                       # 5.2:1: no casing
    effects = cased(OKABE_ITO["yellow"], 2)
    assert len(effects) == 2 and contrast(CASING) >= 3
    assert effects[0]._gc["foreground"] == CASING and effects[0]._gc["linewidth"] > 2


def test_max_n_pictures_as_drawn():
    """Every line of a max^n picture is 3:1 on white or cased; every node's outline is 3:1 on white
    (a node not reached yet too), drawn at full opacity."""
    from matplotlib.collections import LineCollection, PathCollection
    from matplotlib.colors import to_hex
    from gamelib import GameTree, maxn as run_maxn
    from gamelib.viz.explorer import NPLAYER_PRESETS
    spec, players = NPLAYER_PRESETS["AIMA Fig. 5.4 (P1, P2, P3)"]
    tree = GameTree.from_nested(spec, players=players)
    ax = maxn.draw_maxn_tree(tree, run_maxn(tree, trace=True), step=16)
    lines = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert lines
    for coll in lines:
        color = to_hex(coll.get_colors()[0])
        assert contrast(color) >= 3 or coll.get_path_effects(), color
    nodes = [c for c in ax.collections if isinstance(c, PathCollection) and c.get_gid() not in ("labels", "ring")]
    for coll in nodes:
        assert coll.get_alpha() in (None, 1.0)
        for edge in coll.get_edgecolors():
            assert contrast(to_hex(edge)) >= 3 or to_hex(edge) == to_hex(CURRENT), to_hex(edge)

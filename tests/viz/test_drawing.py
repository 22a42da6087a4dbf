"""The static pictures read the trace faithfully: what is greyed, numbered, valued and windowed is what
the search did (AIMA Fig. 5.2 / 5.5), at the end and at every intermediate step."""
import matplotlib

matplotlib.use("Agg")


import hashlib  # noqa: E402
import io  # noqa: E402

import matplotlib.ft2font  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PathCollection  # noqa: E402

import gamelib  # noqa: E402
from gamelib import (  # noqa: E402
    GameTree,
    alphabeta,
    chance,
    expectiminimax,
    minimax,
    star1,  # noqa: E402
)
from gamelib.core import ArgumentError  # noqa: E402
from gamelib.experiments.chance_trees import random_chance_tree  # noqa: E402
from gamelib.games import Bins, TicTacToe  # noqa: E402
from gamelib.viz import (  # noqa: E402
    PRESETS,  # noqa: E402
    TraceView,
    draw_board,
    draw_legend,
    draw_tree,
)
from gamelib.viz.drawing import COLORS, figure_size, legend_handles, tidy_layout  # noqa: E402

from ..strategies import FIG_5_2  # noqa: E402


def filled(ax, tree, colour):
    """The labels of the nodes drawn with fill ``colour`` (read back from the scatter collections)."""
    where = {xy: s for s, xy in tidy_layout(tree).items()}
    rgba = matplotlib.colors.to_rgba(colour)
    found = set()
    for coll in ax.collections:
        if not isinstance(coll, PathCollection) or coll.get_gid() == "ring":   # the ring round a node
            continue
        faces = coll.get_facecolors()
        for i, xy in enumerate(coll.get_offsets()):
            face = faces[i if len(faces) > 1 else 0]
            if tuple(round(c, 3) for c in face) == tuple(round(c, 3) for c in rgba):
                found.add(where[(float(xy[0]), float(xy[1]))])
    return found


def texts(ax):
    return [t.get_text() for t in ax.texts]


# -- TraceView: what the picture is made of ------------------------------------------------------------


def test_seed_004_example_and_its_mirror():
    example = GameTree.from_nested([[[3, 4], [1, 2]], [[7, 8], [5, 6]]])
    r = alphabeta(example, trace=True)
    assert TraceView(r, tree=example).pruned == set()  # "Answer: NONE!"
    assert r.nodes == minimax(example).nodes == 15
    mirror = GameTree.from_nested([[[6, 5], [8, 7]], [[2, 1], [3, 4]]])
    r = alphabeta(mirror, trace=True)
    assert TraceView(r, tree=mirror).pruned == {"G", "K", "N", "O"} and r.nodes == 11


# -- draw_tree: the picture itself ---------------------------------------------------------------------

def test_draw_tree_greys_exactly_the_pruned_nodes(fig52):
    tree, r = fig52
    ax = draw_tree(tree, r)
    assert filled(ax, tree, COLORS["pruned"]) == {"I", "J"}
    assert filled(ax, tree, COLORS["visited"]) == set(tree.states) - {"I", "J"}
    shown = texts(ax)
    assert "≤2" in shown  # C was cut off: its value is a bound
    assert "[3, 2]" in shown and "[3, +∞]" in shown
    assert "B #2" in shown and "C #6" in shown and "M #11" in shown
    assert "value 3, decision a1" in ax.get_title()


def test_draw_tree_at_a_step_marks_current_open_and_pending(fig52):
    tree, r = fig52
    ax = draw_tree(tree, r, step=14)  # just entered D
    assert filled(ax, tree, COLORS["current"]) == {"D"}
    assert filled(ax, tree, COLORS["open"]) == {"A"}
    assert filled(ax, tree, COLORS["pruned"]) == {"I", "J"}
    assert filled(ax, tree, COLORS["pending"]) == {"K", "L", "M"}
    assert ax.get_title().startswith("14/22 events")


def test_draw_tree_without_a_result_draws_the_bare_tree():
    tree = GameTree.from_nested(FIG_5_2)
    ax = draw_tree(tree, title="Fig. 5.2")
    assert filled(ax, tree, COLORS["pending"]) == set(tree.states)
    shown = texts(ax)
    assert "14" in shown and "a1" in shown and not any(t.startswith("[") for t in shown)
    assert ax.get_title() == "Fig. 5.2"


def test_draw_tree_options_turn_text_off(fig52):
    tree, r = fig52
    shown = texts(draw_tree(tree, r, show_windows=False, show_order=False, show_actions=False))
    assert not any(t.startswith("[") or "#" in t for t in shown)
    assert "a1" not in shown and "B" in shown


def test_chance_tree_under_expectiminimax():
    tree = GameTree.from_nested([chance((0.9, 2), (0.1, 3)), chance((0.9, 1), (0.1, 4))])
    r = expectiminimax(tree, trace=True)
    ax = draw_tree(tree, r, legend=True)
    shown = texts(ax)
    assert "2.1" in shown and "1.3" in shown and "0.9" in shown and "0.1" in shown
    assert filled(ax, tree, COLORS["pruned"]) == set()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("CHANCE" in t for t in labels) and not any("pruned" in t for t in labels)


def test_game_tree_from_bins_under_minimax():
    tree = GameTree.from_game(Bins())
    r = minimax(tree, trace=True)
    ax = draw_tree(tree, r)
    assert r.value == 1 and r.action == "B"
    assert "-50" in texts(ax) and "value 1, decision 'B'" in ax.get_title()


def test_game_moves_never_read_as_node_labels():
    """Regression (issue 7): in the bins trees the moves A, B, C were drawn as A, B, C beside nodes
    named A, B, C, D ("choose B" led to node C).  The edges now show the game's actions as Python
    writes them."""
    tree = GameTree.from_game(Bins())
    ax = draw_tree(tree, minimax(tree, trace=True))
    shown = texts(ax)
    assert {"'A'", "'B'", "'C'"} <= set(shown)
    edge_labels = {tree.action_labels[("A", a)] for a in tree.actions("A")}
    assert not edge_labels & set(tree.states)
    assert "-50" in shown and "50" in shown     # numbers stay plain


def test_random_tree_draws_and_declutters():
    tree = GameTree.random(3, 3, seed=1)
    r = alphabeta(tree, trace=True)
    ax = draw_tree(tree, r)
    view = TraceView(r, tree=tree)
    assert filled(ax, tree, COLORS["pruned"]) == view.pruned
    big = GameTree.random(2, 6, seed=0)
    ax = draw_tree(big, alphabeta(big, trace=True))  # 64 leaves: the visit number stacks
    assert any("\n" in t for t in texts(ax))
    assert figure_size(big)[0] <= 16


def test_legend_and_board():
    labels = [h.get_label() for h in legend_handles()]
    assert "MAX to move" in labels and "pruned: never searched (hatched)" in labels
    legend = draw_legend()
    assert len(legend.get_texts()) == len(legend_handles(stepping=True))
    board = TicTacToe.parse("XO.OX...X")
    ax = draw_board(board, title="X wins")
    assert texts(ax).count("X") == 3 and texts(ax).count("O") == 2
    assert len(ax.lines) == 5  # four grid lines and the struck diagonal
    ax = draw_board("X........", values={(1, 1): 0, (0, 1): -1, (2, 2): "draw"})
    assert {"0", "-1", "draw"} <= set(texts(ax)) and len(ax.lines) == 4
    assert draw_board(TicTacToe().initial_state).get_xlim() == (0, 3)
    with pytest.raises(ValueError):
        draw_board("XO")


def test_draw_tree_into_given_axes_makes_no_figure(fig52):
    tree, r = fig52
    fig = matplotlib.figure.Figure()
    ax = fig.subplots()
    assert draw_tree(tree, r, ax=ax) is ax
    assert plt.get_fignums() == []
    assert gamelib.viz.draw_tree is draw_tree


def test_pictures_fit_a_notebook_column_and_keep_type_legible(fig52):
    """Regression (issue 7): wide trees were drawn up to 16 inches wide (shown shrunk in a notebook)
    and crowded ones shrank their type to 4 pt.  Pictures are at most a column wide and no label is
    smaller than MIN_FONT."""
    from gamelib.viz.drawing import COLUMN_WIDTH, MIN_FONT
    tree, r = fig52
    for t, kwargs in ((tree, {"font_size": 8, "node_size": 420}),
                      (GameTree.random(2, 6, seed=0), {}), (GameTree.random(4, 3, seed=0), {})):
        assert figure_size(t)[0] <= COLUMN_WIDTH
        ax = draw_tree(t, alphabeta(t, trace=True), step=7, **kwargs)
        assert ax.figure.get_figwidth() <= COLUMN_WIDTH
        assert min(x.get_fontsize() for x in ax.texts) >= MIN_FONT
        plt.close(ax.figure)


FIG52 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_draw_tree_refuses_another_trees_trace():
    fig52 = GameTree.from_nested(FIG52)
    before = plt.get_fignums()
    other = GameTree.from_nested([[1, 2], [3, 4]])
    with pytest.raises(ArgumentError, match="not one of its children"):
        draw_tree(fig52, alphabeta(other, trace=True))
    bigger = GameTree.from_nested([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    with pytest.raises(ArgumentError, match="draw the tree the search ran on"):
        draw_tree(other, alphabeta(bigger, trace=True))
    ax = draw_tree(fig52, alphabeta(fig52, trace=True))     # its own trace: drawn
    plt.close(ax.figure)
    assert plt.get_fignums() == before                       # and the refused ones opened no figure


# --------------------------------------------------------------------------------------------------
# draw_tree's pictures, pixel for pixel: the PNG bytes (Agg, 100 dpi) of seventeen representative
# calls, recorded before draw_tree was split into named steps, so that a change meant to leave the
# pictures alone (a refactoring) is seen to do so.  PNG bytes depend on matplotlib's and FreeType's
# versions, so the digests are checked only with the versions they were recorded with; a change meant to
# change the pictures updates them (print ``_digests()``).  Five were recorded again for issue 23's
# pictures without collisions: values and windows on a white ground, under the nodes on a row too
# crowded for them beside, edge labels clear of the labels above and below, a chance node's running
# interval beside it (r36_ab, r36_ab_step_paths, f512_star1_step9, rc_star1, coin_star1).  Seven for
# pruned edges at 3:1 on white, #8a8a8a (WCAG 1.4.11; #c8c8c8 had 1.67:1): f52_ab_step13, f52_ab_full,
# mirror_ab, r36_ab, f512_star1, rc_star1, coin_star1.
RECORDED_WITH = ("3.11.2", "2.14.3")


DIGESTS = {
    'f52_plain': '1fc9e5273e10942d7f66926055290045a03e06050896515d6d4f2d9e002502a8',
    'f52_minimax': 'c89abb4dcb0f7129bfdb87b32be34045ea84f50b83fe9f192a9c2425648f7877',
    'f52_ab_step1': 'dc702b9c0cd63a9479ea63c780f8b7a0ad9a36c05e70cae2dccc4ddf6a3bfcdb',
    'f52_ab_step5': 'a809c0def0665ee5c9738b1e76b15d136bf99ff08510568a35aa542d18beb7a2',
    'f52_ab_step9': '1461e4a801a119d7de27576d976f865effa01e4e7178195df32ce755bcdc1514',
    'f52_ab_step13': '676e14c297950cb8eb782e711aa5181cbc07d8e216df0f15fb729aa7f9709131',
    'f52_ab_full': '491bb76259ae545dedca580129d5e0c3eeae2f171e114913367d63801a39380a',
    'f52_ab_legend': '7f6d4455e87c510286153fd3140ecb6291bd302a686806b941708d98b732047b',
    'f52_ab_paths': '34af7748ab9263245fd01dd58569e0ee67d29b6bcefe5de17b06fe5d1ced07a0',
    'mirror_ab': 'e381a5a27ea1c6ecddfa08b95ce233c0244cd832b43b65110502960c752c60a9',
    'r36_ab': '54d2738a78eb49fb79701f5abaa748828e69b06caad1386cab7c9b2d61c72886',
    'r36_ab_step_paths': 'f3e0aae5749edaaa9deea081a36e0fed1b886d6a6d2740baa55c06dd9a9fadcd',
    'r32_ab_noorder': 'abd404bc26e5a652a30d6285e6c47f92ad11cc3e77c2b5e2ee84fbacd376f77b',
    'f512_star1': 'bfa6bd5a1afa6d9d1de081c0aa0209e5ae7315aa13f46545621ead2e64fbf2e8',
    'f512_star1_step9': 'e6ffb29649a4c6563f8b8ab43430ee32437407a788cb67d3d8e51de91cce2d2c',
    'rc_star1': '5c82d44ea00f1bd7076fc41e7177234ae91356f0ccdd4353280098c4f63f89de',
    'coin_star1': 'bae8ae82adaf0f058d7883d86dd09335e042edb875a9fc3761fe6baecac60904',
}


def cases():
    """(name, a call of draw_tree) for the pictures recorded: Fig. 5.2 plain, under minimax, under
    alpha-beta at several steps, with a legend and as glyph outlines; 32- and 36-leaf random trees;
    chance trees under Star1 with bounds."""
    f52 = GameTree.from_nested(PRESETS["AIMA Fig. 5.2"])
    ab = alphabeta(f52, f52.initial_state, trace=True)
    yield "f52_plain", lambda: draw_tree(f52)
    yield "f52_minimax", lambda: draw_tree(f52, minimax(f52, f52.initial_state, trace=True))
    for k in (1, 5, 9, 13):
        yield f"f52_ab_step{k}", lambda k=k: draw_tree(f52, ab, step=k)
    yield "f52_ab_full", lambda: draw_tree(f52, ab)
    yield "f52_ab_legend", lambda: draw_tree(f52, ab, step=7, legend=True, title="t")
    yield "f52_ab_paths", lambda: draw_tree(f52, ab, step=9, text_as_paths=True)
    mirror = GameTree.from_nested(PRESETS["walk-through: best moves first"])
    yield "mirror_ab", lambda: draw_tree(mirror, alphabeta(mirror, mirror.initial_state, trace=True))
    r36 = GameTree.random(6, 2, seed=3)
    ra = alphabeta(r36, r36.initial_state, trace=True)
    yield "r36_ab", lambda: draw_tree(r36, ra)
    yield "r36_ab_step_paths", lambda: draw_tree(r36, ra, step=20, text_as_paths=True, legend=True)
    r32 = GameTree.random(2, 5, seed=4)
    yield "r32_ab_noorder", lambda: draw_tree(r32, alphabeta(r32, r32.initial_state, trace=True), step=30,
                                              show_order=False, show_windows=False, show_actions=False)
    f512 = GameTree.from_nested(PRESETS["AIMA Fig. 5.12 (.9/.1)"])
    s1 = star1(f512, f512.initial_state, lower=1, upper=4, trace=True)
    yield "f512_star1", lambda: draw_tree(f512, s1, lower=1, upper=4)
    yield "f512_star1_step9", lambda: draw_tree(f512, s1, step=9, lower=1, upper=4, legend=True)
    rc = random_chance_tree(3, 2, 2, seed=1)
    rs = star1(rc, rc.initial_state, lower=-5, upper=5, trace=True)
    yield "rc_star1", lambda: draw_tree(rc, rs, lower=-5, upper=5, step=104, text_as_paths=True)
    coin = GameTree.from_nested(PRESETS["CS221 coin game"])
    yield "coin_star1", lambda: draw_tree(coin, star1(coin, coin.initial_state, lower=-50, upper=50, trace=True),
                                          lower=-50, upper=50, legend=True)


def _png(ax) -> bytes:
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(ax.figure)
    return buf.getvalue()


def _digests() -> dict:
    return {name: hashlib.sha256(_png(make())).hexdigest() for name, make in cases()}


@pytest.mark.skipif((matplotlib.__version__, matplotlib.ft2font.__freetype_version__) != RECORDED_WITH,
                    reason=f"PNG digests recorded with matplotlib/FreeType {RECORDED_WITH}")
def test_draw_tree_pictures_are_unchanged():
    assert _digests() == DIGESTS

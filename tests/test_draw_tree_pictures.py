"""draw_tree's pictures, pixel for pixel: the PNG bytes (Agg, 100 dpi) of seventeen representative
calls, recorded before draw_tree was split into named steps, so that a change meant to leave the
pictures alone (a refactoring) is seen to do so.  PNG bytes depend on matplotlib's and FreeType's
versions, so the digests are checked only with the versions they were recorded with; a change meant to
change the pictures updates them (print ``_digests()``).  Five were recorded again for issue 23's
pictures without collisions: values and windows on a white ground, under the nodes on a row too
crowded for them beside, edge labels clear of the labels above and below, a chance node's running
interval beside it (r36_ab, r36_ab_step_paths, f512_star1_step9, rc_star1, coin_star1)."""
import hashlib
import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.ft2font  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib import GameTree, alphabeta, minimax, star1  # noqa: E402
from gamelib.experiments.chance_trees import random_chance_tree  # noqa: E402
from gamelib.viz import PRESETS, draw_tree  # noqa: E402

RECORDED_WITH = ("3.11.2", "2.14.3")
"""matplotlib and FreeType versions the digests were recorded with."""
DIGESTS = {
    'coin_star1': '5973b19797058b765c3a50cff247009dc4074504de173a13f1cab8bdf6a09808',
    'f512_star1': '7a5c54734e8117006f6ff36a5f8e3c5c46f00184bf55d755441165acacba1109',
    'f512_star1_step9': '021488cb0a3038c9448853c3dfd6a291dc562c9b6df428006303d2c9916d70d3',
    'f52_ab_full': 'b4e38305d395de9a547c2519516b67b620daba1240817267109e81c88c668942',
    'f52_ab_legend': '5c63b768644e8d58137abcaedfb1a0cb9e86e6b7039d49ccaf81645ce74f7510',
    'f52_ab_paths': '16eb92ad036756bf3e54ddffe00b552b8b70f9e01eebe1909bca54f48ae6b6ec',
    'f52_ab_step1': 'f2c6371140d29dea71355150c21a6cf59b5217a3ac0bec877aa2c8983e117a54',
    'f52_ab_step13': 'adabd90954105ccb376086055eb6040cd48184a3b56ecd60e9c0a41deed0bb4f',
    'f52_ab_step5': '230445c8dc012a0c02e9324a398dd7112692fbc0587d01ce272cb1e6ea5497d4',
    'f52_ab_step9': '54c5aad0e2cc00552a21d7decf729f769583be7925395cf3fc40fb289edc45c0',
    'f52_minimax': 'c89abb4dcb0f7129bfdb87b32be34045ea84f50b83fe9f192a9c2425648f7877',
    'f52_plain': '1fc9e5273e10942d7f66926055290045a03e06050896515d6d4f2d9e002502a8',
    'mirror_ab': '3e391b533eac94d563b37299546a6e6a63233c1ca5e5552240015a150f41530c',
    'r32_ab_noorder': 'f6caed0a2efb6a2721553d442f6cd767d4d2048bf68d248695365fcaabffdc9f',
    'r36_ab': 'fc07416bbeb5bf153949dd1b5e748e9540a9bc73d5ceff16c42c699ff2fb92b5',
    'r36_ab_step_paths': '2c7cb6edac0e585cac1118528c53650ef385e61284d1f598acd1df13ef2c028c',
    'rc_star1': 'c50ef7548c6354b0662aa0841e70329361ea5c8caaf9b91c43131f4e47151874',
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
    mirror = GameTree.from_nested(PRESETS["seed 004 mirror"])
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

"""The pictures of max^n trees, chance trees and the tree explorer, pixel for pixel: the PNG bytes
(Agg, 100 dpi) recorded before the explorer was split into a stepper and one strategy per kind of
tree and before draw_maxn_tree shared draw_tree's layout (issue 24), so that a refactoring is seen to
leave them alone.  As in tests/test_draw_tree_pictures.py the digests are checked only with the
matplotlib and FreeType versions they were recorded with; a change meant to change a picture updates
its digest (print ``_digests()``) and says why."""
import hashlib
import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.ft2font  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib import GameTree, expectiminimax, maxn, star1  # noqa: E402
from gamelib.viz import PRESETS, TreeExplorer, draw_chance_tree, draw_maxn_tree  # noqa: E402
from gamelib.viz.explorer import NPLAYER_PRESETS  # noqa: E402

RECORDED_WITH = ("3.11.2", "2.14.3")
DIGESTS = {
    'chance_full': '0bbb5879d76b8b04',
    'chance_star1': '7a5c54734e811700',
    'chance_star1_step5': '1ca4647ec17a55d0',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 0': '7c52809d004f0151',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 1': '9d846e3c96320086',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 12': 'c9999162c3ec0c9c',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 6': '0cf5202d99616f28',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 key': 'f5ae4baf0c8a17d8',
    'explorer AIMA Fig. 5.2 alphabeta 0': '6e4bf601bfaf4c41',
    'explorer AIMA Fig. 5.2 alphabeta 1': '55fccf0af7179633',
    'explorer AIMA Fig. 5.2 alphabeta 11': 'db486cc312e3352b',
    'explorer AIMA Fig. 5.2 alphabeta 22': 'd47e144a93f16ad9',
    'explorer AIMA Fig. 5.2 alphabeta key': '58ea7c2ad3f5cf0f',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn 0': '78823db3ec1641ab',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn 1': '2402d168083be97c',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn 15': '3c688db12f5e5fd4',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn 30': 'fd45193e1cdeea3a',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn key': '851525cfaa07f8ee',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn spiteful 0': 'bb4ecbef11dd8a24',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn spiteful 1': '7ab364451101deb8',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn spiteful 15': '5d25f74f5f708573',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn spiteful 30': '04d0c945c0d82b2a',
    'explorer AIMA Fig. 5.4 (A, B, C) maxn spiteful key': '851525cfaa07f8ee',
    'explorer CS221 coin game expectiminimax 0': 'e30ddcc6259c456a',
    'explorer CS221 coin game expectiminimax 1': '2ed83eb61da1ec7d',
    'explorer CS221 coin game expectiminimax 22': '1ac747c257919559',
    'explorer CS221 coin game expectiminimax 44': '8b17cacda438ac26',
    'explorer CS221 coin game expectiminimax key': '33d1c3067c0fc179',
    'maxn_bare': 'de42da62f246cfd2',
    'maxn_full_legend': '6d76312a8cc0bd6c',
    'maxn_step16': 'be26d04b13e52940',
    'maxn_step24': '3f635e8dff4df8f0',
    'maxn_step7': 'd21ddec0091017b2',
}


def cases():
    spec, players = NPLAYER_PRESETS["AIMA Fig. 5.4 (A, B, C)"]
    fig54 = GameTree.from_nested(spec, players=players)
    r = maxn(fig54, trace=True)
    yield "maxn_full_legend", lambda: draw_maxn_tree(fig54, r, legend=True)
    for k in (7, 16, 24):
        yield f"maxn_step{k}", lambda k=k: draw_maxn_tree(fig54, r, step=k, show_actions=False)
    yield "maxn_bare", lambda: draw_maxn_tree(fig54)
    fig512 = GameTree.from_nested(PRESETS["AIMA Fig. 5.12 (.9/.1)"])
    full, cut = expectiminimax(fig512, trace=True), star1(fig512, lower=1, upper=4, trace=True)
    yield "chance_full", lambda: draw_chance_tree(fig512, full, bounds=(1, 4), title="t")
    yield "chance_star1_step5", lambda: draw_chance_tree(fig512, cut, step=5, bounds=(1, 4))
    yield "chance_star1", lambda: draw_chance_tree(fig512, cut, bounds=(1, 4))


def explorer_cases():
    for tree, algorithm in (("AIMA Fig. 5.2", "alphabeta"), ("AIMA Fig. 5.12 (.9/.1)", "star1"),
                            ("CS221 coin game", "expectiminimax"), ("AIMA Fig. 5.4 (A, B, C)", "maxn"),
                            ("AIMA Fig. 5.4 (A, B, C)", "maxn spiteful")):
        ex = TreeExplorer(tree, algorithm)
        for k in sorted({0, 1, ex.total // 2, ex.total}):
            ex.step = k
            yield f"explorer {tree} {algorithm} {k}", ex.png
        yield f"explorer {tree} {algorithm} key", ex.key_image.value


def _png(ax) -> bytes:
    fig = ax.figure
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def _digests() -> dict:
    out = {name: hashlib.sha256(_png(make())).hexdigest()[:16] for name, make in cases()}
    out.update({name: hashlib.sha256(png).hexdigest()[:16] for name, png in explorer_cases()})
    return out


@pytest.mark.skipif((matplotlib.__version__, matplotlib.ft2font.__freetype_version__) != RECORDED_WITH,
                    reason=f"PNG digests recorded with matplotlib/FreeType {RECORDED_WITH}")
def test_pictures_are_unchanged():
    assert _digests() == DIGESTS

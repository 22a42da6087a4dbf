"""The pictures of max^n trees, chance trees and the tree explorer, pixel for pixel: the PNG bytes
(Agg, 100 dpi) recorded before the explorer was split into a stepper and one strategy per kind of
tree and before draw_maxn_tree shared draw_tree's layout (issue 24), so that a refactoring is seen to
leave them alone.  As in tests/test_draw_tree_pictures.py the digests are checked only with the
matplotlib and FreeType versions they were recorded with; a change meant to change a picture updates
its digest (print ``_digests()``) and says why.  Recorded again for issue 23: max^n's labels on a
white ground (no edge through them), its players P1, P2, P3, the explorer's pictures sized for a
laptop's screen with the key beside them, a chance node's running interval beside it."""
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
    'chance_star1_step5': 'b17f41f737ccfcae',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 0': 'cd2acdfe5d444644',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 1': '617efbfa7c471b8f',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 12': '7e0402ef4fd32750',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 6': 'a9ae99980c78b8c6',
    'explorer AIMA Fig. 5.12 (.9/.1) star1 key': '328e64e524bea6e2',
    'explorer AIMA Fig. 5.2 alphabeta 0': 'ed73c3f3577a7551',
    'explorer AIMA Fig. 5.2 alphabeta 1': '9484f50adfcffeaa',
    'explorer AIMA Fig. 5.2 alphabeta 11': '0ba67d70e29b55f8',
    'explorer AIMA Fig. 5.2 alphabeta 22': '7e3f8844e5151355',
    'explorer AIMA Fig. 5.2 alphabeta key': 'b35f52c6d96a34e2',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 0': 'ec3841842b645606',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 1': '5dff29381ef7e5ec',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 15': 'bea8754ad7082da9',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn 30': '62aa6a03343659b0',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn key': 'f9065b2b69e8ec8a',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 0': '5b6fecbc71a7be13',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 1': '8b3b24f2c5e0ae50',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 15': 'fc4469494d246a21',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful 30': 'b089662943451b54',
    'explorer AIMA Fig. 5.4 (P1, P2, P3) maxn spiteful key': 'f9065b2b69e8ec8a',
    'explorer CS221 coin game expectiminimax 0': 'c867498d0c16526c',
    'explorer CS221 coin game expectiminimax 1': '278599eb9405be0e',
    'explorer CS221 coin game expectiminimax 22': '23d6b4013430f6b7',
    'explorer CS221 coin game expectiminimax 44': 'a56a0a424465e8d0',
    'explorer CS221 coin game expectiminimax key': '4176a57b8c6fc1b1',
    'maxn_bare': 'd86295438653206e',
    'maxn_full_legend': '6e3dc021177d5da6',
    'maxn_step16': 'f9874bf009b8d79b',
    'maxn_step24': '000a7eee7167f4cf',
    'maxn_step7': '3ed34db6de5c6a28',
}


def cases():
    spec, players = NPLAYER_PRESETS["AIMA Fig. 5.4 (P1, P2, P3)"]
    fig54 = GameTree.from_nested(spec, players=players)
    r = maxn(fig54, trace=True)
    yield "maxn_full_legend", lambda: draw_maxn_tree(fig54, r, legend=True)
    for k in (7, 16, 24):
        yield f"maxn_step{k}", lambda k=k: draw_maxn_tree(fig54, r, step=k, show_actions=False)
    yield "maxn_bare", lambda: draw_maxn_tree(fig54)
    fig512 = GameTree.from_nested(PRESETS["AIMA Fig. 5.12 (.9/.1)"])
    full, cut = expectiminimax(fig512, trace=True), star1(fig512, lower=1, upper=4, trace=True)
    yield "chance_full", lambda: draw_chance_tree(fig512, full, lower=1, upper=4, title="t")
    yield "chance_star1_step5", lambda: draw_chance_tree(fig512, cut, step=5, lower=1, upper=4)
    yield "chance_star1", lambda: draw_chance_tree(fig512, cut, lower=1, upper=4)


def explorer_cases():
    for tree, algorithm in (("AIMA Fig. 5.2", "alphabeta"), ("AIMA Fig. 5.12 (.9/.1)", "star1"),
                            ("CS221 coin game", "expectiminimax"), ("AIMA Fig. 5.4 (P1, P2, P3)", "maxn"),
                            ("AIMA Fig. 5.4 (P1, P2, P3)", "maxn spiteful")):
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

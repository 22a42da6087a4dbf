"""gamelib.viz.tree_kinds, the explorer's strategy per kind of tree, with a stand-in for the explorer: each
tree goes to its kind; each kind runs its two searches and says their node counts, its cuts and (once the
search is done, never before) the value and decision; Star1's bounds are checked, defaulted to the leaves'
range and a bad pair typed in put back with the reason; the picture keeps to the notebook column.
(The explorer stepping through them: viz/test_explorer.py.)"""
from __future__ import annotations

import contextlib

import pytest

from gamelib import ArgumentError, GameTree
from gamelib.viz import tree_kinds as K
from gamelib.viz.tree_menu import preset_tree


class Host:
    """What a kind asks of its explorer: ``updating`` is true while it sets its own controls (quietly)."""

    def __init__(self):
        self.kind, self.changes, self.refusals, self.updating = None, 0, 0, False

    def on_kind_control(self, change):
        self.changes += 1
        self.kind.take(change)                # as the explorer does, inside its update

    def on_kind_refusal(self, reason=""):
        self.refusals += 1
        self.reason = reason

    @contextlib.contextmanager
    def quietly(self):
        self.updating = True
        try:
            yield
        finally:
            self.updating = False


def _loaded(kind, tree):
    host = Host()
    k = kind(host)
    host.kind = k
    k.load(tree)
    return k, k.run()


def _at(kind, results, algorithm, step=None):
    result = results[algorithm]
    return kind.view(result, len(result.trace) if step is None else step)


def test_each_tree_goes_to_its_kind():
    first = {name: next(k for k in K.KINDS if k.matches(preset_tree(name))) for name in
             ("AIMA Fig. 5.2", "AIMA Fig. 5.12 (.9/.1)", "AIMA Fig. 5.4 (P1, P2, P3)")}
    assert first == {"AIMA Fig. 5.2": K.TwoPlayer, "AIMA Fig. 5.12 (.9/.1)": K.Chance,
                     "AIMA Fig. 5.4 (P1, P2, P3)": K.Maxn}


def test_the_picture_keeps_to_the_column_and_to_a_laptop_screen():
    assert K.explorer_size((3, 5), 2) == (3, 3.3)                       # beside the key; rows closer
    assert K.explorer_size((20, 2), 6) == (K.COLUMN_WIDTH, 2)           # too wide for the key: the column
    assert K.explorer_size((4, 9), 9)[1] == K.PICTURE_HEIGHT


def test_two_player_trees_compare_alphabeta_with_minimax_and_keep_the_value_for_the_end():
    kind, results = _loaded(K.TwoPlayer, preset_tree("AIMA Fig. 5.2"))
    done = _at(kind, results, "alphabeta")
    assert kind.summary(results, "alphabeta", done) == (
        "nodes visited: alphabeta 11 (v ≥ β / v ≤ α) vs minimax 13: alpha-beta skips 2 (15%) · alphabeta has "
        "entered 11 so far · value 3, decision a1")
    assert kind.prune_lines(done)[0] == "prunes so far:" and kind.pruned_nodes(done) == ["I", "J"]
    assert "<b>never searched:</b> I, J" in kind.prunes_html(done)
    early = _at(kind, results, "alphabeta", 3)
    assert kind.summary(results, "alphabeta", early).endswith("value and decision: at the end of the search")
    assert kind.state_text(early.events[-1], early, "alphabeta") == \
        "at E (terminal) · window [α, β] = [−∞, +∞] · path A → B → E"
    kind.show("minimax")
    assert kind.equality_box.disabled                                   # the cut rule is alpha-beta's
    kind.equality_box.value = False
    assert kind.host.changes == 1 and "v > β / v < α" in kind.summary(kind.run(), "alphabeta", done)
    with pytest.raises(ArgumentError, match="bounds are for trees with chance nodes"):
        kind.load(preset_tree("AIMA Fig. 5.2"), bounds=(0, 20))


def test_chance_trees_check_star1s_bounds_and_say_what_each_chance_node_is_proven_to_be():
    kind, results = _loaded(K.Chance, preset_tree("AIMA Fig. 5.12 (.9/.1)"))
    assert kind.bounds == (1, 4) and kind.bounds_html.value == "the leaves' own range: the tightest true bounds"
    done = _at(kind, results, "star1")
    assert kind.summary(results, "star1", done).startswith("nodes visited: star1 6 (bounds [1, 4]) vs "
                                                           "expectiminimax 7: Star1 skips 1 (14%)")
    assert kind.notes(done, results) == ["chance nodes (bounds L = 1, U = 4): B = 2.1, C in [1, 1.3]"]
    assert kind.notes(_at(kind, results, "star1", 1), results) == ["chance nodes: none entered yet"]
    for bounds, said in [((4, 1), "bounds need L < U, got L = 4, U = 1"),
                         ((2, 4), "bounds \\[2, 4\\] must contain every leaf \\(they lie in \\[1, 4\\]\\)")]:
        with pytest.raises(ArgumentError, match=said):
            kind.set_bounds(bounds)
    assert kind.bounds == (1, 4)
    kind.set_bounds((0, 10))
    assert kind.bounds == (0, 10) and kind.bounds_html.value.startswith("looser than the leaves' range")


def test_a_bad_bound_typed_in_is_put_back_with_the_reason_beside_the_boxes():
    kind, _ = _loaded(K.Chance, preset_tree("AIMA Fig. 5.12 (.9/.1)"))
    kind.lower.value = 3.0                                              # above the leaf 1
    assert kind.bounds == (1, 4) and kind.lower.value == 1
    assert "must contain every leaf" in kind.bounds_html.value and kind.host.refusals == 1 \
        and "must contain every leaf" in kind.host.reason
    kind.upper.value = 8.0
    assert kind.bounds == (1, 8) and kind.host.changes == 1


def test_maxn_trees_search_every_node_and_say_where_the_tie_rules_part():
    kind, results = _loaded(K.Maxn, preset_tree("AIMA Fig. 5.4 (P1, P2, P3)"))
    assert set(results) == set(kind.searches) == set(K.MAXN_SEARCHES)
    done = _at(kind, results, "maxn")
    assert kind.summary(results, "maxn", done).endswith("value (P1, P2, P3) = (1, 2, 6), decision a1")
    assert kind.notes(done, results)[0].startswith(
        "tie rules: maxn, maxn generous, maxn adversarial take a1, (1, 2, 6); maxn spiteful takes a2, (1, 5, 2). "
        "They can differ only where a mover is tied: P1 at A (a1 and a2 give it 1)")
    assert kind.notes(_at(kind, results, "maxn", 2), results) == []     # not before the search is done
    assert kind.prune_lines(done) == ["prunes: none: max^n searches the whole tree"]
    untied, untied_results = _loaded(K.Maxn, GameTree.from_nested([[(1, 2), (3, 0)], [(2, 2)]], players=("P", "Q")))
    assert "no mover is tied anywhere in this tree" in untied.notes(_at(untied, untied_results, "maxn"),
                                                                     untied_results)[0]

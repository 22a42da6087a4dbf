"""gamelib.viz.tree_menu, the tree explorer's tree menu: a random tree's shape is kept to what a picture
shows legibly (refused naming the limit, or its depth lowered and said); every preset is the tree its
name says; a tree the explorer cannot draw is refused naming the leaf; the picker chooses presets (an old
name with a warning naming the new one), random trees and a student's tree, and refuses a name it does
not know.  (The menu inside the explorer: viz/test_explorer.py.)"""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import ArgumentError, GameTree, minimax
from gamelib.viz import tree_menu as M


def _set(widget, name, value):
    setattr(widget, name, value)


@given(st.integers(2, 5), st.integers(1, 8))
def test_a_random_trees_shape_is_kept_to_what_a_picture_shows(branching, depth):
    if branching ** depth <= M.MAX_LEAVES:
        assert M.check_random_shape(branching, depth) == (branching, depth)
    else:
        with pytest.raises(ArgumentError, match=f"is more than {M.MAX_LEAVES}.*depth at most "
                                                f"{M._max_depth(branching)} for branching {branching}"):
            M.check_random_shape(branching, depth)
    assert branching ** M._max_depth(branching) <= M.MAX_LEAVES < branching ** (M._max_depth(branching) + 1)


def test_a_shape_that_is_no_whole_number_in_range_is_refused_naming_what_is_allowed():
    for args, said in [((1, 2), "branching must be a whole number from 2 to 5, not 1"),
                       ((True, 2), "branching must be a whole number from 2 to 5, not True"),
                       ((3, 2.0), "depth must be a whole number ≥ 1, not 2.0"),
                       ((3, 0), "depth must be a whole number ≥ 1, not 0")]:
        with pytest.raises(ArgumentError, match=said):
            M.check_random_shape(*args)
    assert M.check_chance_shape(3, 2, 2) == (3, 2, 2)
    with pytest.raises(ArgumentError, match=r"\(3·2\)\^3 = 216 leaves is more than 36.*moves at most 2"):
        M.check_chance_shape(3, 2, 3)
    with pytest.raises(ArgumentError, match="outcomes must be a whole number from 1 to 4, not 5"):
        M.check_chance_shape(1, 5, 1)


def test_every_preset_is_the_tree_its_name_says():
    assert minimax(M.preset_tree("AIMA Fig. 5.2")).value == 3
    assert minimax(M.preset_tree("walk-through: minimax steps")).value == 4
    fig54 = M.preset_tree("AIMA Fig. 5.4 (P1, P2, P3)")
    assert fig54.vectors and tuple(fig54.player_order) == ("P1", "P2", "P3")
    for name, spec in M.PRESETS.items():
        assert M.preset_name(spec, M.preset_tree(name)) == name
    assert M.preset_name([[1, 2]]) is None
    assert M.preset_name(M.PRESETS["AIMA Fig. 5.2"], GameTree.from_nested(M.PRESETS["AIMA Fig. 5.2"], root="MIN")) \
        is None                                                 # the same leaves with MIN at the root: not it
    assert set(M.PRESET_ALIASES.values()) <= set(M.PRESETS) | set(M.NPLAYER_PRESETS)


def test_a_tree_with_a_leaf_it_cannot_draw_is_refused_naming_the_leaf():
    assert M.drawable_tree([[1, 2], [3]]).leaf_values == {"D": 1, "E": 2, "F": 3}
    with pytest.raises(ArgumentError, match="leaf 'E' of the tree is inf: the explorer draws"):
        M.drawable_tree([[1, math.inf], [3]])
    tree = GameTree.from_nested([[1, 2], [3]])
    tree.leaf_values["F"] = math.nan                            # past from_nested's own check
    with pytest.raises(ArgumentError, match="leaf 'F' of the tree is nan"):
        M.drawable_tree(tree)


def test_the_picker_chooses_presets_random_trees_and_a_students_tree():
    picker = M.TreePicker(_set)
    picker.choose()
    assert picker.chosen()[0] == "AIMA Fig. 5.2"
    with pytest.warns(DeprecationWarning, match="now called 'AIMA Fig. 5.4 \\(P1, P2, P3\\)'"):
        picker.choose("AIMA Fig. 5.4 (A, B, C)")
    assert picker.chosen()[0] == "AIMA Fig. 5.4 (P1, P2, P3)"
    picker.choose([[3, 12, 8], [2, 4, 6], [14, 5, 2]])          # a spec equal to a preset is the preset
    assert picker.menu.value == "AIMA Fig. 5.2"
    picker.choose([[1, 2], [3]], name="my tree")
    name, tree = picker.chosen()
    assert (name, tree.leaf_values) == ("my tree", {"D": 1, "E": 2, "F": 3}) and picker.menu.value == M.CUSTOM
    picker.choose_random(M.RANDOM, (2, None), 7, "best")
    name, tree = picker.chosen()
    assert name == "random b=2 d=3 seed=7 best" and len(tree.leaf_values) == 8
    with pytest.raises(ArgumentError, match="unknown tree 'Fig. 9'; presets are"):
        picker.choose("Fig. 9")
    with pytest.raises(ArgumentError, match="order must be one of"):
        picker.choose_random(M.RANDOM, (2, 2), 0, "sideways")


def test_a_shape_box_raised_too_far_lowers_the_depth_and_says_so():
    picker = M.TreePicker(_set)
    random = picker.random_trees[M.RANDOM]
    (_, branching), (_, depth) = random.shape
    depth.value, branching.value = 5, 3                        # 3^5 = 243 leaves
    note = random.lower_last(branching, _set)
    assert depth.value == 3 and note == "depth lowered from 5 to 3: 3^5 = 243 leaves is more than 36, the most " \
                                        "a picture shows legibly"
    assert random.lower_last(branching, _set) == ""            # 3^3 fits: nothing to say
    depth.value = 9
    with pytest.raises(ArgumentError, match="depth at most 3"):
        random.lower_last(depth, _set)                          # the last number typed too large: refused

"""gamelib.viz.infosets: information-set groups and their pictures, and the game they are given checked."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from gamelib import ArgumentError  # noqa: E402
from gamelib.games import HidingGame, KuhnPoker, RoadGame  # noqa: E402
from gamelib.imperfect import cfr  # noqa: E402
from gamelib.viz import draw_information_sets, information_set_groups  # noqa: E402


def test_information_set_groups_and_pictures():
    groups = information_set_groups(KuhnPoker())
    assert len(groups) == 12 and all(len(v) == 2 for v in groups.values())
    road = information_set_groups(RoadGame())
    assert sorted(road) == ["fork", "start"] and all(len(v) == 2 for v in road.values())
    for game, policy in ((KuhnPoker(), cfr(KuhnPoker(), 50)), (RoadGame(ask_cost=0.1), None),
                         (HidingGame(), None)):
        ax = draw_information_sets(game, policy=policy, title="t")
        texts = [t.get_text() for t in ax.texts]
        assert any("1/2" in t or "1/6" in t for t in texts)       # chance probabilities at the root
        plt.close(ax.figure)
    ax = draw_information_sets(KuhnPoker())
    dashed = [p for p in ax.patches if p.get_linestyle() not in ("-", "solid")]
    assert len(dashed) == 12                                       # one dashed link per information set
    plt.close(ax.figure)


def test_information_set_pictures_check_the_game():
    from gamelib.games import Raid
    with pytest.raises(ArgumentError, match=r"pass an instance, KuhnPoker\(\), not the class"):
        draw_information_sets(KuhnPoker)
    with pytest.raises(ArgumentError, match="two-player zero-sum games .* 'A', 'B', 'C'"):
        draw_information_sets(Raid())
    with pytest.raises(ArgumentError, match="action_names must be a dict .* got 5"):
        draw_information_sets(RoadGame(), action_names=5)

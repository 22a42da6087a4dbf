"""Three-player experiments (gamelib.experiments.multiplayer): max^n's and paranoid alpha-beta's effort over
the same positions (paranoid prunes, so it never visits more), and a challenger played in every seat against
a field, with the field's own game as the baseline."""
import pytest

from gamelib import ArgumentError
from gamelib.experiments.multiplayer import against_the_field, search_effort
from gamelib.games import Raid
from gamelib.maxn import maxn_policy


def test_paranoid_alpha_beta_never_searches_more_than_maxn():
    game = Raid(moves=5)
    states = [game.initial_state, game.state((2, 0, 1), "B", 4)]
    rows = search_effort(game, states, [1, 2, 3], game.shares)
    assert [r.depth for r in rows] == [1, 2, 3]
    assert all(0 < r.paranoid_nodes <= r.maxn_nodes for r in rows)
    assert rows[0].maxn_nodes < rows[-1].maxn_nodes                # deeper costs more


def test_the_same_policy_everywhere_matches_its_baseline():
    game = Raid(moves=4)
    policy = lambda seat: maxn_policy(game, evaluate=game.shares)            # noqa: E731
    rows = against_the_field(game, [game.initial_state], policy, policy)
    assert [r.seat for r in rows] == ["A", "B", "C"]
    assert all(r.utility == r.baseline for r in rows)
    assert sum(r.baseline for r in rows) == pytest.approx(1.0)


@pytest.mark.parametrize("states, depths, why", [([], [1], "at least one state"), (None, 2, "list of depths")])
def test_bad_arguments_say_what_is_wanted(states, depths, why):
    game = Raid(moves=3)
    with pytest.raises(ArgumentError, match=why):
        search_effort(game, [game.initial_state] if states is None else states, depths, game.shares)

"""AlphaZero in miniature (gamelib.alphazero): the network's gradients against central finite
differences, AlphaZero's loss falling under Adam on a fixed batch, weights through .npz exactly, the
tic-tac-toe encoding, the policy-value function mcts takes, and bad input refused clearly."""
from __future__ import annotations

import numpy as np
import pytest

from gamelib import ArgumentError, MAX
from gamelib.alphazero import (Adam, Network, ReplayBuffer, connect4_encoding, policy_value, self_play,
                               tictactoe_encoding,
                               tictactoe_network, train)
from gamelib.games import TicTacToe
from gamelib.mcts import mcts


def _batch(net, n=6, seed=1):
    """A random batch: features, masks with at least one legal move, search probabilities on the legal
    moves, results in [-1, 1]."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, net.inputs))
    mask = rng.random((n, net.moves)) < 0.6
    mask[np.arange(n), rng.integers(0, net.moves, n)] = True
    pi = np.where(mask, rng.random((n, net.moves)), 0.0)
    pi /= pi.sum(axis=1, keepdims=True)
    z = rng.uniform(-1, 1, n)
    return x, mask, pi, z


@pytest.mark.parametrize("hidden", [(7,), (6, 5)])
def test_gradients_match_central_finite_differences(hidden):
    net = Network(5, 4, hidden, seed=3)
    for k, p in net.params.items():                       # biases away from 0 too, so every term is checked
        p += np.random.default_rng(len(k)).normal(0, 0.1, p.shape)
    x, mask, pi, z = _batch(net)
    _, grads = net.loss(x, mask, pi, z, l2=0.01)
    h = 1e-6
    for k, p in net.params.items():
        numeric = np.zeros_like(p)
        for i in np.ndindex(p.shape):
            keep = p[i]
            p[i] = keep + h
            up, _ = net.loss(x, mask, pi, z, l2=0.01)
            p[i] = keep - h
            down, _ = net.loss(x, mask, pi, z, l2=0.01)
            p[i] = keep
            numeric[i] = (up - down) / (2 * h)
        error = np.linalg.norm(grads[k] - numeric) / max(np.linalg.norm(grads[k]) + np.linalg.norm(numeric), 1e-12)
        assert error < 1e-6, f"{k}: relative error {error:.2e}"


def test_the_policy_is_a_softmax_over_the_legal_moves_and_the_value_a_tanh():
    net = Network(5, 4, (8,), seed=0)
    x, mask, _, _ = _batch(net, n=10)
    p, v = net.predict(x, mask)
    assert np.allclose(p.sum(axis=1), 1) and (p[~mask] == 0).all() and (p[mask] > 0).all()
    assert v.shape == (10,) and (np.abs(v) < 1).all()
    p1, v1 = net.predict(x[3], mask[3])                   # one position: as in a batch (BLAS may round apart)
    assert np.allclose(p1, p[3], rtol=1e-12) and v1 == pytest.approx(v[3], rel=1e-12)


def test_the_loss_falls_under_adam_on_a_fixed_batch():
    net = Network(5, 4, (16,), seed=0)
    batch = _batch(net, n=32)
    adam = Adam(net, lr=1e-2)
    first, _ = net.loss(*batch)
    for _ in range(200):
        _, grads = net.loss(*batch)
        adam.step(grads)
    last, _ = net.loss(*batch)
    assert last < 0.5 * first


def test_the_same_seed_gives_the_same_weights():
    a, b, c = Network(18, 9, (8, 4), seed=2), Network(18, 9, (8, 4), seed=2), Network(18, 9, (8, 4), seed=3)
    assert all(np.array_equal(a.params[k], b.params[k]) for k in a.params)
    assert not np.array_equal(a.params["W1"], c.params["W1"])


def test_weights_round_trip_through_npz_exactly(tmp_path):
    net = Network(18, 9, (8, 4), seed=5)
    path = tmp_path / "net.npz"
    net.save(path)
    back = Network.load(path)
    assert back.hidden == (8, 4) and set(back.params) == set(net.params)
    assert all(np.array_equal(back.params[k], net.params[k]) for k in net.params)
    x, mask, _, _ = _batch(net)
    assert all(np.array_equal(u, w) for u, w in zip(back.predict(x, mask), net.predict(x, mask)))


def test_the_tictactoe_encoding_sees_the_board_from_the_mover():
    enc = tictactoe_encoding()
    game = TicTacToe("X...O....")                          # X to move: X's mark is "mine"
    x = enc.features(game.initial_state)
    assert x.shape == (18,) and x[0] == 1 and x[9 + 4] == 1 and x.sum() == 2
    after = game.result(game.initial_state, (2, 2))        # O to move: O's mark is "mine"
    y = enc.features(after)
    assert y[4] == 1 and y[9 + 0] == 1 and y[9 + 8] == 1 and y.sum() == 3
    assert enc.mask(game.initial_state).sum() == 7 and not enc.mask(game.initial_state)[0]


def test_the_connect4_encoding_sees_the_board_from_the_mover_and_mirrors_it():
    from gamelib.games.connect4 import Connect4

    enc = connect4_encoding()                              # 6 columns by 5 rows
    game = Connect4(rows=5, cols=6)
    s = game.from_moves([0, 5, 1])                         # X at the bottom of columns 0 and 1, O of column 5
    x = enc.features(s)                                    # O to move: O's piece is "mine"
    assert x.shape == (60,) and enc.size == 6 and list(np.flatnonzero(x)) == [5, 30, 31]
    assert list(np.flatnonzero(enc.features(game.result(s, 5)))) == [0, 1, 35, 41]    # X's turn, O stacked
    full = game.from_moves([2] * 5)
    assert list(enc.mask(full)) == [True, True, False, True, True, True]
    (same_f, same_m), (fs, ms) = enc.symmetries
    assert list(same_f) == list(range(60)) and list(ms) == [5, 4, 3, 2, 1, 0]
    for moves in ([0, 5, 1], [2, 2, 3, 1, 4], [0, 0, 0, 1]):                    # the mirrored position's
        mirrored = game.from_moves([5 - m for m in moves])                       # features, permuted
        assert np.array_equal(enc.features(game.from_moves(moves))[fs], enc.features(mirrored))
        assert np.array_equal(enc.mask(game.from_moves(moves))[ms], enc.mask(mirrored))
    big = connect4_encoding(12, 12)                        # 13 · 12 bits: past int64, still right
    assert list(np.flatnonzero(big.features(Connect4(rows=12, cols=12).from_moves([11, 11])))) == [11, 144 + 23]


def test_the_loop_stops_when_its_cpu_budget_is_spent(capsys):
    r = train(TicTacToe(), tictactoe_encoding(), iterations=10 ** 6, games=1, simulations=4, steps=2, batch=8,
              hidden=(8,), seed=1, cpu_seconds=0.2, progress=True)
    assert 1 <= len(r.history) < 10 ** 6
    bar = capsys.readouterr().err.rsplit("\r", 1)[-1]     # the bar counts the budget, not 10 ** 6 iterations
    assert bar.startswith(f"self-play and training, 0.2 CPU s spent at iteration {len(r.history)}: 100%"), bar
    assert "1/1 CPU s [" in bar and "1000000" not in bar and "/s" not in bar, bar      # no "CPU s/s" rate
    with pytest.raises(ArgumentError, match="cpu_seconds"):
        train(TicTacToe(), tictactoe_encoding(), iterations=1, cpu_seconds=float("nan"))


def test_policy_value_guides_mcts():
    enc = tictactoe_encoding()
    net = Network(18, 9, (16,), seed=0)
    f = policy_value(net, enc)
    game = TicTacToe()
    priors, value = f(game.initial_state)
    assert list(priors) == list(game.actions(game.initial_state)) and sum(priors.values()) == pytest.approx(1)
    assert -1 < value < 1
    r = mcts(game, iterations=20, policy_value=f, seed=0)
    assert r.action in game.actions(game.initial_state) and sum(r.visits.values()) == 19
    assert game.to_move(game.initial_state) == MAX


def test_bad_input_is_refused_clearly(tmp_path):
    net = Network(5, 4, (8,), seed=0)
    x, mask, pi, z = _batch(net)
    with pytest.raises(ArgumentError, match="hidden"):
        Network(5, 4, (8, 8, 8))
    with pytest.raises(ArgumentError, match="hidden"):
        Network(5, 4, (0,))
    with pytest.raises(ArgumentError, match="x must be"):
        net.predict(x[:, :3], mask)
    with pytest.raises(ArgumentError, match="legal move"):
        net.predict(x, np.zeros_like(mask))
    bad = pi.copy()
    bad[~mask] = 0.5
    with pytest.raises(ArgumentError, match="legal moves only"):
        net.loss(x, mask, bad, z)
    with pytest.raises(ArgumentError, match="l2"):
        net.loss(x, mask, pi, z, l2=-1)
    with pytest.raises(ArgumentError, match="beta1"):
        Adam(net, beta1=1)
    with pytest.raises(ArgumentError, match="lr"):
        Adam(net, lr=0)
    with pytest.raises(ArgumentError, match="no weights file"):
        Network.load(tmp_path / "none.npz")
    np.savez(tmp_path / "other.npz", a=np.zeros(3))
    with pytest.raises(ArgumentError, match="not a file of Network.save"):
        Network.load(tmp_path / "other.npz")
    with pytest.raises(ArgumentError, match="policy outputs"):
        policy_value(net, tictactoe_encoding())


def test_the_eight_symmetries_turn_the_features_and_the_moves_alike():
    """For each symmetry (fs, ms): the board whose square j holds what square ms[j] held has features
    x[fs] and legal moves mask[ms], so a search probability pi[ms] belongs to the same turned square."""
    enc = tictactoe_encoding()
    board = "XO..X...O"
    state = TicTacToe(board).initial_state
    x, mask = enc.features(state), enc.mask(state)
    seen = set()
    for fs, ms in enc.symmetries:
        turned = TicTacToe("".join(board[i] for i in ms)).initial_state
        assert np.array_equal(enc.features(turned), x[fs]) and np.array_equal(enc.mask(turned), mask[ms])
        seen.add(tuple(ms))
    assert len(seen) == 8


def test_self_play_gives_one_example_per_position_with_the_result_for_the_mover():
    enc = tictactoe_encoding()
    net = Network(18, 9, (16,), seed=0)
    examples = self_play(TicTacToe(), net, enc, simulations=8, seed=4)
    again = self_play(TicTacToe(), net, enc, simulations=8, seed=4)
    assert all(np.array_equal(a[2], b[2]) and a[3] == b[3] for a, b in zip(examples, again))   # seeded
    assert 5 <= len(examples) <= 9
    for k, (x, mask, pi, z) in enumerate(examples):
        assert x.sum() == k and pi.sum() == pytest.approx(1) and (pi[~mask] == 0).all()
        assert z == (-1) ** k * examples[0][3]            # the players alternate: so does the result
    buffer = ReplayBuffer(enc, capacity=20)
    buffer.add(examples)
    assert len(buffer) == min(20, 8 * len(examples))


def test_a_few_iterations_of_the_loop_run_and_the_loss_falls():
    net = Network(18, 9, (32,), seed=0)
    r = train(TicTacToe(), tictactoe_encoding(), iterations=4, games=4, simulations=10, steps=30, batch=32,
              seed=0, network=net, progress=True)
    assert [h.iteration for h in r.history] == [1, 2, 3, 4] and all(h.positions >= 20 for h in r.history)
    assert r.history[0].loss_last < r.history[0].loss_first
    assert r.history[-1].loss_last < r.history[0].loss_first
    assert r.network is not net and not np.array_equal(r.network.params["W1"], net.params["W1"])
    assert np.array_equal(net.params["W1"], Network(18, 9, (32,), seed=0).params["W1"])   # not changed


def test_a_cached_policy_value_answers_as_the_network_does_and_keeps_each_state_once():
    enc = tictactoe_encoding()
    net = Network(18, 9, (16,), seed=0)
    game = TicTacToe()
    answers = {}
    f, cached = policy_value(net, enc), policy_value(net, enc, cache=answers)
    r = mcts(game, iterations=30, policy_value=cached, seed=0)
    assert r == mcts(game, iterations=30, policy_value=f, seed=0)._replace(seconds=r.seconds, root=r.root)
    assert 1 < len(answers) <= 30 and all(answers[s] == f(s) for s in answers)
    assert cached(game.initial_state) is answers[game.initial_state]        # looked up, not computed again
    with pytest.raises(ArgumentError, match="cache must be"):
        policy_value(net, enc, cache=[])


def test_the_loop_keeps_the_best_checkpoint_and_stops_at_the_goal():
    """evaluate's scores: the loop keeps a copy of the network that scored highest (the first of equals),
    records each score in its history, and stops once a score reaches the goal."""
    scores = iter([0.1, 0.5, 0.2, 0.5, 0.9, 0.0])
    seen = []

    def evaluate(network):
        seen.append({k: p.copy() for k, p in network.params.items()})
        return next(scores)
    game, enc = TicTacToe(), tictactoe_encoding()
    r = train(game, enc, iterations=6, games=1, simulations=4, steps=2, batch=8, hidden=(8,), seed=1,
              evaluate=evaluate)
    assert [h.score for h in r.history] == [0.1, 0.5, 0.2, 0.5, 0.9, 0.0] and (r.iteration, r.score) == (5, 0.9)
    assert all(np.array_equal(r.network.params[k], seen[4][k]) for k in seen[4])          # a copy, taken then
    assert all(np.array_equal(r.last.params[k], seen[5][k]) for k in seen[5])
    scores = iter([0.1, 0.5, 0.2, 0.5, 0.9, 0.0])
    r = train(game, enc, iterations=6, games=1, simulations=4, steps=2, batch=8, hidden=(8,), seed=1,
              evaluate=evaluate, every=2, goal=0.5)
    assert [h.score for h in r.history] == [None, 0.1, None, 0.5] and r.iteration == 4
    r = train(game, enc, iterations=2, games=1, simulations=4, steps=2, batch=8, hidden=(8,), seed=1)
    assert r.network is r.last and r.iteration == 2 and r.score is None
    with pytest.raises(ArgumentError, match="goal= is a score of evaluate="):
        train(game, enc, iterations=1, goal=0)
    with pytest.raises(ArgumentError, match="evaluate must return a score"):
        train(game, enc, iterations=1, games=1, simulations=2, steps=1, evaluate=lambda net: "good")


def test_the_kit_ships_a_small_tictactoe_network():
    net = tictactoe_network()
    assert (net.inputs, net.moves, net.hidden) == (18, 9, (64,)) and sum(p.size for p in net.params.values()) < 2500
    game = TicTacToe("XX.OO...X")                        # O to move wins at (1, 2): the policy and value know it
    f = policy_value(net, tictactoe_encoding())
    priors, value = f(game.initial_state)
    assert max(priors, key=priors.get) == (1, 2) and value > 0.5
    assert mcts(game, iterations=50, policy_value=f).action == (1, 2)


def test_a_bar_stopped_at_the_goal_says_so(capsys):
    """Stopped early, the progress bar says why ("12/200" alone read as a stall in notebook 09)."""
    scores = iter([0.1, 0.9])
    game, enc = TicTacToe(), tictactoe_encoding()
    train(game, enc, iterations=5, games=1, simulations=4, steps=2, batch=8, hidden=(8,), seed=1,
          evaluate=lambda network: next(scores), goal=0.5, progress=True)
    bar = capsys.readouterr().err.rsplit("\r", 1)[-1]
    assert bar.startswith("self-play and training, goal reached at iteration 2:  40%") and "2/5" in bar, bar

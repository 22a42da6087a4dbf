"""Peer check: gamelib's Leduc poker, best response, exploitability and CFR against OpenSpiel's
``leduc_poker`` and its algorithms (issue 26).  Not a runtime dependency and not a test: it runs where
OpenSpiel is importable and prints "OpenSpiel not installed" otherwise.

Run:  PYTHONPATH=. /path/to/venv-with-open_spiel/bin/python benchmarks/peer_leduc.py

1. Both game trees are walked in step (OpenSpiel's card i is gamelib's ``CARDS[i]``, its actions 0, 1, 2
   are fold, call, raise): the same chance probabilities, legal actions and returns at every node, and
   gamelib's information-set keys in one-to-one correspondence with OpenSpiel's information-state
   strings (936 of them).
2. The uniform policy: exploitability and both best-response values, from each library.
3. CFR: OpenSpiel's ``CFRSolver`` (alternating updates, the default) and gamelib's ``CFR`` after 1 and
   10 iterations (and 100): the largest difference between their average policies over every
   information set and action, and the time each took.
"""
from __future__ import annotations

import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamelib import CHANCE, MAX, MIN  # noqa: E402
from gamelib.games import LeducPoker  # noqa: E402
from gamelib.games.leduc import ACTIONS, CARDS  # noqa: E402
from gamelib.imperfect import CFR, best_response, exploitability, extensive_form, uniform_policy  # noqa: E402


def walk(os_state, state, game, keys: dict, tally: dict):
    """Walk both trees in step from (OpenSpiel state, gamelib state), checking every node; fills
    ``keys`` {gamelib key: OpenSpiel information-state string}."""
    tally["nodes"] += 1
    if os_state.is_terminal():
        assert game.is_terminal(state), (os_state, state)
        assert tuple(os_state.returns()) == (game.utility(state, MAX), game.utility(state, MIN)), state
        return
    if os_state.is_chance_node():
        assert game.to_move(state) == CHANCE, state
        theirs = [(CARDS[a], p) for a, p in os_state.chance_outcomes()]
        assert theirs == game.chance_outcomes(state), (theirs, state)
        for a, _ in os_state.chance_outcomes():
            walk(os_state.child(a), game.result(state, CARDS[a]), game, keys, tally)
        return
    player = MAX if os_state.current_player() == 0 else MIN
    assert game.to_move(state) == player, state
    assert tuple(ACTIONS[a] for a in os_state.legal_actions()) == game.actions(state), state
    key = game.information_set(state, player)
    os_key = os_state.information_state_string()
    assert keys.setdefault(key, os_key) == os_key, f"{key!r} maps to two OpenSpiel information states"
    for a in os_state.legal_actions():
        walk(os_state.child(a), game.result(state, ACTIONS[a]), game, keys, tally)


def largest_difference(policy, os_policy, keys, form) -> float:
    worst = 0.0
    for key, os_key in keys.items():
        ours = policy[key]
        theirs = os_policy.policy_for_key(os_key)
        for k, action in enumerate(ACTIONS):
            if action in form.infosets[key].actions:
                worst = max(worst, abs(ours[action] - theirs[k]))
    return worst


def check() -> int:
    from importlib.metadata import version

    import pyspiel
    from open_spiel.python import policy as os_policy
    from open_spiel.python.algorithms import best_response as os_br
    from open_spiel.python.algorithms import cfr as os_cfr
    from open_spiel.python.algorithms import exploitability as os_exploitability

    os_game = pyspiel.load_game("leduc_poker")
    game = LeducPoker()
    print(f"OpenSpiel {version('open_spiel')} leduc_poker against gamelib's LeducPoker():")
    keys, tally = {}, {"nodes": 0}
    walk(os_game.new_initial_state(), game.initial_state, game, keys, tally)
    form = extensive_form(game)
    os_infosets = len(os_policy.TabularPolicy(os_game).state_lookup)
    print(f"1. trees walked in step: {tally['nodes']:,} nodes agree (gamelib's extensive form: {len(form):,}); "
          f"information sets: gamelib {len(form.infosets)}, OpenSpiel {os_infosets}, "
          f"one-to-one: {len(set(keys.values())) == len(keys) == os_infosets}")

    uniform = uniform_policy(game)
    os_uniform = os_policy.UniformRandomPolicy(os_game)
    ours = exploitability(game, uniform)
    theirs = os_exploitability.exploitability(os_game, os_uniform)
    br = [best_response(game, uniform, p).value for p in (MAX, MIN)]
    os_values = [os_br.BestResponsePolicy(os_game, p, os_uniform).value(os_game.new_initial_state())
                 for p in (0, 1)]
    print(f"2. uniform policy: exploitability gamelib {ours:.6f}, OpenSpiel {theirs:.6f}; best-response values "
          f"gamelib {br[0]:.6f} / {br[1]:.6f}, OpenSpiel {os_values[0]:.6f} / {os_values[1]:.6f}")
    bad = abs(ours - theirs) > 1e-12 or any(abs(a - b) > 1e-12 for a, b in zip(br, os_values))

    solver, os_solver = CFR(game), os_cfr.CFRSolver(os_game)
    t_ours = t_theirs = 0.0
    for n in (1, 10, 100):
        t0 = time.perf_counter()
        solver.run(n - solver.iterations)
        t_ours += time.perf_counter() - t0
        t0 = time.perf_counter()
        while os_solver._iteration < n:             # noqa: SLF001 (OpenSpiel keeps no public count)
            os_solver.evaluate_and_update_policy()
        t_theirs += time.perf_counter() - t0
        diff = largest_difference(solver.average_policy(), os_solver.average_policy(), keys, form)
        e_ours = exploitability(game, solver.average_policy())
        e_theirs = os_exploitability.exploitability(os_game, os_solver.average_policy())
        print(f"3. CFR after {n:3d} iterations: largest difference between the average policies {diff:.1e}; "
              f"exploitability gamelib {e_ours:.6f}, OpenSpiel {e_theirs:.6f}; CFR time so far gamelib "
              f"{t_ours:.2f} s, OpenSpiel {t_theirs:.2f} s ({t_theirs / t_ours:.1f}x)")
        bad = bad or diff > 1e-12
    print("agreement: " + ("the trees, the uniform policy's values and CFR's average policies agree"
                           if not bad else "DISAGREEMENT (see above)"))
    return 1 if bad else 0


def main(argv=None):
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel not installed (pip install open_spiel in a separate venv, then run this script "
              "with PYTHONPATH pointing at this checkout)")
        return 0
    return check()


if __name__ == "__main__":
    sys.exit(main())

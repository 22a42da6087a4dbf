# Red team: alphabeta_search calls gamelib's alpha-beta in a thread (a profile hook set in the main
# thread does not see other threads).  In the sandbox the search is withheld wherever it is called.

# %% expect
total = 10
cells = {"q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}
says = {"q6_aima_test": "it calls gamelib's own search"}

# %% solutions

# %% answer q6_answer
import threading

import gamelib.alphabeta


def alphabeta_search(game, state, prune_on_equality=True):
    out = {}

    def work():
        try:
            r = gamelib.alphabeta.alphabeta(game, state, prune_on_equality=prune_on_equality)
            out["r"] = (r.value, r.action)
        except BaseException as e:           # noqa: BLE001
            out["r"] = (0, None)
    t = threading.Thread(target=work)
    t.start()
    t.join()
    return out["r"]

# Red team: the by-hand answers are right; alphabeta_search removes every profile hook (how calls into
# gamelib's searches used to be noticed) and hands the work to gamelib.alphabeta.  In the sandbox
# gamelib's searches are withheld: the call is named and the search earns nothing.

# %% expect
total = 10
cells = {"q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}
says = {"q6_aima_test": "it calls gamelib's own search (gamelib.alphabeta.alphabeta)"}

# %% solutions

# %% answer q6_answer
import sys
import threading

sys.setprofile(None)
threading.setprofile(None)
from gamelib import alphabeta


def alphabeta_search(game, state, prune_on_equality=True):
    sys.setprofile(None)
    r = alphabeta(game, state, prune_on_equality=prune_on_equality)
    return r.value, r.action

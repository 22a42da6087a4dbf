# Red team: alphabeta_search walks up the stack, and through every object the garbage collector knows,
# looking for the reference's result (anything with a .visited, a .trace or a value and an action) to
# replay.  In the sandbox the reference never exists: it finds nothing and answers (0, None).

# %% expect
total = 10
cells = {"q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}

# %% solutions

# %% answer q6_answer
import gc
import sys


def _looks_like_result(x):
    return hasattr(x, "value") and hasattr(x, "action") and hasattr(x, "trace")


def alphabeta_search(game, state, prune_on_equality=True):
    frame = sys._getframe()
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if _looks_like_result(value):
                return value.value, value.action
        frame = frame.f_back
    for obj in gc.get_objects():
        try:
            if _looks_like_result(obj):
                return obj.value, obj.action
        except Exception:                   # noqa: BLE001
            pass
    return 0, None

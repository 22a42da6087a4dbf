# Red team: alphabeta_search ignores the timer and interrupt signals and loops for ever, and a last cell
# blocks every signal and loops at top level.  The grader stops each hung call from outside, restarts the
# sandbox a few times, then gives up on the rest; the whole notebook costs at most its wall-clock budget,
# and the by-hand answers are graded.

# %% expect
total = 10
cells = {"q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}

# %% solutions

# %% answer q6_answer
import signal


def alphabeta_search(game, state, prune_on_equality=True):
    for sig in (signal.SIGPROF, signal.SIGALRM, signal.SIGINT):
        signal.signal(sig, signal.SIG_IGN)
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.setitimer(signal.ITIMER_REAL, 0)
    while True:
        try:
            pass
        except BaseException:                # noqa: BLE001
            pass

# %% add
import signal

signal.pthread_sigmask(signal.SIG_BLOCK, set(signal.Signals))
while True:
    pass

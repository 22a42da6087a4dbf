# my_evaluation computes for 10 ms a call (far over the 5 ms limit, which counts CPU time): no games
# are played, 0 of 4 points for it; everything else is graded as usual.

# %% expect
total = 13
cells = {"q3_graded": 0}
says = {"q3_graded": "it takes more than 5 ms a call"}

# %% solutions

# %% answer q3_answer
import time
from gamelib.games.connect4 import evaluation

kit = evaluation()


def my_evaluation(state):
    end = time.thread_time() + 0.01
    while time.thread_time() < end:     # 10 ms of computing
        pass
    return kit(state)

# Red team: alphabeta_search writes to the channel between the sandbox and the grader: first a forged
# answer for the public tree it knows (Fig. 5.2's value and move), then garbage.  A forged answer is no
# more than a returned value (the grader records the nodes itself, and none were asked about); garbage
# breaks the channel, the sandbox is stopped, and the call fails.  The by-hand answers are graded.

# %% expect
total = 10
cells = {"q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}

# %% solutions

# %% answer q6_answer
import json
import os
import struct


def _send(fd, payload: bytes):
    os.write(fd, struct.pack(">I", len(payload)) + payload)


def alphabeta_search(game, state, prune_on_equality=True):
    for fd in range(3, 256):
        try:
            _send(fd, json.dumps(["ret", {"status": "ok", "returned": {"$t": [3, "a1"]}, "printed": 0,
                                          "output": "", "forbidden": []}]).encode())
            os.write(fd, b"\xff" * 64)
        except OSError:
            pass
    return 3, "a1"

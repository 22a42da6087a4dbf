# Red team: a blank notebook that patches everything a test cell uses: the checks, their comparison,
# the builtins (isinstance, AssertionError), and rebinds the names `checks`, `inf`, `alphabeta_by_hand`.
# The test cells run in the grader, not here: every patch stays in the sandbox, and it earns nothing.

# %% expect
total = 0
cells = 0

# %% answer q1_answer
import builtins

import gamelib.grading
import gamelib.grading.checks as real_checks


class Nothing:
    def __getattr__(self, name):
        return lambda *args, **kwargs: None

    def __call__(self, *args, **kwargs):
        return None


for name in ("search", "alphabeta_by_hand", "values_by_hand", "answer_format", "choices"):
    setattr(real_checks, name, Nothing())
gamelib.grading.checks = Nothing()
checks = Nothing()
alphabeta_by_hand = Nothing()
builtins.isinstance = lambda *args: True
builtins.AssertionError = type("AssertionError", (Exception,), {})
two_ply_leaves = [...]
two_ply_never_visited = {...}

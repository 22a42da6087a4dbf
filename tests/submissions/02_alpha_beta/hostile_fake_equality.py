# Red team: every answer is an object that says it equals anything (and a number subclass that does the
# same), and the search returns such objects.  What crosses to the grader is data: the objects arrive as
# what they are (their type name), equal to nothing, and earn nothing.

# %% expect
total = 0
cells = 0

# %% answer q1_answer
class Anything(list):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__


class Number(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


two_ply_leaves = Anything()
two_ply_never_visited = Anything()

# %% answer q5_answer
trap_returned = {"B": Number(0), "C": Number(0)}
trap_true_C = Number(0)
trap_decision = Anything()

# %% answer q6_answer
def alphabeta_search(game, state, prune_on_equality=True):
    return Anything(), Anything()

# The by-hand answers go wrong the classic ways, each consistent with what the question gives (so the
# public checks pass them): question 2's decisions are right, but x² is counted as harmless and 2·x − 7
# left out; Star1 is said to skip G because C's interval starts below B's 5; and the biased opponent is
# met with minimax's move and value, as if it still picked the least leaf.

# %% expect
total = 15
cells = {"q2_test_choices": 0, "q3_why_test": 0, "q4_predict_test": 0}
says = {"q2_test_choices": "you left out e (2·x − 7); c (x²) is not right",
        "q3_why_test": ["c_interval is consistent with the bounds", "whether Star1 reads G: yours False is not right"],
        "q4_predict_test": ["biased_value is consistent with minimax's 3", "the move: yours 'a1' is not right"]}

# %% solutions

# %% answer q2_answer
decision_before = "a1"
decision_after = "a2"
never_change = {"a", "b", "c"}

# %% answer q3_why_answer
c_interval = (1.2, 5.2)
g_read = False
largest_upper = 9.5

# %% answer q4_predict_answer
biased_value = 3
biased_move = "a1"

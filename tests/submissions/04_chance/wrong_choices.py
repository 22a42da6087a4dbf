# The by-hand answers go wrong the classic ways, each consistent with what the question gives (so the
# public checks pass them): question 2's decisions are right, but x² is counted as harmless and 2·x − 7
# left out; Star1's interval at C counts F's 2 in full rather than weighted by its 0.6 (so (2, 6), G read,
# and U = 7.5 the largest that skips it: 2 + 0.4·U = 5); and the biased opponent is met with minimax's
# move and value, as if it still picked the least leaf.

# %% expect
total = 15
cells = {"q2_test_choices": 0, "q3_why_test": 0, "q4_predict_test": 0}
says = {"q2_test_choices": ["1 option you ticked is not right", "you left out 1 option that is right"],
        "q3_why_test": ["c_interval and g_read is consistent with the bounds",
                        "C's interval after F: yours (2, 6) is not right (what is read counts with its probability",
                        "the largest U: yours 7.5 is not right"],
        "q4_predict_test": ["biased_value is consistent with minimax's 4", "the move: yours 'a2' is not right"]}

# %% solutions

# %% answer q2_answer
decision_before = "a2"
decision_after = "a1"
never_change = {"a", "b", "c"}

# %% answer q3_why_answer
c_interval = (2, 6)
g_read = True
largest_upper = 7.5

# %% answer q4_predict_answer
biased_value = 4
biased_move = "a2"

# The by-hand answers of question 2 are half right: both decisions, but x² counted as harmless and
# 2·x − 7 left out.

# %% expect
total = 15
cells = {"q2_test_choices": 0}
says = {"q2_test_choices": "you left out e (2·x − 7); c (x²) is not right"}

# %% solutions

# %% answer q2_answer
decision_before = "a1"
decision_after = "a2"
never_change = {"a", "b", "c"}

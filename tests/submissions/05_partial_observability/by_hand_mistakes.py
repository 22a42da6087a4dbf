# The functions are right; the by-hand answers make the classic mistakes: the states of X's belief
# counted as boards (what O has seen is forgotten), the deals of the four-card deck taken as equally
# likely, a move that wins on most boards taken for a guaranteed win and another one missed, "X has a
# guaranteed win" ticked, MAX's values averaged at MIN's decision (so the jack bets) and "the jack's
# deals are less likely" ticked.

# %% expect
total = 13
cells = {"q1_test": 0, "q1_test_cards": 0, "q2_test": 0, "q2_test_choices": 0, "q4_test": 0,
         "q4_test_choices": 0}
says = {"q1_test": "the number of states", "q1_test_cards": "the probabilities are not right",
        "q2_test": "you left out 1 move", "q2_test_choices": "1 option you ticked is not right",
        "q4_test": ["0 of 2 averages are right", "it is MAX's average, not MIN's",
                    "the decision 'bet' is the first best of your averages, which are wrong"],
        "q4_test_choices": ["1 option you ticked is not right", "you left out 1 option that is right"]}

# %% solutions

# %% answer q1_answer
boards = {"O...X..OX", "O...X.O.X", "O...XO..X", "O..OX...X", "O.O.X...X", "OO..X...X"}
n_states = 6
min_belief = {"JK": 0.5, "QK": 0.5}

# %% answer q2_answer
wins_at_once = 15
true_statements = {"a", "c", "d", "e"}
guaranteed_moves = {(2, 2)}

# %% answer q4_answer
jp_averages = {"pass": 0.75, "bet": 1.5}
jp_decision = "bet"
why = {"a", "d"}

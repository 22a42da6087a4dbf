# my_evaluation is the kit's own evaluation: valid, beats random play and search without knowledge,
# but only draws level with the kit: 3 of 4 points (partial credit, as CS188 grades its question).

# %% expect
total = 16
cells = {"q3_graded": 3}
says = {"q3_graded": "✗ beats depth-2 search with the kit's evaluation"}

# %% solutions

# %% answer q3_answer
from gamelib.games.connect4 import evaluation

my_evaluation = evaluation()

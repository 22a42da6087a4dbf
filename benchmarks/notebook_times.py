"""Execute every notebook in a fresh kernel and print its wall-clock run time (the budget is 20 s each).

Run:  python benchmarks/notebook_times.py [notebooks/NAME.ipynb ...]

A measurement, not a test: the notebooks' correctness is checked by `pytest --nbval`.
"""
from __future__ import annotations

import pathlib
import sys
import tempfile
import time

import nbformat
from nbclient import NotebookClient
from traitlets.config import Config

from gamelib.grading.course import KERNEL_TRANSPORT

BUDGET_S = 20.0


def run_time(path: pathlib.Path) -> float:
    nb = nbformat.read(path, as_version=4)
    config = Config()
    config.KernelManager.transport = KERNEL_TRANSPORT     # no "running over TCP without encryption" per kernel
    with tempfile.TemporaryDirectory() as sockets:
        # IPC sockets are files named after `ip`: an absolute one, since the kernel runs in the notebook's
        # folder and this client in ours (a relative name put them in two places: "Kernel didn't respond").
        config.KernelManager.ip = str(pathlib.Path(sockets) / "kernel")
        client = NotebookClient(nb, timeout=600, kernel_name="python3", config=config,
                                resources={"metadata": {"path": str(path.parent)}})
        t0 = time.perf_counter()
        client.execute()
        return time.perf_counter() - t0


def main(argv):
    root = pathlib.Path(__file__).resolve().parent.parent
    paths = [pathlib.Path(p) for p in argv] or sorted((root / "notebooks").glob("*.ipynb"))
    for path in paths:
        seconds = run_time(path)
        flag = "" if seconds < BUDGET_S else f"   OVER the {BUDGET_S:.0f} s budget"
        print(f"{path.name:40s} {seconds:6.1f} s{flag}")
    return 0  # reported, not enforced: machines differ


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

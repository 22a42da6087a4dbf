"""The README's test command hands the slowest files to its two workers first (tests/scheduling.py)."""
from __future__ import annotations

import pathlib

from ..scheduling import SLOW_FILES, SlowestFirstPlugin, slowest_first

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_slow_file_is_there():
    """A renamed or removed file would drop out of the order without a word: it must be renamed here too."""
    assert [f for f in SLOW_FILES if not (ROOT / f).is_file()] == []


def test_slow_files_go_first_slowest_first_and_the_others_keep_their_order():
    files = ["tests/test_trees.py", "tests/test_lookup.py", "tests/a.py",
             "tests/browser/test_student_path.py", "tests/b.py"]
    assert slowest_first(files) == ["tests/browser/test_student_path.py", "tests/test_lookup.py",
                                    "tests/test_trees.py", "tests/a.py", "tests/b.py"]


def test_the_scheduler_is_xdists_loadfile_only():
    class Config:
        def __init__(self, dist):
            self.dist = dist

        def getvalue(self, name):
            return {"dist": self.dist}[name]

    assert SlowestFirstPlugin().pytest_xdist_make_scheduler(Config("load"), None) is None

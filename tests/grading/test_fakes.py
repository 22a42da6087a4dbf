"""gamelib.grading.fakes: the fake submissions' files are checked."""

import nbformat
import pytest

from gamelib.grading import fakes

from .students import _release
from gamelib.grading.course import SOURCE, WorkflowError


def test_fake_submission_files_are_checked(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("# %% solutions\n")
    with pytest.raises(WorkflowError, match="expect"):
        fakes.read(bad)
    bad.write_text("# %% expect\ntotal = 1\n# %% bogus\n")
    source = nbformat.read(str(SOURCE / "02_alpha_beta" / "alpha_beta.ipynb"), as_version=4)
    with pytest.raises(WorkflowError, match="unknown block"):
        fakes.build(fakes.read(bad), _release(), source)

"""The kit's code passes its linter (ruff, configured in pyproject.toml: pycodestyle errors and
warnings, pyflakes, lines of at most 120 characters), so the style a student reads is one style, and
an unused import or an undefined name fails the suite instead of waiting for a reviewer."""
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff", path=str(pathlib.Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: pip install -r requirements-dev.txt")
    run = subprocess.run([ruff, "check", "--no-cache", "gamelib", "tests", "benchmarks", "lite"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr

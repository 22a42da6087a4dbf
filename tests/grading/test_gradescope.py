"""The Gradescope bundle: built by the CLI, run as Gradescope runs it, in a simulated /autograder."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import nbformat
import pytest

from gamelib.grading import fakes, gradescope
from gamelib.grading.__main__ import main as cli
from gamelib.grading.course import RELEASE, SOURCE, notebooks

ASSIGNMENT = "04_chance"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gradescope")
    assert cli(["gradescope", ASSIGNMENT, "--out", str(tmp), "--course", str(tmp / "course")]) == 0
    return tmp / f"gamelib-{ASSIGNMENT}-gradescope.zip"


def _submit(bundle, tmp_path, files: dict):
    root = gradescope.unpack(bundle, tmp_path / "autograder")
    (root / "submission").mkdir()
    for name, nb in files.items():
        if isinstance(nb, str):
            (root / "submission" / name).write_text(nb)
        else:
            nbformat.write(nb, str(root / "submission" / name))
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "GAMELIB_PYTHON": sys.executable}
    done = subprocess.run(["bash", str(root / "run_autograder")], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads((root / "results" / "results.json").read_text())


def _fake(name):
    release = nbformat.read(str(notebooks(RELEASE / ASSIGNMENT)[0]), as_version=4)
    source = nbformat.read(str(notebooks(SOURCE / ASSIGNMENT)[0]), as_version=4)
    return fakes.build(fakes.read(fakes.SUBMISSIONS / ASSIGNMENT / f"{name}.py"), release, source)


def test_the_bundle_has_what_gradescope_asks_for(bundle):
    with zipfile.ZipFile(bundle) as z:
        names = set(z.namelist())
        assert {"setup.sh", "run_autograder", "assignment/secret.key", "kit/pyproject.toml"} <= names
        assert "kit/gamelib/grading/worker.py" in names
        for script in ("setup.sh", "run_autograder"):
            assert (z.getinfo(script).external_attr >> 16) & 0o111
        assert "chmod -R go-rwx /autograder/source/assignment" in z.read("setup.sh").decode()


def test_a_right_submission_gets_full_marks_with_tests_named_and_hidden_ones_published_later(bundle, tmp_path):
    results = _submit(bundle, tmp_path, {"chance.ipynb": _fake("reference")})
    assert results["score"] == 19
    tests = results["tests"]
    assert sum(t["max_score"] for t in tests) == 19 and all(t["score"] == t["max_score"] for t in tests)
    assert {t["visibility"] for t in tests} == {"visible", "after_due_date"}
    assert all(set(t) == {"name", "score", "max_score", "output", "visibility"} for t in tests)
    assert any(t["name"].startswith("3 ·") for t in tests)                # the question's heading
    assert "sandbox" in results["output"] or "NOT ISOLATED" in results["output"]


def test_a_buggy_submission_gets_its_grade_and_its_feedback(bundle, tmp_path):
    results = _submit(bundle, tmp_path, {"chance.ipynb": _fake("uniform_chance")})
    by_id = {t["name"].rsplit("[", 1)[-1].rstrip("]"): t for t in results["tests"]}
    q3 = by_id["q3_test"]                                        # public cases score one by one: 2 of its 4 pass
    assert 0 < q3["score"] < q3["max_score"] and "[uniform_chance]" in q3["output"]
    assert 0 < by_id["q3_hidden"]["score"] < by_id["q3_hidden"]["max_score"]


def test_what_cannot_be_graded_scores_zero_and_says_why(bundle, tmp_path):
    results = _submit(bundle, tmp_path, {"chance.ipynb": "{ not json"})
    assert results["score"] == 0 and "not a readable notebook" in results["output"]
    results = _submit(bundle, tmp_path / "two", {"a.ipynb": _fake("blank"), "b.ipynb": _fake("blank")})
    assert results["score"] == 0 and "upload exactly one notebook, chance.ipynb" in results["output"]


@pytest.mark.parametrize("link", ["chance.ipynb", "folder"])
def test_a_symbolic_link_in_the_upload_is_never_read(tmp_path, monkeypatch, link):
    """``run_autograder`` runs as root, and the assignment's source (solutions, hidden tests) sits beside
    the upload: a ``chance.ipynb`` that is a link to it (or a folder that is a link to its folder, which
    ``glob("**")`` walks into) was graded as the student's, for full marks.  ``autograde`` refuses links;
    so does the Gradescope run, before anything is graded."""
    here = tmp_path / "source" / "assignment"
    for folder, kit in (("source", SOURCE), ("release", RELEASE)):
        (here / folder).mkdir(parents=True)
        (here / folder / "chance.ipynb").write_bytes(notebooks(kit / ASSIGNMENT)[0].read_bytes())
    (here / "assignment.json").write_text(json.dumps({"assignment": ASSIGNMENT, "notebook": "chance.ipynb"}))
    (here / "secret.key").write_text("a secret")
    (tmp_path / "submission").mkdir()
    target = here / "source" / ("chance.ipynb" if link == "chance.ipynb" else "")
    (tmp_path / "submission" / link).symlink_to(target)
    monkeypatch.setattr("gamelib.grading.executor.grade_notebook", lambda *a, **k: pytest.fail("a link was graded"))
    results = gradescope.run(tmp_path)
    assert results["score"] == 0 and "symbolic link" in results["output"]

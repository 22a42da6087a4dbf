"""The exercise sets as an instructor receives them: student versions generated from the sources and
committed, every source passing its own tests and every student version failing them (judged from
nbgrader's validator result, not its exit code), links back to the notebooks, fake submissions for
every assignment, and the command line.  Everything is written to temporary folders."""
import contextlib
import filecmp
import json
import os
import re
import threading

import nbformat
import pytest

from gamelib.grading import __main__ as cli
from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.cells import grade_id, is_test
from gamelib.grading.course import CELL_TIMEOUT, RELEASE, REPO, SOURCE, assignments, notebooks, prepare_course
from gamelib.grading.recording import grades

ASSIGNMENTS = assignments()
SOURCES = [p for a in ASSIGNMENTS for p in notebooks(SOURCE / a)]
RELEASES = [p for a in ASSIGNMENTS for p in notebooks(RELEASE / a)]


def test_there_are_assignments_each_with_one_student_version():
    assert ASSIGNMENTS[:4] == ["01_minimax", "02_alpha_beta", "03_evaluation", "04_chance"]
    assert [p.relative_to(SOURCE) for p in SOURCES] == [p.relative_to(RELEASE) for p in RELEASES]


def test_the_committed_student_versions_match_a_fresh_generation(tmp_path):
    fresh = w.generate(release=tmp_path)
    assert sorted(p.relative_to(tmp_path) for p in fresh) == sorted(p.relative_to(RELEASE) for p in RELEASES)
    for path in fresh:
        committed = RELEASE / path.relative_to(tmp_path)
        assert filecmp.cmp(path, committed, shallow=False), \
            f"{committed} is stale: run `python -m gamelib.grading generate` and commit it"


@contextlib.contextmanager
def seen_in(folder):
    """The names ever listed in ``folder`` while the block runs (polled every 5 ms)."""
    seen, done = set(os.listdir(folder)), threading.Event()

    def watch():
        while not done.wait(0.005):
            seen.update(os.listdir(folder))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        yield seen
    finally:
        done.set()
        watcher.join()


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.parent.name)
def test_every_source_passes_its_tests(path):
    """...and validating writes nothing beside it: its kernel's IPC sockets once appeared in the
    assignment's folder, and a `prepare` copying that folder at the same moment failed on them."""
    before = set(os.listdir(path.parent))
    with seen_in(path.parent) as seen:
        v = w.validate_notebook(path, "pass")
    assert v.ok, f"{path.name}: {v.problem or v.failed}"
    assert seen == before, f"validation wrote {sorted(seen - before)} beside {path.name}"


@pytest.mark.parametrize("path", RELEASES, ids=lambda p: p.parent.name)
def test_every_student_version_fails_its_tests(path, monkeypatch):
    """...and, left blank, runs to its last cell as Run All does (no cell raises: Run All would stop
    there), every public check saying which question is not answered yet (on stderr, which nbgrader
    counts as failed), from the notebook the validator ran."""
    from nbgrader.validator import Validator
    ran, failed_cells = [], Validator._get_failed_cells
    monkeypatch.setattr(Validator, "_get_failed_cells", lambda self, nb: ran.append(nb) or failed_cells(self, nb))
    v = w.validate_notebook(path, "fail")
    assert v.ok and v.failed, f"{path.name}: {v.problem or 'every test passes on the blank student version'}"
    cells = [c for c in ran[-1].cells if c.cell_type == "code"]
    raised = [grade_id(c) or c.source[:40] for c in cells if any(o.output_type == "error" for o in c.outputs)]
    assert not raised, f"{path.name}: Run All of the blank student version stops at {raised[0]}"
    for cell in cells:
        public = [line for line in cell.source.splitlines() if line.strip() and not line.startswith("#")]
        if is_test(cell) and public:
            said = "".join(o.get("text", "") for o in cell.outputs if o.get("name") == "stderr")
            question = re.match(r"q(\d+)", grade_id(cell)).group(1)
            assert f"question {question} is not answered yet" in said, f"{path.name}, {grade_id(cell)}: {said!r}"


@pytest.mark.parametrize("path", RELEASES, ids=lambda p: p.parent.name)
def test_student_versions_hold_no_solution_and_no_hidden_test(path):
    text = path.read_text()
    assert "BEGIN HIDDEN TESTS" not in text and "BEGIN SOLUTION" not in text
    for line in w.hidden_lines(names=[path.parent.name]):
        assert line not in text
    nb = nbformat.read(str(path), as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")


def _headings():
    out = {}
    for nb_path in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = json.loads(nb_path.read_text())
        out[nb_path.name] = [line.lstrip("#").strip() for c in nb["cells"] if c["cell_type"] == "markdown"
                             for line in "".join(c["source"]).splitlines() if line.startswith("#")]
    return out


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.parent.name)
def test_each_exercise_links_back_to_the_notebook_sections_that_teach_it(path):
    headings = _headings()
    text = "\n".join(c.source for c in nbformat.read(str(path), as_version=4).cells if c.cell_type == "markdown")
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", text)
    assert links, f"{path.name} links to no notebook"
    for link in links:
        assert (path.parent / link).resolve().exists(), f"{path.name}: broken link {link}"
    every = [h for hs in headings.values() for h in hs]
    for section in re.findall(r"\*(\d+ ?[·.] [^*]+)\*", text):      # *2 · Step by step on AIMA Fig. 5.2*
        section = " ".join(section.split()).rstrip(".")
        assert any(h.startswith(section) for h in every), f"{path.name}: no section {section!r}"


def test_every_assignment_has_fake_submissions_whose_expectations_add_up():
    for name in ASSIGNMENTS:
        listed = {f.name: f for f in fakes.fakes(name)}
        assert {"reference", "blank"} <= set(listed), f"{name}: needs reference.py and blank.py in tests/submissions"
        source = nbformat.read(str(notebooks(SOURCE / name)[0]), as_version=4)
        points = {grade_id(c): c.metadata.nbgrader["points"] for c in source.cells
                  if c.metadata.get("nbgrader", {}).get("grade")}
        assert listed["reference"].total == sum(points.values()) and listed["blank"].total == 0
        for fake in listed.values():
            cells = fake.cells if isinstance(fake.cells, dict) else {}
            assert set(cells) <= set(points) and set(fake.says) <= set(points), fake.path
            if isinstance(fake.cells, dict):
                exact = sum(cells.get(c, p) for c, p in points.items() if cells.get(c) != fakes.PARTIAL)
                assert abs(fake.total - exact) < 1e-9, \
                    f"{fake.path}: total {fake.total:g} is not the sum of the cells' exact expected scores"


def test_the_release_matches_a_fresh_generation(capsys):
    """(The command line's refusals are tests/grading/test___main__.py's.)"""
    assert cli.main(["generate", "--check"]) == 0
    assert "matches a fresh generation" in capsys.readouterr().out


def test_an_unreadable_submission_is_reported_not_fatal(tmp_path):
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "mallory.ipynb").write_text("{ this is not json")
    report = w.autograde("04_chance", inbox, course=tmp_path / "course")
    assert report["mallory"].status == "not graded"
    assert report["mallory"].reason.startswith("mallory.ipynb is not a readable notebook")
    assert report["mallory"].line().startswith("mallory: NOT GRADED: mallory.ipynb is not a readable notebook")
    assert grades(tmp_path / "course") == []


def test_a_course_folder_names_its_gradebook_absolutely(tmp_path):
    course = prepare_course(tmp_path / "course", ["01_minimax"])
    from traitlets.config.loader import PyFileConfigLoader
    c = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()   # as nbgrader reads it
    assert c.CourseDirectory.root == str(course)
    assert c.CourseDirectory.db_url == f"sqlite:///{course / 'gradebook.db'}"
    assert c.Execute.timeout == CELL_TIMEOUT and c.OverwriteCells.add_missing_cells
    assert "gamelib.grading.feedback.HideHiddenTests" in c.GenerateFeedback.preprocessors
    assert (course / "source" / "01_minimax" / "minimax.ipynb").exists()


SANITY = re.compile(r"checks\.\w+_sanity\(")


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.parent.name)
def test_every_by_hand_answer_gets_a_public_sanity_check_beside_its_form_check(path):
    """Issue #31: a by-hand answer's public cell says whether it is consistent with what the question gives
    (a value range, a count, an ordering), not only whether it has the right form."""
    for cell in nbformat.read(str(path), as_version=4).cells:
        public = cell.source.split("### BEGIN HIDDEN TESTS")[0]
        if cell.cell_type == "code" and "checks.answer_format(" in public:
            form = set(re.findall(r'checks\.answer_format\(\s*(\w+)', public))
            checked = set(re.findall(r'checks\.\w+_sanity\([^)]*?\b(' + "|".join(form) + r')\b', public, re.S))
            assert SANITY.search(public), f"{path.name}, {grade_id(cell)}: no sanity check"
            missing = {f for f in form if not re.search(rf"checks\.\w+_sanity\((?:[^()]|\([^()]*\))*\b{f}\b", public)}
            assert not missing, f"{path.name}, {grade_id(cell)}: no sanity check of {sorted(missing)} ({checked})"


def test_the_connect_four_question_offers_each_function_as_it_can_be_called():
    """Exercise 03's Connect Four question names the kit's functions as a student would use them: a name
    written alone (`open_threes`) is a feature, a function of a state that returns a number; one written
    with its arguments (`threats(state, player)`) takes those.  It once offered `threats` and
    `immediate_wins` as features: used so, they raised TypeError (or gave a tuple) and cost the question."""
    from gamelib import MAX
    from gamelib.games import Connect4
    from gamelib.games import connect4
    (path,) = notebooks(SOURCE / "03_evaluation")
    text = next(c.source for c in nbformat.read(str(path), as_version=4).cells if grade_id(c) == "q3_text")
    named = re.findall(r"`(\w+)(\([^`]*\))?`", text)
    offered = {(name, args) for name, args in named if callable(getattr(connect4, name, None))
               and name not in ("evaluation", "WeightedSum")}
    assert {name for name, _ in offered} >= {"open_threes", "open_twos", "centre_control", "threats"}
    game = Connect4()
    for state in (game.initial_state, game.from_moves([3, 3, 4, 2, 4, 4, 5])):
        for name, args in offered:
            f = getattr(connect4, name)
            if not args:
                v = f(state)
                assert isinstance(v, (int, float)) and not isinstance(v, bool), f"`{name}` is no feature: {v!r}"
            else:
                f(*[state if a.strip() == "state" else MAX for a in args.strip("()").split(",")])

"""gamelib.grading.__main__, the instructor's command line: every step answers ``--help``; a command or an
option it does not know, a missing argument or a value of the wrong type is refused by argparse with a
message naming it (exit status 2); a step that cannot run says why on one line (``error: ...``, exit
status 2), never with a traceback, and before anything is written.  The steps themselves are tested with
the modules that do them (workflow, gradebook, overrides, report, similarity, gradescope, late)."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from gamelib.grading.__main__ import main
from gamelib.grading.course import REPO

PROG = "python -m gamelib.grading"


def _refused(capsys, argv) -> str:
    """argparse's refusal of ``argv``: exit status 2, and its message (stderr), which is returned."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"usage: {PROG}") and "Traceback" not in err
    return err


def _steps(capsys) -> list:
    """The steps ``--help`` lists (``{generate,validate,...}``), read from the parser itself, so that a new
    step is checked here without a word changed."""
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    listed = re.search(r"\{([a-z,-]+)\}", capsys.readouterr().out)
    return listed.group(1).split(",")


def test_every_step_answers_help_with_its_usage(capsys):
    steps = _steps(capsys)
    assert {"generate", "validate", "prepare", "autograde", "export", "override", "regrade", "report",
            "similarity", "feedback", "selftest", "isolation", "gradescope", "student-kit"} <= set(steps)
    for step in steps:
        with pytest.raises(SystemExit) as exit_:
            main([step, "--help"])
        assert exit_.value.code == 0, step
        out = capsys.readouterr().out
        assert out.startswith(f"usage: {PROG} {step}"), out


def test_the_help_names_the_options_an_instructor_types(capsys):
    with pytest.raises(SystemExit):
        main(["autograde", "--help"])
    out = capsys.readouterr().out
    for option in ("--course", "--jobs", "--wall", "--no-wait"):
        assert option in out
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    assert "{long,canvas,moodle,blackboard}" in capsys.readouterr().out


@pytest.mark.parametrize("argv, named", [
    ([], "the following arguments are required: step"),
    (["grade"], "invalid choice: 'grade'"),
    (["--frobnicate"], "the following arguments are required: step"),
    (["report", "01_minimax", "--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["report"], "the following arguments are required: assignment"),
    (["autograde", "01_minimax"], "the following arguments are required: submissions"),
    (["autograde", "01_minimax", "inbox", "--jobs", "two"], "argument --jobs: invalid int value: 'two'"),
    (["autograde", "01_minimax", "inbox", "--wall", "soon"], "argument --wall: invalid float value: 'soon'"),
    (["export", "--format", "excel"], "argument --format: invalid choice: 'excel'"),
    (["override", "01_minimax", "bob", "q1_test", "2"], "the following arguments are required: --why"),
    (["override", "01_minimax", "bob", "q1_test", "two", "--why", "x"], "invalid float value: 'two'"),
    (["similarity", "01_minimax", "--threshold", "high"], "argument --threshold: invalid float value: 'high'"),
    (["student-kit"], "the following arguments are required: out"),
])
def test_a_command_line_argparse_refuses_names_what_is_wrong(capsys, argv, named):
    assert named in _refused(capsys, argv)


def test_a_step_that_cannot_run_says_why_and_writes_nothing(capsys, tmp_path):
    course = tmp_path / "course"
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    empty = tmp_path / "empty"
    empty.mkdir()
    (inbox / "alice_01_minimax.ipynb").write_text("{}")
    refusals = {
        ("autograde", "01_minimax", str(empty)): f"no submissions in {empty}: the folder is empty",
        ("gradescope", "01_minimax", "--out", str(tmp_path / "typo" / "out")): f"no folder {tmp_path / 'typo'}",
        ("autograde", "no_such_assignment", str(inbox)): "no assignment 'no_such_assignment'",
        ("autograde", "01_minimax", str(tmp_path / "nowhere")): f"no folder of submissions at {tmp_path / 'nowhere'}",
        ("autograde", "01_minimax", str(inbox), "--jobs", "0"): "--jobs must be at least 1, not 0",
        ("autograde", "01_minimax", str(inbox), "--wall", "-1"): "--wall must be a positive number of seconds",
        ("autograde", "01_minimax", str(inbox), "--wall", "nan"): "--wall must be a positive number of seconds",
        ("export",): f"{course} has no gradebook.db",
        ("report", "01_minimax"): f"{course} has no gradebook.db",
        ("similarity", "01_minimax", "--threshold", "7"): "--threshold is a share of the code, between 0 and 1",
        ("regrade", "01_minimax", "bob"): "no stored submission of 01_minimax by bob",
        ("feedback", "01_minimax"): f"nothing autograded in {course}",
    }
    for argv, said in refusals.items():
        assert main([*argv, "--course", str(course)]) == 2, argv
        out, err = capsys.readouterr()
        assert err.startswith("error: ") and said in err and "Traceback" not in err, (argv, err)
        assert not course.exists(), argv                       # refused before anything was written
    for argv in (["generate", "no_such"], ["validate", "no_such"], ["selftest", "no_such"]):
        assert main(argv) == 2, argv
        assert "no_such" in capsys.readouterr().err, argv


def test_python_dash_m_exits_with_the_steps_status_and_no_traceback(tmp_path):
    """The one run in a process of its own: ``python -m gamelib.grading`` passes main's status to the shell."""
    done = subprocess.run([sys.executable, "-m", "gamelib.grading", "export", "--course", str(tmp_path / "none")],
                          capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 2, done
    assert done.stderr.startswith("error: ") and "no gradebook.db" in done.stderr and "Traceback" not in done.stderr


def test_regrade_prints_a_question_that_had_no_score_before(monkeypatch, capsys):
    """A grader changed between gradings may grade a question the stored grade did not have: its entry's
    old score is None, which the line printed for it formatted with ``:g`` (a TypeError traceback)."""
    from gamelib.grading import overrides
    from gamelib.grading.log import Entry
    entries = [Entry("regrade", "01_minimax", "bob", "new_question", None, 2.0, "a new test"),
               Entry("regrade", "01_minimax", "bob", "gone_question", 3.0, None, "a new test")]
    monkeypatch.setattr(overrides, "regrade", lambda *a, **k: entries)
    assert main(["regrade", "01_minimax", "bob"]) == 0
    out = capsys.readouterr().out
    assert "new_question: no score -> 2" in out and "gone_question: 3 -> no score" in out

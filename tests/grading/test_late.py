"""The late rule (issue 32): a deadline per assignment, a penalty per started day with a cap and a grace,
extensions per student; submission times only from the instructor's manifest, Moodle's grading worksheet
or the kit's record of nbgrader's exchange, never from a file of the student's upload (issue 40)."""
from __future__ import annotations

import os
import shutil
from datetime import datetime, timedelta, timezone

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.grading import gradebook as gb
from gamelib.grading import late
from gamelib.grading.__main__ import main as cli
from gamelib.grading.course import Status, WorkflowError, statuses

from .gradebook_course import ASSIGNMENT, POLICY, copy_of, notebook


@pytest.fixture
def policy(tmp_path):
    (tmp_path / late.CONFIG).write_text(POLICY)
    return late.load(tmp_path)


def test_the_course_config_is_read_with_its_time_zone(policy, tmp_path):
    assert policy.rule.settings() == {"per_day": 10, "cap": 30, "grace_minutes": 15, "of": "score"}
    deadline = policy.deadlines["02_alpha_beta"]
    assert deadline.utcoffset() == timedelta(hours=2)           # Paris in October: summer time
    assert policy.extensions["02_alpha_beta", "dave"].day == 20
    assert late.load(tmp_path / "no course here") == late.Policy()          # no course.toml: no penalty


@pytest.mark.parametrize("when, days, percent", [
    ("2026-10-09 23:59", 0, 0), ("2026-10-10 00:14", 0, 0),       # within the grace
    ("2026-10-10 00:15", 1, 10), ("2026-10-10 23:59", 1, 10),     # a started day counts whole
    ("2026-10-11 00:09", 2, 20), ("2026-10-30 12:00", 21, 30),    # capped at 30 %
    ("2026-10-09T21:59:00Z", 0, 0), ("2026-10-09T22:30:00Z", 1, 10)])
def test_days_and_percent(policy, when, days, percent):
    got = late.assess(policy, "02_alpha_beta", "alice", when, "", 20, 22)
    assert (got.days, got.percent, got.deducted) == (days, percent, round(20 * percent / 100, 4))
    assert got.status == ("late" if days else "on time")


def test_a_deadline_across_a_change_of_summer_time_counts_real_hours(tmp_path):
    """Paris's clocks go from 02:00 to 03:00 on 2026-03-29: 03:10 that night is 11 minutes after 01:59, within
    the grace, written with its offset or without; and 23:59:30 the next evening is 23 h after 23:59 the
    evening before, one started day, not two."""
    (tmp_path / late.CONFIG).write_text('timezone = "Europe/Paris"\n[late]\nper_day = 10\ngrace_minutes = 15\n'
                                        '[deadlines]\na = "2026-03-29 01:59"\nb = "2026-03-28 23:59"\n')
    p = late.load(tmp_path)
    for when in ("2026-03-29 03:10", "2026-03-29T03:10+02:00", "2026-03-29T01:10Z"):
        assert late.assess(p, "a", "s", when, "", 20, 22).status == "on time", when
    for when in ("2026-03-29 23:59:30", "2026-03-29T23:59:30+02:00"):
        got = late.assess(p, "b", "s", when, "", 20, 22)
        assert (got.days, got.percent) == (1, 10) and "23 h 1 min after the deadline" in got.text, when


def test_an_extension_names_its_student_as_the_manifest_does(tmp_path):
    """An extension written "Dave" or "José García" (as a manifest may name them) is dave's and jose_garcia's;
    unread, it left them charged as late as everyone else."""
    (tmp_path / late.CONFIG).write_text('[late]\nper_day = 10\n[deadlines]\na = "2026-10-09 23:59"\n'
                                        '[extensions.a]\nDave = "2026-10-20 23:59"\n'
                                        '"José García" = "2026-10-20 23:59"\n')
    p = late.load(tmp_path)
    for student in ("dave", "jose_garcia"):
        assert late.assess(p, "a", student, "2026-10-15 10:00", "", 20, 22).status == "on time", student


def test_extensions_flags_and_no_deadline(policy):
    assert late.assess(policy, "02_alpha_beta", "dave", "2026-10-15 10:00", "", 20, 22).status == "on time"
    assert "the extended deadline" in late.assess(policy, "02_alpha_beta", "dave", "2026-10-21 10:00", "", 20, 22).text
    flagged = late.assess(policy, "02_alpha_beta", "eve", "", "late (its Canvas download name says so)", 20, 22)
    assert (flagged.days, flagged.deducted) == (1, 2.0) and "its time unknown" in flagged.text
    free = late.assess(policy, "04_chance", "eve", "", "late (its Canvas download name says so)", 20, 22)
    assert free.deducted == 0 and "no deadline for 04_chance" in free.text


def test_percent_of_the_maximum_never_below_zero(tmp_path):
    (tmp_path / late.CONFIG).write_text('[late]\nper_day = 50\nof = "max"\n[deadlines]\na = "2026-01-01T00:00Z"\n')
    p = late.load(tmp_path)
    assert late.assess(p, "a", "s", "2026-01-01T12:00Z", "", 20, 22).deducted == 11
    assert late.assess(p, "a", "s", "2026-01-01T12:00Z", "", 3, 22).deducted == 3      # a score never goes below 0


def test_the_grace_decides_only_whether_it_is_late_and_the_days_count_from_the_deadline(policy):
    """1 day 10 min after the deadline, with 15 minutes' grace, is 2 started days, and the line says how late
    it was: the grace was taken off first (1 day charged), and the line said "1 day after the deadline"."""
    got = late.assess(policy, "02_alpha_beta", "alice", "2026-10-11 00:09", "", 20, 22)
    assert (got.days, got.percent, got.deducted) == (2, 20, 4.0)
    assert "1 day 10 min after the deadline 2026-10-09T23:59+02:00: 2 days, a started day counting whole" in got.text
    assert late.assess(policy, "02_alpha_beta", "alice", "2026-10-10 00:14", "", 20, 22).status == "on time"


def test_the_rule_is_nbgraders_late_submission_plugin(policy, tmp_path):
    """nbgrader's own autograde charges what the kit's exports charge: the kit's settings name the plugin,
    which reads the course's rule, and nbgrader's hook answers per notebook (None: no penalty)."""
    from nbgrader.plugins import LateSubmissionPlugin
    from traitlets.config.loader import PyFileConfigLoader

    from gamelib.grading import course
    assert isinstance(policy.rule, LateSubmissionPlugin)
    assert policy.rule.late_submission_penalty("alice", 20, 14 * 60) is None                 # within the grace
    assert policy.rule.late_submission_penalty("alice", 20, 86400 + 10 * 60) == 4.0           # 2 days, -20 %
    (tmp_path / late.CONFIG).write_text("[late]\nper_day = 5\n")
    course.write_config(tmp_path)
    cfg = PyFileConfigLoader(course.KIT_CONFIG, path=str(tmp_path)).load_config()
    assert cfg.AssignLatePenalties.plugin_class == "gamelib.grading.late.LatePenalty"
    assert late.LatePenalty(config=cfg).late_submission_penalty("alice", 20, 2 * 86400) == 2.0    # 2 days, -10 %


@given(st.integers(0, 100 * 24 * 60), st.floats(0, 100), st.floats(0, 100))
def test_the_penalty_grows_with_lateness_and_never_passes_the_cap(minutes, per_day, cap):
    p = late.Policy(late.LatePenalty(per_day=per_day, cap=cap), {"a": late.parse_time("2026-01-01T00:00Z")})
    when = (p.deadlines["a"] + timedelta(minutes=minutes)).isoformat()
    later = (p.deadlines["a"] + timedelta(minutes=minutes + 1440)).isoformat()
    one, two = (late.assess(p, "a", "s", t, "", 10, 10) for t in (when, later))
    assert 0 <= one.percent <= two.percent <= cap and one.deducted <= 10


@pytest.mark.parametrize("text, said", [("[late]\nper_day = 'x'\n", "needs numbers"),
                                        ("[late]\ncap = 150\n", "0 <= cap <= 100"),
                                        ("[late]\nper_day = nan\n", "needs numbers"),
                                        ("[late]\ncap = nan\n", "needs numbers"),
                                        ("[late]\ngrace_minutes = inf\n", "needs numbers"),
                                        ("[late]\nperday = 5\n", "no setting perday"),
                                        ("[deadlines]\na = 'tomorrow'\n", "is not a time"),
                                        ("[deadlines]\na = '2026-10-09'\n", "'2026-10-09' has no time of day"),
                                        ("[deadlines]\na = 2026-10-09\n", "'2026-10-09' has no time of day"),
                                        ("timezone = 'Mars/Olympus'\n", "unknown timezone"),
                                        ("[late\n", "is not TOML"),
                                        ("[deadlines]\na = '2026-10-09 23:59'\n[extensions.a]\n"
                                         "kim = '2026-09-10 23:59'\n",
                                         r"kim's extension of a, 2026-09-10T23:59\+00:00, is before its deadline")])
def test_bad_config_is_refused_saying_why(tmp_path, text, said):
    (tmp_path / late.CONFIG).write_text(text)
    with pytest.raises(WorkflowError, match=said):
        late.load(tmp_path)


FORGED = "2026-10-09 20:00:00.000000 UTC"
"""A time a student writes into a timestamp.txt of their own: before the deadline."""


def _forge(folder):
    (folder / "timestamp.txt").write_text(FORGED)
    (folder / "submission_secret.txt").write_text("chosen by the student")


def test_submission_times_from_the_manifest_never_from_a_file_beside_the_notebook(tmp_path):
    (tmp_path / late.MANIFEST).write_text("student,submitted_at\nJosé García,2026-10-10 10:00\n")
    manifest = late.read_manifest(tmp_path)
    assert late.time_of("jose_garcia", [], manifest) == late.Time("2026-10-10 10:00", late.MANIFEST)
    folder = tmp_path / "lee" / "02_alpha_beta"
    folder.mkdir(parents=True)
    _forge(folder)                                                   # nbgrader's names, the student's bytes
    assert late.time_of("lee", [folder / "alpha_beta.ipynb"], {}) == late.Time()
    assert late.time_of("lee", [folder / "alpha_beta.ipynb"], {}, tmp_path) == late.Time()
    # a manifest's file names are those at the top of the folder (the system's or the instructor's), never
    # a name inside a student's upload, which would let them take another's time
    (tmp_path / "zed").mkdir()
    assert late.time_of("zed", [tmp_path / "zed" / "kim"], {"kim": late.Time("x", "y")}, tmp_path) == late.Time()
    assert late.time_of("kim_2", [tmp_path / "kim" / "a.ipynb"], {"kim": late.Time("x", "y")}, tmp_path).at == "x"
    (tmp_path / late.MANIFEST).write_text("student,submitted_at\nx,soon\n")
    with pytest.raises(WorkflowError, match="'soon' is not a time"):
        late.read_manifest(tmp_path)
    (tmp_path / late.MANIFEST).write_bytes("student,submitted_at\nJosé García,2026-10-10 10:00\n".encode("cp1252"))
    with pytest.raises(WorkflowError, match="manifest.csv is not UTF-8"):            # Excel's, on Windows
        late.read_manifest(tmp_path)
    (tmp_path / late.MANIFEST).write_text("student,submitted_at\nBob,2026-10-12 10:00\nbob,2026-10-10 10:00\n")
    with pytest.raises(WorkflowError, match="bob has two times in it, 2026-10-12 10:00 and 2026-10-10 10:00"):
        late.read_manifest(tmp_path)                              # never the one that happens to come last
    for header in ("student,submitted", "name,submitted_at", "Student,Submitted at"):     # every time unread, else
        (tmp_path / late.MANIFEST).write_text(f"{header}\nbob,2026-10-10 10:00\n")
        with pytest.raises(WorkflowError, match=r"manifest.csv needs the columns student \(or file\) and "
                                                r"submitted_at, or Moodle's grading worksheet's"):
            late.read_manifest(tmp_path)


WORKSHEET = ('Identifier,"Full name","Email address",Status,Grade,"Maximum Grade","Grade can be changed",'
             '"Last modified (submission)","Last modified (grade)","Feedback comments"\n'
             '"Participant 77","Alice Adams",aa@example.edu,"Submitted for grading",,22.00,Yes,'
             '"Sunday, 11 October 2026, 9:00 AM",-,\n'
             '"Participant 78","Bo Brown",bb@example.edu,"No submission",,22.00,Yes,-,-,\n'
             '"Participant 79","Cy Cole",cc@example.edu,"Submitted for grading",,22.00,Yes,'
             '"Friday, 9 October 2026, 11:50 PM",-,\n')


def test_moodles_grading_worksheet_gives_moodles_own_times(tmp_path, policy):
    """The assignment's Download grading worksheet, saved as manifest.csv: Moodle's time of each
    participant's submission, in the downloading user's time zone (the course's)."""
    (tmp_path / late.MANIFEST).write_bytes(b"\xef\xbb\xbf" + WORKSHEET.encode())
    times = late.read_manifest(tmp_path)
    assert set(times) == {"moodle-77", "moodle-79"}                  # '-': no submission, no time
    assert times["moodle-77"] == late.Time("2026-10-11 09:00", "Moodle's grading worksheet (manifest.csv)")
    got = late.assess(policy, "02_alpha_beta", "moodle-77", times["moodle-77"].at, "", 20, 22)
    assert (got.days, got.percent) == (2, 20)                        # Paris time: 1 day 9 h after the deadline
    assert late.assess(policy, "02_alpha_beta", "moodle-79", times["moodle-79"].at, "", 20, 22).status == "on time"
    (tmp_path / late.MANIFEST).write_text(WORKSHEET.replace("Sunday, 11 October 2026, 9:00 AM",
                                                            "dimanche 11 octobre 2026, 09:00"))
    with pytest.raises(WorkflowError, match=r"'dimanche 11 octobre 2026, 09:00' \(Participant 77\) is not a time "
                                            r"Moodle writes in English"):
        late.read_manifest(tmp_path)


def test_an_unknown_time_under_a_deadline_is_said_never_on_time(policy):
    got = late.assess(policy, "02_alpha_beta", "lee", "", "", 20, 22)
    assert (got.status, got.deducted) == ("unknown", 0) and "its time unknown" in got.text and late.MANIFEST in got.text
    assert late.assess(policy, "04_chance", "lee", "", "", 20, 22).status == "no deadline"
    st = Status("lee", "graded")
    assert late.untimed(policy, "02_alpha_beta", [st, st._replace(student="kim", submitted_at="2026-10-09 10:00"),
                                                  st._replace(student="ned", status="not graded")]) == [st]
    assert late.untimed(policy, "04_chance", [st]) == []
    assert "charged 1 day late" in late.untimed_warning("late (its Canvas download name says so)")


def test_the_exchanges_time_is_what_the_kernel_saw_of_the_folder_handed_in(tmp_path):
    """nbgrader's collect copies the timestamp.txt the student's own submit wrote, in a folder the student
    owns: the kit's collect records the folder's last change instead, which its owner cannot move back."""
    course = tmp_path / "course"
    inbound = tmp_path / "exchange" / "inbound" / "Kim+02_alpha_beta+2026-10-09 20:00:00.000000 UTC+abc"
    inbound.mkdir(parents=True)
    (inbound / "alpha_beta.ipynb").write_text("{}")
    _forge(inbound)
    os.utime(inbound / "timestamp.txt", (0, 0))                      # a date set back changes nothing
    before = datetime.now(timezone.utc).replace(microsecond=0)
    when = late.record_collected(course, "02_alpha_beta", "Kim", inbound)
    assert when.by == late.EXCHANGE and late.parse_time(when.at) >= before - timedelta(seconds=2)
    copy = course / "submitted" / "Kim" / "02_alpha_beta"
    copy.mkdir(parents=True)
    (copy / "submission_secret.txt").write_bytes((inbound / "submission_secret.txt").read_bytes())
    assert late.known_times(course / "submitted", course, "02_alpha_beta", True) == {"kim": when}
    assert late.known_times(tmp_path / "download", course, "02_alpha_beta", False) == {}
    (copy / "submission_secret.txt").write_text("another copy's")             # no longer the one collected
    assert late.collected_times(course, "02_alpha_beta", course / "submitted") == {}


def test_forged_nbgrader_files_in_a_moodle_folder_and_a_canvas_upload_are_not_believed(graded, tmp_path, capsys):
    """End to end: a Moodle folder and an unzipped Canvas upload each hold a timestamp.txt saying they were
    on time and a submission_secret.txt of the student's.  Moodle's time comes from its grading worksheet
    (saved as manifest.csv), Canvas's from its LATE flag; neither file is kept; the student with no time at
    all is named in a warning."""
    course = copy_of(graded, tmp_path / "course")
    inbox = tmp_path / "download"
    moodle = inbox / "Alice Adams_77_assignsubmission_file_"
    canvas = inbox / "smithjo_LATE_111_9100_alpha_beta"
    plain = inbox / "zed"
    for folder, fake in ((moodle, "reference"), (canvas, "blank"), (plain, "blank")):
        folder.mkdir(parents=True)
        nbformat.write(notebook(fake), str(folder / "alpha_beta.ipynb"))
        _forge(folder)
    (inbox / late.MANIFEST).write_text(WORKSHEET)
    assert cli(["autograde", ASSIGNMENT, str(inbox), "--course", str(course), "--jobs", "2"]) == 0
    err = capsys.readouterr().err
    rows = {s: r for (a, s), r in gb.rows(course)[1].items() if a == ASSIGNMENT}
    alice, jo = rows["moodle-77"], rows["canvas-111"]
    assert (alice.raw, alice.late.days, alice.late.deducted, alice.score) == (22, 2, 4.4, 17.6)
    assert "submitted 2026-10-11T09:00+02:00" in alice.late.text
    assert (jo.late.status, jo.late.days, jo.late.percent) == ("late", 1, 10) and "its time unknown" in jo.late.text
    assert rows["zed"].late.status == "unknown"
    for who in ("moodle-77", "canvas-111", "zed"):
        for name in ("timestamp.txt", "submission_secret.txt"):
            kept = (course / "submitted" / who / ASSIGNMENT / name).read_text()
            assert kept not in (FORGED, "chosen by the student"), (who, name)
    assert "WARNING: zed: when it was handed in is unknown, so no late penalty" in err
    assert "WARNING: canvas-111 (smithjo): when it was handed in is unknown, so charged 1 day late" in err
    assert "moodle-77" not in err
    assert statuses(course, ASSIGNMENT)["moodle-77"].time_from == "Moodle's grading worksheet (manifest.csv)"


def test_grading_the_courses_own_copies_again_keeps_when_each_was_handed_in(graded, tmp_path, capsys):
    """``autograde ASSIGNMENT course/submitted`` (the README's "Graded again", after a grader is fixed) grades
    copies named by the students' ids: the times of the first download's manifest and Canvas's LATE flag
    are not beside them, and every late penalty was dropped, each with a warning to give a time already
    given."""
    course = copy_of(graded, tmp_path / "course")
    before = {s: r for (a, s), r in gb.rows(course)[1].items() if r.status == "graded"}
    assert cli(["autograde", ASSIGNMENT, str(course / "submitted"), "--course", str(course), "--jobs", "2"]) == 0
    err = capsys.readouterr().err
    after = {s: r for (a, s), r in gb.rows(course)[1].items() if r.status == "graded"}
    assert {s: (r.late.days, r.score) for s, r in after.items()} == \
        {s: (r.late.days, r.score) for s, r in before.items()}
    assert after["bob"].late.days == 2 and after["canvas-103"].late.days == 1
    assert "bob: when it was handed in is unknown" not in err and "erin: when it was handed in is unknown" in err
    # a new copy put there (nbgrader's zip_collect or collect replace the folder) is not the one timed before
    shutil.rmtree(course / "submitted" / "bob" / ASSIGNMENT)
    (course / "submitted" / "bob" / ASSIGNMENT).mkdir()
    nbformat.write(notebook("reference"), str(course / "submitted" / "bob" / ASSIGNMENT / "alpha_beta.ipynb"))
    assert cli(["autograde", ASSIGNMENT, str(course / "submitted"), "--course", str(course), "--jobs", "2"]) == 0
    assert "bob: when it was handed in is unknown" in capsys.readouterr().err
    assert statuses(course, ASSIGNMENT)["bob"].submitted_at == ""

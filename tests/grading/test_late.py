"""The late rule (issue 32): a deadline per assignment, a penalty per started day with a cap and a grace,
extensions per student, submission times from a manifest or nbgrader's timestamp."""
from __future__ import annotations

from datetime import timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.grading import late
from gamelib.grading.course import WorkflowError

from .gradebook_course import POLICY


@pytest.fixture
def policy(tmp_path):
    (tmp_path / late.CONFIG).write_text(POLICY)
    return late.load(tmp_path)


def test_the_course_config_is_read_with_its_time_zone(policy, tmp_path):
    assert policy.rule == late.Rule(per_day=10, cap=30, grace_minutes=15, of="score")
    deadline = policy.deadlines["02_alpha_beta"]
    assert deadline.utcoffset() == timedelta(hours=2)           # Paris in October: summer time
    assert policy.extensions["02_alpha_beta", "dave"].day == 20
    assert late.load(tmp_path / "no course here") == late.Policy()          # no course.toml: no penalty


@pytest.mark.parametrize("when, days, percent", [
    ("2026-10-09 23:59", 0, 0), ("2026-10-10 00:14", 0, 0),       # within the grace
    ("2026-10-10 00:15", 1, 10), ("2026-10-11 00:14", 1, 10),     # a started day counts whole
    ("2026-10-11 00:15", 2, 20), ("2026-10-30 12:00", 21, 30),    # capped at 30 %
    ("2026-10-09T21:59:00Z", 0, 0), ("2026-10-09T22:30:00Z", 1, 10)])
def test_days_and_percent(policy, when, days, percent):
    got = late.assess(policy, "02_alpha_beta", "alice", when, "", 20, 22)
    assert (got.days, got.percent, got.deducted) == (days, percent, round(20 * percent / 100, 4))
    assert got.status == ("late" if days else "on time")


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


@given(st.integers(0, 100 * 24 * 60), st.floats(0, 100), st.floats(0, 100))
def test_the_penalty_grows_with_lateness_and_never_passes_the_cap(minutes, per_day, cap):
    p = late.Policy(late.Rule(per_day, cap), {"a": late.parse_time("2026-01-01T00:00Z")})
    when = (p.deadlines["a"] + timedelta(minutes=minutes)).isoformat()
    later = (p.deadlines["a"] + timedelta(minutes=minutes + 1440)).isoformat()
    one, two = (late.assess(p, "a", "s", t, "", 10, 10) for t in (when, later))
    assert 0 <= one.percent <= two.percent <= cap and one.deducted <= 10


@pytest.mark.parametrize("text, said", [("[late]\nper_day = 'x'\n", "needs numbers"),
                                        ("[late]\ncap = 150\n", "0 <= cap <= 100"),
                                        ("[late]\nperday = 5\n", "no setting perday"),
                                        ("[deadlines]\na = 'tomorrow'\n", "is not a time"),
                                        ("timezone = 'Mars/Olympus'\n", "unknown timezone"),
                                        ("[late\n", "is not TOML")])
def test_bad_config_is_refused_saying_why(tmp_path, text, said):
    (tmp_path / late.CONFIG).write_text(text)
    with pytest.raises(WorkflowError, match=said):
        late.load(tmp_path)


def test_submission_times_from_a_manifest_or_nbgraders_timestamp(tmp_path):
    (tmp_path / late.MANIFEST).write_text("student,submitted_at\nJosé García,2026-10-10 10:00\n")
    manifest = late.read_manifest(tmp_path)
    assert late.submission_time("jose_garcia", [], manifest) == "2026-10-10 10:00"
    folder = tmp_path / "kim" / "02_alpha_beta"
    folder.mkdir(parents=True)
    (folder / "timestamp.txt").write_text("2026-10-09 21:30:00.000000 UTC")
    when = late.parse_time(late.submission_time("kim", [folder / "alpha_beta.ipynb"], {}))
    assert when.astimezone(timezone.utc).hour == 21
    assert late.submission_time("lee", [tmp_path / "lee.ipynb"], {}) == ""          # a file's date is not a time
    (tmp_path / late.MANIFEST).write_text("student,submitted_at\nx,soon\n")
    with pytest.raises(WorkflowError, match="'soon' is not a time"):
        late.read_manifest(tmp_path)

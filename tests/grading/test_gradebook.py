"""Grades handed on as each learning system imports them (issue 32): one row per student of the system's
own roster, its identity columns, one column per assignment named as it expects, blanks never 0, numbers
one way, and a round trip that gives back the same grades.  The rosters are in tests/grading/lms/ (its
README cites each system's documented layout); the course is tests/grading/gradebook_course.py's.
"""
from __future__ import annotations

import csv
import os
import re

import nbformat
import pytest

from gamelib.grading import gradebook as gb
from gamelib.grading.__main__ import main as cli
from gamelib.grading.course import WorkflowError
from gamelib.grading.overrides import override

from .gradebook_course import ASSIGNMENT, LMS, copy_of, notebook
from gamelib.grading.gradebook import EXPORT_FIELDS, export

ROSTERS = {"canvas": LMS / "canvas_gradebook_export.csv", "moodle": LMS / "moodle_grade_export.csv",
           "blackboard": LMS / "blackboard_grade_center_download.xls"}
HOSTILE_ID = "1_2_x_img_src_x_onerror_alert_1"


@pytest.fixture(scope="module")
def final(graded):
    return gb.rows(graded)[1]


def _csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def test_final_rows_say_every_students_status_with_the_late_rule_applied(final):
    row = {s: r for (a, s), r in final.items() if a == ASSIGNMENT}
    assert set(row) == {"alice", "bob", "canvas-103", "dave", "erin", "frank", HOSTILE_ID}   # Canvas's user 103
    assert (row["alice"].status, row["alice"].score, row["alice"].late.status) == ("graded", 22, "on time")
    # bob: 2026-10-11 09:00 is 1 day 9 h after 2026-10-09 23:59 (+15 min grace): 2 started days, -20 %
    # of his score (partial credit on hidden cases: it depends on the course secret)
    assert 0 < row["bob"].raw < 22 and row["bob"].late.days == 2 and row["bob"].late.percent == 20
    assert row["bob"].score == pytest.approx(row["bob"].raw * 0.8) and row["bob"].late.deducted > 0
    # Canvas's _LATE_ with no time: one day, the least the flag proves
    carol = row["canvas-103"]
    assert carol.late.days == 1 and carol.score == pytest.approx(carol.raw * 0.9) and carol.name == "colecarol"
    assert "its time unknown" in carol.late.text
    assert row["dave"].late.status == "on time" and row["dave"].score == row["dave"].raw   # his extension
    assert row["erin"].score == 0 and row["erin"].status == "graded"
    assert row["frank"].status == "not graded" and row["frank"].score is None


def test_long_export_blanks_never_zero_and_one_number_format(course, final):
    out, by_cell = export(course)
    bob = final[ASSIGNMENT, "bob"]
    rows = {r[1]: r for r in _csv(out)[1:]}
    assert _csv(out)[0] == list(gb.EXPORT_FIELDS)
    assert rows["frank"][2] == "" and rows["frank"][4].startswith("not graded: ")
    assert rows["alice"][2:4] == ["22", "22"] and rows["bob"][2:4] == [str(bob.score), "22"]
    assert rows["bob"][7] == str(bob.late.deducted) and "1 day 9 h 1 min after the deadline" in rows["bob"][6]
    cells = [c for r in _csv(out)[1:] + _csv(by_cell)[1:] for c in r]
    assert not [c for c in cells if re.fullmatch(r"-?\d+\.0", c)], "a whole number written as 22.0"
    assert len(_csv(by_cell)) > 1


def test_a_score_a_hair_from_a_whole_number_is_written_whole_in_every_file(graded, tmp_path):
    """A score stored as 1.999999999 (a manual score, a sum of floats) is written 2 in the per-cell file and
    the override's note as in the total, never 2.0."""
    course = copy_of(graded, tmp_path / "course")
    override(ASSIGNMENT, "erin", "q1_test", 1.999999999, "typed with a slip", course=course)
    out, by_cell = export(course, tmp_path / "long.csv")
    erin = [r for r in _csv(out) + _csv(by_cell) if "erin" in r[:2]]
    assert ["erin", ASSIGNMENT, "alpha_beta", "q1_test", "2", "2", "graded"] in erin
    assert not [c for r in erin for c in r if re.search(r"\b\d+\.0\b", c)], erin


@pytest.mark.parametrize("fmt", ["canvas", "moodle", "blackboard"])
def test_each_learning_systems_layout_and_round_trip(course, final, fmt, tmp_path):
    out, notes = gb.export(course, tmp_path / f"{fmt}.csv", format=fmt, roster=ROSTERS[fmt])
    table = _csv(out)
    layout = gb.LAYOUTS[fmt]
    roster = gb.read_roster(ROSTERS[fmt], fmt, [ASSIGNMENT])
    header = table[0]
    assert header[:len([h for h in layout.identity if h in roster.header])] == \
        [h for h in layout.identity if h in roster.header]
    assert header[-1] == {"canvas": "02_alpha_beta (4411)", "moodle": "Assignment: 02_alpha_beta (Real)",
                          "blackboard": "02_alpha_beta [Total Pts: 22 Score] |88001"}[fmt]
    body = table[2:] if fmt == "canvas" else table[1:]
    assert len(body) == len(roster.rows)                         # one row per student of the roster, in its order
    if fmt == "canvas":
        assert table[1][0] == "Points Possible" and table[1][-1] == "22"
    if fmt == "blackboard":
        assert out.read_text().startswith('"Last Name","First Name","Username","Student ID"')   # every field quoted
    back = gb.read_back(out, fmt, [ASSIGNMENT])
    for i, r in enumerate(roster.rows):
        student = next((s for (a, s) in final if a == ASSIGNMENT and roster.keys.get(s) == i), None)
        want = final[ASSIGNMENT, student].score if student else None
        assert back[r[layout.key], ASSIGNMENT] == (None if want is None else pytest.approx(want)), r
    by_key = {key: v for (key, _), v in back.items()}
    gina = {"canvas": "107", "moodle": "gina@example.edu", "blackboard": "gina"}[fmt]
    assert by_key[gina] is None                                  # no submission: blank, never 0
    erin = {"canvas": "105", "moodle": "erin@example.edu", "blackboard": "erin"}[fmt]
    assert by_key[erin] == 0                                     # graded 0 is a 0
    if fmt == "canvas":
        assert by_key["106"] is None                             # frank, not graded: blank
        assert by_key["103"] == pytest.approx(final[ASSIGNMENT, "canvas-103"].score)   # by her Canvas id
    left_out = gb.unmatched(notes)
    assert HOSTILE_ID in left_out and ("dave" in left_out) == (fmt == "canvas")


def test_a_hostile_file_name_stays_in_its_own_row_and_is_never_a_formula(course, tmp_path):
    out, notes = gb.export(course, tmp_path / "c.csv", format="canvas", roster=ROSTERS["canvas"])
    for path in (out, notes, export(course, tmp_path / "long.csv")[0]):
        table = _csv(path)
        assert all(len(r) == len(table[0]) for r in table), path
        assert not [c for r in table for c in r if c[:1] and c[:1] in "=+@" or re.match(r"-[^\d]", c)]
    row = next(r for r in _csv(notes) if r[1] == HOSTILE_ID)
    assert '=1+2,"x"\\n<img src=x onerror=alert(1)>.ipynb' in row[-1]              # one line: the newline shown
    assert gb.safe_cell("=SUM(A1)") == "'=SUM(A1)" and gb.safe_cell("-3") == "-3" and gb.safe_cell(3) == 3


def test_the_command_line_needs_a_roster_and_names_who_is_left_out(course, capsys):
    assert cli(["export", "--course", str(course), "--format", "canvas"]) == 2
    assert "needs --roster FILE" in capsys.readouterr().err
    assert cli(["export", "--course", str(course), "--format", "moodle", "--roster", str(ROSTERS["moodle"])]) == 1
    said = capsys.readouterr()
    assert "grades_moodle.csv" in said.out and HOSTILE_ID in said.err.split("not on the roster")[1]
    with pytest.raises(WorkflowError, match="not a Blackboard gradebook export"):
        gb.read_roster(ROSTERS["canvas"], "blackboard")
    # a mistyped path is said, never a traceback
    assert cli(["export", "--course", str(course), "--format", "canvas", "--roster", str(course / "nope.csv")]) == 2
    assert f"cannot read {course / 'nope.csv'}: No such file or directory" in capsys.readouterr().err
    assert cli(["export", "--course", str(course), "--out", str(course / "nope" / "g.csv")]) == 2
    assert f"cannot write {course / 'nope' / 'g.csv'}: No such file or directory" in capsys.readouterr().err


def test_roster_ids_two_students_sharing_one_answer_to_neither():
    ids = gb._kit_ids("moodle", {"First name": "José", "Last name": "García", "Email address": "jg@x.edu"})
    assert ids[:3] == ["jose_garcia", "jg@x.edu", "jg"]
    assert gb._kit_ids("canvas", {"Student": "Smith, Jo", "ID": "9", "SIS Login ID": "", "SIS User ID": ""}) == \
        ["canvas-9", "smithjo", "smithjo_9"]


def test_shared_names_answer_to_neither(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("Student,ID,SIS User ID,SIS Login ID,Section\n\"Smith, Jo\",1,,,A\n\"Smith, Jo\",2,,,A\n")
    keys = gb.read_roster(path, "canvas").keys
    assert "smithjo" not in keys and keys["smithjo_1"] == 0 and keys["smithjo_2"] == 1


def test_a_roster_row_two_students_answer_to_is_a_collision_naming_both(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("Student,ID,SIS User ID,SIS Login ID,Section\n\"Smith, Jo\",1,,jo,A\n\"Smith, Jo\",2,,,A\n")
    roster = gb.read_roster(path, "canvas", [ASSIGNMENT])
    row = gb.Row(ASSIGNMENT, "", "graded", 22.0, 22.0)
    table = {(ASSIGNMENT, s): row._replace(student=s, name="smithjo") for s in ("canvas-1", "canvas-3", "jo")}
    gb._lms(tmp_path / "out.csv", "canvas", roster, [ASSIGNMENT], table)
    notes = {r["student_id"]: r["note"] for r in csv.DictReader(open(tmp_path / "out_notes.csv"))}
    assert "a collision: 'canvas-1' and 'jo' answer to one row of the Canvas roster (ID '1')" in notes["jo"]
    assert notes["canvas-3"].startswith("not on the Canvas roster")        # never matched by its name instead
    assert [r[-1] for r in csv.reader(open(tmp_path / "out.csv"))][1:] == ["", ""]
    assert gb.unmatched(tmp_path / "out_notes.csv") == ["canvas-1", "canvas-3", "jo"]


def test_a_submission_never_takes_another_students_grade(graded, tmp_path, capsys):
    """End to end: a second Canvas student of one sortable name, downloaded later; a Moodle full name that
    ends in another student's participant id; file names no terminal or CSV should take as they are."""
    course = copy_of(graded, tmp_path / "course")
    before = gb.rows(course)[1][ASSIGNMENT, "canvas-103"]
    inbox = tmp_path / "later"
    moodle = "Alice Adams_77_assignsubmission_file_"
    for rel, fake in {"colecarol_222_9500_alpha_beta.ipynb": "blank", f"{moodle}/alpha_beta.ipynb": "reference",
                      f"{moodle}_88_assignsubmission_file_/alpha_beta.ipynb": "blank"}.items():
        (inbox / rel).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook(fake), str(inbox / rel))
    for name in (b"\xff\xfezed.ipynb", b"\xff.ipynb", b"\x1b[2J\x1b]0;pwned\x07\nok: 22 of 22\r.ipynb",
                 "é".encode() * 120 + b".ipynb"):
        with open(os.path.join(os.fsencode(inbox), name), "w") as f:
            f.write("{")
    assert cli(["autograde", ASSIGNMENT, str(inbox), "--course", str(course), "--jobs", "2"]) == 1
    out = capsys.readouterr()
    for line in out.out.splitlines() + out.err.splitlines():
        assert all(ch.isprintable() for ch in line) and len(line) < 2000, line
    assert "moodle-77 (Alice Adams): 22 / 22" in out.out and "earlier submission" not in out.out
    assert "moodle-88 (Alice Adams_77_assignsubmission_file_): 0 / 22" in out.out
    assert out.out.count("NOT GRADED") == 4 and "\\x1b[2J\\x1b]0;pwned\\x07\\nok: 22 of 22\\r.ipynb" in out.out
    rows = gb.rows(course)[1]
    assert rows[ASSIGNMENT, "canvas-103"].score == before.score and rows[ASSIGNMENT, "canvas-222"].raw == 0
    assert rows[ASSIGNMENT, "moodle-77"].raw == 22 and rows[ASSIGNMENT, "moodle-88"].raw == 0
    back = gb.read_back(gb.export(course, tmp_path / "c.csv", format="canvas", roster=ROSTERS["canvas"])[0],
                        "canvas", [ASSIGNMENT])
    assert back["103", ASSIGNMENT] == pytest.approx(before.score)            # hers, by her Canvas id
    # Moodle's grade export has no participant ids: a Moodle download's students are named, never matched
    # by a name (a student may take another's name between the download and the export)
    moodle, notes = gb.export(course, tmp_path / "m.csv", format="moodle", roster=ROSTERS["moodle"])
    assert gb.read_back(moodle, "moodle", [ASSIGNMENT])["alice@example.edu", ASSIGNMENT] == 22      # alice.ipynb
    assert {"moodle-77", "moodle-88", "canvas-222"} <= set(gb.unmatched(notes))
    assert "give its grading worksheet as the roster" in (tmp_path / "m_notes.csv").read_text()
    # its grading worksheet has them; an email address shaped like an id answers for no one
    sheet = tmp_path / "worksheet.csv"
    sheet.write_text('Identifier,"Full name","Email address",Status,Grade\n'
                     '"Participant 77","Alice Adams",aa@example.edu,Submitted,\n'
                     '"Participant 88","Alice Adams",moodle-77@example.edu,Submitted,\n')
    moodle, notes = gb.export(course, tmp_path / "m2.csv", format="moodle", roster=sheet)
    back = gb.read_back(moodle, "moodle", [ASSIGNMENT])
    assert (back["aa@example.edu", ASSIGNMENT], back["moodle-77@example.edu", ASSIGNMENT]) == (22, 0)
    assert export(course, tmp_path / "long.csv")                            # every name writes as text


def test_export_moved_here_and_answers_from_recording_for_one_release():
    from gamelib.grading import recording
    with pytest.warns(DeprecationWarning, match="gamelib.grading.recording.export has moved"):
        assert recording.export is gb.export
    assert export is gb.export and EXPORT_FIELDS == gb.EXPORT_FIELDS


def test_nbgrader_export_runs_the_kits_exporters(course, tmp_path, monkeypatch):
    """``nbgrader export --exporter gamelib.grading.gradebook.CanvasExporter`` in the course folder writes
    the kit's export byte for byte (one plugin, two commands); without its roster it fails, saying so."""
    from nbgrader.apps import ExportApp
    kit, kit_notes = gb.export(course, tmp_path / "kit.csv", format="canvas", roster=ROSTERS["canvas"])
    monkeypatch.chdir(course)

    def nbgrader_export(*argv):
        app = ExportApp()
        app.initialize(["--exporter", "gamelib.grading.gradebook.CanvasExporter", *argv])
        app.start()
    nbgrader_export(f"--CanvasExporter.roster={ROSTERS['canvas']}", "--to", str(tmp_path / "nb.csv"))
    assert (tmp_path / "nb.csv").read_bytes() == kit.read_bytes()
    assert (tmp_path / "nb_notes.csv").read_bytes() == kit_notes.read_bytes()
    with pytest.raises(SystemExit):
        nbgrader_export("--to", str(tmp_path / "none.csv"))
    assert not (tmp_path / "none.csv").exists()


def test_an_accented_canvas_name_meets_its_roster_row(tmp_path):
    """Canvas's download name of "García, José" is garciajose (accents transliterated, not deleted): a file of
    that name answers to her row, as her download's user id does."""
    path = tmp_path / "r.csv"
    path.write_text('Student,ID,SIS User ID,SIS Login ID,Section\n"García, José",1002,,,A\n', encoding="utf-8")
    keys = gb.read_roster(path, "canvas").keys
    assert keys["garciajose"] == keys["garciajose_1002"] == keys["canvas-1002"] == 0


def test_a_roster_saved_in_a_windows_code_page_is_refused_never_written_with_its_names_broken(tmp_path):
    """Excel on Windows saves "CSV" in its code page: read as UTF-8 with its bytes replaced, García became
    Garc\ufffda in the file handed to the learning system, and her row answered to no one."""
    path = tmp_path / "r.csv"
    path.write_bytes('Student,ID,SIS User ID,SIS Login ID,Section\n"García, José",1002,,,A\n'.encode("cp1252"))
    with pytest.raises(WorkflowError, match=r"r.csv is not UTF-8 .*save it as CSV UTF-8"):
        gb.read_roster(path, "canvas")


def test_a_file_name_that_says_not_in_the_export_does_not_make_its_student_left_out(tmp_path):
    """The notes' reason quotes a student's file name; only the kit's own words say a student was left out."""
    path = tmp_path / "r.csv"
    path.write_text("Student,ID,SIS User ID,SIS Login ID,Section\n\"Cole, Carol\",103,,,A\n")
    roster = gb.read_roster(path, "canvas", [ASSIGNMENT])
    table = {(ASSIGNMENT, "canvas-103"): gb.Row(ASSIGNMENT, "canvas-103", "not graded", None, 22.0, note=(
        "'colecarol_103_9001_not in the export.ipynb' is not a readable notebook"))}
    notes = gb._lms(tmp_path / "out.csv", "canvas", roster, [ASSIGNMENT], table)
    assert "not in the export.ipynb" in notes.read_text() and gb.unmatched(notes) == []


def test_a_roster_saved_with_semicolons_reads_as_the_one_with_commas(tmp_path):
    """A spreadsheet in a language whose decimal point is a comma saves CSV with semicolons; it was refused as
    "not a Canvas gradebook export"."""
    text = ROSTERS["canvas"].read_text(encoding="utf-8")
    (tmp_path / "r.csv").write_text(text.replace(",", ";").replace('"Adams; Alice"', '"Adams, Alice"'))
    semi, comma = (gb.read_roster(p, "canvas", [ASSIGNMENT]) for p in (tmp_path / "r.csv", ROSTERS["canvas"]))
    assert (semi.keys, semi.columns, semi.rows[0]) == (comma.keys, comma.columns, comma.rows[0])


def test_an_export_that_cannot_be_written_whole_leaves_the_last_one_as_it_was(course, tmp_path, monkeypatch):
    """A disk that fills up half way through a file: the error says so, and the file an instructor may upload is
    the last whole one, never the rows written before the disk filled."""
    out = export(course, tmp_path / "g.csv")[0]
    whole = out.read_bytes()
    real = gb.safe_cell

    def disk_full(value):
        if value == "erin":
            raise OSError(28, "No space left on device")
        return real(value)
    monkeypatch.setattr(gb, "safe_cell", disk_full)
    with pytest.raises(WorkflowError, match="cannot write .*g.csv: No space left on device"):
        export(course, tmp_path / "g.csv")
    assert out.read_bytes() == whole and not list(tmp_path.glob("*.tmp"))

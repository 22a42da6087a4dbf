"""What students hand in, as data (gamelib.grading.submissions): every file accounted for, ids for any
name and for learning systems' download names, notebooks repaired against the course's copy and made
safe to show (issue #29, items 1, 4, 6, 8 and 12)."""
import os
import unicodedata

import nbformat
from hypothesis import given
from hypothesis import strategies as st

from gamelib.grading import submissions as s


NAMES = ["alpha_beta"]


def _nb(tmp_path, rel: str, nb=None):
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb or nbformat.v4.new_notebook(), str(path))
    return path


@given(st.text(max_size=30))
def test_ids_are_stable_case_folded_and_safe(name):
    sid = s.student_id(name)
    assert sid == s.student_id(name) == s.student_id(name.upper() if name.upper().lower() == name.lower() else name)
    assert "/" not in sid and "\n" not in sid and not sid.startswith(".")
    assert sid or not any(ch.isalnum() for ch in name)


def test_download_names_of_learning_systems():
    d = s.download_name("garciajose_LATE_12345_67891_alpha_beta-1")
    assert (d.system, d.name, d.lms_id, d.submission, d.late, d.original, d.key) == \
        ("Canvas", "garciajose", "12345", 67891, True, "alpha_beta-1", "canvas-12345")
    assert not s.download_name("garciajose_12345_67890_alpha_beta").late
    assert s.download_name("_12345_67890_alpha_beta").key == "canvas-12345"       # an empty sortable name
    m = s.download_name("José García_4242_assignsubmission_file_", folder=True)
    assert (m.system, m.name, m.lms_id, m.key, m.in_doubt) == ("Moodle", "José García", "4242", "moodle-4242", False)
    assert s.download_name("alice") is None and s.download_name("jo_smith") is None


def test_a_canvas_name_with_accents_is_canvas_composed_or_not():
    """An accented sortable name is Canvas's (a zip unpacked on a Mac decomposes it: i and a combining accent),
    so the student is Canvas's user id; the roster's name of her is transliterated as Canvas does."""
    for name in ("garcíajosé", unicodedata.normalize("NFD", "garcíajosé")):
        d = s.download_name(f"{name}_LATE_1002_9_alpha_beta")
        assert (d.key, d.late, d.original, d.name) == ("canvas-1002", True, "alpha_beta", name)
    assert s.download_name("GarciaJose_1002_9_alpha_beta") is None           # Canvas writes it lower case
    assert s.canvas_name("García, José") == "garciajose" and s.canvas_name("Cole, Carol") == "colecarol"


def test_a_moodle_id_is_the_one_moodle_wrote_last_and_a_name_with_two_is_in_doubt():
    # a folder: the id is the token that ends the name, whatever the full name before it holds
    m = s.download_name("Alice Adams_77_assignsubmission_file__88_assignsubmission_file_", folder=True)
    assert (m.key, m.name, m.in_doubt) == ("moodle-88", "Alice Adams_77_assignsubmission_file_", False)
    # flattened: the full name (left) and the uploaded file's name (right) are both the student's text
    assert s.download_name("Alice Adams_77_assignsubmission_file__88_assignsubmission_file_alpha_beta",
                           folder=False).readings == ("moodle-77", "moodle-88")
    assert s.download_name("Eve_88_assignsubmission_file_x_77_assignsubmission_file_alpha_beta",
                           folder=False).readings == ("moodle-88", "moodle-77")
    # a Canvas upload named like a Moodle folder reads two ways: in doubt too
    assert s.download_name("smithjo_111_5_x_99_assignsubmission_file_alpha_beta").readings == \
        ("canvas-111", "moodle-99")


def test_a_full_name_holding_another_students_moodle_id_takes_nothing_of_hers(tmp_path):
    inbox = tmp_path / "inbox"
    _nb(inbox, "Alice Adams_77_assignsubmission_file_/alpha_beta.ipynb")
    _nb(inbox, "Alice Adams_77_assignsubmission_file__88_assignsubmission_file_/alpha_beta.ipynb")
    _nb(inbox, "Bo Li_90_assignsubmission_file_alpha_beta.ipynb")                               # flattened
    _nb(inbox, "Alice Adams_77_assignsubmission_file__91_assignsubmission_file_alpha_beta.ipynb")  # in doubt
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    subs = {sub.student: sub for sub in found.submissions}
    assert found.ignored == []                                   # hers is not "an earlier submission"
    assert subs["moodle-77"].files["alpha_beta"].parent.name == "Alice Adams_77_assignsubmission_file_"
    assert not subs["moodle-77"].problem and subs["moodle-77"].name == "Alice Adams"
    assert not subs["moodle-88"].problem and subs["moodle-88"].name == "Alice Adams_77_assignsubmission_file_"
    assert not subs["moodle-90"].problem and subs["moodle-90"].name == "Bo Li"
    doubt = [sub for sub in found.submissions if sub.student.startswith("?")]
    assert len(doubt) == 1 and "reads as more than one learning system's id (moodle-77 or moodle-91)" in \
        doubt[0].problem


def test_one_id_given_twice_is_a_collision_naming_both(tmp_path):
    inbox = tmp_path / "inbox"
    _nb(inbox, "Alice Adams_77_assignsubmission_file_/alpha_beta.ipynb")
    _nb(inbox, "Alice Adams_77_assignsubmission_file_alpha_beta.ipynb")
    _nb(inbox, "canvas-5.ipynb")                                 # a plain file named by an id ...
    _nb(inbox, "smithjo_5_1_alpha_beta.ipynb")                   # ... beside that student's download
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    subs = {sub.student: sub for sub in found.submissions}
    assert set(subs) == {"moodle-77", "canvas-5"}
    assert "'Alice Adams_77_assignsubmission_file_' and 'Alice Adams_77_assignsubmission_file_alpha_beta.ipynb' " \
        "both give Moodle's id 77, the student id 'moodle-77'" in subs["moodle-77"].problem
    assert "'canvas-5.ipynb' and 'smithjo_5_1_alpha_beta.ipynb' both give Canvas's id 5" in subs["canvas-5"].problem
    assert len(subs["moodle-77"].files) == len(subs["canvas-5"].files) == 2   # every file named, none graded


def test_every_file_is_accounted_for(tmp_path):
    inbox = tmp_path / "inbox"
    _nb(inbox, "alice.ipynb")
    _nb(inbox, "kim/alpha_beta (1).ipynb")
    _nb(inbox, "zed/alpha_beta.ipynb")
    _nb(inbox, "zed/notes.ipynb")
    _nb(inbox, "nb/alice2/02_alpha_beta/alpha_beta.ipynb")
    _nb(inbox, ".ipynb_checkpoints/alice-checkpoint.ipynb")
    (inbox / "README.md").write_text("x")
    (inbox / "kim" / "data.csv").write_text("x")
    os.symlink("alice.ipynb", inbox / "eve.ipynb")
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    subs = {sub.student: sub for sub in found.submissions}
    assert set(subs) == {"alice", "kim", "zed", "eve"}
    assert subs["kim"].notes == ("graded 'alpha_beta (1).ipynb' as alpha_beta.ipynb",)
    assert "two notebooks where alpha_beta.ipynb is expected" in subs["zed"].problem
    assert "symbolic link" in subs["eve"].problem
    ignored = {p.relative_to(inbox).as_posix(): why for p, why in found.ignored}
    assert ignored["README.md"] == "not a notebook" and ignored["kim/data.csv"] == "not a notebook"
    assert "checkpoint" in ignored[".ipynb_checkpoints/alice-checkpoint.ipynb"]
    assert "not a notebook of 02_alpha_beta" in ignored["nb/alice2/02_alpha_beta/alpha_beta.ipynb"]
    counted = {p for sub in found.submissions for p in sub.files.values()} | {p for p, _ in found.ignored}
    assert len(counted) == found.files == 9


def test_a_folder_in_a_students_folder_that_is_a_link_is_never_read(tmp_path):
    """A student's folder whose assignment folder is a symbolic link (to another student's, or to the
    course's solutions) had the notebooks it points to graded as that student's: the notebooks were not
    links themselves, their folder was.  Nothing is read through a link."""
    inbox, elsewhere = tmp_path / "inbox", tmp_path / "solutions"
    _nb(elsewhere, "alpha_beta.ipynb")
    (inbox / "mallory").mkdir(parents=True)
    os.symlink(elsewhere, inbox / "mallory" / "02_alpha_beta")
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    sub = next(sub for sub in found.submissions if sub.student == "mallory")
    assert "symbolic link" in sub.problem


def test_a_notebook_downloaded_from_the_course_site_counts_under_its_own_name(tmp_path):
    """JupyterLite's File → Download names exercises/release/02_alpha_beta/alpha_beta.ipynb
    'exercises_release_02_alpha_beta_alpha_beta.ipynb': that is the student's alpha_beta.ipynb, in an
    assignment of several notebooks too; another assignment's download is not."""
    inbox = tmp_path / "inbox"
    _nb(inbox, "kim/exercises_release_02_alpha_beta_alpha_beta.ipynb")
    _nb(inbox, "kim/exercises_release_02_alpha_beta_extra.ipynb")
    _nb(inbox, "lou/exercises_release_02_alpha_beta_alpha_beta.ipynb")
    _nb(inbox, "lou/exercises_release_01_minimax_extra.ipynb")
    found = s.find_submissions(inbox, "02_alpha_beta", ["alpha_beta", "extra"])
    subs = {sub.student: sub for sub in found.submissions}
    assert {k: p.name for k, p in subs["kim"].files.items()} == {
        "alpha_beta": "exercises_release_02_alpha_beta_alpha_beta.ipynb",
        "extra": "exercises_release_02_alpha_beta_extra.ipynb"}
    assert not subs["kim"].problem and not subs["kim"].notes
    assert list(subs["lou"].files) == ["alpha_beta"]
    assert [p.name for p, _ in found.ignored] == ["exercises_release_01_minimax_extra.ipynb"]
    _nb(tmp_path / "one", "max/exercises_release_02_alpha_beta_alpha_beta.ipynb")    # a one-notebook assignment
    sub, = s.find_submissions(tmp_path / "one", "02_alpha_beta", NAMES).submissions
    assert list(sub.files) == ["alpha_beta"] and not sub.problem and not sub.notes


def test_canvas_resubmissions_are_one_student_and_two_students_of_one_name_are_two(tmp_path):
    inbox = tmp_path / "inbox"
    _nb(inbox, "smithjo_111_5_alpha_beta.ipynb")
    _nb(inbox, "smithjo_LATE_111_9_alpha_beta-1.ipynb")
    _nb(inbox, "leeann_222_7_alpha_beta.ipynb")
    _nb(inbox, "leeann_333_8_alpha_beta.ipynb")
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    subs = {sub.student: sub for sub in found.submissions}
    assert set(subs) == {"canvas-111", "canvas-222", "canvas-333"}          # Canvas's user ids, never the name
    assert subs["canvas-111"].files["alpha_beta"].name == "smithjo_LATE_111_9_alpha_beta-1.ipynb"
    assert subs["canvas-111"].late.startswith("late") and subs["canvas-111"].name == "smithjo"
    assert subs["canvas-222"].name == subs["canvas-333"].name == "leeann"
    assert [why for _, why in found.ignored] == ["an earlier submission of canvas-111 (submission 5; "
                                                 "'smithjo_LATE_111_9_alpha_beta-1.ipynb' is graded)"]


def test_one_canvas_submission_of_two_notebooks_is_two_notebooks_not_a_resubmission(tmp_path):
    inbox = tmp_path / "inbox"
    _nb(inbox, "smithjo_111_5_alpha_beta.ipynb")
    _nb(inbox, "smithjo_111_5_scratch.ipynb")
    sub, = s.find_submissions(inbox, "02_alpha_beta", NAMES).submissions
    assert sub.student == "canvas-111" and "both give Canvas's id 111" in sub.problem


NASTY = [b"\xff\xfebob.ipynb", b"\xff\xfe.ipynb", b"\x1b[2J\x1b]0;owned\x07eve\nline\r.ipynb",
         "\u202eevil\u202c.ipynb".encode(), "é".encode() * 120 + b".ipynb",
         b"Ann\xff_12_assignsubmission_file_"]


def _nasty(inbox):
    """Files named with bytes that are not UTF-8, terminal escapes and control characters, 245 bytes."""
    inbox.mkdir(parents=True, exist_ok=True)
    for name in NASTY:
        path = os.path.join(os.fsencode(inbox), name)
        if name.endswith(b"_"):
            os.mkdir(path)
            path = os.path.join(path, "alpha_beta.ipynb".encode())
        with open(path, "w") as f:
            f.write("{")


def _printable(text):
    return all(ch.isprintable() for ch in text) and not any("\ud800" <= ch <= "\udfff" for ch in text)


def test_names_the_file_system_gives_as_bytes_are_per_student_lines(tmp_path):
    from gamelib.grading.course import Status
    inbox = tmp_path / "inbox"
    _nasty(inbox)
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    assert len(found.submissions) == len(NASTY) and found.ignored == [] and found.files == len(NASTY)
    for sub in found.submissions:
        line = Status(sub.student, "not graded", sub.problem or "x", name=sub.name).line()
        assert _printable(line) and len(sub.student) <= s.MAX_ID + 2 and len(line) < 400, line
    subs = {sub.student: sub for sub in found.submissions}
    assert subs["moodle-12"].name == "Ann\\xff"
    assert "'\\xff\\xfe.ipynb' gives no usable student id" in "".join(sub.problem for sub in found.submissions)


@given(st.text(max_size=300))
def test_anything_shown_is_one_printable_line_of_bounded_length(text):
    out = s.shown(text, 50)
    assert _printable(out) and len(out) <= 50 and "\n" not in out
    assert s.shown(text, None) == s.shown(s.shown(text, None), None)          # shown twice: the same
    assert len(s.student_id(text)) <= s.MAX_ID

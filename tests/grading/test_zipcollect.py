"""nbgrader's zip_collect with the kit's collector (gamelib.grading.zipcollect.DownloadNames): a Canvas and a
Moodle download filed under each system's own id of the student, as the kit's autograde reads the same
download: one plugin, one answer."""
from __future__ import annotations

import unicodedata
import zipfile

import nbformat
import pytest

from gamelib.grading import submissions as s

ASSIGNMENT = "02_alpha_beta"
JOSE = unicodedata.normalize("NFD", "garcíajosé")          # as a zip unpacked on a Mac spells it
DOWNLOAD = {
    f"{JOSE}_1002_9_alpha_beta.ipynb": "first",
    f"{JOSE}_1002_12_alpha_beta-1.ipynb": "resubmitted",        # Canvas's resubmission: a later id, a -1
    "colecarol_LATE_103_9001_alpha_beta.ipynb": "carol",
    "Alice Adams_77_assignsubmission_file_/alpha_beta.ipynb": "alice",
    "smithjo_111_5_x_99_assignsubmission_file_alpha_beta.ipynb": "in doubt",   # Canvas's 111 or Moodle's 99
    "alice.ipynb": "no learning system's name",
}


def _notebook(text: str) -> str:
    return nbformat.writes(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(text)]))


@pytest.fixture
def course(tmp_path):
    """A course folder with the assignment's student version and a download zipped as Canvas gives it."""
    (tmp_path / "release" / ASSIGNMENT).mkdir(parents=True)
    (tmp_path / "release" / ASSIGNMENT / "alpha_beta.ipynb").write_text(_notebook("release"))
    archive = tmp_path / "downloaded" / ASSIGNMENT / "archive"
    archive.mkdir(parents=True)
    with zipfile.ZipFile(archive / "submissions.zip", "w") as z:
        for name, text in DOWNLOAD.items():
            z.writestr(name, _notebook(text))
    return tmp_path


def _text(path) -> str:
    return nbformat.read(str(path), as_version=4).cells[0].source


def test_zip_collect_files_each_student_under_the_systems_id_as_autograde_reads_them(course, monkeypatch):
    from nbgrader.apps import ZipCollectApp
    monkeypatch.chdir(course)
    app = ZipCollectApp()
    app.initialize(["--collector=gamelib.grading.zipcollect.DownloadNames", f"--CourseDirectory.root={course}",
                    ASSIGNMENT])
    app.start()
    submitted = course / "submitted"
    got = {p.relative_to(submitted).as_posix(): _text(p) for p in submitted.rglob("*.ipynb")}
    assert got == {f"canvas-1002/{ASSIGNMENT}/alpha_beta.ipynb": "resubmitted",     # the latest, by its name
                   f"canvas-103/{ASSIGNMENT}/alpha_beta.ipynb": "carol",
                   f"moodle-77/{ASSIGNMENT}/alpha_beta.ipynb": "alice"}
    # the kit's autograde reads the download as it comes with the same plugin: the same students
    found = s.find_submissions(course / "downloaded" / ASSIGNMENT / "extracted" / "submissions", ASSIGNMENT,
                               ["alpha_beta"])
    graded = {sub.student: _text(sub.files["alpha_beta"]) for sub in found.submissions if not sub.problem}
    assert graded == {p.split("/")[0]: text for p, text in got.items()} | {"alice": "no learning system's name"}
    assert [why for _, why in found.ignored] == [f"an earlier submission of canvas-1002 (submission 9; "
                                                 f"'{JOSE}_1002_12_alpha_beta-1.ipynb' is graded)"]
    doubt = [sub for sub in found.submissions if sub.problem]
    assert len(doubt) == 1 and "canvas-111 or moodle-99" in doubt[0].problem

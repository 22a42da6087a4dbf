"""nbgrader's exchange with who handed each submission in checked (gamelib.grading.exchange): a folder of
``inbound/`` that names a classmate is set aside, not collected as the classmate's latest submission."""
import os
import pwd
from pathlib import Path

import pytest

from gamelib.grading import course as c
from gamelib.grading import exchange as x

ME = pwd.getpwuid(os.getuid()).pw_name
EARLY, LATE = "2026-11-02 09:00:00.000000 UTC", "2026-11-30 23:00:00.000000 UTC"


def _course(tmp_path) -> tuple[Path, Path]:
    """A course folder with the kit's settings and the instructor's course_id and exchange, and the
    exchange's inbound folder."""
    course, exchange = tmp_path / "course", tmp_path / "exchange"
    c.private_folder(course)
    (course / "nbgrader_config.py").write_text(
        f'c = get_config()  # noqa\nc.CourseDirectory.course_id = "cs101"\nc.Exchange.root = "{exchange}"\n')
    c.write_config(course)
    (exchange / "cs101" / "inbound").mkdir(parents=True)
    return course, exchange / "cs101" / "inbound"


def _hand_in(inbound: Path, student: str, when: str, words: str, rand: str = "r4nd0m") -> str:
    """A folder as ``nbgrader submit`` leaves it in inbound/ (whoever makes it)."""
    name = f"{student}+a1+{when}+{rand}"
    (inbound / name).mkdir()
    (inbound / name / "a1.ipynb").write_text(words)
    (inbound / name / "timestamp.txt").write_text(when)
    return name


def _collect(course: Path, **kw):
    """nbgrader's collect of a1 as ``nbgrader collect a1`` run in ``course`` makes it: the course folder's
    nbgrader_config.py read (which loads the kit's gamelib_config.py), the collect plugin taken from
    nbgrader's ExchangeFactory; in-process (an nbgrader program takes seconds to start)."""
    from nbgrader.auth import Authenticator
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.exchange import ExchangeFactory
    from traitlets.config.loader import PyFileConfigLoader
    c.gradebook(course).close()                                  # the gradebook, as `prepare` makes it
    cfg = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    coursedir = CourseDirectory(config=cfg)
    coursedir.assignment_id = "a1"
    collect = ExchangeFactory(config=cfg).Collect(coursedir=coursedir, authenticator=Authenticator(config=cfg),
                                                  config=cfg)
    collect.start()
    return collect


def test_nbgrader_collect_in_a_course_folder_sets_aside_a_folder_handed_in_under_another_name(tmp_path, caplog):
    """nbgrader's collect in a course folder (the kit's settings loaded): the folder that names another
    student, made later by this user, is not taken as that student's; the user's own is.  With nbgrader's
    own collect, the later folder was collected as the classmate's submission (a warning only)."""
    course, inbound = _course(tmp_path)
    mine = _hand_in(inbound, ME, EARLY, "my own work")
    forged = _hand_in(inbound, "ada", LATE, "not ada's work")
    collect = _collect(course)
    assert type(collect).__name__ == "OwnedCollect"
    assert (course / "submitted" / ME / "a1" / "a1.ipynb").read_text() == "my own work"
    assert not (course / "submitted" / "ada").exists()
    assert f"Set aside, not collected: {inbound / forged} (it names ada but belongs to the user {ME})" in caplog.text
    assert (inbound / forged).is_dir() and (inbound / mine).is_dir()          # left for the instructor


def test_the_collect_records_when_each_folder_was_handed_in_not_what_its_timestamp_says(tmp_path):
    """A late penalty reads the time of the hand-in: what the exchange's folder says of its last change,
    recorded by the collect, never the student's own timestamp.txt (here a month early)."""
    from datetime import datetime, timedelta, timezone
    from gamelib.grading import late
    course, inbound = _course(tmp_path)
    folder = inbound / _hand_in(inbound, ME, EARLY, "my own work")
    (folder / "submission_secret.txt").write_text("nbgrader's secret of this submission")
    before = datetime.now(timezone.utc) - timedelta(seconds=5)
    _collect(course)
    times = late.collected_times(course, "a1", course / "submitted")
    assert list(times) == [ME] and times[ME].by == late.EXCHANGE
    assert datetime.fromisoformat(times[ME].at) >= before.replace(microsecond=0), (times[ME], EARLY)


def test_the_owner_must_be_the_student_named_or_tljhs_user_for_them():
    folders = {"ada+a1+1+r": ("ada", 1001, "ada"), "bob+a1+1+r": ("bob", 1002, "jupyter-bob"),
               "ada+a1+2+r": ("ada", 1003, "mallory"), "eve+a1+1+r": ("eve", 1004, "jupyter-ada")}
    assert x.set_aside(folders) == {"ada+a1+2+r": "it names ada but belongs to the user mallory",
                                    "eve+a1+1+r": "it names eve but belongs to the user jupyter-ada"}


def test_without_names_one_student_is_one_uid_and_one_uid_one_student():
    """Owners with no name here (a server on Kubernetes, each user a uid of their own): a uid that hands
    in under two names, and every folder of a name handed in by two uids, are set aside: the
    instructor decides, and no student's folder replaces another's."""
    folders = {"ada+a1+1+r": ("ada", 200001, None), "ada+a1+2+r": ("ada", 200002, None),
               "bob+a1+1+r": ("bob", 200002, None), "cy+a1+1+r": ("cy", 200003, None),
               "cy+a1+2+r": ("cy", 200003, None)}
    why = x.set_aside(folders)
    assert set(why) == {"ada+a1+1+r", "ada+a1+2+r", "bob+a1+1+r"}
    assert "folders naming ada belong to several users (uids 200001, 200002)" in why["ada+a1+1+r"]
    assert "made folders naming several students (ada, bob)" in why["bob+a1+1+r"]


def test_a_named_owner_also_counts_against_a_nameless_one():
    """ada's own folder (her name known) is kept; a nameless uid's folder under her name is set aside."""
    why = x.set_aside({"ada+a1+1+r": ("ada", 1001, "ada"), "ada+a1+2+r": ("ada", 200009, None)})
    assert list(why) == ["ada+a1+2+r"]


def test_each_students_latest_kept_folder_is_collected(tmp_path, monkeypatch):
    """In-process, owners given: the set-aside folder is never the one chosen as ada's latest, so her
    own earlier folder is collected; a set-aside student with no other folder is not collected."""
    course, inbound = _course(tmp_path)
    owners = {}
    owners[_hand_in(inbound, "ada", EARLY, "ada's")] = (1001, "ada")
    owners[_hand_in(inbound, "ada", LATE, "forged", rand="x")] = (1002, "bob")
    owners[_hand_in(inbound, "cy", LATE, "forged too", rand="y")] = (1002, "bob")
    monkeypatch.setattr(x, "owner_of", lambda path: owners[os.path.basename(path)])
    collect = _collect(course)
    assert (course / "submitted" / "ada" / "a1" / "a1.ipynb").read_text() == "ada's"
    assert not (course / "submitted" / "cy").exists()
    assert sorted(collect.set_aside) == sorted(n for n, o in owners.items() if o[1] == "bob")


def test_the_kits_settings_name_this_collect(tmp_path):
    assert c.config(tmp_path).ExchangeFactory.collect == "gamelib.grading.exchange.OwnedCollect"
    c.write_config(tmp_path)
    assert 'c.ExchangeFactory.collect = "gamelib.grading.exchange.OwnedCollect"' in \
        (tmp_path / c.KIT_CONFIG).read_text().replace("'", '"')


@pytest.mark.parametrize("name", ["ada", "jupyter-ada"])
def test_is_the_student(name):
    assert x.is_the_student(name, "ada") and not x.is_the_student(name, "bob")


@pytest.mark.parametrize("where", ["a1.ipynb", "sub", "."])
def test_a_folder_holding_a_symbolic_link_is_set_aside_and_never_followed(tmp_path, caplog, where):
    """inbound/ is writable by every student, and nbgrader's copy (``shutil.copytree``) follows links as
    the instructor who collects: a student's own folder whose ``a1.ipynb`` (or a folder in it) was a link
    to the instructor's solutions, or to a classmate's stored submission, was collected as that
    student's work, with the instructor's rights (graded for full marks; its feedback showed them).
    Such a folder is set aside, saying why, and nothing it links to is read."""
    course, inbound = _course(tmp_path)
    secret = tmp_path / "instructor" / "solutions"
    secret.mkdir(parents=True)
    (secret / "a1.ipynb").write_text("the instructor's solutions")
    folder = inbound / _hand_in(inbound, ME, LATE, "my own work")
    if where == "a1.ipynb":
        (folder / "a1.ipynb").unlink()
        (folder / "a1.ipynb").symlink_to(secret / "a1.ipynb")
    elif where == "sub":
        (folder / "sub").symlink_to(secret)
    else:                                                     # the folder itself, a link to one of the instructor's
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()
        folder.symlink_to(secret)
    collect = _collect(course)
    assert folder.name in collect.set_aside and "symbolic link" in collect.set_aside[folder.name]
    copied = [p for p in (course / "submitted").rglob("*") if p.is_file()] if (course / "submitted").exists() else []
    assert not any("the instructor's solutions" in p.read_text(errors="replace") for p in copied)
    assert f"Set aside, not collected: {folder}" in caplog.text


def test_what_the_collect_says_of_a_folder_set_aside_is_one_printable_line(tmp_path, caplog):
    """A folder's name in inbound/ is the student's to choose past its first ``+`` (nbgrader's
    timestamp and random part): the collect's line about a folder set aside quotes it printable, so
    no terminal escape or line break of the student's reaches the instructor's terminal."""
    course, inbound = _course(tmp_path)
    folder = inbound / _hand_in(inbound, "ada", LATE, "not ada's", rand="x\x1b[2J\nERROR all is well")
    _collect(course)
    said = [r.getMessage() for r in caplog.records if "Set aside" in r.getMessage()]
    assert said and all("\x1b" not in s and "\n" not in s for s in said), said
    assert folder.is_dir()

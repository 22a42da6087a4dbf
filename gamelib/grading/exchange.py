"""nbgrader's exchange, with who handed each submission in checked (:class:`OwnedCollect`).

``inbound/`` is writable by every user, so a student can hand a folder in under a classmate's name with a
later time, and nbgrader's collect would take it as the classmate's submission, only logging "cheating
attempt?".  :class:`OwnedCollect` (the collect the kit's settings name) sets aside, at the ERROR level, a
folder whose owner is not the student it names: by name where the owner has one on the machine; where
it has none (Kubernetes: a uid per user), each student's folders must come from one uid and one uid's
folders name one student.  It also records when each folder was handed in
(:func:`gamelib.grading.late.record_collected`), never reading the student's ``timestamp.txt``.
"""
from __future__ import annotations

import glob
import os
import pwd
from collections import defaultdict

from nbgrader.exchange.default.collect import ExchangeCollect

from .course import shown

SET_ASIDE = "\0set aside\0"          # before a set-aside folder's student: nbgrader's latest is never it


def owner_of(path: str) -> tuple[int, str | None]:
    uid = os.stat(path).st_uid
    try:
        return uid, pwd.getpwuid(uid).pw_name
    except KeyError:
        return uid, None


def is_the_student(name: str, student: str) -> bool:
    """Whether the user ``name`` is ``student``: the same name, or TLJH's system user for it."""
    return name in (student, f"jupyter-{student}")


def set_aside(folders: dict) -> dict:
    """``{filename: why}`` of the folders (``{filename: (student, uid, name)}``) not to collect."""
    why = {}
    uids, students = defaultdict(set), defaultdict(set)
    for filename, (student, uid, name) in folders.items():
        if name is not None and not is_the_student(name, student):
            why[filename] = f"it names {student} but belongs to the user {name}"
        else:
            uids[student].add(uid)
            students[uid].add(student)
    for filename, (student, uid, name) in folders.items():
        if filename in why or name is not None:
            continue
        if len(uids[student]) > 1:
            why[filename] = (f"folders naming {student} belong to several users (uids "
                             f"{', '.join(map(str, sorted(uids[student])))}): at most one of them is {student}")
        elif len(students[uid]) > 1:
            why[filename] = (f"the user of uid {uid} made folders naming several students "
                             f"({', '.join(sorted(students[uid]))})")
    return why


def first_link(folder: str) -> str | None:
    """The first symbolic link in ``folder`` (its path inside it), or None: nbgrader's copy
    (``shutil.copytree``) follows links, reading what they point to as whoever collects."""
    if os.path.islink(folder):
        return "."
    for here, dirs, files in os.walk(folder):               # links to folders are listed, never walked into
        for name in sorted(dirs + files):
            if os.path.islink(os.path.join(here, name)):
                return os.path.relpath(os.path.join(here, name), folder)
    return None


class OwnedCollect(ExchangeCollect):
    """nbgrader's collect, a folder of ``inbound/`` whose owner is not its student set aside first."""

    def init_src(self):
        self.check_owner = False              # nbgrader's own check only warns; this one sets aside
        self.set_aside = {}
        inbound = os.path.join(self.root, self.coursedir.course_id, "inbound")
        if self.coursedir.course_id and os.path.isdir(inbound):
            pattern = os.path.join(inbound, "*+{}+*".format(glob.escape(self.coursedir.assignment_id)))
            folders = {}
            for path in glob.glob(pattern):
                filename = os.path.basename(path)
                folders[filename] = (filename.rsplit("+", 3)[0], *owner_of(path))
            self.set_aside = set_aside(folders)
            for filename in folders:
                link = first_link(os.path.join(inbound, filename))
                if link is not None and filename not in self.set_aside:
                    self.set_aside[filename] = (f"it holds a symbolic link ({link}), which nbgrader's copy would "
                                                f"follow with your rights: hand in the files themselves")
            for filename, why in sorted(self.set_aside.items()):
                self.log.error("Set aside, not collected: %s (%s)", shown(os.path.join(inbound, filename), None),
                               shown(why, None))
        super().init_src()
        self.src_records = [r for r in self.src_records if r["filename"] not in self.set_aside]

    def _path_to_record(self, path):
        record = super()._path_to_record(path)
        if record["filename"] in getattr(self, "set_aside", {}):
            record["username"] = SET_ASIDE + record["username"]
        return record

    def do_copy(self, src, dest):
        """nbgrader's copy, and the time ``src`` was handed in recorded (never its ``timestamp.txt``)."""
        from pathlib import Path
        from .late import record_collected
        super().do_copy(src, dest)
        student = os.path.basename(src).rsplit("+", 3)[0]
        record_collected(Path(self.coursedir.root), self.coursedir.assignment_id, student, Path(src))

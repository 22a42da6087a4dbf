"""nbgrader's exchange, with who handed each submission in checked (:class:`OwnedCollect`).

On a shared server students hand work in through nbgrader's exchange: ``nbgrader submit`` copies their
notebook into the course's ``inbound/`` folder, as a folder named ``<student>+<assignment>+<time>+<random>``,
and the instructor's ``nbgrader collect`` takes each student's latest one.  ``inbound/`` is writable by
every user (it must be, for them to hand in), so a student can make a folder there under a classmate's
name, with a later time: nbgrader's collect takes it as the classmate's submission, in place of their
real one, and only logs "cheating attempt?".  That would let one student change another's grade.

:class:`OwnedCollect` is nbgrader's collect with that closed: before each student's latest folder is
chosen, a folder whose owner is not the student it names is set aside, said at the ERROR level with its
owner, and left in the exchange for the instructor to look at.  Who the owner is:

* where the folder's owner has a name on the machine (one server; TLJH's ``jupyter-<name>`` users
  included), that name must be the student's;
* where it has none (on Kubernetes every user's server runs as a uid of its own, which the instructor's
  server cannot name; docs/jupyterhub.md), each student's folders must all come from one uid, and one
  uid's folders must all name one student: otherwise every folder of that student, and of that uid, is
  set aside.

Each folder it collects, it also records the time of (:func:`gamelib.grading.late.record_collected`:
the folder's last change on the exchange, which its owner can make later but never earlier), so that a late
penalty reads the time of the hand-in, never the ``timestamp.txt`` the student's folder holds.

The kit's settings make it nbgrader's collect (:mod:`gamelib.grading.course`'s ``gamelib_config.py``:
``c.ExchangeFactory.collect``), so ``nbgrader collect``, run as exercises/README.md writes it, uses it.
"""
from __future__ import annotations

import glob
import os
import pwd
from collections import defaultdict

from nbgrader.exchange.default.collect import ExchangeCollect

SET_ASIDE = "\0set aside\0"
"""Put before the student id of a folder set aside, so that nbgrader's own choice of each student's
latest folder never picks it in place of the student's own (and it is then dropped)."""


def owner_of(path: str) -> tuple[int, str | None]:
    """The uid that owns ``path`` and its name on this machine (None where it has none)."""
    uid = os.stat(path).st_uid
    try:
        return uid, pwd.getpwuid(uid).pw_name
    except KeyError:
        return uid, None


def is_the_student(name: str, student: str) -> bool:
    """Whether the user ``name`` is ``student``: the same name, or TLJH's system user for it."""
    return name in (student, f"jupyter-{student}")


def set_aside(folders: dict) -> dict:
    """``{filename: why}`` for the folders of ``folders`` (``{filename: (student, uid, name)}``) that
    must not be collected: the rule of this module's docstring."""
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


class OwnedCollect(ExchangeCollect):
    """nbgrader's collect, which first sets aside every folder of ``inbound/`` whose owner is not the
    student it names (:func:`set_aside`), then takes each student's latest folder as nbgrader does."""

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
            for filename, why in sorted(self.set_aside.items()):
                self.log.error("Set aside, not collected: %s (%s)", os.path.join(inbound, filename), why)
        super().init_src()
        self.src_records = [r for r in self.src_records if r["filename"] not in self.set_aside]

    def _path_to_record(self, path):
        record = super()._path_to_record(path)
        if record["filename"] in getattr(self, "set_aside", {}):
            record["username"] = SET_ASIDE + record["username"]
        return record

    def do_copy(self, src, dest):
        """nbgrader's copy of the folder ``src`` of ``inbound/`` to ``dest`` in ``submitted/``, and the
        time it was handed in recorded in the course folder (:func:`~gamelib.grading.late.record_collected`)."""
        from pathlib import Path
        from .late import record_collected
        super().do_copy(src, dest)
        student = os.path.basename(src).rsplit("+", 3)[0]
        record_collected(Path(self.coursedir.root), self.coursedir.assignment_id, student, Path(src))

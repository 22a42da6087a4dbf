"""What students hand in: finding each student's files, and making each file safe and whole to grade.

Everything a submission holds is **data**: its file name, its cells' text, markdown and outputs, its
metadata.  Nothing of it runs outside the sandbox, nothing of it is rendered as HTML unsanitized, and
nothing in it can crash the batch or change what a cell is worth (the notebook itself is made whole and
safe by :mod:`gamelib.grading.sanitizer`).  A student a learning system's
download names is the **system's own id** of them (``canvas-103``), never the name, which the student
chooses; every message quotes a name printable (:func:`gamelib.grading.course.shown`).
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

from ..validate import moved

from .course import WorkflowError, name_bytes, notebooks, shown

MAX_ID = 64                           # an id is a folder name too, with more after it


def _tag(name: str) -> str:
    return hashlib.sha256(name_bytes(str(name))).hexdigest()[:8]


def student_id(name: str) -> str:
    """A stable student id from a file or folder name: accents dropped, case folded, anything but letters,
    digits and ``_.@-`` made ``_``; letters with no ASCII spelling (``李雷``) or a length over :data:`MAX_ID`
    add a hash of the whole name (``student-5d41402a``); '' when it has no letter or digit."""
    name = unicodedata.normalize("NFC", str(name)).strip()
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    sid = re.sub(r"[^a-z0-9_.@-]+", "_", ascii_name.casefold()).strip("_.")
    unspelled = [ch for ch in unicodedata.normalize("NFKD", name)
                 if ord(ch) > 127 and unicodedata.category(ch)[0] in "LN"]
    if unspelled:
        tag = _tag(name.casefold())
        sid = f"{sid}-{tag}" if sid else f"student-{tag}"
    if len(sid) > MAX_ID:
        sid = f"{sid[:MAX_ID - 9].rstrip('_.-')}-{_tag(name.casefold())}"
    return sid


class DownloadName(NamedTuple):
    """What a learning system's bulk-download name says: the student's ``name`` (their own text: for people
    only), the system's ``lms_id`` of them, ``submission``, ``late``, the ``original`` file name; a name
    that reads as more than one id (``readings``) is :attr:`in_doubt` and identifies no one."""

    system: str
    name: str
    lms_id: str
    submission: int
    late: bool
    original: str
    readings: tuple = ()

    @property
    def key(self) -> str:
        """The kit's id of the student (``canvas-103``), never the name, which the student chooses."""
        return f"{self.system.lower()}-{int(self.lms_id)}"

    @property
    def in_doubt(self) -> bool:
        return len(self.readings) > 1


CANVAS = re.compile(r"^(?P<name>[^_]*)_(?P<late>LATE_)?(?P<uid>\d+)_(?P<sub>\d+)_(?P<file>.+)$")
"""Canvas's ``<sortable name>_[LATE_]<user id>_<submission id>_<uploaded name>``: the sortable name never
holds ``_``, so what follows its first ``_`` is Canvas's (its accents composed or not, as a Mac unzips)."""
MOODLE = re.compile(r"(?=(?P<token>_(?P<uid>\d+)_assignsubmission_(?:file|onlinetext)_))")
"""Moodle's ``<Full name>_<participant id>_assignsubmission_file_``, a folder or a prefix.  The full name is
the student's text and may hold the token too: a folder's id is the token that ends it; a flattened name
has the student's text on both sides, so one that holds the token twice is in doubt."""
LMS_KEY = re.compile(r"^(?P<system>canvas|moodle)-(?P<id>\d+)$")
"""The kit's id of a student a learning system identifies (a file or folder of that name is that student)."""


def canvas_name(name: str) -> str:
    """A name as Canvas writes it in its download names (``García, José`` -> ``garciajose``)."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", str(name)) if not unicodedata.combining(ch))
    return re.sub(r"[\W_]", "", plain.lower())


def download_name(name: str, *, folder: bool | None = None) -> DownloadName | None:
    """The bulk-download name ``name`` read, or None; ``folder``: a folder's (Moodle's id then ends it), a
    file's without its ``.ipynb`` (False), or either (None)."""
    name = str(name)
    readings = []
    m = CANVAS.match(name)
    if m and m["name"] == m["name"].lower() and all(ch.isalnum() or unicodedata.combining(ch) for ch in m["name"]):
        readings.append(DownloadName("Canvas", m["name"], m["uid"], int(m["sub"]), bool(m["late"]), m["file"]))
    for m in MOODLE.finditer(name):
        rest = name[m.end("token"):]
        if not (folder and rest):
            readings.append(DownloadName("Moodle", name[:m.start("token")], m["uid"], 0, False, rest))
    if not readings:
        return None
    keys = tuple(dict.fromkeys(r.key for r in readings))
    return readings[-1]._replace(readings=keys if len(keys) > 1 else ())


class Downloads:
    """Whose each file or folder of a download is, by its name: ``autograde``'s reading, and nbgrader's
    ``zip_collect``'s (:class:`gamelib.grading.zipcollect.DownloadNames`)."""

    valid_ext = (".ipynb",)

    def identify(self, entry: Path) -> DownloadName | None:
        folder = entry.is_dir() and not entry.is_symlink()
        return download_name(entry.stem if entry.suffix == ".ipynb" and not folder else entry.name, folder=folder)

    def superseded(self, entry: Path, lms: DownloadName) -> Path | None:
        """The later submission of the same Canvas user beside ``entry`` (the latest), if there is one."""
        if lms.system != "Canvas":
            return None
        seen = self.__dict__.setdefault("_latest", {})     # each folder read once: {user: (submission, path)}
        if entry.parent not in seen:
            latest: dict = {}
            for path in sorted(entry.parent.iterdir()):
                other = self.identify(path) if path.suffix in self.valid_ext or path.is_dir() else None
                if other is not None and not other.in_doubt and other.system == "Canvas":
                    latest[other.key] = max(latest.get(other.key, (-1, path)), (other.submission, path))
            seen[entry.parent] = latest
        submission, path = seen[entry.parent].get(lms.key, (-1, entry))
        return path if submission > lms.submission else None


class Submission(NamedTuple):
    """A student's ``files`` of one assignment ({notebook name: path}), or the ``problem`` that keeps them
    from being graded; ``name`` a learning system's name of the student, for people, never an id."""

    student: str
    files: dict
    problem: str = ""
    notes: tuple = ()
    late: str = ""
    name: str = ""


class Found(NamedTuple):
    """Every file of a submissions folder accounted for: ``submissions``, ``ignored`` [(path, why)], ``files``."""

    submissions: list
    ignored: list
    files: int


def quoted(name) -> str:
    return f"'{shown(name)}'"


def unusable_id(name) -> str:
    """The key of a submission whose name gives no student (``?`` first: no student id starts so)."""
    text = shown(name, 60)
    return f"?{text}" if text == str(name) else f"?{text} #{_tag(name)}"


class _Candidate(NamedTuple):
    sid: str
    entry: Path                   # the top-level file or folder it came from
    books: dict                   # {notebook name: path}: what is graded, or (with a problem) what is not
    problem: str
    notes: tuple
    late: str
    lms: DownloadName | None
    name: str = ""                # the learning system's name of the student, shown (for people)


def book_name(path: Path, assignment: str) -> str:
    """The notebook ``path`` is, by its name: ``minimax``, or JupyterLite's download name of it
    (``exercises_release_01_minimax_minimax.ipynb``)."""
    flattened = f"exercises_release_{assignment}_"
    stem = Path(path).stem
    return stem[len(flattened):] if stem.startswith(flattened) and len(stem) > len(flattened) else stem


def _inside(entry: Path, assignment: str, names: list[str]) -> tuple:
    """The notebooks of a student's folder: ``(books, problem, notes)``.  One notebook of another name stands
    for a one-notebook assignment's ("minimax (1).ipynb"); two where one is expected are a problem."""
    inner = entry / assignment if (entry / assignment).is_dir() else entry
    if inner.is_symlink():                          # its notebooks are no links, but nothing is read through one
        return {assignment: inner}, f"{quoted(entry.name + '/' + assignment)} is a symbolic link: refused (hand in " \
                                    "the folder itself)", ()
    found = [p for p in notebooks(inner) if not p.is_symlink()]
    books = {book_name(p, assignment): p for p in found if book_name(p, assignment) in names}
    if len(names) == 1 and len(found) > 1:
        listed = " and ".join(quoted(p.name) for p in found)
        return {p.stem: p for p in found}, (f"{listed}: two notebooks where {names[0]}.ipynb is expected (keep "
                                            "one, and grade again)"), ()
    if len(names) == 1 and not books and len(found) == 1:
        return {names[0]: found[0]}, "", (f"graded {quoted(found[0].name)} as {names[0]}.ipynb",)
    return books, "", ()


def _why_ignored(path: Path, entry: Path, assignment: str, collector) -> str:
    lms = collector.identify(entry)
    later = collector.superseded(entry, lms) if lms is not None and not lms.in_doubt else None
    if later is not None:
        return (f"an earlier submission of {lms.key} (submission {lms.submission}; {quoted(later.name)} is "
                "graded)")
    if path.name == "manifest.csv" and path.parent == entry.parent:
        return "the submissions' manifest (read for their submission times)"
    if path.name in ("timestamp.txt", "submission_secret.txt"):
        return ("named as nbgrader's record of a submission: never read for its time (kept beside the graded "
                "copy only in the course's own submitted/ folder, for nbgrader's exchange)")
    if path.is_symlink():
        return "a symbolic link: refused (a submission is a file of its own)"
    if any(part.startswith(".") for part in path.relative_to(entry.parent).parts):
        return "a hidden file or an editor's checkpoint"
    if path.suffix != ".ipynb":
        return "not a notebook"
    return f"not a notebook of {assignment} where a submission is expected"


def _candidate(entry: Path, assignment: str, names: list[str], collector) -> _Candidate | None:
    """What one top-level file or folder holds, and whose it is (None: nothing to grade, or an earlier
    Canvas submission; its files are then listed as ignored)."""
    base = entry.stem if entry.suffix == ".ipynb" and not entry.is_dir() else entry.name
    lms = collector.identify(entry)              # nbgrader zip_collect's reading of a download name, the same
    if lms is not None and not lms.in_doubt and collector.superseded(entry, lms) is not None:
        return None
    late = f"late (its {lms.system} download name says so)" if lms and lms.late and not lms.in_doubt else ""
    books, problem, notes = {}, "", ()
    if entry.is_symlink():
        if entry.suffix != ".ipynb" and not entry.is_dir():
            return None
        books = {Path(entry.name).stem: entry}
        problem = f"{quoted(entry.name)} is a symbolic link: refused (hand in the file itself)"
    elif entry.is_file():
        if entry.suffix != ".ipynb":
            return None
        if len(names) != 1:
            books = {entry.stem: entry}
            problem = (f"{quoted(entry.name)}: {assignment} has several notebooks ({', '.join(names)}); put each "
                       "student's notebooks in a folder named after the student")
        else:
            books = {names[0]: entry}
    else:
        books, problem, notes = _inside(entry, assignment, names)
        if not books:
            return None
    if lms is not None and lms.in_doubt:
        return _Candidate(unusable_id(entry.name), entry, books,
                          f"{quoted(entry.name)} reads as more than one learning system's id "
                          f"({' or '.join(lms.readings)}): the student's own text in it (a full name, a file's "
                          f"name) holds one, so it identifies no one and no one's grade changed; find whose it "
                          f"is in the learning system and grade it alone, named by that id (e.g. "
                          f"{lms.readings[-1]}.ipynb)", (), "", None)
    if lms is not None:
        return _Candidate(lms.key, entry, books, problem, notes, late, lms, shown(lms.name))
    sid = student_id(base)
    if not sid:
        return _Candidate(unusable_id(entry.name), entry, books, f"{quoted(entry.name)} gives no usable student id "
                          "(it needs a letter or digit): rename it", (), late, None)
    return _Candidate(sid, entry, books, problem, notes, late, None)


def find_submissions(folder: Path, assignment: str, names: list[str]) -> Found:
    """The submissions in ``folder`` (``<student>.ipynb``, ``<student>/[<assignment>/]<notebook>.ipynb``, or a
    learning system's download), every file accounted for: a name that gives no id or two, two names of
    one id, two notebooks for one and symbolic links are per-student problems naming the files, never a
    silent merge, a silent drop or a stopped batch; the rest is listed as ignored, with why."""
    folder = Path(folder)
    if not folder.is_dir():
        raise WorkflowError(f"no folder of submissions at {folder}")
    collector = Downloads()
    every = [p for p in sorted(folder.rglob("*")) if p.is_symlink() or p.is_file()]      # links not followed
    candidates = [c for entry in sorted(folder.iterdir()) if not entry.name.startswith(".")
                  for c in [_candidate(entry, assignment, names, collector)] if c is not None]
    ignored: list = []
    out = _one_per_student(candidates)
    accounted = {p for sub in out for p in sub.files.values()} | {p for p, _ in ignored}
    for path in every:
        if path not in accounted:
            top = folder / path.relative_to(folder).parts[0]
            ignored.append((path, _why_ignored(path, top, assignment, collector)))
    if not out:
        seen = f"; its {len(every)} files are none of these" if every else ""
        raise WorkflowError(f"no submissions of {assignment} in {shown(folder, None)} (expected <student>.ipynb or "
                            f"<student>/{'|'.join(n + '.ipynb' for n in names)}{seen})")
    return Found(sorted(out), sorted(ignored, key=lambda pair: str(pair[0])), len(every))


def _one_per_student(candidates: list[_Candidate]) -> list[Submission]:
    """One submission per id: anything that gives one id twice is a collision, a problem naming every
    file, none graded, and the grade stored under that id kept."""
    by_id: dict = {}
    for c in candidates:
        by_id.setdefault(c.sid, []).append(c)
    out = []
    for sid, group in by_id.items():
        if len(group) > 1:
            files = " and ".join(quoted(c.entry.name) for c in group)
            books = {f"{k}:{name}": path for k, c in enumerate(group) for name, path in c.books.items()}
            who = "the student id"
            if LMS_KEY.match(sid):
                system, lms_id = LMS_KEY.match(sid).groups()
                who = f"{system.capitalize()}'s id {lms_id}, the student id"
            out.append(Submission(sid, books, f"{files} {'both' if len(group) == 2 else 'all'} give {who} {sid!r}: "
                                  f"rename one, or keep the one that is theirs (none was graded; a grade stored "
                                  f"under {sid!r} is kept)", (), "", next((c.name for c in group if c.name), "")))
            continue
        c = group[0]
        out.append(Submission(c.sid, c.books, c.problem, c.notes, c.late, c.name))
    return out


__getattr__ = moved(__name__, dict.fromkeys(("MAX_NOTEBOOK_MB", "as_plain_text", "read_submission", "repair",
                                             "sanitize"), "gamelib.grading.sanitizer"))        # for one release

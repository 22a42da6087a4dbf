"""The course log, ``<course>/grading/log.jsonl``: every change of a grade after autograding (who, when,
old, new, why), append-only (one ``write`` of a line, flushed to disk, never rewritten).
"""
from __future__ import annotations

import getpass
import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

LOG = Path("grading") / "log.jsonl"


class Entry(NamedTuple):
    """One change: ``action`` ('override', 'regrade', 'override dropped'), ``question`` ('' for the whole
    submission), ``old`` and ``new`` (None: none), ``when`` (UTC, ISO 8601)."""

    action: str
    assignment: str
    student: str
    question: str
    old: float | None
    new: float | None
    why: str
    who: str = ""
    when: str = ""


def who() -> str:
    try:
        return getpass.getuser()
    except Exception:                                           # noqa: BLE001 -- no name: the uid
        return f"uid {os.getuid()}"


def append(course: Path, entry: Entry) -> Entry:
    """Add ``entry`` to the course log (``who`` and ``when`` filled in if empty); returns it as written."""
    entry = entry._replace(who=entry.who or who(),
                           when=entry.when or datetime.now(timezone.utc).isoformat(timespec="seconds"))
    path = Path(course) / LOG
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(entry._asdict(), ensure_ascii=False) + "\n"
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        end = os.lseek(fd, 0, os.SEEK_END)
        if end and os.pread(fd, 1, end - 1) != b"\n":         # a line a crash cut: this one must not join it
            line = "\n" + line
        os.write(fd, line.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    return entry


def entries(course: Path, assignment: str | None = None, student: str | None = None) -> list[Entry]:
    """The log's entries, oldest first (a line that is not one, cut by a crash, skipped)."""
    path = Path(course) / LOG
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            raw = json.loads(line)
            entry = Entry(**{k: raw.get(k, "" if k in ("who", "when") else None) for k in Entry._fields})
        except (ValueError, TypeError, AttributeError):
            continue
        if (assignment is None or entry.assignment == assignment) and (student is None or entry.student == student):
            out.append(entry)
    return out


def standing_overrides(course: Path, assignment: str, student: str) -> dict:
    """``{question: Entry}``: the last override of each question unless a regrade of it or a changed answer
    ended it (a regrade of the whole submission keeps them, as nbgrader keeps manual scores); its ``old`` the
    score before the first of the overrides in force (the student's page calls it the autograder's)."""
    standing: dict = {}
    for e in entries(course, assignment, student):
        if e.action == "override":
            standing[e.question] = e._replace(old=standing[e.question].old) if e.question in standing else e
        elif e.action in ("override dropped", "regrade") and e.question:
            standing.pop(e.question, None)
    return standing

"""Late work: the course's deadlines, extensions and penalty rule (``course.toml``), and when each
submission was handed in.

The penalty is nbgrader's extension point, a ``LateSubmissionPlugin`` (:class:`LatePenalty`), so that
nbgrader's own ``autograde`` charges by the rule the kit's exports and feedback charge by (:func:`assess`).
What nbgrader lacks is a time it can trust: its ``timestamp.txt`` is the student's own (and its lateness
knows no ``course.toml`` deadline or extension).  A submission's time
comes only from the instructor's ``manifest.csv``, Moodle's grading worksheet saved as one, or the
exchange's record of the folder handed in (:func:`record_collected`), never from a file of the upload; an
unknown time under a deadline is ``unknown`` and said so (:func:`untimed`), never silently on time.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from nbgrader.plugins import LateSubmissionPlugin
from traitlets import Enum, Float, TraitError

from ..validate import deprecated, moved
from .course import COURSE_TOML, STATUS, WorkflowError, read_table, write_json

UNKNOWN = ("a file in a student's upload never says when it was handed in: give its submitted_at in the "
           "submissions folder's manifest.csv, or save Moodle's grading worksheet there as manifest.csv, and "
           "autograde the folder again")
CONFIG = COURSE_TOML
MANIFEST = "manifest.csv"                   # a submissions folder's times: student (or file), submitted_at


class LatePenalty(LateSubmissionPlugin):
    """The course's penalty rule as nbgrader's late-submission plugin: ``per_day`` percent off for each
    day late, a started day counting whole, at most ``cap`` percent, of the score earned or of the
    maximum (``of``); a submission at most ``grace_minutes`` after its deadline is on time."""

    per_day = Float(0.0, min=0, help="percent off for each day late, a started day counting whole").tag(config=True)
    cap = Float(100.0, min=0, max=100, help="never more than this percent off").tag(config=True)
    grace_minutes = Float(0.0, min=0, help="this late is on time (an upload that crossed the deadline)").tag(
        config=True)
    of = Enum(("score", "max"), "score", help="the percent is of the score earned or of the maximum").tag(config=True)
    SETTINGS = ("per_day", "cap", "grace_minutes", "of")

    def settings(self) -> dict:
        return {k: getattr(self, k) for k in self.SETTINGS}

    def days(self, seconds_late: float) -> int:
        """The days charged for ``seconds_late`` after the deadline: none within the grace, else every
        started day counted from the deadline (the grace is not taken off: 1 day 10 min is 2 days)."""
        return 0 if seconds_late <= self.grace_minutes * 60 else math.ceil(seconds_late / 86400)

    def charge(self, days: int, score: float, max_score: float) -> tuple[float, float]:
        """``(percent, points)`` off ``score`` for ``days`` late; never more than the score itself."""
        percent = min(self.cap, days * self.per_day)
        return percent, min(score, round((score if self.of == "score" else max_score) * percent / 100, 4))

    def late_submission_penalty(self, student_id: str, score: float, total_seconds_late: float) -> float | None:
        """nbgrader's hook: the points off one notebook's ``score``, by the rule of the course's
        ``course.toml`` (read now, as the exports read it; this plugin's settings where there is no course)."""
        root = self.config.get("CourseDirectory", {}).get("root")
        rule, top = (load(Path(root)).rule if root else self), score
        if rule.of == "max" and getattr(self.parent, "gradebook", None) is not None:
            p = self.parent
            top = p.gradebook.find_submission_notebook(p.notebook_id, p.assignment_id, student_id).max_score
        days = rule.days(total_seconds_late)
        return rule.charge(days, score, top)[1] if days else None


class Policy(NamedTuple):
    """The course's late policy: its ``rule`` (:class:`LatePenalty`), ``deadlines`` {assignment:
    datetime}, ``extensions`` {(assignment, student): datetime}, and the ``zone`` of times written
    without an offset."""

    rule: LatePenalty = LatePenalty()
    deadlines: dict = {}
    extensions: dict = {}
    zone: object = timezone.utc


def parse_time(text, zone=timezone.utc) -> datetime:
    """An ISO 8601 time as an aware datetime; one written without an offset is in ``zone``."""
    if isinstance(text, datetime):
        when = text
    else:
        raw = str(text).strip()
        try:
            when = datetime.fromisoformat(raw)
        except ValueError:
            when = None
        if when is None or re.fullmatch(r"\d{4}-?\d\d-?\d\d", raw):      # a day alone would be its 00:00
            what = "has no time of day" if when else "is not a time"
            raise WorkflowError(f"{raw!r} {what} (write it as 2026-10-09 23:59, or with its offset, "
                                "2026-10-09T23:59:00+02:00)")
    return when if when.tzinfo is not None else when.replace(tzinfo=zone)


def load(course: Path) -> Policy:
    """The late policy of the course folder ``course`` (no ``course.toml``: no deadlines, no penalty)."""
    import tomllib
    path = Path(course) / CONFIG
    if not path.exists():
        return Policy()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise WorkflowError(f"{path} is not TOML: {e}") from None
    zone = timezone.utc
    if "timezone" in raw:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
        try:
            zone = ZoneInfo(str(raw["timezone"]))
        except (ZoneInfoNotFoundError, ValueError):
            raise WorkflowError(f"{path}: unknown timezone {raw['timezone']!r} (e.g. 'Europe/Paris')") from None
    late = raw.get("late", {})
    unknown = set(late) - set(LatePenalty.SETTINGS)
    if unknown:
        raise WorkflowError(f"{path}: [late] has no setting {', '.join(sorted(unknown))} (it has "
                            f"{', '.join(LatePenalty.SETTINGS)})")
    try:
        rule = LatePenalty(**{k: (str(v) if k == "of" else float(v)) for k, v in late.items()})
    except (TypeError, ValueError, TraitError):           # a number that is none, or out of its trait's bounds
        rule = None
    if rule is None or not all(math.isfinite(getattr(rule, k)) for k in ("per_day", "cap", "grace_minutes")):
        raise WorkflowError(f"{path}: [late] needs numbers per_day >= 0, 0 <= cap <= 100, grace_minutes >= 0 "
                            f"and of = 'score' or 'max' (it says {dict(late)})")
    from .submissions import student_id
    deadlines = {str(a): parse_time(t, zone) for a, t in raw.get("deadlines", {}).items()}
    extensions = {(str(a), student_id(s)): parse_time(t, zone)                # a student named as in the manifest
                  for a, table in raw.get("extensions", {}).items() for s, t in dict(table).items()}
    for (a, s), t in extensions.items():                  # a typo, or a deadline moved past it: ask, never charge
        if a in deadlines and t < deadlines[a]:
            raise WorkflowError(f"{path}: {s}'s extension of {a}, {t.isoformat(timespec='minutes')}, is before its "
                                f"deadline {deadlines[a].isoformat(timespec='minutes')}: an extension gives more time")
    return Policy(rule, deadlines, extensions, zone)


class Late(NamedTuple):
    """What the rule says of one submission: ``status`` ('on time', 'late', 'no deadline', 'unknown': no
    trustworthy time under a deadline), ``days``, ``percent``, ``deducted`` points, and ``text`` to show."""

    status: str
    days: int = 0
    percent: float = 0.0
    deducted: float = 0.0
    text: str = ""


def deadline_of(policy: Policy, assignment: str, student: str) -> datetime | None:
    return policy.extensions.get((assignment, student), policy.deadlines.get(assignment))


def untimed(policy: Policy, assignment: str, statuses) -> list:
    """The graded ``statuses`` whose time is unknown under a deadline (each a warning: :func:`untimed_warning`)."""
    return [st for st in statuses if st.status == "graded" and not st.submitted_at
            and deadline_of(policy, assignment, st.student) is not None]


def untimed_warning(flagged: str) -> str:
    charged = f"charged 1 day late, the least its flag proves ({flagged})" if flagged else "no late penalty"
    return f"when it was handed in is unknown, so {charged}: {UNKNOWN}"


def _duration(seconds: float) -> str:
    """``1 day 10 min``, ``2 days 3 h``, ``16 min``: how late, to the started minute."""
    days, minutes = divmod(math.ceil(seconds / 60), 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [f"{days} day{'s' * (days != 1)}"] * bool(days) + [f"{hours} h"] * bool(hours) + [f"{minutes} min"]
    return " ".join(parts if minutes or len(parts) == 1 else parts[:-1])


def assess(policy: Policy, assignment: str, student: str, submitted_at: str, flagged: str,
           score: float, max_score: float) -> Late:
    """``policy`` applied to a submission made at ``submitted_at`` ('' if unknown), ``flagged`` late or not."""
    deadline = deadline_of(policy, assignment, student)
    if deadline is None:
        said = f"{flagged}; no deadline for {assignment} in {CONFIG}: no penalty" if flagged else ""
        return Late("late" if flagged else "no deadline", text=said)
    extended = (assignment, student) in policy.extensions
    whose = f"{'the extended' if extended else 'the'} deadline {deadline.isoformat(timespec='minutes')}"
    if submitted_at:
        when = parse_time(submitted_at, policy.zone)
        seconds = when.timestamp() - deadline.timestamp()     # real seconds: two times of one zone subtract naively
        days = policy.rule.days(seconds)
        if not days:
            return Late("on time")
        how = (f"submitted {when.isoformat(timespec='minutes')}, {_duration(seconds)} after {whose}: "
               f"{days} day{'s' * (days != 1)}, a started day counting whole")
    elif flagged:
        days = 1
        how = f"{flagged}, its time unknown: charged as 1 day after {whose} (give its submitted_at in {MANIFEST})"
    else:
        return Late("unknown", text=f"its time unknown: no penalty under {whose} (give its submitted_at in "
                                    f"{MANIFEST}, or Moodle's grading worksheet as {MANIFEST}, and autograde again)")
    percent, deducted = policy.rule.charge(days, score, max_score)
    return Late("late", days, percent, deducted,
                f"late: {how}; −{percent:g} % of the {'score' if policy.rule.of == 'score' else 'maximum'} "
                f"(−{deducted:g} points)")


class Time(NamedTuple):
    """When a submission was handed in (``at``: ISO text, '' if unknown) and who says so (``by``)."""

    at: str = ""
    by: str = ""


MOODLE_WORKSHEET = ("Identifier", "Last modified (submission)")       # whose (Participant 77), and when


def _moodle_time(text: str) -> str:
    """A time of Moodle's grading worksheet (``Friday, 9 October 2026, 11:59 PM``, in the downloading user's
    time zone, which the course's ``timezone`` must be) as ISO text without an offset."""
    text = " ".join(text.split())
    try:
        return datetime.strptime(text, "%A, %d %B %Y, %I:%M %p").strftime("%Y-%m-%d %H:%M")
    except ValueError:
        pass
    parse_time(text)                                   # ISO written in by hand, or said to be no time
    return text


def read_manifest(folder: Path) -> dict:
    """``{student id or file name: Time}`` from ``folder``'s :data:`MANIFEST` ({} if none), the kit's
    layout or Moodle's grading worksheet (its participants are ``moodle-77``).  A bad time is said now."""
    from .submissions import student_id
    path = Path(folder) / MANIFEST
    if not path.is_file() or path.is_symlink():
        return {}
    table = read_table(path) or [[]]                          # as a roster is read: UTF-8 or UTF-16, else said
    header = [h.strip() for h in table[0]]
    rows = [dict(zip(header, (c.strip() for c in cells))) for cells in table[1:]]
    out = {}
    if all(h in header for h in MOODLE_WORKSHEET):
        by = f"Moodle's grading worksheet ({MANIFEST})"
        for row in rows:
            who = re.fullmatch(r"Participant\s+(\d+)", row.get("Identifier", ""))
            when = row.get("Last modified (submission)", "")
            if who and when and when != "-":
                try:
                    out[f"moodle-{int(who[1])}"] = Time(_moodle_time(when), by)
                except WorkflowError:
                    raise WorkflowError(f"{path}: {when!r} ({row['Identifier']}) is not a time Moodle writes in "
                                        f"English (download the worksheet with English as your language, or write "
                                        f"it as 2026-10-09 23:59)") from None
        return out
    if "submitted_at" not in header or not {"student", "file"} & set(header):
        raise WorkflowError(f"{path} needs the columns student (or file) and submitted_at, or Moodle's grading "
                            f"worksheet's (its columns: {', '.join(header) or 'none'}): write it as "
                            f"student,submitted_at")
    for row in rows:
        when = row.get("submitted_at", "")
        if not when:
            continue
        parse_time(when)                                       # a bad time is said now, not at export
        for key in filter(None, (student_id(row.get("student", "")), row.get("file", ""))):
            if out.get(key, Time(when)).at != when:               # never the one that happens to come last
                raise WorkflowError(f"{path}: {key} has two times in it, {out[key].at} and {when}: keep the time of "
                                    f"the submission graded")
            out[key] = Time(when, MANIFEST)
    return out


def time_of(student: str, files, manifest: dict, folder: Path | None = None) -> Time:
    """When ``student`` handed in ``files``, and who says so: ``manifest`` by the student's id, or by the
    name of the top-level file or folder of ``folder`` they are in (never a name inside a student's
    upload); else unknown.  Nothing beside the files is read: a ``timestamp.txt`` there is the student's."""
    if student in manifest:
        return manifest[student]
    for path in files if folder is not None else ():
        try:
            top = Path(path).relative_to(folder).parts[0]
        except (ValueError, IndexError):
            continue
        if top in manifest:
            return manifest[top]
    return Time()


def submission_time(student: str, files, manifest: dict, folder: Path | None = None) -> str:
    """Deprecated: ``time_of(...).at``."""
    deprecated("gamelib.grading.late.submission_time is deprecated: use time_of(...).at")
    return time_of(student, files, manifest, folder).at


COLLECTED = "{assignment}.collected.json"       # in grading/: {student: {at, folder, secret: its hash}}
EXCHANGE = "the exchange's record of the folder handed in"


def inbound_time(folder: Path) -> datetime:
    """The last time anything in ``folder`` (an inbound folder of the exchange) changed: the latest
    ``st_ctime``, which the kernel sets to the present on every change, so the student can make it
    later but never earlier, whatever ``timestamp.txt`` says."""
    folder = Path(folder)
    latest = folder.lstat().st_ctime
    for path in folder.rglob("*"):
        latest = max(latest, path.lstat().st_ctime)
    return datetime.fromtimestamp(latest, timezone.utc)


def _secret_hash(secret: Path) -> str:
    if not secret.is_file() or secret.is_symlink():
        return ""
    return hashlib.sha256(secret.read_text(errors="surrogateescape").encode("utf-8", "surrogateescape")).hexdigest()


def record_collected(course: Path, assignment: str, student: str, inbound: Path) -> Time:
    """Record when ``student`` handed in ``inbound``, the exchange's folder a collect just took for them
    (:func:`inbound_time`), bound to its ``submission_secret.txt`` (which the collected copy keeps)."""
    inbound = Path(inbound)
    when = inbound_time(inbound).isoformat(timespec="seconds")
    path = Path(course) / STATUS / COLLECTED.format(assignment=assignment)
    table = json.loads(path.read_text()) if path.is_file() else {}
    table[student] = {"at": when, "folder": inbound.name, "secret": _secret_hash(inbound / "submission_secret.txt")}
    write_json(path, table, sort_keys=True)
    return Time(when, EXCHANGE)


def collected_times(course: Path, assignment: str, submitted: Path) -> dict:
    """``{student id: Time}`` of the kit's collect for the students of ``submitted`` whose copy is still the
    one collected (its ``submission_secret.txt`` the one recorded)."""
    path = Path(course) / STATUS / COLLECTED.format(assignment=assignment)
    if not path.is_file():
        return {}
    from .submissions import student_id
    out = {}
    for name, entry in json.loads(path.read_text()).items():
        if not name or "/" in name or name in (".", ".."):
            continue
        if entry.get("secret") and _secret_hash(Path(submitted) / name / assignment / "submission_secret.txt") == \
                entry["secret"]:
            out[student_id(name)] = Time(entry["at"], EXCHANGE)
    return out


def known_times(submissions: Path, course: Path, assignment: str, stored: bool) -> dict:
    """Every trustworthy time for ``submissions``: its :data:`MANIFEST`, and for the course's own folder
    (``stored``) what the kit's collect recorded; the manifest wins."""
    collected = collected_times(course, assignment, Path(course) / "submitted") if stored else {}
    return {**collected, **read_manifest(Path(submissions))}


__getattr__ = moved(__name__, {"Rule": "gamelib.grading.late:LatePenalty"})

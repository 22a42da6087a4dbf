"""Late work: a deadline per assignment, one stated penalty rule, extensions per student (issue 32).

The rule is the course's, written in the course folder's ``course.toml`` (:data:`CONFIG`; ``prepare``
writes it with every setting commented out, :func:`gamelib.grading.course.write_course_toml`)::

    timezone = "Europe/Paris"           # for times written without an offset (default UTC)

    [late]
    per_day = 10                        # percent off for each day late, a started day counting whole
    cap = 50                            # never more than this percent off
    grace_minutes = 15                  # this late is on time (an upload that crossed the deadline)
    of = "score"                        # the percent is of the score earned ("score") or of the maximum ("max")

    [deadlines]
    02_alpha_beta = "2026-10-09 23:59"

    [extensions.02_alpha_beta]
    alice = "2026-10-12 23:59"          # alice's own deadline for 02_alpha_beta

When a submission was handed in is taken only from what the instructor, a learning system or a collect of
nbgrader's exchange wrote, **never from a file of the student's upload** (:func:`time_of`):

* the submissions folder's ``manifest.csv`` (:data:`MANIFEST`), the instructor's, at its top, where a
  learning system's download holds only names the system made: the kit's layout (a ``student`` or
  ``file`` column and ``submitted_at``), or **Moodle's grading worksheet** saved under that name (its
  ``Identifier``, ``Participant 77``, and ``Last modified (submission)``, Moodle's own time of the
  submission, written in the downloading user's time zone: the course's ``timezone``);
* for the course's own ``submitted/`` folder, what a collect of nbgrader's exchange recorded with
  :func:`record_collected`: the last change the kernel saw to the folder the student handed in, which
  its owner can make later but never earlier (nbgrader's own collect records nothing).

A ``timestamp.txt`` beside a notebook is never read for its time: in a learning system's download, or any
folder students upload to, it is whatever the student uploaded; on nbgrader's exchange the student's own
``nbgrader submit`` wrote it into a folder the student owns, and ``collect`` copies it as it is.  Nor is a
file's date: it says when it was copied.  A submission whose learning system's download name says it was
late (Canvas's ``_LATE_``, which Canvas writes) but whose time is unknown is charged one day, the least
its flag proves, and the line says so; one with neither, under a deadline, is charged nothing and said
to be of unknown time (:data:`UNKNOWN`), never silently on time.  :func:`assess` applies the rule; the
exports and the feedback page show what it says (:mod:`gamelib.grading.gradebook`).
"""
from __future__ import annotations

import csv
import math
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import NamedTuple

from .course import COURSE_TOML, WorkflowError

UNKNOWN = ("a file in a student's upload never says when it was handed in: give its submitted_at in the "
           "submissions folder's manifest.csv, or save Moodle's grading worksheet there as manifest.csv, and "
           "autograde the folder again")
"""What to do about a submission whose time is unknown, as the warnings and the exports say it."""
CONFIG = COURSE_TOML
"""The course's own settings for the gradebook, in the course folder (see the module's docstring)."""
MANIFEST = "manifest.csv"
"""A submissions folder's list of submission times: a ``student`` (or ``file``) column and ``submitted_at``."""


class Rule(NamedTuple):
    """The penalty rule: ``per_day`` percent off for each day (or part of a day) late, at most ``cap``
    percent, the first ``grace_minutes`` forgiven, the percent taken ``of`` the score or the maximum."""

    per_day: float = 0.0
    cap: float = 100.0
    grace_minutes: float = 0.0
    of: str = "score"


class Policy(NamedTuple):
    """The course's late policy: its :class:`Rule`, ``deadlines`` {assignment: datetime} and
    ``extensions`` {(assignment, student): datetime}."""

    rule: Rule = Rule()
    deadlines: dict = {}
    extensions: dict = {}
    zone: object = timezone.utc


def parse_time(text, zone=timezone.utc) -> datetime:
    """An ISO 8601 time (``2026-10-09 23:59``, ``2026-10-09T23:59:00+02:00``, a trailing ``Z``) as an
    aware datetime; one written without an offset is in ``zone``."""
    if isinstance(text, datetime):
        when = text
    else:
        raw = str(text).strip()
        try:
            when = datetime.fromisoformat(raw[:-1] + "+00:00" if raw.endswith("Z") else raw)
        except ValueError:
            raise WorkflowError(f"{raw!r} is not a time (write it as 2026-10-09 23:59, or with its offset, "
                                "2026-10-09T23:59:00+02:00)") from None
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
    unknown = set(late) - set(Rule._fields)
    if unknown:
        raise WorkflowError(f"{path}: [late] has no setting {', '.join(sorted(unknown))} (it has "
                            f"{', '.join(Rule._fields)})")
    try:
        rule = Rule(**{k: (str(v) if k == "of" else float(v)) for k, v in late.items()})
    except (TypeError, ValueError):
        raise WorkflowError(f"{path}: [late] needs numbers for per_day, cap and grace_minutes") from None
    if rule.of not in ("score", "max") or rule.per_day < 0 or not 0 <= rule.cap <= 100 or rule.grace_minutes < 0:
        raise WorkflowError(f"{path}: [late] needs per_day >= 0, 0 <= cap <= 100, grace_minutes >= 0 and "
                            f"of = 'score' or 'max' (it says {dict(late)})")
    deadlines = {str(a): parse_time(t, zone) for a, t in raw.get("deadlines", {}).items()}
    extensions = {(str(a), str(s)): parse_time(t, zone)
                  for a, table in raw.get("extensions", {}).items() for s, t in dict(table).items()}
    return Policy(rule, deadlines, extensions, zone)


class Late(NamedTuple):
    """What the rule says of one submission: ``status`` ('on time', 'late', 'no deadline', 'unknown': a
    deadline, but no trustworthy time and no learning system's late flag), ``days``
    late (each started day counts), ``percent`` off, the points ``deducted``, and ``text``, the line the
    exports and the feedback show."""

    status: str
    days: int = 0
    percent: float = 0.0
    deducted: float = 0.0
    text: str = ""


def deadline_of(policy: Policy, assignment: str, student: str) -> datetime | None:
    """``student``'s deadline for ``assignment``: their extension, else the assignment's (None: none)."""
    return policy.extensions.get((assignment, student), policy.deadlines.get(assignment))


def untimed(policy: Policy, assignment: str, statuses) -> list:
    """The graded submissions of ``statuses`` (:class:`gamelib.grading.course.Status`) whose time is
    unknown under a deadline: each is a warning naming the student (:func:`untimed_warning`)."""
    return [st for st in statuses if st.status == "graded" and not st.submitted_at
            and deadline_of(policy, assignment, st.student) is not None]


def untimed_warning(flagged: str) -> str:
    """The warning for a submission of unknown time, ``flagged`` late by its download name or not."""
    charged = f"charged 1 day late, the least its flag proves ({flagged})" if flagged else "no late penalty"
    return f"when it was handed in is unknown, so {charged}: {UNKNOWN}"


def assess(policy: Policy, assignment: str, student: str, submitted_at: str, flagged: str,
           score: float, max_score: float) -> Late:
    """Apply ``policy`` to ``student``'s submission of ``assignment`` made at ``submitted_at`` (ISO
    text, '' if unknown) with ``flagged`` what its download name says of lateness ('' if nothing)."""
    deadline = deadline_of(policy, assignment, student)
    extended = (assignment, student) in policy.extensions
    if deadline is None:
        said = f"{flagged}; no deadline for {assignment} in {CONFIG}: no penalty" if flagged else ""
        return Late("late" if flagged else "no deadline", text=said)
    rule = policy.rule
    whose = f"{'the extended' if extended else 'the'} deadline {deadline.isoformat(timespec='minutes')}"
    if submitted_at:
        when = parse_time(submitted_at, policy.zone)
        over = when - deadline - timedelta(minutes=rule.grace_minutes)
        if over <= timedelta(0):
            return Late("on time", text="")
        days = math.ceil(over / timedelta(days=1))
        how = f"submitted {when.isoformat(timespec='minutes')}, {days} day{'s' * (days != 1)} after {whose}"
    elif flagged:
        days = 1
        how = f"{flagged}, its time unknown: charged as 1 day after {whose} (give its submitted_at in {MANIFEST})"
    else:
        return Late("unknown", text=f"its time unknown: no penalty under {whose} (give its submitted_at in "
                                    f"{MANIFEST}, or Moodle's grading worksheet as {MANIFEST}, and autograde again)")
    percent = min(rule.cap, days * rule.per_day)
    base = score if rule.of == "score" else max_score
    deducted = min(score, round(base * percent / 100, 4))
    return Late("late", days, percent, deducted,
                f"late: {how}; −{percent:g} % of the {'score' if rule.of == 'score' else 'maximum'} "
                f"(−{deducted:g} points)")


class Time(NamedTuple):
    """When a submission was handed in (``at``: ISO text, '' if unknown) and who says so (``by``)."""

    at: str = ""
    by: str = ""


MOODLE_WORKSHEET = ("Identifier", "Last modified (submission)")
"""The columns of Moodle's grading worksheet (the assignment's *Download grading worksheet*) that say
whose submission (``Participant 77``) and when Moodle last saw it change (``-`` for none)."""
MOODLE_TIME = "%A, %d %B %Y, %I:%M %p"
"""How Moodle writes a time in English (its ``strftimedaydatetime``: ``Friday, 9 October 2026, 11:59 PM``)."""


def _moodle_time(text: str) -> str:
    """A time of Moodle's grading worksheet as ISO text without an offset (Moodle writes it in the
    downloading user's time zone, which the course's ``timezone`` must be)."""
    text = " ".join(text.split())
    try:
        return datetime.strptime(text, MOODLE_TIME).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        pass
    parse_time(text)                                   # ISO written in by hand, or said to be no time
    return text


def read_manifest(folder: Path) -> dict:
    """``{student id or file name: Time}`` from ``folder``'s :data:`MANIFEST` ({} if none): the kit's
    layout (``student`` or ``file``, and ``submitted_at``; student ids read as the kit makes them,
    :func:`gamelib.grading.submissions.student_id`) or Moodle's grading worksheet
    (:data:`MOODLE_WORKSHEET`; its participants are ``moodle-77``).  A bad time is said now, naming it."""
    from .submissions import student_id
    path = Path(folder) / MANIFEST
    if not path.is_file() or path.is_symlink():
        return {}
    with open(path, newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        header = [h.strip() for h in reader.fieldnames or []]
    out = {}
    if all(h in header for h in MOODLE_WORKSHEET):
        by = f"Moodle's grading worksheet ({MANIFEST})"
        for row in rows:
            row = {(k or "").strip(): (v or "").strip() for k, v in row.items() if isinstance(v, str)}
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
    for row in rows:
        when = (row.get("submitted_at") or "").strip()
        if not when:
            continue
        parse_time(when)                                       # a bad time is said now, not at export
        if row.get("student"):
            out[student_id(row["student"])] = Time(when, MANIFEST)
        if row.get("file"):
            out[row["file"].strip()] = Time(when, MANIFEST)
    return out


def time_of(student: str, files, manifest: dict, folder: Path | None = None) -> Time:
    """When ``student`` handed in ``files`` (paths in the submissions folder ``folder``), and who says so:
    ``manifest`` (:func:`read_manifest`, with :func:`collected_times` for the course's own folder) by the
    student's id, or by the name of the top-level file or folder of ``folder`` the files are in (a name
    the learning system or the instructor made, never one inside a student's upload); else an unknown
    :class:`Time`.  Nothing beside the files is read: a ``timestamp.txt`` there is the student's."""
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
    """:func:`time_of`'s time alone ('' if unknown)."""
    return time_of(student, files, manifest, folder).at


# ---------------------------------------------------------------------------------------------------
# nbgrader's exchange: the time its collect saw
# ---------------------------------------------------------------------------------------------------

COLLECTED = "{assignment}.collected.json"
"""The kit's record of what its collect took from nbgrader's exchange, in the course's ``grading/``:
``{student: {"at": ISO time, "folder": the inbound folder's name, "secret": its submission secret's hash}}``."""
EXCHANGE = "the exchange's record of the folder handed in"


def inbound_time(folder: Path) -> datetime:
    """The last time anything in ``folder`` (an inbound folder of nbgrader's exchange) changed: the latest
    status-change time (``st_ctime``) of the folder and of everything in it, links not followed.  The
    kernel sets it to the present on every write, rename, link or change of mode, so the folder's owner,
    the student, can make it later but never earlier, whatever ``timestamp.txt`` or the folder's name
    says.  (A copy or a restore of the exchange makes it the time of the copy.)"""
    folder = Path(folder)
    latest = folder.lstat().st_ctime
    for path in folder.rglob("*"):
        latest = max(latest, path.lstat().st_ctime)
    return datetime.fromtimestamp(latest, timezone.utc)


def _secret_hash(text: str) -> str:
    import hashlib
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def record_collected(course: Path, assignment: str, student: str, inbound: Path) -> Time:
    """Record when ``student`` handed in ``inbound``, the folder of nbgrader's exchange a collect just
    took for them (:func:`inbound_time`), bound to that folder's ``submission_secret.txt`` (which the
    collected copy keeps): for nbgrader's collect to call, as the kit's collect plugin does, for each
    folder it takes.  Written atomically in the course's ``grading/`` (:data:`COLLECTED`)."""
    import json
    import os
    from .course import STATUS
    inbound = Path(inbound)
    secret = inbound / "submission_secret.txt"
    when = inbound_time(inbound).isoformat(timespec="seconds")
    path = Path(course) / STATUS / COLLECTED.format(assignment=assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    table = json.loads(path.read_text()) if path.is_file() else {}
    table[student] = {"at": when, "folder": inbound.name,
                      "secret": _secret_hash(secret.read_text(errors="surrogateescape"))
                      if secret.is_file() and not secret.is_symlink() else ""}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(table, indent=1, sort_keys=True, ensure_ascii=True))
    os.replace(tmp, path)
    return Time(when, EXCHANGE)


def collected_times(course: Path, assignment: str, submitted: Path) -> dict:
    """``{student id: Time}`` of the kit's collect (:func:`record_collected`) for the students of the
    course's own ``submitted`` folder whose copy is still the one collected (its ``submission_secret.txt``
    is the one recorded: a later copy of another origin has its own)."""
    import json
    from .course import STATUS
    path = Path(course) / STATUS / COLLECTED.format(assignment=assignment)
    if not path.is_file():
        return {}
    from .submissions import student_id
    out = {}
    for name, entry in json.loads(path.read_text()).items():
        if not name or "/" in name or name in (".", ".."):
            continue
        secret = Path(submitted) / name / assignment / "submission_secret.txt"
        if entry.get("secret") and secret.is_file() and not secret.is_symlink() and \
                _secret_hash(secret.read_text(errors="surrogateescape")) == entry["secret"]:
            out[student_id(name)] = Time(entry["at"], EXCHANGE)
    return out


def known_times(submissions: Path, course: Path, assignment: str, stored: bool) -> dict:
    """Every trustworthy time ``autograde`` has for the folder ``submissions`` (:func:`time_of` reads it):
    its :data:`MANIFEST`, and where the folder is the course's own (``stored``: ``submitted/``, which
    nbgrader's collect fills, or a regrade of it), what the kit's collect recorded; the manifest wins."""
    collected = collected_times(course, assignment, Path(course) / "submitted") if stored else {}
    return {**collected, **read_manifest(Path(submissions))}

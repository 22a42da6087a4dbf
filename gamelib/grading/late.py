"""Late work: a deadline per assignment, one stated penalty rule, extensions per student (issue 32).

The rule is the course's, written in the course folder's ``course.toml`` (:data:`CONFIG`)::

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

When a submission was made is taken, in this order, from a ``submitted_at`` column of the submissions
folder's ``manifest.csv`` (:data:`MANIFEST`: a ``student`` or ``file`` column and ``submitted_at``),
from the ``timestamp.txt`` nbgrader's ``collect`` left beside it, or not at all: a file's date says when
it was copied, not when it was handed in.  A submission whose learning system's download name says it
was late (Canvas's ``_LATE_``) but whose time is unknown is charged one day, the least its flag proves,
and the line says so.  :func:`assess` applies the rule; the exports and the feedback page show what it
says (:mod:`gamelib.grading.gradebook`).
"""
from __future__ import annotations

import csv
import math
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import NamedTuple

from .course import WorkflowError

CONFIG = "course.toml"
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
    """What the rule says of one submission: ``status`` ('on time', 'late', 'no deadline'), ``days``
    late (each started day counts), ``percent`` off, the points ``deducted``, and ``text``, the line the
    exports and the feedback show."""

    status: str
    days: int = 0
    percent: float = 0.0
    deducted: float = 0.0
    text: str = ""


def assess(policy: Policy, assignment: str, student: str, submitted_at: str, flagged: str,
           score: float, max_score: float) -> Late:
    """Apply ``policy`` to ``student``'s submission of ``assignment`` made at ``submitted_at`` (ISO
    text, '' if unknown) with ``flagged`` what its download name says of lateness ('' if nothing)."""
    deadline = policy.extensions.get((assignment, student), policy.deadlines.get(assignment))
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
        return Late("on time", text="")
    percent = min(rule.cap, days * rule.per_day)
    base = score if rule.of == "score" else max_score
    deducted = min(score, round(base * percent / 100, 4))
    return Late("late", days, percent, deducted,
                f"late: {how}; −{percent:g} % of the {'score' if rule.of == 'score' else 'maximum'} "
                f"(−{deducted:g} points)")


def read_manifest(folder: Path) -> dict:
    """``{student id or file name: submitted_at}`` from ``folder``'s :data:`MANIFEST` ({} if none).
    Student ids are read as the kit makes them (:func:`gamelib.grading.submissions.student_id`)."""
    from .submissions import student_id
    path = Path(folder) / MANIFEST
    if not path.is_file() or path.is_symlink():
        return {}
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    out = {}
    for row in rows:
        when = (row.get("submitted_at") or "").strip()
        if not when:
            continue
        parse_time(when)                                       # a bad time is said now, not at export
        if row.get("student"):
            out[student_id(row["student"])] = when
        if row.get("file"):
            out[row["file"].strip()] = when
    return out


def submission_time(student: str, files, manifest: dict) -> str:
    """When ``student`` handed in ``files`` (paths): the manifest's time, else nbgrader's ``timestamp.txt``
    beside them, else '' (unknown)."""
    if student in manifest:
        return manifest[student]
    for path in files:
        path = Path(path)
        for key in (path.name, path.parent.name):
            if key in manifest:
                return manifest[key]
    for path in files:
        stamp = Path(path).parent / "timestamp.txt"
        if stamp.is_file() and not stamp.is_symlink() and stamp.stat().st_size < 1000:
            from nbgrader.utils import parse_utc
            try:
                when = parse_utc(stamp.read_text(errors="replace").strip())
            except (ValueError, TypeError, OverflowError):
                continue
            return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).isoformat()
    return ""

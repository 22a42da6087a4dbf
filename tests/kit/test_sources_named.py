"""The course's lecture notes are named as a textbook names its sources (issue 31): "the Purdue slides",
"the *Game Playing* slides", "Zell's slides", "CS221's lecture notes", "the minimax/alpha-beta
walk-through" (docs/glossary.md's Sources lists them with their full references), never by the
internal numbers under which the kit's authors filed them (the word "seed" followed by a three-digit
number).  A student reads every file of the repository one way or another (notebooks and their stored
outputs, the docs, gamelib's docstrings and messages through help(), the exercises, benchmark output,
the tests' docstrings), so every text file is checked.

The files that still say it belong to work in progress elsewhere.  They are listed in ONE place,
``STILL_NUMBERED``, each with the reason, and each is an expected failure that must fail: once a file is
fixed, its check passes, pytest reports the unexpected pass as a failure, and the entry must go.
"""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

NUMBERED = re.compile("seed" + r"s?\s+0\d\d", re.IGNORECASE)
"""The internal name of a source, as in 'seeds' and two numbers (the pattern is written in two parts so
that this file does not match itself)."""

TEXT = {".py", ".md", ".ipynb", ".txt", ".cfg", ".toml", ".json", ".yml", ".yaml", ".html", ".js", ".css",
        ".sh", ".ini"}
SKIPPED_FOLDERS = {".git", ".venv", "node_modules", "__pycache__", "work", "test-artifacts", ".pytest_cache",
                   ".hypothesis", ".ruff_cache", ".ipynb_checkpoints", "build", "dist"}

COURSE_FOLDER = ("exercises", "course")
"""An instructor's course folder (gradebook, students' submissions, feedback): never committed (.gitignore);
tests/kit/test_instructor_docs.py makes one, which holds the students' copies of the exercises as they were,
and sets an existing one aside meanwhile as ``exercises/course.before-test-*`` (skipped too: a run in
parallel once read an old course's copies there)."""

STILL_NUMBERED: dict = {}
"""Empty since issue 31 was finished: every file names its sources."""


def text_files() -> list:
    out = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if (path.is_file() and path.suffix in TEXT and not SKIPPED_FOLDERS & set(rel.parts[:-1])
                and not rel.parts[0].endswith(".egg-info")
                and not (rel.parts[:1] == COURSE_FOLDER[:1] and len(rel.parts) > 2
                         and rel.parts[1].startswith(COURSE_FOLDER[1]))):
            out.append(rel.as_posix())
    return sorted(out)


def numbered(rel: str) -> list:
    """Each place the file names a source by number, with a little context."""
    text = (ROOT / rel).read_text(encoding="utf-8", errors="replace")
    return [text[max(0, m.start() - 40):m.end() + 20].replace("\n", " ") for m in NUMBERED.finditer(text)]


def test_every_other_file_names_its_sources():
    found = {rel: hits for rel in text_files() if rel not in STILL_NUMBERED for hits in [numbered(rel)] if hits}
    assert not found, ("name the lecture notes as docs/glossary.md's Sources section does, not by number: "
                       + "; ".join(f"{rel}: {hits[0]!r}" + (f" (+{len(hits) - 1} more)" if len(hits) > 1 else "")
                                   for rel, hits in found.items()))


def test_the_list_names_only_files_that_exist():
    missing = [rel for rel in STILL_NUMBERED if not (ROOT / rel).is_file()]
    assert not missing, f"STILL_NUMBERED names files that do not exist: {missing}"


@pytest.mark.parametrize("rel", sorted(STILL_NUMBERED))
def test_still_numbered(rel, request):
    request.applymarker(pytest.mark.xfail(strict=True, reason=STILL_NUMBERED[rel]))
    assert not numbered(rel), f"{rel} still names a source by number: {numbered(rel)[0]!r}"

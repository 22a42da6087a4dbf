"""Every cross-reference in the notebooks, the exercises, README.md and docs/ points at a heading that
exists (issue 31: notebook 05a said "Answer in §9" and ended at §6).

What counts as a reference to a section of a notebook (or of an exercise):

* ``§3``, ``section 3``, ``sections 1 and 2``, ``§2-§3``: a section of the notebook the text is in (in an
  exercise, the exercise's own); ``notebook 05a §3``, ``05a §3``, ``[Notebook 01, section 2](...)``:
  a section of that notebook.  A ``§`` followed by a dotted number (``§5.2.1``) is the book's or a
  slide deck's, not checked here.  Sections are the level-2 headings ``## 3 · Title`` (or ``## 3. Title``).
* a title in italics right after the reference, ``01 §2 *Game trees and the minimax value*`` or
  ``section 2, *A deeper example*``: that section's title, or the title of a heading inside it, starts
  with these words;
* ``question 4`` or ``Q4`` after a section (``§6, question 4``): the section's numbered list has a 4th item;
* ``Answer in ...``: as above, and it must name a section;
* ``cell 5`` or ``In [5]``: never, since cell numbers change whenever a cell is added; name the section.
"""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = {p.name[:3].rstrip("_"): p for p in sorted((ROOT / "notebooks").glob("*.ipynb"))}
EXERCISES = sorted((ROOT / "exercises").glob("*/*/*.ipynb"))
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "exercises").glob("*.md"))]

SECTION_HEADING = re.compile(r"^##\s+(\d+)\s*[·.]\s*(.+?)\s*$", re.MULTILINE)
ANY_HEADING = re.compile(r"^#{2,6}\s+(?:\d+\s*[·.]\s*)?(.+?)\s*$", re.MULTILINE)
NOTEBOOK_ID = r"0[1-9][ab]?"
REFERENCE = re.compile(
    r"(?:(?:\[?[Nn]otebooks?\s+)?(?P<nb>" + NOTEBOOK_ID + r")\b,?\s*)?"      # notebook 05a, / 05a
    r"(?:§\s?(?P<sign>\d+)(?!\.?\d)|\b[Ss]ections?\s+(?P<word>\d+)\b(?!\.\d))"   # §3 / section 3
    r"(?P<more>(?:(?:\s*[-–]\s*§?|,\s*§|\s+(?:and|or|to)\s+§?)\s?\d+\b(?!\.?\d)(?!\s*§))*)"  # -§4, and 5
    r"(?:,?\s*\*(?P<title>[^*\n]+)\*)?"                                      # *Title*
    r"(?:,?\s*(?:question\s+|Q)(?P<question>\d+)\b)?")                       # question 4 / Q4
LINKED = re.compile(r"\[(?:[Nn]otebook\s+)?(?P<nb>" + NOTEBOOK_ID + r")\b[^\]]*\]\((?P<href>[^)\s]+)\)")
CELL_NUMBER = re.compile(r"\b[Cc]ells? +\d+\b|\bIn \[\d+\]")
ANSWER_IN = re.compile(r"Answer\s+in\s+(?P<where>[^.)\n]*)")


def plain(title: str) -> str:
    """A title as read: without the markdown of italics, code and formulas."""
    return re.sub(r"[*`$]", "", title).strip()


def markdown_of(path: pathlib.Path) -> list:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


def sections(path: pathlib.Path) -> dict:
    """{n: (title, [titles of every heading in the section], text of the section)} of a notebook."""
    text = "\n\n".join(markdown_of(path))
    heads = list(SECTION_HEADING.finditer(text))
    out = {}
    for h, nxt in zip(heads, heads[1:] + [None]):
        body = text[h.end():nxt.start() if nxt else len(text)]
        out[int(h.group(1))] = (h.group(2), [h.group(2)] + [m.group(1) for m in ANY_HEADING.finditer(body)], body)
    return out


SECTIONS = {key: sections(path) for key, path in NOTEBOOKS.items()}


def references(text: str, here):
    """(notebook key or the exercise path, section, title, question, the words) for each reference."""
    for m in REFERENCE.finditer(text):
        where = m.group("nb") or here
        numbers = [int(m.group("sign") or m.group("word"))] + [int(n) for n in re.findall(r"\d+", m.group("more"))]
        for k, n in enumerate(numbers):
            last = k == len(numbers) - 1
            yield where, n, m.group("title") if last else None, m.group("question") if last else None, m.group()


def check(text: str, here, own: dict | None) -> list:
    """The broken references of ``text``, written in the notebook ``here`` (None: a document, where every
    reference must name its notebook) or the exercise whose sections are ``own``."""
    problems = []
    for where, n, title, question, words in references(text, here):
        if where is None:
            problems.append(f"{words!r} names no notebook")
            continue
        table = own if where == here and own is not None else SECTIONS.get(where)
        if table is None:
            problems.append(f"{words!r}: no notebook {where}")
        elif n not in table:
            problems.append(f"{words!r}: {where} has no section {n} (its sections: {sorted(table)})")
        else:
            head, titles, body = table[n]
            if title and not any(plain(t).startswith(plain(title)) for t in titles):
                problems.append(f"{words!r}: {where} §{n} is {head!r}, with no heading starting {title.strip()!r}")
            if question and not re.search(rf"^\s*{int(question)}\.\s", body, re.MULTILINE):
                problems.append(f"{words!r}: {where} §{n} has no question {question}")
    for m in LINKED.finditer(text):
        href = m.group("href").split("#")[0]
        target = href.rsplit("/", 1)[-1]
        to_a_notebook = target.endswith(".ipynb") and ("notebooks/" in href or "/" not in href)
        if to_a_notebook and not target.startswith(m.group("nb") + "_"):
            problems.append(f"{m.group()[:60]!r}: the link goes to {target}, not to notebook {m.group('nb')}")
    for m in ANSWER_IN.finditer(text):
        if not REFERENCE.search(m.group("where")):
            problems.append(f"{m.group()!r} names no section")
    problems += [f"{m.group()!r}: name the section, not a cell number" for m in CELL_NUMBER.finditer(text)]
    return problems


def test_the_reader_finds_what_it_should():
    text = ("(Answer in §6, question 4.) See notebook 05a §3, 01 §2 *Game trees*, sections 1 and 2, "
            "AIMA §5.2.1 and 3rd ed. §5.4, [Notebook 01, section 2, *A deeper example*](x), §2-§3 of 06b.")
    found = [(w, n, t, q) for w, n, t, q, _ in references(text, "06a")]
    assert found == [("06a", 6, None, "4"), ("05a", 3, None, None), ("01", 2, "Game trees", None),
                     ("06a", 1, None, None), ("06a", 2, None, None), ("01", 2, "A deeper example", None),
                     ("06a", 2, None, None), ("06a", 3, None, None)]
    assert check("(Answer in §9.)", "05a", None) == ["'§9': 05a has no section 9 (its sections: [1, 2, 3, 4, 5, 6])"]
    assert check("(Answer in §6, question 9.)", "05a", None) == ["'§6, question 9': 05a §6 has no question 9"]
    assert check("(Answer in §6, question 4.)", "05a", None) == []
    assert check("as cell 20 shows", "01", None) == ["'cell 20': name the section, not a cell number"]
    assert check("[02 §1 *Why prune?*](../notebooks/01_games_and_minimax.ipynb)", None, None) == [
        "'[02 §1 *Why prune?*](../notebooks/01_games_and_minimax.ipynb': the link goes to "
        "01_games_and_minimax.ipynb, not to notebook 02"]


@pytest.mark.parametrize("key", sorted(NOTEBOOKS))
def test_notebook(key):
    problems = [p for text in markdown_of(NOTEBOOKS[key]) for p in check(text, key, None)]
    assert not problems, f"{NOTEBOOKS[key].name}: " + "; ".join(problems)


@pytest.mark.parametrize("path", EXERCISES, ids=lambda p: p.relative_to(ROOT / "exercises").as_posix())
def test_exercise(path):
    own = sections(path)
    problems = [p for text in markdown_of(path) for p in check(text, path, own)]
    assert not problems, f"{path.relative_to(ROOT)}: " + "; ".join(problems)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_document(path):
    problems = check(path.read_text(encoding="utf-8"), None, None)
    assert not problems, f"{path.relative_to(ROOT)}: " + "; ".join(problems)

"""What nbgrader's ``generate_feedback`` would otherwise show students: the hidden tests.

:class:`HideHiddenTests` is an nbconvert preprocessor for feedback (``GenerateFeedback.preprocessors``
in the course's configuration, set by :mod:`gamelib.grading.workflow`).  In every cell with a hidden
region it replaces the region's code by one comment line and cuts the error tracebacks of such cells
down to their last line (a traceback quotes the code that raised, which may be hidden test code).  The
checks' own messages never describe a hidden case, so the error messages themselves stay.
"""
from __future__ import annotations

import re

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

HIDDEN = re.compile(r"^[^\n]*### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS[^\n]*(\n|$)", re.S | re.M)
SHOWN = "# (hidden tests ran here)\n"


def hide(source: str) -> str:
    """``source`` with every hidden-test region replaced by :data:`SHOWN`."""
    return HIDDEN.sub(SHOWN, source)


class HideHiddenTests(Preprocessor):
    """Remove hidden tests, and the tracebacks that could quote them, from a notebook's cells."""

    enabled = Bool(True, help="nbconvert preprocessors are off unless enabled; this one is on").tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and "BEGIN HIDDEN TESTS" in cell.source:
            cell.source = hide(cell.source)
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources


# ---------------------------------------------------------------------------------------------------
# The page a student reads
# ---------------------------------------------------------------------------------------------------

WRAP_CSS = """<style type="text/css">
/* gamelib: long lines wrap (a diagnosis is never cut at the box's edge) */
pre, .jp-OutputArea-output pre, .output_text pre { white-space: pre-wrap; overflow-wrap: anywhere; }
/* gamelib: a 320-px window reads without scrolling sideways (WCAG 1.4.10): a long name in code or a
   link wraps; a table scrolls in its own box */
code, a, p, li { overflow-wrap: anywhere; }
.gamelib-scroll { overflow-x: auto; max-width: 100%; }
.gamelib-scroll:focus-visible { outline: 2px solid #0072b2; }
/* gamelib: links told by more than colour, at 4.5:1 or better on every background of the page */
a, a:visited { color: #174a86 !important; text-decoration: underline !important; }
.panel-primary > .panel-heading a, .panel-primary > .panel-heading a:visited { color: #ffffff !important; }
.panel-primary > .panel-heading { background-color: #1f5f99 !important; }
/* code: pygments' colours are as low as 3:1 on the code's background; every token at 7:1 or better,
   told apart by weight and style as well as colour */
.highlight, .highlight * { color: #1b1b1b !important; }
.highlight .k, .highlight .kc, .highlight .kd, .highlight .kn, .highlight .kp, .highlight .kr, .highlight .kt,
.highlight .ow { color: #0b3d91 !important; font-weight: bold; }
.highlight .nb, .highlight .bp, .highlight .ne, .highlight .nf, .highlight .nc { color: #0b3d91 !important; }
.highlight .s, .highlight .s1, .highlight .s2, .highlight .sa, .highlight .sb, .highlight .sc, .highlight .sd,
.highlight .se, .highlight .sh, .highlight .si, .highlight .sx, .highlight .sr, .highlight .ss
{ color: #0a5c2e !important; }
.highlight .m, .highlight .mi, .highlight .mf, .highlight .mh, .highlight .mo { color: #6b2c00 !important; }
.highlight .c, .highlight .c1, .highlight .cm, .highlight .cs, .highlight .ch, .highlight .cp, .highlight .cpf
{ color: #2f5c5c !important; font-style: italic; }
</style>
"""
_TABLE = re.compile(r"<table\b.*?</table>", re.S)
SCROLL_BOX = '<div class="gamelib-scroll" role="region" tabindex="0" aria-label="table, scrolls sideways">'
"""A table's own scroll box (class ``gamelib-scroll``, styled by the page): a wide table scrolls in it,
not the page (WCAG 1.4.10), and a keyboard reaches it (tabindex)."""


def scroll_tables(page: str) -> str:
    """Every table of ``page`` (HTML, tables not nested) in a scroll box of its own (:data:`SCROLL_BOX`)."""
    return _TABLE.sub(lambda m: f"{SCROLL_BOX}{m.group(0)}</div>", page)


_RELATIVE_LINK = re.compile(r'<a href="(?!#|https?:|mailto:)([^"]*)"[^>]*>(.*?)</a>', re.S)


def grade_summary(score: str, late: str = "", overrides=()) -> str:
    """The top of a student's page: the final score, the late penalty if any, and each override's
    reason (``overrides``: (question, old, new, why)), every word escaped (a reason is typed text)."""
    import html as html_lib
    esc = html_lib.escape
    items = [f"<li>{esc(late[:1].upper() + late[1:])}</li>"] if late else []
    for question, old, new, why in overrides:
        was = "" if old is None else f" (the autograder gave {old:g})"
        items.append(f"<li>{esc(question)} was set to {new:g} by your instructor{esc(was)}: {esc(why)}</li>")
    listed = f"<ul>{''.join(items)}</ul>" if items else ""
    return (f'<section aria-labelledby="gamelib-grade" style="border:2px solid #1f5f99;padding:4px 12px;margin:8px">'
            f'<h2 id="gamelib-grade">Your grade: {esc(score)}</h2>{listed}</section>')


def accessible_page(page: str, student: str, assignment: str, score: str, summary: str = "") -> str:
    """A feedback page as every page of the kit must be (WCAG 2.1 AA): the language of the page said
    (``<html lang="en">``), a title naming the student, the assignment and the score, long lines
    wrapped instead of cut, tables in scroll boxes of their own (a 320-px window never scrolls
    sideways), links underlined and dark enough on every background, and no broken links (a link
    into the kit, which does not resolve from the feedback folder, becomes its text and the file it
    names); ``summary`` (:func:`grade_summary`) goes first in the body."""
    import html as html_lib
    page = re.sub(r"<html(?![^>]*\blang=)", '<html lang="en"', page, count=1)
    title = html_lib.escape(f"Feedback: {student}, {assignment}, {score}")
    page, found = re.subn(r"<title>.*?</title>", f"<title>{title}</title>", page, count=1, flags=re.S)
    if not found:
        page = page.replace("<head>", f"<head>\n<title>{title}</title>", 1)
    page = scroll_tables(page.replace("</head>", WRAP_CSS + "</head>", 1))
    if summary:
        page = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + summary, page, count=1)

    def as_text(m):
        target = html_lib.unescape(m.group(1)).split("#")[0]
        shown = target[target.index("notebooks/"):] if "notebooks/" in target else target.lstrip("./")
        return f'{m.group(2)} (in the kit: <code>{html_lib.escape(shown)}</code>)'

    return unique_ids(outline(_RELATIVE_LINK.sub(as_text, page)))


_HEADING_TAG = re.compile(r"<(/?)h([1-6])\b([^>]*)>", re.I)
_ID = re.compile(r'(<[a-zA-Z][^<>]*?\s)id="([^"]*)"')
_NOTEBOOK = re.compile(r'<div[^>]*\sid="notebook"')


def outline(page: str) -> str:
    """``page`` with its headings renumbered into one outline a screen reader can walk: an ``h1`` first,
    then no level skipped on the way down (WCAG 1.3.1, 2.4.6).  nbgrader's page puts the grade summary
    (an ``h2``), then its own panel heading (an ``h4``: the notebook's name and score), then the
    notebook's own headings (its title an ``h1``); so the headings before the notebook become levels
    1, 2, ... in order, and the notebook's sit below the last of them, each at most one level deeper
    than the heading before it (and at most ``h6``)."""
    start = _NOTEBOOK.search(page)
    start = start.start() if start else 0
    chrome = sum(1 for m in _HEADING_TAG.finditer(page, 0, start) if not m.group(1))
    levels, seen, previous = [], 0, 0
    for m in _HEADING_TAG.finditer(page):
        if m.group(1):
            continue
        wanted = seen + 1 if m.start() < start else int(m.group(2)) + chrome
        previous = max(1, min(wanted, previous + 1, 6))
        levels.append(previous)
        seen += 1
    todo, current = iter(levels), [0]

    def renumber(m):
        if not m.group(1):
            current[0] = next(todo)
        return f"<{m.group(1)}h{current[0]}{m.group(3)}>"
    return _HEADING_TAG.sub(renumber, page)


def unique_ids(page: str) -> str:
    """``page`` with every ``id`` attribute unique (WCAG 4.1.1): nbgrader's page wraps the notebook in
    a ``div id="notebook"`` (and ``notebook-container``) and nbconvert's template makes another inside
    it; two markdown headings with the same words get the same id.  The first keeps its id (a link to
    it still arrives, the page's style still applies), the others get ``-2``, ``-3``..."""
    counts: dict[str, int] = {}
    taken = {m.group(2) for m in _ID.finditer(page)}

    def rename(m):
        name = m.group(2)
        counts[name] = counts.get(name, 0) + 1
        if counts[name] == 1:
            return m.group(0)
        k = counts[name]
        while f"{name}-{k}" in taken:
            k += 1
        taken.add(f"{name}-{k}")
        return f'{m.group(1)}id="{name}-{k}"'
    return _ID.sub(rename, page)

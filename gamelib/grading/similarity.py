"""Submissions whose code is unusually alike: ``similarity ASSIGNMENT`` (issue 32).  **A hint for a
human, never a verdict.**

Each student's answer cells (their code only, from the stored submissions in ``<course>/submitted/``)
are fingerprinted by `copydetect <https://github.com/blingenf/copydetect>`_: the code is tokenized
(names, comments and spacing do not count), cut into k-grams and winnowed, as MOSS does (Schleimer,
Wilkerson and Aiken, *Winnowing: local algorithms for document fingerprinting*, SIGMOD 2003).  Every
fingerprint of the assignment's student version, the code the course handed out, is boilerplate and
ignored, so two students who kept the same starter code share nothing for it.

Every pair is compared; a pair is listed when the code both share is at least ``threshold`` of each
one's fingerprinted code.  Students who implement the same textbook pseudocode write alike code: the
page gives the class's median similarity beside each pair, shows the shared code side by side
(marked), and says in words that this is a reason to look, not evidence of anything.  It writes
``<course>/reports/<assignment>_similarity.html`` and ``.csv``.
"""
from __future__ import annotations

import csv
import html
import io
import statistics
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

from .cells import grade_id, is_answer
from .course import DEFAULT_COURSE, RELEASE, WorkflowError, notebooks

K = 25
"""copydetect's noise threshold: shared runs shorter than this many (filtered) characters never count."""
WINDOW = 1
"""copydetect's winnowing window (1: every k-gram kept; small answers need them all)."""
THRESHOLD = 0.6
"""The share of both students' fingerprinted code that must be shared for a pair to be listed."""
HINT = ("A hint for a human, never a verdict: code that is alike is a reason to look at two submissions, "
        "not evidence of copying. Students who follow the same textbook pseudocode write alike code; the "
        "class's median similarity is given beside each pair for that reason.")


class Pair(NamedTuple):
    """Two students' answers compared: the share of each one's code that the other shares, the shared
    tokens, and each one's code as HTML with the shared parts marked (escaped)."""

    first: str
    second: str
    share_first: float
    share_second: float
    tokens: int
    first_html: str
    second_html: str


def answer_code(nb) -> str:
    """The code of a notebook's answer cells, in order, each headed by its grade id."""
    return "\n".join(f"# --- {grade_id(c)}\n{c.source}\n" for c in nb.cells
                     if c.get("cell_type") == "code" and grade_id(c) and is_answer(c))


def _fingerprint(name: str, code: str, boilerplate):
    from copydetect.detector import CodeFingerprint
    return CodeFingerprint(f"{name}.py", K, WINDOW, boilerplate=boilerplate, fp=io.StringIO(code))


def compare(codes: dict, release_code: str, threshold: float = THRESHOLD) -> tuple[list, list]:
    """``(pairs listed, every pair's smaller share)`` for ``codes`` {student: code}, the release's code
    ignored (see the module's docstring)."""
    import numpy as np
    from copydetect.detector import compare_files
    from copydetect.utils import highlight_overlap
    boilerplate = np.array(sorted(_fingerprint("release", release_code, []).hashes), dtype=np.int64)
    prints = {s: _fingerprint(s, code, boilerplate) for s, code in sorted(codes.items())}
    prints = {s: p for s, p in prints.items() if p.token_coverage > 0}    # nothing of their own: nothing to compare
    listed, shares = [], []
    for a, b in combinations(sorted(prints), 2):
        tokens, (sa, sb), (slices_a, slices_b) = compare_files(prints[a], prints[b])
        shares.append(float(min(sa, sb)))
        if tokens and min(sa, sb) >= threshold:
            mark = ('<mark style="background:#fff3a0;color:#1b1b1b;text-decoration:underline;'
                    'text-decoration-thickness:2px">', "</mark>")
            code_a, _ = highlight_overlap(prints[a].raw_code, slices_a, *mark, escape_html=True)
            code_b, _ = highlight_overlap(prints[b].raw_code, slices_b, *mark, escape_html=True)
            listed.append(Pair(a, b, float(sa), float(sb), int(tokens), code_a, code_b))
    listed.sort(key=lambda p: (-min(p.share_first, p.share_second), p.first, p.second))
    return listed, shares


def _codes(course: Path, assignment: str) -> dict:
    import nbformat
    out = {}
    for folder in sorted((course / "submitted").glob(f"*/{assignment}")):
        texts = [answer_code(nbformat.read(str(p), as_version=4)) for p in notebooks(folder)]
        out[folder.parent.name] = "\n".join(texts)
    return out


def _release_code(assignment: str, release: Path) -> str:
    import nbformat
    return "\n".join(c.source for p in notebooks(Path(release) / assignment)
                     for c in nbformat.read(str(p), as_version=4).cells if c.get("cell_type") == "code")


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _page(assignment: str, pairs: list, shares: list, students: int, threshold: float) -> str:
    from ..viz.alt import Table
    esc = html.escape
    median = statistics.median(shares) if shares else 0.0
    rows = [[f"{p.first} and {p.second}", _pct(p.share_first), _pct(p.share_second), p.tokens]
            for p in pairs]
    listing = (Table(["pair", "of the first's code", "of the second's code", "shared tokens"], rows,
                     caption=f"Pairs sharing at least {_pct(threshold)} of both one's code").html()
               if pairs else f"<p>No pair shares {_pct(threshold)} of both one's code.</p>")
    sides = []
    for k, p in enumerate(pairs, 1):
        sides.append(
            f'<section aria-labelledby="pair-{k}"><h3 id="pair-{k}">{esc(p.first)} and {esc(p.second)}: '
            f"{_pct(p.share_first)} and {_pct(p.share_second)} shared (class median {_pct(median)})</h3>"
            '<div style="display:flex;flex-wrap:wrap;gap:1em">'
            + "".join(f'<figure style="flex:1 1 28em;min-width:0;margin:0"><figcaption>{esc(who)}\'s answers'
                      f'</figcaption><pre style="white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid '
                      f'#767676;padding:4px">{code}</pre></figure>'
                      for who, code in ((p.first, p.first_html), (p.second, p.second_html)))
            + "</div></section>")
    body = (f"<h1>Similar submissions: {esc(assignment)}</h1>"
            f'<p role="note" style="border:2px solid #8a4b00;padding:6px"><strong>{esc(HINT)}</strong></p>'
            f"<p>{students} submissions compared, {len(shares)} pairs; the median pair shares {_pct(median)} "
            f"of the smaller one's code. Method: copydetect's winnowed fingerprints (as MOSS), names, comments "
            "and spacing ignored, the code of the student version handed out ignored. Shared code is marked "
            "(highlighted and underlined).</p>" + listing + "<h2>Side by side</h2>" + ("".join(sides) or
                                                                                     "<p>Nothing to show.</p>"))
    title = esc(f"Similar submissions: {assignment}")
    style = "body{font-family:sans-serif;color:#1b1b1b;background:#fff;max-width:72em;margin:1em auto;padding:0 1em}"
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{style}</style></head>'
            f"<body><main>{body}</main></body></html>\n")


def similarity(assignment: str, *, course: Path = DEFAULT_COURSE, release: Path = RELEASE,
               threshold: float = THRESHOLD) -> tuple[Path, Path, list]:
    """Write the similarity page and CSV of ``assignment`` (see the module's docstring); returns
    ``(page, csv, pairs listed)``."""
    from .gradebook import safe_cell
    course = Path(course).resolve()
    if not 0 < threshold <= 1:
        raise WorkflowError(f"--threshold is a share of the code, between 0 and 1, not {threshold:g}")
    codes = _codes(course, assignment)
    if not codes:
        raise WorkflowError(f"no stored submission of {assignment} in {course}/submitted: autograde first")
    pairs, shares = compare(codes, _release_code(assignment, release), threshold)
    folder = course / "reports"
    folder.mkdir(exist_ok=True)
    page = folder / f"{assignment}_similarity.html"
    page.write_text(_page(assignment, pairs, shares, len(codes), threshold), encoding="utf-8")
    numbers = folder / f"{assignment}_similarity.csv"
    with open(numbers, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(("first", "second", "share_of_first", "share_of_second", "shared_tokens"))
        w.writerows([safe_cell(p.first), safe_cell(p.second), round(p.share_first, 4), round(p.share_second, 4),
                     p.tokens] for p in pairs)
    return page, numbers, pairs

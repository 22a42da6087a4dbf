"""Submissions whose code is unusually alike (``similarity ASSIGNMENT``): **a hint for a human, never a
verdict**.  Each answer cell is fingerprinted on its own by copydetect (winnowing, as MOSS: Schleimer,
Wilkerson and Aiken, SIGMOD 2003) and compared with the same cell of every other student, the code
handed out ignored cell by cell, by-hand answers not compared (the right ones are the same for all).
"""
from __future__ import annotations

import ast
import html
import io
import statistics
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

from .cells import grade_id, is_answer
from .course import DEFAULT_COURSE, RELEASE, WorkflowError, notebooks

K, WINDOW = 25, 1              # copydetect's noise threshold, its window (1: every k-gram: answers are small)
THRESHOLD = 0.6                # the share of both students' code shared for a pair to be listed
HINT = ("A hint for a human, never a verdict: code that is alike is a reason to look at two submissions, "
        "not evidence of copying. Students who follow the same textbook pseudocode write alike code; the "
        "class's median similarity is given beside each pair for that reason.")
MARK = ('<mark style="background:#fff3a0;color:#1b1b1b;text-decoration:underline;text-decoration-thickness:2px">',
        "</mark>")


class Pair(NamedTuple):
    """Two students' answers compared: each one's share, the shared tokens, each one's code as escaped HTML."""

    first: str
    second: str
    share_first: float
    share_second: float
    tokens: int
    first_html: str
    second_html: str


def by_hand(code: str) -> bool:
    """Whether a handed-out cell asks for by-hand answers (``two_ply_values = {"A": ..., ...}``)."""
    try:
        return any(isinstance(x, ast.Constant) and x.value is Ellipsis for node in ast.parse(code).body
                   if isinstance(node, ast.Assign) for x in ast.walk(node.value))
    except SyntaxError:
        return False


def release_cells(assignment: str, release: Path = RELEASE) -> tuple[list, set]:
    """``(every code cell's code: boilerplate, the grade ids of the answer cells compared)``."""
    import nbformat
    cells = [c for p in notebooks(Path(release) / assignment)
             for c in nbformat.read(str(p), as_version=4).cells if c.get("cell_type") == "code"]
    return [c.source for c in cells], {grade_id(c) for c in cells if is_answer(c) and not by_hand(c.source)}


def _fingerprint(code: str, boilerplate):
    from copydetect.detector import CodeFingerprint
    return CodeFingerprint("answer.py", K, WINDOW, boilerplate=boilerplate, fp=io.StringIO(code))


def _side(cells: dict, slices: dict) -> str:
    """A student's compared cells as HTML, each headed by its grade id, the parts in ``slices`` marked."""
    from copydetect.utils import highlight_overlap
    return "\n".join(f"# --- {html.escape(cell)}\n" + (
        highlight_overlap(fp.raw_code, slices[cell], *MARK, escape_html=True)[0]
        if getattr(slices.get(cell), "size", 0) else html.escape(fp.raw_code)) for cell, fp in cells.items())


def compare(codes: dict, release: list, threshold: float = THRESHOLD) -> tuple[list, list, list]:
    """``(pairs listed, every pair's smaller share, the students with no code of their own)`` for
    ``codes`` {student: {cell: code}}."""
    import numpy as np
    from copydetect.detector import compare_files
    boilerplate = np.unique(np.array([h for code in release for h in _fingerprint(code, []).hashes], np.int64))
    prints = {s: {cell: fp for cell, code in sorted(cells.items())
                  if (fp := _fingerprint(code, boilerplate)).token_coverage > 0} for s, cells in codes.items()}
    blank = sorted(s for s, cells in prints.items() if not cells)
    listed, shares = [], []
    for a, b in combinations(sorted(s for s in prints if prints[s]), 2):
        tokens, shared, slices = 0, [0.0, 0.0], ({}, {})
        for cell in prints[a].keys() & prints[b].keys():
            n, sims, cut = compare_files(prints[a][cell], prints[b][cell])
            tokens += n
            for k, s in enumerate((a, b)):
                shared[k] += sims[k] * prints[s][cell].token_coverage
                slices[k][cell] = cut[k]
        sa, sb = (shared[k] / sum(fp.token_coverage for fp in prints[s].values()) for k, s in enumerate((a, b)))
        shares.append(float(min(sa, sb)))
        if tokens and min(sa, sb) >= threshold:
            listed.append(Pair(a, b, float(sa), float(sb), int(tokens), _side(prints[a], slices[0]),
                               _side(prints[b], slices[1])))
    listed.sort(key=lambda p: (-min(p.share_first, p.share_second), p.first, p.second))
    return listed, shares, blank


def _codes(course: Path, assignment: str, ids) -> dict:
    """``{student: {grade id: code}}``: the code cells of each stored submission whose grade id is in ``ids``."""
    import nbformat
    return {folder.parent.name: {grade_id(c): c.source for p in notebooks(folder)
                                 for c in nbformat.read(str(p), as_version=4).cells if c.get("cell_type") == "code"
                                 and grade_id(c) in ids and isinstance(c.get("source"), str)}
            for folder in sorted((course / "submitted").glob(f"*/{assignment}"))}


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _page(assignment: str, pairs: list, shares: list, students: int, blank: int, threshold: float) -> str:
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
            f"<p>{students} submissions compared, {blank} blank (nothing of their own), {len(shares)} pairs; "
            f"the median pair shares {_pct(median)} of the smaller one's code. Method: copydetect's winnowed "
            "fingerprints (as MOSS), each answer cell compared with the other's same cell, names, comments and "
            "spacing ignored, the code of the student version handed out ignored, answers to by-hand questions "
            "not compared. Shared code is marked (highlighted and underlined).</p>" + listing
            + "<h2>Side by side</h2>" + ("".join(sides) or "<p>Nothing to show.</p>"))
    from .report import html_page
    return html_page(f"Similar submissions: {assignment}", body, "max-width:72em;margin:1em auto;padding:0 1em")


def similarity(assignment: str, *, course: Path = DEFAULT_COURSE, release: Path = RELEASE,
               threshold: float = THRESHOLD) -> tuple[Path, Path, list]:
    """Write the similarity page and CSV of ``assignment``; returns ``(page, csv, pairs listed)``."""
    from .gradebook import write_csv
    course = Path(course).resolve()
    if not 0 < threshold <= 1:
        raise WorkflowError(f"--threshold is a share of the code, between 0 and 1, not {threshold:g}")
    handed_out, ids = release_cells(assignment, release)
    codes = _codes(course, assignment, ids)
    if not codes:
        raise WorkflowError(f"no stored submission of {assignment} in {course}/submitted: autograde first")
    pairs, shares, blank = compare(codes, handed_out, threshold)
    folder = course / "reports"
    folder.mkdir(exist_ok=True)
    page = folder / f"{assignment}_similarity.html"
    page.write_text(_page(assignment, pairs, shares, len(codes), len(blank), threshold), encoding="utf-8")
    numbers = folder / f"{assignment}_similarity.csv"
    write_csv(numbers, ("first", "second", "share_of_first", "share_of_second", "shared_tokens"),
              [(p.first, p.second, round(p.share_first, 4), round(p.share_second, 4), p.tokens) for p in pairs])
    return page, numbers, pairs

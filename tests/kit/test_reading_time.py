"""Every notebook can be read in an hour, and README.md says how long each takes (issue 31).

The estimate, as docs/notebooks.md states it: the words of the text and of the printed output at 200 words a
minute, the words of the code at 100 (code is read twice as slowly as prose), and a minute for each
picture and each live widget.  A "word" is anything between spaces, so ``alphabeta(tree, trace=True)``
is two.  Reading is not running: the time to play with a widget or try the questions is not counted.

README.md's notebook table gives each notebook's minutes, the core path's and the whole course's; they
must agree with the estimate to within 3 minutes (10 for the course), so that a change to a notebook
that makes it much longer or shorter has to be written down there.
"""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LIMIT = 60
PROSE_WPM, CODE_WPM = 200, 100
CORE_PATH = {"01": None, "02": None, "03a": None, "05a": None, "06a": None, "08": (2, 3)}
"""The core path: whole notebooks, and notebook 08's §2-§3 (MCTS, TD learning)."""


def key(path: pathlib.Path) -> str:
    return path.name.split("_")[0]


def minutes(path: pathlib.Path, sections: tuple | None = None) -> float:
    """The reading time of a notebook, or of its sections ``sections`` (first, last) only."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    prose = code = printed = pictures = 0
    section = 0
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            heading = re.search(r"^##\s+(\d+)\s*[·.]", text, re.MULTILINE)
            section = int(heading.group(1)) if heading else section
        if sections is not None and not sections[0] <= section <= sections[1]:
            continue
        if cell["cell_type"] == "markdown":
            prose += len(text.split())
            continue
        code += len(text.split())
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            html = "".join(data.get("text/html", ""))
            if "application/vnd.jupyter.widget-view+json" in data:
                pictures += 1
            elif "image/png" in data or "<img" in html:
                pictures += max(1, html.count("<img"))
            else:
                printed += len("".join(out.get("text", "") or data.get("text/plain", "")).split())
    return (prose + printed) / PROSE_WPM + code / CODE_WPM + pictures


def stated() -> dict:
    """The minutes README.md's notebook table gives, by notebook, plus 'core' and 'all'."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\| `(\w+?)_[^`]*\.ipynb`[^|]*\| (\d+) min", readme,
                                                             re.MULTILINE)}
    core = re.search(r"core path[^.|\n]*?\(about (\d+) min", readme)
    course = re.search(r"whole course[^.|\n]*?about (\d+) min", readme)
    return {**table, "core": int(core.group(1)) if core else None, "all": int(course.group(1)) if course else None}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_each_notebook_reads_in_an_hour(path):
    assert minutes(path) <= LIMIT, f"{path.name} takes {minutes(path):.0f} minutes to read (limit {LIMIT})"


def test_the_docs_state_the_estimate():
    """docs/notebooks.md's "Reading times" gives the rates this file computes with."""
    said = (ROOT / "docs" / "notebooks.md").read_text(encoding="utf-8").split("\n## Reading times\n", 1)[1]
    assert f"at {PROSE_WPM} words a minute, the code at {CODE_WPM}" in said
    assert "a minute for each picture and each live widget" in said and "under an hour" in said


def test_readme_states_the_times():
    said = stated()
    for path in NOTEBOOKS:
        assert key(path) in said, f"README.md's notebook table gives no reading time for {path.name}"
        assert abs(said[key(path)] - minutes(path)) <= 3, (
            f"README.md says {path.name} takes {said[key(path)]} min to read; the estimate is {minutes(path):.0f}")
    core = sum(minutes(p, CORE_PATH[key(p)]) for p in NOTEBOOKS if key(p) in CORE_PATH)
    assert said["core"] is not None and abs(said["core"] - core) <= 5, f"the core path: {core:.0f} min"
    everything = sum(minutes(p) for p in NOTEBOOKS)
    assert said["all"] is not None and abs(said["all"] - everything) <= 10, f"the whole course: {everything:.0f} min"

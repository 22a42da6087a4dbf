"""Guard against the nbval trap: a notebook saved without outputs passes nbval while testing nothing.

Every code cell of every notebook in notebooks/ must carry an execution count, counts must run 1, 2, 3, ...
(one Restart & Run All, not cells run by hand out of order), no cell may hold an error, and every cell
that displays a live widget must be tagged ``nbval-ignore-output`` (strict nbval cannot compare widgets).
"""
import json
import pathlib
import re

import pytest

NOTEBOOKS = sorted((pathlib.Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


def code_cells(path):
    nb = json.loads(path.read_text())
    return [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebooks found in notebooks/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_code_cell_was_run_in_order_without_error(path):
    cells = code_cells(path)
    counts = [c["execution_count"] for c in cells]
    assert None not in counts, f"{path.name}: {counts.count(None)} code cells were never run"
    assert counts == list(range(1, len(cells) + 1)), f"{path.name}: not one clean Restart & Run All"
    errors = [o for c in cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"{path.name}: stored error output {errors[0].get('ename')}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_live_widget_cells_are_tagged_to_ignore_output(path):
    for cell in code_cells(path):
        shows_widget = any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                           for o in cell.get("outputs", []))
        if shows_widget:
            tags = cell.get("metadata", {}).get("tags", [])
            source = "".join(cell["source"])[:60]
            assert "nbval-ignore-output" in tags, f"{path.name}: untagged widget cell {source!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_stored_progress_bar_is_frozen_unfinished(path):
    """A saved progress bar must show where it ended (gamelib.progress), not a widget's first "0%"."""
    for cell in code_cells(path):
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            for line in text.replace("\r", "\n").splitlines():
                if "|" in line and "%" in line and ("it/s" in line or "/s]" in line or "?it" in line):
                    assert "100%" in line, f"{path.name}: a stored progress bar reads {line.strip()!r}"


MACHINE_DEPENDENT = re.compile(r"\[\d+:\d\d[<,]|\d\d:\d\d<\d\d:\d\d|[\d.]+ ?\w*/s\]|[\d.]+ ?s/\w+\]|\?\w*/s\]")
"""What tqdm writes after a running bar: [elapsed<left, rate] (or [elapsed, rate] without a total).
gamelib.progress stores a finished bar without them."""


def test_the_pattern_finds_tqdm_times_and_rates_but_not_a_stored_bar():
    running = ["games: 100%|████| 1000/1000 [00:03<00:00, 293.12it/s]", "9/9 [00:02<00:00, 3.9move/s]",
               " 40%|██      | 2/5 [00:01<00:02,  1.52s/it]", "12it [00:01, 8.1it/s]", "0/9 [00:00<?, ?it/s]",
               "trees: 3 tree [01:02,  2.31s/tree]"]
    assert all(MACHINE_DEPENDENT.search(line) for line in running)
    stored = ["games: 100%|████| 1000/1000", "trees: 3 tree", "speed [m/s]: 3", "ratio 1/2 [see §3]"]
    assert not any(MACHINE_DEPENDENT.search(line) for line in stored)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_stored_output_holds_times_or_rates(path):
    """Stored outputs must be the same on every machine: no progress bar keeps its times or rate."""
    for cell in code_cells(path):
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            found = MACHINE_DEPENDENT.search(text)
            assert not found, (f"{path.name}: a stored output holds a time or rate, {found.group()!r}, in "
                               f"{text[max(0, found.start() - 60):found.end() + 20]!r}")

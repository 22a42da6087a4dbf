"""gamelib.workspace and jupyter_server_config.py: the student's work folder (issue 22).

A student's copies live in work/ (git-ignored), laid out as the repository is, so links work there and
the tracked files are never written: ``git pull`` never conflicts and the kit's tests stay green.
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import shlex
import shutil
import stat
import subprocess
import sys

import pytest

from gamelib import ArgumentError
from gamelib import workspace as ws

from .kit.student_install import without_dev_tools
from .kit.student_path import KNOWN_FOLDER_LINKS, ROOT, KitClone, checkout_files, git_available, readme_block

def notebook(*markdown, code=("1 + 1",), counts=None) -> str:
    """A small notebook's JSON: Markdown cells, then code cells (run in order unless ``counts``)."""
    counts = counts or list(range(1, len(code) + 1))
    cells = [{"cell_type": "markdown", "metadata": {}, "source": text} for text in markdown]
    cells += [{"cell_type": "code", "execution_count": n, "metadata": {}, "outputs": [], "source": src}
              for src, n in zip(code, counts)]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


@pytest.fixture
def kit(tmp_path):
    """A small kit: two notebooks, an exercise linking back, a glossary and a README they link to."""
    root = tmp_path / "kit"
    files = {
        "notebooks/01_a.ipynb": notebook("# 01\n[next](02_b.ipynb), [exercise](../exercises/release/01_a/a.ipynb),"
                                         " the [glossary](../docs/glossary.md#alpha)"),
        "notebooks/02_b.ipynb": notebook("# 02\n[back](01_a.ipynb) [web](https://example.org) [top](#top)"),
        "exercises/release/01_a/a.ipynb": notebook("Read first: [notebook 01](../../../notebooks/01_a.ipynb)",
                                                   "How: [README](../../README.md)"),
        "exercises/source/01_a/a.ipynb": notebook("the instructor's version"),
        "exercises/README.md": "the format: [fakes](../tests/README.md)\n",
        "tests/README.md": "fake submissions\n",
        "docs/glossary.md": "# Glossary\n",
        "docs/unlinked.md": "nobody links here\n",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_fill_copies_the_students_files_and_the_documents_they_link_to(kit):
    report = ws.fill(kit)
    work = kit / "work"
    assert report.work == work
    assert report.copied == ["notebooks/01_a.ipynb", "notebooks/02_b.ipynb", "exercises/release/01_a/a.ipynb"]
    assert report.documents == ["docs/glossary.md", "exercises/README.md", "tests/README.md"]
    for rel in report.copied + report.documents:
        assert (work / rel).read_bytes() == (kit / rel).read_bytes()
    assert not (work / "exercises/source").exists() and not (work / "docs/unlinked.md").exists()
    assert "3 new copies: 2 in notebooks/, 1 in exercises/release/" in str(report)


def test_fill_never_overwrites_a_students_copy_and_says_what_changed_in_the_kit(kit):
    ws.fill(kit)
    mine = kit / "work/notebooks/01_a.ipynb"
    mine.write_text(notebook("my notes", code=("2 + 2",), counts=[7]))
    (kit / "notebooks/02_b.ipynb").write_text(notebook("# 02, revised"))       # a pull brings a change
    (kit / "notebooks/03_c.ipynb").write_text(notebook("# 03, new"))           # and a new notebook
    report = ws.fill(kit)
    assert "my notes" in mine.read_text()
    assert report.copied == ["notebooks/03_c.ipynb"]
    assert report.changed_upstream == ["notebooks/02_b.ipynb"]
    assert "revised" not in (kit / "work/notebooks/02_b.ipynb").read_text()
    assert "gamelib.workspace fresh 02_b" in str(report)
    assert ws.status(kit) == {"notebooks/01_a.ipynb": "changed by you", "notebooks/02_b.ipynb": "changed in the kit",
                              "notebooks/03_c.ipynb": "as copied", "exercises/release/01_a/a.ipynb": "as copied"}


def test_documents_are_read_only_copies_refreshed_from_the_kit(kit):
    ws.fill(kit)
    glossary = kit / "work/docs/glossary.md"
    if os.name == "posix":
        assert not glossary.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    (kit / "docs/glossary.md").write_text("# Glossary, longer\n")
    ws.fill(kit)
    assert glossary.read_text() == "# Glossary, longer\n"


@pytest.mark.parametrize("name", ["01_a", "01_a.ipynb", "notebooks/01_a.ipynb", "work/notebooks/01_a.ipynb"])
def test_fresh_replaces_a_copy_the_student_did_not_change_without_a_backup(kit, name):
    ws.fill(kit)
    dst, old = ws.fresh(name, kit)
    assert dst == kit / "work/notebooks/01_a.ipynb" and old is None
    assert sorted(p.name for p in dst.parent.iterdir()) == ["01_a.ipynb", "02_b.ipynb"]


def test_fresh_keeps_the_students_changed_copy_beside_the_new_one(kit):
    ws.fill(kit)
    mine = kit / "work/exercises/release/01_a/a.ipynb"
    mine.write_text(notebook("my answer"))
    checkpoint = mine.parent / ".ipynb_checkpoints" / "a-checkpoint.ipynb"
    checkpoint.parent.mkdir()
    checkpoint.write_text(notebook("my answer, an hour ago"))
    dst, old = ws.fresh("a", kit)
    assert dst == mine and dst.read_bytes() == (kit / "exercises/release/01_a/a.ipynb").read_bytes()
    assert re.fullmatch(r"a\.old-\d{8}-\d{6}\.ipynb", old.name) and "my answer" in old.read_text()
    assert not checkpoint.exists()            # "Revert to checkpoint" cannot bring the old copy back
    mine.write_text(notebook("my second answer"))
    _, older = ws.fresh("a", kit)             # twice in the same second: both old copies kept
    assert older != old and old.exists() and "my second answer" in older.read_text()


def test_fresh_copies_a_deleted_notebook_back(kit):
    ws.fill(kit)
    (kit / "work/notebooks/02_b.ipynb").unlink()
    dst, old = ws.fresh("02_b", kit)
    assert dst.exists() and old is None


def test_fresh_names_what_it_expected_when_the_name_is_wrong(kit):
    with pytest.raises(ArgumentError, match=r"name='02_alpha' is no notebook .* expected one of 01_a, 02_b, a"):
        ws.fresh("02_alpha", kit)
    (kit / "exercises/release/02_b").mkdir()
    (kit / "exercises/release/02_b/02_b.ipynb").write_text(notebook("clash"))
    with pytest.raises(ArgumentError, match=r"names 2 files .*give its path"):
        ws.fresh("02_b", kit)


def test_a_folder_that_is_no_clone_of_the_kit_is_refused(tmp_path):
    with pytest.raises(ArgumentError, match=r"holds no notebooks/ and exercises/release/"):
        ws.fill(tmp_path)


def test_links_reads_markdown_and_notebook_links_but_not_web_addresses_or_anchors(tmp_path):
    page = tmp_path / "page.md"
    page.write_text('[a](x.ipynb) ![pic](img/p.png "title") [b](<y z.md>) [c](../d.md#part) [e](f.md?x=1)\n'
                    '[w](https://example.org/a.md) [m](mailto:a@b.c) [top](#top) <a href="g%20h.md">g</a>\n')
    assert ws.links(page) == ["x.ipynb", "img/p.png", "y z.md", "../d.md", "f.md", "g h.md"]
    assert ws.links(tmp_path / "code.py") == []


def test_the_command_line_copies_and_refuses_loudly(kit, capsys, monkeypatch):
    monkeypatch.chdir(kit)
    assert ws.main(["fill"]) == 0
    assert "3 new copies" in capsys.readouterr().out
    assert ws.main(["fresh", "02_b"]) == 0
    assert "fresh copy: " in capsys.readouterr().out
    assert ws.main(["status"]) == 0
    assert "as copied  notebooks/02_b.ipynb" in capsys.readouterr().out
    assert ws.main(["fresh", "nothing"]) == 2
    assert "error: name='nothing' is no notebook" in capsys.readouterr().err


# -- the kit itself --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def kit_copy(tmp_path_factory):
    """This checkout's files (tracked and new), copied, with its work folder filled."""
    if not git_available():
        pytest.skip("not a git checkout: cannot tell the kit's files from others")
    root = tmp_path_factory.mktemp("kit")
    for rel in checkout_files():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, root / rel)
    ws.fill(root)
    return root


def test_every_link_of_the_students_files_and_documents_works_in_the_work_folder(kit_copy):
    work = kit_copy / "work"
    pages = sorted(p for p in work.rglob("*") if p.suffix in (".ipynb", ".md"))
    assert len([p for p in pages if p.suffix == ".ipynb"]) >= 14
    dead, folders, checked = [], set(), 0
    for page in pages:
        rel = page.relative_to(work).as_posix()
        for link in ws.links(page):
            target = pathlib.Path(os.path.normpath(page.parent / link))
            checked += 1
            if target.is_dir():
                folders.add((rel, link))
            elif not target.is_file():
                dead.append(f"{rel}: {link}")
    assert checked > 60
    assert not dead, f"links that lead nowhere in work/: {dead}"
    new = folders - KNOWN_FOLDER_LINKS
    assert not new, f"links to a folder (JupyterLab cannot open one): {new}"
    fixed = KNOWN_FOLDER_LINKS - folders
    assert not fixed, f"fixed, remove from KNOWN_FOLDER_LINKS: {fixed}"


def load_lab_config(root: pathlib.Path):
    from traitlets.config.loader import PyFileConfigLoader
    return PyFileConfigLoader("jupyter_server_config.py", path=str(root)).load_config()


def test_the_students_lab_serves_the_work_folder_without_nbgrader(kit_copy, capsys):
    config = load_lab_config(kit_copy)
    assert "your work folder is" in capsys.readouterr().out
    assert config.ServerApp.root_dir == str(kit_copy / "work")
    assert (kit_copy / "work/notebooks/01_games_and_minimax.ipynb").is_file()
    assert config.ServerApp.jpserver_extensions == {
        f"nbgrader.server_extensions.{name}": False
        for name in ("formgrader", "course_list", "assignment_list", "validate_assignment")}
    hook = config.ServerApp.tornado_settings["page_config_hook"]
    page = hook(None, {"disabledExtensions": ["@jupyterlab/some:plugin"]})
    assert set(page["disabledExtensions"]) == {"@jupyterlab/some:plugin"} | {
        f"@jupyter/nbgrader:{p}" for p in ("menu", "create-assignment", "formgrader", "course-list",
                                             "assignment-list", "validate-assignment")}


# -- open, run, save, pull, test: the student's path end to end ------------------------------------------

def readme_test_command_pytest_part() -> list:
    """The pytest part of the README's test command (the block .ci/run reads), as an argument list, in
    one process: pytest-xdist's two workers cost more than the small subset it is run on here."""
    part = next(p.strip() for p in readme_block("ci: test command").split("&&") if " -m pytest" in p)
    words = shlex.split(part)
    assert words[0] == ".venv/bin/python", part
    if "-n" in words:
        i = words.index("-n")
        del words[i:i + 2]
    if "--dist" in words:
        i = words.index("--dist")
        del words[i:i + 2]
    return [sys.executable] + words[1:] + ["-p", "no:xdist"]


def run_and_save_as_jupyterlab_does(path: pathlib.Path):
    """What JupyterLab saves after a student's session: cells run again and out of order, a cell of
    their own, an output changed (the execution counts no longer run 1, 2, 3)."""
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    for n, cell in enumerate(reversed(code), start=40):
        cell["execution_count"] = n
    nb["cells"].append({"cell_type": "code", "execution_count": 99, "id": "mine", "metadata": {},
                        "outputs": [{"output_type": "stream", "name": "stdout", "text": "my try\n"}],
                        "source": "print('my try')"})
    path.write_text(json.dumps(nb, indent=1))


@pytest.mark.skipif(not git_available(), reason="not a git checkout")
def test_a_students_work_survives_git_pull_and_leaves_the_tests_green(tmp_path):
    """Fresh clone, work folder filled, notebooks run and saved there, a change upstream, ``git pull``,
    the README's tests (a subset): the pull merges nothing by hand, the tests pass, git sees no change."""
    kit = KitClone(tmp_path)
    clone = kit.path
    report = ws.fill(clone)
    work = report.work
    assert len(report.copied) >= 14
    # Open and run: exercise 01, unanswered (its checks say so, as they do for a student who has not
    # answered yet), executed for real in a kernel with only what the student's install has
    # (requirements.txt); every other copy saved as a student's session leaves it (notebook 01 runs in
    # work/ in Chromium: tests/browser/test_student_path.py).
    exercise = work / "exercises/release/01_minimax/minimax.ipynb"
    done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "notebook",
                           "--inplace", "--allow-errors", str(exercise)],
                          capture_output=True, text=True, env=without_dev_tools(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    ran = exercise.read_text()
    assert "is not answered yet" in ran and "ModuleNotFoundError" not in ran and '"execution_count": 1' in ran
    for path in sorted(work.rglob("*.ipynb")):
        if path != exercise:
            run_and_save_as_jupyterlab_does(path)
    assert kit.git("status", "--porcelain") == ""

    # Upstream changes the notebook the student also changed, and the exercise, and adds a notebook.
    nb02 = json.loads((kit.upstream / "notebooks/02_alpha_beta.ipynb").read_text())
    nb02["cells"][0]["source"] = "".join(nb02["cells"][0]["source"]) + "\n\nA sentence added upstream."
    new_notebook = (kit.upstream / "notebooks/01_games_and_minimax.ipynb").read_text()
    first_row = "\n| `01_games_and_minimax.ipynb`"
    readme = (kit.upstream / "README.md").read_text()
    assert first_row in readme, "README.md's notebook table no longer starts with notebook 01"
    readme = readme.replace(first_row, "\n| `09_new.ipynb` | 1 min | 01 | a new notebook | — |" + first_row)
    detailed = (kit.upstream / "docs/notebooks.md").read_text()      # what each notebook teaches
    first_link = "\n| [`01_games_and_minimax.ipynb`]"
    assert first_link in detailed, "docs/notebooks.md's table no longer starts with notebook 01"
    detailed = detailed.replace(first_link, "\n| [`09_new.ipynb`](../notebooks/09_new.ipynb) | a new notebook |"
                                + first_link)
    kit.commit_upstream({"notebooks/02_alpha_beta.ipynb": json.dumps(nb02, indent=1, ensure_ascii=False) + "\n",
                         "notebooks/09_new.ipynb": new_notebook, "README.md": readme,
                         "docs/notebooks.md": detailed},
                        "notebook 02: a sentence; notebook 09")
    kit.git("pull", "-q", "--ff-only")
    assert "A sentence added upstream." in (clone / "notebooks/02_alpha_beta.ipynb").read_text()

    # The next start keeps the student's copies, adds the new notebook, names the changed one.
    report = ws.fill(clone)
    assert report.copied == ["notebooks/09_new.ipynb"]
    assert report.changed_upstream == ["notebooks/02_alpha_beta.ipynb"]
    assert "my try" in (work / "notebooks/02_alpha_beta.ipynb").read_text()
    # One command for a fresh copy of it, the student's kept beside it.
    done = subprocess.run([sys.executable, "-m", "gamelib.workspace", "fresh", "02_alpha_beta"], cwd=clone,
                          capture_output=True, text=True, check=True)
    assert "yours kept as 02_alpha_beta.old-" in done.stdout
    assert "A sentence added upstream." in (work / "notebooks/02_alpha_beta.ipynb").read_text()
    assert kit.git("status", "--porcelain") == ""

    # The README's test command (its pytest part) on the tests the student's session could break.
    # (test_readme's import test reads no file of the student's: left out for time)
    done = subprocess.run(readme_test_command_pytest_part() + ["tests/kit/test_notebooks.py",
                                                                "tests/kit/test_readme.py", "-k", "not imports"],
                          cwd=clone, capture_output=True, text=True, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert re.search(r"\d+ passed", done.stdout) and "failed" not in done.stdout
    assert kit.git("status", "--porcelain") == ""


def test_advice_names_the_python_that_runs_the_kit(tmp_path):
    """Issue 33: on a JupyterHub a student has no .venv; the advice to get a fresh copy named
    .venv/bin/python there.  It names the kit's venv only when that is what runs."""
    import shlex
    import sys
    from pathlib import Path

    from gamelib.workspace import _python
    assert _python(tmp_path) == shlex.quote(sys.executable)
    venv = Path(sys.prefix).resolve()
    if venv.name == ".venv":
        assert _python(venv.parent) == ".venv/bin/python"

"""Nothing a student reads points into the repository's ``tests/`` or ``benchmarks/``, or names an issue.

A student reads the notebooks (every cell and every stored output), the exercises they are handed
(``exercises/release/``, and the parts of ``exercises/source/`` that the release keeps: everything but
the solutions and the hidden tests), the README (but its last section, the maintainers' test command),
the glossary, docs/notebooks.md, the two-week plan, the students' part of exercises/README.md, and
gamelib's docstrings through ``help()``.  A pointer such as "``tests/imperfect/test_andor.py`` plays
such plans out" or "(issue 14)" sends a student to the kit's workshop, not to the idea: the text must
say what is meant ("the kit's tests play such plans out"), or say nothing.

Not checked: comments in code (``# ...``: the kit's authors' notes, not text a student is given), and
the pointers in ``gamelib/grading/``'s docstrings: the instructor's tools name the folders their commands
read (``tests/submissions/``); their issue numbers are checked, and every string of ``mutants.py`` (the
bugs' descriptions are feedback a student reads) in full.  A visit number such as ``B #2`` is not an
issue: only "issue 14", "issue #14", "PR #3" and a bare "(#14)" are.
"""
import ast
import functools
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

POINTER = re.compile(r"(?<![\w+/.-])(?:tests|benchmarks)/")
"""A path into tests/ or benchmarks/ (not ``pytests/``, a URL's ``/tests/`` or base64's ``...+tests/``)."""
ISSUE = re.compile(r"\b(?:issues?|PRs?|pull requests?|tickets?)\s+#?\d+|\(#\d+\)", re.IGNORECASE)
"""An issue or pull request named by its number."""
DATA_URI = re.compile(r"base64,[A-Za-z0-9+/=]+")
HIDDEN = re.compile(r"### BEGIN (SOLUTION|HIDDEN TESTS).*?### END \1", re.DOTALL)
"""What nbgrader's release takes out of a source notebook."""


def found(text: str) -> list[str]:
    """Each pointer or issue number in ``text``, with a few words around it."""
    text = DATA_URI.sub("base64,", text)
    return [" ".join(text[max(0, m.start() - 40):m.end() + 30].split())
            for pattern in (POINTER, ISSUE) for m in pattern.finditer(text)]


def notebook_texts(path: pathlib.Path, hidden: bool = False):
    """(place, text) for each cell's source and each of its outputs; ``hidden``: leave out what nbgrader's
    release removes."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        source = "".join(cell["source"])
        yield f"cell {i} ({cell['cell_type']})", HIDDEN.sub("", source) if hidden else source
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            words = "".join(out.get("text", "")) + "".join(
                "".join(data.get(kind, "")) for kind in ("text/plain", "text/html", "text/markdown"))
            yield f"cell {i} (output)", words


def documented(tree: ast.Module):
    """(place, docstring) for the module, each class and function, and each name documented by a string
    after its assignment (what help() and the API pages show)."""
    yield "the module's docstring", ast.get_docstring(tree, clean=False) or ""
    for node in ast.walk(tree):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            yield f"{node.name} (line {node.lineno})", ast.get_docstring(node, clean=False) or ""
        body = node.body if isinstance(node, (ast.Module, ast.ClassDef)) else []
        for before, after in zip(body[:-1], body[1:]):
            if (isinstance(before, (ast.Assign, ast.AnnAssign)) and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)):
                yield f"the string after line {before.lineno}", after.value.value


def students_part(markdown: str, heading: str) -> str:
    """The section of ``markdown`` under the ``## `` heading that starts with ``heading``."""
    match = re.search(rf"^## {re.escape(heading)}.*?(?=^## |\Z)", markdown, re.MULTILINE | re.DOTALL)
    assert match, f"no section '## {heading}'"
    return match.group()


def texts():
    """(file, place, text) for everything a student reads."""
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for place, text in notebook_texts(path):
            yield path, place, text
    for path in sorted((ROOT / "exercises" / "release").rglob("*.ipynb")):
        for place, text in notebook_texts(path):
            yield path, place, text
    for path in sorted((ROOT / "exercises" / "source").rglob("*.ipynb")):
        for place, text in notebook_texts(path, hidden=True):
            yield path, place, text
    readme = ROOT / "README.md"
    for n, line in enumerate(readme.read_text(encoding="utf-8").split("\n## Tests")[0].splitlines(), 1):
        yield readme, f"line {n}", line                      # all but the maintainers' test command
    for page in ("glossary.md", "notebooks.md", "two-week-plan.md"):
        path = ROOT / "docs" / page
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield path, f"line {n}", line
    exercises = ROOT / "exercises" / "README.md"
    yield exercises, "its section for students", students_part(exercises.read_text(encoding="utf-8"), "Students")
    yield from gamelib_texts()


def gamelib_texts():
    """(file, place, text) for gamelib's docstrings, and the bugs' descriptions of grading/mutants.py."""
    for path in sorted((ROOT / "gamelib").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if "grading" not in path.relative_to(ROOT / "gamelib").parts:
            for place, text in documented(tree):
                yield path, place, text
        else:                    # the instructor's tools name the folders they read; no issue numbers either
            for place, text in documented(tree):
                yield path, place, POINTER.sub("", text)
            if path.name == "mutants.py":    # the bugs' descriptions are feedback a student reads
                for node in ast.walk(tree):
                    if isinstance(node, ast.Constant) and isinstance(node.value, str):
                        yield path, f"a string on line {node.lineno}", node.value


@functools.cache
def findings() -> dict:
    """For each file a student reads, what it points to: ["place: ...words...", ...]."""
    bad = {}
    for path, place, text in texts():
        bad.setdefault(path, []).extend(f"{place}: ...{words}..." for words in found(text))
    return bad


@pytest.mark.parametrize("path", sorted(findings()), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pointer_into_the_workshop(path):
    bad = findings()[path]
    assert not bad, (f"{path.relative_to(ROOT)} points a student into tests/ or benchmarks/ or names an issue; "
                     "say what is meant instead (\"the kit's tests check ...\"):\n  " + "\n  ".join(bad))


def test_the_patterns_find_pointers_but_not_visit_numbers():
    assert len(found("`tests/imperfect/test_andor.py` plays it; `benchmarks/bench_pig.py` times it")) == 2
    assert len(found("(issue 14; notebook 08), issue #30, PR #3, fixed (#31)")) == 4
    assert not found("B #2: node B, visited 2nd; A #1; the root's #10; pytests/ and gamelib/tests/x; "
                     "data:image/png;base64,AAAAtests/Pr6issue+3")
    hidden = "x = 1\n### BEGIN HIDDEN TESTS\n# tests/exercises/x.py\n### END HIDDEN TESTS\n"
    assert not found(HIDDEN.sub("", hidden)) and found(hidden)


def test_docstrings_found_include_the_strings_that_document_a_name():
    tree = ast.parse('"""m"""\nX = 1\n"""about X (issue 23)"""\ndef f():\n    """f"""\n')
    assert [place for place, text in documented(tree) if found(text)] == ["the string after line 2"]

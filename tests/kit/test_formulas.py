"""Every formula of the notebooks and the exercises renders in KaTeX as well as in MathJax (issue 31).

JupyterLab typesets markdown with MathJax; VS Code, GitHub's and many learning platforms' previews use
KaTeX, which is stricter (``\\pi_\\max`` fails there: a subscript command needs braces, ``\\pi_{\\max}``).
Each formula of each markdown cell ($...$, $$...$$, \\(...\\), \\[...\\], a bare \\begin{env}...\\end{env};
code spans and code blocks left out, as Jupyter leaves them) is rendered by node with the copies of KaTeX
and MathJax's TeX input vendored in tests/kit/math/ (their licences beside them, README.md there says
which versions and how to update them).  A dollar sign left over once the formulas are found would start
a formula in Jupyter that the author did not mean: it fails too (write ``\\$`` for a dollar).

Without node (Debian's ``nodejs``) the test is skipped; with ``CI`` set it fails instead.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECKER = pathlib.Path(__file__).resolve().parent / "math" / "check.js"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "exercises").glob("*/*/*.ipynb"))

CODE_BLOCK = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1", re.DOTALL)
NO_BLANK_LINE = r"(?:(?!\n[ \t]*\n)[\s\S])"
FORMULA = re.compile(
    r"\$\$(?P<dd>[\s\S]+?)\$\$"                                   # $$ display $$
    r"|\\\[(?P<bd>[\s\S]+?)\\\]"                                  # \[ display \]
    r"|(?P<env>\\begin\{(?P<name>[A-Za-z]+\*?)\}[\s\S]*?\\end\{(?P=name)\})"   # a bare environment
    r"|\\\((?P<bi>" + NO_BLANK_LINE + r"+?)\\\)"                  # \( inline \)
    r"|(?<![\\$])\$(?P<di>(?!\$)" + NO_BLANK_LINE + r"+?)(?<!\\)\$")           # $ inline $
STRAY_DOLLAR = re.compile(r"(?<!\\)\$")


def formulas(markdown: str):
    """(tex, display) for each formula of a markdown cell, and the text left once they are taken out."""
    text = CODE_SPAN.sub(" ", CODE_BLOCK.sub(" ", markdown))
    found = []
    for m in FORMULA.finditer(text):
        if m.group("dd") is not None or m.group("bd") is not None or m.group("env") is not None:
            found.append((m.group("dd") or m.group("bd") or m.group("env"), True))
        else:
            found.append((m.group("bi") or m.group("di"), False))
    return found, FORMULA.sub(" ", text)


def test_the_extraction_follows_jupyter():
    found, rest = formulas("a $x_1$ and `$not$` and\n\n$$\\max_a V$$ cost \\$5 \\(y\\) \\begin{cases}1\\end{cases}\n"
                           "```\n$code$\n```\n")
    assert found == [("x_1", False), ("\\max_a V", True), ("y", False), ("\\begin{cases}1\\end{cases}", True)]
    assert not STRAY_DOLLAR.search(rest)
    assert formulas("one $ and\n\nanother $ across a paragraph")[0] == []


def cells():
    for path in NOTEBOOKS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] == "markdown":
                yield f"{path.relative_to(ROOT)} cell {i}", "".join(cell["source"])


@pytest.fixture(scope="module")
def node():
    exe = shutil.which("node")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed (apt-get install nodejs): the formulas cannot be checked")
        pytest.skip("node is not installed (apt-get install nodejs)")
    return exe


def test_no_stray_dollar_sign():
    stray = [where for where, text in cells() if STRAY_DOLLAR.search(formulas(text)[1])]
    assert not stray, f"a $ that starts no formula (write \\$ for a dollar): {stray}"


def test_every_formula_renders_in_katex_and_mathjax(node):
    todo = [(where, tex, display) for where, text in cells() for tex, display in formulas(text)[0]]
    assert len(todo) > 300, f"only {len(todo)} formulas found: is the extraction broken?"
    run = subprocess.run([node, str(CHECKER)], input=json.dumps([[t, d] for _, t, d in todo]),
                         capture_output=True, text=True, timeout=120, check=False)
    line = next((ln for ln in run.stdout.splitlines() if ln.startswith("RESULTS ")), None)
    assert line is not None, f"the checker printed no results: {run.stdout[-500:]} {run.stderr[-2000:]}"
    results = json.loads(line[len("RESULTS "):])
    assert isinstance(results, list), f"the checker could not start: {results}"
    failures = [f"{where}: {'$$' if display else '$'}{tex}{'$$' if display else '$'}: "
                + "; ".join(f"{engine}: {error}" for engine, error in zip(("KaTeX", "MathJax"), errors) if error)
                for (where, tex, display), errors in zip(todo, results) if any(errors)]
    assert not failures, f"{len(failures)} of {len(todo)} formulas do not render:\n" + "\n".join(failures)

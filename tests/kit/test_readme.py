"""The README tells a newcomer what they see (issues 7 and 22): it is short (at most 8,000 characters)
and starts with the student, in the order they need it, the test command in a section of its own at the
end; what it does not say is in the docs/ pages it links to.  Every file and command the README and those
pages name exists, every link between them resolves; the first command's pieces work; the benchmark tables
live in benchmarks/README.md."""
import ast
import importlib.util
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from gamelib import workspace as ws

from .student_install import dev_only_modules, without_dev_tools
from .student_path import readme_block

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
"""The README and the docs/ pages: what this file checks for the names, commands and links they hold."""
BIN = pathlib.Path(sys.executable).parent          # the venv's bin/ (Scripts\ on Windows)

SECTIONS = ["Install and open", "Start here: `01_games_and_minimax.ipynb`", "Notebooks", "Exercises",
            "Your copies", "Documentation", "Tests"]
LIMIT = 8_000
"""The README's length in characters: a student reads it in a few screens; the rest is in docs/."""
FIRST_SCREEN = 60
"""Lines: the student's first screen, which must hold what this is, the command, where to start and the
notebook table."""


def section(title: str, text: str = README) -> str:
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def notebook_rows(text: str) -> dict:
    """{notebook file: its table row's cells} of a table whose first cell names a notebook."""
    rows = re.findall(r"^\| \[?`(\d\d[a-z]?_\w+\.ipynb)`[^|`]*\|(.*)\|\s*$", text, flags=re.M)
    return {name: [cell.strip() for cell in rest.split("|")] for name, rest in rows}


FIRST_COMMAND = readme_block("first command")
TEST_COMMAND = readme_block("ci: test command")


def test_the_notebook_table_lists_every_notebook_and_exercise():
    """The README's table: every notebook, each with its exercise (every exercise is some notebook's);
    docs/notebooks.md: every notebook, with what it teaches."""
    present = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    rows = notebook_rows(README)
    assert present <= set(rows), f"README's notebook table omits {sorted(present - set(rows))}"
    header = re.search(r"^\| notebook \|(.*)\|$", README, flags=re.M).group(1)
    assert [c.strip() for c in header.split("|")] == ["read", "needs", "theme", "exercise"]
    assert all(len(cells) == 4 for cells in rows.values()), rows
    linked = {link for cells in rows.values() for link in re.findall(r"\]\((exercises/release/[^)]+)\)", cells[3])}
    exercises = {p.relative_to(ROOT).as_posix() for p in (ROOT / "exercises/release").glob("*/*.ipynb")}
    assert linked == exercises, f"the table's exercises: {sorted(linked ^ exercises)}"
    detailed = notebook_rows((DOCS / "notebooks.md").read_text())
    assert present <= set(detailed), f"docs/notebooks.md omits {sorted(present - set(detailed))}"


def test_it_is_short_and_starts_with_the_student_in_the_order_they_need():
    """What the kit is; the student's command; start here; notebooks; exercises; their copies; the
    documentation; the tests; nothing else at that level.  The first screen is the student's, and the
    maintainers' way to any algorithm is a link from the top."""
    assert len(README) <= LIMIT, f"README.md has {len(README)} characters (at most {LIMIT}): move details to docs/"
    assert re.findall(r"^## (.+)$", README, flags=re.M) == SECTIONS
    intro = README.split("\n## ", 1)[0]
    assert "notebooks" in intro and "exercises" in intro and "AIMA" in intro
    assert "](docs/algorithms.md)" in intro and "](docs/instructors.md)" in intro
    start = section(SECTIONS[1])
    assert "Run → Run All Cells" in start and (ROOT / "notebooks/01_games_and_minimax.ipynb").is_file()
    lines = README.splitlines()
    last_row = max(i for i, line in enumerate(lines) if re.match(r"\| `\d\d[a-z]?_\w+\.ipynb`", line))
    assert last_row < FIRST_SCREEN, f"the notebook table ends on line {last_row + 1}, past the first screen"


def test_the_first_bash_block_is_the_students_command_and_the_test_command_is_marked_for_ci():
    first_bash = re.search(r"```bash\n(.*?)\n```", README, flags=re.S).group(1).strip()
    assert first_bash == FIRST_COMMAND
    assert FIRST_COMMAND in section("Install and open") and TEST_COMMAND in section("Tests")
    assert re.findall(r"```bash\n(.*?)\n```", README, flags=re.S) == [FIRST_COMMAND, TEST_COMMAND]
    assert SECTIONS[-1] == "Tests" and len(section("Tests")) < 1_000, "the test command's section: short, at the end"
    ci = (ROOT / ".ci/run").read_text()
    assert "<!-- ci: test command -->" in ci


def test_the_first_commands_pieces_are_a_venv_the_students_requirements_and_the_students_lab():
    pieces = [shlex.split(p) for p in FIRST_COMMAND.split("&&")]
    assert pieces == [["python3", "-m", "venv", ".venv"],
                      [".venv/bin/pip", "install", "-r", "requirements.txt"],
                      [".venv/bin/jupyter", "lab", "--config=jupyter_server_config.py"]]
    assert (ROOT / "requirements.txt").is_file() and (ROOT / "jupyter_server_config.py").is_file()
    assert (BIN / "pip").exists() or (BIN / "pip.exe").exists()
    assert shutil.which("jupyter-lab", path=str(BIN)), "jupyter lab is not installed by requirements.txt"
    assert " ".join(pieces[2]) + " --allow-root" in README, "the root variant of the last piece is shown"


def test_the_test_command_installs_the_dev_requirements_on_top_of_the_students():
    assert "pip install -q -r requirements-dev.txt" in TEST_COMMAND and " -m pytest " in TEST_COMMAND
    from tests.kit.student_install import requirement_lines                # -r files followed
    assert "-r requirements-grading.txt" in (ROOT / "requirements-dev.txt").read_text().splitlines()
    assert "-r requirements.txt" in (ROOT / "requirements-grading.txt").read_text().splitlines()
    assert set(requirement_lines(ROOT / "requirements.txt")) <= set(requirement_lines(ROOT / "requirements-dev.txt"))


def notebook_imports() -> list:
    """Every import statement of the code cells of the notebooks and the exercises, as source."""
    out = set()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "exercises/release").glob("*/*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "\n".join(line for line in "".join(cell["source"]).splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    out.add(ast.unparse(node))
    return sorted(out)


def test_the_students_install_runs_every_import_of_the_notebooks_and_exercises(tmp_path):
    """requirements.txt alone is enough: every import of the notebooks and the exercises (the exercises'
    ``gamelib.grading`` checks among them) works with the modules only requirements-dev.txt brings
    (nbgrader, hypothesis, playwright, ...) refused."""
    blocked = dev_only_modules()
    assert {"nbgrader", "hypothesis", "playwright"} <= blocked
    imports = notebook_imports()
    assert "from gamelib.grading import TracedGame, checks" in imports
    code = "\n".join(imports + ["import nbval, ipywidgets, jupyterlab", "print('imported')"])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                          env=without_dev_tools(tmp_path))
    assert done.returncode == 0 and "imported" in done.stdout, done.stderr[-2000:]


PLACES_MADE_BY_RUNNING = (".venv", "work", "test-artifacts", "build")
"""Folders the README and docs/ name that a fresh clone does not have yet: the install, the first start,
a failing browser test and the JupyterLite build (lite/build.py) make them."""

MOVED_PAGES = ("instructors.md", "testing.md", "algorithms.md", "notebooks.md")
"""The docs/ pages that hold what the README once said (the instructors' steps, the tests, the algorithm
map, what each notebook teaches; and docs/architecture.md's section "The repository's folders"): the
files and commands they name are checked as the README's were."""


def moved_text() -> str:
    """What the README once said, where it is now."""
    folders = section("The repository's folders", (DOCS / "architecture.md").read_text())
    return "\n".join([(DOCS / page).read_text() for page in MOVED_PAGES] + [folders])


def layout_listing() -> list:
    """The repository's folders and files as docs/architecture.md lists them (once the README's)."""
    text = (DOCS / "architecture.md").read_text()
    layout = re.search(r"```\n(README\.md .*?)\n```", section("The repository's folders", text), flags=re.S)
    return [line.split()[0] for line in layout.group(1).splitlines()]


def named_paths(text: str = README, listed: list = ()) -> set:
    """File and folder names in inline code (written from the top of the repository) and in ``listed``,
    plus the README's links (the links of every page are :func:`test_every_link_resolves`'s)."""
    inline = re.findall(r"`([^`\s]+)`", text)
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text) if text is README else []
    paths = {p for p in inline + list(listed)
             if re.fullmatch(r"[\w.-]*(/[\w.-]*)*\.(py|md|txt|ipynb|toml)|[\w.-]+(/[\w.-]+)*/", p)}
    # relative links quoted as examples (``../docs/glossary.md``) are checked where they are written,
    # by tests/test_workspace.py
    return {p for p in paths | set(links) if "://" not in p and not p.startswith("../")}


def kit_files() -> set:
    """Every file and folder of the checkout (relative POSIX paths), without .git, .venv and work/."""
    out = set()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in (".git", ".venv", "work", "node_modules", "__pycache__")]
        rel = pathlib.Path(folder).relative_to(ROOT)
        out.update((rel / name).as_posix() for name in dirs + files)
    return out


def test_every_file_and_folder_the_readme_and_its_pages_name_exists():
    names = named_paths()
    assert {"exercises/README.md", "notebooks/", "docs/algorithms.md", "docs/instructors.md",
            "docs/testing.md"} <= names
    listed = layout_listing()
    assert {"requirements.txt", "requirements-dev.txt", "requirements-grading.txt", "jupyter_server_config.py",
            "exercises/README.md", "notebooks/", "docs/algorithms.md", "docs/instructors.md"} <= set(listed)
    assert {f"docs/{p.name}" for p in DOCS.glob("*.md")} <= set(listed), "docs/architecture.md's folders omit a page"
    names |= named_paths(moved_text(), listed)
    files = kit_files()
    missing = []
    for name in sorted(names):
        first, _, rest = name.rstrip("/").partition("/")
        if ".venv" in name.split("/"):       # a venv made by a command (lite/.venv/, the site's tools)
            continue
        if first in PLACES_MADE_BY_RUNNING:
            if first != "work" or not rest:
                continue
            name = rest                      # work/ holds copies of the kit's files, in their places
        path = name.rstrip("/")
        # a bare name (`01_games_and_minimax.ipynb`, `policy.py`) may be anywhere in the kit
        if not (path in files or ("/" not in path and any(f.endswith("/" + path) for f in files))):
            missing.append(name)
    assert not missing, f"the README or its pages name what the kit does not have: {missing}"


MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path: pathlib.Path) -> set:
    """The anchors GitHub gives a Markdown file's headings: lower case, punctuation but hyphens dropped,
    spaces as hyphens."""
    heads = re.findall(r"^#{1,6}\s+(.+?)\s*$", path.read_text(), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in heads}


def test_every_link_resolves():
    """Every relative link of the README and the docs/ pages (``docs/x.md`` from the README, ``x.md`` and
    ``../exercises/README.md`` from a page) names a file or folder of the kit, and a ``#anchor`` into a
    Markdown file names one of its headings."""
    broken = []
    for page in PAGES:
        for target in MARKDOWN_LINK.findall(page.read_text()):
            if "://" in target or target.startswith("mailto:"):
                continue
            file, _, anchor = target.partition("#")
            path = (page.parent / file).resolve() if file else page
            if not path.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, f"links to nothing: {broken}"


def test_the_pages_the_readme_once_held_are_linked_from_it():
    """Each page that took over a part of the README is one click from it."""
    for page in MOVED_PAGES + ("architecture.md", "glossary.md", "jupyterhub.md", "jupyterlite.md", "accessibility.md"):
        assert f"](docs/{page})" in README, page


def test_every_command_the_readme_and_its_pages_name_exists():
    """``.venv/bin/X`` programs are installed; ``-m module`` modules import; ``gamelib.workspace``'s
    subcommands and the notebook names given to ``fresh`` are real."""
    text = README + "\n" + moved_text()
    commands = re.findall(r"\.venv/bin/(\w[\w-]*)((?: [^`\n&]+)?)", text)
    assert commands
    for program, args in commands:
        assert shutil.which(program, path=str(BIN)), f".venv/bin/{program} is not installed"
        words = shlex.split(args)
        if program == "python" and words[:1] == ["-m"]:
            assert importlib.util.find_spec(words[1]), f"python -m {words[1]}: no such module"
        if words[:1] == ["lab"]:
            assert shutil.which("jupyter-lab", path=str(BIN))
            for word in words:
                if word.startswith("--config="):
                    assert (ROOT / word.split("=", 1)[1]).is_file()
    uses = re.findall(r"gamelib\.workspace (\w+)((?: [\w.-]+)?)", README)
    assert {u for u, _ in uses} == {"fresh", "status"}
    for sub, name in re.findall(r"`(?:\.venv/bin/python -m gamelib\.workspace )?(fresh) ([\w.-]+)`", README):
        assert ws.find(name, ROOT), name


def test_the_work_folder_is_ignored_by_git():
    assert "work/" in (ROOT / ".gitignore").read_text().splitlines()
    if shutil.which("git") and (ROOT / ".git").exists():
        done = subprocess.run(["git", "check-ignore", "-q", "work/notebooks/01_games_and_minimax.ipynb"], cwd=ROOT)
        assert done.returncode == 0


def test_the_benchmark_tables_live_in_benchmarks_readme():
    bench = (ROOT / "benchmarks/README.md").read_text()
    testing = (DOCS / "testing.md").read_text()
    for header in ("| work | gamelib | peers | hand-written |", "| goal (issue 12) | instructions |",
                   "| install |"):
        assert header not in README and header not in testing and header in bench, header
    assert "benchmarks/" not in README.split("\n## Tests")[0]           # a student's page: no workshop paths
    assert "](../benchmarks/README.md)" in testing
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py")}
    described = set(re.findall(r"`(?:benchmarks/)?(\w+\.py)`", bench))
    assert scripts <= described, f"benchmarks/README.md does not describe {sorted(scripts - described)}"


def test_it_says_how_long_the_tests_take_and_what_the_browser_tests_need():
    assert re.search(r"about \d+ minutes on two cores", section("Tests"))
    testing = (DOCS / "testing.md").read_text()
    assert "apt-get install chromium" in testing and "test-artifacts/browser/" in testing
    assert "](docs/testing.md)" in section("Tests")


def test_the_students_lab_hides_nbgrader_which_the_students_install_lacks():
    why = (DOCS / "instructors.md").read_text().split("**Why no nbgrader in the student's JupyterLab.**", 1)[1]
    why = why.split("\n\n", 1)[0]
    assert "Create Assignment" in why and "Formgrader" in why and "Validate" in why
    assert not any(re.match(r"nbgrader\b", line) for line in (ROOT / "requirements.txt").read_text().splitlines())

"""The README tells a newcomer what they see (issues 7 and 22): it starts with the student, in the order
they need it; every file and command it names exists; its first command's pieces work; the benchmark
tables live in benchmarks/README.md."""
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
BIN = pathlib.Path(sys.executable).parent          # the venv's bin/ (Scripts\ on Windows)

SECTIONS = ["Set up: two commands", "Start here: `01_games_and_minimax.ipynb`", "Notebooks", "Exercises",
            "Instructors", "Tests", "Where things live"]


def section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


FIRST_COMMAND = readme_block("first command")
TEST_COMMAND = readme_block("ci: test command")


def test_the_notebook_table_lists_every_notebook():
    listed = set(re.findall(r"^\| `(\d\d[a-z]?_\w+\.ipynb)`[^|`]*\|", README, flags=re.M))
    present = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert present <= listed, f"README's notebook table omits {sorted(present - listed)}"


def test_it_starts_with_the_student_in_the_order_they_need():
    """What the kit is; the two commands; start here; notebooks; exercises; instructors; tests; where
    things live; nothing else at that level (reference sections are subsections of the last)."""
    assert re.findall(r"^## (.+)$", README, flags=re.M) == SECTIONS
    intro = README.split("\n## ", 1)[0]
    assert "notebooks" in intro and "exercises" in intro and "AIMA" in intro
    start = section(SECTIONS[1])
    assert "Run → Run All Cells" in start and (ROOT / "notebooks/01_games_and_minimax.ipynb").is_file()


def test_the_first_bash_block_is_the_students_command_and_the_test_command_is_marked_for_ci():
    first_bash = re.search(r"```bash\n(.*?)\n```", README, flags=re.S).group(1).strip()
    assert first_bash == FIRST_COMMAND
    assert FIRST_COMMAND in section("Set up: two commands") and TEST_COMMAND in section("Set up: two commands")
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
"""Folders the README names that a fresh clone does not have yet: the install, the first start, a
failing browser test and the JupyterLite build (lite/build.py) make them."""


def named_paths() -> set:
    """File and folder names in the README's inline code and links."""
    inline = re.findall(r"`([^`\s]+)`", README)
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README)
    layout = re.search(r"```\n(gamelib/ .*?)\n```", section("Where things live"), flags=re.S).group(1)
    listed = [line.split()[0] for line in layout.splitlines()]
    paths = {p for p in inline + listed
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


def test_every_file_and_folder_the_readme_names_exists():
    names = named_paths()
    assert {"requirements.txt", "requirements-dev.txt", "jupyter_server_config.py", "benchmarks/README.md",
            "exercises/README.md", "notebooks/"} <= names
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
    assert not missing, f"the README names what the kit does not have: {missing}"


def test_every_command_the_readme_names_exists():
    """``.venv/bin/X`` programs are installed; ``-m module`` modules import; ``gamelib.workspace``'s
    subcommands and the notebook names given to ``fresh`` are real."""
    commands = re.findall(r"\.venv/bin/(\w[\w-]*)((?: [^`\n&]+)?)", README)
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
    for header in ("| work | gamelib | peers | hand-written |", "| goal (issue 12) | instructions |",
                   "| install |"):
        assert header not in README and header in bench, header
    assert README.count("](benchmarks/README.md)") == 1
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py")}
    described = set(re.findall(r"`(?:benchmarks/)?(\w+\.py)`", bench))
    assert scripts <= described, f"benchmarks/README.md does not describe {sorted(scripts - described)}"


def test_it_says_how_long_the_tests_take_and_what_the_browser_tests_need():
    assert re.search(r"about \d+ minutes on two cores", README)
    assert "apt-get install chromium" in README and "test-artifacts/browser/" in README


def test_the_students_lab_hides_nbgrader_which_the_students_install_lacks():
    where = section("Where things live")
    assert "Create Assignment" in where and "Formgrader" in where and "Validate" in where
    assert not any(re.match(r"nbgrader\b", line) for line in (ROOT / "requirements.txt").read_text().splitlines())

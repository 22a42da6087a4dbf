"""docs/jupyterhub.md, checked where no hub runs (in the README's test command, in well under a second):

* every command block of its steps 1-7 is one that tests/hub/test_jupyterhub.py reads and runs as written,
  marked with the name and the user the hub test runs it as (root blocks are ``sudo`` lines, the
  instructor's have none): an unmarked block would be a command no test runs;
* its Kubernetes section: the values file, merged with the chart's defaults as Helm merges them,
  validates against the JSON schema published with the chart (tests/hub/z2jh/, version 4.4.0, says where
  both come from); its Python compiles; the students' image installs and configures what the doc's steps
  3 and 6 do on one server, and its nbgrader settings are step 6's.
"""
import fnmatch
import json
import re
import shlex
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.hub.test_jupyterhub import BLOCKS, DOC, EXCHANGE, PLACEHOLDERS, TLJH, doc_blocks

Z2JH = Path(__file__).resolve().parent / "z2jh"
CHART_VERSION = "4.4.0"


def section(number: int) -> str:
    text = DOC.read_text()
    return text.split(f"\n## {number}. ", 1)[1].split("\n## ", 1)[0]


def fenced(text: str, language: str) -> list:
    return re.findall(rf"```{language}\n(.*?)\n```", text, re.S)


def commands(block: str) -> list:
    """The commands of a shell block: continuation lines joined, here-documents' bodies left out."""
    lines, out, heredoc = block.replace("\\\n", " ").splitlines(), [], None
    for line in lines:
        if heredoc is not None:
            heredoc = None if line.strip() == heredoc else heredoc
            continue
        out.append(" ".join(line.split()))
        m = re.search(r"<<'?(\w+)'?", line)
        heredoc = m.group(1) if m else None
    return out


def test_every_command_block_of_the_one_server_steps_is_run_by_the_hub_test():
    text = DOC.read_text()
    one_server = text.split("\n## 8. ", 1)[0]
    blocks = doc_blocks(one_server)
    assert {name: role for name, (role, _) in blocks.items()} == BLOCKS
    assert len(fenced(one_server, "bash")) == len(blocks), "a bash block of steps 1-7 is not marked for the hub test"
    assert not fenced(one_server, "(?:sh|shell|console)")
    for name, (role, body) in blocks.items():
        for command in commands(body):
            assert command.startswith("sudo ") == (role == "root"), (name, command)


def test_the_placeholders_the_hub_test_fills_are_the_docs():
    text = DOC.read_text()
    for word in (*PLACEHOLDERS, TLJH, EXCHANGE):
        assert word in text, word
    assert not set(re.findall(r"<the [^>]+>|<instructor>", text)) - set(PLACEHOLDERS)   # no other to fill


def test_the_students_environment_takes_the_kits_versions():
    """Step 3's versions of nbgrader and nbgitpuller are the kit's own (requirements-grading.txt's, -dev's)."""
    root = DOC.parents[1]
    pinned = {line.strip() for name in ("requirements-grading.txt", "requirements-dev.txt")
              for line in (root / name).read_text().splitlines()}
    install = shlex.split(commands(doc_blocks()["environment"][1])[0])
    specs = [spec for spec in install if spec.startswith(("nbgrader", "nbgitpuller"))]
    assert len(specs) == 2 and set(specs) <= pinned, specs


def helm_merge(defaults, values):
    """``values`` over ``defaults`` as Helm merges a values file into a chart's: maps key by key, a null
    removing the key, anything else replaced."""
    if not (isinstance(defaults, dict) and isinstance(values, dict)):
        return values
    merged = dict(defaults)
    for key, value in values.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = helm_merge(defaults.get(key), value)
    return merged


def kubernetes_values() -> dict:
    [values] = fenced(section(8), "yaml")
    return yaml.safe_load(values)


def chart_validator():
    schema = json.loads((Z2JH / "values.schema.json").read_text())
    return jsonschema.Draft7Validator(schema)


def test_the_kubernetes_values_validate_against_the_charts_published_schema():
    defaults = yaml.safe_load((Z2JH / "values.yaml").read_text())
    validator = chart_validator()
    assert not list(validator.iter_errors(defaults))                    # the chart's own defaults do
    values = kubernetes_values()
    errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}"
              for e in validator.iter_errors(helm_merge(defaults, values))]
    assert not errors, errors
    assert f"--version {CHART_VERSION}" in " ".join(section(8).split())


@pytest.mark.parametrize("typo", [("singleuser", "memroy"), ("hub", "extraconfig")])
def test_the_schema_refuses_a_misspelt_setting(typo):
    """The check above can fail: the chart's schema refuses a key it does not know."""
    defaults = yaml.safe_load((Z2JH / "values.yaml").read_text())
    values = kubernetes_values()
    values[typo[0]][typo[1]] = {"limit": "1G"}
    assert list(chart_validator().iter_errors(helm_merge(defaults, values)))


def test_the_kubernetes_hub_configuration_compiles():
    for name, code in kubernetes_values()["hub"]["extraConfig"].items():
        compile(code, f"hub.extraConfig.{name}", "exec")
        assert "c.KubeSpawner.uid" in code and "pre_spawn_hook" in code


def test_the_students_image_is_the_students_environment_of_one_server():
    """The image's RUN installs what step 3 installs and runs step 6's three ``jupyter`` commands; its
    nbgrader settings (a file of every pod) are step 6's."""
    blocks = doc_blocks()
    install = commands(blocks["environment"][1])[0].replace(f"sudo {TLJH}/bin/pip install ", "")
    jupyter = [c.replace(f"sudo {TLJH}/bin/", "") for c in commands(blocks["exchange"][1]) if "/bin/jupyter " in c]
    image = fenced(section(8), "dockerfile")[0]
    run = " ".join(image.split("RUN ", 1)[1].replace("\\\n", " ").split())
    steps = [s.strip() for s in run.split(" && ")]
    assert steps[0] == "pip install --no-cache-dir " + install.replace("<the course repository>",
                                                                        "${COURSE_REPOSITORY}")
    assert steps[1:] == jupyter
    settings = blocks["exchange"][1].split("<<'EOF'\n", 1)[1].split("\nEOF", 1)[0]
    pod_file = kubernetes_values()["singleuser"]["extraFiles"]["nbgrader-config"]
    assert pod_file["mountPath"] == "/etc/jupyter/nbgrader_config.py"
    assert pod_file["stringData"].strip() == settings.strip()
    mounts = kubernetes_values()["singleuser"]["storage"]["extraVolumeMounts"]
    assert [m["mountPath"] for m in mounts] == [EXCHANGE]


def hidden_test_lines(root: Path) -> set:
    """The lines of the hidden tests of exercises/source/'s notebooks (read as JSON: cheap)."""
    lines = set()
    for path in (root / "exercises" / "source").glob("*/*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            source = "".join(cell["source"])
            for block in source.split("### BEGIN HIDDEN TESTS")[1:]:
                lines |= {line.strip() for line in block.split("### END HIDDEN TESTS")[0].splitlines()}
    return {line for line in lines if len(line) >= 24 and not line.startswith("#")}


def test_the_package_a_hub_installs_holds_no_exercise_source_or_hidden_test():
    """What a wheel of gamelib holds, which the doc's step 3 installs for every student (pyproject.toml:
    the packages ``gamelib*``, the viz's ``.js`` and ``.css`` and the tic-tac-toe network's weights,
    ``data/*.npz``): no notebook and no line of a hidden test (a wheel built from the instructor's
    repository holds the same files, ``gamelib/`` and its dist-info)."""
    tomllib = pytest.importorskip("tomllib")
    root = DOC.parents[1]
    setup = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    tops = [p for p in root.iterdir() if (p / "__init__.py").is_file()
            and any(fnmatch.fnmatch(p.name, pattern) for pattern in setup["packages"]["find"]["include"])]
    assert [p.name for p in tops] == ["gamelib"]
    assert all(set(globs) <= {"*.js", "*.css", "data/*.npz"} for globs in setup.get("package-data", {}).values())
    hidden = hidden_test_lines(root)
    assert len(hidden) > 50                                   # the sources were read
    files = [f for f in tops[0].rglob("*") if f.is_file() and "__pycache__" not in f.parts]
    assert not [f for f in files if f.suffix == ".ipynb"]
    for path in files:
        if path.suffix in (".py", ".js", ".json", ".css"):
            text = path.read_text(errors="replace")
            assert not [line for line in hidden if line in text], path

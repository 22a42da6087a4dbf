"""tests/ mirrors gamelib/ (issue 24): the tests of gamelib/X.py are in tests/test_X.py, those of
gamelib/SUB/X.py in tests/SUB/test_X.py (gamelib/SUB/__main__.py in tests/SUB/test___main__.py), and those
of a package as a whole (gamelib/SUB/) in tests/test_SUB.py.  A test file named after no module, or a module
with no test file, fails here: every module has one; a package entry that only exports
(:func:`_exports_only`) needs none.  tests/README.md is
the map."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMELIB, TESTS = ROOT / "gamelib", ROOT / "tests"

# Folders of tests/ about the kit rather than one module (tests/README.md says what each holds).
KIT_FOLDERS = {"kit", "exercises", "browser", "hub", "lite", "submissions"}
DATA_FOLDERS = {"submissions"}   # fake student answers, read by gamelib.grading.fakes; never imported

def _modules() -> set:
    """gamelib's modules as paths relative to gamelib/, e.g. 'minimax.py', 'games/pig.py'."""
    return {p.relative_to(GAMELIB).as_posix() for p in GAMELIB.rglob("*.py") if "__pycache__" not in p.parts}


def _exports_only(module: str) -> bool:
    """Whether ``module`` is a package entry that only exports: its docstring, imports, ``__all__`` and a
    module ``__getattr__`` (PEP 562: a lazy or moved name).  Its names are tested where they are defined;
    anything else in it (a function, a constant, code that runs) needs a test file like any module."""
    if not module.endswith("__init__.py"):
        return False
    names = {"__all__", "__getattr__"}

    def export(node) -> bool:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            return True
        if isinstance(node, ast.Expr):
            return isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            return all(isinstance(t, ast.Name) and t.id in names for t in targets)
        return isinstance(node, ast.FunctionDef) and node.name == "__getattr__"

    return all(export(node) for node in ast.parse((GAMELIB / module).read_text(encoding="utf-8")).body)


def _packages() -> set:
    return {p.parent.relative_to(GAMELIB).as_posix() for p in GAMELIB.rglob("__init__.py") if p.parent != GAMELIB}


def _test_files() -> list:
    return [p.relative_to(TESTS) for p in TESTS.rglob("test_*.py")
            if "__pycache__" not in p.parts and p.relative_to(TESTS).parts[0] not in KIT_FOLDERS]


def _module_of(test: pathlib.PurePath) -> str:
    """tests/test_X.py -> 'X.py' or the package 'X/__init__.py'; tests/SUB/test_X.py -> 'SUB/X.py'."""
    name = test.name[len("test_"):]
    folder = test.parent.as_posix()
    if folder == ".":
        return f"{name[:-3]}/__init__.py" if name[:-3] in _packages() else name
    return f"{folder}/{name}"


def test_every_test_file_names_a_module_of_gamelib():
    known = _modules()
    strays = [str(t) for t in _test_files() if _module_of(t) not in known]
    assert not strays, (f"test files named after no module of gamelib: {strays}. Name a test file after the module "
                        "it tests (tests/SUB/test_X.py for gamelib/SUB/X.py), or put a test of the kit in tests/kit/")


def test_every_folder_of_tests_mirrors_a_package_and_is_one():
    for folder in TESTS.iterdir():
        if folder.is_dir() and folder.name not in {"__pycache__"} | DATA_FOLDERS:
            assert (folder / "__init__.py").exists(), f"tests/{folder.name}/ needs an __init__.py (duplicate names)"
            assert folder.name in KIT_FOLDERS or folder.name in _packages(), \
                f"tests/{folder.name}/ mirrors no package of gamelib and is not a kit folder"


def test_every_module_has_a_test_file():
    tested = {_module_of(t) for t in _test_files()}
    exports = {m for m in _modules() if _exports_only(m)}
    untested = sorted(_modules() - tested - exports)
    assert not untested, (f"modules without a test file: {untested}. Add tests/…/test_<module>.py (the module's "
                          "own contract; a test that only reaches it through another module is not one)")


def test_only_a_package_entry_that_only_exports_goes_without_tests(tmp_path, monkeypatch):
    import sys
    monkeypatch.setattr(sys.modules[__name__], "GAMELIB", tmp_path)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text('"""Doc."""\nfrom .a import b\n__all__ = ["b"]\n__all__ += ["c"]\n'
                                                  "def __getattr__(name):\n    raise AttributeError(name)\n")
    assert _exports_only("pkg/__init__.py")
    (tmp_path / "pkg" / "__init__.py").write_text('"""Doc."""\nfrom .a import b\nLIMIT = 3\n')
    assert not _exports_only("pkg/__init__.py")
    (tmp_path / "pkg" / "__init__.py").write_text("from .a import b\ndef helper():\n    pass\n")
    assert not _exports_only("pkg/__init__.py")
    (tmp_path / "pkg" / "a.py").write_text('"""Doc."""\nfrom .b import c\n')
    assert not _exports_only("pkg/a.py")                        # only package entries

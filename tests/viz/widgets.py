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

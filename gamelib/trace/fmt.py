"""Numbers as the kit writes them, in pictures, widgets, explanations and feedback alike.

* :func:`fmt_value`: a value as a trace holds it, α and β included: ``3``, ``2.1``, ``+∞``, ``−∞``
  (what the tree pictures and :func:`~gamelib.trace.describe_event` print).
* :func:`tidy`: floating-point dust rounded away for display (0.9·1 + 0.1·4 = 1.3000000000000003
  shows as 1.3), and :func:`interval_text`, an interval ``[lo, hi]`` so tidied.
* :func:`fmt_number` and :func:`fmt_vector`: utilities as students write them, simple fractions as
  fractions (``1/3``), a utility vector as ``(1, 2, 6)`` (max^n's values).
* :func:`counted`: a count and its noun, singular or plural (``1 state``, ``16 states``).
"""
from __future__ import annotations

import math
from fractions import Fraction


def fmt_value(v) -> str:
    """``v`` as the tree pictures write it: '' for None, ``+∞`` / ``−∞``, a float by ``:g``."""
    if v is None:
        return ""
    if math.isinf(v):
        return "+∞" if v > 0 else "−∞"
    return f"{v:g}" if isinstance(v, float) else str(v)


def tidy(x):
    """Round away floating-point dust (0.9·1 + 0.1·4 = 1.3000000000000003) for display only; a whole
    float becomes an int (2.0 -> 2).  Anything but a finite float is returned as it is."""
    if isinstance(x, float) and math.isfinite(x):
        r = round(x, 9)
        return int(r) if r == int(r) else r
    return x


def interval_text(lo, hi) -> str:
    """``[lo, hi]`` with both ends tidied: ``[0.9, 1.3]``."""
    return f"[{fmt_value(tidy(lo))}, {fmt_value(tidy(hi))}]"


def fmt_number(x) -> str:
    """A utility as students write it: 3, −2, 1/3, 0.25 (simple fractions shown as fractions)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return str(x)
    if isinstance(x, float) and math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if float(x).is_integer():
        return str(int(x)).replace("-", "−")
    f = Fraction(x).limit_denominator(12)
    if abs(float(f) - x) < 1e-9:
        return f"{f.numerator}/{f.denominator}".replace("-", "−")
    return f"{x:.3g}".replace("-", "−")


def fmt_vector(v) -> str:
    """``(1, 2, 6)``; a number alone as itself; None as ''."""
    if v is None:
        return ""
    if isinstance(v, tuple):
        return "(" + ", ".join(fmt_number(x) for x in v) + ")"
    return fmt_number(v)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, the noun in the plural unless ``n`` is 1: ``1 hand``, ``2 hands``,
    ``2,000 playouts`` (``plural``: an irregular one)."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"

"""Pins that say what changed: a search's trace (or the words a widget says, step by step) kept as a short
string which, when the sequence changes, tells how, where it first differs and what is there now.

A pin reads ``"N | kind counts | c1 c2 c4 … | whole"``: the number of items; for a trace, how many events
of each kind (items without a kind, such as a line saying which search
follows, are not counted); the first three hex digits of the SHA-256 of the first 1, 2, 4, 8, … items; and sixteen of
the whole sequence's (each item is one line: an Event or other tuple as ``repr`` of its fields, anything
else as ``str``).  The whole digest decides pass or fail; the rest says what changed::

    check_pins({"ttt alphabeta": alphabeta(TicTacToe(), trace=True).trace}, PINS)
    # AssertionError: 1 of 1 pinned sequences changed:
    # * ttt alphabeta: 36,594 items, as pinned; 'prune' 4,236, pinned 4,237; 'exit' 6,731, pinned 6,730;
    #   items 1–4,096 as pinned, the first difference lies in items 4,097–8,192; from item 4,097
    #   it now reads: Event(kind='leaf', …); …

A pin records the sequence as it was when the pin was written, so a change meant to leave behaviour alone
keeps every pin, and one meant to change it updates the pins it changes in the same commit and says why
(the failure prints the new pins, ready to paste; so does :func:`print_pins`).
"""
from __future__ import annotations

import hashlib
from collections import Counter

SHOWN = 3           # new items quoted from where a sequence first differs


def _line(item) -> bytes:
    return ((repr(tuple(item)) if isinstance(item, tuple) else str(item)) + "\n").encode()


def _kinds(items) -> dict:
    """How many items of each kind, among those with a ``kind`` (a trace's Events)."""
    return dict(sorted(Counter(item.kind for item in items if hasattr(item, "kind")).items()))


def pin(items) -> str:
    """The pin of a sequence (see the module docstring)."""
    items = list(items)
    h = hashlib.sha256()
    checkpoints = []
    for n, item in enumerate(items, 1):
        h.update(_line(item))
        if n & (n - 1) == 0:                      # n is a power of two
            checkpoints.append(h.hexdigest()[:3])
    kinds = _kinds(items)
    return " | ".join([str(len(items)), ", ".join(f"{k} {c}" for k, c in kinds.items()) if kinds else "-",
                       " ".join(checkpoints), h.hexdigest()[:16]])


def difference(items, pinned: str) -> str | None:
    """None if ``items`` has the pin ``pinned``; else what changed, in words."""
    items = list(items)
    got = pin(items)
    if got == pinned:
        return None
    (n, kinds, checks, _), (was, old_kinds, old, _) = (p.split(" | ") for p in (got, pinned))
    n, was = int(n), int(was)
    said = [f"{n:,} item{'s' * (n != 1)}, " + ("as pinned" if n == was else f"pinned {was:,}")]
    if kinds != old_kinds:
        now, then = (dict((k, int(c)) for k, c in (part.split() for part in text.split(", ")))
                     if text != "-" else {} for text in (kinds, old_kinds))
        said += [f"{k!r} {now.get(k, 0):,}, pinned {then.get(k, 0):,}" for k in {**now, **then}
                 if now.get(k, 0) != then.get(k, 0)]
    same, upto = 0, min(n, was) + (n != was)      # the first difference lies among items same+1..upto
    for k, (a, b) in enumerate(zip(checks.split(), old.split())):     # the digests of the first 2**k items
        if a != b:
            upto = 2 ** k
            break
        same = 2 ** k
    said.append(f"{_items(1, same)} as pinned, the first difference lies in {_items(same + 1, upto)}"
                if same else "the first item differs already")
    if same < n:
        said.append(f"from item {same + 1:,} it now reads: " + "; ".join(map(repr, items[same:same + SHOWN])))
    return "; ".join(said)


def _items(first: int, last: int) -> str:
    return f"items {first:,}–{last:,}" if first < last else f"item {first:,}"


def check_pins(sequences: dict, pins: dict) -> None:
    """Assert that every sequence of ``sequences`` (name -> items) keeps its pin in ``pins``; the message
    says what changed in each one that does not (:func:`difference`), then gives the new pins to paste
    if the change is meant."""
    changed = {name: difference(items, pins[name]) for name, items in sequences.items()}
    changed = {name: why for name, why in changed.items() if why is not None}
    assert not changed, "\n".join([f"{len(changed)} of {len(sequences)} pinned sequences changed:",
                                   *(f"* {name}: {why}" for name, why in changed.items()),
                                   "if the change is meant, the new pins are:",
                                   _pin_lines({name: sequences[name] for name in changed})])


def _pin_lines(sequences: dict, width: int = 120) -> str:
    """``name: pin,`` lines, a long pin as adjacent strings broken at its spaces (the kit's lines are at
    most ``width`` characters)."""
    lines = []
    for name, items in sequences.items():
        head = f"    {name!r}: "
        words, parts = pin(items).split(" "), [""]
        for word in words:
            if parts[-1] and len(head) + 1 + len(repr(parts[-1] + " " + word)) + 2 > width:
                parts[-1] += " "
                parts.append(word)
            else:
                parts[-1] = f"{parts[-1]} {word}" if parts[-1] else word
        if len(parts) == 1:
            lines.append(f"{head}{parts[0]!r},")
        else:
            lines.append(f"{head}({parts[0]!r}")
            lines += [f"{' ' * (len(head) + 1)}{part!r}" for part in parts[1:]]
            lines[-1] += "),"
    return "\n".join(lines)


def print_pins(sequences: dict) -> None:
    """Print ``sequences``' pins as a dict's lines (name: pin), to paste into a test."""
    print(_pin_lines(sequences))

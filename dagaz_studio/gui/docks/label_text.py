"""What a panel's message label says of a user's own text: cut to a length a panel can hold, and
breakable where a run without spaces (a FEN, a pasted line) would otherwise set the label's width,
widening its panel past the window."""

from __future__ import annotations

from dagaz_studio.gui.field_length import UNSEEN_BREAK

#: The most characters a message label shows; the rest is cut with an ellipsis.
MOST_CHARS = 400
#: The longest run without a place to break that a label is given.
LONGEST_RUN = 16
#: Where a line may break, unseen.
_BREAK = UNSEEN_BREAK


def wrappable(text: str, most: int = MOST_CHARS) -> str:
    """``text`` cut to ``most`` characters, with an unseen break after each "/" and within every run of
    more than :data:`LONGEST_RUN` characters without a space."""
    if len(text) > most:
        text = text[:most - 1] + "…"
    out: list[str] = []
    run = 0
    for char in text:
        if char.isspace():
            run = 0
        elif run >= LONGEST_RUN:
            out.append(_BREAK)
            run = 0
        out.append(char)
        if char == "/":
            out.append(_BREAK)
            run = 0
        elif not char.isspace():
            run += 1
    return "".join(out)


def unbroken(text: str) -> str:
    """``text`` without the breaks :func:`wrappable` put in (what a label shows, as the user wrote it)."""
    return text.replace(_BREAK, "")

"""The words a trace says of a one-letter check of a square (``[p]`` empty, ``[e]`` enemy, ``[f]``
friend, ``[a]`` attacked, ``[s]`` defended, ``[m]`` moved, ``[r]`` visited, ``[l]``/``[t]`` the previous
move's start and end, ``[b]`` where the move began, ``[c]`` captured on; docs/notation.md, sections 5
and 7)."""

from __future__ import annotations

from dagaz_studio.engine.run_state import State


def explain_check(st: State, letter: str, square: int, ok: bool) -> str:
    """Why the check ``letter`` (upper case: negated) held or failed (``ok``) on ``square``, in words."""
    lower = letter.lower()
    held = ok == letter.islower()  # whether what the lower-case letter asks is so
    if lower in "pef":
        return st.who(square)
    if lower == "a":
        return f"{'an' if held else 'no'} enemy piece could capture there"
    if lower == "s":
        return f"{'a' if held else 'no'} friendly piece could recapture there"
    if lower == "m":
        return "the piece has moved before" if held else "the piece has not moved"
    if lower == "r":
        return f"the piece has {'' if held else 'not '}stood there in this move"
    if lower == "c":
        return f"this move {'has' if held else 'has not'} captured there"
    if lower == "b":
        return f"the move {'began' if held else 'did not begin'} there"
    if lower in "lt":
        which = "started" if lower == "l" else "ended"
        return f"the previous move {'' if held else 'did not '}{which} there"
    return ""

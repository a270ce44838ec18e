"""The words a trace says of a one-letter check of a square (``[p]`` empty, ``[e]`` enemy, ``[f]``
friend, ``[a]`` attacked, ``[s]`` defended, ``[m]`` moved, ``[r]`` visited, ``[l]``/``[t]`` the previous
move's start and end, ``[b]`` where the move began, ``[c]`` captured on; docs/notation.md, sections 5
and 7)."""

from __future__ import annotations

from dagaz_studio.engine.run_state import State


def explain_check(st: State, letter: str, square: int, ok: bool) -> str:
    """Why the check ``letter`` (upper case: negated) held or failed (``ok``) on ``square``, in words."""
    lower = letter.lower()
    if lower in "pef":
        return st.who(square)
    if lower == "a":
        return "an enemy piece could capture there" if (ok == letter.islower()) else "no enemy piece could capture there"
    if lower == "s":
        return "a friendly piece could recapture there" if (ok == letter.islower()) else "no friendly piece could recapture there"
    if lower == "m":
        moved = ok == letter.islower()
        return "the piece has moved before" if moved else "the piece has not moved"
    if lower == "r":
        seen = ok == letter.islower()
        return "the piece has stood there in this move" if seen else "the piece has not stood there in this move"
    if lower == "c":
        return f"this move {'has' if ok == letter.islower() else 'has not'} captured there"
    if lower == "b":
        return f"the move {'began' if ok == letter.islower() else 'did not begin'} there"
    if lower in "lt":
        hit = ok == letter.islower()
        which = "started" if lower == "l" else "ended"
        return f"the previous move {'' if hit else 'did not '}{which} there".replace("  ", " ")
    return ""

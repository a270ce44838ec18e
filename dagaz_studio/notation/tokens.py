"""The notation's tokens, classified for colouring (the notation editor's syntax highlighting).

Tokens come from the same lark lexer the parser uses, driven by the parser (the contextual lexer
needs to know where it is: ``+`` is a direction after ``(`` and a quantifier after a part). Where the
text stops being valid notation, the rest is classified character by character, so that colouring
does not vanish while the user is half-way through typing.
"""

from __future__ import annotations

from typing import NamedTuple

from lark.exceptions import LarkError

from dagaz_studio.notation.cancel import LOOK_EVERY, current_flag, look
from dagaz_studio.notation.collection import collector_paused
from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH, notation_grammar

#: Categories of tokens, each coloured differently by the editor.
CATEGORIES = ("direction", "group", "quantifier", "bracket", "check", "action", "reference", "separator")

_BY_TERMINAL = {
    "DIRECTIONS": "direction",
    "DIRECTION_SET": "direction",
    "NAV_DIRECTIONS": "direction",
    "LPAR": "group",
    "RPAR": "group",
    "QUANT": "quantifier",
    "LSQB": "bracket",
    "RSQB": "bracket",
    "GT": "bracket",
    "CHECK": "check",
    "LABELLED_CHECK": "check",
    "TYPE_CHECK": "check",
    "ZONE_CHECK": "check",
    "DIRECTION_CHECK": "reference",
    "PROMOTE": "check",
    "HANDLER": "check",
    "LIFT": "action",
    "PUT": "action",
    "CONTINUE": "action",
    "GROUP_REF": "reference",
    "SEMI": "separator",
    "COMMA": "separator",
}


class NotationToken(NamedTuple):
    """A classified piece of notation text: ``[start, end)`` and its category."""

    start: int
    end: int
    category: str


def notation_tokens(text: str) -> list[NotationToken]:
    """Classify ``text`` for colouring; never raises, whatever the text, unless cancelled.

    Inside :func:`~dagaz_studio.notation.cancel.cancellable`, a set flag stops it with
    :class:`~dagaz_studio.notation.cancel.ReadingCancelled`.

    A text longer than the parser reads (:data:`MAX_NOTATION_LENGTH`) is not parsed: its first
    characters are classified one by one, the rest is left plain, and the parser's error says why.
    """
    if len(text) > MAX_NOTATION_LENGTH:
        return _guess(text[:MAX_NOTATION_LENGTH], 0)
    tokens: list[NotationToken] = []
    valid_until = 0
    flag = current_flag()
    read = 0
    try:
        with collector_paused():
            for token in notation_grammar().parse_interactive(text).iter_parse():
                read += 1
                if read % LOOK_EVERY == 0:
                    look(flag)
                if token.type == "$END" or token.start_pos is None:
                    continue
                category = _BY_TERMINAL.get(token.type)
                if category is not None and token.end_pos is not None:
                    tokens.append(NotationToken(token.start_pos, token.end_pos, category))
                if token.end_pos is not None:
                    valid_until = token.end_pos
        return tokens
    except LarkError:
        pass
    return tokens + _guess(text, valid_until)


def _guess(text: str, start: int) -> list[NotationToken]:
    """Characters after the point where the parse stopped, by what they usually are."""
    out: list[NotationToken] = []
    in_bracket = text.count("[", 0, start) > text.count("]", 0, start)
    i = start
    while i < len(text):
        char = text[i]
        category = None
        width = 1
        if char in "\\~" and i + 1 < len(text) and text[i + 1] in "0123456789":
            category, width = "reference", 2
        elif char == "[":
            category, in_bracket = "bracket", True
        elif char == "]":
            category, in_bracket = "bracket", False
        elif in_bracket and char.isalnum():
            category = "check"
        elif char in "NSWEMORTUDX":
            category = "direction"
        elif char in "()":
            category = "group"
        elif char in "?{}" or (char in "*+" and i > 0 and text[i - 1] not in " (;,"):
            category = "quantifier"
        elif char in "*+":
            category = "direction"
        elif char in "^|&":
            category = "action"
        elif char in ";,":
            category = "separator"
        if category is not None:
            out.append(NotationToken(i, i + width, category))
        i += width
    return out

"""Questions the window and the command line put to the rules, answered the same way for both.

A layer between :mod:`dagaz_studio.names` and the window: plain Python, no Qt. Each question is a
frozen dataclass (safe to hand to another thread) and each answer a dataclass of results and
sentences for the user.

Each name is imported from its module when first asked for: a command that asks one question does
not import what the others need (the notation parser, English readings, traces, move names).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: Each name this package offers -> its module.
_WHERE = {
    "CheckAnswer": "check", "CheckQuery": "check", "Deadline": "check", "answer_check": "check",
    "royals_in_check": "check",
    "ExplainAnswer": "explanation", "ExplainQuery": "explanation", "answer_explanation": "explanation",
    "MoveNameAnswer": "move_reading", "MoveNameQuery": "move_reading", "read_move_name": "move_reading",
    "MAX_NOTATION_CHARS": "notation_reading", "NotationQuery": "notation_reading",
    "NotationReading": "notation_reading", "read_notation": "notation_reading", "too_long": "notation_reading",
    "MovesAnswer": "moves", "MovesQuery": "moves", "answer_moves": "moves", "place_typed_piece": "moves",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from dagaz_studio.queries.check import CheckAnswer, CheckQuery, Deadline, answer_check, royals_in_check
    from dagaz_studio.queries.explanation import ExplainAnswer, ExplainQuery, answer_explanation
    from dagaz_studio.queries.move_reading import MoveNameAnswer, MoveNameQuery, read_move_name
    from dagaz_studio.queries.moves import MovesAnswer, MovesQuery, answer_moves, place_typed_piece
    from dagaz_studio.queries.notation_reading import (
        MAX_NOTATION_CHARS,
        NotationQuery,
        NotationReading,
        read_notation,
        too_long,
    )

__all__ = [
    "CheckAnswer", "CheckQuery", "Deadline", "answer_check", "ExplainAnswer", "ExplainQuery", "answer_explanation",
    "MAX_NOTATION_CHARS", "NotationQuery", "NotationReading", "read_notation", "too_long",
    "MoveNameAnswer", "MoveNameQuery", "MovesAnswer", "MovesQuery", "answer_moves", "place_typed_piece",
    "read_move_name", "royals_in_check",
]

"""Questions the window and the command line put to the rules, answered the same way for both.

A layer between :mod:`dagaz_studio.names` and the window: plain Python, no Qt. Each question is a
frozen dataclass (safe to hand to another thread) and each answer a dataclass of results and
sentences for the user.
"""

from dagaz_studio.queries.check import CheckAnswer, CheckQuery, Deadline, answer_check, royals_in_check
from dagaz_studio.queries.explanation import ExplainAnswer, ExplainQuery, answer_explanation
from dagaz_studio.queries.move_reading import MoveNameAnswer, MoveNameQuery, read_move_name
from dagaz_studio.queries.notation_reading import (
    MAX_NOTATION_CHARS,
    NotationQuery,
    NotationReading,
    read_notation,
    too_long,
)
from dagaz_studio.queries.moves import MovesAnswer, MovesQuery, answer_moves, place_typed_piece

__all__ = [
    "CheckAnswer", "CheckQuery", "Deadline", "answer_check", "ExplainAnswer", "ExplainQuery", "answer_explanation", "MAX_NOTATION_CHARS", "NotationQuery", "NotationReading", "read_notation", "too_long",
    "MoveNameAnswer", "MoveNameQuery", "MovesAnswer", "MovesQuery", "answer_moves", "place_typed_piece",
    "read_move_name", "royals_in_check",
]

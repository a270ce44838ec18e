"""A notation held for one board and one player (:class:`Program`): what the code writers, the caches
and the attack questions read of it, its names checked against the board when it is made.

It knows nothing of running the notation: every run is written code (:mod:`~dagaz_studio.engine.compiler`,
:mod:`~dagaz_studio.engine.trace_code`, :mod:`~dagaz_studio.engine.kind_compiler`,
:mod:`~dagaz_studio.engine.reach_code`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from dagaz_studio.board.model import Board, PieceType
from dagaz_studio.notation.cancel import current_flag, look
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import (
    CountCheck,
    Create,
    GroupStep,
    Navigate,
    Notation,
    Promote,
    Span,
    TypeCheck,
    ZoneCheck,
    walk,
)

#: Parts of a notation whose names are checked between two looks at the cancel flag of the reading.
NAMES_LOOK_EVERY = 64


class BoardNames(Protocol):
    """What a program reads of the rules it is made for: the board and its piece kinds by name."""

    @property
    def board(self) -> Board: ...
    @property
    def kind_index(self) -> Mapping[str, int]: ...


class Program:
    """A notation for one board and one player (with the piece it moves, and whether it is read in
    reach mode); raises NotationError when it names what the board lacks."""

    __slots__ = ("notation", "player", "player_name", "piece", "piece_name", "reach_mode")

    def __init__(self, rules: BoardNames, notation: Notation, player: int, piece: PieceType | None = None,
                 reach_mode: bool = False, cancel: Any = None) -> None:
        self.notation = notation
        self.player = player
        self.player_name = rules.board.players[player]
        self.piece = piece
        self.piece_name = piece.name if piece is not None else "piece"
        self.reach_mode = reach_mode
        check_names(rules, notation, reach_mode, cancel if cancel is not None else current_flag())


def check_names(rules: BoardNames, notation: Notation, reach_mode: bool = False, cancel: Any = None) -> None:
    """Raise NotationError for the first name in ``notation`` the board lacks (a piece type, a zone,
    a group); in reach mode, where every check passes, only groups are asked about."""
    for count, (message, span) in enumerate(_lacking(rules, notation, reach_mode)):
        if count % NAMES_LOOK_EVERY == 0:
            look(cancel)
        if message and span is not None:
            raise NotationError(message, notation.text, span)


def _lacking(rules: BoardNames, notation: Notation, reach_mode: bool) -> Iterator[tuple[str, Span | None]]:
    """For each part of ``notation``, what it names that the board lacks ("" when nothing)."""
    zones, kinds, groups = rules.board.zones, rules.kind_index, notation.group_count
    for node in walk(notation):
        message = ""
        span: Span | None = getattr(node, "span", None)
        if isinstance(node, GroupStep) and node.group > groups:
            message = f"'\\{node.group}' refers to a group that does not exist"
        elif isinstance(node, Navigate) and not node.negated:
            bad = next((nav for nav in node.path if nav.group is not None and nav.group > groups), None)
            if bad is not None:
                message, span = f"'\\{bad.group}' refers to a group that does not exist", bad.span
        elif reach_mode:
            pass
        elif isinstance(node, CountCheck):
            if node.zone is not None and node.zone not in zones:
                message = f"unknown zone '{node.zone}'"
            elif node.piece is not None and node.piece not in kinds:
                message = f"unknown piece type '{node.piece}'"
        elif isinstance(node, (TypeCheck, Create)) and node.name not in kinds:
            message = f"unknown piece type '{node.name}'"
        elif isinstance(node, ZoneCheck) and node.name not in zones:
            message = f"unknown zone '{node.name}'"
        elif isinstance(node, Promote):
            name = next((name for name in node.choices if name not in kinds), None)
            if name is not None:
                message = f"unknown piece type '{name}'"
        yield message, span

"""A notation held for one board and one player (:class:`Program`): what the code writers, the caches
and the attack questions read of it, its names checked against the board when it is made.

It knows nothing of running the notation: every run is written code (:mod:`~dagaz_studio.engine.compiler`,
:mod:`~dagaz_studio.engine.trace_code`, :mod:`~dagaz_studio.engine.kind_compiler`,
:mod:`~dagaz_studio.engine.reach_code`)."""

from __future__ import annotations

from collections.abc import Mapping
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
from dagaz_studio.notation.visitor import Visitor

#: What a program keeps where the rules have not made its code yet.
UNMADE: Any = object()

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
    reach mode); raises NotationError when it names what the board lacks. The code the rules make for
    it is kept with it: its compiled plan, its traced code, its compiled drop and its reach code
    (:data:`UNMADE` until made; ``None`` where none can be)."""

    __slots__ = ("notation", "player", "piece", "piece_name", "reach_mode", "plan", "traced", "drop", "reach")

    def __init__(self, rules: BoardNames, notation: Notation, player: int, piece: PieceType | None = None,
                 reach_mode: bool = False) -> None:
        self.notation = notation
        self.player = player
        self.piece = piece
        self.piece_name = piece.name if piece is not None else "piece"
        self.reach_mode = reach_mode
        self.plan: Any = UNMADE
        self.traced: Any = UNMADE
        self.drop: Any = UNMADE
        self.reach: Any = UNMADE
        check_names(rules, notation, reach_mode, current_flag())


def check_names(rules: BoardNames, notation: Notation, reach_mode: bool = False, cancel: Any = None) -> None:
    """Raise NotationError for the first name in ``notation`` the board lacks (a piece type, a zone,
    a group); in reach mode, where every check passes, only groups are asked about."""
    reader = _Lacking(rules, notation.group_count, reach_mode)
    for count, node in enumerate(walk(notation)):
        if count % NAMES_LOOK_EVERY == 0:
            look(cancel)
        lacking = reader.visit(node)
        if lacking is not None:
            raise NotationError(lacking[0], notation.text, lacking[1])


class _Lacking(Visitor[tuple[str, Span] | None]):
    """What one part of a notation names that the board lacks, and where (``None``: nothing)."""

    def __init__(self, rules: BoardNames, groups: int, reach_mode: bool) -> None:
        self.zones, self.kinds, self.groups, self.reach_mode = rules.board.zones, rules.kind_index, groups, reach_mode

    def _group(self, group: int | None, span: Span) -> tuple[str, Span] | None:
        if group is not None and group > self.groups:
            return f"'\\{group}' refers to a group that does not exist", span
        return None

    def _unknown(self, name: str | None, span: Span, what: str = "piece type") -> tuple[str, Span] | None:
        """A piece type's ``name`` (or a zone's, ``what``) the board lacks; reach mode asks none."""
        if self.reach_mode or name is None or name in (self.kinds if what == "piece type" else self.zones):
            return None
        return f"unknown {what} '{name}'", span

    def visit_group_step(self, node: GroupStep) -> tuple[str, Span] | None:
        return self._group(node.group, node.span)

    def visit_navigate(self, node: Navigate) -> tuple[str, Span] | None:
        if node.negated:
            return None
        return next((lacking for nav in node.path if (lacking := self._group(nav.group, nav.span))), None)

    def visit_count_check(self, node: CountCheck) -> tuple[str, Span] | None:
        return self._unknown(node.zone, node.span, "zone") or self._unknown(node.piece, node.span)

    def visit_type_check(self, node: TypeCheck | Create) -> tuple[str, Span] | None:
        return self._unknown(node.name, node.span)

    visit_create = visit_type_check

    def visit_zone_check(self, node: ZoneCheck) -> tuple[str, Span] | None:
        return self._unknown(node.name, node.span, "zone")

    def visit_promote(self, node: Promote) -> tuple[str, Span] | None:
        return next((lacking for name in node.choices if (lacking := self._unknown(name, node.span))), None)

    def visit_other(self, node: object, *context: object) -> None:
        return None

"""The names a notation uses: the piece types and zones it writes (``=Rook``, ``+Queen/Rook``,
``*Arrow``, ``@promotion``, ``[=1-:Pawn@camp]``), each with where it is written and what for; and
whether it reads a piece's run of moves (``[u0-2]``).

A board checks these names against its own (an unknown piece type or zone is an error at the place
it is written), and works out from them which pieces castle with which, and what a promoted piece
is demoted to.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from dagaz_studio.notation.nodes import (
    BracketItem,
    CountCheck,
    Create,
    Lift,
    Node,
    Notation,
    Promote,
    RunCheck,
    TypeCheck,
    ZoneCheck,
    walk,
)
from dagaz_studio.notation.visitor import Visitor

__all__ = ["CREATES", "NameUse", "PROMOTES", "STANDS", "COUNTS", "IN_ZONE", "lifts_pieces", "name_uses", "reads_runs"]

#: What a name is used for.
STANDS = "stands"  # =Name, !=Name: a piece of that type stands on the square
PROMOTES = "promotes"  # +Name/Other: the piece becomes one
CREATES = "creates"  # *Name: a new one appears
COUNTS = "counts"  # [=n:Name]: the mover's pieces of that type are counted
IN_ZONE = "in zone"  # @zone, [=n@zone]: a zone's name


class NameUse(NamedTuple):
    """One name written in a notation."""

    name: str
    #: What for: :data:`STANDS`, :data:`PROMOTES`, :data:`CREATES`, :data:`COUNTS` (piece types) or
    #: :data:`IN_ZONE` (a zone).
    use: str
    #: Where the name is written, as an offset into the notation's text.
    start: int
    #: Written negated (``!=Name``, ``!@zone``).
    negated: bool = False

    @property
    def is_zone(self) -> bool:
        """Whether the name is a zone's (else a piece type's)."""
        return self.use == IN_ZONE


_CHOICE = re.compile(r"[^+?/\s]+")


class _Names(Visitor[list[NameUse]]):
    """The names one node writes (its children are walked by :func:`name_uses`)."""

    def visit_type_check(self, node: TypeCheck, text: str) -> list[NameUse]:
        return [NameUse(node.name, STANDS, node.span.start, node.negated)]

    def visit_promote(self, node: Promote, text: str) -> list[NameUse]:
        # Each choice is found in the written text ("+?Queen/Rook"), for where it stands.
        offsets = [match.start() for match in _CHOICE.finditer(node.span.slice(text))]
        return [NameUse(choice, PROMOTES, node.span.start + offset) for choice, offset in zip(node.choices, offsets)]

    def visit_create(self, node: Create, text: str) -> list[NameUse]:
        return [NameUse(node.name, CREATES, node.span.start + 1)]

    def visit_zone_check(self, node: ZoneCheck, text: str) -> list[NameUse]:
        return [NameUse(node.name, IN_ZONE, node.span.start, node.negated)]

    def visit_count_check(self, node: CountCheck, text: str) -> list[NameUse]:
        out = []
        if node.zone is not None:
            out.append(NameUse(node.zone, IN_ZONE, node.span.start))
        if node.piece is not None:
            out.append(NameUse(node.piece, COUNTS, node.span.start))
        return out

    def visit_other(self, node: Node | BracketItem | Notation, *context: Any) -> list[NameUse]:
        return []


_NAMES = _Names()


def name_uses(notation: Notation) -> list[NameUse]:
    """Every piece type's and zone's name ``notation`` writes, in the order written."""
    return [use for node in walk(notation) for use in _NAMES.visit(node, notation.text)]


class _Written(Visitor[str]):
    """What a node writes that a board asks about: a run check (``[u0-2]``), a lift (``^``), or ``""``."""

    def visit_run_check(self, node: RunCheck) -> str:
        return "run check"

    def visit_lift(self, node: Lift) -> str:
        return "lift"

    def visit_other(self, node: Node | BracketItem | Notation, *context: Any) -> str:
        return ""


_WRITTEN = _Written()


def reads_runs(notation: Notation) -> bool:
    """Whether ``notation`` asks how many moves in a row a piece has made (``[u0-2]``)."""
    return any(_WRITTEN.visit(node) == "run check" for node in walk(notation))


def lifts_pieces(notation: Notation) -> bool:
    """Whether ``notation`` lifts a piece (``^``): only a notation that does can carry a partner along,
    as castling carries the Rook."""
    return any(_WRITTEN.visit(node) == "lift" for node in walk(notation))

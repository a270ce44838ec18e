"""Reading board files (see ``docs/boards.md``) into :class:`~dagaz_studio.board.model.Board`.

A file is read in two passes. The first splits it into statements and parses each with the grammar in
``board.lark`` (:mod:`~dagaz_studio.board.statements`). The second gives the statements their meaning,
in an order that lets any statement refer to what another defines further down (a King's notation
may name the Rook): the board's shape (:mod:`~dagaz_studio.board.geometry`), then its pieces and
what refers to them (:mod:`~dagaz_studio.board.pieces`). Every problem found is collected, with its
file position, and reported together in one :class:`BoardFileError`. The shipped boards and finding
a board by name are :mod:`~dagaz_studio.board.shipped`.
"""

from __future__ import annotations

from pathlib import Path

from lark import Token, Tree

from dagaz_studio.board.drop_rules import drop_zones
from dagaz_studio.board.endings import EndingReader
from dagaz_studio.board.kinds import DEFAULT, KINDS, BoardKind
from dagaz_studio.board.model import Board, DrawHints, PieceType, Zone
from dagaz_studio.board.piece_test_reader import TestReader
from dagaz_studio.board.problems import Problem
from dagaz_studio.board.shipped import load_board, resolve_board, shipped_boards, shipped_family
from dagaz_studio.board.statements import (
    KNOWN_RULES,
    MAX_BOARD_FILE,
    MAX_SQUARES,
    BoardFileError,
    BoardReadError,
    Statement,
    split_statements,
)

__all__ = [
    "KNOWN_RULES", "MAX_BOARD_FILE", "MAX_SQUARES", "BoardFileError", "BoardReadError", "Problem", "load_board",
    "parse_board", "resolve_board", "shipped_boards", "shipped_family", "split_statements",
]


class _Loader(TestReader, EndingReader):
    """Gives parsed statements their meaning; collects problems instead of stopping at the first."""

    def load(self) -> Board | None:
        """The board, or ``None`` when problems were found (they are in :attr:`problems`)."""
        by_rule: dict[str, list[tuple[Tree[Token], Statement]]] = {}
        for rule, tree, statement in self.statements:
            by_rule.setdefault(rule, []).append((tree, statement))

        def each(rule: str) -> list[tuple[Tree[Token], Statement]]:
            return by_rule.get(rule, [])

        self.name = self._name(each("name_line"), each("name_stmt"))
        self.kind = self._kind(each("kind_stmt"))
        grid_ok = self._grid(each("grid_stmt"))
        self.players = self._players(each("players_stmt"))
        self.directions: dict[str, tuple[int | None, ...]] = {}
        self.symmetries: dict[str, dict[str, str]] = {}
        self.zones: dict[str, Zone] = {}
        if grid_ok:
            self._directions(each("direction_stmt"))
            self._zones(each("zone_stmt"))
        self._symmetries(each("symmetry_stmt"))
        self.pieces: dict[str, PieceType] = {}
        self.lettered = {}
        self._pieces(each("piece_stmt"), check_zones=grid_ok)
        self.rules = self._rules(each("rule_stmt"))
        self.drops = self._drops(each("drop_stmt"))
        by_zone = drop_zones(each("drop_zone_stmt"), self.pieces, self.lettered, self.drops, self.zones, grid_ok,
                             self.report_token)
        self.gate = self._gate(each("gate_stmt"))
        self.draw = DrawHints()
        if grid_ok:
            self._draw(each("draw_stmt"))
        self.setup: str | None = None
        self.names = self._names(each("names_stmt"))
        self.name_letters = self._name_letters(each("name_letter_stmt"))
        self.values = self._values(each("value_stmt"))
        self.ends = self._ends(each("end_stmt"), check_zones=grid_ok)
        setup_statements = each("setup_stmt")
        if grid_ok:
            self._setup(setup_statements)
        tests = self._tests(each("test_stmt"), grid_ok)
        if self.problems:
            return None
        return Board(
            name=self.name,
            kind=self.kind.name,
            column_names=self.column_names,
            row_names=self.row_names,
            squares=self.squares,
            column_of=self.column_of,
            row_of=self.row_of,
            directions=self.directions,
            players=self.players,
            symmetries=self.symmetries,
            zones=self.zones,
            pieces=self.pieces,
            setup=self.setup,
            rules=self.rules,
            draw=self.draw,
            source=None if self.filename.startswith("<") else self.filename,
            names=self.names,
            name_letters=self.name_letters,
            values=self.values,
            drops=self.drops,
            gate=self.gate,
            demotions=self.demotions,
            level_names=self.level_names,
            level_of=self.level_of,
            tests=tests,
            ends=self.ends,
            drop_unmoved=by_zone["drop-unmoved"],
            drop_balanced=by_zone["drop-balanced"],
        )

    def _name(self, lines: list[tuple[Tree[Token], Statement]], stmts: list[tuple[Tree[Token], Statement]]) -> str:
        # The first bare word is the name; a later bare word is more likely a misspelt keyword.
        for _tree, statement in lines[1:]:
            self.report(statement, 0, f"unknown statement '{statement.text}'")
        named = self._once(stmts, "the name")
        if lines and named:
            self.report(named[1], 0, f"the name already given on line {lines[0][1].positions[0][0]}")
        if named:
            return str(named[0].children[0])
        if lines:
            return str(lines[0][0].children[0])
        stem = Path(self.filename).stem
        return stem if not self.filename.startswith("<") else "board"

    def _kind(self, items: list[tuple[Tree[Token], Statement]]) -> BoardKind:
        given = self._once(items, "the kind")
        if given is None:
            return DEFAULT
        token = given[0].children[0]
        kind = KINDS.get(str(token))
        if kind is None:
            self.report_token(given[1], token, f"unknown kind '{token}' (known: {', '.join(KINDS)})")
            return DEFAULT
        return kind


def parse_board(text: str, filename: str = "<board>") -> Board:
    """The board a board file's text describes.

    ``filename`` is used in problem reports. Raises :class:`BoardFileError` listing every problem found.
    """
    if len(text) > MAX_BOARD_FILE:
        raise BoardFileError([Problem(filename, 1, 1, f"{len(text):,} characters: a board file has at most "
                                                      f"{MAX_BOARD_FILE:,}")])
    loader = _Loader(text, filename)
    board = loader.load()
    if board is None:
        raise BoardFileError(loader.problems)
    return board


"""Reading board files (see ``docs/boards.md``) into :class:`~dagaz_studio.board.model.Board`.

A file is read in two passes. The first splits it into statements and parses each with the grammar in
``board.lark`` (:mod:`~dagaz_studio.board.statements`). The second gives the statements their meaning,
in an order that lets any statement refer to what another defines further down (a King's notation
may name the Rook): the board's shape (:mod:`~dagaz_studio.board.geometry`), then its pieces and
what refers to them (:mod:`~dagaz_studio.board.pieces`), then its endings
(:mod:`~dagaz_studio.board.endings`) and tests (:mod:`~dagaz_studio.board.piece_test_reader`). Each
is a reader the loader owns and calls in turn, each reading its own statements into its own part
of the board. Every problem found is collected, with its file position, by one
:class:`~dagaz_studio.board.statements.Reporter`, and reported together in one :class:`BoardFileError`;
but a board whose only problems are in ``test`` statements loads, those tests kept unreadable with
their problems (the others run, and ``check`` and ``test`` report them).
The shipped boards and finding a board by name are :mod:`~dagaz_studio.board.shipped`, which reads
through this module.
"""

from __future__ import annotations

from pathlib import Path

from lark import Token, Tree

from dagaz_studio.board.drop_rules import drop_zones
from dagaz_studio.board.endings import EndingReader
from dagaz_studio.board.geometry import GeometryReader
from dagaz_studio.board.kinds import DEFAULT, KINDS, BoardKind
from dagaz_studio.board.model import Board
from dagaz_studio.board.piece_test_reader import TestReader, is_test_statement
from dagaz_studio.board.pieces import PieceReader
from dagaz_studio.board.problems import Problem, echoed
from dagaz_studio.board.statements import (
    KNOWN_RULES,
    MAX_BOARD_FILE,
    MAX_SQUARES,
    BoardFileError,
    BoardReadError,
    Reporter,
    Statement,
    read_statements,
    split_statements,
)

__all__ = [
    "KNOWN_RULES", "MAX_BOARD_FILE", "MAX_SQUARES", "BoardFileError", "BoardReadError", "Problem", "parse_board",
    "split_statements",
]


class _Loader:
    """Gives parsed statements their meaning, through a reader for each part of the board, in an
    order that lets each read what the earlier ones found; collects problems instead of stopping at
    the first."""

    def __init__(self, text: str, filename: str) -> None:
        self.filename = filename
        self.reporter = Reporter(filename)
        self.statements = read_statements(text, self.reporter)

    @property
    def problems(self) -> list[Problem]:
        """Every problem found so far, in the order found."""
        return self.reporter.problems

    def load(self) -> Board | None:
        """The board, or ``None`` when problems were found (they are in :attr:`problems`) beyond
        unreadable tests (which the board carries)."""
        by_rule: dict[str, list[tuple[Tree[Token], Statement]]] = {}
        for rule, tree, statement in self.statements:
            by_rule.setdefault(rule, []).append((tree, statement))

        def each(rule: str) -> list[tuple[Tree[Token], Statement]]:
            return by_rule.get(rule, [])

        name = self._name(each("name_line"), each("name_stmt"))
        kind = self._kind(each("kind_stmt"))
        geometry = GeometryReader(self.reporter)
        grid_ok = geometry.read_grid(each("grid_stmt"))
        geometry.read_players(each("players_stmt"))
        if grid_ok:
            geometry.read_directions(each("direction_stmt"))
            geometry.read_zones(each("zone_stmt"))
        geometry.read_symmetries(each("symmetry_stmt"))
        pieces = PieceReader(self.reporter, geometry, name, kind)
        pieces.read_pieces(each("piece_stmt"), check_zones=grid_ok)
        rules = pieces.read_rules(each("rule_stmt"))
        drops = pieces.read_drops(each("drop_stmt"))
        by_zone = drop_zones(each("drop_zone_stmt"), pieces.pieces, pieces.lettered, drops, geometry.zones, grid_ok,
                             self.reporter.report_token)
        gate = pieces.read_gate(each("gate_stmt"))
        if grid_ok:
            geometry.read_draw(each("draw_stmt"), pieces.lettered)
        names = pieces.read_names(each("names_stmt"))
        name_letters = pieces.read_name_letters(each("name_letter_stmt"))
        values = pieces.read_values(each("value_stmt"))
        ends = EndingReader(self.reporter, geometry, pieces).read_ends(each("end_stmt"), check_zones=grid_ok)
        setup_statements = each("setup_stmt")
        if grid_ok:
            pieces.read_setup(setup_statements)
        tests = TestReader(self.reporter, geometry, pieces).read_tests(each("test_stmt"), grid_ok)
        # A bad test is that test's problem (it is kept, unreadable, among the tests), not the board's.
        if len(self.reporter.sources) < len(self.problems) or not all(
                is_test_statement(statement) for statement in self.reporter.sources.values()):
            return None
        return Board(
            name=name,
            kind=kind.name,
            column_names=geometry.column_names,
            row_names=geometry.row_names,
            squares=geometry.squares,
            column_of=geometry.column_of,
            row_of=geometry.row_of,
            directions=geometry.directions,
            players=geometry.players,
            symmetries=geometry.symmetries,
            zones=geometry.zones,
            pieces=pieces.pieces,
            setup=pieces.setup,
            rules=rules,
            draw=geometry.draw,
            source=None if self.filename.startswith("<") else self.filename,
            names=names,
            name_letters=name_letters,
            values=values,
            drops=drops,
            gate=gate,
            demotions=pieces.demotions,
            level_names=geometry.level_names,
            level_of=geometry.level_of,
            tests=tests,
            ends=ends,
            drop_unmoved=by_zone["drop-unmoved"],
            drop_balanced=by_zone["drop-balanced"],
        )

    def _name(self, lines: list[tuple[Tree[Token], Statement]], stmts: list[tuple[Tree[Token], Statement]]) -> str:
        # The first bare word is the name; a later bare word is more likely a misspelt keyword.
        for _tree, statement in lines[1:]:
            self.reporter.report(statement, 0, f"unknown statement '{echoed(statement.text)}'")
        named = self.reporter.once(stmts, "the name")
        if lines and named:
            self.reporter.report(named[1], 0, f"the name already given on line {lines[0][1].positions[0][0]}")
        if named:
            return str(named[0].children[0])
        if lines:
            return str(lines[0][0].children[0])
        stem = Path(self.filename).stem
        return stem if not self.filename.startswith("<") else "board"

    def _kind(self, items: list[tuple[Tree[Token], Statement]]) -> BoardKind:
        given = self.reporter.once(items, "the kind")
        if given is None:
            return DEFAULT
        token = given[0].children[0]
        kind = KINDS.get(str(token))
        if kind is None:
            self.reporter.report_token(given[1], token, f"unknown kind '{echoed(token)}' (known: {', '.join(KINDS)})")
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


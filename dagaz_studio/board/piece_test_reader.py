"""Board files, the ``test`` statements: each read into a :class:`~dagaz_studio.board.piece_tests.PieceTest`,
its words checked against the board (squares, pieces, players, the FEN's placement, a typed notation),
every problem reported where it is written. Running them is :mod:`dagaz_studio.queries.piece_tests`."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token, Tree

from dagaz_studio.board.geometry import GeometryReader
from dagaz_studio.board.model import PieceType
from dagaz_studio.board.piece_tests import REACH_EXPECTATIONS, PieceTest
from dagaz_studio.board.pieces import PieceReader
from dagaz_studio.board.problems import Problem, echoed
from dagaz_studio.board.source import SourcePosition
from dagaz_studio.board.statements import Reporter, Statement, statement_rule

#: A reach test's square: ``e4``, or ``xe4`` where a move takes the piece standing there.
_MARK = re.compile(r"(x?)(.+)")
#: The expectations by their grammar rule.
_EXPECT = {"reaches_nothing": "exactly", "reaches_exactly": "exactly", "reaches_at_least": "at-least",
           "reaches_none_of": "none-of", "perft": "perft", "legal": "legal", "illegal": "illegal"}
#: The deepest perft a test may ask: deeper counts take minutes on the larger boards.
MAX_TEST_DEPTH = 6
#: The most digits of a perft count a test may give: more than any position's moves to depth 6 make.
MAX_COUNT_DIGITS = 30
#: A draughts PDN FEN (``W:W31,32:B1``), as :func:`dagaz_studio.pdn.is_pdn_fen` tells it (the loader
#: does not import the package, which stands above it): no board FEN begins with a letter and a colon.
_PDN_FEN = re.compile(r"\s*[WB]\s*:")
#: A test statement's name, read even where the statement is not.
_NAME = re.compile(r"test\s+([A-Za-z0-9_][A-Za-z0-9_\-]*)")


def is_test_statement(statement: Statement) -> bool:
    """Whether ``statement`` is a ``test`` statement (read or not)."""
    rule = statement_rule(statement.text)
    return rule is not None and rule[0] == "test_stmt"


def unreadable_test(statement: Statement, problems: list[Problem], read: PieceTest | None = None) -> PieceTest:
    """A test statement that cannot be read, as a test that carries its problems (never run, never
    passing), named as written (``line N`` when no name can be read); ``read``: as far as it was."""
    name = _NAME.match(statement.text)
    at = SourcePosition(*statement.where(name.start(1) if name else 0))
    if read is not None:
        return replace(read, problems=tuple(problems))
    return PieceTest(name.group(1) if name else f"line {at.line}", at, "exactly", problems=tuple(problems))


def _token(node: object) -> Token:
    """A parse tree's child that the grammar makes a token."""
    assert isinstance(node, Token)
    return node


class TestReader:
    """The ``test`` statements, read against the board's squares, players and pieces (so after them);
    problems go to the reporter, not raised."""

    def __init__(self, reporter: Reporter, geometry: GeometryReader, piece_reader: PieceReader) -> None:
        self.reporter = reporter
        self.geometry = geometry
        self.piece_reader = piece_reader

    def read_tests(self, items: list[tuple[Tree[Token], Statement]], grid_ok: bool) -> tuple[PieceTest, ...]:
        """The piece tests, in file order; on a board without a usable grid only their names are checked.

        A test statement with a problem (reported, as every problem is, also one found before, as its
        syntax) is among them as an unreadable test (:func:`unreadable_test`): the loader keeps
        the board when all its problems are its tests'."""
        read: dict[int, tuple[Statement, PieceTest | None]] = {}
        seen: dict[str, int] = {}
        # A test statement that could not be parsed still names its test: one of the same name
        # after it (or before it) is given twice, as between readable ones.
        parsed = {id(statement) for _tree, statement in items}
        unparsed = {id(statement): statement for statement in self.reporter.sources.values()
                    if id(statement) not in parsed and is_test_statement(statement)}
        every: list[tuple[Tree[Token] | None, Statement]] = [*items, *((None, s) for s in unparsed.values())]
        for tree, statement in sorted(every, key=lambda item: item[1].positions[0]):
            name_match = _NAME.match(statement.text)
            if tree is not None:
                name, offset = str(tree.children[0]), _token(tree.children[0]).start_pos or 0
            elif name_match is not None:
                name, offset = name_match.group(1), name_match.start(1)
            else:
                continue
            if name in seen:
                self.reporter.report(statement, offset, f"test '{echoed(name)}' already given on line {seen[name]}")
                continue
            seen[name] = statement.where(offset)[0]
            if tree is None or not grid_ok:
                continue
            read[id(statement)] = statement, self._test(tree, statement)
        problems: dict[int, list[Problem]] = {}
        for index, statement in self.reporter.sources.items():
            if is_test_statement(statement):
                problems.setdefault(id(statement), []).append(self.reporter.problems[index])
                read.setdefault(id(statement), (statement, None))
        tests = []
        for key, (statement, test) in sorted(read.items(), key=lambda item: item[1][0].positions[0]):
            if key in problems:
                tests.append(unreadable_test(statement, problems[key], test))
            elif test is not None:
                tests.append(test)
        return tuple(tests)

    def _test_where(self, statement: Statement, token: Token, skip: int = 0) -> SourcePosition:
        return SourcePosition(*statement.where((token.start_pos or 0) + skip))

    def _test(self, tree: Tree[Token], statement: Statement) -> PieceTest | None:
        name_token = _token(tree.children[0])
        fields: dict[str, Any] = {"name": str(name_token), "at": self._test_where(statement, name_token)}
        ok = True
        parts = [child for child in tree.children[1:] if isinstance(child, Tree)]
        expect_tree = parts[-1]
        fields["expect"] = expect = _EXPECT[str(expect_tree.data)]
        for part in parts[:-1]:
            kind = str(part.data)
            if kind == "test_setup" or kind == "test_fen":
                ok = self._test_position(part, statement, fields) and ok
            elif kind in ("test_at", "test_drop") and not self._test_piece(part, statement, fields):
                ok = False
        if ok and "fen" not in fields and not self.piece_reader.setup:
            self.reporter.report_token(statement, name_token, "the test has no position: the board has no setup, "
                              "so write one ('fen …')")
            return None
        has_piece = any(str(part.data) in ("test_at", "test_drop") for part in parts[:-1])
        if expect in REACH_EXPECTATIONS:
            if not has_piece:
                self.reporter.report_token(statement, name_token, "a reach test names its piece first: 'at SQUARE' or 'drop PIECE'")
                return None
            marks = self._test_marks(expect_tree, statement)
            if marks is None or not ok:
                return None
            fields["marks"] = marks
        else:
            if has_piece:
                self.reporter.report_token(statement, name_token, f"a {expect} test is about the whole position: "
                                  "it names no piece ('at …', 'drop …')")
                return None
            if expect == "perft" and not self._test_perft(expect_tree, statement, fields):
                return None
            if expect in ("legal", "illegal"):
                token = _token(expect_tree.children[0])
                fields["move"], fields["move_at"] = str(token), self._test_where(statement, token)
        return PieceTest(**fields) if ok else None

    def _test_position(self, part: Tree[Token], statement: Statement, fields: dict[str, Any]) -> bool:
        if str(part.data) == "test_setup":
            if not self.piece_reader.setup:
                self.reporter.report(statement, 0, "the test's position is the setup, but the board has no setup")
                return False
            return True
        tokens = [_token(child) for child in part.children]
        first = tokens[0].start_pos or 0
        last = tokens[-1]
        end = (last.start_pos or 0) + len(last)
        fen = statement.text[first:end]
        fields["fen"], fields["fen_at"] = fen, self._test_where(statement, tokens[0])
        fields["fen_fields_at"] = tuple(self._test_where(statement, token) for token in tokens)
        if _PDN_FEN.match(fen):
            return True  # read where the test runs, by the board's numbered squares (queries.piece_tests)
        problem = self.piece_reader.fen_problem(fen)
        if problem is not None:
            self.reporter.report(statement, first + problem[0], f"test FEN: {problem[1]}")
            return False
        return True

    def _test_player(self, statement: Statement, token: Token) -> int | None:
        if str(token) in self.geometry.players:
            return self.geometry.players.index(str(token))
        self.reporter.report_token(statement, token, f"unknown player '{echoed(token)}' (players: {', '.join(self.geometry.players)})")
        return None

    def _test_piece_name(self, statement: Statement, token: Token) -> bool:
        if str(token) in self.piece_reader.pieces:
            return True
        known = ", ".join(self.piece_reader.pieces) or "none"
        self.reporter.report_token(statement, token, f"unknown piece type '{echoed(token)}' (pieces: {known})")
        return False

    def _test_piece(self, part: Tree[Token], statement: Statement, fields: dict[str, Any]) -> bool:
        words = [child for child in part.children if isinstance(child, Token)]
        if str(part.data) == "test_drop":
            if not self.piece_reader.drops:
                self.reporter.report_token(statement, words[0], "a drop test on a board without hands (no 'drop' statement)")
                return False
            if len(words) == 2:
                player = self._test_player(statement, words[0])
                if player is None:
                    return False
                fields["drop_player"] = player
            if not self._test_piece_name(statement, words[-1]):
                return False
            fields["drop"] = str(words[-1])
            return True
        square_token = words[0]
        if not self._test_square(statement, square_token, str(square_token)):
            return False
        fields["square"], fields["square_at"] = str(square_token), self._test_where(statement, square_token)
        put = next((child for child in part.children if isinstance(child, Tree)), None)
        if put is None:
            return True
        if str(put.data) == "put_piece":
            names = [_token(child) for child in put.children]
            if len(names) == 2:
                player = self._test_player(statement, names[0])
                if player is None:
                    return False
                fields["put_player"] = player
            if not self._test_piece_name(statement, names[-1]):
                return False
            fields["put_piece"] = str(names[-1])
            return True
        return self._test_notation(put, statement, fields)

    def _test_square(self, statement: Statement, token: Token, square: str, skip: int = 0) -> bool:
        if square in self.geometry.index:
            return True
        self.reporter.report(statement, (token.start_pos or 0) + skip,
                    f"no square '{echoed(square)}' on the board (squares run {self.geometry.squares[0]} … {self.geometry.squares[-1]})")
        return False

    def _test_notation(self, put: Tree[Token], statement: Statement, fields: dict[str, Any]) -> bool:
        from dagaz_studio.notation import parse_notation
        from dagaz_studio.notation.errors import NotationError

        kind_tree = next((child for child in put.children if isinstance(child, Tree)), None)
        source = str(kind_tree.children[0]) if kind_tree is not None else "dagaz"
        quoted = _token(put.children[-1])
        # A player's name before the notation: its piece is that player's (as 'put PLAYER PIECE').
        whose = [child for child in put.children[:-1] if isinstance(child, Token)]
        if whose:
            player = self._test_player(statement, whose[0])
            if player is None:
                return False
            fields["put_player"] = player
        text = str(quoted)[1:-1]
        start = (quoted.start_pos or 0) + 1
        fields["notation_source"] = str(quoted) if source == "dagaz" else f"{source} {quoted}"
        fields["notation_at"] = SourcePosition(*statement.where(start))
        # A translated notation's positions are not the file's: its problems are reported at its start.
        written = source == "dagaz"
        if not written:
            # Read as the piece statements read Betza (no other reader is imported by the loader).
            from dagaz_studio.betza import TranslationError, read_betza, to_dagaz

            try:
                if source == "parlett":
                    from dagaz_studio.parlett import read_parlett

                    text = to_dagaz(read_parlett(text))
                else:
                    text = to_dagaz(read_betza(text, "fsf" if source == "betza-fsf" else "xboard"))
            except TranslationError as error:
                self.reporter.report(statement, start + error.start, f"{source}: {error.message}")
                return False
        try:
            notation = parse_notation(text)
        except NotationError as error:
            at = start + (error.span.start if written else 0)
            self.reporter.report(statement, at, self.piece_reader.relocate(error.message, statement, start, at) if written
                        else error.message)
            return False
        except Exception as error:  # noqa: BLE001 - a loader must report, not crash, whatever the notation
            self.reporter.report(statement, start, f"the notation could not be read ({type(error).__name__}: {error})")
            return False
        before = len(self.reporter.problems)
        self.piece_reader.check_names(PieceType("typed piece", "?", False, text, notation), statement, start, True)
        if len(self.reporter.problems) > before:
            return False
        fields["notation"] = text
        return True

    def _test_marks(self, expect: Tree[Token], statement: Statement) -> tuple[str, ...] | None:
        marks: list[str] = []
        good = True
        for token in expect.children:
            if not isinstance(token, Token):
                continue
            match = _MARK.fullmatch(str(token))
            assert match is not None
            taken, square = match.groups()
            if square not in self.geometry.index and str(token) in self.geometry.index:
                taken, square = "", str(token)  # a board whose columns begin with x
            if not self._test_square(statement, token, square, len(taken)):
                good = False
                continue
            if taken + square in marks:
                # A square written twice is most likely another one mistyped: not passed over.
                self.reporter.report_token(statement, token, f"{token} is given twice")
                good = False
                continue
            marks.append(taken + square)
        return tuple(marks) if good else None

    def _test_perft(self, expect: Tree[Token], statement: Statement, fields: dict[str, Any]) -> bool:
        depth_token, count_token = _token(expect.children[0]), _token(expect.children[1])
        good = True
        depth = str(depth_token)
        # Thousands of digits are not read as a number at all (int() refuses past 4,300): said as wrong.
        if not depth.isdigit() or len(depth.lstrip("0")) > 1 or not 1 <= int(depth) <= MAX_TEST_DEPTH:
            self.reporter.report_token(statement, depth_token, f"a perft depth is a whole number from 1 to {MAX_TEST_DEPTH}, "
                              f"not '{echoed(depth)}'")
            good = False
        count = str(count_token)
        if not count.isdigit():
            self.reporter.report_token(statement, count_token, f"a perft count is a whole number, not '{echoed(count)}'")
            good = False
        elif len(count.lstrip("0")) > MAX_COUNT_DIGITS:
            self.reporter.report_token(statement, count_token, f"a perft count of {len(count):,} digits: no perft of "
                                       f"depth {MAX_TEST_DEPTH} or less counts past {MAX_COUNT_DIGITS} digits")
            good = False
        if good:
            fields["depth"], fields["count"] = int(depth), int(count)
        return good

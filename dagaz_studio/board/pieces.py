"""Board files, the pieces and what refers to them: piece types and their notations (Dagaz or
Betza), drops and promoted letters, the setup, rules, and how moves are named."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from lark import Token, Tree

from dagaz_studio.board.game_rules import GameRules
from dagaz_studio.board.geometry import GeometryReader
from dagaz_studio.board.heaps import parse_heap_placement
from dagaz_studio.board.kinds import DEFAULT, HEAP, STACK, BoardKind
from dagaz_studio.board.model import NAME_STYLES, Board, PieceType
from dagaz_studio.board.placement import PlacementError, parse_placement
from dagaz_studio.board.problems import MAX_PIECE_NAME, Problem, echoed
from dagaz_studio.board.source import SourcePosition
from dagaz_studio.board.stacks import parse_stack_placement
from dagaz_studio.board.statements import BARE_WORD, KNOWN_RULES, Reporter, Statement

if TYPE_CHECKING:
    from dagaz_studio.notation.nodes import Notation

#: How a FEN's placement field is read on each kind of board, to check a setup or a test's FEN: what
#: it puts on each occupied square, in the kind's form; each raises :class:`PlacementError` when the
#: placement does not fit the board.
_PLACEMENT_READERS: dict[BoardKind, Callable[[Board, str], dict[int, object]]] = {
    DEFAULT: lambda board, fen: dict(parse_placement(board, fen)),
    HEAP: lambda board, fen: {square: counts for square, counts in parse_heap_placement(board, fen).items()
                              if any(counts)},
    STACK: lambda board, fen: dict(parse_stack_placement(board, fen)),
}

#: A piece's value (``value King: 1.501``): a decimal number, read exactly.
_VALUE = re.compile(r"[0-9]+(?:\.[0-9]+)?", re.ASCII)


class PieceReader:
    """The statements about pieces and the game, read against the board's shape: the piece types and
    their notations, drops and promoted letters, the setup, rules, values and how moves are named;
    problems go to the reporter, not raised."""

    def __init__(self, reporter: Reporter, geometry: GeometryReader, name: str, kind: BoardKind) -> None:
        self.reporter = reporter
        self.geometry = geometry
        self.name = name
        self.kind = kind
        self.pieces: dict[str, PieceType] = {}
        # Pieces whose notation is bad still have a letter, so the setup can be checked regardless.
        self.lettered: dict[str, PieceType] = {}
        self.drops: dict[str, Notation] = {}
        self.demotions: dict[str, str] = {}
        self.setup: str | None = None

    def read_pieces(self, items: list[tuple[Tree[Token], Statement]], check_zones: bool) -> None:
        """The piece types (``piece NAME LETTER flags: notation``), each notation parsed and its names checked."""
        if not items:
            return
        from dagaz_studio.notation import parse_notation
        from dagaz_studio.notation.errors import NotationError

        letters: dict[str, tuple[str, int]] = {}
        parsed: list[tuple[PieceType, Statement, int]] = []
        for tree, statement in items:
            children = list(tree.children)
            name_token, letter_token = children[0], children[1]
            flags = {str(child) for child in children[2:-1]}
            royal = "royal" in flags
            resets_clock = "resets-clock" in flags
            hand_flags = {"no_drop_mate": "no-drop-mate" in flags, "no_drop_check": "no-drop-check" in flags,
                          "no_drop_doubled": "no-drop-doubled" in flags,
                          "unlimited": "unlimited" in flags, "neutral": "neutral" in flags,
                          "extinction": "extinction" in flags, "castles": "castles" in flags,
                          "drop_first": "drop-first" in flags}
            rest: Token = children[-1]
            name, letter = str(name_token), str(letter_token)
            line = statement.positions[0][0]
            ok = True
            if not BARE_WORD.fullmatch(name):
                self.reporter.report_token(statement, name_token, f"a piece's name begins with a letter: '{echoed(name)}'")
                ok = False
            elif len(name) > MAX_PIECE_NAME:
                self.reporter.report_token(statement, name_token, f"a piece's name has at most {MAX_PIECE_NAME} "
                                           f"characters, not {len(name):,}: '{echoed(name)}'")
                ok = False
            elif name in self.pieces:
                first = self.pieces[name].defined_at.line
                self.reporter.report_token(statement, name_token, f"piece name '{echoed(name)}' used twice (first on line {first})")
                ok = False
            if letter_token.type == "PROMOTED_LETTER":
                pass  # '+P' or 'Q~': a promoted piece, demoted to the piece lettered 'P' or 'Q' in hand
            elif letter == "*" and "neutral" not in flags:
                self.reporter.report_token(statement, letter_token, "only a neutral piece is lettered '*': "
                                  "write the flag 'neutral', or give the piece a letter")
                ok = False
            elif letter == "*" and "*" in letters:
                other, other_line = letters["*"]
                self.reporter.report_token(statement, letter_token, f"piece letter '*' used twice (by {echoed(other)} on line {other_line})")
                ok = False
            elif letter == "*":
                letters["*"] = (name, line)
            elif not (len(letter) == 1 and letter.isalpha() and letter.isascii()):
                self.reporter.report_token(statement, letter_token, f"a piece's letter is one letter, not '{echoed(letter)}'")
                ok = False
            elif letter.upper() in letters:
                other, other_line = letters[letter.upper()]
                self.reporter.report_token(statement, letter_token, f"piece letter '{echoed(letter)}' used twice (by {echoed(other)} on line {other_line})")
                ok = False
            else:
                letters[letter.upper()] = (name, line)
            notation_text = str(rest).rstrip()
            start = rest.start_pos or 0
            if "betza" in flags or "betza-fsf" in flags:
                translated = self._from_betza(statement, notation_text, start, "fsf" if "betza-fsf" in flags else "xboard")
                if translated is None:
                    continue
                notation_text = translated
            where = statement.where(name_token.start_pos or 0)
            if ok:
                self.lettered[name] = PieceType(name, letter, royal, notation_text, None, SourcePosition(*where),
                                                resets_clock, **hand_flags)
            try:
                notation = parse_notation(notation_text)
            except NotationError as error:
                self.reporter.report(statement, start + error.span.start, self.relocate(error.message, statement, start, start + error.span.start))
                continue
            except Exception as error:  # noqa: BLE001 - a loader must report, not crash, whatever the notation
                self.reporter.report(statement, start, f"the notation could not be read ({type(error).__name__}: {error})")
                continue
            piece = PieceType(name, letter, royal, notation_text, notation, SourcePosition(*where), resets_clock,
                              **hand_flags)
            parsed.append((piece, statement, start))
            if ok:
                self.pieces[name] = piece
        for piece, statement, start in parsed:
            self.check_names(piece, statement, start, check_zones)

    def relocate(self, message: str, statement: Statement, start: int, at: int) -> str:
        """A notation message with its columns (counted in the notation) turned into file positions.

        ``start`` is where the notation begins in the statement, ``at`` where the problem is reported.
        """
        error_line = statement.where(at)[0]

        def file_position(match: re.Match[str]) -> str:
            line, column = statement.where(start + int(match.group(1)) - 1)
            return f"column {column}" if line == error_line else f"line {line} column {column}"

        return re.sub(r"\bcolumn (\d+)", file_position, message)

    def _from_betza(self, statement: Statement, text: str, start: int, dialect: str) -> str | None:
        """A piece line's Betza in the Dagaz notation, or None with the problem reported where it is."""
        from dagaz_studio.betza import TranslationError, read_betza, to_dagaz

        try:
            return to_dagaz(read_betza(text, dialect))
        except TranslationError as error:
            self.reporter.report(statement, start + error.start, f"Betza: {error.message}")
            return None

    def check_names(self, piece: PieceType, statement: Statement, start: int, check_zones: bool) -> None:
        """The piece types and zones a notation names, each checked to exist (``start``: where it begins)."""
        from dagaz_studio.notation.uses import name_uses

        for use in name_uses(piece.notation):
            if use.is_zone:
                if check_zones and use.name not in self.geometry.zones:
                    self.reporter.report(statement, start + use.start, f"unknown zone '{echoed(use.name)}'")
            elif use.name not in self.pieces:
                self.reporter.report(statement, start + use.start, f"unknown piece type '{echoed(use.name)}'")

    def read_drops(self, items: list[tuple[Tree[Token], Statement]]) -> dict[str, Notation]:
        """Each piece that may be dropped from hand -> its drop notation (``drop PIECE: …``, or the
        board's ``drop: …`` for every piece without a line of its own, royal and promoted ones apart).

        Also works out what each promoted piece (lettered ``+P``, ``Q~``) is demoted to."""
        self.demotions = self._demotions()
        self.drops = self._read_drops(items)
        return self.drops

    def _read_drops(self, items: list[tuple[Tree[Token], Statement]]) -> dict[str, Notation]:
        from dagaz_studio.notation import parse_notation
        from dagaz_studio.notation.errors import NotationError

        default: Notation | None = None
        own: dict[str, Notation] = {}
        for tree, statement in items:
            children = list(tree.children)
            rest: Token = children[-1]
            name_token = children[0] if len(children) > 1 else None
            text = str(rest).rstrip()
            start = rest.start_pos or 0
            if name_token is not None and str(name_token) not in self.pieces:
                self.reporter.report_token(statement, name_token, f"unknown piece type '{echoed(name_token)}'")
                continue
            key = str(name_token) if name_token is not None else ""
            if key in own or (not key and default is not None):
                self.reporter.report(statement, 0, f"the drop of {key or 'every piece'} is already given")
                continue
            try:
                notation = parse_notation(text)
            except NotationError as error:
                self.reporter.report(statement, start + error.span.start,
                            self.relocate(error.message, statement, start, start + error.span.start))
                continue
            check = PieceType(key or "drop", "?", False, text, notation)
            self.check_names(check, statement, start, True)
            if key:
                own[key] = notation
            else:
                default = notation
        drops: dict[str, Notation] = {}
        if not items:
            return drops
        for name, piece in self.pieces.items():
            if name in own:
                drops[name] = own[name]
            elif default is not None and not piece.royal and not piece.promoted_letter:
                drops[name] = default
        return drops

    def _demotions(self) -> dict[str, str]:
        """Each promoted piece (lettered ``+P`` or ``Q~``) -> the one piece whose notation promotes to it."""
        from dagaz_studio.notation.uses import PROMOTES, name_uses

        promoters: dict[str, list[str]] = {}
        for piece in self.pieces.values():
            for use in name_uses(piece.notation):
                if use.use == PROMOTES and piece.name not in promoters.setdefault(use.name, []):
                    promoters[use.name].append(piece.name)
        demotions: dict[str, str] = {}
        for piece in self.pieces.values():
            if not piece.promoted_letter:
                continue
            found = promoters.get(piece.name, [])
            if len(found) == 1:
                demotions[piece.name] = found[0]
                continue
            why = "no piece promotes to it" if not found else f"several pieces promote to it ({', '.join(found)})"
            self.reporter.problems.append(Problem(self.reporter.filename, piece.defined_at.line, piece.defined_at.column,
                                         f"'{piece.letter}' is a promoted piece's letter, but {why}: a promoted "
                                         "piece goes to the hand as the one piece that promotes to it"))
        return demotions

    def read_setup(self, items: list[tuple[Tree[Token], Statement]]) -> None:
        """The setup (``setup: FEN``), its placement checked against the board and the pieces."""
        given = self.reporter.once(items, "the setup")
        if given is None:
            return
        tree, statement = given
        token = tree.children[0]
        fen = str(token).rstrip()
        start = token.start_pos or 0
        problem = self.fen_problem(fen)
        if problem is not None:
            self.reporter.report(statement, start + problem[0], f"setup: {problem[1]}")
            return
        self.setup = fen

    def _fen_placement(self, fen: str) -> dict[int, object]:
        """The pieces a FEN places, by square (a heap board's: its counts; a stack board's: its
        columns); raises :class:`PlacementError` for a placement that does not fit the board."""
        board = Board(
            name=self.name,
            kind=self.kind.name,
            column_names=self.geometry.column_names,
            row_names=self.geometry.row_names,
            squares=self.geometry.squares,
            column_of=self.geometry.column_of,
            level_names=self.geometry.level_names,
            level_of=self.geometry.level_of,
            row_of=self.geometry.row_of,
            directions=self.geometry.directions,
            players=self.geometry.players,
            pieces=self.lettered,
        )
        return _PLACEMENT_READERS[self.kind](board, fen)

    def fen_problem(self, fen: str) -> tuple[int, str] | None:
        """What is wrong with a FEN's placement or side to move, and its offset in the FEN; ``None``
        when both fit the board (the later fields are read by the game)."""
        try:
            self._fen_placement(fen)
        except PlacementError as error:
            return error.offset, error.message
        fields = fen.split()
        if len(fields) > 1 and fields[1] not in ("w", "b"):
            offset = fen.index(fields[1], len(fields[0]))
            return offset, f"the side to move is 'w' or 'b', not '{echoed(fields[1])}'"
        return None

    def read_rules(self, items: list[tuple[Tree[Token], Statement]]) -> GameRules:
        """The rules named (``rule: compulsory-capture``)."""
        rules = set()
        for tree, statement in items:
            token = tree.children[0]
            if str(token) not in KNOWN_RULES:
                self.reporter.report_token(statement, token, f"unknown rule '{echoed(token)}' (known: {', '.join(KNOWN_RULES)})")
            else:
                rules.add(str(token))
        return GameRules.named(rules)

    def read_gate(self, items: list[tuple[Tree[Token], Statement]]) -> str | None:
        """The gating zone (``gate: ZONE``), if any."""
        given = self.reporter.once(items, "the gate")
        if given is None:
            return None
        token = given[0].children[0]
        if str(token) not in self.geometry.zones:
            self.reporter.report_token(given[1], token, f"unknown zone '{echoed(token)}' (zones: {', '.join(self.geometry.zones) or 'none'})")
            return None
        return str(token)

    def read_names(self, items: list[tuple[Tree[Token], Statement]]) -> str:
        """How moves are named (``names: san``); coordinates when not given."""
        given = self.reporter.once(items, "the move names")
        if given is None:
            return "coordinates"
        tree, statement = given
        token = tree.children[0]
        if str(token) not in NAME_STYLES:
            self.reporter.report_token(statement, token, f"unknown move names '{echoed(token)}' (known: {', '.join(NAME_STYLES)})")
            return "coordinates"
        return str(token)

    def read_values(self, items: list[tuple[Tree[Token], Statement]]) -> dict[str, Fraction]:
        """Each piece's value (``value PIECE: 1.5``)."""
        values: dict[str, Fraction] = {}
        lines: dict[str, int] = {}
        for tree, statement in items:
            piece_token, number_token = tree.children
            piece, number = str(piece_token), str(number_token).strip()
            if piece not in self.lettered and piece not in self.pieces:
                known = ", ".join(self.pieces) or "none"
                self.reporter.report_token(statement, piece_token, f"unknown piece type '{echoed(piece)}' (pieces: {known})")
            elif piece in values:
                self.reporter.report_token(statement, piece_token, f"value of '{echoed(piece)}' already given on line {lines[piece]}")
            elif _VALUE.fullmatch(number) is None:
                self.reporter.report_token(statement, number_token, f"a value is a number such as 1 or 1.5, not '{echoed(number)}'")
            else:
                values[piece] = Fraction(number)
                lines[piece] = statement.positions[0][0]
        return values

    def read_name_letters(self, items: list[tuple[Tree[Token], Statement]]) -> dict[str, str]:
        """Each piece's letter in move names (``name-letter PIECE: N``, ``-`` for none)."""
        letters: dict[str, str] = {}
        lines: dict[str, int] = {}
        for tree, statement in items:
            piece_token, letter_token = tree.children
            piece, letter = str(piece_token), str(letter_token)
            line = statement.positions[0][0]
            if piece not in self.lettered and piece not in self.pieces:
                known = ", ".join(self.pieces) or "none"
                self.reporter.report_token(statement, piece_token, f"unknown piece type '{echoed(piece)}' (pieces: {known})")
            elif piece in letters:
                self.reporter.report_token(statement, piece_token, f"name letter of '{echoed(piece)}' already given on line {lines[piece]}")
            elif letter != "-" and not (len(letter) == 1 and letter.isascii() and letter.isupper()):
                self.reporter.report_token(statement, letter_token, f"a name letter is one capital letter or '-' for none, not '{echoed(letter)}'")
            else:
                letters[piece] = "" if letter == "-" else letter
                lines[piece] = line
                # Names tell pieces apart by their letters, so two pieces may not share one; but a
                # promoted piece (+P, Q~ in positions) may be written as the piece it moves as, as
                # Fairy-Stockfish writes shogi's Tokin G, and SAN tells the two apart by their squares.
                for other in self.lettered:
                    if other != piece and letter != "-" and letter == letters.get(other, self.lettered[other].letter.upper()) \
                            and not any(_promoted(self.lettered.get(name)) for name in (piece, other)):
                        self.reporter.report_token(statement, letter_token, f"name letter '{echoed(letter)}' is already {echoed(other)}'s")
        return letters


def _promoted(piece: PieceType | None) -> bool:
    """Whether a piece type is lettered as a promoted piece in positions: shogi's ``+P``, crazyhouse's
    ``Q~``."""
    return piece is not None and (piece.letter.startswith("+") or piece.letter.endswith("~"))

"""Reading board files (see ``docs/boards.md``) into :class:`~dagaz_studio.board.model.Board`.

A file is read in two passes. The first splits it into statements (a line beginning with white space
continues the statement above; ``#`` starts a comment) and parses each statement with the grammar in
``board.lark``. The second gives the statements their meaning, in an order that lets any statement
refer to what another defines further down (a King's notation may name the Rook). Every problem found
is collected, with its file position, and reported together in one :class:`BoardFileError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Optional, Union

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from dagaz_studio.board.model import (
    BOARD_KINDS,
    DIRECTION_LETTERS,
    NAME_STYLES,
    Board,
    DrawHints,
    PieceType,
    SourcePosition,
    Zone,
)
from dagaz_studio.board.placement import PlacementError, parse_placement
from dagaz_studio.notation.grammar_cache import cached_lark

if TYPE_CHECKING:
    from dagaz_studio.notation.nodes import Notation

#: The most squares a board may have; a grid beyond it is refused before any square is made.
MAX_SQUARES = 10_000

#: The longest board file read, in characters (a board at the limit of squares, with notes, is far
#: shorter): a longer one is refused before it is read.
MAX_BOARD_FILE = 1_000_000

#: Rules a board may name with ``rule:``.
KNOWN_RULES = ("compulsory-capture", "captures-to-hand", "immobility-illegal", "no-check")

_GRAMMAR = Path(__file__).with_name("board.lark")

#: Statement keyword -> the grammar rule that parses it.
_KEYWORD_RULES = {
    "name": "name_stmt",
    "kind": "kind_stmt",
    "grid": "grid_stmt",
    "players": "players_stmt",
    "symmetry": "symmetry_stmt",
    "zone": "zone_stmt",
    "piece": "piece_stmt",
    "setup": "setup_stmt",
    "rule": "rule_stmt",
    "draw": "draw_stmt",
    "names": "names_stmt",
    "name-letter": "name_letter_stmt",
    "drop": "drop_stmt",
}
_STARTS = ["name_line", "direction_stmt", *_KEYWORD_RULES.values()]

_KEYWORD_HEAD = re.compile(r"(%s)(?![A-Za-z0-9_\-])" % "|".join(_KEYWORD_RULES))
_DIRECTION_HEAD = re.compile(r"[A-Za-z0-9_\-]+\s*=")
_BARE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
# A square is named column then row, on a 3-D grid after its level's capital: a1, Aa1.
_SQUARE = re.compile(r"([A-Z]?[a-z]+)([0-9]+)")
_RECTANGLE = re.compile(r"([A-Z]?[a-z]+[0-9]+)-([A-Z]?[a-z]+[0-9]+)")
_COLUMN_RANGE = re.compile(r"([a-z])(?:-([a-z]))?")
_ROW_RANGE = re.compile(r"([0-9]+)(?:-([0-9]+))?")
_LEVEL_RANGE = re.compile(r"([A-Z])(?:-([A-Z]))?")

_TERMINAL_WORDS = {
    "WORD": "a name",
    "SIGNED_INT": "a whole number",
    "REST": "text",
    "$END": "end of statement",
}


def _looks_like_squares(token: Token) -> bool:
    return bool(_SQUARE.fullmatch(str(token)) or _RECTANGLE.fullmatch(str(token)))


# --------------------------------------------------------------------------- problems


@dataclass(frozen=True)
class Problem:
    """One problem in a board file: where (1-based line and column) and what."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class BoardFileError(ValueError):
    """A board file that cannot be loaded; ``problems`` lists everything found wrong, in file order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: list[Problem] = sorted(problems, key=lambda p: (p.line, p.column))
        super().__init__("\n".join(str(p) for p in self.problems))


class BoardReadError(ValueError):
    """A board that cannot be found or read at all (no such file or shipped board, unreadable file)."""


# --------------------------------------------------------------------------- statements


@dataclass
class _Statement:
    """One statement, joined from its lines, remembering where each character came from."""

    text: str
    positions: list[tuple[int, int]]  # (line, column) of every character of text
    end: tuple[int, int]  # just after the last character

    def where(self, offset: int) -> tuple[int, int]:
        if 0 <= offset < len(self.positions):
            return self.positions[offset]
        return self.end


def split_statements(text: str) -> list[_Statement]:
    """The statements of a board file: comments dropped, continuation lines joined by one space."""
    statements: list[_Statement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        content = line.strip()
        if not content:
            continue
        first = len(line) - len(line.lstrip())
        positions = [(number, first + i + 1) for i in range(len(content))]
        end = (number, first + len(content) + 1)
        if first > 0 and statements:
            previous = statements[-1]
            previous.positions.append(previous.end)
            previous.positions.extend(positions)
            previous.text += " " + content
            previous.end = end
        else:
            statements.append(_Statement(content, positions, end))
    return statements


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return cached_lark("board", _GRAMMAR.read_text(encoding="utf-8"), parser="lalr", start=_STARTS)


def _describe_terminal(parser: Lark, name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return name
    return f"'{pattern.value}'" if pattern.type == "str" else name


# --------------------------------------------------------------------------- the loader


class _Loader:
    """Gives parsed statements their meaning; collects problems instead of stopping at the first."""

    def __init__(self, text: str, filename: str) -> None:
        self.filename = filename
        self.problems: list[Problem] = []
        self.statements: list[tuple[str, Tree, _Statement]] = []
        for statement in split_statements(text.lstrip("\ufeff")):
            self._parse_statement(statement)

    # ---------------------------------------------------------------- reporting

    def report(self, statement: _Statement, offset: int, message: str) -> None:
        line, column = statement.where(offset)
        self.problems.append(Problem(self.filename, line, column, message))

    def report_token(self, statement: _Statement, token: Token, message: str) -> None:
        self.report(statement, token.start_pos or 0, message)

    # ---------------------------------------------------------------- first pass: syntax

    def _parse_statement(self, statement: _Statement) -> None:
        text = statement.text
        head = _KEYWORD_HEAD.match(text)
        if head and (len(text) == head.end() or text[head.end()] in " \t:"):
            rule = _KEYWORD_RULES[head.group(1)]
            what = f"'{head.group(1)}' statement"
        elif _DIRECTION_HEAD.match(text):
            rule = "direction_stmt"
            after = text.split("=", 1)[1].lstrip()
            what = "vector" if after.startswith("(") else "link chain"
        elif _BARE_WORD.fullmatch(text):
            rule, what = "name_line", "name"
        else:
            word = re.match(r"[^\s:]*", text).group() or text.split()[0]
            self.report(statement, 0, f"unknown statement '{word}'")
            return
        parser = _parser()
        try:
            tree = parser.parse(text, start=rule)
        except UnexpectedInput as error:
            self._report_syntax(statement, error, what)
            return
        self.statements.append((rule, tree, statement))

    def _report_syntax(self, statement: _Statement, error: UnexpectedInput, what: str) -> None:
        parser = _parser()
        if isinstance(error, UnexpectedToken):
            token = error.token
            at_end = token.type == "$END" or token.start_pos is None
            offset = len(statement.text) if at_end else token.start_pos
            # Outside its own statements the catch-all REST token swallows the rest of the line.
            shown = token.value[0] if token.type == "REST" else token.value
            found = "end of statement" if at_end else f"'{shown}'"
            expected = sorted(_describe_terminal(parser, name) for name in error.expected)
        elif isinstance(error, UnexpectedCharacters):
            offset = error.pos_in_stream
            found = f"'{statement.text[offset]}'"
            expected = sorted(_describe_terminal(parser, name) for name in error.allowed)
        else:
            offset = len(statement.text)
            found, expected = "end of statement", []
        message = f"malformed {what}: unexpected {found}"
        if expected:
            message += "; expected " + " or ".join(dict.fromkeys(expected))
        self.report(statement, offset, message)

    # ---------------------------------------------------------------- second pass: meaning

    def load(self) -> Optional[Board]:
        """The board, or ``None`` when problems were found (they are in :attr:`problems`)."""
        by_rule: dict[str, list[tuple[Tree, _Statement]]] = {}
        for rule, tree, statement in self.statements:
            by_rule.setdefault(rule, []).append((tree, statement))

        def each(rule: str) -> list[tuple[Tree, _Statement]]:
            return by_rule.get(rule, [])

        self.name = self._name(each("name_line"), each("name_stmt"))
        self.kind = self._kind(each("kind_stmt"))
        grid_ok = self._grid(each("grid_stmt"))
        self.players = self._players(each("players_stmt"))
        self.directions: dict[str, tuple[Optional[int], ...]] = {}
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
        self.draw = DrawHints()
        if grid_ok:
            self._draw(each("draw_stmt"))
        self.setup: Optional[str] = None
        self.names = self._names(each("names_stmt"))
        self.name_letters = self._name_letters(each("name_letter_stmt"))
        setup_statements = each("setup_stmt")
        if grid_ok:
            self._setup(setup_statements)
        if self.problems:
            return None
        return Board(
            name=self.name,
            kind=self.kind,
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
            drops=self.drops,
            demotions=self.demotions,
            level_names=self.level_names,
            level_of=self.level_of,
        )

    def _once(self, items: list[tuple[Tree, _Statement]], what: str) -> Optional[tuple[Tree, _Statement]]:
        """The first of ``items``; every further one is reported as given twice."""
        for _tree, statement in items[1:]:
            first_line = items[0][1].positions[0][0]
            self.report(statement, 0, f"{what} already given on line {first_line}")
        return items[0] if items else None

    def _name(self, lines: list[tuple[Tree, _Statement]], stmts: list[tuple[Tree, _Statement]]) -> str:
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

    def _kind(self, items: list[tuple[Tree, _Statement]]) -> str:
        given = self._once(items, "the kind")
        if given is None:
            return "default"
        token = given[0].children[0]
        if str(token) not in BOARD_KINDS:
            self.report_token(given[1], token, f"unknown kind '{token}' (known: {', '.join(BOARD_KINDS)})")
            return "default"
        return str(token)

    def _grid(self, items: list[tuple[Tree, _Statement]]) -> bool:
        given = self._once(items, "the grid")
        self.column_names: tuple[str, ...] = ()
        self.row_names: tuple[str, ...] = ()
        self.squares: tuple[str, ...] = ()
        self.column_of: tuple[int, ...] = ()
        self.row_of: tuple[int, ...] = ()
        self.level_names: tuple[str, ...] = ()
        self.level_of: tuple[int, ...] = ()
        self.index: dict[str, int] = {}
        if given is None:
            if not any(p.message.startswith("malformed 'grid'") for p in self.problems):
                self.problems.append(Problem(self.filename, 1, 1, "no grid: the board needs a 'grid:' statement"))
            return False
        tree, statement = given
        columns_token, rows_token = tree.children[:2]
        levels = self._levels(statement, tree.children[2]) if len(tree.children) > 2 else ("",)
        if not levels:
            return False
        columns = _COLUMN_RANGE.fullmatch(str(columns_token))
        rows = _ROW_RANGE.fullmatch(str(rows_token))
        if not columns:
            self.report_token(statement, columns_token, f"malformed range '{columns_token}': columns are letters, like 'a-h'")
        if not rows:
            self.report_token(statement, rows_token, f"malformed range '{rows_token}': rows are numbers, like '8-1'")
        if not (columns and rows):
            return False
        first, last = columns.group(1), columns.group(2) or columns.group(1)
        top_digits, bottom_digits = rows.group(1), rows.group(2) or rows.group(1)
        # Sized from the range as written, before any square is made: a row number of thousands of
        # digits is never converted, and a grid of a hundred million squares never built.
        if max(len(top_digits), len(bottom_digits)) > 12:
            self.report_token(statement, rows_token, "row numbers have at most 12 digits")
            return False
        top, bottom = int(top_digits), int(bottom_digits)
        count = (abs(ord(last) - ord(first)) + 1) * (abs(bottom - top) + 1) * len(levels)
        if count > MAX_SQUARES:
            self.report_token(statement, columns_token, f"the grid has {count:,} squares: a board has at most "
                              f"{MAX_SQUARES:,}")
            return False
        step = 1 if last >= first else -1
        self.column_names = tuple(chr(c) for c in range(ord(first), ord(last) + step, step))
        step = 1 if bottom >= top else -1
        self.row_names = tuple(str(r) for r in range(top, bottom + step, step))
        squares, column_of, row_of, level_of = [], [], [], []
        for z, level in enumerate(levels):
            for r, row in enumerate(self.row_names):
                for c, column in enumerate(self.column_names):
                    squares.append(level + column + row)
                    column_of.append(c)
                    row_of.append(r)
                    level_of.append(z)
        self.squares, self.column_of, self.row_of = tuple(squares), tuple(column_of), tuple(row_of)
        if levels != ("",):
            self.level_names, self.level_of = levels, tuple(level_of)
        self.index = {name: i for i, name in enumerate(self.squares)}
        return True

    def _levels(self, statement: _Statement, token: Token) -> tuple[str, ...]:
        """A 3-D grid's levels (``A-E``: capital letters, as the grid lists them), or ``()`` reported."""
        match = _LEVEL_RANGE.fullmatch(str(token))
        if not match:
            self.report_token(statement, token, f"malformed range '{token}': levels are capital letters, like 'A-E'")
            return ()
        first, last = match.group(1), match.group(2) or match.group(1)
        step = 1 if last >= first else -1
        return tuple(chr(c) for c in range(ord(first), ord(last) + step, step))

    def _players(self, items: list[tuple[Tree, _Statement]]) -> tuple[str, ...]:
        given = self._once(items, "the players")
        if given is None:
            return ("White", "Black")
        tree, statement = given
        players: list[str] = []
        for token in tree.children:
            if str(token) in players:
                self.report_token(statement, token, f"player '{token}' named twice")
            elif not _BARE_WORD.fullmatch(str(token)):
                self.report_token(statement, token, f"a player's name begins with a letter: '{token}'")
            else:
                players.append(str(token))
        return tuple(players)

    def _player(self, statement: _Statement, token: Token) -> Optional[str]:
        if str(token) in self.players:
            return str(token)
        self.report_token(statement, token, f"unknown player '{token}' (players: {' '.join(self.players)})")
        return None

    def _direction_letter(self, statement: _Statement, token: Token) -> Optional[str]:
        letter = str(token)
        if len(letter) == 1 and letter in DIRECTION_LETTERS:
            return letter
        self.report_token(statement, token, f"unknown direction '{letter}' (directions: {' '.join(DIRECTION_LETTERS)})")
        return None

    def _square(self, statement: _Statement, token: Token, offset: int = 0, name: Optional[str] = None) -> Optional[int]:
        name = str(token) if name is None else name
        if name in self.index:
            return self.index[name]
        self.report(statement, (token.start_pos or 0) + offset, f"unknown square '{name}'")
        return None

    # ---------------------------------------------------------------- directions

    def _directions(self, items: list[tuple[Tree, _Statement]]) -> None:
        size = len(self.squares)
        vectors: dict[str, int] = {}  # letter -> line of its vector
        links: dict[str, list[Optional[int]]] = {}
        link_lines: dict[str, int] = {}
        for tree, statement in items:
            letter_token, value = tree.children
            letter = self._direction_letter(statement, letter_token)
            if letter is None:
                continue
            line = statement.positions[0][0]
            if value.data == "vector":
                if letter in vectors or letter in links:
                    earlier = vectors.get(letter, link_lines.get(letter))
                    how = "a vector" if letter in vectors else "link chains"
                    self.report_token(statement, letter_token, f"direction {letter} already given as {how} on line {earlier}")
                    continue
                dx_token, dy_token = value.children[:2]
                dx, dy = int(dx_token), int(dy_token)
                dz = int(value.children[2]) if len(value.children) > 2 else 0
                if dx == 0 and dy == 0 and dz == 0:
                    self.report_token(statement, dx_token, "malformed vector: (0, 0) goes nowhere")
                    continue
                vectors[letter] = line
                self.directions[letter] = self._vector_table(dx, dy, dz)
            else:
                if letter in vectors:
                    self.report_token(statement, letter_token, f"direction {letter} already given as a vector on line {vectors[letter]}")
                    continue
                table_list = links.setdefault(letter, [None] * size)
                link_lines.setdefault(letter, line)
                for chain in value.children:
                    self._chain(statement, letter, chain.children, table_list)
        for letter, table_list in links.items():
            self.directions[letter] = tuple(table_list)
        # Letters in the order of the notation, whatever the order of the file.
        self.directions = {k: self.directions[k] for k in DIRECTION_LETTERS if k in self.directions}

    def _vector_table(self, dx: int, dy: int, dz: int) -> tuple[Optional[int], ...]:
        """The square one step of (dx, dy, dz) away from every square, or ``None`` off the grid; dz
        counts levels in the grid's order (0 on a flat board)."""
        width, height = len(self.column_names), len(self.row_names)
        depth = len(self.level_names) or 1
        levels = self.level_of or (0,) * len(self.squares)
        table: list[Optional[int]] = []
        for i in range(len(self.squares)):
            c, r, z = self.column_of[i] + dx, self.row_of[i] + dy, levels[i] + dz
            inside = 0 <= c < width and 0 <= r < height and 0 <= z < depth
            table.append((z * height + r) * width + c if inside else None)
        return tuple(table)

    def _chain(self, statement: _Statement, letter: str, tokens: list[Token], table: list[Optional[int]]) -> None:
        if len(tokens) == 1:
            self.report_token(statement, tokens[0], f"link chain with a one-square fragment '{tokens[0]}': a chain links two squares or more")
            return
        squares = [self._square(statement, token) for token in tokens]
        for (source, target), token in zip(zip(squares, squares[1:]), tokens[1:]):
            if source is None or target is None:
                continue
            if source == target:
                self.report_token(statement, token, f"a link from {self.squares[source]} to itself")
            elif table[source] is not None and table[source] != target:
                self.report_token(
                    statement,
                    token,
                    f"{self.squares[source]} already has direction {letter}, to {self.squares[table[source]]}",
                )
            else:
                table[source] = target

    # ---------------------------------------------------------------- symmetries

    def _symmetries(self, items: list[tuple[Tree, _Statement]]) -> None:
        for tree, statement in items:
            player_token, *mappings = tree.children
            player = self._player(statement, player_token)
            if player in self.symmetries:
                self.report_token(statement, player_token, f"symmetry for {player} given twice")
                continue
            mapping: dict[str, str] = {}
            tokens: dict[str, Token] = {}  # source letter -> where its mapping was written
            ok = True
            for item in mappings:
                a_token, b_token = item.children
                a, b = self._direction_letter(statement, a_token), self._direction_letter(statement, b_token)
                if a is None or b is None:
                    ok = False
                    continue
                pairs = [(a, b, a_token), (b, a, b_token)] if item.data == "swap" and a != b else [(a, b, a_token)]
                for source, target, token in pairs:
                    if source in mapping and mapping[source] != target:
                        self.report_token(statement, token, f"{source} is mapped twice, to {mapping[source]} and to {target}")
                        ok = False
                    mapping[source] = target
                    tokens[source] = token
            if not ok or player is None:
                continue
            full = {letter: mapping.get(letter, letter) for letter in DIRECTION_LETTERS}
            if len(set(full.values())) != len(full):
                doubled = sorted({t for t in full.values() if list(full.values()).count(t) > 1})
                sources = [s for s in DIRECTION_LETTERS if full[s] == doubled[0]]
                culprit = tokens.get(sources[-1]) or tokens[sources[0]]
                self.report_token(
                    statement,
                    culprit,
                    f"the symmetry is not a permutation: {' and '.join(sources)} both map to {doubled[0]}",
                )
                continue
            self.symmetries[player] = full

    # ---------------------------------------------------------------- zones

    def _zone_squares(self, statement: _Statement, tokens: list[Token]) -> frozenset[int]:
        squares: set[int] = set()
        for token in tokens:
            text = str(token)
            rectangle = _RECTANGLE.fullmatch(text)
            if rectangle:
                corners = [
                    self._square(statement, token, 0, rectangle.group(1)),
                    self._square(statement, token, rectangle.start(2), rectangle.group(2)),
                ]
                if None in corners:
                    continue
                a, b = corners
                c0, c1 = sorted((self.column_of[a], self.column_of[b]))
                r0, r1 = sorted((self.row_of[a], self.row_of[b]))
                levels = self.level_of or (0,) * len(self.squares)
                z0, z1 = sorted((levels[a], levels[b]))  # on a 3-D grid, a box between two corners
                width, height = len(self.column_names), len(self.row_names)
                squares.update((z * height + r) * width + c for z in range(z0, z1 + 1)
                               for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
            elif _SQUARE.fullmatch(text):
                square = self._square(statement, token)
                if square is not None:
                    squares.add(square)
            else:
                self.report_token(statement, token, f"'{text}' is neither a square nor a rectangle like 'd1-f3'")
        return frozenset(squares)

    def _zones(self, items: list[tuple[Tree, _Statement]]) -> None:
        for tree, statement in items:
            name_token, *parts = tree.children
            name = str(name_token)
            if name in self.zones:
                self.report_token(statement, name_token, f"zone '{name}' defined twice")
                continue
            first_words = [part.children[0] for part in parts]
            if len(parts) == 1 and _looks_like_squares(first_words[0]):
                self.zones[name] = Zone(name, shared=self._zone_squares(statement, parts[0].children))
                continue
            per_player: dict[str, frozenset[int]] = {}
            for part in parts:
                player_token, *square_tokens = part.children
                if _looks_like_squares(player_token):
                    self.report_token(statement, player_token, f"expected a player's name before the squares, found '{player_token}'")
                    continue
                player = self._player(statement, player_token)
                if player in per_player:
                    self.report_token(statement, player_token, f"{player} given twice in zone '{name}'")
                    continue
                if not square_tokens:
                    self.report(statement, (player_token.end_pos or 0), f"no squares for {player_token} in zone '{name}'")
                squares = self._zone_squares(statement, square_tokens)
                if player is not None:
                    per_player[player] = squares
            self.zones[name] = Zone(name, per_player=per_player)

    # ---------------------------------------------------------------- pieces

    def _pieces(self, items: list[tuple[Tree, _Statement]], check_zones: bool) -> None:
        if not items:
            return
        from dagaz_studio.notation import parse_notation
        from dagaz_studio.notation.errors import NotationError

        letters: dict[str, tuple[str, int]] = {}
        # Pieces whose notation is bad still have a letter, so the setup can be checked regardless.
        self.lettered: dict[str, PieceType] = {}
        parsed: list[tuple[PieceType, _Statement, int]] = []
        for tree, statement in items:
            children = list(tree.children)
            name_token, letter_token = children[0], children[1]
            flags = {str(child) for child in children[2:-1]}
            royal = "royal" in flags
            resets_clock = "resets-clock" in flags
            hand_flags = {"no_drop_mate": "no-drop-mate" in flags, "no_drop_doubled": "no-drop-doubled" in flags}
            rest: Token = children[-1]
            name, letter = str(name_token), str(letter_token)
            line = statement.positions[0][0]
            ok = True
            if not _BARE_WORD.fullmatch(name):
                self.report_token(statement, name_token, f"a piece's name begins with a letter: '{name}'")
                ok = False
            elif name in self.pieces:
                first = self.pieces[name].defined_at.line
                self.report_token(statement, name_token, f"piece name '{name}' used twice (first on line {first})")
                ok = False
            if letter_token.type == "PROMOTED_LETTER":
                pass  # '+P' or 'Q~': a promoted piece, demoted to the piece lettered 'P' or 'Q' in hand
            elif not (len(letter) == 1 and letter.isalpha() and letter.isascii()):
                self.report_token(statement, letter_token, f"a piece's letter is one letter, not '{letter}'")
                ok = False
            elif letter.upper() in letters:
                other, other_line = letters[letter.upper()]
                self.report_token(statement, letter_token, f"piece letter '{letter}' used twice (by {other} on line {other_line})")
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
                self.lettered[name] = PieceType(name, letter, royal, notation_text, None, SourcePosition(*where),  # type: ignore[arg-type]
                                                resets_clock, **hand_flags)
            try:
                notation = parse_notation(notation_text)
            except NotationError as error:
                self.report(statement, start + error.span.start, self._relocate(error.message, statement, start, start + error.span.start))
                continue
            except Exception as error:  # noqa: BLE001 - a loader must report, not crash, whatever the notation
                self.report(statement, start, f"the notation could not be read ({type(error).__name__}: {error})")
                continue
            piece = PieceType(name, letter, royal, notation_text, notation, SourcePosition(*where), resets_clock,
                              **hand_flags)
            parsed.append((piece, statement, start))
            if ok:
                self.pieces[name] = piece
        for piece, statement, start in parsed:
            self._check_names(piece, statement, start, check_zones)

    def _relocate(self, message: str, statement: _Statement, start: int, at: int) -> str:
        """A notation message with its columns (counted in the notation) turned into file positions.

        ``start`` is where the notation begins in the statement, ``at`` where the problem is reported.
        """
        error_line = statement.where(at)[0]

        def file_position(match: re.Match[str]) -> str:
            line, column = statement.where(start + int(match.group(1)) - 1)
            return f"column {column}" if line == error_line else f"line {line} column {column}"

        return re.sub(r"\bcolumn (\d+)", file_position, message)

    def _from_betza(self, statement: _Statement, text: str, start: int, dialect: str) -> Optional[str]:
        """A piece line's Betza in the Dagaz notation, or None with the problem reported where it is."""
        from dagaz_studio.betza import TranslationError, read_betza, to_dagaz

        try:
            return to_dagaz(read_betza(text, dialect))
        except TranslationError as error:
            self.report(statement, start + error.start, f"Betza: {error.message}")
            return None

    def _check_names(self, piece: PieceType, statement: _Statement, start: int, check_zones: bool) -> None:
        from dagaz_studio.notation import nodes

        for node in nodes.walk(piece.notation):
            if isinstance(node, nodes.TypeCheck) and node.name not in self.pieces:
                self.report(statement, start + node.span.start, f"unknown piece type '{node.name}'")
            elif isinstance(node, nodes.Promote):
                written = node.span.slice(piece.notation_text)
                offsets = [m.start() for m in re.finditer(r"[^+/\s]+", written)]
                for choice, offset in zip(node.choices, offsets):
                    if choice not in self.pieces:
                        self.report(statement, start + node.span.start + offset, f"unknown piece type '{choice}'")
            elif isinstance(node, nodes.ZoneCheck) and check_zones and node.name not in self.zones:
                self.report(statement, start + node.span.start, f"unknown zone '{node.name}'")

    # ---------------------------------------------------------------- hands: drops and promoted letters

    def _drops(self, items: list[tuple[Tree, _Statement]]) -> dict[str, "Notation"]:
        """Each piece that may be dropped from hand -> its drop notation (``drop PIECE: …``, or the
        board's ``drop: …`` for every piece without a line of its own, royal and promoted ones apart).

        Also works out what each promoted piece (lettered ``+P``, ``Q~``) is demoted to."""
        from dagaz_studio.notation import parse_notation
        from dagaz_studio.notation.errors import NotationError

        self.demotions = self._demotions()
        default: Optional[Notation] = None
        own: dict[str, Notation] = {}
        for tree, statement in items:
            children = list(tree.children)
            rest: Token = children[-1]
            name_token = children[0] if len(children) > 1 else None
            text = str(rest).rstrip()
            start = rest.start_pos or 0
            if name_token is not None and str(name_token) not in self.pieces:
                self.report_token(statement, name_token, f"unknown piece type '{name_token}'")
                continue
            key = str(name_token) if name_token is not None else ""
            if key in own or (not key and default is not None):
                self.report(statement, 0, f"the drop of {key or 'every piece'} is already given")
                continue
            try:
                notation = parse_notation(text)
            except NotationError as error:
                self.report(statement, start + error.span.start,
                            self._relocate(error.message, statement, start, start + error.span.start))
                continue
            check = PieceType(key or "drop", "?", False, text, notation)
            self._check_names(check, statement, start, True)
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
        from dagaz_studio.notation import nodes

        promoters: dict[str, list[str]] = {}
        for piece in self.pieces.values():
            for node in nodes.walk(piece.notation):
                if isinstance(node, nodes.Promote):
                    for choice in node.choices:
                        if piece.name not in promoters.setdefault(choice, []):
                            promoters[choice].append(piece.name)
        demotions: dict[str, str] = {}
        for piece in self.pieces.values():
            if not piece.promoted_letter:
                continue
            found = promoters.get(piece.name, [])
            if len(found) == 1:
                demotions[piece.name] = found[0]
                continue
            why = "no piece promotes to it" if not found else f"several pieces promote to it ({', '.join(found)})"
            self.problems.append(Problem(self.filename, piece.defined_at.line, piece.defined_at.column,
                                         f"'{piece.letter}' is a promoted piece's letter, but {why}: a promoted "
                                         "piece goes to the hand as the one piece that promotes to it"))
        return demotions

    # ---------------------------------------------------------------- setup, rules, drawing

    def _setup(self, items: list[tuple[Tree, _Statement]]) -> None:
        given = self._once(items, "the setup")
        if given is None:
            return
        tree, statement = given
        token = tree.children[0]
        fen = str(token).rstrip()
        board = Board(
            name=self.name,
            kind=self.kind,
            column_names=self.column_names,
            row_names=self.row_names,
            squares=self.squares,
            column_of=self.column_of,
            level_names=self.level_names,
            level_of=self.level_of,
            row_of=self.row_of,
            directions=self.directions,
            players=self.players,
            pieces=self.lettered,
        )
        start = token.start_pos or 0
        try:
            parse_placement(board, fen)
        except PlacementError as error:
            self.report(statement, start + error.offset, f"setup: {error.message}")
            return
        fields = fen.split()
        if len(fields) > 1 and fields[1] not in ("w", "b"):
            offset = fen.index(fields[1], len(fields[0]))
            self.report(statement, start + offset, f"setup: the side to move is 'w' or 'b', not '{fields[1]}'")
            return
        self.setup = fen

    def _rules(self, items: list[tuple[Tree, _Statement]]) -> frozenset[str]:
        rules = set()
        for tree, statement in items:
            token = tree.children[0]
            if str(token) not in KNOWN_RULES:
                self.report_token(statement, token, f"unknown rule '{token}' (known: {', '.join(KNOWN_RULES)})")
            else:
                rules.add(str(token))
        return frozenset(rules)

    def _names(self, items: list[tuple[Tree, _Statement]]) -> str:
        given = self._once(items, "the move names")
        if given is None:
            return "coordinates"
        tree, statement = given
        token = tree.children[0]
        if str(token) not in NAME_STYLES:
            self.report_token(statement, token, f"unknown move names '{token}' (known: {', '.join(NAME_STYLES)})")
            return "coordinates"
        return str(token)

    def _name_letters(self, items: list[tuple[Tree, _Statement]]) -> dict[str, str]:
        letters: dict[str, str] = {}
        lines: dict[str, int] = {}
        for tree, statement in items:
            piece_token, letter_token = tree.children
            piece, letter = str(piece_token), str(letter_token)
            line = statement.positions[0][0]
            if piece not in self.lettered and piece not in self.pieces:
                known = ", ".join(self.pieces) or "none"
                self.report_token(statement, piece_token, f"unknown piece type '{piece}' (pieces: {known})")
            elif piece in letters:
                self.report_token(statement, piece_token, f"name letter of '{piece}' already given on line {lines[piece]}")
            elif letter != "-" and not (len(letter) == 1 and letter.isascii() and letter.isupper()):
                self.report_token(statement, letter_token, f"a name letter is one capital letter or '-' for none, not '{letter}'")
            else:
                letters[piece] = "" if letter == "-" else letter
                lines[piece] = line
                # Names tell pieces apart by their letters, so two pieces may not share one.
                for other in self.lettered:
                    if other != piece and letter != "-" and letter == letters.get(other, self.lettered[other].letter.upper()):
                        self.report_token(statement, letter_token, f"name letter '{letter}' is already {other}'s")
        return letters

    def _draw(self, items: list[tuple[Tree, _Statement]]) -> None:
        style: Optional[tuple[str, int]] = None
        values: dict[str, object] = {}
        lines: list[str] = []
        diagonals: list[tuple[int, int, int, int]] = []
        for tree, statement in items:
            hint = tree.children[0]
            kind = hint.data
            if kind in ("cells", "points"):
                if style is not None and style[0] != kind:
                    self.report(statement, 0, f"draw: '{kind}' contradicts '{style[0]}' on line {style[1]}")
                style = (kind, statement.positions[0][0])
                values["style"] = kind
            elif kind in ("checkered", "coordinates", "stones"):
                values[kind] = True
            elif kind == "lines":
                for token in hint.children:
                    for i, letter in enumerate(str(token)):
                        if letter not in self.directions:
                            self.report(statement, (token.start_pos or 0) + i, f"draw: no direction '{letter}' on this board")
                        elif letter not in lines:
                            lines.append(letter)
            elif kind == "river":
                a, b, *labels = hint.children
                values["river_labels"] = tuple(str(label) for label in labels)
                rows = []
                for token in (a, b):
                    if str(token) not in self.row_names:
                        self.report_token(statement, token, f"draw: no row '{token}' on this board")
                    else:
                        rows.append(self.row_names.index(str(token)))
                if len(rows) == 2:
                    if abs(rows[0] - rows[1]) != 1:
                        self.report_token(statement, a, f"draw: a river runs between two neighbouring rows, not {a} and {b}")
                    else:
                        values["river"] = tuple(sorted(rows))
            elif kind == "diagonals":
                for token in hint.children:
                    rectangle = _RECTANGLE.fullmatch(str(token))
                    if not rectangle:
                        self.report_token(statement, token, f"draw: '{token}' is not a rectangle like 'd1-f3'")
                        continue
                    a = self._square(statement, token, 0, rectangle.group(1))
                    b = self._square(statement, token, rectangle.start(2), rectangle.group(2))
                    if a is None or b is None:
                        continue
                    c0, c1 = sorted((self.column_of[a], self.column_of[b]))
                    r0, r1 = sorted((self.row_of[a], self.row_of[b]))
                    diagonals.append((c0, r0, c1, r1))
        self.draw = DrawHints(
            style=str(values.get("style", "cells")),
            checkered=bool(values.get("checkered", False)),
            lines=tuple(lines),
            river=values.get("river"),  # type: ignore[arg-type]
            diagonals=tuple(diagonals),
            coordinates=bool(values.get("coordinates", False)),
            stones=bool(values.get("stones", False)),
            river_labels=values.get("river_labels", ()),  # type: ignore[arg-type]
        )


# --------------------------------------------------------------------------- public functions


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


def _shipped_directory() -> Path:
    package = Path(__file__).resolve().parent.parent
    installed = package / "_data" / "boards"
    if installed.is_dir():
        return installed
    return package.parent / "boards"


def shipped_boards() -> dict[str, Path]:
    """The boards that come with Dagaz Studio: name (file stem, e.g. ``chess``) -> path.

    Boards are kept in one folder per family (``boards/chess/makruk.board``); the family is the
    folder's name (:func:`shipped_family`), and a board is addressed by its stem alone.
    """
    directory = _shipped_directory()
    if not directory.is_dir():
        return {}
    found = sorted(directory.rglob("*.board"), key=lambda path: (path.relative_to(directory).parts[:-1], path.stem))
    return {path.stem: path for path in found}


def shipped_family(path: Path) -> str:
    """The family of a shipped board (the folder it is kept in: ``chess``, ``draughts``…); ``""``
    for a board kept at the top of the boards folder or elsewhere."""
    directory = _shipped_directory()
    try:
        parts = Path(path).resolve().relative_to(directory.resolve()).parts
    except ValueError:
        return ""
    return parts[0] if len(parts) > 1 else ""


def resolve_board(path_or_name: Union[str, Path]) -> Path:
    """The file a board argument stands for: an existing path, or the name of a shipped board.

    Raises :class:`BoardReadError` if it is neither.
    """
    path = Path(path_or_name)
    if path.is_file():
        return path
    shipped = shipped_boards()
    if isinstance(path_or_name, str) and path_or_name in shipped:
        return shipped[path_or_name]
    if path.exists():
        raise BoardReadError(f"{path_or_name}: not a file")
    names = ", ".join(shipped) or "none"
    raise BoardReadError(f"{path_or_name}: no such board file or shipped board (shipped boards: {names})")


def load_board(path_or_name: Union[str, Path]) -> Board:
    """Load a board file by path, or a shipped board by name (``"chess"``).

    Raises :class:`BoardReadError` when the file cannot be found or read, and :class:`BoardFileError`
    listing every problem when it can be read but is not a valid board.
    """
    path = resolve_board(path_or_name)
    try:
        # Read no further than one character past the limit: parse_board refuses a longer file, and
        # a huge file (or an endless one, such as a device) is never read whole.
        with path.open(encoding="utf-8") as stream:
            text = stream.read(MAX_BOARD_FILE + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise BoardReadError(f"{path}: cannot be read ({error})") from error
    return parse_board(text, str(path))

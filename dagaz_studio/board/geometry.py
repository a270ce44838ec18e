"""Board files, the geometry: the grid, the players, directions (vectors and link chains),
symmetries, zones, and the drawing hints that name rows, directions and squares."""

from __future__ import annotations

from collections.abc import Collection

from lark import Token, Tree

from dagaz_studio.board.model import DIRECTION_LETTERS, DrawHints, Zone, vector_table
from dagaz_studio.board.problems import Problem, echoed
from dagaz_studio.board.statements import (
    BARE_WORD,
    COLUMN_RANGE,
    LEVEL_RANGE,
    MAX_SQUARES,
    RECTANGLE,
    ROW_RANGE,
    SQUARE_NAME,
    Reporter,
    Statement,
    looks_like_squares,
)


class GeometryReader:
    """The statements about the board's shape, read into what a board is made of (its grid, players,
    directions, symmetries, zones and drawing hints); problems go to the reporter, not raised."""

    def __init__(self, reporter: Reporter) -> None:
        self.reporter = reporter
        self.players: tuple[str, ...] = ("White", "Black")
        self.directions: dict[str, tuple[int | None, ...]] = {}
        self.symmetries: dict[str, dict[str, str]] = {}
        self.zones: dict[str, Zone] = {}
        self.draw = DrawHints()
        self.column_names: tuple[str, ...] = ()
        self.row_names: tuple[str, ...] = ()
        self.squares: tuple[str, ...] = ()
        self.column_of: tuple[int, ...] = ()
        self.row_of: tuple[int, ...] = ()
        self.level_names: tuple[str, ...] = ()
        self.level_of: tuple[int, ...] = ()
        self.index: dict[str, int] = {}

    def read_grid(self, items: list[tuple[Tree[Token], Statement]]) -> bool:
        """The grid (``grid: a-h 8-1``): its squares, named and placed; whether there is one that fits."""
        given = self.reporter.once(items, "the grid")
        if given is None:
            if not any(p.message.startswith("malformed 'grid'") for p in self.reporter.problems):
                self.reporter.problems.append(Problem(self.reporter.filename, 1, 1, "no grid: the board needs a 'grid:' statement"))
            return False
        tree, statement = given
        columns_token, rows_token = tree.children[:2]
        levels = self._levels(statement, tree.children[2]) if len(tree.children) > 2 else ("",)
        if not levels:
            return False
        columns = COLUMN_RANGE.fullmatch(str(columns_token))
        rows = ROW_RANGE.fullmatch(str(rows_token))
        if not columns:
            self.reporter.report_token(statement, columns_token, f"malformed range '{echoed(columns_token)}': columns are letters, like 'a-h'")
        if not rows:
            self.reporter.report_token(statement, rows_token, f"malformed range '{echoed(rows_token)}': rows are numbers, like '8-1'")
        if not (columns and rows):
            return False
        first, last = columns.group(1), columns.group(2) or columns.group(1)
        top_digits, bottom_digits = rows.group(1), rows.group(2) or rows.group(1)
        # Sized from the range as written, before any square is made: a row number of thousands of
        # digits is never converted, and a grid of a hundred million squares never built.
        if max(len(top_digits), len(bottom_digits)) > 12:
            self.reporter.report_token(statement, rows_token, "row numbers have at most 12 digits")
            return False
        top, bottom = int(top_digits), int(bottom_digits)
        count = (abs(ord(last) - ord(first)) + 1) * (abs(bottom - top) + 1) * len(levels)
        if count > MAX_SQUARES:
            self.reporter.report_token(statement, columns_token, f"the grid has {count:,} squares: a board has at most "
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

    def _levels(self, statement: Statement, token: Token) -> tuple[str, ...]:
        """A 3-D grid's levels (``A-E``: capital letters, as the grid lists them), or ``()`` reported."""
        match = LEVEL_RANGE.fullmatch(str(token))
        if not match:
            self.reporter.report_token(statement, token, f"malformed range '{echoed(token)}': levels are capital letters, like 'A-E'")
            return ()
        first, last = match.group(1), match.group(2) or match.group(1)
        step = 1 if last >= first else -1
        return tuple(chr(c) for c in range(ord(first), ord(last) + step, step))

    def read_players(self, items: list[tuple[Tree[Token], Statement]]) -> None:
        """The players, in turn order (``players: White Black``); White and Black when not given."""
        given = self.reporter.once(items, "the players")
        if given is None:
            return
        tree, statement = given
        players: list[str] = []
        for token in tree.children:
            if str(token) in players:
                self.reporter.report_token(statement, token, f"player '{echoed(token)}' named twice")
            elif not BARE_WORD.fullmatch(str(token)):
                self.reporter.report_token(statement, token, f"a player's name begins with a letter: '{echoed(token)}'")
            else:
                players.append(str(token))
        self.players = tuple(players)

    def _player(self, statement: Statement, token: Token) -> str | None:
        if str(token) in self.players:
            return str(token)
        self.reporter.report_token(statement, token, f"unknown player '{echoed(token)}' (players: {' '.join(self.players)})")
        return None

    def _direction_letter(self, statement: Statement, token: Token) -> str | None:
        letter = str(token)
        if len(letter) == 1 and letter in DIRECTION_LETTERS:
            return letter
        self.reporter.report_token(statement, token, f"unknown direction '{echoed(letter)}' (directions: {' '.join(DIRECTION_LETTERS)})")
        return None

    def _square(self, statement: Statement, token: Token, offset: int = 0, name: str | None = None) -> int | None:
        name = str(token) if name is None else name
        if name in self.index:
            return self.index[name]
        self.reporter.report(statement, (token.start_pos or 0) + offset, f"unknown square '{echoed(name)}'")
        return None

    def read_directions(self, items: list[tuple[Tree[Token], Statement]]) -> None:
        """The directions: each letter's vector (``N = (0, -1)``) or link chains (``N = a1 a2 a3``)."""
        size = len(self.squares)
        vectors: dict[str, int] = {}  # letter -> line of its vector
        links: dict[str, list[int | None]] = {}
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
                    self.reporter.report_token(statement, letter_token, f"direction {letter} already given as {how} on line {earlier}")
                    continue
                dx_token, dy_token = value.children[:2]
                dx, dy = int(dx_token), int(dy_token)
                dz = int(value.children[2]) if len(value.children) > 2 else 0
                if dx == 0 and dy == 0 and dz == 0:
                    self.reporter.report_token(statement, dx_token, "malformed vector: (0, 0) goes nowhere")
                    continue
                vectors[letter] = line
                self.directions[letter] = vector_table(self.column_of, self.row_of, self.level_of, (dx, dy, dz))
            else:
                if letter in vectors:
                    self.reporter.report_token(statement, letter_token, f"direction {letter} already given as a vector on line {vectors[letter]}")
                    continue
                table_list = links.setdefault(letter, [None] * size)
                link_lines.setdefault(letter, line)
                for chain in value.children:
                    self._chain(statement, letter, chain.children, table_list)
        for letter, table_list in links.items():
            self.directions[letter] = tuple(table_list)
        # Letters in the order of the notation, whatever the order of the file.
        self.directions = {k: self.directions[k] for k in DIRECTION_LETTERS if k in self.directions}

    def _chain(self, statement: Statement, letter: str, tokens: list[Token], table: list[int | None]) -> None:
        if len(tokens) == 1:
            self.reporter.report_token(statement, tokens[0], f"link chain with a one-square fragment '{echoed(tokens[0])}': a chain links two squares or more")
            return
        squares = [self._square(statement, token) for token in tokens]
        for (source, target), token in zip(zip(squares, squares[1:]), tokens[1:]):
            if source is None or target is None:
                continue
            if source == target:
                self.reporter.report_token(statement, token, f"a link from {self.squares[source]} to itself")
            elif table[source] is not None and table[source] != target:
                self.reporter.report_token(
                    statement,
                    token,
                    f"{self.squares[source]} already has direction {letter}, to {self.squares[table[source]]}",
                )
            else:
                table[source] = target

    def read_symmetries(self, items: list[tuple[Tree[Token], Statement]]) -> None:
        """Each player's symmetry: the board direction each letter means to that player."""
        for tree, statement in items:
            player_token, *mappings = tree.children
            player = self._player(statement, player_token)
            if player in self.symmetries:
                self.reporter.report_token(statement, player_token, f"symmetry for {player} given twice")
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
                        self.reporter.report_token(statement, token, f"{source} is mapped twice, to {mapping[source]} and to {target}")
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
                self.reporter.report_token(
                    statement,
                    culprit,
                    f"the symmetry is not a permutation: {' and '.join(sources)} both map to {doubled[0]}",
                )
                continue
            self.symmetries[player] = full

    def _zone_squares(self, statement: Statement, tokens: list[Token]) -> frozenset[int]:
        squares: set[int] = set()
        for token in tokens:
            text = str(token)
            rectangle = RECTANGLE.fullmatch(text)
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
            elif SQUARE_NAME.fullmatch(text):
                square = self._square(statement, token)
                if square is not None:
                    squares.add(square)
            else:
                self.reporter.report_token(statement, token, f"'{echoed(text)}' is neither a square nor a rectangle like 'd1-f3'")
        return frozenset(squares)

    def read_zones(self, items: list[tuple[Tree[Token], Statement]]) -> None:
        """The zones: named sets of squares, one for everybody or one per player."""
        for tree, statement in items:
            name_token, *parts = tree.children
            name = str(name_token)
            if name in self.zones:
                self.reporter.report_token(statement, name_token, f"zone '{echoed(name)}' defined twice")
                continue
            first_words = [part.children[0] for part in parts]
            if len(parts) == 1 and looks_like_squares(first_words[0]):
                self.zones[name] = Zone(name, shared=self._zone_squares(statement, parts[0].children))
                continue
            per_player: dict[str, frozenset[int]] = {}
            for part in parts:
                player_token, *square_tokens = part.children
                if looks_like_squares(player_token):
                    self.reporter.report_token(statement, player_token, f"expected a player's name before the squares, found '{echoed(player_token)}'")
                    continue
                player = self._player(statement, player_token)
                if player in per_player:
                    self.reporter.report_token(statement, player_token, f"{player} given twice in zone '{echoed(name)}'")
                    continue
                if not square_tokens:
                    self.reporter.report(statement, (player_token.end_pos or 0), f"no squares for {player_token} in zone '{echoed(name)}'")
                squares = self._zone_squares(statement, square_tokens)
                if player is not None:
                    per_player[player] = squares
            self.zones[name] = Zone(name, per_player=per_player)

    def read_draw(self, items: list[tuple[Tree[Token], Statement]], pieces: Collection[str]) -> None:
        """The drawing hints (``draw: …``): how the board is drawn, and whose row a square is;
        ``pieces`` are the piece types the board names (a hint may name them: ``draw: blocks Wall``)."""
        style: tuple[str, int] | None = None
        values: dict[str, object] = {}
        lines: list[str] = []
        diagonals: list[tuple[int, int, int, int]] = []
        for tree, statement in items:
            hint = tree.children[0]
            kind = hint.data
            if kind in ("cells", "points"):
                if style is not None and style[0] != kind:
                    self.reporter.report(statement, 0, f"draw: '{echoed(kind)}' contradicts '{echoed(style[0])}' on line {style[1]}")
                style = (kind, statement.positions[0][0])
                values["style"] = kind
            elif kind in ("checkered", "coordinates", "stones"):
                values[kind] = True
            elif kind == "symbols":
                values["symbols"] = str(hint.children[0])
            elif kind == "lines":
                for token in hint.children:
                    for i, letter in enumerate(str(token)):
                        if letter not in self.directions:
                            self.reporter.report(statement, (token.start_pos or 0) + i, f"draw: no direction '{echoed(letter)}' on this board")
                        elif letter not in lines:
                            lines.append(letter)
            elif kind == "river":
                a, b, *labels = hint.children
                values["river_labels"] = tuple(str(label) for label in labels)
                rows = []
                for token in (a, b):
                    if str(token) not in self.row_names:
                        self.reporter.report_token(statement, token, f"draw: no row '{echoed(token)}' on this board")
                    else:
                        rows.append(self.row_names.index(str(token)))
                if len(rows) == 2:
                    if abs(rows[0] - rows[1]) != 1:
                        self.reporter.report_token(statement, a, f"draw: a river runs between two neighbouring rows, not {a} and {b}")
                    else:
                        values["river"] = tuple(sorted(rows))
            elif kind == "surface":
                values["surface"] = str(hint.children[0])
            elif kind == "owners":
                token = hint.children[0]
                zone = self.zones.get(str(token))
                if zone is None or not zone.per_player:
                    self.reporter.report_token(statement, token, f"draw: no zone '{echoed(token)}' with squares for each player")
                else:
                    values["owners"] = str(token)
            elif kind == "blocks":
                for token in hint.children:
                    if str(token) not in pieces:
                        self.reporter.report_token(statement, token, f"draw: no piece type '{echoed(token)}' on this board")
                values["blocks"] = tuple(str(token) for token in hint.children)
            elif kind == "diagonals":
                for token in hint.children:
                    rectangle = RECTANGLE.fullmatch(str(token))
                    if not rectangle:
                        self.reporter.report_token(statement, token, f"draw: '{echoed(token)}' is not a rectangle like 'd1-f3'")
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
            river=values.get("river"),
            diagonals=tuple(diagonals),
            coordinates=bool(values.get("coordinates", False)),
            stones=bool(values.get("stones", False)),
            river_labels=values.get("river_labels", ()),
            symbols=str(values.get("symbols", "")),
            surface=values.get("surface"),
            blocks=values.get("blocks", ()),
            owners=str(values.get("owners", "")),
        )


"""The four-character notation of Xiangqi (the WXF family): ``H2+3``, ``C2=5``, ``R9+1``, ``CF+7``.

Nothing here is Xiangqi. A player's *forward* is the board direction his ``N`` means (through his
symmetry); his *right* is forward turned clockwise as the board is drawn. Files are the lines that run
forward, numbered 1, 2, … from the player's right. A name is the piece's name letter, the file it
starts on, ``+`` (forward), ``-`` (backward) or ``=`` (sideways), then the file it lands on if it leaves
its file, else the number of points it moves.

Two pieces of one kind on one file are told apart by ``F``/``B`` (front, back) in place of the file
(style ``wxf``), before the letter (``wxf-prefix``) or by ``+``/``-`` (``wxf-signs``). A kind keeps the
file digit when two pieces of it on one file can never make moves of the same name (the Advisor and
Elephant: one of the two goes forward, the other back); this is found from the piece's own moves on an
empty board, from where the setup puts it. Three pieces of one kind on a file, or pairs on two files,
are written as Fairy-Stockfish writes them: the piece's place on its file counted from the front, then
the file (``13=4``).
"""

from __future__ import annotations

import re
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from dagaz_studio.board.model import Board
from dagaz_studio.board.placement import setup_placement
from dagaz_studio.engine import Move, Piece, Position, Rules
from dagaz_studio.names.context import Context, NameStyleError

#: Style -> how two pieces on one file are told apart: (front, back, marker before the letter).
STYLES = {"wxf": ("F", "B", False), "wxf-prefix": ("F", "B", True), "wxf-signs": ("+", "-", False)}

# re.ASCII: files and counts in digits 0-9 only (\d would read '٥' as 5); at most 6 digits, more than
# any board has files or rows, so that no name is a number too long to convert.
_FORM = re.compile(r"(?P<a>[A-Z+\-]|\d)(?P<b>[A-Z+\-]|\d{1,6})(?P<sign>[+\-=])(?P<number>\d{1,6})", re.ASCII)
_FRONT, _BACK = "F+", "B-"


@dataclass
class _Geometry:
    """Files and ranks of every square as each player sees them."""

    file_of: list[list[int]]  # player -> square -> file number (1 = the player's rightmost file)
    line_of: list[list[int]]  # player -> square -> which file line (equal on one file)
    rank_of: list[list[int]]  # player -> square -> how far forward (grows forward)
    step: list[int]  # player -> rank units per point
    setup: dict[int, tuple[int, int]]  # square -> (player, kind) the board's setup puts there
    keeps_digit: dict[tuple[int, int], bool] = field(default_factory=dict)


_GEOMETRY: weakref.WeakKeyDictionary[Rules, _Geometry] = weakref.WeakKeyDictionary()


def _geometry(rules: Rules) -> _Geometry:
    cached = _GEOMETRY.get(rules)
    if cached is not None:
        return cached
    board = rules.board
    file_of, line_of, rank_of, step = [], [], [], []
    for player in board.players:
        forward = _forward(rules, player)
        fx, fy = forward
        rx, ry = -fy, fx  # forward turned a quarter clockwise, with rows counted downwards as drawn
        lines = [board.column_of[s] * rx + board.row_of[s] * ry for s in range(len(board.squares))]
        numbers = {value: n for n, value in enumerate(sorted(set(lines), reverse=True), start=1)}
        file_of.append([numbers[value] for value in lines])
        line_of.append(lines)
        rank_of.append([board.column_of[s] * fx + board.row_of[s] * fy for s in range(len(board.squares))])
        step.append(fx * fx + fy * fy)
    setup = {s: (player, rules.kind_index[t.name]) for s, (player, t) in setup_placement(board).items()}
    geometry = _Geometry(file_of, line_of, rank_of, step, setup)
    _GEOMETRY[rules] = geometry
    return geometry


def _forward(rules: Rules, player: str) -> tuple[int, int]:
    return board_forward(rules.board, player)


def board_forward(board: Board, player: str) -> tuple[int, int]:
    """The (columns, rows) step ``player``'s forward (his ``N``) most often makes on ``board``, rows
    counted downwards as drawn; :class:`NameStyleError` when his ``N`` is no direction of it."""
    letter = board.player_direction(player, "N")
    table = board.directions.get(letter)
    steps = Counter(
        (board.column_of[b] - board.column_of[a], board.row_of[b] - board.row_of[a])
        for a, b in enumerate(table or ()) if b is not None
    )
    if not steps:
        raise NameStyleError(f"WXF names need a forward direction: {player}'s N is no direction of {board.name}")
    return steps.most_common(1)[0][0]


def file_numbers(board: Board) -> list[tuple[tuple[int, int], list[int]]]:
    """For each player, his forward step and each square's file as WXF numbers it (1: the file on his
    right): what a board draws along its edges. Worked out as :func:`write` reads files."""
    out = []
    for player in board.players:
        fx, fy = board_forward(board, player)
        rx, ry = -fy, fx
        lines = [board.column_of[s] * rx + board.row_of[s] * ry for s in range(len(board.squares))]
        numbers = {value: n for n, value in enumerate(sorted(set(lines), reverse=True), start=1)}
        out.append(((fx, fy), [numbers[value] for value in lines]))
    return out


@dataclass(frozen=True)
class _Features:
    """What a WXF name says about one move."""

    kind: int
    file: int
    index: int  # the piece's place on its file among its kind, 1 = front
    count: int  # pieces of its kind on its file
    doubled: int  # files holding two or more pieces of its kind
    keeps: bool
    sign: str
    number: int


def _features(context: Context) -> list[_Features]:
    cached = context.cache.get("wxf")
    if cached is None:
        cached = context.cache["wxf"] = _compute_features(context)
    return cached


def _compute_features(context: Context) -> list[_Features]:
    rules, position = context.rules, context.position
    geometry = _geometry(rules)
    # Where each (player, kind) stands, file by file, front first.
    files: dict[tuple[int, int], dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for square, piece in enumerate(position.cells):
        if piece is not None:
            files[(piece.player, piece.kind)][geometry.line_of[piece.player][square]].append(square)
    for by_line in files.values():
        for squares in by_line.values():
            squares.sort(key=lambda s: -geometry.rank_of[position.cells[s].player][s])  # type: ignore[union-attr]
    out = []
    for move in context.moves:
        player, kind = move.player, context.kind(move)
        by_line = files[(player, kind)]
        line = geometry.line_of[player][move.origin]
        on_file = by_line.get(line) or [move.origin]
        sign, number = _displacement(geometry, player, move.origin, move.target)
        out.append(_Features(
            kind, geometry.file_of[player][move.origin], on_file.index(move.origin) + 1 if move.origin in on_file else 1,
            len(on_file), sum(1 for squares in by_line.values() if len(squares) > 1),
            _keeps_digit(rules, geometry, kind, player), sign, number,
        ))
    return out


def _displacement(geometry: _Geometry, player: int, origin: int, target: int) -> tuple[str, int]:
    ahead = geometry.rank_of[player][target] - geometry.rank_of[player][origin]
    sign = "+" if ahead > 0 else "-" if ahead < 0 else "="
    if geometry.line_of[player][target] == geometry.line_of[player][origin]:
        return sign, abs(ahead) // geometry.step[player]
    return sign, geometry.file_of[player][target]


def _keeps_digit(rules: Rules, geometry: _Geometry, kind: int, player: int) -> bool:
    """Whether two pieces of this kind on one file can never make moves of the same name."""
    key = (kind, player)
    known = geometry.keeps_digit.get(key)
    if known is not None:
        return known
    board = rules.board
    squares = range(len(board.squares))
    # Only squares the piece can reach from where the game starts it count: an Elephant that could
    # stand across the river would share names with one at home.
    start = [s for s in squares if geometry.setup.get(s) == (player, kind)] or list(squares)
    reached, queue = set(start), list(start)
    seen: dict[tuple[int, str, int], int] = {}
    keeps = True
    while queue:
        origin = queue.pop()
        cells: list[Piece | None] = [None] * len(board.squares)
        cells[origin] = Piece(player, kind, True)
        for move in rules.run(Position(board, cells, player), origin).moves:
            name = (geometry.line_of[player][origin], *_displacement(geometry, player, origin, move.target))
            if seen.setdefault(name, origin) != origin:
                keeps = False
            if move.target not in reached:
                reached.add(move.target)
                queue.append(move.target)
    geometry.keeps_digit[key] = keeps
    return keeps


def _letter(context: Context, move: Move) -> str:
    letter = context.board.name_letter(move.piece)
    if not letter:
        piece = context.board.pieces.get(move.piece)
        letter = piece.letter.upper() if piece is not None else "?"
    return letter


def write(context: Context, style: str = "wxf") -> list[str]:
    """The WXF name of every move of ``context`` in ``style`` (a key of :data:`STYLES`)."""
    front, back, before = STYLES[style]
    names = []
    for move, f in zip(context.moves, _features(context)):
        letter = _letter(context, move)
        tail = f"{f.sign}{f.number}"
        if f.keeps or f.count == 1:
            names.append(f"{letter}{f.file}{tail}")
        elif f.count == 2 and f.doubled == 1:
            marker = front if f.index == 1 else back
            names.append(f"{marker}{letter}{tail}" if before else f"{letter}{marker}{tail}")
        else:
            names.append(f"{f.index}{f.file}{tail}")
    return names


def read(context: Context, text: str) -> list[int] | None:
    """The indices of the moves ``text`` names in any WXF spelling, or ``None`` if it is not WXF.

    Accepts ``.`` or ``=`` for sideways; ``F``/``B`` or ``+``/``-`` before or after the letter; the
    file digit even for doubled pieces when it leaves one move (``R5-1``); Fairy-Stockfish's ``13=4``
    and the official ``7-.8`` (file, then front or back) and ``P3.4`` (the middle of three).
    """
    form = _FORM.fullmatch("".join(text.split()).upper().replace(".", "="))
    if form is None:
        return None
    a, b = form.group("a"), form.group("b")
    letters = context.cache.get("wxf-letters")
    if letters is None:
        letters = context.cache["wxf-letters"] = _letters(context)
    kinds: set[int] | None = None
    file = index = None
    marker = ""
    if a in letters and b.isdigit():
        kinds, file = letters[a], int(b)
    elif a in letters and b in _FRONT + _BACK:
        kinds, marker = letters[a], b
    elif a in _FRONT + _BACK and b in letters:
        kinds, marker = letters[b], a
    elif a.isdigit() and b.isdigit():
        index, file = int(a), int(b)
    elif a.isdigit() and b in "+-":
        file, marker = int(a), b
    else:
        return None
    sign, number = form.group("sign"), int(form.group("number"))
    features = _features(context)
    by_displacement = context.cache.get("wxf-by-displacement")
    if by_displacement is None:
        by_displacement = context.cache["wxf-by-displacement"] = defaultdict(list)
        for i, f in enumerate(features):
            by_displacement[(f.sign, f.number)].append(i)
    found = []
    for i in by_displacement.get((sign, number), ()):
        f = features[i]
        if kinds is not None and f.kind not in kinds:
            continue
        if file is not None and f.file != file:
            continue
        if marker and (f.count < 2 or f.index != (1 if marker in _FRONT else f.count)):
            continue
        if index is not None and (f.count < 2 or f.index != index):
            continue
        found.append(i)
    if len(found) > 1 and kinds is not None and file is not None:
        # The official scheme names the middle one of three pieces on a file by the file digit.
        middle = [i for i in found if features[i].count == 3 and features[i].index == 2]
        if middle:
            return middle
    return found


def _letters(context: Context) -> dict[str, set[int]]:
    """Letter -> kinds: name letters, and position letters no name letter or F/B marker uses."""
    board = context.board
    kinds = context.rules.kinds[:len(board.pieces)]
    out: dict[str, set[int]] = defaultdict(set)
    for i, piece in enumerate(kinds):
        out[board.name_letter(piece.name) or piece.letter.upper()].add(i)
    for i, piece in enumerate(kinds):
        letter = piece.letter.upper()
        if letter not in out and letter not in _FRONT + _BACK:
            out[letter].add(i)
    return dict(out)

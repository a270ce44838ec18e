"""Adding, changing and deleting piece types in a board file's text.

Every function takes a board file's text and the :class:`Board` it describes and returns the new text,
changing only the lines it must: the piece's statement, the notations that name the piece
(``=Name``, ``+Name``), its ``name-letter`` line and the setup's letters. The caller reads the new
text back with the loader, so a change a board file cannot hold is still caught there; the checks
here give the reasons a designer can act on.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dagaz_studio.board.model import Board
from dagaz_studio.board.placement import format_row
from dagaz_studio.board.problems import MAX_PIECE_NAME, echoed
from dagaz_studio.board.source import file_lines
from dagaz_studio.board.writer import BoardWriteError

__all__ = ["PIECE_FLAGS", "add_piece", "delete_piece", "piece_users", "update_piece"]

#: The flags a piece statement may carry after its letter (the board grammar's ``FLAG``): an edit
#: keeps every one of them.
PIECE_FLAGS = ("royal", "resets-clock", "betza-fsf", "betza", "no-drop-mate", "no-drop-check", "no-drop-doubled", "unlimited",
               "neutral", "extinction", "castles", "drop-first")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
_PIECE_HEAD = re.compile(r"(?P<keyword>piece\s+)(?P<name>\S+)(?P<gap>\s+)(?P<letter>\S+)"
                         r"(?P<flags>(?:\s+(?:" + "|".join(re.escape(flag) for flag in PIECE_FLAGS) + r")(?![\w-]))*)"
                         r"(?P<colon>\s*:)")
#: Statements that name one piece type after their keyword (``drop Disc: …``, ``value Man: 1``).
_NAMING_STATEMENTS = ("name-letter", "drop", "value")
_SETUP = re.compile(r"(?P<head>setup\s*:\s*)(?P<placement>\S+)")
# In a test statement: its FEN's placement, the piece it puts or drops, a typed notation.
_TEST_FEN = re.compile(r"(?P<head>(?<![\w-])fen\s+)(?P<placement>\S+)")
_TEST_QUOTED = re.compile(r"`[^`]*`")
# Where a piece's name ends inside a notation: the lexer's own delimiters for '=Name' and '+Name',
# and '/' between the names of a list ('+Queen/Rook').
_NAME_END = r"(?=[\s,;()\[\]>/]|$)"


def _reference(name: str) -> re.Pattern[str]:
    """``=Name`` (also inside ``!=Name``), ``+Name`` and a later name of a list (``+Queen/Name``) in a
    notation, as the notation's lexer reads them."""
    return re.compile(r"(?P<sign>[=+]|(?<=[=+])(?:[^\s,;()\[\]>/]+/)+)" + re.escape(name) + _NAME_END)


def piece_users(board: Board, name: str) -> list[str]:
    """The other piece types whose notation names ``name`` (``=Name`` or ``+Name``), in file order."""
    pattern = _reference(name)
    return [piece.name for piece in board.pieces.values()
            if piece.name != name and pattern.search(piece.notation_text)]


def add_piece(text: str, board: Board, name: str, letter: str, notation: str, royal: bool = False) -> str:
    """``text`` with a new piece statement after the last one (at the end if there is none).

    The new type comes last in file order, so the pieces already on the board keep their kinds.
    Raises :class:`BoardWriteError` for a name or letter that is malformed or already taken, or a
    notation a board file cannot hold.
    """
    _check_name(board, name, None)
    _check_letter(board, letter, None)
    body = _notation_line(notation)
    statement = f"piece {name} {letter}{' royal' if royal else ''}: {body}"
    lines = file_lines(text, keepends=True)
    ending = _dominant_ending(lines)
    last = None
    for number, _ in _statements(lines, "piece"):
        last = number
    if last is None:
        prefix = text if not text or text.endswith(("\n", "\r")) else text + ending
        return prefix + statement + ending
    insert_at = _statement_end(lines, last)
    if insert_at == len(lines) and lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += ending
    lines.insert(insert_at, statement + ending)
    return "".join(lines)


def update_piece(text: str, board: Board, name: str, new_name: str | None = None,
                 letter: str | None = None, royal: bool | None = None) -> str:
    """``text`` with the piece type ``name`` renamed, given another letter, or made royal or not.

    A new name is carried into every notation naming the piece and into its ``name-letter`` line;
    a new letter into the setup. ``None`` leaves that property as it is. Raises
    :class:`BoardWriteError` for an unknown piece, or a name or letter already taken.
    """
    piece = _require(board, name)
    new_name = name if new_name is None else new_name
    letter = piece.letter if letter is None else letter
    royal = piece.royal if royal is None else royal
    if new_name != name:
        _check_name(board, new_name, name)
    if letter != piece.letter:
        _check_letter(board, letter, name)
    lines = file_lines(text, keepends=True)
    pieces = dict(_statements(lines, "piece"))
    head_line = next((n for n, found in pieces.items() if found == name), None)
    if head_line is None:
        raise BoardWriteError(f"the board file defines no piece named {name!r}")

    def new_head(match: re.Match[str]) -> str:
        flags = [flag for flag in match.group("flags").split() if flag != "royal"]
        if royal:
            flags.insert(0, "royal")
        return (match.group("keyword") + new_name + match.group("gap") + letter
                + "".join(" " + flag for flag in flags) + match.group("colon"))

    line = lines[head_line]
    indent = len(line) - len(line.lstrip())
    lines[head_line] = line[:indent] + _PIECE_HEAD.sub(new_head, line[indent:], count=1)
    if new_name != name:
        pattern = _reference(name)
        # Notations are in piece and drop statements, after the first ':'.
        heads = {**pieces, **dict(_statements(lines, "drop"))}
        for number in _notation_lines(lines, heads):
            lines[number] = _in_code(lines[number], lambda code: pattern.sub(lambda m: m.group("sign") + new_name, code),
                                     after_colon=number in heads)
        for keyword in _NAMING_STATEMENTS:
            named = re.compile(rf"(?P<head>{re.escape(keyword)}\s+){re.escape(name)}(?=\s*:)")
            for number, found in _statements(lines, keyword):
                if found == name:
                    lines[number] = _in_code(lines[number], lambda code: named.sub(
                        lambda m: m.group("head") + new_name, code, count=1))
        _rename_in_tests(lines, name, new_name, pattern)
    if letter != piece.letter:
        _edit_setup(lines, lambda cell: _swap_letter(cell, piece.letter, letter))
        _edit_test_fens(lines, lambda cell: _swap_letter(cell, piece.letter, letter))
    return "".join(lines)


def delete_piece(text: str, board: Board, name: str) -> str:
    """``text`` without the piece type ``name``: its statement, the statements naming it
    (``name-letter``, ``drop``, ``value``) and its pieces in the setup go. Raises :class:`BoardWriteError` if another piece's notation names it
    (that notation would no longer load) or there is no such piece."""
    piece = _require(board, name)
    users = piece_users(board, name)
    if users:
        raise BoardWriteError(f"{name} is named in the notation of {', '.join(users)}: change that first")
    heaps = board.kind_type.holds_heaps
    if heaps and len(board.pieces) == 1:
        raise BoardWriteError(f"{name} is this heap board's only piece type, and its heaps need one: make "
                              "another first")
    # A bare count of a heap (4) is of the first piece type: deleted with it, not read as the next one's.
    bare = next(iter(board.pieces.values())).letter if heaps else None
    lines = file_lines(text, keepends=True)
    dropped: set[int] = set()
    for number, found in _statements(lines, "piece"):
        if found == name:
            dropped.update(range(number, _statement_end(lines, number)))
    for keyword in _NAMING_STATEMENTS:
        for number, found in _statements(lines, keyword):
            if found == name:
                dropped.update(range(number, _statement_end(lines, number)))
    # A test about the piece (put, dropped, typed or standing in its position) goes with it.
    for number, _ in _statements(lines, "test"):
        end = _statement_end(lines, number)
        if any(_test_uses(_code(lines[n]), name, piece.letter, bare) for n in range(number, end)):
            dropped.update(range(number, end))
    kept = [line for number, line in enumerate(lines) if number not in dropped]
    _edit_setup(kept, lambda cell: None if cell is not None and cell.upper() == piece.letter.upper() else cell, bare)
    return "".join(kept)


# --------------------------------------------------------------------------- checks


def _require(board: Board, name: str):  # type: ignore[no-untyped-def]
    piece = board.pieces.get(name)
    if piece is None:
        raise BoardWriteError(f"the board has no piece named {name!r}")
    return piece


def _check_name(board: Board, name: str, own: str | None) -> None:
    if len(name) > MAX_PIECE_NAME:
        raise BoardWriteError(f"a piece's name has at most {MAX_PIECE_NAME} characters, not {len(name):,}: "
                              f"'{echoed(name)}'")
    if not _NAME.fullmatch(name):
        raise BoardWriteError("a piece's name is a word of letters, digits, '_' and '-', beginning with a letter, "
                              f"not '{echoed(name)}'")
    if name in PIECE_FLAGS:
        raise BoardWriteError(f"'{name}' is a word of the piece statement, not a name")
    if name != own and name in board.pieces:
        raise BoardWriteError(f"the board already has a piece named {name}")


def _check_letter(board: Board, letter: str, own: str | None) -> None:
    if not (len(letter) == 1 and letter.isascii() and letter.isalpha()):
        raise BoardWriteError(f"a piece's letter is one letter a-z or A-Z, not {letter!r}")
    other = board.piece_by_letter(letter)
    if other is not None and other.name != own:
        raise BoardWriteError(f"the letter {letter.upper()} is already the {other.name}'s")


def _notation_line(notation: str) -> str:
    parts = [part.strip() for part in notation.splitlines() if part.strip()]
    if not parts:
        raise BoardWriteError("the notation is empty")
    if "#" in notation:
        raise BoardWriteError("a notation in a board file cannot hold '#': it starts a comment")
    return " ".join(parts)


# --------------------------------------------------------------------------- reading lines


def _code(line: str) -> str:
    return line.rstrip("\r\n").split("#", 1)[0]


def _statements(lines: list[str], keyword: str) -> list[tuple[int, str]]:
    """(line number, first word after the keyword) of every statement beginning with ``keyword``."""
    pattern = re.compile(re.escape(keyword) + r"(?:\s+|\s*:\s*)(\S+?)(?=\s|:|$)")
    found = []
    for number, line in enumerate(lines):
        code = _code(line)
        if not code.strip() or code[:1].isspace():
            continue
        match = pattern.match(code)
        if match is not None:
            found.append((number, match.group(1)))
    return found


def _statement_end(lines: list[str], start: int) -> int:
    """The line after the statement beginning at ``start`` and its continuation lines (as the loader
    reads them: indented lines continue it across blank and comment lines)."""
    end = start + 1
    for number in range(start + 1, len(lines)):
        code = _code(lines[number])
        if not code.strip():
            continue
        if not code[:1].isspace():
            break
        end = number + 1
    return end


def _notation_lines(lines: list[str], pieces: dict[int, str]) -> list[int]:
    numbers: list[int] = []
    for start in pieces:
        numbers.extend(number for number in range(start, _statement_end(lines, start))
                       if _code(lines[number]).strip())
    return numbers


def _in_code(line: str, change: Callable[[str], str], after_colon: bool = False) -> str:
    """``line`` with ``change`` applied to its code only (not its comment or line ending); with
    ``after_colon``, only to what follows the statement's first ``:`` (the notation, not the head)."""
    body = line.rstrip("\r\n")
    ending = line[len(body):]
    comment_at = body.find("#")
    code, comment = (body, "") if comment_at < 0 else (body[:comment_at], body[comment_at:])
    head = ""
    if after_colon:
        colon = code.find(":")
        head, code = code[: colon + 1], code[colon + 1:]
    return head + change(code) + comment + ending


def _edit_setup(lines: list[str], change, bare: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """Apply ``change`` (a letter or ``None`` for empty -> the same) to every square of the setup
    (``bare``: see :func:`_rewrite_heaps`)."""
    for number, _ in _statements(lines, "setup"):
        lines[number] = _in_code(lines[number], lambda code: _SETUP.sub(
            lambda m: m.group("head") + _rewrite_placement(m.group("placement"), change, bare), code, count=1))


def _test_lines(lines: list[str]) -> list[int]:
    return [n for start, _ in _statements(lines, "test") for n in range(start, _statement_end(lines, start))]


def _edit_test_fens(lines: list[str], change) -> None:  # type: ignore[no-untyped-def]
    """Apply ``change`` to every square of the test statements' FENs."""
    for number in _test_lines(lines):
        lines[number] = _in_code(lines[number], lambda code: _TEST_FEN.sub(
            lambda m: m.group("head") + _rewrite_placement(m.group("placement"), change), code),
            after_colon=_code(lines[number]).startswith("test"))


def _rename_in_tests(lines: list[str], name: str, new_name: str, reference: re.Pattern[str]) -> None:
    """A renamed piece in the test statements: put or dropped by name, or named in a typed notation."""
    word = re.compile(rf"(?P<head>(?<![\w-])(?:put|drop)\s+(?:\S+\s+)?){re.escape(name)}(?![\w-])")

    def change(code: str) -> str:
        code = _TEST_QUOTED.sub(lambda q: reference.sub(lambda m: m.group("sign") + new_name, q.group()), code)
        return word.sub(lambda m: m.group("head") + new_name, code)

    for number in _test_lines(lines):
        lines[number] = _in_code(lines[number], change, after_colon=_code(lines[number]).startswith("test"))


def _test_uses(code: str, name: str, letter: str, bare: str | None = None) -> bool:
    """Whether a line of a test statement names the piece or holds its letter in a FEN (or, where the
    piece's letter is ``bare``, a heap's bare count)."""
    if re.search(rf"(?<![\w-])(?:put|drop)\s+(?:\S+\s+)?{re.escape(name)}(?![\w-])", code):
        return True
    if any(_reference(name).search(quoted.group()) for quoted in _TEST_QUOTED.finditer(code)):
        return True
    for match in _TEST_FEN.finditer(code.split(":", 1)[1] if code.startswith("test") and ":" in code else code):
        found: list[bool] = []

        def seen(cell: str) -> str:
            found.append(cell.upper() == letter.upper())
            return cell

        _rewrite_placement(match.group("placement"), seen, bare)
        if any(found):
            return True
    return False


def _rewrite_placement(placement: str, change, bare: str | None = None) -> str:  # type: ignore[no-untyped-def]
    if "," in placement:
        return _rewrite_heaps(placement, change, bare)
    rows = []
    for row in placement.split("/"):
        cells: list[str | None] = []
        # A letter with its marks is one piece: "+P" (promoted) and "Q~" are other types than "P", "Q".
        for run, column, char in re.findall(r"(\d+)|\(([A-Za-z]+)\)|(\+?[A-Za-z]~?|.)", row):
            if column:  # a stack board's column, from the top: each piece changed, those gone dropped
                kept = [piece for piece in map(change, column) if piece is not None]
                cells.append(f"({''.join(kept)})" if len(kept) > 1 else kept[0] if kept else None)
            else:
                cells.extend([None] * int(run) if run else [change(char)])
        rows.append(format_row(cells))
    return "/".join(rows)


def _rewrite_heaps(placement: str, change, bare: str | None = None) -> str:  # type: ignore[no-untyped-def]
    """A heap board's placement (every square written, ``0,4,2s1r/…``): ``change`` applied to each
    lettered count's letter, a count whose letter goes dropped; the digits stay as written, and so does
    a bare count (of the first type), but for one of pieces whose letter is ``bare`` that ``change``
    drops."""
    def lettered(count: str, letter: str) -> str | None:
        if letter:
            return change(letter)  # type: ignore[no-any-return]
        return None if bare is not None and int(count) and change(bare) is None else ""

    def item(text: str) -> str:
        parts = [(count, lettered(count, letter)) for count, letter in re.findall(r"(\d+)([A-Za-z]?)", text)]
        kept = "".join(count + letter for count, letter in parts if letter is not None)
        return kept or ("0" if text else text)

    return "/".join(",".join(item(cell) for cell in row.split(",")) for row in placement.split("/"))


def _swap_letter(cell: str, old: str, new: str) -> str:
    if cell.upper() != old.upper():
        return cell
    return new.upper() if cell.isupper() else new.lower()


def _dominant_ending(lines: list[str]) -> str:
    return "\r\n" if sum(line.endswith("\r\n") for line in lines) * 2 > len(lines) else "\n"

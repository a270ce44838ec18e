"""The core knows no game: the code of the notation, board, engine and names packages never names a
shipped game or one of its pieces (comments and docstrings may, to explain)."""

from __future__ import annotations

import ast
import builtins
import collections.abc
import io
import re
import tokenize
import typing
from pathlib import Path

from dagaz_studio.board import load_board, shipped_boards
from tests.helpers.paths import REPO

CORE = [REPO / "dagaz_studio" / package
        for package in ("notation", "board", "engine", "names")]

# Piece names that are also ordinary words the code uses in their ordinary sense ("a general
# construct"); a game's own name is never exempt.
ORDINARY_WORDS = {"general"}
# Names the language itself defines (``TypeGuard`` is not the Janggi Guard): not the project's words.
LANGUAGE_NAMES = set(dir(builtins)) | set(dir(typing)) | set(dir(collections.abc))


def _forbidden_words() -> set[str]:
    words: set[str] = set()
    for name, path in shipped_boards().items():
        board = load_board(path)
        words |= {name.lower(), board.name.lower()}
        words |= {piece.lower() for piece in board.pieces if piece.lower() not in ORDINARY_WORDS}
    return words


def _words(text: str) -> list[str]:
    """The words of an identifier or a string: split at non-letters and where lower case meets upper."""
    return [word.lower() for word in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", text)]


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                lines.add(first.lineno)
    return lines


def _code_words(path: Path) -> list[tuple[int, str]]:
    """Every word of an identifier or a string literal (not a docstring) in a source file, with its line."""
    source = path.read_text(encoding="utf-8")
    docstrings = _docstring_lines(ast.parse(source))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME and token.string in LANGUAGE_NAMES:
            continue
        if token.type == tokenize.NAME or (token.type == tokenize.STRING and token.start[0] not in docstrings):
            found += [(token.start[0], word) for word in _words(token.string)]
    return found


def test_the_core_names_no_shipped_game_or_piece() -> None:
    forbidden = _forbidden_words()
    assert {"chess", "xiangqi", "pawn", "cannon", "makruk", "stone"} <= forbidden
    hits = [f"{path.relative_to(path.parents[2])}:{line}: {word}"
            for package in CORE for path in sorted(package.rglob("*.py"))
            for line, word in _code_words(path) if word in forbidden]
    assert hits == []


def test_the_search_finds_a_game_named_in_code(tmp_path: Path) -> None:
    source = tmp_path / "special.py"
    source.write_text('"""Docstrings may say chess."""\nif board.name == "xiangqi":\n    is_pawn = True\n'
                      'def f(x: object) -> TypeGuard[int]:\n    guard_cannon = 1\n', encoding="utf-8")
    assert [word for _, word in _code_words(source)
            if word in _forbidden_words()] == ["xiangqi", "pawn", "guard", "cannon"]

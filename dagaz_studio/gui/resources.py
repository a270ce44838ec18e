"""Files the window draws with: the piece symbol tables under ``resources/``."""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from dagaz_studio.board.model import Board
from dagaz_studio.notation.user_cache import cache_directory, keep, read_kept

_PACKAGE = Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    """The ``resources`` folder: inside the installed package, or at the top of a source checkout."""
    for candidate in (_PACKAGE / "_data" / "resources", _PACKAGE.parent / "resources"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the resources folder of Dagaz Studio is missing")


@dataclass(frozen=True)
class PieceSymbols:
    """One set of piece symbols, by piece name (lower case).

    ``glyphs`` holds a chess glyph's outlined and solid forms (both are used for every player);
    ``characters`` holds the character written on a disc, one per player.
    """

    glyphs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    characters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def glyph_forms(self, piece_name: str) -> tuple[str, str] | None:
        """The outlined and solid glyphs for a piece, if the set draws it as a glyph."""
        forms = self.glyphs.get(piece_name.lower())
        if not forms or len(forms) < 2:
            return None
        return forms[0], forms[1]

    def character(self, piece_name: str, player: int) -> str | None:
        """The character written on a piece's disc, if the set has one for it."""
        return _pick(self.characters, piece_name, player)


def _pick(table: Mapping[str, tuple[str, ...]], name: str, player: int) -> str | None:
    symbols = table.get(name.lower())
    if not symbols:
        return None
    # A third player reuses the last form rather than losing the symbol altogether.
    return symbols[min(player, len(symbols) - 1)]


@dataclass(frozen=True)
class PieceFace:
    """How one piece is drawn, the same on the board and in the piece palette: a ``glyph`` (its
    outlined and solid ``forms``), a ``character`` on a disc, a plain ``stone``, or its ``letter``
    on a disc (``text``: the letter or character)."""

    kind: str
    text: str = ""
    forms: tuple[str, str] = ("", "")


def piece_face(board: Board, name: str, letter: str, player: int) -> PieceFace:
    """How ``board`` draws its piece ``name`` (``letter``) of ``player``: from the symbol set its
    ``draw: symbols`` hint names, as a stone on a board of stones, else as its letter. Symbols are
    never looked up by a piece's name alone: a Soldier of Lasca is no Soldier of Xiangqi."""
    if board.draw.stones:
        return PieceFace("stone")
    symbols = symbol_set(board.draw.symbols)
    forms = symbols.glyph_forms(name)
    if forms is not None:
        return PieceFace("glyph", forms[0] if player == 0 else forms[1], forms)
    character = symbols.character(name, player)
    if character is not None:
        return PieceFace("character", character)
    return PieceFace("letter", letter)


def symbol_set(name: str) -> PieceSymbols:
    """The set of piece symbols called ``name`` in ``resources/pieces.toml`` (empty when there is none)."""
    return piece_symbols().get(name, _NO_SYMBOLS)


_NO_SYMBOLS = PieceSymbols()


@lru_cache(maxsize=1)
def piece_symbols() -> dict[str, PieceSymbols]:
    """Every set of piece symbols in ``resources/pieces.toml``, by name (none if it is missing)."""
    data = _symbol_tables(resources_dir() / "pieces.toml")
    sets = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            continue
        symbols = {str(k).lower(): tuple(str(s) for s in v) for k, v in table.items()
                   if k != "style" and isinstance(v, list)}
        glyphs = table.get("style") == "glyphs"
        sets[str(name)] = PieceSymbols(glyphs=symbols if glyphs else {}, characters={} if glyphs else symbols)
    return sets


def _symbol_tables(source: Path) -> dict:
    """The tables of ``source`` as read by :mod:`tomllib`, kept in the user's cache folder for this
    very file (its path, size and time): the window draws its first pieces with them, before which
    loading a TOML reader would cost more than the rest of the reading."""
    try:
        stat = source.stat()
    except OSError:
        return {}
    key = (str(source), stat.st_size, stat.st_mtime_ns)
    folder = cache_directory()
    kept = folder / "pieces.marshal" if folder is not None else None
    if kept is not None:
        try:
            found = marshal.loads(read_kept(kept) or b"")
            if isinstance(found, tuple) and len(found) == 2 and found[0] == key and isinstance(found[1], dict):
                return found[1]
        except (OSError, EOFError, ValueError, TypeError):  # missing or damaged: read the source again
            pass
    import tomllib

    try:
        with open(source, "rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    if kept is not None:
        try:
            blob = marshal.dumps((key, data))
        except ValueError:  # a value marshal cannot keep (a TOML date): read the source each time
            return data
        keep(kept, blob)
    return data

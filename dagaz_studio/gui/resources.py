"""Files the window draws with: the piece symbol tables under ``resources/``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Optional

_PACKAGE = Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    """The ``resources`` folder: inside the installed package, or at the top of a source checkout."""
    for candidate in (_PACKAGE / "_data" / "resources", _PACKAGE.parent / "resources"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the resources folder of Dagaz Studio is missing")


@dataclass(frozen=True)
class PieceSymbols:
    """Piece symbols by piece name (lower case).

    ``glyphs`` holds a chess glyph's outlined and solid forms (both are used for every player);
    ``characters`` holds the character written on a disc, one per player.
    """

    glyphs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    characters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def glyph_forms(self, piece_name: str) -> Optional[tuple[str, str]]:
        """The outlined and solid chess glyphs for a piece on a cells board, if it has them."""
        forms = self.glyphs.get(piece_name.lower())
        if not forms or len(forms) < 2:
            return None
        return forms[0], forms[1]

    def character(self, piece_name: str, player: int) -> Optional[str]:
        """The character written on a piece's disc on a points board, if any."""
        return _pick(self.characters, piece_name, player)


def _pick(table: Mapping[str, tuple[str, ...]], name: str, player: int) -> Optional[str]:
    symbols = table.get(name.lower())
    if not symbols:
        return None
    # A third player reuses the last form rather than losing the symbol altogether.
    return symbols[min(player, len(symbols) - 1)]


@lru_cache(maxsize=1)
def piece_symbols() -> PieceSymbols:
    """The piece symbol tables from ``resources/pieces.toml`` (empty tables if it is missing)."""
    try:
        with open(resources_dir() / "pieces.toml", "rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError):
        return PieceSymbols()

    def table(section: str) -> dict[str, tuple[str, ...]]:
        return {str(k).lower(): tuple(str(s) for s in v) for k, v in data.get(section, {}).items()}

    return PieceSymbols(glyphs=table("glyphs"), characters=table("characters"))

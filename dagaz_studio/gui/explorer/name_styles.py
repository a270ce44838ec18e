"""How the window names moves: the board's own style, with the Xiangqi variant the user chose."""

from __future__ import annotations

from dagaz_studio.board.model import Board
from dagaz_studio.gui.settings import XIANGQI_NAMES_KEY, settings
from dagaz_studio.names import default_style
from dagaz_studio.names.wxf import STYLES as WXF_STYLES

#: The Xiangqi name styles the window offers, as its menu words them.
XIANGQI_STYLE_LABELS = {
    "wxf": "Front/back after the letter (CF+7)",
    "wxf-prefix": "Front/back before the letter (FC+7)",
    "wxf-signs": "WXF signs (C++7)",
}
DEFAULT_XIANGQI_STYLE = "wxf"


def window_style(board: Board | None, xiangqi_style: str = DEFAULT_XIANGQI_STYLE) -> str | None:
    """The style the window names ``board``'s moves in: the board's own, with the chosen variant
    for a board named in WXF (``None`` without a board)."""
    if board is None:
        return None
    style = default_style(board)
    return xiangqi_style if style in WXF_STYLES and xiangqi_style in WXF_STYLES else style


def remembered_xiangqi_style() -> str:
    """The Xiangqi name style chosen last time (the default when none was, or it is unknown)."""
    value = settings().value(XIANGQI_NAMES_KEY)
    return value if isinstance(value, str) and value in XIANGQI_STYLE_LABELS else DEFAULT_XIANGQI_STYLE

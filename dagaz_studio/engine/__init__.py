"""Positions, the interpreter and its trace, game rules, perft: the engine's public interface.

Code outside the engine imports from here (``from dagaz_studio.engine import legal_moves``), never
from a submodule, so the engine's modules can be split and renamed freely. The names, by use:

- Positions and their parts: :class:`Position`, :class:`Piece`, :class:`LastMove`, :class:`Column`
  and :func:`as_cell` (stacked squares), :class:`Heap`, :func:`typed_heap` and :func:`has_stores`
  (hands and stores), :func:`carry_position` (a position carried to new rules), reading FEN
  (:class:`FenError`, :data:`MAX_FEN_LENGTH`).
- Game rules and play: :class:`Rules`; :func:`legal_moves`, :func:`pseudo_legal_moves`,
  :func:`drop_moves`, :func:`make_move`, :func:`unmake_move`, :func:`pass_move`, :func:`fen`,
  :func:`royal_squares`; counting with :func:`perft` and :func:`divide`; the quick legal moves of a
  position the window shows (:func:`light_legal_moves`, :func:`make_record`).
- Game ends: :class:`GameOver`, :func:`game_over`, :func:`over_by_board`.
- Moves and runs of the interpreter: :class:`Move`, :func:`describe_move`, :func:`quick_move`,
  :class:`TraceEvent`, :class:`Program` and :func:`check_names`; their limits and stopping (:data:`DEFAULT_BUDGET`,
  :data:`DEFAULT_TRACE_LIMIT`, :class:`CancelFlag`, :class:`RunawayNotation`, :class:`Abort`); the
  compiled code and its cache (:func:`new_work`, :func:`kept_code`, :func:`collector_paused`).
- Explaining moves and squares: :class:`TraceTree` and :func:`build_tree`, :func:`move_branch`,
  :func:`board_at` and :class:`StepBoard`, :func:`explain_square`, :class:`SquareExplanation`,
  :func:`attack_reason`, :func:`move_highlights`.

A name's submodule is imported on its first use (PEP 562), so a start that needs only the moves of
a position does not pay for the trace explainer. The imports under ``TYPE_CHECKING`` say where each
name comes from, for mypy and for the first use alike.
"""

from __future__ import annotations

import ast
import functools
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dagaz_studio.engine.carry import carry_position
    from dagaz_studio.engine.code_cache import kept_code
    from dagaz_studio.engine.compiler import Abort, new_work
    from dagaz_studio.engine.endings import GameOver, game_over, over_by_board
    from dagaz_studio.engine.explain import (
        SquareExplanation,
        StepBoard,
        TraceTree,
        attack_reason,
        board_at,
        build_tree,
        explain_square,
        move_branch,
    )
    from dagaz_studio.engine.game import (
        drop_moves,
        fen,
        legal_moves,
        make_move,
        pass_move,
        pseudo_legal_moves,
        royal_squares,
        unmake_move,
    )
    from dagaz_studio.engine.heaps import Heap, has_stores, typed_heap
    from dagaz_studio.engine.highlights import move_highlights
    from dagaz_studio.engine.light_path import divide, light_legal_moves, perft
    from dagaz_studio.engine.making import make_record
    from dagaz_studio.engine.position import MAX_FEN_LENGTH, FenError, LastMove, Piece, Position
    from dagaz_studio.engine.program import Program, check_names
    from dagaz_studio.engine.rules import Rules, collector_paused
    from dagaz_studio.engine.stacks import Column, as_cell
    from dagaz_studio.engine.values import (
        DEFAULT_BUDGET,
        DEFAULT_TRACE_LIMIT,
        CancelFlag,
        Move,
        RunawayNotation,
        TraceEvent,
        describe_move,
        quick_move,
    )

__all__ = [
    # positions and their parts
    "Position", "Piece", "LastMove", "FenError", "MAX_FEN_LENGTH", "Column", "as_cell", "Heap", "typed_heap",
    "has_stores", "carry_position",
    # game rules and play
    "Rules", "legal_moves", "pseudo_legal_moves", "drop_moves", "make_move", "unmake_move", "pass_move", "fen",
    "royal_squares", "perft", "divide", "light_legal_moves", "make_record",
    # game ends
    "GameOver", "game_over", "over_by_board",
    # moves and runs of the interpreter
    "Move", "describe_move", "quick_move", "TraceEvent", "Program", "check_names", "DEFAULT_BUDGET", "DEFAULT_TRACE_LIMIT",
    "CancelFlag", "RunawayNotation", "Abort", "new_work", "kept_code", "collector_paused",
    # explaining moves and squares
    "TraceTree", "build_tree", "move_branch", "board_at", "StepBoard", "explain_square", "SquareExplanation",
    "attack_reason", "move_highlights",
]


@functools.cache
def _sources() -> dict[str, str]:
    """The submodule each public name is imported from on first use, read from the imports under
    ``TYPE_CHECKING`` above, so that each name's submodule is written once."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {alias.name: statement.module.rpartition(".")[2]
            for statement in block.body if isinstance(statement, ast.ImportFrom) and statement.module
            for alias in statement.names}


def __getattr__(name: str) -> Any:
    """Import a public name's submodule on the name's first use."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_sources()[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names as well as those already imported."""
    return sorted(set(globals()) | set(__all__))

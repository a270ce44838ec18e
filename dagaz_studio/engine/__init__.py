"""Positions, the interpreter and its trace, game rules, perft: the engine's public interface.

Code outside the engine imports from here (``from dagaz_studio.engine import legal_moves``), never
from a submodule, so the engine's modules can be split and renamed freely. The names, by use:

- Positions and their parts: :class:`Position`, :class:`Piece`, :class:`LastMove`, :class:`Column`
  and :func:`as_cell` (stacked squares), :class:`Heap`, :func:`typed_heap` and :func:`has_stores`
  (hands and stores), :func:`carry_position` (a position carried to new rules), reading FEN
  (:class:`FenError`, :data:`MAX_FEN_LENGTH`).
- Game rules and play: :class:`Rules`; :func:`legal_moves`, :func:`pseudo_legal_moves`,
  :func:`drop_moves`, :func:`make_move`, :func:`unmake_move`, :func:`pass_move`, :func:`fen`,
  :func:`royal_squares`, :func:`royal_attacked` (whether a player is in check) and :func:`check_filter`
  (which moves may give check); counting with
  :func:`perft` and :func:`divide`; the quick legal moves of a position the window shows
  (:func:`light_legal_moves`, :func:`make_record`).
- Game ends: :class:`GameOver`, :func:`game_over`, :func:`over_by_board`.
- Moves and runs of the interpreter: :class:`Move`, :func:`describe_move`, :func:`quick_move`,
  :class:`TraceEvent`, :class:`Program` and :func:`check_names`; their limits and stopping (:data:`DEFAULT_BUDGET`,
  :data:`DEFAULT_TRACE_LIMIT`, :class:`CancelFlag`, :class:`RunawayNotation`, :class:`Abort`); the
  compiled code and its cache (:func:`new_work`, :func:`kept_code`, :func:`collector_paused`).
- Explaining moves and squares: :class:`TraceTree` and :func:`build_tree`, :func:`move_branch`,
  :func:`board_at` and :class:`StepBoard`, :func:`explain_square`, :class:`SquareExplanation`,
  :func:`attack_reason`, :func:`move_highlights`.

A name's submodule is imported on its first use (PEP 562), so a start that needs only the moves of
a position does not pay for the trace explainer. The imports under ``TYPE_CHECKING`` are the one list
of the public names: they say where each comes from, for mypy (``name as name`` marks it exported)
and for the first use alike, and ``__all__`` is read from them.
"""

from __future__ import annotations

import ast
import functools
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dagaz_studio.engine.carry import carry_position as carry_position
    from dagaz_studio.engine.code_cache import kept_code as kept_code
    from dagaz_studio.engine.compiler import Abort as Abort
    from dagaz_studio.engine.compiler import new_work as new_work
    from dagaz_studio.engine.end_rules import GameOver as GameOver
    from dagaz_studio.engine.endings import game_over as game_over
    from dagaz_studio.engine.endings import over_by_board as over_by_board
    from dagaz_studio.engine.explain import SquareExplanation as SquareExplanation
    from dagaz_studio.engine.explain import StepBoard as StepBoard
    from dagaz_studio.engine.explain import TraceTree as TraceTree
    from dagaz_studio.engine.explain import attack_reason as attack_reason
    from dagaz_studio.engine.explain import board_at as board_at
    from dagaz_studio.engine.explain import build_tree as build_tree
    from dagaz_studio.engine.explain import explain_square as explain_square
    from dagaz_studio.engine.explain import move_branch as move_branch
    from dagaz_studio.engine.game import fen as fen
    from dagaz_studio.engine.game import legal_moves as legal_moves
    from dagaz_studio.engine.game import pass_move as pass_move
    from dagaz_studio.engine.game import pseudo_legal_moves as pseudo_legal_moves
    from dagaz_studio.engine.heaps import Heap as Heap
    from dagaz_studio.engine.heaps import has_stores as has_stores
    from dagaz_studio.engine.heaps import typed_heap as typed_heap
    from dagaz_studio.engine.highlights import move_highlights as move_highlights
    from dagaz_studio.engine.light_drops import drop_moves as drop_moves
    from dagaz_studio.engine.light_path import divide as divide
    from dagaz_studio.engine.light_path import light_legal_moves as light_legal_moves
    from dagaz_studio.engine.light_path import perft as perft
    from dagaz_studio.engine.making import make_move as make_move
    from dagaz_studio.engine.making import make_record as make_record
    from dagaz_studio.engine.making import unmake_move as unmake_move
    from dagaz_studio.engine.position import MAX_FEN_LENGTH as MAX_FEN_LENGTH
    from dagaz_studio.engine.position import FenError as FenError
    from dagaz_studio.engine.position import LastMove as LastMove
    from dagaz_studio.engine.position import Piece as Piece
    from dagaz_studio.engine.position import Position as Position
    from dagaz_studio.engine.program import Program as Program
    from dagaz_studio.engine.program import check_names as check_names
    from dagaz_studio.engine.royals import check_filter as check_filter
    from dagaz_studio.engine.royals import royal_attacked as royal_attacked
    from dagaz_studio.engine.royals import royal_squares as royal_squares
    from dagaz_studio.engine.rules import Rules as Rules
    from dagaz_studio.engine.rules import collector_paused as collector_paused
    from dagaz_studio.engine.stacks import Column as Column
    from dagaz_studio.engine.state import as_cell as as_cell
    from dagaz_studio.engine.values import DEFAULT_BUDGET as DEFAULT_BUDGET
    from dagaz_studio.engine.values import DEFAULT_TRACE_LIMIT as DEFAULT_TRACE_LIMIT
    from dagaz_studio.engine.values import CancelFlag as CancelFlag
    from dagaz_studio.engine.values import Move as Move
    from dagaz_studio.engine.values import RunawayNotation as RunawayNotation
    from dagaz_studio.engine.values import TraceEvent as TraceEvent
    from dagaz_studio.engine.values import describe_move as describe_move
    from dagaz_studio.engine.values import quick_move as quick_move



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
    """Import a public name's submodule on the name's first use; ``__all__`` lists the public names."""
    if name == "__all__":
        return list(_sources())
    if name not in _sources():
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_sources()[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names as well as those already imported."""
    return sorted(set(globals()) | set(_sources()))

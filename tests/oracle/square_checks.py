"""The step-by-step oracle's one-letter checks of a square (``[p]`` empty, ``[e]`` enemy, ``[f]``
friend, ``[a]`` attacked, ``[s]`` defended, ``[m]`` moved, ``[r]`` visited, ``[l]``/``[t]`` the previous
move's start and end, ``[b]`` where the move began, ``[c]`` captured on): whether each holds for a run.
The words a trace says of them are the engine's (:func:`~dagaz_studio.engine.trace_words.check`)."""

from __future__ import annotations

from collections.abc import Callable

from tests.oracle.run_state import State


def _empty(st: State, square: int) -> bool:
    return st.cells[square] is None


def _enemy(st: State, square: int) -> bool:
    piece = st.cells[square]
    return piece is not None and piece.player != st.me and piece.player >= 0  # a neutral piece is no enemy


def _friend(st: State, square: int) -> bool:
    piece = st.cells[square]
    return piece is not None and piece.player == st.me


def _attacked(st: State, square: int) -> bool:
    return st.rules.square_attacked(st, square, by_enemy=True)


def _defended(st: State, square: int) -> bool:
    return st.rules.square_attacked(st, square, by_enemy=False)


def _moved(st: State, square: int) -> bool:
    piece = st.cells[square]
    if piece is None and st.hand:
        piece = st.hand[-1][0]
    return piece is not None and piece.moved


def _visited(st: State, square: int) -> bool:
    return square in st.visited


def _last_start(st: State, square: int) -> bool:
    return st.prev is not None and st.prev.origin == square


def _last_end(st: State, square: int) -> bool:
    return st.prev is not None and st.prev.target == square


def _began(st: State, square: int) -> bool:
    return square == st.origin


def _captured_on(st: State, square: int) -> bool:
    return square in st.captures


#: Each check's letter (lower case) -> whether it holds on a square.
CHECKS: dict[str, Callable[[State, int], bool]] = {
    "p": _empty, "e": _enemy, "f": _friend, "a": _attacked, "s": _defended, "m": _moved,
    "r": _visited, "l": _last_start, "t": _last_end, "b": _began, "c": _captured_on,
}

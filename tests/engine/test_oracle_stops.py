"""The differential tests' stop comparison: where the oracle's own limits may end a run first."""

from __future__ import annotations

from dagaz_studio.engine.stacks import Column
from tests.engine.test_kind_compiler import _played
from tests.helpers.run_comparison import parseable, rules_pair, same_run, same_stop

#: A notation that repeats without end on a Bashni column: the oracle's closures reach Python's
#: stack limit (about 85,000 steps) before the written code spends its 100,000-step budget.
ENDLESS = (r"~0*,(([=1-,=Man,O:b]){,2};+%*+;(|,[x]+,[(d,x)>O'>\1,x,!(!@last)>T']++;([+King]) \2 X?;M'%)"
           r" (+)?+)*+;(+*+ (T'%{,2},[O:b @last,=Man],~0++;M?,(X%){1,3},[+?Man,=0-2:Man]{2,})+,M;+%++,"
           r"([*King,=0,!(@last)>R'>M]);+%{1,3},(M%{2,}){,2},((X){2};X;X%*,[1,2]*){2}){2,};+++,~1++,|{1,3}")


def test_a_run_the_oracle_cannot_nest_deep_enough_for_agrees_when_the_written_code_went_further() -> None:
    fast, runner = rules_pair("bashni")
    position = _played("bashni")[2].copy()
    square = 667 % len(position.cells)
    kind = 667 % fast.board_kinds
    cell = position.cells[square]
    below = cell.pieces if isinstance(cell, Column) else ()
    position.cells[square] = Column(((position.turn, kind),) + below, False)  # type: ignore[assignment]
    program = runner.program(parseable(ENDLESS), position.turn, runner.kinds[kind])
    same_run(fast, runner, position, square, program)


def test_a_stop_agrees_only_with_the_same_stop_or_a_nesting_the_written_code_outlasted() -> None:
    nested = "stopped after 84,736 steps: the notation nests too deeply"
    assert same_stop(None, None)
    assert same_stop(nested, nested)
    assert same_stop("stopped after 100,000 steps — the notation may repeat without end", nested)
    assert not same_stop("stopped after 2,000 steps — the notation may repeat without end", nested)
    assert not same_stop(None, nested)
    assert not same_stop("stopped after 100,000 steps — the notation may repeat without end", None)
    assert not same_stop("cancelled", "stopped after 2,000 steps — the notation may repeat without end")

"""Hoisting the local functions of written code: a function that reads variables of the run it is
written in, and is only ever called, is given them as arguments and made once in the factory."""

from __future__ import annotations

from dagaz_studio.engine.hoist import hoist

SOURCE = """def factory():
    def run(n):
        base = [n]
        def rep(a):
            if a > 0: rep(a - 1)
            base.append(a)
        rep(2)
        rep = None
        return base
    return run
"""


def test_a_function_reading_the_runs_variables_is_given_them_and_made_once() -> None:
    hoisted = hoist(SOURCE)
    assert "    def rep(base, a):" in hoisted
    assert "rep(base, a - 1)" in hoisted and "rep(base, 2)" in hoisted
    assert "rep = None" not in hoisted
    made: dict[str, object] = {}
    exec(compile(hoisted, "<hoisted>", "exec"), made)  # noqa: S102 -- the code under test
    run = made["factory"]()  # type: ignore[operator]
    assert run(7) == [7, 0, 1, 2]
    assert not run.__code__.co_cellvars  # nothing of the run is closed over


def test_a_function_passed_on_as_a_value_stays_a_closure() -> None:
    source = SOURCE.replace("        rep(2)\n", "        rep(2)\n        keep = rep\n")
    assert hoist(source) == source


def test_a_function_another_local_function_calls_stays_a_closure() -> None:
    source = SOURCE.replace("        rep(2)\n", "        def twice(): rep(2); rep(2)\n        twice()\n")
    assert "def rep(base, a):" not in hoist(source)


def test_code_without_a_factory_holding_a_run_is_left_as_written() -> None:
    for source in (SOURCE.replace("def factory():", "def maker():"), SOURCE.replace("def run(n):", "def walk(n):")):
        assert hoist(source) == source

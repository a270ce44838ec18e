"""The cycle collector's pauses overlap across threads: the window reads what is typed while its
worker runs a piece, and neither may turn the collector back on under the other."""

from __future__ import annotations

import gc
import threading

import pytest

import dagaz_studio.notation.parser as parser_module
from dagaz_studio.notation.collection import collector_paused
from dagaz_studio.notation.parser import parse_notation as parse
from dagaz_studio.notation.tokens import notation_tokens as tokenize


@pytest.fixture(autouse=True)
def _collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_overlapping_pauses_resume_the_collector_only_when_the_last_ends() -> None:
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # the first ends while the second still runs
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_pause_leaves_the_collector_off_when_it_was_off_before() -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_reading_a_notation_does_not_resume_the_collector_under_a_run_begun_meanwhile(monkeypatch) -> None:
    """A run starts on the worker while the window parses; the parse ends first."""
    real_parse_tree = parser_module._parse_tree
    run_started, run_may_end, run_saw = threading.Event(), threading.Event(), []

    def run_on_the_worker() -> None:
        with collector_paused():
            run_started.set()
            run_may_end.wait(10)
            run_saw.append(gc.isenabled())

    worker = threading.Thread(target=run_on_the_worker)

    def parse_tree_while_a_run_starts(text):
        worker.start()
        run_started.wait(10)
        return real_parse_tree(text)

    monkeypatch.setattr(parser_module, "_parse_tree", parse_tree_while_a_run_starts)
    parse.cache_clear()  # read afresh, not an earlier test's reading
    parse("(+)([p]\\1)*")
    run_may_end.set()
    worker.join(10)
    assert run_saw == [False]
    assert gc.isenabled()


def test_tokenizing_while_a_run_is_paused_leaves_it_paused() -> None:
    with collector_paused():
        tokens = tokenize("(+)([p]\\1)*")
        assert tokens and not gc.isenabled()
    assert gc.isenabled()

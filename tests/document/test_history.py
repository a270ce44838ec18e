"""Undo and redo as plain commands, held against a list of states the edits went through."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dagaz_studio.document import Change, History


@dataclass
class Counter:
    value: int = 0
    seen: list[int] = field(default_factory=list)

    def use(self, value: int) -> None:
        self.value = value
        self.seen.append(value)


def add(counter: Counter, amount: int) -> Change[int]:
    return Change(f"add {amount}", counter.use, counter.value, counter.value + amount)


def test_push_does_the_command_and_undo_redo_move_the_place():
    counter, history = Counter(), History()
    changes = []
    history.changed.connect(lambda: changes.append((history.index, history.count)))
    history.push(add(counter, 2))
    history.push(add(counter, 3))
    assert counter.value == 5 and history.undo_text == "add 3" and history.redo_text == ""
    history.undo()
    assert counter.value == 2 and history.can_undo and history.can_redo and history.redo_text == "add 3"
    history.redo()
    assert counter.value == 5
    assert changes == [(1, 1), (2, 2), (1, 2), (2, 2)]


def test_the_last_command_done_tells_the_steps_apart():
    counter, history = Counter(), History()
    first, second = add(counter, 2), add(counter, 3)
    assert history.last_done is None
    history.push(first)
    history.push(second)
    assert history.last_done is second and history.commands == (first, second)
    history.undo()
    assert history.last_done is first and history.commands == (first, second)
    history.push(add(counter, 7))
    assert second not in history.commands and history.last_done is history.commands[-1]


def test_a_new_command_drops_those_undone_and_nothing_to_undo_does_nothing():
    counter, history = Counter(), History()
    history.undo()
    history.redo()
    assert counter.seen == []
    history.push(add(counter, 1))
    history.push(add(counter, 10))
    history.undo()
    history.push(add(counter, 100))
    assert history.count == 2 and counter.value == 101
    history.redo()
    assert counter.value == 101
    history.clear()
    assert (history.count, history.index, history.can_undo, history.can_redo) == (0, 0, False, False)


def test_a_command_that_fails_is_not_kept():
    history = History()

    def refuse(_value: int) -> None:
        raise ValueError("no")

    with pytest.raises(ValueError):
        history.push(Change("refused", refuse, 0, 1))
    assert history.count == 0


operations = st.lists(st.one_of(st.integers(1, 9), st.sampled_from(["undo", "redo", "clear"])), max_size=40)


@given(operations)
def test_the_value_is_always_the_one_a_list_of_states_gives(steps):
    """The oracle: the states the edits went through, kept in a list with a place in it."""
    counter, history = Counter(), History()
    states, place = [0], 0
    for step in steps:
        if step == "undo":
            history.undo()
            place = max(place - 1, 0)
        elif step == "redo":
            history.redo()
            place = min(place + 1, len(states) - 1)
        elif step == "clear":
            history.clear()
            states, place = [states[place]], 0
        else:
            history.push(add(counter, step))
            states = states[:place + 1] + [states[place] + step]
            place += 1
        assert counter.value == states[place]
        assert (history.index, history.count) == (place, len(states) - 1)
        assert history.can_undo == (place > 0) and history.can_redo == (place < len(states) - 1)

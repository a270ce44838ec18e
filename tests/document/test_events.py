"""Plain events: callbacks called in order, with the event's arguments."""

from __future__ import annotations

import pytest

from dagaz_studio.document import Event


def test_callbacks_are_called_in_the_order_connected_with_the_arguments():
    event: Event[int, str] = Event()
    heard = []
    event.connect(lambda n, s: heard.append(("first", n, s)))
    event.connect(lambda n, s: heard.append(("second", n, s)))
    event.emit(3, "x")
    assert heard == [("first", 3, "x"), ("second", 3, "x")]


def test_a_callback_connected_twice_is_called_once_and_disconnected_is_not():
    event: Event[()] = Event()
    heard = []
    callback = lambda: heard.append(1)  # noqa: E731
    event.connect(callback)
    event.connect(callback)
    event.emit()
    event.disconnect(callback)
    event.emit()
    assert heard == [1] and len(event) == 0
    with pytest.raises(ValueError):
        event.disconnect(callback)


def test_a_callback_connected_while_emitting_hears_the_next_emission():
    event: Event[()] = Event()
    heard = []

    def late():
        heard.append("late")

    def first():
        heard.append("first")
        event.connect(late)
        event.disconnect(first)

    event.connect(first)
    event.emit()
    assert heard == ["first"]
    event.emit()
    assert heard == ["first", "late"]

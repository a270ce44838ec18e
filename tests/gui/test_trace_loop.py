"""The stepper plays a run as an animation: at its chosen speed, stopping at the end or looping."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.helpers.gui_window import click_and_wait, open_window


def test_play_stops_at_the_end_unless_it_loops(qtbot) -> None:
    window = open_window(qtbot, "chess")
    click_and_wait(qtbot, window, "g1")
    player = window.trace_player
    count = len(player.sequence)
    assert count > 3
    player.speed.setValue(60)
    player.go_to(count - 2)
    player.play()
    qtbot.waitUntil(lambda: not player.playing, timeout=10000)
    assert player.position == count - 1
    player.loop_button.setChecked(True)
    player.go_to(count - 2)
    player.play()
    qtbot.waitUntil(lambda: player.position < count - 2, timeout=10000)
    assert player.playing
    player.pause()
    assert not player.playing


def _click_spin_arrow(qtbot, spin, up: bool) -> None:
    """Click the spin box's up or down arrow where the style draws it."""
    from PySide6.QtWidgets import QStyle, QStyleOptionSpinBox

    option = QStyleOptionSpinBox()
    spin.initStyleOption(option)
    part = QStyle.SubControl.SC_SpinBoxUp if up else QStyle.SubControl.SC_SpinBoxDown
    rect = spin.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option, part, spin)
    qtbot.mouseClick(spin, Qt.MouseButton.LeftButton, pos=rect.center())


def _steps_in(qtbot, player, milliseconds: int) -> int:
    start = player.position
    qtbot.wait(milliseconds)
    return player.position - start


def test_play_pause_speed_and_loop_answer_real_clicks(qtbot) -> None:
    window = open_window(qtbot, "chess")
    click_and_wait(qtbot, window, "g1")
    player = window.trace_player
    count = len(player.sequence)
    assert count > 12
    for control in (player.play_button, player.speed, player.loop_button):
        assert control.isVisible() and control.isEnabled()
    # Each control has a name for a screen reader, not only an icon.
    assert player.play_button.accessibleName() == "Play or pause"
    for control in (player.start_button, player.back_button, player.forward_button, player.end_button,
                    player.speed, player.loop_button):
        assert control.accessibleName()

    # Slowest speed: Play starts (the button shows it), a second click pauses where it was.
    while player.speed.value() > player.speed.minimum():
        _click_spin_arrow(qtbot, player.speed, up=False)
    assert player.speed.value() == 1
    player.go_to(0)
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    assert player.playing and player.play_button.isChecked()
    assert _steps_in(qtbot, player, 400) <= 1
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    assert not player.playing and not player.play_button.isChecked()
    paused_at = player.position
    assert _steps_in(qtbot, player, 300) == 0 and player.position == paused_at

    # Faster by the arrow, while playing: it takes effect at once.
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    for _ in range(19):
        _click_spin_arrow(qtbot, player.speed, up=True)
    assert player.speed.value() == 20
    # The slow tick it waited for is gone: the next comes within a fast step (Qt's coarse timers may
    # round it up a little), not up to a second away.
    assert player.playing and player._timer.remainingTime() < 500
    # Three steps come well within the two seconds they take at one step a second. Waited for, not
    # counted over a fixed 400 ms: a loaded machine's late ticks can leave that short of three.
    start = player.position
    qtbot.waitUntil(lambda: player.position - start >= 3, timeout=1800)
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)

    # At the end it stops, unless Loop is on: then it starts again from the first step.
    player.go_to(count - 3)
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not player.playing, timeout=10000)
    assert player.position == count - 1 and not player.play_button.isChecked()
    qtbot.mouseClick(player.loop_button, Qt.MouseButton.LeftButton)
    assert player.loop_button.isChecked()
    player.go_to(count - 3)
    qtbot.mouseClick(player.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: player.position < count - 3, timeout=10000)
    assert player.playing
    qtbot.mouseClick(player.loop_button, Qt.MouseButton.LeftButton)  # off again: the next end stops it
    qtbot.waitUntil(lambda: not player.playing, timeout=10000)
    assert player.position == count - 1

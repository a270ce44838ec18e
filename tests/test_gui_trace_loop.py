"""The stepper plays a run as an animation: at its chosen speed, stopping at the end or looping."""

from __future__ import annotations

from gui_window import click_and_wait, open_window


def test_play_stops_at_the_end_unless_it_loops(qtbot) -> None:
    window = open_window(qtbot, "chess")
    click_and_wait(qtbot, window, "g1")
    player = window.trace_player
    count = len(player.sequence)
    assert count > 3
    player.speed.setValue(60)
    player.go_to(count - 2)
    player.play()
    qtbot.waitUntil(lambda: not player.playing, timeout=5000)
    assert player.position == count - 1
    player.loop_button.setChecked(True)
    player.go_to(count - 2)
    player.play()
    qtbot.waitUntil(lambda: player.position < count - 2, timeout=5000)
    assert player.playing
    player.pause()
    assert not player.playing

"""The notation editor's language selector: a Betza or Parlett piece typed in the window is
translated, its Dagaz translation and English reading shown, and the board moves by it."""

from __future__ import annotations

from dagaz_studio.translation import translate
from tests.helpers.gui_window import click, click_and_wait, open_window, wait_for_steps


def type_and_wait(qtbot, window, text: str, runs: str):
    """Type ``text`` and wait for the board's answer to the notation ``runs``."""
    editor = window.notation_editor
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000,
                          check_params_cb=lambda reply: reply.query.notation == runs) as blocker:
        editor.text_edit.setFocus()
        editor.text_edit.selectAll()
        qtbot.keyClicks(editor.text_edit, text)
    return blocker.args[0]


def targets(window, reply) -> set[str]:
    return {window.board.squares[m.target] for m in reply.moves}


def test_a_betza_piece_typed_on_a_square_moves_by_its_dagaz_translation(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click(qtbot, window, "d4")
    assert editor.trying
    editor.set_language("betza")
    assert editor.translation_label.isVisible()
    dagaz = translate("mRcpR", "betza", "dagaz").text
    reply = type_and_wait(qtbot, window, "mRcpR", dagaz)
    assert editor.translation_label.text() == f"Dagaz: {dagaz}"
    assert editor.words.toPlainText().startswith(translate("mRcpR", "betza", "english").text)
    # The same notation typed in Dagaz moves the same, on the squares a cannon reaches from d4.
    assert targets(window, reply) == {"d3", "d5", "d6", "a4", "b4", "c4", "e4", "f4", "g4", "h4", "d8"}
    editor.set_language("dagaz")
    assert editor.text() == dagaz and not editor.translation_label.isVisible()
    assert targets(window, type_and_wait(qtbot, window, dagaz, dagaz)) == targets(window, reply)


def test_a_betza_text_that_cannot_be_read_is_underlined_and_moves_nothing(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click(qtbot, window, "d4")
    editor.set_language("betza")
    with qtbot.waitSignal(editor.notationInvalid, timeout=20000):
        editor.text_edit.setFocus()
        qtbot.keyClicks(editor.text_edit, "fmWxN")
    assert editor.error is not None and "excluding (x)" in editor.error_label.text()
    assert editor.error_selection() is not None
    assert editor.current_notation() is None and "cannot be read" in editor.words.toPlainText()


def test_switching_a_pieces_notation_to_parlett_and_betza_translates_it(qtbot) -> None:
    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click_and_wait(qtbot, window, "a1")
    assert editor.piece == "Rook"
    editor.set_language("parlett")
    assert editor.text() == translate(window.board.pieces["Rook"].notation_text, "dagaz", "parlett").text
    editor.set_language("betza")
    assert editor.text() == "R"
    reply = type_and_wait(qtbot, window, "W", "+")  # a Rook that steps one square: a2 and b1 hold friends
    assert targets(window, reply) == set()
    # The King castles: Betza cannot say it, so the editor goes back to the Dagaz notation.
    click_and_wait(qtbot, window, "e1")
    assert editor.piece == "King" and editor.source_language == "dagaz"
    assert editor.text() == window.board.pieces["King"].notation_text


def test_a_long_translation_and_its_steps_stay_within_their_panels(qtbot) -> None:
    """A Betza text whose Dagaz translation runs long without a space widens neither the Notation
    panel (its translation, its error) nor the stepper (the notation above the step), which would hide
    their buttons behind a scroll bar; the translation still reads, and copies, as it is."""
    window = open_window(qtbot, "chess", (1200, 900))
    editor = window.notation_editor
    click(qtbot, window, "e4")
    editor.set_language("betza")
    dagaz = translate("WFDNAHCZGmcfnDKQRB", "betza", "dagaz").text
    editor.set_text("WFDNAHCZGmcfnDKQRB")
    wait_for_steps(qtbot, window, dagaz)
    window.trace_player.go_to(1)
    qtbot.wait(50)  # the layout follows the new texts at the next turn of the event loop
    for dock in (window.notation_dock, window.trace_dock):
        assert not dock.widget().horizontalScrollBar().isVisible(), dock.windowTitle()
    assert editor.translation_label.text() == f"Dagaz: {dagaz}"
    editor.set_language("dagaz")
    editor.set_text("\x01" + "W" * 300)
    # A text this long is read on the worker: its error is said once the reading comes back, not while
    # the label still says it is being read.
    qtbot.waitUntil(lambda: not editor.reading_pending, timeout=20000)
    qtbot.wait(50)  # the layout follows the message at the next turn of the event loop
    assert editor.error is not None and editor.error_label.text() and not window.notation_dock.widget().horizontalScrollBar().isVisible()


def test_switching_the_language_of_a_long_text_reads_it_once(qtbot) -> None:
    """A long Betza text that cannot be translated, switched to Dagaz: one question to the worker, not
    one for the colouring and another for the switch."""
    from dagaz_studio.gui.docks.notation_text import READ_AT_ONCE_CHARS

    window = open_window(qtbot, "chess")
    editor = window.notation_editor
    click(qtbot, window, "d4")
    editor.set_language("betza")
    editor.set_text("(" * (READ_AT_ONCE_CHARS + 20))
    assert editor.error is not None
    asked = []
    request = editor.reader.request

    def counted(query, debounce=False):
        asked.append(query)
        return request(query, debounce)

    editor.reader.request = counted
    editor.set_language("dagaz")
    assert len(asked) == 1
    # The workers' answers are in before the window closes.
    qtbot.waitUntil(lambda: not editor.reading_pending and not editor.reader.running
                    and not window.move_explorer.runner.running, timeout=30000)
    assert editor.error is not None

"""The window shows a run's moves before its trace: the highlights come from the untraced run, the
stepper's steps from the traced run right after, and the board and the stepper never disagree."""

from __future__ import annotations

from dagaz_studio.engine import move_branch
from tests.helpers.gui_window import click, click_and_wait, type_and_wait


def _watch(window) -> list[tuple]:
    """Each reply whose moves are shown, with the board's highlights and the stepper as they are then."""
    seen: list[tuple] = []

    def shown(reply) -> None:
        highlights = {square: item.kind for square, item in window.board_view.highlight_items().items()}
        player = window.trace_player
        seen.append((reply, highlights, player.sequence, player.counter.text(), player.moves.count()))

    window.move_explorer.movesShown.connect(shown)
    return seen


def _targets(window, highlights: dict[int, str]) -> set[str]:
    return {window.board.squares[square] for square, kind in highlights.items() if kind != "selected"}


def test_a_typed_notation_s_moves_come_first_and_its_trace_agrees_with_them(qtbot, chess_window) -> None:
    window = chess_window
    click(qtbot, window, "e4")  # an empty square: a notation is tried there
    assert window.notation_editor.trying
    seen = _watch(window)
    whole = type_and_wait(qtbot, window, "(+)([p]\\1)*")
    early, highlights, steps, counter, listed = seen[-2]
    assert early.tracing and early.serial == whole.serial and not early.trace
    # A rook on e4 of the start position: up to the pawns, taking e7's.
    rook = {"e3", "e5", "e6", "e7", "a4", "b4", "c4", "d4", "f4", "g4", "h4"}
    assert _targets(window, highlights) == rook
    assert steps == [] and counter == "recording…" and listed == len(early.moves) + 1
    final, highlights, steps, counter, listed = seen[-1]
    assert final is whole and not whole.tracing and whole.trace
    assert _targets(window, highlights) == rook == {window.board.squares[move.target] for move in whole.shown_moves()}
    assert steps == list(range(len(whole.trace))) and counter.startswith("step 1 of ")


def test_why_not_asked_while_the_trace_is_recorded_is_answered_once_it_comes(qtbot, chess_window) -> None:
    window = chess_window
    explorer = window.move_explorer
    asked: list[bool] = []

    def ask(reply) -> None:
        if reply.tracing and not asked:
            asked.append(explorer.explain(window.board.index("e5")))

    explorer.movesShown.connect(ask)
    with qtbot.waitSignal(explorer.explanationShown, timeout=20000) as blocker:
        click_and_wait(qtbot, window, "e2")
    assert asked == [True]
    explanation = blocker.args[0]
    assert explanation.square == window.board.index("e5") and not explanation.reachable
    assert explorer.reply is not None and not explorer.reply.tracing and explorer.explanation is explanation


def test_a_move_chosen_while_the_trace_is_recorded_stays_chosen(qtbot, chess_window) -> None:
    window = chess_window
    player, explorer = window.trace_player, window.move_explorer
    chosen: list[str] = []

    def choose(reply) -> None:
        if reply.tracing and not chosen:
            index = next(i for i, move in enumerate(reply.moves) if window.board.squares[move.target] == "e4")
            player.show_move(index)
            chosen.append(window.board.squares[reply.moves[player.chosen_move()].target])

    explorer.movesShown.connect(choose)
    whole = click_and_wait(qtbot, window, "e2")
    assert chosen == ["e4"]
    index = player.chosen_move()
    assert index is not None and window.board.squares[whole.moves[index].target] == "e4"
    assert player.sequence == move_branch(whole.trace, whole.tree, index)

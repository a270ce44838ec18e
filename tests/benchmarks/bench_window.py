"""Window benchmark, run by hand:
``python tests/benchmarks/bench_window.py [RUNS] [--fresh] [--rapid] [--boards=a,b] [--keystrokes-only]``.

Reports two figures of the window, each against a reference measured in the same run:

- **first paint**: from starting a Python process to the first paint of the Dagaz Studio window on
  chess, against a bare PySide6 window (a ``QWidget`` shown) started the same way. Target: at most
  1.5x the bare window's CPU time.
- **keystroke to highlights**: in a running window with a piece selected, from a keystroke in the
  notation editor (a piece type's notation being edited) to the new highlights on the board, for
  the pieces of chess, Xiangqi and Fanorona on a mid-game position (random play); the run itself is
  reported separately.
  Targets: a median of at most 16 ms (one frame), and at most 33 ms (two frames) at the 99th percentile.
  The run's trace follows the highlights (the stepper's steps): the time from the keystroke to it is
  reported too, and the next keystroke waits for it (with ``--rapid``, the next keystroke follows the
  highlights at once, and the trace being recorded is given up for it).
  A keystroke adds or takes away a space, which keeps the notation as it was: ``--fresh`` makes each
  measured keystroke add a step to a notation never typed before (its code is written and compiled
  anew, as typing does). ``--boards`` names the boards (default: chess, xiangqi and fanorona).
  ``--keystrokes-only`` leaves out the first paint.

Runs offscreen (``QT_QPA_PLATFORM=offscreen``) unless a display is set. Figures are medians (and
p99 for keystrokes) over RUNS processes or keystrokes; on a loaded machine they vary, the ratios less.
"""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BARE = """
import time
start = time.perf_counter()
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
class Painted(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(time.perf_counter() - start, time.process_time(), flush=True)
            app.exit(0)
        return False
window = QWidget()
window.resize(1280, 900)
watch = Painted()
window.installEventFilter(watch)
window.show()
app.exec()
"""

WINDOW = """
import time
start = time.perf_counter()
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
app = QApplication([])
from dagaz_studio.gui import app as studio
class Painted(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not painted:
            painted.append(1)
            print(time.perf_counter() - start, time.process_time(), flush=True)
        return False
painted = []
# As the application starts (gui/app.py run): the window is shown with its board at once, and
# its panels follow once the board has painted.
window = studio.open_window("chess")
window.resize(1280, 900)
watch = Painted()
window.board_view.viewport().installEventFilter(watch)
# Then the whole window: the panels built and the remembered state restored.
window.startedUp.connect(lambda: (print("complete", time.perf_counter() - start, time.process_time(), flush=True),
                                  app.exit(0)))
app.exec()
window.close()
"""


def installed_env() -> dict[str, str]:
    """The environment of a start as installed: the modules' bytecode is cached (pip compiles it on
    install), here in a folder of its own, filled by one start that is not counted."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "dagaz-studio-bench-pycache")
    # Settings of its own, as a first start has (the user's own could hold anything); the caches of
    # parsed boards and parsers are the user's, filled by the start that is not counted.
    settings = Path(tempfile.mkdtemp(prefix="dagaz-studio-bench-settings-"))
    env["XDG_CONFIG_HOME"], env["XDG_DATA_HOME"] = str(settings / "config"), str(settings / "data")
    first_paint(WINDOW, 1, env)
    first_paint(BARE, 1, env)
    return env


def first_paint(script: str, runs: int, env: dict[str, str], complete: list[float] | None = None
                ) -> list[tuple[float, float]]:
    """(seconds, CPU seconds) from the process's start to the first paint, once per run.

    Wall time is what a user waits; CPU time (all the process's threads, from its start) is what the
    start-up costs whatever else the machine is doing, so its ratio is the steadier figure.
    """
    times = []
    for _ in range(runs):
        # Started in the checkout, whatever folder the benchmark is run from: ``-c`` puts the
        # current folder first on the module path, so elsewhere another copy of the package could
        # be measured, and a crowded folder (a temporary one) slows every import.
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                                timeout=120, check=True, cwd=ROOT)
        lines = result.stdout.strip().splitlines()
        done = [line for line in lines if line.startswith("complete ")]
        if complete is not None and done:
            complete.append(float(done[-1].split()[2]))
        inside, cpu = (float(field) for field in next(line for line in lines if not line.startswith("complete ")).split())
        # From the script's first line to the paint: the process goes on after it (the window's
        # panels), which the time to the first paint does not count.
        times.append((inside, cpu))
    return times


#: The boards whose pieces the keystrokes are measured on, unless ``--boards`` says.
KEYSTROKE_BOARDS = ("chess", "xiangqi", "fanorona")


def keystrokes(runs: int, boards: tuple[str, ...] = KEYSTROKE_BOARDS, fresh: bool = False,
               traces: list[float] | None = None, rapid: bool = False) -> list[tuple[str, float, float, float, float]]:
    """(board and piece, keystroke-to-highlights seconds, run seconds, CPU seconds of the whole process
    from the keystroke to the highlights, the run's own processor seconds) for each piece of ``boards``,
    and the keystroke-to-trace seconds in ``traces``; with ``fresh``, each keystroke makes a notation
    never typed before."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from dagaz_studio.board import shipped_boards
    from dagaz_studio.gui import app as studio

    # Settings and application data of its own, as a first start has: a user's own recovery files
    # would open a dialog and wait for an answer.
    isolated = Path(tempfile.mkdtemp(prefix="dagaz-studio-bench-keystrokes-"))
    os.environ["XDG_CONFIG_HOME"], os.environ["XDG_DATA_HOME"] = str(isolated / "config"), str(isolated / "data")
    application = QApplication.instance() or QApplication([])
    found = []
    for name in boards:
        window = studio.create_window(str(shipped_boards()[name]))
        window.resize(1280, 900)
        window.show()
        application.processEvents()
        # A mid-game position, as the typing benchmark's runs use.
        window.document.set_fen(_mid_game_fen(name))
        application.processEvents()
        gc.freeze()  # as the application does once its window is up (gui/app.py run)
        position = window.document.position
        seen: set[int] = set()
        for square, piece in enumerate(position.cells):
            if piece is None or piece.kind in seen or piece.player != position.turn:
                continue
            seen.add(piece.kind)
            explorer, editor = window.move_explorer, window.notation_editor
            explorer.square_clicked(square)
            _wait(application, lambda: explorer.reply is not None and explorer.reply.query.square == square)
            base = editor.text()
            for i in range(runs):
                if fresh:
                    # Not measured: a notation one step short of the one the keystroke makes.
                    whole: list[object] = []
                    explorer.replyShown.connect(whole.append)
                    editor.set_text(f"{base};{'W' * (2 * i + 1)}")
                    _wait(application, lambda: bool(whole) and editor.current_notation() == whole[-1].query.notation)
                    explorer.replyShown.disconnect(whole.append)
                replies, traced = [], []
                explorer.movesShown.connect(replies.append)
                explorer.replyShown.connect(traced.append)
                editor.text_edit.setFocus()
                editor.text_edit.moveCursor(editor.text_edit.textCursor().MoveOperation.End)
                began, cpu = time.perf_counter(), time.process_time()
                if fresh:
                    QTest.keyClicks(editor.text_edit, "W")
                else:
                    # A space changes the text, not the notation: a new run every keystroke all the same.
                    QTest.keyClick(editor.text_edit, Qt.Key.Key_Space if i % 2 == 0 else Qt.Key.Key_Backspace)
                _wait(application, lambda: bool(replies))
                shown, cpu_shown = time.perf_counter() - began, time.process_time() - cpu
                if not rapid:
                    _wait(application, lambda: bool(traced))
                found.append((f"{name} {list(window.board.pieces)[piece.kind]}", shown,
                              replies[0].seconds, cpu_shown, replies[0].cpu_seconds))
                if traces is not None and traced:
                    traces.append(time.perf_counter() - began)
                explorer.movesShown.disconnect(replies.append)
                explorer.replyShown.disconnect(traced.append)
            if fresh:
                editor.set_text(base)
        window.notation_editor.discard_unapplied()
        window.close()
        gc.unfreeze()
    return found


def _mid_game_fen(name: str) -> str:
    """A position of the shipped board ``name`` reached by random play."""
    sys.path.insert(0, str(ROOT))
    from dagaz_studio.engine.game import fen
    from dagaz_studio.engine.rules import Rules
    from tests.helpers.random_play import mid_game

    position = mid_game(name, 1)[0]
    return fen(Rules(position.board), position)


def _wait(application, done, limit: float = 30.0) -> None:
    began = time.perf_counter()
    while not done() and time.perf_counter() - began < limit:
        application.processEvents()
        time.sleep(0.001)


def first_paints(runs: int) -> None:
    """Print the first paint's figures over ``runs`` starts of each window."""
    env = installed_env()
    bare_runs: list[tuple[float, float]] = []
    studio_runs: list[tuple[float, float]] = []
    complete: list[float] = []
    for _ in range(runs):  # interleaved, so that a busy moment weighs on both alike
        bare_runs += first_paint(BARE, 1, env)
        studio_runs += first_paint(WINDOW, 1, env, complete)
    bare, studio = (statistics.median(t for t, _ in found) for found in (bare_runs, studio_runs))
    bare_cpu, studio_cpu = (statistics.median(c for _, c in found) for found in (bare_runs, studio_runs))
    print(f"first paint: bare PySide6 window {bare * 1000:.0f} ms, Dagaz Studio on chess {studio * 1000:.0f} ms, "
          f"ratio {studio / bare:.2f}; CPU time {bare_cpu * 1000:.0f} ms and {studio_cpu * 1000:.0f} ms, "
          f"ratio {studio_cpu / bare_cpu:.2f} (target at most 1.5: {'PASS' if studio_cpu / bare_cpu <= 1.5 else 'FAIL'})")
    if complete:
        print(f"  the whole window (panels built, remembered state restored): CPU time {statistics.median(complete) * 1000:.0f} ms")


def main() -> None:
    """Print the figures."""
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    runs = int(arguments[0]) if arguments else 5
    fresh = "--fresh" in sys.argv
    boards = next((tuple(argument.split("=", 1)[1].split(",")) for argument in sys.argv if argument.startswith("--boards=")),
                  KEYSTROKE_BOARDS)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if "--keystrokes-only" not in sys.argv:
        first_paints(runs)
    sys.path.insert(0, str(ROOT))
    traced: list[float] = []
    found = keystrokes(max(runs, 5), boards, fresh, traced, "--rapid" in sys.argv)
    traced.sort()
    total = sorted(t for _, t, _, _, _ in found)
    run = sorted(r for _, _, r, _, _ in found)
    run_cpu = sorted(c for _, _, _, _, c in found)
    p99 = total[min(len(total) - 1, int(len(total) * 0.99))]
    median = statistics.median(total)
    print(f"keystroke to highlights over {len(found)} keystrokes: median {median * 1000:.0f} ms "
          f"(target at most 16 ms, a frame: {'PASS' if median <= 0.016 else 'FAIL'}), "
          f"p99 {p99 * 1000:.0f} ms (target at most 33 ms: {'PASS' if p99 <= 0.033 else 'FAIL'}); the run alone p99 "
          f"{run[min(len(run) - 1, int(len(run) * 0.99))] * 1000:.0f} ms, of which its own processor time p99 "
          f"{run_cpu[min(len(run_cpu) - 1, int(len(run_cpu) * 0.99))] * 1000:.0f} ms (target at most 16 ms; the rest is "
          f"waiting for the window's thread to let the interpreter go)")
    if traced:
        print(f"  keystroke to the trace (the stepper's steps): median {statistics.median(traced) * 1000:.0f} ms, "
              f"p99 {traced[min(len(traced) - 1, int(len(traced) * 0.99))] * 1000:.0f} ms")
    slowest = max(found, key=lambda item: item[1])
    print(f"slowest: {slowest[0]} {slowest[1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()

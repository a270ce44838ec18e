"""Allow ``python -m dagaz_studio``; the ``dagaz-studio`` command starts here too (:func:`start`).

Ctrl-C while the program is still importing ends it quietly with status 130, as it ends once a
command runs: Python's own handler would raise ``KeyboardInterrupt`` inside whichever import was
under way, where nothing catches it, and print a traceback.
"""

# The builtin module under signal: signal itself imports enum, a hundredth of a second on its own.
import _signal  # type: ignore[import-not-found]
import os

EXIT_INTERRUPTED = 130


def _interrupted_while_starting(_number: int, _frame: object) -> None:
    # Nothing is written yet, nothing is open that needs closing: end at once, whatever is importing.
    os._exit(EXIT_INTERRUPTED)


_signal.signal(_signal.SIGINT, _interrupted_while_starting)


def start() -> int:
    """Run the command line (:func:`dagaz_studio.cli.main`), Ctrl-C ending it quietly from the first
    import to the last line; returns the exit status."""
    _signal.signal(_signal.SIGINT, _interrupted_while_starting)
    try:
        from dagaz_studio.cli import main

        # From here a command's own handling of Ctrl-C applies (its workers and files end as they should).
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
        return main()
    except KeyboardInterrupt:  # between the handler given back and the command's own try
        return EXIT_INTERRUPTED
    finally:
        _signal.signal(_signal.SIGINT, _interrupted_while_starting)


if __name__ == "__main__":
    raise SystemExit(start())

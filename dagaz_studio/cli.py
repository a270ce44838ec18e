"""The ``dagaz-studio`` command line.

Each subcommand lives in its own module under :mod:`dagaz_studio.commands`, exposing
``add_parser(subparsers)`` and ``run(args) -> int``. With no subcommand the window opens.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ("gui", "parse", "check", "moves", "perft", "render", "play", "translate", "import", "export", "test", "compare", "lesson")

#: Subcommands whose module is named otherwise (``import`` is a Python keyword).
MODULES = {"import": "import_ini"}

EXIT_USAGE = 2
#: The status of a command whose reader stopped early (``| head -1``): 128 + SIGPIPE, as the shell
#: reports a process that signal ended.
EXIT_READER_GONE = 141


def _terminal_width() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it (``COLUMNS``, else the
    terminal of standard output, else 80), without importing :mod:`shutil`: argparse imports it for
    every help formatter it makes, even to print nothing, and with it three compression modules."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors exit with status 2 and one clear line."""

    #: The words the command line gave (set by :func:`main`), for a usage error to say what they look like.
    given: Sequence[str] = ()
    #: Whether ``gui`` was put before them, the first word being no command (a board to open, or a
    #: command misspelt).
    window_implied = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        return self.formatter_class(prog=self.prog, width=_terminal_width() - 2)  # type: ignore[call-arg]

    def _check_value(self, action: argparse.Action, value: object) -> None:
        # argparse quotes a refused choice by repr, which doubles a backslash typed ('a\\b'): quoted as
        # every other word the program echoes.
        if action.choices is not None and value not in action.choices:
            from dagaz_studio.board.problems import quoted

            choices = ", ".join(repr(choice) for choice in action.choices)
            raise argparse.ArgumentError(action, f"invalid choice: {quoted(value)} (choose from {choices})")

    def error(self, message: str) -> NoReturn:
        import re

        from dagaz_studio.board.problems import echoed

        self.print_usage(sys.stderr)
        # argparse quotes a refused value whole ("invalid int value: '…'"): a runaway one by its start.
        message = re.sub(r"[^\s']{41,}", lambda match: echoed(match.group()), message)
        left = message.removeprefix("unrecognized arguments: ").split() if message.startswith("unrecognized") else []
        if left and _fen_field_left(self.given, left[0]):
            # The shell split a FEN of several fields: its side to move and the rest were left over.
            message += " (a FEN of several fields is one argument: give it in quotes, --fen '…')"
        elif left and self.window_implied:
            message += _no_command(self.given[1])
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _fen_field_left(given: Sequence[str], first_left: str) -> bool:
    """Whether ``first_left``, the first word left over, is the word right after a ``--fen``'s FEN:
    a FEN's second field, when the shell split an unquoted FEN. (A FEN's fields are words or '-',
    never an option, a misspelt one such as --lgeal; a word left elsewhere, a move's name between
    options, is no field of it.)"""
    if first_left.startswith("-") and first_left != "-":
        return False
    for place, word in enumerate(given):
        after = place + 1 if word.startswith("--fen=") else place + 2 if word == "--fen" else None
        if after is not None and after < len(given) and given[after] == first_left:
            return True
    return False


def _no_command(first: str) -> str:
    """What to add to a usage error when the first word, taken for a board to open in the window, was
    followed by words the window does not read: most likely a command misspelt, or left out."""
    import difflib

    from dagaz_studio.board.problems import quoted
    from dagaz_studio.board.shipped import shipped_aliases, shipped_boards

    near = difflib.get_close_matches(first.lower(), COMMANDS, n=1, cutoff=0.6)
    if near and first not in shipped_boards() and first not in shipped_aliases() and not os.path.exists(first):
        return f" ({quoted(first)} is no command: did you mean {near[0]}?)"
    return f" (the window was to open on {quoted(first)}: a command comes first, one of {', '.join(COMMANDS)})"


def _none_taken(_args: argparse.Namespace, _left: list[str], _words: Sequence[str]) -> bool:
    return False


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered, or only the subcommand ``only`` (what
    a command needs to read its own options: the other commands' modules are not even imported)."""
    parser = _Parser(
        prog="dagaz-studio",
        description="See how board-game pieces move: boards, the Dagaz move notation, and its interpreter.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS if only is None else (only,):
        importlib.import_module(f"dagaz_studio.commands.{MODULES.get(name, name)}").add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    With no subcommand the window opens; a first argument that is not a subcommand (a board file or
    a shipped board's name) opens the window on it: ``dagaz-studio xiangqi``.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    window_implied = not words or (words[0] not in COMMANDS and not words[0].startswith("-"))
    if window_implied:
        words.insert(0, "gui")
    from dagaz_studio.commands.streams import StreamError, guarded, silence_stdout

    try:
        with guarded():
            parser = build_parser(words[0] if words[0] in COMMANDS else None)
            if isinstance(parser, _Parser):
                parser.given = words
                parser.window_implied = window_implied
            args, left = parser.parse_known_args(words)
            if args.command is None:  # only options, none a command's (--no-such-option)
                parser.error("unrecognized arguments: " + " ".join(left) if left else "a command is needed")
            module = importlib.import_module(f"dagaz_studio.commands.{MODULES.get(args.command, args.command)}")
            # argparse gives a list of words (play's moves, test's boards) only the words before the
            # first option: a command may take those after its options too.
            if left and not getattr(module, "take_words_left", _none_taken)(args, left, words):
                parser.error("unrecognized arguments: " + " ".join(left))
            return int(module.run(args))
    except KeyboardInterrupt:
        return 130
    except StreamError as error:
        # A full disk, a closed stream: one line, not a traceback (a reader gone: nothing). Output still
        # buffered is written, or dropped if standard output is what failed (the interpreter would
        # fail on it again as it exits).
        if error.stream == "standard input":
            try:
                sys.stdout.flush()
            except (OSError, ValueError):
                silence_stdout()
        else:
            silence_stdout()
        if error.reader_gone:
            return EXIT_READER_GONE
        with contextlib.suppress(OSError, ValueError):  # standard error failing too: the exit status still tells
            print(f"dagaz-studio: error: {error.message}", file=sys.stderr)
        return EXIT_USAGE

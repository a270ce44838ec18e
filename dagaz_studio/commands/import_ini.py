"""``dagaz-studio import FILE.ini --out DIR``: Fairy-Stockfish variants as board files."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from dagaz_studio.commands.common import EXIT_USAGE, MAX_PROBLEMS_SHOWN, printable, said

if TYPE_CHECKING:
    from dagaz_studio.variants_ini.variant import Imported


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``import`` subcommand."""
    parser = subparsers.add_parser(
        "import",
        help="import the variants of a Fairy-Stockfish variants.ini as board files",
        description="Write one board file per variant section of a Fairy-Stockfish variants.ini. A variant "
                    "with an option that changes the legal moves and is not supported is refused, naming "
                    "the option and its line; options that only tune an engine are ignored. Each section "
                    "is imported or refused on its own; the exit status is 2 if any was refused.",
    )
    parser.add_argument("ini", metavar="FILE.ini", help="the variants.ini file")
    parser.add_argument("--variant", action="append", metavar="NAME", help="import only this section (repeatable)")
    parser.add_argument("--out", metavar="DIR", required=True, help="the folder to write NAME.board files into")


def run(args: argparse.Namespace) -> int:
    """Import; prints one line per variant written, one per section refused (with its line).

    Exit status 2 if any section was refused, or the file cannot be read or holds no section; the
    sections that import are written all the same.
    """
    from dagaz_studio.board.writer import SaveError
    from dagaz_studio.queries.import_ini import import_checked
    from dagaz_studio.variants_ini import IniError
    from dagaz_studio.variants_ini.files import read_ini_file

    if not args.out.strip():
        # Path("") is the working folder: an unset variable (--out "$DIR") would write the boards there.
        print("dagaz-studio: error: --out: no folder given (an empty argument)", file=sys.stderr)
        return EXIT_USAGE
    try:
        text = read_ini_file(args.ini)
    except IniError as error:
        print(f"dagaz-studio: error: {said(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    try:
        done, refused = import_checked(text, args.variant)
    except IniError as error:
        where = f"{printable(args.ini)}:{error.line}" if error.line else printable(args.ini)
        print(f"dagaz-studio: error: {where}: {said(error.message)}", file=sys.stderr)
        return EXIT_USAGE
    written = 0
    try:
        for variant, path in _each_written(done, Path(args.out)):
            print(f"{variant.name}: {printable(str(path))}")
            written += 1
    except (SaveError, OSError) as error:
        if isinstance(error, FileExistsError):  # a file where the folder would be
            why = f"it is {_standing(Path(args.out))}, not a folder"
        elif isinstance(error, NotADirectoryError):
            why = "a folder on its path is a file"
        elif isinstance(error, OSError) and error.strerror:
            why = error.strerror
        else:
            why = str(error)
        print(f"dagaz-studio: error: cannot write into {printable(args.out)}: {printable(why)}", file=sys.stderr)
        if written:  # they stay: the user must know which
            print(f"dagaz-studio: {written} of {len(done)} boards written before it (listed above), "
                  f"{len(done) - written} not", file=sys.stderr)
        return EXIT_USAGE
    for refusal in refused[:MAX_PROBLEMS_SHOWN]:  # the first, as a board's problems are listed
        where = f"{printable(args.ini)}:{refusal.line}: " if refusal.line else f"{printable(args.ini)}: "
        section = f" [{refusal.section}]" if refusal.section else ""
        print(said(f"dagaz-studio: {where}refused{section}: {refusal.message}"), file=sys.stderr)
    if len(refused) > MAX_PROBLEMS_SHOWN:
        print(f"dagaz-studio: {printable(args.ini)}: … and {len(refused) - MAX_PROBLEMS_SHOWN:,} more refused",
              file=sys.stderr)
    if refused:
        print(f"dagaz-studio: {len(done)} imported, {len(refused)} refused", file=sys.stderr)
    return EXIT_USAGE if refused else 0


def _each_written(variants: list[Imported], folder: Path) -> Iterator[tuple[Imported, Path]]:
    """Each variant with the file it was written to, as each is written (as
    :func:`~dagaz_studio.variants_ini.files.write_boards` writes them): a failure part way leaves
    the boards before it listed."""
    from dagaz_studio.board.writer import write_atomically
    from dagaz_studio.variants_ini.files import board_paths

    folder.mkdir(parents=True, exist_ok=True)
    for variant, path in zip(variants, board_paths(variants, folder)):
        write_atomically(path, variant.text)
        yield variant, path


def _standing(path: Path) -> str:
    """What stands at ``path``, where a folder was asked for: a file, or a device (``/dev/full``), a FIFO …"""
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:  # a link that leads nowhere: a file by its name
        return "a file"
    kinds = ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a file")

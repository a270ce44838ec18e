"""``dagaz-studio import FILE.ini --out DIR``: Fairy-Stockfish variants as board files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dagaz_studio.commands.common import EXIT_USAGE


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the ``import`` subcommand."""
    parser = subparsers.add_parser(
        "import",
        help="import the variants of a Fairy-Stockfish variants.ini as board files",
        description="Write one board file per variant section of a Fairy-Stockfish variants.ini. A variant "
                    "with an option that changes the legal moves and is not supported is refused, naming "
                    "the option; options that only tune an engine are ignored.",
    )
    parser.add_argument("ini", metavar="FILE.ini", help="the variants.ini file")
    parser.add_argument("--variant", action="append", metavar="NAME", help="import only this section (repeatable)")
    parser.add_argument("--out", metavar="DIR", required=True, help="the folder to write NAME.board files into")


def run(args: argparse.Namespace) -> int:
    """Import; prints one line per variant. Exit status 2 if any was refused or the file is unreadable."""
    from dagaz_studio.variants_ini import IniError, import_file

    try:
        text = Path(args.ini).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"dagaz-studio: error: cannot read {args.ini}: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        done, refused = import_file(text, args.variant)
    except IniError as error:
        print(f"dagaz-studio: error: {args.ini}: {error}", file=sys.stderr)
        return EXIT_USAGE
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for variant in done:
            path = out / f"{variant.name}.board"
            path.write_text(variant.text, encoding="utf-8")
            print(f"{variant.name}: {path}")
    except OSError as error:
        print(f"dagaz-studio: error: cannot write into {out}: {error}", file=sys.stderr)
        return EXIT_USAGE
    for error in refused:
        print(f"dagaz-studio: refused [{error.section}]: {error.message}", file=sys.stderr)
    return EXIT_USAGE if refused else 0

"""``dagaz-studio render BOARD --out FILE.png|FILE.svg``: the board, a position and a piece's moves as a picture.

Draws exactly what the window draws, without opening one (Qt runs offscreen when no display is set).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from dagaz_studio.commands.common import (
    CommandError,
    decimal_number,
    open_board,
    open_position,
    printable,
    report,
    square_index,
    whole_number,
)

FORMATS = (".png", ".svg")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``render`` subcommand."""
    parser = subparsers.add_parser(
        "render",
        help="draw the board (and a piece's moves) as PNG or SVG",
        description="Draw a board with a position, and the legal moves of the piece on --at highlighted, "
        "into a PNG or SVG file, as the window shows them.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    parser.add_argument("--fen", metavar="FEN", help="the position (default: the board's initial one)")
    parser.add_argument("--at", metavar="SQUARE", help="highlight the moves of the piece on this square")
    parser.add_argument("--piece", metavar="NOTATION", help="put a piece of the side to move, moving by this "
                        "notation, on the --at square (replacing what stands there)")
    parser.add_argument("--out", metavar="FILE", required=True, help="the picture to write: FILE.png or FILE.svg")
    parser.add_argument("--scale", type=decimal_number, default=None, metavar="PIXELS",
                        help="image pixels per square (default 64)")
    parser.add_argument("--trace", action="store_true",
                        help="draw the run of the piece on --at step by step: FILE.png an animated PNG (APNG), "
                        "FILE.svg a numbered series FILE-001.svg …; each "
                        "frame shows the notation's executed part highlighted and the step's sentence")
    parser.add_argument("--move", metavar="MOVE", help="with --trace: only the steps behind this move "
                        "(its name, e.g. O-O, or its coordinates, e.g. e1-g1); a move the notation makes and the "
                        "game's rules forbid is filmed too, its first and last frames saying why it is forbidden")
    parser.add_argument("--delay", type=whole_number, metavar="MS",
                        help="with --trace: milliseconds a frame is shown (default 400)")


def run(args: argparse.Namespace) -> int:
    """Write the picture; user errors are reported with exit status 2."""
    from dagaz_studio.commands.moves import moves_for
    from dagaz_studio.engine import Rules, move_highlights

    if args.out.endswith(("/", os.sep)):
        # Path() drops the slash: the picture would be written as a file of the folder's name.
        return report(CommandError(f"--out {printable(args.out)}: a folder's name (it ends in '/'); give the "
                                   "picture's file name, ending in .png or .svg"))
    if not args.out.strip():
        return report(CommandError("--out: no file name given (an empty argument)"))
    if Path(args.out).name.lower() in FORMATS:
        # An unset variable (--out "$NAME.png"): Path('.png') has no suffix, though it ends in .png.
        return report(CommandError(f"--out {printable(args.out)}: no name before its {Path(args.out).name}"))
    out = Path(args.out)
    if args.trace:
        return _run_trace(args, out)
    if args.move is not None:
        return report(CommandError("--move chooses the move whose steps --trace draws: give --trace too"))
    if args.delay is not None:
        return report(CommandError("--delay sets how long each frame --trace draws is shown: give --trace too"))
    try:
        if out.suffix.lower() not in FORMATS:
            raise CommandError(f"--out {printable(args.out)}: the file name must end in .png or .svg")
        if args.scale is not None and not 4 <= args.scale <= 1000:
            raise CommandError(f"--scale {args.scale}: give between 4 and 1000 pixels per square")
        board = open_board(args.board)
        position = open_position(board, args.fen)
        highlights: dict[int, str] = {}
        if args.at is not None:
            origin = square_index(board, args.at)
            if args.piece is None and position.cells[origin] is None:
                raise CommandError(f"no piece on {args.at}: nothing to show the moves of")
            moves = moves_for(board, Rules(board), position, args.at, args.piece, legal=True)
            highlights = move_highlights(moves, origin, heaps=board.kind_type.holds_heaps)
        elif args.piece is not None:
            raise CommandError("--piece needs --at SQUARE: where to put the piece")
    except CommandError as error:
        return report(error)

    # Qt only now, and offscreen unless a platform was chosen: no window is ever shown.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from dagaz_studio.commands import common

    with common.interrupt_deferred():
        from dagaz_studio.gui.board_view.export import MAX_PIXELS, PictureTooLarge, picture

    try:
        data, scale = picture(board, position, highlights, out.suffix, None if args.scale is None else args.scale / 100)
    except PictureTooLarge as error:
        return report(CommandError(f"--scale {args.scale}: {error}; this board fits up to --scale "
                                   f"{int(error.largest * 100 * 10) / 10:g}"))
    except MemoryError as error:
        return report(CommandError(f"--out {printable(args.out)}: {error or 'out of memory'}"))
    if args.scale is None and scale < 0.64:
        print(f"dagaz-studio: note: drawn at {scale * 100:.3g} pixels per square, to stay within "
              f"{MAX_PIXELS:,} pixels", file=sys.stderr)
    try:
        _write(out, data)
    except OSError as error:
        return report(CommandError(f"--out {printable(args.out)}: {printable(str(error.strerror or error))}; the previous file, if any, "
                                   "is unchanged"))
    return 0


def _run_trace(args: argparse.Namespace, out: Path) -> int:
    """Write the run of the piece on ``--at`` as an animation, or as numbered SVG frames."""
    from dagaz_studio.engine import Rules
    from dagaz_studio.notation import NotationError
    from dagaz_studio.queries.trace_frames import FilmError, film_of_run

    suffix = out.suffix.lower()
    try:
        if suffix == ".gif":
            raise CommandError(f"--out {printable(args.out)}: Qt's image writers write no animated GIF; write an animated "
                               "PNG (.png), which browsers play alike, or SVG frames (.svg)")
        if suffix not in (".png", ".svg"):
            raise CommandError(f"--out {printable(args.out)}: with --trace the file name ends in .png (an animated PNG) or "
                               ".svg (a numbered series of frames)")
        if args.at is None:
            raise CommandError("--trace needs --at SQUARE: whose run to draw")
        if args.scale is not None and not 4 <= args.scale <= 200:
            raise CommandError(f"--scale {args.scale}: with --trace give between 4 and 200 pixels per square")
        delay = 400 if args.delay is None else args.delay
        if not 10 <= delay <= 60_000:
            raise CommandError(f"--delay {delay}: give between 10 and 60000 milliseconds")
        board = open_board(args.board)
        position = open_position(board, args.fen)
        square = square_index(board, args.at)
        standing = position.cells[square]
        if args.piece is None and standing is not None and 0 <= standing.player < len(board.players) \
                and standing.player != position.turn:
            # Only the side to move's pieces are run: say so, not that the run could not be made.
            owner, mover = board.players[standing.player], board.players[position.turn]
            raise CommandError(f"the {owner} {position.piece_name(square)} on {board.squares[square]} has no run to "
                               f"draw: {mover} is to move (give a --fen with {owner} to move)")
        try:
            film = film_of_run(Rules(board), position, square, args.piece, args.move)
        except NotationError as error:
            raise CommandError("bad notation:\n" + error.render()) from None
        except FilmError as error:
            raise CommandError(str(error)) from None
        if not film.frames:
            raise CommandError(f"the run on {args.at} recorded no steps")
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from dagaz_studio.commands import common

        with common.interrupt_deferred():
            from dagaz_studio.gui.board_view.animation import film_pictures

        scale = None if args.scale is None else args.scale / 100
        pictures = film_pictures(film, ".svg" if suffix == ".svg" else ".png", scale)
    except CommandError as error:
        return report(error)
    except MemoryError as error:
        return report(CommandError(f"--out {printable(args.out)}: {error or 'out of memory'}"))
    from dagaz_studio.commands.apng import animated_png

    try:
        if suffix == ".svg":
            width = max(3, len(str(len(pictures))))
            _write_series([(out.with_name(f"{out.stem}-{number:0{width}d}.svg"), data)
                           for number, data in enumerate(pictures, 1)])
            _remove_later_frames(out, len(pictures))
        else:
            _write(out, animated_png(pictures, delay, 0, [frame.sentence for frame in film.frames]))
    except OSError as error:
        return report(CommandError(f"--out {printable(args.out)}: {printable(str(error.strerror or error))}"))
    print(f"{len(pictures)} frames: {board.squares[square]}"
          + (f", the move {film.move}" if film.move else ", the whole run")
          + (f", which the game's rules forbid: {film.forbidden}" if film.forbidden else ""), file=sys.stderr)
    return 0


def _write(out: Path, data: bytes) -> None:
    """Put ``data`` in place of ``out`` in one step, on the disk: a failed or killed render leaves the
    previous file as it was and nothing beside it (:mod:`dagaz_studio.notation.whole_file`)."""
    from dagaz_studio.board.writer import through_links
    from dagaz_studio.notation.whole_file import write_whole

    out = through_links(out)
    if os.open not in os.supports_dir_fd:  # no folder descriptors: a named temporary file instead
        from dagaz_studio.board.writer import SaveError, write_atomically

        try:
            write_atomically(out, data)
        except SaveError as error:
            raise OSError(error.reason) from None
        return
    folder = os.open(out.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        write_whole(folder, out.name, data, sync=True)
    finally:
        os.close(folder)


def _write_series(files: list[tuple[Path, bytes]]) -> None:
    """Put each file in place, all of them or none: each is first written whole under a hidden name
    beside its place, and only once every one is written are they renamed into place. A full disk
    midway leaves the previous series as it was, not new frames mixed with old ones, and nothing
    beside it."""
    from dagaz_studio.board.writer import through_links
    from dagaz_studio.notation.whole_file import temporary_name

    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files:
            target = through_links(path)
            hidden = target.with_name(temporary_name(target.name))
            staged.append((hidden, target))
            _write(hidden, data)
        for hidden, target in staged:
            os.replace(hidden, target)
    finally:
        for hidden, _target in staged:
            hidden.unlink(missing_ok=True)


def _remove_later_frames(out: Path, count: int) -> None:
    """Remove the frames past ``count`` of an earlier, longer series written to ``out``: left beside the
    new series, they would be read as its last frames."""
    pattern = re.compile(re.escape(out.stem) + r"-(\d{3,})\.svg")
    for entry in out.parent.iterdir():
        found = pattern.fullmatch(entry.name)
        if found is not None and int(found.group(1)) > count and entry.is_file():
            entry.unlink()

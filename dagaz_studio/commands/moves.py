"""``dagaz-studio moves BOARD``: the moves of the side to move, from the shipped board files' notations.

With ``--fen -`` it reads one FEN a line from standard input and writes one result a line, so that
thousands of positions can be checked in one process.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from dagaz_studio.commands.common import (
    BatchLine,
    CommandError,
    InputLines,
    add_budget_option,
    add_fen_style_option,
    batch_lines,
    check_fen_style,
    not_a_piece,
    open_board,
    open_position,
    piece_definition,
    report,
    said,
    square_index,
    written_fen,
)
from dagaz_studio.commands.pool import STATE, Workers, add_jobs_option, jobs_for, pool

if TYPE_CHECKING:
    from dagaz_studio.board import Board
    from dagaz_studio.engine import GameOver, Move, Position, Rules
    from dagaz_studio.queries import MovesAnswer

#: The styles ``--style`` offers: :data:`dagaz_studio.names.STYLES`, written out so that declaring the
#: options imports no engine (a test keeps the two the same).
NAME_STYLES = ("wxf", "wxf-prefix", "wxf-signs", "san", "coordinates", "uci", "numbers", "algebraic")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``moves`` subcommand."""
    parser = subparsers.add_parser(
        "moves",
        help="list the moves of the side to move",
        description="List the moves of the side to move, computed from the board file's notations.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    parser.add_argument("--fen", metavar="FEN", help="the position (default: the board's initial one); "
                        "'-' reads one FEN a line from standard input")
    parser.add_argument("--at", metavar="SQUARE", help="only the moves of the piece on this square (by name, or "
                        "by its number on a draughts board)")
    parser.add_argument("--piece", metavar="NOTATION", help="put a piece of the side to move, moving by this "
                        "notation (or as the board's piece of this name moves), on the --at square (replacing what "
                        "stands there) and list its moves")
    parser.add_argument("--notation", choices=("dagaz", "betza", "parlett"),
                        help="the notation of --piece (default dagaz; betza reads Betza and XBetza)")
    parser.add_argument("--dialect", choices=("xboard", "fsf"),
                        help="with --notation betza: whose reading where XBoard and Fairy-Stockfish differ "
                        "(default xboard)")
    parser.add_argument("--legal", action="store_true", help="apply the game's rules (royal safety, "
                        "compulsory capture, how the game ends) and say when the game is over; without it, "
                        "every move the notations make")
    parser.add_argument("--json", action="store_true", help="one JSON object per position")
    parser.add_argument("--names", action="store_true", help="name each move (H2+3, Nf3, d3-e3xc3) in the "
                        "board's style; JSON moves get a \"name\"")
    parser.add_argument("--style", choices=NAME_STYLES, help="the style of --names (implies it): wxf (CF+7), "
                        "wxf-prefix (FC+7), wxf-signs (C++7), san, coordinates, uci (e2e4, e7e8q); "
                        "default: the board file's")
    add_fen_style_option(parser, "the FEN of --json")
    add_budget_option(parser, "each piece's run")
    add_jobs_option(parser, "answer the lines of --fen - with (the default uses every core when standard "
                    "input is a file)")


def move_json(board: Board, move: Move) -> dict[str, Any]:
    """A move as the JSON the command prints."""
    names = board.squares
    out: dict[str, Any] = {
        "piece": move.piece,
        "from": names[move.origin],
        "to": names[move.target],
        "captures": [names[s] for s in move.captures],
        "stops": [names[s] for s in move.stops],
        "promotion": move.promotion,
        "also": [{"from": names[a], "to": names[b]} for a, b in move.also],
    }
    if move.dropped:  # a drop comes from the hand: no square of origin
        out["from"] = None
        out["drop"] = True
    return out


def _query(board: Board, rules: Rules, position: Position, at: str | None, piece: str | None,
           legal: bool, names: bool = False, style: str | None = None, budget: int | None = None) -> MovesAnswer:
    """Ask the rules for the moves the command lists for one position, each piece's run spending at
    most ``budget`` units of work (default: the engine's); user errors as CommandError."""
    from dagaz_studio.engine import DEFAULT_BUDGET
    from dagaz_studio.queries import MovesAnswer, MovesQuery, answer_moves
    from dagaz_studio.queries.run_stopped import MOST_BUDGET, longer_than

    budget = DEFAULT_BUDGET if budget is None else budget

    square = square_index(board, at) if at is not None else None
    if piece is not None and square is None:
        raise CommandError("--piece needs --at SQUARE: where to put the piece")
    if square is not None and piece is None and position.cells[square] is None:
        return MovesAnswer(MovesQuery(board, position, square))  # an empty square has no moves
    answer = answer_moves(rules, MovesQuery(board, position, square, notation=piece, legal_only=legal,
                                            names=names, name_style=style, budget=budget))
    if answer.notation_error is not None:
        raise CommandError("bad notation:\n" + answer.notation_error.render() + not_a_piece(board, piece or ""))
    if answer.error is not None:
        raise CommandError(answer.error)
    if answer.stopped is not None:
        # A run out of budget may be one that only has a great many ways (a long-range piece among many
        # enemies taking them in thousands of orders): the user may give it more.
        more = (f"; if it only has a great many ways, --budget {longer_than(budget, MOST_BUDGET)} lets it go "
                "further" if answer.budget_spent and budget < MOST_BUDGET else "")
        if square is None or answer.stopped.startswith("legality not known"):
            raise CommandError(answer.stopped + more)
        standing = answer.query.position.cells[square]
        what = "typed piece" if piece is not None or standing is None else rules.kind_names[standing.kind]
        raise CommandError(f"{what} on {board.squares[square]}: {answer.stopped}{more}")
    if names and answer.names_error is not None:
        raise CommandError(answer.names_error)
    return answer


def moves_for(board: Board, rules: Rules, position: Position, at: str | None, piece: str | None,
              legal: bool) -> list[Move]:
    """The moves the command lists for one position (``piece``: a typed notation on the ``at`` square)."""
    return _query(board, rules, position, at, piece, legal).shown_moves()


def named_moves(board: Board, rules: Rules, position: Position, args: argparse.Namespace
                ) -> tuple[list[Move], list[str] | None]:
    """The moves listed for one position, and their names if asked for (``--names``/``--style``).

    A name tells its move apart from every legal move of the position, not only the listed ones; a
    move the game's rules do not allow has no name and is given by its coordinates.
    """
    from dagaz_studio.engine import describe_move

    wanted = bool(args.names or args.style)
    answer = _query(board, rules, position, args.at, args.piece, args.legal, wanted, args.style, args.budget)
    moves = answer.shown_moves()
    if not wanted:
        return moves, None
    return moves, [answer.names.get(i, describe_move(board, answer.moves[i])) for i in answer.allowed]


def _print(board: Board, fen: str, moves: list[Move], as_json: bool, names: list[str] | None = None,
           typed: dict[str, str] | None = None, over: tuple[GameOver | None] | None = None) -> None:
    """Print one position's moves; ``over``, where the game's rules were applied, holds why its game is
    over (``None`` while it goes on)."""
    from dagaz_studio.engine import describe_move

    if as_json:
        import json  # only --json needs it

        listed = [move_json(board, m) for m in moves]
        if names is not None:
            for entry, name in zip(listed, names):
                entry["name"] = name
        out: dict[str, Any] = {"fen": fen, "moves": listed}
        if typed is not None:
            out["typed_piece"] = typed
        if over is not None:
            out["game_over"] = over[0].as_json(board.players) if over[0] is not None else None
        print(json.dumps(out))
        return
    if not moves:
        print("no moves")
    for i, move in enumerate(moves):
        named = f"{names[i]}  " if names is not None else ""
        print(f"{named}{move.piece} {describe_move(board, move)}")
    if over is not None and over[0] is not None:
        print(f"game over: {over[0].reason}")


def _game_over(rules: Rules, position: Position, moves: list[Move], args: argparse.Namespace
               ) -> tuple[GameOver | None] | None:
    """Why the game is over, for ``--legal`` listing every move of the position (``None`` otherwise)."""
    if not args.legal or args.at is not None or args.piece is not None:
        return None
    from dagaz_studio.engine import game_over

    return (game_over(rules, position, moves),)


def run(args: argparse.Namespace) -> int:
    """List the moves; user errors are reported with exit status 2."""
    from dagaz_studio.engine import Rules, kept_code

    try:
        board = open_board(args.board)
        if args.piece is not None:
            args.piece = piece_definition(board, args.piece, args.notation or "dagaz", args.dialect or "xboard")
        elif args.notation is not None or args.dialect is not None:
            # Said, not ignored: the user meant a typed piece and would read the board's moves as its.
            given = "--notation" if args.notation is not None else "--dialect"
            raise CommandError(f"{given} says how --piece is read: give --piece NOTATION (and --at SQUARE) too")
        if args.fen_style != "board" and not args.json:
            raise CommandError("--fen-style says how --json writes the FEN: give --json too (the moves alone "
                               "are written without one)")
        check_fen_style(board, args.fen_style)
    except CommandError as error:
        return report(error)
    rules = Rules(board)
    # Most of listing one position's moves is writing and compiling the code of the notations:
    # kept from the last start on this board, it is loaded instead.
    with kept_code(rules):
        return _run(board, rules, args)


def _run(board: Board, rules: Rules, args: argparse.Namespace) -> int:
    try:
        if args.fen != "-":
            position = open_position(board, args.fen)
            # The FEN printed is the position as given, before a typed piece is put in: a typed
            # piece has no letter a FEN could hold, so JSON names it apart ("typed_piece"), and the
            # FEN with --at and --piece gives the same moves again.
            fen = written_fen(position, args.fen_style, position.fen() if args.fen is None else args.fen)
            moves, names = named_moves(board, rules, position, args)
            typed = {"square": args.at, "notation": args.piece} if args.piece is not None else None
            _print(board, fen, moves, args.json, names, typed, _game_over(rules, position, moves, args))
            return 0
        # Mistakes in the options are the same for every line: say so once, before reading any.
        if args.at is not None:
            square_index(board, args.at)
        if args.piece is not None:
            if args.at is None:
                raise CommandError("--piece needs --at SQUARE: where to put the piece")
            # Only a typed piece needs the notation parser (a shipped board comes from the cache).
            from dagaz_studio.notation import NotationError, parse_notation

            try:
                rules.custom_kind(parse_notation(args.piece))
            except NotationError as error:
                raise CommandError("bad notation:\n" + error.render() + not_a_piece(board, args.piece)) from None
    except CommandError as error:
        return report(error)
    return _run_stream(board, rules, args)


def _run_stream(board: Board, rules: Rules, args: argparse.Namespace) -> int:
    # Every line read gets exactly one line of answer, in order; a bad line does not stop the batch.
    STATE.update(board=board, rules=rules, args=args)
    jobs = jobs_for(args.jobs, _stdin_is_a_file())
    status = 0
    if jobs <= 1:
        answers = map(_answer, batch_lines())
        for line_status, text in answers:
            status = max(status, line_status)
            sys.stdout.write(text)
            sys.stdout.flush()
        return status
    # Forked workers keep this process's rules, with every notation compiled once here for all of them.
    rules.warm()
    try:
        with pool(jobs, _open_batch, args, opened=True) as workers:
            return _answer_over(workers)
    except CommandError as error:  # the workers could not be started
        return report(error)


#: Lines handed to a worker at a time.
CHUNK = 16


def _answer_over(workers: Workers) -> int:
    """Answer the batch over ``workers``, in order; the exit status.

    This thread reads the lines and hands them out a chunk at a time, a few chunks a worker ahead,
    and prints the answers (in order) as they come. (A map over the lines would read them in a
    thread of its own, which Ctrl-C cannot interrupt: a command waiting on its terminal for more
    lines would then never end.)
    """
    status = 0
    try:
        source = InputLines(sys.stdin.fileno()) if os.name == "posix" else None
    except (AttributeError, OSError, ValueError):  # standard input with no descriptor (a test's text)
        source = None
    for answers in workers.ordered(_answer_all, _chunks(batch_lines(source), source), ahead=4, source=source):
        for line_status, text in answers:
            status = max(status, line_status)
            sys.stdout.write(text)
        sys.stdout.flush()
    return status


def _chunks(lines: Iterable[BatchLine], source: InputLines | None = None) -> Iterator[list[BatchLine]]:
    """``lines`` :data:`CHUNK` at a time, as they are read; fewer where ``source`` (what they are read
    from) has no next line to give at once: its writer may be waiting for their answers."""
    chunk: list[BatchLine] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) == CHUNK or (source is not None and not source.ready()):
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _stdin_is_a_file() -> bool:
    """Whether standard input is a file (all of it there to read), not a pipe answered line by line."""
    try:
        return stat.S_ISREG(os.fstat(sys.stdin.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):
        return False


def _open_batch(args: argparse.Namespace) -> dict[str, Any]:
    """What a worker keeps for a batch: the board, its rules (with the typed piece), the options."""
    from dagaz_studio.engine import Rules
    from dagaz_studio.notation import parse_notation

    board = open_board(args.board)
    rules = Rules(board)
    if args.piece is not None:
        rules.custom_kind(parse_notation(args.piece))
    return {"board": board, "rules": rules, "args": args}


def _answer_all(lines: list[BatchLine]) -> list[tuple[int, str]]:
    """In a worker: a chunk of a batch's lines answered, in order."""
    return [_answer(line) for line in lines]


def _answer(line: BatchLine) -> tuple[int, str]:
    """One line of a batch answered: its exit status (0 or 2) and the text printed for it."""
    from dagaz_studio.engine import describe_move

    board, rules, args = STATE["board"], STATE["rules"], STATE["args"]
    fen = line.text.strip()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            if line.problem is not None:
                raise CommandError(line.problem)
            if not fen:
                raise CommandError("empty line: no FEN")
            position = open_position(board, fen)
            shown = written_fen(position, args.fen_style, fen)
            moves, names = named_moves(board, rules, position, args)
            over = _game_over(rules, position, moves, args) if args.json else None
        except (CommandError, ValueError) as error:
            # Typed user errors (FEN, notation, names, runaway runs) are all ValueErrors.
            message = error.message if isinstance(error, CommandError) else str(error)
            _print_error(line.number, fen, f"line {line.number}: {message}", args.json)
            return 2, out.getvalue()
        except Exception as error:  # noqa: BLE001 - a defect on one line must not lose the lines after it
            _print_error(line.number, fen, f"line {line.number}: internal error ({type(error).__name__}: {error}); "
                         "please report it with this line", args.json)
            return 2, out.getvalue()
        if args.json:
            typed = {"square": args.at, "notation": args.piece} if args.piece is not None else None
            _print(board, shown, moves, True, names, typed, over)
        else:
            print(" ".join(names if names is not None else [describe_move(board, m) for m in moves]) or "no moves")
    return 0, out.getvalue()


def _print_error(number: int, fen: str, message: str, as_json: bool) -> None:
    if as_json:
        import json

        print(json.dumps({"line": number, "fen": fen, "error": message}))
    else:
        print(f"error: {said(message)}")
    sys.stdout.flush()

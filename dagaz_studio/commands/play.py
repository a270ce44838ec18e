"""``dagaz-studio play BOARD [--fen FEN] MOVE…``: play named moves in order and print the position.

Each move is a name in any style the board understands (``H2+3``, ``Nf3``, ``e2e4``) and must be legal
where it is played. The last line printed is the resulting FEN, after a ``game over: …`` line when
the game has ended. (A name the command line would take for an option, ``-R=6``, can be written
with its marker after the letter, ``R-=6``, or after ``--``, which ends the options.)
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import TYPE_CHECKING

from dagaz_studio.commands.common import (
    CommandError,
    add_fen_style_option,
    check_fen_style,
    open_board,
    open_position,
    quoted,
    report,
    written_fen,
)

if TYPE_CHECKING:
    from dagaz_studio.board import Board
    from dagaz_studio.engine import Position, Rules


class PlayError(ValueError):
    """A named move that cannot be played: its number (from 1), its text, and why."""

    def __init__(self, number: int, text: str, reason: str) -> None:
        self.number = number
        self.text = text
        self.reason = reason
        super().__init__(f"move {number} {quoted(text)}: {reason}")


class _FenOnce(argparse.Action):
    """``--fen``, refused when given twice: argparse would keep the last, and the moves given after
    the first would be lost without a word."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        if getattr(namespace, self.dest) is not None:
            parser.error("--fen is given twice: play starts from one position")
        setattr(namespace, self.dest, values)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``play`` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play named moves and print the resulting position",
        description="Play moves given by name (H2+3, Nf3, e2e4 …) in order, each legal where it is played, "
                    "and print the resulting FEN as the last line.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. xiangqi)")
    parser.add_argument("moves", metavar="MOVE", nargs="*", help="move names, in the order they are played "
                        "(before the options, after --fen FEN, or after the options)")
    # argparse gives every positional its share at BOARD, so names after --fen FEN would be left over:
    # --fen takes them along.
    parser.add_argument("--fen", nargs="+", metavar=("FEN", "MOVE"), action=_FenOnce,
                        help="the position to start from (default: the board's initial one); the moves may follow it")
    add_fen_style_option(parser, "the resulting FEN")


def take_words_left(args: argparse.Namespace, left: list[str], words: list[str]) -> bool:
    """Take the names given after or between the options (``play checkers --fen-style pdn 11-15``,
    ``play chess --fen-style board e4 --fen FEN e5``) as moves, in the order given, when none looks
    like an option (a misspelt one is said as such) but after ``--``, which ends the options."""
    ended = left.index("--") if "--" in left else len(left)
    if any(word.startswith("-") for word in left[:ended]):
        return False
    names = left[:ended] + left[ended + 1:]
    options_end = words.index("--") if "--" in words else len(words)
    placed = _free_word_places(args, words, options_end)
    # The words no option took are the board, the names right after it, then those left over.
    if [words[place] for place in placed[1 + len(args.moves):]] != names:
        return False
    fen_at = _fen_option_at(words[:options_end]) if args.fen else len(words)
    args.moves_before_fen = [words[place] for place in placed[1 + len(args.moves):] if place < fen_at]
    args.moves_after = names[len(args.moves_before_fen):]
    return True


def _fen_option_at(words: list[str]) -> int:
    """Where the ``--fen`` argparse read stands among ``words`` (the last one given)."""
    return max(place for place, word in enumerate(words) if word == "--fen" or word.startswith("--fen="))


def _free_word_places(args: argparse.Namespace, words: list[str], options_end: int) -> list[int]:
    """The places in ``words`` (after the command's name) of the words no option took: neither an
    option, nor ``--fen-style``'s value, nor ``--fen``'s FEN and the names after it; after
    ``options_end`` (the place of ``--``), every word."""
    taken: set[int] = {options_end}
    if args.fen:
        fen_at = _fen_option_at(words[:options_end])
        separate = words[fen_at] == "--fen"
        taken.update(range(fen_at, fen_at + len(args.fen) + separate))
    for place, word in enumerate(words[:options_end]):
        # --fen-style and the abbreviations argparse takes for it (--fen-s), its value the next word.
        if len(word) > len("--fen") and "--fen-style".startswith(word):
            taken.add(place + 1)
    return [place for place, word in enumerate(words[1:], start=1)
            if place not in taken and (place > options_end or not word.startswith("-"))]


def play_names(rules: Rules, position: Position, texts: Iterable[str]) -> Position:
    """The position after playing the named moves in order from ``position`` (which is left as it is).

    Raises :class:`PlayError` for the first name that selects no legal move, or several.
    """
    from dagaz_studio.engine import game_over, make_move, over_by_board
    from dagaz_studio.names import MoveNameError, MoveNames, NameStyleError


    position = position.copy()
    for number, text in enumerate(texts, start=1):
        over = over_by_board(rules, position) if rules.board.ends else None
        if over is not None:
            raise PlayError(number, text, f"the game is over: {over.reason}")
        try:
            move = MoveNames(rules, position).read(text)
        except (MoveNameError, NameStyleError) as error:
            over = game_over(rules, position)
            if over is not None:  # a board without end rules ends when a side has no move: say so
                raise PlayError(number, text, f"the game is over: {over.reason}") from None
            raise PlayError(number, text, str(error) + _hand_hint(position, text)) from None
        make_move(position, move)
    return position


def _hand_hint(position: Position, text: str) -> str:
    """Why a drop (``P@e5``) cannot be played when its piece is not in hand, or ``""``."""
    letter = text.strip().split("@")[0] if "@" in text else ""
    piece = position.board.piece_by_letter(letter) if len(letter) == 1 else None
    if piece is None:
        return ""
    kind = list(position.board.pieces).index(piece.name)
    player = position.board.players[position.turn]
    if not position.hands:
        return " (this board has no pieces in hand)"
    if position.hands[position.turn][kind] == 0:
        return f" ({player} holds no {piece.name} in hand)"
    return ""


def _move_names(args: argparse.Namespace) -> list[str]:
    """The names to play, in the order given: before the options, between them, after ``--fen FEN``,
    after the options."""
    return [*args.moves, *getattr(args, "moves_before_fen", []), *(args.fen[1:] if args.fen else []),
            *getattr(args, "moves_after", [])]


def _unquoted_fen_hint(board: Board, args: argparse.Namespace, error: PlayError) -> str:
    """Why the first name after ``--fen FEN`` may not be a move: a FEN of several fields given
    unquoted, its side to move (or a later field) then read as a move's name; or ``""``."""
    if not args.fen or len(args.fen) < 2 or error.number != len(args.moves) + 1 or " " in args.fen[0]:
        return ""
    try:
        open_position(board, f"{args.fen[0]} {args.fen[1]}")
    except CommandError:
        return ""
    return f"; {quoted(args.fen[1])} reads as the FEN's next field: give a FEN of several fields in quotes (--fen '…')"


def run(args: argparse.Namespace) -> int:
    """Play the moves; user errors are reported with exit status 2."""
    from dagaz_studio.engine import Rules, RunawayNotation, fen, game_over

    try:
        board = open_board(args.board)
        check_fen_style(board, args.fen_style)
        fen_text = args.fen[0] if args.fen else None
        position = open_position(board, fen_text)
        rules = Rules(board)
        try:
            final = play_names(rules, position, _move_names(args))
        except PlayError as error:
            raise CommandError(str(error) + _unquoted_fen_hint(board, args, error)) from None
        except RunawayNotation as error:
            raise CommandError(str(error)) from None
        over = game_over(rules, final)
        written = written_fen(final, args.fen_style, fen(rules, final))
    except CommandError as error:
        return report(error)

    if over is not None:
        print(f"game over: {over.reason}")
    print(written)
    return 0

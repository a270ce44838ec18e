"""Hostile inputs for the readers and the interpreter, and the one rule they must all keep.

Each kind of case (a notation, a board file, a FEN, a move name) is made from a ``random.Random``, so the same seed
makes the same cases: the normal suite draws them through hypothesis (``tests/fuzz/test_inputs.py``)
and the long run (``tests/fuzz/run.py``) from seeded generators. Cases start from what ships (every
shipped board's text, its pieces' notations, its setup and positions reached from it by random moves)
and are mutated: characters and tokens inserted, deleted, replaced and repeated, digits from other
scripts, huge counts, deep nesting, texts up to and past the length limits.

The rule: reading and running may only end in a result or in one of the project's typed errors, and a
run ends within its budget. Anything else is a failure, reported with the case that caused it. Cases
that took more than ``SLOW_SECONDS`` of processor time are reported apart (wall-clock time is reported
too, but on a shared machine it says more about the load than about the case): time depends on the
machine, the budget does not.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dagaz_studio.board import Board, BoardFileError, load_board, parse_board, shipped_boards
from dagaz_studio.board.placement import PlacementError
from dagaz_studio.engine import Rules, RunawayNotation
from dagaz_studio.engine.game import legal_moves, pseudo_legal_moves
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import FenError, Piece, Position
from dagaz_studio.names import MoveNameError, MoveNames, NameStyleError
from dagaz_studio.notation import NotationError, describe, format_tree, parse_notation
from dagaz_studio.notation.parser import MAX_NOTATION_LENGTH
from dagaz_studio.notation.tokens import notation_tokens

#: The errors a user's input may end in: everything else escaping is a defect.
TYPED_ERRORS: tuple[type[BaseException], ...] = (NotationError, BoardFileError, FenError, PlacementError,
                                                 RunawayNotation, MoveNameError, NameStyleError)

#: The budget of each fuzzed run: small, so that a run that ignores it stands out.
RUN_BUDGET = 20_000
#: A case taking more processor time than this is reported as slow, whatever its budget says.
SLOW_SECONDS = 2.0
#: Typed pieces one board's interpreter learns before a fresh one is made (as the window's worker does).
TYPED_KEPT = 50

# Pieces of notation and of board files that matter to the readers, so that mutations hit them.
NOTATION_TOKENS = [
    "N", "S", "E", "W", "M", "O", "R", "T", "U", "D", "X", "+", "*", "NE", "(", ")", "[", "]", "{", "}", ";", ",",
    "?", "*+", "++", "^", "|", "&", "\\1", "~1", "\\0", "\\9", "[p]", "[e]", "[x]", "[f]", "[P]", "[a]", "[o]",
    "[=Pawn]", "[!=Rook]", "[@last]", "[o:castle]", "[x>N]", "[(x,p)>E]", "[+Queen/Rook]", "[1]", "[0]",
    "{2}", "{1,3}", "{,2}", "{3,}", "{3,1}", "{10000}", "{10001}", "{99999999999999999999}", "{ 2 , 3 }", "²", "②",
    "٣", "８", "{²}", "{1,٣}", "\\²", " ", "\n", "\t", "#", ">", "!", "=", "@", ":", "é", "\x00", "\ufeff",
]
BOARD_TOKENS = [
    "grid: ", "piece ", "zone ", "setup: ", "players: ", "symmetry ", "name: ", "rule: ", "draw: ", "names: ",
    "name-letter ", "kind: ", " royal", " resets-clock", "a-z x 1-100000000", "a-h x 8-1", "a x 1",
    "a-b x 1-" + "9" * 40, "N=(0,1)", "N=(0,-99999999999)", "a1>b2>c3", "#", ":", ";", ",", "=", "<>", "-", "\n",
    "\n  ", "\t", "²", "②", "٣", "\x00", "\r\n", "é", "(", ")", "[", "]", "{", "}", "8", "10", "0", "/", " w ", " b ",
]
FEN_TOKENS = [
    "/", " ", "1", "8", "9", "10", "0", "00", "²", "②", "٣", "８", "-", "-1", "+1", "w", "b", "x", "K", "Q", "k", "q",
    "KQkq", "KK", "e3", "z9", "a1", "p", "P", "?", "é", "\t", "\n", "99999999999", "9" * 5000, "extra",
]


def _mutate(rng: random.Random, text: str, tokens: list[str], times: int) -> str:
    for _ in range(times):
        position = rng.randint(0, len(text))
        kind = rng.random()
        if kind < 0.35:
            text = text[:position] + rng.choice(tokens) + text[position:]
        elif kind < 0.55:
            text = text[:position] + text[position + rng.randint(1, 12):]
        elif kind < 0.8:
            text = text[:position] + rng.choice(tokens) + text[position + 1:]
        elif kind < 0.92:
            end = min(len(text), position + rng.randint(1, 20))
            text = text[:position] + text[position:end] * rng.randint(2, 4) + text[position:]
        else:
            cut = rng.randint(0, len(text))
            text = text[cut:] + text[:cut]
    return text


@dataclass
class Corpus:
    """What ships, read once: boards, their texts, their pieces' notations, and positions to play in."""

    boards: dict[str, Board] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    notations: list[str] = field(default_factory=list)
    rules: dict[str, Rules] = field(default_factory=dict)
    fens: dict[str, list[str]] = field(default_factory=dict)
    typed: dict[str, Rules] = field(default_factory=dict)

    @classmethod
    def shipped(cls, seed: int = 0, positions_per_board: int = 12) -> Corpus:
        corpus = cls()
        rng = random.Random(seed)
        for name, path in shipped_boards().items():
            board = load_board(path)
            corpus.boards[name] = board
            corpus.texts[name] = path.read_text(encoding="utf-8")
            corpus.notations += [piece.notation_text for piece in board.pieces.values()]
            rules = Rules(board)
            corpus.rules[name] = rules
            corpus.fens[name] = _reachable_fens(rules, Position.initial(board), rng, positions_per_board)
        return corpus

    def rules_for(self, name: str) -> Rules:
        """An interpreter for a board that typed pieces may be added to: kept for a while, as the
        window's worker keeps one, so that its attack tables are not built again for every case."""
        rules = self.typed.get(name)
        if rules is None or len(rules.kinds) - rules.board_kinds >= TYPED_KEPT:
            rules = self.typed[name] = Rules(self.boards[name])
        return rules


def _reachable_fens(rules: Rules, position: Position, rng: random.Random, count: int) -> list[str]:
    fens = [position.fen()]
    while len(fens) < count:
        current = position.copy()
        for _ in range(rng.randint(1, 30)):
            try:
                moves = legal_moves(rules, current)
            except RunawayNotation:
                break
            if not moves:
                break
            make_move(current, rng.choice(moves))
            current.turn = (current.turn + 1) % len(current.board.players)
        fens.append(current.fen())
    return fens


@dataclass
class Outcome:
    """What one case did: its kind, the input (shortened), the failure if it broke the rule, and the
    time it took (wall-clock ``seconds``, processor time ``cpu``)."""

    kind: str
    case: str
    failure: str | None = None
    seconds: float = 0.0
    cpu: float = 0.0

    @property
    def slow(self) -> bool:
        """Whether the case took more than :data:`SLOW_SECONDS` of processor time."""
        return self.cpu > SLOW_SECONDS


def _guarded(kind: str, case: str, work: Callable[[], None]) -> Outcome:
    started, cpu = time.perf_counter(), time.process_time()
    failure = None
    try:
        work()
    except TYPED_ERRORS:
        pass
    except RecursionError as error:
        failure = f"RecursionError: {error}"
    except Exception as error:  # noqa: BLE001 - any other escape is what the fuzzing looks for
        failure = f"{type(error).__name__}: {error}"
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    shown = case if len(case) <= 300 else case[:300] + f"… ({len(case):,} characters)"
    return Outcome(kind, shown, failure, seconds, cpu)


# --------------------------------------------------------------------------- notations


def notation_text(rng: random.Random, corpus: Corpus) -> str:
    """A notation: a shipped one mutated, a soup of tokens, or (rarely) one near the length limit."""
    roll = rng.random()
    if roll < 0.6:
        return _mutate(rng, rng.choice(corpus.notations), NOTATION_TOKENS, rng.randint(1, 5))
    if roll < 0.95:
        return "".join(rng.choice(NOTATION_TOKENS) for _ in range(rng.randint(1, 30)))
    if roll < 0.99:
        depth = rng.randint(90, 110)
        return "(" * depth + rng.choice(["N", "[p]", "+"]) + ")" * depth + rng.choice(["", "*", "{2}"])
    unit = rng.choice(corpus.notations + ["N[p]", "(N;S)", "[p]N;"])
    length = rng.choice([MAX_NOTATION_LENGTH - 1, MAX_NOTATION_LENGTH, MAX_NOTATION_LENGTH + 1, 20_000])
    return (unit * (length // max(1, len(unit)) + 1))[:length]


def check_notation(rng: random.Random, corpus: Corpus, text: str) -> Outcome:
    """Parse, read out, colour and (when it parses) run a notation as a piece on a shipped board."""

    def work() -> None:
        notation_tokens(text)
        notation = parse_notation(text)
        describe(notation)
        format_tree(notation)
        board_name = rng.choice(sorted(corpus.boards))
        rules = corpus.rules_for(board_name)
        position = Position.from_fen(corpus.boards[board_name], rng.choice(corpus.fens[board_name]))
        kind = rules.custom_kind(notation)
        square = rng.randrange(len(position.cells))
        position.cells[square] = Piece(position.turn, kind, True)
        cancel = threading.Event()
        result = rules.run(position, square, budget=RUN_BUDGET, cancel=cancel)
        # The budget counts steps and actions; a run may overshoot by the one action it was taking.
        if result.work > RUN_BUDGET + 1_000:
            raise AssertionError(f"ran {result.work:,} steps on a budget of {RUN_BUDGET:,}")
        if rng.random() < 0.1:
            legal_moves(rules, position, square)

    return _guarded("notation", text, work)


# --------------------------------------------------------------------------- board files


def board_text(rng: random.Random, corpus: Corpus) -> str:
    """A shipped board file, mutated."""
    return _mutate(rng, corpus.texts[rng.choice(sorted(corpus.texts))], BOARD_TOKENS, rng.randint(1, 6))


def check_board(rng: random.Random, corpus: Corpus, text: str) -> Outcome:
    """Load a board file's text; when it loads, read its setup and list the first player's moves."""

    def work() -> None:
        board = parse_board(text, "fuzz.board")
        position = Position.initial(board)
        Position.from_fen(board, position.fen())
        rules = Rules(board)
        for square, piece in enumerate(position.cells):
            if piece is not None and piece.player == position.turn:
                result = rules.run(position, square, budget=RUN_BUDGET)
                if result.work > RUN_BUDGET + 1_000:
                    raise AssertionError(f"ran {result.work:,} steps on a budget of {RUN_BUDGET:,}")

    return _guarded("board file", text, work)


# --------------------------------------------------------------------------- FENs


def fen_text(rng: random.Random, corpus: Corpus) -> tuple[str, str]:
    """A board's name and a FEN for it: a reachable position, mutated (or, at times, left valid)."""
    name = rng.choice(sorted(corpus.fens))
    fen = rng.choice(corpus.fens[name])
    if rng.random() < 0.15:
        return name, fen
    return name, _mutate(rng, fen, FEN_TOKENS, rng.randint(1, 4))


def check_fen(rng: random.Random, corpus: Corpus, name: str, fen: str) -> Outcome:
    """Read a FEN; when it reads, write it back and read that again, and list the legal moves."""

    def work() -> None:
        board = corpus.boards[name]
        position = Position.from_fen(board, fen)
        written = position.fen()
        again = Position.from_fen(board, written)
        if again.fen() != written:
            raise AssertionError(f"FEN written as {written!r} reads back as {again.fen()!r}")
        rules = corpus.rules[name]
        if rng.random() < 0.5:
            legal_moves(rules, position)
        else:
            pseudo_legal_moves(rules, position)

    return _guarded("FEN", f"{name}: {fen}", work)


# --------------------------------------------------------------------------- move names

NAME_TOKENS = ["N", "B", "R", "Q", "K", "O-O", "0-0", "x", "+", "#", "=", "-", ".", "e", "4", "٤", "²", "9" * 30,
               "H", "C", "P", "2", "5", "/", " ", "炮", "平", "e.p.", "?", "!"]


def move_name(rng: random.Random, corpus: Corpus) -> tuple[str, str, str]:
    """A board, a position on it, and a move name: one of its legal moves' names, mutated."""
    name = rng.choice(sorted(corpus.fens))
    fen = rng.choice(corpus.fens[name])
    position = Position.from_fen(corpus.boards[name], fen)
    try:
        names = MoveNames(corpus.rules[name], position).names
    except (RunawayNotation, NameStyleError):
        names = []
    text = rng.choice(names) if names else "e4"
    return name, fen, _mutate(rng, text, NAME_TOKENS, rng.randint(0, 3))


def check_move_name(corpus: Corpus, name: str, fen: str, text: str) -> Outcome:
    """Read a move name in a position, in any style the board understands."""

    def work() -> None:
        position = Position.from_fen(corpus.boards[name], fen)
        MoveNames(corpus.rules[name], position).read(text)

    return _guarded("move name", f"{name}: {fen}: {text}", work)


# --------------------------------------------------------------------------- all kinds


def one_case(rng: random.Random, corpus: Corpus) -> Outcome:
    """One case of a kind drawn at random: notations, board files, move names and FENs."""
    roll = rng.random()
    if roll < 0.4:
        return check_notation(rng, corpus, notation_text(rng, corpus))
    if roll < 0.65:
        return check_board(rng, corpus, board_text(rng, corpus))
    if roll < 0.72:
        return check_move_name(corpus, *move_name(rng, corpus))
    name, fen = fen_text(rng, corpus)
    return check_fen(rng, corpus, name, fen)

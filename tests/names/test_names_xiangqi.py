"""Xiangqi move names (WXF family) against Fairy-Stockfish, and the spellings of docs/names.md."""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import pytest

from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.values import Move
from dagaz_studio.names import STYLES, MoveNameError, MoveNames, read_move
from tests.helpers.engine_helpers import shipped, uci

sf = pytest.importorskip("pyffish")

POSITIONS = 1000


def _by_uci(names: MoveNames, text: str) -> Move:
    board, rules = shipped("xiangqi")
    return next(m for m in names.moves if uci(board, rules, m) == text)


def _names(fen: str, style: str) -> MoveNames:
    board, rules = shipped("xiangqi")
    return MoveNames(rules, Position.from_fen(board, fen), style=style)


# --------------------------------------------------------------------------- the cases of wxf.md

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
ROOKS = "3k5/9/9/9/9/9/9/4R4/9/4RK3 w - - 0 1"
HORSES = "3k5/9/9/9/9/9/2N6/9/2N6/5K3 w - - 0 1"
ADVISORS = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1"
PAWNS = "4k4/9/9/2P6/2P6/9/9/9/9/5K3 w - - 0 1"
THREE_PAWNS = "4k4/9/6P2/6P2/6P2/9/9/9/9/5K3 w - - 0 1"
TWO_FILES = "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1"

# (fen, move, wxf, wxf-prefix, wxf-signs, other spellings that must read as the move)
CASES = [
    (START, "h3e3", "C2=5", "C2=5", "C2=5", ["C2.5", "c2=5", "C 2 = 5", "h3e3", "h3-e3"]),
    (START, "b1c3", "H8+7", "H8+7", "H8+7", ["N8+7"]),
    (START, "h1g3", "H2+3", "H2+3", "H2+3", []),
    (START, "g1e3", "E3+5", "E3+5", "E3+5", []),
    (START, "f1e2", "A4+5", "A4+5", "A4+5", []),
    (START, "e4e5", "P5+1", "P5+1", "P5+1", []),
    (START, "a1a2", "R9+1", "R9+1", "R9+1", []),
    (START, "h3h10", "C2+7", "C2+7", "C2+7", ["h3xh10", "h3-h10xh10"]),
    (ROOKS, "e3e7", "RF+4", "FR+4", "R++4", ["+R+4"]),
    (ROOKS, "e3d3", "RF=6", "FR=6", "R+=6", ["R+.6"]),
    (ROOKS, "e1d1", "RB=6", "BR=6", "R-=6", ["R-.6", "-R=6"]),
    (ROOKS, "e1e2", "RB+1", "BR+1", "R-+1", []),
    (ROOKS, "e3e2", "RF-1", "FR-1", "R+-1", ["R5-1"]),
    (HORSES, "c4b6", "HF+8", "FH+8", "H++8", []),
    (HORSES, "c2e1", "HB-5", "BH-5", "H--5", []),
    (HORSES, "c4b2", "HF-8", "FH-8", "H+-8", ["H7-8"]),
    (ADVISORS, "d1e2", "A6+5", "A6+5", "A6+5", []),
    (ADVISORS, "d3e2", "A6-5", "A6-5", "A6-5", []),
    (PAWNS, "c7c8", "PF+1", "FP+1", "P++1", []),
    (PAWNS, "c6d6", "PB=6", "BP=6", "P-=6", ["P-.6"]),
    (THREE_PAWNS, "g8f8", "13=4", "13=4", "13=4", ["P+.4"]),
    (THREE_PAWNS, "g7f7", "23=4", "23=4", "23=4", ["P3.4"]),
    (THREE_PAWNS, "g6f6", "33=4", "33=4", "33=4", ["P-.4"]),
    (TWO_FILES, "c6b6", "27=8", "27=8", "27=8", ["7-.8"]),
    (TWO_FILES, "c7c8", "17+1", "17+1", "17+1", ["7++1"]),
]


@pytest.mark.parametrize(("fen", "move", "plain", "prefix", "signs", "others"), CASES)
def test_names_of_the_reference_cases(fen: str, move: str, plain: str, prefix: str, signs: str,
                                      others: list[str]) -> None:
    written = {}
    for style, _expected in (("wxf", plain), ("wxf-prefix", prefix), ("wxf-signs", signs)):
        names = _names(fen, style)
        target = _by_uci(names, move)
        written[style] = names.name(target)
        for spelling in {plain, prefix, signs, *others, sf.get_san("xiangqi", fen, move, False, sf.NOTATION_XIANGQI_WXF)}:
            assert names.read(spelling) == target, spelling
    assert written == {"wxf": plain, "wxf-prefix": prefix, "wxf-signs": signs}


def test_black_counts_files_from_its_own_right_and_forward_down_the_board() -> None:
    board, rules = shipped("xiangqi")
    fen = START.replace(" w ", " b ")
    names = MoveNames(rules, Position.from_fen(board, fen))
    for text, move in (("H2+3", "b10c8"), ("C8=5", "h8e8"), ("R1+1", "a10a9"), ("P7+1", "g7g6"), ("P3+1", "c7c6")):
        assert uci(board, rules, names.read(text)) == move
        assert sf.get_san("xiangqi", fen, move, False, sf.NOTATION_XIANGQI_WXF) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("H2+4", "no legal move matches 'H2+4'"),
        ("Z2+3", "no legal move matches 'Z2+3'"),
        ("", "no legal move matches ''"),
        ("P+1", "no legal move matches 'P+1'"),
    ],
)
def test_names_that_match_no_move(text: str, message: str) -> None:
    board, rules = shipped("xiangqi")
    with pytest.raises(MoveNameError) as caught:
        read_move(rules, Position.from_fen(board, START), text)
    assert str(caught.value).startswith(message + " (xiangqi names its moves in WXF notation, such as ")
    assert isinstance(caught.value, ValueError)


def test_a_name_that_matches_several_moves_lists_them() -> None:
    board, rules = shipped("xiangqi")
    with pytest.raises(MoveNameError) as caught:
        read_move(rules, Position.from_fen(board, ROOKS), "R5+1")
    assert str(caught.value) == "'R5+1' matches several moves: RF+1, RB+1"
    assert caught.value.candidates == ("RF+1", "RB+1")


# --------------------------------------------------------------------------- random games against pyffish


def _pyffish_wxf(jobs: list[tuple[str, list[str]]]) -> list[list[str]]:
    """Fairy-Stockfish's WXF name of every move of every (fen, moves) job (runs in a worker process)."""
    import pyffish

    return [[pyffish.get_san("xiangqi", fen, m, False, pyffish.NOTATION_XIANGQI_WXF) for m in moves]
            for fen, moves in jobs]


@dataclass
class _Game:
    start: str
    played: list[str] = field(default_factory=list)
    positions: list[tuple[str, list[Move], list[str]]] = field(default_factory=list)  # fen, moves, their UCI


@pytest.fixture(scope="module")
def games() -> tuple[list[_Game], list[list[str]]]:
    """Seeded random games of at least POSITIONS positions, and pyffish's name of every legal move."""
    board, rules = shipped("xiangqi")
    rng = random.Random(5150)
    start = sf.start_fen("xiangqi")
    played_games: list[_Game] = []
    futures = []
    # Each pyffish call costs about 2 ms whatever it does, so the oracle runs in two worker processes
    # while this one plays the games and names the moves.
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        count = 0
        while count < POSITIONS:
            game = _Game(start)
            for _ in range(rng.randrange(20, 140)):
                fen = sf.get_fen("xiangqi", start, game.played)
                moves = legal_moves(rules, Position.from_fen(board, fen))
                if not moves:
                    break
                ucis = [uci(board, rules, m) for m in moves]
                game.positions.append((fen, moves, ucis))
                count += 1
                captures = [u for u, m in zip(ucis, moves) if m.captures]
                game.played.append(rng.choice(captures) if captures and rng.random() < 0.3 else rng.choice(ucis))
            played_games.append(game)
            futures.append(pool.submit(_pyffish_wxf, [(fen, ucis) for fen, _moves, ucis in game.positions]))
        oracle = [names for future in futures for names in future.result()]
    return played_games, oracle


def test_signs_style_equals_fairy_stockfish_where_no_piece_of_its_kind_shares_its_file(games) -> None:
    board, rules = shipped("xiangqi")
    played_games, oracle = games
    positions = [p for game in played_games for p in game.positions]
    assert len(positions) >= POSITIONS
    compared = shared = 0
    for (fen, moves, _ucis), expected in zip(positions, oracle):
        position = Position.from_fen(board, fen)
        names = MoveNames(rules, position, moves, "wxf-signs")
        for move, name, theirs in zip(moves, names.names, expected):
            piece = position.cells[move.origin]
            partners = [s for s, other in enumerate(position.cells)
                        if other is not None and other[:2] == piece[:2] and s != move.origin
                        and board.column_of[s] == board.column_of[move.origin]]
            if partners:
                shared += 1
                # Fairy-Stockfish writes the file digit where the partner cannot make the same move.
                assert names.read(theirs) == move, (fen, theirs)
                continue
            assert name == theirs, (fen, uci(board, rules, move))
            compared += 1
    assert compared > 20_000 and shared > 100


def test_every_name_in_every_style_reads_back_to_its_move(games) -> None:
    board, rules = shipped("xiangqi")
    played_games, _oracle = games
    read = 0
    for game in played_games:
        for fen, moves, _ucis in game.positions:
            position = Position.from_fen(board, fen)
            for style in STYLES:
                names = MoveNames(rules, position, moves, style)
                assert len(set(names.names)) == len(moves)
                for move, name in names:
                    assert names.read(name) == move, (fen, style, name)
                    read += 1
    assert read > 5 * 20_000


def test_playing_the_names_gives_the_position_fairy_stockfish_gives(games) -> None:
    from dagaz_studio.commands.play import play_names

    board, rules = shipped("xiangqi")
    played_games, _oracle = games
    for game in played_games[:5]:
        for style in ("wxf", "wxf-prefix", "wxf-signs"):
            texts = [MoveNames(rules, Position.from_fen(board, fen), moves, style).name(moves[ucis.index(u)])
                     for (fen, moves, ucis), u in zip(game.positions, game.played)]
            position = play_names(rules, Position.from_fen(board, game.start), texts)
            assert position.fen().split()[:2] == sf.get_fen("xiangqi", game.start, game.played).split()[:2]

"""Games that end by the board's ``end`` statements: a piece reaching a zone, passes in a row, pieces
facing each other. Fairy-Stockfish (pyffish) is the oracle: its legal moves after the same moves,
with the history they make, and its word on whether the game is over."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.board import BoardFileError, load_board, parse_board
from dagaz_studio.cli import main
from dagaz_studio.engine.endings import game_over
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped

sf = pytest.importorskip("pyffish")


def played(board_name: str, fen: str, moves: list[str]) -> tuple[Rules, Position]:
    board, rules = shipped(board_name)
    position = Position.from_fen(board, fen)
    for name in moves:
        make_move(position, MoveNames(rules, position, style="uci").read(name))
    return rules, position


def uci(rules: Rules, position: Position) -> set[str]:
    return set(MoveNames(rules, position, legal_moves(rules, position), style="uci").names)


# (board, Fairy-Stockfish's variant, FEN, moves played): each line's last position is compared.
HISTORIES = [
    # Two passes in a row end Janggi, in both rule sets; a move between them starts the count again.
    ("janggi", "janggicasual", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
     ["e2e2", "e9e9"]),
    ("janggi", "janggicasual", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
     ["e2e2", "a7a6", "e2e2"]),
    ("janggi-tournament", "janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
     ["e2e2", "e9e9"]),
    # Bikjang: the Generals face each other; Cho, in check from the Chariot too, may still pass (its
    # only move), and the pass ends the game.
    ("janggi-tournament", "janggi", "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", []),
    ("janggi-tournament", "janggi", "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1", ["e1e1"]),
    # Facing: the General must step off the file or pass; Han may then face it again.
    ("janggi-tournament", "janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []),
    ("janggi-tournament", "janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", ["e1d1"]),
    ("janggi-tournament", "janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", ["e1d1", "e10d10"]),
    # The casual rules know no bikjang: the same Generals move along their file.
    ("janggi", "janggicasual", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []),
    # Breakthrough: a Pawn on the far row ends the game, whoever is to move.
    ("breakthrough", "breakthrough", "8/2P5/8/8/8/8/5p2/8 w - - 0 1", ["c7c8"]),
    ("breakthrough", "breakthrough", "8/2P5/8/8/8/8/5p2/8 w - - 0 1", ["c7b8"]),
    ("breakthrough", "breakthrough", "8/2P5/8/8/8/8/5p2/8 w - - 0 1", []),
]


@pytest.mark.parametrize(("board", "variant", "fen", "moves"), HISTORIES)
def test_legal_moves_and_the_end_equal_fairy_stockfish(board: str, variant: str, fen: str, moves: list[str]) -> None:
    rules, position = played(board, fen, moves)
    expected = set(sf.legal_moves(variant, fen, moves))
    assert uci(rules, position) == expected
    ended = sf.is_immediate_game_end(variant, fen, moves)[0]
    over = game_over(rules, position)
    assert (over is not None and over.rule in ("reach", "passes", "facing")) == ended


def test_why_the_game_is_over() -> None:
    rules, position = played("breakthrough", "8/2P5/8/8/8/8/5p2/8 w - - 0 1", ["c7c8"])
    over = game_over(rules, position)
    assert over is not None and over.winner == 0 and over.reason == "White's Pawn on c8 has reached goal"
    start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
    rules, position = played("janggi", start, ["e2e2", "e9e9"])
    assert game_over(rules, position) == game_over(rules, position, []) is not None
    assert game_over(*played("janggi", start, ["e2e2"])) is None
    rules, position = played("janggi-tournament", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", ["e1e1"])
    over = game_over(rules, position)
    assert over is not None and over.rule == "facing" and over.winner is None


def test_perft_stops_where_the_game_ends() -> None:
    # Fairy-Stockfish's tests/perft.sh: 121,264 where the board without its end counted 136,319.
    board, rules = shipped("breakthrough")
    position = Position.from_fen(board, "1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w - - 1 26")
    assert perft(rules, position, 4) == 121_264


def test_king_of_the_hill_is_chess_with_an_end_reach() -> None:
    # The second use of end reach: Fairy-Stockfish's kingofthehill case of tests/perft.sh.
    chess = load_board("chess")
    assert chess.source is not None
    with open(chess.source, encoding="utf-8") as handle:
        text = handle.read() + "\nzone hill: d4 e4 d5 e5\nend reach King: hill\n"
    board = parse_board(text, "koth.board")
    fen = "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12"
    assert perft(Rules(board), Position.from_fen(board, fen), 3) == 19_003


def test_moves_legal_says_the_game_is_over(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "2P5/8/8/8/8/8/5p2/8 b - - 0 1"
    assert main(["moves", "breakthrough", "--legal", "--fen", fen]) == 0
    assert capsys.readouterr().out.splitlines() == ["no moves", "game over: White's Pawn on c8 has reached goal"]
    assert main(["moves", "breakthrough", "--legal", "--json", "--fen", fen]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["game_over"] == {"reason": "White's Pawn on c8 has reached goal", "rule": "reach", "winner": "White"}
    assert main(["moves", "breakthrough", "--legal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game_over"] is None
    assert main(["play", "janggi", "e2e2", "e9e9", "a4a5"]) == 2
    assert "the game is over: 2 passes in a row" in capsys.readouterr().err


BAD = [
    ("end bogus: 1", "1:5: unknown ending 'bogus' (known: reach, passes, facing, checks, extinction, collect)"),
    ("end reach Pawn: goal fast", "1:17: 'end reach' takes one zone's name, then any of safe, answered, held once, not 'goal fast'"),
    ("end reach Pawn: goal safe safe", "1:17: 'end reach' takes one zone's name, then any of safe, answered, held once, "
                                       "not 'goal safe safe'"),
    ("end checks: 0", "1:13: 'end checks' counts the checks that win: a number from 1 to 99, not '0'"),
    ("end checks: 3\nend checks: 5", "2:5: 'end checks' already given on line 1"),
    ("end extinction: loses", "1:17: 'end extinction' says 'wins', 'below N' (N from 2 to 99) or both: "
                              "'end extinction: wins'"),
    ("end extinction: below 1", "1:17: 'end extinction' says 'wins', 'below N' (N from 2 to 99) or both: "
                                "'end extinction: wins'"),
    ("end passes: 0", "1:13: 'end passes' counts passes in a row: a number from 1 to 1,000, not '0'"),
    ("end passes Pawn: 2", "1:12: 'end passes' names no piece: 'end passes: 2'"),
    ("end reach Ghost: goal", "1:11: unknown piece type 'Ghost' (pieces: Pawn)"),
    ("end reach Pawn: nowhere", "1:17: unknown zone 'nowhere'"),
    ("end facing Pawn: (+", "1:18: unclosed '(' opened at column 18"),
    ("end passes: 2\nend passes: 3", "2:5: 'end passes' already given on line 1"),
]


@pytest.mark.parametrize(("line", "problem"), BAD)
def test_a_bad_end_statement_is_reported_where_it_is(line: str, problem: str) -> None:
    text = "grid: a-h x 8-1\nN = (0, -1)\npiece Pawn P: N\nzone goal: a8-h8\n"
    with pytest.raises(BoardFileError) as caught:
        parse_board(line + "\n" + text, "x.board")
    assert [str(p).split(":", 1)[1] for p in caught.value.problems] == [problem]


def test_an_exported_end_reach_is_fairy_stockfishs_flag() -> None:
    from dagaz_studio.variants_ini.export import export_fsf
    from tests.helpers.fsf_oracle import ask

    ini = export_fsf(load_board("breakthrough"))  # named breakthrough-exported: the built-in keeps breakthrough
    assert "flagPiece = p" in ini
    fen = "8/2P5/8/8/8/8/5p2/8 w - - 0 1"
    before, after = ask(ini, [("breakthrough-exported", fen, []), ("breakthrough-exported", fen, ["c7c8"])])
    rules, position = played("breakthrough", fen, [])
    assert before is not None and set(before) == uci(rules, position)
    assert after == [] and uci(*played("breakthrough", fen, ["c7c8"])) == set()
    with pytest.raises(ValueError, match="end passes cannot be exported"):
        export_fsf(parse_board("grid: a-b x 2-1\npiece K K: N\nend passes: 2\nsetup: K1/1k w", "x.board"))


def _breakthrough_fen(cells: list[str], white: bool) -> str:
    rows = ["".join(cells[r * 8:(r + 1) * 8]) for r in range(8)]
    placement = "/".join(re.sub(r"1+", lambda m: str(len(m.group())), row) for row in rows)
    return f"{placement} {'w' if white else 'b'} - - 0 1"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from("1111PPp"), min_size=64, max_size=64), st.booleans())
def test_breakthrough_ends_where_fairy_stockfish_ends_it(cells: list[str], white: bool) -> None:
    # Random placements, the side to move's goal row free of its own Pawns (where Fairy-Stockfish
    # would play on for a move, docs/notation.md 7.13): the same legal moves, and the same end.
    goal = range(0, 8) if white else range(56, 64)
    mine = "P" if white else "p"
    cells = ["1" if i in goal and cell == mine else cell for i, cell in enumerate(cells)]
    fen = _breakthrough_fen(cells, white)
    rules, position = played("breakthrough", fen, [])
    assert uci(rules, position) == set(sf.legal_moves("breakthrough", fen, []))
    over = game_over(rules, position)
    assert (over is not None and over.rule == "reach") == sf.is_immediate_game_end("breakthrough", fen, [])[0]

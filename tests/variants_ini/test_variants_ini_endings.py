"""A variants.ini section's game ends as Fairy-Stockfish ends it: the flag (flagPiece, flagRegion,
flagPieceSafe, flagMove), checkCounting, extinctionValue = win and extinctionPieceCount, read as the board's ``end``
statements, counted by perft against Fairy-Stockfish's legal moves with the same section loaded."""

from __future__ import annotations

from collections import Counter

import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.variants_ini import import_file
from dagaz_studio.variants_ini.export import export_fsf

pytest.importorskip("pyffish")
from tests.helpers.fsf_oracle import ask  # noqa: E402

#: One section a way of ending, a position where it ends the game within the depth, and the end
#: statement it is read as.
SECTIONS = [
    ("[hill:chess]\nflagPiece = k\nflagRegionWhite = d4 e4 d5 e5\nflagRegionBlack = d4 e4 d5 e5\n",
     "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12", "end reach King: goal"),
    ("[trylion:dobutsu]\nflagPieceSafe = true\n", "g1e/1cL/lC1/E1G[] w - - 4 3", "end reach Commoner: goal safe"),
    ("[race:racingkings]\nflagMove = true\n", "4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1", "end reach King: goal answered"),
    ("[centre:jesonmor]\nflagMove = true\n", "nn1nnn1nn/9/3n1n3/9/9/9/3N1N3/9/NN1NNN1NN w - - 4 3",
     "end reach Knight: goal held"),
    ("[twocheck:chess]\ncheckCounting = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+2 0 1\n",
     "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+2 2 3", "end checks: 2"),
    ("[three:threekings]\nextinctionPieceCount = 2\n", "knbqkbnk/pppppppp/8/8/8/6n1/PPPPPPPP/KNBQKBNK w - - 0 1",
     "end extinction: below 3"),
    ("[kamikaze:chess]\nextinctionValue = win\nextinctionPieceTypes = r\ncastling = false\n",
     "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", "end extinction: wins"),
]


#: A position of Fairy-Stockfish's perft suite where a Knight reaches the centre within three moves.
JESONMOR = "nn1nnn1nn/9/3n1n3/9/9/9/3N1N3/9/NN1NNN1NN w - - 4 3"


def _name(ini: str) -> str:
    return ini[1:ini.index(":")]


@pytest.fixture(scope="module")
def fsf_counts() -> Counter[str]:
    """Fairy-Stockfish's perft to depth 3 of each section's position, from its legal moves: every
    section loaded in one process, asked a ply at a time."""
    exported = export_fsf(load_board("jesonmor"))  # named jesonmor-exported: the built-in keeps jesonmor
    ini = "\n".join([section for section, _, _ in SECTIONS] + [exported])
    lines: list[tuple[str, str, list[str]]] = [(_name(section), fen, []) for section, fen, _ in SECTIONS]
    lines.append(("jesonmor-exported", JESONMOR, []))
    for _ in range(3):
        answers = ask(ini, lines)
        lines = [(name, fen, line + [move]) for (name, fen, line), moves in zip(lines, answers) for move in moves or []]
    return Counter(name for name, _, _ in lines)


@pytest.mark.parametrize(("ini", "fen", "statement"), SECTIONS, ids=[_name(s[0]) for s in SECTIONS])
def test_an_imported_ending_counts_as_fairy_stockfish_counts(ini: str, fen: str, statement: str,
                                                             fsf_counts: Counter[str]) -> None:
    done, refused = import_file(ini)
    assert not refused, refused
    imported = done[0]
    assert statement in imported.text.splitlines()
    assert not [key for key in imported.ignored if key.startswith(("flag", "check"))]
    board = parse_board(imported.text, "imported.board")
    name = imported.name
    assert perft(Rules(board), Position.from_fen(board, fen), 3) == fsf_counts[name]


def test_a_flag_the_board_cannot_say_is_left_out_and_reported() -> None:
    done, _ = import_file("[hill3:kingofthehill]\nflagPieceCount = 2\n")
    assert "end reach" not in done[0].text
    assert "flagPieceCount" in done[0].ignored


def test_an_exported_held_flag_is_fairy_stockfishs_flag_move(fsf_counts: Counter[str]) -> None:
    board = load_board("jesonmor")
    assert "flagMove = true" in export_fsf(board).splitlines()
    assert perft(Rules(board), Position.from_fen(board, JESONMOR), 3) == fsf_counts["jesonmor-exported"]


def test_a_flag_on_no_square_of_the_board_is_never_reached() -> None:
    # Fairy-Stockfish's region *99 holds no square of an 8-rank board, and Black's is none: chess.
    [imported], refused = import_file("[nowhere:chess]\nflagPiece = k\nflagRegionWhite = *99\n")
    assert not refused, refused
    assert "end reach" not in imported.text
    board = parse_board(imported.text, "imported.board")
    assert perft(Rules(board), Position.initial(board), 2) == 400

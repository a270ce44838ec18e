"""``dagaz-studio compare``: two definitions of a piece run until they differ, the counterexample
shrunk. Each difference found is checked against python-chess's own moves in the position printed."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import chess
import pytest

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.cli import main
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries.compare import compare_kinds, definition_kinds
from dagaz_studio.translation import TranslationError, translate


def _compare(capsys: pytest.CaptureFixture[str], *args: str, positions: int = 400) -> tuple[int, dict]:
    status = main(["compare", *args, "--json", "--positions", str(positions)])
    return status, json.loads(capsys.readouterr().out)


def _board_with(result: dict, symbol: str) -> tuple[chess.Board, chess.Square]:
    """python-chess's board of the counterexample, with the compared piece put on its square as
    ``symbol`` (of the side to move)."""
    board = chess.Board(result["fen"])
    square = chess.parse_square(result["square"])
    board.set_piece_at(square, chess.Piece.from_symbol(symbol if board.turn else symbol.lower()))
    return board, square


def _targets(moves: list[str]) -> set[str]:
    """The squares moves in coordinates (``a8-f8``, ``b8-b2xb2``) end on."""
    # "d1xd4" or "d1-d4": the second square named is where the move ends.
    return {re.findall(r"[a-h][1-8]", move)[1] for move in moves}


def _reach(board: chess.Board, square: chess.Square) -> tuple[set[str], set[str]]:
    """python-chess's quiet moves and captures of the piece on ``square``, by target."""
    attacks = board.attacks(square)
    mine = board.color_at(square)
    quiet = {chess.square_name(s) for s in attacks if board.piece_at(s) is None}
    taken = {chess.square_name(s) for s in attacks if board.color_at(s) is not None and board.color_at(s) != mine}
    return quiet, taken


def test_a_rook_and_a_rook_of_four_differ_on_the_empty_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "R", "R4", "--notation", "betza")
    assert status == 1 and result["differ"] and result["pieces"] == 0 and result["only_b"] == []
    board, square = _board_with(result, "R")
    quiet, taken = _reach(board, square)
    far = {target for target in quiet | taken if chess.square_distance(square, chess.parse_square(target)) >= 5}
    assert far and _targets(result["only_a"]) == far


def test_a_knight_and_a_lame_knight_differ_beside_one_piece(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "N", "nN", "--notation", "betza")
    assert status == 1 and result["pieces"] == 1 and result["only_b"] == []
    board, square = _board_with(result, "N")
    quiet, taken = _reach(board, square)

    def leg(target: chess.Square) -> chess.Square:
        # The lame knight's first step: one square orthogonally, along its longer side.
        dx = chess.square_file(target) - chess.square_file(square)
        dy = chess.square_rank(target) - chess.square_rank(square)
        return chess.square(chess.square_file(square) + (dx // 2 if abs(dx) == 2 else 0),
                            chess.square_rank(square) + (dy // 2 if abs(dy) == 2 else 0))

    blocked = {target for target in quiet | taken if board.piece_at(leg(chess.parse_square(target))) is not None}
    assert blocked and _targets(result["only_a"]) == blocked


def test_a_capture_only_difference_is_found(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "Rook", "mRcB", "--notation-b", "betza")
    assert status == 1 and result["pieces"] >= 1
    assert all("x" in move for move in result["only_a"] + result["only_b"])
    rook, square = _board_with(result, "R")
    bishop, _ = _board_with(result, "B")
    rook_quiet, rook_takes = _reach(rook, square)
    _, bishop_takes = _reach(bishop, square)
    assert _targets(result["only_a"]) == rook_takes - bishop_takes
    assert _targets(result["only_b"]) == bishop_takes - rook_takes
    assert rook_takes != bishop_takes


def test_the_counterexample_is_shrunk_nearer_and_simpler() -> None:
    # A Rook and a piece that moves as a Rook but takes as a Bishop differ when an enemy stands on the
    # Rook's line. From a far Queen among other pieces, shrinking keeps one enemy piece, moved next to
    # the square, and made the simplest piece there is (the Pawn: the fewest moves on an empty board).
    from dagaz_studio.engine.position import Position
    from dagaz_studio.queries.compare import shrink

    board = load_board("chess")
    rules = Rules(board)
    kinds = definition_kinds(rules, board.pieces["Rook"].notation_text, translate("mRcB", "betza", "dagaz").text)
    start = Position.from_fen(board, "4k3/q7/2n5/8/5B2/8/6P1/4K3 w - - 0 1")
    small = shrink(rules, start, board.index("a1"), kinds)
    assert chess.Board(small.fen()).board_fen() == "8/8/8/8/8/8/p7/8"


def test_the_same_piece_in_two_notations_does_not_differ(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "Knight", "N", "--notation-b", "betza", positions=300)
    assert status == 0 and not result["differ"] and result["positions"] == 300


def test_many_jobs_answer_as_one_does(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (("chess", "Queen", "Q", "--notation-b", "betza"), ("chess", "N", "nN", "--notation", "betza")):
        one = _compare(capsys, *args, "--seed", "3", "--jobs", "1", positions=600)
        two = _compare(capsys, *args, "--seed", "3", "--jobs", "2", positions=600)
        assert one == two
    assert one[0] == 1 and two[1]["differ"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_two_definitions_that_never_move_are_said_not_to(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    # Oware's circuit is E and W: S and N step nowhere, so they agree only as nothing agrees with nothing.
    assert main(["compare", "oware", "S", "N", "--positions", "300", "--jobs", jobs]) == 0
    assert capsys.readouterr().out.strip() == ("no difference found in 300 positions, but neither A nor B moves a "
                                               "piece in any position tried")
    # The board's own piece moves there: the sentence is about the definitions, not the board.
    assert main(["compare", "oware", "Seed", "S", "--positions", "300", "--jobs", jobs]) == 1
    assert "only A: " in capsys.readouterr().out


def _within_two_gigabytes() -> None:
    """In the child: an address space of 2 GB, so a search that would hold every block it is asked
    for fails fast instead of taking the machine's memory."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000, 2_000_000_000))


@pytest.mark.skipif(sys.platform == "win32", reason="the address space is limited by resource")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_search_of_the_most_positions_allowed_stops_at_its_first_difference(jobs: str) -> None:
    # Blocks are made as the search reaches them: asking for ever so many positions (ten million, the
    # command's limit) costs nothing until they are searched, and the first difference ends the search at once.
    done = subprocess.run([sys.executable, "-m", "dagaz_studio", "compare", "chess", "R", "R4", "--notation", "betza",
                           "--positions", str(10_000_000), "--jobs", jobs, "--json"], capture_output=True, text=True,
                          timeout=120, preexec_fn=_within_two_gigabytes)
    assert done.returncode == 1, done.stderr
    result = json.loads(done.stdout)
    assert result["differ"] and result["positions"] == 1 and "Traceback" not in done.stderr


def test_a_bad_definition_is_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "chess", "(+", "R"]) == 2
    assert "unclosed" in capsys.readouterr().err


def test_a_runaway_definition_is_stopped_and_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "chess", "R", "((+)[A]){30}", "--notation", "betza", "--notation-b", "dagaz"]) == 2
    err = capsys.readouterr().err
    assert "B on a8 of 8/8/8/8/8/8/8/8 w - - 0 1: stopped after" in err and "Traceback" not in err


def test_parlett_against_betza(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", "n+", "R", "--notation", "parlett", "--notation-b", "betza",
                              positions=100)
    assert status == 0 and not result["differ"]


def _betza_pieces() -> list[tuple[str, str, str]]:
    """Every piece of the shipped boards the Betza notation can say: (board, piece, its Betza)."""
    found = []
    for name in shipped_boards():
        board = load_board(name)
        if len(board.directions) != 8:
            continue  # Betza says the moves of a flat board of eight directions, not Raumschach's or Clobber's
        for piece, kind in board.pieces.items():
            try:
                found.append((name, piece, translate(kind.notation_text, "dagaz", "betza").text))
            except TranslationError:
                continue
    return found


BETZA_PIECES = _betza_pieces()


def _no_difference(name: str, piece: str, betza: str, positions: int) -> None:
    board = load_board(name)
    rules = Rules(board)
    kinds = definition_kinds(rules, board.pieces[piece].notation_text, translate(betza, "betza", "dagaz").text)
    result = compare_kinds(rules, kinds, positions)
    assert not result.differ, (result.fen, result.square, result.only_a, result.only_b, result.error)
    assert result.positions == positions


def test_betza_can_say_most_shipped_pieces() -> None:
    assert len(BETZA_PIECES) >= 60


@pytest.mark.parametrize("name, piece, betza", BETZA_PIECES)
def test_a_shipped_piece_and_its_betza_do_not_differ(name: str, piece: str, betza: str) -> None:
    _no_difference(name, piece, betza, 40)


@pytest.mark.slow
@pytest.mark.parametrize("name, piece, betza", BETZA_PIECES)
def test_a_shipped_piece_and_its_betza_do_not_differ_in_10000_positions(name: str, piece: str, betza: str) -> None:
    _no_difference(name, piece, betza, 10_000)


def test_the_plain_output_names_the_position_square_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "chess", "N", "nN", "--notation", "betza", "--positions", "50"]) == 1
    lines = capsys.readouterr().out.splitlines()
    fields = dict(line.split(": ", 1) for line in lines[1:])
    chess.Board(fields["fen"])  # a FEN python-chess reads
    assert fields["square"].split()[0] in chess.SQUARE_NAMES and fields["only A"] != "-" and fields["only B"] == "-"
    assert main(["compare", "chess", "Rook", "(+)(([p]\\1))*", "--positions", "50"]) == 0
    assert capsys.readouterr().out.strip() == "no difference found in 50 positions"


def test_one_definition_given_twice_is_said_to_agree_without_a_search(capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The same text moves alike everywhere: searching (twice over, as long as for two definitions)
    # would only confirm it. A board's piece and a Betza reading of it may be that one text.
    monkeypatch.setattr("dagaz_studio.queries.compare.compare_kinds", _no_search)
    assert main(["compare", "chess", "(*){4}", "(*){4}"]) == 0
    assert capsys.readouterr().out.strip() == "no difference: A and B are the same definition, (*){4}, which moves alike everywhere"
    assert main(["compare", "chess", "Bishop", "B", "--notation-b", "betza", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["differ"] is False
    # A notation that cannot be read is said so, given twice or not.
    assert main(["compare", "chess", "(+", "(+"]) == 2
    assert "bad notation of A" in capsys.readouterr().err


def _no_search(*_arguments: object, **_options: object) -> None:
    raise AssertionError("the comparison searched")


def test_the_fen_printed_shows_the_difference_when_it_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    # A jumps a friend only while the friend has not moved. Random placements hold pieces that have
    # moved; a FEN says a piece on its setup square has not, so shrinking a moved Pawn onto c2 would
    # print a position where both jump it. The counterexample is shrunk as its FEN reads back.
    from dagaz_studio.engine.position import Position
    from dagaz_studio.queries.compare_positions import piece_moves

    a, b = "E[f,M]E[p]", "E[f]E[p]"
    status, result = _compare(capsys, "chess", a, b)
    assert status == 1
    board = load_board("chess")
    rules = Rules(board)
    kinds = definition_kinds(rules, a, b)
    position = Position.from_fen(board, result["fen"])
    square = board.index(result["square"])
    moves_a, moves_b = (piece_moves(rules, position, square, kind) for kind in kinds)
    assert moves_a.keys() != moves_b.keys()
    assert len(moves_a.keys() - moves_b.keys()) == len(result["only_a"])
    assert len(moves_b.keys() - moves_a.keys()) == len(result["only_b"])


@pytest.mark.parametrize(("args", "said"), [
    (("chess", "Rook", "(+"), "bad notation of B:"),
    (("chess", "(+", "Rook"), "bad notation of A:"),
    (("chess", "Q", "R", "--notation", "betza", "--notation-b", "parlett"), "bad parlett of B:"),
])
def test_a_bad_definition_is_said_to_be_a_or_b(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                               said: str) -> None:
    assert main(["compare", *args]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("notation", ["dagaz", "betza"])
def test_a_name_the_board_lacks_is_said_not_to_be_one_of_its_pieces(capsys: pytest.CaptureFixture[str],
                                                                     notation: str) -> None:
    assert main(["compare", "russian", "King", "Officer", "--notation", notation]) == 2
    err = capsys.readouterr().err
    assert "'Officer' is not one of the board's pieces (Man, King)" in err and "Traceback" not in err


@pytest.mark.parametrize(("board", "a", "b", "said"), [
    ("oware", "Seed", "[@pits](E([b]E)?+|)++", "the heap standing there, or one piece on an empty square"),
    ("lasca", "Officer", "X[p]", "a column of one piece of the side to move put there"),
    ("chess", "Knight", "nN", "a piece of the side to move put there"),
])
def test_the_plain_output_says_what_stands_on_the_square(capsys: pytest.CaptureFixture[str], board: str, a: str,
                                                          b: str, said: str) -> None:
    notation = ["--notation-b", "betza"] if board == "chess" else []
    assert main(["compare", board, a, b, *notation, "--positions", "50"]) == 1
    square = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("square: "))
    assert f"({said}" in square


def test_a_counterexample_from_play_forgets_the_moves_that_led_there(capsys: pytest.CaptureFixture[str]) -> None:
    # Found after a double step whose pawn shrinking takes away: the FEN names no en-passant square
    # nobody could take on, and its clocks are those of a position set up.
    status, result = _compare(capsys, "chess", "K", "KisO2", "--notation", "betza")
    assert status == 1 and result["positions"] > 2
    board = chess.Board(result["fen"])
    assert result["fen"].split()[3:] == ["-", "0", "1"] and board.ep_square is None


def test_a_pieces_name_with_spaces_around_it_is_the_piece(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _compare(capsys, "chess", " Rook ", "R", "--notation-b", "betza", positions=50)
    assert status == 0 and not result["differ"]


def test_a_board_that_gives_one_position_says_so(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    board = tmp_path / "bare.board"
    board.write_text("name: bare\ngrid: a-c x 3-1\nN = (0, -1)\nE = (1, 0)\nplayers: White Black\n")
    assert main(["compare", str(board), "(N)([p]\\1)*", "(N)([p]\\1){0,1}", "--positions", "200"]) == 0
    assert capsys.readouterr().out.strip() == ("no difference found in 1 position (all the board gives: it has no "
                                               "pieces to place at random and no setup to play from)")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_json_says_whether_either_definition_moved(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    # Oware's circuit is E and W: S and N step nowhere; E steps, and (E;E) is E said twice.
    status, result = _compare(capsys, "oware", "S", "N", "--jobs", jobs, positions=300)
    assert status == 0 and result["differ"] is False and result["moved"] is False
    status, result = _compare(capsys, "oware", "E", "(E;E)", "--jobs", jobs, positions=300)
    assert status == 0 and result["moved"] is True
    status, result = _compare(capsys, "oware", "Seed", "S", "--jobs", jobs, positions=300)
    assert status == 1 and result["moved"] is True


def test_one_definition_given_twice_is_not_said_to_move_or_not(capsys: pytest.CaptureFixture[str]) -> None:
    # Never searched, so nothing is known of whether it moves: null, where a value would be a guess.
    status, result = _compare(capsys, "oware", "S", "S")
    assert status == 0 and result["positions"] == 0 and result["moved"] is None

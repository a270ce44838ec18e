"""FEN as Fairy-Stockfish writes it: every form it writes for the shipped boards and the variants
imported from its example variants.ini is read, written back the same, and gives its legal moves;
Chess960 castling counts as Fairy-Stockfish counts it.

The FENs are Fairy-Stockfish's own (``pyffish.get_fen`` after random legal moves). Read and written
back they are unchanged, the hand in the order read (Fairy-Stockfish orders it by its internal piece
types). Written for the position reached (``engine.game.fen``), one thing may differ, checked against
Fairy-Stockfish: an en-passant field Fairy-Stockfish writes where no move can use it (after every
Berolina double step, or where only an illegal capture could), which Dagaz Studio leaves out:
Fairy-Stockfish must then give the same moves on both FENs.
"""

from __future__ import annotations

import random
import re

import pytest

from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import fen as written_fen
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import FenError, Position
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped, uci
from tests.helpers.example_ini import example_import, example_rules, example_text
from tests.helpers.fsf_oracle import ask
from tests.helpers.variants_oracle import fsf_games, uci_names

sf = pytest.importorskip("pyffish")


#: Each shipped board that Fairy-Stockfish plays, and its variant there.
SHIPPED = {"chess": "chess", "atomic-chess": "atomic", "berolina": "berolina", "capablanca": "capablanca",
           "crazyhouse": "crazyhouse", "grand": "grand", "knightmate": "knightmate", "makruk": "makruk",
           "shatranj": "shatranj", "shogi": "shogi", "minishogi": "minishogi", "xiangqi": "xiangqi",
           "minixiangqi": "minixiangqi", "janggi": "janggicasual", "breakthrough": "breakthrough",
           "clobber": "clobber", "othello": "flipello", "ataxx": "ataxx", "amazons": "amazons",
           "snailtrail": "snailtrail"}


def differences(ours: str, theirs: str) -> list[str]:
    """The fields in which our FEN differs from Fairy-Stockfish's."""
    mine, fairy = ours.split(), theirs.split()
    if len(mine) != len(fairy):
        return ["fields"]
    return ["en passant" if i == 3 else f"field {i + 1}" for i, (a, b) in enumerate(zip(mine, fairy)) if a != b]


def legal_names(board, rules: Rules, position: Position, shipped_board: bool = True) -> set[str]:
    """The legal moves as Fairy-Stockfish names them: the project's ``uci`` names on a shipped board
    (as tests/helpers/games_oracle.py compares them), the import oracle's on an imported one."""
    if shipped_board:
        names = MoveNames(rules, position, style="uci").names
    else:
        names = list(uci_names(board, rules, legal_moves(rules, position)))
    return {"pass" if re.fullmatch(r"([a-z]\d+)\1", name) else name for name in names}


def fairy_names(moves: list[str]) -> set[str]:
    return {"pass" if re.fullmatch(r"([a-z]\d+)\1", name) else name for name in moves}


def check_game(board, rules: Rules, games: list, ask, shipped_board: bool = True) -> tuple[int, list[tuple[str, str]]]:
    """Every FEN of ``games`` ([[fen, moves], ...] per game) read and written back: the number
    compared, and the pairs (ours, Fairy-Stockfish's) whose en-passant fields differ, left for
    ``ask`` to check. Raises on any other difference."""
    compared, en_passant = 0, []
    for game in games:
        for fen, expected in game:
            position = Position.from_fen(board, fen)
            assert position.fen() == fen, f"{board.name}: read and written back as {position.fen()!r}"
            ours = written_fen(rules, position)
            found = differences(ours, fen)
            assert found in ([], ["en passant"]), f"{board.name}: wrote {ours!r} for {fen!r}"
            if found:
                en_passant.append((ours, fen))
            assert legal_names(board, rules, position, shipped_board) == fairy_names(expected), f"{board.name}: {fen}"
            compared += 1
    if en_passant:
        ask(en_passant)
    return compared, en_passant


def shipped_games(variant: str, seed: int, games: int = 2, plies: int = 8) -> list:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        fen, seen = sf.get_fen(variant, sf.start_fen(variant), []), []
        for _ in range(rng.randrange(plies // 2, plies + 1)):
            moves = sf.legal_moves(variant, fen, [])
            if not moves or sf.is_immediate_game_end(variant, fen, [])[0]:
                break
            fen = sf.get_fen(variant, fen, [rng.choice(moves)])
            seen.append([fen, sf.legal_moves(variant, fen, [])])
        out.append([pair for pair in seen if not sf.is_immediate_game_end(variant, pair[0], [])[0]])
    return out


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_boards_read_and_write_fairy_stockfishs_fens(name: str) -> None:
    board, rules = shipped(name)
    variant = SHIPPED[name]

    def same_moves(pairs: list[tuple[str, str]]) -> None:
        for ours, theirs in pairs:
            assert sorted(sf.legal_moves(variant, ours, [])) == sorted(sf.legal_moves(variant, theirs, []))

    compared, _ = check_game(board, rules, shipped_games(variant, seed=7), same_moves)
    assert compared > 0


def test_imported_variants_read_and_write_fairy_stockfishs_fens() -> None:
    text = example_text()
    imported, _ = example_import()
    games = fsf_games(text, [variant.name for variant in imported], games=1, plies=6, seed=9)
    counters = 0
    queries: list[tuple[str, str, list[str]]] = []
    for variant in imported:
        rules = example_rules(variant.name)

        def later(pairs: list[tuple[str, str]], name: str = variant.name) -> None:
            queries.extend((name, fen, []) for pair in pairs for fen in pair)

        check_game(rules.board, rules, games[variant.name], later, shipped_board=False)
        counters += sum(bool(re.search(r" \d+\+\d+ ", fen)) for game in games[variant.name] for fen, _ in game)
    assert counters > 0  # the three-check variants' counters were among the FENs read
    # Where the en-passant fields differ, Fairy-Stockfish gives the same moves on ours as on its own.
    answers = ask(text, queries)
    for i in range(0, len(queries), 2):
        assert sorted(answers[i] or []) == sorted(answers[i + 1] or []), queries[i]


def test_a_berolina_double_step_names_the_squares_passed_and_landed_on_and_is_taken_en_passant() -> None:
    board, rules = shipped("berolina")
    fen = sf.get_fen("berolina", "4k3/8/8/8/1p6/8/2P5/4K3 w - - 0 1", ["c2a4"])
    assert fen.split()[3] == "b3a4"  # Fairy-Stockfish's form: refused before
    position = Position.from_fen(board, fen)
    assert written_fen(rules, position) == fen
    assert legal_names(board, rules, position) == set(sf.legal_moves("berolina", fen, []))
    # And the same double step played here writes the same FEN.
    start = Position.from_fen(board, "4k3/8/8/8/1p6/8/2P5/4K3 w - - 0 1")
    from dagaz_studio.engine.making import make_move

    (step,) = [m for m in legal_moves(rules, start) if board.squares[m.target] == "a4"]
    make_move(start, step)
    assert written_fen(rules, start) == fen


def test_crazyhouse_holdings_after_a_ninth_slash_read_as_in_brackets() -> None:
    board, rules = shipped("crazyhouse")
    fen = "r3k3/1P6/8/8/8/8/8/4K3/Qn w - - 0 1"
    position = Position.from_fen(board, fen)
    assert position.fen() == "r3k3/1P6/8/8/8/8/8/4K3[Qn] w - - 0 1"
    assert legal_names(board, rules, position) == set(sf.legal_moves("crazyhouse", fen, []))


@pytest.mark.parametrize("fen", ["7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39",
                                 "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0"])
def test_check_counters_are_read_in_both_spellings_and_written_as_fairy_stockfish_writes_them(fen: str) -> None:
    board, _ = shipped("chess")
    expected = sf.get_fen("3check", fen, [])
    assert Position.from_fen(board, fen).fen() == expected == "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39"


def test_shredder_rights_on_the_corners_are_chess_castling() -> None:
    # Read before as rights whose Rooks had moved: no castling at all.
    board, rules = shipped("chess")
    shredder = Position.from_fen(board, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
    assert shredder.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert legal_names(board, rules, shredder) == set(sf.legal_moves("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []))


CHESS960 = [
    ("chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
    ("chess960", "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9"),
    ("chess960", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9"),
    ("chess960", "1r2k1r1/8/8/8/8/8/8/R1K4R w HAgb - 0 1"),
]
#: Fairy-Stockfish's own Chess960 cases (its tests/perft.sh), with the counts it publishes at depth 4.
ATOMIC960 = [
    ("8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", 61401),
    ("r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", 98729),
    ("Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1", 241478),
    ("1R4kr/4K3/8/8/8/8/8/8 b k - 0 1", 17915),
]


#: Capablanca random (Fairy-Stockfish's capablanca with Chess960 castling): the King castles to i or c.
CAPABLANCA960 = [
    "r1k6r/10/10/10/10/10/10/RK7R w JAja - 0 1",
    "2r2k1r2/10/10/10/10/10/10/1R4KR2 w HBhc - 0 1",
    "rk8/10/10/10/10/10/10/1R1K3R2 w HB - 0 1",
    "1r3kr3/10/10/10/10/10/10/3RK2R2 w HDgb - 0 1",
]


def fairy_perft(variant: str, fen: str, depth: int) -> int:
    moves = sf.legal_moves(variant, fen, [], True)
    if depth == 1:
        return len(moves)
    return sum(fairy_perft(variant, sf.get_fen(variant, fen, [m], True), depth - 1) for m in moves)


def test_a_shuffled_start_on_chess_is_refused_and_names_the_rule() -> None:
    board, _ = shipped("chess")
    with pytest.raises(ValueError, match="shuffled-setup"):
        Position.from_fen(board, "4k3/8/8/8/8/8/8/RK5R w HA - 0 1")


@pytest.mark.parametrize(("name", "variant", "fen", "depth"),
                         [(name, "chess", fen, 2) for name, fen in CHESS960]
                         + [("atomic-chess", "atomic", fen, 2) for fen, _ in ATOMIC960]
                         + [("capablanca", "capablanca", fen, 2) for fen in CAPABLANCA960])
def test_chess960_perft_equals_fairy_stockfish(name: str, variant: str, fen: str, depth: int) -> None:
    board, rules = shipped(name)
    position = Position.from_fen(board, fen)
    assert perft(rules, position, depth) == fairy_perft(variant, fen, depth)
    # Written back as Fairy-Stockfish writes Chess960 positions.
    assert position.fen() == sf.get_fen(variant, fen, [], True)


@pytest.mark.parametrize("fen", [
    # Reached in Fairy-Stockfish's second Atomic960 case: the Rook on h8 attacks c8 only through e8
    # and d8, which the King and the Rook leave and the Rook lands on.
    "r3k2R/4K3/8/8/8/8/8/6r1 b a - 2 2",
    # And in its third: the Rook castled with stands on g8, the King's landing square, attacked from
    # a8 only through e8 and f8.
    "R3k1r1/4K3/3p4/8/8/7R/7P/1r6 b g - 3 2",
])
def test_castling_beside_the_enemy_king_asks_its_landing_square_with_the_rook_beside_it(fen: str) -> None:
    # Both castlings were refused here before.
    board, rules = shipped("atomic-chess")
    position = Position.from_fen(board, fen)
    assert any(move.also for move in legal_moves(rules, position))
    assert perft(rules, position, 1) == len(sf.legal_moves("atomic", fen, [], True))


@pytest.mark.slow
@pytest.mark.parametrize(("fen", "count"), ATOMIC960)
def test_fairy_stockfishs_atomic960_perft_at_its_published_depth(fen: str, count: int) -> None:
    board, rules = shipped("atomic-chess")
    assert perft(rules, Position.from_fen(board, fen), 4) == count


@pytest.mark.parametrize("name", ["berolina", "crazyhouse", "knightmate"])
def test_a_shuffled_start_on_a_board_without_one_is_refused_by_name(name: str) -> None:
    board, _ = shipped(name)
    with pytest.raises(FenError, match="shuffled-setup") as caught:
        Position.from_fen(board, "1r2k1r1/8/8/8/8/8/8/R1K4R w HAgb - 0 1")
    assert caught.value.field == "castling rights" and "Fischer random" in str(caught.value)


@pytest.mark.parametrize("fen", [fen for _, fen in CHESS960] + [
    "4k3/8/8/8/8/8/8/RK5R w HA - 0 1", "4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1", "4k3/8/8/8/8/8/8/2R1KR2 w FC - 0 1"])
def test_chess960_castling_is_named_as_python_chess_names_it(fen: str) -> None:
    # A King that castles by one square or none was named as a plain King move (Kc1, c1c1) before.
    chess = pytest.importorskip("chess")
    board, rules = shipped("chess960")
    position = Position.from_fen(board, fen)
    theirs = chess.Board(fen, chess960=True)
    expected = {theirs.san(move) for move in theirs.legal_moves}
    names = MoveNames(rules, position, style="san")
    assert set(names.names) == expected
    uci = MoveNames(rules, position, style="uci")
    for name in uci.names:  # every name reads back as its move
        assert uci.read(name) in uci.moves


def test_chess960_games_have_python_chesss_moves_and_fens() -> None:
    chess = pytest.importorskip("chess")
    board, rules = shipped("chess960")
    rng = random.Random(960)
    compared = castled = 0
    for number in (0, 518, 959, 314):  # 518 is chess's own start
        theirs = chess.Board.from_chess960_pos(number)
        theirs.chess960 = True
        for _ in range(40):
            if theirs.is_game_over():
                break
            fen = theirs.fen(shredder=rng.random() < 0.5)  # Shredder-FEN or X-FEN
            position = Position.from_fen(board, fen)
            ours = chess.Board(written_fen(rules, position), chess960=True)
            assert ours.board_fen() == theirs.board_fen() and ours.castling_rights == theirs.castling_rights, fen
            names = MoveNames(rules, position, style="san")
            legal = list(theirs.legal_moves)
            assert set(names.names) == {theirs.san(move) for move in legal}, fen
            compared += 1
            castles = [move for move in legal if theirs.is_castling(move)]
            move = rng.choice(castles) if castles and rng.random() < 0.5 else rng.choice(legal)
            castled += theirs.is_castling(move)
            theirs.push(move)
    assert compared > 100 and castled > 0


@pytest.mark.parametrize(("variant", "start", "moves"), [
    ("ataxx", None, []),  # free drops: no hand field
    ("seirawan", "rhb3n1/ppppkp2/2nep2r/6p1/P3P3/b1PP1N2/1q1B1PPP/RNQHKB1R[] b K - 5 13", []),  # gating: one
    ("bughouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PQRBNqrbnp] w KQkq - 0 1", []),  # its hand order
    ("shogi", None, ["g3g4", "c7c6"]),  # an empty hand
    ("petrified", None, ["h2h4"]),  # the square passed and the one landed on
    ("berolina", None, ["c2e4"]),
    ("caparandom", None, []),  # castling by the Rooks' columns at the usual start
])
def test_fairy_stockfishs_own_fen_reads_back_unchanged(variant: str, start: str | None, moves: list[str]) -> None:
    from dagaz_studio.board import load_board

    fen = sf.get_fen(variant, start or sf.start_fen(variant), moves)
    assert Position.from_fen(load_board(variant), fen).fen() == fen


@pytest.mark.parametrize(("name", "variant", "fen", "moves"), [
    ("3check", "3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
     ["e2e4", "f7f6", "d1h5", "g7g6", "h5g6", "h7g6"]),
    ("3check", "3check", "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39", ["a5a6"]),
    ("5check", "5check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1", ["e2e4", "f7f6", "d1h5"]),
    ("shako", "shako", "10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1", ["j2j1"]),
    ("coregal", "coregal", "rn2kb1r/ppp1pppp/6q1/8/2PP2b1/5B2/PP3P1P/R1BQK1NR w KQkq - 1 9", ["f3g4"]),
])
def test_counted_checks_and_inner_castling_rooks_are_written_as_fairy_stockfish_writes_them(
        name: str, variant: str, fen: str, moves: list[str]) -> None:
    # Check counters were read but never counted down; Shako's K (the Rook inside the cannon's file)
    # and Coregal's rights (its royal Queen taken for a castling King) were refused.
    board, rules = shipped(name)
    position = Position.from_fen(board, fen)
    for played in moves:
        found = [move for move in legal_moves(rules, position) if uci(board, rules, move) == played]
        assert found, played
        make_move(position, found[0])
    assert written_fen(rules, position) == sf.get_fen(variant, fen, moves)
    assert legal_names(board, rules, position) == set(sf.legal_moves(variant, fen, moves))


def test_a_position_whose_side_to_move_made_the_last_move_writes_a_fen_it_reads() -> None:
    # A Rook's three-square move down the board is Black's way forward: were it taken for Black's
    # double step, the FEN would name squares its own reading refuses.
    from dagaz_studio.board import load_board
    from dagaz_studio.engine import Position, Rules, legal_moves, make_move

    board = load_board("chess")
    position = Position.from_fen(board, "R3k3/8/8/8/8/8/8/4K3 w - - 0 1")
    move = next(m for m in legal_moves(Rules(board), position) if board.squares[m.target] == "a5")
    make_move(position, move)
    position.turn = 0  # set up so, as a position editor may leave it
    written = position.fen()
    assert written.split()[3] == "-"
    assert Position.from_fen(board, written).fen() == written


def _castling_given_anyway(name: str) -> str | None:
    """The start FEN of a built-in whose rules have no castling (``castling = false``), with ``KQkq``
    for its castling field, where it has one."""
    from dagaz_studio.variants_ini.inheritance import resolve
    from dagaz_studio.variants_ini.values import is_true

    fields = sf.start_fen(name).split()
    if is_true(resolve(name, {})[0].get("castling", "true")) or len(fields) < 4 or fields[2] != "-":
        return None
    return " ".join(fields[:2] + ["KQkq"] + fields[3:])


@pytest.mark.parametrize("name", sorted(name for name in sf.variants() if _castling_given_anyway(name) is not None))
def test_castling_rights_given_where_nothing_castles_are_read_as_fairy_stockfish_reads_them(name: str) -> None:
    # Xiangqi's or Makruk's FEN with KQkq: Fairy-Stockfish takes it and writes no right; a board whose
    # royal piece never carries another along must neither refuse it nor write the rights back.
    given = _castling_given_anyway(name)
    assert given is not None
    expected = sf.get_fen(name, given, [])
    board, rules = shipped(name)
    assert written_fen(rules, Position.from_fen(board, given)).split()[2] == expected.split()[2] == "-"


@pytest.mark.parametrize("name", ["raumschach", "xiangqi", "shogi"])
def test_a_fen_without_castling_rights_on_a_board_where_nothing_castles_is_written_without_them(name: str) -> None:
    board, rules = shipped(name)
    start = written_fen(rules, Position.initial(board))
    placement, side = start.split()[:2]
    for fen in (start, f"{placement} {side}"):
        assert not re.search(r" [KQkq]+ ", written_fen(rules, Position.from_fen(board, fen)) + " "), fen

"""``render --trace``: a run written as an animated PNG and as numbered SVG frames, checked frame by frame."""

from __future__ import annotations

import re
import struct
import zlib
from html import unescape
from pathlib import Path

import chess
import pytest

from dagaz_studio.board import load_board
from dagaz_studio.cli import main
from dagaz_studio.commands.apng import captions, chunks, frame_count
from dagaz_studio.engine.explain import move_branch
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.queries import MovesQuery, answer_moves
from dagaz_studio.queries.trace_frames import film_of_run

CASTLING = ("chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1", "O-O")
CHAIN = ("fanorona", "3s5/9/2s1S4/9/9 w", "e3", "e3-d3-d4xc3xd5")


def _run_steps(board_name: str, fen: str, square: str, move: str) -> tuple[list[str], list]:
    """The sentences of the steps behind ``move``, asked of the run directly."""
    board = load_board(board_name)
    answer = answer_moves(Rules(board), MovesQuery(board, Position.from_fen(board, fen), board.index(square),
                                                   names=True, trace=True))
    index = next(i for i, name in answer.names.items() if name == move)
    assert answer.tree is not None
    steps = move_branch(answer.trace, answer.tree, index)
    return [answer.trace[i].text for i in steps], [answer.trace[i] for i in steps]


def _apng_frames(data: bytes) -> list[bytes]:
    """Each frame's decompressed image data."""
    frames: list[list[bytes]] = []
    for kind, content in chunks(data):
        if kind == b"fcTL":
            frames.append([])
        elif kind == b"IDAT":
            frames[-1].append(content)
        elif kind == b"fdAT":
            frames[-1].append(content[4:])
    return [zlib.decompress(b"".join(parts)) for parts in frames]


def _apng_frame_files(data: bytes, header: bytes) -> list[bytes]:
    """Each frame of an APNG file as a PNG file of its own."""
    def chunk(kind: bytes, content: bytes) -> bytes:
        return struct.pack(">I", len(content)) + kind + content + struct.pack(">I", zlib.crc32(kind + content))

    files: list[list[bytes]] = []
    for kind, content in chunks(data):
        if kind == b"fcTL":
            files.append([])
        elif kind in (b"IDAT", b"fdAT"):
            files[-1].append(content if kind == b"IDAT" else content[4:])
    return [b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + b"".join(chunk(b"IDAT", c) for c in parts)
            + chunk(b"IEND", b"") for parts in files]


@pytest.mark.parametrize("case", [CASTLING, CHAIN], ids=["castling", "fanorona-chain"])
def test_an_animated_png_has_a_frame_and_a_caption_for_each_step(case, tmp_path: Path, capsys) -> None:
    board, fen, square, move = case
    sentences, _events = _run_steps(*case)
    out = tmp_path / "run.png"
    assert main(["render", board, "--fen", fen, "--at", square, "--trace", "--move", move, "--out", str(out),
                 "--scale", "24"]) == 0
    data = out.read_bytes()
    assert frame_count(data) == len(sentences) > 5
    assert captions(data) == sentences
    header = next(content for kind, content in chunks(data) if kind == b"IHDR")
    width, height = struct.unpack(">II", header[:8])
    frames = _apng_frames(data)
    assert len(frames) == len(sentences)
    assert all(len(frame) == height * (1 + width * 4) for frame in frames)  # RGBA rows, a filter byte each
    # Every step shows something of its own: its caption at least.
    assert len(set(frames)) == len(frames)
    # libpng, through Qt, reads the file (its first frame) and each frame made a PNG of its own.
    from PySide6.QtGui import QImage

    assert QImage.fromData(data, "PNG").size().toTuple() == (width, height)
    for frame in _apng_frame_files(data, header):
        assert QImage.fromData(frame, "PNG").size().toTuple() == (width, height)


@pytest.mark.parametrize("case", [CASTLING, CHAIN], ids=["castling", "fanorona-chain"])
def test_svg_frames_caption_each_step_and_highlight_its_part(case, tmp_path: Path) -> None:
    board, fen, square, move = case
    sentences, events = _run_steps(*case)
    out = tmp_path / "run.svg"
    assert main(["render", board, "--fen", fen, "--at", square, "--trace", "--move", move, "--out", str(out),
                 "--scale", "24"]) == 0
    files = sorted(tmp_path.glob("run-*.svg"))
    assert [f.name for f in files] == [f"run-{n:03d}.svg" for n in range(1, len(sentences) + 1)]
    notation = " ".join(load_board(board).pieces[
        {"chess": "King", "fanorona": "Stone"}[board]].notation_text.split("\n"))
    for file, sentence, event in zip(files, sentences, events):
        svg = file.read_text(encoding="utf-8")
        texts = [unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
        assert unescape(re.search(r"<desc>([^<]*)</desc>", svg).group(1)) == sentence
        assert sentence in " ".join(texts) or " ".join(texts).replace(" ", "").find(sentence.replace(" ", "")) >= 0
        if event.span is not None and event.span.end > event.span.start:
            assert notation[event.span.start:event.span.end] in texts


def test_castling_ends_as_python_chess_castles() -> None:
    board = load_board("chess")
    rules = Rules(board)
    film = film_of_run(rules, Position.from_fen(board, CASTLING[1]), board.index("e1"), move="O-O")
    last = film.frames[-1].board
    reference = chess.Board(CASTLING[1])
    reference.push_san("O-O")
    for square, piece in enumerate(last.cells):
        name = board.squares[square]
        expected = reference.piece_at(chess.parse_square(name))
        if piece is None:
            assert expected is None, name
        else:
            assert expected is not None and expected.symbol().upper() == board.pieces[
                list(board.pieces)[piece.kind]].letter, name


def test_a_fanorona_chain_lands_twice_and_takes_both_stones() -> None:
    board = load_board("fanorona")
    film = film_of_run(Rules(board), Position.from_fen(board, CHAIN[1]), board.index("e3"), move=CHAIN[3])
    last = film.frames[-1].board
    assert sorted(board.squares[s] for s, _ in last.captured) == ["c3", "d5"]
    assert [board.squares[s] for s in last.stops][:1] == ["d3"]  # the first link's landing point
    assert last.cells[board.index("d4")] is not None and last.cells[board.index("e3")] is None


def test_render_trace_refuses_what_it_cannot_draw(tmp_path: Path, capsys) -> None:
    fen = CASTLING[1]
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    assert main(["render", "chess", "--fen", fen, "--trace", "--out", str(tmp_path / "a.png")]) == 2
    assert main(["render", "chess", "--fen", fen, "--at", "e1", "--trace", "--move", "O-O-O-O",
                 "--out", str(tmp_path / "a.png")]) == 2
    assert "has no move 'O-O-O-O'" in capsys.readouterr().err
    assert main(["render", "chess", "--fen", fen, "--at", "e1", "--move", "O-O", "--out", str(tmp_path / "a.png")]) == 2
    assert main(["render", "chess", "--fen", fen, "--at", "e1", "--trace", "--out", str(tmp_path / "a.jpg")]) == 2
    assert main(["render", "chess", "--fen", fen, "--at", "e1", "--trace", "--out", str(tmp_path / "a.gif")]) == 2
    assert "animated PNG" in capsys.readouterr().err
    assert main(["render", "chess", "--fen", fen, "--at", "d4", "--trace", "--out", str(tmp_path / "a.png")]) == 2
    capsys.readouterr()
    # A frame's delay without frames is refused as --move without --trace is, whatever its value.
    for delay in ("500", "-1"):
        assert main(["render", "chess", "--at", "e1", "--delay", delay, "--out", str(tmp_path / "a.png")]) == 2
        assert "--delay sets how long each frame --trace draws is shown: give --trace too" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_shorter_series_of_svg_frames_leaves_none_of_a_longer_one_behind(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.svg"
    assert main(["render", "chess", "--trace", "--at", "e2", "--out", str(out)]) == 0
    longer = sorted(p.name for p in tmp_path.glob("run-*.svg"))
    (tmp_path / "run-notes.svg").write_text("kept")
    assert main(["render", "chess", "--trace", "--at", "e2", "--move", "e4", "--out", str(out)]) == 0
    shorter = sorted(p.name for p in tmp_path.glob("run-*.svg"))
    assert len(shorter) < len(longer) + 1 and "run-notes.svg" in shorter
    frames = [name for name in shorter if name != "run-notes.svg"]
    assert frames == [f"run-{n:03d}.svg" for n in range(1, len(frames) + 1)]
    assert "13 frames" in capsys.readouterr().err


def test_a_pasted_page_as_the_move_is_quoted_by_its_start(tmp_path: Path, capsys) -> None:
    assert main(["render", "chess", "--at", "e1", "--trace", "--move", "O-O" + "x" * 100_000 + "\x1b",
                 "--out", str(tmp_path / "a.png")]) == 2
    err = capsys.readouterr().err
    assert "has no move 'O-Oxxxxx" in err and len(err) < 1000 and "\x1b" not in err


def test_a_full_disk_midway_through_svg_frames_leaves_the_previous_series_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import errno
    import os

    import dagaz_studio.notation.whole_file as whole_file

    folder = tmp_path / "frames"
    folder.mkdir()
    out = folder / "run.svg"
    for number in range(1, 6):  # an earlier series, drawn otherwise
        (folder / f"run-{number:03d}.svg").write_text(f"<svg>frame {number} of before</svg>", encoding="utf-8")
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    written: list[int] = []
    write = os.write

    def full_after_three_frames(handle: int, data) -> int:  # type: ignore[no-untyped-def]
        if b"<svg" in bytes(data[:1000]):  # a frame (the cache is written through here too)
            if len(written) == 3:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            written.append(1)
        return write(handle, data)

    monkeypatch.setattr(whole_file.os, "write", full_after_three_frames)
    # The first three frames would have replaced the old ones, the rest of the old series left after them.
    assert main(["render", "chess", "--trace", "--at", "e2", "--out", str(out)]) == 2
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert "No space left on device" in err and "Traceback" not in err
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


@pytest.mark.parametrize(("board", "at", "said"), [
    ("chess", "e7", "the Black Pawn on e7 has no run to draw: White is to move (give a --fen with Black to move)"),
    ("checkers", "22", "the White Man on c3 has no run to draw: Black is to move (give a --fen with White to move)"),
])
def test_a_piece_of_the_side_not_to_move_is_said_to_have_no_run(board: str, at: str, said: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    # It was "the run could not be made": only the side to move's pieces are run.
    out = tmp_path / "out"
    out.mkdir()
    assert main(["render", board, "--at", at, "--trace", "--out", str(out / "a.png")]) == 2
    assert said in capsys.readouterr().err
    assert not list(out.iterdir())


def test_a_promotion_s_coordinates_without_its_choice_list_each_choice(tmp_path: Path, capsys) -> None:
    """A pawn's step to the last row is as many moves as python-chess has promotions there: its
    coordinates alone are refused with each choice listed; a piece with one promotion is filmed by
    them. A move not made lists each move by its name and its coordinates, as --move takes either."""
    fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    choices = [move for move in chess.Board(fen).legal_moves if move.from_square == chess.B7]
    out = str(tmp_path / "a.png")
    assert main(["render", "chess", "--fen", fen, "--at", "b7", "--trace", "--move", "b7-b8", "--out", out]) == 2
    err = capsys.readouterr().err
    assert f"'b7-b8' is {len(choices)} moves of the piece on b7" in err
    assert err.count("b7-b8=") == len(choices)
    assert main(["render", "chess", "--fen", fen, "--at", "b7", "--trace", "--move", "zz", "--out", out]) == 2
    assert "b8=Q+ (b7-b8=Queen)" in capsys.readouterr().err
    # A Lasca soldier reaching the far row has one promotion: its coordinates film it.
    lasca = load_board("lasca")
    film = film_of_run(Rules(lasca), Position.from_fen(lasca, "7/1S5/7/7/7/7/7 w"), lasca.index("b6"), move="b6-a7")
    assert film.move is not None and film.frames[-1].event.kind == "move"


PINNED = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"


def test_a_move_that_leaves_the_king_in_check_is_filmed_saying_so() -> None:
    board = load_board("chess")
    reference = chess.Board(PINNED)
    forbidden = {chess.square_name(m.from_square) + "-" + chess.square_name(m.to_square)
                 for m in reference.pseudo_legal_moves
                 if m.from_square == chess.E2 and not reference.is_legal(m)}
    assert forbidden  # the Knight is pinned: every move of it is forbidden
    for move in sorted(forbidden):
        film = film_of_run(Rules(board), Position.from_fen(board, PINNED), board.index("e2"), move=move)
        assert film.forbidden == "it would leave the White King on e1 attacked by the Black Rook on e7"
        assert film.frames[0].sentence.endswith(f"the move {move}, which the game's rules forbid")
        assert film.frames[-1].sentence == f"move completed: {move} — forbidden: {film.forbidden}"
    # The King's own moves python-chess allows are filmed as they were.
    for move in reference.legal_moves:
        if move.from_square == chess.E1:
            name = chess.square_name(move.from_square) + "-" + chess.square_name(move.to_square)
            film = film_of_run(Rules(board), Position.from_fen(board, PINNED), board.index("e1"), move=name)
            assert film.forbidden is None and "forbid" not in " ".join(f.sentence for f in film.frames)


def test_a_move_a_compulsory_capture_forbids_is_filmed_and_its_status_is_zero(tmp_path: Path, capsys) -> None:
    out = tmp_path / "d2.png"
    assert main(["render", "fanorona", "--at", "d2", "--trace", "--move", "d2-e3", "--out", str(out)]) == 0
    said = capsys.readouterr().err
    assert "the move d2-e3, which the game's rules forbid: it captures nothing while another move captures" in said
    shown = captions(out.read_bytes())
    assert "forbidden: it captures nothing" in shown[-1] and "compulsory-capture" in shown[-1]
    assert "which the game's rules forbid" in shown[0]
    # The capture that shares its first step is the move allowed, filmed without a word of it.
    assert main(["render", "fanorona", "--at", "d2", "--trace", "--move", "d2-e3xf4xg5", "--out", str(out)]) == 0
    assert "forbid" not in capsys.readouterr().err and not any("forbid" in c for c in captions(out.read_bytes()))

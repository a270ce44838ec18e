"""Adding, renaming, re-lettering and deleting piece types in a board file's text."""

from __future__ import annotations

import pytest

from dagaz_studio.board import parse_board, shipped_boards
from dagaz_studio.board.piece_edits import add_piece, delete_piece, piece_users, update_piece
from dagaz_studio.board.writer import BoardWriteError
from dagaz_studio.engine.position import Position


def _text(name: str) -> str:
    return shipped_boards()[name].read_text(encoding="utf-8")


def _diff(before: str, after: str) -> tuple[list[str], list[str]]:
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    return [line for line in old if line not in new], [line for line in new if line not in old]


def test_a_new_piece_comes_after_the_last_one_and_nothing_else_changes():
    text = _text("xiangqi")
    board = parse_board(text)
    after = add_piece(text, board, "Leaper", "L", "(X)\\1", royal=True)
    removed, added = _diff(text, after)
    assert removed == [] and added == ["piece Leaper L royal: (X)\\1\n"]
    new = parse_board(after)
    assert list(new.pieces) == [*board.pieces, "Leaper"]
    assert new.pieces["Leaper"].royal and new.pieces["Leaper"].letter == "L"
    lines = after.splitlines()
    assert lines.index("piece Leaper L royal: (X)\\1") == lines.index("piece Soldier P: N;[@across]WE") + 1


def test_a_board_without_pieces_gets_its_first_at_the_end_even_without_a_final_newline():
    text = "grid: a-c x 3-1\nN = (0, -1)"
    after = add_piece(text, parse_board(text), "Step", "s", "N")
    assert after == "grid: a-c x 3-1\nN = (0, -1)\npiece Step s: N\n"
    assert list(parse_board(after).pieces) == ["Step"]


def test_a_folded_last_piece_keeps_its_folds_and_the_new_one_follows_them():
    text = "grid: a-c x 3-1\nN = (0, -1)\npiece A a: N;\n    NN   # two steps\n# a comment\nsetup: 3/3/3 w\n"
    after = add_piece(text, parse_board(text), "B", "b", "N")
    assert after.splitlines()[2:5] == ["piece A a: N;", "    NN   # two steps", "piece B b: N"]
    assert parse_board(after).pieces["A"].notation_text == "N; NN"


@pytest.mark.parametrize(("name", "letter", "notation", "why"), [
    ("Rook", "Z", "N", "already has a piece named Rook"),
    ("Wazir", "r", "N", "letter R is already the Rook's"),
    ("9Wazir", "Z", "N", "beginning with a letter"),
    ("Wazir", "ZZ", "N", "one letter"),
    ("Wazir", "Z", "N # oops", "cannot hold '#'"),
    ("Wazir", "Z", "  ", "empty"),
    ("W" + "a" * 64, "Z", "N", "at most 64 characters, not 65"),
])
def test_a_name_letter_or_notation_a_board_cannot_hold_is_refused_with_the_reason(name, letter, notation, why):
    text = _text("chess")
    with pytest.raises(BoardWriteError, match=why):
        add_piece(text, parse_board(text), name, letter, notation)


def test_renaming_carries_the_name_into_every_notation_and_name_letter_line():
    text = _text("xiangqi")
    board = parse_board(text)
    after = update_piece(text, board, "General", new_name="Marshal")
    new = parse_board(after)
    assert "General" not in new.pieces and list(new.pieces)[4] == "Marshal"
    # The flying general names its own type: the reference follows the rename.
    assert "[=Marshal]" in new.pieces["Marshal"].notation_text
    assert new.pieces["Marshal"].royal
    removed, _added = _diff(text, after)
    assert len(removed) == 1 and removed[0].startswith("piece General K royal:")
    horse = update_piece(text, board, "Horse", new_name="Ma")
    assert parse_board(horse).name_letter("Ma") == "H"
    assert "name-letter Ma: H\n" in horse


def test_renaming_touches_promotions_but_not_names_that_merely_begin_the_same():
    text = ("grid: a-b x 2-1\nN = (0, -1)\npiece Rook r: N[+Rooky]   # =Rook in a comment\n"
            "piece Rooky y: N[=Rook];N[!=Rooky]\nsetup: 2/2 w\n")
    board = parse_board(text)
    after = update_piece(text, board, "Rook", new_name="Tower")
    assert "piece Tower r: N[+Rooky]   # =Rook in a comment\n" in after
    assert "piece Rooky y: N[=Tower];N[!=Rooky]\n" in after
    parse_board(after)


def test_a_new_letter_goes_into_the_setup_for_both_players_and_royal_can_be_switched():
    text = _text("chess")
    board = parse_board(text)
    after = update_piece(text, board, "Knight", letter="H", royal=True)
    new = parse_board(after)
    assert new.pieces["Knight"].letter == "H" and new.pieces["Knight"].royal
    assert new.setup is not None and new.setup.split()[0] == "rhbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RHBQKBHR"
    before, after_position = Position.initial(board), Position.initial(new)
    assert before.cells == after_position.cells
    unroyal = update_piece(text, board, "King", royal=False)
    assert not parse_board(unroyal).pieces["King"].royal
    assert "piece King K: *[FA];" in unroyal


def test_deleting_a_piece_removes_its_statement_its_name_letter_and_its_pieces_in_the_setup():
    text = _text("xiangqi")
    board = parse_board(text)
    after = delete_piece(text, board, "Horse")
    new = parse_board(after)
    assert "Horse" not in new.pieces and "name-letter Horse" not in after
    assert new.setup is not None and new.setup.startswith("r1bakab1r/9/1c5c1/")
    assert "/R1BAKAB1R w" in new.setup


def test_a_piece_named_by_another_notation_cannot_be_deleted():
    text = _text("chess")
    board = parse_board(text)
    assert piece_users(board, "Rook") == ["Pawn", "King"]
    with pytest.raises(BoardWriteError, match="Rook is named in the notation of Pawn, King"):
        delete_piece(text, board, "Rook")
    with pytest.raises(BoardWriteError, match="no piece named 'Ghost'"):
        delete_piece(text, board, "Ghost")


def test_renaming_a_piece_in_a_promotion_list_keeps_the_list():
    text = _text("chess")
    after = update_piece(text, parse_board(text), "Rook", new_name="Tower")
    new = parse_board(after)
    assert "[+Queen/Tower/Bishop/Knight]" in new.pieces["Pawn"].notation_text
    assert "=Tower" in new.pieces["King"].notation_text and "Rook" not in new.pieces["King"].notation_text


@pytest.mark.parametrize("board_name, piece", [
    (name, piece.name) for name in ("othello", "shogi", "crazyhouse") for piece in parse_board(_text(name)).pieces.values()
    if any(flag in _text(name).split(f"piece {piece.name} ", 1)[1].split(":", 1)[0]
           for flag in ("unlimited", "no-drop", "betza"))
])
def test_every_flag_of_a_piece_survives_renaming_and_relettering_it(board_name, piece):
    text = _text(board_name)
    board = parse_board(text)
    free = next(c for c in "QWXYZJ" if all(p.letter.upper() != c for p in board.pieces.values()))
    after = update_piece(text, board, piece, new_name=f"{piece}Renamed", letter=free, royal=True)
    new = parse_board(after)
    old, renamed = board.pieces[piece], new.pieces[f"{piece}Renamed"]
    assert renamed.letter == free and renamed.royal
    assert (renamed.unlimited, renamed.resets_clock) == (old.unlimited, old.resets_clock)
    head = next(line for line in after.splitlines() if line.startswith(f"piece {piece}Renamed "))
    old_head = next(line for line in text.splitlines() if line.startswith(f"piece {piece} "))
    flags = set(old_head.split(":", 1)[0].split()[3:]) | {"royal"}
    assert set(head.split(":", 1)[0].split()[3:]) == flags


def test_the_flags_a_piece_edit_keeps_are_the_board_grammars_flags():
    import re
    from importlib.resources import files

    from dagaz_studio.board.piece_edits import PIECE_FLAGS

    grammar = (files("dagaz_studio.board") / "board.lark").read_text(encoding="utf-8")
    flags = re.search(r"^FLAG:(.*)$", grammar, re.M).group(1)
    assert set(PIECE_FLAGS) == set(re.findall(r'"([^"]+)"', flags))


def test_a_renamed_piece_keeps_its_drop_and_value_statements_and_a_deleted_one_takes_them_along():
    from fractions import Fraction

    text = _text("othello") + "value Disc: 2\n"
    board = parse_board(text)
    renamed = parse_board(update_piece(text, board, "Disc", new_name="Counter"))
    assert list(renamed.pieces) == ["Counter"]
    assert renamed.values == {"Counter": Fraction(2)}
    assert renamed.drops.keys() == {"Counter"} and renamed.drops["Counter"] == board.drops["Disc"]
    with_guard = add_piece(text, board, "Guard", "G", "N")
    gone = delete_piece(with_guard, parse_board(with_guard), "Disc")
    assert all(not line.startswith(("drop Disc", "value Disc", "piece Disc")) for line in gone.splitlines())
    assert list(parse_board(gone).pieces) == ["Guard"]


def test_a_heap_boards_setup_and_test_fens_keep_their_counts_when_a_type_is_re_lettered():
    """A heap board writes every square's count, separated by commas: a new letter changes lettered
    counts only, and the board still loads."""
    from dagaz_studio.board.piece_edits import _rewrite_heaps, _swap_letter

    text = shipped_boards()["kalah"].read_text(encoding="utf-8")
    board = parse_board(text)
    edited = update_piece(text, board, "Seed", letter="h")
    assert "setup: 0,4,4,4,4,4,4,0/0,4,4,4,4,4,4,0 w" in edited
    assert parse_board(edited).pieces["Seed"].letter == "h"
    assert _rewrite_heaps("0,2s1r,4/3r,1s,0", lambda cell: _swap_letter(cell, "s", "h")) == "0,2h1r,4/3r,1h,0"
    assert _rewrite_heaps("0,2s1r/1s,0", lambda cell: None if cell == "s" else cell) == "0,1r/0,0"


def test_a_stack_boards_columns_lose_only_the_deleted_types_pieces_and_the_board_still_loads():
    text = shipped_boards()["lasca"].read_text(encoding="utf-8").replace("([@last][+Officer])?+", "")
    text = text.replace("setup: s1s1s1s/1s1s1s1/s1s1s1s/7/S1S1S1S/1S1S1S1/S1S1S1S w",
                        "setup: s1s1s1s/1s1s1s1/s1s1s1s/3(so)3/S1(Oo)1S1S/1S1S1S1/S1S1S1S w")
    board = parse_board(text)
    edited = delete_piece(text, board, "Officer")
    assert "setup: s1s1s1s/1s1s1s1/s1s1s1s/3s3/S3S1S/1S1S1S1/S1S1S1S w" in edited
    assert list(parse_board(edited).pieces) == ["Soldier"]
    relettered = update_piece(text, board, "Soldier", letter="z")
    assert "setup: z1z1z1z/1z1z1z1/z1z1z1z/3(zo)3/Z1(Oo)1Z1Z/1Z1Z1Z1/Z1Z1Z1Z w" in relettered


def test_a_new_letter_leaves_the_promoted_types_written_with_it_alone():
    """Re-lettering the Pawn leaves a Tokin ("+P") as it is, and the Queen a promoted Queen ("Q~"):
    they are other types, and the board still loads."""
    shogi = shipped_boards()["shogi"].read_text(encoding="utf-8").replace(
        "setup: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/", "setup: lnsgkgsnl/1r5b1/pppp+ppppp/9/9/9/PPPPPPP+P1/")
    edited = update_piece(shogi, parse_board(shogi), "Pawn", letter="h")
    assert "setup: lnsgkgsnl/1r5b1/hhhh+phhhh/9/9/9/HHHHHHH+P1/" in edited
    assert parse_board(edited).pieces["Pawn"].letter.upper() == "H"
    house = shipped_boards()["crazyhouse"].read_text(encoding="utf-8").replace(
        "setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]", "setup: rnbqkbnr/pppppppp/8/3Q~4/8/8/PPPPPPPP/RNB1KBNR[]")
    edited = update_piece(house, parse_board(house), "Queen", letter="x")
    assert "setup: rnbxkbnr/pppppppp/8/3Q~4/8/8/PPPPPPPP/RNB1KBNR[]" in edited
    parse_board(edited)


def test_a_runaway_name_is_refused_in_a_sentence_not_echoed_whole():
    text = _text("chess")
    for name in ("W" + "a" * 99_999, "W" + "a" * 99_998 + "!"):
        with pytest.raises(BoardWriteError) as refused:
            add_piece(text, parse_board(text), name, "Z", "N")
        assert "at most 64 characters, not 100,000" in str(refused.value) and len(str(refused.value)) < 200


def test_a_board_files_piece_name_of_more_than_64_characters_is_a_problem_at_the_name():
    from dagaz_studio.board import BoardFileError

    longest = "W" + "a" * 63
    text = _text("chess")
    assert longest in parse_board(add_piece(text, parse_board(text), longest, "Z", "N")).pieces
    over = text.replace("piece Rook ", "piece R" + "o" * 64 + "k ", 1)
    with pytest.raises(BoardFileError) as refused:
        parse_board(over)
    line = next(number for number, row in enumerate(over.splitlines(), 1) if row.startswith("piece Roo"))
    assert [problem.line for problem in refused.value.problems
            if "a piece's name has at most 64 characters, not 66" in problem.message] == [line]

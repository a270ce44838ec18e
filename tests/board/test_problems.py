"""Every kind of problem a board file can have is reported with its exact line and column."""

from __future__ import annotations

import pytest

from dagaz_studio.board import BoardFileError, load_board, parse_board
from dagaz_studio.board.statements import KNOWN_RULES
from tests.helpers.paths import DATA


def _problems(text: str) -> list[str]:
    with pytest.raises(BoardFileError) as caught:
        parse_board(text, "t.board")
    return [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]


def test_every_problem_in_one_file_is_reported_at_once():
    path = DATA / "broken-everything.board"
    with pytest.raises(BoardFileError) as caught:
        load_board(path)
    problems = caught.value.problems
    assert all(p.file == str(path) for p in problems)
    assert [f"{p.line}:{p.column}: {p.message}" for p in problems] == [
        "6:8: malformed vector: unexpected '-1'; expected ','",
        "7:11: link chain with a one-square fragment 'c3': a chain links two squares or more",
        "8:8: unknown square 'z9'",
        "9:1: direction O already given as link chains on line 7",
        "10:1: unknown statement 'colour'",
        "11:10: unknown player 'Blue' (players: White Black)",
        "12:17: the symmetry is not a permutation: N and S both map to S",
        "13:17: unknown square 'q7'",
        "14:25: unknown player 'Green' (players: White Black)",
        "16:13: piece letter 'K' used twice (by King on line 15)",
        "17:7: piece name 'King' used twice (first on line 15)",
        "18:5: unclosed '(' opened at column 5",
        "19:27: unknown piece type 'Ghost'",
        "20:6: unknown zone 'nowhere'",
        "20:17: unknown piece type 'Dragon'",
        "21:9: setup: no piece has the letter 'n'",
    ]
    assert str(problems[0]) == f"{path}:6:8: malformed vector: unexpected '-1'; expected ','"


def test_a_malformed_grid_is_reported_and_the_rest_not_second_guessed():
    with pytest.raises(BoardFileError) as caught:
        load_board(DATA / "bad-grid.board")
    assert [(p.line, p.column, p.message) for p in caught.value.problems] == [
        (2, 7, "malformed range 'a-8': columns are letters, like 'a-h'"),
        (2, 13, "malformed range 'h-1': rows are numbers, like '8-1'"),
    ]


def test_a_setup_that_does_not_fit():
    with pytest.raises(BoardFileError) as caught:
        load_board(DATA / "bad-setup.board")
    assert [(p.line, p.column, p.message) for p in caught.value.problems] == [
        (3, 17, "setup: row 3 from the top has more than 3 squares"),
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        # statements
        ("grid: a-b x 2-1\nfoo bar", "2:1: unknown statement 'foo'"),
        ("grid: a-b x 2-1\nplayers White", "2:9: malformed 'players' statement: unexpected 'White'; expected ':'"),
        ("grid: a-b x 2-1\nkind: pile", "2:7: unknown kind 'pile' (known: default, stack, heap)"),
        ("grid: a-b x 2-1\nrule: huff",
         f"2:7: unknown rule 'huff' (known: {', '.join(KNOWN_RULES)})"),
        ("grid: a-b x 2-1\ngrid: a-c x 2-1", "2:1: the grid already given on line 1"),
        ("N = (0, 1)", "1:1: no grid: the board needs a 'grid:' statement"),
        ("a\nb\ngrid: a-b x 2-1", "2:1: unknown statement 'b'"),
        # a name or keyword with a character none has: placed at that character, and named
        ("oké\ngrid: a-b x 2-1", "1:3: unknown statement 'oké': a name or keyword has only ASCII letters, "
         "digits, '_' and '-', not 'é'"),
        ("grid\uff1a a-b x 2-1", "1:5: unknown statement 'grid\uff1a': a name or keyword has only ASCII "
         "letters, digits, '_' and '-', not '\uff1a' ('\uff1a' is FULLWIDTH COLON, not ':')"),
        # a character that looks like the ASCII one expected, or a name's letter that is not ASCII
        ("grid: a-b x 2\u20131", "1:14: malformed 'grid' statement: unexpected '\u20131'; expected 'x' "
         "('\u2013' is EN DASH, not '-')"),
        ("grid: a-b x 2-1\nN = (0, \u22121)", "2:9: malformed vector: unexpected '\u22121)'; expected a whole number "
         "('\u2212' is MINUS SIGN, not '-')"),
        ("grid: a-b x 2-1\nname: ok\u00e9", "2:9: malformed 'name' statement: unexpected '\u00e9'; expected end of "
         "statement (names and keywords are written in ASCII letters, digits, '_' and '-')"),
        ("9x9\ngrid: a-b x 2-1", "1:1: unknown statement '9x9': a name begins with a letter"),
        # ranges and vectors
        ("grid: a- x 2-1", "1:7: malformed range 'a-': columns are letters, like 'a-h'"),
        ("grid: a-b x 2-1\nN = (0, 1", "2:10: malformed vector: unexpected end of statement; expected ')' or ','"),
        ("grid: a-b x 2-1\nN = (0, 0)", "2:6: malformed vector: (0, 0) goes nowhere"),
        ("grid: a-b x 2-1\nQ = (0, 1)", "2:1: unknown direction 'Q' (directions: N S W E M O R T U D)"),
        ("grid: a-b x 2-1\nN = (0, 1)\nN = (1, 0)", "3:1: direction N already given as a vector on line 2"),
        ("grid: a-b x 2-1\nN = (0, 1)\nN = a1>a2", "3:1: direction N already given as a vector on line 2"),
        # link chains
        ("grid: a-b x 2-1\nO = a1>b2>c3", "2:11: unknown square 'c3'"),
        ("grid: a-b x 2-1\nO = a1>b2,\n  b1", "3:3: link chain with a one-square fragment 'b1': a chain links two squares or more"),
        ("grid: a-b x 2-1\nO = a1>b2\nO = a1>a2", "3:8: a1 already has direction O, to b2"),
        ("grid: a-b x 2-1\nO = a1>a1", "2:8: a link from a1 to itself"),
        ("grid: a-b x 2-1\nO = a1>>b2", "2:8: malformed link chain: unexpected '>'; expected a square"),
        # players and symmetries
        ("grid: a-b x 2-1\nplayers: A B A", "2:14: player 'A' named twice"),
        ("grid: a-b x 2-1\nsymmetry Red: N<>S", "2:10: unknown player 'Red' (players: White Black)"),
        ("grid: a-b x 2-1\nsymmetry Black: N=E", "2:17: the symmetry is not a permutation: N and E both map to E"),
        ("grid: a-b x 2-1\nsymmetry Black: N<>S N=E", "2:22: N is mapped twice, to S and to E"),
        ("grid: a-b x 2-1\nsymmetry Black: N<>Q", "2:20: unknown direction 'Q' (directions: N S W E M O R T U D)"),
        # zones
        ("grid: a-b x 2-1\nzone z: a1 c9", "2:12: unknown square 'c9'"),
        ("grid: a-b x 2-1\nzone z: a1-c9", "2:12: unknown square 'c9'"),
        ("grid: a-b x 2-1\nzone z: White a1; Blue b1", "2:19: unknown player 'Blue' (players: White Black)"),
        ("grid: a-b x 2-1\nzone z: a1; Black b1", "2:9: expected a player's name before the squares, found 'a1'"),
        ("grid: a-b x 2-1\nzone z: a1\nzone z: b1", "3:6: zone 'z' defined twice"),
        # pieces
        ("grid: a-b x 2-1\npiece A a: N\npiece B A: N", "3:9: piece letter 'A' used twice (by A on line 2)"),
        ("grid: a-b x 2-1\npiece A a: N\npiece A b: N", "3:7: piece name 'A' used twice (first on line 2)"),
        ("grid: a-b x 2-1\npiece A ab: N", "2:9: a piece's letter is one letter, not 'ab'"),
        ("grid: a-b x 2-1\npiece A a:", "2:11: malformed 'piece' statement: unexpected end of statement; expected text"),
        ("grid: a-b x 2-1\npiece A a: N[q]", "2:14: unknown check 'q'"),
        ("grid: a-b x 2-1\npiece A a 3: N", "2:11: malformed 'piece' statement: unexpected '3'; expected ':' or a flag"),
        ("grid: a-b x 2-1\npiece A", "2:8: malformed 'piece' statement: unexpected end of statement; expected '*' or "
         "a name or a promoted letter (+X or X~)"),
        ("grid: a-b x 2-1\npiece A a: N\n   ;\n   N)", "4:5: ')' without a matching '('"),
        ("grid: a-b x 2-1\npiece A a: N[=B]", "2:14: unknown piece type 'B'"),
        ("grid: a-b x 2-1\npiece A a: N[+A/B]", "2:17: unknown piece type 'B'"),
        ("grid: a-b x 2-1\npiece AB b: N\npiece A a: N[+AB/B]", "3:18: unknown piece type 'B'"),
        ("grid: a-b x 2-1\npiece A a: N[!@far]", "2:14: unknown zone 'far'"),
        # setup
        ("grid: a-b x 2-1\nsetup: 2/2/2", "2:8: setup: 3 rows, but the grid has 2"),
        ("grid: a-b x 2-1\nsetup: 2/1x", "2:11: setup: no piece has the letter 'x'"),
        ("grid: a-b x 2-1\nsetup: 2/2 x", "2:12: setup: the side to move is 'w' or 'b', not 'x'"),
        # drawing
        ("grid: a-b x 2-1\ndraw: lines N", "2:13: draw: no direction 'N' on this board"),
        ("grid: a-c x 3-1\ndraw: river 3 1", "2:13: draw: a river runs between two neighbouring rows, not 3 and 1"),
        ("grid: a-c x 3-1\ndraw: river 3 9", "2:15: draw: no row '9' on this board"),
        ("grid: a-c x 3-1\ndraw: river 3 2 ,", "2:17: malformed 'draw' statement: unexpected ','; expected a label or a name"),
        ("grid: a-c x 3-1\ndraw: diagonals a1", "2:17: draw: 'a1' is not a rectangle like 'd1-f3'"),
        ("grid: a-c x 3-1\ndraw: cells\ndraw: points", "3:1: draw: 'points' contradicts 'cells' on line 2"),
        ("grid: a-c x 3-1\ndraw: wavy", "2:7: malformed 'draw' statement: unexpected 'wavy'; expected "
         "'blocks' or 'cells' or 'checkered' or 'coordinates' or 'diagonals' or 'lines' or 'owners' or 'points' or 'river' or "
         "'stones' or 'surface' or 'symbols'"),
        ("grid: a-c x 3-1\npiece Wall W: [P]\ndraw: blocks Wall Ghost", "3:19: draw: no piece type 'Ghost' on this board"),
    ],
)
def test_each_problem_is_placed_exactly(text, expected):
    assert expected in _problems(text)


_LONG = "q" * 3000


@pytest.mark.parametrize("text", [
    f"grid: a-b x 2-1\n{_LONG} x",
    f"grid: a-b x 2-1\nkind: {_LONG}",
    f"grid: a-b x 2-1\nrule: {_LONG}",
    f"grid: a-b x 2-1\nnames: {_LONG}",
    f"grid: a-b x 2-1\nzone z: White {_LONG}",
    f"grid: a-b x 2-1\npiece A a: N[=B{_LONG}]",
    f"grid: a-b x 2-1\npiece A a: N[!@{_LONG}]",
    f"grid: a-b x 2-1\npiece A{_LONG} a: N\npiece B a: N",
    f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest t: at a{_LONG} reaches nothing",
    f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest t: at a1 reaches a{_LONG}",
    f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest t: at a1 put White {_LONG} reaches nothing",
    f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest t: at a1 put {_LONG} K reaches nothing",
    f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest t: perft {_LONG} gives 3",
    f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest t: perft 1 gives {_LONG}",
    f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest {_LONG}: perft 1 gives 1\ntest {_LONG}: perft 1 gives 1",
])
def test_a_long_word_is_quoted_cut_short(text):
    # A runaway word (a paste gone wrong) is quoted by its start, not echoed whole.
    problems = _problems_or_tests(text)
    assert problems
    assert not any("q" * 41 in problem for problem in problems), [problem[:120] for problem in problems]
    assert any("q" * 30 + "…" in problem for problem in problems), [problem[:120] for problem in problems]


@pytest.mark.parametrize("statement, expected", [
    ("test t: perft 1 gives -3", "23: malformed 'test' statement: unexpected '-3'; expected a number"),
    ("test t: perft x", "16: malformed 'test' statement: unexpected end of statement; expected 'gives'"),
    ("test t: at a1 reaches none of", "30: malformed 'test' statement: unexpected end of statement; expected a square"),
    ("test t: at a1 reaches", "22: malformed 'test' statement: unexpected end of statement; expected "
     "'at' or 'none' or 'nothing' or a square"),
    ("test : at a1 reaches a2", "6: malformed 'test' statement: unexpected ':'; expected a name"),
    ("test t: at a1 reaches a2 b1 a2", "29: a2 is given twice"),
    ("test t: at a1 reaches at least xb2 xb2", "36: xb2 is given twice"),
])
def test_a_test_statement_s_missing_word_is_named_for_what_it_is(statement, expected):
    # One kind of word reads names, squares and counts: the message says which the place wants.
    problems = _problems_or_tests(f"grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\n{statement}")
    assert problems == [f"t.board:4:{expected}"]


def _problems_or_tests(text: str) -> list[str]:
    try:
        board = parse_board(text, "t.board")
    except BoardFileError as error:
        return [str(problem) for problem in error.problems]
    return [str(problem) for test in board.tests for problem in test.problems]


@pytest.mark.parametrize("text, shown", [
    ("grid: a-b x 2-1\na\x00b c", "unknown statement 'a\\x00b'"),
    ("grid: a-b x 2-1\n\x1b[2J c", "unknown statement '\\x1b[2J'"),
    ("grid: a-b\x07 x 2-1", "unexpected '\\x07'"),
    ("grid: a-b x 2-1\npiece K k: N\nsetup: 2/1k w\ntest t: at a\u200b1 reaches nothing", "unexpected '\\u200b1'"),
])
def test_a_character_that_shows_nothing_or_that_a_terminal_obeys_is_quoted_escaped(text, shown):
    # A binary file's NUL, an escape that would clear the terminal, a zero-width space: said, not sent.
    problems = _problems_or_tests(text)
    assert any(shown in problem for problem in problems), problems
    assert all(problem.isprintable() for problem in problems)


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x0c", "\x0b", "\x1c", "\x85"])
def test_a_line_ends_only_where_a_text_file_s_line_ends(separator):
    # str.splitlines broke the comment here: its rest was read as a statement, and the lines after it
    # were numbered one more than an editor shows.
    text = f"x\n# a comment{separator}with words\ngrid: a-b x 2-1\nbogus\n"
    assert _problems_or_tests(text) == ["t.board:4:1: unknown statement 'bogus'"]

"""Bad notation: every error of docs/notation.md §8 and more, with its message, line and column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.nodes import Span
from tests.helpers.paths import REPO


def error_for(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse_notation(text)
    return caught.value


# (notation, message, column, the text the span covers)
CASES = [
    # §8, in the guide's order
    ("(+)([p]\\1*", "unclosed '(' opened at column 4", 4, "("),
    ("N)", "')' without a matching '('", 2, ")"),
    ("N]", "']' without a matching '['", 2, "]"),
    ("[p", "unclosed '[' opened at column 1", 1, "["),
    ("(N]", "']' does not close '(' opened at column 1: expected ')'", 3, "]"),
    ("N{3,1}", "'{3,1}': minimum above maximum", 2, "{3,1}"),
    ("N{3,1}+", "'{3,1}': minimum above maximum", 2, "{3,1}+"),
    ("{2}N", "'{2}' has nothing to repeat", 1, "{2}"),
    ("N;?", "'?' has nothing to repeat", 3, "?"),
    ("(?N)", "'?' has nothing to repeat", 2, "?"),
    ("N,{2}", "'{2}' has nothing to repeat", 3, "{2}"),
    ("N**", "'*' cannot follow a quantifier; write ',*' for a step in any direction", 3, "*"),
    ("N*++", "'+' cannot follow a quantifier; write ',+' for an orthogonal step", 4, "+"),
    ("N*?", "'?' cannot follow a quantifier", 3, "?"),
    ("N{2}{3}", "'{3}' cannot follow a quantifier", 5, "{3}"),
    ("(N)\\4", "'\\4' refers to group 4 but there is only 1 group", 4, "\\4"),
    ("(N)(E)~3", "'~3' refers to group 3 but there are only 2 groups", 7, "~3"),
    ("\\1", "'\\1' refers to group 1 but there are no groups", 1, "\\1"),
    ("[x>\\2](N)", "'\\2' refers to group 2 but there is only 1 group", 4, "\\2"),
    ("[!\\3]", "'\\3' refers to group 3 but there are no groups", 2, "!\\3"),
    ("[q]", "unknown check 'q'", 2, "q"),
    ("[pq]", "unknown check 'q'", 3, "q"),
    ("[N]", "unknown check 'N'", 2, "N"),
    ("Q", "unknown direction 'Q'", 1, "Q"),
    ("NQ", "unknown direction 'Q'", 2, "Q"),
    ("u", "unknown direction 'u': directions are upper-case letters", 1, "u"),
    ("n", "checks go in brackets: write '[n]'", 1, "n"),
    ("N[p]%", "'%' makes a step wrap around the board's edge: it follows a direction or a group step, as in 'E%'", 5, "%"),
    ("[x>Q]", "unknown direction 'Q'", 4, "Q"),
    ("Np", "checks go in brackets: write '[p]'", 2, "p"),
    ("Nex", "checks go in brackets: write '[ex]'", 2, "ex"),
    ("N;;S", "empty alternative", 3, ";"),
    (";N", "empty alternative", 1, ";"),
    ("(;N)", "empty alternative", 2, ";"),
    ("N;", "empty alternative: nothing follows ';'", 3, ""),
    ("(N;)", "empty alternative: nothing between ';' and ')'", 4, ")"),
    ("()", "empty group", 2, ")"),
    ("[]", "empty brackets", 2, "]"),
    ("[()>N]", "empty parentheses", 3, ")"),
    ("[x>NE]", "navigation takes one direction, not a set: 'NE'", 4, "NE"),
    ("[x>+]", "navigation takes one direction, not a set: '+'", 4, "+"),
    ("[x>X]", "navigation takes one direction, not a set: 'X'", 4, "X"),
    # names and labels
    ("[o:]", "'o:' must be followed by a label", 4, ""),
    ("[O:3x]", "bad label '3x': a name is letters, digits, '_' and '-', beginning with a letter", 4, "3x"),
    ("[=]", "'=' must be followed by a piece name", 3, ""),
    ("[!=]", "'!=' must be followed by a piece name", 4, ""),
    ("[=3x]", "bad piece name '3x': a name is letters, digits, '_' and '-', beginning with a letter", 3, "3x"),
    ("[=Pa$wn]", "bad piece name 'Pa$wn': a name is letters, digits, '_' and '-', beginning with a letter", 3, "Pa$wn"),
    ("[@]", "'@' must be followed by a zone name", 3, ""),
    ("[!@9]", "bad zone name '9': a name is letters, digits, '_' and '-', beginning with a letter", 4, "9"),
    ("[+]", "'+' must be followed by a piece name", 3, ""),
    ("[+Queen/]", "'/' must be followed by a piece name", 9, ""),
    ("[+Queen//Rook]", "'/' must be followed by a piece name", 9, ""),
    ("[+?]", "'+?' must be followed by a piece name", 4, ""),
    ("[+?Queen/3]", "bad piece name '3': a name is letters, digits, '_' and '-', beginning with a letter", 10, "3"),
    # counts
    ("N{}", "'{}' is not a count: write {n}, {n,m}, {n,} or {,m}", 2, "{}"),
    ("N{,}", "'{,}' is not a count: write {n}, {n,m}, {n,} or {,m}", 2, "{,}"),
    ("N{a}", "'{a}' is not a count: write {n}, {n,m}, {n,} or {,m}", 2, "{a}"),
    ("N{2", "unclosed '{' opened at column 2", 2, "{"),
    ("N}", "'}' without a matching '{'", 2, "}"),
    ("N ?", "'?' must follow the part it repeats at once, without a space", 3, "?"),
    ("N {2}", "'{2}' must follow the part it repeats at once, without a space", 3, "{2}"),
    # ends and separators
    ("N,", "',' must be followed by another part", 3, ""),
    ("N,;E", "',' must be followed by another part", 3, ";"),
    (",N", "',' must stand between two parts", 1, ","),
    ("N,,E", "',' must stand between two parts", 3, ","),
    ("[x,]", "',' must be followed by another item", 4, "]"),
    ("[,x]", "',' must stand between two items", 2, ","),
    # other bracket mistakes
    ("[x>]", "'>' must be followed by a direction", 4, "]"),
    ("[>N]", "'>' must follow the item it sends to another square, as in '[x>N]'", 2, ">"),
    ("[(x)]", "items in parentheses must be sent to a square: write '(…)>N'", 2, "(x)"),
    ("[0]", "handlers are numbered 1 to 9: there is no handler 0", 2, "0"),
    ("[!p]", "'!' goes before '=Name', '@zone', '\\k', '~k' or '(…)>N'; for the opposite of a check, write its letter in the other case", 2, "!"),
    ("[\\x]", "'\\' must be followed by a group number 0-9", 2, "\\"),
    ("[:x]", "':' must follow 'o' or 'O', as in '[o:castling]'", 2, ":"),
    ("[x;e]", "';' cannot appear in brackets", 3, ";"),
    ("[x>(N)]", "navigation takes one direction, not a group", 4, "("),
    # things that belong in brackets, and stray characters
    ("N2", "handlers go in brackets: write '[2]'; a count of repetitions goes in braces: '{2}'", 2, "2"),
    ("N=Pawn", "'=' belongs in brackets, as in '[=Name]', '[@zone]', '[x>N]'", 2, "="),
    ("\\", "'\\' must be followed by a group number 0-9", 1, "\\"),
    ("~x", "'~' must be followed by a group number 0-9", 1, "~"),
    ("N#", "unexpected '#'", 2, "#"),
    # a character that cannot be seen is named, not quoted as nothing
    ("N\x01E", "unexpected U+0001", 2, "\x01"),
    ("N\u200bE", "unexpected U+200B (ZERO WIDTH SPACE)", 2, "\u200b"),
    ("[x\x00]", "unexpected U+0000 in brackets", 3, "\x00"),
]


@pytest.mark.parametrize("text, message, column, covered", CASES, ids=[case[0] for case in CASES])
def test_error_message_and_position(text, message, column, covered):
    error = error_for(text)
    assert error.message == message
    assert (error.line, error.column) == (1, column)
    assert error.span.slice(text) == covered
    assert error.text == text


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_notation(text):
    error = error_for(text)
    assert error.message == "empty notation"
    assert (error.line, error.column) == (1, 1)
    assert "'('" in error.expected


def test_nesting_too_deep_is_an_error_not_a_crash():
    error = error_for("(" * 1999 + "N" + ")" * 1999)  # within the length limit
    assert error.message == "nested too deeply: more than 100 levels"
    assert error.column == 101
    assert parse_notation("(" * 100 + "N" + ")" * 100).group_count == 100


def test_errors_on_a_later_line_report_that_line():
    error = error_for("N;\n  E;Q")
    assert error.message == "unknown direction 'Q'"
    assert (error.line, error.column) == (2, 5)


def test_unclosed_group_on_a_folded_notation_names_its_line():
    error = error_for("N;\n (E")
    assert error.message == "unclosed '(' opened at line 2, column 2"
    assert (error.line, error.column) == (2, 2)


def test_the_outermost_unclosed_group_is_reported():
    assert error_for("(N(E").message == "unclosed '(' opened at column 1"


def test_expected_tokens_are_in_words():
    error = error_for("N,")
    assert "a direction letter (N S W E M O R T U D X)" in error.expected
    assert "'('" in error.expected and "'['" in error.expected
    assert not any(word.isupper() for word in error.expected)  # no raw terminal names


def test_expected_after_a_part_offers_only_what_can_be_read_there():
    # right after a part, '+' and '*' are quantifiers, so the direction reading is not offered
    after_quantifier = error_for("N**").expected
    assert "'+' or '*' (a direction)" not in after_quantifier
    assert "the end of the notation" in after_quantifier
    # after a space, a quantifier cannot come
    spaced = error_for("N ?").expected
    assert "a quantifier (? * + {n,m})" not in spaced
    assert "'+' or '*' (a direction)" in spaced


def test_expected_inside_brackets():
    assert set(error_for("[q]").expected) >= {"a check letter", "'=Name'", "'@zone'", "'+Name'"}
    assert error_for("[x>Q]").expected == ("'\\k' or '~k'", "a direction letter")


def test_the_guides_example_renders_with_a_caret():
    rendered = error_for("(+)([p]\\1*").render(expected=False)
    assert rendered.splitlines() == ["(+)([p]\\1*", "   ^", "1:4: unclosed '(' opened at column 4"]


def test_error_at_the_end_renders_a_caret_past_the_text():
    rendered = error_for("N,").render(expected=False).splitlines()
    assert rendered[1] == "  ^"


def test_error_is_placed_inside_a_larger_text():
    error = error_for("[q]").with_offset("piece Q q: [q]", 11)
    assert (error.line, error.column) == (1, 13)
    assert error.span == Span(12, 13)


# --------------------------------------------------------------------------- nothing else escapes

ALPHABET = "NSWEMORTUDX+*?{},;()[]\\~^|&0123456789pPeEfFaAsSoOmMrRlLtTx=!@>:/ \nQqz#"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=30))
def test_notation_alphabet_either_parses_or_raises_notation_error(text):
    try:
        parse_notation(text)
    except NotationError as error:
        assert error.message
        assert error.line >= 1 and error.column >= 1
        assert 0 <= error.span.start <= error.span.end <= len(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_arbitrary_text_either_parses_or_raises_notation_error(text):
    try:
        parse_notation(text)
    except NotationError as error:
        assert 0 <= error.span.start <= error.span.end <= len(text)


# --------------------------------------------------------------------------- the guide's table


def _guide_error_rows():
    import re

    guide = REPO / "docs" / "notation.md"
    section = guide.read_text(encoding="utf-8").split("## 8. Errors", 1)[1]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] == "kind" or cells[0].startswith("---"):
            continue
        examples = re.findall(r"`([^`]+)`", cells[1])
        messages = re.findall(r"`([^`]+)`", cells[2])
        if cells[0] == "empty notation":
            examples = ["", "   "]
            messages = messages * 2
        elif not examples:  # described in words only; tested on its own
            continue
        rows.append((cells[0], examples, messages))
    return rows


GUIDE_ROWS = _guide_error_rows()


def test_the_guide_lists_the_errors():
    assert len(GUIDE_ROWS) >= 20


@pytest.mark.parametrize("kind, examples, messages", GUIDE_ROWS, ids=[row[0] for row in GUIDE_ROWS])
def test_each_example_of_the_guide_gives_its_message(kind, examples, messages):
    pairs = zip(examples, messages) if len(examples) == len(messages) else [(examples[0], messages[0])]
    for example, message in pairs:
        assert error_for(example).message == message


def test_the_first_problem_is_reported_first() -> None:
    with pytest.raises(NotationError) as info:
        parse_notation("E{3,1} Np")
    assert (info.value.column, info.value.message) == (2, "'{3,1}': minimum above maximum")


@pytest.mark.parametrize(("text", "suggestion"), [("Npiece", "[p]"), ("Nmix", "[m]"), ("Npe", "[pe]")])
def test_bracket_suggestions_read_as_checks(text: str, suggestion: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_notation(text)
    assert info.value.message == f"checks go in brackets: write '{suggestion}'"
    parse_notation("N" + suggestion)  # the suggestion itself parses


def test_an_error_in_a_pasted_page_is_shown_around_its_fault_in_a_few_short_lines(capsys) -> None:
    from dagaz_studio.cli import main

    text = "N;" * 1000 + "[q]" + "N" * 500
    assert main(["moves", "chess", "--at", "d4", "--piece", text]) == 2
    lines = capsys.readouterr().err.splitlines()
    shown, caret = lines[1], lines[2]
    assert len(lines) <= 5 and len(shown) <= 110 and len(caret) <= 110, lines
    assert shown[caret.index("^") - 1:].startswith("[q]")  # under the unknown check letter


def _not_said_as_a_surrogate(said: str) -> bool:
    return not any("\udc80" <= char <= "\udcff" for char in said) and "udc" not in said and "U+DC" not in said


@pytest.mark.parametrize("text", ["\udcff", "N\udcff", "N[\udcff]", "[=\udcff]", "[@n\udcff]", "N{\udcff}",
                                  "N\t\udcff", "(N)\udcff\udcfe"])
def test_a_byte_that_is_not_utf8_is_said_as_the_byte_with_the_caret_under_it(text: str) -> None:
    # Python holds byte 0xff of an argument as the surrogate U+DCFF; the user typed the byte.
    rendered = error_for(text).render()
    assert "\\xff" in rendered and _not_said_as_a_surrogate(rendered), rendered
    shown, caret, message = rendered.splitlines()[:3]
    column = int(message.split(":")[1])
    as_typed = {0xDCFF: "\\xff", 0xDCFE: "\\xfe", ord("\t"): "\\t"}
    assert shown[:caret.index("^")] == text[:column - 1].translate(as_typed)


@pytest.mark.parametrize("command", [["parse", "\udcff"], ["translate", "\udcff"], ["translate", "W\udcff\udcffx"],
                                     ["moves", "chess", "--piece", "N\udcff", "--at", "e4"],
                                     ["moves", "chess", "--piece", "[=\udcff]", "--at", "e4"]])
def test_a_byte_that_is_not_utf8_on_the_command_line_is_said_as_the_byte(capsys, command: list[str]) -> None:
    from dagaz_studio.cli import main

    assert main(command) == 2
    err = capsys.readouterr().err
    assert "'\\xff" in err and _not_said_as_a_surrogate(err), err

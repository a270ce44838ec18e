"""The notation parser: every construct of docs/notation.md, with its tree shape and spans."""

from __future__ import annotations

import pytest

from dagaz_studio.notation import NotationError, parse_notation
from dagaz_studio.notation.nodes import (
    CHECK_LETTERS,
    Alternatives,
    Bracket,
    Check,
    Continue,
    DirectionCheck,
    Group,
    GroupStep,
    Handler,
    Lift,
    Navigate,
    NavStep,
    Promote,
    Put,
    Repeat,
    Sequence,
    Span,
    Step,
    TypeCheck,
    ZoneCheck,
    walk,
)


def body(text: str):
    return parse_notation(text).body


def step(letters: str, start: int) -> Step:
    return Step(tuple(letters), Span(start, start + len(letters)))


# --------------------------------------------------------------------------- structure


def test_single_letter_is_a_bare_step():
    assert body("N") == Step(("N",), Span(0, 1))


@pytest.mark.parametrize("text", ["N,E", "N E", "N , E", "N\nE"])
def test_sequence_with_separators(text):
    first, second = body(text).items
    assert first == Step(("N",), Span(0, 1))
    assert second.letters == ("E",)
    assert second.span.slice(text) == "E"
    assert body(text).span == Span(0, len(text))


def test_sequence_without_separator_between_different_kinds_of_part():
    assert body("N[p]^") == Sequence(
        (step("N", 0), Bracket((Check("p", Span(2, 3)),), Span(1, 4)), Lift(Span(4, 5))), Span(0, 5)
    )


def test_letters_written_together_are_one_step_with_several_letters():
    assert body("WNE") == Step(("W", "N", "E"), Span(0, 3))
    assert body("NX") == Step(("N", "X"), Span(0, 2))


def test_alternatives():
    assert body("N;E") == Alternatives((step("N", 0), step("E", 2)), Span(0, 3))


def test_sequence_binds_tighter_than_alternatives():
    tree = body("N,E;S")
    assert isinstance(tree, Alternatives)
    assert tree.options[0] == Sequence((step("N", 0), step("E", 2)), Span(0, 3))
    assert tree.options[1] == step("S", 4)


def test_spans_exclude_surrounding_white_space():
    tree = body("  N ; E  ")
    assert tree.span == Span(2, 7)
    assert [option.span for option in tree.options] == [Span(2, 3), Span(6, 7)]


def test_single_member_group_body_collapses():
    assert body("(N)") == Group(step("N", 1), 1, Span(0, 3))


def test_groups_are_numbered_by_opening_parenthesis():
    tree = body("((N)(E))(S)")
    outer, last = tree.items
    assert (outer.index, last.index) == (1, 4)
    assert [inner.index for inner in outer.body.items] == [2, 3]
    assert outer.span == Span(0, 8)
    assert last.span == Span(8, 11)
    assert parse_notation("((N)(E))(S)").group_count == 4


def test_parentheses_in_brackets_are_not_groups():
    notation = parse_notation("[(t,e)>E](N)")
    assert notation.group_count == 1
    assert notation.body.items[1].index == 1


# --------------------------------------------------------------------------- quantifiers


@pytest.mark.parametrize(
    "quantifier, minimum, maximum, possessive",
    [
        ("?", 0, 1, False),
        ("*", 0, None, False),
        ("+", 1, None, False),
        ("{2,3}", 2, 3, False),
        ("{2}", 2, 2, False),
        ("{2,}", 2, None, False),
        ("{,3}", 0, 3, False),
        ("{0}", 0, 0, False),
        ("{ 1 , 4 }", 1, 4, False),
        ("?+", 0, 1, True),
        ("*+", 0, None, True),
        ("++", 1, None, True),
        ("{2,3}+", 2, 3, True),
        ("{2}+", 2, 2, True),
        ("{2,}+", 2, None, True),
        ("{,3}+", 0, 3, True),
    ],
)
def test_quantifier_forms(quantifier, minimum, maximum, possessive):
    text = "N" + quantifier
    assert body(text) == Repeat(
        step("N", 0), minimum, maximum, possessive, Span(0, len(text)), Span(1, len(text))
    )


def test_quantifier_applies_to_the_whole_run():
    tree = body("NE*")
    assert tree.body == Step(("N", "E"), Span(0, 2))


def test_quantifier_binds_tighter_than_sequence():
    tree = body("N,E{2}")
    assert isinstance(tree, Sequence)
    assert tree.items[0] == step("N", 0)
    assert tree.items[1] == Repeat(step("E", 2), 2, 2, False, Span(2, 6), Span(3, 6))


@pytest.mark.parametrize("text", ["(N)*", "[p]?", "\\0{2}", "^?", "|*", "&+"])
def test_any_part_can_be_quantified(text):
    assert isinstance(body(text), Repeat)


# --------------------------------------------------------------------------- '+' and '*' by position


@pytest.mark.parametrize("symbol", ["+", "*"])
def test_plus_and_star_at_the_start_are_directions(symbol):
    assert body(symbol) == Step((symbol,), Span(0, 1))
    assert body(f"({symbol})").body == Step((symbol,), Span(1, 2))


def test_star_before_brackets_is_a_direction():
    assert body("*[A]").items[0] == Step(("*",), Span(0, 1))


def test_star_after_a_group_is_a_quantifier():
    tree = body("(\\1[ex])*")
    assert isinstance(tree, Repeat) and (tree.minimum, tree.maximum) == (0, None)


def test_plus_plus_is_an_orthogonal_step_one_or_more_times():
    assert body("++") == Repeat(Step(("+",), Span(0, 1)), 1, None, False, Span(0, 2), Span(1, 2))


def test_three_pluses_are_possessive():
    assert body("+++") == Repeat(Step(("+",), Span(0, 1)), 1, None, True, Span(0, 3), Span(1, 3))


@pytest.mark.parametrize("text", ["N*,+", "N* +"])
def test_plus_after_a_separator_is_a_direction(text):
    first, second = body(text).items
    assert isinstance(first, Repeat) and first.body == step("N", 0)
    assert second == Step(("+",), Span(3, 4))


@pytest.mark.parametrize("text", ["N;*", "N;+", "(N;*)"])
def test_plus_and_star_after_semicolon_are_directions(text):
    tree = body(text)
    tree = tree.body if isinstance(tree, Group) else tree
    assert isinstance(tree.options[1], Step)


# --------------------------------------------------------------------------- steps and actions


@pytest.mark.parametrize("letter", list("NSWEMORTUDX"))
def test_every_direction_letter(letter):
    assert body(letter) == Step((letter,), Span(0, 1))


@pytest.mark.parametrize("group", range(10))
def test_group_steps(group):
    groups = "(N)" * group
    text = groups + f"\\{group};" + groups + f"~{group}"
    tree = body(text)
    forward = tree.options[0].items[-1] if group else tree.options[0]
    backward = tree.options[1].items[-1] if group else tree.options[1]
    assert forward == GroupStep(group, False, Span(len(groups), len(groups) + 2))
    assert backward.group == group and backward.opposite


def test_lift_put_continue():
    assert body("^|&").items == (Lift(Span(0, 1)), Put(Span(1, 2)), Continue(Span(2, 3)))


def test_forward_reference_to_a_later_group_is_allowed():
    assert body("\\1(N)").items[0] == GroupStep(1, False, Span(0, 2))


# --------------------------------------------------------------------------- brackets


@pytest.mark.parametrize("letter", list(CHECK_LETTERS))
def test_every_check_letter(letter):
    assert body(f"[{letter}]") == Bracket((Check(letter, Span(1, 2)),), Span(0, 3))


@pytest.mark.parametrize("text", ["[ex]", "[e,x]", "[e x]"])
def test_several_checks_in_one_bracket(text):
    tree = body(text)
    assert [item.letter for item in tree.items] == ["e", "x"]
    assert tree.items[0].span == Span(1, 2)
    assert tree.items[1].span.slice(text) == "x"


def test_labelled_checks():
    tree = body("[o:castling,O:long-castle]")
    assert tree.items == (
        Check("o", Span(1, 11), "castling"),
        Check("O", Span(12, 25), "long-castle"),
    )


@pytest.mark.parametrize("number", range(1, 10))
def test_handlers(number):
    assert body(f"[{number}]").items == (Handler(number, Span(1, 2)),)


def test_type_checks():
    assert body("[=Pawn,!=Silver_2]").items == (
        TypeCheck("Pawn", False, Span(1, 6)),
        TypeCheck("Silver_2", True, Span(7, 17)),
    )


def test_zone_checks():
    assert body("[@palace,!@last]").items == (
        ZoneCheck("palace", False, Span(1, 8)),
        ZoneCheck("last", True, Span(9, 15)),
    )


def test_promotion_with_choices():
    assert body("[+Queen/Rook/Bishop/Knight]").items == (
        Promote(("Queen", "Rook", "Bishop", "Knight"), Span(1, 26)),
    )
    assert body("[+Gold]").items == (Promote(("Gold",), Span(1, 6)),)


def test_promotion_to_a_lost_piece():
    assert body("[+?Queen/Rook]").items == (Promote(("Queen", "Rook"), Span(1, 13), lost=True),)
    assert body("[@last,+?Knight]").items[1] == Promote(("Knight",), Span(7, 15), lost=True)


def test_promotion_after_a_check_letter_is_not_a_quantifier():
    assert body("[p+Gold]").items == (Check("p", Span(1, 2)), Promote(("Gold",), Span(2, 7)))


def test_direction_checks():
    assert body("(N)[\\1~1!\\0!~1]").items[1].items == (
        DirectionCheck(1, False, False, Span(4, 6)),
        DirectionCheck(1, True, False, Span(6, 8)),
        DirectionCheck(0, False, True, Span(8, 11)),
        DirectionCheck(1, True, True, Span(11, 14)),
    )


def test_navigation_of_one_item():
    assert body("[x>N]").items == (
        Navigate((Check("x", Span(1, 2)),), (NavStep("N", None, False, Span(3, 4)),), Span(1, 4)),
    )


def test_navigation_binds_to_the_item_just_before_it():
    first, second = body("[te>N]").items
    assert first == Check("t", Span(1, 2))
    assert isinstance(second, Navigate) and second.items == (Check("e", Span(2, 3)),)


def test_navigation_of_several_items_along_a_chain():
    (navigate,) = body("[(te,=Pawn,x)>E>N]").items
    assert [type(item).__name__ for item in navigate.items] == ["Check", "Check", "TypeCheck", "Check"]
    assert navigate.path == (
        NavStep("E", None, False, Span(14, 15)),
        NavStep("N", None, False, Span(16, 17)),
    )
    assert navigate.span == Span(1, 17)


def test_navigation_by_group_variables():
    (navigate,) = body("(N)[l>\\1>~1]").items[1].items
    assert navigate.path == (
        NavStep(None, 1, False, Span(6, 8)),
        NavStep(None, 1, True, Span(9, 11)),
    )


def test_navigation_direction_then_upper_case_check_needs_a_comma():
    first, second = body("[x>N,E]").items
    assert isinstance(first, Navigate) and second == Check("E", Span(5, 6))


# --------------------------------------------------------------------------- the article's examples


def test_fanorona_stone_of_the_article():
    notation = parse_notation("(*)[p]|((\\1[ex])*;~1(~1[ex])*)")
    direction, empty, put, captures = notation.body.items
    assert direction == Group(Step(("*",), Span(1, 2)), 1, Span(0, 3))
    assert empty.items == (Check("p", Span(4, 5)),)
    assert put == Put(Span(6, 7))
    approach, withdrawal = captures.body.options
    assert isinstance(approach, Repeat) and approach.minimum == 0 and not approach.possessive
    assert approach.body.index == 3
    assert withdrawal.items[0] == GroupStep(1, True, Span(18, 20))
    assert withdrawal.items[1].body.index == 3  # shares its number with the approach group
    assert notation.group_count == 3


def test_king_of_the_article():
    text = "*[A];[MA](E[p]){2}[A]|E^[M]W{2};[MA](W[p]){3}[A]|W^[M]E{2}"
    tree = body(text)
    assert isinstance(tree, Alternatives) and len(tree.options) == 3
    step_option, king_side, queen_side = tree.options
    assert step_option.items[0] == Step(("*",), Span(0, 1))
    kinds = [type(item).__name__ for item in king_side.items]
    assert kinds == ["Bracket", "Repeat", "Bracket", "Put", "Step", "Lift", "Bracket", "Repeat"]
    assert [check.letter for check in king_side.items[0].items] == ["M", "A"]
    assert king_side.items[1].maximum == 2 and king_side.items[1].body.index == 1
    assert queen_side.items[1].minimum == 3 and queen_side.items[1].body.index == 1  # each alternative numbers from 1
    assert king_side.items[-1].span.slice(text) == "W{2}"


@pytest.mark.parametrize(
    "text, letters",
    [("(*)([p]\\1)*", ("*",)), ("(X)([p]\\1)*", ("X",)), ("(+)([p]\\1)*", ("+",))],
)
def test_riders_of_the_article(text, letters):
    notation = parse_notation(text)
    direction, ride = notation.body.items
    assert direction == Group(Step(letters, Span(1, 2)), 1, Span(0, 3))
    assert ride.minimum == 0 and ride.maximum is None and ride.span == Span(3, len(text))
    assert ride.body.body.items == (
        Bracket((Check("p", Span(5, 6)),), Span(4, 7)),
        GroupStep(1, False, Span(7, 9)),
    )


def test_knight_of_the_article():
    text = "N,OM;E,OT;S TR;W,RM"
    tree = body(text)
    readings = [[item.letters for item in option.items] for option in tree.options]
    assert readings == [
        [("N",), ("O", "M")],
        [("E",), ("O", "T")],
        [("S",), ("T", "R")],
        [("W",), ("R", "M")],
    ]
    assert tree.options[2].span.slice(text) == "S TR"


def test_pawn_of_the_article():
    text = "N[p];OM[e];[M](N[p]){2};[(te,=Pawn,x)>E]O[l>N];[(te,=Pawn,x)>W]M[l>N]"
    tree = body(text)
    assert len(tree.options) == 5
    en_passant = tree.options[3]
    (send,) = en_passant.items[0].items
    assert send.items == (
        Check("t", Span(26, 27)),
        Check("e", Span(27, 28)),
        TypeCheck("Pawn", False, Span(29, 34)),
        Check("x", Span(35, 36)),
    )
    assert send.path == (NavStep("E", None, False, Span(38, 39)),)
    assert en_passant.items[1] == Step(("O",), Span(40, 41))
    (look,) = en_passant.items[2].items
    assert look.items == (Check("l", Span(42, 43)),) and look.path[0].letter == "N"
    assert tree.options[4].items[0].items[0].path[0].letter == "W"


def test_fanorona_stone_of_the_guide():
    text = "(*)[p]|(((\\1[ex])++;~1(~1[ex])++)(&(*)[!\\0][pR]|((\\6[ex])++;~6(~6[ex])++))*)?"
    notation = parse_notation(text)
    assert notation.group_count == 8  # the alternatives share numbers: branch reset
    optional = notation.body.items[3]
    assert (optional.minimum, optional.maximum, optional.possessive) == (0, 1, False)
    capture, chain = optional.body.body.items
    assert all(option for option in capture.body.options)
    assert capture.body.options[0].possessive and capture.body.options[0].minimum == 1
    assert chain.minimum == 0 and chain.maximum is None and not chain.possessive
    continuation = chain.body.body.items
    assert isinstance(continuation[0], Continue)
    assert continuation[1].index == 6 and continuation[1].body == Step(("*",), Span(36, 37))
    assert continuation[2].items == (DirectionCheck(0, False, True, Span(39, 42)),)
    refs = {node.group for node in walk(notation) if isinstance(node, GroupStep)}
    assert refs == {1, 6}


def test_alternatives_number_their_groups_from_the_same_start():
    notation = parse_notation("(+)([p]\\1)*[p];(+)([p]\\1)*[P]\\1([p]\\1)*[e]")
    first, second = notation.body.options
    assert [g.index for g in walk(first) if isinstance(g, Group)] == [1, 2]
    assert [g.index for g in walk(second) if isinstance(g, Group)] == [1, 2, 3]
    assert notation.group_count == 3
    after = parse_notation("((N);(S)(E))(W)")
    assert [g.index for g in walk(after) if isinstance(g, Group)] == [1, 2, 2, 3, 4]


def test_chess_pawn_with_promotion_of_the_guide():
    tree = body("(N[p];OM[e])([!@last];[@last][+Queen/Rook/Bishop/Knight])")
    promotion = tree.items[1].body.options[1].items[1].items[0]
    assert promotion.choices == ("Queen", "Rook", "Bishop", "Knight")


# --------------------------------------------------------------------------- the parser itself


def test_parses_are_cached():
    assert parse_notation("(+)([p]\\1)*") is parse_notation("(+)([p]\\1)*")


def test_notation_keeps_its_text():
    assert parse_notation(" N ").text == " N "


def test_non_string_is_a_type_error():
    with pytest.raises(TypeError):
        parse_notation(None)  # type: ignore[arg-type]


def test_multi_line_notation_spans():
    text = "N;\n  [p]E"
    tree = body(text)
    assert tree.options[1].span == Span(5, 9)
    assert tree.options[1].items[1].span.slice(text) == "E"


def test_deep_nesting_parses():
    text = "(" * 60 + "N" + ")" * 60
    assert parse_notation(text).group_count == 60


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        parse_notation("Q")
    assert issubclass(NotationError, ValueError)

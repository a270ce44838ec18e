"""Reading a parsed notation back: the indented tree, canonical text, and plain English."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from dagaz_studio.notation import describe, format_tree, parse_notation, records, to_notation
from dagaz_studio.notation.nodes import Span, walk
from tests.helpers.notation_strategies import FREE, notations

# --------------------------------------------------------------------------- format_tree


def test_tree_of_the_rook():
    assert format_tree(parse_notation("(+)([p]\\1)*")).splitlines() == [
        "Sequence  (+)([p]\\1)*",
        "  Group 1  (+)",
        "    Step +  +",
        "  Repeat 0..inf  ([p]\\1)*",
        "    Group 2  ([p]\\1)",
        "      Sequence  [p]\\1",
        "        Bracket  [p]",
        "          Check p  p",
        "        GroupStep \\1  \\1",
    ]


def test_tree_shows_details_of_every_kind():
    text = "(N)WE{1,2}+;~1^|&[o:castling,=Pawn,!@last,!\\1,+Queen/Rook,3,(t,e)>E>N]"
    lines = format_tree(parse_notation(text)).splitlines()
    assert lines[0] == f"Alternatives  {text}"
    expected = [
        "    Group 1  (N)",
        "    Repeat 1..2 possessive  WE{1,2}+",
        "      Step W|E  WE",
        "    GroupStep ~1  ~1",
        "    Lift  ^",
        "    Put  |",
        "    Continue  &",
        "      Check o:castling  o:castling",
        "      TypeCheck =Pawn  =Pawn",
        "      ZoneCheck !@last  !@last",
        "      DirectionCheck !\\1  !\\1",
        "      Promote Queen/Rook  +Queen/Rook",
        "      Handler 3  3",
        "      Navigate >E>N  (t,e)>E>N",
        "        Check t  t",
    ]
    for line in expected:
        assert line in lines


def test_tree_has_one_line_per_node():
    notation = parse_notation("N[p];OM[e];[M](N[p]){2}")
    assert len(format_tree(notation).splitlines()) == sum(1 for _ in walk(notation))


# --------------------------------------------------------------------------- to_notation

ARTICLE = [
    "(*)[p]|((\\1[ex])*;~1(~1[ex])*)",
    "*[A];[MA](E[p]){2}[A]|E^[M]W{2};[MA](W[p]){3}[A]|W^[M]E{2}",
    "(*)([p]\\1)*",
    "(X)([p]\\1)*",
    "(+)([p]\\1)*",
    "N,OM;E,OT;S,TR;W,RM",
    "N[p];OM[e];[M](N[p]){2};[(te,=Pawn,x)>E]O[l>N];[(te,=Pawn,x)>W]M[l>N]",
    "(*)[p]|(((\\1[ex])++;~1(~1[ex])++)(&(*)[!\\0][pR]|((\\6[ex])++;~6(~6[ex])++))*)?",
]


@pytest.mark.parametrize("text", ARTICLE)
def test_canonical_text_of_the_articles_pieces_is_what_they_wrote(text):
    assert to_notation(parse_notation(text)) == text


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("S TR", "S,TR"),
        ("N* +", "N*,+"),
        ("N{2,2} ; E{0,}+", "N{2};E*+"),
        ("N{1,}{0,1}".replace("{0,1}", ""), "N+"),
        ("[ e , x ]", "[ex]"),
        ("[e,x,3,=Pawn,\\0,t>N]", "[ex3,=Pawn,\\0,t>N]"),
        ("[=Pawn,x,@zone,M]", "[=Pawn,x,@zone,M]"),
        ("[x>N,E]", "[x>N,E]"),
        ("[(x)>N]", "[x>N]"),
        ("[o:c,p]", "[o:c,p]"),
        ("[@last,+?Queen/Rook]", "[@last,+?Queen/Rook]"),
        ("++ +", "++,+"),
    ],
)
def test_canonical_text(text, canonical):
    assert to_notation(parse_notation(text)) == canonical


def _shape(element):
    """A tree without its spans, to compare trees read from different texts."""
    if isinstance(element, tuple):
        return tuple(_shape(item) for item in element)
    if records.is_record(element):
        return (type(element).__name__,) + tuple(
            _shape(getattr(element, name)) for name in records.fields(element) if name not in ("span", "quantifier_span")
        )
    return element


@settings(max_examples=300, deadline=None)
@given(notations(FREE))
def test_canonical_text_reads_back_as_the_same_tree(text):
    notation = parse_notation(text)
    canonical = to_notation(notation)
    again = parse_notation(canonical)
    assert _shape(again.body) == _shape(notation.body)
    assert again.group_count == notation.group_count
    assert to_notation(again) == canonical
    assert len(canonical) <= len(text)


# --------------------------------------------------------------------------- describe


def test_english_of_the_rook():
    assert describe(parse_notation("(+)([p]\\1)*")) == (
        "step in any orthogonal direction (direction 1); then, any number of times: "
        "the square must be empty, then step in direction 1"
    )


def test_english_of_the_knight_lists_each_way():
    assert describe(parse_notation("N,OM;E,OT;S TR;W,RM")).splitlines() == [
        "any of these 4 ways:",
        "1. step north; then, step north-east or north-west",
        "2. step east; then, step north-east or south-east",
        "3. step south; then, step south-east or south-west",
        "4. step west; then, step south-west or north-west",
    ]


def test_groups_nobody_refers_to_are_not_mentioned():
    assert describe(parse_notation("(E[p]){2}")) == "twice: step east, then the square must be empty"


def test_group_with_several_steps_names_its_last_step():
    assert describe(parse_notation("(NE)\\1")) == (
        "step north or east (direction 1); then, step in direction 1"
    )
    assert describe(parse_notation("(N,E)~1")) == (
        "step north, then step east (the direction of its last step is direction 1); "
        "then, step opposite to direction 1"
    )


@pytest.mark.parametrize(
    "text, english",
    [
        ("*", "step in any direction"),
        ("X", "step in any diagonal direction"),
        ("NX", "step north or diagonally"),
        ("WNE", "step west, north or east"),
        ("U;D", "any of these 2 ways:\n1. step up\n2. step down"),
        ("\\0", "step in the direction of the previous partial move"),
        ("~0", "step against the direction of the previous partial move"),
        ("^", "lift the piece on the square into the hand"),
        ("|", "put the piece in hand down on the square"),
        ("&", "end this partial move, and go on with the same piece"),
        ("N?", "optionally: step north"),
        ("N?+", "if possible: step north"),
        ("N+", "one or more times: step north"),
        ("N*+", "any number of times, as many as possible: step north"),
        ("N{3}", "exactly 3 times: step north"),
        ("N{1}", "once: step north"),
        ("N{2,}", "at least 2 times: step north"),
        ("N{,4}", "at most 4 times: step north"),
        ("N{2,4}", "2 to 4 times: step north"),
        ("[ex]", "an enemy piece must stand on the square, then capture the piece on the square"),
        ("[MA]", "the piece must not have moved yet and the square must not be attacked by the enemy"),
        ("[=Pawn]", "a Pawn must stand on the square"),
        ("[=Elephant]", "an Elephant must stand on the square"),
        ("[!=Pawn]", "no Pawn may stand on the square"),
        ("[@palace]", "the square must be in the zone 'palace'"),
        ("[!@palace]", "the square must not be in the zone 'palace'"),
        ("[!\\0]", "the last step must not have gone in the direction of the previous partial move"),
        ("(N)[~1]", "step north (direction 1); then, the last step must have gone opposite to direction 1"),
        ("[+Queen]", "the piece in hand becomes a Queen"),
        (
            "[+Queen/Rook/Bishop]",
            "the piece in hand becomes a Queen, a Rook or a Bishop (each choice a move of its own)",
        ),
        ("[3]", "custom handler 3 must accept"),
        ("[o]", "this kind of move must not have been made before in the game"),
        (
            "[o:castling]",
            "no move labelled 'castling' may have been made before (this move is labelled so)",
        ),
        ("[O:castling]", "a move labelled 'castling' must have been made before"),
        ("[x>N]", "on the square one step north (without moving there): capture the piece on the square"),
        (
            "(N)[l>\\1>~1]",
            "step north (direction 1); then, on the square one step in direction 1 then opposite to "
            "direction 1 (without moving there): the square must be where the previous partial move started",
        ),
        (
            "N;E,S",
            "any of these 2 ways:\n1. step north\n2. step east; then, step south",
        ),
        ("(N;E,S)", "either step north or (step east, then step south)"),
    ],
)
def test_english_of_each_kind(text, english):
    assert describe(parse_notation(text)) == english


def test_every_check_letter_has_its_own_english():
    readings = {letter: describe(parse_notation(f"[{letter}]")) for letter in "pPeEfFaAsSoOmMrRlLtTx"}
    assert len(set(readings.values())) == len(readings)
    for lower in "pefasomrlt":
        assert readings[lower] != readings[lower.upper()]


@settings(max_examples=300, deadline=None)
@given(notations(FREE))
def test_every_valid_notation_has_an_english_reading_and_a_tree(text):
    notation = parse_notation(text)
    assert describe(notation)
    assert len(format_tree(notation).splitlines()) == sum(1 for _ in walk(notation))


def test_describe_ignores_spans():
    a, b = parse_notation("N , E"), parse_notation("N,E")
    assert a.body.span != b.body.span
    assert describe(a) == describe(b)


def test_spans_in_the_tree_are_source_slices():
    notation = parse_notation("[(te,=Pawn,x)>E]O")
    navigate = notation.body.items[0].items[0]
    assert navigate.span == Span(1, 15)
    assert "Navigate >E  (te,=Pawn,x)>E" in format_tree(notation)


def test_promotion_to_a_lost_piece_reads_in_words_and_writes_back() -> None:
    assert "a Queen or a Rook its side has lost" in describe(parse_notation("N[+?Queen/Rook]"))
    assert "lost" not in describe(parse_notation("N[+Queen/Rook]"))
    assert to_notation(parse_notation("N[ +?Queen/Rook ]")) == "N[+?Queen/Rook]"

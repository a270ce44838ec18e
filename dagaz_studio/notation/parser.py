"""Reading notation text into a :class:`~dagaz_studio.notation.nodes.Notation`.

The grammar lives in ``notation.lark``. Parsing happens in three passes, each with its own kind of
error message:

1. a bracket scan, so that an unclosed ``(`` is reported where it was opened rather than where the
   text ran out;
2. the LALR parse, whose errors are turned into messages in words by looking at the character
   where the parse stopped and what stands before it (from the parser state kept while parsing, so
   that a text is parsed once, error or not, and reading time grows linearly with its length);
3. the tree builder (:mod:`~dagaz_studio.notation.tree_builder`), which checks what the grammar lexes permissively (names, labels, counts,
   navigation directions, group references) so that each mistake is reported with its exact span.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedInput, UnexpectedToken
from lark.parsers.lalr_interactive_parser import InteractiveParser

from dagaz_studio.notation.cancel import LOOK_EVERY, current_flag, look
from dagaz_studio.notation.collection import collector_paused
from dagaz_studio.notation.errors import MAX_NOTATION_LENGTH, NotationError, line_and_column, shown_character
from dagaz_studio.notation.grammar_cache import cached_lark
from dagaz_studio.notation.nodes import CHECK_LETTERS, Notation, Span
from dagaz_studio.notation.tree_builder import MAX_COUNT, TreeBuilder

__all__ = ["parse_notation", "GRAMMAR_PATH", "DIRECTION_LETTERS", "MAX_NOTATION_LENGTH", "MAX_NESTING", "MAX_COUNT"]

GRAMMAR_PATH = Path(__file__).with_name("notation.lark")

#: Letters that may appear in a run of directions.
DIRECTION_LETTERS = "NSWEMORTUDX"

_OPENERS = {"(": ")", "[": "]", "{": "}"}

#: Deeper nesting than this is refused: the tree is built and read recursively.
MAX_NESTING = 100


_CLOSERS = {closer: opener for opener, closer in _OPENERS.items()}

#: Terminal names of the grammar, in words, in the order "expected" lists show them.
_TERMINAL_WORDS = {
    "DIRECTIONS": "a direction letter (N S W E M O R T U D X)",
    "DIRECTION_SET": "'+' or '*' (a direction)",
    "GROUP_REF": "'\\k' or '~k'",
    "LPAR": "'('",
    "LSQB": "'['",
    "LIFT": "'^'",
    "PUT": "'|'",
    "CONTINUE": "'&'",
    "QUANT": "a quantifier (? * + {n,m})",
    "CHECK": "a check letter",
    "LABELLED_CHECK": "'o:label'",
    "TYPE_CHECK": "'=Name'",
    "RUN_CHECK": "'un' (moves in a row)",
    "ZONE_CHECK": "'@zone'",
    "DIRECTION_CHECK": "'\\k' or '~k'",
    "PROMOTE": "'+Name'",
    "CREATE": "'*Name'",
    "HANDLER": "a handler number 1-9",
    "NAV_DIRECTIONS": "a direction letter",
    "GT": "'>'",
    "NOT": "'!('",
    "COMMA": "','",
    "SEMI": "';'",
    "RPAR": "')'",
    "RSQB": "']'",
    "$END": "the end of the notation",
}


@lru_cache(maxsize=1)
def notation_grammar() -> Lark:
    """The parser, built on first use and then shared."""
    return cached_lark(
        "notation",
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        keep_all_tokens=True,
        cache=True,  # the grammar's analysis, kept between runs (see board/loader.py)
    )


@lru_cache(maxsize=2048)
def parse_notation(text: str) -> Notation:
    """Parse notation text into its tree.

    Raises :class:`NotationError` for anything that is not valid notation; no other exception
    escapes, except :class:`~dagaz_studio.notation.cancel.ReadingCancelled` when the reading was
    cancelled (see :func:`~dagaz_studio.notation.cancel.cancellable`). Results are cached: the same
    text returns the same (immutable) object.

    >>> parse_notation("(+)([p]\\\\1)*").group_count
    2
    """
    if not isinstance(text, str):
        raise TypeError(f"notation must be a string, not {type(text).__name__}")
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(
            f"the notation is {len(text):,} characters long: at most {MAX_NOTATION_LENGTH:,} are read",
            text, Span(MAX_NOTATION_LENGTH, len(text)),
        )
    if not text.strip():
        raise NotationError("empty notation", text, Span(0, len(text)), _expected_words(_state_at("", 0)[0]))
    _check_structure(text)
    with collector_paused():
        tree = _parse_tree(text)
        look(current_flag())
        return TreeBuilder(text).build(tree)


def _parse_tree(text: str) -> Tree[Token]:
    """The LALR parse of ``text``, in one pass even when it fails.

    The parser is driven token by token, keeping its stacks as they were before the token being
    fed and the token before that, so that a syntax error is explained from that state (what could
    have come there, what came just before) without parsing the text a second time.
    """
    interactive = notation_grammar().parse_interactive(text)
    state = interactive.parser_state
    last: Token | None = None
    before: Token | None = None  # the token before ``last``
    stacks = (list(state.state_stack), list(state.value_stack))
    flag = current_flag()
    read = 0
    try:
        for token in interactive.iter_parse():
            # Read before the token is fed (the generator feeds it when resumed).
            stacks = (list(state.state_stack), list(state.value_stack))
            before, last = last, token
            read += 1
            if read % LOOK_EVERY == 0:
                look(flag)
        before = last
        stacks = (list(state.state_stack), list(state.value_stack))
        tree: Tree[Token] = interactive.feed_eof(last)
        return tree
    except UnexpectedToken as exc:
        if exc.token is last or exc.token.type == "$END":
            # The parser refused the token it was fed: back to the stacks before it, whatever
            # reductions the token set off.
            state.state_stack[:], state.value_stack[:] = stacks
            raise _syntax_error(text, exc, (_accepted(interactive), before)) from None
        # The contextual lexer refused a token the parser could not take: ``last`` was fed.
        raise _syntax_error(text, exc, (_accepted(interactive), last)) from None
    except UnexpectedInput as exc:
        # The lexer found no token: the last token was fed, and the state is the one after it.
        raise _syntax_error(text, exc, (_accepted(interactive), last)) from None
    except LarkError as exc:  # any other lark failure must still reach the user in words
        raise NotationError(f"cannot read the notation: {exc}", text, Span(0, len(text))) from None


def _accepted(interactive: InteractiveParser) -> set[str]:
    try:
        return set(interactive.accepts())
    except LarkError:
        return set()


# --------------------------------------------------------------------------- pass 1: brackets


def _where(text: str, offset: int) -> str:
    """'column 4', or 'line 2, column 4' in a notation folded over several lines."""
    line, column = line_and_column(text, offset)
    return f"line {line}, column {column}" if "\n" in text else f"column {column}"


def _check_structure(text: str) -> None:
    """Raise for the first closer without an opener, a mismatched pair, or an unclosed opener."""
    stack: list[tuple[str, int]] = []
    for offset, char in enumerate(text):
        if char in _OPENERS:
            stack.append((char, offset))
            if len(stack) > MAX_NESTING:
                raise NotationError(
                    f"nested too deeply: more than {MAX_NESTING} levels", text, Span(offset, offset + 1)
                )
        elif char in _CLOSERS:
            if not stack:
                raise NotationError(
                    f"'{char}' without a matching '{_CLOSERS[char]}'", text, Span(offset, offset + 1)
                )
            opener, opened_at = stack.pop()
            if _OPENERS[opener] != char:
                raise NotationError(
                    f"'{char}' does not close '{opener}' opened at {_where(text, opened_at)}:"
                    f" expected '{_OPENERS[opener]}'",
                    text,
                    Span(offset, offset + 1),
                    (f"'{_OPENERS[opener]}'",),
                )
    for match in re.finditer(r"\{([0-9]+)\}|\{([0-9]*),([0-9]*)\}", text):
        # Counts are checked here, before any parsing, so that a huge count is refused at once and a
        # minimum above maximum is reported as the first problem, before any later mistake.
        for number in match.groups():
            if number and (len(number.lstrip("0")) > len(str(MAX_COUNT)) or int(number) > MAX_COUNT):
                raise NotationError(f"the count {number} is above the limit of {MAX_COUNT:,} repetitions",
                                    text, Span(match.start(), match.end()))
    for match in re.finditer(r"\{([0-9]+),([0-9]+)\}\+?", text):
        if int(match.group(1)) > int(match.group(2)) and not _inside_brackets(text, match.start()):
            core = match.group(0).rstrip("+")
            raise NotationError(f"'{core}': minimum above maximum", text, Span(match.start(), match.end()))
    if stack:
        opener, opened_at = stack[0]
        raise NotationError(
            f"unclosed '{opener}' opened at {_where(text, opened_at)}",
            text,
            Span(opened_at, opened_at + 1),
            (f"'{_OPENERS[opener]}'",),
        )


def _inside_brackets(text: str, offset: int) -> bool:
    return text.count("[", 0, offset) > text.count("]", 0, offset)


# --------------------------------------------------------------------------- pass 2: syntax errors


def _expected_words(names: set[str]) -> tuple[str, ...]:
    """Readable names for a set of terminal names, in a stable order, without repeats."""
    words: list[str] = []
    for name, word in _TERMINAL_WORDS.items():
        if name in names and word not in words:
            words.append(word)
    return tuple(words)


def _state_at(text: str, offset: int) -> tuple[set[str], Token | None]:
    """The terminals the parser would accept after ``text[:offset]``, and the last token before it."""
    last: Token | None = None
    try:
        interactive = notation_grammar().parse_interactive(text[:offset])
        for token in interactive.iter_parse():
            last = token
        return set(interactive.accepts()), last
    except LarkError:
        return set(), last


def _quantifier_at(text: str, offset: int) -> str:
    """The quantifier written at ``offset`` (``'?'``, ``'{2,3}'``, ``'*+'``)."""
    match = re.compile(r"(?:[?*+]|\{[^{}]*\})\+?").match(text, offset)
    return match.group(0) if match else text[offset]


def _syntax_error(text: str, exc: UnexpectedInput,
                  state: tuple[set[str], Token | None] | None = None) -> NotationError:
    """Turn a lark error into a :class:`NotationError` whose message says what is wrong.

    ``state`` is what :func:`_state_at` gives at the offset of the error, when the caller knows it.
    """
    token: Token | None = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedToken) and token is not None and token.type == "$END":
        offset = len(text)
    elif isinstance(exc, UnexpectedToken) and token is not None and token.start_pos is not None:
        offset = token.start_pos
    else:
        offset = getattr(exc, "pos_in_stream", None) or 0
    offset = max(0, min(offset, len(text)))
    accepted, previous_token = state if state is not None else _state_at(text, offset)
    # The lexer reads '+' and '*' by what stands just before them (see the grammar): offer only
    # the reading that is possible at this offset.
    if offset == 0 or text[offset - 1] in "(;," or text[offset - 1].isspace():
        accepted.discard("QUANT")
    else:
        accepted.discard("DIRECTION_SET")
    expected = _expected_words(accepted)
    message, length = _describe_problem(text, offset, token, previous_token)
    return NotationError(message, text, Span(offset, min(len(text), offset + length)), expected)


def _describe_problem(
    text: str, offset: int, token: Token | None, previous_token: Token | None
) -> tuple[str, int]:
    """The message for a parse that stopped at ``offset``, and how many characters it covers."""
    before = text[:offset].rstrip()
    previous = before[-1:]  # the last character that is not white space, or ''
    spaced = len(before) < offset  # white space between the previous character and here
    in_brackets = before.count("[") > before.count("]")
    at_end = offset >= len(text)
    char = "" if at_end else text[offset]

    if at_end:
        if previous == ";":
            return "empty alternative: nothing follows ';'", 0
        if previous == ",":
            return "',' must be followed by another part", 0
        return "unexpected end of the notation", 0

    token_type = token.type if token is not None and token.type != "$END" else None
    if in_brackets:
        return _bracket_problem(text, offset, char, previous)

    if token_type == "QUANT" or char in "?{":
        quantifier = _quantifier_at(text, offset)
        if previous_token is not None and previous_token.type == "QUANT" and not spaced:
            hint = {"*": "; write ',*' for a step in any direction", "+": "; write ',+' for an orthogonal step"}
            return f"'{quantifier}' cannot follow a quantifier" + hint.get(quantifier, ""), len(quantifier)
        if spaced and previous and previous not in "(;,":
            return f"'{quantifier}' must follow the part it repeats at once, without a space", len(quantifier)
        return f"'{quantifier}' has nothing to repeat", len(quantifier)
    if char == "}":
        return "'}' without a matching '{'", 1
    if char.isalpha():
        if char in CHECK_LETTERS and char.islower():
            run = re.compile(r"[a-z]+").match(text, offset).group(0)
            # Suggest brackets only around what would then read as checks: the check letters the
            # run begins with ('Npiece' gives '[p]', not a bracket of letters picked out of a word).
            checks = re.compile(f"[{CHECK_LETTERS}]+").match(run).group(0)
            if len(checks) < len(run) and not run[len(checks)].isupper():
                checks = checks[:1]
            if char in "oO" and text[offset + 1 : offset + 2] == ":":
                checks = re.compile(r"[oO]:[^\s,;()\[\]>]*").match(text, offset).group(0)
            return f"checks go in brackets: write '[{checks}]'", len(checks)
        if char.upper() in DIRECTION_LETTERS:
            return f"unknown direction '{char}': directions are upper-case letters", 1
        return f"unknown direction '{char}'", 1
    if char in "0123456789":
        return f"handlers go in brackets: write '[{char}]'; a count of repetitions goes in braces: '{{{char}}}'", 1
    if char in "=@!>:":
        return f"'{char}' belongs in brackets, as in '[=Name]', '[@zone]', '[x>N]'", 1
    if char in "\\~":
        return f"'{char}' must be followed by a group number 0-9", 1
    if char == "%":
        return "'%' makes a step wrap around the board's edge: it follows a direction or a group step, as in 'E%'", 1
    if char == ")":
        if previous == "(":
            return "empty group", 1
        if previous == ";":
            return "empty alternative: nothing between ';' and ')'", 1
        if previous == ",":
            return "',' must be followed by another part", 1
    if char == ";":
        if previous in ("", "(", ";"):
            return "empty alternative", 1
        if previous == ",":
            return "',' must be followed by another part", 1
    if char == ",":
        return "',' must stand between two parts", 1
    return f"unexpected {shown_character(char)}", 1


def _bracket_problem(text: str, offset: int, char: str, previous: str) -> tuple[str, int]:
    """The message for a parse that stopped inside brackets."""
    if char.isalpha():
        if previous == ">":  # direction letters lex after '>', so this one is not a direction
            return f"unknown direction '{char}'", 1
        return f"unknown check '{char}'", 1
    if char == "]":
        if previous == "[":
            return "empty brackets", 1
        if previous == ">":
            return "'>' must be followed by a direction", 1
        if previous == ",":
            return "',' must be followed by another item", 1
        if previous == ")":
            return "items in parentheses must be sent to a square: write '(…)>N'", 1
    if char == ")":
        if previous == "(":
            return "empty parentheses", 1
        if previous == ">":
            return "'>' must be followed by a direction", 1
        if previous == ",":
            return "',' must be followed by another item", 1
    if char == ">":
        if previous in ("[", "(", ","):
            return "'>' must follow the item it sends to another square, as in '[x>N]'", 1
        return "'>' must be followed by a direction", 1
    if char == ",":
        if previous == ">":
            return "'>' must be followed by a direction", 1
        return "',' must stand between two items", 1
    if char == "!":
        return (
            "'!' goes before '=Name', '@zone', '\\k', '~k' or '(…)>N';"
            " for the opposite of a check, write its letter in the other case",
            1,
        )
    if char in "\\~":
        return f"'{char}' must be followed by a group number 0-9", 1
    if char == "%":
        return "'%' makes a step wrap around the board's edge: it follows a direction or a group step, as in 'E%'", 1
    if char == ":":
        return "':' must follow 'o' or 'O', as in '[o:castling]'", 1
    if char == "(" and previous == ">":
        return "navigation takes one direction, not a group", 1
    if char in ";^|&?*{}":
        return f"'{char}' cannot appear in brackets", 1
    if char == "(":
        return "unexpected '('", 1
    return f"unexpected {shown_character(char)} in brackets", 1


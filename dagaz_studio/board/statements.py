"""Board files, first pass: statements, their syntax, and the problems found.

A file is split into statements (a line beginning with white space continues the statement above;
``#`` starts a comment) and each statement is parsed with the grammar in ``board.lark``. A problem
is collected with its file position (:class:`Problem`) rather than stopping the reading: the loader
(:mod:`dagaz_studio.board.loader`) reports them all together in one :class:`BoardFileError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

# Kept importable from here too, where they were defined before.
from dagaz_studio.board.game_rules import RULE_WORDS
from dagaz_studio.board.problems import MAX_BOARD_FILE as MAX_BOARD_FILE
from dagaz_studio.board.problems import BoardFileError as BoardFileError
from dagaz_studio.board.problems import BoardReadError as BoardReadError
from dagaz_studio.board.problems import Problem, echoed
from dagaz_studio.board.source import file_lines
from dagaz_studio.notation.grammar_cache import cached_lark

#: The most squares a board may have; a grid beyond it is refused before any square is made.
MAX_SQUARES = 10_000

#: Rules a board may name with ``rule:``.
KNOWN_RULES = tuple(RULE_WORDS)

_GRAMMAR = Path(__file__).with_name("board.lark")

#: Statement keyword -> the grammar rule that parses it.
_KEYWORD_RULES = {
    "name": "name_stmt",
    "kind": "kind_stmt",
    "grid": "grid_stmt",
    "players": "players_stmt",
    "symmetry": "symmetry_stmt",
    "zone": "zone_stmt",
    "piece": "piece_stmt",
    "setup": "setup_stmt",
    "rule": "rule_stmt",
    "end": "end_stmt",
    "draw": "draw_stmt",
    "names": "names_stmt",
    "name-letter": "name_letter_stmt",
    "value": "value_stmt",
    "drop": "drop_stmt",
    "drop-unmoved": "drop_zone_stmt",
    "drop-balanced": "drop_zone_stmt",
    "gate": "gate_stmt",
    "test": "test_stmt",
}

_STARTS = list(dict.fromkeys(["name_line", "direction_stmt", *_KEYWORD_RULES.values()]))

_KEYWORD_HEAD = re.compile(r"({})(?![A-Za-z0-9_\-])".format("|".join(_KEYWORD_RULES)))
_DIRECTION_HEAD = re.compile(r"[A-Za-z0-9_\-]+\s*=")
BARE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
# A square is named column then row, on a 3-D grid after its level's capital: a1, Aa1.
SQUARE_NAME = re.compile(r"([A-Z]?[a-z]+)([0-9]+)")
RECTANGLE = re.compile(r"([A-Z]?[a-z]+[0-9]+)-([A-Z]?[a-z]+[0-9]+)")
COLUMN_RANGE = re.compile(r"([a-z])(?:-([a-z]))?")
ROW_RANGE = re.compile(r"([0-9]+)(?:-([0-9]+))?")
LEVEL_RANGE = re.compile(r"([A-Z])(?:-([A-Z]))?")

_TERMINAL_WORDS = {
    "WORD": "a name",
    "SIGNED_INT": "a whole number",
    "REST": "text",
    "$END": "end of statement",
    "<END-OF-FILE>": "end of statement",
    "FLAG": "a flag",
    "PROMOTED_LETTER": "a promoted letter (+X or X~)",
    "LABEL": "a label",
    "FEN_FIELD": "a FEN",
    "MOVE_NAME": "a move's name",
    "QUOTED": "a notation between backquotes",
}


#: What a word means after these (a square after a link's '>' or a test's "reaches", a count after
#: "perft"): one terminal reads them all, and "a name" would misname what is missing.
_WORD_AFTER = {">": "a square", "reaches": "a square", "of": "a square", "least": "a square",
               "perft": "a number", "gives": "a number"}
_LAST_WORD = re.compile(r"([A-Za-z]+|[^\sA-Za-z0-9])\s*$")


def looks_like_squares(token: Token) -> bool:
    return bool(SQUARE_NAME.fullmatch(str(token)) or RECTANGLE.fullmatch(str(token)))


# --------------------------------------------------------------------------- statements


@dataclass
class Statement:
    """One statement, joined from its lines, remembering where each character came from."""

    text: str
    positions: list[tuple[int, int]]  # (line, column) of every character of text
    end: tuple[int, int]  # just after the last character

    def where(self, offset: int) -> tuple[int, int]:
        if 0 <= offset < len(self.positions):
            return self.positions[offset]
        return self.end


def split_statements(text: str) -> list[Statement]:
    """The statements of a board file: comments dropped, continuation lines joined by one space."""
    statements: list[Statement] = []
    for number, raw in enumerate(file_lines(text), start=1):
        line = raw.split("#", 1)[0]
        content = line.strip()
        if not content:
            continue
        first = len(line) - len(line.lstrip())
        positions = [(number, first + i + 1) for i in range(len(content))]
        end = (number, first + len(content) + 1)
        if first > 0 and statements:
            previous = statements[-1]
            previous.positions.append(previous.end)
            previous.positions.extend(positions)
            previous.text += " " + content
            previous.end = end
        else:
            statements.append(Statement(content, positions, end))
    return statements


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return cached_lark("board", _GRAMMAR.read_text(encoding="utf-8"), parser="lalr", start=_STARTS)


def _describe_terminal(parser: Lark, name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return name
    return f"'{pattern.value}'" if pattern.type == "str" else name


class Reporter:
    """Where a board file's problems are collected, each with its file position: every reader reports
    here instead of stopping at the first problem."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems: list[Problem] = []
        #: The statement each reported problem is in, by its index in :attr:`problems`: a problem in
        #: a test statement makes that test unreadable, not the board.
        self.sources: dict[int, Statement] = {}

    def report(self, statement: Statement, offset: int, message: str) -> None:
        """A problem at ``offset`` characters into ``statement``."""
        line, column = statement.where(offset)
        self.sources[len(self.problems)] = statement
        self.problems.append(Problem(self.filename, line, column, message))

    def report_token(self, statement: Statement, token: Token, message: str) -> None:
        """A problem at a word of ``statement``."""
        self.report(statement, token.start_pos or 0, message)

    def once(self, items: list[tuple[Tree[Token], Statement]], what: str) -> tuple[Tree[Token], Statement] | None:
        """The first of ``items``; every further one is reported as given twice."""
        for _tree, statement in items[1:]:
            first_line = items[0][1].positions[0][0]
            self.report(statement, 0, f"{what} already given on line {first_line}")
        return items[0] if items else None


def read_statements(text: str, reporter: Reporter) -> list[tuple[str, Tree[Token], Statement]]:
    """The first pass: each statement of ``text`` parsed by its grammar rule, as (rule, tree,
    statement); a statement that does not parse is reported and left out."""
    parsed: list[tuple[str, Tree[Token], Statement]] = []
    for statement in split_statements(text.lstrip("\ufeff")):
        read = _parse_statement(statement, reporter)
        if read is not None:
            parsed.append(read)
    return parsed


def statement_rule(text: str) -> tuple[str, str] | None:
    """The grammar rule a statement's text is read by, and what the statement is called in its
    problems; ``None`` for an unknown statement."""
    head = _KEYWORD_HEAD.match(text)
    if head and text == "test":
        head = None  # a board named "test", as the keyword came after such names were written
    if head and (len(text) == head.end() or text[head.end()] in " \t:"):
        return _KEYWORD_RULES[head.group(1)], f"'{head.group(1)}' statement"
    if _DIRECTION_HEAD.match(text):
        after = text.split("=", 1)[1].lstrip()
        return "direction_stmt", "vector" if after.startswith("(") else "link chain"
    if BARE_WORD.fullmatch(text):
        return "name_line", "name"
    return None


def _parse_statement(statement: Statement, reporter: Reporter) -> tuple[str, Tree[Token], Statement] | None:
    text = statement.text
    known = statement_rule(text)
    if known is None:
        word = re.match(r"[^\s:]*", text).group() or text.split()[0]
        reporter.report(statement, *_unknown_statement(word))
        return None
    rule, what = known
    parser = _parser()
    try:
        tree = parser.parse(text, start=rule)
    except UnexpectedInput as error:
        _report_syntax(statement, error, what, reporter)
        return None
    return rule, tree, statement


def _unknown_statement(word: str) -> tuple[int, str]:
    """Where in an unknown statement, whose first word is ``word``, it goes wrong, and what to say:
    at a character no name or keyword has (``oké``, a full-width colon), the one the reader stumbles
    on being hard to see; else at its start."""
    message = f"unknown statement '{echoed(word)}'"
    odd = re.search(r"[^A-Za-z0-9_\-]", word)
    if odd is not None:
        looks = _looks_like(odd.group())
        return odd.start(), (f"{message}: a name or keyword has only ASCII letters, digits, '_' and '-', "
                             f"not '{echoed(odd.group())}'{f' ({looks})' if looks else ''}")
    if word[:1].isdigit() and BARE_WORD.fullmatch("n" + word):
        return 0, f"{message}: a name begins with a letter"
    return 0, message


def _report_syntax(statement: Statement, error: UnexpectedInput, what: str, reporter: Reporter) -> None:
    parser = _parser()
    if isinstance(error, UnexpectedToken):
        token = error.token
        at_end = token.type == "$END" or token.start_pos is None
        offset = len(statement.text) if at_end else token.start_pos
        # Outside their own statements the catch-all tokens (the rest of the line, a FEN's field,
        # a move's name) swallow more than the character that went wrong.
        shown = token.value[0] if token.type in ("REST", "FEN_FIELD", "MOVE_NAME") else token.value
        found = "end of statement" if at_end else f"'{echoed(shown)}'"
        expected = sorted(_describe_terminal(parser, name) for name in error.expected)
    elif isinstance(error, UnexpectedCharacters):
        offset = error.pos_in_stream
        found = f"'{echoed(statement.text[offset])}'"
        expected = sorted(_describe_terminal(parser, name) for name in error.allowed)
    else:
        offset = len(statement.text)
        found, expected = "end of statement", []
    before = _LAST_WORD.search(statement.text[:offset])
    if before is not None and before.group(1) in _WORD_AFTER:
        expected = [_WORD_AFTER[before.group(1)] if word == _TERMINAL_WORDS["WORD"] else word for word in expected]
    message = f"malformed {what}: unexpected {found}"
    if expected:
        message += "; expected " + " or ".join(dict.fromkeys(expected))
    reporter.report(statement, offset, message + _not_ascii(statement.text[offset:offset + 1]))


def _not_ascii(character: str) -> str:
    """What to add where a problem stands at ``character``, when it is no ASCII character: the ASCII
    one it looks like (a typographic dash or minus sign for '-', a full-width colon for ':'), or
    that names are written in ASCII; ``""`` for an ASCII character."""
    looks = _looks_like(character)
    if looks:
        return f" ({looks})"
    if character.isalnum() and not character.isascii():
        return " (names and keywords are written in ASCII letters, digits, '_' and '-')"
    return ""


def _looks_like(character: str) -> str:
    """``'–' is EN DASH, not '-'``: the ASCII character a non-ASCII ``character`` stands for, or ``""``."""
    import unicodedata

    if not character or character.isascii():
        return ""
    like = "-" if unicodedata.category(character) == "Pd" or character == "\u2212" else \
        unicodedata.normalize("NFKC", character)
    if not (len(like) == 1 and like.isascii() and like.isprintable()):
        return ""
    return f"'{echoed(character)}' is {unicodedata.name(character, 'a character')}, not '{like}'"
    name = unicodedata.name(character, f"U+{ord(character):04X}")
    like = "-" if unicodedata.category(character) == "Pd" or character == "\u2212" else \
        unicodedata.normalize("NFKC", character)
    if like.isascii() and like.isprintable() and len(like) == 1:
        return f" ('{echoed(character)}' is {name}, not '{like}')"
    if character.isalnum():
        return " (names and keywords are written in ASCII letters, digits, '_' and '-')"
    return ""

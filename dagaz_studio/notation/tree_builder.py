"""The third pass of reading a notation (see :mod:`~dagaz_studio.notation.parser`): lark's parse tree
built into the :mod:`~dagaz_studio.notation.nodes` tree, checking what the grammar lexes
permissively (names, labels, counts, navigation directions, group references) so that each mistake
is reported with its exact span."""

from __future__ import annotations

import re

from lark import Token, Tree

from dagaz_studio.notation.cancel import current_flag, look
from dagaz_studio.notation.errors import NotationError
from dagaz_studio.notation.nodes import (
    Alternatives,
    Bracket,
    BracketItem,
    Check,
    Continue,
    CountCheck,
    Create,
    DirectionCheck,
    Group,
    GroupStep,
    Handler,
    Lift,
    Navigate,
    NavStep,
    Node,
    Notation,
    Promote,
    Put,
    Repeat,
    RunCheck,
    Sequence,
    Span,
    Step,
    TypeCheck,
    ZoneCheck,
)
from dagaz_studio.notation.visitor import Visitor

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
# [0-9], not \d: \d also matches '²' and '٣', which int() refuses or reads as another number.
_BRACES = re.compile(r"\{\s*([0-9]*)\s*(?:(,)\s*([0-9]*)\s*)?\}\Z")

#: The largest count in braces (``{n}``, ``{n,m}``): more repetitions than any board has squares.
MAX_COUNT = 10_000


def _span_of(token: Token) -> Span:
    return Span(token.start_pos, token.end_pos)


#: Parts of the tree built between two looks at the reading's cancel flag (about 10 calls each).
_PARTS_BETWEEN_LOOKS = 256


class TreeBuilder:
    """Builds the node tree from lark's parse tree, checking what the grammar leaves open."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.group_count = 0
        self.next_group = 0  # the number of the last group opened on the current branch
        # (group, span, as written) of every \k / ~k, checked once all groups are counted.
        self.references: list[tuple[int, Span, str]] = []
        # Building the tree of a long text takes a while too: the reading's cancel flag is looked at.
        self.flag = current_flag()
        self.parts = 0

    def error(self, message: str, span: Span, expected: tuple[str, ...] = ()) -> NotationError:
        return NotationError(message, self.text, span, expected)

    def build(self, tree: Tree[Token]) -> Notation:
        body = self.alternatives(tree.children[0])
        for group, span, written in sorted(self.references, key=lambda ref: ref[1].start):
            if group > self.group_count:
                if self.group_count == 0:
                    there = "there are no groups"
                elif self.group_count == 1:
                    there = "there is only 1 group"
                else:
                    there = f"there are only {self.group_count} groups"
                raise self.error(f"'{written}' refers to group {group} but {there}", span)
        return Notation(self.text, body, self.group_count)

    # structure

    def alternatives(self, tree: Tree[Token]) -> Node:
        # Branch reset: every alternative numbers its groups from where the alternatives begin, so
        # each alternative of a piece can say \1 for its own first group; numbering goes on after
        # the highest number any alternative used.
        start = highest = self.next_group
        options = []
        for child in tree.children:
            if isinstance(child, Tree):
                self.next_group = start
                options.append(self.sequence(child))
                highest = max(highest, self.next_group)
        self.next_group = highest
        if len(options) == 1:
            return options[0]
        return Alternatives(tuple(options), Span(options[0].span.start, options[-1].span.end))

    def sequence(self, tree: Tree[Token]) -> Node:
        items = [self.part(child) for child in tree.children if isinstance(child, Tree)]
        if len(items) == 1:
            return items[0]
        return Sequence(tuple(items), Span(items[0].span.start, items[-1].span.end))

    def part(self, tree: Tree[Token]) -> Node:
        self.parts += 1
        if self.parts % _PARTS_BETWEEN_LOOKS == 0:
            look(self.flag)
        body = self.atom(tree.children[0])
        if len(tree.children) == 1:
            return body
        quantifier: Token = tree.children[1]
        minimum, maximum, possessive = self.quantifier(quantifier)
        return Repeat(
            body, minimum, maximum, possessive, Span(body.span.start, quantifier.end_pos), _span_of(quantifier)
        )

    def quantifier(self, token: Token) -> tuple[int, int | None, bool]:
        written = str(token)
        core, possessive = written, False
        if len(written) > 1 and written.endswith("+"):
            core, possessive = written[:-1], True
        if core == "?":
            return 0, 1, possessive
        if core == "*":
            return 0, None, possessive
        if core == "+":
            return 1, None, possessive
        match = _BRACES.match(core)
        if not match or (not match.group(1) and not match.group(3)):
            raise self.error(
                f"'{core}' is not a count: write {{n}}, {{n,m}}, {{n,}} or {{,m}}",
                _span_of(token),
                ("a number",),
            )
        low, comma, high = match.groups()
        for number in (low, high):
            if number and (len(number.lstrip("0")) > len(str(MAX_COUNT)) or int(number) > MAX_COUNT):
                raise self.error(f"the count {number} is above the limit of {MAX_COUNT:,} repetitions",
                                 _span_of(token))
        minimum = int(low) if low else 0
        if not comma:
            return minimum, minimum, possessive
        maximum = int(high) if high else None
        if maximum is not None and minimum > maximum:
            raise self.error(f"'{core}': minimum above maximum", _span_of(token))
        return minimum, maximum, possessive

    def atom(self, tree: Tree[Token]) -> Node:
        child = tree.children[0]
        if isinstance(child, Tree):
            if child.data == "group":
                return self.group(child)
            return self.bracket(child)
        span = _span_of(child)
        if child.type in ("DIRECTIONS", "DIRECTION_SET"):
            written = str(child)
            letters = written.rstrip("%").rstrip("'")
            return Step(tuple(letters), span, written.endswith("%"), written.rstrip("%").endswith("'"))
        if child.type == "GROUP_REF":
            group = int(child[1])
            self.references.append((group, span, str(child)[:2]))
            return GroupStep(group, child[0] == "~", span, str(child).endswith("%"))
        if child.type == "LIFT":
            return Lift(span)
        if child.type == "PUT":
            return Put(span)
        return Continue(span)

    def group(self, tree: Tree[Token]) -> Group:
        opening, body_tree, closing = tree.children
        # Numbered before its body is built: groups count by opening parenthesis, left to right.
        self.next_group += 1
        index = self.next_group
        self.group_count = max(self.group_count, index)
        body = self.alternatives(body_tree)
        return Group(body, index, Span(opening.start_pos, closing.end_pos))

    # brackets

    def bracket(self, tree: Tree[Token]) -> Bracket:
        opening, items_tree, closing = tree.children
        return Bracket(self.items(items_tree), Span(opening.start_pos, closing.end_pos))

    def items(self, tree: Tree[Token]) -> tuple[BracketItem, ...]:
        return tuple(self.item(child) for child in tree.children if isinstance(child, Tree))

    def item(self, tree: Tree[Token]) -> BracketItem:
        atom_tree: Tree[Token] = tree.children[0]
        path = tuple(self.nav_step(child) for child in tree.children[1:] if isinstance(child, Tree))
        inner = atom_tree.children[0]
        if isinstance(inner, Tree):  # (items) — only meaningful when sent somewhere
            negation = inner.children[0] if len(inner.children) == 4 else None
            opening, items_tree, closing = inner.children[-3:]
            first = negation if negation is not None else opening
            if not path:
                raise self.error(
                    "items in parentheses must be sent to a square: write '(…)>N'",
                    Span(first.start_pos, closing.end_pos),
                    ("'>'",),
                )
            items = self.items(items_tree)
            if negation is not None:
                self.only_checks(items)
            return Navigate(items, path, Span(first.start_pos, path[-1].span.end), negation is not None)
        single = self.item_token(inner)
        if not path:
            return single
        return Navigate((single,), path, Span(single.span.start, path[-1].span.end))

    def only_checks(self, items: tuple[BracketItem, ...]) -> None:
        """A negated look (``!(…)>N``) asks and changes nothing: no capture, promotion or other action."""
        for item in items:
            action = _ACTION.visit(item)
            if action is not None:
                raise self.error("'!(…)' only checks: an action cannot be negated", action.span, ("a check",))

    def nav_step(self, tree: Tree[Token]) -> NavStep:
        token: Token = tree.children[0]
        span = _span_of(token)
        if token.type == "GROUP_REF":
            if str(token).endswith("%"):
                raise self.error("a navigation does not wrap around the board's edge: '%' follows a step",
                                 span, ("one direction",))
            group = int(token[1])
            self.references.append((group, span, str(token)))
            return NavStep(None, group, token[0] == "~", span)
        letter = str(token).rstrip("'")
        if len(letter) > 1 or letter in ("+", "*", "X"):
            raise self.error(f"navigation takes one direction, not a set: '{token}'", span, ("one direction",))
        return NavStep(letter, None, False, span, str(token).endswith("'"))

    def name(self, written: str, start: int, what: str, prefix: str) -> str:
        """Check a piece, zone or label name written at ``start``."""
        if not written:
            raise self.error(f"'{prefix}' must be followed by {what}", Span(start, start), (what,))
        if not _NAME.match(written):
            raise self.error(
                f"bad {what.split(' ', 1)[1]} '{written}': a name is letters, digits, '_' and '-',"
                " beginning with a letter",
                Span(start, start + len(written)),
            )
        return written

    def count_check(self, written: str, start: int, span: Span) -> CountCheck:
        """``=n``, ``=n-m``, ``=n-``, optionally ``:Name`` (the mover's pieces of that type) and
        ``@zone``: a count of pieces."""
        counts, _, zone = written[1:].partition("@")
        counts, colon, piece = counts.partition(":")
        low, high = self.counts(counts, written, span, "=")
        name = None
        if colon:
            piece = self.name(piece, start + 2 + len(counts), "a piece name", ":")
        if "@" in written:
            name = self.name(zone, start + 2 + len(counts) + len(colon + piece), "a zone name", "@")
        return CountCheck(low, high, name, span, piece or None)

    def counts(self, counts: str, written: str, span: Span, sign: str) -> tuple[int, int | None]:
        """``n``, ``n-m`` or ``n-`` (at least n) after ``=`` or ``u``: the least and the most (``None``)."""
        match = re.fullmatch(r"([0-9]+)(-([0-9]*))?", counts)
        if match is None:
            if sign == "u":
                raise self.error(f"'{written}': write a count of moves in a row as un, un-m or un- (at least n)",
                                 span, ("a count un",))
            raise self.error(f"'{written}': write a count of pieces as =n, =n-m or =n- (at least n), "
                             "optionally followed by :Name or @zone", span, ("a count =n",))
        numbers = [match.group(1)] + ([match.group(3)] if match.group(3) else [])
        for number in numbers:
            if len(number.lstrip("0")) > len(str(MAX_COUNT)) or int(number) > MAX_COUNT:
                raise self.error(f"the count {number} is above the limit of {MAX_COUNT:,}", span, ("a count",))
        low = int(match.group(1))
        high = None if match.group(2) and not match.group(3) else int(numbers[-1])
        if high is not None and high < low:
            raise self.error(f"'{written}': minimum above maximum", span, (f"a count {sign}n-m",))
        return low, high

    def item_token(self, token: Token) -> BracketItem:
        written, span = str(token), _span_of(token)
        kind = token.type
        if kind == "CHECK":
            return Check(written, span)
        if kind == "LABELLED_CHECK":
            label = self.name(written[2:], token.start_pos + 2, "a label", written[:2])
            return Check(written[0], span, label)
        if kind == "RUN_CHECK":
            return RunCheck(*self.counts(written[1:], written, span, "u"), span)
        if kind == "TYPE_CHECK" and re.fullmatch(r"!?=[0-9]+(-[0-9]*)?(:[^@]*)?(@.*)?", written):
            if written.startswith("!"):
                raise self.error(f"'{written}': a count cannot be negated; write the counts wanted ('=1-')",
                                 span, ("a count =n",))
            return self.count_check(written, token.start_pos, span)
        if kind in ("TYPE_CHECK", "ZONE_CHECK"):
            negated = written.startswith("!")
            sign = 2 if negated else 1
            what = "a piece name" if kind == "TYPE_CHECK" else "a zone name"
            name = self.name(written[sign:], token.start_pos + sign, what, written[:sign])
            return (TypeCheck if kind == "TYPE_CHECK" else ZoneCheck)(name, negated, span)
        if kind == "DIRECTION_CHECK":
            negated = written.startswith("!")
            group = int(written[-1])
            self.references.append((group, span, written.lstrip("!")))
            return DirectionCheck(group, written[-2] == "~", negated, span)
        if kind == "PROMOTE":
            # '+?' promotes only to a type the player has lost (fewer on the board than its setup).
            lost = written.startswith("+?")
            sign = "+?" if lost else "+"
            choices = []
            first = start = token.start_pos + len(sign)
            for choice in written[len(sign):].split("/"):
                choices.append(self.name(choice, start, "a piece name", sign if start == first else "/"))
                start += len(choice) + 1
            return Promote(tuple(choices), span, lost)
        if kind == "CREATE":
            return Create(self.name(written[1:], token.start_pos + 1, "a piece name", "*"), span)
        number = int(written)
        if number == 0:
            raise self.error("handlers are numbered 1 to 9: there is no handler 0", span, ("a handler number 1-9",))
        return Handler(number, span)


class _Action(Visitor["BracketItem | None"]):
    """The first item that acts (takes, changes, labels the move…) in a bracket item, looks included."""

    def visit_navigate(self, item: Navigate) -> BracketItem | None:
        return next((found for inner in item.items if (found := self.visit(inner)) is not None), None)

    def visit_promote(self, item: Promote | Create | Handler) -> BracketItem | None:
        return item

    visit_create = visit_handler = visit_promote

    def visit_check(self, item: Check) -> BracketItem | None:
        return item if item.letter in "xdwk" or item.label is not None else None

    def visit_other(self, item: object, *context: object) -> BracketItem | None:
        return None


_ACTION = _Action()

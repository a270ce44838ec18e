"""Reading a parse tree in plain English (:func:`describe`); its text is written by :mod:`text`."""

from __future__ import annotations

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
    Step,
    TypeCheck,
    ZoneCheck,
    walk,
    ways,
)
from dagaz_studio.notation.text import FORM
from dagaz_studio.notation.visitor import Visitor

__all__ = ["describe", "DIRECTION_NAMES"]

#: Direction letters in words.
DIRECTION_NAMES = {
    "N": "north",
    "S": "south",
    "W": "west",
    "E": "east",
    "M": "north-west",
    "O": "north-east",
    "R": "south-west",
    "T": "south-east",
    "U": "up",
    "D": "down",
}

Element = Node | BracketItem



# --------------------------------------------------------------------------- English

_CHECKS = {
    "p": "the square must be empty",
    "P": "the square must not be empty",
    "e": "an enemy piece must stand on the square",
    "E": "no enemy piece may stand on the square",
    "f": "a friendly piece must stand on the square",
    "F": "no friendly piece may stand on the square",
    "a": "the square must be attacked by the enemy",
    "A": "the square must not be attacked by the enemy",
    "s": "the square must be defended by a friendly piece",
    "S": "the square must not be defended by a friendly piece",
    "o": "this kind of move must not have been made before in the game",
    "O": "this kind of move must have been made before in the game",
    "m": "the piece must have moved before",
    "M": "the piece must not have moved yet",
    "r": "the moving piece must have stood on the square earlier in this move",
    "R": "the moving piece must not have stood on the square earlier in this move",
    "l": "the square must be where the previous partial move started",
    "L": "the square must not be where the previous partial move started",
    "t": "the square must be where the previous partial move ended",
    "T": "the square must not be where the previous partial move ended",
    "b": "the square must be where this move began",
    "B": "the square must not be where this move began",
    "c": "this move must have captured on the square",
    "C": "this move must not have captured on the square",
    "k": "the same player moves again after this move",
    "n": "the move counts even if the piece ends where it began and nothing changed (a null move)",
    "x": "capture the piece on the square",
    "d": "destroy the piece on the square (removed, not captured)",
    "w": "the enemy piece on the square changes to the mover's side",
}


#: How a step written with ``%`` reads.
_WRAPPING = ", coming round from the other side where it would leave the board's left or right edge"
_OWN = ", east being the mover's own right"


def _amount(minimum: int, maximum: int | None) -> str:
    if maximum is None:
        return f"at least {minimum}"
    if maximum == minimum:
        return "no" if minimum == 0 else f"exactly {minimum}"
    return f"{minimum} to {maximum}"


def _count_words(item: CountCheck) -> str:
    if item.maximum is None:
        amount = f"at least {item.minimum}"
    elif item.maximum == item.minimum:
        amount = "no" if item.minimum == 0 else f"exactly {item.minimum}"
    else:
        amount = f"{item.minimum} to {item.maximum}"
    noun = "piece" if item.minimum == 1 and item.maximum in (1, None) else "pieces"
    if item.piece:
        noun = item.piece + ("" if item.minimum == 1 and item.maximum in (1, None) else "s")
        where = f"in the zone '{item.zone}' " if item.zone else "on the board "
        return f"the mover must have {amount} {noun} {where.rstrip()}"
    where = f"the squares of the zone '{item.zone}' must hold" if item.zone else "the square must hold"
    return f"{where} {amount} {noun}" + (" in all" if item.zone else "")


def _a(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _direction_variable(group: int, opposite: bool) -> str:
    if group == 0:
        return ("against" if opposite else "in") + " the direction of the previous partial move"
    return ("opposite to" if opposite else "in") + f" direction {group}"


def _step(letters: tuple[str, ...]) -> str:
    sets = {"+": "in any orthogonal direction", "*": "in any direction", "X": "in any diagonal direction"}
    if len(letters) == 1 and letters[0] in sets:
        return "step " + sets[letters[0]]
    words = ["diagonally" if letter == "X" else DIRECTION_NAMES.get(letter, letter) for letter in letters]
    return "step " + _or(words)


def _count(repeat: Repeat) -> str:
    low, high = repeat.minimum, repeat.maximum
    if (low, high) == (0, 1):
        return "if possible" if repeat.possessive else "optionally"
    if (low, high) == (0, None):
        words = "any number of times"
    elif high is None:
        words = "one or more times" if low == 1 else f"at least {low} times"
    elif low == high:
        words = {0: "no times", 1: "once", 2: "twice"}.get(low, f"exactly {low} times")
    elif low == 0:
        words = f"at most {high} times"
    else:
        words = f"{low} to {high} times"
    return words + (", as many as possible" if repeat.possessive else "")


class _References(Visitor[tuple[int, ...]]):
    """The groups a node refers to by number (``\\1``, ``~2``, ``>\\1``)."""

    def visit_group_step(self, element: GroupStep) -> tuple[int, ...]:
        return (element.group,)

    def visit_direction_check(self, element: DirectionCheck) -> tuple[int, ...]:
        return (element.group,)

    def visit_navigate(self, element: Navigate) -> tuple[int, ...]:
        return tuple(step.group for step in element.path if step.group is not None)

    def visit_other(self, element: Node | BracketItem | Notation) -> tuple[int, ...]:
        return ()


class _Acts(Visitor[bool]):
    """Whether a bracket item does something (takes, changes, looks elsewhere) rather than asks:
    such an item reads as what comes next (", then"), a check as a further condition (" and ")."""

    def visit_check(self, item: Check) -> bool:
        return item.letter in "xdw"

    def visit_promote(self, item: Promote) -> bool:
        return True

    visit_create = visit_handler = visit_navigate = visit_promote

    def visit_other(self, item: Node | BracketItem | Notation) -> bool:
        return False


_ACTS = _Acts()


class _English(Visitor[str]):
    """Builds the plain-English reading; knows which groups are referred to, to mention only those."""

    def __init__(self, notation: Notation) -> None:
        references = _References()
        self.referenced: set[int] = {group for element in walk(notation) for group in references.visit(element)}
        #: Whether the node being read is the notation's whole (its parts read as sentences).
        self.top = False

    def node(self, node: Node, top: bool = False) -> str:
        outer, self.top = self.top, top
        try:
            return self.visit(node)
        finally:
            self.top = outer

    def visit_alternatives(self, node: Alternatives) -> str:
        options = [self.wrapped(option) for option in node.options]
        return "either " + " or ".join(options)

    def visit_sequence(self, node: Sequence) -> str:
        joiner = "; then, " if self.top else ", then "
        return joiner.join(self.node(item) for item in node.items)

    def visit_group(self, node: Group) -> str:
        body = self.node(node.body, self.top)
        if node.index not in self.referenced:
            return body
        if FORM.visit(node.body) == "step":
            return f"{body} (direction {node.index})"
        return f"{body} (the direction of its last step is direction {node.index})"

    def visit_repeat(self, node: Repeat) -> str:
        return f"{_count(node)}: {self.node(node.body)}"

    def visit_step(self, node: Step) -> str:
        return _step(node.letters) + (_OWN if node.own else "") + (_WRAPPING if node.wrap else "")

    def visit_group_step(self, node: GroupStep) -> str:
        return "step " + _direction_variable(node.group, node.opposite) + (_WRAPPING if node.wrap else "")

    def visit_lift(self, node: Lift) -> str:
        return "lift the piece on the square into the hand"

    def visit_put(self, node: Put) -> str:
        return "put the piece in hand down on the square"

    def visit_continue(self, node: Continue) -> str:
        return "end this partial move, and go on with the same piece"

    def visit_bracket(self, node: Bracket) -> str:
        return self.items(node.items)

    def wrapped(self, node: Node) -> str:
        """An alternative, in parentheses when it has several parts, so that 'or' reads clearly."""
        text = self.node(node)
        form = FORM.visit(node)
        if form in ("choice", "series") or (
            form in ("group", "postfix", "bracket") and ("," in text or " or " in text)
        ):
            return f"({text})"
        return text

    def items(self, items: tuple[BracketItem, ...]) -> str:
        out = ""
        for position, item in enumerate(items):
            text = self.visit(item)
            if position:
                out += (", then " if _ACTS.visit(item) else " and ") + text
            else:
                out = text
        return out

    def visit_check(self, item: Check) -> str:
        if item.label is None:
            return _CHECKS[item.letter]
        if item.letter == "o":
            return f"no move labelled '{item.label}' may have been made before (this move is labelled so)"
        return f"a move labelled '{item.label}' must have been made before"

    def visit_type_check(self, item: TypeCheck) -> str:
        return (f"no {item.name} may" if item.negated else f"{_a(item.name)} must") + " stand on the square"

    def visit_zone_check(self, item: ZoneCheck) -> str:
        return f"the square must{' not' if item.negated else ''} be in the zone '{item.name}'"

    def visit_count_check(self, item: CountCheck) -> str:
        return _count_words(item)

    def visit_run_check(self, item: RunCheck) -> str:
        return f"the piece must have made {_amount(item.minimum, item.maximum)} moves in a row without capturing"

    def visit_direction_check(self, item: DirectionCheck) -> str:
        went = "must not have gone" if item.negated else "must have gone"
        return f"the last step {went} {_direction_variable(item.group, item.opposite)}"

    def visit_promote(self, item: Promote) -> str:
        lost = " its side has lost (fewer on the board than at the start)" if item.lost else ""
        if len(item.choices) == 1:
            return f"the piece in hand becomes {_a(item.choices[0])}{lost}"
        choices = _or([_a(choice) for choice in item.choices])
        return f"the piece in hand becomes {choices}{lost} (each choice a move of its own)"

    def visit_create(self, item: Create) -> str:
        return f"a new {item.name} appears on the square (which must be empty)"

    def visit_handler(self, item: Handler) -> str:
        return f"custom handler {item.number} must accept"

    def visit_navigate(self, item: Navigate) -> str:
        path = " then ".join(self.nav(step) for step in item.path)
        if item.negated:
            return (f"unless there is no square one step {path}, it must not be so there that "
                    f"{self.items(item.items)}")
        return f"on the square one step {path} (without moving there): {self.items(item.items)}"

    @staticmethod
    def nav(step: NavStep) -> str:
        if step.group is not None:
            return _direction_variable(step.group, step.opposite)
        return DIRECTION_NAMES.get(step.letter or "", step.letter or "") + (" (east the mover's own right)" if step.own else "")


def describe(notation: Notation) -> str:
    """The notation in plain English.

    Top-level alternatives are listed one per line, numbered; anything else is one sentence.
    For ``(+)([p]\\1)*``: "step in any orthogonal direction (direction 1); then, any number of
    times: the square must be empty, then step in direction 1".
    """
    english = _English(notation)
    body = notation.body
    options = ways(body)
    if options:
        lines = [f"any of these {len(options)} ways:"]
        lines += [f"{number}. {english.node(option, top=True)}" for number, option in enumerate(options, 1)]
        return "\n".join(lines)
    return english.node(body, top=True)
